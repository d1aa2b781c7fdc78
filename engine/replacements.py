"""Replacement effects on damage as it is dealt and on tokens as they are created (614.1a; E4,
session 12); counters as they are put (E6, session 14: engine/counter_replacements.py).

"If a source would deal damage to a permanent or player, it deals double that damage ...
instead" (Furnace of Rath) and "... that much damage plus 2 instead" (Torbran) change each
damage event they match, once each (614.5). When two or more apply to one event the affected
player (or the controller of the affected permanent) chooses the order (616.1): the answer is
decided only when every order gives the same amount. Damage a board already shows marked can't
say whether such an effect applied to it, so a board with both is never verified.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from engine.abilities import DamageReplacement, TokenReplacement
from engine.characteristics import Chars
from engine.counter_replacements import CounterSource, CountersPut, applies, replaced_counters
from engine.game import Game

# 616.1: the orders of more effects than this on one event aren't tried (5! = 120 orders)
MAX_ORDERED_REPLACEMENTS = 5


@dataclass(frozen=True)
class DamageSource:
    """What deals the damage: a permanent (``oid``) or a resolving spell (its printed
    characteristics, ``chars`` None when they aren't known)."""

    label: str
    controller: str
    chars: Chars | None
    oid: str | None = None  # a permanent's id
    is_spell: bool = False


def damage_replacements(game: Game) -> list[tuple[str, DamageReplacement]]:
    """Every damage replacement effect of a permanent on the battlefield, with its id."""
    return [
        (o.id, a)
        for o in game.board.battlefield()
        for a in game.ch(o.id).abilities
        if isinstance(a, DamageReplacement)
    ]


def replaced_damage(
    game: Game, source: DamageSource, recipient: str, amount: int, combat: bool
) -> int:
    """The damage ``source`` deals to ``recipient`` (a player or a permanent id) after the
    replacement effects that match the event (614.1a); ``amount`` as it would be dealt."""
    matching = [
        (oid, a)
        for oid, a in damage_replacements(game)
        if _matches(game, oid, a, source, recipient, combat)
    ]
    if not matching:
        return amount
    if amount <= 0:
        game.trace.add(
            "120.8", f"{source.label} would deal no damage, so there is nothing to replace"
        )
        return amount
    for oid, a in matching:
        game.trace.add("614.1a", f"{oid}'s '{a.text}' is a replacement effect that applies here")
    if len(matching) == 1:
        result = _apply(matching[0][1], amount)
        game.trace.add(
            "614.5",
            f"it applies once: {source.label} deals {result} damage to {recipient} instead of "
            f"{amount}",
        )
        return result
    chooser = recipient if recipient in game.board.players else game.obj(recipient).controller
    if len(matching) > MAX_ORDERED_REPLACEMENTS:
        game.trace.unknown(
            f"{len(matching)} replacement effects on {source.label}'s damage to {recipient}: "
            f"{chooser} orders them (616.1), and not every order was tried"
        )
        return _apply_all([a for _, a in matching], amount)
    results = {_apply_all(list(order), amount) for order in permutations(a for _, a in matching)}
    result = _apply_all([a for _, a in matching], amount)
    if len(results) == 1:
        game.trace.add("614.5", "each of them applies once to this damage")
        game.trace.add(
            "616.1",
            f"{chooser} chooses the order of the {len(matching)} effects; every order gives "
            f"{result} (each applies once, 614.5): {source.label} deals {result} damage to "
            f"{recipient}",
        )
        return result
    game.trace.add(
        "616.1", f"{chooser} chooses the order in which the {len(matching)} effects apply"
    )
    game.trace.unknown(
        f"{source.label}'s damage to {recipient} depends on the order {chooser} applies "
        f"{', '.join(oid for oid, _ in matching)} (616.1): "
        + " or ".join(str(n) for n in sorted(results))
    )
    return result


def _apply_all(effects: list[DamageReplacement], amount: int) -> int:
    for a in effects:
        amount = _apply(a, amount)
    return amount


def _apply(a: DamageReplacement, amount: int) -> int:
    if a.change == "double":
        return amount * 2
    if a.change == "triple":
        return amount * 3
    return amount + a.n  # "plus": that much damage plus N


def _matches(
    game: Game, oid: str, a: DamageReplacement, source: DamageSource, recipient: str, combat: bool
) -> bool:
    """Whether the event is one ``a`` (of the permanent ``oid``) replaces."""
    if (a.damage == "combat" and not combat) or (a.damage == "noncombat" and combat):
        return False
    if a.other and source.oid == oid:
        return False
    me = game.obj(oid).controller
    if a.source_controller == "you" and source.controller != me:
        return False
    if not _recipient_matches(game, a, me, recipient):
        return False
    if a.source == "source" and not a.source_colors:
        return True
    ch = source.chars
    if ch is None:
        game.trace.unknown(f"whether {oid}'s '{a.text}' applies to {source.label}'s damage")
        return False
    if a.source_colors and not a.source_colors & set(ch.colors):
        return False
    if a.source == "creature":
        return source.oid is not None and "Creature" in ch.types
    if a.source == "spell":
        return source.is_spell
    if a.source == "instant_or_sorcery_spell":
        return source.is_spell and bool({"Instant", "Sorcery"} & set(ch.types))
    return True  # "source" with colors


def _recipient_matches(game: Game, a: DamageReplacement, me: str, recipient: str) -> bool:
    is_player = recipient in game.board.players
    if a.recipients == "any":
        return True
    if a.recipients == "player":
        return is_player
    if a.recipients == "opponent":
        return is_player and recipient != me
    # "opponents_side": an opponent or a permanent an opponent controls
    return recipient != me if is_player else game.obj(recipient).controller != me


def check_damage_marked_with_replacement(game: Game) -> None:
    """Damage a board shows marked (a reader's "I Bolted it" too) may have been dealt while a
    damage replacement effect applied, or before it was there; the board doesn't say which."""
    found = damage_replacements(game)
    if not found:
        return
    for o in game.board.battlefield():
        if o.damage > 0:
            game.trace.unknown(
                f"{o.id} has {o.damage} damage marked and {found[0][0]} has '{found[0][1].text}': "
                "the board doesn't say whether that damage was dealt with it applying (614.1a)"
            )
            return


# --- tokens and counters -----------------------------------------------------------------------


def token_replacements(game: Game, controller: str) -> list[tuple[str, TokenReplacement]]:
    """The token doubling effects that apply to tokens created under ``controller``'s control
    ("under your control": its own controller's; "any": every player's)."""
    return [
        (o.id, a)
        for o in game.board.battlefield()
        for a in game.ch(o.id).abilities
        if isinstance(a, TokenReplacement) and (a.whose == "any" or o.controller == controller)
    ]


def replaced_token_count(game: Game, controller: str, count: int, label: str) -> int:
    """How many tokens an effect that would create ``count`` under ``controller``'s control
    creates (614.1a): twice that many for each doubling effect, each applying once (614.5); the
    order ``controller`` chooses (616.1) doesn't change a product."""
    found = token_replacements(game, controller)
    if not found or count <= 0:
        return count
    for oid, a in found:
        game.trace.add("614.1a", f"{oid}'s '{a.text}' is a replacement effect that applies here")
    result = count * 2 ** len(found)
    if len(found) > 1:
        game.trace.add(
            "616.1",
            f"{controller} chooses the order of the {len(found)} effects; each doubles, so every "
            "order gives the same number",
        )
    game.trace.add(
        "614.5",
        f"each applies once: {label} creates {result} tokens instead of {count}",
    )
    return result


def check_tokens_with_replacement(game: Game) -> None:
    """Tokens a board already shows may or may not have been doubled (a reader's "I cast Raise
    the Alarm" makes its two Soldiers itself): not verified while a doubler could have applied."""
    for o in game.board.battlefield():
        if o.is_token and token_replacements(game, o.controller):
            oid, a = token_replacements(game, o.controller)[0]
            game.trace.unknown(
                f"{o.id} is a token and {oid} has '{a.text}': the board doesn't say whether the "
                "tokens it shows were created with it applying (614.1a)"
            )
            return


def counter_sources(game: Game) -> list[CounterSource]:
    """Every counter replacement effect of a permanent on the battlefield that isn't entering."""
    return game.layers.counter_sources(game.chars)


def put_counters_on(game: Game, target: str, kind: str, n: int) -> int:
    """How many ``kind`` counters an effect that would put ``n`` on the permanent ``target``
    puts, after the counter replacement effects that apply (614.1a, 614.5, 616.1)."""
    o = game.obj(target)
    event = CountersPut(target, game.ch(target).types, o.controller, kind, n)
    return replaced_counters(game.trace, counter_sources(game), event)


def check_counters_with_replacement(game: Game) -> None:
    """Counters a board shows on a permanent may or may not have been put with a counter
    replacement effect applying (a reader's "I put a +1/+1 counter on it" writes the one
    counter): not verified while one that could have applied to them is on the battlefield.
    Counters an entering permanent gets from its own effects are computed with them applied
    (122.6); counters the board gives it besides are flagged the same way."""
    sources = counter_sources(game)
    if not sources:
        return
    for o in game.board.battlefield():
        if not o.counters_given:
            continue
        ch = game.ch(o.id)
        for kind, n in o.counters.items():
            event = CountersPut(o.id, ch.types, o.controller, kind, n)
            found = next((s for s in sources if n > 0 and applies(s, event)), None)
            if found is not None:
                game.trace.unknown(
                    f"{game.ch(found.oid).name} ({found.oid}): {found.effect.text} — {o.id} has "
                    f"{n} {kind} counter{'s' if n > 1 else ''}, and the board doesn't say whether "
                    "they were put with it applying (614.1a)"
                )
                return
