"""A board with its characteristics computed, and the rules that read them: summoning sickness
and activation (302.6, 602), attack/block legality (508, 509), and mana (106, 605)."""

from __future__ import annotations

import copy
import re
import time
from typing import Literal, assert_never

from engine.abilities import (
    COLOR_LETTERS,
    COLORS,
    MANA_TYPES,
    Ability,
    ActivatedAbility,
    ActivationBoardTest,
    ActivationHistory,
    ActivationWindow,
    AddMana,
    AnyColor,
    ChosenColor,
    Cost,
    CouldProduce,
    CountDevotion,
    CountedMana,
    CreatureFilter,
    FixedMana,
    GrantAbilities,
    Keyword,
    ManaAbility,
    ManaProduction,
    PTDefining,
    Restriction,
    RestrictionEffect,
    RestrictionEffectRule,
    RestrictionRule,
    Selector,
    StaticEffect,
    TriggeredAbility,
    Unsupported,
    UnsupportedKind,
    ability_text,
)
from engine.answer import EngineLimit, Trace
from engine.board import STEPS, Board, GameObject
from engine.characteristics import Chars, Layers, admits
from engine.oracle.creature_types import CREATURE_TYPES, is_subtype

MAX_FIXED_POINT_ROUNDS = 200
COMBAT_KEYWORDS_MODELLED = frozenset(
    {
        "flying",
        "reach",
        "trample",
        "deathtouch",
        "lifelink",
        "first strike",
        "double strike",
        "vigilance",
        "haste",
        "indestructible",
        "defender",
        "menace",
        # S1: evasion read by can_block (702.13b, 702.28b, 702.31b, 702.36b, 702.118b) and
        # protection by blocks, combat damage, targets and attachments (702.16b-f)
        "fear",
        "intimidate",
        "shadow",
        "horsemanship",
        "skulk",
        "protection",
        *(f"{land.lower()}walk" for land in ("Plains", "Island", "Swamp", "Mountain", "Forest")),
    }
)
# keyword abilities that are activated abilities (602), by the templates' cost keywords
ACTIVATED_KEYWORDS = frozenset(
    """cycling equip unearth embalm eternalize ninjutsu transmute scavenge outlast reconfigure
    channel boast crew level_up plainscycling islandcycling swampcycling mountaincycling
    forestcycling landcycling transfigure reinforce craft""".replace("_", " ").split()
)
# keywords that don't change combat damage, blocking or SBAs on a snapshot
COMBAT_IRRELEVANT = frozenset(
    {
        "hexproof",
        "shroud",
        "flash",
        "prowess",
        "changeling",
        "devoid",
        "megalegendary",
        "ward",
        "enchant",
        "equip",
        "cycling",
        "kicker",
        "flashback",
        "embalm",
        "eternalize",
        "unearth",
        "morph",
        "megamorph",
        "madness",
        "evoke",
        "echo",
        "cascade",
        "convoke",
        "delve",
        "storm",
        "partner",
        "escape",
        "foretell",
        "disturb",
        "affinity",
        "improvise",
        "dash",
        "buyback",
        "entwine",
        "ninjutsu",
        "transmute",
        "scavenge",
        "outlast",
        "reconfigure",
        "blitz",
        "prototype",
    }
)


# What a question looks at, for deciding which unread clauses could change its answer.
AnswerScope = Literal[
    "characteristics", "activate", "mana", "attack", "block", "combat", "sba", "tokens", "spell"
]
QUESTIONS_ON_CARDS: tuple[AnswerScope, ...] = ("characteristics", "tokens")
# 113.6b-c: text that says it functions from a zone other than the battlefield
# 602.5: the steps of its controller's turn in which an ability with a window can be activated
#: E5: the combat phase's steps (506.1)
COMBAT_STEPS = (
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
)
WINDOW_STEPS: dict[ActivationWindow, tuple[str, ...]] = {
    "your_upkeep": ("upkeep",),
    "your_turn_before_attackers": ("upkeep", "draw", "precombat_main", "beginning_of_combat"),
    "your_turn": STEPS,
    "combat": COMBAT_STEPS,
    "any_upkeep": ("upkeep",),
    "end_of_combat": ("end_of_combat",),
    "declare_blockers": ("declare_blockers",),
    "declare_attackers": ("declare_attackers",),
}
#: E5: what each "Activate only if ..." about the past asks; a board doesn't record it (602.1b)
HISTORY_TEXT: dict[ActivationHistory, str] = {
    "creature_died_this_turn": "a creature died this turn",
    "cast_spell_this_turn": "its controller cast such a spell this turn",
    "citys_blessing": "its controller has the city's blessing (702.131c)",
    "attacked_this_turn": "its controller attacked this turn",
    "gained_life_this_turn": "its controller gained life this turn",
    "opponent_lost_life_this_turn": "an opponent lost life this turn",
    "opponent_dealt_damage_this_turn": "an opponent was dealt damage this turn",
    "discarded_this_turn": "its controller discarded a card this turn",
    "creature_entered_this_turn": "such a creature entered under its controller's control "
    "this turn",
    "token_created_this_turn": "its controller created a token this turn",
    "self_entered_this_turn": "it entered this turn",
    "self_attacked_this_turn": "it attacked this turn (boast, 702.142a)",
}
#: E5: the board tests of "Activate only if …" with a number (602.1b)
BOARD_TEST_TEXT: dict[ActivationBoardTest, str] = {
    "total_power_you_control_at_least": "creatures you control have total power {n} or greater",
    "self_power_at_least": "its power is {n} or greater",
    "cards_in_hand_exactly": "you have exactly {n} cards in hand",
}
#: E5: windows open in any player's turn (the rest only in the ability's controller's turn)
ANY_PLAYERS_TURN: frozenset[ActivationWindow] = frozenset(
    {"combat", "any_upkeep", "end_of_combat", "declare_blockers", "declare_attackers"}
)
WINDOW_TEXT: dict[ActivationWindow, str] = {
    "your_upkeep": "during its controller's upkeep",
    "your_turn_before_attackers": "during its controller's turn, before attackers are declared",
    "your_turn": "during its controller's turn",
    "combat": "during combat",
    "any_upkeep": "during an upkeep step",
    "end_of_combat": "during the end of combat step",
    "declare_blockers": "during the declare blockers step",
    "declare_attackers": "during the declare attackers step",
}
FUNCTIONS_OFF_BATTLEFIELD = re.compile(
    r"~ is in (?:your|a|an opponent's) (?:graveyard|hand|library)|~ is in exile|"
    r"from (?:your|a) graveyard|while ~ is (?:in|on)"
)
# which unknown triggered abilities could change an answer of each kind (they would trigger on
# the events the question looks at); a scope that isn't listed looks at no events
_SBA_WORDS = ("dies", "graveyard", "leaves", "life", "loses")
TRIGGER_WORDS: dict[AnswerScope, tuple[str, ...]] = {
    "mana": ("mana", "tapped", "tap "),
    "combat": ("attack", "block", "damage", "dies", "graveyard", "combat", "life"),
    "sba": _SBA_WORDS,
    "spell": (*_SBA_WORDS, "damage", "cast", "becomes the target", "put into"),
    "tokens": ("token", "enters", "create"),
}


