"""The sandbox's admin API over HTTP, with the standard library: a process's sessions and their controls."""
import json
import os
import urllib.error
import urllib.parse
import urllib.request

TOKEN_HEADER = "X-Sandbox-Admin-Token"


class SandboxError(Exception):
    """The sandbox refused a call: its message and the mistakes it listed, as its envelope says them."""

    def __init__(self, what, status, body):
        self.status = status
        self.body = body
        message = body.get("message") if isinstance(body, dict) else None
        errors = body.get("errors") if isinstance(body, dict) else None
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


class Session:
    """A sandbox of the test's own inside the process: its own clock, scenarios, keys and journal.

    `base_url` is what the client under test gets (it ends in `/api/v1/`); `admin_url` steers it.
    """

    def __init__(self, data, parent_admin_url, token=None):
        self.id = data["id"]
        self.base_url = data["base_url"]
        self.admin_url = data["admin_url"]
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
