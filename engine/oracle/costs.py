"""Costs of activated abilities and additional costs (602.1, 118)."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.abilities import (
    Cost,
    Selector,
)
from engine.oracle.creature_types import OTHER_SUBTYPES, creature_type_of_plural, is_subtype
from engine.oracle.selectors import parse_selector
from engine.oracle.text import CARD_TYPES, MANA, number


def parse_cost(text: str) -> Cost | None:
    cost = Cost()
    fields: dict[str, object] = {}
    # 606.4: a loyalty ability's cost is a loyalty symbol, printed "[+1]", "[−2]" or "[0]"
    # ("+1" without brackets in some sources). An X cost is not a number the engine can pay.
    m = re.fullmatch(r"\[?([+−-])(\d+)\]?", text.strip())
    if m:
        value = int(m.group(2))
        return Cost(loyalty=value if m.group(1) == "+" else -value)
    if text.strip() in ("0", "[0]"):
        return Cost(loyalty=0)
    # E5: "Remove three quest counters from ~ and sacrifice it"
    text = re.sub(r"(from ~) and sacrifice it$", r"\1, Sacrifice ~", text.strip())
    for part in re.split(r",\s*", text):
        p = part.strip()
        low = p.lower()
        if low == "{t}":
            fields["tap"] = True
        elif low == "{q}":
            fields["untap"] = True
        elif re.fullmatch(MANA, p) and "{t}" not in low and "{q}" not in low:
            fields["mana"] = str(fields.get("mana", "")) + p
        elif low == "sacrifice ~":
            fields["sacrifice_self"] = True
        elif m := re.fullmatch(r"sacrifice (a|an|another|two|three) (.+)", low):
            sel = parse_selector(("other " if m.group(1) == "another" else "") + m.group(2) + "s")
            if sel is None:
                sel = parse_selector(m.group(2))
            sub = re.fullmatch(r"[A-Z][a-z]+", p.split(" ", 2)[-1])
            if sel is None and sub and m.group(1) != "another":
                sel = Selector("all", subtypes=(sub.group(0),))  # "Sacrifice a Saproling"
            alternatives: tuple[Selector, ...] = ()
            if sel is None:  # E5: "an artifact or creature", "a creature with defender"
                alternatives = sacrifice_kinds(p.split(" ", 2)[-1], m.group(1) == "another")
                sel = alternatives[0] if alternatives else None
            if sel is None:
                return None
            count = 1 if m.group(1) in ("a", "an", "another") else int(number(m.group(1)))
            if len(alternatives) > 1:
                if count != 1:
                    return None
                fields["sacrifice_or"] = alternatives[1:]
            fields["sacrifice"] = sel
            fields["sacrifice_count"] = count
        elif m := re.fullmatch(
            r"tap (an|another|two|three|four|five) untapped (.+?) you control", p, re.IGNORECASE
        ):
            how = m.group(1).lower()
            count = 1 if how in ("an", "another") else int(number(how))
            sel = cost_kind(m.group(2), plural=count > 1, other=how == "another")
            if sel is None:
                return None
            fields["tap_untapped"] = sel
            fields["tap_untapped_count"] = count
        elif m := re.fullmatch(r"pay (\d+) life", low):
            fields["pay_life"] = int(m.group(1))
        elif low == "exile ~":
            fields["exile_self"] = True
        elif low == "discard ~":
            fields["discard_self"] = True
        elif m := re.fullmatch(r"discard (a|two) cards?", low):
            fields["discard"] = int(number(m.group(1)))
        elif read_more_cost(p, fields):  # E5
            pass
        elif low == "exile ~ from your graveyard":
            fields["exile_self_from_graveyard"] = True
        elif m := re.fullmatch(r"remove (a|an|one|two|three|x) ([+\-\w/]+) counters? from ~", low):
            n = number(m.group(1))
            fields["remove_counters"] = (m.group(2), n if isinstance(n, int) else 0)
        else:
            return None
    return Cost(**fields) if fields else cost  # type: ignore[arg-type]


# --- E5: costs beyond mana, {T}, sacrifice and life (118.3, 602.1) ------------------------


def cost_kind(words: str, plural: bool, other: bool = False) -> Selector | None:
    """The permanents a cost names: "creature(s)", "artifact(s)", "Wizards", "Ally", "Gate",
    "land", "creature with defender", "nontoken creature" (controlled by the cost's payer)."""
    scope = "others_you_control" if other else "you_control"
    m = re.fullmatch(r"(.+?) with (flying|defender)", words)
    if m:
        sel = cost_kind(m.group(1), plural, other)
        return replace(sel, with_keyword=m.group(2)) if sel and sel.types else None
    m = re.fullmatch(r"nontoken (.+)", words)
    if m:
        sel = cost_kind(m.group(1), plural, other)
        return replace(sel, nontoken=True) if sel and sel.types else None
    word = words.strip()
    groups = parse_selector(
        ("other " if other else "") + plural_words(word, plural) + " you control"
    )
    if groups is not None:  # "snow lands", "legendary creatures", "blue creatures"
        return groups
    card_type = word.lower().removesuffix("s") if plural else word.lower()
    if card_type in CARD_TYPES and card_type != "tribal":
        return Selector(scope, types=(card_type.capitalize(),))  # type: ignore[arg-type]
    if " " in word:
        return None
    subtype = creature_type_of_plural(word) if plural else word
    if plural and subtype is None and word.endswith("s") and word[:-1] in OTHER_SUBTYPES:
        subtype = word[:-1]  # "Gates"
    if subtype is None or not is_subtype(subtype):
        return None
    return Selector(scope, subtypes=(subtype,))  # type: ignore[arg-type]


def sacrifice_kinds(words: str, other: bool) -> tuple[Selector, ...]:
    """E5: "artifact or creature", "creature or an enchantment", "creature with defender",
    "Goblin creature": one Selector per alternative (any of them may be sacrificed)."""
    parts = [re.sub(r"^(a|an) ", "", w) for w in re.split(r" or ", words)]
    out = []
    for part in parts:
        sel = cost_kind(part, plural=False, other=other)
        if sel is None:
            m = re.fullmatch(r"([A-Z][a-z]+) creature", part)
            sub = cost_kind(m.group(1), plural=False, other=other) if m else None
            sel = replace(sub, types=("Creature",)) if sub and sub.subtypes else None
        if sel is None:
            return ()
        out.append(sel)
    return tuple(out)


def plural_words(words: str, plural: bool) -> str:
    """ "snow land" -> "snow lands" (a group phrase parse_selector reads)."""
    low = words.lower()
    return low if plural else low + "s"


COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}


