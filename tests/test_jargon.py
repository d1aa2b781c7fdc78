"""The one jargon table (rulings_db/data/jargon.yaml): players' words for rules concepts."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from rulings_db.jargon import jargon, parse_jargon
from rulings_db.knowledge import KnowledgeBase
from rulings_db.text import SLANG, slang_phrases


def test_the_table_holds_at_least_150_concepts_each_with_an_example_question() -> None:
    entries = jargon().entries
    assert len(entries) >= 150
    assert all(e.example.strip() for e in entries)


def test_free_questions_use_the_tables_words() -> None:
    assert SLANG["fizzle"] == jargon().lookup("fizzle").means  # type: ignore[union-attr]
    assert ("fizzles", SLANG["fizzle"]) in slang_phrases("does my spell fizzles?")


def test_lookup_finds_inflections_and_rules() -> None:
    entry = jargon().lookup("Fizzles")
    assert entry is not None and "608.2b" in entry.rules
    tucked = jargon().lookup("tucked")
    assert tucked is not None and "903.9b" in tucked.rules
    assert jargon().lookup("tap my elves for mana") is not None  # a pattern entry
    assert jargon().lookup("xyzzy") is None


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("could bile blight kill multiple morph creatures?", "708.2a"),
        ("can i counter a replica?", "707.10"),
        ("does giving a mutant stack undying bring them back?", "729.3"),
        ("what colour is an animated land?", "105.2c"),
        ("does my elephant token come back after astral slide exiled it?", "111.8"),
        ("if i turn glacial chasm into a swamp, does it lose its abilities?", "305.7"),
        ("i control my opponent's next turn; do i control their extra turn?", "722.1"),
    ],
)
def test_real_players_words_bring_the_rule_that_decides_them(question: str, rule: str) -> None:
    found = [
        r for typed, _ in slang_phrases(question) if (e := jargon().lookup(typed)) for r in e.rules
    ]
    assert rule in found


def test_an_entry_without_an_example_is_refused() -> None:
    with pytest.raises(ValueError, match="example"):
        parse_jargon("jargon:\n  - say: [etb]\n    means: enters\n")


def test_knowledge_base_jargon_lookup(kb_path: Path) -> None:
    kb = KnowledgeBase(kb_path)
    entry = kb.jargon("ETB")
    assert entry is not None and entry.means.startswith("enters the battlefield")


@pytest.mark.shared
def test_every_rule_of_the_table_is_a_rule_of_the_cr(shared_kb_path: Path) -> None:
    rules = {r for e in jargon().entries for r in e.rules}
    with sqlite3.connect(shared_kb_path) as conn:
        have = {n for (n,) in conn.execute("select number from rules")}
    assert rules - have == set()


def _rules_for(question: str) -> list[str]:
    return [
        r for typed, _ in slang_phrases(question) if (e := jargon().lookup(typed)) for r in e.rules
    ]


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # 113.7a: an ability on the stack exists independently of its source.
        (
            "he pings me with prodigal sorcerer and i shock it in response, do i still take 1?",
            "113.7a",
        ),
        # 704.3: state-based actions are performed simultaneously, when a player would get priority.
        ("the angel died and i went to -2 life at the same time, is it a draw?", "704.3"),
        ("does my werebear die before pyroclasm hits the graveyard?", "704.3"),
        # 704.5m / 704.5n: Auras and Equipment on something that is no longer a creature.
        ("when gideon jura stops being a creature, what happens to my auras?", "704.5m"),
        # 603.3b: the controller puts their triggers on the stack in any order.
        ("in which order do i put its two triggers on the stack?", "603.3b"),
        ("can i stack my triggers so the tokens come first?", "603.3b"),
    ],
)
def test_question_shapes_bring_the_rule_family_that_decides_them(question: str, rule: str) -> None:
    assert rule in _rules_for(question)


def test_a_shape_does_not_fire_where_its_words_mean_something_else() -> None:
    # "in response ... still" about a spell whose target left is 608.2b's, not 113.7a's
    fizzle = "they sac the creature in response, does the command fizzle or does it still die"
    assert "113.7a" not in _rules_for(fizzle)
    # "died ... before the end step" is a time of the turn, not state-based actions
    assert "704.3" not in _rules_for("it died in combat before the end step came, do i draw?")


def test_every_question_shape_is_a_pattern_with_rules() -> None:
    shapes = [e for e in jargon().entries if e.kind == "shape"]
    assert shapes and all(e.pattern and e.rules for e in shapes)


def test_an_unknown_kind_or_a_shape_without_rules_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown kind"):
        parse_jargon("jargon:\n  - say: [etb]\n    kind: vibe\n    example: x?\n")
    with pytest.raises(ValueError, match="shape needs"):
        parse_jargon("jargon:\n  - pattern: 'in response'\n    kind: shape\n    example: x?\n")


def test_players_words_for_counters_and_losing_abilities_bring_rule_122() -> None:
    assert "122.1" in _rules_for('it has "lose all abilities". does this also remove the counters?')
    assert "122.2" in _rules_for("when exactly do the counters cease to exist?")
    assert "708.2a" in _rules_for("if i control a face down morph, do i draw?")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        # 508.4 / 508.3a: put onto the battlefield attacking, never declared as an attacker.
        ("my token came in tapped and attacking, does its whenever this attacks trigger?", "508.4"),
        # 800.4a: a player leaving the game takes what they own; control effects end.
        ("say you control a creature owned by another player and that player loses?", "800.4a"),
        ("i lost, but the game continued. what happens to the ring i controlled?", "800.4a"),
        # 606.3: loyalty abilities only at sorcery speed, once a turn.
        ("can i activate one of my planeswalkers' abilities on my opponent's turn?", "606.3"),
    ],
)
def test_more_real_question_shapes_bring_their_rule(question: str, rule: str) -> None:
    assert rule in _rules_for(question)


def test_losing_abilities_is_not_a_player_leaving_the_game() -> None:
    assert "800.4a" not in _rules_for("do my nonbasics lose their own abilities?")


def test_choosing_one_target_twice_brings_115_3() -> None:
    assert "115.3" in _rules_for("he says he'll target the mongrel twice with shower of coals")
    assert "115.3" in _rules_for("can i pick the same creature for both targets?")


def test_who_chooses_first_brings_the_active_player_first_rule_101_4() -> None:
    assert "101.4" in _rules_for("each player sacrifices a creature. who picks first?")
    assert "101.4" not in _rules_for("does the player who goes first skip the draw?")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("two effects in the same layer set its p/t, which one wins?", "613.7"),  # timestamps
        ("spell says discard two cards but i only have one card in hand", "609.3"),
        ("a card sets my life total to 20 and im at 12, did i gain 8?", "119.5"),
        ("i have a 'you cant lose life' effect out, can i still pay life?", "119.8"),
        ("can i move my equipment at instant speed during combat?", "702.6a"),
    ],
)
def test_written_question_shapes_bring_the_rule_that_decides_them(question: str, rule: str) -> None:
    assert rule in _rules_for(question)


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("its toughness is 0 for a sec mid resolution, does it die?", "704.4"),
        ("if i tap an attacking creature, is it still attacking?", "506.4"),
        ("does that trigger when a creature enters with +1/+1 counters?", "122.6"),
        ("it becomes a 0/1 but doesnt say until end of turn, how long does that last", "611.2a"),
        ("if i kick a spell does its cmc go up?", "118.8d"),
    ],
)
def test_more_written_question_shapes_bring_their_rule(question: str, rule: str) -> None:
    assert rule in _rules_for(question)


def test_mana_emptying_cites_todays_rule_500_5_not_the_old_number() -> None:
    # 500.4 is now "effects that last until a step expire"; the mana pool empties under 500.5.
    for question in ("can i float mana to combat?", "is my mana gone after main phase?"):
        assert {"500.5", "106.4"} <= set(_rules_for(question))
        assert "500.4" not in _rules_for(question)
    assert _rules_for("does my land that enters tapped trigger?") == ["614.1d"]


def test_dies_is_expanded_but_its_definition_does_not_claim_every_death_question() -> None:
    # "dies" is in most questions about death triggers; 700.4 decides few of them.
    assert "700.4" not in _rules_for("if my token dies, does it trigger the ability?")
    assert SLANG["dies"] == "put into a graveyard from the battlefield"
