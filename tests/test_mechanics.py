"""Card mechanics (rulings_db/mechanics.py), the curated interactions table, the engine's
reading handed to the build (bot/mechanics.py), and the governing rules free questions gain."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bot.mechanics import engine_mechanics
from rulings_db.build import build_database
from rulings_db.knowledge import KnowledgeBase
from rulings_db.mechanics import (
    MECHANICS,
    CardFacts,
    interactions,
    parse_interactions,
    text_mechanics,
)

KALITAS = CardFacts(
    "Kalitas, Traitor of Ghet",
    "Legendary Creature — Vampire Warrior",
    "Lifelink\nIf a nontoken creature an opponent controls would die, instead exile that card "
    "and create a 2/2 black Zombie creature token.",
    keywords=("Lifelink",),
)
LEYLINE = CardFacts(
    "Leyline of the Void",
    "Enchantment",
    "If a card would be put into an opponent's graveyard from anywhere, exile it instead.",
)
HUMILITY = CardFacts(
    "Humility",
    "Enchantment",
    "All creatures lose all abilities and have base power and toughness 1/1.",
)


def test_plain_text_reads_replacement_effects_types_and_keywords() -> None:
    assert {"replacement", "token_maker", "legendary", "lifelink"} <= text_mechanics(KALITAS)
    assert "replacement" in text_mechanics(LEYLINE)
    assert {"lose_abilities", "set_pt", "static"} <= text_mechanics(HUMILITY)


def test_two_replacement_effects_on_two_cards_are_decided_by_616_1() -> None:
    rules = interactions().pair_rules([text_mechanics(LEYLINE), text_mechanics(KALITAS)])
    assert "616.1" in rules


PARALLEL_LIVES = CardFacts(
    "Parallel Lives",
    "Enchantment",
    "If an effect would create one or more tokens under your control, it creates twice that "
    "many of those tokens instead.",
)
STANGG = CardFacts(
    "Stangg",
    "Legendary Creature — Human Warrior",
    "When Stangg enters, create Stangg Twin, a legendary 3/4 red and green Human Warrior "
    "creature token.",
)


def test_a_token_doubler_meeting_a_legend_is_decided_by_the_legend_rule() -> None:
    rules = interactions().pair_rules([text_mechanics(PARALLEL_LIVES), text_mechanics(STANGG)])
    assert "704.5j" in rules


def test_one_card_with_two_replacement_effects_is_no_pair() -> None:
    assert "616.1" not in interactions().pair_rules([text_mechanics(LEYLINE)])


def test_engine_reading_names_only_known_mechanics() -> None:
    found = engine_mechanics(HUMILITY)
    assert {"lose_abilities", "set_pt"} <= found
    assert found <= set(MECHANICS)


def test_every_mechanic_of_the_table_is_in_the_vocabulary_and_has_an_example() -> None:
    table = interactions()
    entries = [e for v in (*table.single.values(), *table.pairs.values()) for e in v]
    assert entries
    for entry in entries:
        assert set(entry.mechanics) <= set(MECHANICS)
        assert entry.rules and entry.example


def test_every_mechanic_the_readers_produce_is_consumed_by_the_table() -> None:
    table = interactions()
    used = {
        m for v in (*table.single.values(), *table.pairs.values()) for e in v for m in e.mechanics
    }
    assert set(MECHANICS) - used == set()


def test_a_table_naming_an_unknown_mechanic_is_refused() -> None:
    with pytest.raises(ValueError, match="bad mechanics"):
        parse_interactions("interactions:\n  - mechanics: [teleportation]\n    rules: ['1.1']\n")


@pytest.mark.shared
def test_every_rule_of_the_table_is_a_rule_of_the_cr(shared_kb_path: Path) -> None:
    table = interactions()
    rules = {r for v in (*table.single.values(), *table.pairs.values()) for e in v for r in e.rules}
    with sqlite3.connect(shared_kb_path) as conn:
        have = {n for (n,) in conn.execute("select number from rules")}
    assert rules - have == set()


def test_the_build_stores_mechanics_with_the_function_it_is_handed(
    kb_fixture_dir: Path, tmp_path: Path
) -> None:
    target = tmp_path / "kb.sqlite"
    build_database(kb_fixture_dir, target, mechanics_of=lambda card: ["copy", "not-a-mechanic"])
    with sqlite3.connect(target) as conn:
        rows = [json.loads(m) for (m,) in conn.execute("select mechanics from card_mechanics")]
    assert rows and all("copy" in r and "not-a-mechanic" not in r for r in rows)


def test_the_build_reads_plain_text_without_a_function(kb_path: Path) -> None:
    with sqlite3.connect(kb_path) as conn:
        count = conn.execute("select count(*) from card_mechanics").fetchone()[0]
    assert count > 0


@pytest.mark.shared
def test_leyline_and_kalitas_bring_the_replacement_order_rule_in_as_a_candidate(
    shared_kb_path: Path,
) -> None:
    kb = KnowledgeBase(shared_kb_path)
    question = (
        "I control Leyline of the Void and Kalitas, Traitor of Ghet. If an opponent's creature "
        "dies, is it exiled or do I get a Zombie?"
    )
    kb.ask(question)
    retriever = kb._retriever
    assert retriever is not None
    query = retriever.build_query(question)
    assert "616.1" in query.interaction_rules
    assert "616.1" in {c.number for c in retriever.gather(query)}


THALIA_CATHAR = CardFacts(
    "Thalia, Heretic Cathar",
    "Legendary Creature — Human Soldier",
    "First strike\nCreatures and nonbasic lands your opponents control enter tapped.",
    keywords=("First strike",),
)
EMRAKUL = CardFacts(
    "Emrakul, the Aeons Torn",
    "Legendary Creature — Eldrazi",
    "When Emrakul is put into a graveyard from anywhere, its owner shuffles their graveyard "
    "into their library.",
)
INKMOTH = CardFacts(
    "Inkmoth Nexus",
    "Land",
    "{T}: Add {C}.\n{1}: Inkmoth Nexus becomes a 1/1 Phyrexian Blinkmoth artifact creature "
    "with flying and infect until end of turn. It's still a land.",
)
HARBINGER = CardFacts(
    "Harbinger of the Seas", "Creature — Merfolk Wizard", "Nonbasic lands are Islands."
)
ICHORID = CardFacts(
    "Ichorid",
    "Creature — Horror",
    "Haste\nAt the beginning of the end step, sacrifice Ichorid.\nAt the beginning of your "
    "upkeep, if Ichorid is in your graveyard, you may exile a black creature card other than "
    "Ichorid from your graveyard. If you do, return Ichorid to the battlefield.",
)
EXALTED_ANGEL = CardFacts(
    "Exalted Angel",
    "Creature — Angel",
    "Flying\nWhenever Exalted Angel deals damage, you gain that much life.\nMorph {2}{W}{W}",
    keywords=("Flying", "Morph"),
)
DAMPING_MATRIX = CardFacts(
    "Damping Matrix",
    "Artifact",
    "Activated abilities of artifacts and creatures can't be activated unless they're mana "
    "abilities.",
)


def test_entering_tapped_is_a_replacement_effect_so_it_meets_kalitas_under_616() -> None:
    # 614.1d: "[Objects] enter [the battlefield] ..." is a replacement effect.
    assert "replacement" in text_mechanics(THALIA_CATHAR)
    rules = interactions().pair_rules([text_mechanics(KALITAS), text_mechanics(THALIA_CATHAR)])
    assert {"616.1", "616.2"} <= set(rules)


def test_a_put_into_a_graveyard_from_anywhere_trigger_meets_a_copy_under_603_10a() -> None:
    assert "leaves_trigger" in text_mechanics(EMRAKUL)
    metamorph = {"copy", "replacement"}
    assert "603.10a" in interactions().pair_rules([text_mechanics(EMRAKUL), metamorph])


def test_becoming_a_1_1_creature_sets_power_and_toughness() -> None:
    # 613.4b: effects that set power and toughness to a specific number.
    assert {"set_pt", "type_change"} <= text_mechanics(INKMOTH)
    assert "613.4b" in interactions().pair_rules([text_mechanics(INKMOTH), {"set_pt"}])


def test_lands_becoming_a_basic_type_is_a_type_change() -> None:
    assert "type_change" in text_mechanics(HARBINGER)


def test_an_intervening_if_trigger_is_governed_by_603_4() -> None:
    assert "intervening_if" in text_mechanics(ICHORID)
    assert "intervening_if" not in text_mechanics(EXALTED_ANGEL)
    assert "603.4" in interactions().governing_rules([text_mechanics(ICHORID)])


def test_toxic_is_read_from_keywords_and_granted_text() -> None:
    paladin = CardFacts("Nimraiser Paladin", "Creature", "Toxic 1", keywords=("Toxic",))
    injector = CardFacts("Prosthetic Injector", "Artifact — Equipment", "has toxic 2")
    assert "toxic" in text_mechanics(paladin) and "toxic" in text_mechanics(injector)
    assert "702.164c" in interactions().governing_rules([text_mechanics(injector)])


def test_turning_a_morph_face_up_under_a_cant_activate_effect_is_a_special_action() -> None:
    rules = interactions().pair_rules(
        [text_mechanics(EXALTED_ANGEL), text_mechanics(DAMPING_MATRIX)]
    )
    assert {"116.2b", "702.37e"} <= set(rules)


WHISPERSILK_CLOAK = CardFacts(
    "Whispersilk Cloak",
    "Artifact — Equipment",
    "Equipped creature can't be blocked and has shroud.\nEquip {2}",
    keywords=("Equip",),
)


def test_a_keyword_the_card_grants_is_a_mechanic_it_brings() -> None:
    assert "hexproof" in text_mechanics(WHISPERSILK_CLOAK)
    anthem = CardFacts(
        "x", "Sorcery", "Creatures you control gain flying, trample and lifelink until end of turn."
    )
    assert {"trample", "lifelink"} <= text_mechanics(anthem)
    # "you gain that much life" grants nothing
    assert "lifelink" not in text_mechanics(EXALTED_ANGEL)


def test_an_auras_controller_is_not_the_enchanted_creatures_under_303_4e() -> None:
    aura = CardFacts("Sleep Paralysis", "Enchantment — Aura", "Enchant creature")
    assert "303.4e" in interactions().governing_rules([text_mechanics(aura)])


def test_pairs_cite_the_rule_of_the_thing_that_meets() -> None:
    # 702.16c: Auras; 702.16d: Equipment; 613.1b: layer 2 (613.2 is layer 1's sublayers).
    table = interactions()
    assert "702.16c" in table.pair_rules([{"protection"}, {"aura"}])
    assert "702.16d" in table.pair_rules([{"protection"}, {"equipment"}])
    control = table.pair_rules([{"control_change"}, {"static"}])
    assert "613.1b" in control and "613.2" not in control


def test_two_triggers_meeting_cite_the_order_rule_not_every_trigger_rule() -> None:
    # Measured: 603.10a / 603.6a / 111.1 / 303.4d / 613.1 led wrong answers where they met.
    table = interactions()
    assert table.pair_rules([{"leaves_trigger"}, {"triggered"}]) == ["603.3b"]
    assert table.pair_rules([{"etb_trigger"}, {"triggered"}]) == ["603.3b"]
    assert "613.1" not in table.pair_rules([{"static"}, {"static"}])
