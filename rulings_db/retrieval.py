"""Free questions: find the rulings, rules and glossary entries that answer them.

1. find the cards the question mentions (``mentions``);
2. gather candidates: the rulings of those cards, full-text hits over all rulings and
   glossary entries (question words plus player slang in CR words), and the best rules of
   an in-memory BM25 index over the whole CR (``rule_index``);
3. score every candidate with one BM25 over the corpus's own term statistics, so rulings,
   rules and definitions compete on the same scale; add the evidence that the question names
   the ruling's card, phrase matches, and rule numbers typed in the question;
4. return the best distinct sources with a confidence derived from the score and the margin.
"""

from __future__ import annotations

import json
import math
import re
import sqlite3
import unicodedata
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING

from rapidfuzz import fuzz

from rulings_db.disambiguation import CLEARLY_NAMED, WEAK_EVIDENCE, Disambiguator
from rulings_db.jargon import jargon
from rulings_db.mechanics import (
    CardFacts,
    Mechanic,
    PairMet,
    interactions,
    known_mechanics,
    mechanic_clause,
    text_mechanics,
)
from rulings_db.mentions import Mention, find_mentions
from rulings_db.models import Answer, Confidence, Source
from rulings_db.ranking import (
    COMMON_TYPE_WORDS,
    MECHANIC_WORDS,
    Features,
    Modality,
    asked_modalities,
    combine,
    shared_modalities,
)
from rulings_db.rule_index import IndexedRule, RuleIndex, is_sub_rule
from rulings_db.search_terms import clean_rule_number, fts_query
from rulings_db.term_stats import ruling_text_key
from rulings_db.text import STOPWORDS, says_phrase, slang_phrases, stem, terms, unique, words
from rulings_db.weights import ConfidenceThresholds, RankingWeights, Weights, shipped_weights

if TYPE_CHECKING:
    from rulings_db.knowledge import KnowledgeBase

MAX_QUESTION = 1000  # characters scored; longer questions are cut, and the answer says so
VARIANT_SECTIONS = ("8", "9")  # multiplayer and casual variants: rarely what a player means
GENERAL_RULING_CARDS = 3  # a ruling printed on this many cards is a general one...
SLANG_ONLY_SHARE = 0.001  # ...or all but never: "pw" is in 42 of 48,000 documents
CANDIDATES_PER_KIND = 60
FTS_WORDS = 10  # the rarest words of the question go to the full-text search...
QUESTION_FTS_WORDS = 6  # ...the player's own words first, then the slang's CR words
STUB_WORDS = 8  # a rule shorter than this ("Haste is a static ability.") is a stub
INTERACTION_EVIDENCE = 0.5  # a card named at least this clearly brings its mechanics
COMMON_SHARE = 0.05  # a word in more than 5% of documents is too common to search by
# What a candidate document is on its own (its weighted term counts and bigrams) is kept for
# this many documents, oldest dropped first: the CR's rules come back question after
# question. About 3.4 KB each with its key (14 MB when full); the memo lives and dies with
# its Retriever (one per database file).
DOCUMENT_MEMO = 4096

_RULE_REFERENCE = re.compile(r"\b(\d{3}\.\d+[a-z]?)\b")
_DEFINITION = re.compile(
    r"\s*(?:(?:hey|hi|hello|yo|so|ok|okay|um|quick question|question)\W+)*"
    r"(?:what(?:'s|’s|s| is| are| does| do)|how (?:does|do)|define|definition of|meaning of|"
    r"explain)\b"
)
_CHAT_MENTION = re.compile(r"<[@#][!&]?\d+>|@(?:everyone|here)\b|^@\S+")
_GREETING = re.compile(r"^(?:(?:hey|hi|hello|yo|um|quick question)\b[\s,.!:-]*)+", re.IGNORECASE)
_VARIANT_RULING = re.compile(r"\b(?:two-headed giant|planechase|archenemy|emperor)\b", re.I)
_VARIANT_ASKED = re.compile(r"\b(?:two-headed|2hg|planechase|archenemy|emperor|multiplayer)")
_NEGATION = re.compile(r"\b(?:not|isnt|isn't|isn’t|arent|aren't|wasnt|never|no)\s+([a-z]+)")


@dataclass
class Candidate:
    kind: str  # "ruling", "rule", "glossary"
    text: str
    number: str | None = None
    title: str | None = None
    term: str | None = None
    date: str | None = None
    oracle_ids: list[str] = field(default_factory=list)
    rule_refs: list[str] = field(default_factory=list)
    examples: str = ""  # a rule's examples, a BM25F field (BM25.example_weight)
    context: str = ""  # the titles a rule sits under, a field (BM25.context_weight)
    score: float = 0.0
    parts: list[str] = field(default_factory=list)  # sub-rules quoted when grouped
    published_by: str = "wotc"  # a ruling's source: Wizards' ("wotc") or Scryfall's own note


@dataclass
class Query:
    weights: dict[str, float]
    bigrams: set[tuple[str, str]]
    mentions: list[Mention]
    rule_numbers: list[str]
    fts: str
    text: str
    concept_rules: list[str] = field(default_factory=list)  # rules cited by terms it uses
    interaction_rules: list[str] = field(default_factory=list)  # mechanics meeting (pairs)...
    # ...that the question speaks of; pairs_met: any pair of the table applies at all
    pairs_met: bool = False
    mechanic_rules: list[str] = field(default_factory=list)  # one named card's mechanics
    jargon_rules: list[str] = field(default_factory=list)  # rules of the player words it uses
    shape_rules: list[str] = field(default_factory=list)  # ...of its question shapes alone
    bare_term: bool = False  # the whole question is one glossary term ("trample?")
    cards_named: int = 0  # different cards named clearly enough to bring their mechanics
    modalities: frozenset[Modality] = frozenset()  # what it asks by its shape ("can I")
    # each card named clearly enough to bring its mechanics, with how a ruling speaks of it
    named_cards: list[CardWords] = field(default_factory=list)
    # the named cards' Oracle words the question doesn't say, as a query of their own: a rule
    # that speaks of what the named cards do ("lifelink", "search", "phases") is in point
    card_text: Query | None = None
    # each term with its weight times idf, and their sum (BM25's ceiling): worked out on the
    # first candidate scored, since ``weights`` is complete once the Query is made
    weighted: tuple[list[tuple[str, float]], float] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    @property
    def asks_definition(self) -> bool:
        """ "what does trample do?", "what is a mana ability", "define dies", also when more
        follows ("what does devoid mean, is the card colorless ..."), or just "trample"."""
        if self.bare_term:
            return True
        first_clause = re.split(r"[,?;.!]", self.text, maxsplit=1)[0]
        return _DEFINITION.match(self.text) is not None and len(first_clause.split()) <= 10

    @property
    def governing_rules(self) -> set[str]:
        """The rules the curated tables give for this question: where the named cards'
        mechanics meet, each one's own mechanics, and the player's jargon."""
        return {*self.interaction_rules, *self.mechanic_rules, *self.jargon_rules}

    @property
    def names_a_card(self) -> bool:
        return any(m.weight >= 0.5 for m in self.mentions)

    @property
    def total_weight(self) -> float:
        return sum(self.weights.values())


