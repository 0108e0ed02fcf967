"""The sandbox's admin API over HTTP, with the standard library: a process's sessions and their controls.

Besides steering a session, a test can judge what its client did (`Session.expect()`, `behaviour()`):

    @pytest.mark.sandbox(scenarios=["bad-request"])
    def test_does_not_resend_a_400(sandbox_session):
        MyClient(sandbox_session.base_url, key="sbx_user_alpha").projects()   # answered 400
        sandbox_session.expect("/projects", after_status=400, count_max=0)    # not sent again
        verdicts = sandbox_session.behaviour()
        assert verdicts["summary"]["fail"] == 0, verdicts["rules"]
"""
import json
import os
import urllib.error
import urllib.parse
import urllib.request

TOKEN_HEADER = "X-Sandbox-Admin-Token"


class SandboxError(Exception):
    """The sandbox refused a call: its message and the mistakes it listed, as its envelope says them.

    `status` and `body` are the answer's; `fields` lists a body's mistakes as (field, message) pairs
    (a 400 `invalid_body`: `[("count.min", "min must not be more than max")]`), else it is empty.
    """

    def __init__(self, what, status, body):
        self.status = status
        self.body = body
        message = body.get("message") if isinstance(body, dict) else None
        errors = body.get("errors") if isinstance(body, dict) else None
        listed = errors.get("fields") if isinstance(errors, dict) else None
        self.fields = [(one.get("field"), one.get("message")) for one in listed or [] if isinstance(one, dict)]
        detail = errors.get("detail") if isinstance(errors, dict) else None
        said = f"{message or 'no message'}" + (f": {detail}" if detail else f" {json.dumps(errors)}" if errors else "")
        super().__init__(f"the sandbox refused {what}: {status} {said}")


def admin_url_of(base_url):
    """The admin API beside an API base URL: `…/api/v1/` becomes `…/__sandbox/` (a session's too)."""
    if not base_url.endswith("/api/v1/"):
        raise ValueError(f"not a sandbox API base URL (it ends in /api/v1/): {base_url}")
    return base_url[: -len("api/v1/")] + "__sandbox/"


def call(url, method="GET", body=None, token=None, what=None):
    """One admin call; its `data`. A refusal raises SandboxError with the sandbox's own message."""
    __tracebackhide__ = True  # pytest shows the test's line and the refusal, not this helper's code.
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data is not None else {}
    if token:
        headers[TOKEN_HEADER] = token
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response).get("data")
    except urllib.error.HTTPError as error:
        try:
            refused = json.load(error)
        except ValueError:
            refused = {"message": error.reason}
        raise SandboxError(what or f"{method} {url}", error.code, refused) from None


def describe_entry(entry):
    """One journal entry on one line: its id, time, method, path and query, status and error.

    Example:
        describe_entry(entry)   # '#2 2026-11-29T12:30:41.948Z GET /api/v1/projects 400 bad_request (key sbx_us…ha)'
    """
    target = entry.get("path", "") + (f"?{entry['query']}" if entry.get("query") else "")
    status = entry.get("status")
    said = [
        f"#{entry.get('id')}",
        str(entry.get("time")),
        str(entry.get("method")),
        target,
        "no answer" if status is None else str(status),
    ]
    if entry.get("error"):
        said.append(entry["error"])
    if entry.get("fault"):
        said.append(f"({entry['fault']})")
    if entry.get("key"):
        said.append(f"(key {entry['key']})")
    return " ".join(said)


class ExpectationFailed(AssertionError):
    """An expectation the sandbox judged not met (409 `expectation_failed`): what differed, and the
    requests it judged, each on a line of the message, so pytest shows them with the failure.

    `differences` (strings) and `entries` (journal entries, oldest first) are the sandbox's own.

    Example:
        with pytest.raises(ExpectationFailed) as failed:
            sandbox_session.expect("/projects", after_status=400, count_max=0)
        assert failed.value.differences == ["found 1 requests to /projects after a 400, expected at most 0"]
    """

    def __init__(self, expectation, differences, entries):
        self.expectation = expectation
        self.differences = list(differences)
        self.entries = list(entries)
        lines = [f"the expectation was not met: {json.dumps(expectation, ensure_ascii=False)}"]
        lines += [f"  {difference}" for difference in self.differences]
        lines.append("the requests judged:" if self.entries else "no requests were judged")
        lines += [f"  {describe_entry(entry)}" for entry in self.entries]
        super().__init__("\n".join(lines))


