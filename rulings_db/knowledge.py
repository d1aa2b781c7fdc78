"""The read side of the knowledge base: one object over one SQLite file.

Safe to share between threads (each thread gets its own read-only connection). A sync swaps
a new file into place atomically; ``refresh_if_changed`` notices and reopens, while queries
already running finish on the old file.
"""

from __future__ import annotations

import json
import re
import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rapidfuzz import fuzz, process

from rulings_db.cards import NameEntry, NameIndex, Resolution, is_secondary, split_set
from rulings_db.models import Answer, Card, CardFace, CardMatch, GlossaryEntry, Rule, Ruling
from rulings_db.schema import SCHEMA_VERSION
from rulings_db.search_terms import clean_rule_number, fts_query

if TYPE_CHECKING:  # the mention finder (and its text tables) load with the first question
    from rulings_db.jargon import JargonEntry
    from rulings_db.mentions import Mention

# How players write a rule reference: "CR 702.19b", "rule 702.19b.", "§702.19b", "r. 702.19"
_RULE_PREFIX = re.compile(r"^(?:comprehensive rules?|cr|rules?|r\.|§)\s*", re.IGNORECASE)
_NUMBER_IN_TEXT = re.compile(r"\b\d{3}\.\d+[a-z]?\b")
_SEE_TERM = re.compile(r"^[^.]{0,80}\.?\s*See “([^”]+?)\.?”\s*$")
_TERM_WORD = re.compile(r"[\s\-–—/]+")
_ARTICLE = re.compile(r"^(?:the|a|an)\s+", re.IGNORECASE)
# Abbreviations are read from a term's words only from this many letters ("etb", "sba"):
# two letters are too often someone else's ("pw" is not Partner).
MIN_INITIALS = 3


class KnowledgeBaseError(Exception):
    """The database is missing, unreadable or from another schema; the message says what to do."""


@dataclass(frozen=True)
class RuleLabel:
    number: str
    parent: str | None
    title: str | None
    snippet: str


