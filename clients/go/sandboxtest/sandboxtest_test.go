package sandboxtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestMain(m *testing.M) { os.Exit(Run(m)) }

func get(t *testing.T, s *Sandbox, path, key string) (int, map[string]interface{}) {
	t.Helper()
	request, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
	request.Header.Set("X-API-Key", key)
	response, err := http.DefaultClient.Do(request)
	if err != nil {
		t.Fatal(err)
	}
	defer response.Body.Close()
	var body map[string]interface{}
	_ = json.NewDecoder(response.Body).Decode(&body)
	return response.StatusCode, body
}

func TestEachTestGetsASessionOfItsOwnEndedAtCleanup(t *testing.T) {
	var first *Sandbox
	t.Run("one", func(t *testing.T) {
		first = New(t, Scenarios("expired-keys"))
		if status, _ := get(t, first, "validate", "sbx_user_alpha"); status != 401 {
			t.Fatalf("expired-keys: got %d", status)
		}
	})
	t.Run("two", func(t *testing.T) {
		s := New(t)
		if s.ID == first.ID || !strings.HasSuffix(s.URL, "/sessions/"+s.ID+"/api/v1/") {
			t.Fatalf("not a session of its own: %+v", s)
		}
		if status, _ := get(t, s, "validate", "sbx_user_alpha"); status != 200 {
			t.Fatalf("got %d", status)
		}
	})
	if err := call(http.MethodGet, first.AdminURL+"clock", nil, "the ended session", nil); err == nil {
		t.Fatal("the first test's session was not ended")
	}
}

func TestTheOptionsSetScenariosClockSeedAndStrictMode(t *testing.T) {
	s := New(t, Scenarios("fail-once"), Now("2026-01-15"), Seed(7), Strict(true), Label("go"))
	if status, _ := get(t, s, "projects", "sbx_user_alpha"); status != 500 {
		t.Fatalf("fail-once: first got %d", status)
	}
	if status, _ := get(t, s, "projects", "sbx_user_alpha"); status != 200 {
		t.Fatalf("fail-once: second got %d", status)
	}
	var clock struct {
		Now string `json:"now"`
	}
	if err := call(http.MethodGet, s.AdminURL+"clock", nil, "clock", &clock); err != nil || !strings.HasPrefix(clock.Now, "2026-01-15") {
		t.Fatalf("clock %q, %v", clock.Now, err)
	}
}

func TestASessionIsSteeredAndReadThroughItsMethods(t *testing.T) {
	s := New(t)
	if err := s.UseScenario("expired-keys"); err != nil {
		t.Fatal(err)
	}
	get(t, s, "validate", "sbx_user_alpha")
	if err := s.UseScenario(); err != nil {
		t.Fatal(err)
	}
	get(t, s, "validate", "sbx_user_alpha")
	if err := s.SetClock("2026-02-01"); err != nil {
		t.Fatal(err)
	}
	entries, err := s.Journal()
	if err != nil || len(entries) != 2 || entries[0].Status != 401 || entries[1].Status != 200 || entries[0].Path != "/api/v1/validate" {
		t.Fatalf("journal %+v, %v", entries, err)
	}
}

// recorder stands in for a test to see how New fails it.
type recorder struct {
	testing.TB
	failed string
}

func (r *recorder) Fatalf(format string, args ...interface{}) {
	r.failed = fmt.Sprintf(format, args...)
	panic(r)
}

func TestAScenarioThatDoesNotExistFailsTheTestWithTheSessionsRefusal(t *testing.T) {
	r := &recorder{TB: t}
	func() {
		defer func() { _ = recover() }()
		New(r, Scenarios("no-such-scenario"))
	}()
	if !strings.HasPrefix(r.failed, "the sandbox refused the session: 400 ") || !strings.Contains(r.failed, `Unknown scenario "no-such-scenario"`) {
		t.Fatalf("failed with %q", r.failed)
	}
}

// The helper's failures to start are seen from a test binary of their own: this one, run again.
const childEnv = "SANDBOXTEST_CHILD"

func TestChildStartsASandbox(t *testing.T) {
	if os.Getenv(childEnv) == "" {
		t.Skip("run by the tests below")
	}
	s := New(t)
	if _, body := get(t, s, "validate", "sbx_user_alpha"); body["data"].(map[string]interface{})["valid"] != true {
		t.Fatalf("not valid: %v", body)
	}
}

