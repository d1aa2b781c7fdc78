"""What the reply lists under "Not read:" comes in the order the message said it, every time."""

from __future__ import annotations

from fixture_names import FixtureNames

from engine.reader import read


def test_cards_placed_nowhere_are_listed_in_the_order_the_message_names_them(
    names: FixtureNames,
) -> None:
    # (R13) the first text here ("... both attack and opp doesn't block") is read now ("doesn't
    # block" is "nobody blocks"); this one still names two cards it places nowhere
    text = (
        "I attack with Serra Angel. Llanowar Elves went somewhere weird, Grizzly Bears too."
        " How much damage do they take?"
    )
    reading = read(text, names)
    assert reading.unplaced == ("Llanowar Elves", "Grizzly Bears")