class KnowledgeBase:
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._local = threading.local()
        self._lock = threading.Lock()
        self._generation = 0
        self._load()

    # -- opening and refreshing ----------------------------------------------------------

    def _load(self) -> None:
        if not self.path.exists():
            raise KnowledgeBaseError(
                f"No knowledge base at {self.path}. Run `rulesbot sync` "
                "(or `rulesbot sync --from PATH` offline)."
            )
        self._identity = _file_identity(self.path)
        conn = self._open()
        try:
            version = _meta(conn, "schema_version")
        except sqlite3.DatabaseError as error:
            raise KnowledgeBaseError(
                f"{self.path} is not a rulesbot database ({error})."
            ) from error
        if str(version) != str(SCHEMA_VERSION):
            raise KnowledgeBaseError(
                f"{self.path} was built by another version of rulesbot (schema {version}, "
                f"this one reads {SCHEMA_VERSION}). Run `rulesbot sync` to rebuild it."
            )
        self._names: NameIndex | None = None  # loaded by the first name lookup (fast start)
        self._rule_labels = [
            RuleLabel(n, p, t, (x or "")[:90])
            for n, p, t, x in conn.execute(
                "select number, parent, title, text from rules order by position"
            )
        ]
        self._glossary_terms = [
            t for (t,) in conn.execute("select term from glossary order by term")
        ]
        self._initials: dict[str, str] | None = None
        self._vocabulary: frozenset[str] | None = None
        self._retriever: Any = None
        self._local.conn = conn
        self._local.generation = self._generation

    def _open(self) -> sqlite3.Connection:
        uri = f"file:{self.path.resolve()}?mode=ro"
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        conn.execute("pragma query_only = 1")
        return conn

    @property
    def conn(self) -> sqlite3.Connection:
        """This thread's connection to the current file."""
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.generation != self._generation:
            if conn is not None:
                conn.close()
            conn = self._open()
            self._local.conn = conn
            self._local.generation = self._generation
        return conn

    def refresh_if_changed(self) -> bool:
        """Reopen when a sync has replaced the file; True when it did."""
        try:
            identity = _file_identity(self.path)
        except FileNotFoundError:
            return False
        if identity == self._identity:
            return False
        with self._lock:
            self._generation += 1
            self._load()
        return True

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    # -- cards ---------------------------------------------------------------------------

    @property
    def names(self) -> NameIndex:
        """Every card name, face name and nickname, read once on first use: a command that
        never looks up a name (``rulesbot cr``) never pays for the table."""
        names = self._names
        if names is None:
            with self._lock:
                if self._names is None:
                    self._names = _name_index(self.conn)
                names = self._names
        return names

    def card(self, name: str) -> CardMatch:
        """Resolve what a user typed to one card, several candidates, or suggestions.
        Scryfall's ``name|set`` is accepted; the set is ignored (one Oracle card per name)."""
        typed, _set = split_set(name[:200])
        resolution = self.names.resolve(typed)
        return self._match(resolution)

    def _match(self, resolution: Resolution) -> CardMatch:
        if resolution.resolved:
            card = self.card_by_id(resolution.oracle_ids[0])
            return CardMatch(resolution.query, card=card, how=resolution.how)  # type: ignore[arg-type]
        return CardMatch(
            resolution.query,
            ambiguous=resolution.ambiguous,
            candidates=resolution.suggestions,
        )

    def card_by_id(self, oracle_id: str) -> Card | None:
        row = self.conn.execute(
            "select oracle_id, name, layout, mana_cost, mana_value, type_line, oracle_text, "
            "colors, color_identity, keywords, power, toughness, loyalty, defense, "
            "color_indicator from cards where oracle_id = ?",
            (oracle_id,),
        ).fetchone()
        return _card(row, self._faces(oracle_id)) if row else None

    def _faces(self, oracle_id: str) -> tuple[CardFace, ...]:
        rows = self.conn.execute(
            "select name, mana_cost, type_line, oracle_text, power, toughness, loyalty, defense, "
            "colors, color_indicator from card_faces where oracle_id = ? order by face_index",
            (oracle_id,),
        )
        return tuple(_face(row) for row in rows)

    def complete_card_name(self, prefix: str, limit: int = 25) -> list[str]:
        return self.names.complete(prefix[:100], limit)

    def iter_cards(self) -> Iterator[Card]:
        faces: dict[str, list[CardFace]] = {}
        for row in self.conn.execute(
            "select oracle_id, name, mana_cost, type_line, oracle_text, power, toughness, "
            "loyalty, defense, colors, color_indicator from card_faces "
            "order by oracle_id, face_index"
        ):
            faces.setdefault(row[0], []).append(_face(row[1:]))
        for row in self.conn.execute(
            "select oracle_id, name, layout, mana_cost, mana_value, type_line, oracle_text, "
            "colors, color_identity, keywords, power, toughness, loyalty, defense, "
            "color_indicator from cards order by name"
        ):
            yield _card(row, tuple(faces.get(row[0], ())))

    def rulings(self, card: Card) -> list[Ruling]:
        rows = self.conn.execute(
            "select published_at, source, text from rulings where oracle_id = ? "
            "order by published_at, rowid",
            (card.oracle_id,),
        )
        return [Ruling(card.oracle_id, card.name, d, s, t) for d, s, t in rows]

    # -- rules and glossary --------------------------------------------------------------

    def rule(self, number: str) -> Rule | None:
        """A rule by number ("702.19b", "702.19", "702", "rule 702.19b."), with its sub-rules."""
        key = clean_rule_number(number)
        if key is None:
            return None
        row = self.conn.execute(
            "select number, title, text, examples from rules where number = ?", (key,)
        ).fetchone()
        if row is None:
            return None
        children = self.conn.execute(
            "select number, title, text, examples from rules where parent = ? order by position",
            (key,),
        )
        return _rule(row, tuple(_rule(child) for child in children))

    def complete_rule(self, text: str, limit: int = 25) -> list[tuple[str, str]]:
        """Rule numbers for autocomplete: by number prefix, else by words of the title."""
        query = _RULE_PREFIX.sub("", text.strip().lower()).strip().rstrip(".")
        if not query:
            labels = [r for r in self._rule_labels if r.parent is not None and "." not in r.number]
        elif query[0].isdigit():
            labels = [r for r in self._rule_labels if r.number.startswith(query)]
        else:
            labels = [r for r in self._rule_labels if r.title and query in r.title.lower()]
            labels += [r for r in self._rule_labels if not r.title and query in r.snippet.lower()]
            entry = self.jargon(query) if not labels else None  # "fizzle" -> 608.2b
            if entry is not None:
                labels = [r for n in entry.rules for r in self._rule_labels if r.number == n]
        return [(r.number, _label(r)) for r in labels[:limit]]

    def define(self, term: str) -> GlossaryEntry | None:
        """The glossary entry a player means: the term as typed, then its plain forms
        ("the stack" -> Stack, "tramples" -> Trample, "summoning sickness" -> Summoning
        Sickness Rule), then a three-letter-plus abbreviation of a term's words ("etb",
        "sba", "lki", "cmc"). An entry that only sends you to another ("Enter: See
        'Enters the Battlefield'") is followed once."""
        cleaned = " ".join(term.split())[:100]
        return self._glossary_for(cleaned) or self._jargon_definition(cleaned)

    def _glossary_for(self, typed: str) -> GlossaryEntry | None:
        for candidate in term_forms(typed):
            entry = self._glossary_row(candidate)
            if entry is not None:
                return self._followed(entry)
        term_by_initials = self._glossary_initials().get(typed.lower().replace(".", ""))
        return self._glossary_row(term_by_initials) if term_by_initials else None

    def jargon(self, term: str) -> JargonEntry | None:
        """The jargon table's entry for a players' word ("fizzle", "etb", "tucked")."""
        from rulings_db.jargon import jargon

        return jargon().lookup(term[:100])

    def _jargon_definition(self, term: str) -> GlossaryEntry | None:
        """A players' word: the glossary entry for one of its forms or its CR words, else
        the rules the jargon table gives for it (never words of our own as the CR's)."""
        entry = self.jargon(term)
        if entry is None:
            return None
        for form in (*entry.say, entry.means):
            found = self._glossary_for(form)
            if found is not None:
                return found
        if not entry.rules:
            return None
        numbers = ", ".join(entry.rules)
        where = f"rule {numbers} covers" if len(entry.rules) == 1 else f"rules {numbers} cover"
        text = f"“{term}” is a players' term, not a glossary entry; {where} it."
        return GlossaryEntry(term, text, entry.rules, source="jargon")

    def complete_term(self, text: str, limit: int = 25) -> list[str]:
        """Glossary terms for autocomplete: by the start of the term, then of any word of
        it, then by abbreviation ("etb")."""
        query = " ".join(text.lower().split())[:100]
        if not query:
            return self._glossary_terms[:limit]
        starts = [t for t in self._glossary_terms if t.lower().startswith(query)]
        words = [
            t
            for t in self._glossary_terms
            if t not in starts and any(w.startswith(query) for w in _TERM_WORD.split(t.lower()))
        ]
        by_initials = self._glossary_initials().get(query.replace(".", ""))
        found = ([by_initials] if by_initials else []) + starts + words
        return list(dict.fromkeys(found))[:limit]

    def rules_vocabulary(self) -> frozenset[str]:
        """Lower-case words and phrases of the game's rules: glossary terms, the keyword
        actions and abilities (CR 701, 702) and the jargon table's players' words."""
        if self._vocabulary is None:
            from rulings_db.jargon import jargon

            terms = {_bare_term(t) for t in self._glossary_terms}
            terms |= {
                _bare_term(label.title)
                for label in self._rule_labels
                if label.title and label.parent in ("701", "702")
            }
            terms |= {form for entry in jargon().entries for form in entry.say}
            self._vocabulary = frozenset(t for t in terms if t)
        return self._vocabulary

    def _glossary_row(self, term: str) -> GlossaryEntry | None:
        row = self.conn.execute(
            "select term, text, rule_refs from glossary where term = ? collate nocase "
            "or term like ? || ' (%' collate nocase or term = ? || ' rule' collate nocase "
            "order by length(term) limit 1",
            (term, term, term),
        ).fetchone()
        return GlossaryEntry(row[0], row[1], tuple(json.loads(row[2] or "[]"))) if row else None

    def _followed(self, entry: GlossaryEntry) -> GlossaryEntry:
        pointer = _SEE_TERM.match(entry.text)
        if pointer is None:
            return entry
        target = self._glossary_row(pointer.group(1))
        return target if target is not None else entry

    def _glossary_initials(self) -> dict[str, str]:
        if self._initials is None:
            by: dict[str, list[str]] = {}
            for t in self._glossary_terms:
                key = _initials(t)
                if key is not None:
                    by.setdefault(key, []).append(t)
            self._initials = {k: v[0] for k, v in by.items() if len(v) == 1}
        return self._initials

    def suggest_terms(self, term: str, limit: int = 5) -> list[str]:
        hits = process.extract(
            term.lower()[:100],
            [t.lower() for t in self._glossary_terms],
            scorer=fuzz.WRatio,
            limit=limit,
            score_cutoff=60,
        )
        return [self._glossary_terms[index] for _, _, index in hits]

    def search_rules(self, text: str, limit: int = 10) -> list[Rule]:
        """Full-text search over rule text; any user text is safe (FTS syntax is neutralised)."""
        query = fts_query(text)
        if not query:
            return []
        rows = self.conn.execute(
            "select rules.number, rules.title, rules.text, rules.examples from rules_fts "
            "join rules on rules.rowid = rules_fts.rowid where rules_fts match ? "
            "order by bm25(rules_fts) limit ?",
            (query, limit),
        )
        found = [_rule(row) for row in rows]
        # a rule number written in the text is that rule, first (not 701.19b for 702.19b)
        named = [n for n in dict.fromkeys(_NUMBER_IN_TEXT.findall(text.lower()))]
        exact = [rule for n in named if (rule := self.rule(n)) is not None]
        exact = [Rule(r.number, r.text, r.title, r.examples) for r in exact]
        numbers = {r.number for r in exact}
        return (exact + [r for r in found if r.number not in numbers])[:limit]

    # -- free questions and status -------------------------------------------------------

    def ask(self, question: str, limit: int = 5) -> Answer:
        from rulings_db.retrieval import Retriever

        if self._retriever is None or self._retriever.generation != self._generation:
            self._retriever = Retriever(self, self._generation)
        answer: Answer = self._retriever.ask(question, limit)
        return answer

    def mentions(self, text: str) -> list[Mention]:
        """The cards ``text`` mentions (``rulings_db.mentions``), with the corpus's word
        statistics; the chat board reader's card names come from here."""
        from rulings_db.mentions import find_mentions
        from rulings_db.retrieval import Retriever

        if self._retriever is None or self._retriever.generation != self._generation:
            self._retriever = Retriever(self, self._generation)
        return find_mentions(text, self.names, self._retriever)

    def status(self) -> dict[str, object]:
        info: dict[str, object] = {"path": str(self.path)}
        for key, value in self.conn.execute("select key, value from meta"):
            try:
                info[key] = json.loads(value)
            except (TypeError, ValueError):
                info[key] = value
        return info


