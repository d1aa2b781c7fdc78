"""Normalising Oracle text, and the small words every sub-grammar shares (numbers, mana, colors)."""

from __future__ import annotations

import re
from typing import Literal

from engine.abilities import COLOR_LETTERS as COLOR_LETTERS  # the one table of color names

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}


NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|x)"


MANA = r"((?:\{[^}]+\})+)"


CARD_TYPES = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "tribal",
)


def number(word: str) -> int | Literal["X"]:
    word = word.lower()
    if word == "x":
        return "X"
    if word.isdigit():
        return int(word)
    return NUMBERS[word]


def cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def split_sentences(text: str) -> list[str]:
    # keep "It's still a land." with the sentence before (a single effect)
    text = re.sub(r"\. (It's still an? \w+)", r". \1", text)
    parts = re.split(r"(?<=[.])\s+(?=[A-Z~])", text.strip())
    out: list[str] = []
    for p in parts:
        p = p.strip()
        if out and re.match(r"It's still an? \w+", p):
            out[-1] = out[-1].rstrip(".") + ". " + p
        elif p:
            out.append(p)
    return out


SELF_WORDS = (
    "creature",
    "land",
    "artifact",
    "enchantment",
    "permanent",
    "card",
    "token",
    "Equipment",
    "Aura",
    "Vehicle",
    "planeswalker",
    "spell",
    "Saga",
    "battle",
    "Class",
    "Room",
)


def normalise(text: str, name: str = "") -> str:
    """The one normaliser: reminder text dropped (207.2a), the card's own name (and the short
    name before a comma, for legends) and "this creature"/"this land"/... become ``~``, and a
    minus sign becomes "-". Every sub-grammar reads text in this form."""
    text = re.sub(r"\s*\([^()]*\)", "", text)  # reminder text (207.2a)
    names = {name} if name else set()
    if "," in name:
        names.add(name.split(",")[0])
    # 113.10: inside a quoted ability that an effect grants, "this creature" is the object that
    # has it, but the card's own name is the card granting it ("Sacrifice Blazing Torch"): so
    # the name stays as printed there, and no template reads it as "~"
    for n in sorted(names, key=len, reverse=True):
        text = "".join(
            part if part.startswith('"') and part != n else part.replace(n, "~")
            for part in re.split(r'("[^"]*")', text)
        )
    words = "|".join(SELF_WORDS)
    text = re.sub(rf"\b[Tt]his ({words})\b", "~", text)
    return text.replace("\u2212", "-").strip()


ABILITY_WORD = re.compile(r"^([A-Z][\w' ,-]{1,40}) — (?=\S)")


# 207.2c: the ability words (no rules meaning). Other "Word — " prefixes may be keywords with
# rules (boast, exhaust, ...), so they are left in place and the paragraph stays unsupported.
ABILITY_WORDS = frozenset(
    """adamant addendum alliance battalion bloodrush celebration channel chroma cohort
    constellation converge council's_dilemma coven delirium descend_4 descend_8 domain eerie
    eminence enrage fateful_hour fathomless_descent ferocious flurry formidable grandeur hellbent
    heroic imprint inspired join_forces kinship landfall lieutenant magecraft metalcraft morbid
    pack_tactics paradox parley radiance raid rally renew revolt secret_council spell_mastery
    strive survival sweep tempting_offer threshold undergrowth valiant vivid void
    will_of_the_council""".replace("_", " ").split()
)


def strip_ability_word(paragraph: str) -> str:
    """Ability words have no rules meaning (207.2c)."""
    m = ABILITY_WORD.match(paragraph)
    if m and m.group(1).lower().replace("’", "'") in ABILITY_WORDS:
        return paragraph[m.end() :]
    return paragraph


def split_cost(paragraph: str) -> tuple[str, str] | None:
    """ "{T}: Add {G}." -> ("{T}", "Add {G}.") — the first colon outside quotes (602.1)."""
    depth = 0
    for i, ch in enumerate(paragraph):
        if ch in '\u201c"':
            depth ^= 1
        if ch == ":" and depth == 0:
            return paragraph[:i].strip(), paragraph[i + 1 :].strip()
    return None


def source_pronoun(effect_text: str) -> str:
    """An ability's effect that opens with "it deals" means its source deals (the only object
    named so far); later "it"s may mean a target and are left alone."""
    return re.sub(r"^[Ii]t (deals|gets|gains) ", r"~ \1 ", effect_text)


def group_modes(text: str) -> list[str]:
    """Paragraphs, with a "choose one —" line and its "•" modes kept together (700.2)."""
    out: list[str] = []
    for line in text.split("\n"):
        if not line.strip():
            continue
        if line.lstrip().startswith("•") and out and re.search(r"—$|\n•", out[-1]):
            out[-1] += "\n" + line.strip()
        else:
            out.append(line)
    return out
