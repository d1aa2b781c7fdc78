"""Ordinary English words are not cards; real names typed plainly still are (issue 14)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rulings_db.cards import NameEntry, NameIndex
from rulings_db.english import zipf
from rulings_db.mentions import EVERYDAY, find_mentions
from rulings_db.names import normalise
from rulings_db.schema import NAME_FULL, NAME_NICKNAME
from rulings_db.text import stem

CARDS = [
    "Touch of Death",
    "Sick and Tired",
    "Dumb Ass",
    "Compelling Argument",
    "Charge Across the Araba",
    "Surly Badgersaur",
    "Confusion in the Ranks",
    "Heated Debate",
    "Gonti, Lord of Luxury",
    "Sauron, the Dark Lord",
    "Lifelink",
    "In Bolas's Clutches",
    "Tarmogoyf",
    "Vizier of Many Faces",
]
NICKNAMES = {"goyf": "Tarmogoyf"}


@dataclass
class Stats:
    """The rules write "deathtouch", "lifelink" and "within" often and in lower case; they
    never say "sick", "dumb" or "argument" (everyday English does, ``rulings_db.english``)."""

    rules_words: set[str] = field(
        default_factory=lambda: {stem(w) for w in ("deathtouch", "lifelink", "within")}
    )

    def document_share(self, term: str) -> float:
        return 0.01 if term in self.rules_words else 0.0

    def lower_share(self, term: str) -> float:
        return 0.99 if term in self.rules_words else 0.0

    def is_subtype(self, term: str) -> bool:
        return False


def names() -> NameIndex:
    ids = {n: f"id-{i}" for i, n in enumerate(CARDS)}
    entries = [NameEntry(normalise(n), n, ids[n], NAME_FULL) for n in CARDS]
    entries += [NameEntry(k, n, ids[n], NAME_NICKNAME) for k, n in NICKNAMES.items()]
    return NameIndex(entries)


def named(question: str) -> dict[str, float]:
    index = names()
    found = find_mentions(question, index, Stats())
    return {index.full_names[m.oracle_ids[0]]: m.weight for m in found if m.resolved}


def test_the_shipped_word_list_knows_everyday_english_from_card_names():
    assert zipf("sick") >= EVERYDAY.english_zipf and zipf("argument") >= EVERYDAY.english_zipf
    assert zipf("gonti") < EVERYDAY.english_zipf and zipf("vizier") < EVERYDAY.english_zipf


def test_a_rules_word_written_as_two_words_is_the_rule_not_a_card():
    assert named("does death touch work with first strike") == {}
    assert named("Death touch and trample, how much damage") == {}
    assert "Lifelink" not in named("does life link apply to the whole team")


def test_two_words_that_are_stopwords_never_make_a_rules_word():
    assert "In Bolas's Clutches" in named("I took it with In Bolas's Clutches, what happens")


def test_a_single_everyday_word_is_not_part_of_a_card_name():
    assert named("is my creature still sick if it was flickered") == {}
    assert named("is that a dumb question") == {}
    assert named("the argument my friend made was that it counters") == {}
    assert named("can it go across the board") == {}
    assert named("there was some confusion at our table") == {}


def test_an_everyday_word_is_no_misspelling_of_a_name():
    assert "Surly Badgersaur" not in named("surely it dies to state-based actions")


def test_an_everyday_word_with_a_card_cue_or_capitals_is_the_card():
    assert "Confusion in the Ranks" in named("my Confusion swapped their creature")
    assert "Confusion in the Ranks" in named("when confusion triggers, who chooses")
    assert "Sick and Tired" in named("I cast sick targeting two creatures")


def test_a_capital_that_opens_a_sentence_is_not_evidence_of_a_name():
    assert named("Sick creatures can't attack. Confusion reigns.") == {}


def test_the_whole_name_in_lower_case_is_the_card():
    assert "Surly Badgersaur" in named("I attacked with surly badgersaur")
    assert "Sauron, the Dark Lord" in named("what does sauron, the dark lord do when it dies")


def test_a_distinctive_one_word_name_or_nickname_is_the_card():
    assert "Gonti, Lord of Luxury" in named("gonti exiled their card, can i play it")
    assert "Tarmogoyf" in named("the goyf is 4/5")
    assert "Vizier of Many Faces" in named("vizier copied my elf")


def _one_word_names() -> NameIndex:
    cards = ["Cancel", "Heal", "Propaganda", "Island"]
    entries = [NameEntry(normalise(n), n, f"w-{i}", NAME_FULL) for i, n in enumerate(cards)]
    return NameIndex(entries)


def _weights(question: str) -> dict[str, float]:
    index = _one_word_names()
    return {
        index.full_names[m.oracle_ids[0]]: m.weight
        for m in find_mentions(question, index, Stats())
        if m.resolved
    }


def test_a_one_word_name_that_is_everyday_english_typed_as_a_word_is_weak_evidence():
    assert _weights("would the two triggers cancel out")["Cancel"] < 0.3
    assert _weights("can I use a food token to heal first")["Heal"] < 0.3


def test_a_one_word_everyday_name_with_a_cue_capitals_or_opening_the_question_is_the_card():
    assert _weights("I cast cancel on it")["Cancel"] > 0.5
    assert _weights("they respond with Cancel")["Cancel"] > 0.5
    assert _weights("propaganda is out, do they pay")["Propaganda"] > 0.5


def test_everyday_words_said_as_a_verb_phrase_are_weak_evidence_of_a_name():
    index = NameIndex(
        [
            NameEntry("brought back", "Brought Back", "b-1", NAME_FULL),
            NameEntry("deal damage", "Deal Damage", "b-2", NAME_FULL),
        ]
    )

    def weight(question: str) -> float:
        found = find_mentions(question, index, Stats())
        return max((m.weight for m in found), default=0.0)

    assert weight("then the angel is brought back to my graveyard") < 0.3
    assert weight("would it still deal damage to me") < 0.3
    assert weight("I cast brought back on two lands") > 0.5