# -- helpers -----------------------------------------------------------------------------


def term_forms(term: str) -> list[str]:
    """The spellings a glossary term may be typed in, as typed first: without a leading
    article ("the stack"), a question mark or an inflection ("tramples", "blocked",
    "attacking")."""
    base = _ARTICLE.sub("", term.strip().rstrip("?").strip())
    forms = [term.strip(), base]
    last = base.rsplit(" ", 1)[-1].lower()
    stem = base[: len(base) - len(last)]
    for ending, replacement in (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""), ("ed", "e"),
                                ("ing", ""), ("ing", "e"), ("d", "")):  # fmt: skip
        if last.endswith(ending) and len(last) - len(ending) >= 3:
            forms.append(stem + last[: -len(ending)] + replacement)
    return [f for f in dict.fromkeys(forms) if f]


def _bare_term(term: str) -> str:
    """ "Converted Mana Cost (Obsolete)" -> "converted mana cost"; "" for a term with quotes
    or brackets (a variant list, not a phrase anyone types)."""
    bare = re.sub(r"\s*\(.*?\)\s*$", "", term).strip().lower()
    return "" if re.search(r"[“”\"\[\],]", bare) else bare


def _initials(term: str) -> str | None:
    """ "State-Based Actions" -> "sba"; None for short or punctuated terms."""
    words = re.split(r"[\s\-–—/]+", re.sub(r"\s*\(.*?\)\s*$", "", term.lower()))
    if any(not w.isalpha() for w in words if w) or len(words) < MIN_INITIALS:
        return None
    return "".join(w[0] for w in words if w)


