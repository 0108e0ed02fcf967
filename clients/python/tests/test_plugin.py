"""The plugin as a suite uses it: each test here runs a small suite in a pytest of its own (pytester)
against the sandbox program ANALYTICS_SANDBOX_BIN names (CI: the single executable) or one found."""
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree

import pytest
from conftest import PLUGIN_ARGS

from pytest_analytics_sandbox import SandboxProcess, find_program

HELPERS = '''
import json, urllib.error, urllib.request
import pytest

def get(session, path, key="sbx_user_alpha"):
    request = urllib.request.Request(session.base_url + path, headers={"X-API-Key": key})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)
'''


def run(pytester, source, *args, env=None):
    """Runs `source` (after the helpers) as a test file in a pytest of its own; its result."""
    pytester.makepyfile(test_suite=HELPERS + source)
    saved = {name: os.environ.get(name) for name in (env or {})}
    os.environ.update({name: value for name, value in (env or {}).items() if value is not None})
    for name, value in (env or {}).items():
        if value is None:
            os.environ.pop(name, None)
    try:
        return pytester.runpytest_subprocess(*PLUGIN_ARGS, "-p", "no:cacheprovider", *args, timeout=120)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def test_each_test_gets_a_session_of_its_own_ended_at_teardown(pytester):
    result = run(
        pytester,
        '''
ids = []

def test_one(sandbox_session, analytics_sandbox):
    ids.append(sandbox_session.id)
    sandbox_session.use_scenario("expired-keys")
    assert get(sandbox_session, "validate")[0] == 401

def test_two(sandbox_session, analytics_sandbox):
    ids.append(sandbox_session.id)
    assert get(sandbox_session, "validate")[0] == 200
    assert sandbox_session.base_url.endswith(f"/sessions/{sandbox_session.id}/api/v1/")

def test_the_sessions_before_were_ended(analytics_sandbox):
    with urllib.request.urlopen(analytics_sandbox.admin_url + "sessions") as response:
        live = [session["id"] for session in json.load(response)["data"]["sessions"]]
    assert len(set(ids)) == 2 and not set(ids) & set(live)
''',
    )
    result.assert_outcomes(passed=3)


def test_the_marker_sets_scenarios_clock_seed_and_strict_mode(pytester):
    result = run(
        pytester,
        '''
@pytest.mark.sandbox(scenarios=["fail-once"], now="2026-01-15", seed=7, strict=True, label="marked")
def test_marked(sandbox_session):
    assert get(sandbox_session, "projects")[0] == 500
    assert get(sandbox_session, "projects")[0] == 200
    with urllib.request.urlopen(sandbox_session.admin_url + "clock") as response:
        assert json.load(response)["data"]["now"].startswith("2026-01-15")
    assert sandbox_session.label == "marked"

@pytest.mark.sandbox(now="2026-01-15", seed=7)
def test_same_seed_same_answer(sandbox_session):
    assert get(sandbox_session, "monitoring", "sbx_project_101")[0] == 200

def test_labelled_with_its_test_id(sandbox_session):
    assert sandbox_session.label.endswith("test_suite.py::test_labelled_with_its_test_id")
''',
    )
    result.assert_outcomes(passed=3)


def test_a_session_is_steered_and_read_through_its_methods(pytester):
    result = run(
        pytester,
        '''
def test_steered(sandbox_session):
    sandbox_session.set_clock(now="2026-02-01")
    sandbox_session.set_clock(advance="P1D")
    with urllib.request.urlopen(sandbox_session.admin_url + "clock") as response:
        assert json.load(response)["data"]["now"].startswith("2026-02-02")
    get(sandbox_session, "validate")
    get(sandbox_session, "validate", "sbx_user_expired")
    assert [entry["status"] for entry in sandbox_session.journal()["requests"]] == [200, 401]
    assert [entry["status"] for entry in sandbox_session.journal(status=401)["requests"]] == [401]
    assert sandbox_session.coverage()["outcomes"]
    sandbox_session.reset()
    assert sandbox_session.journal()["requests"] == []
''',
    )
    result.assert_outcomes(passed=1)


