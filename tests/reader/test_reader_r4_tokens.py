"""Tokens a spell made this turn (111.1, 608.2) and the counters a copy exception gives
(707.9b), on cards the fixture set lacks (Oracle text as printed in the real data)."""

from __future__ import annotations

from typing import Any

import pytest
from fixture_names import FixtureNames, FixtureNamesWith

from engine.reader import answer, read

EXTRA: dict[str, dict[str, Any]] = {
    "Raise the Alarm": {
        "mana_cost": "{1}{W}",
        "type_line": "Instant",
        "oracle_text": "Create two 1/1 white Soldier creature tokens.",
    },
    "Secure the Wastes": {
        "mana_cost": "{X}{W}",
        "type_line": "Instant",
        "oracle_text": "Create X 1/1 white Warrior creature tokens.",
    },
    "Fireball": {
        "mana_cost": "{X}{R}",
        "type_line": "Sorcery",
        "oracle_text": "This spell costs {1} more to cast for each target beyond the first.\n"
        "Fireball deals X damage divided evenly, rounded down, among any number of targets.",
    },
    "Brute Force": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Target creature gets +3/+3 until end of turn.",
    },
    "Utopia Sprawl": {
        "mana_cost": "{G}",
        "type_line": "Enchantment — Aura",
        "oracle_text": "Enchant Forest\nAs this Aura enters, choose a color.\nWhenever enchanted"
        " Forest is tapped for mana, its controller adds an additional one mana of the chosen"
        " color.",
    },
    "Dragon Fodder": {
        "mana_cost": "{1}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Create two 1/1 red Goblin creature tokens.",
    },
}


class R4Names(FixtureNamesWith):
    """The fixture names plus the cards above."""

    def __init__(self) -> None:
        super().__init__(EXTRA)


@pytest.fixture(scope="module")
def r4names() -> R4Names:
    return R4Names()


def _battlefield(reading: Any) -> list[dict[str, Any]]:
    return list(reading.spec["board"]["battlefield"])


SOLDIER = {
    "types": ["Creature"],
    "colors": ["W"],
    "subtypes": ["Soldier"],
    "power": 1,
    "toughness": 1,
}


@pytest.mark.parametrize(
    "text",
    [
        "I cast Raise the Alarm this turn, can the soldier tokens attack?",
        "just cast raise the alarm in my main phase. can the soldiers attack",
        "i cast raise the alarm, can one of the soldier tokens attack?",
    ],
)
def test_a_token_spell_cast_this_turn_puts_its_tokens_on_the_battlefield(
    text: str, r4names: R4Names
) -> None:
    reading = read(text, r4names)
    tokens = _battlefield(reading)
    assert len(tokens) == 1 and tokens[0]["token"] == SOLDIER, tokens
    assert tokens[0]["count"] == 2 and tokens[0]["since"] == "this_turn"
    assert tokens[0]["controller"] == "P1"
    assert reading.question is not None and reading.question["kind"] == "can_attack"
    assert "stack" not in reading.spec["board"]  # it resolved: the spell is gone (608.2n)
    reply = answer(reading, r4names)
    assert reply.answer.startswith("No") and reply.verified, reply.answer  # 302.6


def test_tokens_made_on_the_opponents_turn_are_not_summoning_sick_on_mine(
    r4names: R4Names,
) -> None:
    reading = read(
        "I cast Raise the Alarm at the end of my opponent's turn. it's my turn now, can the"
        " soldiers attack?",
        r4names,
    )
    token = _battlefield(reading)[0]
    assert "since" not in token and token["count"] == 2
    assert answer(reading, r4names).answer.startswith("Yes")


def test_what_tokens_do_i_get_asks_about_the_spell_on_the_stack(r4names: R4Names) -> None:
    reading = read("cast raise the alarm at end of opps turn, what tokens do i get", r4names)
    board = reading.spec["board"]
    assert board["battlefield"] == []
    assert board["stack"] == [
        {"id": "raise_the_alarm", "card": "Raise the Alarm", "controller": "P1", "cast": {"x": 0}}
    ]
    assert reading.question == {"kind": "tokens", "object": "raise_the_alarm", "ability": "create"}
    reply = answer(reading, r4names)
    assert reply.verified and reply.answer.startswith("2 × Soldier"), reply.answer


