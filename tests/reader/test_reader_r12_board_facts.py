"""R12 (session 12): board facts the reader did not read — X of a spell on the stack, whose
turn it is when a clause talks of another turn, "since a few turns", "I'd cast". Each family is
written in wordings of our own; at least one wording per family must not be read that way."""

from __future__ import annotations

from typing import Any

from fixture_names import FixtureNamesWith

from engine.reader import answer, read

CARDS = {
    "Blaze": {
        "mana_cost": "{X}{R}",
        "type_line": "Sorcery",
        "oracle_text": "Blaze deals X damage to any target.",
    },
    "Sacred Cat": {
        "mana_cost": "{W}",
        "type_line": "Creature — Cat",
        "pt": "1/1",
        "oracle_text": "Lifelink\nEmbalm {W} ({W}, Exile this card from your graveyard: Create a"
        " token that's a copy of it, except it's a white Zombie Cat with no mana cost. Embalm only"
        " as a sorcery.)",
    },
    "Adorned Pouncer": {
        "mana_cost": "{1}{W}",
        "type_line": "Creature — Cat",
        "pt": "1/1",
        "oracle_text": "Double strike\nEternalize {3}{W}{W} ({3}{W}{W}, Exile this card from your"
        " graveyard: Create a token that's a copy of it, except it's a 4/4 black Zombie Cat with"
        " no mana cost. Eternalize only as a sorcery.)",
    },
    "Treetop Village": {
        "type_line": "Land",
        "oracle_text": "Treetop Village enters tapped.\n{T}: Add {G}.\n{1}{G}: Treetop Village"
        " becomes a 3/3 green Ape creature with trample until end of turn. It's still a land.",
    },
    "Prodigal Sorcerer": {
        "mana_cost": "{2}{U}",
        "type_line": "Creature — Human Wizard",
        "pt": "1/1",
        "oracle_text": "{T}: Prodigal Sorcerer deals 1 damage to any target.",
    },
}


def _names() -> FixtureNamesWith:
    return FixtureNamesWith(CARDS)


def _board(text: str) -> dict[str, Any]:
    return (read(text, _names()).spec or {})["board"]


def _doubts(text: str) -> set[str]:
    return {reason for reason, _ in read(text, _names()).doubts}


# -- X of a spell on the stack (107.3m, 202.3e) ------------------------------------------------


def test_x_said_after_a_spell_on_the_stack_is_that_spells_x() -> None:
    for text, x, mana_value in (
        ("Blaze on the stack, X was 6. what's the mana value of it?", 6, "7"),
        ("the blaze is on the stack with x = 2, whats its mana value", 2, "3"),
        ("Blaze is sitting on the stack, x is three. mana value?", 3, "4"),
    ):
        names = _names()
        reading = read(text, names)
        stack = (reading.spec or {})["board"].get("stack", [])
        assert [s.get("cast") for s in stack] == [{"x": x}], text
        reply = answer(reading, names)
        assert reply.answer.startswith(f"Mana value {mana_value}"), (text, reply.answer)


def test_x_said_after_a_spell_without_x_is_not_read_as_its_x() -> None:
    names = _names()
    reading = read("Lightning Bolt is on the stack with x=2. what's its mana value?", names)
    assert reading.unread  # Bolt has no {X}: the words stay unread, never verified
    assert not answer(reading, names).verified


# -- whose turn it is --------------------------------------------------------------------------


def test_a_turn_said_not_to_be_mine_is_the_opponents() -> None:
    for text in (
        "It isn't my turn. their Grizzly Bears is attacking, can my Llanowar Elves block it?",
        "it's not my turn and my opponent swings with grizzly bears. can my llanowar elves block?",
    ):
        assert _board(text)["turn"]["active"] == "P2", text
        assert "contradiction" not in _doubts(text), text


def test_a_turn_told_of_another_time_is_not_the_boards_turn() -> None:
    for text in (
        "we're in their end step. my Prodigal Sorcerer has been out since turn 3; I never used"
        " it during my own turn. can I tap it now?",
        "It's my opponent's upkeep. I didn't tap my Prodigal Sorcerer on my turn, it's been out"
        " since turn 2. can I use it?",
    ):
        names = _names()
        reading = read(text, names)
        assert (reading.spec or {})["board"]["turn"]["active"] == "P2", text
        assert "contradiction" not in {r for r, _ in reading.doubts}, text
        assert answer(reading, names).answer.startswith("Yes"), text


