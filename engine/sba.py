"""State-based actions (704), checked and performed until none apply (704.3)."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities import Keyword
from engine.answer import EngineLimit, Trace
from engine.board import Board, GameObject
from engine.dies_replacements import DeathReplacement, create_all, exiled_instead
from engine.game import Game, clone_board
from engine.soundness import enchant_allows, protection_stops

MAX_SBA_ROUNDS = 50


@dataclass
class SBAResult:
    board: Board
    events: list[str] = field(default_factory=list)
    losers: list[str] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    rounds: int = 0
    exiled_instead: list[str] = field(default_factory=list)  # E6: would have died (614.6)


def to_graveyard(board: Board, oid: str) -> None:
    if board.objects[oid].is_token:
        del board.objects[oid]  # 704.5d: a token in a graveyard ceases to exist at the next check
        unlink(board, oid)
    else:
        leave_battlefield(board, oid, "graveyard")


def leave_battlefield(board: Board, oid: str, zone: str) -> None:
    """The permanent goes to ``zone`` as a new object (400.7): its battlefield state is gone,
    and what was attached to it, blocked by it or blocking it is no longer."""
    obj = board.objects[oid]
    obj.zone = zone
    obj.tapped = False
    obj.damage = 0
    obj.counters = {}
    obj.attacking = None
    obj.blocked_by, obj.blocking = [], []
    obj.attached_to = None
    obj.copy_effects = []  # 400.7: a new object
    unlink(board, oid)


def unlink(board: Board, oid: str) -> None:
    """Nothing stays attached to, blocked by or blocking a permanent that left (301.5, 506.4)."""
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
    for rounds in range(1, MAX_SBA_ROUNDS + 1):
        check = _Check(board, Game(board, Trace(), deadline), trace, result)
        check.game.check_time()
        check.players_lose()
        check.tokens_cease_to_exist()
        for o in board.battlefield():
            if check.creature_dies(o):
                continue
            check.planeswalker_dies(o)
            check.counter_pairs_removed(o)
        check.legend_rule(keep or {})
        check.world_rule()
        check.roles()
        for o in board.battlefield():
            check.attachments(o)
        if not check.moves:
            result.rounds = rounds
            if rounds > 1:
                trace.add("704.3", "state-based actions were checked again until none applied")
            return result
        check.perform_moves()
        trace.add("704.3", "state-based actions are performed simultaneously, then checked again")
    raise EngineLimit("state-based actions did not settle")


def pending_sbas(game: Game) -> list[str]:
    """The state-based actions this board would perform now (704.3), found on a copy of it
    without performing them; objects still entering are left out (they aren't on the
    battlefield yet)."""
    board = clone_board(game.board)
    for o in list(board.objects.values()):
        if o.entering:
            del board.objects[o.id]
    result = SBAResult(board)
    check = _Check(board, game, Trace(), result)
    check.players_lose()
    check.tokens_cease_to_exist()
    for o in board.battlefield():
        if check.creature_dies(o):
            continue
        check.planeswalker_dies(o)
        check.counter_pairs_removed(o)
    check.legend_rule({})
    check.world_rule()
    check.roles()
    for o in board.battlefield():
        check.attachments(o)
    return [*result.events, *(f"{oid}: {why}" for oid, why in check.moves.items())]


@dataclass
class _Check:
    """One check of the state-based actions (704.3): what each finds is noted in ``moves``
    (permanents going to the graveyard) and performed together at the end."""

    board: Board
    game: Game
    trace: Trace
    result: SBAResult
    moves: dict[str, str] = field(default_factory=dict)

    def players_lose(self) -> None:
        result = self.result
        for name, p in self.board.players.items():
            if p.life <= 0 and name not in result.losers:  # 704.5a
                self.trace.add("704.5a", f"{name} has {p.life} life and loses the game")
                result.losers.append(name)
                result.events.append(f"{name} loses the game (0 or less life)")
            if p.poison >= 10 and name not in result.losers:  # 704.5c
                self.trace.add(
                    "704.5c", f"{name} has {p.poison} poison counters and loses the game"
                )
                result.losers.append(name)
                result.events.append(f"{name} loses the game (ten or more poison counters)")

    def tokens_cease_to_exist(self) -> None:
        for o in list(self.board.objects.values()):
            if o.is_token and o.zone != "battlefield":  # 704.5d
                where = "exile" if o.zone == "exile" else f"the {o.zone}"
                self.trace.add("704.5d", f"the token {o.id} is in {where}: it ceases to exist")
                del self.board.objects[o.id]
                self.result.events.append(f"the token {o.id} ceases to exist")

    def creature_dies(self, o: GameObject) -> bool:
        """704.5f-h: toughness 0 or less, lethal damage, deathtouch damage (702.12b:
        indestructible permanents aren't destroyed)."""
        ch = self.game.ch(o.id)
        if "Creature" not in ch.types or ch.toughness is None:
            return False
        if ch.toughness <= 0:
            self.trace.add("704.5f", f"{ch.name} ({o.id}) has toughness {ch.toughness}")
            self.moves[o.id] = "toughness 0 or less"
            return True
        indestructible = self.game.has(o.id, "indestructible")
        if o.damage >= ch.toughness and o.damage > 0:
            if indestructible:
                self.trace.add(
                    "702.12b", f"{o.id} is indestructible: lethal damage doesn't destroy it"
                )
            else:
                self.trace.add(
                    "704.5g",
                    f"{ch.name} ({o.id}) has {o.damage} damage and toughness "
                    f"{ch.toughness}: destroyed",
                )
                self.moves[o.id] = "destroyed (lethal damage)"
                return True
        if o.deathtouch_damage and o.damage > 0:
            if indestructible:
                self.trace.add(
                    "702.12b", f"{o.id} is indestructible: deathtouch damage doesn't destroy it"
                )
            else:
                self.trace.add(
                    "704.5h",
                    f"{ch.name} ({o.id}) was dealt damage by a source with deathtouch: destroyed",
                )
                self.moves[o.id] = "destroyed (deathtouch)"
                return True
        return False

    def planeswalker_dies(self, o: GameObject) -> None:
        ch = self.game.ch(o.id)
        if "Planeswalker" not in ch.types:
            return
        if not (o.counters_given or o.entering):  # the board doesn't say how many
            self.trace.unknown(f"{o.id}'s loyalty counters (give counters: {{loyalty: N}})")
        elif self.game.layers.counters_of(o, self.game.chars).get("loyalty", 0) <= 0:  # 704.5i
            self.trace.add("704.5i", f"{ch.name} ({o.id}) has 0 loyalty")
            self.moves[o.id] = "0 loyalty"

    def counter_pairs_removed(self, o: GameObject) -> None:
        plus, minus = o.counters.get("+1/+1", 0), o.counters.get("-1/-1", 0)
        if plus and minus:  # 704.5q
            self.trace.add("704.5q", f"{o.id}: +1/+1 and -1/-1 counters are removed in pairs")
            n = min(plus, minus)
            o.counters["+1/+1"] -= n
            o.counters["-1/-1"] -= n
            self.result.events.append(f"{n} +1/+1 and -1/-1 counter pairs removed from {o.id}")

    def legend_rule(self, keep: dict[str, str]) -> None:
        """704.5j: of two or more legendary permanents with the same name, their controller
        keeps one; ``keep`` says which, else the oldest is shown as kept."""
        legends: dict[tuple[str, str], list[str]] = {}
        for o in self.board.battlefield():
            ch = self.game.ch(o.id)
            if "Legendary" in ch.supertypes and o.id not in self.moves:
                legends.setdefault((o.controller, ch.name), []).append(o.id)
        names = [name for _controller, name in legends]
        for (controller, name), ids in legends.items():
            if len(ids) < 2:
                if names.count(name) > 1:  # S1: the same name under each player
                    self.trace.add(
                        "704.5j",
                        f"{controller} controls one {name}: the legend rule looks at each "
                        "player's own legendary permanents",
                    )
                continue
            waived = legend_rule_waived(self.game, controller)
            if waived:
                self.trace.add("704.5j", f"{waived}: the legend rule doesn't apply to {name}")
                continue
            chosen = keep.get(name)
            if chosen not in ids:
                chosen = min(ids, key=lambda i: self.board.objects[i].timestamp)
                self.result.choices.append(
                    f"{controller} chooses which {name} to keep (shown: keeping {chosen})"
                )
            self.trace.add(
                "704.5j",
                f"{controller} controls {len(ids)} legendary permanents named {name}: they keep "
                "one, the rest go to the graveyard",
            )
            for oid in ids:
                if oid != chosen:
                    self.moves[oid] = "legend rule"

    def attachments(self, o: GameObject) -> None:
        ch = self.game.ch(o.id)
        if "Aura" in ch.subtypes and (
            o.attached_to is None or o.attached_to not in self.board.objects
        ):  # 704.5m
            self.trace.add("704.5m", f"{o.id} is an Aura attached to nothing")
            self.moves[o.id] = "unattached Aura"
        elif "Aura" in ch.subtypes:
            self.illegal_aura(o, self.board.objects[o.attached_to or ""])
            if o.id not in self.moves and self.protected_from(o):  # 702.16c
                self.moves[o.id] = "Aura attached to a permanent with protection from it"
        if o.attached_to and o.id not in self.moves and self.unattach_misfit(o):
            return
        if "Equipment" in ch.subtypes and o.attached_to:
            target = self.board.objects.get(o.attached_to)
            if (
                target is None
                or target.zone != "battlefield"
                or "Creature" not in self.game.ch(target.id).types
            ):  # 704.5n
                self.trace.add(
                    "704.5n",
                    f"{o.id} is attached to something that isn't a creature: it becomes unattached",
                )
                o.attached_to = None
                self.result.events.append(f"{o.id} becomes unattached")
            elif self.protected_from(o):  # 702.16d
                o.attached_to = None
                self.result.events.append(f"{o.id} becomes unattached")

    def protected_from(self, o: GameObject) -> bool:
        """702.16c-d: an Aura or Equipment attached to a permanent whose protection covers it is
        removed by a state-based action (704.5m, 704.5n)."""
        host = self.board.objects.get(o.attached_to or "")
        if host is None or host.zone != "battlefield":
            return False
        stops = protection_stops(self.game, host.id, o.id)
        if stops is None:
            self.trace.unknown(f"{o.id} is attached to {host.id}: its protection is not read")
            return False
        if stops:
            rule = "702.16c" if "Aura" in self.game.ch(o.id).subtypes else "702.16d"
            self.trace.add(
                rule,
                f"{host.id} has protection from a quality {o.id} has: it can't be attached there",
            )
        return stops

    def unattach_misfit(self, o: GameObject) -> bool:
        """704.5p: a battle or creature attached to something becomes unattached, and so does a
        permanent that isn't an Aura, Equipment or Fortification (301.5c: an Equipment that's
        also a creature can't equip, reconfigure aside)."""
        ch = self.game.ch(o.id)
        if "bestow" in ch.keywords() or "reconfigure" in ch.keywords():
            self.trace.unknown(f"{o.id}: attached with bestow or reconfigure (702.103, 702.151)")
            return False
        attaches = any(s in ch.subtypes for s in ("Aura", "Equipment", "Fortification"))
        misfit = "Battle" in ch.types or not attaches
        if "Creature" in ch.types and "Aura" not in ch.subtypes:
            misfit = True
        if not misfit:
            return False
        self.trace.add(
            "704.5p", f"{o.id} is attached to {o.attached_to} but can't be: it becomes unattached"
        )
        o.attached_to = None
        self.result.events.append(f"{o.id} becomes unattached")
        return True

    def world_rule(self) -> None:
        """704.5k: of two or more world permanents, all but the one that has been a world
        permanent for the shortest time go to the graveyard (timestamps stand for that time)."""
        worlds = [
            o
            for o in self.board.battlefield()
            if "World" in self.game.ch(o.id).supertypes and o.id not in self.moves
        ]
        if len(worlds) < 2:
            return
        newest = max(worlds, key=lambda o: o.timestamp)
        self.trace.add(
            "704.5k",
            f"{len(worlds)} world permanents: all but the newest ({newest.id}) go to the graveyard",
        )
        for o in worlds:
            if o is not newest:
                self.moves[o.id] = "world rule"

    def roles(self) -> None:
        """704.5y: of several Roles one player controls on a permanent, only the newest stays."""
        groups: dict[tuple[str, str], list[GameObject]] = {}
        for o in self.board.battlefield():
            if "Role" in self.game.ch(o.id).subtypes and o.attached_to and o.id not in self.moves:
                groups.setdefault((o.controller, o.attached_to), []).append(o)
        for (_controller, host), roles in groups.items():
            if len(roles) < 2:
                continue
            newest = max(roles, key=lambda o: o.timestamp)
            self.trace.add(
                "704.5y", f"{host} has {len(roles)} Roles of one player: the newest stays"
            )
            for o in roles:
                if o is not newest:
                    self.moves[o.id] = "only the newest Role stays"

    def illegal_aura(self, o: GameObject, target: GameObject) -> None:
        """704.5m, 303.4c: an Aura attached to an object its enchant ability doesn't allow (or an
        Aura that's also a creature, 303.4d) is put into its owner's graveyard."""
        ch = self.game.ch(o.id)
        if "Creature" in ch.types:
            self.trace.add("704.5m", f"{o.id} is an Aura that's also a creature (303.4d)")
            self.moves[o.id] = "an Aura that's a creature can't enchant"
            return
        for kw in ch.abilities:
            if isinstance(kw, Keyword) and kw.name == "enchant" and kw.param:
                ok = enchant_allows(self.game, o, target, kw.param)
                if ok is None:
                    self.trace.unknown(f"{o.id}: what 'Enchant {kw.param}' allows is not modelled")
                elif not ok:
                    self.trace.add(
                        "704.5m",
                        f"{o.id} is attached to {target.id}, which 'Enchant {kw.param}' doesn't "
                        "allow",
                    )
                    self.moves[o.id] = "Aura attached to an illegal object"

    def perform_moves(self) -> None:
        """704.3: all the state-based actions found are performed at the same time; a
        permanent a replacement effect exiles instead goes to exile (614.6; E6, s14)."""
        # the replacement effects are those on the board as they all would die at once
        riders: list[DeathReplacement] = []  # effects that create tokens with it (Kalitas)
        exiled = {
            oid
            for oid in self.moves
            if exiled_instead(self.game, self.board, oid, self.trace, riders)
        }
        for oid, why in self.moves.items():
            name = self.game.ch(oid).name
            if oid in exiled:
                leave_battlefield(self.board, oid, "exile")
                self.result.exiled_instead.append(oid)
                self.result.events.append(
                    f"{name} ({oid}) would be put into its owner's graveyard ({why}), but is "
                    "exiled instead"
                )
                continue
            to_graveyard(self.board, oid)
            self.result.events.append(f"{name} ({oid}) is put into its owner's graveyard: {why}")
        create_all(self.game, self.board, riders, self.trace, self.result.events)
