"""Which cards a free question mentions, and how sure we are of each.

Word windows of the question (longest first) are matched against every card name, face name
and nickname, then against unique name prefixes ("vizier" -> the Viziers) and, for windows
that share a word with a name, fuzzily ("soul seperator"). Many names are ordinary words
("Exile", "Turn", "Clone"), so each mention carries an evidence weight: long matches,
rare words, capitals, "[[brackets]]" and "my X" / "X's" raise it; a word the rules use
all the time lowers it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Protocol

from rapidfuzz import fuzz, process

from rulings_db.cards import NameIndex
from rulings_db.english import everyday_misspellings, zipf
from rulings_db.names import normalise
from rulings_db.schema import NAME_FACE, NAME_FULL, NAME_NICKNAME
from rulings_db.text import SLANG, STOPWORDS, stem
from rulings_db.typos import FULL, typing_distance

MAX_WINDOW = 6
LEGEND_LOOKUP = 64  # names starting with a one-word name searched for a legend it also names
MAX_PREFIX_CARDS = 8  # a prefix shared by more cards than this is not evidence of any
FUZZY_MENTION = 88.0
NO_CASE_EVIDENCE = 0.5  # the lower-case share of a word never seen mid-sentence (term_stats)
NEAR_TIE = 4.0  # fuzzy scores this close are settled by how people mistype
LOWER_CASE_WORD = 0.9  # a word written in lower case this often mid-sentence is no name
RARE = 0.0001  # a word in fewer documents than this (about 5 of 48,000) is all but unused
FACE_WORD_FACTOR = 0.6
EVERYDAY_SHARE = 0.01  # a word in 1% of rulings and rules is an everyday word
POSSESSIVE_GUESS = 0.9  # "furys" read as "Fury's": a little less sure than the name itself
PARTIAL = ("prefix", "words", "fuzzy", "face")  # ways a mention can match part of a name
NAME_WORD_LENGTH = 5  # a word inside a name ("brutality") must be this long to name a card
PREFIX_LENGTH = 5  # a one-word prefix ("vizier") of this many letters, ending at a word of the name

_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)*")
_POSSESSIVE = re.compile(r"['’]s\b")
_BRACKETS = re.compile(r"\[\[([^\]]{1,150})\]\]")
_OWNERS = frozenset({"my", "your", "his", "her", "their", "opponents", "opponent"})
_NAME_JOINERS = frozenset({"of", "the"})
# Words players capitalise that are no part of a card's name.
_NOT_NAME_CAPITALS = frozenset(
    {"player", "opponent", "commander", "edh", "mtg", "mtgo", "magic", "arena", "cr", "rule"}
)
_SENTENCE_MARKS = frozenset('.!?:;\n("“')


@dataclass(frozen=True)
class EverydayEvidence:
    """When ordinary words are read as a card (M1, issue 14: "sick" is not Sick and Tired,
    "death touch" is deathtouch, not Touch of Death)."""

    # A word used this often in English (Zipf, log10 uses per billion words: "sick" 4.9,
    # "argument" 4.6, "across" 5.3; "vizier" 2.6, "gonti" 0) is everyday English.
    english_zipf: float = 4.0
    # Two words whose joined form the corpus uses this often (share of documents), written
    # in lower case at least this often, are that rules word told apart ("death touch").
    rules_word_share: float = 0.0005
    rules_word_lower: float = 0.8
    # A word the corpus never uses this close (typing distance) to an everyday English word
    # misspells that word ("asigned", "disapear"), not a card's ("aligned", "Disappear").
    misspelt_distance: float = FULL
    # A word a fuzzy match adds or changes must be this close to a word of the name, per
    # letter typed (Q7: "Harbinger of the Seas" is not Harbinger of the Tides, "Vile
    # Cauldron" not Ice Cauldron, "deal 3 damage" not Deal Damage), and at least one slip.
    typo_share: float = 0.34
    # The evidence left to a one-word name that is everyday English typed as a word, with
    # no card cue ("cancel out", "to heal"): below what counts as a card at all (0.3).
    plain_word_weight: float = 0.25


EVERYDAY = EverydayEvidence()
# Words just before or after a span that say a card is meant: "cast X", "X enters".
_CUES_BEFORE = _OWNERS | frozenset({"cast", "casting", "casts", "played", "resolve", "resolves"})
# Words after which everyday words are a verb phrase, not a name: "is brought back".
_VERB_BEFORE = frozenset(
    "is are was were be been being get gets got would will can could it they he she still "
    "also not".split()
)
_CUES_AFTER = frozenset({"enters", "entered", "ability", "abilities", "triggers", "resolves"})


class WordStats(Protocol):
    """What the corpus says about a stemmed word."""

    def document_share(self, term: str) -> float: ...  # share of documents using it, 0..1

    def lower_share(self, term: str) -> float: ...  # share of mid-sentence uses in lower case

    def is_subtype(self, term: str) -> bool: ...  # a creature, artifact, land... type ("elv")


@dataclass(frozen=True)
class Mention:
    """A span of the question that names one card, or one of a few (``oracle_ids``)."""

    text: str
    start: int  # token positions, end exclusive
    end: int
    oracle_ids: tuple[str, ...]
    how: str  # "bracket", "full", "face", "nickname", "prefix", "words", "fuzzy"
    weight: float  # evidence that the span really means a card, 0..1
    # Cards the span could also mean, less likely ("kefnet" ends God-Eternal Kefnet): taken
    # only when the question fits one of them clearly better.
    others: tuple[str, ...] = ()

    @property
    def resolved(self) -> bool:
        return len(self.oracle_ids) == 1


@dataclass(frozen=True)
class _Token:
    original: str
    key: str  # normalised, possessive dropped
    opens_sentence: bool = False  # capitalised by grammar, not as a name


@dataclass(frozen=True)
class _Window:
    """Some consecutive words of the question, tried as a card name."""

    tokens: list[_Token]
    start: int  # position of the first word in the question
    key: str  # the words' normalised keys, space-separated
    text: str  # the words as typed
    context: float  # "my X", "X's": evidence the words name a permanent

    @classmethod
    def of(cls, tokens: list[_Token], start: int, size: int) -> _Window:
        window = tokens[start : start + size]
        return cls(
            window,
            start,
            " ".join(t.key for t in window),
            " ".join(t.original for t in window),
            _context_bonus(tokens, start, size),
        )

    @property
    def size(self) -> int:
        return len(self.tokens)

    def mention(
        self, ids: Iterable[str], how: str, weight: float, others: tuple[str, ...] = ()
    ) -> Mention:
        """The window as a mention of ``ids``; the context adds to ``weight``."""
        end = self.start + self.size
        return Mention(
            self.text, self.start, end, tuple(ids), how, min(weight + self.context, 1.0), others
        )


def find_mentions(question: str, names: NameIndex, stats: WordStats) -> list[Mention]:
    """Mentions in ``question``, strongest first; spans never overlap.

    A one-word name that rulings and rules use as an ordinary (lower-case) word, typed in
    lower case, is weak evidence of a card: "gone" is not Dead // Gone, "tarmogoyf" is.
    """
    mentions = _bracketed(question, names)
    tokens = _tokens(_BRACKETS.sub(" ", question))
    taken = _rules_words_told_apart(tokens, stats)
    for size in range(min(MAX_WINDOW, len(tokens)), 0, -1):
        for start in range(len(tokens) - size + 1):
            if any(taken[start : start + size]):
                continue
            mention = _match_window(tokens, start, size, names, stats)
            if mention is not None and _inside_another_name(tokens, mention, taken, names):
                continue  # "Aquatic Alchemist" is not Aquatic Incursion
            if mention is not None:
                mentions.append(mention)
                taken[start : start + size] = [True] * size
    mentions = _without_unknown_brackets(mentions, question, names)
    return sorted(_without_back_references(mentions, names), key=lambda m: -m.weight)


def token_spans(question: str) -> list[tuple[int, int]]:
    """The character span of each word position ``Mention.start``/``end`` count (brackets
    blanked, as ``find_mentions`` reads them)."""
    blanked = _BRACKETS.sub(lambda m: " " * len(m.group(0)), question)
    return [
        (m.start(), m.end())
        for m in _TOKEN.finditer(blanked[:4000])
        if normalise(re.sub(r"['’]s$", "", m.group(0)))
    ]


def _without_back_references(mentions: list[Mention], names: NameIndex) -> list[Mention]:
    """ "i activate isochron scepter and they destroy the scepter": the second "scepter" is
    the card already named, not Scepter of Empires; "fiend hunter ... they kill the hunter"
    is not The Hunter. A mention made only of words of a longer name the question uses
    for another card is that card again, and is dropped: also as a possessive ("Chameleon
    Colossus ... the Colossus's ability" is not Collision // Colossus) or misspelt ("the
    Sticher's last ability" of an Obsessive Stitcher)."""
    naming = [
        (set(m.oracle_ids), set(normalise(names.full_names.get(m.oracle_ids[0], "")).split()))
        for m in mentions
        if m.resolved and (m.how in ("full", "bracket", "nickname") or m.end - m.start > 1)
    ]

    def repeats_another(m: Mention) -> bool:
        said = {w for w in normalise(_POSSESSIVE.sub("", m.text)).split() if w not in STOPWORDS}
        return m.how != "bracket" and any(
            said
            and all(_word_of(w, name_words, m.how == "fuzzy") for w in said)
            and len(said) < len(name_words)
            and not ids & set(m.oracle_ids)
            for ids, name_words in naming
        )

    named_ids = {i for ids, _ in naming for i in ids}

    def said_again(m: Mention) -> Mention:
        # "Bridge from Below ... will that trigger the Bridge?": the word of a card already
        # named, said again, is that card; the cards with the word later in their name
        # (Battle at the Bridge), kept in reserve for a lone word, are not taken.
        if m.others and m.how in PARTIAL and m.resolved and m.oracle_ids[0] in named_ids:
            return replace(m, others=())
        return m

    return [said_again(m) for m in mentions if not repeats_another(m)]


def _without_unknown_brackets(
    mentions: list[Mention], question: str, names: NameIndex
) -> list[Mention]:
    """ "[[Agrus Kos, Eternal Soldier]] ... Because Agrus has vigilance": a [[bracketed]]
    name the database lacks is still the card the player means, so its words said again
    are that card, not another sharing a word (Agrus Kos, Wojek Veteran)."""
    unknown = [
        set(normalise(_POSSESSIVE.sub("", b)).split()) - STOPWORDS
        for b in _BRACKETS.findall(question)
        if not names.resolve(b).oracle_ids
    ]
    if not unknown:
        return mentions

    def repeats_unknown(m: Mention) -> bool:
        said = set(normalise(_POSSESSIVE.sub("", m.text)).split()) - STOPWORDS
        return m.how in PARTIAL and any(said and said <= words for words in unknown)

    return [m for m in mentions if not repeats_unknown(m)]


def _inside_another_name(
    tokens: list[_Token], mention: Mention, taken: list[bool], names: NameIndex
) -> bool:
    """A part of a name, or a one-word name, inside a longer capitalised name the player
    wrote: "Aquatic Alchemist", "Malcolm, Alluring Scoundrel", "Harbinger of the Seas",
    "Dark Temper". The player named a card the database lacks (or misspelt), not the card
    that shares a word with it; the neighbouring capitalised word is in none of its names."""
    if mention.how not in PARTIAL and not (
        mention.how == "full" and mention.end - mention.start == 1
    ):
        return False
    if _a_legends_short_name(mention, names):
        return False  # "Isamaru Mono White tribal": players call a legend by its first name
    words = {
        w
        for oid in mention.oracle_ids + mention.others
        for w in normalise(names.full_names.get(oid, "")).split()
    }
    for i in (*_neighbours(tokens, mention.start, -1), *_neighbours(tokens, mention.end - 1, 1)):
        t = tokens[i]
        if (
            t.original[:1].isupper()
            and not t.opens_sentence
            and not taken[i]
            and len(t.key) >= 2
            and t.key not in STOPWORDS
            and t.key not in _NOT_NAME_CAPITALS
            and t.key not in words
            # "Frazzle Reality": two one-word names side by side ("Synchronized Charge" is
            # still one name the database lacks: a part of a name beside a card's name)
            and not (mention.how == "full" and names.oracle_ids_for(t.key, (NAME_FULL, NAME_FACE)))
        ):
            return True
    return False


def _a_legends_short_name(mention: Mention, names: NameIndex) -> bool:
    """Whether the mention is the part before the comma of its one card's name ("Isamaru"
    of Isamaru, Hound of Konda)."""
    if not mention.resolved or mention.how != "prefix":
        return False
    name = names.full_names.get(mention.oracle_ids[0], "")
    return "," in name and normalise(name.split(",")[0]) == normalise(mention.text)


def _neighbours(tokens: list[_Token], at: int, step: int) -> list[int]:
    """The word next to position ``at`` in direction ``step``, over an "of" / "of the" run
    ("Queen of Vesuva", "Harbinger of the Seas")."""
    i = at + step
    skipped: list[str] = []
    while 0 <= i < len(tokens) and tokens[i].key in _NAME_JOINERS and len(skipped) < 2:
        if not tokens[i].original.islower():
            return []  # "The" capitalised opens a name or sentence of its own
        skipped.append(tokens[i].key)
        i += step
    if skipped and "of" not in skipped:
        return []  # "I Disenchant the Song": "the" alone joins no name
    return [i] if 0 <= i < len(tokens) else []


def _word_of(word: str, name_words: set[str], misspelt: bool) -> bool:
    if word in name_words:
        return True
    return misspelt and any(typing_distance(word, n) <= FULL for n in name_words)


def _rules_words_told_apart(tokens: list[_Token], stats: WordStats) -> list[bool]:
    """Word positions that spell a rules word in two ("death touch", "life link"): they are
    the keyword, not a card (Touch of Death, Lifelink), unless [[bracketed]]."""
    taken = [False] * len(tokens)
    for i in range(len(tokens) - 1):
        if tokens[i].key in STOPWORDS or tokens[i + 1].key in STOPWORDS:
            continue  # "with In Bolas's Clutches" is not "within"
        joined = stem(tokens[i].key + tokens[i + 1].key)
        if (
            stats.document_share(joined) >= EVERYDAY.rules_word_share
            and stats.lower_share(joined) >= EVERYDAY.rules_word_lower
        ):
            taken[i] = taken[i + 1] = True
    return taken


def _bracketed(question: str, names: NameIndex) -> list[Mention]:
    found = []
    for match in _BRACKETS.finditer(question):
        resolution = names.resolve(match.group(1))
        if resolution.oracle_ids:
            found.append(Mention(match.group(1), -1, -1, resolution.oracle_ids, "bracket", 1.0))
    return found


def _tokens(text: str) -> list[_Token]:
    tokens = []
    text = text[:4000]
    for match in _TOKEN.finditer(text):
        word = re.sub(r"['’]s$", "", match.group(0))
        key = normalise(word)
        if key:
            tokens.append(_Token(match.group(0), key, _opens_sentence(text, match.start())))
    return tokens


def _opens_sentence(text: str, start: int) -> bool:
    """Whether the word at ``start`` comes first in the text or after a sentence mark."""
    i = start - 1
    while i >= 0 and text[i] in " \t":
        i -= 1
    return i < 0 or text[i] in _SENTENCE_MARKS


def _match_window(
    tokens: list[_Token],
    start: int,
    size: int,
    names: NameIndex,
    stats: WordStats,
) -> Mention | None:
    w = _Window.of(tokens, start, size)
    if size == 1 and len(w.key) < 2:
        return None  # "X", "a": only in [[brackets]]
    edged = w.tokens[0].key in STOPWORDS or w.tokens[-1].key in STOPWORDS
    if edged and size == 1:
        return None
    last = stem(w.tokens[-1].key)
    known = stats.document_share(last) > 0 and stats.lower_share(last) >= 0.45  # an everyday word
    for candidate_key, factor in _keys_to_try(w.key, known):
        if candidate_key not in names.by_key:
            continue  # no name, face or nickname at all: most windows of a question
        for kind, how in ((NAME_FULL, "full"), (NAME_FACE, "face"), (NAME_NICKNAME, "nickname")):
            ids = names.oracle_ids_for(candidate_key, (kind,))
            if ids and not (edged and how != "full"):  # "Force of Will", not "the pit"
                weight = factor * _exact_weight(w.tokens, how, stats)
                if how == "full" and (
                    _plain_english_word(w, tokens, stats) or _said_as_a_verb(w, tokens)
                ):
                    weight = min(weight, EVERYDAY.plain_word_weight)
                if how == "full" and size == 1:
                    ids = [*ids, *_legends_called(candidate_key, names, ids)]
                return w.mention(ids, how, weight)
    if edged:
        return None
    return _prefix_or_fuzzy(w, tokens, names, stats)


def _legends_called(key: str, names: NameIndex, ids: list[str]) -> list[str]:
    """Legends whose name before the comma is ``key``: "urborg" names the land Urborg and
    Urborg, Tomb of Yawgmoth, which players call "urborg" far more often; the question's
    other words settle which (``disambiguation``)."""
    return [
        i
        for i in names.complete_ids(key, LEGEND_LOOKUP, whole_words=True)
        if i not in ids
        and "," in (name := names.full_names.get(i, ""))
        and normalise(name.split(",")[0]) == key
    ]


def _keys_to_try(key: str, known: bool) -> list[tuple[str, float]]:
    """The window's key, then, for a last word ending in "s", the key without it: players
    drop the apostrophe of a possessive ("furys damage", "thalias tax"); and for one ending
    in "ed" that is no everyday word of the corpus, the name told as a verb ("naturalized
    my o-ring", "bolted it"; but "forced" is a word, not Force of Will)."""
    keys = [(key, 1.0)]
    if key.count(" ") == 1:
        keys.append((key.replace(" ", ""), POSSESSIVE_GUESS))  # "vandal blast": Vandalblast
    last = key.split()[-1]
    if key.endswith("s") and len(last) >= 4:
        keys.append((key[:-1], POSSESSIVE_GUESS))
    if key.endswith("ed") and len(last) >= 6 and not known:
        keys += [(key[:-1], POSSESSIVE_GUESS), (key[:-2], POSSESSIVE_GUESS)]
    return keys


def _prefix_or_fuzzy(
    w: _Window, tokens: list[_Token], names: NameIndex, stats: WordStats
) -> Mention | None:
    if w.size == 1 and w.key in SLANG:
        return None  # "board", "walker": the players' words for things, not card names
    found = _prefix(w, names, stats) or _name_words(w, names, stats)
    if found is None and (
        w.size >= 2 or (len(w.key) >= 7 and all(_name_like(t, stats) for t in w.tokens))
    ):
        found = _fuzzy_window(w, names, stats)
    unused = w.size == 1 and stats.document_share(stem(w.key)) == 0  # a word the corpus lacks
    if found is None and unused and len(w.key) > PREFIX_LENGTH:
        found = _misspelt_word(w, names)  # "skysov", "tasigor", "craterhof"
    if found is not None and _plain_english(w, found) and not _name_evidence(w, tokens):
        return None  # "sick" is not Sick and Tired, "surely" not Surly Badgersaur
    return found


def _plain_english(w: _Window, found: Mention) -> bool:
    """Part of a name, typed in everyday English words only: one word ("sick", "argument",
    "surely"), or words from inside a name in any order ("badger surly")."""
    if w.size > 1 and found.how != "words":
        return False  # "sword of fire", "lighting bolt": several words of one name
    return all(t.key in STOPWORDS or zipf(t.key) >= EVERYDAY.english_zipf for t in w.tokens)


def _plain_english_word(w: _Window, tokens: list[_Token], stats: WordStats) -> bool:
    """A one-word name that is an everyday English word, typed as a word mid-sentence:
    "the two triggers cancel out", "a food token to heal" (Cancel, Heal). Not a word that
    opens the question ("propaganda is out, ..."), nor a land type ("two islands"); the
    curated nicknames ("gary", "top") are the players' own names for cards."""
    word = w.tokens[0] if w.size == 1 else None
    return (
        word is not None
        and not word.opens_sentence
        and zipf(word.key) >= EVERYDAY.english_zipf
        and not stats.is_subtype(stem(word.key))
        and not _name_evidence(w, tokens)
    )


def _said_as_a_verb(w: _Window, tokens: list[_Token]) -> bool:
    """A name of several everyday English words, in lower case, after a word that makes
    it a verb phrase: "the angel is brought back", "would it still deal damage", "does it
    stop that too" (Brought Back, Deal Damage, Stop That). Not after a word opening the
    question, which asks about what follows ("are pack rat tokens ...")."""
    before = tokens[w.start - 1] if w.start > 0 else None
    return (
        w.size > 1
        and before is not None
        and before.key in _VERB_BEFORE
        and not before.opens_sentence
        and all(t.original.islower() for t in w.tokens)
        and all(t.key in STOPWORDS or zipf(t.key) >= EVERYDAY.english_zipf for t in w.tokens)
    )


def _name_evidence(w: _Window, tokens: list[_Token]) -> bool:
    """Capitals as a name mid-sentence ("my Confusion"), or a card cue beside the words:
    "my X", "cast X", "X's ability", "X enters"."""
    if all(t.original[:1].isupper() and not t.opens_sentence for t in w.tokens):
        return True
    before = tokens[w.start - 1].key if w.start > 0 else ""
    end = w.start + w.size
    after = tokens[end].key if end < len(tokens) else ""
    possessive = w.tokens[-1].original.endswith(("'s", "’s"))
    return before in _CUES_BEFORE or after in _CUES_AFTER or possessive


def _prefix(w: _Window, names: NameIndex, stats: WordStats) -> Mention | None:
    """Names starting with the window, ending at a word of the name ("vizier"). Cards with
    the word later in their name are kept in reserve (``Mention.others``)."""
    key, size = w.key, w.size
    rare = all(_name_like(t, stats) for t in w.tokens)
    # "kess", "riku": a short prefix too, when the corpus all but never uses the word.
    short = size == 1 and len(key) == PREFIX_LENGTH - 1 and stats.document_share(stem(key)) < RARE
    # "blue mana" is not Blue Mana Battery: a prefix of common words only is no evidence.
    if not (
        (size > 1 and len(key) >= 4 and any(_name_like(t, stats) for t in w.tokens))
        or (rare and (len(key) >= PREFIX_LENGTH or short))
    ):
        return None
    ids = names.complete_ids(key, MAX_PREFIX_CARDS + 1, whole_words=True)
    if size == 1 and key.endswith("s") and len(key) >= PREFIX_LENGTH + 1:
        # "atraxas proliferate" may be Atraxa's, not Atraxa's Skitterfang: both are asked.
        possessive = names.complete_ids(key[:-1], MAX_PREFIX_CARDS + 1, whole_words=True)
        ids = list(dict.fromkeys([*ids, *possessive]))
    if not 0 < len(ids) <= MAX_PREFIX_CARDS:
        return None
    # Players name a card by its first word far more often than by a later one.
    inside = [] if size > 1 else names.ids_with_name_words([key], [key])
    others = tuple(i for i in inside if i not in ids)[:MAX_PREFIX_CARDS]
    return w.mention(ids, "prefix", _shared_weight(0.9, len(ids)), others)


def _name_words(w: _Window, names: NameIndex, stats: WordStats) -> Mention | None:
    """Words from inside a name, in any order: "brutality" (Collective Brutality), "exp
    frenzy", "dreadhorde lili". At least one is a whole, rare, name-like word of the name;
    the others may be its first letters ("exp" for "experimental")."""
    if w.size > 3 or any(t.key in STOPWORDS for t in w.tokens):
        return None
    whole = [
        t.key
        for t in w.tokens
        if len(t.key) >= NAME_WORD_LENGTH and names.keys_with_word(t.key) and _name_like(t, stats)
    ]
    if not whole:
        return None
    ids = names.ids_with_name_words([t.key for t in w.tokens], whole)
    if not 0 < len(ids) <= MAX_PREFIX_CARDS:
        return None
    return w.mention(ids, "words", _shared_weight(0.9 if w.size > 1 else 0.75, len(ids)))


def _shared_weight(sure: float, cards: int) -> float:
    """Evidence of a partial name: ``sure`` when it fits one card, less the more it fits."""
    return sure if cards == 1 else 0.6 / math.sqrt(cards)


def _misspelt_word(w: _Window, names: NameIndex) -> Mention | None:
    """A word the corpus never uses that misspells a one-word name ("opalesence"), a
    nickname ("swifspear"), a word of one card's name ("craterhof", "colonade"), or cuts
    one short ("skysov")."""
    key = w.key
    resolution = names.resolve(key)
    ids: tuple[str, ...] = ()
    if resolution.how == "fuzzy" and resolution.resolved:
        name = normalise(names.full_names.get(resolution.oracle_ids[0], ""))
        ids = resolution.oracle_ids if " " not in name else ()
    if not ids:
        # "skysov": the start of a word of one card's name, cut short.
        started = names.complete_ids(key, 2)
        ids = tuple(started) if len(started) == 1 else ()
    if not ids:
        word = names.similar_name_word(key)
        nickname = names.oracle_ids_for(word, (NAME_NICKNAME,)) if word else []
        completions = names.complete_ids(word, 2, whole_words=True) if word else []
        if word and not nickname and not completions:
            completions = names.ids_with_name_words([word], [word])  # "colonade"
        ids = tuple(nickname or completions) if len(nickname or completions) == 1 else ()
    if not ids or _misspells_everyday_english(key, ids, names):
        return None
    return w.mention(ids, "fuzzy", 0.6)


def _misspells_everyday_english(key: str, ids: tuple[str, ...], names: NameIndex) -> bool:
    """ "asigned" is "assigned" (or "aligned") misspelt, not Aligned Hedron Network:
    an everyday word as close as any that is no word of the name; "curiousity" is still
    Curiosity, whose name is the one everyday word it misspells."""
    name_words = {w for i in ids for w in normalise(names.full_names.get(i, "")).split()}
    return any(
        word not in name_words for word in everyday_misspellings(key, EVERYDAY.misspelt_distance)
    )


def _fuzzy_window(w: _Window, names: NameIndex, stats: WordStats) -> Mention | None:
    key = w.key
    pool = set()
    for word in key.split():
        if len(word) >= 4 and word not in STOPWORDS:
            pool |= names.keys_with_word(word)
    if not pool and w.size > 1:
        pool = _pool_of_misspelt_words(key, names, stats)
    if not pool or len(pool) > 3000:
        return None
    hits = process.extract(
        key, sorted(pool), scorer=fuzz.ratio, score_cutoff=FUZZY_MENTION, limit=5
    )
    if not hits:
        return None
    # Near-ties go to the name a person would mistype this way: "lightning blot" is Bolt.
    near = [h for h in hits if h[1] >= hits[0][1] - NEAR_TIE]
    hit = min(near, key=lambda h: typing_distance(key, h[0]))
    ids = names.oracle_ids_for(hit[0], (NAME_FULL, NAME_FACE))
    if not ids or abs(len(hit[0].split()) - w.size) > 1:
        return None
    # "deals damage" is what a spell does, not a misspelling of the card Deal Damage; nor is
    # "brings back" the face Bring Back: words the rules always write in lower case.
    if not _typos_only(key, hit[0], stats) or all(
        _everyday(word, stats) or stats.lower_share(stem(word)) >= LOWER_CASE_WORD
        for word in key.split()
    ):
        return None
    return w.mention(ids, "fuzzy", 0.8 * hit[1] / 100)


def _pool_of_misspelt_words(key: str, names: NameIndex, stats: WordStats) -> set[str]:
    """Names holding a word that a typed word the corpus never uses misspells: "ethrium
    sculpters" has no word of Etherium Sculptor right, but "ethrium" is "etherium"."""
    pool: set[str] = set()
    for word in key.split():
        if len(word) > PREFIX_LENGTH and stats.document_share(stem(word)) == 0:
            similar = names.similar_name_word(word)
            if similar:
                pool |= names.keys_with_word(similar)
    return pool


def _exact_weight(window: list[_Token], how: str, stats: WordStats) -> float:
    if len(window) > 1:
        return 1.0 if how == "full" else 0.9
    word = window[0]
    if how == "nickname":
        # Curated, so trusted, unless the rules use the word all the time: "put it on top".
        return 0.3 if _everyday_term(stem(word.key), stats) else 0.85
    # A one-word name: do rulings and rules use it as an ordinary word?
    ordinary = stats.lower_share(stem(word.key))
    weight = 0.9 * (1.0 - ordinary) + 0.05
    capitalised = word.original[:1].isupper() and word.original[1:].islower()
    if how == "face" and not capitalised:
        weight *= FACE_WORD_FACTOR  # "gone", "fire", "stomp": half-names are everyday words
    if capitalised:
        weight += 0.3 * ordinary  # "Clone" capitalised mid-question is the card
    return weight


def _everyday_term(term: str, stats: WordStats) -> bool:
    """A stemmed word the rules use all the time, in lower case ("deal", "damag", "top")."""
    return stats.document_share(term) >= EVERYDAY_SHARE and stats.lower_share(term) > 0.9


def _everyday(word: str, stats: WordStats) -> bool:
    """A typed (normalised) word that is a stopword or an everyday word of the rules."""
    return word in STOPWORDS or _everyday_term(stem(word), stats)


def _typos_only(typed: str, name: str, stats: WordStats) -> bool:
    """A fuzzy match fixes misspellings: every typed word missing from the name must look
    like one (a word the corpus never uses, or a rare name-like one), not an everyday word
    ("green card" is not Green Ward, "phyrexian mana" is not Phyrexian Arena), close to a
    word of the name ("froce" for "force"; "seas" is not "tides")."""
    name_words = set(name.split()) | {stem(w) for w in name.split()}
    for word in typed.split():
        if word in name_words or stem(word) in name_words or word in STOPWORDS:
            continue  # "sneak attacked" is Sneak Attack told as a verb
        if not _name_like_term(stem(word), stats) or not _misspells_a_word_of(word, name):
            return False
    return True


def _misspells_a_word_of(word: str, name: str) -> bool:
    """Whether ``word`` is a slip or two from some word of ``name`` ("sculpters")."""
    allowed = max(FULL, EVERYDAY.typo_share * len(word))
    return any(
        typing_distance(word, n) <= allowed or (len(word) >= 3 and word in n)  # "sky diver"
        for n in name.split()
    )


def _name_like(token: _Token, stats: WordStats) -> bool:
    return _name_like_term(stem(token.key), stats)


def _name_like_term(term: str, stats: WordStats) -> bool:
    """Rare in the corpus and, where it appears, written like a name (or never seen mid-
    sentence: "kytheon"); not a subtype, which the rules capitalise too ("my elves died" is
    not Elves of Deep Shadow)."""
    return (
        stats.document_share(term) < 0.002
        and stats.lower_share(term) <= NO_CASE_EVIDENCE
        and not stats.is_subtype(term)
    )


def _context_bonus(tokens: list[_Token], start: int, size: int) -> float:
    """ "my vizier", "your clone", "Vizier's ability": possessives point at permanents."""
    bonus = 0.0
    if start > 0 and tokens[start - 1].key in _OWNERS:
        bonus += 0.1
    last = tokens[start + size - 1].original
    if last.endswith(("'s", "’s")):
        bonus += 0.1
    return bonus
