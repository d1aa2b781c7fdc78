"""(R16, session 14) Card names the knowledge base finds that the message doesn't mean as cards
(``bot.service.board_questions.KnowledgeBaseNames``): the name of a set or a deck ("a Time
Spiral draft deck", "my Apocalypse prerelease deck") is no card on the board; a kind of spell
("my burn spells") and the first word of several cards' names ("a pyromancer") are guesses,
never certain. Real data: skipped without ../shared."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.service.board_questions import KnowledgeBaseNames
from bot.service.core import RulesService


@pytest.fixture(scope="module")
def kb_names(shared_kb_path: Path) -> Iterator[KnowledgeBaseNames]:
    service = RulesService.open(shared_kb_path)
    yield KnowledgeBaseNames(service.kb)
    service.close()


def _found(names: KnowledgeBaseNames, text: str) -> dict[str, bool]:
    return {m.name: m.certain for m in names.find(text)}


@pytest.mark.shared
def test_a_set_named_for_its_deck_is_no_card(kb_names: KnowledgeBaseNames) -> None:
    found = _found(kb_names, "Time Spiral draft deck, I have Grizzly Bears out")
    assert "Time Spiral" not in found and found.get("Grizzly Bears") is True
    assert "Apocalypse" not in _found(kb_names, "my Apocalypse prerelease deck has Shock in it")


@pytest.mark.shared
def test_the_set_is_still_the_card_when_it_is_cast(kb_names: KnowledgeBaseNames) -> None:
    assert _found(kb_names, "I cast Time Spiral last turn").get("Time Spiral") is True


@pytest.mark.shared
def test_a_kind_of_spell_is_a_guess(kb_names: KnowledgeBaseNames) -> None:
    text = "both my burn spells missed"
    said = {text[m.start : m.end]: m.certain for m in kb_names.find(text)}
    assert said.get("burn") is False
    assert _found(kb_names, "i bolt their bears").get("Lightning Bolt") is True


@pytest.mark.shared
def test_the_first_word_of_several_names_is_a_guess(kb_names: KnowledgeBaseNames) -> None:
    mentions = kb_names.find("i have a pyromancer on my side")
    guessed = [m for m in mentions if m.name.startswith("Pyromancer")]
    assert guessed and not guessed[0].certain and guessed[0].candidates
    assert _found(kb_names, "i have a young pyromancer").get("Young Pyromancer") is True
