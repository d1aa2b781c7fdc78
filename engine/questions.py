"""Typed questions about a board, one answer each, with CR-cited steps.

``ask(board, question) -> Answer``. A question is a mapping with ``kind`` and its fields (see
docs/board-spec.md). Answers are ``verified`` only when nothing that could matter is unmodelled;
limits give "could not decide", never a hang.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, Literal, get_args

from engine.abilities import (
    COLOR_LETTERS,
    COLORS,
    Ability,
    ActivatedAbility,
    CouldProduce,
    CountedMana,
    CreateTokenCopy,
    CreateTokens,
    EnterAsCopy,
    ExileTarget,
    IfKicked,
    IfYouDo,
    InsteadIf,
    Keyword,
    ManaAbility,
    MayDo,
    Modal,
    PutCounters,
    PutCountersEach,
    SpellAbility,
    TokenSpec,
    TriggeredAbility,
    Unsupported,
    ability_text,
)
from engine.answer import Answer, EngineError, EngineLimit, QuestionError, Trace
from engine.board import Board, GameObject
from engine.cards import CardText
from engine.characteristics import (
    NONMODAL_DFC_LAYOUTS,
    SPLIT_LAYOUTS,
    Chars,
    from_token_spec,
    mana_value_of,
)
from engine.combat import resolve_combat, summary
from engine.counter_replacements import CountersPut, replaced_counters
from engine.game import (
    Game,
    chosen_devotion,
    clone_board,
    counted_mana_kind,
    describe_ability,
)
from engine.oracle import compile_card
from engine.payment import can_pay
from engine.predefined import predefined_by_rule
from engine.replacements import counter_sources, replaced_token_count
from engine.resolution import (
    apply_instead,
    apply_kicked,
    can_be_targeted,
    damaged_by_resolving,
    effects_on_new_token,
    illegal_target,
    put_spell_in_graveyard,
    resolve_spell_effect,
    targets_of_effect,
    token_copy,
    token_count,
    token_with_card_pt,
    triggers_before_resolving,
)
from engine.sba import run_sbas
from engine.soundness import check_board
from engine.targets import spell_targets
from engine.trigger_events import (
    SUBJECT_DAMAGE_EVENTS,
    damaged_by_it,
    declared_combat_triggers,
    enters_triggers_for_token,
    is_subject,
    one_event_each,
    subject_damage_hits,
    to_graveyard_hits,
)

COLOR_NAMES = {letter: name for name, letter in COLOR_LETTERS.items()}
DEFAULT_BUDGET_S = 2.0


def colors_text(colors: frozenset[str] | set[str]) -> list[str]:
    return [COLOR_NAMES[c] for c in COLORS if c in colors]


#: keywords of which a second instance on one object does nothing (702.2f deathtouch, 702.3c
#: defender, 702.4e double strike, 702.7d first strike, 702.9c flying, 702.10d haste, 702.15f
#: lifelink, 702.17c reach, 702.19g trample, 702.20c vigilance)
REDUNDANT_KEYWORDS = frozenset(
    {
        "deathtouch",
        "defender",
        "double strike",
        "first strike",
        "flying",
        "haste",
        "lifelink",
        "reach",
        "trample",
        "vigilance",
    }
)


def describe(ch: Chars) -> str:
    pt = f"{ch.power}/{ch.toughness} " if ch.power is not None else ""
    color = " ".join(colors_text(ch.colors)) or "colorless"
    kws = [a.label() for a in ch.abilities if isinstance(a, Keyword)]
    # E3 (s11): a keyword printed and also given by a copy exception is shown once where extra
    # instances are redundant (flying 702.9c, vigilance 702.20c, ...; not bushido or the like)
    kws = [k for i, k in enumerate(kws) if k not in REDUNDANT_KEYWORDS or k not in kws[:i]]
    with_ = f" with {', '.join(kws)}" if kws else ""
    return f"{pt}{color} {ch.type_line()}{with_}".strip()


def chars_json(game: Game | None, ch: Chars, oid: str | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "name": ch.name,
        "mana_cost": ch.mana_cost,
        "mana_value": mana_value_of(ch, x_on_stack(game, oid)),
        "colors": colors_text(ch.colors),
        "type_line": ch.type_line(),
        "supertypes": list(ch.supertypes),
        "types": list(ch.types),
        "subtypes": list(ch.subtypes),
        "power": ch.power,
        "toughness": ch.toughness,
        "loyalty": ch.loyalty,
        "abilities": [describe_ability(a).replace("~", ch.name) for a in ch.abilities],
    }
    if game is not None and oid is not None:
        o = game.obj(oid)
        out["zone"] = o.zone
        out["is_token"] = o.is_token
        out["counters"] = dict(game.layers.counters_of(o, game.chars))
        out["tapped"] = o.tapped
        if "Creature" in ch.types:
            out["summoning_sick"] = game.summoning_sick(oid)
    return out


def x_on_stack(game: Game | None, oid: str | None) -> int:
    """202.3e: X counts as the value chosen only while the object is on the stack."""
    if game is None or oid is None:
        return 0
    o = game.obj(oid)
    return o.cast_x or 0 if o.zone == "stack" else 0


def _object(board: Board, q: Mapping[str, Any], key: str = "object") -> str:
    oid = q.get(key)
    if oid is None:
        raise QuestionError(f"this question needs '{key}'")
    oid = str(oid)
    if oid not in board.objects:
        raise QuestionError(
            f"no object with id {oid!r} (known: {', '.join(sorted(board.objects))})"
        )
    return oid


def id_list(q: Mapping[str, Any], key: str) -> list[str]:
    raw = q.get(key) or []
    if isinstance(raw, str):
        raw = [raw]
    if not isinstance(raw, list) or not all(isinstance(x, str | int) for x in raw):
        raise QuestionError(f"{key} must be a list of object ids")
    return [str(x) for x in raw]


def pick_ability(game: Game, oid: str, which: Any) -> Ability:
    abilities = game.ch(oid).abilities
    if which in (None, "mana"):
        for a in abilities:
            if isinstance(a, ManaAbility):
                return a
        raise QuestionError(f"{oid} has no mana ability")
    if isinstance(which, int) and not isinstance(which, bool):
        if 1 <= which <= len(abilities):
            return abilities[which - 1]
        raise QuestionError(f"{oid} has {len(abilities)} abilities; ability {which} doesn't exist")
    text = str(which).lower()
    for a in abilities:
        if isinstance(a, ActivatedAbility) and a.keyword == text:
            return a
    kinds = (ActivatedAbility, ManaAbility, TriggeredAbility)
    usable = [a for a in abilities if isinstance(a, kinds)]
    for group in (usable, abilities):
        for a in group:
            if ability_text(a).lower().startswith(text):
                return a
        for a in group:
            if text in ability_text(a).lower():
                return a
    raise QuestionError(f"{oid} has no ability matching {which!r}")


# --- characteristics ---------------------------------------------------------------------------


#: E1 (s9): what a characteristics question may be about (its optional ``about``); for these
#: parts a zone counted only for power and toughness (layer 7) doesn't matter
CharacteristicAbout = Literal["mana_value", "colors", "types", "name", "is_token"]
ABOUTS: tuple[CharacteristicAbout, ...] = get_args(CharacteristicAbout)


def q_characteristics(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    oid = _object(game.board, q)
    about = q.get("about")
    if about is not None and about not in ABOUTS:
        raise QuestionError(f"unknown 'about' {about!r} (one of {', '.join(ABOUTS)})")
    ch = game.ch(oid)
    o = game.obj(oid)
    game.explain_layers(oid)
    data = chars_json(game, ch, oid)
    mv_note = _explain_mana_value(game, oid, data["mana_value"])
    _explain_faces(game, oid)
    _explain_name(game, oid, data)
    if data.get("counters", {}).get("+1/+1"):
        game.trace.add("122.1a", "each +1/+1 counter gives +1/+1")
    if "Creature" in ch.types and not o.since_turn_start:
        _explain_summoning_sickness(game, oid)
    if o.entering:
        data["enters_triggers"] = _enters_triggers(game, oid)
        _unread_enters_triggers(game, oid)
    game.unmodelled_for("characteristics", [oid])
    short = _characteristics_summary(game, oid, data, mv_note)
    if about is not None and _only_pt_unknown(game, str(about)):
        # its P/T depend on what the board doesn't give: not part of a verified answer
        short = short.replace(f"{ch.power}/{ch.toughness} ", "(P/T not known) ", 1)
        data["power"] = data["toughness"] = None
    return short, data


def _only_pt_unknown(game: Game, about: str) -> bool:
    """E1 (s9): asked only its mana value, colors, types, name or whether it's a token, a zone
    the board doesn't give that was counted only for P/T doesn't matter: layer 7 comes after
    types (4) and colors (5), and mana value and name come from copiable values (613.1, 202.3)."""
    dropped = game.layers.unknowns_only_for_pt()
    kept = [u for u in game.trace.unmodelled if u not in dropped]
    if len(kept) < len(game.trace.unmodelled):
        game.trace.unmodelled[:] = kept
        shown = about.replace("_", " ")
        game.trace.add(
            "613.1",
            f"the zones the board doesn't give are counted only for power and toughness "
            f"(layer 7), which don't change its {shown}",
        )
        return True
    return False


def _explain_mana_value(game: Game, oid: str, mana_value: object) -> str:
    """202.3: the mana value, with X counted only on the stack (202.3e, 107.3i)."""
    ch, o = game.ch(oid), game.obj(oid)
    if ch.mana_value_cost:
        return ""  # a transformed permanent: its front face's cost (712.8e, _explain_faces)
    if ch.mana_cost is None:
        game.trace.add("202.3a", f"{oid} has no mana cost: mana value 0")
    elif "{X}" in ch.mana_cost and o.zone == "stack":
        game.trace.add(
            "202.3e",
            f"{oid} is on the stack: X counts as the {o.cast_x or 0} chosen, so its mana value "
            f"is {mana_value}",
        )
    elif "{X}" in ch.mana_cost:
        game.trace.add(
            "202.3e", f"X in {ch.mana_cost} is 0 off the stack, so the mana value is {mana_value}"
        )
        if o.cast_x is not None and not o.copy_effects:
            game.trace.add(
                "107.3i",
                f"X on {oid} is 0 on the battlefield although it was cast with X={o.cast_x}",
            )
            return f" (cast with X={o.cast_x})"
    return ""


def _explain_faces(game: Game, oid: str) -> None:
    """709.4 split cards off the stack; 712.8 double-faced cards."""
    o, ch = game.obj(oid), game.ch(oid)
    card = o.card
    if card is None or len(card.faces) < 2 or o.copy_effects:
        return
    if card.layout in SPLIT_LAYOUTS:
        if o.zone == "stack":
            game.trace.add(
                "709.3b", f"on the stack {oid} has only the characteristics of the half being cast"
            )
        else:
            game.trace.add(
                "709.4", f"{oid} is a split card in the {o.zone}: both halves' characteristics"
            )
            game.trace.add(
                "709.4b",
                f"its mana cost is the halves' combined {ch.mana_cost}, its mana value "
                f"{mana_value_of(ch)}",
            )
    elif o.face and card.layout in NONMODAL_DFC_LAYOUTS:
        game.trace.add(
            "712.8e",
            f"{oid} has its back face up: its mana value uses its front face's mana cost "
            f"({card.face(0).mana_cost})",
        )
    elif not o.face and o.zone not in ("battlefield", "stack"):
        game.trace.add("712.8a", f"in the {o.zone} {oid} has only its front face's characteristics")


def _explain_name(game: Game, oid: str, data: dict[str, Any]) -> None:
    """111.4: a token's name; a copy of a token copies its name but is not a token (707.2)."""
    ch, o = game.ch(oid), game.obj(oid)
    token = o.token
    if o.is_token and token and not (token.copy_of or token.copy_of_card or token.name):
        game.trace.add("111.4", f"{oid}'s name is its subtypes plus 'Token': {ch.name}")
    if o.copy_effects:
        src = game.board.objects.get(o.copy_effects[-1].copies or "")
        if src is not None and src.is_token:
            game.trace.add(
                "111.4", f"the copied token's name ({ch.name}) is part of its copiable values"
            )
            # 707.2: being a token isn't copied, either way: a token copying one is still a token
            data["is_token"] = o.is_token


