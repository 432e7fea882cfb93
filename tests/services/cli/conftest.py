"""The whole platform for the client's end-to-end tests: the same launcher fixture as
``tests/integration`` (``python -m inferno_cli.stack`` as a child process on the test servers,
under a key prefix and database of its own), started once per test module."""

from __future__ import annotations

from tests.integration.conftest import servers, session_file, stack

__all__ = ["servers", "session_file", "stack"]
