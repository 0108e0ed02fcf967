"""Tests of a client of the Analytics API, each against a session of its own."""
from conftest import call


def projects(session):
    return call(session["base_url"] + "projects", headers={"X-API-Key": "sbx_user_alpha"})["data"]


def test_lists_the_accounts_projects(sandbox_session):
    listed = projects(sandbox_session)
    assert listed["total"] == len(listed["projects"])


def test_each_project_has_a_domain(sandbox_session):
    assert all("." in project["domain"] for project in projects(sandbox_session)["projects"])
