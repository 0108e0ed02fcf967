"""A parallel-test workflow against analytics-sandbox, standard library only.

Starts the sandbox (sandbox_harness.start_sandbox), then, as a Python test suite would:
two accounts used in parallel, each failing exactly once under fail-once; a key revoked (401 at
once); a key that expires in an hour, refused after the clock moves on two hours; a project made
and its analytics on /monitoring; the journal filtered by one key; and a reset to the start state.

    python3 parallel_tests.py                   # runs npx analytics-sandbox
    ANALYTICS_SANDBOX_COMMAND="node dist/cli/main.cjs" python3 parallel_tests.py
"""
import os
import shlex
import sys
import urllib.parse
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sandbox_harness import call, start_sandbox, stop_sandbox  # noqa: E402


def main():
    command = shlex.split(os.environ.get("ANALYTICS_SANDBOX_COMMAND", "npx --no-install analytics-sandbox"))
    process, base = start_sandbox(command=command)
    admin = base.replace("/api/v1/", "/__sandbox/")
    try:
        api = lambda path, key, **more: call(base + path, headers={"X-API-Key": key, **more})

        # Two accounts, one per parallel test: fail-once fails each account's first request only.
        accounts = [call(admin + "accounts", "POST", {"projects": 1})[1]["data"] for _ in range(2)]

        def run(account):
            return [api("projects", account["user_key"], **{"X-Sandbox-Scenario": "fail-once"})[0] for _ in range(3)]

        with ThreadPoolExecutor(2) as pool:
            results = list(pool.map(run, accounts))
        assert results == [[500, 200, 200], [500, 200, 200]], results

        # Revoking a key refuses it at once.
        key = accounts[0]["user_key"]
        assert call(admin + "keys/" + urllib.parse.quote(key), "PATCH", {"revoked": True})[0] == 200
        assert api("validate", key)[0] == 401

        # A key that expires in an hour is refused once the clock has moved on two hours.
        assert call(admin + "clock", "PUT", {"now": "2026-06-01T09:00:00Z"})[0] == 200
        made = call(admin + "keys", "POST", {"level": "USER", "user_id": accounts[1]["user_id"], "expiry": "2026-06-01T10:00:00Z"})
        short = made[1]["data"]["key"]
        assert api("validate", short)[0] == 200
        assert call(admin + "clock", "PUT", {"advance": "PT2H"})[1]["data"]["now"] == "2026-06-01T11:00:00Z"
        assert api("validate", short)[0] == 401

        # A project made at run time has analytics on /monitoring.
        user_key = accounts[1]["user_key"]
        project = call(admin + "projects", "POST", {"user_id": accounts[1]["user_id"], "display_name": "From Python"})[1]["data"]
        status, monitoring = api("monitoring", user_key, **{"X-Project-ID": str(project["id"])})
        assert status == 200 and len(monitoring["data"]["visibility_score"]["history"]) == 30, monitoring["message"]

        # The journal, filtered by one test's own key.
        own = call(admin + "requests?" + urllib.parse.urlencode({"key": user_key}))[1]["data"]["requests"]
        assert own and all(entry["path"].startswith("/api/v1/") for entry in own)
        assert [entry["status"] for entry in own][:3] == [500, 200, 200], own

        # Back to the start state: the accounts are gone, the clock is back.
        assert call(admin + "reset", "POST")[0] == 200
        assert api("validate", user_key)[0] == 401
        assert call(admin + "keys")[1]["data"]["total"] == 6
        print("ok: parallel accounts, fail-once, revoke, expiry, clock, project, journal, reset")
    finally:
        stop_sandbox(process)


if __name__ == "__main__":
    main()