def _name_index(conn: sqlite3.Connection) -> NameIndex:
    entries = [
        NameEntry(*row) for row in conn.execute("select key, name, oracle_id, kind from card_names")
    ]
    secondary = frozenset(
        oracle_id
        for oracle_id, layout, type_line in conn.execute(
            "select oracle_id, layout, type_line from cards"
        )
        if is_secondary(layout, type_line)
    )
    return NameIndex(entries, secondary)


def _file_identity(path: Path) -> tuple[int, int, int]:
    stat = path.stat()
    return (stat.st_ino, stat.st_mtime_ns, stat.st_size)


def _meta(conn: sqlite3.Connection, key: str) -> object:
    row = conn.execute("select value from meta where key = ?", (key,)).fetchone()
    if row is None:
        return None
    try:
        return json.loads(row[0])
    except ValueError:
        return row[0]


def _json_tuple(value: str | None) -> tuple[str, ...]:
    return tuple(json.loads(value)) if value else ()


def _face(row: tuple[Any, ...]) -> CardFace:
    name, cost, type_line, text, power, toughness, loyalty, defense, colors, indicator = row
    return CardFace(
        name, cost or "", type_line or "", text or "", power, toughness, loyalty, defense,
        _json_tuple(colors), _json_tuple(indicator) if indicator is not None else None,
    )  # fmt: skip


def _card(row: tuple[Any, ...], faces: tuple[CardFace, ...]) -> Card:
    (oracle_id, name, layout, cost, value, type_line, text, colors, identity, keywords,
     power, toughness, loyalty, defense, indicator) = row  # fmt: skip
    return Card(
        oracle_id=oracle_id,
        name=name,
        layout=layout or "normal",
        mana_cost=cost or "",
        mana_value=float(value or 0),
        type_line=type_line or "",
        oracle_text=text or "",
        faces=faces,
        colors=_json_tuple(colors),
        color_identity=_json_tuple(identity),
        keywords=_json_tuple(keywords),
        power=power,
        toughness=toughness,
        loyalty=loyalty,
        defense=defense,
        color_indicator=_json_tuple(indicator) if indicator is not None else None,
    )


def _rule(row: tuple[Any, ...], children: tuple[Rule, ...] = ()) -> Rule:
    number, title, text, examples = row
    return Rule(number, text or "", title, _json_tuple(examples), children)


def _label(label: RuleLabel) -> str:
    text = label.title or label.snippet
    return f"{label.number} {text}"[:100]
