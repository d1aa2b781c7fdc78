"""Which cards a free question names: spans, typos, possessives and everyday words."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings_db.cards import NameEntry, NameIndex
from rulings_db.mentions import find_mentions
from rulings_db.names import normalise
from rulings_db.schema import NAME_FACE, NAME_FULL, NAME_NICKNAME
from rulings_db.text import stem

CARDS = [
    "Yawgmoth's Will",
    "Yawgmoth's Vile Offering",
    "Fury",
    "Furystoke Giant",
    "Pitchstone Wall",
    "Green Ward",
    "Blue Mana Battery",
    "Sneak Attack",
    "Soul Separator",
    "Thespian's Stage",
    "Force of Will",
    "Sensei's Divining Top",
    "Tarmogoyf",
    "Isochron Scepter",
    "Scepter of Empires",
    "Opalescence",
    "Board the Weatherlight",
    "Naturalize",
    "Craterhoof Behemoth",
    "Monastery Swiftspear",
    "Deal Damage",
    "Collective Brutality",
    "Experimental Frenzy",
    "Liliana, Dreadhorde General",
    "Dreadhorde Butcher",
    "Elves of Deep Shadow",
    "Atraxa, Praetors' Voice",
    "Atraxa's Skitterfang",
    "Tasigur, the Golden Fang",
    "Lightning Bolt",
    "Lightning Blow",
    "Fiend Hunter",
    "The Hunter",
    "Kess, Dissident Mage",
    "Drop of Honey",
    "Kefnet the Mindful",
    "God-Eternal Kefnet",
    "Vandalblast",
    "Skysovereign, Consul Flagship",
    "Celestial Colonnade",
    "Oakhame Ranger // Bring Back",
]
NICKNAMES = {
    "top": "Sensei's Divining Top",
    "goyf": "Tarmogoyf",
    "force": "Force of Will",
    "swiftspear": "Monastery Swiftspear",
}


@dataclass
class Stats:
    """Corpus statistics: everyday words are frequent and lower case; the rest unseen."""

    everyday: set[str] = field(
        default_factory=lambda: {
            stem(w)
            for w in (
                "green",
                "card",
                "blue",
                "mana",
                "attack",
                "pitch",
                "will",
                "top",
                "forced",
                "deals",
                "damage",
                "drop",
            )
        }
    )

    # Rare words the rules still write in lower case ("bring", "back").
    lowercase: set[str] = field(default_factory=lambda: {stem(w) for w in ("bring", "back")})

    def document_share(self, term: str) -> float:
        if term in self.lowercase:
            return 0.001
        return 0.2 if term in self.everyday else 0.0

    def lower_share(self, term: str) -> float:
        if term in self.lowercase:
            return 0.95
        return 0.99 if term in self.everyday else 0.0

    def is_subtype(self, term: str) -> bool:
        return term in {stem("elves"), stem("zombie")}


def names() -> NameIndex:
    ids = {n: f"id-{i}" for i, n in enumerate(CARDS)}
    entries = [NameEntry(normalise(n), n, ids[n], NAME_FULL) for n in CARDS]
    entries += [NameEntry(k, n, ids[n], NAME_NICKNAME) for k, n in NICKNAMES.items()]
    entries += [
        NameEntry(normalise(face), face, ids[n], NAME_FACE)
        for n in CARDS
        if " // " in n
        for face in n.split(" // ")
    ]
    return NameIndex(entries)


def named(question: str) -> dict[str, float]:
    index = names()
    found = find_mentions(question, index, Stats())
    return {index.full_names[m.oracle_ids[0]]: m.weight for m in found if m.resolved}


def test_a_name_ending_in_an_everyday_word_is_found_whole():
    assert "Yawgmoth's Will" in named("does yawgmoth's will exile itself")
    assert "Force of Will" in named("can i pitch a card to force of will")


def test_a_possessive_typed_without_its_apostrophe_is_the_name():
    assert "Yawgmoth's Will" in named("yawgmoths will, does it exile itself")
    assert "Thespian's Stage" in named("thespian stage copies a land")
    assert "Fury" in named("when do you split furys damage")


def test_a_prefix_must_end_at_a_word_of_the_name():
    assert "Pitchstone Wall" not in named("i pitch a blue card")
    assert "Furystoke Giant" not in named("when do you split furys damage")


def test_everyday_words_are_not_a_fuzzy_or_prefix_match_for_a_name():
    assert named("can i run a green card with a blue mana symbol") == {}


def test_a_misspelt_name_and_a_name_told_as_a_verb_are_still_found():
    assert "Soul Separator" in named("soul seperator exiles a creature")
    assert "Sneak Attack" in named("i sneak attacked a fatty")


def test_a_nickname_that_is_an_everyday_rules_word_is_weak_evidence():
    assert named("does goyf count lands")["Tarmogoyf"] >= 0.8
    assert named("put it on top of my library")["Sensei's Divining Top"] < 0.5


def test_a_later_word_of_a_card_already_named_is_that_card_not_another():
    found = named("i activate isochron scepter and they destroy the scepter in response")
    assert "Isochron Scepter" in found and "Scepter of Empires" not in found


def test_a_misspelt_one_word_name_is_found():
    assert "Opalescence" in named("does opalesence animate itself")


def test_a_players_word_for_a_thing_is_not_a_card_prefix():
    assert "Board the Weatherlight" not in named("they have a big board")


def test_a_name_told_as_a_verb_is_the_card():
    assert "Naturalize" in named("opp naturalized my enchantment")
    assert "Tarmogoyf" in named("i goyfed him")  # nickname + "ed": still the card


def test_a_misspelt_first_word_of_a_name_only_one_card_starts_with_is_that_card():
    assert "Craterhoof Behemoth" in named("craterhof trigger resolved")


def test_an_everyday_word_ending_in_ed_is_not_a_nickname_told_as_a_verb():
    assert "Force of Will" not in named("am i forced to block")


def test_a_misspelt_nickname_is_found():
    assert "Monastery Swiftspear" in named("swifspear prowess trigger")


def test_everyday_words_are_not_a_misspelt_name_made_of_everyday_words():
    assert "Deal Damage" not in named("my sorcery deals damage to each creature")


def test_a_word_from_inside_a_name_is_that_card():
    assert "Collective Brutality" in named("brutality picking the discard mode")
    assert "Soul Separator" in named("my separator exiled a creature")


def test_a_name_word_with_the_start_of_another_is_that_card_in_any_order():
    assert "Experimental Frenzy" in named("exp frenzy out, can i still cycle")
    found = named("dreadhorde lili and my creatures all die")
    assert "Liliana, Dreadhorde General" in found and "Dreadhorde Butcher" not in found


def test_a_creature_type_is_not_a_card_name_prefix():
    assert named("my elves died to a sweeper") == {}


def test_a_prefix_ending_in_s_is_also_read_as_a_possessive():
    found = find_mentions("atraxas proliferate, do i add a counter", names(), Stats())
    index = names()
    assert {index.full_names[i] for i in found[0].oracle_ids} == {
        "Atraxa, Praetors' Voice",
        "Atraxa's Skitterfang",
    }


def test_one_slip_in_a_long_name_word_is_still_that_card():
    assert "Tasigur, the Golden Fang" in named("tasigor ability, what can my opponent give me")


def test_a_fuzzy_near_tie_goes_to_the_name_a_person_would_mistype():
    found = named("lightning blot to the face")
    assert "Lightning Bolt" in found and "Lightning Blow" not in found


def test_a_shorter_name_made_of_words_of_a_card_already_named_is_that_card_again():
    found = named("fiend hunter etb on the stack and opp kills the hunter in response")
    assert "Fiend Hunter" in found and "The Hunter" not in found


def test_a_short_first_word_names_its_card_only_when_the_rules_never_use_it():
    assert "Kess, Dissident Mage" in named("if i flashback something with kess on board")
    assert "Drop of Honey" not in named("my 2 drop creature")


def test_a_first_word_names_its_card_and_keeps_later_word_matches_in_reserve():
    index = names()
    [kefnet] = find_mentions("kefnet: can i reveal and copy it", index, Stats())
    assert [index.full_names[i] for i in kefnet.oracle_ids] == ["Kefnet the Mindful"]
    assert [index.full_names[i] for i in kefnet.others] == ["God-Eternal Kefnet"]


def test_a_one_word_name_typed_as_two_words_is_that_card():
    assert "Vandalblast" in named("i cascaded into vandal blast, can i overload it")


def test_the_cut_short_start_of_a_rare_name_word_is_that_card():
    assert "Skysovereign, Consul Flagship" in named("crewing skysov, does it trigger")


def test_a_misspelt_word_from_inside_a_name_is_that_card():
    assert "Celestial Colonnade" in named("colonade is attacking, can i tap it for mana")


def test_everyday_words_are_no_misspelt_face_name():
    assert "Oakhame Ranger // Bring Back" not in named("it brings back my creature")
