"""One behaviour per question kind, plus the honesty rules: unverified when unmodelled text could
matter, "could not decide" on limits."""

from __future__ import annotations

import pytest

from engine.questions import QuestionError, ask


def test_characteristics_of_a_plain_creature(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from([{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}])
    answer = ask(board, {"kind": "characteristics", "object": "bears"})
    assert answer.verified
    assert answer.data["power"] == 2
    assert answer.data["mana_value"] == 2
    assert answer.data["colors"] == ["green"]


def test_unknown_static_text_on_the_board_makes_answers_unverified(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1"},
            {"id": "blob", "card": "Mysterious Blob", "controller": "P2"},
        ]
    )
    answer = ask(board, {"kind": "combat_damage"})
    assert not answer.verified
    assert any("Mysterious Blob" in u for u in answer.unmodelled)


def test_can_attack_needs_haste_or_control_since_turn_start(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [{"id": "bears", "card": "Grizzly Bears", "controller": "P1", "since": "this_turn"}]
    )
    answer = ask(board, {"kind": "can_attack", "object": "bears"})
    assert answer.data["can_attack"] is False
    assert "302.6" in answer.rules
    hasty = board_from(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "since": "this_turn"},
            {"id": "fervor", "card": "Fervor", "controller": "P1"},
        ]
    )
    answer = ask(hasty, {"kind": "can_attack", "object": "bears"})
    assert answer.data["can_attack"] is True
    assert "702.10b" in answer.rules


def test_defender_cannot_attack(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from([{"id": "wall", "card": "Wall of Stone", "controller": "P1"}])
    answer = ask(board, {"kind": "can_attack", "object": "wall"})
    assert answer.data["can_attack"] is False
    assert "702.3b" in answer.rules


def test_flying_attacker_blocked_only_by_flying_or_reach(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "angel", "card": "Serra Angel", "controller": "P1", "attacking": "P2"},
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
            {"id": "spider", "card": "Giant Spider", "controller": "P2"},
        ]
    )
    assert (
        ask(board, {"kind": "can_block", "object": "bears", "attacker": "angel"}).data["can_block"]
        is False
    )
    assert (
        ask(board, {"kind": "can_block", "object": "spider", "attacker": "angel"}).data["can_block"]
        is True
    )


def test_first_strike_kills_before_regular_damage(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {
                "id": "archers",
                "card": "Elvish Archers",
                "controller": "P1",
                "attacking": "P2",
                "blocked_by": ["bears"],
            },
            {"id": "bears", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(board, {"kind": "combat_damage"})
    assert answer.verified
    assert "510.4" in answer.rules
    assert answer.data["survivors"] == ["archers"]
    assert answer.data["steps"][1]["assignments"].get("bears") is None


def test_double_strike_deals_damage_in_both_steps(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [{"id": "ace", "card": "Fencing Ace", "controller": "P1", "attacking": "P2"}]
    )
    answer = ask(board, {"kind": "combat_damage"})
    assert answer.data["life"]["P2"] == 18
    assert "702.4b" in answer.rules


def test_indestructible_survives_lethal_damage(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {
                "id": "bears",
                "card": "Grizzly Bears",
                "controller": "P1",
                "attacking": "P2",
                "blocked_by": ["myr"],
            },
            {"id": "myr", "card": "Darksteel Myr", "controller": "P2"},
        ]
    )
    answer = ask(board, {"kind": "combat_damage"})
    assert "702.12b" in answer.rules
    assert "myr" in answer.data["survivors"]


def test_illegal_assignment_is_rejected_with_the_rule(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {
                "id": "bears",
                "card": "Grizzly Bears",
                "controller": "P1",
                "attacking": "P2",
                "blocked_by": ["spider"],
            },
            {"id": "spider", "card": "Giant Spider", "controller": "P2"},
        ]
    )
    with pytest.raises(QuestionError, match=r"510\.1c"):
        ask(board, {"kind": "combat_damage", "assignment": {"bears": {"P2": 2}}})


def test_sba_lethal_damage_and_zero_toughness(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "damage": 2},
            {"id": "clone", "card": "Clone", "controller": "P1"},
        ]
    )
    answer = ask(board, {"kind": "after_sba"})
    assert {"704.5g", "704.5f"} <= set(answer.rules)
    assert answer.data["battlefield"] == {}


