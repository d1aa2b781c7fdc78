"""Runs last in tests/fuzz (file order): how many distinct hostile inputs the suite ran."""

from __future__ import annotations

import pytest
from fuzz_run import MAX_RSS_MB, PROCESSES, TALLY, tally_lines

TARGET = 200  # issue 11: at least this many hostile inputs across CLI, console, batch, boards


def test_the_suite_ran_at_least_200_hostile_inputs_of_every_kind() -> None:
    if not all(TALLY.values()):
        pytest.skip("only part of the fuzz suite ran; the count needs all of tests/fuzz")
    for line in tally_lines():
        print(line)
    assert sum(len(seen) for seen in TALLY.values()) >= TARGET
    assert all(len(seen) >= 50 for seen in TALLY.values()), {k: len(v) for k, v in TALLY.items()}
    assert PROCESSES and max(rss for _, rss in PROCESSES) <= MAX_RSS_MB
