"""Run analytics-sandbox from a Python test harness, standard library only.

start_sandbox() starts `npx analytics-sandbox` on a free port, waits for its ready line and returns
the process and the API's base URL. --exit-with-parent makes the sandbox stop when this Python
process ends, even when it is killed; --log none makes the ready line its only output, so nothing
needs to read its stdout afterwards. call() sends any request and returns (status, envelope),
errors included.

    python3 sandbox_harness.py          # start, list the projects of sbx_user_alpha, stop
    python3 sandbox_harness.py --hold   # start, print the base URL, wait until killed
"""
import json
import re
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

READY = re.compile(r"listening on (http://\S+)")


def start_sandbox(*flags, command=("npx", "--no-install", "analytics-sandbox"), timeout=30):
    """Starts the sandbox; returns (process, base URL ending in /api/v1/)."""
    process = subprocess.Popen(
        [*command, "--port", "0", "--log", "none", "--exit-with-parent", *flags],
        stdout=subprocess.PIPE,
        text=True,
    )
    # readline() returns at the ready line, or "" if the sandbox exits first; the timer bounds a hang.
    timer = threading.Timer(timeout, process.kill)
    timer.start()
    line = process.stdout.readline()
    timer.cancel()
    match = READY.search(line)
    if match is None:
        process.kill()
        raise RuntimeError(f"analytics-sandbox did not start (exit code {process.wait()}): {line!r}")
    return process, match.group(1)


def stop_sandbox(process):
    """Stops it: SIGTERM, to npx as well, which --exit-with-parent turns into a clean stop."""
    process.terminate()
    process.wait(timeout=10)


def call(url, method="GET", body=None, headers=None):
    """Any request; returns (status, envelope). Errors are answers too: the envelope says why."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


def get(base, path, key):
    request = urllib.request.Request(base + path, headers={"X-API-Key": key})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.load(response)


if __name__ == "__main__":
    sandbox, base = start_sandbox()
    print(base, flush=True)
    if "--hold" in sys.argv:
        while True:
            time.sleep(1)
    projects = get(base, "projects", "sbx_user_alpha")["data"]["projects"]
    print(f"{len(projects)} projects: {', '.join(project['name'] for project in projects)}", flush=True)
    stop_sandbox(sandbox)
