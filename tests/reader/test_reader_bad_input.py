"""Bad input: rambling, several boards, very long messages, hundreds of permanents, names that
are ordinary words, Discord markup. A short reading, bounded work, never a traceback, never a
trusted reading of what wasn't said."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from fixture_names import FixtureNames

from bot.service.core import RulesService
from engine.reader import answer, read
from engine.reader.vocabulary import MAX_TEXT


def test_discord_mentions_and_emoji_are_ignored(names: FixtureNames) -> None:
    text = (
        "<@123456789> hey <:elf:998877> I control Llanowar Elves, can I tap it for mana? @everyone"
    )
    reading = read(text, names)
    assert reading.trusted and reading.question == {
        "kind": "can_activate",
        "object": "llanowar_elves",
        "ability": "mana",
    }


def test_a_rambling_message_is_never_trusted(names: FixtureNames) -> None:
    text = (
        "ok so last night at FNM my buddy was playing this janky deck and we got into an argument,"
        " anyway I had Llanowar Elves and he said something about his sideboard and the judge"
        " was busy, so can I tap it for mana or not?"
    )
    reading = read(text, names)
    assert not reading.trusted and reading.unread


def test_several_boards_at_once_are_doubted(names: FixtureNames) -> None:
    text = "Scenario 1: I control Grizzly Bears. Scenario 2: I control Serra Angel. Can it attack?"
    reading = read(text, names)
    assert not reading.trusted
    assert {"several_boards", "ambiguous_pronoun"} & {d for d, _ in reading.doubts}


def test_a_message_longer_than_the_limit_is_refused_as_a_board(names: FixtureNames) -> None:
    text = "I control Llanowar Elves. " * (MAX_TEXT // 20)
    reading = read(text, names)
    assert reading.spec is None and ("too_long", str(len(text))) in reading.doubts


def test_four_thousand_characters_are_read_in_bounded_work(names: FixtureNames) -> None:
    text = ("I control Llanowar Elves and my opponent has Serra Angel. " * 80)[:MAX_TEXT]
    reading = read(text + "?", names)  # just over the limit: refused
    assert reading.spec is None
    reading = read(text[: MAX_TEXT - 40] + " Can I tap the Elves for mana?", names)
    assert reading.spec is not None and len(reading.spec["board"]["battlefield"]) == 2


def test_hundreds_of_permanents_are_too_many_to_trust(names: FixtureNames) -> None:
    reading = read("I control 300 Forests and 250 Islands. What mana can I make?", names)
    assert not reading.trusted and "too_many_objects" in {d for d, _ in reading.doubts}
    every_card = ", ".join(sorted(names.cards)[:70])
    reading = read(f"I control {every_card}. What mana can I make?", names)
    assert not reading.trusted
    assert answer(reading, names).verified is False


@pytest.mark.parametrize(
    "text",
    [
        "I opt to tap my Llanowar Elves for mana, can I?",
        "can I flicker my Llanowar Elves and tap it again?",
        "I have a clone of my Tarmogoyf, what's its power?",
        "It's my turn and I exile my Llanowar Elves. Can I tap it for mana?",
    ],
)
def test_names_that_are_ordinary_words_are_not_silently_read_as_cards(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert not reading.trusted
    cards = {o.get("card") for o in (reading.spec or {}).get("board", {}).get("battlefield", [])}
    assert not cards & {"Opt", "Flicker", "Clone", "Exile"}


def test_a_capitalised_ordinary_word_is_the_card(names: FixtureNames) -> None:
    reading = read("I cast Clone copying my Tarmogoyf. What is Clone's mana value?", names)
    assert reading.trusted and reading.question == {"kind": "characteristics", "object": "clone"}


@pytest.mark.parametrize(
    "text",
    [
        "",
        "?",
        "it it it it it?",
        "@@@@ <@1> <#2> ```code``` **bold**",
        "I control " + "@1 " * 500,
        "my my my my opponent's opponent's Llanowar Elves's's's",
        "x=99999 cast with X=12345678901234567890",
        "\u0130\u0130\u0130 I control Llanowar Elves \u00df\u00df. Can I tap it for mana?",
        "I control Llanowar Elves " + "and Llanowar Elves " * 300 + "can I tap them?",
    ],
)
def test_garbage_never_raises(text: str, names: FixtureNames) -> None:
    reading = read(text, names)
    answer(reading, names)
    assert reading.echo == "" or reading.echo.startswith("Read as: ")


def test_the_service_gives_a_short_reply_for_bad_board_messages(kb_path: Path) -> None:
    service = RulesService.open(kb_path)
    try:
        for text in [
            "I control Llanowar Elves. " * 200,
            "Board 1: I control Llanowar Elves. Board 2: Serra Angel. can I tap it for mana?",
            "<@1> I control " + ", ".join(["Llanowar Elves"] * 150) + ". Can I tap it?",
        ]:
            reply = asyncio.run(service.ask(text))
            assert reply.to_text() and "Traceback" not in reply.to_text()
            assert len(reply.message_content()) <= 2000
            assert all(e.fitted().size() <= 6000 for e in reply.embeds)
            assert sum(e.fitted().size() for e in reply.first_embeds()) <= 6000
    finally:
        service.close()
