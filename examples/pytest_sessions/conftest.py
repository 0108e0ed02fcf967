"""A session per test, from one analytics-sandbox process: the fixture a pytest suite needs.

Point it at a running sandbox with ANALYTICS_SANDBOX_URL (its API base, as `mutate` and `report --`
set it); each test gets a session of its own (its own clock, scenarios, keys and journal), ended at
teardown. Under `mutate`, the URL is the run's own session: the sessions it makes there inherit the
run's mutation, so the suite runs unchanged.
"""
import json
import os
import urllib.request

import pytest

BASE_URL = os.environ.get("ANALYTICS_SANDBOX_URL", "http://127.0.0.1:4010/api/v1/")


def call(url, method="GET", body=None, headers=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


@pytest.fixture
def sandbox_session():
    """A new session: `base_url` for the client under test, `admin_url` to steer it."""
    admin = BASE_URL.replace("/api/v1/", "/__sandbox/")
    session = call(admin + "sessions", "POST", {})["data"]
    yield session
    call(admin + f"sessions/{session['id']}", "DELETE")
