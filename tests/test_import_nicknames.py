"""The curated nickname list: enough entries, each naming a real card exactly as Scryfall does."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from rulings_db.build import read_nicknames
from rulings_db.names import normalise


def test_nickname_list_is_substantial_and_has_no_repeats():
    pairs = read_nicknames()
    assert len(pairs) >= 100
    keys = [normalise(nickname) for nickname, _ in pairs]
    assert len(keys) == len(set(keys))
    assert all(keys) and all(card for _, card in pairs)


def test_every_nickname_names_a_card_in_the_real_card_data(shared_dir: Path):
    with (shared_dir / "data" / "scryfall" / "oracle-cards.json").open(encoding="utf-8") as f:
        names = {card["name"] for card in json.load(f)}
    missing = [(nick, card) for nick, card in read_nicknames() if card not in names]
    assert missing == []


def test_nicknames_resolve_to_their_cards_and_missing_cards_are_skipped(kb_path: Path):
    with sqlite3.connect(kb_path) as db:
        rows = dict(
            db.execute(
                "SELECT card_names.key, cards.name FROM card_names JOIN cards USING (oracle_id) "
                "WHERE kind = 'nickname'"
            ).fetchall()
        )
    assert rows["bolt"] == "Lightning Bolt"
    assert rows["goyf"] == "Tarmogoyf"
    assert rows["stp"] == rows["swords"] == "Swords to Plowshares"
    assert rows["jtms"] == "Jace, the Mind Sculptor"
    assert "ragavan" not in rows  # Ragavan is not in the fixture cards
