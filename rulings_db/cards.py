"""Which card a typed name means: exact > normalised > nickname > face > prefix > words > fuzzy.

One resolver for every way a name is typed (``rulesbot card``, inline ``[[…]]``, autocomplete
and the cards a question mentions). Traditional playable cards come before the other kinds a
database holds (Vanguard, Planes, Schemes, tokens, art cards): "urza" offers the Urza cards
before the Vanguard card called Urza. Among equals, a card with a nickname (a staple players
talk about) comes first, then the shorter name.

The whole name table (about 30,000 rows for every card ever printed) is held in memory, so a
lookup or an autocomplete never waits on disk. When several cards fit, the caller gets the
candidates, never a silent pick.
"""

from __future__ import annotations

import bisect
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from rulings_db.names import normalise
from rulings_db.schema import NAME_FACE, NAME_FULL, NAME_NICKNAME
from rulings_db.typos import CHEAP, FULL, typing_distance

# A fuzzy match must score this well (0-100, rapidfuzz ratio on normalised names) to count.
FUZZY_ACCEPT = 86.0
# ...and beat the best other card by this margin to be chosen without asking.
FUZZY_MARGIN = 4.0
# Below the accept score, still offer names this close as "did you mean".
FUZZY_SUGGEST = 70.0
MAX_CANDIDATES = 25
# Autocomplete offers close misspellings when nothing else fits and this much was typed.
COMPLETE_TYPO_FROM = 4
# Scryfall's set syntax: "bolt|m10" (also "bolt | M10"); the set is two to six letters/digits.
_SET_SUFFIX = re.compile(r"^(.*\S)\s*\|\s*([0-9a-z]{2,6})\s*$", re.IGNORECASE)


# Cards outside traditional Magic (CR 100.2, 901-904: Planechase, Archenemy, Vanguard; tokens,
# art cards, Theros "Hero" cards): found by name, offered after the traditional ones.
SECONDARY_LAYOUTS = frozenset(
    {"planar", "scheme", "vanguard", "token", "double_faced_token", "emblem", "art_series"}
)
SECONDARY_TYPES = ("Vanguard", "Plane ", "Phenomenon", "Scheme", "Ongoing Scheme", "Hero",
                   "Dungeon", "Emblem", "Token", "Card")  # fmt: skip


def is_secondary(layout: str | None, type_line: str | None) -> bool:
    """Is this a card outside traditional play (a Plane, Scheme, Vanguard, token, art card)?"""
    return (layout or "") in SECONDARY_LAYOUTS or (type_line or "").startswith(SECONDARY_TYPES)


_POSSESSIVE = re.compile(r"['’]s\b")


@dataclass(frozen=True)
class NameEntry:
    key: str  # normalised
    name: str  # as displayed
    oracle_id: str
    kind: str  # NAME_FULL / NAME_FACE / NAME_NICKNAME


@dataclass(frozen=True)
class Resolution:
    """Outcome of resolving one name: oracle ids, best first, and how they were found."""

    query: str
    oracle_ids: tuple[str, ...]
    how: str | None  # "exact", "normalised", "nickname", "face", "prefix", "words", "fuzzy"
    suggestions: tuple[str, ...] = ()  # full names offered when nothing or several fit

    @property
    def resolved(self) -> bool:
        return len(self.oracle_ids) == 1

    @property
    def ambiguous(self) -> bool:
        return len(self.oracle_ids) > 1