class Game:
    def __init__(
        self, board: Board, trace: Trace | None = None, deadline: float | None = None
    ) -> None:
        self.board = board
        self.trace = trace or Trace()
        self.deadline = deadline if deadline is not None else time.perf_counter() + 2.0
        self.layers = Layers(board, self.trace, self.deadline)
        self.chars: dict[str, Chars] = self.layers.compute()
        self.check_control()

    def check_control(self) -> None:
        """Layer 2 (613.1b): the board states each permanent's controller; a control-changing
        effect must agree with it, or the board contradicts itself."""
        for o in self.board.battlefield():
            wanted = self.chars[o.id].controller
            if wanted is not None and wanted != o.controller:
                self.trace.unknown(
                    f"{o.id}: the board says {o.controller} controls it, but a control-changing "
                    f"effect gives it to {wanted}"
                )

    def check_time(self) -> None:
        if time.perf_counter() > self.deadline:
            raise EngineLimit("time limit reached")

    def obj(self, oid: str) -> GameObject:
        return self.board.objects[oid]

    def ch(self, oid: str) -> Chars:
        return self.chars[oid]

    def is_creature(self, oid: str) -> bool:
        return "Creature" in self.chars[oid].types

    def has(self, oid: str, keyword: str) -> bool:
        return keyword in self.chars[oid].keywords()

    def restrictions(self, oid: str) -> set[RestrictionRule | RestrictionEffectRule]:
        """Restrictions on ``oid``: its own ("~ can't block") and other permanents' (Pacifism)."""
        self.check_time()  # a scan of the battlefield, asked once per creature by some loops
        own: set[RestrictionRule | RestrictionEffectRule] = {
            a.rule
            for a in self.chars[oid].abilities
            if isinstance(a, Restriction) and self.in_force(a, self.obj(oid))
        }
        if "cant_attack_or_block" in own:
            own |= {"cant_attack", "cant_block"}
        if "cant_attack_or_block_alone" in own:
            own |= {"cant_attack_alone", "cant_block_alone"}
        for o in self.board.battlefield():
            for a in self.chars[o.id].abilities:
                if (
                    isinstance(a, RestrictionEffect)
                    and self.layers.matches(a.affected, o, oid, self.chars)
                    and self.in_force(a, o)
                ):
                    own |= set(a.rules)
                    self.trace.add("611.3a", f"{self.chars[o.id].name} ({o.id}): {a.text}")
        return own

    def in_force(self, a: Restriction | RestrictionEffect, holder: GameObject) -> bool:
        """E1: a conditional restriction applies only while its condition holds ("as long as
        ..."), or with "unless" while it doesn't (611.3a), tested on the board."""
        cond = a.condition
        if cond is None:
            return True
        holds, shown = self.layers.test_condition(cond, holder, self.chars)
        applies = holds != (isinstance(a, Restriction) and a.unless)
        name = self.chars[holder.id].name
        verdict = "applies" if applies else "doesn't apply"
        self.trace.add("611.3a", f"{name} ({holder.id}): '{cond.text}' — {shown}, so it {verdict}")
        return applies

    def attack_conditions(self, oid: str) -> list[str]:
        """The subtypes of "~ can't attack unless defending player controls a [subtype]"."""
        return [
            a.param or ""
            for a in self.chars[oid].abilities
            if isinstance(a, Restriction) and a.rule == "attack_only_if_defender_controls"
        ]

    def blocks_allowed(self, oid: str) -> int | None:
        """509.1a: a creature blocks at most one attacker unless an ability lets it block more
        (None: any number)."""
        rules = self.restrictions(oid)
        if "block_any_number" in rules:
            return None
        extra = sum(
            1
            for a in self.chars[oid].abilities
            if isinstance(a, Restriction)
            and a.rule == "extra_block"
            and self.in_force(a, self.obj(oid))
        )
        # E4: "Equipped creature can block an additional creature each combat", one per effect
        extra += sum(
            1
            for o in self.board.battlefield()
            for a in self.chars[o.id].abilities
            if isinstance(a, RestrictionEffect)
            and "extra_block" in a.rules
            and self.layers.matches(a.affected, o, oid, self.chars)
            and self.in_force(a, o)
        )
        return 1 + extra

    def power_block_problems(self, blocker: str, attacker: str) -> list[str]:
        """509.1b: "can't be blocked by creatures with power N or less" (or greater)."""
        power = self.ch(blocker).power or 0
        out = []
        for a in self.chars[attacker].abilities:
            if not isinstance(a, Restriction) or a.param is None:
                continue
            if a.rule.startswith("cant_be_blocked_by_power") and not self.in_force(
                a, self.obj(attacker)
            ):
                continue
            bound = int(a.param)
            if a.rule == "cant_be_blocked_by_power_or_less" and power <= bound:
                what = f"power {bound} or less"
            elif a.rule == "cant_be_blocked_by_power_or_greater" and power >= bound:
                what = f"power {bound} or greater"
            else:
                continue
            self.trace.add(
                "509.1b",
                f"{attacker} can't be blocked by creatures with {what}; {blocker} has "
                f"power {power}",
            )
            out.append(f"the attacker can't be blocked by creatures with {what}")
        return out

    def kind_block_problems(self, blocker: str, attacker: str) -> list[str]:
        """E1, 509.1b: the attacker's "~ can't be blocked by white creatures" / "... except by
        creatures with flying", and the blocker's "~ can't block black creatures"."""
        out = []
        for who, other, rules in (
            (attacker, blocker, ("cant_be_blocked_by_kind", "blocked_only_by_kind")),
            (blocker, attacker, ("cant_block_kind",)),
        ):
            for a in self.chars[who].abilities:
                if not isinstance(a, Restriction) or a.rule not in rules or a.creatures is None:
                    continue
                if not self.in_force(a, self.obj(who)):
                    continue
                fits = self.fits(a.creatures, other)
                if fits == (a.rule == "blocked_only_by_kind"):
                    continue
                text = a.text.replace("~", self.chars[who].name)
                such = "is such a creature" if fits else "is not such a creature"
                self.trace.add("509.1b", f"{who}: '{text}'; {other} {such}")
                out.append(f"{who}: {text}")
        # E4: an Aura's or Equipment's "Enchanted creature can't be blocked by Walls"
        for holder, e in self.restriction_effects_on(attacker):
            for rule in e.rules:
                if rule not in ("cant_be_blocked_by_kind", "blocked_only_by_kind"):
                    continue
                if e.creatures is None:
                    continue
                fits = self.fits(e.creatures, blocker)
                if fits == (rule == "blocked_only_by_kind"):
                    continue
                such = "is such a creature" if fits else "is not such a creature"
                name = self.chars[holder.id].name
                self.trace.add("509.1b", f"{name} ({holder.id}): '{e.text}'; {blocker} {such}")
                out.append(f"{name} ({holder.id}): {e.text}")
        return out

    def restriction_effects_on(self, oid: str) -> list[tuple[GameObject, RestrictionEffect]]:
        """E4: other permanents' restriction effects that apply to ``oid`` now (611.3a)."""
        return [
            (o, a)
            for o in self.board.battlefield()
            for a in self.chars[o.id].abilities
            if isinstance(a, RestrictionEffect)
            and self.layers.matches(a.affected, o, oid, self.chars)
            and self.in_force(a, o)
        ]

    def fits(self, wanted: CreatureFilter, oid: str) -> bool:
        """Whether creature ``oid`` is one of the creatures a restriction names."""
        ch, o = self.ch(oid), self.obj(oid)
        kinds = any(admits(sel, ch, o.is_token) for sel in wanted.kinds)
        keywords = any(self.has(oid, k) for k in wanted.keywords)
        named = kinds or keywords or not (wanted.kinds or wanted.keywords)
        if wanted.power is None or not named:
            return named
        power = ch.power or 0
        bound = wanted.power.bound
        return power >= bound if wanted.power.direction == "or greater" else power <= bound

    def needs_two_blockers(self, oid: str) -> bool:
        """Menace (702.111b) and "can't be blocked except by two or more creatures" (509.1b)."""
        return self.has(oid, "menace") or "menace_like" in self.restrictions(oid)

    def explain_layers(self, oid: str) -> None:
        """Add the layer steps that touched ``oid`` to the trace."""
        self.layers.copier.explain(oid, self.trace)
        copied = self.layers.copier.copiable(self.obj(oid))
        per_layer: dict[str, int] = {}
        for layer, _label, rule, ids in self.layers.applied_log:
            if oid in ids and rule not in ("305.7", "613.8", "611.3a", "607.2d", "608.2d"):
                per_layer[layer] = per_layer.get(layer, 0) + 1
        if any(n > 1 for n in per_layer.values()):
            self.trace.add("613.7", f"effects on {oid} within one layer apply in timestamp order")
        had_cda = any(isinstance(a, PTDefining) for a in copied.abilities)
        for layer, label, rule, ids in self.layers.applied_log:
            if oid in ids and layer == "condition":  # E1: a conditional static (611.3a)
                self.trace.add(rule, label)
            elif oid in ids:
                self.trace.add(rule, f"layer {layer}: {label}")
        if had_cda and not any(isinstance(a, PTDefining) for a in self.ch(oid).abilities):
            self.trace.add("604.3", f"{oid}'s P/T-defining ability was removed in layer 6 (613.1f)")
            self.trace.add(
                "613.3", f"{oid}: a removed characteristic-defining ability has nothing to apply"
            )
            self.trace.add("613.4a", f"{oid}: layer 7a has no P/T-defining ability left to apply")
        elif had_cda:
            self.trace.add("604.3", f"{oid}: its P/T come from a characteristic-defining ability")

    # -- unmodelled clauses that could matter ----------------------------------------------------
    def unmodelled_for(self, kind: AnswerScope, ids: list[str]) -> None:
        """Record the unsupported clauses that could change this kind of answer."""
        for o in self.board.objects.values():
            ch = self.chars[o.id]
            for a in ch.abilities:
                if isinstance(a, Unsupported) and self._could_matter(a, o, kind, ids):
                    self.trace.unknown(f"{ch.name} ({o.id}): {a.text}")

    def _could_matter(
        self, a: Unsupported, o: GameObject, kind: AnswerScope, ids: list[str]
    ) -> bool:
        reach: UnsupportedKind = a.kind
        text = a.text.lower()
        if o.zone != "battlefield":
            # 113.6: off the battlefield only the object's own text can matter to questions about
            # it, and abilities that trigger from there on the events the question looks at
            if reach == "triggered":
                return any(w in text for w in TRIGGER_WORDS.get(kind, ()))
            if reach in ("static", "unknown") and FUNCTIONS_OFF_BATTLEFIELD.search(text):
                return True  # "As long as ~ is in your graveyard, ..." (Anger) reaches anything
            return o.id in ids and reach in ("static", "unknown") and kind in QUESTIONS_ON_CARDS
        if reach == "static" or reach == "unknown":
            return True
        if reach == "replacement":
            return self._replacement_could_matter(text, o, kind)
        if reach == "activated":
            # 106.7: another permanent's unread mana ability can change what could be produced
            makes_mana = bool(re.search(r"\badd\b|\bmana\b", text))
            return (kind == "activate" and o.id in ids) or (kind == "mana" and makes_mana)
        if reach == "triggered":
            return any(w in text for w in TRIGGER_WORDS.get(kind, ()))
        if reach == "spell":
            return kind == "spell"
        assert_never(reach)

    @staticmethod
    def _replacement_could_matter(text: str, o: GameObject, kind: AnswerScope) -> bool:
        """An unread "enters" replacement acts as the permanent enters (614.1c), but what it
        chose or set ("As ~ enters, choose ..."; its counters) lasts: only "enters tapped" is
        fully shown by a board that says whether it is tapped."""
        if o.entering or kind == "tokens":
            return True
        if re.fullmatch(r"~ enters tapped(?: unless [^.]+)?\.?", text):
            return False
        return not ("counter" in text and o.counters_given and "choose" not in text)

    # -- summoning sickness, activation ----------------------------------------------------------
    def summoning_sick(self, oid: str) -> bool:
        o = self.obj(oid)
        return self.is_creature(oid) and not o.since_turn_start

    def can_activate(
        self, oid: str, ability: Ability, tap_for_cost: list[str]
    ) -> tuple[bool, list[str]]:
        """602.2, 602.5a, 302.6, 107.5: can the controller activate ``ability`` of ``oid`` now?"""
        o = self.obj(oid)
        reasons: list[str] = []
        cost = ability.cost if isinstance(ability, ManaAbility | ActivatedAbility) else None
        if isinstance(ability, ManaAbility):
            self.trace.add(
                "605.1a", f"'{ability.text}' is a mana ability, an activated ability with a cost"
            )
        zone = ability.zone if isinstance(ability, ActivatedAbility) else "battlefield"
        if o.zone != zone:
            self.trace.add(
                "113.6", f"this ability functions only in the {zone}; {oid} is in the {o.zone}"
            )
            reasons.append(f"it functions only while the object is in the {zone}")
        if cost is None and isinstance(ability, Keyword) and ability.name in ACTIVATED_KEYWORDS:
            # cycling, ninjutsu, unearth, ... are activated abilities (602) the engine doesn't
            # read into a cost and effect
            self.trace.unknown(f"{oid}'s {ability.label()} ability (not modelled)")
            reasons.append(f"{ability.label()} is an activated ability the engine doesn't model")
            return False, reasons
        if cost is None and isinstance(ability, Unsupported) and ability.kind == "activated":
            # 602.1: it is an activated ability, but one the engine doesn't read
            self.trace.unknown(f"{oid}'s ability '{ability.text}' (not modelled)")
            reasons.append("it is an activated ability the engine doesn't model")
            return False, reasons
        if cost is None:
            reasons.append("not an activated ability")
            return False, reasons
        if o.zone == "battlefield" and "no_activated" in self.restrictions(oid):
            reasons.append("an effect says its activated abilities can't be activated")
        if cost.has_tap_symbol:
            reasons += self.tap_symbol_problems(oid, cost)
        if cost.tap_untapped is not None and cost.tap_untapped_power:
            reasons += self.pay_crew(oid, cost.tap_untapped_power, tap_for_cost)
        elif cost.tap_untapped is not None:
            # E5: what the cost names ("Tap two untapped Wizards you control"); the source
            # itself may pay it unless its own {T} is part of the same cost (602.1, 107.5)
            ok = self.pay_tap_untapped(
                oid,
                cost.tap_untapped_count,
                tap_for_cost,
                reasons,
                wanted=cost.tap_untapped,
                itself_ok=not cost.tap,
            )
            if not ok:
                noun = cost_noun(cost.tap_untapped)
                n = cost.tap_untapped_count
                reasons.append(
                    f"no untapped {noun} to tap for the cost"
                    if n == 1
                    else f"fewer than {n} untapped permanents ({noun}) to tap for the cost"
                )
        reasons += self.cost_problems(o, cost)
        if isinstance(ability, ActivatedAbility | ManaAbility) and ability.once_each_turn:
            # the board doesn't record which abilities were activated this turn
            self.trace.unknown(
                f"whether {oid}'s '{ability.text}' was already activated this turn "
                "(activate only once each turn, 602.5b)"
            )
        if isinstance(ability, ActivatedAbility | ManaAbility) and ability.only_during is not None:
            reasons += self.window_problems(o.controller, ability.only_during)
        if isinstance(ability, ActivatedAbility | ManaAbility):
            reasons += self.activation_limit_problems(o, ability)
        if isinstance(ability, ActivatedAbility | ManaAbility) and ability.sorcery_speed:
            main = self.board.step in ("precombat_main", "postcombat_main")
            stack = self.board.in_zone("stack")
            if not (main and self.board.active == o.controller) or stack:
                self.trace.add(
                    "602.5d",
                    "a sorcery-speed ability: main phase of its controller's turn, empty stack",
                )
                reasons.append("only as a sorcery: main phase of your turn with an empty stack")
        return not reasons, reasons

    def cost_problems(self, o: GameObject, cost: Cost) -> list[str]:
        """118.3: the parts of a cost other than mana and tapping need their resources: permanents
        to sacrifice, life to pay (119.4), cards to discard, counters to remove."""
        out: list[str] = []
        if cost.sacrifice is not None:
            kinds = (cost.sacrifice, *cost.sacrifice_or)  # E5: "an artifact or creature"
            n = sum(
                1
                for x in self.board.battlefield()
                if x.controller == o.controller
                and any(self.layers.matches(k, o, x.id, self.chars) for k in kinds)
            )
            if n < max(cost.sacrifice_count, 1):
                self.trace.add("118.3", f"{o.controller} controls nothing the cost can sacrifice")
                out.append("there is nothing to sacrifice for the cost")
        if cost.pay_life:
            life = self.board.players[o.controller].life
            if life < cost.pay_life:
                self.trace.add("119.4", f"{o.controller} has {life} life, less than the cost")
                out.append(f"paying {cost.pay_life} life needs at least that much life")
        if cost.discard:
            player = self.board.players[o.controller]
            cards = max(len(player.hand), player.hand_count)
            if cards == 0:
                self.trace.unknown(f"whether {o.controller} has a card to discard for the cost")
            elif cards < cost.discard:
                self.trace.add("118.3", f"{o.controller} has too few cards in hand to discard")
                out.append("too few cards in hand to discard for the cost")
        out += self.more_cost_problems(o, cost)  # E5
        if cost.remove_counters is not None and cost.remove_counters_from is None:
            kind, n = cost.remove_counters
            have = self.layers.counters_of(o, self.chars).get(kind, 0)
            if have < max(n, 1):
                self.trace.add("118.3", f"{o.id} has {have} {kind} counters; the cost removes {n}")
                out.append(f"it doesn't have the {kind} counters the cost removes")
            else:  # E3 (s11): say why the cost can be paid, not only why it can't
                self.trace.add(
                    "118.3", f"{o.id} has {have} {kind} counter(s): the cost can remove {n}"
                )
        return out

    def activation_limit_problems(
        self, o: GameObject, ability: ActivatedAbility | ManaAbility
    ) -> list[str]:
        """E5, 602.1b: "Activate no more than twice each turn" and "Activate only if ...": a
        condition of the board is tested on it; one about the turn's history the board doesn't
        record makes the answer unverified."""
        if ability.max_each_turn:
            self.trace.unknown(
                f"how many times {o.id}'s '{ability.text}' was activated this turn (no more "
                f"than {ability.max_each_turn} times each turn, 602.1b)"
            )
        attacking_now = ability.only_if_history == "self_attacked_this_turn" and o.attacking
        if attacking_now:
            self.trace.add("702.142a", f"{o.id} is attacking, so it attacked this turn")
        elif ability.only_if_history is not None:
            self.trace.unknown(
                f"whether {HISTORY_TEXT[ability.only_if_history]}: {o.id}'s ability can be "
                "activated only if so (602.1b), and the board doesn't record it"
            )
        problems = self.board_test_problems(o, ability.only_if_board)
        cond = ability.only_if
        if cond is None:
            return problems
        holds, shown = self.layers.test_condition(cond, o, self.chars)
        verdict = "so it can be activated" if holds else "so it can't be activated now"
        self.trace.add("602.1b", f"{o.id}: activate only if {cond.text} — {shown}, {verdict}")
        return problems if holds else [*problems, f"it can be activated only if {cond.text}"]

    def board_test_problems(
        self, o: GameObject, test: tuple[ActivationBoardTest, int] | None
    ) -> list[str]:
        """E5, 602.1b: "Activate only if creatures you control have total power 8 or greater /
        ~'s power is 4 or greater / you have exactly seven cards in hand", read off the board."""
        if test is None:
            return []
        kind, bound = test
        what = BOARD_TEST_TEXT[kind].format(n=bound)
        if kind == "total_power_you_control_at_least":
            powers = [
                self.ch(x.id).power or 0
                for x in self.board.battlefield()
                if x.controller == o.controller and self.is_creature(x.id)
            ]
            if any(p < 0 for p in powers):
                self.trace.unknown(
                    f"the total power of {o.controller}'s creatures (one is negative)"
                )
                return []
            value = sum(powers)
        elif kind == "self_power_at_least":
            value = self.ch(o.id).power or 0
        else:
            value = self.board.players[o.controller].hand_count
            if value == 0:  # a board that lists no hand may not have said (as for discard costs)
                self.trace.unknown(f"how many cards are in {o.controller}'s hand")
        holds = value == bound if kind == "cards_in_hand_exactly" else value >= bound
        verdict = "so it can be activated" if holds else "so it can't be activated now"
        self.trace.add(
            "602.1b", f"{o.id}: activate only if {what} — the board shows {value}, {verdict}"
        )
        return [] if holds else [f"it can be activated only if {what}"]

    def more_cost_problems(self, o: GameObject, cost: Cost) -> list[str]:
        """E5, 118.3: a cost's discard of a kind of card, cards to exile from the graveyard,
        permanents to return to the hand and counters to remove from another permanent."""
        out: list[str] = []
        player = self.board.players[o.controller]
        if cost.pay_energy:
            self.trace.unknown(
                f"whether {o.controller} has {cost.pay_energy} energy to pay (107.14): a board "
                "doesn't record energy counters"
            )
        if cost.discard_at_random:
            self.trace.add("118.3", "a card discarded at random is still a card the hand must have")
        if cost.discard_kind is not None:
            kind = cost.discard_kind
            if not player.hand:  # only a count: what the cards are is hidden (402.3)
                if player.hand_count:
                    self.trace.unknown(f"whether {o.controller}'s hand has a {kind.lower()} card")
            else:
                cards = [self.board.card_source.get(name) for name in player.hand]
                # a card in hand has only its front face's characteristics (712.8a)
                have = sum(1 for c in cards if c is not None and kind in c.face(0).type_line)
                if have < cost.discard and None in cards:
                    self.trace.unknown(f"the card types of {o.controller}'s hand")
                elif have < cost.discard:
                    self.trace.add("118.3", f"{o.controller}'s hand has no {kind.lower()} card")
                    out.append(f"no {kind.lower()} card in hand to discard for the cost")
        if cost.exile_from_graveyard:
            out += self.graveyard_cost_problems(o, cost)
        if cost.return_to_hand is not None:
            n = sum(
                1
                for x in self.board.battlefield()
                if self.layers.matches(cost.return_to_hand, o, x.id, self.chars)
            )
            if n < cost.return_to_hand_count:
                self.trace.add("118.3", f"{o.controller} controls {n} of what the cost returns")
                out.append("too few permanents to return to their owner's hand for the cost")
        if cost.remove_counters is not None and cost.remove_counters_from is not None:
            kind, n = cost.remove_counters
            holders = [
                x.id
                for x in self.board.battlefield()
                if self.layers.matches(cost.remove_counters_from, o, x.id, self.chars)
                and any(
                    c >= n and (kind == "any" or k == kind)
                    for k, c in self.layers.counters_of(x, self.chars).items()
                )
            ]
            what = "counter" if kind == "any" else f"{kind} counter"
            if not holders:
                self.trace.add("118.3", f"no permanent the cost names has a {what} to remove")
                out.append(f"nothing the cost names has a {what} to remove")
            else:
                self.trace.add("118.3", f"{', '.join(holders)} has a {what} to remove")
        return out

    def graveyard_cost_problems(self, o: GameObject, cost: Cost) -> list[str]:
        """E5: "Exile two cards / a creature card from your graveyard" (118.3, 404.2: the
        graveyard is a public zone, so the board shows it)."""
        you = o.controller if o.zone == "battlefield" else o.owner
        kind = cost.exile_from_graveyard_kind
        cards = [
            g.id
            for g in self.board.in_zone("graveyard")
            if g.owner == you
            and (kind is None or kind in self.chars[g.id].types + self.chars[g.id].subtypes)
        ]
        what = "cards" if kind is None else f"{kind} cards"
        self.trace.add(
            "118.3",
            f"{you}'s graveyard has {len(cards)} {what} the cost can exile "
            f"(it exiles {cost.exile_from_graveyard})",
        )
        if len(cards) < cost.exile_from_graveyard:
            return [f"too few {what} in the graveyard to exile for the cost"]
        return []

    def window_problems(self, controller: str, window: ActivationWindow) -> list[str]:
        """602.5: "Activate only during your upkeep" / "only during your turn, before attackers
        are declared" (attackers are declared as the declare attackers step begins, 508.1)."""
        allowed = WINDOW_STEPS[window]
        whose_ok = window in ANY_PLAYERS_TURN or self.board.active == controller
        if whose_ok and self.board.step in allowed:
            self.trace.add(
                "602.1b", f"it can be activated only {WINDOW_TEXT[window]}, and it is now"
            )
            return []
        what = WINDOW_TEXT[window]
        self.trace.add("602.5", f"this ability can be activated only {what}")
        return [f"it can be activated only {what}"]

    def tap_symbol_problems(self, oid: str, cost: Cost) -> list[str]:
        """Why {T} or {Q} in ``cost`` can't be paid: summoning sickness (302.6, 702.10c for
        haste), already tapped (107.5) or already untapped (107.6)."""
        o = self.obj(oid)
        problems: list[str] = []
        if self.is_creature(oid) and not o.since_turn_start:
            if self.has(oid, "haste"):
                self.trace.add(
                    "702.10c",
                    f"{oid} has haste, so 302.6 doesn't stop its {{T}}/{{Q}} abilities",
                )
                self.explain_haste(oid)
            else:
                self.trace.add(
                    "302.6",
                    f"{oid} is a creature that hasn't been under its controller's control "
                    "since their most recent turn began",
                )
                self.trace.add("602.5a", "so its {T}/{Q} abilities can't be activated")
                problems.append(
                    "summoning sick: a creature's {T} ability needs it under your control "
                    "since your turn began (302.6)"
                )
        elif self.is_creature(oid):
            self.trace.add(
                "302.6",
                f"{oid} has been under its controller's control since their most recent turn began",
            )
        elif not o.since_turn_start:
            self.trace.add("302.6", f"{oid} isn't a creature, so summoning sickness doesn't apply")
        if cost.tap and o.tapped:
            self.trace.add(
                "107.5", f"{oid} is already tapped, so it can't be tapped to pay the cost"
            )
            problems.append("it is already tapped")
        if cost.untap and not o.tapped:
            self.trace.add("107.6", f"{oid} is untapped, so {{Q}} can't be paid")
            problems.append("it is already untapped")
        return problems

    def explain_haste(self, oid: str) -> None:
        for layer, label, rule, ids in self.layers.applied_log:
            if oid in ids and layer == "6":
                self.trace.add(rule, f"layer 6: {label}")

    def pay_crew(self, oid: str, power: int, chosen: list[str]) -> list[str]:
        """702.122a: tap other untapped creatures you control with total power ``power`` or
        greater (302.6 doesn't stop them: their own {T} abilities aren't activated)."""
        problems: list[str] = []
        self.pay_tap_untapped(oid, 0, chosen, problems)
        o = self.obj(oid)
        pool = chosen or [
            p.id
            for p in self.board.battlefield()
            if p.controller == o.controller and self.is_creature(p.id) and not p.tapped
        ]
        crew = [
            p
            for p in pool
            if p != oid
            and p in self.board.objects
            and self.obj(p).zone == "battlefield"
            and self.is_creature(p)
            and self.obj(p).controller == o.controller
            and not self.obj(p).tapped
        ]
        total = sum(max(0, self.ch(p).power or 0) for p in crew)
        self.trace.add(
            "702.122a",
            f"crew {power}: tap other untapped creatures you control with total power {power} or "
            f"greater ({', '.join(crew) or 'none'}: total power {total})",
        )
        if total < power:
            problems.append(f"the creatures to tap have total power {total}, less than {power}")
        return problems

    def pay_tap_untapped(
        self,
        oid: str,
        count: int,
        chosen: list[str],
        reasons: list[str],
        wanted: Selector | None = None,
        itself_ok: bool = False,
    ) -> bool:
        """Tap untapped permanents to pay a cost: creatures (crew), or E5's ``wanted`` kind."""
        o = self.obj(oid)

        def fits(pid: str) -> bool:
            if wanted is None:
                return self.is_creature(pid)
            return (pid != oid or itself_ok) and self.layers.matches(wanted, o, pid, self.chars)

        pool = chosen or [
            p.id
            for p in self.board.battlefield()
            if p.controller == o.controller
            and fits(p.id)
            and not p.tapped
            and (p.id != oid or (wanted is not None and itself_ok))
        ]
        good = []
        for pid in pool:
            p = self.board.objects.get(pid)
            if p is None or p.zone != "battlefield" or not fits(pid):
                kind = "a creature" if wanted is None else "what the cost names"
                reasons.append(f"{pid} is not {kind} on the battlefield")
                continue
            if p.controller != o.controller:
                reasons.append(f"{pid} isn't controlled by {o.controller}")
                continue
            if p.tapped:
                reasons.append(f"{pid} is already tapped")
                continue
            good.append(pid)
            if not p.since_turn_start:
                whose = (
                    "this cost, which has no {T} symbol,"
                    if pid == oid
                    else "another permanent's cost"
                )
                self.trace.add(
                    "302.6",
                    f"{pid} entered this turn, but 302.6 only stops its own {{T}} abilities; "
                    f"tapping it to pay {whose} is allowed",
                )
                self.trace.add(
                    "602.5a", f"602.5a restricts only {pid}'s own abilities with {{T}}/{{Q}}"
                )
        return len(good) >= count

    # -- mana (106, 605) -------------------------------------------------------------------------
    def mana_abilities(self, oid: str) -> list[ManaAbility]:
        return [a for a in self.ch(oid).abilities if isinstance(a, ManaAbility)]

    def could_produce_all(self) -> dict[str, frozenset[str]]:
        """106.7: the types each permanent could produce, a least fixed point from nothing,
        ignoring whether costs could be paid."""
        perms = [o.id for o in self.board.battlefield()]
        produce: dict[str, frozenset[str]] = {p: frozenset() for p in perms}
        for _round in range(MAX_FIXED_POINT_ROUNDS):
            self.check_time()
            changed = False
            for pid in perms:
                self.check_time()  # a round is quadratic in permanents ("could produce")
                got: set[str] = set()
                for ab in self.mana_abilities(pid):
                    got |= self.types_of(pid, ab.produces, produce)
                new = frozenset(got)
                if new != produce[pid]:
                    produce[pid] = new
                    changed = True
            if not changed:
                return produce
        raise EngineLimit("mana fixed point did not settle")

    def types_of(
        self, pid: str, prod: ManaProduction, produce: dict[str, frozenset[str]]
    ) -> set[str]:
        if isinstance(prod, FixedMana):
            return {s for option in prod.options for s in option}
        if isinstance(prod, AnyColor):
            return set(COLORS)
        if isinstance(prod, ChosenColor):
            chosen = self.obj(pid).chosen.get("color")
            shown = f" ({{{chosen}}})" if chosen else ""
            self.trace.add(
                "607.2d", f"{pid}'s mana ability refers to the color chosen as it entered{shown}"
            )
            if chosen is None:
                self.trace.unknown(
                    f"{pid}: no color was chosen for it (add chosen: {{color: ...}})"
                )
                return set(prod.or_fixed)
            return {chosen, *prod.or_fixed}
        if isinstance(prod, CountedMana):  # E1 (s9): none at all when it counts 0 (106.7)
            if chosen_devotion(prod):  # E2 (s10): each color with devotion to it (700.5)
                return set(self.devotion_by_color(pid))
            n = self.layers.count(prod.count, self.obj(pid), self.chars)
            if not n:
                return set()
            return set(COLORS) if prod.any_color else {prod.symbol}
        if isinstance(prod, CouldProduce):
            me = self.obj(pid).controller
            out: set[str] = set()
            for qid, kinds in produce.items():
                q = self.obj(qid)
                if not any(t in self.ch(qid).types for t in prod.permanent_types):
                    continue
                if (prod.whose == "you") != (q.controller == me):
                    continue
                out |= kinds
            if prod.kind == "color":
                out &= set(COLORS)
            return out
        return set()

    def devotion_by_color(self, pid: str) -> dict[str, int]:
        """E2 (s10): the controller's devotion to each color it is more than 0 for (700.5)."""
        o = self.obj(pid)
        out = {c: self.layers.count(CountDevotion((c,)), o, self.chars) for c in COLORS}
        return {c: n for c, n in out.items() if n}

    def counted_mana(self, pid: str, prod: CountedMana, triggered: bool = False) -> int:
        """E1 (s9): "Add {G} for each Elf you control" counts as the mana ability resolves,
        immediately on activation (605.3b; a triggered one at once too, 605.4a, 608.2h): on this
        board, now. Nykthos: the most it can add (the color is chosen as it resolves)."""
        if chosen_devotion(prod):
            by_color = self.devotion_by_color(pid)
            self.trace.add(
                "605.3b", f"{pid}'s mana ability resolves immediately after it is activated"
            )
            self.trace.add("608.2d", f"{self.obj(pid).controller} chooses the color as it resolves")
            self.trace.add(
                "700.5",
                f"{self.obj(pid).controller}'s devotion: "
                + (", ".join(f"{{{c}}} {n}" for c, n in by_color.items()) or "0 to every color"),
            )
            return max(by_color.values(), default=0)
        n = self.layers.count(prod.count, self.obj(pid), self.chars)
        if not triggered:
            self.trace.add(
                "605.3b", f"{pid}'s mana ability resolves immediately after it is activated"
            )
        self.trace.add(
            "608.2h",
            f"{pid}: the number it counts is determined as it resolves: {n}, so "
            f"{n} {counted_mana_kind(prod)}",
        )
        if isinstance(prod.count, CountDevotion):
            self.trace.add(
                "700.5",
                f"devotion counts the mana symbols of {'/'.join(prod.count.colors)} among the "
                f"mana costs of permanents {self.obj(pid).controller} controls",
            )
        return n

    def mana_amount(self, pid: str, ability: ManaAbility) -> int:
        """How much mana the ability itself adds ("{R} or {G}": 1; "{G}{G}": 2; "{G} for each
        Elf you control": the count)."""
        prod = ability.produces
        if isinstance(prod, FixedMana):
            return min(len(o) for o in prod.options)
        if isinstance(prod, CountedMana):
            return self.counted_mana(pid, prod)
        return int(getattr(prod, "amount", 1))

    def option_text(self, kinds: frozenset[str] | set[str]) -> str:
        order = [t for t in MANA_TYPES if t in kinds]
        return " or ".join(f"{{{t}}}" for t in order) if order else "no mana"

    def mana_triggers(self, tapped_id: str) -> list[tuple[str, TriggeredAbility]]:
        """605.1b / 106.12a: triggered mana abilities that trigger on ``tapped_id`` being tapped
        for mana."""
        out = []
        for o in self.board.battlefield():
            for a in self.ch(o.id).abilities:
                if not (isinstance(a, TriggeredAbility) and a.event == "tapped_for_mana"):
                    continue
                if not a.is_mana_ability:
                    continue  # 605.1b: it adds no mana ("... deals 1 damage to that player")
                if self.layers.matches(a.subject, o, tapped_id, self.chars):
                    out.append((o.id, a))
        return out

    def trigger_adds(self, ab: TriggeredAbility, src: str) -> int:
        total = 0
        for e in ab.effects:
            if isinstance(e, AddMana):
                if isinstance(e.produces, FixedMana):
                    total += min(len(o) for o in e.produces.options)
                elif isinstance(e.produces, CountedMana):  # E1 (s9): counted as it resolves
                    total += self.counted_mana(src, e.produces, triggered=True)
                else:
                    total += getattr(e.produces, "amount", 1)
        return total

    def trigger_kinds(self, src: str, ab: TriggeredAbility, produced: frozenset[str]) -> set[str]:
        """Types a triggered mana ability adds; "that permanent produced" means ``produced``."""
        from engine.abilities import ProducedType

        out: set[str] = set()
        for e in ab.effects:
            if isinstance(e, AddMana):
                if isinstance(e.produces, ProducedType):
                    out |= produced
                else:
                    out |= self.types_of(src, e.produces, {})
        return out

    # -- attacking and blocking (508, 509) -------------------------------------------------------
    def can_attack(self, oid: str) -> tuple[bool, list[str]]:
        o = self.obj(oid)
        reasons: list[str] = []
        self.trace.add(
            "508.1a",
            "attackers must be untapped creatures the active player controls, with haste or under "
            "control since the turn began",
        )
        if o.zone != "battlefield" or not self.is_creature(oid):
            reasons.append("it isn't a creature on the battlefield")
            return False, reasons
        if o.controller != self.board.active:
            reasons.append(f"it isn't {o.controller}'s turn")
        if o.tapped:
            reasons.append("it is tapped")
        if not o.since_turn_start:
            if self.has(oid, "haste"):
                self.trace.add(
                    "302.6",
                    f"{oid} hasn't been under its controller's control since their most recent "
                    "turn began",
                )
                self.trace.add("702.10b", f"{oid} has haste, so it can attack this turn")
                self.explain_haste(oid)
            else:
                self.trace.add(
                    "302.6",
                    f"{oid} hasn't been under its controller's control since their most recent "
                    "turn began",
                )
                reasons.append("summoning sick (302.6)")
        else:
            self.trace.add(
                "302.6",
                f"{oid} has been under its controller's control since their most recent turn began",
            )
        if self.has(oid, "defender"):
            self.trace.add("702.3b", f"{oid} has defender")
            reasons.append("it has defender")
        for subtype in self.attack_conditions(oid):
            if subtype:
                defender = self.board.opponent(o.controller)
                has = any(
                    p.controller == defender and subtype in self.ch(p.id).subtypes
                    for p in self.board.battlefield()
                )
                self.trace.add(
                    "508.1c",
                    f"{oid} can attack only if the defending player controls a {subtype}: "
                    f"{defender} {'does' if has else 'does not'}",
                )
                if not has:
                    reasons.append(f"the defending player controls no {subtype}")
        if "cant_attack" in self.restrictions(oid):
            self.trace.add("508.1c", f"a restriction says {oid} can't attack")
            reasons.append("an effect says it can't attack")
        reasons += self.cant_attack_you_problems(oid)
        if "cant_attack_alone" in self.restrictions(oid):
            reasons += self.alone_problems(oid, "attack")
        return not reasons, reasons

    def cant_attack_you_problems(self, oid: str) -> list[str]:
        """E4, 508.1c: "Enchanted creature can't attack you or planeswalkers you control" — "you"
        is the Aura's controller; with two players, when that is the creature's opponent, it has
        nothing left to attack but a battle."""
        o = self.obj(oid)
        out: list[str] = []
        for holder, e in self.restriction_effects_on(oid):
            if "cant_attack_you" not in e.rules or holder.controller == o.controller:
                continue
            you = holder.controller
            if any("Battle" in self.ch(b.id).types for b in self.board.battlefield()):
                self.trace.unknown(f"{oid} can't attack {you}; whether it could attack a battle")
                continue
            name = self.chars[holder.id].name
            self.trace.add(
                "508.1c",
                f"{name} ({holder.id}): {oid} can't attack {you} or planeswalkers {you} controls, "
                f"and {you} is its only opponent",
            )
            out.append(f"an effect says it can't attack {you} or planeswalkers {you} controls")
        return out

    def alone_problems(self, oid: str, what: str) -> list[str]:
        """E1: "~ can't attack alone" / "~ can't block alone" (506.5, 508.1c, 509.1b): legal only
        with another attacker (blocker); before they are declared that is a choice the board
        doesn't give."""
        rule = "508.1c" if what == "attack" else "509.1b"
        doing = (lambda p: p.attacking is not None) if what == "attack" else (lambda p: p.blocking)
        others = [p.id for p in self.board.battlefield() if p.id != oid and doing(p)]
        if others:
            self.trace.add(rule, f"{oid} can't {what} alone; {others[0]} {what}s too")
            return []
        if doing(self.obj(oid)):
            self.trace.add("506.5", f"{oid} is the only creature that {what}s")
            return [f"it can't {what} alone and no other creature {what}s"]
        self.trace.add(rule, f"{oid} can't {what} alone")
        self.trace.unknown(f"{oid} can {what} only if another creature {what}s too ({rule})")
        return []

    def can_block_detail(self, oid: str, attacker: str, trace: Trace) -> tuple[bool, list[str]]:
        """Blocking legality against one attacker, ignoring tapped/turn (the block was declared)."""
        saved = self.trace
        self.trace = trace
        try:
            _ok, reasons = self.can_block(oid, attacker)
        finally:
            self.trace = saved
        reasons = [
            r
            for r in reasons
            if r not in ("it is tapped", "only the defending player's creatures block")
        ]
        return not reasons, reasons

    def can_block(
        self, oid: str, attacker: str | None, *, as_a_partner: bool = False
    ) -> tuple[bool, list[str]]:
        """509.1a-c: whether ``oid`` could block (``attacker``). ``as_a_partner``: asked about a
        second blocker for a creature that needs two or more, so that requirement is met."""
        o = self.obj(oid)
        reasons: list[str] = []
        self.trace.add(
            "509.1a", "blockers must be untapped creatures the defending player controls"
        )
        if o.zone != "battlefield" or not self.is_creature(oid):
            return False, ["it isn't a creature on the battlefield"]
        if o.tapped:
            reasons.append("it is tapped")
        if o.controller == self.board.active:
            reasons.append("only the defending player's creatures block")
        if "cant_block" in self.restrictions(oid):
            self.trace.add("509.1b", f"a restriction says {oid} can't block")
            reasons.append("an effect says it can't block")
        if "cant_block_alone" in self.restrictions(oid):
            reasons += self.alone_problems(oid, "block")
        if attacker is not None:
            if self.has(attacker, "flying") and not (
                self.has(oid, "flying") or self.has(oid, "reach")
            ):
                self.trace.add(
                    "702.9b", f"{attacker} has flying; {oid} has neither flying nor reach"
                )
                reasons.append(
                    "the attacker has flying and the blocker has neither flying nor reach"
                )
            attacker_rules = self.restrictions(attacker)
            needs_two = self.has(attacker, "menace") or "menace_like" in attacker_rules
            if self.has(attacker, "menace"):
                self.trace.add("702.111b", f"{attacker} has menace: it needs two or more blockers")
            elif "menace_like" in attacker_rules:
                self.trace.add(
                    "509.1b", f"{attacker} can't be blocked except by two or more creatures"
                )
            if needs_two and not as_a_partner:
                reasons += self.partner_problems(oid, attacker)
            if "cant_be_blocked" in attacker_rules:
                self.trace.add("509.1b", f"{attacker} can't be blocked")
                reasons.append("the attacker can't be blocked")
            others = [b for b in self.obj(attacker).blocked_by if b != oid]
            if "max_one_blocker" in attacker_rules and others:
                self.trace.add(
                    "509.1b",
                    f"{attacker} can't be blocked by more than one creature; "
                    f"{', '.join(others)} already blocks it",
                )
                reasons.append("the attacker can't be blocked by more than one creature")
            reasons += self.power_block_problems(oid, attacker)
            reasons += self.kind_block_problems(oid, attacker)
            reasons += self.evasion_problems(oid, attacker)
            if "block_only_flyers" in self.restrictions(oid) and not self.has(attacker, "flying"):
                reasons.append("it can block only creatures with flying")
            for kw in self.ch(attacker).keywords() - COMBAT_KEYWORDS_MODELLED - COMBAT_IRRELEVANT:
                self.trace.unknown(f"{attacker}'s {kw} (blocking effects not modelled)")
        for kw in self.ch(oid).keywords() - COMBAT_KEYWORDS_MODELLED - COMBAT_IRRELEVANT:
            self.trace.unknown(f"{oid}'s {kw} (blocking effects not modelled)")
        return not reasons, reasons

    def evasion_problems(self, oid: str, attacker: str) -> list[str]:
        """Keyword evasion (S1): fear (702.36b), intimidate (702.13b), shadow (702.28b),
        horsemanship (702.31b), skulk (702.118b) and the attacker's protection (702.16f)."""
        out: list[str] = []
        blocker, attacking = self.ch(oid), self.ch(attacker)
        artifact = "Artifact" in blocker.types
        if self.has(attacker, "fear") and not (artifact or "B" in blocker.colors):
            self.trace.add(
                "702.36b", f"{attacker} has fear; {oid} is neither an artifact nor black"
            )
            out.append("the attacker has fear (only artifact and/or black creatures block it)")
        shares = bool(blocker.colors & attacking.colors)
        if self.has(attacker, "intimidate") and not (artifact or shares):
            self.trace.add(
                "702.13b",
                f"{attacker} has intimidate; {oid} is not an artifact and shares no color with it",
            )
            out.append("the attacker has intimidate")
        if self.has(attacker, "shadow") != self.has(oid, "shadow"):
            self.trace.add("702.28b", f"only one of {attacker} and {oid} has shadow")
            out.append("shadow: only creatures with shadow block or are blocked by each other")
        if self.has(attacker, "horsemanship") and not self.has(oid, "horsemanship"):
            self.trace.add("702.31b", f"{attacker} has horsemanship; {oid} doesn't")
            out.append("the attacker has horsemanship")
        if self.has(attacker, "skulk") and (blocker.power or 0) > (attacking.power or 0):
            self.trace.add("702.118b", f"{attacker} has skulk; {oid} has greater power")
            out.append("the attacker has skulk and the blocker has greater power")
        for land in ("Plains", "Island", "Swamp", "Mountain", "Forest"):
            if not self.has(attacker, f"{land.lower()}walk"):
                continue
            defender = self.obj(oid).controller
            has = [
                p.id
                for p in self.board.battlefield()
                if p.controller == defender and land in self.ch(p.id).subtypes
            ]
            if has:  # 702.14c: can't be blocked while the defending player controls one
                self.trace.add(
                    "702.14c", f"{attacker} has {land.lower()}walk and {defender} controls {has[0]}"
                )
                article = "an" if land[0] in "AEIOU" else "a"
                out.append(
                    f"the attacker has {land.lower()}walk and {defender} controls {article} {land}"
                )
        if self.has(attacker, "protection"):
            stops = protection_stops(self, attacker, oid)
            if stops is None:
                self.trace.unknown(f"{attacker}'s protection: a quality the engine can't read")
            elif stops:
                self.trace.add("702.16f", f"{attacker} has protection from a quality {oid} has")
                out.append("the attacker has protection from a quality the blocker has")
        return out

    def partner_problems(self, oid: str, attacker: str) -> list[str]:
        """702.111b, 509.1b: a creature that can't be blocked except by two or more creatures is
        blocked by ``oid`` only together with another creature its controller could block with."""
        o = self.obj(oid)
        already = [b for b in self.obj(attacker).blocked_by if b != oid]
        if already:
            self.trace.add("509.1b", f"{oid} would block {attacker} together with {already[0]}")
            return []
        saved, probe = self.trace, Trace()
        self.trace = probe
        try:
            partner = next(
                (
                    x.id
                    for x in self.board.battlefield()
                    if x.id not in (oid, attacker)
                    and x.controller == o.controller
                    and self.is_creature(x.id)
                    and self.can_block(x.id, attacker, as_a_partner=True)[0]
                ),
                None,
            )
        finally:
            self.trace = saved
        if partner is not None:
            self.trace.add("509.1b", f"{oid} could block {attacker} together with {partner}")
            for what in probe.unmodelled:  # the answer rests on the partner's block too
                self.trace.unknown(what)
            return []
        self.trace.add(
            "509.1b", f"no other creature {o.controller} controls could block {attacker} with {oid}"
        )
        return ["the attacker needs two or more blockers and no other creature could join"]


