"""R6 (session 10): board facts told as events, with cards the fixture set doesn't have (their
Oracle text is given here). The phrasing families themselves are pinned in
descriptions/r6-board-events.yaml."""

from __future__ import annotations

from fixture_names import FixtureNamesWith

from engine.reader import answer, read

CARDS = {
    "Dimir Guildgate": {
        "type_line": "Land — Gate",
        "oracle_text": "Dimir Guildgate enters tapped.\n{T}: Add {U} or {B}.",
    },
    "Glacial Fortress": {
        "type_line": "Land",
        "oracle_text": "Glacial Fortress enters tapped unless you control a Plains or an Island.\n"
        "{T}: Add {W} or {U}.",
    },
    "Siege-Gang Commander": {
        "mana_cost": "{3}{R}{R}",
        "type_line": "Creature — Goblin",
        "pt": "2/2",
        "oracle_text": "When Siege-Gang Commander enters, create three 1/1 red Goblin creature"
        " tokens.\n{1}{R}, Sacrifice a Goblin: Siege-Gang Commander deals 2 damage to any target.",
    },
    "Centaur Courser": {
        "mana_cost": "{2}{G}",
        "type_line": "Creature — Centaur Warrior",
        "pt": "3/3",
        "oracle_text": "",
    },
    "Elite Vanguard": {
        "mana_cost": "{W}",
        "type_line": "Creature — Human Soldier",
        "pt": "2/1",
        "oracle_text": "",
    },
    "Prodigal Pyromancer": {
        "mana_cost": "{2}{R}",
        "type_line": "Creature — Human Wizard",
        "pt": "1/1",
        "oracle_text": "{T}: Prodigal Pyromancer deals 1 damage to any target.",
    },
    "Typhoid Rats": {
        "mana_cost": "{B}",
        "type_line": "Creature — Rat",
        "pt": "1/1",
        "oracle_text": "Deathtouch",
    },
}


def _names() -> FixtureNamesWith:
    return FixtureNamesWith(CARDS)


def test_a_land_that_enters_tapped_is_tapped_the_turn_it_was_played() -> None:
    names = _names()
    reading = read("i played a dimir guildgate this turn, what mana can it make right now?", names)
    board = (reading.spec or {})["board"]
    assert board["battlefield"][0]["tapped"] is True  # its own replacement effect (614.1c)
    reply = answer(reading, names)
    assert reading.trusted and reply.verified
    assert "already tapped" in reply.answer


def test_enters_tapped_unless_is_not_guessed() -> None:
    names = _names()
    reading = read("i played glacial fortress this turn. can i tap it for mana?", names)
    board = (reading.spec or {})["board"]
    assert "tapped" not in board["battlefield"][0]  # depends on the board as it entered


def test_a_land_said_untapped_stays_untapped() -> None:
    names = _names()
    reading = read("i played dimir guildgate last turn and it's untapped. can i tap it?", names)
    assert "tapped" not in (reading.spec or {})["board"]["battlefield"][0]


def test_a_creature_spell_resolving_is_entering_and_its_tokens_are_asked() -> None:
    names = _names()
    text = "Resolving Siege-Gang Commander right now (no responses). What tokens do I get?"
    reading = read(text, names)
    entry = (reading.spec or {})["board"]["battlefield"][0]
    assert entry["entering"] is True and entry["since"] == "this_turn"
    assert reading.question is not None and reading.question["kind"] == "tokens"
    reply = answer(reading, names)
    assert reply.answer.startswith("3 ×"), reply.answer


def test_a_combat_told_as_history_leaves_only_the_damage_it_said() -> None:
    names = _names()
    text = (
        "ok so this turn i attacked with my elite vanguard and they blocked with their centaur"
        " courser. vanguard died but it put 2 damage on the courser. then in my second main"
        " phase i pinged the courser for 1 with prodigal pyromancer. does the courser die?"
    )
    reading = read(text, names)
    board = (reading.spec or {})["board"]
    courser = next(o for o in board["battlefield"] if o["id"] == "centaur_courser")
    assert courser["damage"] == 3 and "blocking" not in courser  # combat is over (506.4)
    assert board["turn"]["step"] == "postcombat_main"
    reply = answer(reading, names)
    assert reply.answer.startswith("Yes"), reply.answer


def test_a_deathtouch_source_is_not_read_as_plain_damage() -> None:
    names = _names()
    reading = read("their typhoid rats dealt 1 damage to my grizzly bears. does it die?", names)
    assert not reading.trusted  # deathtouch destroys (704.5h): more than damage marked
    assert not answer(reading, names).verified


def test_a_pinger_used_this_turn_is_a_damage_source_on_the_board() -> None:
    names = _names()
    text = "I pinged their llanowar elves for 1 with prodigal pyromancer. does the elves die?"
    reading = read(text, names)
    board = (reading.spec or {})["board"]
    elves = next(o for o in board["battlefield"] if o["id"] == "llanowar_elves")
    assert elves["damage"] == 1 and elves["controller"] == "P2"
    assert answer(reading, names).answer.startswith("Yes")


def test_a_spell_on_the_stack_that_says_you_is_not_cast_by_a_guess() -> None:
    names = _names()
    text = "lightning helix is on the stack targeting their centaur courser. does it die?"
    reading = read(text, names)
    assert not reading.trusted  # who cast it decides who gains the life (109.5)
    assert not answer(reading, names).verified


def test_a_division_told_in_combat_is_the_assignment_not_damage_already_dealt() -> None:
    names = _names()
    text = (
        "colossal dreadmaw attacks, their serra angel blocks. i assign 4 to the angel and the"
        " rest to them. how much damage does opp take?"
    )
    reading = read(text, names)
    angel = next(
        o for o in (reading.spec or {})["board"]["battlefield"] if o["id"] == "serra_angel"
    )
    assert "damage" not in angel  # "the rest" isn't a number: not read, never marked
    assert not reading.trusted and "assignment" not in (reading.question or {})


def test_damage_divided_onto_the_player_names_the_player_it_attacks() -> None:
    names = _names()
    text = (
        "my colossal dreadmaw is blocked by their grizzly bears. i put 2 on the bears and 4 on"
        " them. how much damage does opp take?"
    )
    reading = read(text, names)
    assert reading.question is not None
    assert reading.question["assignment"] == {"colossal_dreadmaw": {"grizzly_bears": 2, "P2": 4}}
    reply = answer(reading, names)
    assert reply.verified and reply.answer.startswith("Your opponent takes 4")


def test_entering_in_a_rules_question_is_no_board() -> None:
    """ "the turn it comes in" asks a rule, not about a card being resolved on a board."""
    names = _names()
    for text in (
        "can llanowar elves tap for mana the turn it comes in?",
        "can i tap llanowar elves for mana the turn it comes in?",
    ):
        assert not read(text, names).concrete, text
