"""Q14 (session 10): a word of a card the question already named, said again, is that card."""

from __future__ import annotations

from rulings_db.cards import NameEntry, NameIndex
from rulings_db.mentions import find_mentions
from rulings_db.names import normalise
from rulings_db.schema import NAME_FULL

CARDS = ["Bridge from Below", "Battle at the Bridge", "Insolent Neonate"]


class Stats:
    """A corpus that never uses any of these words (all look like names)."""

    def document_share(self, term: str) -> float:
        return 0.0

    def lower_share(self, term: str) -> float:
        return 0.0

    def is_subtype(self, term: str) -> bool:
        return False


def _index() -> NameIndex:
    ids = {n: f"id-{i}" for i, n in enumerate(CARDS)}
    return NameIndex([NameEntry(normalise(n), n, ids[n], NAME_FULL) for n in CARDS])


def test_a_named_cards_word_said_again_keeps_no_other_card_in_reserve() -> None:
    index = _index()
    question = (
        "When discarding Bridge from Below to activate Insolent Neonate, will that trigger "
        "the Bridge?"
    )
    again = [m for m in find_mentions(question, index, Stats()) if m.text == "Bridge"]
    assert again and all(index.full_names[m.oracle_ids[0]] == "Bridge from Below" for m in again)
    assert all(m.others == () for m in again)  # Battle at the Bridge is not weighed in


def test_a_lone_word_with_no_card_named_still_keeps_the_later_word_cards_in_reserve() -> None:
    index = _index()
    lone = [
        m for m in find_mentions("does the Bridge trigger?", index, Stats()) if m.text == "Bridge"
    ]
    assert lone and lone[0].others  # the question's words settle it (disambiguation)
