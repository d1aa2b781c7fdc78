"""The knowledge base's tables: one SQLite file, created through sqlite-utils.

Every importer writes into these tables and every lookup reads from them; nothing else
creates tables in the knowledge-base file. Bump ``SCHEMA_VERSION`` whenever a table changes:
a database with another version is rebuilt by the next sync instead of being read.
"""

from __future__ import annotations

import sqlite_utils

SCHEMA_VERSION = 3

# Name kinds in ``card_names``: how a typed name reaches a card.
NAME_FULL = "full"  # "Fire // Ice", "Delver of Secrets // Insectile Aberration"
NAME_FACE = "face"  # "Fire", "Insectile Aberration", "Stomp"
NAME_NICKNAME = "nickname"  # "bolt", "goyf" (curated list in rulings_db/data/nicknames.csv)


def create_schema(db: sqlite_utils.Database) -> None:
    """Create every table, index and full-text index in an empty database."""
    db.table("cards").create(
        {
            "oracle_id": str,
            "name": str,  # full name, faces joined by " // "
            "layout": str,
            "mana_cost": str,  # top-level cost ("" when the card has none)
            "mana_value": float,
            "type_line": str,
            "oracle_text": str,  # all faces' text, faces separated by "\n//\n"
            "power": str,
            "toughness": str,
            "loyalty": str,
            "defense": str,
            "colors": str,  # JSON list of W/U/B/R/G
            "color_indicator": str,  # JSON list (202.2e); NULL when the source gives none
            "color_identity": str,  # JSON list
            "keywords": str,  # JSON list
            "funny": int,  # 1: an Un-set style card (acorn, silver border), not for a real game
        },
        pk="oracle_id",
    )
    db.table("card_faces").create(
        {
            "oracle_id": str,
            "face_index": int,
            "name": str,
            "mana_cost": str,
            "type_line": str,
            "oracle_text": str,
            "power": str,
            "toughness": str,
            "loyalty": str,
            "defense": str,
            "colors": str,  # JSON list
            "color_indicator": str,  # JSON list (202.2e); NULL when the source gives none
        },
        pk=("oracle_id", "face_index"),
        foreign_keys=[("oracle_id", "cards", "oracle_id")],
    )
    db.table("card_names").create(
        {
            "key": str,  # normalised form, see rulings_db.names.normalise
            "name": str,  # as displayed: the full name, face name or nickname
            "oracle_id": str,
            "kind": str,  # NAME_FULL / NAME_FACE / NAME_NICKNAME
        },
        pk=("key", "oracle_id", "kind"),
    )
    db.table("card_names").create_index(["key"])
    db.table("rulings").create(
        {
            "id": str,  # stable hash of (oracle_id, normalised text): dedupes Scryfall vs MTGJSON
            "oracle_id": str,
            "published_at": str,  # ISO date
            "source": str,  # "wotc", "scryfall", "mtgjson"
            "text": str,
        },
        pk="id",
    )
    db.table("rulings").create_index(["oracle_id"])
    db.table("rules").create(
        {
            "number": str,  # "702.19b"; sections are "702." style numbers without the dot: "702"
            "parent": str,  # "702.19b" -> "702.19" -> "702" -> "7" -> None
            "section": str,  # the top-level section number, "7"
            "title": str,  # headings only ("Trample"), else None
            "text": str,
            "examples": str,  # JSON list of example texts
            "position": int,  # order in the document
        },
        pk="number",
    )
    db.table("rules").create_index(["parent"])
    db.table("rules").create_index(["position"])
    db.table("glossary").create(
        {
            "term": str,
            "text": str,
            "rule_refs": str,  # JSON list of rule numbers the definition points at
        },
        pk="term",
    )
    # df: documents using a term; lower_share: its mid-sentence uses in lower case (term_stats)
    db.table("terms").create({"term": str, "df": int, "lower_share": float}, pk="term")
    # how many cards print each ruling text (general rulings are shared), see term_stats
    db.table("ruling_shares").create({"text_key": str, "cards": int}, pk="text_key")
    # the rules mechanics of each card (JSON list of rulings_db.mechanics.MECHANICS)
    db.table("card_mechanics").create({"oracle_id": str, "mechanics": str}, pk="oracle_id")
    db.table("meta").create({"key": str, "value": str}, pk="key")  # value is JSON
    db.table("meta").insert({"key": "schema_version", "value": str(SCHEMA_VERSION)})


# Full-text indexes, built once after the bulk import (cheaper than triggers on every insert).
FTS_COLUMNS: dict[str, list[str]] = {
    "cards": ["name", "type_line", "oracle_text"],
    "rulings": ["text"],
    "rules": ["number", "title", "text", "examples"],
    "glossary": ["term", "text"],
}


def build_fts(db: sqlite_utils.Database) -> None:
    """Build the search indexes once the tables hold their rows.

    FTS5 indexes (porter stemming) for full-text search, and the term statistics that free
    questions are ranked with (``rulings_db.term_stats``).
    """
    from rulings_db.term_stats import compute_term_stats

    compute_term_stats(db)
    for table, columns in FTS_COLUMNS.items():
        db.table(table).enable_fts(columns, tokenize="porter", replace=True)
        db.table(table).optimize()
    db.analyze()