# --- protection (702.16), read by blocks, combat damage, targets and attachments (S1) ----------

PROTECTION_TYPE_WORDS = {
    "creatures": "Creature",
    "artifacts": "Artifact",
    "enchantments": "Enchantment",
    "planeswalkers": "Planeswalker",
    "instants": "Instant",
    "sorceries": "Sorcery",
    "lands": "Land",
}


def protection_qualities(game: Game, oid: str) -> list[str]:
    """The qualities of each "protection from ..." keyword of ``oid`` (702.16a): "protection
    from white and from blue" is two."""
    out: list[str] = []
    for a in game.ch(oid).abilities:
        if isinstance(a, Keyword) and a.name == "protection":
            out += [q.strip() for q in re.split(r",? and from |, from ", a.param or "")]
    return out


def protection_stops(game: Game, protected: str, source: str) -> bool | None:
    """Whether ``protected``'s protection covers ``source`` (702.16a): a color, "everything",
    "multicolored", "monocolored" or a card type; None when a quality isn't read."""
    qualities = protection_qualities(game, protected)
    for spared in sparing_grants(game, protected, source):
        if spared in qualities:  # E4: "This effect doesn't remove ~" (that grant only)
            qualities.remove(spared)
    return protection_covers(qualities, game.ch(source))