BEHAVIOUR_CLIENTS = '''
import time
from pytest_analytics_sandbox import ExpectationFailed, SandboxError

UNAVAILABLE_FOR_A_SECOND = {
    "name": "unavailable-a-second",
    "description": "Every request is refused with 503 and Retry-After: 1",
    "rules": [{"fail": {"status": 503, "retryAfter": 1}}],
}

def fetch(session, path, key="sbx_user_alpha", scenario=None):
    """One request; its status and Retry-After (None where the answer has none)."""
    headers = {"X-API-Key": key, **({"X-Sandbox-Scenario": scenario} if scenario else {})}
    request = urllib.request.Request(session.base_url + path, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.headers.get("Retry-After")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Retry-After")

def projects(session, obeys_retry_after, key="sbx_user_alpha"):
    """A client that retries /projects once after a 503: after its Retry-After, or at once."""
    status, retry_after = fetch(session, "projects", key)
    if status == 503:
        if obeys_retry_after:
            time.sleep(float(retry_after))
        status, retry_after = fetch(session, "projects", key)
    return status

def rule(verdicts, name):
    return next(verdict for verdict in verdicts["rules"] if verdict["rule"] == name)
'''


def test_expect_and_behaviour_pass_a_client_that_keeps_a_rule_and_fail_one_that_breaks_it(pytester):
    result = run(
        pytester,
        BEHAVIOUR_CLIENTS
        + '''
def test_waits_as_retry_after_says(sandbox_session):
    sandbox_session.use_scenario(UNAVAILABLE_FOR_A_SECOND)
    assert projects(sandbox_session, obeys_retry_after=True) == 503
    matched = sandbox_session.expect("/projects", after_status=503, count_min=1, count_max=1, min_gap="retry-after")
    assert [entry["status"] for entry in matched] == [503]
    verdict = rule(sandbox_session.behaviour(), "retry-after")
    assert verdict["verdict"] == "pass", verdict

def test_comes_back_at_once(sandbox_session):
    sandbox_session.use_scenario(UNAVAILABLE_FOR_A_SECOND)
    projects(sandbox_session, obeys_retry_after=False)
    with pytest.raises(ExpectationFailed) as failed:
        sandbox_session.expect("/projects", after_status=503, min_gap="retry-after")
    assert failed.value.differences[0].endswith("expected at least 1000 ms")
    assert [entry["status"] for entry in failed.value.entries] == [503, 503]
    assert "GET /api/v1/projects 503" in str(failed.value)
    verdict = rule(sandbox_session.behaviour(), "retry-after")
    assert verdict["verdict"] == "fail"
    [failure] = verdict["keys"][0]["failures"]
    assert failure["wanted_ms"] == 1000 and failure["gap_ms"] < 1000
    assert [entry["status"] for entry in failure["entries"]] == [503, 503]

def test_does_not_resend_a_400(sandbox_session):
    assert fetch(sandbox_session, "projects", scenario="bad-request")[0] == 400
    assert sandbox_session.expect("projects", after_status=400, count_max=0) == []
    assert rule(sandbox_session.behaviour(), "no-retry-on-4xx")["verdict"] == "pass"

def test_resends_a_400_unchanged(sandbox_session):
    for attempt in range(2):
        fetch(sandbox_session, "projects", scenario="bad-request")
    verdicts = sandbox_session.behaviour(max_retries=0)
    assert verdicts["max_retries"] == 0
    verdict = rule(verdicts, "no-retry-on-4xx")
    assert verdict["verdict"] == "fail"
    assert [entry["status"] for entry in verdict["keys"][0]["failures"][0]["entries"]] == [400, 400]
    sandbox_session.expect("/projects", key="sbx_user_alpha", after_status=400, count_max=0)

def test_an_expectation_it_cannot_read_names_the_field(sandbox_session):
    with pytest.raises(SandboxError) as refused:
        sandbox_session.expect("/projects", count_min=3, count_max=1)
    assert refused.value.status == 400
    assert [field for field, _ in refused.value.fields] == ["count.min"]
    assert "count.min: min must not be more than max" in str(refused.value)

def test_the_sandbox_judges_every_session(analytics_sandbox):
    verdicts = analytics_sandbox.behaviour()
    assert verdicts["scope"] == "suite" and len(verdicts["rules"]) == 7
''',
    )
    # The client that resends a 400 fails its test with what differed and the requests, as pytest shows them.
    result.assert_outcomes(passed=5, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_resends_a_400_unchanged*",
            "E * the expectation was not met: {*\"path\": \"/projects\"*",
            "E *   found 1 requests to /projects with that key after a 400, expected at most 0",
            "E * the requests judged:",
            "E *   #1 * GET /api/v1/projects 400 bad_request (key sbx_us*ha)",
            "E *   #2 * GET /api/v1/projects 400 bad_request (key sbx_us*ha)",
        ]
    )
    # The helper's own frames are hidden: the failure points at the test's line.
    result.stdout.no_fnmatch_line("*sandbox.py:*")
    result.stdout.no_fnmatch_line("*During handling*")