def read_more_cost(part: str, fields: dict[str, object]) -> bool:
    """Discard, exile-from-graveyard, return-to-hand and remove-counter costs; sets ``fields``
    and says whether ``part`` was read."""
    low = part.lower()
    m = re.fullmatch(r"pay ((?:\{e\})+|(?:two|three|four|five|six|seven|eight) \{e\})", low)
    if m:
        word = m.group(1).split(" ")[0]
        fields["pay_energy"] = m.group(1).count("{e}") if "{" in word else int(number(word))
        return True
    if low == "discard a card at random":
        fields["discard"] = 1
        fields["discard_at_random"] = True
        return True
    m = re.fullmatch(
        r"discard (a|an) (creature|land|artifact|instant|sorcery|enchantment) card", low
    )
    if m:
        fields["discard"] = 1
        fields["discard_kind"] = m.group(2).capitalize()
        return True
    m = re.fullmatch(
        r"exile (a|an|one|two|three|four|five) (?:([a-z]+|[A-Z][a-z]+) )?cards? from your "
        r"graveyard",
        part,
        re.IGNORECASE,
    )
    if m and m.group(1).lower() in COUNT_WORDS:
        kind = m.group(2)
        if kind is not None:
            if kind.lower() in CARD_TYPES:
                kind = kind.capitalize()
            elif not is_subtype(kind):
                return False
        fields["exile_from_graveyard"] = COUNT_WORDS[m.group(1).lower()]
        fields["exile_from_graveyard_kind"] = kind
        return True
    if low == "exile the top card of your graveyard":
        fields["exile_from_graveyard"] = 1  # any card will do; which is on top doesn't matter
        return True
    if low == "return ~ to its owner's hand":
        fields["return_self"] = True
        return True
    m = re.fullmatch(
        r"return (a|an|two|three) (.+?) you control to (?:its|their) owner's hand", part, re.I
    )
    if m:
        n = COUNT_WORDS[m.group(1).lower()]
        sel = cost_kind(m.group(2), plural=n > 1)
        if sel is None:
            return False
        fields["return_to_hand"] = sel
        fields["return_to_hand_count"] = n
        return True
    m = re.fullmatch(
        r"remove (a|an) (?:([+\-\w/]+) )?counter from (a|an) (.+?) you control", part, re.I
    )
    if m and m.group(2) != "any":
        sel = cost_kind(m.group(4), plural=False)
        if sel is None:
            return False
        fields["remove_counters"] = (m.group(2) or "any", 1)
        fields["remove_counters_from"] = sel
        return True
    return False