def sparing_grants(game: Game, protected: str, source: str) -> list[str]:
    """E4: the protection qualities granted to ``protected`` by effects that say "This effect
    doesn't remove ~" (when ``source`` is that Aura) or "... doesn't remove Auras" (when it is an
    Aura): they don't remove it (702.16c); protection from another source still does."""
    out: list[str] = []
    is_aura = "Aura" in game.ch(source).subtypes
    for o in game.board.battlefield():
        for a in game.ch(o.id).abilities:
            if not isinstance(a, StaticEffect) or a.doesnt_remove is None:
                continue
            if a.doesnt_remove == "self" and o.id != source:
                continue
            if a.doesnt_remove == "Auras" and not is_aura:
                continue
            if not game.layers.matches(a.affected, o, protected, game.chars):
                continue
            for change in a.changes:
                if isinstance(change, GrantAbilities):
                    for k in change.abilities:
                        if isinstance(k, Keyword) and k.name == "protection":
                            out += [
                                q.strip() for q in re.split(r",? and from |, from ", k.param or "")
                            ]
    return out


def protected_subtype(quality: str) -> str | None:
    """ "demons" -> "Demon" when it is the plural of a real subtype (205.3), else None."""
    from engine.oracle.statics import singular_subtype

    word = singular_subtype(quality[:1].upper() + quality[1:])
    return word if word is not None and is_subtype(word) else None


