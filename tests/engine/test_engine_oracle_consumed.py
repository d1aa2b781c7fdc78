"""What the templates added for coverage read is consumed by the rules core: a restriction the
board can't show makes the answer unverified, and an ability that works from the graveyard is
activated only there (113.6m)."""

from __future__ import annotations

from typing import Any

from engine.board import load_board
from engine.cards import DictCardSource, card_from_mapping
from engine.questions import ask

CARDS = {
    "Basking Rootwalla": {
        "mana_cost": "{G}",
        "type_line": "Creature — Lizard",
        "pt": "1/1",
        "oracle_text": "{1}{G}: Basking Rootwalla gets +2/+2 until end of turn. Activate only once "
        "each turn.",
    },
    "Grave Scrabbler": {
        "mana_cost": "{1}{B}",
        "type_line": "Creature — Zombie",
        "pt": "2/2",
        "oracle_text": "{2}{B}: Return Grave Scrabbler from your graveyard to your hand.",
    },
    "Forest": {"type_line": "Basic Land — Forest"},
    "Beast Whisperer": {
        "mana_cost": "{2}{G}{G}",
        "type_line": "Creature — Elf Druid",
        "pt": "2/3",
        "oracle_text": "Whenever you cast a creature spell, draw a card.",
    },
    "Mindstab Thrull Watcher": {
        "mana_cost": "{1}{B}",
        "type_line": "Creature — Thrull",
        "pt": "1/1",
        "oracle_text": "Whenever an opponent casts a spell, put a +1/+1 counter on this creature.",
    },
    "Lightning Bolt": {
        "mana_cost": "{R}",
        "type_line": "Instant",
        "oracle_text": "Lightning Bolt deals 3 damage to any target.",
    },
    "Lu Xun Lookalike": {
        "mana_cost": "{3}{U}",
        "type_line": "Creature — Human",
        "pt": "1/3",
        "oracle_text": "Whenever this creature deals damage to an opponent, draw a card.",
    },
    "Thopter Vault": {
        "mana_cost": "{2}",
        "type_line": "Artifact Creature — Construct",
        "pt": "1/1",
        "oracle_text": "When this creature is put into a graveyard from the battlefield, draw a "
        "card.",
    },
    "Servo Maker": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Dwarf",
        "pt": "2/2",
        "oracle_text": "When this creature enters, you may pay {1}. If you do, create a 1/1 "
        "colorless Servo artifact creature token.",
    },
    "Death Watcher": {
        "mana_cost": "{1}{B}",
        "type_line": "Creature — Human",
        "pt": "1/1",
        "oracle_text": "Whenever another creature you control dies, you gain 1 life.",
    },
    "Enraged Ceratok": {
        "mana_cost": "{4}{G}",
        "type_line": "Creature — Dinosaur",
        "pt": "4/4",
        "oracle_text": "Enrage — Whenever this creature is dealt damage, draw a card.",
    },
    "Upkeep Healer": {
        "mana_cost": "{W}",
        "type_line": "Creature — Human Cleric",
        "pt": "1/1",
        "oracle_text": "{T}: You gain 1 life. Activate only during your turn, before attackers are "
        "declared.",
    },
    "Channel Kami": {
        "mana_cost": "{3}{U}",
        "type_line": "Creature — Spirit",
        "pt": "2/2",
        "oracle_text": "Channel — {U}, Discard this card: Draw a card.",
    },
    "Pridemate": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Cat Soldier",
        "pt": "2/2",
        "oracle_text": "Whenever you gain life, put a +1/+1 counter on this creature.",
    },
    "Lifelink Bear": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Bear",
        "pt": "2/2",
        "oracle_text": "Lifelink",
    },
    "Healing Word": {
        "mana_cost": "{W}",
        "type_line": "Instant",
        "oracle_text": "You gain 3 life.",
    },
    "Warden": {
        "mana_cost": "{W}",
        "type_line": "Creature — Human Cleric",
        "pt": "1/1",
        "oracle_text": "Whenever another creature enters, you gain 1 life.",
    },
    "Wolf of Power": {
        "mana_cost": "{2}{G}",
        "type_line": "Creature — Wolf",
        "pt": "3/3",
        "oracle_text": "Wolf of Power can't be blocked by creatures with power 2 or less.",
    },
    "Hill Giant": {"mana_cost": "{3}{R}", "type_line": "Creature — Giant", "pt": "3/3"},
    "Manabarbs": {
        "mana_cost": "{3}{R}",
        "type_line": "Enchantment",
        "oracle_text": "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that "
        "player.",
    },
    "Bone Altar Cultist": {
        "mana_cost": "{B}",
        "type_line": "Creature — Human Cleric",
        "pt": "1/1",
        "oracle_text": "Sacrifice another creature: Draw a card.",
    },
    "Counter Golem": {
        "mana_cost": "{3}",
        "type_line": "Artifact Creature — Golem",
        "pt": "2/2",
        "oracle_text": "Remove a +1/+1 counter from this creature: Draw a card.",
    },
    "Life Broker": {
        "mana_cost": "{B}",
        "type_line": "Creature — Human",
        "pt": "1/1",
        "oracle_text": "Pay 3 life: Draw a card.",
    },
    "Grizzly Bears": {"mana_cost": "{1}{G}", "type_line": "Creature — Bear", "pt": "2/2"},
    "Kicked Recruiter": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Human Soldier",
        "pt": "1/1",
        "oracle_text": "Kicker {3}\nWhen this creature enters, if it was kicked, create two 1/1 "
        "white Soldier creature tokens.",
    },
}
SOURCE = DictCardSource([card_from_mapping(n, d) for n, d in CARDS.items()])


