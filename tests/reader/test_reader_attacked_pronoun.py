"""'I swing at her with X' with the opponent's planeswalker on the board (lead, session 14; a
wrong verified answer seen in chat-blind-8 after its one blind measurement): 'her' may be the
opponent or the planeswalker (506.3, 508.1b), so whichever the reader took, it isn't verified."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNames

from engine.reader import answer, read


@pytest.mark.parametrize(
    "text",
    [
        "Opp has Jace Beleren on 3 loyalty. I swing at him with my Grizzly Bears. Does he die?",
        "my opponent controls jace beleren (3 loyalty). i attack him with grizzly bears, no"
        " blocks. is he dead?",
    ],
)
def test_an_attack_at_him_or_her_beside_their_planeswalker_is_a_guess(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert "guessed_pronoun" in {reason for reason, _ in reading.doubts}, text
    assert not answer(reading, names).verified, text


def test_an_attack_at_him_with_no_planeswalker_stays_trusted(names: FixtureNames) -> None:
    reading = read(
        "Opp has Grizzly Bears. I swing at him with my Grizzly Bears and he blocks with his."
        " Does my Bears die?",
        names,
    )
    assert "guessed_pronoun" not in {reason for reason, _ in reading.doubts}


def test_an_attack_on_a_planeswalker_named_stays_trusted(names: FixtureNames) -> None:
    reading = read(
        "My opponent has Jace Beleren with 3 loyalty. I attack Jace with Grizzly Bears."
        " Does Jace die?",
        names,
    )
    reply = answer(reading, names)
    assert reply.verified, reply.answer
    assert reply.answer.startswith("No"), reply.answer


@pytest.mark.parametrize(
    "text",
    [
        "jace beleren at 3 loyalty. my grizzly bears hits him unblocked, is he dead",
        "Jace Beleren has 2 loyalty left and my hill giant connects with him, no blockers."
        " does he survive?",
        "there's a jace beleren on 4. grizzly bears swings, they don't block, whats his loyalty",
    ],
)
def test_he_or_she_beside_any_planeswalker_is_a_guess(text: str, names: FixtureNames) -> None:
    # (lead, session 15) the pronoun may be the planeswalker, a player or a creature
    reading = read(text, names)
    assert "guessed_pronoun" in {reason for reason, _ in reading.doubts}, text
    if reading.question is not None:
        assert not answer(reading, names).verified, text