def test_a_session_gives_an_address_that_refuses_and_one_that_never_answers(pytester):
    result = run(
        pytester,
        """
import socket

def test_refused(sandbox_session):
    with pytest.raises(urllib.error.URLError) as caught:
        urllib.request.urlopen(sandbox_session.refused_url + "projects", timeout=5)
    assert isinstance(caught.value.reason, ConnectionRefusedError)

def test_silent(sandbox_session):
    with pytest.raises((TimeoutError, socket.timeout, urllib.error.URLError)):
        urllib.request.urlopen(sandbox_session.silent_url + "projects", timeout=0.3)
""",
    )
    result.assert_outcomes(passed=2)


def test_an_unknown_marker_argument_fails_the_test_with_one_line(pytester):
    result = run(
        pytester,
        '''
@pytest.mark.sandbox(scenario=["fail-once"])
def test_misspelt(sandbox_session):
    pass
''',
    )
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(["*@pytest.mark.sandbox got an unknown argument 'scenario' (it takes scenarios, now, seed, strict, label)*"])
    result.stdout.no_fnmatch_line("*plugin.py*")


def test_a_scenario_that_does_not_exist_shows_the_sessions_refusal(pytester):
    result = run(
        pytester,
        '''
@pytest.mark.sandbox(scenarios=["no-such-scenario"])
def test_unknown(sandbox_session):
    pass
''',
    )
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines(['*the sandbox refused the session: 400 *Unknown scenario "no-such-scenario"*'])
    result.stdout.no_fnmatch_line("*Traceback*")
    result.stdout.no_fnmatch_line("*During handling*")


def test_sandbox_report_writes_the_runs_client_report_as_junit(pytester):
    report = pytester.path / "report.xml"
    result = run(
        pytester,
        '''
def test_one(sandbox_session):
    assert get(sandbox_session, "validate")[0] == 200

def test_two(sandbox_session):
    assert get(sandbox_session, "projects", "sbx_user_expired")[0] == 401
''',
        f"--sandbox-report={report}",
    )
    result.assert_outcomes(passed=2)
    root = ElementTree.parse(report).getroot()
    assert root.tag == "testsuites"
    met = [case.get("name") for case in root.iter("testcase") if case.find("skipped") is None and case.find("failure") is None]
    assert any("validate.200" in name for name in met)
    assert any("projects.401" in name for name in met)


def test_analytics_sandbox_url_is_used_when_set_and_no_process_is_started(pytester):
    process = SandboxProcess(find_program(os.getcwd()))
    try:
        result = run(
            pytester,
            f'''
def test_given(analytics_sandbox, sandbox_session):
    assert analytics_sandbox.process is None
    assert analytics_sandbox.url == {process.url!r}
    assert sandbox_session.base_url.startswith({process.url.replace("/api/v1/", "/sessions/")!r})
''',
            env={"ANALYTICS_SANDBOX_URL": process.url},
        )
    finally:
        process.stop()
    result.assert_outcomes(passed=1)