def board(battlefield: list[dict[str, Any]], **players: Any) -> Any:
    """A board in the declare blockers step (combat boards are then possible ones)."""
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "declare_blockers"},
        "battlefield": battlefield,
        "players": players,
    }
    return load_board(data, SOURCE)


def test_once_each_turn_ability_is_never_verified_activatable() -> None:
    b = board(
        [
            {"id": "walla", "card": "Basking Rootwalla", "controller": "P1"},
            {"id": "forest", "card": "Forest", "controller": "P1", "count": 2},
        ]
    )
    answer = ask(b, {"kind": "can_activate", "object": "walla", "ability": 1})
    assert not answer.verified
    assert any("once each turn" in u for u in answer.unmodelled)


def test_an_ability_that_returns_its_card_from_the_graveyard_works_only_there() -> None:
    b = board([{"id": "scrabbler", "card": "Grave Scrabbler", "controller": "P1"}])
    answer = ask(b, {"kind": "can_activate", "object": "scrabbler", "ability": 1})
    assert answer.data["can_activate"] is False
    assert "113.6" in answer.rules


def test_a_creature_spell_trigger_does_not_trigger_on_an_instant() -> None:
    b = board(
        [
            {"id": "whisperer", "card": "Beast Whisperer", "controller": "P1"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["bears"]})
    assert answer.verified, answer.unmodelled


def test_an_opponent_cast_trigger_triggers_on_your_spell_and_resolves_first() -> None:
    b = board(
        [
            {"id": "thrull", "card": "Mindstab Thrull Watcher", "controller": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["bears"]})
    assert not answer.verified
    assert any("thrull" in u and "resolves before" in u for u in answer.unmodelled)


def test_tokens_from_a_trigger_with_an_intervening_if_are_not_verified() -> None:
    b = board([{"id": "recruiter", "card": "Kicked Recruiter", "controller": "P1"}])
    answer = ask(b, {"kind": "tokens", "object": "recruiter", "ability": 2})
    assert not answer.verified
    assert any("it was kicked" in u for u in answer.unmodelled)


def test_damage_to_an_opponent_in_combat_triggers_its_ability() -> None:
    b = board(
        [{"id": "lu", "card": "Lu Xun Lookalike", "controller": "P1", "attacking": "P2"}],
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert any(t.startswith("lu:") for t in answer.data["triggers"])
    assert "603.2" in answer.rules


def test_a_blocked_creature_that_deals_no_damage_to_a_player_does_not_trigger() -> None:
    b = board(
        [
            {"id": "lu", "card": "Lu Xun Lookalike", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2", "blocking": "lu"},
        ],
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert answer.data["triggers"] == []


def test_put_into_a_graveyard_from_the_battlefield_triggers_when_it_dies_in_combat() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "vault", "card": "Thopter Vault", "controller": "P2", "blocking": "bears"},
        ],
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert any(t.startswith("vault:") for t in answer.data["triggers"])


def test_tokens_behind_an_optional_payment_are_not_answered_as_none() -> None:
    b = board([{"id": "maker", "card": "Servo Maker", "controller": "P1"}])
    answer = ask(b, {"kind": "tokens", "object": "maker", "ability": 1})
    assert not answer.verified
    assert any("If you do" in u for u in answer.unmodelled)


def test_another_creature_you_control_dying_in_combat_triggers_only_its_controllers_watcher() -> (
    None
):
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "mine", "card": "Death Watcher", "controller": "P1"},
            {"id": "theirs", "card": "Death Watcher", "controller": "P2"},
            {"id": "vault", "card": "Thopter Vault", "controller": "P2", "blocking": "bears"},
            {"id": "big", "card": "Grizzly Bears", "controller": "P2", "blocking": "bears"},
        ],
    )
    answer = ask(b, {"kind": "combat_damage", "assign": {"bears": {"vault": 2}}})
    triggers = answer.data["triggers"]
    assert any(t.startswith("theirs:") and "(vault)" in t for t in triggers), triggers
    assert any(t.startswith("mine:") and "(bears)" in t for t in triggers), triggers
    assert not any(t.startswith("mine:") and "(vault)" in t for t in triggers)


