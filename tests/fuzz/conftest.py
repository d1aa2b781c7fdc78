"""The fuzz suite prints how many distinct hostile inputs it ran, by kind."""

from __future__ import annotations

import pytest
from fuzz_run import TALLY, tally_lines


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if any(TALLY.values()):
        terminalreporter.section("fuzz")
        for line in tally_lines():
            terminalreporter.write_line(line)
