package sandboxtest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The environment variables the helper reads.
const (
	// BinEnv names the sandbox program: the single executable or the npm bin.
	BinEnv = "ANALYTICS_SANDBOX_BIN"
	// URLEnv names a running sandbox's API base URL (as `mutate` and `report --` set it): no process is started.
	URLEnv = "ANALYTICS_SANDBOX_URL"
	// TokenEnv is the sandbox's admin token, where it has one.
	TokenEnv = "ANALYTICS_SANDBOX_ADMIN_TOKEN"
	// ReadyTimeoutEnv is the seconds to wait for the ready line (default 30).
	ReadyTimeoutEnv = "ANALYTICS_SANDBOX_READY_TIMEOUT"
)

const program = "analytics-sandbox"

var readyLine = regexp.MustCompile(`^analytics-sandbox \S+ listening on (http://\S+/api/v1/)\s*$`)

// stderrKept is how many bytes of the program's stderr are kept to say why it did not start.
const stderrKept = 4096

// findProgram is the sandbox's command: ANALYTICS_SANDBOX_BIN, else analytics-sandbox on the PATH,
// else a node_modules/.bin/analytics-sandbox in the working folder or one above it.
func findProgram() (string, error) {
	if named := os.Getenv(BinEnv); named != "" {
		info, err := os.Stat(named)
		if err != nil {
			return "", fmt.Errorf("%s names nothing: %s", BinEnv, named)
		}
		if info.IsDir() {
			return "", fmt.Errorf("%s names a folder, not the sandbox program: %s", BinEnv, named)
		}
		if info.Mode()&0o111 == 0 {
			return "", fmt.Errorf("%s names a file that cannot be run (not executable): %s", BinEnv, named)
		}
		return named, nil
	}
	if onPath, err := exec.LookPath(program); err == nil {
		return onPath, nil
	}
	start, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for folder := start; ; {
		candidate := filepath.Join(folder, "node_modules", ".bin", program)
		if info, err := os.Stat(candidate); err == nil && info.Mode()&0o111 != 0 {
			return candidate, nil
		}
		parent := filepath.Dir(folder)
		if parent == folder {
			return "", fmt.Errorf("no sandbox program found: set %s to the executable or the npm bin, put %s on the PATH, or install it in a node_modules above %s", BinEnv, program, start)
		}
		folder = parent
	}
}

// tail keeps the last bytes written to it.
type tail struct {
	mu   sync.Mutex
	kept []byte
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.kept = append(t.kept, p...)
	if len(t.kept) > stderrKept {
		t.kept = t.kept[len(t.kept)-stderrKept:]
	}
	return len(p), nil
}

func (t *tail) lastLine() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := strings.Split(strings.TrimSpace(string(t.kept)), "\n")
	if last := strings.TrimSpace(lines[len(lines)-1]); last != "" {
		return last
	}
	return "nothing on stderr"
}

// process is the sandbox started with --port 0 --exit-with-parent: it stops by itself when the test
// binary ends, and Run stops it at once.
type process struct {
	cmd *exec.Cmd
	url string
}

func readyTimeout() time.Duration {
	seconds, err := strconv.ParseFloat(os.Getenv(ReadyTimeoutEnv), 64)
	if err != nil || seconds <= 0 {
		seconds = 30
	}
	return time.Duration(seconds * float64(time.Second))
}

// startProcess starts the program and waits for its ready line; an error names the cause and the command.
func startProcess(path string) (*process, error) {
	args := []string{"--port", "0", "--exit-with-parent"}
	shown := strings.Join(append([]string{path}, args...), " ")
	cmd := exec.Command(path, args...)
	ownGroup(cmd)
	stderr := &tail{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("cannot run %s: %v", shown, unwrapExec(err))
	}
	found := make(chan string, 1)
	go func() {
		reader := bufio.NewReader(stdout)
		for {
			line, err := reader.ReadString('\n')
			if match := readyLine.FindStringSubmatch(line); match != nil {
				found <- match[1]
				// The request log is read to its end, so the program never waits on this pipe.
				_, _ = io.Copy(io.Discard, reader)
				return
			}
			if err != nil {
				close(found)
				return
			}
		}
	}()
	timer := time.NewTimer(readyTimeout())
	defer timer.Stop()
	select {
	case url, ok := <-found:
		if ok {
			return &process{cmd: cmd, url: url}, nil
		}
		_ = cmd.Wait()
		return nil, fmt.Errorf("%s exited with code %d before its ready line: %s", shown, cmd.ProcessState.ExitCode(), stderr.lastLine())
	case <-timer.C:
		stopGroup(cmd)
		return nil, fmt.Errorf("%s printed no ready line within %v (is it the sandbox?)", shown, readyTimeout())
	}
}

func unwrapExec(err error) error {
	if pathErr, ok := err.(*os.PathError); ok {
		return pathErr.Err
	}
	return err
}

func (p *process) stop() {
	stopGroup(p.cmd)
}

// The one sandbox of the test binary, started at the first New.
var (
	once    sync.Once
	shared  *process
	rootURL string
	failure error
)

// root is the API base URL of the run's sandbox: ANALYTICS_SANDBOX_URL, or the process started once.
func root() (string, error) {
	once.Do(func() {
		if given := os.Getenv(URLEnv); given != "" {
			rootURL = given
			return
		}
		path, err := findProgram()
		if err != nil {
			failure = err
			return
		}
		shared, failure = startProcess(path)
		if shared != nil {
			rootURL = shared.url
		}
	})
	return rootURL, failure
}