def test_a_rules_claim_about_my_own_turn_does_not_set_the_turn() -> None:
    text = (
        "on their turn, in their draw step, my Prodigal Sorcerer (out since turn 4) is untapped."
        " someone told me you can only tap creatures on your own turn. can I tap the sorcerer?"
    )
    assert _board(text)["turn"]["active"] == "P2"
    assert "contradiction" not in _doubts(text)


def test_a_turn_said_now_after_one_told_of_the_past_is_the_boards() -> None:
    for text, active in (
        ("I swung with Grizzly Bears last turn and now it's their turn. can my bears block?", "P2"),
        ("I didn't attack on my last turn and it is their turn, can my Grizzly Bears block?", "P2"),
    ):
        assert _board(text)["turn"]["active"] == active, text


def test_my_turn_said_plainly_is_still_my_turn() -> None:
    text = "it's my turn and my Grizzly Bears came in this turn. can it attack?"
    names = _names()
    reading = read(text, names)
    assert (reading.spec or {})["board"]["turn"]["active"] == "P1"
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and reply.verified


# -- summoning sickness named as a rule, not said of a permanent ---------------------------------


def test_summoning_sickness_as_a_rule_is_not_a_permanents_state() -> None:
    text = (
        "my Llanowar Elves came down on turn 2, it's turn 6. my buddy keeps going on about"
        " summoning sickness stuff. can I tap my elves for mana?"
    )
    board = _board(text)
    elves = board["battlefield"][0]
    assert elves.get("since", "before_this_turn") == "before_this_turn"
    assert "contradiction" not in _doubts(text)


def test_a_creature_said_summoning_sick_still_is() -> None:
    board = _board("my Llanowar Elves is summoning sick. can I tap it for mana?")
    assert board["battlefield"][0]["since"] == "this_turn"


# -- "since a few turns", "I'd cast" -----------------------------------------------------------


def test_things_out_since_a_few_turns_have_been_there_since_before_this_turn() -> None:
    for text in (
        "my Llanowar Elves and Elvish Mystic are both out since a few turns. can I tap the"
        " mystic for mana?",
        "My Birds of Paradise has been on the battlefield since 3 turns, can it tap for mana?",
    ):
        names = _names()
        reading = read(text, names)
        board = (reading.spec or {})["board"]
        assert all(o.get("since") != "this_turn" for o in board["battlefield"]), text
        assert answer(reading, names).answer.startswith("Yes"), text


def test_a_creature_cast_a_few_turns_from_now_is_not_read_as_old() -> None:
    # "in a few turns" is the future: not "since a few turns"
    text = "I cast Llanowar Elves this turn and will attack in a few turns. can I tap it for mana?"
    board = _board(text)
    assert board["battlefield"][0]["since"] == "this_turn"


def test_id_cast_is_i_cast() -> None:
    for text in (
        "I'd cast Elvish Mystic and Llanowar Elves this turn. can I tap the mystic for mana?",
        "I had cast Llanowar Elves this turn, can it tap for mana?",
    ):
        names = _names()
        reading = read(text, names)
        board = (reading.spec or {})["board"]
        assert all(o["since"] == "this_turn" for o in board["battlefield"]), text
        assert all(o["controller"] == "P1" for o in board["battlefield"]), text
        reply = answer(reading, names)
        assert reply.answer.startswith("No"), (text, reply.answer)


# -- tokens told by where they came from (702.128a embalm, 702.129a eternalize) ---------------


def _token(board: dict[str, Any]) -> dict[str, Any]:
    return next(o for o in board["battlefield"] if "token" in o)


