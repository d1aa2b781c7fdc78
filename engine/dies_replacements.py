"""E6 (session 14): "If it would die, exile it instead" (614.1a, 614.6).

A permanent's static "If ~ would die, exile it instead" / "If another creature would die ..." /
"If a creature an opponent controls would die ..." (Void Maw, Gisa, Valentin), and a resolved
spell's "If that creature would die this turn, exile it instead" / "If a creature dealt damage
this way would die this turn, ..." (Magma Spray, Anger of the Gods; a board lists it under
``effects`` with the objects it applies to as ``targets``, and a resolving spell adds it the
same way, 611.2c), replace the event of dying: the permanent goes to exile instead of its
owner's graveyard. The replaced event never happens (614.6), so the permanent doesn't die
(700.4) and its "dies" abilities don't trigger; leaves-the-battlefield abilities still do.

The effects are looked at on the board as the permanent would die: a permanent dying at the same
time as the one with the effect is still exiled (its effect applies to the event that includes
it). Two effects that both exile it give the same result whichever its controller applies
(616.1).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.abilities import CreateTokens, DiesExileInstead, ExileIfDiesThisTurn, TriggeredAbility
from engine.answer import Trace
from engine.board import Board, GameObject, TokenDef
from engine.game import Game
from engine.oracle import parse_effects
from engine.replacements import replaced_token_count


@dataclass(frozen=True)
class DeathReplacement:
    """One effect that would exile a dying permanent: what to call it, and the tokens its
    controller creates with it (Kalitas's Zombie), if any."""

    label: str
    controller: str | None = None
    and_create: CreateTokens | None = None


def death_replacements(game: Game, board: Board, oid: str) -> list[DeathReplacement]:
    """The replacement effects that would exile ``oid`` instead of it dying, each named by its
    source and text; ``game`` is the board as it would die, ``board`` the one being changed."""
    if oid not in game.board.objects or game.obj(oid).zone != "battlefield":
        return []
    found = [
        DeathReplacement(f"{o.id}'s '{a.text}'", o.controller, a.and_create)
        for o in game.board.battlefield()
        for a in game.ch(o.id).abilities
        if isinstance(a, DiesExileInstead) and static_applies(game, o.id, a, oid)
    ]
    for n, ce in enumerate(board.effects):
        parsed = parse_effects(ce.text) if ce.text and ce.ability_index is None else None
        for e in parsed or ():
            if (
                isinstance(e, ExileIfDiesThisTurn)
                and oid in ce.targets
                and spell_applies(game, e, oid)
            ):
                label = f"effect #{n + 1} ({ce.source or 'a resolved spell'}): '{e.text}'"
                found.append(DeathReplacement(label))
    return found


def static_applies(game: Game, source: str, a: DiesExileInstead, oid: str) -> bool:
    if a.who == "self":
        return source == oid
    if not game.is_creature(oid):
        return False
    if a.who == "another_creature":
        return source != oid
    theirs = game.obj(oid).controller != game.obj(source).controller
    if a.who == "nontoken_creature_opponent_controls":
        return theirs and not game.obj(oid).is_token
    return a.who == "creature_opponent_controls" and theirs


def spell_applies(game: Game, e: ExileIfDiesThisTurn, oid: str) -> bool:
    """ "that creature" / "a creature dealt damage this way" (the objects it was locked onto
    are the effect's targets); "that creature or planeswalker" also a planeswalker."""
    if e.who == "that_creature_or_planeswalker":
        return game.is_creature(oid) or "Planeswalker" in game.ch(oid).types
    return e.who in ("that_creature", "dealt_damage_this_way") and game.is_creature(oid)


def exiled_instead(
    game: Game, board: Board, oid: str, trace: Trace, riders: list[DeathReplacement]
) -> bool:
    """Whether ``oid``, about to die, is exiled instead; the steps say by what (614.1a, 614.6)
    and that its controller picks one when several apply (616.1). An effect that also creates
    tokens (Kalitas) is added to ``riders``: ``create_with_it`` puts them onto the board once
    every permanent dying at that time is decided."""
    found = death_replacements(game, board, oid)
    if not found:
        return False
    for r in found:
        trace.add("614.1a", f"{r.label} is a replacement effect: {oid} would die")
    if len(found) > 1:
        trace.add(
            "616.1",
            f"{game.obj(oid).controller} chooses which applies; each exiles {oid} instead",
        )
    trace.add(
        "614.6",
        f"{oid} is exiled instead of being put into its owner's graveyard: it never dies (700.4), "
        "so its dies abilities don't trigger",
    )
    creating = [r for r in found if r.and_create is not None]
    if creating and len(found) > 1:
        trace.unknown(
            f"which effect {game.obj(oid).controller} applies to {oid} (616.1): only "
            f"{creating[0].label} also creates a token"
        )
    elif creating:
        riders.append(creating[0])
    return True


def create_all(
    game: Game, board: Board, riders: list[DeathReplacement], trace: Trace, events: list[str]
) -> None:
    for r in riders:
        create_with_it(game, board, r, trace, events)


def create_with_it(
    game: Game, board: Board, r: DeathReplacement, trace: Trace, events: list[str]
) -> None:
    """The tokens the modified event creates (614.6: "instead exile that card and create ...")
    under the effect's controller's control, after token replacement effects (614.1a)."""
    assert r.and_create is not None and r.controller is not None
    spec = r.and_create.token
    amount = r.and_create.amount if isinstance(r.and_create.amount, int) else 0
    n = replaced_token_count(game, r.controller, amount, r.label)
    name = " ".join(spec.subtypes) + " Token"
    # before the tokens are on the board (an SBA check's game reads that board)
    if any(enters_trigger_of_others(game, o.id) for o in game.board.battlefield()):
        trace.unknown(f"abilities that trigger on the {name} entering (603.6a; not listed)")
    stamp = 1 + max((o.timestamp for o in board.objects.values()), default=0)
    made = TokenDef(
        spec.name,
        spec.colors,
        spec.supertypes,
        spec.types,
        spec.subtypes,
        spec.power if isinstance(spec.power, int) else None,
        spec.toughness if isinstance(spec.toughness, int) else None,
    )
    base = "_".join(s.lower() for s in spec.subtypes) or "token"
    for i in range(n):
        oid = next(
            f"{base}_token#{k}" for k in range(1, 1000) if f"{base}_token#{k}" not in board.objects
        )
        board.objects[oid] = GameObject(
            oid,
            "battlefield",
            r.controller,
            r.controller,
            token=made,
            since_turn_start=False,
            timestamp=stamp + i,
        )
    trace.add("111.3", f"{r.label}: the token's characteristics are those it defines")
    events.append(f"{r.controller} creates {n} × {name} ({r.label})")


def enters_trigger_of_others(game: Game, oid: str) -> bool:
    """Whether ``oid`` has a triggered ability on another permanent entering (603.6a)."""
    return any(
        isinstance(a, TriggeredAbility) and a.on("enters") and a.subject.scope != "self"
        for a in game.ch(oid).abilities
    )


def resolved_exile_if_dies(
    game: Game, board: Board, name: str, e: ExileIfDiesThisTurn, targets: list[str]
) -> tuple[str, ...]:
    """The objects a resolving spell's "if it would die this turn, exile it instead" is locked
    onto (611.2c): the creature it chose ("that creature"), or each creature it dealt damage to
    ("dealt damage this way": damage marked by it on ``board`` beyond ``game``'s)."""
    if e.who == "dealt_damage_this_way":
        return tuple(
            o.id
            for o in board.battlefield()
            if o.id in game.board.objects and o.damage > game.obj(o.id).damage
        )
    first = targets[0] if targets else None
    if first is None or first not in board.objects or board.objects[first].zone != "battlefield":
        return ()
    return (first,)