@dataclass(frozen=True)
class CardWords:
    """How a ruling speaks of a card without being one of its rulings: the card's names (each
    face, a legend's name before the comma) as whole words, or one of its telling words (its
    types and subtypes but the common ones, its keywords, its mechanics' words)."""

    oracle_id: str
    names: tuple[str, ...]
    words: frozenset[str]

    def spoken_of(self, text: str, text_terms: list[str]) -> bool:
        lowered = text.lower()
        return any(says_phrase(lowered, n) for n in self.names) or not self.words.isdisjoint(
            text_terms
        )


class Retriever:
    def __init__(self, kb: KnowledgeBase, generation: int, weights: Weights | None = None) -> None:
        self.kb = kb
        self.weights = weights or shipped_weights()
        self.generation = generation
        conn = kb.conn
        self.df: dict[str, int] = {}
        self.lower: dict[str, float] = {}
        for term, df, lower in conn.execute("select term, df, lower_share from terms"):
            self.df[term] = df
            self.lower[term] = lower or 0.0
        corpus = json.loads(
            (conn.execute("select value from meta where key = 'corpus'").fetchone() or ["{}"])[0]
        )
        self.documents = max(int(corpus.get("documents", 1)), 1)
        self._idfs: dict[str, float] = {}  # idf of each term the corpus uses, on first use
        self._documents: dict[tuple[str, ...], _Document] = {}  # at most DOCUMENT_MEMO
        self.average_length = float(corpus.get("average_length", 20.0)) or 20.0
        # Loaded with the rest, so the first question after a sync doesn't pay for it.
        self.keywords = {
            oid: " ".join(json.loads(k))
            for oid, k in conn.execute("select oracle_id, keywords from cards")
            if k and k != "[]"
        }
        glossary = list(conn.execute("select term, rule_refs from glossary"))
        self.concepts = _concept_index(glossary)
        self.glossary_phrases = {_glossary_phrase(term) for term, _ in glossary}
        self.term_bigrams = {b for term, _ in glossary for b in _bigrams(terms(term))}
        self.rule_index = RuleIndex.load(conn, self.weights.bm25)
        self.subtypes = self.rule_index.subtypes()
        self.disambiguator = Disambiguator(kb, self._fit)
        self._mechanics: dict[str, set[Mechanic]] = {}
        self._card_words: dict[str, CardWords] = {}
        self._clauses: dict[tuple[str, Mechanic], frozenset[str]] = {}
        self._mechanic_shares: dict[str, float] | None = None
        self._stored_mechanics = bool(
            conn.execute(
                "select 1 from sqlite_master where type = 'table' and name = 'card_mechanics'"
            ).fetchone()
        )
        self.shares = {k: n for k, n in conn.execute("select text_key, cards from ruling_shares")}
        self.unset_cards = _not_for_real_games(conn)

    # -- the pipeline --------------------------------------------------------------------

    def ask(self, question: str, limit: int = 5) -> Answer:
        cleaned, notes = clean_question(question)
        if not words(cleaned):
            return Answer(
                question, (), (), "none", (*notes, "The question has no words to search for.")
            )
        query = self.build_query(cleaned)
        candidates = self.gather(query)
        for candidate in candidates:
            candidate.score = self.score(candidate, query)
        best_first = self.lead_for_a_real_game(self.rank(candidates), query)
        confidence = confidence_of(
            self.group_sub_rules(best_first, 2), len(words(cleaned)), self.weights.confidence
        )
        ranked = self.group_sub_rules(self.compose_top(best_first, query, limit), limit)
        sources = tuple(self._source(c, query) for c in ranked)
        cards = self._mentioned_cards(query)
        if confidence in ("high", "medium") and self._says_too_little(query):
            confidence = "low"
        return Answer(question, cards, sources, confidence, tuple(notes))

    def compose_top(
        self,
        ranked: list[Candidate],
        query: Query,
        limit: int,
        weights: RankingWeights | None = None,
    ) -> list[Candidate]:
        """The top ``limit`` hold different kinds of evidence, not five neighbours: the best
        rule and the best ruling (``keep_both_kinds``), and the best rule governing the named
        cards' mechanics or the player's own words (``keep_the_governing_rule``)."""
        weights = weights or self.weights.ranking
        both = keep_both_kinds(ranked, limit, weights)
        governed = keep_the_governing_rule(both, query.governing_rules, limit, weights)
        if not query.names_a_card:
            return governed

        def of_a_named_card(c: Candidate) -> bool:
            return c.kind == "ruling" and self._mention_evidence(c, query) >= CLEARLY_NAMED

        return keep_a_named_cards_ruling(governed, of_a_named_card, limit, weights)

    def build_query(self, question: str) -> Query:
        said = slang_phrases(question)
        mentions = self.disambiguator.settle_all(
            find_mentions(question, self.kb.names, self), question, said
        )
        weights = self._own_weights(question, mentions)
        slang = [
            *said,
            *((w, w) for w in (*_negated_forms(question), *self._opposites(question))),
        ]
        for typed, phrase in slang:
            for term, share in self._slang_weights(typed, phrase).items():
                weights.setdefault(term, share)
        expansions = [phrase for _, phrase in slang]
        bigrams = _bigrams(terms(question))
        for phrase in expansions:
            bigrams |= _bigrams(terms(phrase))
        numbers = [
            n for n in (clean_rule_number(x) for x in _RULE_REFERENCE.findall(question)) if n
        ]
        own = self._telling_words([question])[:QUESTION_FTS_WORDS]
        cr_words = self._telling_words(expansions, fallback=False)
        fts = fts_query(" ".join(unique([*own, *cr_words])[:FTS_WORDS]))
        query = Query(weights, bigrams, mentions, numbers, fts, question.lower())
        query.modalities = asked_modalities(query.text)
        query.concept_rules = self._concept_rules(" | ".join([query.text, *expansions]))
        query.bare_term = _glossary_phrase(question.strip(" \t\n?!.")) in self.glossary_phrases
        query.jargon_rules = unique(
            rule
            for typed, _ in said
            if (entry := jargon().lookup(typed)) is not None
            for rule in entry.rules
        )
        query.shape_rules = unique(
            rule
            for typed, _ in said
            if (entry := jargon().lookup(typed)) is not None and entry.kind == "shape"
            for rule in entry.rules
        )
        named = self._named_mechanics(mentions)
        query.cards_named = len(named)
        query.named_cards = [self.card_words(i) for i in self._named_ids(mentions)]
        query.card_text = self._card_text_query(query)
        table = interactions()
        met = table.pairs_met(named)
        query.pairs_met = bool(met)
        query.interaction_rules = self._spoken_pair_rules(query, met)
        query.mechanic_rules = [
            r for r in table.governing_rules(named) if r not in query.interaction_rules
        ]
        return query

    def _spoken_pair_rules(self, query: Query, met: list[PairMet]) -> list[str]:
        """The rules of the pairs whose two mechanics are both in question (``_in_question``):
        two cards that each trigger, target or have a static ability meet in nearly every
        question naming two cards, and their pair decides it only when the player speaks of
        it. The other pairs' rules count as the cards' own mechanics' rules."""
        if not met:
            return []
        ids = [c.oracle_id for c in query.named_cards]
        said = set(terms(query.text))
        return unique(
            rule
            for m in met
            if self._in_question(ids[m.first], m.a, said)
            and self._in_question(ids[m.second], m.b, said)
            for rule in m.entry.rules
        )

    def _in_question(self, oracle_id: str, mechanic: Mechanic, said: set[str]) -> bool:
        """A mechanic of a named card is in question when few cards have it (its presence
        tells), or the question uses a player's word for it (``cues`` in interactions.yaml) or
        a telling word of the card's own line for it ("exile", "Zombie" of Kalitas's)."""
        ranking = self.weights.ranking
        if self.mechanic_share(mechanic) <= ranking.pair_rare_share:
            return True
        if said.intersection(self._cue_terms(mechanic)):
            return True
        return not said.isdisjoint(self._clause_terms(oracle_id, mechanic))

    def mechanic_share(self, mechanic: Mechanic) -> float:
        """The share of cards with this mechanic (0 on a database without the table)."""
        if self._mechanic_shares is None:
            self._mechanic_shares = {}
            if self._stored_mechanics:
                cards = self.kb.conn.execute("select count(*) from cards").fetchone()[0] or 1
                counted = self.kb.conn.execute(
                    "select j.value, count(*) from card_mechanics, "
                    "json_each(card_mechanics.mechanics) j group by j.value"
                )
                self._mechanic_shares = {str(m): n / cards for m, n in counted}
        return self._mechanic_shares.get(mechanic, 0.0)

    @staticmethod
    @lru_cache(maxsize=128)
    def _cue_terms(mechanic: Mechanic) -> frozenset[str]:
        return frozenset(t for word in interactions().cues.get(mechanic, ()) for t in terms(word))

    def _clause_terms(self, oracle_id: str, mechanic: Mechanic) -> frozenset[str]:
        """The telling words of the card's own line for the mechanic, its name's words aside."""
        key = (oracle_id, mechanic)
        known = self._clauses.get(key)
        if known is not None:
            return known
        facts = self._card_facts(oracle_id)
        found: frozenset[str] = frozenset()
        if facts is not None:
            name = {t for face in facts.name.split(" // ") for t in terms(face)}
            share = self.weights.ranking.pair_word_share
            found = frozenset(
                t
                for t in terms(mechanic_clause(facts, mechanic))
                if t not in name and self.document_share(t) <= share
            )
        self._clauses[key] = found
        return found

    def _card_text_query(self, query: Query) -> Query | None:
        """The named cards' Oracle words that the question and the cards' names don't say."""
        ranking = self.weights.ranking
        if (
            not ranking.card_text_bonus
            or not query.named_cards
            or len(query.text.split()) < ranking.card_text_min_words
        ):
            return None
        ids = [c.oracle_id for c in query.named_cards]
        marks = ",".join("?" * len(ids))
        texts = [
            t or ""
            for (t,) in self.kb.conn.execute(
                f"select oracle_text from cards where oracle_id in ({marks})", ids
            )
        ]
        said = set(query.weights)
        names = {stem(w) for c in query.named_cards for n in c.names for w in words(n)}
        unsaid = {t for text in texts for t in terms(text)} - said - names
        if not unsaid:
            return None
        return Query(dict.fromkeys(unsaid, 1.0), set(), [], [], "", "")

    def _named_mechanics(self, mentions: list[Mention]) -> list[set[Mechanic]]:
        """The mechanics of each card the question clearly names, one set per card."""
        return [self._mechanics_of(i) for i in self._named_ids(mentions)]

    @staticmethod
    def _named_ids(mentions: list[Mention]) -> list[str]:
        return unique(
            m.oracle_ids[0] for m in mentions if m.resolved and m.weight >= INTERACTION_EVIDENCE
        )

    def card_words(self, oracle_id: str) -> CardWords:
        """How a ruling of another card would speak of this one (``CardWords``), read once."""
        known = self._card_words.get(oracle_id)
        if known is not None:
            return known
        row = self.kb.conn.execute(
            "select name, type_line from cards where oracle_id = ?", (oracle_id,)
        ).fetchone()
        name, type_line = row if row else ("", "")
        names = tuple(unique(face.split(",")[0].lower() for face in name.split(" // ") if face))
        common = {stem(w) for w in COMMON_TYPE_WORDS}
        telling = {t for t in terms((type_line or "").replace("—", " ")) if t not in common}
        telling |= set(terms(self.keywords.get(oracle_id, "")))
        for mechanic in self._mechanics_of(oracle_id):
            for word in MECHANIC_WORDS.get(mechanic, ()):
                telling |= set(terms(word))
        known = CardWords(oracle_id, names, frozenset(telling))
        self._card_words[oracle_id] = known
        return known

    def _mechanics_of(self, oracle_id: str) -> set[Mechanic]:
        cached = self._mechanics.get(oracle_id)
        if cached is None and self._stored_mechanics:
            stored = self.kb.conn.execute(
                "select mechanics from card_mechanics where oracle_id = ?", (oracle_id,)
            ).fetchone()
            cached = known_mechanics(json.loads(stored[0])) if stored else set()
            self._mechanics[oracle_id] = cached
        if cached is None:  # a database built before the mechanics table: read the text
            facts = self._card_facts(oracle_id)
            cached = text_mechanics(facts) if facts is not None else set()
            self._mechanics[oracle_id] = cached
        return cached

    def _card_facts(self, oracle_id: str) -> CardFacts | None:
        row = self.kb.conn.execute(
            "select name, type_line, oracle_text, mana_cost, layout, keywords from cards "
            "where oracle_id = ?",
            (oracle_id,),
        ).fetchone()
        if row is None:
            return None
        name, type_line, text, cost, layout, keywords = row
        return CardFacts(
            name or "",
            type_line or "",
            text or "",
            cost or "",
            layout or "",
            tuple(json.loads(keywords or "[]")),
        )

    @staticmethod
    def _says_too_little(query: Query) -> bool:
        """One everyday word ("near", "what is love") matches something, and scores well
        against its own small ceiling, but names no card and no CR term: it can't be trusted."""
        return (
            len(set(terms(query.text))) < 2
            and not query.names_a_card
            and not query.bare_term
            and not query.concept_rules
        )

    def _own_weights(self, question: str, mentions: list[Mention]) -> dict[str, float]:
        """The question's own terms; words of a card it names count little (the mention
        carries them), a word the player repeats ("X ... X times ... isn't X 0") more."""
        name_words = {stem(w) for m in mentions if m.weight >= 0.5 for w in words(m.text)}
        name_words |= self._other_faces_named(question, mentions)
        return {
            term: (self.weights.ranking.name_word_weight if term in name_words else 1.0)
            * (1 + 0.5 * math.log(count))
            for term, count in Counter(terms(question)).items()
        }

    def _other_faces_named(self, question: str, mentions: list[Mention]) -> set[str]:
        """ "countered my stomp, can i cast the bonecrusher": Stomp is Bonecrusher Giant's
        other face, so its words name the card too, not what the rulings should say."""
        lowered = question.lower()
        found: set[str] = set()
        for mention in mentions:
            if mention.weight < 0.5 or not mention.resolved:
                continue
            faces = self._full_name(mention).split(" // ")
            for face in faces if len(faces) > 1 else ():
                if says_phrase(lowered, face):
                    found |= {stem(w) for w in words(face)}
        return found

    def _slang_weights(self, typed: str, phrase: str) -> dict[str, float]:
        """The CR words a piece of slang stands for. One slang phrase is one idea, however many
        words spell it out. The corpus (next to) never says "etb", "kill" or "pw", and "comes
        in" is all stopwords: the expansion is what the player said. Other slang adds the
        CR's words beside the player's own, at a lower weight."""
        phrase_terms = unique(terms(phrase))
        typed_terms = terms(typed)
        unknown = not typed_terms or any(
            self.document_share(t) < SLANG_ONLY_SHARE for t in typed_terms
        )
        ranking = self.weights.ranking
        weight = ranking.standing_in_weight if unknown else ranking.slang_weight
        share = weight / math.sqrt(max(len(phrase_terms), 1))
        return dict.fromkeys(phrase_terms, share)

    def _opposites(self, question: str) -> list[str]:
        """The CR often answers "can a tapped creature block?" by the opposite state ("the
        chosen creatures must be untapped"): the un- forms of the question's participles."""
        return [
            "un" + w
            for w in unique(words(question))
            if w.endswith("ed") and not w.startswith("un") and self.df.get(stem("un" + w), 0) > 0
        ]

    def _telling_words(self, texts: list[str], fallback: bool = True) -> list[str]:
        """The words worth a full-text search: the rarest ones. Words in most documents
        ("creature") match thousands of rows and cost far more than they tell; the scorer
        still weighs every word of the question. Only the player's own words fall back to
        common ones when nothing rarer is there: slang's CR words ("battlefield") never do."""
        content = unique(
            w
            for text in texts
            for w in words(text)
            if w not in STOPWORDS and self.df.get(stem(w), 0) > 0  # unknown words match nothing
        )
        by_rarity = sorted(content, key=lambda w: self.df.get(stem(w), 0))
        telling = [w for w in by_rarity if self.document_share(stem(w)) <= COMMON_SHARE]
        return (telling or (by_rarity if fallback else []))[:FTS_WORDS]

    def gather(self, query: Query) -> list[Candidate]:
        rulings: dict[str, Candidate] = {}
        mentioned = [i for m in query.mentions if m.weight >= 0.15 for i in m.oracle_ids]
        self._add_rulings(rulings, self._rulings_of(mentioned))
        self._add_rulings(rulings, self._fts_rulings(query.fts))
        rules: dict[str, Candidate] = {}
        for found in self.rule_index.search(query.weights, CANDIDATES_PER_KIND):
            rules[found.number] = _rule_candidate(found)
        for number in (*query.interaction_rules, *query.mechanic_rules, *query.jargon_rules):
            governing = self.rule_index.by_number.get(number)
            if governing is not None and number not in rules:
                rules[number] = _rule_candidate(governing)
        for number in query.rule_numbers:
            typed = self.rule_index.by_number.get(number)
            if typed is not None:
                rules[number] = _rule_candidate(typed)
        for number, candidate in list(rules.items()):
            if _is_heading(candidate):
                # A heading ("702.7. First Strike") says nothing; its first sub-rule does.
                del rules[number]
                first = self._defining_rule(number, candidate.term or "")
                if first is not None and first.number and first.number not in rules:
                    rules[first.number] = first
        glossary = self._fts_glossary(query.fts)
        for entry in glossary:
            for number in entry.rule_refs[:1]:
                defining = self._defining_rule(number, entry.term or "")
                if defining is not None and defining.number:
                    rules[defining.number] = defining
        return [*rulings.values(), *rules.values(), *glossary]

    def _defining_rule(self, number: str, term: str) -> Candidate | None:
        """The rule a glossary entry points at; for a heading ("702.19 Trample"), its first
        sub-rule, which is where the CR defines the term."""
        rule = self.rule_index.by_number.get(number)
        if rule is None:
            return None
        children = self.rule_index.children.get(number, [])
        if rule.title and children:
            substantive = [c for c in children if len(c.text.split()) >= STUB_WORDS]
            rule = (substantive or children)[0]
        return replace(_rule_candidate(rule), term=term)

    def score(self, candidate: Candidate, query: Query) -> float:
        return combine(self.features(candidate, query), self.weights.ranking)

    def features(self, candidate: Candidate, query: Query) -> Features:
        """What the candidate has going for it, measured once (``ranking.combine`` weighs)."""
        document = self._document(candidate)
        shared = query.bigrams & document.bigrams
        common = dict(
            kind=candidate.kind,
            relevance=self._relevance(query, document.normalised),
            bigrams=len(shared),
            term_bigrams=len(shared & self.term_bigrams),
            shape=fuzz.token_set_ratio(query.text, candidate.text.lower()) / 100,
            defines_term=bool(
                candidate.term and query.asks_definition and _names_term(query.text, candidate.term)
            ),
        )
        if candidate.kind == "ruling":
            return Features(
                **common,  # type: ignore[arg-type]
                evidence=self._mention_evidence(candidate, query),
                interaction_asked=query.pairs_met,
                question_words=len(query.text.split()),
                modalities=shared_modalities(query.modalities, candidate.text),
                cards_named=query.cards_named,
                silent_on_the_others=self._silent_on_the_others(candidate, query),
                generality=self._generality(candidate),
                variant=bool(_VARIANT_RULING.search(candidate.text))
                and not _VARIANT_ASKED.search(query.text),
            )
        if candidate.kind == "rule":
            number = candidate.number or ""
            return Features(
                **common,  # type: ignore[arg-type]
                heading=_is_heading(candidate),
                stub=_is_stub(candidate),
                typed_number=number in query.rule_numbers,
                variant=bool(number) and number[0] in VARIANT_SECTIONS,
                concept=any(number == n or is_sub_rule(number, n) for n in query.concept_rules),
                jargon=number in query.jargon_rules,
                question_shape=number in query.shape_rules,
                interaction=number in query.interaction_rules,
                mechanic=number in query.mechanic_rules,
                modalities=shared_modalities(query.modalities, candidate.text),
                card_text=(
                    self._relevance(query.card_text, document.normalised)
                    if query.card_text is not None
                    else 0.0
                ),
            )
        return Features(**common)  # type: ignore[arg-type]

    @staticmethod
    def _silent_on_the_others(candidate: Candidate, query: Query) -> bool:
        """In a question where the named cards' mechanics meet (a pair rule applies), a ruling
        that names or describes none of the named cards it isn't printed on."""
        if not query.pairs_met or len(query.named_cards) < 2:
            return False
        others = [c for c in query.named_cards if c.oracle_id not in candidate.oracle_ids]
        text_terms = _cached_terms(candidate.text)
        return not any(c.spoken_of(candidate.text, text_terms) for c in others)

    def rank(self, candidates: list[Candidate]) -> list[Candidate]:
        """Best first; a rule a glossary entry points at ranks at least just above that entry
        (the glossary summarises, the rule decides)."""
        rules = [c for c in candidates if c.kind == "rule" and c.number]
        for entry in (c for c in candidates if c.kind == "glossary"):
            for number in entry.rule_refs:
                cited = [r for r in rules if r.number == number or is_sub_rule(r.number, number)]
                if cited:
                    best = max(cited, key=lambda r: r.score)
                    best.score = max(best.score, entry.score + 0.01)
        return sorted(candidates, key=lambda c: -c.score)

    def lead_for_a_real_game(self, ranked: list[Candidate], query: Query) -> list[Candidate]:
        """An Un-set card's ruling (acorn, silver border) or a note of Scryfall's own never leads:
        the best source that may lead comes first, the rest keep their order. An Un-set card's
        rulings may lead a question that names that card."""
        named = {i for m in query.mentions if m.resolved and m.weight >= 0.5 for i in m.oracle_ids}

        def may_lead(c: Candidate) -> bool:
            if c.kind != "ruling":
                return True
            if c.published_by == "scryfall":
                return False
            real = [i for i in c.oracle_ids if i not in self.unset_cards]
            return bool(real) or bool(named & set(c.oracle_ids))

        for place, candidate in enumerate(ranked):
            if may_lead(candidate):
                return [candidate, *ranked[:place], *ranked[place + 1 :]] if place else ranked
        return ranked

    def group_sub_rules(self, ranked: list[Candidate], limit: int) -> list[Candidate]:
        """The best ``limit`` sources, where lettered sub-rules of one rule that both earn a
        place ("702.179a" and "702.179f") are one source: that rule, quoting the sub-rules
        that matched, best first. The answer is in that rule, and the scores can't tell
        which of its sub-rules holds it, so citing one of them alone could mislead."""
        chosen: list[tuple[Candidate, str | None]] = []
        members: dict[str, list[Candidate]] = {}
        for position, candidate in enumerate(ranked):
            parent = self._lettered_parent(candidate)
            if parent is not None and parent in members:
                if position < limit:  # a sibling that earned a place of its own is quoted
                    members[parent].append(candidate)
                continue
            if len(chosen) == limit:
                break
            chosen.append((candidate, parent))
            if parent is not None:
                members[parent] = [candidate]
        return [
            self._as_rule(parent, members[parent]) if parent and len(members[parent]) > 1 else c
            for c, parent in chosen
        ]

    def _lettered_parent(self, candidate: Candidate) -> str | None:
        """ "702.179" for the sub-rule 702.179a (the CR letters the sub-rules of a numbered
        rule), when the database holds that rule."""
        number = candidate.number
        if candidate.kind != "rule" or not number or not number[-1].isalpha():
            return None
        rule = self.rule_index.by_number.get(number)
        parent = rule.parent if rule is not None else None
        return parent if parent in self.rule_index.by_number else None

    def _as_rule(self, parent: str, group: list[Candidate]) -> Candidate:
        """Rule ``parent`` as one source, quoting its sub-rules in ``group`` best first."""
        rule = self.rule_index.by_number[parent]
        quoted = "\n".join(f"{c.number} {c.text}" for c in group)
        others = len(self.rule_index.children.get(parent, [])) - len(group)
        if others > 0:
            quoted += f"\n(Rule {parent} has {others} more sub-rule{'s' * (others > 1)}.)"
        return replace(
            group[0],
            number=parent,
            title=rule.title,
            text=quoted,
            parts=[c.number or "" for c in group],
        )

    def _concept_rules(self, question: str) -> list[str]:
        """Rules the glossary cites for the CR terms the question uses ("haste" -> 702.10)."""
        pattern, refs = self.concepts
        if pattern is None:
            return []
        found = {
            match.group(0)
            for match in pattern.finditer(question)
            if any(self.document_share(t) <= COMMON_SHARE for t in terms(match.group(0)))
        }
        return unique(number for term in found for number in refs.get(term, ()))

    # -- scoring parts -------------------------------------------------------------------

    def _generality(self, candidate: Candidate) -> float:
        """A ruling printed on many cards states a general rule; one on a single card the
        question never names is usually about something else."""
        cards = self.shares.get(ruling_text_key(candidate.text), 1)
        general, other = (
            self.weights.ranking.general_ruling_factor,
            self.weights.ranking.other_card_factor,
        )
        if cards >= GENERAL_RULING_CARDS:
            return general
        return other if cards == 1 else (general + other) / 2

    def _keywords_of(self, oracle_ids: list[str]) -> str:
        """A ruling is about a card with these keywords ("Embalm"), even when it never says so."""
        return self.keywords.get(oracle_ids[0], "") if oracle_ids else ""

    def document_share(self, term: str) -> float:
        return self.df.get(term, 0) / self.documents

    def lower_share(self, term: str) -> float:
        return self.lower.get(term, 0.0)

    def is_subtype(self, term: str) -> bool:
        return term in self.subtypes

    def idf(self, term: str) -> float:
        """Computed once per term the corpus uses (the ``terms`` table bounds the memo); a
        question's every term is weighed against each of its hundred-odd candidates."""
        cached = self._idfs.get(term)
        if cached is None:
            df = self.df.get(term, 0)
            cached = math.log(1 + (self.documents - df + 0.5) / (df + 0.5))
            if df:
                self._idfs[term] = cached
        return cached

    def _fit(self, weights: dict[str, float], document: list[str]) -> float:
        return self._bm25f(Query(weights, set(), [], [], "", ""), [(document, 1.0)])

    def _document(self, candidate: Candidate) -> _Document:
        """The candidate's text as BM25 fields (remembered for ``DOCUMENT_MEMO`` documents):
        its text with its title or term, and a ruling's card's keywords; a rule's examples
        and the titles it sits under."""
        keywords = self._keywords_of(candidate.oracle_ids) if candidate.kind == "ruling" else ""
        title = candidate.title or candidate.term or ""
        key = (
            candidate.kind,
            candidate.text,
            title,
            keywords,
            candidate.examples,
            candidate.context,
        )
        known = self._documents.get(key)
        if known is not None:
            return known
        doc_terms = _cached_terms(candidate.text + " " + title)
        if candidate.kind == "ruling":
            doc_terms = doc_terms + _cached_terms(keywords)
        bm25 = self.weights.bm25
        fields = [(doc_terms, 1.0)]
        if candidate.examples:
            # Examples are told like a player's board ("a 2/2 blocks a 3/3 with trample").
            fields.append((_cached_terms(candidate.examples), bm25.example_weight))
        if candidate.context:
            fields.append((_cached_terms(candidate.context), bm25.context_weight))
        document = _Document(self._normalised(fields), frozenset(_bigrams(doc_terms)))
        if len(self._documents) >= DOCUMENT_MEMO:
            del self._documents[next(iter(self._documents))]
        self._documents[key] = document
        return document

    def _bm25f(self, query: Query, fields: list[tuple[list[str], float]]) -> float:
        """BM25 over several fields of one document (a rule's text and its examples): each
        field's term counts are length-normalised and weighted, then saturated together."""
        return self._relevance(query, self._normalised(fields))

    def _normalised(self, fields: list[tuple[list[str], float]]) -> dict[str, float]:
        """Each term's count in each field, length-normalised and weighted, summed."""
        bm25 = self.weights.bm25
        normalised: dict[str, float] = {}
        for field_terms, weight in fields:
            norm = bm25.length_norm(len(field_terms), self.average_length)
            for term, count in Counter(field_terms).items():
                normalised[term] = normalised.get(term, 0.0) + weight * count / norm
        return normalised

    def _relevance(self, query: Query, normalised: dict[str, float]) -> float:
        """BM25 of the document's normalised term counts for the query, over its ceiling."""
        bm25 = self.weights.bm25
        if query.weighted is None:
            pairs = [(term, weight * self.idf(term)) for term, weight in query.weights.items()]
            ceiling = 0.0
            for _, weighted in pairs:
                ceiling += weighted
            query.weighted = (pairs, ceiling)
        pairs, ceiling = query.weighted
        total = 0.0
        for term, weighted in pairs:
            tf = normalised.get(term, 0.0)
            if tf:
                total += weighted * bm25.saturate(tf)
        return total / ceiling if ceiling else 0.0

    def _mention_evidence(self, candidate: Candidate, query: Query) -> float:
        """How strongly the question names this ruling's card, or a card the ruling names."""
        ids = set(candidate.oracle_ids)
        own = max((m.weight for m in query.mentions if ids & set(m.oracle_ids)), default=0.0)
        text = candidate.text.lower()
        named = max(
            (
                m.weight * self.weights.ranking.named_in_ruling
                for m in query.mentions
                if m.resolved and self._full_name(m).lower() in text
            ),
            default=0.0,
        )
        # Weak evidence ("gone" might be Dead // Gone) lends nothing; it only counts above 0.3.
        return max(0.0, (max(own, named) - WEAK_EVIDENCE) / (1 - WEAK_EVIDENCE))

    def _full_name(self, mention: Mention) -> str:
        return self.kb.names.full_names.get(mention.oracle_ids[0], "\0")

    # -- candidate sources ---------------------------------------------------------------

    def _rulings_of(self, oracle_ids: list[str]) -> list[RulingRow]:
        if not oracle_ids:
            return []
        marks = ",".join("?" * len(oracle_ids))
        return list(
            self.kb.conn.execute(
                "select oracle_id, published_at, text, source from rulings "
                f"where oracle_id in ({marks})",
                oracle_ids,
            )
        )

    def _fts_rulings(self, fts: str) -> list[RulingRow]:
        if not fts:
            return []
        # The best rows are chosen on the index alone, and only they are joined to their
        # rulings: joining first reads every matching ruling (thousands for "spell") before
        # the sort throws all but 60 away. Same rows in the same order, half the time.
        return list(
            self.kb.conn.execute(
                "select rulings.oracle_id, rulings.published_at, rulings.text, rulings.source "
                "from (select rowid, bm25(rulings_fts) as score from rulings_fts "
                "where rulings_fts match ? order by score limit ?) as best "
                "join rulings on rulings.rowid = best.rowid order by best.score",
                (fts, CANDIDATES_PER_KIND),
            )
        )

    def _fts_glossary(self, fts: str) -> list[Candidate]:
        if not fts:
            return []
        rows = self.kb.conn.execute(
            "select glossary.term, glossary.text, glossary.rule_refs from glossary_fts "
            "join glossary on glossary.rowid = glossary_fts.rowid where glossary_fts match ? "
            "order by bm25(glossary_fts) limit 10",
            (fts,),
        )
        return [
            Candidate("glossary", text or "", term=term, rule_refs=json.loads(refs or "[]"))
            for term, text, refs in rows
        ]

    @staticmethod
    def _add_rulings(into: dict[str, Candidate], rows: list[RulingRow]) -> None:
        """The same ruling printed on many cards (every embalm card...) is one candidate."""
        for oracle_id, date, text, source in rows:
            key = " ".join(text.lower().split())
            candidate = into.get(key)
            if candidate is None:
                by = "scryfall" if source == "scryfall" else "wotc"
                into[key] = Candidate(
                    "ruling", text, date=date, oracle_ids=[oracle_id], published_by=by
                )
            elif oracle_id not in candidate.oracle_ids:
                candidate.oracle_ids.append(oracle_id)
            if source != "scryfall":
                into[key].published_by = "wotc"  # Wizards' ruling, whoever else printed it

    # -- output --------------------------------------------------------------------------

    def _source(self, candidate: Candidate, query: Query) -> Source:
        if candidate.kind == "ruling":
            card_id = self._display_card(candidate, query)
            return Source(
                "ruling",
                candidate.text,
                candidate.score,
                card=self.kb.names.full_names.get(card_id, "?"),
                date=candidate.date,
            )
        if candidate.kind == "rule":
            return Source(
                "rule",
                candidate.text,
                candidate.score,
                number=candidate.number,
                sub_rules=tuple(candidate.parts),
            )
        return Source("glossary", candidate.text, candidate.score, term=candidate.term)

    def _display_card(self, candidate: Candidate, query: Query) -> str:
        """Cite the ruling under the card the question named, if it is one of its cards."""
        for mention in query.mentions:
            for oracle_id in mention.oracle_ids:
                if oracle_id in candidate.oracle_ids:
                    return oracle_id
        return candidate.oracle_ids[0]

    def _mentioned_cards(self, query: Query) -> tuple[str, ...]:
        names = [
            self.kb.names.full_names[m.oracle_ids[0]]
            for m in query.mentions
            if m.resolved and m.weight >= 0.5 and m.oracle_ids[0] in self.kb.names.full_names
        ]
        return tuple(dict.fromkeys(names))