def test_a_burn_spell_that_damages_an_enrage_creature_triggers_it() -> None:
    b = board([{"id": "dino", "card": "Enraged Ceratok", "controller": "P2"}])
    answer = ask(b, {"kind": "spell", "card": "Lightning Bolt", "targets": ["dino"]})
    assert any(t.startswith("dino:") for t in answer.data["triggers"])


def test_a_blocker_dealt_combat_damage_triggers_its_enrage() -> None:
    b = board(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "dino", "card": "Enraged Ceratok", "controller": "P2", "blocking": "bears"},
        ],
    )
    answer = ask(b, {"kind": "combat_damage"})
    assert any(t.startswith("dino:") for t in answer.data["triggers"])


def _healer_board(step: str, active: str) -> Any:
    data: dict[str, Any] = {
        "turn": {"active": active, "number": 6, "step": step},
        "battlefield": [{"id": "healer", "card": "Upkeep Healer", "controller": "P1"}],
        "players": {},
    }
    return load_board(data, SOURCE)


def test_an_ability_only_before_attackers_can_be_activated_in_your_first_main_phase() -> None:
    question = {"kind": "can_activate", "object": "healer", "ability": 1}
    answer = ask(_healer_board("precombat_main", "P1"), question)
    assert answer.data["can_activate"] is True


def test_an_ability_only_before_attackers_cant_be_activated_after_or_on_their_turn() -> None:
    for step, active in (("declare_blockers", "P1"), ("precombat_main", "P2")):
        question = {"kind": "can_activate", "object": "healer", "ability": 1}
        answer = ask(_healer_board(step, active), question)
        assert answer.data["can_activate"] is False, (step, active)
        assert "602.5" in answer.rules


def test_a_channel_ability_does_not_work_on_the_battlefield() -> None:
    b = board([{"id": "kami", "card": "Channel Kami", "controller": "P1"}])
    answer = ask(b, {"kind": "can_activate", "object": "kami", "ability": 1})
    assert answer.data["can_activate"] is False
    assert "113.6" in answer.rules