def expectation_body(path, key=None, count_min=None, count_max=None, after_status=None, min_gap_ms=None, min_gap=None):
    """The body of POST /__sandbox/expect from `expect()`'s arguments (those left None are left out).

    Example:
        expectation_body("/projects", count_max=3, after_status=503)
        # {'path': '/projects', 'count': {'max': 3}, 'after': {'status': 503}}
    """
    body = {"path": path}
    if key is not None:
        body["key"] = key
    count = {name: value for name, value in (("min", count_min), ("max", count_max)) if value is not None}
    if count:
        body["count"] = count
    if after_status is not None:
        body["after"] = {"status": after_status}
    if min_gap_ms is not None:
        body["min_gap_ms"] = min_gap_ms
    if min_gap is not None:
        body["min_gap"] = min_gap
    return body


def expect_at(admin_url, token, path, **expectation):
    """POST `admin_url`expect: the requests it matched, or ExpectationFailed (409); a body the
    sandbox cannot read is a SandboxError (400) whose `fields` name each mistake.

    Example:
        expect_at(session.admin_url, None, "/projects", after_status=503, count_max=3)
    """
    __tracebackhide__ = True  # pytest shows the test's line, not this helper's.
    body = expectation_body(path, **expectation)
    try:
        data = call(admin_url + "expect", "POST", body, token, "the expectation")
    except SandboxError as error:
        errors = error.body.get("errors") if isinstance(error.body, dict) else None
        if error.status != 409 or not isinstance(errors, dict):
            raise
        failed = ExpectationFailed(body, errors.get("differences") or [], errors.get("entries") or [])
    else:
        return data["matched"]
    raise failed


def behaviour_at(admin_url, token, scope, max_retries):
    """GET `admin_url`behaviour with `scope` and `max_retries` (None: the sandbox's default); its `data`.

    Example:
        behaviour_at(session.admin_url, None, "reset", 5)["summary"]   # {'pass': 1, 'fail': 0, 'not_exercised': 4}
    """
    given = {"scope": scope, "max_retries": max_retries}
    query = urllib.parse.urlencode({name: value for name, value in given.items() if value is not None})
    return call(admin_url + "behaviour" + (f"?{query}" if query else ""), token=token, what="the behaviour verdicts")


class Session:
    """A sandbox of the test's own inside the process: its own clock, scenarios, keys and journal.

    `base_url` is what the client under test gets (it ends in `/api/v1/`); `admin_url` steers it.
    `refused_url` (nothing listens) and `silent_url` (accepts, never answers) test the client's
    connect and read time-outs; ending the session closes what is open under `silent_url`.
    """

    def __init__(self, data, parent_admin_url, token=None):
        self.id = data["id"]
        self.base_url = data["base_url"]
        self.admin_url = data["admin_url"]
        self.refused_url = data.get("refused_url")
        self.silent_url = data.get("silent_url")
        self.label = data.get("label")
        self._parent_admin_url = parent_admin_url
        self._token = token

    def _call(self, path, method="GET", body=None):
        return call(self.admin_url + path, method, body, self._token, f"{method} {path}")

    def use_scenario(self, *scenarios):
        """Puts these scenarios (names, or scenario objects) in force in this session, replacing the others."""
        return self._call("scenario", "PUT", {"scenarios": list(scenarios)})

    def set_clock(self, now=None, advance=None):
        """Sets the session's clock to `now` (YYYY-MM-DD or an ISO time) or moves it by `advance` (P1D, PT2H)."""
        body = {"now": now} if now is not None else {"advance": advance}
        return self._call("clock", "PUT", body)

    def journal(self, **filters):
        """The session's requests, newest last; filters as the admin API's (key, status, path, since, limit)."""
        query = urllib.parse.urlencode({name: value for name, value in filters.items() if value is not None})
        return self._call("requests" + (f"?{query}" if query else ""))

    def coverage(self, scope="reset"):
        """The session's client report: the API's outcomes its requests met, and the warnings."""
        return self._call(f"coverage?scope={scope}")

    def behaviour(self, scope="reset", max_retries=None):
        """The verdicts on the client's behaviour in this session (GET behaviour): per rule (retry-after,
        bounded-retries, backoff, no-retry-on-4xx, dead-key, gives-up, fresh-connection) `pass`, `fail` with the requests that
        broke it, or `not-exercised` with the scenario that would; `max_retries` for bounded-retries
        (the sandbox's default: 3). The envelope's `data`: `summary`, `rules`, `judged`, …

        Example:
            verdicts = sandbox_session.behaviour()
            retry_after = next(rule for rule in verdicts["rules"] if rule["rule"] == "retry-after")
            assert retry_after["verdict"] == "pass", retry_after["keys"]
        """
        return behaviour_at(self.admin_url, self._token, scope, max_retries)

    def expect(self, path, *, key=None, count_min=None, count_max=None, after_status=None, min_gap_ms=None, min_gap=None):
        """Checks what the test expects of its client's requests to `path` in this session (POST expect):
        only those that sent `key` (whole, as sent), where given; after the first answered
        `after_status`, where given; at least `count_min` and at most `count_max` of them; each at
        least `min_gap_ms` after the one before, or (`min_gap="retry-after"`) no earlier than the
        Retry-After of the one before. In the body: `key`, `count.min`, `count.max`, `after.status`,
        `min_gap_ms`, `min_gap`, as a 400 names them.

        Returns the journal entries it counted, oldest first. Not met: raises ExpectationFailed (an
        AssertionError) listing what differed and the requests judged. A value the sandbox cannot
        read (`count_min` over `count_max`, a path the API does not have): SandboxError, 400.

        Example:
            @pytest.mark.sandbox(scenarios=["server-error"])
            def test_retries_twice_at_most(sandbox_session):
                MyClient(sandbox_session.base_url, key="sbx_user_alpha").projects()
                sandbox_session.expect("/projects", after_status=500, count_max=2, min_gap_ms=100)
        """
        __tracebackhide__ = True  # pytest shows the test's line, not this helper's.
        return expect_at(
            self.admin_url,
            self._token,
            path,
            key=key,
            count_min=count_min,
            count_max=count_max,
            after_status=after_status,
            min_gap_ms=min_gap_ms,
            min_gap=min_gap,
        )

    def reset(self):
        """Back to how the session started: its data, clock, scenarios and journal."""
        return self._call("reset", "POST", {})

    def close(self):
        """Ends the session (a session already gone is fine)."""
        try:
            call(self._parent_admin_url + f"sessions/{self.id}", "DELETE", None, self._token, "ending the session")
        except SandboxError as error:
            if error.status != 404:
                raise


