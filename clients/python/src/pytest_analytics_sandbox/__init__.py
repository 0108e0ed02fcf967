"""pytest fixtures for analytics-sandbox: one sandbox process for the test run, a session of it per test.

The plugin (pytest_analytics_sandbox.plugin) is loaded by pytest through its pytest11 entry point
once the package is installed (`pip install ./clients/python`), or with `-p pytest_analytics_sandbox.plugin`.
"""
from .process import CannotStart, SandboxProcess, find_program
from .sandbox import ExpectationFailed, Sandbox, SandboxError, Session, admin_url_of, describe_entry, under_variant

__all__ = [
    "CannotStart",
    "ExpectationFailed",
    "Sandbox",
    "SandboxError",
    "SandboxProcess",
    "Session",
    "admin_url_of",
    "describe_entry",
    "find_program",
    "under_variant",
]
