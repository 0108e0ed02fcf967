"""Sixteen parallel workers against one analytics-sandbox process, each in its own session.

Starts the sandbox once (sandbox_harness.start_sandbox); then each worker, as a pytest-xdist or
Go t.Parallel() test would, makes a session (a whole sandbox at its own base URL), moves its own
clock, turns on its own scenario, makes its own account, and finds exactly its own requests in its
session's journal. Nothing one worker does is seen by another.

    python3 parallel_sessions.py                # runs npx analytics-sandbox
    ANALYTICS_SANDBOX_COMMAND="node dist/cli/main.cjs" python3 parallel_sessions.py
"""
import os
import shlex
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sandbox_harness import call, start_sandbox, stop_sandbox  # noqa: E402

WORKERS = 16


def worker(root_admin, number):
    """One test: its session, its clock, its scenario, its account, its journal."""
    status, made = call(root_admin + "sessions", "POST", {"label": f"worker {number}", "now": "2026-03-01T00:00:00Z"})
    assert status == 201, made
    session = made["data"]
    base, admin = session["base_url"], session["admin_url"]
    try:
        # Its own clock: each worker moves it by a different number of days.
        status, clock = call(admin + "clock", "PUT", {"advance": f"P{number + 1}D"})
        assert status == 200 and clock["data"]["today"] == f"2026-03-{number + 2:02d}", clock

        # Its own scenario: odd workers break their API, even ones do not.
        if number % 2 == 1:
            assert call(admin + "scenario", "PUT", {"scenarios": ["server-error"]})[0] == 200

        # Its own account, and requests with its key.
        account = call(admin + "accounts", "POST", {"projects": 1})[1]["data"]
        key = account["user_key"]
        statuses = [call(base + "projects", headers={"X-API-Key": key})[0] for _ in range(number % 3 + 1)]
        expected = 500 if number % 2 == 1 else 200
        assert statuses == [expected] * len(statuses), (number, statuses)

        # Its journal holds exactly its own requests: the count it made, with its key, nothing else.
        journal = call(admin + "requests")[1]["data"]
        assert journal["recorded"] == len(statuses), (number, journal["recorded"])
        assert all(entry["path"] == "/api/v1/projects" and entry["status"] == expected for entry in journal["requests"])
        return session["id"], clock["data"]["today"], journal["recorded"]
    finally:
        call(root_admin + f"sessions/{session['id']}", "DELETE")


def main():
    command = shlex.split(os.environ.get("ANALYTICS_SANDBOX_COMMAND", "npx --no-install analytics-sandbox"))
    process, base = start_sandbox(command=command)
    root_admin = base.replace("/api/v1/", "/__sandbox/")
    try:
        with ThreadPoolExecutor(WORKERS) as pool:
            results = list(pool.map(lambda number: worker(root_admin, number), range(WORKERS)))
        assert len({session_id for session_id, _, _ in results}) == WORKERS
        assert [today for _, today, _ in results] == [f"2026-03-{number + 2:02d}" for number in range(WORKERS)]

        # The process's own sandbox saw none of it: its journal is empty, its clock unmoved.
        assert call(root_admin + "requests")[1]["data"]["recorded"] == 0
        assert call(root_admin + "sessions")[1]["data"]["sessions"] == []
        print(f"ok: {WORKERS} parallel sessions, each with its own clock, scenario, account and journal")
    finally:
        stop_sandbox(process)


if __name__ == "__main__":
    main()
