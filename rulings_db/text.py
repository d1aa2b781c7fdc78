"""Words of questions, rulings and rules: tokenising, a light stemmer, and player slang.

The same ``terms()`` runs over the corpus at build time (document frequencies) and over
each question at answer time, so both sides always agree on what a term is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_WORD = re.compile(r"[a-z0-9]+(?:/[a-z0-9+]+)?")
_POSSESSIVE = re.compile(r"(\w)['’]s\b")
_APOSTROPHE = re.compile(r"['’]")

STOPWORDS = frozenset(
    """a about above after again all also am an and any are as at be because been before being
    both but by can could did do does doing down during each few for from further get gets got had
    has have having he her here hers him his how i if in into is it its itself just me more most my
    myself no nor not now of off on once only or other our ours out over same she should so
    some such than that the their theirs them then there these they this those through to too
    under until up very was we were what when where which while who whom why will with would you
    your yours yourself still else whats im ive dont doesnt isnt cant wont didnt thats theres
    happen happens happened okay ok hey thanks please question rules rule work works mean means
    really actually whether way say says said using let lets much something anything
    everything nothing thing things come comes coming go goes going make makes making even
    like know need needs want wants able just kind sort instead basically exactly correct
    right wrong true false guys anyone someone somebody many take takes taking""".split()
)

# Words whose stem the suffix rules would get wrong or split from their family.
_IRREGULAR = {
    "dies": "die",
    "died": "die",
    "dying": "die",
    "killed": "kill",
    "blocker": "block",
    "blockers": "block",
    "attacker": "attack",
    "attackers": "attack",
    "copies": "copy",
    "copied": "copy",
    "abilities": "ability",
    "mana": "mana",
    "has": "have",
    "was": "be",
    "this": "this",
    "x": "x",
}


@lru_cache(maxsize=200_000)
def stem(word: str) -> str:
    """A small, predictable suffix stripper (plural, -ing, -ed, final e).

    Memoised: the corpus has a few tens of thousands of distinct words, seen millions of times.
    """
    if word in _IRREGULAR:
        word = _IRREGULAR[word]
    elif len(word) > 4 and word.endswith(("ies", "ied")):
        word = word[:-3] + "y"
    elif word.endswith("sses"):
        word = word[:-2]
    elif len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    if len(word) > 5 and word.endswith("ing"):
        word = _undouble(word[:-3])
    elif len(word) > 4 and word.endswith("ed"):
        word = _undouble(word[:-2])
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    return word


def _undouble(word: str) -> str:
    if len(word) > 2 and word[-1] == word[-2] and word[-1] not in "lsz":
        return word[:-1]
    return word


def words(text: str) -> list[str]:
    """Lower-cased words with possessives and apostrophes folded ("Vizier's" -> "vizier")."""
    text = _POSSESSIVE.sub(r"\1", text.lower())
    return _WORD.findall(_APOSTROPHE.sub("", text))


def terms(text: str) -> list[str]:
    """Stemmed content words of ``text``, stopwords removed, in order (repeats kept)."""
    return [stem(w) for w in words(_NUMBER.sub(_number_word, text)) if w not in STOPWORDS]


_CARDINALS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen twenty"
).split()
_ORDINALS = (
    "zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth"
    " thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth"
).split()
# A small number on its own ("7 cards", "{2}", "4th"), not part of a rule number ("702.4"),
# a power/toughness ("2/2") or a larger number: players type digits, rulings spell them out.
_NUMBER = re.compile(r"(?<![\w./+-])(\d{1,2})(st|nd|rd|th)?(?![\w/]|\.\d)", re.IGNORECASE)


def _number_word(match: re.Match[str]) -> str:
    value = int(match.group(1))
    if value > 20:
        return match.group(0)
    return (_ORDINALS if match.group(2) else _CARDINALS)[value]


# Player vocabulary -> the words the rulings and the CR use. Keys are matched on whole words
# of the lower-cased question; values are added to the query with a lower weight.
SLANG: dict[str, str] = {
    "etb": "enters the battlefield enter",
    "dmg": "damage",
    "etbs": "enters the battlefield enter",
    "ltb": "leaves the battlefield",
    "cmc": "mana value",
    "converted mana cost": "mana value",
    "mv": "mana value",
    "summoning sick": "control continuously since most recent turn began",
    "summoning sickness": "control continuously since most recent turn began",
    "the turn i played it": "summoning sickness control continuously since most recent turn began",
    "the turn it comes in": "summoning sickness control continuously since most recent turn began",
    "the turn it came in": "summoning sickness control continuously since most recent turn began",
    "the turn it entered": "summoning sickness control continuously since most recent turn began",
    "just played": "summoning sickness control continuously since most recent turn began",
    "comes in": "enters the battlefield",
    # "can they choose not to copy it": rulings answer that an effect is mandatory.
    "choose not to": "mandatory whether they want to or not",
    "discount": "cost reduced reduction",
    "came in": "enters the battlefield",
    "dies": "put into a graveyard from the battlefield",
    "die": "put into a graveyard from the battlefield",
    "pw": "planeswalker",
    "walker": "planeswalker",
    "p/t": "power toughness",
    "sac": "sacrifice",
    "sacced": "sacrificed",
    "flicker": "exile return to the battlefield",
    "blink": "exile return to the battlefield",
    "bounce": "return to owner hand",
    "wrath": "destroy all creatures",
    "board wipe": "destroy all creatures",
    "kill": "destroy dies",
    "lifegain": "gain life",
    "dt": "deathtouch",
    "fs": "first strike",
    "ds": "double strike",
    "gy": "graveyard",
    "yard": "graveyard",
    "opp": "opponent",
    "opps": "opponent",
    "lib": "library",
    "empty library": "library with no cards",
    "legend rule": "legendary permanents same name",
    "two copies of the same legendary": "legend rule legendary permanents same name",
    "counter it": "counter target spell",
    "respond": "priority stack",
    "in response": "priority stack",
    "pump": "gets +1/+1 until end of turn",
    "removal": "destroy exile target",
    "mana rock": "artifact mana ability",
    "dork": "creature mana ability",
    "token copy": "token that's a copy",
    "mill": "mill put into graveyard from library",
    "fizzle": "all its targets illegal doesn't resolve",
    "fizzles": "all its targets illegal doesn't resolve",
    "sba": "state-based actions",
    "sbas": "state-based actions",
    "instant speed": "any time you could cast an instant",
    "sorcery speed": "main phase stack is empty",
    "untargetable": "hexproof shroud can't be the target",
    "unblockable": "can't be blocked",
    "hand size": "maximum hand size discard cleanup step",
    "chump block": "block",
    "chump": "block",
    "debt": "protection damage enchanted equipped blocked targeted",
    "trigger order": "triggered abilities order put on the stack",
    "order my triggers": "triggered abilities order put on the stack",
    "regen": "regenerate regeneration shield",
    "tutor": "search your library",
    "tutors": "search your library",
    "fog": "prevent all combat damage",
    "blinked": "exiled returned to the battlefield",
    "flickered": "exiled returned to the battlefield",
    "on board": "on the battlefield",
    "board": "battlefield",
    "in play": "on the battlefield",
    "edh": "commander",
    "cmdr": "commander",
    "mana burn": "mana empties from mana pool",
    "0 toughness": "toughness 0 or less put into owner's graveyard",
    "zero toughness": "toughness 0 or less put into owner's graveyard",
    "toughness drops to 0": "toughness 0 or less put into owner's graveyard",
    "0 loyalty": "loyalty 0 put into owner's graveyard",
    "fall off": "unattached attached illegal put into owner's graveyard state-based action",
    "falls off": "unattached attached illegal put into owner's graveyard state-based action",
    "fell off": "unattached attached illegal put into owner's graveyard state-based action",
    "phase out": "phasing phased out treated as though it doesn't exist",
    "phases out": "phasing phased out treated as though it doesn't exist",
    "phased out": "phasing phased out treated as though it doesn't exist",
    "hardcast": "cast from hand paying its mana cost",
    "hard cast": "cast from hand paying its mana cost",
    "hardcasted": "cast from hand paying its mana cost",
    "resolves first": "top of the stack last added resolves first",
    "resolve first": "top of the stack last added resolves first",
    "lifo": "top of the stack last added resolves first",
    "pitch": "exile from hand alternative cost",
    "fatty": "large creature",
    # Turn structure and timing.
    "eot": "end step until end of turn",
    "end of turn": "end step until end of turn",
    "on the play": "starting player skips draw step first turn",
    "go first": "starting player skips draw step first turn",
    "going first": "starting player skips draw step first turn",
    "hold priority": "player who cast spell receives priority",
    "holding priority": "player who cast spell receives priority",
    "apnap": "active player nonactive players turn order",
    "float mana": "mana pool empties end of step",
    "floating mana": "mana pool empties end of step",
    "tapped out": "tapped all lands no untapped mana",
    "combat trick": "instant during combat",
    "swing": "attack",
    "swings": "attack",
    "swinging": "attack",
    "swing in": "attack",
    "go face": "attack player damage to player",
    "hit face": "attack player damage to player",
    "double block": "blocked by two creatures damage assignment order",
    "double blocked": "blocked by two creatures damage assignment order",
    "gang block": "blocked by two creatures damage assignment order",
    "lethal": "lethal damage",
    # Card types of play and what they do.
    "manland": "land becomes a creature",
    "manlands": "land becomes a creature",
    "animated land": "land becomes a creature",
    "ramp": "search library land put onto battlefield",
    "fetchland": "search library land sacrifice pay 1 life",
    "fetch land": "search library land sacrifice pay 1 life",
    "shockland": "pay 2 life enters tapped",
    "cantrip": "draw a card",
    "loot": "draw a card then discard a card",
    "looting": "draw a card then discard a card",
    "rummage": "discard a card then draw a card",
    "wheel": "discard hand draw seven cards",
    "ping": "deals 1 damage",
    "pinger": "deals 1 damage",
    "burn": "deals damage",
    "sweeper": "destroy all creatures",
    "reanimate": "return creature card from graveyard to the battlefield",
    "reanimation": "return creature card from graveyard to the battlefield",
    "reanimated": "returned creature card from graveyard to the battlefield",
    "tuck": "put into owner's library",
    "tucked": "put into owner's library",
    "topdeck": "top of library",
    "top deck": "top of library",
    "self mill": "mill put into graveyard from library",
    "counterspell": "counter target spell",
    "counter magic": "counter target spell",
    "uncounterable": "can't be countered",
    "free spell": "without paying its mana cost",
    "cast for free": "without paying its mana cost",
    "cost reduction": "costs less to cast",
    "tax": "costs more additional cost",
    "commander tax": "additional {2} for each previous time cast from command zone",
    "commander damage": "combat damage dealt by the same commander 21",
    "pips": "mana symbols",
    "pip": "mana symbol",
    "x spell": "X in its mana cost",
    "kicked": "kicker cost paid",
    "storm count": "spells cast before it this turn",
    "deck out": "draw from a library with no cards loses the game",
    "decked": "draw from a library with no cards loses the game",
    "decking": "draw from a library with no cards loses the game",
    "dies trigger": "when dies triggered ability leaves the battlefield",
    "death trigger": "when dies triggered ability leaves the battlefield",
    "etb trigger": "when enters the battlefield triggered ability",
    "attack trigger": "whenever attacks triggered ability",
    "state based": "state-based actions",
    "timestamps": "timestamp order",
    "layer system": "layer continuous effects",
    "copy effect": "copiable values copy",
    "clone effect": "copiable values copy",
    # Keywords the CR has renamed.
    "totem armor": "umbra armor",
    "landwalk": "landwalk swampwalk islandwalk forestwalk mountainwalk plainswalk",
    # A creature named by its keyword.
    "trampler": "trample",
    "lifelinker": "lifelink",
    "deathtoucher": "deathtouch",
    "flyer": "flying",
    "flier": "flying",
    "to face": "damage to player",
    "which one wins": "timestamp order dependency applied",
    "which effect wins": "timestamp order dependency applied",
    "which applies first": "timestamp order dependency applied",
    # Plain English for the rulings' formal words.
    "stay": "remain",
    "stays": "remains",
    "forever": "indefinitely",
    "right away": "immediately",
    "come back": "return returned",
    "comes back": "return returned",
    "came back": "return returned",
    "bring back": "return returned",
    "go back": "return",
    "goes back": "return",
    "hits the graveyard": "put into a graveyard",
    "goes to the graveyard": "put into a graveyard",
    "go to the graveyard": "put into a graveyard",
}
# Phrases with a gap: "tap <a land / my elves / it> for mana".
SLANG_PATTERNS: dict[str, str] = {
    r"tap(?:s|ped|ping)?(?: [a-z]+){0,3} for mana": "activate mana ability tapped for mana",
    r"(?:enters|entered|comes in|came in)(?: [a-z]+){0,2} tapped": "enters the battlefield tapped",
    # "the target is gone / dead / no longer there": the spell's targets became illegal.
    r"target(?: [a-z]+){0,4} (?:is|was|gets|got) (?:gone|dead|removed|killed|exiled|bounced)": (
        "target illegal doesn't resolve"
    ),
    # Unspent mana and marked damage don't last: the CR says when they empty / are removed.
    r"\bmana(?: [a-z]+){0,5} (?:gone|go away|goes away|disappear|carry over|stay|last)": (
        "unused mana empties from mana pool end of each step and phase"
    ),
    r"\bdamage(?: [a-z]+){0,5} (?:wear off|wears off|go away|goes away|heal|reset|stay)": (
        "damage marked removed cleanup step"
    ),
    # "does it get pulled out of combat": the CR says removed from combat, or still attacking.
    r"\b(?:pulled|taken|kicked|removed) (?:out of|from) combat": (
        "removed from combat remains attacking"
    ),
    # "pro white", "pro-red": protection from a colour or quality.
    r"\bpro[ -](white|blue|black|red|green|artifacts|creatures|everything)\b": ("protection from"),
    # Oracle text says "Add {G}"; the rules say an ability "produces" mana.
    r"\badd(?:s|ed|ing)?(?: [a-z]+){0,3} mana": "produce mana",
}


def _whole_words(key: str) -> re.Pattern[str]:
    """A slang key as whole words; a one-word key also with its endings ("walkers",
    "chumped", "died")."""
    endings = "" if " " in key or key.endswith("s") else "(?:s|es|d|ed|ing)?"
    return re.compile(r"(?<![a-z0-9/])" + re.escape(key) + endings + r"(?![a-z0-9/])")


_SLANG_PATTERNS = [(_whole_words(k), v) for k, v in SLANG.items()] + [
    (re.compile(k), v) for k, v in SLANG_PATTERNS.items()
]


def slang_phrases(question: str) -> list[tuple[str, str]]:
    """(what the player typed, the CR-vocabulary phrase it stands for), for each slang use."""
    lowered = _POSSESSIVE.sub(r"\1", question.lower())
    found = [(m, v) for pattern, v in _SLANG_PATTERNS if (m := pattern.search(lowered))]
    # "the turn it comes in" is one phrase: the "comes in" inside it adds nothing of its own.
    return [
        (m.group(0), v)
        for m, v in found
        if not any(
            o.start() <= m.start() and m.end() <= o.end() and o.span() != m.span() for o, _ in found
        )
    ]


def expand_slang(question: str) -> list[str]:
    """The CR-vocabulary phrases the question's slang stands for (may be empty)."""
    return [phrase for _, phrase in slang_phrases(question)]


def says_phrase(text: str, phrase: str) -> bool:
    """Does lower-case ``text`` hold ``phrase`` as whole words ("stomp" in "countered my
    stomp", but not in "stomping")?"""
    return re.search(rf"(?<![a-z]){re.escape(phrase.lower())}(?![a-z])", text) is not None


def unique(items: Iterable[str]) -> list[str]:
    """Items in first-seen order without repeats."""
    return list(dict.fromkeys(items))
