"""A card named in a way the database can't match is not some other card (Q7, issue 14):
a part of a longer capitalised name, a possessive back-reference, a fuzzy window with an
unrelated word, an everyday word misspelt."""

from __future__ import annotations

from rulings_db.cards import NameEntry, NameIndex
from rulings_db.english import everyday_misspellings
from rulings_db.mentions import find_mentions
from rulings_db.names import normalise
from rulings_db.schema import NAME_FACE, NAME_FULL

CARDS = [
    "Aquatic Incursion",
    "Alluring Siren",
    "Harbinger of the Tides",
    "Ice Cauldron",
    "Temper",
    "Isamaru, Hound of Konda",
    "Urza's Incubator",
    "Frazzle",
    "Chameleon Colossus",
    "Obsessive Stitcher",
    "Stitcher Geralf",
    "Thalia, Heretic Cathar",
    "Floating Shield",
    "Deal Damage",
    "Aligned Hedron Network",
    "Curiosity",
    "Disenchant",
    "Song of the Dryads",
    "Thieving Skydiver",
    "Lunar Force",
]
FACES = {"Reality": "Illusion // Reality", "Colossus": "Collision // Colossus"}


class Stats:
    """A corpus that never uses any of these words (all look like names)."""

    def document_share(self, term: str) -> float:
        return 0.0

    def lower_share(self, term: str) -> float:
        return 0.0

    def is_subtype(self, term: str) -> bool:
        return False


def names() -> NameIndex:
    every = [*CARDS, *FACES.values()]
    ids = {n: f"id-{i}" for i, n in enumerate(every)}
    entries = [NameEntry(normalise(n), n, ids[n], NAME_FULL) for n in every]
    entries += [NameEntry(normalise(f), n, ids[n], NAME_FACE) for f, n in FACES.items()]
    return NameIndex(entries)


def named(question: str) -> set[str]:
    index = names()
    return {
        index.full_names[m.oracle_ids[0]]
        for m in find_mentions(question, index, Stats())
        if m.resolved
    }


def test_part_of_a_longer_capitalised_name_is_not_a_card_sharing_that_word():
    assert named("can I put the Aquatic Alchemist on top of my library") == set()
    assert named("I control a Malcolm, Alluring Scoundrel with four counters") == set()
    assert named("how does Harbinger of the Seas work with it") == set()
    assert named("my opponent plays Dark Temper on my token") == set()


def test_a_legends_first_name_beside_other_capitals_is_still_the_legend():
    assert "Isamaru, Hound of Konda" in named("playing Isamaru Mono White tribal")


def test_two_one_word_names_side_by_side_are_both_cards():
    assert named("can I Frazzle Reality?") == {"Frazzle", "Illusion // Reality"}


def test_the_after_a_name_joins_no_longer_name():
    assert "Disenchant" in named("if I Disenchant the Song, where does it go")
    assert "Song of the Dryads" in named("my Song of the Dryads is on it")


def test_a_possessive_of_a_word_of_a_named_card_is_that_card_again():
    assert named("Chameleon Colossus has counters. I activate the Colossus's ability") == {
        "Chameleon Colossus"
    }
    assert named("Thalia, Heretic Cathar is out and Thalia's ability taps it") == {
        "Thalia, Heretic Cathar"
    }


def test_a_misspelt_back_reference_is_the_named_card():
    assert named("I control Obsessive Stitcher. Can I use the Sticher's ability") == {
        "Obsessive Stitcher"
    }


def test_a_fuzzy_match_never_swallows_an_unrelated_word():
    assert named("I play a Floating Shield Pro Green on it") == {"Floating Shield"}
    assert "Deal Damage" not in named("I respond and deal 3 damage to it")


def test_a_misspelling_fixes_letters_not_words():
    assert "Lunar Force" in named("do I still sacrifice Lunar Froce")
    assert "Thieving Skydiver" in named("I kicked thieving sky diver")


def test_an_everyday_word_misspelt_is_not_a_card():
    assert "assigned" in everyday_misspellings("asigned", 1.0)
    assert named("when blockers are asigned, what happens") == set()


def test_a_misspelt_card_name_that_is_an_everyday_word_is_still_the_card():
    assert "Curiosity" in named("I put curiousity on my creature")


def test_a_name_with_every_word_misspelt_is_still_found():
    index = NameIndex([NameEntry("etherium sculptor", "Etherium Sculptor", "e-1", NAME_FULL)])
    found = find_mentions("I have two Ethrium Sculpters out", index, Stats())
    assert [m.oracle_ids for m in found] == [("e-1",)]


def test_words_of_a_bracketed_name_the_database_lacks_are_that_card_again():
    index = NameIndex(
        [NameEntry("agrus kos wojek veteran", "Agrus Kos, Wojek Veteran", "a-1", NAME_FULL)]
    )
    question = "can I copy [[Agrus Kos, Eternal Soldier]]? Because Agrus has vigilance"
    assert find_mentions(question, index, Stats()) == []
    assert find_mentions("Because Agrus has vigilance", index, Stats()) != []


def test_a_one_word_name_that_is_also_a_legends_first_name_names_both():
    index = NameIndex(
        [
            NameEntry("urborg", "Urborg", "u-1", NAME_FULL),
            NameEntry("urborg tomb of yawgmoth", "Urborg, Tomb of Yawgmoth", "u-2", NAME_FULL),
            NameEntry("urborg elf", "Urborg Elf", "u-3", NAME_FULL),
        ]
    )
    found = find_mentions("with urborg out my lands are all swamps", index, Stats())
    assert [set(m.oracle_ids) for m in found] == [{"u-1", "u-2"}]
