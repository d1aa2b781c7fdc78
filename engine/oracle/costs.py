"""Costs of activated abilities and additional costs (602.1, 118)."""

from __future__ import annotations

import re

from engine.abilities import (
    Cost,
    Selector,
)
from engine.oracle.selectors import parse_selector
from engine.oracle.text import MANA, number


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
            if sel is None:
                return None
            count = 1 if m.group(1) in ("a", "an", "another") else int(number(m.group(1)))
            fields["sacrifice"] = sel
            fields["sacrifice_count"] = count
        elif m := re.fullmatch(r"tap (an|two|three) untapped (.+?) you control", low):
            sel = parse_selector(m.group(2) + "s you control")
            if sel is None:
                return None
            fields["tap_untapped"] = sel
            fields["tap_untapped_count"] = int(number(m.group(1)))
        elif m := re.fullmatch(r"pay (\d+) life", low):
            fields["pay_life"] = int(m.group(1))
        elif low == "exile ~":
            fields["exile_self"] = True
        elif low == "discard ~":
            fields["discard_self"] = True
        elif m := re.fullmatch(r"discard (a|two) cards?", low):
            fields["discard"] = int(number(m.group(1)))
        elif low == "exile ~ from your graveyard":
            fields["exile_self_from_graveyard"] = True
        elif m := re.fullmatch(r"remove (a|an|one|two|three|x) ([+\-\w/]+) counters? from ~", low):
            n = number(m.group(1))
            fields["remove_counters"] = (m.group(2), n if isinstance(n, int) else 0)
        else:
            return None
    return Cost(**fields) if fields else cost  # type: ignore[arg-type]