def protection_covers(qualities: list[str], ch: Chars) -> bool | None:
    """Whether any of the qualities covers an object with characteristics ``ch`` (702.16a)."""
    unknown = False
    for quality in qualities:
        if quality in COLOR_LETTERS:
            hit = COLOR_LETTERS[quality] in ch.colors
        elif quality == "everything":
            hit = True
        elif quality in ("multicolored", "monocolored"):
            hit = len(ch.colors) > 1 if quality == "multicolored" else len(ch.colors) == 1
        elif quality in PROTECTION_TYPE_WORDS:
            hit = PROTECTION_TYPE_WORDS[quality] in ch.types
        elif (subtype := protected_subtype(quality)) is not None:
            # E4 (s12): "protection from Demons and from Dragons" (Baneslayer Angel): objects
            # with that subtype (a changeling has every creature type, 702.73a)
            hit = subtype in ch.subtypes or (ch.all_creature_types and subtype in CREATURE_TYPES)
        else:
            unknown = True
            continue
        if hit:
            return True
    return None if unknown else False


def cost_noun(sel: Selector) -> str:
    """E5: what a cost's selector names, for a reason ("creature", "Wizard", "artifact")."""
    words = [*sel.subtypes, *(t.lower() for t in sel.types)]
    return " ".join(words) or "permanent"


def chosen_devotion(prod: CountedMana) -> bool:
    """E2 (s10): Nykthos's "mana of that color equal to your devotion to that color"."""
    return isinstance(prod.count, CountDevotion) and not prod.count.colors


def counted_mana_kind(prod: CountedMana) -> str:
    """How a counted mana ability's mana is said: "{G}", "mana of any one color" (106.1)."""
    if chosen_devotion(prod):
        return "mana of one color chosen as it resolves (its amount is your devotion to it)"
    if not prod.any_color:
        return f"{{{prod.symbol}}}"
    return "mana of any one color" if prod.same_color else "mana in any combination of colors"


def clone_board(board: Board) -> Board:
    """A copy whose objects and players can change (SBAs, combat) without touching the input."""
    new = copy.copy(board)
    new.objects = {k: copy.deepcopy(v) for k, v in board.objects.items()}
    new.players = {k: copy.deepcopy(v) for k, v in board.players.items()}
    return new


def describe_ability(a: Ability) -> str:
    return ability_text(a)
