"""The combat damage step (510), current rules: no damage assignment order; first and double
strike make two steps (510.4) with state-based actions between them (704.3)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.answer import Trace
from engine.board import Board
from engine.game import (
    COMBAT_IRRELEVANT,
    COMBAT_KEYWORDS_MODELLED,
    Game,
    clone_board,
    protection_stops,
)
from engine.replacements import DamageSource, replaced_damage
from engine.sba import run_sbas


@dataclass
class DamageStep:
    name: str
    assignments: dict[str, dict[str, int]] = field(default_factory=dict)  # source -> {recipient: n}
    life_gained: dict[str, int] = field(default_factory=dict)
    sba_events: list[str] = field(default_factory=list)
    exiled_instead: list[str] = field(default_factory=list)  # E6: would have died (614.6)
    # source -> {recipient: damage dealt} where a replacement effect changed it (614.1a)
    replaced: dict[str, dict[str, int]] = field(default_factory=dict)


@dataclass
class CombatResult:
    steps: list[DamageStep]
    board: Board
    losers: list[str]
    choices: list[str]
    legal: dict[str, dict[str, Any]] = field(default_factory=dict)
    # 510.1c: attackers blocked by two or more creatures whose division the question didn't give
    undivided: list[str] = field(default_factory=list)


def live_blockers(board: Board, aid: str) -> list[str]:
    """The creatures still blocking ``aid`` (a blocker that left the battlefield is removed from
    combat, 506.4)."""
    return [
        b
        for b in board.objects[aid].blocked_by
        if b in board.objects and board.objects[b].zone == "battlefield"
    ]


def lethal(game: Game, source: str, blocker: str) -> int:
    """Lethal damage for assignment: toughness minus damage marked; 1 with deathtouch (702.2c)."""
    ch = game.ch(blocker)
    need = max(0, (ch.toughness or 0) - game.obj(blocker).damage)
    if game.has(source, "deathtouch") and need > 0:
        return 1
    return need


def assign_attacker(
    game: Game, trace: Trace, aid: str, chosen: dict[str, int] | None, choices: list[str]
) -> dict[str, int]:
    a = game.obj(aid)
    power = game.ch(aid).power or 0
    if power <= 0:
        trace.add("510.1a", f"{aid} has power {power} and assigns no combat damage")
        return {}
    trace.add("510.1a", f"{aid} assigns combat damage equal to its power ({power})")
    blockers = live_blockers(game.board, aid)
    defender = a.attacking or ""
    trample = game.has(aid, "trample")
    if not a.blocked:
        trace.add("510.1b", f"{aid} is unblocked and assigns all its damage to {defender}")
        return {defender: power}
    if not blockers:
        if trample:
            trace.add(
                "702.19d",
                f"{aid} has trample and no creature blocks it any more: its damage goes to "
                f"{defender}",
            )
            return {defender: power}
        trace.add(
            "509.1h",
            f"{aid} stays a blocked creature though no creature blocks it any more (506.4)",
        )
        trace.add("510.1c", f"{aid} is blocked by no creature now, so it assigns no damage")
        return {}
    if chosen:
        return check_assignment(game, trace, aid, chosen, blockers, defender, power)
    if game.has(aid, "deathtouch"):
        trace.add("702.2c", f"{aid} has deathtouch: 1 damage counts as lethal for assignment")
    if trample:
        return _assign_with_trample(game, trace, aid, blockers, defender, power, choices)
    if len(blockers) == 1:
        trace.add("510.1c", f"{aid} is blocked by one creature and assigns all its damage to it")
        return {blockers[0]: power}
    trace.add(
        "510.1c",
        f"{aid} is blocked by several creatures: its controller divides its damage among them",
    )
    undivided(game, trace, aid, blockers, power)
    out, left = _lethal_in_order(game, aid, blockers[:-1], power)
    out[blockers[-1]] = out.get(blockers[-1], 0) + left
    choices.append(f"{a.controller} divides {aid}'s damage among its blockers (shown: {out})")
    return out


def undivided(game: Game, trace: Trace, aid: str, blockers: list[str], power: int) -> None:
    """510.1c: an attacker without trample blocked by two or more creatures divides its damage
    among them as its controller chooses (no damage assignment order since the 2024 rules; any
    blocker may get more than lethal). Without the division what dies depends on that choice:
    the answer shows one division and isn't verified. (With trample the answer shows the
    division that sends the most to the player, 702.19b, named as the choice it is.)"""
    controller = game.obj(aid).controller
    trace.unknown(
        f"it depends on how {controller} divides {aid}'s {power} damage among "
        f"{', '.join(blockers)} (510.1c: as they choose; give the division to decide it)"
    )


def _lethal_in_order(
    game: Game, aid: str, blockers: list[str], power: int
) -> tuple[dict[str, int], int]:
    """Lethal damage (702.2c with deathtouch) to each blocker in turn, while damage lasts;
    returns the assignment and what is left."""
    out: dict[str, int] = {}
    left = power
    for b in blockers:
        n = min(left, lethal(game, aid, b))
        out[b] = n
        left -= n
    return out, left


def _assign_with_trample(
    game: Game,
    trace: Trace,
    aid: str,
    blockers: list[str],
    defender: str,
    power: int,
    choices: list[str],
) -> dict[str, int]:
    """702.19b: lethal damage to every blocker first; the rest may go to the player."""
    out, left = _lethal_in_order(game, aid, blockers, power)
    trace.add("510.1c", f"{aid} assigns its damage among the creatures blocking it")
    trace.add(
        "702.19b",
        f"{aid} has trample: once its blockers are assigned lethal damage, the rest ({left}) "
        f"can go to {defender}",
    )
    if left:
        out[defender] = left
    if len(blockers) > 1 or left:
        choices.append(
            f"{game.obj(aid).controller} assigns {aid}'s damage (shown: lethal to each blocker, "
            f"the rest to {defender}, the most to the player)"
        )
    return out


def check_assignment(
    game: Game,
    trace: Trace,
    aid: str,
    chosen: dict[str, int],
    blockers: list[str],
    defender: str,
    power: int,
) -> dict[str, int]:
    total = sum(chosen.values())
    if total != power:
        raise ValueError(f"{aid}'s assignment totals {total}, but it assigns {power} (510.1a)")
    for recipient in chosen:
        if recipient not in blockers and recipient != defender:
            raise ValueError(f"{aid} can't assign damage to {recipient} (510.1c)")
    if chosen.get(defender):
        if not game.has(aid, "trample"):
            raise ValueError(
                f"{aid} is blocked and has no trample: it can't assign damage to {defender} "
                "(510.1c)"
            )
        for b in blockers:
            if chosen.get(b, 0) < lethal(game, aid, b):
                raise ValueError(
                    f"{aid} must assign lethal damage to {b} before any goes to {defender} "
                    "(702.19b)"
                )
        trace.add("702.19b", f"{aid}: lethal damage to each blocker, the rest to {defender}")
    trace.add("510.1c", f"{aid}'s assignment among its blockers is legal")
    return dict(chosen)


def assign_blocker(game: Game, trace: Trace, bid: str) -> dict[str, int]:
    b = game.obj(bid)
    power = game.ch(bid).power or 0
    attackers = [
        x for x in b.blocking if x in game.board.objects and game.obj(x).zone == "battlefield"
    ]
    if power <= 0 or not attackers:
        return {}
    if len(attackers) > 1:
        trace.unknown(f"{bid} blocks several creatures: dividing its damage is not modelled")
        return {}
    trace.add("510.1d", f"{bid} assigns its combat damage ({power}) to the creature it blocks")
    return {attackers[0]: power}


def legal_assignments(game: Game, fighters: list[str]) -> dict[str, dict[str, Any]]:
    """510.1c-d / 702.19b: what each blocked attacker's damage assignment must satisfy (as the
    first damage step begins)."""
    out: dict[str, dict[str, Any]] = {}
    for fid in fighters:
        o = game.obj(fid)
        blockers = live_blockers(game.board, fid)
        if not o.attacking or not blockers:
            continue
        trample = game.has(fid, "trample")
        out[fid] = {
            "power": max(0, game.ch(fid).power or 0),
            "divide_among": blockers + ([o.attacking] if trample else []),
            "lethal_before_player": {b: lethal(game, fid, b) for b in blockers} if trample else {},
            "rule": "any split among the blockers"
            + (f"; damage to {o.attacking} only once every blocker has lethal" if trample else ""),
        }
    return out


def resolve_combat(
    board: Board, trace: Trace, deadline: float, chosen: dict[str, dict[str, int]] | None = None
) -> CombatResult:
    chosen = chosen or {}
    board = clone_board(board)  # the question's board is never changed
    game = Game(board, trace, deadline)
    fighters = [o.id for o in board.battlefield() if o.attacking or o.blocking]
    for fid in fighters:
        for kw in game.ch(fid).keywords() - COMBAT_KEYWORDS_MODELLED - COMBAT_IRRELEVANT:
            trace.unknown(f"{fid}'s {kw} in combat is not modelled")
    legal = legal_assignments(game, fighters)
    undivided_ids = [
        f
        for f in fighters
        if board.objects[f].attacking
        and f not in chosen
        and len(live_blockers(board, f)) > 1
        and not game.has(f, "trample")
        and (game.ch(f).power or 0) > 0
    ]
    strikers = [f for f in fighters if game.has(f, "first strike") or game.has(f, "double strike")]
    plan: list[tuple[str, set[str]]] = []
    if strikers:
        trace.add(
            "510.4",
            "a creature has first strike or double strike: there are two combat damage steps",
        )
        plan.append(("first-strike damage", set(strikers)))
        rest = {f for f in fighters if f not in strikers or game.has(f, "double strike")}
        for f in strikers:
            if game.has(f, "double strike"):
                trace.add("702.4b", f"{f} has double strike and deals damage in both steps")
            else:
                trace.add(
                    "702.7b",
                    f"{f} has first strike: it deals its damage in the first-strike step only",
                )
        plan.append(("regular damage", rest))
    else:
        plan.append(("combat damage", set(fighters)))
    steps: list[DamageStep] = []
    losers: list[str] = []
    choices: list[str] = []
    for name, dealers in plan:
        game = Game(board, trace if not steps else Trace(), deadline) if steps else game
        step = DamageStep(name)
        for fid in sorted(dealers):
            if fid not in board.objects or board.objects[fid].zone != "battlefield":
                continue
            o = board.objects[fid]
            if o.attacking:
                step.assignments[fid] = assign_attacker(game, trace, fid, chosen.get(fid), choices)
            else:
                step.assignments[fid] = assign_blocker(game, trace, fid)
        trace.add("510.2", "all combat damage in a step is dealt at the same time")
        deal(game, trace, board, step)
        result = run_sbas(board, trace, deadline)
        board = result.board
        step.sba_events = result.events
        step.exiled_instead = result.exiled_instead
        losers.extend(p for p in result.losers if p not in losers)
        choices.extend(result.choices)
        steps.append(step)
    return CombatResult(steps, board, losers, choices, legal, undivided_ids)


def deal(game: Game, trace: Trace, board: Board, step: DamageStep) -> None:
    for source, targets in step.assignments.items():
        deathtouch = game.has(source, "deathtouch")
        lifelink = game.has(source, "lifelink")
        total = 0
        for recipient, assigned in targets.items():
            if assigned <= 0 or prevented(game, trace, source, recipient):
                continue
            # 614.1a: damage replacement effects change the damage as it is dealt, not as it
            # is assigned (702.19b: lethal assignment ignores them)
            n = replaced_damage(game, attacker_source(game, source), recipient, assigned, True)
            if n != assigned:
                step.replaced.setdefault(source, {})[recipient] = n
            total += n
            if recipient in board.players:
                board.players[recipient].life -= n
            else:
                r = board.objects[recipient]
                if (
                    "Planeswalker" in game.ch(recipient).types
                    and "Creature" not in game.ch(recipient).types
                ):
                    r.counters["loyalty"] = max(0, r.counters.get("loyalty", 0) - n)
                    trace.add(
                        "120.3c",
                        f"{n} damage to the planeswalker {recipient} removes {n} loyalty "
                        f"counters (306.8): {r.counters['loyalty']} left",
                    )
                else:
                    r.damage += n
                    r.deathtouch_damage = r.deathtouch_damage or deathtouch
        if lifelink and total:
            controller = game.obj(source).controller
            board.players[controller].life += total
            step.life_gained[controller] = step.life_gained.get(controller, 0) + total
            trace.add("702.15b", f"{source} has lifelink: {controller} gains {total} life")
            trace.add(
                "120.3f",
                "damage dealt by a source with lifelink makes its controller gain that much life",
            )
        if game.has(source, "infect") or game.has(source, "wither"):
            trace.unknown(f"{source}'s infect/wither damage is not modelled")


def attacker_source(game: Game, oid: str) -> DamageSource:
    """A creature dealing combat damage, for the replacement effects that look at it."""
    return DamageSource(oid, game.obj(oid).controller, game.ch(oid), oid=oid)


def prevented(game: Game, trace: Trace, source: str, recipient: str) -> bool:
    """702.16e: damage from a source with a quality the recipient has protection from is
    prevented (it is still assigned: lethal damage counts toughness, 702.19b)."""
    if recipient not in game.board.objects or not game.has(recipient, "protection"):
        return False
    stops = protection_stops(game, recipient, source)
    if stops is None:
        trace.unknown(f"{recipient}'s protection against {source}'s damage: a quality not read")
        return False
    if stops:
        trace.add("702.16e", f"{recipient} has protection from {source}: its damage is prevented")
    return stops


def summary(result: CombatResult) -> dict[str, Any]:
    return {
        "steps": [
            {
                "step": s.name,
                "assignments": s.assignments,
                "dealt_instead": s.replaced,
                "life_gained": s.life_gained,
                "after_sbas": s.sba_events,
            }
            for s in result.steps
        ],
        "life": {p: st.life for p, st in result.board.players.items()},
        "legal_assignments": result.legal,
        "depends_on_division": result.undivided,
        "losers": result.losers,
        "choices": result.choices,
    }
