"""Every rule number the engine can cite exists in the Comprehensive Rules it targets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.citations import RULES, UnknownCitation, cite

REPO = Path(__file__).resolve().parents[2]
CR = REPO / ".." / "shared" / "data" / "cr" / "MagicCompRules-20260116.txt"


def test_every_registered_rule_exists_in_the_cr() -> None:
    if not CR.exists():
        pytest.skip("../shared/data not present: the CR text is needed to check citations")
    text = CR.read_text(encoding="utf-8-sig")
    numbers = set(re.findall(r"^(\d{3}\.\d+[a-z]?)\.? ", text, flags=re.MULTILINE))
    missing = sorted(n for n in RULES if n not in numbers)
    assert not missing, f"cited rules not in the 2026-01-16 CR: {missing}"


def test_every_rule_the_code_cites_is_registered() -> None:
    cited: set[str] = set()
    for path in (REPO / "engine").glob("*.py"):
        src = path.read_text(encoding="utf-8")
        cited.update(
            re.findall(r"""(?:add|note)\(\s*(?:[\w.]+,\s*)?["'](\d{3}\.\d+[a-z]?)["']""", src)
        )
        cited.update(re.findall(r"""["'](\d{3}\.\d+[a-z]?)["']\s*(?:if|else)""", src))
    assert cited, "no citations found in engine/"
    assert not sorted(cited - set(RULES))


def test_cite_refuses_unregistered_numbers() -> None:
    with pytest.raises(UnknownCitation):
        cite("999.9z")
