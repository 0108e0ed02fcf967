//go:build unix

package sandboxtest

import (
	"os/exec"
	"syscall"
	"time"
)

// ownGroup starts the program in a process group of its own: stopGroup then ends whatever a wrapper
// script started too.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// stopGroup ends the program's group: SIGTERM, then SIGKILL after 5 s.
func stopGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	pid := cmd.Process.Pid
	_ = syscall.Kill(-pid, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		_, _ = cmd.Process.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	_ = syscall.Kill(-pid, syscall.SIGKILL)
}
