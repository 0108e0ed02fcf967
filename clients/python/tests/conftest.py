"""The plugin's own tests: pytester runs small suites that use it, each in a pytest of its own.

The plugin is loaded from its entry point where the package is installed, else from src/ (the
tests put it on PYTHONPATH for the inner runs too).
"""
import os
import sys
from importlib.metadata import entry_points

SRC = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "src")
if SRC not in sys.path:
    sys.path.insert(0, SRC)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [SRC, os.environ.get("PYTHONPATH")]))


def _installed():
    found = entry_points()
    group = found.select(group="pytest11") if hasattr(found, "select") else found.get("pytest11", [])
    return any(entry.value == "pytest_analytics_sandbox.plugin" for entry in group)


PLUGIN_ARGS = [] if _installed() else ["-p", "pytest_analytics_sandbox.plugin"]
pytest_plugins = ["pytester", *(["pytest_analytics_sandbox.plugin"] if PLUGIN_ARGS else [])]