@pytest.mark.parametrize(
    "text",
    [
        "i just cast Secure the Wastes with X=3. how many warriors do i get?",
        "I cast secure the wastes where x is three, how many tokens do i get",
    ],
)
def test_a_token_spell_cast_with_x_makes_x_tokens(text: str, r4names: R4Names) -> None:
    reading = read(text, r4names)
    assert reading.spec["board"]["stack"][0]["cast"] == {"x": 3}
    reply = answer(reading, r4names)
    assert reply.verified and reply.answer.startswith("3 × Warrior"), reply.answer  # 107.3a


def test_a_token_spell_whose_x_is_not_said_makes_no_tokens_on_the_board(
    r4names: R4Names,
) -> None:
    reading = read("I cast Secure the Wastes this turn, can the warriors attack?", r4names)
    assert not reading.trusted
    assert all(
        "token" not in e for e in (reading.spec or {"board": {}})["board"].get("battlefield", [])
    )


def test_the_opponents_token_spell_makes_their_tokens(r4names: R4Names) -> None:
    reading = read(
        "opp cast dragon fodder last turn. can the goblin tokens block my grizzly bears?",
        r4names,
    )
    tokens = [e for e in _battlefield(reading) if "token" in e]
    assert tokens and tokens[0]["controller"] == "P2" and tokens[0]["count"] == 2
    assert tokens[0]["token"]["subtypes"] == ["Goblin"]


def test_a_copy_exceptions_extra_counter_is_on_the_copy(names: FixtureNames) -> None:
    reading = read(
        "i control spark double copying my thalia, guardian of thraben. what is spark double's"
        " p/t?",
        names,
    )
    double = next(e for e in _battlefield(reading) if e["card"] == "Spark Double")
    assert double["counters"] == {"+1/+1": 1}
    reply = answer(reading, names)
    assert reply.answer.startswith("3/2"), reply.answer


def test_a_copy_of_a_walker_gets_only_the_exceptions_counter(names: FixtureNames) -> None:
    reading = read(
        "My Hangarback Walker has three +1/+1 counters. I cast Spark Double copying it. What's"
        " the Spark Double's P/T?",
        names,
    )
    double = next(e for e in _battlefield(reading) if e["card"] == "Spark Double")
    assert double["counters"] == {"+1/+1": 1}  # X was never paid for the copy (107.3m)
    assert answer(reading, names).answer.startswith("1/1")


def test_a_spell_said_to_be_on_the_stack_is_there_with_its_x(r4names: R4Names) -> None:
    reading = read(
        "I'm casting Fireball with X=4; it's on the stack right now, one target. What's its"
        " mana value?",
        r4names,
    )
    assert reading.spec["board"]["stack"] == [
        {"id": "fireball", "card": "Fireball", "controller": "P1", "cast": {"x": 4}}
    ]
    reply = answer(reading, r4names)
    assert reply.verified and reply.answer.startswith("Mana value 5"), reply.answer


def test_two_spells_given_in_order_both_apply(r4names: R4Names) -> None:
    reading = read(
        "this turn I gave my Grizzly Bears Giant Growth and then Brute Force. What is its P/T now?",
        r4names,
    )
    assert len(reading.spec["board"]["effects"]) == 2
    assert answer(reading, r4names).answer.startswith("8/8")


@pytest.mark.parametrize(
    "text",
    [
        "Soul Separator: I pay 5, tap and sac it, exiling the Serra Angel in my graveyard. What"
        " tokens do I get?",
        "i have soul separator and a serra angel in my graveyard. i crack soul separator on the"
        " angel, what tokens do i get",
    ],
)
def test_an_activation_said_by_its_cost_or_as_cracking_targets_the_card(
    text: str, names: FixtureNames
) -> None:
    reading = read(text, names)
    assert reading.question is not None and reading.question["kind"] == "tokens"
    assert reading.question["targets"] == ["serra_angel"]
    reply = answer(reading, names)
    assert "Zombie" in reply.answer, reply.answer


def test_a_color_chosen_for_the_land_is_the_auras_on_it(r4names: R4Names) -> None:
    reading = read(
        "Forest enchanted with Utopia Sprawl, and I chose red for it. how much mana does the"
        " forest make?",
        r4names,
    )
    sprawl = next(e for e in _battlefield(reading) if e.get("card") == "Utopia Sprawl")
    assert sprawl["chosen"] == {"color": "R"}
    assert reading.trusted
