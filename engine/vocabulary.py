"""Every vocabulary the compiler produces and the rules core consumes, with where each value is
read — or why no question on a board snapshot depends on it.

tests/engine/test_engine_vocabulary.py checks, in the style of ``engine/citations.py``: each
``Literal`` value is either consumed (and the named module really mentions it) or declared
irrelevant, never both; and every value the templates can produce is in its ``Literal``. A new
value the compiler produces but nothing reads makes that test fail, so a card can't count as
fully modelled while a board that breaks its text is answered verified.
"""

from __future__ import annotations

from typing import Any, get_args

from engine.abilities import (
    ActivationBoardTest,
    ActivationHistory,
    ActivationWindow,
    AmountExpr,
    Condition,
    ControlDuration,
    CounterChange,
    CounterRecipient,
    DamageChange,
    DamageKind,
    DamageRecipients,
    DamageSourceKind,
    DefenderFilter,
    DiesReplacementWho,
    EntersHistory,
    ExileIfDiesWho,
    PlayerGroup,
    RestrictionEffectRule,
    RestrictionRule,
    SearchDestination,
    SimpleVerb,
    SparedAttachments,
    SpellCaster,
    SpellQuality,
    StaticConditionTest,
    TokenReplacementScope,
    TriggerEvent,
    UnsupportedKind,
)
from engine.game import AnswerScope

# vocabulary name -> its Literal type
VOCABULARIES: dict[str, Any] = {
    "SparedAttachments": SparedAttachments,
    "RestrictionRule": RestrictionRule,
    "RestrictionEffectRule": RestrictionEffectRule,
    "SimpleVerb": SimpleVerb,
    "Condition": Condition,
    "TriggerEvent": TriggerEvent,
    "UnsupportedKind": UnsupportedKind,
    "AnswerScope": AnswerScope,
    "AmountExpr": AmountExpr,
    "SpellCaster": SpellCaster,
    "SpellQuality": SpellQuality,
    "DefenderFilter": DefenderFilter,
    "ActivationWindow": ActivationWindow,
    "ActivationHistory": ActivationHistory,  # E5
    "ActivationBoardTest": ActivationBoardTest,  # E5
    "StaticConditionTest": StaticConditionTest,  # E1
    "EntersHistory": EntersHistory,  # E1
    "PlayerGroup": PlayerGroup,  # E3: players a group effect reaches
    "ControlDuration": ControlDuration,  # E3
    "SearchDestination": SearchDestination,  # E3
    "DamageSourceKind": DamageSourceKind,  # E4 (s12): damage replacement effects, 614.1a
    "DamageRecipients": DamageRecipients,
    "DamageKind": DamageKind,
    "DamageChange": DamageChange,
    "TokenReplacementScope": TokenReplacementScope,
    "CounterChange": CounterChange,  # E6 (s14): counter replacement effects, 614.1a, 122.6
    "CounterRecipient": CounterRecipient,
    "DiesReplacementWho": DiesReplacementWho,  # E6 (s14): "would die, exile it instead", 614.6
    "ExileIfDiesWho": ExileIfDiesWho,
}

