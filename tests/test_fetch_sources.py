"""Reading the Scryfall bulk index and finding the CR link on the rules page (no network)."""

from __future__ import annotations

import json

import pytest

from rulings_db.fetch import FetchError
from rulings_db.fetch.sources import cr_file_name, find_cr_link, parse_bulk_index

INDEX_URL = "https://api.scryfall.com/bulk-data"
PAGE_URL = "https://magic.wizards.com/en/rules"


def _index(*entries: dict[str, object]) -> str:
    return json.dumps({"object": "list", "has_more": False, "data": list(entries)})


def _entry(kind: str, uri: object = None) -> dict[str, object]:
    return {
        "object": "bulk_data",
        "type": kind,
        "download_uri": uri if uri is not None else f"https://data.scryfall.io/{kind}/x.json",
        "updated_at": "2026-01-16T10:00:00.000+00:00",
        "size": 123,
    }


def test_bulk_index_yields_oracle_cards_and_rulings_and_ignores_other_types() -> None:
    text = _index(_entry("default_cards"), _entry("oracle_cards"), _entry("rulings"))
    found = parse_bulk_index(text, INDEX_URL)
    assert set(found) == {"oracle_cards", "rulings"}
    assert found["rulings"].download_uri == "https://data.scryfall.io/rulings/x.json"
    assert found["oracle_cards"].size == 123


@pytest.mark.parametrize(
    ("text", "complaint"),
    [
        ("<html>oops</html>", "not valid JSON"),
        ("[]", "expected an object"),
        ('{"object": "list", "data": "nope"}', "expected an object"),
        (_index(_entry("oracle_cards")), "no entry of type rulings"),
        (_index(_entry("oracle_cards"), _entry("rulings", 42)), "no usable download_uri"),
        (_index(_entry("oracle_cards"), _entry("rulings", "ftp://x/r.json")), "download_uri"),
    ],
)
def test_malformed_bulk_index_is_a_fetch_error_naming_the_index(text: str, complaint: str) -> None:
    with pytest.raises(FetchError, match=complaint) as caught:
        parse_bulk_index(text, INDEX_URL)
    assert INDEX_URL in str(caught.value)


def test_cr_link_is_resolved_against_the_page_and_may_hold_encoded_spaces() -> None:
    html = (
        '<a href="/en/news">news</a><a href="notes.txt">notes</a>'
        '<a href="../downloads/MagicCompRules%2020260116.txt">TXT</a>'
        '<a href="/MagicCompRules 20260116.pdf">PDF</a>'
    )
    link = find_cr_link(html, PAGE_URL)
    assert link == "https://magic.wizards.com/downloads/MagicCompRules%2020260116.txt"


def test_cr_link_inside_a_script_string_is_found_too() -> None:
    url = "https://media.wizards.com/2026/MagicCompRules 2026.txt"
    html = f'<script>var rules = {{"txt": "{url}"}};</script>'
    assert find_cr_link(html, PAGE_URL) == url


def test_page_without_a_cr_text_link_gives_none() -> None:
    html = '<a href="/MagicCompRules.pdf">PDF</a><a href="/robots.txt">robots</a>'
    assert find_cr_link(html, PAGE_URL) is None


def test_cr_is_cached_under_its_decoded_file_name() -> None:
    url = "https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt?x=1"
    assert cr_file_name(url) == "MagicCompRules 20260116.txt"
    assert cr_file_name("https://example.org/rules/") == "MagicCompRules.txt"
    assert cr_file_name("https://example.org/..%2F..%2Fevil") == "evil.txt"
