"""E2: trigger events — the readers' examples, and each event matched on a board (603.2)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from engine_boards import CARDS

from engine.abilities import TriggeredAbility
from engine.board import Board, load_board
from engine.cards import CardText, DictCardSource, card_from_mapping
from engine.oracle import compile_card
from engine.oracle.examples import E2_TRIGGER_EXAMPLES
from engine.oracle.selectors import parse_selector, plural
from engine.oracle.triggers import (
    SUBJECT_TRIGGER,
    TRIGGER_READERS,
    TRIGGERS,
    UNPERFORMED_EVENT_ROWS,
    TriggerReading,
    reads_intervening_if,
    subject_event,
)
from engine.questions import ask


def _creature(name: str, text: str, pt: str = "2/2", cost: str = "{2}{G}") -> dict[str, Any]:
    return {
        "mana_cost": cost,
        "type_line": "Creature — Ally Warrior",
        "pt": pt,
        "oracle_text": text,
    }


EXTRA: dict[str, dict[str, Any]] = {
    "Wall Guard": _creature(
        "Wall Guard", "Whenever this creature blocks, it gets +0/+3 until end of turn.", "1/1"
    ),
    "Rabid Pup": _creature(
        "Rabid Pup", "Whenever this creature becomes blocked, it gets +1/+1 until end of turn."
    ),
    "Sneak Pup": _creature(
        "Sneak Pup",
        "Whenever this creature attacks and isn't blocked, it gets +2/+0 until end of turn.",
    ),
    "Green Hater": _creature(
        "Green Hater",
        "Whenever this creature becomes blocked by a green creature, it gets +3/+3 until end of "
        "turn.",
    ),
    "Battalion Pup": _creature(
        "Battalion Pup",
        "Whenever this creature and at least two other creatures attack, it gets +1/+1 until end "
        "of turn.",
    ),
    "Ally Herald": _creature(
        "Ally Herald", "Whenever this creature or another Ally you control enters, you gain 1 life."
    ),
    "Grave Watcher": _creature(
        "Grave Watcher", "Whenever this creature or another creature dies, you gain 1 life.", "1/1"
    ),
    "Artifact Fan": _creature(
        "Artifact Fan",
        "When this creature enters, if you control two or more artifacts, you gain 2 life.",
    ),
    "Raid Banner": {
        "mana_cost": "{2}",
        "type_line": "Artifact",
        "oracle_text": "Whenever a creature you control deals combat damage to a player, you "
        "gain 1 life.",
    },
    "Raid Horn": {
        "mana_cost": "{2}",
        "type_line": "Artifact",
        "oracle_text": "Whenever one or more creatures you control deal combat damage to a player, "
        "you gain 1 life.",
    },
    "Island": {"type_line": "Basic Land — Island", "oracle_text": "({T}: Add {U}.)"},
    "Lone Pup": _creature(
        "Lone Pup", "Whenever this creature attacks alone, it gets +2/+2 until end of turn."
    ),
    "Island Fish": _creature(
        "Island Fish", "When you control no Islands, sacrifice this creature."
    ),
    "Token Mourner": _creature(
        "Token Mourner", "Whenever a nontoken creature you control dies, you gain 1 life.", "0/4"
    ),
    "Soldier Maker": _creature(
        "Soldier Maker", "When this creature enters, create a 1/1 white Soldier creature token."
    ),
    "Soldier Greeter": _creature(
        "Soldier Greeter", "Whenever a Soldier you control enters, you gain 1 life."
    ),
    "Angel Greeter": _creature(
        "Angel Greeter", "Whenever an Angel you control enters, you gain 4 life."
    ),
    "Wary Pup": _creature(
        "Wary Pup",
        "Whenever this creature becomes the target of a spell or ability an opponent controls, "
        "you gain 2 life.",
    ),
    "War Drummer": _creature("War Drummer", "Whenever you attack, you gain 1 life."),
    "Walker Biter": _creature(
        "Walker Biter",
        "Whenever this creature deals combat damage to a player or planeswalker, you gain 1 life.",
    ),
    "Ambush Ward": {
        "mana_cost": "{2}",
        "type_line": "Enchantment",
        "oracle_text": "Whenever a creature attacks you, you gain 1 life.",
    },
    "Scrap Watcher": _creature(
        "Scrap Watcher",
        "Whenever an artifact is put into a graveyard from the battlefield, you gain 1 life.",
    ),
    "Iron Bear": {
        "mana_cost": "{2}",
        "type_line": "Artifact Creature — Bear",
        "pt": "2/2",
        "oracle_text": "",
    },
    "Blood Pup": _creature(
        "Blood Pup",
        "Whenever a creature dealt damage by this creature this turn dies, you gain 2 life.",
        "3/3",
    ),
    "Twice Pup": _creature("Twice Pup", "When this creature enters or dies, draw a card.", "1/1"),
    "Red Totem": {
        "mana_cost": "{2}",
        "type_line": "Artifact",
        "oracle_text": "Whenever a player casts a red spell, you gain 1 life.",
    },
    "White Totem": {
        "mana_cost": "{2}",
        "type_line": "Artifact",
        "oracle_text": "Whenever a player casts a white spell, you gain 1 life.",
    },
    "Heroic Pup": _creature(
        "Heroic Pup", "Whenever you cast a spell that targets this creature, draw a card."
    ),
    "Red Bear": {
        "mana_cost": "{1}{R}",
        "type_line": "Creature — Bear",
        "pt": "2/2",
        "oracle_text": "",
    },
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in {**CARDS, **EXTRA}.items()])


def board(battlefield: list[dict[str, Any]], step: str = "combat_damage", **extra: Any) -> Board:
    data: dict[str, Any] = {"turn": {"active": "P1", "number": 6, "step": step}}
    data["battlefield"] = battlefield
    data.update(extra)
    return load_board(data, SOURCE)


def named(answer: Any, *words: str) -> bool:
    return any(all(w in u for w in words) for u in answer.unmodelled)


def cites(answer: Any, rule: str) -> bool:
    return any(s.rule == rule for s in answer.steps)


# --- the readers' examples ----------------------------------------------------------------------

E2_CASES = [(r, p, want) for r, rows in E2_TRIGGER_EXAMPLES.items() for p, want in rows]


@pytest.mark.parametrize(("reader", "phrase", "want"), E2_CASES, ids=lambda v: str(v)[:40])
def test_an_e2_trigger_example_is_read_by_its_reader_alone(
    reader: str, phrase: str, want: TriggerReading
) -> None:
    readers = {r.__name__: r(phrase) for r in TRIGGER_READERS}
    assert readers[reader] == want
    assert [n for n, got in readers.items() if got is not None] == [reader]
    low = phrase.lower()
    assert not [ev for pattern, ev in TRIGGERS if re.fullmatch(pattern, low)]
    assert subject_event(low) is None and not old_enters_reading(low)


def old_enters_reading(low: str) -> bool:
    """Whether the older "whenever a/an/another X enters" fallback reads the phrase."""
    m = SUBJECT_TRIGGER.fullmatch(low)
    other = "other " if m and m.group(1) == "another" else ""
    return m is not None and parse_selector(other + plural(m.group(2))) is not None


def test_every_e2_trigger_reader_has_an_example() -> None:
    assert {r.__name__ for r in TRIGGER_READERS} == set(E2_TRIGGER_EXAMPLES)


def test_every_unperformed_event_row_has_an_example() -> None:
    phrases = [p.lower() for p, _ in E2_TRIGGER_EXAMPLES["unperformed_event"]]
    for pattern, event in UNPERFORMED_EVENT_ROWS:
        assert [p for p in phrases if re.fullmatch(pattern, p)], (event, pattern)


@pytest.mark.parametrize(
    "phrase",
    [
        "Whenever ~ blocks or becomes blocked by one or more blue creatures",
        "Whenever ~ enters or the creature it haunts dies",
        "Whenever ~ attacks or a Dragon dies",
        "Whenever a player casts a spell that targets ~",  # only "you cast" is read
        "Whenever you cast a spell with mana value equal to the number of lands you control",
        "Whenever an artifact you control attacks",  # only creatures attack
    ],
)
def test_trigger_phrases_close_to_a_reader_stay_unread(phrase: str) -> None:
    assert all(r(phrase) is None for r in TRIGGER_READERS)


def test_a_compiled_trigger_keeps_every_event_it_names() -> None:
    (a,) = compile_card(SOURCE.get("Twice Pup") or CardText("", "", "", "")).abilities
    assert isinstance(a, TriggeredAbility) and a.events == ("enters", "dies")


# --- declare-blockers triggers (509.2a) ---------------------------------------------------------


def test_a_block_trigger_not_on_the_board_makes_combat_unverified() -> None:
    b = board(
        [
            {"id": "bear", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "wall", "card": "Wall Guard", "controller": "P2", "blocking": "bear"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not answer.verified and named(answer, "wall", "block trigger", "603.2")
    assert answer.data["declared_triggers"] and cites(answer, "509.3a")


def test_a_block_trigger_whose_effect_is_listed_is_not_flagged() -> None:
    b = board(
        [
            {"id": "bear", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "wall", "card": "Wall Guard", "controller": "P2", "blocking": "bear"},
        ],
        effects=[{"source": "wall", "text": "wall gets +0/+3 until end of turn"}],
    )
    assert not named(ask(b, {"kind": "combat_damage"}), "block trigger")


def test_a_creature_that_does_not_block_does_not_trigger_its_block_ability() -> None:
    b = board(
        [
            {"id": "bear", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "wall", "card": "Wall Guard", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not named(answer, "trigger") and answer.data["declared_triggers"] == []
    assert answer.verified


def test_becomes_blocked_triggers_only_when_blocked() -> None:
    blocked = board(
        [
            {"id": "pup", "card": "Rabid Pup", "controller": "P1", "attacking": "P2"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "P2", "blocking": "pup"},
        ]
    )
    answer = ask(blocked, {"kind": "combat_damage"})
    assert named(answer, "pup", "block trigger") and cites(answer, "509.3c")
    free = board([{"id": "pup", "card": "Rabid Pup", "controller": "P1", "attacking": "P2"}])
    assert not named(ask(free, {"kind": "combat_damage"}), "trigger")


def test_attacks_and_isnt_blocked_triggers_only_when_unblocked() -> None:
    free = board([{"id": "pup", "card": "Sneak Pup", "controller": "P1", "attacking": "P2"}])
    answer = ask(free, {"kind": "combat_damage"})
    assert named(answer, "pup", "block trigger") and cites(answer, "509.3g")
    blocked = board(
        [
            {"id": "pup", "card": "Sneak Pup", "controller": "P1", "attacking": "P2"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "P2", "blocking": "pup"},
        ]
    )
    assert not named(ask(blocked, {"kind": "combat_damage"}), "trigger")
    # before blockers are declared it hasn't triggered yet
    early = board(
        [{"id": "pup", "card": "Sneak Pup", "controller": "P1", "attacking": "P2"}],
        step="declare_attackers",
    )
    assert not named(ask(early, {"kind": "can_attack", "object": "pup"}), "trigger")


def test_becomes_blocked_by_a_green_creature_checks_the_blocker() -> None:
    green = board(
        [
            {"id": "h", "card": "Green Hater", "controller": "P1", "attacking": "P2"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "P2", "blocking": "h"},
        ]
    )
    answer = ask(green, {"kind": "combat_damage"})
    assert named(answer, "h", "block trigger") and cites(answer, "509.3d")
    red = board(
        [
            {"id": "h", "card": "Green Hater", "controller": "P1", "attacking": "P2"},
            {"id": "rb", "card": "Red Bear", "controller": "P2", "blocking": "h"},
        ]
    )
    assert not named(ask(red, {"kind": "combat_damage"}), "trigger")


def test_battalion_needs_two_other_attackers() -> None:
    pup = {"id": "pup", "card": "Battalion Pup", "controller": "P1", "attacking": "P2"}
    b1 = {"id": "b1", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    b2 = {"id": "b2", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    assert named(ask(board([pup, b1, b2]), {"kind": "combat_damage"}), "pup", "attack trigger")
    assert not named(ask(board([pup, b1]), {"kind": "combat_damage"}), "trigger")


# --- entering and dying -------------------------------------------------------------------------


def test_or_another_ally_enters_triggers_on_itself_and_on_another_ally() -> None:
    itself = board(
        [{"id": "h", "card": "Ally Herald", "controller": "P1", "entering": True}],
        step="precombat_main",
    )
    answer = ask(itself, {"kind": "characteristics", "object": "h"})
    assert answer.data["enters_triggers"]
    other = board(
        [
            {"id": "h", "card": "Ally Herald", "controller": "P1"},
            {"id": "w", "card": "Wall Guard", "controller": "P1", "entering": True},
        ],
        step="precombat_main",
    )
    answer = ask(other, {"kind": "characteristics", "object": "w"})
    assert any(t.startswith("h:") for t in answer.data["enters_triggers"])
    bear = board(
        [
            {"id": "h", "card": "Ally Herald", "controller": "P1"},
            {"id": "g", "card": "Grizzly Bears", "controller": "P1", "entering": True},
        ],
        step="precombat_main",
    )
    answer = ask(bear, {"kind": "characteristics", "object": "g"})
    assert not answer.data.get("enters_triggers")


def test_or_another_creature_dies_triggers_when_it_dies_itself() -> None:
    b = board(
        [
            {"id": "gw", "card": "Grave Watcher", "controller": "P1", "attacking": "P2"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "P2", "blocking": "gw"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert any(t.startswith("gw:") and "(gw)" in t for t in answer.data["triggers"])


def test_enters_or_dies_triggers_on_dying() -> None:
    b = board(
        [
            {"id": "tp", "card": "Twice Pup", "controller": "P1", "attacking": "P2"},
            {"id": "bear", "card": "Grizzly Bears", "controller": "P2", "blocking": "tp"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert any(t.startswith("tp:") for t in answer.data["triggers"])


# --- cast triggers (601.2i) ---------------------------------------------------------------------


def _bolt(battlefield: list[dict[str, Any]], target: str) -> Any:
    b = board(battlefield, step="precombat_main")
    return ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": [target]})


def test_a_red_spell_triggers_a_red_cast_trigger_and_not_a_white_one() -> None:
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "P2"}
    red = _bolt([bear, {"id": "t", "card": "Red Totem", "controller": "P2"}], "bear")
    assert not red.verified and named(red, "t:", "resolves before the spell")
    white = _bolt([bear, {"id": "t", "card": "White Totem", "controller": "P2"}], "bear")
    assert not named(white, "t:") and white.verified


def test_a_spell_that_targets_it_triggers_heroic_only_on_its_target() -> None:
    pup = {"id": "pup", "card": "Heroic Pup", "controller": "P1"}
    bear = {"id": "bear", "card": "Grizzly Bears", "controller": "P2"}
    assert named(_bolt([pup, bear], "pup"), "pup:", "resolves before the spell")
    assert not named(_bolt([pup, bear], "bear"), "pup:")


# --- intervening "if" clauses (603.4) -----------------------------------------------------------


@pytest.mark.parametrize(
    ("condition", "read"),
    [
        ("you control three or more artifacts", True),
        ("you control another Knight", True),
        ("a permanent left the battlefield under your control this turn", True),
        ("tribute wasn't paid", True),
        ("you control a creature with power 4 or greater", True),
        ("{R} was spent to cast it", True),
        ("an opponent controls more lands than you", True),
        ("you control a Vraska planeswalker", True),
        ("you control a creature with flying", False),
        ("you cast a spell this turn", False),
    ],
)
def test_which_intervening_if_clauses_are_read(condition: str, read: bool) -> None:
    assert reads_intervening_if(condition) is read


def test_an_enters_trigger_with_an_intervening_if_is_listed_with_it_and_unverified() -> None:
    b = board(
        [{"id": "fan", "card": "Artifact Fan", "controller": "P1", "entering": True}],
        step="precombat_main",
    )
    answer = ask(b, {"kind": "characteristics", "object": "fan"})
    (listed,) = answer.data["enters_triggers"]
    assert "(only if you control two or more artifacts)" in listed
    assert not answer.verified and cites(answer, "603.4")
    assert named(answer, "you control two or more artifacts", "603.4")


# --- damage dealt by the creatures a trigger names (603.2c) -------------------------------------


def test_a_creature_you_control_dealing_combat_damage_triggers_once_per_creature() -> None:
    fighters = [
        {"id": "b1", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
        {"id": "b2", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
    ]
    banner = {"id": "rb", "card": "Raid Banner", "controller": "P1"}
    answer = ask(board([*fighters, banner]), {"kind": "combat_damage"})
    assert [t for t in answer.data["triggers"] if t.startswith("rb:")] == [
        "rb: Whenever a creature you control deals combat damage to a player, you gain 1 life (b1)",
        "rb: Whenever a creature you control deals combat damage to a player, you gain 1 life (b2)",
    ]
    horn = {"id": "rh", "card": "Raid Horn", "controller": "P1"}
    answer = ask(board([*fighters, horn]), {"kind": "combat_damage"})
    assert len([t for t in answer.data["triggers"] if t.startswith("rh:")]) == 1


def test_a_blocked_creature_deals_no_damage_to_a_player_and_triggers_nothing() -> None:
    b = board(
        [
            {"id": "b1", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "d", "card": "Grizzly Bears", "controller": "P2", "blocking": "b1"},
            {"id": "rb", "card": "Raid Banner", "controller": "P1"},
            {"id": "rb2", "card": "Raid Banner", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert not [t for t in answer.data["triggers"] if t.startswith("rb")]


# --- attacking alone (506.5), state triggers (603.8), nontoken (111.1) --------------------------


def test_attacks_alone_triggers_only_for_the_only_attacker() -> None:
    pup = {"id": "pup", "card": "Lone Pup", "controller": "P1", "attacking": "P2"}
    bear = {"id": "b1", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    assert named(ask(board([pup]), {"kind": "combat_damage"}), "pup", "attack trigger")
    assert not named(ask(board([pup, bear]), {"kind": "combat_damage"}), "trigger")


def test_a_state_trigger_whose_state_holds_makes_the_answer_unverified() -> None:
    fish = {"id": "fish", "card": "Island Fish", "controller": "P1"}
    answer = ask(
        board([fish], step="precombat_main"), {"kind": "characteristics", "object": "fish"}
    )
    assert not answer.verified and named(answer, "fish", "603.8") and cites(answer, "603.8")
    island = {"id": "isl", "card": "Island", "controller": "P1"}  # see EXTRA
    answer = ask(
        board([fish, island], step="precombat_main"), {"kind": "characteristics", "object": "fish"}
    )
    assert not named(answer, "603.8") and answer.verified


def test_a_nontoken_dies_trigger_ignores_a_dying_token() -> None:
    mourner = {"id": "m", "card": "Token Mourner", "controller": "P1"}
    bear = {"id": "b", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    blocker = {"id": "d", "card": "Grizzly Bears", "controller": "P2", "blocking": "b"}
    answer = ask(board([mourner, bear, blocker]), {"kind": "combat_damage"})
    assert any(t.startswith("m:") and "(b)" in t for t in answer.data["triggers"])
    token = {**bear, "token": {"name": "Bear", "types": ["Creature"], "power": 2, "toughness": 2}}
    del token["card"]
    answer = ask(board([mourner, token, blocker]), {"kind": "combat_damage"})
    assert not [t for t in answer.data["triggers"] if t.startswith("m:")]


def test_a_new_token_triggers_the_enters_abilities_it_matches() -> None:
    maker = {"id": "mk", "card": "Soldier Maker", "controller": "P1"}
    greeter = {"id": "g", "card": "Soldier Greeter", "controller": "P1"}
    answer = ask(
        board([maker, greeter], step="precombat_main"),
        {"kind": "tokens", "object": "mk", "ability": 1},
    )
    (row,) = answer.data["tokens"]
    assert row["others_enters_triggers"] and not answer.verified and cites(answer, "603.6a")
    theirs = {**greeter, "controller": "P2"}
    angel = {"id": "a", "card": "Angel Greeter", "controller": "P1"}
    for other in (theirs, angel):
        answer = ask(
            board([maker, other], step="precombat_main"),
            {"kind": "tokens", "object": "mk", "ability": 1},
        )
        assert "others_enters_triggers" not in answer.data["tokens"][0] and answer.verified


def test_an_opponents_spell_targeting_it_triggers_and_its_controllers_does_not() -> None:
    pup = {"id": "pup", "card": "Wary Pup", "controller": "P2"}
    b = board([pup], step="precombat_main")
    theirs = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["pup"]})
    assert named(theirs, "pup:", "resolves before the spell")
    own = ask(
        b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["pup"], "controller": "P2"}
    )
    assert not named(own, "pup:")


def test_whenever_you_attack_triggers_once_however_many_attack() -> None:
    drummer = {"id": "dr", "card": "War Drummer", "controller": "P1"}
    b1 = {"id": "b1", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    b2 = {"id": "b2", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    answer = ask(board([drummer, b1, b2]), {"kind": "combat_damage"})
    assert len([t for t in answer.data["declared_triggers"] if t.startswith("dr:")]) == 1
    assert named(answer, "dr", "attack trigger")
    assert not named(ask(board([drummer]), {"kind": "combat_damage"}), "trigger")


def test_combat_damage_to_a_player_or_planeswalker_triggers_on_a_planeswalker_too() -> None:
    biter = {"id": "wb", "card": "Walker Biter", "controller": "P1", "attacking": "P2"}
    answer = ask(board([biter]), {"kind": "combat_damage"})
    assert any(t.startswith("wb:") for t in answer.data["triggers"])
    blocked = board(
        [biter, {"id": "wall", "card": "Wall Guard", "controller": "P2", "blocking": "wb"}]
    )
    assert not any(
        t.startswith("wb:") for t in ask(blocked, {"kind": "combat_damage"}).data["triggers"]
    )


def test_a_creature_attacking_you_triggers_your_ward_and_not_the_attackers() -> None:
    bear = {"id": "b1", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    mine = {"id": "w", "card": "Ambush Ward", "controller": "P2"}
    assert named(ask(board([bear, mine]), {"kind": "combat_damage"}), "w", "attack trigger")
    theirs = {**mine, "controller": "P1"}
    assert not named(ask(board([bear, theirs]), {"kind": "combat_damage"}), "trigger")


def test_an_artifact_put_into_a_graveyard_triggers_and_a_plain_creature_does_not() -> None:
    watcher = {"id": "sw", "card": "Scrap Watcher", "controller": "P2"}
    for attacker, triggers in (("Iron Bear", True), ("Grizzly Bears", False)):
        b = board(
            [
                {"id": "a", "card": attacker, "controller": "P1", "attacking": "P2"},
                {"id": "d", "card": "Grizzly Bears", "controller": "P2", "blocking": "a"},
                watcher,
            ]
        )
        found = [
            t for t in ask(b, {"kind": "combat_damage"}).data["triggers"] if t.startswith("sw:")
        ]
        assert bool(found) is triggers and all("(a)" in t for t in found)


def test_a_creature_dealt_damage_by_it_dying_triggers_and_another_does_not() -> None:
    pup = {"id": "bp", "card": "Blood Pup", "controller": "P1", "attacking": "P2"}
    bear = {"id": "d", "card": "Grizzly Bears", "controller": "P2", "blocking": "bp"}
    answer = ask(board([pup, bear]), {"kind": "combat_damage"})
    assert any(t.startswith("bp:") and "(d)" in t for t in answer.data["triggers"])
    other = {"id": "b2", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"}
    blocker = {"id": "d", "card": "Grizzly Bears", "controller": "P2", "blocking": "b2"}
    home = {"id": "bp", "card": "Blood Pup", "controller": "P1"}
    answer = ask(board([home, other, blocker]), {"kind": "combat_damage"})
    assert not [t for t in answer.data["triggers"] if t.startswith("bp:")]
    hurt = {**blocker, "damage": 1}
    answer = ask(board([home, other, hurt]), {"kind": "combat_damage"})
    assert named(answer, "bp", "whether it dealt the damage marked on d")


def test_a_modal_trigger_on_attacking_or_blocking_keeps_both_events() -> None:
    text = (
        "Whenever this creature attacks or blocks, choose one —\n"
        "• Create a 3/3 green Beast creature token.\n• You gain 3 life."
    )
    (a,) = compile_card(
        CardText("Modal Beast", "{3}{G}", "Creature — Beast", text, "6", "6")
    ).abilities
    assert isinstance(a, TriggeredAbility) and a.events == ("attacks", "blocks")