RulingRow = tuple[str, str, str, str]  # oracle_id, published_at, text, source


@dataclass(frozen=True)
class _Document:
    """A candidate's text as BM25 sees it, whatever the question: each term's weighted,
    length-normalised count over its fields, and the bigrams of its main field."""

    normalised: dict[str, float]
    bigrams: frozenset[tuple[str, str]]


def _not_for_real_games(conn: sqlite3.Connection) -> frozenset[str]:
    """The Un-set cards' oracle ids (``cards.funny``; a file built before that column: none)."""
    columns = {row[1] for row in conn.execute("pragma table_info(cards)")}
    if "funny" not in columns:
        return frozenset()
    return frozenset(i for (i,) in conn.execute("select oracle_id from cards where funny = 1"))


def clean_question(question: str) -> tuple[str, list[str]]:
    """Drop control characters (NUL...) and chat mentions, cut very long questions; notes say
    what was done."""
    notes: list[str] = []
    cleaned = "".join(
        ch if ch in "\n\t" or unicodedata.category(ch)[0] != "C" else " " for ch in question
    )
    cleaned = _CHAT_MENTION.sub(" ", cleaned).strip()  # "@everyone", "<@123>": not the question
    cleaned = _GREETING.sub("", cleaned) or cleaned  # "hey, ..." neither
    if len(cleaned) > MAX_QUESTION:
        cleaned = cleaned[:MAX_QUESTION]
        notes.append(f"Only the first {MAX_QUESTION} characters of the question were read.")
    return cleaned, notes