# vocabulary -> value -> the engine module (path from the repo root) whose code reads it
CONSUMED: dict[str, dict[str, str]] = {
    # E4: game.sparing_grants (702.16c), used by the SBA and board checks of attachments
    "SparedAttachments": {"self": "engine/game.py", "Auras": "engine/game.py"},
    "ControlDuration": {  # E3: resolution.gain_control
        "end_of_turn": "engine/resolution.py",
        "indefinitely": "engine/resolution.py",
    },
    "SearchDestination": {},
    # E4 (s12): replacements.replaced_damage matches and applies them as damage is dealt
    **{
        name: {value: "engine/replacements.py" for value in get_args(vocab)}
        for name, vocab in (
            ("DamageSourceKind", DamageSourceKind),
            ("DamageRecipients", DamageRecipients),
            ("DamageKind", DamageKind),
            ("DamageChange", DamageChange),
            ("TokenReplacementScope", TokenReplacementScope),
        )
    },
    # E6 (s14): counter_replacements.replaced_counters matches and applies them
    **{
        name: {value: "engine/counter_replacements.py" for value in get_args(vocab)}
        for name, vocab in (
            ("CounterChange", CounterChange),
            ("CounterRecipient", CounterRecipient),
        )
    },
    # E6 (s14): dies_replacements.death_replacements matches them as a permanent would die
    **{
        name: {value: "engine/dies_replacements.py" for value in get_args(vocab)}
        for name, vocab in (
            ("DiesReplacementWho", DiesReplacementWho),
            ("ExileIfDiesWho", ExileIfDiesWho),
        )
    },
    "PlayerGroup": {  # E3: resolution.damaged_group
        "none": "engine/resolution.py",
        "each_player": "engine/resolution.py",
        "each_opponent": "engine/resolution.py",
        "you": "engine/resolution.py",
    },
    "RestrictionRule": {
        "cant_block": "engine/game.py",
        "cant_attack": "engine/game.py",
        "cant_attack_or_block": "engine/game.py",
        "attack_only_if_defender_controls": "engine/game.py",
        "must_attack": "engine/soundness.py",
        "block_only_flyers": "engine/game.py",
        "cant_be_blocked": "engine/game.py",
        "menace_like": "engine/game.py",
        "max_one_blocker": "engine/game.py",
        "cant_be_countered": "engine/resolution.py",  # E3: a counterspell resolving (101.2)
        "extra_block": "engine/game.py",
        "block_any_number": "engine/game.py",
        "cant_be_blocked_by_power_or_less": "engine/game.py",
        "cant_be_blocked_by_power_or_greater": "engine/game.py",
        "cant_be_blocked_by_kind": "engine/game.py",  # E1
        "blocked_only_by_kind": "engine/game.py",
        "cant_block_kind": "engine/game.py",
        "cant_attack_alone": "engine/game.py",
        "cant_block_alone": "engine/game.py",
        "cant_attack_or_block_alone": "engine/game.py",
    },
    "RestrictionEffectRule": {
        "cant_attack": "engine/game.py",
        "cant_block": "engine/game.py",
        "no_activated": "engine/game.py",
        # E4: Auras, Equipment and lords (509.1a-b: Game.restrictions, blocks_allowed)
        "cant_be_blocked": "engine/game.py",
        "max_one_blocker": "engine/game.py",
        "menace_like": "engine/game.py",
        "extra_block": "engine/game.py",
        "block_only_flyers": "engine/game.py",
        "block_any_number": "engine/game.py",
        "must_attack": "engine/soundness.py",  # 508.1d: an able creature left home
        "cant_be_blocked_by_kind": "engine/game.py",  # Game.kind_block_problems (509.1b)
        "blocked_only_by_kind": "engine/game.py",
        "cant_attack_you": "engine/game.py",  # Game.can_attack (508.1c)
    },
    "SimpleVerb": {
        "untap": "engine/resolution.py",  # E3: "untap that creature"
        "cant_be_regenerated": "engine/resolution.py",  # E3 (s11): 701.19c
    },
    "Condition": {
        "permanent_left_battlefield_under_your_control_this_turn": "engine/resolution.py",
    },
    "TriggerEvent": {
        "enters": "engine/questions.py",
        "dies": "engine/questions.py",
        "leaves": "engine/questions.py",
        "combat_damage_to_player": "engine/questions.py",
        "tapped_for_mana": "engine/game.py",
        "cast_spell": "engine/resolution.py",
        "becomes_target": "engine/resolution.py",
        "put_into_graveyard": "engine/questions.py",
        "combat_damage_to_creature": "engine/questions.py",
        "damage_to_player": "engine/questions.py",
        "damage_to_opponent": "engine/questions.py",
        "dealt_damage": "engine/questions.py",
        "gain_life": "engine/questions.py",
        # E2: declare-blockers triggers (509.2a), matched to the board's blocks
        "blocks": "engine/trigger_events.py",
        "becomes_blocked": "engine/trigger_events.py",
        "attacks_unblocked": "engine/trigger_events.py",
        "controls_none": "engine/trigger_events.py",
        "combat_damage_to_player_or_planeswalker": "engine/trigger_events.py",
    },
    "UnsupportedKind": {
        "static": "engine/game.py",
        "triggered": "engine/game.py",
        "activated": "engine/game.py",
        "spell": "engine/game.py",
        "replacement": "engine/game.py",
        "unknown": "engine/game.py",
    },
    "AmountExpr": {
        "X": "engine/resolution.py",
        "counters:+1/+1": "engine/resolution.py",
    },
    "ActivationWindow": {window: "engine/game.py" for window in get_args(ActivationWindow)},
    # E5: each makes can_activate unverified (Game.activation_limit_problems)
    "ActivationHistory": {history: "engine/game.py" for history in get_args(ActivationHistory)},
    "ActivationBoardTest": {test: "engine/game.py" for test in get_args(ActivationBoardTest)},  # E5
    "DefenderFilter": {  # E2: whom the attacking creature attacks (508.3a)
        "you": "engine/trigger_events.py",
        "you_or_your_planeswalkers": "engine/trigger_events.py",
    },
    "SpellQuality": {  # E2: what a cast trigger asks of the spell (603.2)
        "multicolored": "engine/trigger_events.py",
        "colorless": "engine/trigger_events.py",
        "historic": "engine/trigger_events.py",
        "noncreature": "engine/trigger_events.py",
        "targets_source": "engine/trigger_events.py",
        "not_on_board": "engine/trigger_events.py",
    },
    "SpellCaster": {
        "you": "engine/questions.py",
        "a_player": "engine/resolution.py",
        "an_opponent": "engine/resolution.py",
    },
    # E1: conditional statics, tested as the layers apply them (611.3a)
    "StaticConditionTest": {
        test: "engine/characteristics.py" for test in get_args(StaticConditionTest)
    },
    # E1: an "enters with" that depends on the past is unknown while the permanent enters (the
    # board gives the counters of one already on the battlefield, soundness.py checks)
    "EntersHistory": {fact: "engine/characteristics.py" for fact in get_args(EntersHistory)},
    "AnswerScope": {
        "characteristics": "engine/questions.py",
        "activate": "engine/questions.py",
        "mana": "engine/questions.py",
        "attack": "engine/questions.py",
        "block": "engine/questions.py",
        "combat": "engine/questions.py",
        "sba": "engine/questions.py",
        "tokens": "engine/questions.py",
        "spell": "engine/questions.py",
    },
}

