"""Words of questions and documents: stemming, stopwords and player slang."""

from __future__ import annotations

from rulings_db.text import expand_slang, stem, terms


def test_plural_and_tense_forms_share_a_stem():
    assert stem("blockers") == stem("block") == stem("blocking")
    assert stem("copies") == stem("copied") == stem("copy")


def test_own_is_kept_because_your_own_decides_rulings():
    # Thalia: "affects each spell that's not a creature spell, including your own"
    assert "own" in terms("does thalia make my own instants cost more")


def test_slang_becomes_the_rules_words():
    assert "mana value" in expand_slang("whats the cmc of a token")


def test_a_longer_slang_phrase_wins_over_the_phrase_inside_it():
    expansions = expand_slang("can it attack the turn it comes in")
    assert any("summoning sickness" in e for e in expansions)
    assert "enters the battlefield" not in expansions


def test_slang_is_matched_on_whole_words_only():
    assert expand_slang("the sacred tutorial") == []


def test_damage_and_mana_that_go_away_are_said_in_the_rules_words():
    assert "damage marked removed cleanup step" in expand_slang("does the damage wear off")
    assert any("mana empties" in e for e in expand_slang("is my mana gone after combat"))


def test_common_player_shorthand_is_spelled_out():
    assert "protection from" in expand_slang("can a pro-white creature block it")
    assert any("draw from a library with no cards" in e for e in expand_slang("do i deck out"))
    assert any("end step" in e for e in expand_slang("bolt it at eot"))
    assert "damage" in expand_slang("how much dmg does it deal")


def test_a_one_word_slang_key_also_matches_its_plural():
    assert "planeswalker" in expand_slang("how does damage to walkers work")


def test_a_one_word_slang_key_also_matches_its_verb_endings():
    assert "block" in expand_slang("my trampler got chumped")
    assert "trample" in expand_slang("my trampler got chumped")


def test_a_typed_number_is_the_word_the_rulings_spell_out():
    assert terms("if I get to 7 cards, my 4th instant") == terms(
        "if I get to seven cards, my fourth instant"
    )
    assert terms("it costs {2} less") == terms("it costs two less")


def test_rule_numbers_power_toughness_and_large_numbers_stay_digits():
    assert terms("see rule 702.4, a 2/2 with +1/+1, 100 cards") == [
        "see",
        "702",
        "4",
        "2/2",
        "1/+1",
        "100",
        "card",
    ]
