"""The in-memory BM25 index over the Comprehensive Rules."""

from __future__ import annotations

from rulings_db.rule_index import IndexedRule, RuleIndex, is_sub_rule
from rulings_db.text import stem, terms


def rule(number: str, text: str) -> IndexedRule:
    return IndexedRule(number, None, text, "")


INDEX = RuleIndex(
    [
        rule(
            "707.10",
            "To copy a spell means to put a copy of it onto the stack; a copy of a "
            "spell isn't cast.",
        ),
        rule("601.2", "To cast a spell is to take it from where it is and put it on the stack."),
        rule(
            "702.108a",
            "Prowess means whenever you cast a noncreature spell, this creature "
            "gets +1/+1 until end of turn.",
        ),
        rule("500.1", "A turn consists of five phases."),
    ]
)


def weights(question: str) -> dict[str, float]:
    return {t: 1.0 for t in terms(question)}


def test_the_rule_using_most_of_the_questions_words_comes_first():
    found = INDEX.search(weights("does a copy of a spell count as cast"), limit=3)
    assert found[0].number == "707.10"


def test_rules_sharing_no_word_with_the_question_are_not_returned():
    found = INDEX.search(weights("prowess trigger"), limit=10)
    assert [r.number for r in found] == ["702.108a"]


def test_a_heavier_weight_moves_its_rule_up():
    assert INDEX.search({"copy": 1.0, "phas": 0.1}, limit=1)[0].number == "707.10"
    assert INDEX.search({"copy": 0.1, "phas": 1.0}, limit=1)[0].number == "500.1"


def test_a_sub_rule_is_found_by_the_title_it_sits_under():
    # Both texts use the question's words; only the title above 702.26d says "phasing".
    index = RuleIndex(
        [
            IndexedRule("400.7", None, "A permanent that changes zones is a new object.", ""),
            IndexedRule(
                "702.26d",
                None,
                "The event doesn't cause a permanent to change zones.",
                "",
                context="Phasing Keyword Abilities",
            ),
        ]
    )
    found = index.search(weights("does a permanent that phases out change zones"), limit=2)
    assert [r.number for r in found] == ["702.26d", "400.7"]


def test_subtypes_are_read_from_the_crs_lists_with_their_plurals():
    rules = [
        IndexedRule(
            "205.3m",
            None,
            "Creatures and kindreds share their lists of subtypes; these subtypes are called "
            "creature types. One creature type is two words long: Time Lord. All other creature "
            "types are one word long: Advisor, Elf, Wolf, and Zombie.",
            "",
        ),
        IndexedRule(
            "205.3g",
            None,
            "The artifact types are Clue, Equipment (see rule 301.5), and Food.",
            "",
        ),
        IndexedRule("205.3j", None, "The planeswalker types are Ajani, Jace, and Teferi.", ""),
    ]
    found = RuleIndex(rules).subtypes()
    assert {stem(w) for w in ("elf", "elves", "wolves", "zombies", "equipment", "clue")} <= found
    assert stem("jace") not in found  # a planeswalker type is a name players type
    assert stem("rule") not in found and stem("see") not in found


def test_a_sub_rule_is_within_its_rule_but_a_longer_number_is_not():
    assert is_sub_rule("702.19b", "702.19") and is_sub_rule("702.19", "702")
    assert not is_sub_rule("702.190", "702.19") and not is_sub_rule("702.103e", "702.10")
    assert not is_sub_rule("702.19", "702.19") and not is_sub_rule(None, "702")