def _explain_summoning_sickness(game: Game, oid: str) -> None:
    if game.has(oid, "haste"):
        game.trace.add("702.10b", f"{oid} has haste")
    else:
        game.trace.add(
            "302.6",
            f"{oid} came under its controller's control this turn: it can't attack or use "
            f"{{T}} abilities yet",
        )


def _enters_triggers(game: Game, oid: str) -> list[str]:
    """603.6a: an entering permanent's enters abilities trigger; a copy's are the copied
    ones (707.5)."""
    ch, o = game.ch(oid), game.obj(oid)
    triggers = [
        a.text.replace("~", ch.name) + intervening_if(game, oid, a)
        for a in ch.abilities
        if isinstance(a, TriggeredAbility)
        and a.on("enters")
        # "whenever another creature enters" doesn't trigger on itself entering
        and is_subject(game, a, o, oid)
    ]
    if triggers:
        game.trace.add("603.6a", f"{oid}'s enters ability triggers as it enters")
    # E2, 603.6a: every permanent on the battlefield is checked for enters triggers that match
    for p in game.board.battlefield():
        for a in game.ch(p.id).abilities if p.id != oid else ():
            if isinstance(a, TriggeredAbility) and a.on("enters") and is_subject(game, a, p, oid):
                game.trace.add("603.6a", f"{oid} enters: {p.id}'s ability triggers")
                text = a.text.replace("~", game.ch(p.id).name)
                triggers.append(f"{p.id}: {text}{intervening_if(game, p.id, a)}")
        if o.copy_effects:
            game.trace.add(
                "707.5", f"{oid} entered as a copy, so the copied enters ability triggers"
            )
    return triggers


def _unread_enters_triggers(game: Game, oid: str) -> None:
    """S1, 603.6a: the answer lists what triggers as ``oid`` enters, so an unread triggered
    ability of any permanent that mentions entering could be missing from the list."""
    for p in game.board.battlefield():
        for a in game.ch(p.id).abilities:
            if isinstance(a, Unsupported) and a.kind == "triggered" and "enters" in a.text:
                game.trace.unknown(
                    f"{game.ch(p.id).name} ({p.id}): {a.text} — could trigger as {oid} enters"
                )


def _characteristics_summary(game: Game, oid: str, data: dict[str, Any], mv_note: str) -> str:
    ch, o = game.ch(oid), game.obj(oid)
    counters = data.get("counters") or {}
    ctext = ", ".join(f"{n} {k}" for k, n in counters.items() if n)
    short = f"{ch.name}: {describe(ch)}; mana value {data['mana_value']}{mv_note}"
    if ctext:
        short += f"; counters: {ctext}"
    if o.copy_effects:
        short += "; a token" if o.is_token else "; not a token"
    if data.get("summoning_sick"):
        short += "; summoning sick"
    if data.get("enters_triggers"):
        short += "; its enters ability triggers"
    return short


# --- activation --------------------------------------------------------------------------------