@dataclass
class NameIndex:
    """Every card name, face name and nickname, by normalised key."""

    entries: list[NameEntry]
    # oracle ids of cards outside traditional play (Vanguard, Planes, Schemes, tokens, art
    # cards): offered after the traditional cards a name also fits
    secondary: frozenset[str] = frozenset()
    full_names: dict[str, str] = field(default_factory=dict)  # oracle_id -> full name
    by_key: dict[str, list[NameEntry]] = field(default_factory=lambda: defaultdict(list))
    sorted_keys: list[str] = field(default_factory=list)
    name_keys: list[str] = field(default_factory=list)  # full + face keys, for fuzzy search
    by_word: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))
    face_keys: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    keys_by_length: dict[int, list[str]] = field(default_factory=lambda: defaultdict(list))
    words_by_letter: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    nicknamed: set[str] = field(default_factory=set)  # oracle ids with a curated nickname

    def __post_init__(self) -> None:
        for alias in _without_possessives(self.entries):
            self.by_key[alias.key].append(alias)  # exact lookups only: never a completion
        for entry in self.entries:
            self.by_key[entry.key].append(entry)
            if entry.kind == NAME_FULL:
                self.full_names[entry.oracle_id] = entry.name
            if entry.kind == NAME_FACE:
                self.face_keys[entry.oracle_id].append(entry.key)
            if entry.kind == NAME_NICKNAME:
                self.nicknamed.add(entry.oracle_id)
            if entry.kind != NAME_NICKNAME:
                for word in entry.key.split():
                    self.by_word[word].add(entry.key)
        self.sorted_keys = sorted({e.key for e in self.entries})
        self.name_keys = sorted({e.key for e in self.entries if e.kind in (NAME_FULL, NAME_FACE)})
        for key in self.name_keys:
            self.keys_by_length[len(key)].append(key)

    # -- lookups -------------------------------------------------------------------------

    def resolve(self, query: str) -> Resolution:
        key = normalise(query)
        if not key:
            return Resolution(query, (), None)
        for step in (self._exact, self._normalised, self._nickname, self._face):
            found = step(query, key)
            if found is not None:
                return self._traditional_first(found, key)
        return self._prefix(query, key) or self._words(query, key) or self._fuzzy(query, key)

    def complete(self, prefix: str, limit: int = MAX_CANDIDATES) -> list[str]:
        """Full names for autocomplete, best first: nicknames ("goyf", "stp"), then names or
        face names starting with ``prefix``, then names holding its words; close misspellings
        when none of those fit."""
        key = normalise(prefix)
        if not key:
            return []
        ids = self.oracle_ids_for(key, (NAME_NICKNAME,))
        ids += self._ranked(self._ids_with_prefix(key, limit * 4))
        if len(ids) < limit and len(key) >= 3:
            typed = key.split()
            whole = [w for w in typed[:-1] if w in self.by_word] or typed[:1]
            ids += self._ranked(self.ids_with_name_words(typed, whole))
        if not ids and len(key) >= COMPLETE_TYPO_FROM:
            ids += [i for i, _ in self._fuzzy_scores(key)]
        names = [self.full_names[i] for i in _distinct(ids) if i in self.full_names]
        return names[:limit]

    def complete_ids(self, key: str, limit: int, whole_words: bool = False) -> list[str]:
        """Oracle ids of cards whose name or face name starts with the normalised ``key``;
        with ``whole_words``, only where ``key`` ends at a word of the name ("pitch" is not
        Pitchstone Wall)."""
        return self._ids_with_prefix(key, limit, whole_words)

    def oracle_ids_for(self, key: str, kinds: tuple[str, ...]) -> list[str]:
        return _distinct(e.oracle_id for e in self.by_key.get(key, ()) if e.kind in kinds)

    def keys_with_word(self, word: str) -> set[str]:
        return self.by_word.get(word, set())

    def ids_with_name_words(self, typed: list[str], whole: list[str]) -> list[str]:
        """Cards with a name (or face name) holding every typed word, each as a word of its
        own or the start of one ("exp frenzy" -> Experimental Frenzy, "dreadhorde lili" ->
        Liliana, Dreadhorde General). ``whole`` are typed words that must be whole words
        of the name; they pick the names to check."""
        keys = set.intersection(*(self.keys_with_word(w) for w in whole)) if whole else set()
        ids: list[str] = []
        for key in sorted(keys):  # a fixed order: set order changes with each process
            if _holds_words(key.split(), typed):
                for entry in self.by_key[key]:
                    if entry.kind != NAME_NICKNAME and entry.oracle_id not in ids:
                        ids.append(entry.oracle_id)
        return ids

    def similar_name_word(self, word: str) -> str | None:
        """The word of some card name, or the one-word nickname, that ``word`` misspells
        ("craterhof" -> "craterhoof"), among those with the same first letter."""
        if not self.words_by_letter:
            nicknames = {
                e.key for e in self.entries if e.kind == NAME_NICKNAME and " " not in e.key
            }
            for name_word in sorted({*self.by_word, *nicknames}):
                self.words_by_letter[name_word[:1]].append(name_word)
        hits = process.extract(
            word, self.words_by_letter.get(word[:1], []), scorer=fuzz.ratio, score_cutoff=75
        )
        # One slip in a long word ("tasigor"), half a slip in a short one; never a tie.
        allowed = FULL if len(word) >= 6 else CHEAP
        close = sorted((d, w) for w, _, _ in hits if (d := typing_distance(word, w)) <= allowed)
        if close and (len(close) == 1 or close[0][0] < close[1][0]):
            return close[0][1]
        return None

    # -- the resolution steps, in order --------------------------------------------------

    def _exact(self, query: str, key: str) -> Resolution | None:
        ids = _distinct(
            e.oracle_id
            for e in self.by_key.get(key, ())
            if e.kind == NAME_FULL and e.name == query.strip()
        )
        return self._outcome(query, ids, "exact")

    def _normalised(self, query: str, key: str) -> Resolution | None:
        return self._outcome(query, self.oracle_ids_for(key, (NAME_FULL,)), "normalised")

    def _nickname(self, query: str, key: str) -> Resolution | None:
        return self._outcome(query, self.oracle_ids_for(key, (NAME_NICKNAME,)), "nickname")

    def _face(self, query: str, key: str) -> Resolution | None:
        return self._outcome(query, self.oracle_ids_for(key, (NAME_FACE,)), "face")

    def _prefix(self, query: str, key: str) -> Resolution | None:
        ids = self._ids_with_prefix(key, MAX_CANDIDATES + 1)
        return self._outcome(query, ids, "prefix")

    def _words(self, query: str, key: str) -> Resolution | None:
        """Every typed word is a whole word of one name ("mind sculptor" is Jace, the Mind
        Sculptor, not the similarly spelt Mind Sculpt). One card wins outright; several are
        offered when at least two words were typed (one word alone is left to fuzzy)."""
        typed = key.split()
        if any(w not in self.by_word for w in typed):
            return None
        ids = self.ids_with_name_words(typed, typed)
        if len(ids) == 1 or (len(ids) > 1 and len(typed) >= 2):
            return self._outcome(query, ids, "words")
        return None

    def _fuzzy(self, query: str, key: str) -> Resolution:
        scored = self._fuzzy_scores(key)
        if not scored:
            return Resolution(query, (), None)
        best_id, best = scored[0]
        runner_up = scored[1][1] if len(scored) > 1 else 0.0
        if best >= FUZZY_ACCEPT and best - runner_up >= FUZZY_MARGIN:
            return Resolution(query, (best_id,), "fuzzy")
        close = [i for i, s in scored if s >= FUZZY_ACCEPT and best - s < FUZZY_MARGIN]
        if len(close) > 1:
            chosen = self._choose_by_typing(key, close)
            if chosen:
                return Resolution(query, (chosen,), "fuzzy")
            return Resolution(query, tuple(close), "fuzzy", self._names(close))
        suggestions = [i for i, s in scored if s >= FUZZY_SUGGEST][:5]
        return Resolution(query, (), None, self._names(suggestions))

    def _choose_by_typing(self, key: str, close: list[str]) -> str | None:
        """Break a near-tie with the keyboard-aware distance: at least half an edit ahead."""
        distances = sorted((self._typing_distance(key, i), i) for i in close)
        (best, chosen), (second, _) = distances[0], distances[1]
        return chosen if second - best >= CHEAP else None

    def _typing_distance(self, key: str, oracle_id: str) -> float:
        keys = [normalise(self.full_names.get(oracle_id, "")), *self.face_keys.get(oracle_id, [])]
        return min(typing_distance(key, k) for k in keys)

    # -- helpers -------------------------------------------------------------------------

    def _outcome(self, query: str, ids: list[str], how: str) -> Resolution | None:
        if not ids:
            return None
        ids = self._ranked(ids)
        return Resolution(query, tuple(ids[:MAX_CANDIDATES]), how, self._names(ids))

    def _traditional_first(self, found: Resolution, key: str) -> Resolution:
        """A name that only a Vanguard card, Plane, Scheme… has outright ("urza", "llanowar"):
        the traditional cards whose names start with it are offered first, that card last."""
        if not found.oracle_ids or not all(i in self.secondary for i in found.oracle_ids):
            return found
        playable = [
            i for i in self._ids_with_prefix(key, MAX_CANDIDATES + 1) if i not in self.secondary
        ]
        if not playable:
            return found
        ids = _distinct([*self._ranked(playable), *found.oracle_ids])[:MAX_CANDIDATES]
        return Resolution(found.query, tuple(ids), "prefix", self._names(ids))

    def _rank(self, oracle_id: str) -> tuple[bool, bool, int, str]:
        name = self.full_names.get(oracle_id, "")
        return (oracle_id in self.secondary, oracle_id not in self.nicknamed, len(name), name)

    def _ranked(self, ids: Iterable[str]) -> list[str]:
        return sorted(_distinct(ids), key=self._rank)

    def _names(self, ids: list[str]) -> tuple[str, ...]:
        known = [i for i in self._ranked(ids) if i in self.full_names]
        return tuple(dict.fromkeys(self.full_names[i] for i in known))[:MAX_CANDIDATES]

    def _ids_with_prefix(self, key: str, limit: int, whole_words: bool = False) -> list[str]:
        """Oracle ids of names (not nicknames) starting with ``key`` at a word boundary."""
        ids: list[str] = []
        for candidate in self._keys_at_word_boundary(key):
            for entry in self.by_key[candidate]:
                if entry.kind != NAME_NICKNAME and entry.oracle_id not in ids:
                    ids.append(entry.oracle_id)
            if len(ids) >= limit:
                break
        if not ids and len(key) >= 3 and not whole_words:
            return self._ids_with_word_prefix(key, limit)
        return ids

    def _keys_at_word_boundary(self, key: str) -> Iterator[str]:
        """The name keys that are ``key`` or start with ``key`` and a space, in sorted order:
        "opt" must not complete to "optimus"... unless typed further. Keys are letters, digits
        and single spaces (``normalise``), so those with ``key`` + " " are one run of the
        sorted list, found by bisection instead of a walk over every key starting "opt"."""
        keys = self.sorted_keys
        start = bisect.bisect_left(keys, key)
        if start < len(keys) and keys[start] == key:
            yield key
        spaced = key + " "
        for position in range(bisect.bisect_left(keys, spaced), len(keys)):
            if not keys[position].startswith(spaced):
                break
            yield keys[position]

    def _ids_with_word_prefix(self, key: str, limit: int) -> list[str]:
        """Names starting with a partly typed last word ("vizier of many face")."""
        ids: list[str] = []
        keys = self.sorted_keys
        for candidate in (keys[i] for i in range(bisect.bisect_left(keys, key), len(keys))):
            if not candidate.startswith(key) or len(ids) >= limit:
                break
            for entry in self.by_key[candidate]:
                if entry.kind != NAME_NICKNAME and entry.oracle_id not in ids:
                    ids.append(entry.oracle_id)
        return ids

    def _fuzzy_scores(self, key: str) -> list[tuple[str, float]]:
        """(oracle_id, score) best first, one row per card."""
        pool = self._fuzzy_pool(key)
        hits = process.extract(key, pool, scorer=fuzz.ratio, limit=12, score_cutoff=FUZZY_SUGGEST)
        best: dict[str, float] = {}
        for name_key, score, _ in hits:
            for entry in self.by_key[name_key]:
                if entry.kind != NAME_NICKNAME:
                    best[entry.oracle_id] = max(best.get(entry.oracle_id, 0.0), float(score))
        return sorted(best.items(), key=lambda item: -item[1])

    def _fuzzy_pool(self, key: str) -> list[str]:
        """Names sharing a word with the query, else names of a similar length."""
        shared: set[str] = set()
        for word in key.split():
            if len(word) >= 3:
                shared |= self.by_word.get(word, set())
        if shared:
            return sorted(shared) + self._similar_length(key, 3)
        return self._similar_length(key, max(3, len(key) // 4))

    def _similar_length(self, key: str, slack: int) -> list[str]:
        lengths = range(len(key) - slack, len(key) + slack + 1)
        return [k for length in lengths for k in self.keys_by_length.get(length, ())]


def _holds_words(name_words: list[str], typed: list[str]) -> bool:
    """Each typed word is, or begins (three letters at least), a different word of the name."""
    free = list(name_words)
    for word in typed:
        found = next(
            (w for w in free if w == word or (len(word) >= 3 and w.startswith(word))), None
        )
        if found is None:
            return False
        free.remove(found)
    return True


def _distinct(ids: Iterable[str]) -> list[str]:
    return list(dict.fromkeys(ids))


def split_set(typed: str) -> tuple[str, str | None]:
    """Scryfall's ``name|set`` syntax: ("bolt", "m10") from "bolt|m10"; (typed, None) when
    there is no set. The knowledge base keeps one Oracle card per name, not printings, so the
    set only chooses a printing where one is known; the card is found either way."""
    match = _SET_SUFFIX.match(typed.strip())
    if match is None:
        return typed, None
    return match.group(1), match.group(2).lower()


def _without_possessives(entries: list[NameEntry]) -> list[NameEntry]:
    """Players drop the possessive whole ("thespian stage", "yawgmoth will"): each name with
    an "'s" is also found without it, unless that spelling is another card's name."""
    taken = {e.key for e in entries}
    extra = []
    for entry in entries:
        if entry.kind != NAME_NICKNAME and _POSSESSIVE.search(entry.name):
            key = normalise(_POSSESSIVE.sub("", entry.name))
            if key and key not in taken:
                extra.append(NameEntry(key, entry.name, entry.oracle_id, entry.kind))
    return extra
