"""A plural that is the creature type of tokens the message speaks of ("I cast Raise the Alarm …
the soldiers", "two spirit tokens … the spirits") refers to those tokens (111.2), not to a card
guessed by its last word (Foot Soldiers, Blessed Spirits). Lead, session 13; seen in
chat-blind-7's studied half. Real card data: the guess comes from the whole card list."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.service.board_questions import KnowledgeBaseNames, board_question

TOKEN_PLURALS = [
    ("Intangible Virtue is out, I cast Raise the Alarm. how big are the soldiers?", "2/2"),
    (
        "i have intangible virtue and cast spectral procession. what's the p/t of the spirits?",
        "2/2",
    ),
    ("I cast Raise the Alarm this turn. what's the power and toughness of my soldiers", "1/1"),
    ("I control two 1/1 white Spirit tokens with flying. what p/t are the spirits?", "1/1"),
    (
        "i have intangible virtue and two 1/1 white spirit tokens with flying."
        " how big are the spirits?",
        "2/2",
    ),
]


@pytest.mark.parametrize(("text", "pt"), TOKEN_PLURALS)
def test_a_plural_of_a_token_type_is_those_tokens_not_a_guessed_card(
    text: str, pt: str, shared_kb_path: Path
) -> None:
    from rulings_db.knowledge import KnowledgeBase

    kb = KnowledgeBase(shared_kb_path)
    said = [m.name for m in KnowledgeBaseNames(kb).find(text)]
    assert not any(n in said for n in ("Foot Soldiers", "Blessed Spirits")), said
    found = board_question(kb, text)
    assert found is not None and found.reply.answer.startswith(pt), text


def test_a_plural_with_no_such_tokens_is_still_guessed_as_a_card(shared_kb_path: Path) -> None:
    from rulings_db.knowledge import KnowledgeBase

    kb = KnowledgeBase(shared_kb_path)
    found = KnowledgeBaseNames(kb).find("my opp has two soldiers and I have Grizzly Bears")
    assert any(not m.certain for m in found)  # a guess the reader says it made
