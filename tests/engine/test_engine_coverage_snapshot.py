"""Which real cards the Oracle compiler fully models, pinned in a golden file.

A template change shows here exactly which cards it newly accepts or loses. After reviewing the
difference (every newly accepted card must be read right), update the golden file with

    RULESBOT_UPDATE_GOLDEN=1 python -m pytest -q tests/engine/test_engine_coverage_snapshot.py

The file lists card names, one a line, sorted (cards from ../shared/data/scryfall's
oracle-cards.json, tokens and other non-game objects skipped as in ``rulesbot engine-coverage``).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.boards import iter_scryfall_cards
from engine.oracle import compile_all_faces

GOLDEN = Path(__file__).parent / "golden" / "fully_modelled.txt"
UPDATE_ENV = "RULESBOT_UPDATE_GOLDEN"
#: how many names of each difference the failure message lists
SHOW_AT_MOST = 60


def _modelled_and_gaps(oracle_cards: Path) -> tuple[list[str], dict[str, str]]:
    modelled: list[str] = []
    gaps: dict[str, str] = {}
    for card in iter_scryfall_cards(oracle_cards):
        unsupported = [u for d in compile_all_faces(card) for u in d.unsupported]
        if unsupported:
            gaps[card.name] = f"{unsupported[0].text!r} ({unsupported[0].reason})"
        else:
            modelled.append(card.name)
    return sorted(set(modelled)), gaps


def _listing(title: str, names: list[str], detail: dict[str, str]) -> str:
    lines = [f"{title}: {len(names)}"]
    for name in names[:SHOW_AT_MOST]:
        lines.append(f"  {name}" + (f" — now unread: {detail[name]}" if name in detail else ""))
    if len(names) > SHOW_AT_MOST:
        lines.append(f"  ... and {len(names) - SHOW_AT_MOST} more")
    return "\n".join(lines)


def test_fully_modelled_cards_match_the_golden_file(shared_dir: Path) -> None:
    oracle_cards = shared_dir / "data" / "scryfall" / "oracle-cards.json"
    if not oracle_cards.exists():
        pytest.skip(f"{oracle_cards} not present")
    modelled, gaps = _modelled_and_gaps(oracle_cards)
    if os.environ.get(UPDATE_ENV):
        GOLDEN.write_text("\n".join(modelled) + "\n", encoding="utf-8")
    golden = [n for n in GOLDEN.read_text(encoding="utf-8").split("\n") if n]
    gained = sorted(set(modelled) - set(golden))
    lost = sorted(set(golden) - set(modelled))
    assert not gained and not lost, (
        f"fully modelled cards changed ({len(golden)} -> {len(modelled)}); review, then run "
        f"{UPDATE_ENV}=1 python -m pytest -q tests/engine/{Path(__file__).name}\n"
        + _listing("newly modelled", gained, {})
        + "\n"
        + _listing("no longer modelled", lost, gaps)
    )