@pytest.mark.parametrize(
    ("program", "said"),
    [
        ("/no/such/program", "ANALYTICS_SANDBOX_BIN names nothing: /no/such/program"),
        ("/bin/true", "/bin/true --port 0 --exit-with-parent exited with code 0 before its ready line"),
        ("/tmp", "ANALYTICS_SANDBOX_BIN names a folder, not the sandbox program: /tmp"),
    ],
)
def test_a_program_that_is_not_the_sandbox_fails_the_run_with_one_message(pytester, program, said):
    result = run(
        pytester,
        "def test_any(sandbox_session):\n    pass\n\ndef test_other(sandbox_session):\n    pass\n",
        env={"ANALYTICS_SANDBOX_BIN": program},
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    # The first test fails with the cause, and the run stops there: the other would fail alike.
    result.assert_outcomes(errors=1)
    result.stdout.fnmatch_lines([f"analytics-sandbox: {said}*", f"!* analytics-sandbox: {said}* !*"])
    result.stdout.no_fnmatch_line("*Traceback*")
    result.stdout.no_fnmatch_line("*_pytest*")


def test_a_ready_line_that_never_comes_fails_the_run_and_leaves_no_process(pytester, tmp_path):
    pid_file = tmp_path / "pid"
    silent = tmp_path / "silent.sh"
    silent.write_text(f"#!/bin/sh\nsleep 300 &\necho $! > {pid_file}\nwait\n")
    silent.chmod(0o755)
    result = run(
        pytester,
        "def test_any(sandbox_session):\n    pass\n",
        env={"ANALYTICS_SANDBOX_BIN": str(silent), "ANALYTICS_SANDBOX_READY_TIMEOUT": "1"},
    )
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines([f"*analytics-sandbox: {silent} --port 0 --exit-with-parent printed no ready line within 1 s*"])
    left = int(pid_file.read_text())
    time.sleep(0.2)
    assert not alive(left)


def alive(pid):
    """Whether `pid` runs (a zombie waiting for its reaper does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


SUITE_UNDER_A_RUN = '''
def test_lists_projects(sandbox_session):
    status, body = get(sandbox_session, "projects")
    assert status == 200 and body["data"]["total"] == len(body["data"]["projects"])

@pytest.mark.sandbox(scenarios=["expired-keys"])
def test_refuses_an_expired_key(sandbox_session):
    assert get(sandbox_session, "validate")[0] == 401
'''


def run_under(pytester, *command_before):
    """The bin's `command_before -- python -m pytest <suite>`: its exit code and output."""
    suite = pytester.makepyfile(test_under_run=HELPERS + SUITE_UNDER_A_RUN)
    pytest_command = [sys.executable, "-m", "pytest", *PLUGIN_ARGS, "-q", "-p", "no:cacheprovider", str(suite)]
    env = {name: value for name, value in os.environ.items() if name != "ANALYTICS_SANDBOX_URL"}
    done = subprocess.run(
        [find_program(os.getcwd()), *command_before, "--", *pytest_command], capture_output=True, text=True, env=env, timeout=300
    )
    return done.returncode, done.stdout + done.stderr


def test_a_suite_runs_unchanged_under_report(pytester):
    report = pytester.path / "report.json"
    code, output = run_under(pytester, "report", "--format", "json", "--out", str(report))
    assert code == 0, output
    met = {outcome["id"] for outcome in json.loads(report.read_text())["outcomes"] if outcome["seen"] > 0}
    assert "projects.200.user" in met
    assert any(name.startswith("validate.401") for name in met), met


def test_a_suite_runs_unchanged_under_mutate(pytester):
    report = pytester.path / "mutate.json"
    code, output = run_under(pytester, "mutate", "--format", "json", "--out", str(report), "--only", "drop:projects:data.total")
    assert code == 0, output
    verdicts = {run["id"]: run["verdict"] for run in json.loads(report.read_text())["runs"]}
    assert verdicts == {"drop:projects:data.total": "noticed"}


def test_under_variant_names_the_variant_a_mutate_run_has_the_tests_under(monkeypatch):
    from pytest_analytics_sandbox import under_variant

    monkeypatch.delenv("ANALYTICS_SANDBOX_MUTATION", raising=False)
    assert under_variant() is None
    monkeypatch.setenv("ANALYTICS_SANDBOX_MUTATION", "variant-large")
    assert under_variant() == "variant-large"
    monkeypatch.setenv("ANALYTICS_SANDBOX_MUTATION", "drop:projects:data.total")
    assert under_variant() is None
