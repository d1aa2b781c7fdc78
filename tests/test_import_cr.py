"""The Comprehensive Rules text: effective date, contents skipped, rules with parents and
examples, the glossary and its rule references, and the encodings Wizards publishes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulings_db.importers import SourceFormatError, cr

FIXTURES = Path(__file__).resolve().parent / "fixtures"
EXCERPT = FIXTURES / "kb" / "cr" / "comprehensive-rules-excerpt.txt"
BOM_CRLF = FIXTURES / "cr_encodings" / "bom-crlf.txt"


@pytest.fixture(scope="module")
def document() -> cr.CrDocument:
    return cr.parse_file(EXCERPT)


@pytest.fixture(scope="module")
def rules(document: cr.CrDocument) -> dict[str, dict]:
    return {rule["number"]: rule for rule in document.rules}


def test_effective_date_is_read_as_an_iso_date(document):
    assert document.effective_date == "2026-01-16"


def test_table_of_contents_is_not_imported_as_rules(document, rules):
    # the contents list "1. Game Concepts" and "100. General" too: each number appears once,
    # and the first rule in document order is the section that opens the rules
    numbers = [rule["number"] for rule in document.rules]
    assert len(numbers) == len(set(numbers))
    assert numbers[:3] == ["1", "100", "100.1"]
    assert rules["100"]["position"] < rules["100.1"]["position"]


def test_parents_link_subrule_rule_chapter_and_section(rules):
    chain = []
    number: str | None = "702.19b"
    while number:
        chain.append(number)
        number = rules[number]["parent"]
    assert chain == ["702.19b", "702.19", "702", "7"]
    assert rules["702.19b"]["section"] == "7"


def test_headings_carry_titles_and_ordinary_rules_do_not(rules):
    assert rules["7"]["title"] == "Additional Rules"
    assert rules["702"]["title"] == "Keyword Abilities"
    assert rules["702.19"]["title"] == "Trample"
    assert rules["702.19b"]["title"] is None
    assert rules["613.1"]["title"] is None


def test_examples_attach_to_the_rule_they_follow(rules):
    examples = json.loads(rules["702.19b"]["examples"])
    assert len(examples) == 2
    assert examples[0].startswith("A 2/2 creature that can block an additional creature")
    assert not any(e.startswith("Example:") for e in examples)
    assert json.loads(rules["702.19a"]["examples"]) == []
    assert "Example:" not in rules["702.19b"]["text"]


def test_asked_for_rules_are_present(rules):
    wanted = ["106.5", "106.7", "302.6", "602.5a", "613.1a", "613.4c", "702.2c", "704.5j"]
    wanted += ["707.2", "707.9", "707.9a"]
    assert [n for n in wanted if n not in rules] == []


def test_glossary_terms_definitions_and_rule_references(document):
    glossary = {entry["term"]: entry for entry in document.glossary}
    assert len(glossary) == 11
    assert "Credits" not in glossary
    trample = glossary["Trample"]
    assert trample["text"].startswith("A keyword ability that modifies how a creature assigns")
    assert json.loads(trample["rule_refs"]) == ["702.19"]
    assert json.loads(glossary["Copiable Values"]["rule_refs"]) == ["613.2", "707.2"]
    copy_text = glossary["Copy"]["text"]
    assert copy_text.startswith("1. To create a new object") and "\n2. " in copy_text


def test_rule_references_keep_lists_and_drop_unknown_numbers():
    text = "See rules 613.2, 707.2, and 707.3. See also 702.153, “Casualty.” See section 4."
    assert cr.rule_refs(text) == ["613.2", "707.2", "707.3", "702.153", "4"]
    assert cr.rule_refs(text, known={"707.2", "4"}) == ["707.2", "4"]


def test_bom_and_crlf_file_parses_like_plain_utf8():
    document = cr.parse_file(BOM_CRLF)
    assert document.effective_date == "2026-01-16"
    numbers = [rule["number"] for rule in document.rules]
    assert numbers[0] == "1"  # no BOM glued to the first heading
    trample = next(rule for rule in document.rules if rule["number"] == "702.19b")
    assert "\r" not in trample["text"]
    assert len(json.loads(trample["examples"])) == 2
    assert [g["term"] for g in document.glossary] == ["Trample"]


def test_utf16_file_fails_with_an_encoding_message(tmp_path: Path):
    path = tmp_path / "cr.txt"
    path.write_text(EXCERPT.read_text(encoding="utf-8"), encoding="utf-16")
    with pytest.raises(SourceFormatError, match="UTF-16"):
        cr.parse_file(path)


def test_latin1_file_fails_with_an_encoding_message(tmp_path: Path):
    path = tmp_path / "cr.txt"
    text = EXCERPT.read_text(encoding="utf-8").replace("’", "'").replace("“", '"')
    path.write_bytes(text.replace("”", '"').replace("—", "-").encode("latin-1", errors="replace"))
    with pytest.raises(SourceFormatError, match="not valid UTF-8"):
        cr.parse_file(path)


def test_double_encoded_file_fails_instead_of_importing_garbage(tmp_path: Path):
    path = tmp_path / "cr.txt"
    garbled = EXCERPT.read_text(encoding="utf-8").encode("utf-8").decode("cp1252", errors="ignore")
    path.write_text(garbled, encoding="utf-8")
    with pytest.raises(SourceFormatError, match="double-encoded"):
        cr.parse_file(path)


def test_text_without_numbered_rules_fails_clearly(tmp_path: Path):
    path = tmp_path / "cr.txt"
    path.write_text("Magic: The Gathering Comprehensive Rules\n\nContents\n\n1. Game Concepts\n")
    with pytest.raises(SourceFormatError, match="no numbered rules"):
        cr.parse_file(path)


def test_parent_of_each_kind_of_number():
    assert cr.parent_of("704.5j") == "704.5"
    assert cr.parent_of("704.5") == "704"
    assert cr.parent_of("704") == "7"
    assert cr.parent_of("7") is None


@pytest.mark.shared
def test_both_real_files_parse_including_the_published_files_typos(shared_dir: Path):
    old = cr.parse_file(shared_dir / "data" / "cr" / "MagicCompRules-20250207-official.txt")
    new = cr.parse_file(shared_dir / "data" / "cr" / "MagicCompRules-20260116.txt")
    assert (old.effective_date, new.effective_date) == ("2025-02-07", "2026-01-16")
    for document in (old, new):
        rules = {rule["number"]: rule for rule in document.rules}
        assert len(rules) > 3000 and len(document.glossary) > 700
        assert rules["205.4c"]["text"].count("\n") == 1  # its indented second paragraph
        assert rules["901.4"]["parent"] == "901"  # published as "901.4.All plane ..."
        assert rules["606.5"]["parent"] == "606"  # published as "606.5 If ..."
        assert rules["702.19b"]["parent"] == "702.19"
    assert "Zone-Change Triggers" in {g["term"] for g in new.glossary}
