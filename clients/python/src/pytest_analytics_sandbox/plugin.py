"""The pytest plugin: one sandbox for the test run, a session of it per test.

Fixtures:
    analytics_sandbox  the run's sandbox (session scope): the process it started, or the one
                       ANALYTICS_SANDBOX_URL names (as `mutate` and `report --` set it).
    sandbox_session    a session per test, from `@pytest.mark.sandbox(...)`; ended at teardown.

Example:
    @pytest.mark.sandbox(scenarios=["fail-once"], now="2026-01-15")
    def test_retries_once(sandbox_session):
        client = MyClient(sandbox_session.base_url, key="sbx_user_alpha")
        assert client.projects()
        # The request that failed was sent again once, no sooner than 100 ms after (else ExpectationFailed).
        sandbox_session.expect("/projects", after_status=500, count_min=1, count_max=1, min_gap_ms=100)
"""
import os
import subprocess

import pytest

from .process import TOKEN_ENV, URL_ENV, CannotStart, SandboxProcess, find_program
from .sandbox import Sandbox, SandboxError

MARKER = "sandbox"
MARKER_ARGUMENTS = ("scenarios", "now", "seed", "strict", "label")
REPORT_OPTION = "--sandbox-report"
LABEL_CHARS = 200
"""A session's label at most (the admin API's limit): the test's id, cut from the left."""


def pytest_addoption(parser):
    group = parser.getgroup("analytics-sandbox")
    group.addoption(
        REPORT_OPTION,
        metavar="FILE.xml",
        default=None,
        help="write the client report of the whole run (every session) to FILE.xml as JUnit XML",
    )


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        f"{MARKER}(scenarios=None, now=None, seed=None, strict=None, label=None): "
        "the test's sandbox session (analytics-sandbox): scenarios in force, a frozen clock, a seed, strict mode",
    )


def _stop_run(request, message):
    """Fails the test that asked for the sandbox with one line (the cause and the command, no
    traceback of the helper) and stops the run there: every other test would fail alike."""
    said = f"analytics-sandbox: {message}"
    request.session.shouldfail = said
    pytest.fail(said, pytrace=False)


def _write_report(program, url, path, token):
    """The bin's own `report --format junit` of the whole run, written to `path`."""
    command = [program, "report", "--url", url, "--scope", "suite", "--format", "junit", "--out", path]
    env = dict(os.environ, **({TOKEN_ENV: token} if token else {}))
    done = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True, env=env, timeout=60)
    # 1 is the report's own verdict (coverage, warnings), written all the same; 2 and more: no report.
    if done.returncode > 1:
        raise CannotStart(f"{' '.join(command)} failed: {done.stderr.strip() or done.stdout.strip()}")


@pytest.fixture(scope="session")
def analytics_sandbox(request):
    """The run's sandbox: `url` (its API base, ending in /api/v1/), `admin_url`, `session(**options)`."""
    token = os.environ.get(TOKEN_ENV) or None
    report_path = request.config.getoption(REPORT_OPTION)
    given = os.environ.get(URL_ENV)
    process = None
    program = None
    try:
        if given:
            sandbox = Sandbox(given, token)
        else:
            program = find_program(str(request.config.rootpath))
            process = SandboxProcess(program)
            sandbox = Sandbox(process.url, token, process)
    except (CannotStart, ValueError) as error:
        cause = str(error)
    else:
        cause = None
    if cause is not None:
        _stop_run(request, cause)
    try:
        yield sandbox
        if report_path:
            _write_report(program or find_program(str(request.config.rootpath)), sandbox.url, report_path, token)
    except CannotStart as error:
        _stop_run(request, str(error))
    finally:
        if process is not None:
            process.stop()


def _marker_options(node):
    """The `sandbox` marker's arguments (the closest marker wins), checked against the ones it takes."""
    marker = node.get_closest_marker(MARKER)
    if marker is None:
        return {}
    if marker.args:
        pytest.fail(f"@pytest.mark.{MARKER} takes keyword arguments only ({', '.join(MARKER_ARGUMENTS)})", pytrace=False)
    unknown = sorted(set(marker.kwargs) - set(MARKER_ARGUMENTS))
    if unknown:
        pytest.fail(
            f"@pytest.mark.{MARKER} got an unknown argument {', '.join(map(repr, unknown))} "
            f"(it takes {', '.join(MARKER_ARGUMENTS)})",
            pytrace=False,
        )
    return dict(marker.kwargs)


@pytest.fixture
def sandbox_session(request, analytics_sandbox):
    """A session of the run's sandbox for this test: `base_url` for the client under test, `admin_url`,
    `use_scenario()`, `set_clock()`, `journal()`, `coverage()`, `behaviour()`, `expect()`, `reset()`;
    ended at teardown."""
    options = _marker_options(request.node)
    options.setdefault("label", request.node.nodeid[-LABEL_CHARS:])
    try:
        session = analytics_sandbox.session(**options)
    except SandboxError as error:
        refusal = str(error)
    else:
        refusal = None
    if refusal is not None:
        pytest.fail(refusal, pytrace=False)
    yield session
    session.close()