def q_can_activate(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    oid = _object(game.board, q)
    ch = game.ch(oid)
    try:
        ability = pick_ability(game, oid, q.get("ability"))
    except QuestionError as exc:
        game.explain_layers(oid)
        if q.get("ability") in (None, "mana"):
            game.trace.add("605.1a", f"{oid} has no mana ability to activate")
            game.unmodelled_for("activate", [oid])
            return f"No — {ch.name} ({oid}) has no mana ability.", {
                "can_activate": False,
                "reasons": [str(exc)],
            }
        raise
    game.explain_layers(oid)
    pay = id_list(q, "pay_with")
    ok, reasons = game.can_activate(oid, ability, pay)
    game.unmodelled_for("activate", [oid])
    if isinstance(ability, ManaAbility):
        game.unmodelled_for("mana", [oid])  # what it makes can depend on other permanents (106.7)
    data: dict[str, Any] = {
        "can_activate": ok,
        "ability": ability_text(ability),
        "reasons": reasons,
    }
    if isinstance(ability, ManaAbility):
        yield_text = spend_note(game, oid, ability, mana_yield(game, oid, ability, data), data)
        if ok and ability.cost.mana:
            data["mana_cost"] = ability.cost.mana
            explain_payment(game, oid, ability.cost.mana, ability.cost.has_tap_symbol, data)
            return f"Yes (paying {ability.cost.mana}) — {yield_text}", data
        if ok:
            return f"Yes — {yield_text}", data
    cost = getattr(ability, "cost", None)
    if cost is not None and cost.loyalty is not None:
        game.trace.unknown("loyalty abilities' once-per-turn, sorcery-speed timing (606.3)")
    paying = f" (paying {cost.mana})" if ok and cost is not None and cost.mana else ""
    if paying and cost is not None:
        data["mana_cost"] = cost.mana
        explain_payment(game, oid, cost.mana, cost.has_tap_symbol, data)
    if ok:
        text = ability_text(ability).replace("~", ch.name)
        return f"Yes — {ch.name} ({oid}) can activate '{text}'{paying}.", data
    return f"No — {'; '.join(reasons)}.", data


def spend_note(game: Game, oid: str, ability: ManaAbility, text: str, data: dict[str, Any]) -> str:
    """E5, 106.6: a restriction on how the mana can be spent goes with the answer."""
    if not ability.spend_only:
        return text
    game.trace.add("106.6", f"{oid}'s mana comes with a restriction: '{ability.spend_only}'")
    data["spend_only"] = ability.spend_only
    return f"{text.rstrip('.')} ({ability.spend_only[0].lower()}{ability.spend_only[1:]})."


def trigger_extra(
    game: Game, oid: str, ability: ManaAbility, kinds: frozenset[str]
) -> tuple[int, set[str]]:
    """106.12a, 605.1b: triggered mana abilities that add mana when ``oid`` is tapped for mana
    (the ability has {T} in its cost and makes mana); they resolve at once (605.4a)."""
    extra = 0
    extra_kinds: set[str] = set()
    triggers = game.mana_triggers(oid) if ability.cost.tap and kinds else []
    if not triggers:
        return 0, extra_kinds
    game.trace.add(
        "106.12", f"activating {oid}'s mana ability with {{T}} in its cost is tapping it for mana"
    )
    for src, trig in triggers:
        game.trace.add(
            "106.12a",
            f"{src}'s '{trig.text}' triggers when {oid}'s mana ability resolves and produces mana",
        )
        game.trace.add("605.1b", f"{src}'s ability is a triggered mana ability")
        game.trace.add("605.4a", "it resolves immediately, without using the stack")
        extra += game.trigger_adds(trig, src)
        extra_kinds |= game.trigger_kinds(src, trig, kinds)
    if ability.cost.tap_untapped is not None:
        game.trace.add(
            "106.12",
            "creatures tapped to pay the cost aren't 'tapped for mana' (their own mana "
            "abilities weren't activated)",
        )
    return extra, extra_kinds


def explain_payment(
    game: Game, oid: str, mana: str, taps_itself: bool, data: dict[str, Any]
) -> None:
    """601.2g-h (602.2b): the mana is paid as the ability is activated; a cost the board's
    untapped mana sources can't be shown to cover makes the answer unverified."""
    player = game.obj(oid).controller
    pay = can_pay(game, player, mana, oid, taps_itself)
    data["can_pay"] = pay.payable
    if pay.payable:
        game.trace.add(
            "601.2g",
            f"{player} can make {mana} first with mana abilities of {', '.join(pay.sources)}",
        )
        game.trace.add("602.2b", "and pays it as the ability is activated (601.2h)")
    else:
        game.trace.unknown(
            f"whether {player} can pay {mana}: the untapped mana sources the engine counts "
            "don't cover it"
        )


def mana_yield(game: Game, oid: str, ability: ManaAbility, data: dict[str, Any]) -> str:
    produce = game.could_produce_all()
    kinds = frozenset(game.types_of(oid, ability.produces, produce))
    amount = game.mana_amount(oid, ability)
    explain_could_produce(game, oid, ability, kinds)
    extra, extra_kinds = trigger_extra(game, oid, ability, kinds)
    data["produces"] = sorted(kinds, key="WUBRGC".index)
    data["amount"] = amount + extra if kinds else 0
    if ability.also:
        data["also"] = [
            getattr(e, "text", "").replace("~", game.ch(oid).name) for e in ability.also
        ]
    if extra:
        data["extra_from_triggers"] = {
            "amount": extra,
            "produces": sorted(extra_kinds, key="WUBRGC".index),
        }
    if isinstance(ability.produces, CountedMana) and not amount:
        return "it adds no mana: it counts 0 as it resolves (608.2h)."  # E1 (s9)
    if isinstance(ability.produces, CountedMana) and chosen_devotion(ability.produces):
        return devotion_text(game, oid) + "."  # E2 (s10): Nykthos (608.2d, 700.5)
    if isinstance(ability.produces, CountedMana) and ability.produces.any_color and not extra:
        # E2 (s10): "X mana of any one color / in any combination of colors" (106.1)
        return f"{amount} {counted_mana_kind(ability.produces)} ({game.option_text(kinds)})."
    if not kinds:
        return "it produces no mana (no type can be defined)."
    if (
        extra
        and extra_kinds == set(kinds)
        and any("produced" in t.text for _s, t in game.mana_triggers(oid))
    ):
        first = sorted(kinds, key="WUBRGC".index)[0]
        return (
            f"{amount + extra} mana: {amount} of {game.option_text(kinds)} and {extra} more of "
            f"the same type from the trigger (e.g. {{{first}}}x{amount + extra})."
        )
    if extra:
        return (
            f"{amount + extra} mana: {amount} of {game.option_text(kinds)} and {extra} of "
            f"{extra_text(game, extra_kinds)} from the trigger."
        )
    if amount > 1 and len(kinds) == 1:
        return f"{amount} mana: {game.option_text(kinds) * amount}."  # 106.1
    return f"{amount} mana: {game.option_text(kinds)}."


def devotion_text(game: Game, pid: str) -> str:
    """E2 (s10): Nykthos's mana, one color chosen as it resolves: "{G}x4 or {R}x1"."""
    by_color = game.devotion_by_color(pid)
    options = " or ".join(f"{{{c}}}x{n}" for c, n in by_color.items())
    return f"{options} (one color, chosen as it resolves: your devotion to it, 700.5)"


def extra_text(game: Game, kinds: set[str]) -> str:
    """The types a trigger adds; none known (a choice the board doesn't give) is said so."""
    return game.option_text(kinds) if kinds else "a type the board doesn't give"


def explain_could_produce(
    game: Game, oid: str, ability: ManaAbility, kinds: frozenset[str]
) -> None:
    if isinstance(ability.produces, CouldProduce):
        whose = "your" if ability.produces.whose == "you" else "an opponent's"
        game.trace.add(
            "106.7",
            f"{oid} makes mana of a {ability.produces.kind} that {whose} lands could produce, "
            "ignoring costs; computed as a least fixed point",
        )
        if not kinds:
            game.trace.add("106.5", f"no type can be defined for {oid}: it produces no mana")
        else:
            # the fixed point starts from no mana, so a type counts only once some land's own
            # ability defines it; one that can't be defined would add no mana
            game.trace.add(
                "106.5",
                f"{oid}'s types ({game.option_text(kinds)}) come from mana abilities that define "
                "them; a type that couldn't be defined would add no mana",
            )
    if ability.intrinsic:
        if "Land" in game.ch(oid).types:
            game.trace.add("305.6", f"{oid} has its basic land type's intrinsic mana ability")
        else:
            game.trace.add(
                "613.1f", f"{oid} gained a land's intrinsic mana ability ({ability.text})"
            )


# --- mana --------------------------------------------------------------------------------------


def q_mana(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    produce = game.could_produce_all()
    if q.get("player") is not None:
        player = str(q["player"])
        if player not in game.board.players:
            raise QuestionError(f"unknown player {player!r}")
        ids = [
            o.id
            for o in game.board.battlefield()
            if o.controller == player and game.mana_abilities(o.id)
        ]
    else:
        ids = [_object(game.board, q)]
    rows: list[dict[str, Any]] = []
    parts: list[str] = []
    for pid in ids:
        o = game.obj(pid)
        game.explain_layers(pid)
        for ab in game.mana_abilities(pid):
            kinds = frozenset(game.types_of(pid, ab.produces, produce))
            explain_could_produce(game, pid, ab, kinds)
            for qid in produce:
                for other in game.mana_abilities(qid):
                    feeds = other.intrinsic and produce[qid] and qid != pid
                    if feeds and isinstance(ab.produces, CouldProduce):
                        game.trace.add(
                            "305.6", f"{qid} has its basic land type's intrinsic mana ability"
                        )
            ok, reasons = game.can_activate(pid, ab, [])
            if o.tapped and q.get("player") is not None:
                ok = False
            extra, extra_kinds = trigger_extra(game, pid, ab, kinds)
            row: dict[str, Any] = {
                "object": pid,
                "ability": ab.text,
                "produces": sorted(kinds, key="WUBRGC".index),
                "amount": game.mana_amount(pid, ab) + extra if kinds else 0,
                "can_activate_now": ok,
                "reasons": reasons,
            }
            more = ""
            if extra:
                row["extra_from_triggers"] = {
                    "amount": extra,
                    "produces": sorted(extra_kinds, key="WUBRGC".index),
                }
                more = f" (and {extra} more of {extra_text(game, extra_kinds)} from triggers)"
            rows.append(row)
            if q.get("player") is not None and o.tapped:
                continue
            more = spend_note(game, pid, ab, more, row).rstrip(".")  # E5 (106.6)
            made = game.option_text(kinds)
            # the ability's own mana; a trigger's extra mana is the "more" part (605.1b)
            own = game.mana_amount(pid, ab) if kinds else 0
            if own > 1 and len(kinds) == 1:
                made = made * own  # "{T}: Add {C}{C}." makes {C}{C}, not {C} (106.1)
            elif own and isinstance(ab.produces, CountedMana) and chosen_devotion(ab.produces):
                made = devotion_text(game, pid)  # E2 (s10): Nykthos
            elif own and isinstance(ab.produces, CountedMana) and ab.produces.any_color:
                made = f"{own} {counted_mana_kind(ab.produces)} ({made})"  # E2 (s10)
            elif own > 1:
                made = f"{own} mana: {made}"
            parts.append(f"{game.ch(pid).name} ({pid}): {made}{more}")
    game.unmodelled_for("mana", ids)
    if not rows:
        return "None — no mana abilities.", {"sources": rows}
    if not parts:  # a player's sources, every one tapped (107.5)
        return "None — every mana source is tapped.", {"sources": rows}
    if all(not r["produces"] for r in rows):
        return "None — " + "; ".join(parts) + ".", {"sources": rows}
    return "; ".join(parts) + ".", {"sources": rows}


# --- attack/block ------------------------------------------------------------------------------


def q_can_attack(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    oid = _object(game.board, q)
    game.explain_layers(oid)
    ok, reasons = game.can_attack(oid)
    game.unmodelled_for("attack", [oid])
    return ("Yes." if ok else f"No — {'; '.join(reasons)}."), {"can_attack": ok, "reasons": reasons}


def q_can_block(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    oid = _object(game.board, q)
    attacker = _object(game.board, q, "attacker") if q.get("attacker") is not None else None
    attackers = [] if attacker is not None else _attackers_it_could_block(game, oid)
    if len(attackers) > 1:
        return _can_block_any(game, oid, attackers)
    if attackers:  # "can the Bears block?" with one creature attacking: that one (509.1a)
        attacker = attackers[0]
    ok, reasons = game.can_block(oid, attacker)
    _summoning_sickness_doesnt_stop_blocking(game, oid)
    game.unmodelled_for("block", [oid])
    return ("Yes." if ok else f"No — {'; '.join(reasons)}."), {"can_block": ok, "reasons": reasons}


def _summoning_sickness_doesnt_stop_blocking(game: Game, oid: str) -> None:
    """E1 (s9): a creature that came under its controller's control this turn (flashed in) may
    still block: 302.6 stops only attacking and its {T}/{Q} abilities."""
    o = game.obj(oid)
    if o.zone == "battlefield" and not o.since_turn_start and game.is_creature(oid):
        game.trace.add(
            "302.6",
            f"{oid} came under its controller's control this turn, which stops only attacking "
            "and its {T}/{Q} abilities, not blocking",
        )


def _attackers_it_could_block(game: Game, oid: str) -> list[str]:
    """The creatures attacking that a creature of ``oid``'s controller would block: asked "can
    it block?" during a combat, the question is about them, not about blocking in general."""
    mine = game.obj(oid).controller
    return [
        o.id
        for o in game.board.objects.values()
        if o.zone == "battlefield" and o.attacking is not None and o.controller != mine
    ]


def _can_block_any(game: Game, oid: str, attackers: list[str]) -> tuple[str, dict[str, Any]]:
    """509.1a: a creature may block one attacker; "can it block?" with several attacking is
    yes when it could block at least one of them, each answered on its own."""
    could: list[str] = []
    why_not: list[str] = []
    for attacker in attackers:
        ok, reasons = game.can_block(oid, attacker)
        if ok:
            could.append(attacker)
        else:
            why_not.append(f"not {attacker}: {'; '.join(reasons)}")
    _summoning_sickness_doesnt_stop_blocking(game, oid)
    game.unmodelled_for("block", [oid])
    if could:
        answer = f"Yes — it can block {', '.join(could)}" + (
            f" ({'; '.join(why_not)})." if why_not else "."
        )
    else:
        answer = f"No — {'; '.join(why_not)}."
    return answer, {"can_block": bool(could), "could_block": could, "reasons": why_not}


# --- combat and SBAs ---------------------------------------------------------------------------


def check_chosen_assignment(game: Game, chosen: Mapping[str, Any]) -> None:
    """S1: an assignment names attacking creatures; an unblocked one assigns all its damage to
    what it attacks (510.1b), so any other split is refused rather than silently ignored."""
    for aid, split in chosen.items():
        o = game.board.objects.get(str(aid))
        if o is None or o.zone != "battlefield" or not o.attacking:
            raise QuestionError(f"assignment: no attacking creature {aid!r}")
        power = max(game.ch(o.id).power or 0, 0)
        if not o.blocked and dict(split) != ({o.attacking: power} if power else {}):
            raise QuestionError(
                f"assignment: {aid} is unblocked and assigns all its damage ({power}) to "
                f"{o.attacking} (510.1b)"
            )


def q_combat(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    chosen = q.get("assignment") or {}
    shape = "assignment must map attacker id -> {recipient: damage (a whole number)}"
    if not isinstance(chosen, Mapping) or not all(
        isinstance(v, Mapping)
        and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in v.values())
        for v in chosen.values()
    ):
        raise QuestionError(shape)
    check_chosen_assignment(game, chosen)
    try:
        result = resolve_combat(
            game.board, game.trace, game.deadline, {str(k): dict(v) for k, v in chosen.items()}
        )
    except ValueError as exc:
        raise QuestionError(str(exc)) from exc
    game.unmodelled_for("combat", [])
    data = summary(result)
    parts = []
    for s in result.steps:
        for src, targets in s.assignments.items():
            if targets:
                parts.append(
                    f"{src} assigns " + ", ".join(f"{n} to {r}" for r, n in targets.items())
                )
            if src in s.replaced:  # 614.1a: a replacement effect changed the damage dealt
                parts.append(
                    f"{src} deals "
                    + ", ".join(f"{n} to {r}" for r, n in s.replaced[src].items())
                    + " instead (a replacement effect)"
                )
    life = ", ".join(f"{p} → {v}" for p, v in data["life"].items())
    died = [e for s in result.steps for e in s.sba_events]
    short = ("; ".join(parts) or "No combat damage is assigned") + f". Life: {life}."
    if died:
        short += " " + " ".join(died) + "."
    for aid in result.undivided:  # 510.1c: the attacking player divides it as they choose
        short = (
            f"It depends on how {game.obj(aid).controller} divides {aid}'s damage among its "
            "blockers (510.1c); one division: " + short
        )
    survivors = [o.id for o in result.board.battlefield() if o.attacking or o.blocking]
    data["survivors"] = survivors
    data["graveyard"] = [o.id for o in result.board.in_zone("graveyard")]
    # E2, 508.1m, 509.2a: what triggered as attackers and blockers were declared (before damage;
    # soundness makes the answer unverified unless the board lists what each one did)
    declared = [t.describe(game) for t in declared_combat_triggers(game)]
    data["declared_triggers"] = declared
    if declared:
        short += " Triggered as attackers and blockers were declared: " + "; ".join(declared) + "."
    exiled = frozenset(oid for s in result.steps for oid in s.exiled_instead)
    if exiled:
        data["exiled_instead"] = sorted(exiled)
    triggered = combat_triggers(game, result.board, data, exiled=exiled)
    if triggered:
        short += " Then these trigger (not resolved here): " + "; ".join(triggered) + "."
        data["trigger_tokens"] = leaving_trigger_tokens(game, result.board, exiled=exiled)
        short += trigger_tokens_phrase(data["trigger_tokens"])
    return short, data


DIES_KEYWORDS = frozenset({"persist", "undying", "afterlife", "modular"})  # 702.79, 702.93, ...


def combat_triggers(
    game: Game,
    after: Board,
    data: dict[str, Any],
    damaged: set[str] | None = None,
    gained_life: set[str] | None = None,
    exiled: frozenset[str] = frozenset(),
) -> list[str]:
    """603.2: abilities that trigger on the combat's events; they go on the stack afterwards,
    so the outcome above is the board before they resolve. ``exiled``: permanents a resolving
    spell exiled (a token among them is gone from ``after`` but never went to a graveyard)."""
    out: list[str] = []
    dealt: dict[str, set[str]] = {}  # source -> what it dealt combat damage to
    for step in data.get("steps", []):
        for src, targets in step["assignments"].items():
            dealt.setdefault(src, set()).update(r for r, n in targets.items() if n > 0)
    hit_players = {src for src, hit in dealt.items() if hit & set(game.board.players)}
    was_dealt = {r for hit in dealt.values() for r in hit} | (damaged or set())
    # 120.3f: damage from a source with lifelink makes its controller gain that much life
    gainers = (gained_life or set()) | {
        game.obj(src).controller
        for src, hit in dealt.items()
        if hit and src in game.board.objects and game.has(src, "lifelink")
    }
    died = [  # 700.4: creatures put into a graveyard from the battlefield
        x.id
        for x in game.board.battlefield()
        if game.is_creature(x.id)
        and (x.id not in after.objects or after.objects[x.id].zone == "graveyard")
        and x.id not in exiled
    ]
    for o in game.board.battlefield():
        gone = o.id not in after.objects or after.objects[o.id].zone != "battlefield"
        # E3 (s11): "dies" and "is put into a graveyard" need the graveyard (700.4), not exile
        to_yard = (
            gone
            and o.id not in exiled
            and (o.id not in after.objects or after.objects[o.id].zone == "graveyard")
        )
        for kw in game.ch(o.id).keywords() & DIES_KEYWORDS if to_yard else set():
            game.trace.add("603.10a", f"{o.id}'s {kw} is a dies trigger and looks back in time")
            out.append(f"{o.id}: {kw}")
        for a in one_event_each(game.ch(o.id).abilities):  # E2: "enters or dies", per event
            if not isinstance(a, TriggeredAbility):
                continue
            text = a.text.replace("~", game.ch(o.id).name).rstrip(".")
            if a.event == "dies" and a.subject.scope != "self":
                for d in died:
                    # E2: "~ or another creature dies" too; "dealt damage by ~ this turn"
                    if is_subject(game, a, o, d) and damaged_by_it(game, o, a, d, dealt):
                        game.trace.add(
                            "603.10a", f"{d} died: {o.id}'s ability looks back in time and triggers"
                        )
                        out.append(f"{o.id}: {text} ({d}){intervening_if(game, o.id, a)}")
            elif a.event == "put_into_graveyard" and a.subject.scope != "self":
                for who in [  # E2: "an artifact is put ..."
                    w for w in to_graveyard_hits(game, o, a, after) if w not in exiled
                ]:
                    game.trace.add(
                        "603.10a",
                        f"{who} was put into a graveyard: {o.id}'s ability looks back in time "
                        "and triggers",
                    )
                    out.append(f"{o.id}: {text} ({who}){intervening_if(game, o.id, a)}")
            elif (
                a.event in LEAVING_EVENTS
                and (to_yard if a.event != "leaves" else gone)
                and a.subject.scope == "self"
            ):
                what = LEAVING_EVENTS[a.event]
                game.trace.add(
                    "603.10a", f"{o.id}'s {what} ability looks back in time and triggers"
                )
                out.append(f"{o.id}: {text}{intervening_if(game, o.id, a)}")
            elif a.event in SUBJECT_DAMAGE_EVENTS and (
                a.subject.scope != "self" or a.event == "combat_damage_to_player_or_planeswalker"
            ):
                # E2: another creature's damage ("a creature you control", enchanted creature)
                for who in subject_damage_hits(game, o, a, dealt):
                    game.trace.add(
                        "603.2",
                        f"{who} dealt {SUBJECT_DAMAGE_EVENTS[a.event]}: {o.id}'s ability triggers",
                    )
                    out.append(f"{o.id}: {text} ({who}){intervening_if(game, o.id, a)}")
            elif a.event == "combat_damage_to_player" and damaged_a_player(o, a, hit_players):
                game.trace.add(
                    "603.2", f"{o.id} dealt combat damage to a player: its ability triggers"
                )
                out.append(f"{o.id}: {text}{intervening_if(game, o.id, a)}")
            elif a.event == "gain_life" and o.controller in gainers:
                game.trace.add("603.2", f"{o.controller} gained life: {o.id}'s ability triggers")
                out.append(f"{o.id}: {text}{intervening_if(game, o.id, a)}")
            elif a.event == "dealt_damage" and a.subject.scope == "self" and o.id in was_dealt:
                game.trace.add("603.2", f"{o.id} was dealt damage: its ability triggers")
                out.append(f"{o.id}: {text}{intervening_if(game, o.id, a)}")
            elif a.event in DAMAGE_EVENTS and damage_triggers(game, o.id, a, dealt):
                game.trace.add(
                    "603.2", f"{o.id} dealt {DAMAGE_EVENTS[a.event]}: its ability triggers"
                )
                out.append(f"{o.id}: {text}{intervening_if(game, o.id, a)}")
    data["triggers"] = out
    return out


# 603.6c, 603.10a: leaves-the-battlefield abilities look back in time; "is put into a graveyard
# from the battlefield" is how "dies" reads for a permanent that isn't a creature (700.4)
LEAVING_EVENTS = {
    "dies": "dies",
    "leaves": "leaves-the-battlefield",
    "put_into_graveyard": "put-into-a-graveyard",
}
# damage events that happen only in combat among the questions the engine answers (no question
# has a permanent deal non-combat damage)
DAMAGE_EVENTS = {
    "combat_damage_to_creature": "combat damage to a creature",
    "damage_to_player": "damage to a player",
    "damage_to_opponent": "damage to an opponent",
}


def damaged_a_player(o: GameObject, a: TriggeredAbility, hit_players: set[str]) -> bool:
    """Its own combat damage, or (an Equipment's or Aura's "equipped/enchanted creature deals
    combat damage") the creature it's attached to."""
    if a.subject.scope in ("equipped", "enchanted"):
        return o.attached_to in hit_players
    return a.subject.scope == "self" and o.id in hit_players


def damage_triggers(game: Game, oid: str, a: TriggeredAbility, dealt: dict[str, set[str]]) -> bool:
    hit = dealt.get(oid, set())
    if a.event == "combat_damage_to_creature":
        return any(r in game.board.objects and game.is_creature(r) for r in hit)
    players = hit & set(game.board.players)
    if a.event == "damage_to_opponent":
        return any(p != game.obj(oid).controller for p in players)
    return bool(players)


def intervening_if(game: Game, oid: str, a: TriggeredAbility) -> str:
    """603.4: an ability with an intervening "if" clause triggers only if the condition holds
    (and does nothing unless it still holds as it resolves); the engine doesn't check it."""
    if a.intervening_if is None:
        return ""
    game.trace.add("603.4", f"{oid}'s ability checks 'if {a.intervening_if}' as it triggers")
    game.trace.unknown(f"{oid}: whether '{a.intervening_if}' holds (603.4)")
    return f" (only if {a.intervening_if})"


def leaving_trigger_tokens(
    game: Game, after: Board, counters_changed: bool = False, exiled: frozenset[str] = frozenset()
) -> list[dict[str, Any]]:
    """E3 (s11): the tokens each permanent's own "When ~ dies / leaves the battlefield, create
    ..." ability makes when it resolves (Hangarback Walker's Thopters). A leaves-the-battlefield
    ability looks back in time (603.10a), and what it counts on the object that left is its last
    known information (608.2h): its counters as it last existed on the battlefield, which is
    this board unless the event itself changed them (``counters_changed``). Only abilities that
    do nothing but create tokens of a fixed kind, with no choice and no intervening "if"."""
    rows: list[dict[str, Any]] = []
    for o in game.board.battlefield():
        if o.id in after.objects and after.objects[o.id].zone == "battlefield":
            continue
        # 700.4: "dies" is put into a graveyard from the battlefield (a token gets there too)
        died = o.id not in exiled and (
            o.id not in after.objects or after.objects[o.id].zone == "graveyard"
        )
        for a in one_event_each(game.ch(o.id).abilities):
            if not (
                isinstance(a, TriggeredAbility)
                and a.event in ("dies", "leaves")
                and a.subject.scope == "self"
                and (a.event == "leaves" or (died and game.is_creature(o.id)))
                and not a.optional
                and a.intervening_if is None
                and a.effects
                and all(isinstance(e, CreateTokens) for e in a.effects)
            ):
                continue
            for e in a.effects:
                assert isinstance(e, CreateTokens)
                if not (isinstance(e.amount, int) or e.amount == "counters:+1/+1") or (
                    e.amount == "counters:+1/+1" and counters_changed
                ):
                    game.trace.unknown(f"{o.id}: how many tokens '{a.text}' creates")
                    continue
                n = token_count(game, o.id, e.amount, is_etb=False)
                n = replaced_token_count(game, o.controller, n, o.id)
                if e.amount == "counters:+1/+1":
                    game.trace.add(
                        "608.2h",
                        f"{o.id}'s ability counts the +1/+1 counters it had as it last existed "
                        f"on the battlefield: {n}",
                    )
                ch = from_token_spec(e.token)
                token_defined(game, e.token)
                effects_on_new_token(game, o.id, ch)
                rows.append(
                    {
                        "source": o.id,
                        "count": n,
                        "token": chars_json(None, ch),
                        "text": describe_token(e.token, ch),
                    }
                )
    return rows


def copy_token_counters(game: Game, oid: str, ch: Chars) -> dict[str, int]:
    """E6 (s14): the counters a copy token enters with by its exception ("an additional +1/+1
    counter if it's a creature", 614.1c), after counter replacement effects (122.6, 614.1a)."""
    controller = game.obj(oid).controller
    counters: dict[str, int] = {}
    for kind, n in ch.extra_counters:
        if (kind == "+1/+1" and "Creature" in ch.types) or (
            kind == "loyalty" and "Planeswalker" in ch.types
        ):
            game.trace.add(
                "614.1c", f"the token enters with {n} {kind} counter(s) by its exception"
            )
            event = CountersPut(
                f"the token {ch.name}", ch.types, controller, kind, n, entering=True
            )
            counters[kind] = replaced_counters(game.trace, counter_sources(game), event)
    return counters


def token_defined(game: Game, spec: TokenSpec) -> None:
    """The step saying where a new token's characteristics come from: the effect (111.3), or
    111.10's definition of a predefined token ("create a Treasure token")."""
    entry = predefined_by_rule(spec.predefined)
    if entry is None:
        game.trace.add("111.3", "the token's characteristics are those the effect defines")
        return
    game.trace.add(entry.rule, f"a {entry.name} token is {entry.definition}")


def describe_token(spec: TokenSpec, ch: Chars) -> str:
    """describe(), with a predefined token's ability text (111.10: "... with '{T}, Sacrifice
    this token: Add one mana of any color.'")."""
    if not spec.predefined or not spec.ability_text:
        return describe(ch)
    return f'{describe(ch)} with "{spec.ability_text.replace(chr(10), "; ")}"'


def trigger_tokens_phrase(rows: list[dict[str, Any]]) -> str:
    """ " When they resolve, hang creates 2 × Thopter Token (...)." (603.3)."""
    if not rows:
        return ""
    parts = [
        f"{r['source']} creates {r['count']} × {r['token']['name']} ({r['text']})" for r in rows
    ]
    return " When they resolve, " + "; ".join(parts) + "."


def q_after_sba(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    raw_keep = q.get("keep") or {}
    if not isinstance(raw_keep, Mapping):
        raise QuestionError("keep must map a legendary name to the id of the permanent kept")
    keep = {str(k): str(v) for k, v in raw_keep.items()}
    for o in game.board.battlefield():
        if o.copy_effects:
            game.layers.copier.copiable(o)
            for ce in o.copy_effects:
                game.trace.add(
                    "707.2", f"{o.id} copies the copiable values of {ce.copies or ce.copies_card}"
                )
            entered_as_copy = any(ce.via == "enter_as_copy" for ce in o.copy_effects)
            own_exceptions = o.card is not None and any(
                isinstance(a, EnterAsCopy) and not a.exceptions.is_empty()
                for a in compile_card(o.card).abilities
            )
            given = any(ce.via == "effect" and ce.exceptions for ce in o.copy_effects)
            if (
                game.layers.copier.copiable(o).extra_counters
                or (entered_as_copy and own_exceptions)
                or given
            ):
                game.trace.add("707.9b", f"{o.id}: its copy exceptions are copiable values")
    for o in game.board.battlefield():
        copied = game.layers.copier.copiable(o)
        if o.copy_effects and "Legendary" not in game.ch(o.id).supertypes:
            source = game.board.objects.get(o.copy_effects[-1].copies or "")
            if source is not None and "Legendary" in game.ch(source.id).supertypes:
                game.trace.add(
                    "704.5j",
                    f"{o.id} copies a legendary permanent but isn't legendary: no legend rule",
                )
        del copied
    result = run_sbas(game.board, game.trace, game.deadline, keep)
    game.unmodelled_for("sba", [])
    after = Game(result.board, Trace(), game.deadline)
    battlefield = {
        o.id: describe(after.ch(o.id)) + f" (counters: {after.layers.counters_of(o, after.chars)})"
        if o.counters or o.entering
        else describe(after.ch(o.id))
        for o in result.board.battlefield()
    }
    data: dict[str, Any] = {
        "events": result.events,
        "choices": result.choices,
        "losers": result.losers,
        "battlefield": battlefield,
    }
    exiled = frozenset(result.exiled_instead)
    if exiled:
        data["exiled_instead"] = sorted(exiled)
    triggered = combat_triggers(game, result.board, data, exiled=exiled)
    if not result.events and not result.losers:
        game.trace.add("704.3", "no state-based action applies")
        return "No state-based action applies; the board is unchanged.", data
    short = ". ".join(result.choices + result.events) + "."
    if triggered:
        short += " Then these trigger (not resolved here): " + "; ".join(triggered) + "."
        data["trigger_tokens"] = leaving_trigger_tokens(game, result.board, exiled=exiled)
        short += trigger_tokens_phrase(data["trigger_tokens"])
    return short, data


# --- tokens ------------------------------------------------------------------------------------


def q_tokens(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    oid = _object(game.board, q)
    ability = pick_ability(game, oid, q.get("ability"))
    targets = id_list(q, "targets")
    for t in targets:
        if t not in game.board.objects:
            raise QuestionError(f"no object with id {t!r}")
    effects = getattr(ability, "effects", ())
    if isinstance(ability, Unsupported):
        game.trace.unknown(f"{oid}: {ability.text}")
    if isinstance(ability, TriggeredAbility) and ability.intervening_if is not None:
        intervening_if(game, oid, ability)  # 603.4: the tokens come only if it holds
    tokens: list[dict[str, Any]] = []
    made_chars: list[Chars] = []
    is_etb = isinstance(ability, TriggeredAbility) and ability.on("enters")
    if is_etb:  # E2 (s10): asked before the trigger resolves
        game.trace.add("603.6a", f"{oid}'s enters ability triggers when it enters (603.2)")
        game.trace.add(
            "603.3",
            "it goes on the stack the next time a player would receive priority; the tokens "
            "are created when it resolves, if it isn't countered (608.2)",
        )
    reader = game  # the game state the effect reads, after its earlier steps (608.2h)
    for e in effects:
        if isinstance(e, ExileTarget) and targets:
            game.trace.add("400.7j", f"the effect can find the card it exiled ({targets[0]})")
            moved = clone_board(game.board)
            moved.objects[targets[0]].zone = "exile"
            reader = Game(moved, Trace(), game.deadline)
        if isinstance(e, CreateTokens):
            later = isinstance(ability, TriggeredAbility) and not is_etb
            n = token_count(game, oid, e.amount, is_etb, after_event=later)
            n = replaced_token_count(game, game.obj(oid).controller, n, oid)
            if e.token.power is not None and not isinstance(e.token.power, int):
                ch = token_with_card_pt(game, reader, e, targets)
            else:
                ch = from_token_spec(e.token)
                token_defined(game, e.token)
            tokens.append(
                {"count": n, "token": chars_json(None, ch), "text": describe_token(e.token, ch)}
            )
            made_chars.append(ch)
        elif isinstance(e, IfYouDo | Modal | InsteadIf | MayDo):
            # the tokens depend on a choice, a payment or a condition the engine doesn't make
            game.trace.unknown(f"{oid}: {e.text} (effect not applied)")
        elif isinstance(e, CreateTokenCopy):
            ch = token_copy(game, oid, e, targets)
            made_chars.append(ch)
            etb = [
                a.text.replace("~", ch.name)
                for a in ch.abilities
                if isinstance(a, TriggeredAbility)
                and a.on("enters")
                # not "whenever another creature enters"; "~ or another" is itself too (E2)
                and (a.subject.scope == "self" or a.or_self)
            ]
            if etb:
                game.trace.add("603.6a", "the token's enters ability triggers when it's created")
            row: dict[str, Any] = {
                "count": replaced_token_count(game, game.obj(oid).controller, 1, oid),
                "token": chars_json(None, ch),
                "text": describe(ch),
                "enters_triggers": etb,
            }
            if e.exceptions.extra_counters:  # it enters with counters (a copy's exception)
                row["enters_with_counters"] = copy_token_counters(game, oid, ch)
            tokens.append(row)
    for made in made_chars:
        effects_on_new_token(game, oid, made)
    # E2, 603.6a: other permanents' enters triggers that each new token matches
    for row, made in zip(tokens, made_chars, strict=True):
        found = enters_triggers_for_token(game, oid, made)
        if found:
            row["others_enters_triggers"] = found
    game.unmodelled_for("tokens", [oid, *targets])
    amounts = [e.amount for e in effects if isinstance(e, CreateTokens)]
    if not tokens:
        return "No tokens.", {"tokens": tokens}
    parts = [f"{t['count']} × {t['token']['name']} ({t['text']})" for t in tokens]
    total = sum(t["count"] for t in tokens)
    none = "No tokens (X is 0)." if any(isinstance(t, str) for t in amounts) else "No tokens."
    short = ("; ".join(parts)) if total else none
    return short, {"tokens": tokens}


# --- casting a simple spell --------------------------------------------------------------------


def q_spell(game: Game, q: Mapping[str, Any]) -> tuple[str, dict[str, Any]]:
    """Resolve a simple spell on a copy of the board (608.2), then state-based actions."""
    name = q.get("card")
    card = game.board.card_source.get(str(name)) if name else None
    if card is None:
        raise QuestionError(f"unknown card {name!r}")
    targets = id_list(q, "targets")
    for t in targets:
        if t not in game.board.objects and t not in game.board.players:
            raise QuestionError(f"no object or player with id {t!r}")
    caster = str(q.get("controller", game.board.active))
    if caster not in game.board.players:
        raise QuestionError(f"unknown player {caster!r}")
    definition = compile_card(card)
    board = clone_board(game.board)
    outcome: list[str] = []
    for t in targets:
        if t in game.board.objects and not can_be_targeted(game, t, caster, card):
            game.trace.add("601.2c", f"{t} isn't a legal target for {card.name}")
            short = f"{card.name} can't target {t}."
            return short, {"outcome": [], "illegal_targets": [t], "after_sbas": [], "losers": []}
    spell = [a for a in definition.abilities if isinstance(a, SpellAbility)]
    if not spell:
        raise QuestionError(f"{card.name} has no spell effect the engine can read")
    too_many = extra_targets(card.name, [e for a in spell for e in a.effects], targets)
    if too_many:
        raise QuestionError(too_many)
    wrong = illegal_target(game, card.name, [e for a in spell for e in a.effects], targets, caster)
    if wrong is not None:
        short = f"{card.name} can't target {wrong}."
        return short, {"outcome": [], "illegal_targets": [wrong], "after_sbas": [], "losers": []}
    for u in definition.unsupported:
        game.trace.unknown(f"{card.name}: {u.text}")
    triggers_before_resolving(game, caster, targets, card)
    stack = game.board.in_zone("stack")
    if stack and (stack[-1].card is None or stack[-1].card.name != card.name):
        game.trace.add("405.5", "the object on top of the stack resolves first")
        game.trace.unknown(
            f"{stack[-1].id} is on top of the stack and resolves before {card.name} (405.5)"
        )
    effects = [e for a in spell for e in a.effects]
    effects = apply_instead(game, effects, caster)
    effects = apply_kicked(game, effects, card.name, announced_kicked(q, card, effects))
    x = announced_x(q, card, game.board)
    gained: set[str] = set()  # players who gained life as it resolved
    used = 0  # each "target" phrase takes the next target, in order (601.2c)
    for e in effects:
        parts = choose_mode(game, e, q) if isinstance(e, Modal) else (e,)
        for part in parts:
            mine, used = targets_of_effect(part, targets, used)
            resolve_spell_effect(
                game, board, card.name, caster, part, mine, outcome, x, gainers=gained
            )
    if len(board.effects) > len(game.board.effects):
        # the new continuous effect's layers, on the board as the spell finishes resolving
        after = Game(board, game.trace, game.deadline)
        for t in targets:
            if t in board.objects and board.objects[t].zone == "battlefield":
                after.explain_layers(t)
    damaged = damaged_by_resolving(game.board, board)
    exiled = frozenset(o.id for o in board.objects.values() if o.zone == "exile") - {
        o.id for o in game.board.in_zone("exile")
    }
    spell_card = put_spell_in_graveyard(game, board, card, caster)
    result = run_sbas(board, game.trace, game.deadline)
    exiled |= frozenset(result.exiled_instead)
    game.unmodelled_for("spell", [])
    data: dict[str, Any] = {
        "outcome": outcome,
        "after_sbas": result.events,
        "losers": result.losers,
        "spell_card": spell_card,
    }
    if exiled:
        data["exiled"] = sorted(exiled)
    short = "; ".join(outcome) + "." if outcome else "No effect."
    if result.events:
        short += " " + ". ".join(result.events) + "."
    triggered = combat_triggers(game, result.board, data, damaged, gained, exiled)
    if triggered:
        short += " Then these trigger (not resolved here): " + "; ".join(triggered) + "."
        changed = any(isinstance(e, PutCounters | PutCountersEach) for e in effects)
        data["trigger_tokens"] = leaving_trigger_tokens(game, result.board, changed, exiled)
        short += trigger_tokens_phrase(data["trigger_tokens"])
    return short, data


def announced_kicked(q: Mapping[str, Any], card: CardText, effects: list[Any]) -> bool | None:
    """E6 (s14): the question's ``kicked`` (true/false): whether its caster paid the kicker cost
    (702.33d); only for a spell with an "If ~ was kicked" part."""
    kicked = q.get("kicked")
    if kicked is None:
        return None
    if not isinstance(kicked, bool):
        raise QuestionError("kicked must be true or false")
    if not any(isinstance(e, IfKicked) for e in effects):
        raise QuestionError(f"{card.name} has no 'if it was kicked' effect the engine reads")
    return kicked


def announced_x(q: Mapping[str, Any], card: CardText, board: Board) -> int | None:
    """E3 (s11): the question's ``x``, the value its caster announced for X (601.2b, 107.3a);
    only for a spell with X in its mana cost. Without it, the X of that spell on top of the
    stack if the board gives one (``cast: {x: N}``)."""
    x = q.get("x")
    if x is None:
        stack = board.in_zone("stack")
        top = stack[-1] if stack else None
        if top is not None and top.card is not None and top.card.name == card.name:
            return top.cast_x
        return None
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise QuestionError("x must be a whole number, 0 or more")
    if "{X}" not in (card.mana_cost or "").upper():
        raise QuestionError(f"{card.name} has no X in its mana cost")
    return x


def extra_targets(name: str, effects: list[Any], targets: list[str]) -> str | None:
    """S1, 601.2c: more targets than the spell's "target" phrases name would be silently
    dropped; refuse them (modes and divided damage choose their own number)."""
    if any(isinstance(e, Modal) or hasattr(e, "most") for e in effects):
        return None
    phrases = [t for t in spell_targets(effects) if not t.what.startswith("each ")]
    if len(targets) > len(phrases):
        return f"{name} has {len(phrases)} target(s); {len(targets)} given"
    return None


def choose_mode(game: Game, modal: Modal, q: Mapping[str, Any]) -> tuple[Any, ...]:
    mode = q.get("mode")
    if not isinstance(mode, int) or isinstance(mode, bool) or not 1 <= mode <= len(modal.modes):
        raise QuestionError(f"this spell is modal: give mode (1..{len(modal.modes)})")
    return modal.modes[mode - 1]


QuestionKind = Literal[
    "characteristics",
    "can_activate",
    "mana",
    "can_attack",
    "can_block",
    "combat_damage",
    "after_sba",
    "tokens",
    "spell",
]
HANDLERS: dict[QuestionKind, Callable[[Game, Mapping[str, Any]], tuple[str, dict[str, Any]]]] = {
    "characteristics": q_characteristics,
    "can_activate": q_can_activate,
    "mana": q_mana,
    "can_attack": q_can_attack,
    "can_block": q_can_block,
    "combat_damage": q_combat,
    "after_sba": q_after_sba,
    "tokens": q_tokens,
    "spell": q_spell,
}
KINDS: tuple[QuestionKind, ...] = get_args(QuestionKind)


def ask(board: Board, question: Mapping[str, Any], budget_s: float = DEFAULT_BUDGET_S) -> Answer:
    raw_kind = str(question.get("kind", ""))
    kind = next((k for k in KINDS if k == raw_kind), None)
    if kind is None:
        raise QuestionError(f"unknown question kind {raw_kind!r} (one of {', '.join(KINDS)})")
    trace = Trace()
    deadline = time.perf_counter() + budget_s
    try:
        game = Game(board, trace, deadline)
        check_board(game, kind)
        short, data = HANDLERS[kind](game, question)
    except QuestionError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        # the question's fields were read (a malformed one raises QuestionError): this is a bug
        # in the rules code, so it is reported as the engine's error, not the asker's
        raise EngineError(f"engine error ({type(exc).__name__}: {exc})") from exc
    except RecursionError:
        return Answer(
            kind,
            False,
            "Could not decide: the board nests too deeply.",
            {},
            (),
            ("recursion limit",),
            decided=False,
        )
    except EngineLimit as exc:
        return Answer(
            kind,
            False,
            f"Could not decide: {exc}.",
            {},
            tuple(trace.steps),
            (str(exc), *trace.unmodelled),
            decided=False,
        )
    verified = not trace.unmodelled
    return Answer(kind, verified, short, data, tuple(trace.steps), tuple(trace.unmodelled))


__all__ = ["KINDS", "EngineError", "QuestionError", "ask"]