def keep_both_kinds(
    ranked: list[Candidate], limit: int, weights: RankingWeights | None = None
) -> list[Candidate]:
    """The top ``limit`` hold the best rule and the best ruling whenever each has real
    evidence (a score of ``both_kinds_share`` of the top one, or ``both_kinds_score``): five
    rulings of the card a player named can hide the general rule the interaction turns on,
    and the other way round. The missing kind's best takes place ``both_kinds_slot``."""
    w = weights or shipped_weights().ranking
    if not ranked:
        return ranked
    top = ranked[0].score
    shown = ranked[:limit]
    for kind in ("rule", "ruling"):
        if any(c.kind == kind for c in shown):
            continue
        best = next((c for c in ranked[limit:] if c.kind == kind), None)
        if best is None or best.score < min(w.both_kinds_share * top, w.both_kinds_score):
            continue
        ranked = [c for c in ranked if c is not best]
        ranked.insert(min(w.both_kinds_slot, limit - 1), best)
        shown = ranked[:limit]
    return ranked


def keep_the_governing_rule(
    ranked: list[Candidate],
    governing: set[str],
    limit: int,
    weights: RankingWeights | None = None,
) -> list[Candidate]:
    """The top ``limit`` hold the best rule the curated tables give for the question (the
    rule deciding how the named cards' mechanics meet, governing one of them, or a jargon
    word's rule) when it scores at least ``governing_share`` of the top source: a question
    about Time Stop is decided by 723.1b however many of the card's rulings share its words.
    It takes place ``governing_slot``; the rest keep their order."""
    w = weights or shipped_weights().ranking
    if not ranked or not governing:
        return ranked
    return _bring_into_view(
        ranked,
        lambda c: c.kind == "rule" and c.number in governing,
        limit,
        w.governing_share,
        w.governing_slot,
    )