_UNTAP = "only the untap step reads it (502.3); no question simulates the untap step"
_EARLIER = (
    "it triggers at a moment before the snapshot (a step's beginning, declaring attackers, "
    "tapping); what it did is part of the board (effects in force are listed, board-spec.md)"
)
_RESOLVING = (
    "a one-shot effect read exactly but never performed: a question that would resolve it "
    "(a spell, a listed effect) reports it as unmodelled (questions.resolve_spell_effect, "
    "characteristics.Layers.resolved_effects)"
)

# vocabulary -> value -> why no question on a board snapshot depends on it
IRRELEVANT: dict[str, dict[str, str]] = {
    "SparedAttachments": {},
    "DamageSourceKind": {},
    "DamageRecipients": {},
    "DamageKind": {},
    "DamageChange": {},
    "TokenReplacementScope": {},
    "CounterChange": {},
    "CounterRecipient": {},
    "DiesReplacementWho": {},
    "ExileIfDiesWho": {},
    "PlayerGroup": {},
    "ControlDuration": {},
    "SearchDestination": {
        value: (
            "a library search is never resolved on a board: the library is hidden (401.2) and the "
            "searcher needn't find a card (701.23b), so resolution.resolve_spell_effect names it "
            "unknown whatever its destination"
        )
        for value in get_args(SearchDestination)
    },
    "RestrictionRule": {
        "doesnt_untap": _UNTAP,
        "may_not_untap": _UNTAP,
    },
    "RestrictionEffectRule": {"doesnt_untap": _UNTAP},
    "SimpleVerb": {
        verb: _RESOLVING
        for verb in get_args(SimpleVerb)
        if verb not in ("untap", "cant_be_regenerated")
    },
    "Condition": {},
    "TriggerEvent": {
        "attacks": _EARLIER,
        "upkeep": _EARLIER,
        "end_step": _EARLIER,
        "beginning_of_combat": _EARLIER,
        "becomes_tapped": _EARLIER,
        "becomes_untapped": (
            "it triggers as the permanent untaps: in the untap step (502.3), which no question "
            "simulates, or by an untap effect, which the engine reads but never performs"
        ),
        "you_draw": (
            "no question draws a card: the draw step isn't simulated and draw effects are read but "
            "reported as not applied (questions.resolve_spell_effect)"
        ),
        "cycled": (
            "it triggers as the card is cycled from its owner's hand (702.29a); a card on the "
            "board is never cycled by a question"
        ),
        "turned_face_up": (
            "it triggers as a face-down permanent is turned face up (708.8), a special action "
            "(116.2b) no question takes; a face-up permanent on the board already triggered it"
        ),
        # E2: events that happen only in ways no question performs
        "mutates": (
            "it triggers as a mutating creature spell merges with a creature (702.140); no "
            "question casts or resolves a creature spell"
        ),
        "cranked": (
            "it triggers as its controller cranks Contraptions at the beginning of their upkeep, "
            "a moment before the snapshot"
        ),
        "opponent_draws": (
            "no question draws a card: the draw step isn't simulated and draw effects are read "
            "but reported as not applied"
        ),
        "cycle_or_discard": (
            "no question cycles or discards a card: discard costs are checked but not paid, and "
            "discard effects are read but reported as not applied"
        ),
        "exploits": (
            "it triggers as its exploit ability resolves and a creature is sacrificed (702.110); "
            "no question resolves an exploit ability"
        ),
        "sacrificed": (
            "no question sacrifices a permanent: sacrifice costs are checked but not paid, and "
            "sacrifice effects are read but reported as not applied"
        ),
        "explores": "no question performs explore (701.44): it is read but never performed",
        "surveil_or_scry": "no question performs surveil or scry: they are read, never performed",
        "rolls_dice": "no question rolls a die",
        "plays_land": "no question plays a land (305.1)",
        "leaves_graveyard": (
            "no question moves a card out of a graveyard: abilities that do (embalm, flashback "
            "costs) are checked by can_activate but not performed"
        ),
        "gets_energy": (
            "no question gives a player energy counters (107.14): they are never performed"
        ),
        "time_counter_removed": (
            "it triggers as a suspended card loses a time counter in its owner's upkeep (702.62a), "
            "a moment no question simulates"
        ),
        "becomes_monstrous": (
            "it triggers as a monstrosity ability resolves (701.37); can_activate asks whether it "
            "can be activated, and no question resolves it"
        ),
        "cast_self": (
            "it triggers as the card itself is cast (603.2); a permanent on the board was cast "
            "before the snapshot, and an instant or sorcery with it is unread (its cast trigger "
            "isn't spell text), so no question meets it before it has triggered"
        ),
    },
    "UnsupportedKind": {},
    "AnswerScope": {},
    "SpellCaster": {},
    "SpellQuality": {},
    "DefenderFilter": {},
    "ActivationWindow": {},
    "ActivationHistory": {},
    "ActivationBoardTest": {},
    "StaticConditionTest": {},
    "EntersHistory": {},
    "AmountExpr": {
        "self_power": (
            "an amount read from the game as the effect resolves (608.2h); effects with it are "
            "never applied, and a question that would apply one reports it as unmodelled"
        ),
        "that_creature_power": "the same: read from the game on resolution (608.2h), not applied",
    },
}


