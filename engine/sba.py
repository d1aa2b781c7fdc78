"""State-based actions (704), checked and performed until none apply (704.3)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.answer import EngineLimit, Trace
from engine.board import Board
from engine.game import Game, clone_board

MAX_SBA_ROUNDS = 50


@dataclass
class SBAResult:
    board: Board
    events: list[str] = field(default_factory=list)
    losers: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    rounds: int = 0


def to_graveyard(board: Board, oid: str) -> None:
    obj = board.objects[oid]
    if obj.is_token:
        del board.objects[oid]  # 704.5d: a token in a graveyard ceases to exist at the next check
    else:
        obj.zone = "graveyard"
        obj.tapped = False
        obj.damage = 0
        obj.counters = {}
        obj.attacking = None
        obj.blocked_by, obj.blocking = [], []
        obj.attached_to = None
        obj.copy_effects = []  # 400.7: a new object
    for other in board.objects.values():
        if other.attached_to == oid:
            other.attached_to = None
        if oid in other.blocked_by:
            other.blocked_by.remove(oid)
        if oid in other.blocking:
            other.blocking.remove(oid)


def legend_rule_waived(game: Game, controller: str) -> str | None:
    """A permanent saying the "legend rule" doesn't apply (Mirror Gallery, Mirror Box)."""
    from engine.abilities import RuleChange

    for o in game.board.battlefield():
        for a in game.ch(o.id).abilities:
            mine = isinstance(a, RuleChange) and (a.whose == "all" or o.controller == controller)
            if mine and isinstance(a, RuleChange) and a.rule == "no_legend_rule":
                return f"{game.ch(o.id).name} ({o.id})"
    return None


def run_sbas(
    board: Board, trace: Trace, deadline: float, keep: dict[str, str] | None = None
) -> SBAResult:
    """Perform SBAs on a copy of ``board`` until none apply; ``keep`` names, per legendary name,
    the permanent its controller keeps under the legend rule (704.5j)."""
    board = clone_board(board)
    result = SBAResult(board)
    keep = keep or {}
    for rounds in range(1, MAX_SBA_ROUNDS + 1):
        game = Game(board, Trace(), deadline)
        game.check_time()
        moves: dict[str, str] = {}
        for name, p in board.players.items():
            if p.life <= 0 and name not in result.losers:
                trace.add("704.5a", f"{name} has {p.life} life and loses the game")
                result.losers.append(name)
                result.events.append(f"{name} loses the game (0 or less life)")
            if p.poison >= 10 and name not in result.losers:
                trace.add("704.5c", f"{name} has {p.poison} poison counters and loses the game")
                result.losers.append(name)
                result.events.append(f"{name} loses the game (ten or more poison counters)")
        for o in list(board.objects.values()):
            if o.is_token and o.zone != "battlefield":
                trace.add("704.5d", f"the token {o.id} is in the {o.zone}: it ceases to exist")
                del board.objects[o.id]
                result.events.append(f"the token {o.id} ceases to exist")
        for o in board.battlefield():
            ch = game.ch(o.id)
            if "Creature" in ch.types and ch.toughness is not None:
                if ch.toughness <= 0:
                    trace.add("704.5f", f"{ch.name} ({o.id}) has toughness {ch.toughness}")
                    moves[o.id] = "toughness 0 or less"
                    continue
                indestructible = game.has(o.id, "indestructible")
                if o.damage >= ch.toughness and o.damage > 0:
                    if indestructible:
                        trace.add(
                            "702.12b", f"{o.id} is indestructible: lethal damage doesn't destroy it"
                        )
                    else:
                        trace.add(
                            "704.5g",
                            f"{ch.name} ({o.id}) has {o.damage} damage and toughness "
                            f"{ch.toughness}: destroyed",
                        )
                        moves[o.id] = "destroyed (lethal damage)"
                        continue
                if o.deathtouch_damage and o.damage > 0:
                    if indestructible:
                        trace.add(
                            "702.12b",
                            f"{o.id} is indestructible: deathtouch damage doesn't destroy it",
                        )
                    else:
                        trace.add(
                            "704.5h",
                            f"{ch.name} ({o.id}) was dealt damage by a source with deathtouch: "
                            "destroyed",
                        )
                        moves[o.id] = "destroyed (deathtouch)"
                        continue
            loyalty = game.layers.counters_of(o, game.chars).get("loyalty", 0)
            known = o.counters_given or o.entering
            if "Planeswalker" in ch.types and not known:
                trace.unknown(f"{o.id}'s loyalty counters (give counters: {{loyalty: N}})")
            elif "Planeswalker" in ch.types and loyalty <= 0:
                trace.add("704.5i", f"{ch.name} ({o.id}) has 0 loyalty")
                moves[o.id] = "0 loyalty"
            plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
            if plus and minus:
                trace.add("704.5q", f"{o.id}: +1/+1 and -1/-1 counters are removed in pairs")
                n = min(plus, minus)
                o.counters["+1/+1"] -= n
                o.counters["-1/-1"] -= n
                result.events.append(f"{n} +1/+1 and -1/-1 counter pairs removed from {o.id}")
        # 704.5j legend rule
        legends: dict[tuple[str, str], list[str]] = {}
        for o in board.battlefield():
            ch = game.ch(o.id)
            if "Legendary" in ch.supertypes and o.id not in moves:
                legends.setdefault((o.controller, ch.name), []).append(o.id)
        for (controller, name), ids in legends.items():
            if len(ids) < 2:
                continue
            waived = legend_rule_waived(game, controller)
            if waived:
                trace.add("704.5j", f"{waived}: the legend rule doesn't apply to {name}")
                continue
            chosen = keep.get(name)
            if chosen not in ids:
                chosen = min(ids, key=lambda i: board.objects[i].timestamp)
                result.choices.append(
                    f"{controller} chooses which {name} to keep (shown: keeping {chosen})"
                )
            trace.add(
                "704.5j",
                f"{controller} controls {len(ids)} legendary permanents named {name}: they keep "
                "one, the rest go to the graveyard",
            )
            for oid in ids:
                if oid != chosen:
                    moves[oid] = "legend rule"
        for o in board.battlefield():
            ch = game.ch(o.id)
            if "Aura" in ch.subtypes and (
                o.attached_to is None or o.attached_to not in board.objects
            ):
                trace.add("704.5m", f"{o.id} is an Aura attached to nothing")
                moves[o.id] = "unattached Aura"
            if "Equipment" in ch.subtypes and o.attached_to:
                target = board.objects.get(o.attached_to)
                if (
                    target is None
                    or target.zone != "battlefield"
                    or "Creature" not in game.ch(target.id).types
                ):
                    trace.add(
                        "704.5n",
                        f"{o.id} is attached to something that isn't a creature: it becomes "
                        "unattached",
                    )
                    o.attached_to = None
                    result.events.append(f"{o.id} becomes unattached")
        if not moves:
            result.rounds = rounds
            if rounds > 1:
                trace.add("704.3", "state-based actions were checked again until none applied")
            return result
        for oid, why in moves.items():
            name = game.ch(oid).name
            to_graveyard(board, oid)
            result.events.append(f"{name} ({oid}) is put into its owner's graveyard: {why}")
        trace.add("704.3", "state-based actions are performed simultaneously, then checked again")
    raise EngineLimit("state-based actions did not settle")
