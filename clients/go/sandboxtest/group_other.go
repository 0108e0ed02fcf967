//go:build !unix

package sandboxtest

import "os/exec"

// ownGroup leaves the program in the test binary's group where there are no Unix process groups.
func ownGroup(cmd *exec.Cmd) {}

// stopGroup kills the program.
func stopGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
		_, _ = cmd.Process.Wait()
	}
}