#: Every ability, effect and continuous-modification class the compiler can produce (the members
#: of ``Ability``, ``Effect`` and ``Modification`` in engine/abilities.py) and the rules-core
#: module that reads it; tests/engine/test_engine_vocabulary.py checks that the module names it.
CLASSES_CONSUMED: dict[str, str] = {
    "ActivatedAbility": "engine/game.py",
    "ColorDefining": "engine/characteristics.py",
    "EnterAsCopy": "engine/characteristics.py",
    "EntersTapped": "engine/soundness.py",
    "EntersWithCounters": "engine/characteristics.py",
    "Keyword": "engine/game.py",
    "ManaAbility": "engine/game.py",
    "PTDefining": "engine/characteristics.py",
    "Restriction": "engine/game.py",
    "RestrictionEffect": "engine/game.py",
    "RuleChange": "engine/sba.py",
    "DamageReplacement": "engine/replacements.py",  # E4 (s12)
    "TokenReplacement": "engine/replacements.py",
    "CounterReplacement": "engine/counter_replacements.py",
    "DiesExileInstead": "engine/dies_replacements.py",  # E6 (s14)
    "SpellAbility": "engine/questions.py",
    "StaticEffect": "engine/characteristics.py",
    "TriggeredAbility": "engine/trigger_events.py",
    "TypeDefining": "engine/characteristics.py",
    "Unsupported": "engine/game.py",
    "AddMana": "engine/game.py",
    "BecomesUntilEndOfTurn": "engine/resolution.py",
    "CounterSpell": "engine/resolution.py",
    "CreateTokenCopy": "engine/resolution.py",
    "CreateTokens": "engine/resolution.py",
    "CreatureDealsPower": "engine/resolution.py",
    "DamageEach": "engine/resolution.py",
    "DestroyEach": "engine/resolution.py",
    "DealDamage": "engine/resolution.py",
    "Destroy": "engine/resolution.py",
    "DividedDamage": "engine/resolution.py",
    "ExileTarget": "engine/questions.py",
    "GainControlOf": "engine/resolution.py",
    "GainLife": "engine/resolution.py",
    "IfKicked": "engine/resolution.py",
    "IfYouDo": "engine/questions.py",
    "InsteadIf": "engine/resolution.py",
    "ItsControllerGainsLife": "engine/resolution.py",
    "MayDo": "engine/resolution.py",
    "Modal": "engine/resolution.py",
    "PreventDamage": "engine/resolution.py",
    "ExileIfDiesThisTurn": "engine/resolution.py",  # E6 (s14), applied by dies_replacements
    "PumpUntilEndOfTurn": "engine/resolution.py",
    "PutCountersEach": "engine/resolution.py",
    "SearchLibrary": "engine/resolution.py",
    "SimpleEffect": "engine/resolution.py",
    "AddColors": "engine/characteristics.py",
    "AddChosenColor": "engine/characteristics.py",  # E1 (s9)
    "AddChosenType": "engine/characteristics.py",  # E1 (s9)
    "AddTypes": "engine/characteristics.py",
    "GainActivatedAbilitiesOf": "engine/characteristics.py",
    "GainControl": "engine/characteristics.py",
    "GrantAbilities": "engine/characteristics.py",
    "LoseKeywords": "engine/characteristics.py",
    "LoseSupertype": "engine/characteristics.py",
    "ModifyPT": "engine/characteristics.py",
    "ModifyPTPerCount": "engine/characteristics.py",
    "RemoveAllAbilities": "engine/characteristics.py",
    "SetColors": "engine/characteristics.py",
    "SetCreatureTypes": "engine/characteristics.py",
    "SetPT": "engine/characteristics.py",
    "SetPTToManaValue": "engine/characteristics.py",
    "SetTypes": "engine/characteristics.py",
    "SwitchPT": "engine/characteristics.py",
}

#: Classes no code reads by name, and why that is honest.
CLASSES_NOT_READ: dict[str, str] = {
    "AdditionalCost": "only casting pays it; the spell question starts with it cast (601.2h)",
    "CostChange": "only casting pays it; no question casts a spell from a hand (601.2f)",
    "CostPerTarget": "only casting pays it; the spell question starts with it cast (601.2f)",
    "ChooseAsEnters": (
        "the choice is the board's `chosen`; an ability that reads a missing choice makes the "
        "answer unverified (characteristics.py)"
    ),
    # one-shot effects no question applies yet: resolution.resolve_spell_effect names any other
    # effect unknown ("effect not applied"), so an answer that resolves one isn't verified
    "DrawCards": "not applied: named unknown when it resolves (resolution.py)",
    "LoseLife": "not applied: named unknown when it resolves (resolution.py)",
    "PutCounters": "not applied: named unknown when it resolves (resolution.py)",
    "ReturnToHand": "not applied: named unknown when it resolves (resolution.py)",
}