def keep_a_named_cards_ruling(
    ranked: list[Candidate],
    of_a_named_card: Callable[[Candidate], bool],
    limit: int,
    weights: RankingWeights | None = None,
) -> list[Candidate]:
    """The top ``limit`` hold the best ruling of a card the question names when it scores at
    least ``named_ruling_share`` of the top source: where the governing rule leads (a long
    question naming several cards), the best ruling follows, in place ``named_ruling_slot``
    (issue 14, item 2). The rest keep their order."""
    w = weights or shipped_weights().ranking
    if not ranked:
        return ranked
    return _bring_into_view(
        ranked, of_a_named_card, limit, w.named_ruling_share, w.named_ruling_slot
    )


def _bring_into_view(
    ranked: list[Candidate],
    wanted: Callable[[Candidate], bool],
    limit: int,
    share: float,
    slot: int,
) -> list[Candidate]:
    """When none of the top ``limit`` is ``wanted``, the best one below that scores at least
    ``share`` of the top source moves to place ``slot``; the rest keep their order."""
    if any(wanted(c) for c in ranked[:limit]):
        return ranked
    best = next((c for c in ranked[limit:] if wanted(c)), None)
    if best is None or best.score < share * ranked[0].score:
        return ranked
    rest = [c for c in ranked if c is not best]
    rest.insert(min(slot, limit - 1), best)
    return rest