class Sandbox:
    """A running sandbox process (or the one ANALYTICS_SANDBOX_URL names): its API and admin URLs."""

    def __init__(self, url, token=None, process=None):
        self.url = url
        self.admin_url = admin_url_of(url)
        self.token = token
        self.process = process

    def session(self, **options):
        """A new session: options as POST /__sandbox/sessions takes them (scenarios, now, seed, strict, label)."""
        body = {name: value for name, value in options.items() if value is not None}
        data = call(self.admin_url + "sessions", "POST", body, self.token, "the session")
        return Session(data, self.admin_url, self.token)

    def coverage(self, scope="suite"):
        """The client report of everything this sandbox answered (`suite`: every session, ended ones too)."""
        return call(self.admin_url + f"coverage?scope={scope}", token=self.token, what="the client report")

    def behaviour(self, scope="suite", max_retries=None):
        """The verdicts on the behaviour of every client this sandbox answered (`suite`: every session,
        ended ones too; each key's verdict names its session), as `Session.behaviour()` gives them.

        Example:
            assert analytics_sandbox.behaviour()["summary"]["fail"] == 0
        """
        return behaviour_at(self.admin_url, self.token, scope, max_retries)

    def expect(self, path, *, key=None, count_min=None, count_max=None, after_status=None, min_gap_ms=None, min_gap=None):
        """`Session.expect()` against the requests sent to this sandbox's own URL (not its sessions').

        Example:
            analytics_sandbox.expect("/validate", count_min=1)
        """
        __tracebackhide__ = True  # pytest shows the test's line, not this helper's.
        return expect_at(
            self.admin_url,
            self.token,
            path,
            key=key,
            count_min=count_min,
            count_max=count_max,
            after_status=after_status,
            min_gap_ms=min_gap_ms,
            min_gap=min_gap,
        )


MUTATION_ENV = "ANALYTICS_SANDBOX_MUTATION"
VARIANT_PREFIX = "variant-"


def under_variant():
    """The variant a `mutate` run has this test run under (ANALYTICS_SANDBOX_MUTATION names one, such
    as `variant-large`), else None. A variant changes the documented data within the contract, so a
    test that pins documented values (ids, names) leaves those pins out under one.

    Example:
        if under_variant() is None:
            assert ids == [101, 102, 103]   # a value pin
        assert all(isinstance(i, int) for i in ids)   # what holds under every variant
    """
    chosen = os.environ.get(MUTATION_ENV, "").strip()
    return chosen if chosen.startswith(VARIANT_PREFIX) else None
