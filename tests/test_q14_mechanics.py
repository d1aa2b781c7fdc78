"""Q14 (session 10): mechanics the player's words don't name, read from the Oracle text, and
the rules the interactions table gives where they meet."""

from __future__ import annotations

from rulings_db.mechanics import CardFacts, interactions, text_mechanics

GUTTERSNIPE = CardFacts(
    "Guttersnipe",
    "Creature — Goblin Shaman",
    "Whenever you cast an instant or sorcery spell, Guttersnipe deals 2 damage to each opponent.",
    "{2}{R}",
)
LAUNCH_PARTY = CardFacts(
    "Launch Party",
    "Instant",
    "As an additional cost to cast this spell, sacrifice a creature.\n"
    "Destroy target creature. Its controller loses 2 life.",
    "{3}{B}",
)
STIFLE = CardFacts("Stifle", "Instant", "Counter target activated or triggered ability.", "{U}")
POLLUTED_DELTA = CardFacts(
    "Polluted Delta",
    "Land",
    "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your library for an Island or Swamp "
    "card, put it onto the battlefield, then shuffle.",
)
LLANOWAR_ELVES = CardFacts("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}.", "{G}")
HUNTING_PACK = CardFacts(
    "Hunting Pack",
    "Instant",
    "Create a 4/4 green Beast creature token.\nStorm",
    "{5}{G}{G}",
    keywords=("Storm",),
)
MIRARI = CardFacts(
    "Mirari",
    "Legendary Artifact",
    "Whenever you cast an instant or sorcery spell, you may pay {3}. If you do, copy that "
    "spell. You may choose new targets for the copy.",
    "{5}",
)
NOXIOUS_GRASP = CardFacts(
    "Noxious Grasp",
    "Instant",
    "Destroy target creature or planeswalker that's green or white. You gain 1 life.",
    "{1}{B}",
)
AWAKENING = CardFacts(
    "Awakening of Vitu-Ghazi",
    "Instant",
    "Put nine +1/+1 counters on target land you control. It becomes a 0/0 Elemental creature "
    "with haste named Vitu-Ghazi. It's still a land.",
    "{3}{G}{G}",
)
WHEEL_OF_FATE = CardFacts(
    "Wheel of Fate",
    "Sorcery",
    "Suspend 4—{1}{R}\nEach player discards their hand, then draws seven cards.",
    keywords=("Suspend",),
)
INCENDIARY_COMMAND = CardFacts(
    "Incendiary Command",
    "Sorcery",
    "Choose two —\n• Incendiary Command deals 4 damage to target player or planeswalker.\n"
    "• Incendiary Command deals 2 damage to each creature.",
    "{3}{R}{R}",
)


def _pair_rules(*cards: CardFacts) -> list[str]:
    return interactions().pair_rules([text_mechanics(c) for c in cards])


def _rules(*cards: CardFacts) -> list[str]:
    return interactions().governing_rules([text_mechanics(c) for c in cards])


def test_a_cast_trigger_meeting_a_sacrifice_as_additional_cost_is_decided_by_601_2h_and_i() -> None:
    assert "cast_trigger" in text_mechanics(GUTTERSNIPE)
    assert "additional_cost" in text_mechanics(LAUNCH_PARTY)
    assert {"601.2h", "601.2i"} <= set(_pair_rules(GUTTERSNIPE, LAUNCH_PARTY))


def test_countering_an_activated_ability_leaves_its_costs_paid_under_602_2() -> None:
    assert "counter_ability" in text_mechanics(STIFLE)
    assert "activated" in text_mechanics(POLLUTED_DELTA)
    assert {"602.2", "701.6a"} <= set(_pair_rules(STIFLE, POLLUTED_DELTA))


def test_a_mana_ability_is_not_an_activated_ability_that_can_be_countered() -> None:
    elves = text_mechanics(LLANOWAR_ELVES)
    assert "mana_ability" in elves and "activated" not in elves
    assert _pair_rules(STIFLE, LLANOWAR_ELVES) == ["605.3b"]


def test_storm_is_a_cast_trigger_and_a_copied_spell_is_not_cast_under_707_10() -> None:
    assert {"cast_trigger", "copy_spell"} <= text_mechanics(HUNTING_PACK)
    assert "copy_spell" in text_mechanics(MIRARI)
    assert "707.10" in _pair_rules(MIRARI, HUNTING_PACK)


def test_an_animated_land_meeting_a_color_check_is_decided_by_its_color_202_2() -> None:
    assert "color_matters" in text_mechanics(NOXIOUS_GRASP)
    assert {"202.2", "105.2c"} <= set(_pair_rules(NOXIOUS_GRASP, AWAKENING))


def test_a_card_with_no_mana_cost_brings_the_unpayable_cost_rules() -> None:
    assert "no_mana_cost" in text_mechanics(WHEEL_OF_FATE)
    assert {"202.1b", "118.6"} <= set(_rules(WHEEL_OF_FATE))
    land = CardFacts("Island", "Basic Land — Island", "({T}: Add {U}.)")
    assert "no_mana_cost" not in text_mechanics(land)


def test_a_modal_spell_follows_its_modes_in_the_order_written_608_2c() -> None:
    assert "modal" in text_mechanics(INCENDIARY_COMMAND)
    assert "608.2c" in _rules(INCENDIARY_COMMAND)


def test_losing_all_land_types_is_a_type_change() -> None:
    moon = CardFacts(
        "Alpine Moon",
        "Enchantment",
        "Nonbasic lands your opponents control with the chosen name lose all land types and "
        'abilities and have "{T}: Add one mana of any color."',
        "{R}",
    )
    assert {"type_change", "lose_abilities"} <= text_mechanics(moon)