def test_lifelink_combat_damage_triggers_its_controllers_gain_life_ability() -> None:
    b = board(
        [
            {"id": "bear", "card": "Lifelink Bear", "controller": "P1", "attacking": "P2"},
            {"id": "mate", "card": "Pridemate", "controller": "P1"},
            {"id": "theirs", "card": "Pridemate", "controller": "P2"},
        ],
    )
    triggers = ask(b, {"kind": "combat_damage"}).data["triggers"]
    assert any(t.startswith("mate:") for t in triggers)
    assert not any(t.startswith("theirs:") for t in triggers)


def test_a_spell_that_gains_you_life_triggers_your_gain_life_ability() -> None:
    b = board([{"id": "mate", "card": "Pridemate", "controller": "P1"}])
    answer = ask(b, {"kind": "spell", "card": "Healing Word", "controller": "P1"})
    assert any(t.startswith("mate:") for t in answer.data["triggers"])


def test_another_creature_enters_does_not_trigger_on_itself_entering() -> None:
    b = board([{"id": "warden", "card": "Warden", "controller": "P1", "entering": True}])
    answer = ask(b, {"kind": "characteristics", "object": "warden"})
    assert answer.data["enters_triggers"] == []


def test_a_creature_with_power_two_cant_block_what_says_power_two_or_less_cant() -> None:
    data: dict[str, Any] = {
        "turn": {"active": "P1", "number": 6, "step": "declare_attackers"},
        "battlefield": [
            {"id": "wolf", "card": "Wolf of Power", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "giant", "card": "Hill Giant", "controller": "P2"},
        ],
        "players": {},
    }
    b = load_board(data, SOURCE)
    bears = ask(b, {"kind": "can_block", "object": "bears", "attacker": "wolf"})
    giant = ask(b, {"kind": "can_block", "object": "giant", "attacker": "wolf"})
    assert bears.verified and "No" in bears.short and "509.1b" in bears.rules
    assert giant.verified and "Yes" in giant.short


def test_a_tapped_for_mana_trigger_that_adds_no_mana_is_not_a_mana_ability() -> None:
    b = board(
        [
            {"id": "barbs", "card": "Manabarbs", "controller": "P2"},
            {"id": "forest", "card": "Forest", "controller": "P1"},
        ]
    )
    answer = ask(b, {"kind": "mana", "object": "forest"})
    assert "605.1b" not in answer.rules
    assert [src["amount"] for src in answer.data["sources"]] == [1]


def _activate(battlefield: list[dict[str, Any]], oid: str, **players: Any) -> Any:
    return ask(board(battlefield, **players), {"kind": "can_activate", "object": oid, "ability": 1})


def test_a_sacrifice_cost_needs_something_to_sacrifice() -> None:
    alone = _activate([{"id": "c", "card": "Bone Altar Cultist", "controller": "P1"}], "c")
    assert alone.data["can_activate"] is False and "118.3" in alone.rules
    fodder = _activate(
        [
            {"id": "c", "card": "Bone Altar Cultist", "controller": "P1"},
            {"id": "b", "card": "Grizzly Bears", "controller": "P1"},
        ],
        "c",
    )
    assert fodder.data["can_activate"] is True


def test_a_remove_counter_cost_needs_the_counter() -> None:
    bare = _activate([{"id": "g", "card": "Counter Golem", "controller": "P1"}], "g")
    assert bare.data["can_activate"] is False
    given = [{"id": "g", "card": "Counter Golem", "controller": "P1", "counters": {"+1/+1": 1}}]
    assert _activate(given, "g").data["can_activate"] is True


def test_paying_life_needs_that_much_life() -> None:
    poor = _activate([{"id": "l", "card": "Life Broker", "controller": "P1"}], "l", P1={"life": 2})
    assert poor.data["can_activate"] is False and "119.4" in poor.rules