def confidence_of(
    ranked: list[Candidate],
    question_words: int = 0,
    thresholds: ConfidenceThresholds | None = None,
) -> Confidence:
    """How far to trust the top source, from its score, its lead over the next one and the
    question's length: a long question tells of an interaction, and there a named card's
    ruling leading was right far less often (about half of the time, against 90%); a rule
    leading with a clear lead stays right in longer questions (docs/answering.md). In real
    players' questions a ruling leading was right about a quarter of the time whatever its
    lead, so it is not "high" unless ``high_when_a_ruling_leads`` (session 10)."""
    t = thresholds or shipped_weights().confidence
    if not ranked:
        return "none"
    top = ranked[0].score
    lead = top - (ranked[1].score if len(ranked) > 1 else 0.0)
    rule_led = ranked[0].kind == "rule"
    needed_lead = t.high_rule_lead if rule_led else t.high_lead
    max_words = t.high_rule_max_words if rule_led else t.high_max_words
    may_be_high = ranked[0].kind != "ruling" or t.high_when_a_ruling_leads
    if may_be_high and top >= t.high_score and lead >= needed_lead and question_words <= max_words:
        return "high"
    if top >= t.medium_score:
        return "medium"
    return "low"


def _concept_index(
    glossary: list[tuple[str, str | None]],
) -> tuple[re.Pattern[str] | None, dict[str, list[str]]]:
    """One regex over every glossary term (longest first), and the rules each term cites."""
    refs: dict[str, list[str]] = {}
    for term, rule_refs in glossary:
        cited = json.loads(rule_refs or "[]")
        phrase = _glossary_phrase(term)
        if cited and len(phrase) > 2:
            refs.setdefault(phrase, []).extend(cited[:1])
    if not refs:
        return None, refs
    alternatives = "|".join(re.escape(t) for t in sorted(refs, key=len, reverse=True))
    return re.compile(rf"(?<![a-z])(?:{alternatives})(?![a-z])"), refs