func runChild(t *testing.T, env ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestChildStartsASandbox$", "-test.v")
	cmd.Env = append(append(os.Environ(), childEnv+"=1", URLEnv+"="), env...)
	output, err := cmd.CombinedOutput()
	return string(output), err
}

func TestAProgramThatIsNotTheSandboxFailsTheTestWithOneMessage(t *testing.T) {
	for program, said := range map[string]string{
		"/no/such/program": "analytics-sandbox: ANALYTICS_SANDBOX_BIN names nothing: /no/such/program",
		"/bin/true":        "analytics-sandbox: /bin/true --port 0 --exit-with-parent exited with code 0 before its ready line: nothing on stderr",
		"/tmp":             "analytics-sandbox: ANALYTICS_SANDBOX_BIN names a folder, not the sandbox program: /tmp",
	} {
		output, err := runChild(t, BinEnv+"="+program)
		if err == nil || !strings.Contains(output, said) || strings.Contains(output, "goroutine") {
			t.Fatalf("%s: %v\n%s", program, err, output)
		}
	}
}

func TestAReadyLineThatNeverComesFailsTheTestAndLeavesNoProcess(t *testing.T) {
	folder := t.TempDir()
	pidFile := filepath.Join(folder, "pid")
	silent := filepath.Join(folder, "silent.sh")
	script := "#!/bin/sh\nsleep 300 &\necho $! > " + pidFile + "\nwait\n"
	if err := os.WriteFile(silent, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	output, err := runChild(t, BinEnv+"="+silent, ReadyTimeoutEnv+"=1")
	if err == nil || !strings.Contains(output, silent+" --port 0 --exit-with-parent printed no ready line within 1s") {
		t.Fatalf("%v\n%s", err, output)
	}
	text, _ := os.ReadFile(pidFile)
	pid, _ := strconv.Atoi(strings.TrimSpace(string(text)))
	time.Sleep(200 * time.Millisecond)
	if stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		fields := strings.Fields(string(stat[strings.LastIndex(string(stat), ")")+1:]))
		if len(fields) > 0 && fields[0] != "Z" {
			t.Fatalf("the script's child %d still runs", pid)
		}
	}
}

// underRun runs the sandbox program's command (report or mutate) over this test binary's child test;
// the JSON it wrote.
func underRun(t *testing.T, out interface{}, command ...string) {
	t.Helper()
	program, err := findProgram()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "out.json")
	args := append(append([]string{}, command...), "--format", "json", "--out", file, "--", os.Args[0], "-test.run", "^TestChildStartsASandbox$")
	cmd := exec.Command(program, args...)
	cmd.Env = append(os.Environ(), childEnv+"=1")
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, output)
	}
	text, _ := os.ReadFile(file)
	if err := json.Unmarshal(text, out); err != nil {
		t.Fatalf("%v: %s", err, text)
	}
}

func TestATestBinaryRunsUnchangedUnderReport(t *testing.T) {
	var report struct {
		Outcomes []struct {
			ID   string `json:"id"`
			Seen int    `json:"seen"`
		} `json:"outcomes"`
	}
	underRun(t, &report, "report")
	for _, outcome := range report.Outcomes {
		if outcome.ID == "validate.200.user" && outcome.Seen > 0 {
			return
		}
	}
	t.Fatalf("validate.200.user not met: %+v", report.Outcomes)
}

func TestATestBinaryRunsUnchangedUnderMutate(t *testing.T) {
	var report struct {
		Runs []struct {
			ID      string `json:"id"`
			Verdict string `json:"verdict"`
		} `json:"runs"`
	}
	underRun(t, &report, "mutate", "--only", "drop:validate:data.valid")
	if len(report.Runs) != 1 || report.Runs[0].Verdict != "noticed" {
		t.Fatalf("runs %+v", report.Runs)
	}
}

func TestUnderVariantNamesTheVariantAMutateRunHasTheTestsUnder(t *testing.T) {
	for value, want := range map[string]string{"": "", "variant-large": "variant-large", "drop:projects:data.total": ""} {
		t.Setenv(MutationEnv, value)
		if got := UnderVariant(); got != want {
			t.Fatalf("%q: got %q, want %q", value, got, want)
		}
	}
}