def test_sba_player_at_zero_life_loses(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from([], players={"P2": {"life": 0}})
    answer = ask(board, {"kind": "after_sba"})
    assert answer.data["losers"] == ["P2"]
    assert "704.5a" in answer.rules


def test_mana_of_a_summoning_sick_elf_is_not_available_now(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [{"id": "elves", "card": "Llanowar Elves", "controller": "P1", "since": "this_turn"}]
    )
    answer = ask(board, {"kind": "mana", "object": "elves"})
    assert answer.data["sources"][0]["produces"] == ["G"]
    assert answer.data["sources"][0]["can_activate_now"] is False


def test_tokens_question_reads_x_and_counters(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from([{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}])
    with pytest.raises(QuestionError):
        ask(board, {"kind": "tokens", "object": "bears", "ability": 1})


def test_unknown_kind_and_object_are_question_errors(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from([{"id": "bears", "card": "Grizzly Bears", "controller": "P1"}])
    with pytest.raises(QuestionError, match="unknown question kind"):
        ask(board, {"kind": "teleport"})
    with pytest.raises(QuestionError, match="no object"):
        ask(board, {"kind": "characteristics", "object": "nobody"})


def test_many_layered_effects_give_an_answer_or_could_not_decide(board_from) -> None:  # type: ignore[no-untyped-def]
    battlefield = [
        {"id": f"a{i}", "card": "Glorious Anthem", "controller": "P1"} for i in range(60)
    ]
    battlefield.append({"id": "bears", "card": "Grizzly Bears", "controller": "P1"})
    board = board_from(battlefield)
    answer = ask(board, {"kind": "characteristics", "object": "bears"}, budget_s=0.001)
    assert answer.decided is False or answer.data["power"] == 62


def test_dies_triggers_are_listed_but_not_resolved(board_from, card_source) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {
                "id": "a",
                "card": "Grizzly Bears",
                "controller": "P1",
                "attacking": "P2",
                "blocked_by": ["b"],
            },
            {"id": "b", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(board, {"kind": "combat_damage"})
    assert answer.data["triggers"] == []
    assert sorted(answer.data["graveyard"]) == ["a", "b"]


def test_unknown_triggers_matter_only_to_questions_about_their_events(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {"id": "bears", "card": "Grizzly Bears", "controller": "P1", "attacking": "P2"},
            {"id": "blob", "card": "Dancing Blob", "controller": "P2"},
        ]
    )
    combat = ask(board, {"kind": "combat_damage"})
    assert not combat.verified
    assert [u for u in combat.unmodelled if "combat damage" in u]
    assert not [u for u in combat.unmodelled if "upkeep" in u]
    assert ask(board, {"kind": "characteristics", "object": "bears"}).verified


def test_sba_poison_and_tokens_off_the_battlefield(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [],
        players={
            "P1": {"poison": 10},
            "P2": {
                "graveyard": [{"id": "t", "token": {"types": ["Creature"], "subtypes": ["Elf"]}}]
            },
        },
    )
    answer = ask(board, {"kind": "after_sba"})
    assert answer.data["losers"] == ["P1"]
    assert {"704.5c", "704.5d"} <= set(answer.rules)


def test_spell_damage_then_state_based_actions(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from([{"id": "bears", "card": "Grizzly Bears", "controller": "P2"}])
    answer = ask(board, {"kind": "spell", "card": "Lightning Bolt", "targets": ["bears"]})
    assert answer.verified
    assert answer.data["outcome"] == ["Lightning Bolt deals 3 damage to bears"]
    assert "704.5g" in answer.rules
    face = ask(board, {"kind": "spell", "card": "Lightning Bolt", "targets": ["P2"]})
    assert face.data["after_sbas"] == []
    with pytest.raises(QuestionError, match="needs a target"):
        ask(board, {"kind": "spell", "card": "Lightning Bolt"})


def test_mirror_gallery_waives_the_legend_rule(card_source) -> None:  # type: ignore[no-untyped-def]
    from engine.board import load_board
    from engine.cards import DictCardSource, LayeredCardSource, card_from_mapping

    gallery = card_from_mapping(
        "Mirror Gallery",
        {"type_line": "Artifact", "oracle_text": 'The "legend rule" doesn\'t apply.'},
    )
    cards = LayeredCardSource(DictCardSource([gallery]), card_source)
    thalia = {"card": "Thalia, Guardian of Thraben", "controller": "P1"}
    data = {"battlefield": [{"id": "t1", **thalia}, {"id": "t2", **thalia}]}
    assert ask(load_board(data, cards), {"kind": "after_sba"}).data["events"]
    data["battlefield"].append({"id": "g", "card": "Mirror Gallery", "controller": "P2"})
    answer = ask(load_board(data, cards), {"kind": "after_sba"})
    assert answer.data["events"] == []
    assert "704.5j" in answer.rules


def test_an_illegal_block_on_the_board_makes_combat_unverified(board_from) -> None:  # type: ignore[no-untyped-def]
    board = board_from(
        [
            {
                "id": "angel",
                "card": "Serra Angel",
                "controller": "P1",
                "attacking": "P2",
                "blocked_by": ["b"],
            },
            {"id": "b", "card": "Grizzly Bears", "controller": "P2"},
        ]
    )
    answer = ask(board, {"kind": "combat_damage"})
    assert not answer.verified
    assert any("couldn't" in u and "flying" in u for u in answer.unmodelled)


def test_mana_value_on_the_stack_counts_x(card_source) -> None:  # type: ignore[no-untyped-def]
    from engine.board import load_board
    from engine.cards import DictCardSource, LayeredCardSource, card_from_mapping

    walker = card_from_mapping(
        "Hangarback Walker",
        {"mana_cost": "{X}{X}", "type_line": "Artifact Creature — Construct", "pt": "0/0"},
    )
    cards = LayeredCardSource(DictCardSource([walker]), card_source)
    spell = {"id": "w", "card": "Hangarback Walker", "controller": "P1", "cast": {"x": 2}}
    board = load_board({"stack": [spell]}, cards)
    answer = ask(board, {"kind": "characteristics", "object": "w"})
    assert answer.data["mana_value"] == 4
    assert "202.3e" in answer.rules


def test_revolt_reads_the_history(card_source) -> None:  # type: ignore[no-untyped-def]
    from engine.board import load_board
    from engine.cards import DictCardSource, LayeredCardSource, card_from_mapping

    push = card_from_mapping(
        "Fatal Push",
        {
            "mana_cost": "{B}",
            "type_line": "Instant",
            "oracle_text": "Destroy target creature if it has mana value 2 or less.\n"
            "Revolt — Destroy that creature if it has mana value 4 or less instead if a "
            "permanent left the battlefield under your control this turn.",
        },
    )
    cards = LayeredCardSource(DictCardSource([push]), card_source)
    angel = {"id": "a", "card": "Giant Spider", "controller": "P1"}  # mana value 4
    q = {"kind": "spell", "card": "Fatal Push", "controller": "P2", "targets": ["a"]}
    quiet = ask(load_board({"battlefield": [angel]}, cards), q)
    assert quiet.verified and quiet.data["outcome"] == ["a (mana value 4) is not destroyed"]
    history = [{"event": "left_battlefield", "player": "P2"}]
    revolt = ask(load_board({"battlefield": [angel], "history": history}, cards), q)
    assert revolt.data["outcome"] == ["a (mana value 4) is destroyed"]


def test_attack_restriction_checks_the_defending_players_lands(card_source) -> None:  # type: ignore[no-untyped-def]
    from engine.board import load_board
    from engine.cards import DictCardSource, LayeredCardSource, card_from_mapping

    serpent = card_from_mapping(
        "Sea Serpent",
        {
            "mana_cost": "{5}{U}",
            "type_line": "Creature — Serpent",
            "pt": "5/5",
            "oracle_text": "This creature can't attack unless defending player controls an Island.",
        },
    )
    island = card_from_mapping("Island", {"type_line": "Basic Land — Island", "oracle_text": ""})
    cards = LayeredCardSource(DictCardSource([serpent, island]), card_source)
    me = {"id": "s", "card": "Sea Serpent", "controller": "P1"}
    dry = ask(load_board({"battlefield": [me]}, cards), {"kind": "can_attack", "object": "s"})
    assert dry.verified and dry.data["can_attack"] is False
    wet = load_board({"battlefield": [me, {"card": "Island", "controller": "P2"}]}, cards)
    assert ask(wet, {"kind": "can_attack", "object": "s"}).data["can_attack"] is True


def test_spells_cannot_target_hexproof_opponents_creatures(card_source) -> None:  # type: ignore[no-untyped-def]
    from engine.board import load_board
    from engine.cards import DictCardSource, LayeredCardSource, card_from_mapping

    troll = card_from_mapping(
        "Hexproof Troll",
        {
            "mana_cost": "{2}{G}",
            "type_line": "Creature — Troll",
            "pt": "3/3",
            "oracle_text": "Hexproof",
        },
    )
    cards = LayeredCardSource(DictCardSource([troll]), card_source)
    board = load_board(
        {"battlefield": [{"id": "t", "card": "Hexproof Troll", "controller": "P1"}]}, cards
    )
    theirs = ask(
        board, {"kind": "spell", "card": "Lightning Bolt", "controller": "P2", "targets": ["t"]}
    )
    assert theirs.data["illegal_targets"] == ["t"] and "702.11b" in theirs.rules
    mine = ask(
        board, {"kind": "spell", "card": "Lightning Bolt", "controller": "P1", "targets": ["t"]}
    )
    assert mine.data["outcome"] == ["Lightning Bolt deals 3 damage to t"]
