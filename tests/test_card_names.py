"""One resolver behind `card`, inline [[…]], autocomplete and mentions: what players type."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.render import content
from bot.render.reply import Reply
from rulings_db.cards import NameEntry, NameIndex, is_secondary, split_set
from rulings_db.knowledge import KnowledgeBase
from rulings_db.models import CardMatch
from rulings_db.names import normalise
from rulings_db.schema import NAME_FACE, NAME_FULL, NAME_NICKNAME


def _index(
    names: dict[str, str], nicknames: dict[str, str] | None = None, secondary=()
) -> NameIndex:
    entries = [NameEntry(normalise(n), n, oid, NAME_FULL) for oid, n in names.items()]
    for nick, oid in (nicknames or {}).items():
        entries.append(NameEntry(normalise(nick), nick, oid, NAME_NICKNAME))
    return NameIndex(entries, frozenset(secondary))


NAMES = {
    "bolt": "Lightning Bolt",
    "blow": "Lightning Blow",
    "jtms": "Jace, the Mind Sculptor",
    "ms": "Mind Sculpt",
    "urza-v": "Urza",
    "urza-lha": "Urza, Lord High Artificer",
    "plane": "Llanowar",
    "elves": "Llanowar Elves",
    "goyf": "Tarmogoyf",
    "dc": "Dark Confidant",
    "stp": "Swords to Plowshares",
}
NICKS = {"bolt": "bolt", "goyf": "goyf", "bob": "dc", "stp": "stp"}


@pytest.fixture(scope="module")
def index() -> NameIndex:
    return _index(NAMES, NICKS, secondary={"urza-v", "plane"})


def test_words_inside_a_full_name_beat_a_similar_spelling(index):
    resolution = index.resolve("mind sculptor")
    assert resolution.oracle_ids == ("jtms",) and resolution.how == "words"


def test_a_vanguard_card_named_exactly_is_offered_after_the_playable_cards(index):
    resolution = index.resolve("urza")
    assert resolution.ambiguous
    assert resolution.oracle_ids == ("urza-lha", "urza-v")
    assert index.resolve("llanowar").suggestions == ("Llanowar Elves", "Llanowar")


def test_a_name_only_a_plane_has_still_finds_the_plane(index):
    solo = _index({"p": "Naya"}, secondary={"p"})
    assert solo.resolve("naya").oracle_ids == ("p",)


def test_autocomplete_understands_nicknames(index):
    assert index.complete("goyf")[0] == "Tarmogoyf"
    assert index.complete("bob") == ["Dark Confidant"]
    assert index.complete("stp") == ["Swords to Plowshares"]


def test_autocomplete_ranks_the_staple_before_the_obscure_same_length_name(index):
    assert index.complete("lightning b") == ["Lightning Bolt", "Lightning Blow"]


def test_autocomplete_understands_typos_when_no_name_starts_that_way(index):
    assert index.complete("lightnig bolt")[0] == "Lightning Bolt"


def test_autocomplete_finds_words_inside_names(index):
    assert index.complete("mind sculptor") == ["Jace, the Mind Sculptor"]


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("bolt|m10", ("bolt", "m10")),
        ("Lightning Bolt | M10", ("Lightning Bolt", "m10")),
        ("bolt", ("bolt", None)),
        ("a|b|c", ("a|b|c", None)),
    ],
)
def test_scryfall_set_syntax_is_split_off(typed, expected):
    assert split_set(typed) == expected


def test_planes_schemes_vanguard_and_art_cards_are_secondary():
    assert is_secondary("planar", "Plane — Dominaria")
    assert is_secondary("normal", "Vanguard")
    assert is_secondary("art_series", "Card")
    assert not is_secondary("normal", "Creature — Elf Druid")
    assert not is_secondary("meld", "Legendary Creature — Eldrazi Angel")


def test_candidates_are_listed_one_per_line_under_one_header():
    reply = content.not_found(
        CardMatch("jace", ambiguous=True, candidates=("Jace, the Mind Sculptor", "Jace Beleren"))
    )
    text = reply.to_text(controls=False)
    assert text.count("Did you mean") == 1
    assert "• Jace, the Mind Sculptor\n• Jace Beleren" in text


def test_face_names_still_resolve_to_their_card():
    index = NameIndex(
        [
            NameEntry("fire ice", "Fire // Ice", "fi", NAME_FULL),
            NameEntry("fire", "Fire", "fi", NAME_FACE),
        ]
    )
    assert index.resolve("fire").oracle_ids == ("fi",)


# -- the real data --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def shared_kb(shared_kb_path: Path) -> KnowledgeBase:
    return KnowledgeBase(shared_kb_path)


def test_real_mind_sculptor_is_jace(shared_kb):
    assert shared_kb.card("mind sculptor").card.name == "Jace, the Mind Sculptor"


@pytest.mark.parametrize(("typed", "first"), [("urza", "Urza"), ("llanowar", "Llanowar")])
def test_real_playable_cards_come_before_vanguard_and_planes(shared_kb, typed, first):
    match = shared_kb.card(typed)
    assert match.ambiguous
    assert match.candidates[-1] == first  # the Vanguard card / the Plane, last
    assert "Llanowar Elves" in match.candidates or "Urza, Lord High Artificer" in match.candidates


def test_real_set_syntax_finds_the_card(shared_kb):
    assert shared_kb.card("bolt|m10").card.name == "Lightning Bolt"


@pytest.mark.parametrize(
    ("typed", "first"),
    [
        ("goyf", "Tarmogoyf"),
        ("bob", "Dark Confidant"),
        ("stp", "Swords to Plowshares"),
        ("lightning b", "Lightning Bolt"),
    ],
)
def test_real_autocomplete_offers_what_players_mean_first(shared_kb, typed, first):
    assert shared_kb.complete_card_name(typed, 25)[0] == first


@pytest.mark.parametrize(
    "name", ["Brisela, Voice of Nightmares", "Urza, Lord Protector", "Hanweir Battlements"]
)
def test_real_meld_cards_print_their_rules_text(shared_kb, name):
    card = shared_kb.card(name).card
    assert card is not None and card.oracle_text
    assert card.oracle_text in Reply(embeds=[content.card_embed(card)]).to_text()
