"""Whether a player can pay a mana cost from what is on the board (601.2g-h, 602.2b).

A conservative count: each untapped permanent the player controls whose mana ability needs only
{T} (or nothing) and can be activated now supplies the mana that ability adds; the mana in the
player's pool counts too. Triggered extra mana, mana abilities with other costs and hybrid or
Phyrexian symbols aren't counted, so "can't tell" never becomes "yes". Each mana unit is matched
to a symbol of the cost (colored symbols first, by augmenting paths).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.abilities import AnyColor, FixedMana, ManaAbility
from engine.answer import Trace
from engine.game import Game

COLORED = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class Payment:
    payable: bool | None  # None: the cost has symbols the count doesn't handle
    sources: tuple[str, ...]
    needed: str


def cost_symbols(mana: str) -> tuple[int, list[str]] | None:
    """{2}{G}{G} -> (2, ["G", "G"]); None for X, hybrid, Phyrexian and snow symbols."""
    generic = 0
    colored: list[str] = []
    for sym in re.findall(r"\{([^}]+)\}", mana):
        if sym.isdigit():
            generic += int(sym)
        elif sym in COLORED:
            colored.append(sym)
        else:
            return None
    return generic, colored


def mana_units(
    game: Game, player: str, paying_for: str, taps_itself: bool
) -> list[tuple[str, frozenset[str]]]:
    """(source, the types one unit of its mana can be) for every unit the player can make now."""
    units: list[tuple[str, frozenset[str]]] = []
    pool = game.board.players[player].mana_pool
    for sym in re.findall(r"\{([WUBRGC])\}", pool):
        units.append(("mana pool", frozenset({sym})))
    produce = game.could_produce_all()
    probe = Trace()
    for o in game.board.battlefield():
        if o.controller != player or o.tapped or (o.id == paying_for and taps_itself):
            continue
        for ab in game.mana_abilities(o.id):
            if ab.cost.mana or ab.cost.untap or not ab.cost.only_mana_and_tap:
                continue  # E5: any other part (discard, sacrifice, exile, ...) isn't counted
            if ab.limited or ab.spend_only:
                continue  # E5: limited use (602.1b) or mana that can't pay any cost (106.6)
            saved, game.trace = game.trace, probe
            try:
                ok, _why = game.can_activate(o.id, ab, [])
                kinds = frozenset(game.types_of(o.id, ab.produces, produce))
            finally:
                game.trace = saved
            if ok and kinds:
                units.extend((o.id, k) for k in unit_kinds(ab, kinds))
                break  # one activation per permanent: its {T} is spent
    return units


def unit_kinds(ab: ManaAbility, kinds: frozenset[str]) -> list[frozenset[str]]:
    prod = ab.produces
    if isinstance(prod, FixedMana):
        if len(prod.options) == 1:
            return [frozenset({s}) for s in prod.options[0]]
        if all(len(option) == 1 for option in prod.options):
            return [kinds]
        return []  # "{R}{R} or {G}{G}": not counted
    if isinstance(prod, AnyColor):
        return [kinds] if prod.same_color or prod.amount == 1 else [kinds] * prod.amount
    return [kinds] * int(getattr(prod, "amount", 1))


def can_pay(game: Game, player: str, mana: str, paying_for: str, taps_itself: bool) -> Payment:
    parsed = cost_symbols(mana)
    if parsed is None:
        return Payment(None, (), mana)
    generic, colored = parsed
    needs: list[frozenset[str] | None] = [frozenset({c}) for c in colored] + [None] * generic
    units = mana_units(game, player, paying_for, taps_itself)
    # same-color "N mana of any one color" units are counted one each, conservatively
    match: dict[int, int] = {}  # unit index -> need index

    def fits(need: frozenset[str] | None, unit: frozenset[str]) -> bool:
        return need is None or bool(need & unit)

    def augment(n: int, seen: set[int]) -> bool:
        for u, (_src, kinds) in enumerate(units):
            if u in seen or not fits(needs[n], kinds):
                continue
            seen.add(u)
            if u not in match or augment(match[u], seen):
                match[u] = n
                return True
        return False

    paid = all(augment(n, set()) for n in range(len(needs)))
    used = tuple(dict.fromkeys(units[u][0] for u in match))
    return Payment(paid, used, mana)