def test_a_token_said_as_got_from_embalming_is_the_embalm_token() -> None:
    for text, via in (
        ("I've got the token I got from embalming Sacred Cat. what's its p/t?", "embalm"),
        (
            "the zombie token we made by eternalizing Adorned Pouncer, what color is it?",
            "eternalize",
        ),
        ("I have a token from eternalizing my Adorned Pouncer. how big is it?", "eternalize"),
    ):
        names = _names()
        reading = read(text, names)
        token = _token((reading.spec or {})["board"])["token"]
        assert token.get("via") == via, (text, token)
        assert not reading.unread, (text, reading.unread)


def test_a_token_from_embalming_a_card_without_embalm_is_not_verified() -> None:
    names = _names()
    reading = read("I have the token I got from embalming Grizzly Bears. what's its p/t?", names)
    assert not answer(reading, names).verified


def test_a_keyword_token_made_last_turn_came_in_last_turn() -> None:
    for text in (
        "I eternalized Adorned Pouncer last turn and now it's my turn. can the token attack?",
        "last turn I embalmed Sacred Cat and got the token. can it attack now?",
    ):
        names = _names()
        reading = read(text, names)
        assert "contradiction" not in {r for r, _ in reading.doubts}, text
        assert _token((reading.spec or {})["board"]).get("since") != "this_turn", text
        assert answer(reading, names).answer.startswith("Yes"), text


def test_a_keyword_token_made_this_turn_is_summoning_sick() -> None:
    names = _names()
    reading = read("I just embalmed Sacred Cat this turn. can the token attack?", names)
    assert answer(reading, names).answer.startswith("No")


def test_the_graveyard_a_keyword_token_was_made_from_is_where_the_card_was() -> None:
    names = _names()
    text = "opp embalmed their Sacred Cat out of their graveyard. what's the token's p/t?"
    reading = read(text, names)
    assert not reading.unread and _token((reading.spec or {})["board"])["controller"] == "P2"
    assert answer(reading, names).answer.startswith("1/1")


def test_a_card_from_the_graveyard_that_is_no_keyword_token_is_not_read_as_one() -> None:
    reading = read("I returned Sacred Cat from my graveyard. what's its p/t?", _names())
    assert not any(
        "token" in o for o in (reading.spec or {"board": {}})["board"].get("battlefield", [])
    )


# -- activations told with their mana and a count (611.2) -------------------------------------


def test_a_pump_told_with_its_mana_and_a_count_resolved_that_many_times() -> None:
    for text, pt in (
        ("I pump my Shivan Dragon with R twice. what's its p/t?", "7/5"),
        (
            "this turn I pumped Shivan Dragon with {R} three times and all three resolved. p/t?",
            "8/5",
        ),
        ("I firebreathed my Shivan Dragon with R once, how big is it now?", "6/5"),
    ):
        names = _names()
        reading = read(text, names)
        assert not reading.unread, (text, reading.unread)
        assert answer(reading, names).answer.startswith(pt), text


def test_a_pump_with_mana_not_counted_is_not_read() -> None:
    names = _names()
    reading = read("I pumped my Shivan Dragon with all my red mana. what's its p/t?", names)
    assert reading.unread and not answer(reading, names).verified


# -- "both attack" ----------------------------------------------------------------------------


def test_both_attack_is_every_creature_named_when_they_are_one_players() -> None:
    text = "my shivan dragon and my grizzly bears, both attack. how much damage does opp take?"
    board = _board(text)
    assert all(o.get("attacking") == "P2" for o in board["battlefield"])


def test_both_attack_with_one_creature_or_two_players_is_not_read() -> None:
    for text in (
        "I have Grizzly Bears. both attack. how much damage?",
        "me: Grizzly Bears. opp: Llanowar Elves. both attack. how much damage?",
    ):
        reading = read(text, _names())
        assert not any(o.get("attacking") for o in (reading.spec or {})["board"]["battlefield"])
        assert reading.unread, text


# -- "opp: nothing" ---------------------------------------------------------------------------


def test_a_player_said_to_have_nothing_has_no_creature() -> None:
    text = "opp has nothing, 14 life. I attack with Grizzly Bears. what's their life total after?"
    reading = read(text, _names())
    assert not reading.unread
    assert (reading.spec or {})["board"]["players"]["P2"]["life"] == 14