def _glossary_phrase(term: str) -> str:
    """ "Dies" -> "dies"; "Bands with Other (obsolete)" -> "bands with other"."""
    return term.lower().split(" (")[0].strip()


def _rule_candidate(rule: IndexedRule) -> Candidate:
    return Candidate(
        "rule",
        rule.text,
        number=rule.number,
        title=rule.title,
        examples=rule.examples,
        context=rule.context,
    )


def _is_stub(candidate: Candidate) -> bool:
    return len(candidate.text.split()) < STUB_WORDS


def _is_heading(candidate: Candidate) -> bool:
    return bool(candidate.title) and candidate.text.strip(". ") == candidate.title


@lru_cache(maxsize=65536)
def _cached_terms(text: str) -> list[str]:
    """Candidate texts recur across questions; tokenise each once. Callers must not mutate."""
    return terms(text)


def _names_term(question: str, term: str) -> bool:
    """Does the question use a glossary term ("Trample", "Dies") as a whole phrase?"""
    return says_phrase(question, _glossary_phrase(term))


def _bigrams(sequence: list[str]) -> set[tuple[str, str]]:
    return set(pairwise(sequence))


def _negated_forms(question: str) -> list[str]:
    """ "isn't defined" -> "undefined", "not blocked" -> "unblocked": the CR's own words."""
    return ["un" + word for word in _NEGATION.findall(question.lower()) if len(word) > 3]
