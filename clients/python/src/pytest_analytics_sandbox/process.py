"""Finding the sandbox program, starting it on a free port and stopping it, with the standard library."""
import os
import re
import shutil
import signal
import subprocess
import threading
import time

BIN_ENV = "ANALYTICS_SANDBOX_BIN"
URL_ENV = "ANALYTICS_SANDBOX_URL"
TOKEN_ENV = "ANALYTICS_SANDBOX_ADMIN_TOKEN"
READY_TIMEOUT_ENV = "ANALYTICS_SANDBOX_READY_TIMEOUT"
"""Seconds to wait for the ready line (default 30)."""
PROGRAM = "analytics-sandbox"
READY_LINE = re.compile(r"^analytics-sandbox \S+ listening on (http://\S+/api/v1/)\s*$")
STDERR_KEPT = 4096
"""Bytes of the program's stderr kept to say why it did not start."""


class CannotStart(Exception):
    """The sandbox could not be started: one line naming the cause and the command."""


def find_program(start_folder):
    """The sandbox's command: ANALYTICS_SANDBOX_BIN, else `analytics-sandbox` on the PATH, else a
    node_modules/.bin/analytics-sandbox in `start_folder` or a folder above it."""
    named = os.environ.get(BIN_ENV)
    if named:
        if not os.path.exists(named):
            raise CannotStart(f"{BIN_ENV} names nothing: {named}")
        if os.path.isdir(named):
            raise CannotStart(f"{BIN_ENV} names a folder, not the sandbox program: {named}")
        if not os.access(named, os.X_OK):
            raise CannotStart(f"{BIN_ENV} names a file that cannot be run (not executable): {named}")
        return named
    on_path = shutil.which(PROGRAM)
    if on_path:
        return on_path
    folder = os.path.abspath(start_folder)
    while True:
        candidate = os.path.join(folder, "node_modules", ".bin", PROGRAM)
        if os.access(candidate, os.X_OK):
            return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            raise CannotStart(
                f"no sandbox program found: set {BIN_ENV} to the executable or the npm bin, "
                f"put {PROGRAM} on the PATH, or install it in a node_modules above {start_folder}"
            )
        folder = parent


def _last_line(text):
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "nothing on stderr"


class SandboxProcess:
    """The sandbox started with `--port 0 --exit-with-parent`, its URL read from its ready line.

    Its stdout is read to its end by a thread (the request log), its stderr's last bytes kept to say
    why it stopped. `stop()` ends it, SIGTERM then SIGKILL; nothing outlives the test run.
    """

    def __init__(self, program, extra_args=(), timeout=None):
        self.command = [program, "--port", "0", "--exit-with-parent", *extra_args]
        self.url = None
        limit = timeout if timeout is not None else float(os.environ.get(READY_TIMEOUT_ENV) or 30)
        self._stderr = b""
        self._ready = threading.Event()
        try:
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                # A group of its own: stop() ends whatever a wrapper script started too.
                start_new_session=True,
            )
        except OSError as error:
            raise CannotStart(f"cannot run {self._shown()}: {error.strerror or error}") from None
        threading.Thread(target=self._read_stdout, daemon=True).start()
        threading.Thread(target=self._read_stderr, daemon=True).start()
        deadline = time.monotonic() + limit
        while not self._ready.wait(0.02):
            if self.process.poll() is not None:
                self._ready.wait(0.2)
                if self.url:
                    break
                time.sleep(0.05)
                raise CannotStart(
                    f"{self._shown()} exited with code {self.process.returncode} before its ready line: "
                    f"{_last_line(self._stderr.decode('utf-8', 'replace'))}"
                )
            if time.monotonic() > deadline:
                self.stop()
                raise CannotStart(f"{self._shown()} printed no ready line within {limit:g} s (is it the sandbox?)")

    def _shown(self):
        return " ".join(self.command)

    def _read_stdout(self):
        for raw in iter(self.process.stdout.readline, b""):
            if self.url is None:
                match = READY_LINE.match(raw.decode("utf-8", "replace"))
                if match:
                    self.url = match.group(1)
                    self._ready.set()
        self.process.stdout.close()

    def _read_stderr(self):
        for chunk in iter(lambda: self.process.stderr.read1(1024), b""):
            self._stderr = (self._stderr + chunk)[-STDERR_KEPT:]
        self.process.stderr.close()

    def _signal_group(self, signal_number):
        try:
            os.killpg(self.process.pid, signal_number)
        except OSError:
            pass  # Gone already.

    def stop(self):
        """Ends the process and its group: SIGTERM, then SIGKILL after 5 s."""
        self._signal_group(signal.SIGTERM)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            pass
        self._signal_group(signal.SIGKILL)
        self.process.wait()