def test_a_creature_of_a_player_said_to_have_nothing_is_a_contradiction() -> None:
    text = "they have nothing. their Llanowar Elves blocks my Grizzly Bears. does the elves die?"
    assert "contradiction" in _doubts(text)


# -- combat damage told as part of a blocked attack (510.2) -----------------------------------


def test_damage_an_attacker_dealt_its_blocker_is_marked_on_the_blocker() -> None:
    text = (
        "earlier this turn my Grizzly Bears got blocked by their Wall of Stone and dealt it 2"
        " damage. in my second main phase I Shock the wall. is it dead?"
    )
    names = _names()
    reading = read(text, names)
    wall = next(
        o for o in (reading.spec or {})["board"]["battlefield"] if o["id"] == "wall_of_stone"
    )
    assert wall["damage"] == 4  # 2 in combat, 2 from the Shock (120.3e)
    reply = answer(reading, names)
    assert reply.answer.startswith("No") and not reply.verified  # the Bears' damage isn't said


def test_the_attacker_whose_damage_isnt_told_is_not_answered_about() -> None:
    text = (
        "this turn my Grizzly Bears got blocked by their Wall of Stone and did 2 damage to it."
        " now it's my second main phase. is my bears still alive?"
    )
    assert "unsupported_question" in _doubts(text)  # what the Wall dealt it wasn't said


def test_damage_told_dealt_while_still_in_that_combat_is_not_answered() -> None:
    text = (
        "my Grizzly Bears got blocked by their Wall of Stone and dealt 2 damage to it. does the"
        " wall die?"
    )
    assert "unsupported_question" in _doubts(text)  # would deal it again (510.2)


# -- a manland animated (611.2): its ability counted as the engine counts, the land that paid --


def test_an_animation_ability_after_enters_tapped_is_found() -> None:
    for text in (
        "my Treetop Village has been around for ages and I activated it. what's its p/t?",
        "treetop village got animated this turn (out since turn 3). what color is it?",
    ):
        names = _names()
        reading = read(text, names)
        effects = (reading.spec or {})["board"].get("effects", [])
        assert effects == [{"source": "treetop_village", "ability": 3}], (text, effects)
        reply = answer(reading, names)
        assert reply.answer.startswith(("3/3", "Green")), (text, reply.answer)


def test_the_land_that_paid_for_an_animation_is_tapped() -> None:
    text = "I animated my Mutavault this turn with a Mountain. can the vault attack?"
    board = _board(text)
    mountain = next(o for o in board["battlefield"] if o["card"] == "Mountain")
    assert mountain["tapped"] is True


def test_a_line_that_says_animated_this_turn_is_about_its_thing() -> None:
    text = "my board:\n- Mutavault, in play since turn 2, animated this turn\ncan it attack?"
    reading = read(text, _names())
    assert (reading.spec or {})["board"].get("effects") == [{"source": "mutavault", "ability": 2}]


def test_animated_said_of_a_creature_without_such_an_ability_is_not_read() -> None:
    reading = read("Grizzly Bears, in play since turn 2, animated this turn. p/t?", _names())
    assert reading.unread and not (reading.spec or {})["board"].get("effects")


# -- life totals listed, a board that is "just" some things -----------------------------------


def test_life_totals_listed_by_player_are_each_players() -> None:
    for text, mine, theirs in (
        ("Life: me 9, opp 13. I have Grizzly Bears. can it attack?", 9, 13),
        ("life totals - opp at 4, me at 17. my Grizzly Bears can attack?", 17, 4),
    ):
        players = _board(text)["players"]
        assert (players["P1"]["life"], players["P2"]["life"]) == (mine, theirs), text


def test_a_life_list_without_whose_is_not_read_as_one() -> None:
    reading = read("life: 12, 15. I have Grizzly Bears. can it attack?", _names())
    assert "life" not in (reading.spec or {})["board"].get("players", {}).get("P1", {})


def test_a_board_that_is_just_some_things_has_no_other_creature() -> None:
    text = "my side is only Grizzly Bears. I swing with my bears and Llanowar Elves. damage?"
    assert "contradiction" in _doubts(text)
    board = _board("My board is just a Grizzly Bears. can it attack?")
    assert board["battlefield"][0]["controller"] == "P1"
