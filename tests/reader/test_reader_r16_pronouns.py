"""(R16, session 14) A pronoun between a creature and a card that isn't one, in a question only
a creature answers ("what's it at", "does it die / survive") is the creature; "can I tap it for
mana" beside an enchantment is the permanent with the {T} mana ability (605.1a). Each is a guess
the reading says (``guessed_pronoun``: never verified); two things that fit still ask back."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import read


def _guessed(text: str, names: FixtureNames) -> tuple[str | None, set[str]]:
    reading = read(text, names)
    about = (reading.question or {}).get("object")
    return about, {r for r, _ in reading.doubts}


def test_whats_it_at_is_the_creature_not_the_enchantment(names: FixtureNames) -> None:
    about, doubts = _guessed(
        "my walking ballista came in with two counters last turn and glorious anthem is out."
        " what's it at?",
        names,
    )
    assert about == "walking_ballista"
    assert "guessed_pronoun" in doubts and "ambiguous_pronoun" not in doubts


@pytest.mark.parametrize("asked", ["does it die?", "will it survive?"])
def test_dying_is_asked_of_the_creature_not_its_aura(asked: str, names: FixtureNames) -> None:
    reading = read(f"their grizzly bears has rancor on it. {asked}", names)
    doubts = {d for r, d in reading.doubts if r == "guessed_pronoun"}
    assert any("as Grizzly Bears" in d for d in doubts)
    assert not reading.trusted


def test_tapping_it_for_mana_is_the_mana_creature_not_the_anthem(names: FixtureNames) -> None:
    about, doubts = _guessed(
        "I've got Fyndhorn Elves from last turn and a Glorious Anthem. can I tap it for mana?",
        names,
    )
    assert about == "fyndhorn_elves" and "guessed_pronoun" in doubts


def test_two_mana_makers_still_ask_which(names: FixtureNames) -> None:
    text = "I have Llanowar Elves and a Forest, both from last turn. can I tap it for mana?"
    reading = read(text, names)
    assert reading.question is None
    assert any(r == "ambiguous_pronoun" for r, _ in reading.doubts)


def test_block_it_is_the_attacker_said_sentences_before(names: FixtureNames) -> None:
    reading = read(
        "their serra angel attacks me. i have grizzly bears and giant spider, both untapped."
        " can the spider block it?",
        names,
    )
    assert reading.question is not None
    assert reading.question.get("attacker") == "serra_angel"
    assert any(r == "guessed_pronoun" for r, _ in reading.doubts)


def test_block_it_with_two_attackers_said_asks_which(names: FixtureNames) -> None:
    reading = read(
        "their serra angel attacks me, and their shivan dragon attacks me too. i have grizzly"
        " bears and giant spider. can the spider block it?",
        names,
    )
    assert "attacker" not in (reading.question or {})
    assert any(
        r == "ambiguous_pronoun" and "Serra Angel" in d and "Shivan Dragon" in d
        for r, d in reading.doubts
    )
    assert reading.follow_up and not reading.trusted


def test_attackers_said_together_are_each_an_attacker(names: FixtureNames) -> None:
    # "their Angel and Dragon attack me": both attack, so "block it" asks which (was read as
    # the player's own Bears)
    reading = read(
        "their serra angel and shivan dragon attack me. i have grizzly bears and giant spider."
        " can the spider block it?",
        names,
    )
    assert (reading.question or {}).get("attacker") != "grizzly_bears"
    assert any(r == "ambiguous_pronoun" and "Shivan Dragon" in d for r, d in reading.doubts)
