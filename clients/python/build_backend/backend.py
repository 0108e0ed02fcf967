"""A PEP 517 build backend of the standard library only, for this one pure-Python package.

`pip install ./clients/python` asks it for a wheel: the package's modules, its metadata and the
pytest11 entry point that makes pytest load the plugin. Nothing is fetched from PyPI to build it.
"""
import base64
import hashlib
import os
import zipfile

NAME = "pytest_analytics_sandbox"
DIST = "pytest-analytics-sandbox"
VERSION = "0.1.0"
METADATA = f"""Metadata-Version: 2.1
Name: {DIST}
Version: {VERSION}
Summary: pytest fixtures for analytics-sandbox: one sandbox process for the run, a session of it per test.
License: MIT
Requires-Python: >=3.8
Requires-Dist: pytest>=7
"""
ENTRY_POINTS = "[pytest11]\nanalytics_sandbox = pytest_analytics_sandbox.plugin\n"
WHEEL = "Wheel-Version: 1.0\nGenerator: analytics-sandbox build_backend\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _files():
    source = os.path.join(HERE, "src", NAME)
    for name in sorted(os.listdir(source)):
        if name.endswith(".py"):
            with open(os.path.join(source, name), "rb") as file:
                yield f"{NAME}/{name}", file.read()
    info = f"{NAME}-{VERSION}.dist-info"
    yield f"{info}/METADATA", METADATA.encode()
    yield f"{info}/WHEEL", WHEEL.encode()
    yield f"{info}/entry_points.txt", ENTRY_POINTS.encode()


def get_requires_for_build_wheel(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    wheel_name = f"{NAME}-{VERSION}-py3-none-any.whl"
    record = f"{NAME}-{VERSION}.dist-info/RECORD"
    lines = []
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel_name), "w", zipfile.ZIP_DEFLATED) as wheel:
        for path, data in _files():
            wheel.writestr(path, data)
            lines.append(_record_line(path, data))
        wheel.writestr(record, "\n".join(lines + [f"{record},,"]) + "\n")
    return wheel_name
