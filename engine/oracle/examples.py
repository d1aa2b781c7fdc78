"""Every template's examples: Oracle text and the ability (or effect) it must compile to.

tests/engine/test_engine_oracle_examples.py runs them: each example yields exactly its expected
value, no other template at the same level also accepts it, and every template — each effect
and static parser, each row of the simple-verb and trigger tables, each paragraph-level reader —
has at least one example. To add a template, add its examples here first.

Texts are in the normalised form the templates read (``~`` for the card itself; sentences
without the final period for effect and static parsers).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.abilities import (
    Ability,
    ActivatedAbility,
    AddChosenColor,
    AddChosenType,
    AdditionalCost,
    AddMana,
    AddTypes,
    AnyColor,
    BecomesUntilEndOfTurn,
    ChooseAsEnters,
    ChosenColor,
    ColorDefining,
    CopyExceptions,
    Cost,
    CostChange,
    CostPerTarget,
    CountAttached,
    CountCards,
    CountCounters,
    CountDevotion,
    CountedAmount,
    CountedMana,
    CounterReplacement,
    CounterSpell,
    CountOf,
    CountSelfPower,
    CreateTokenCopy,
    CreateTokens,
    CreatureDealsPower,
    CreatureFilter,
    DamageEach,
    DamageReplacement,
    DealDamage,
    Destroy,
    DestroyEach,
    DiesExileInstead,
    DividedDamage,
    DrawCards,
    Effect,
    EnterAsCopy,
    EntersTapped,
    EntersWithCounters,
    ExileIfDiesThisTurn,
    ExileTarget,
    FixedMana,
    GainActivatedAbilitiesOf,
    GainControl,
    GainControlOf,
    GainLife,
    GrantAbilities,
    IfKicked,
    IfYouDo,
    InsteadIf,
    ItsControllerGainsLife,
    Keyword,
    LoseKeywords,
    LoseLife,
    ManaAbility,
    MayDo,
    Modal,
    ModifyPT,
    ModifyPTPerCount,
    PreventDamage,
    PTDefining,
    PumpUntilEndOfTurn,
    PutCounters,
    PutCountersEach,
    RemoveAllAbilities,
    Restriction,
    RestrictionEffect,
    ReturnToHand,
    RuleChange,
    SearchLibrary,
    Selector,
    SetColors,
    SetCreatureTypes,
    SetPT,
    SetPTToManaValue,
    SetTypes,
    SimpleEffect,
    SpellAbility,
    StaticCondition,
    StaticEffect,
    SwitchPT,
    Target,
    TargetFilter,
    TokenReplacement,
    TokenSpec,
    TriggeredAbility,
    TypeDefining,
)
from engine.oracle.triggers import TriggerReading


@dataclass(frozen=True)
class Example:
    text: str
    expected: tuple[Ability | Effect, ...]


_RAISE = "Return up to two target creature cards from your graveyard to your hand"
_REANIMATE = "Put target creature card from a graveyard onto the battlefield under your control"
_RETURN_TWO = "Return up to two target creatures to their owners' hands"
_ELVISH = (
    "Target creature gets +X/+X until end of turn, where X is the number of Elves on the "
    "battlefield"
)
_SAC_UNLESS = "sacrifice it unless you discard a card at random"
_BITE = (
    "Target creature you control deals damage equal to its power to target creature you don't "
    "control"
)
_PREVENT = "Prevent all combat damage that would be dealt by target attacking creature this turn"
_PREVENT_BOTH = "Prevent all combat damage that would be dealt to and dealt by ~ this turn"
_MAY_HAVE = "you may have target creature get -2/-2 until end of turn"
_SEARCH = (
    "Search your library for up to two basic land cards, put them onto the battlefield tapped, "
    "then shuffle"
)
_DRAGONS = "put a +1/+1 counter on each other Dragon creature you control"
_LIFE_EACH = "You gain 2 life for each creature you control"
_DIVIDED = "~ deals 3 damage divided as you choose among one, two, or three targets"
_EVENLY = "~ deals X damage divided evenly, rounded down, among any number of targets"
_CONTROLLER = "~ deals 3 damage to target creature and 2 damage to that creature's controller"
_HURRICANE = "~ deals X damage to each creature with flying and each player"
_SPITTING = "~ deals damage to target creature equal to the number of Mountains you control"
_CHAR = "~ deals 4 damage to any target and 2 damage to you"
_SPARKS = (
    "~ deals X damage to target creature, where X is 3 plus the number of artifacts you control"
)


def _creature(text: str) -> tuple[Effect, ...]:
    return (Destroy(Target("creature"), text),)


#: effect parser name (engine.oracle.effects.EFFECT_PARSERS) -> examples (one sentence each)
_ARCANE = (
    "Creatures you control are the chosen type in addition to their other types. The same is "
    "true for creature spells you control and creature cards you own that aren't on the "
    "battlefield"
)
_ANY_CREATURE = Selector("all", ("Creature",))
_SHATTERSTORM = "Destroy all artifacts and enchantments"
_SWORDS_LIFE = "Its controller gains life equal to its power"
_OVERWHELM = "Destroy all creatures you don't control"
_NONLAND = "Destroy all nonland permanents"

EFFECT_EXAMPLES: dict[str, tuple[Example, ...]] = {
    "e_add_mana": (
        Example("Add {G}", (AddMana(FixedMana((("G",),))),)),
        Example(  # E5
            "Add two mana in any combination of colors", (AddMana(AnyColor(2, False)),)
        ),
        Example(  # E5
            "Add two mana in any combination of {R} and/or {G}",
            (AddMana(FixedMana((("R", "R"), ("R", "G"), ("G", "G")))),),
        ),
        Example(  # E1 (s9): the Thriving lands
            "Add {G} or one mana of the chosen color", (AddMana(ChosenColor(1, ("G",))),)
        ),
        Example(  # E2 (s10): Karametra's Acolyte (700.5)
            "Add an amount of {G} equal to your devotion to green",
            (AddMana(CountedMana("G", CountDevotion(("G",)))),),
        ),
        Example(  # E2 (s10): Marwyn, the Nurturer
            "Add an amount of {G} equal to ~'s power",
            (AddMana(CountedMana("G", CountSelfPower())),),
        ),
        Example(  # E2 (s10): Nykthos, Shrine to Nyx (the color chosen as it resolves)
            "Choose a color. Add an amount of mana of that color equal to your devotion to that "
            "color",
            (AddMana(CountedMana("", CountDevotion(()), any_color=True)),),
        ),
        Example(  # E2 (s10): Everflowing Chalice
            "Add {C} for each charge counter on ~",
            (AddMana(CountedMana("C", CountCounters("charge"))),),
        ),
        Example(  # E2 (s10): Sanctum Weaver
            "Add X mana of any one color, where X is the number of enchantments you control",
            (
                AddMana(
                    CountedMana(
                        "", CountOf(Selector("you_control", ("Enchantment",))), any_color=True
                    )
                ),
            ),
        ),
    ),
    "e_draw": (Example("Draw two cards", (DrawCards(2, "Draw two cards"),)),),
    "e_life": (
        Example("You gain 3 life", (GainLife(3, "You gain 3 life"),)),
        Example(  # E3
            _LIFE_EACH,
            (
                GainLife(
                    CountedAmount(CountOf(Selector("you_control", ("Creature",))), 2), _LIFE_EACH
                ),
            ),
        ),
        Example(  # E3 (s11)
            _SWORDS_LIFE,
            (ItsControllerGainsLife("power", _SWORDS_LIFE),),
        ),
    ),
    "e_damage": (
        Example(
            "~ deals 3 damage to any target",
            (DealDamage(3, Target("any target"), "~ deals 3 damage to any target"),),
        ),
        # E3: groups, typed amounts, two recipients, subtype targets
        Example(_DIVIDED, (DividedDamage(3, Target("any target"), 3, _DIVIDED),)),
        Example(  # E4 (s12): Fireball
            _EVENLY,
            (DividedDamage("X", Target("any target"), None, _EVENLY, evenly=True),),
        ),
        Example(
            _CONTROLLER,
            (
                DealDamage(3, Target("creature"), _CONTROLLER),
                DealDamage(2, Target("its controller"), _CONTROLLER),
            ),
        ),
        Example(
            _HURRICANE,
            (
                DamageEach(
                    "X",
                    (Selector("all", ("Creature",)),),
                    "each_player",
                    "flying",
                    False,
                    _HURRICANE,
                ),
            ),
        ),
        Example(
            _SPITTING,
            (
                DealDamage(
                    CountedAmount(CountOf(Selector("you_control", subtypes=("Mountain",)))),
                    Target("creature"),
                    _SPITTING,
                ),
            ),
        ),
        Example(
            _CHAR,
            (DealDamage(4, Target("any target"), _CHAR), DealDamage(2, Target("you"), _CHAR)),
        ),
        Example(
            _SPARKS,
            (
                DealDamage(
                    CountedAmount(CountOf(Selector("you_control", ("Artifact",))), 1, 3),
                    Target("creature"),
                    _SPARKS,
                ),
            ),
        ),
        Example(
            "~ deals 1 damage to target non-Elemental creature",
            (
                DealDamage(
                    1,
                    Target("non-Elemental creature"),
                    "~ deals 1 damage to target non-Elemental creature",
                ),
            ),
        ),
    ),
    "e_destroy": (Example("Destroy target creature", _creature("Destroy target creature")),),
    "e_exile": (
        Example(
            "Exile target creature",
            (ExileTarget(Target("creature"), False, "Exile target creature"),),
        ),
    ),
    "e_bounce": (
        Example(
            "Return target creature to its owner's hand",
            (ReturnToHand(Target("creature"), "Return target creature to its owner's hand"),),
        ),
        Example(  # E3
            _RAISE,
            (SimpleEffect("return_from_graveyard", ("creature card", "up to two"), _RAISE),),
        ),
        Example(  # E3
            _REANIMATE,
            (SimpleEffect("reanimate", ("creature card", "from a graveyard"), _REANIMATE),),
        ),
        Example(  # E3
            _RETURN_TWO,
            (SimpleEffect("bounce_many", ("creature", "up to two"), _RETURN_TWO),),
        ),
    ),
    "e_pump": (
        Example(  # E3
            _ELVISH,
            (
                PumpUntilEndOfTurn(
                    Target("creature"),
                    CountedAmount(CountOf(Selector("all", subtypes=("Elf",)))),
                    CountedAmount(CountOf(Selector("all", subtypes=("Elf",)))),
                    (),
                    _ELVISH,
                ),
            ),
        ),
        Example(
            "Target creature gets +3/+3 until end of turn",
            (
                PumpUntilEndOfTurn(
                    Target("creature"), 3, 3, (), "Target creature gets +3/+3 until end of turn"
                ),
            ),
        ),
        Example(
            "Creatures you control get +1/+1 until end of turn",
            (
                BecomesUntilEndOfTurn(
                    Selector("you_control", ("Creature",)),
                    (ModifyPT(1, 1),),
                    "Creatures you control get +1/+1 until end of turn",
                ),
            ),
        ),
    ),
    "e_counters": (
        Example(
            "Put a +1/+1 counter on target creature",
            (
                PutCounters(
                    "+1/+1", 1, Target("creature"), "Put a +1/+1 counter on target creature"
                ),
            ),
        ),
    ),
    "e_tokens": (
        Example(  # E1 (s9): Krenko, Mob Boss (608.2h)
            "Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control",
            (
                CreateTokens(
                    CountedAmount(CountOf(Selector("you_control", subtypes=("Goblin",)))),
                    TokenSpec(None, ("R",), ("Creature",), ("Goblin",), 1, 1),
                    "X 1/1 red Goblin creature tokens",
                ),
            ),
        ),
        Example(
            "Create a 1/1 white Soldier creature token",
            (
                CreateTokens(
                    1,
                    TokenSpec(None, ("W",), ("Creature",), ("Soldier",), 1, 1),
                    "a 1/1 white Soldier creature token",
                ),
            ),
        ),
        Example(
            "Create a token that's a copy of ~",
            (CreateTokenCopy("self", CopyExceptions(), 1, "Create a token that's a copy of ~"),),
        ),
    ),
    "e_becomes": (
        Example(
            "Until end of turn, ~ becomes a 3/3 red Elemental creature with haste. "
            "It's still a land",
            (
                BecomesUntilEndOfTurn(
                    Selector("self"),
                    (
                        SetPT(3, 3),
                        SetTypes(("Creature",), ("Elemental",), keep_types=True),
                        SetColors(("R",)),
                        GrantAbilities((Keyword("haste"),)),
                    ),
                    "Until end of turn, ~ becomes a 3/3 red Elemental creature with haste. "
                    "It's still a land",
                ),
            ),
        ),
    ),
    "e_lose_abilities": (
        Example(
            "Until end of turn, target creature loses all abilities and becomes a blue Frog with "
            "base power and toughness 1/1",
            (
                BecomesUntilEndOfTurn(
                    Selector("targets"),
                    (
                        SetCreatureTypes(("Frog",)),
                        SetColors(("U",)),
                        RemoveAllAbilities(),
                        SetPT(1, 1),
                    ),
                    "Until end of turn, target creature loses all abilities and becomes a blue "
                    "Frog with base power and toughness 1/1",
                ),
            ),
        ),
    ),
    "e_switch": (
        Example(
            "Switch target creature's power and toughness until end of turn",
            (
                BecomesUntilEndOfTurn(
                    Selector("targets"),
                    (SwitchPT(),),
                    "Switch target creature's power and toughness until end of turn",
                ),
            ),
        ),
    ),
    "e_instead_if": (
        Example(
            "Destroy that creature if it has mana value 4 or less instead if a permanent left "
            "the battlefield under your control this turn",
            (
                InsteadIf(
                    "permanent_left_battlefield_under_your_control_this_turn",
                    (
                        Destroy(
                            Target(
                                "that creature",
                                (TargetFilter("mana value", 4, "or less", "resolving"),),
                            ),
                            "Destroy that creature if it has mana value 4 or less",
                        ),
                    ),
                    "Destroy that creature if it has mana value 4 or less instead if a permanent "
                    "left the battlefield under your control this turn",
                ),
            ),
        ),
    ),
    "e_if_you_do": (
        Example(
            "If you do, draw a card",
            (IfYouDo((DrawCards(1, "draw a card"),), False, "If you do, draw a card"),),
        ),
    ),
    "e_counter": (  # E3
        Example(
            "Counter target spell", (CounterSpell(Target("spell"), None, "Counter target spell"),)
        ),
        Example(
            "Counter target noncreature spell unless its controller pays {2}",
            (
                CounterSpell(
                    Target("noncreature spell"),
                    "{2}",
                    "Counter target noncreature spell unless its controller pays {2}",
                ),
            ),
        ),
    ),
    "e_gain_control": (  # E3
        Example(
            "Gain control of target creature until end of turn",
            (
                GainControlOf(
                    Target("creature"),
                    "end_of_turn",
                    "Gain control of target creature until end of turn",
                ),
            ),
        ),
        Example(
            "Gain control of target artifact",
            (GainControlOf(Target("artifact"), "indefinitely", "Gain control of target artifact"),),
        ),
    ),
    "e_untap_it": (  # E3
        Example(
            "Untap that creature",
            (SimpleEffect("untap", ("it",), "Untap that creature"),),
        ),
    ),
    "e_search": (  # E3
        Example(
            _SEARCH,
            (SearchLibrary("up to two", "basic land cards", "battlefield_tapped", False, _SEARCH),),
        ),
    ),
    "e_sacrifice_unless": (  # E3
        Example(
            _SAC_UNLESS,
            (SimpleEffect("sacrifice_unless", ("self", "discard a card at random"), _SAC_UNLESS),),
        ),
    ),
    "e_exile_if_dies": (  # E6 (s14): 614.1a, 611.2c
        Example(
            "If that creature would die this turn, exile it instead",
            (
                ExileIfDiesThisTurn(
                    "that_creature", "If that creature would die this turn, exile it instead"
                ),
            ),
        ),
        Example(
            "If a creature dealt damage this way would die this turn, exile it instead",
            (
                ExileIfDiesThisTurn(
                    "dealt_damage_this_way",
                    "If a creature dealt damage this way would die this turn, exile it instead",
                ),
            ),
        ),
        Example(
            "If that creature or planeswalker would die this turn, exile it instead",
            (
                ExileIfDiesThisTurn(
                    "that_creature_or_planeswalker",
                    "If that creature or planeswalker would die this turn, exile it instead",
                ),
            ),
        ),
    ),
    "e_bite": (  # E3
        Example(
            _BITE,
            (
                CreatureDealsPower(
                    Target("creature you control"), Target("creature you don't control"), _BITE
                ),
            ),
        ),
    ),
    "e_prevent": (  # E3
        Example(
            _PREVENT,
            (PreventDamage(None, True, None, Target("attacking creature"), _PREVENT),),
        ),
        Example(
            _PREVENT_BOTH,
            (PreventDamage(None, True, Target("self"), Target("self"), _PREVENT_BOTH),),
        ),
    ),
    "e_if_kicked": (  # E3
        Example(
            "If ~ was kicked, draw a card",
            (IfKicked((DrawCards(1, "Draw a card"),), False, "If ~ was kicked, draw a card"),),
        ),
    ),
    "e_may": (  # E3
        Example(
            _MAY_HAVE,
            (
                MayDo(
                    (
                        PumpUntilEndOfTurn(
                            Target("creature"),
                            -2,
                            -2,
                            (),
                            "Target creature gets -2/-2 until end of turn",
                        ),
                    ),
                    _MAY_HAVE,
                ),
            ),
        ),
        Example(
            "You may tap target creature",
            (
                MayDo(
                    (SimpleEffect("tap", (), "Tap target creature"),), "You may tap target creature"
                ),
            ),
        ),
    ),
    "e_counters_each": (  # E3
        Example(
            _DRAGONS,
            (
                PutCountersEach(
                    "+1/+1", 1, Selector("others_you_control", ("Creature",), ("Dragon",)), _DRAGONS
                ),
            ),
        ),
    ),
    "e_destroy_all": (  # E3 (s11)
        Example("Destroy all creatures", (DestroyEach((_ANY_CREATURE,), "Destroy all creatures"),)),
        Example(
            _SHATTERSTORM,
            (
                DestroyEach(
                    (Selector("all", ("Artifact",)), Selector("all", ("Enchantment",))),
                    _SHATTERSTORM,
                ),
            ),
        ),
        Example(
            _OVERWHELM,
            (DestroyEach((Selector("opponents_control", ("Creature",)),), _OVERWHELM),),
        ),
        Example(
            _NONLAND,
            (DestroyEach((Selector("all", (), non_types=("Land",)),), _NONLAND),),
        ),
    ),
    "e_simple": (Example("Scry 2", (SimpleEffect("scry", ("2",), "Scry 2"),)),),
}

_THRIVING = "~ enters tapped. As it enters, choose a color other than green"

#: static parser name (engine.oracle.statics.STATIC_PARSERS) -> examples (one paragraph each)
# E4 (s12): token and counter replacement wordings
_TOKENS_YOURS = (
    "If an effect would create one or more tokens under your control, it creates twice that many "
    "of those tokens instead"
)
_TOKENS_ANY = (
    "If one or more tokens would be created, twice that many of those tokens are created instead"
)
_COUNTERS_TWICE = (
    "If an effect would put one or more counters on a permanent you control, it puts twice that "
    "many of those counters on that permanent instead"
)
_COUNTERS_PLUS = (
    "If one or more +1/+1 counters would be put on a creature you control, that many plus one "
    "+1/+1 counters are put on it instead"
)
_DIES_SELF = "If ~ would die, exile it instead"
_DIES_OTHER = "If another creature would die, exile it instead"
_DIES_THEIRS = "If a creature an opponent controls would die, exile it instead"
_DIES_THEIR_NONTOKEN = "If a nontoken creature an opponent controls would die, exile it instead"
_DIES_AND_ZOMBIE = (
    "If a nontoken creature an opponent controls would die, instead exile that card and create a "
    "2/2 black Zombie creature token"
)
_COUNTERS_EACH_KIND = (
    "If one or more counters would be put on an artifact or creature you control, that many plus "
    "one of each of those kinds of counters are put on that permanent instead"
)
_COUNTERS_ANY_CREATURE = (
    "If one or more +1/+1 counters would be put on a creature, twice that many +1/+1 counters "
    "are put on that creature instead"
)
_COUNTERS_ON_SELF = (
    "If one or more +1/+1 counters would be put on ~, that many plus one +1/+1 counters are put "
    "on it instead"
)


STATIC_EXAMPLES: dict[str, tuple[Example, ...]] = {
    "s_land_types": (
        Example(
            "Nonbasic lands are Mountains",
            (
                StaticEffect(
                    Selector("all", ("Land",), non_supertypes=("Basic",)),
                    (SetTypes((), ("Mountain",), keep_types=False),),
                    "Nonbasic lands are Mountains",
                ),
            ),
        ),
    ),
    "s_choose": (
        Example(
            "As ~ enters, choose a color", (ChooseAsEnters("color", "As ~ enters, choose a color"),)
        ),
        Example(  # E1 (s9): the Thriving lands
            _THRIVING,
            (EntersTapped(_THRIVING), ChooseAsEnters("color", _THRIVING, "G")),
        ),
    ),
    "s_enters": (
        Example("~ enters tapped", (EntersTapped("~ enters tapped"),)),
        Example(
            "As ~ enters, you may pay 2 life. If you don't, it enters tapped",
            (
                EntersTapped(
                    "As ~ enters, you may pay 2 life. If you don't, it enters tapped",
                    "you pay 2 life",
                ),
            ),
        ),
        Example(
            "~ enters tapped unless you control a Swamp or a Mountain",
            (
                EntersTapped(
                    "~ enters tapped unless you control a Swamp or a Mountain",
                    "you control a swamp or a mountain",
                ),
            ),
        ),
    ),
    "s_cda": (
        Example(
            "~'s power and toughness are each equal to the number of creatures you control",
            (
                PTDefining(
                    "creatures_you_control",
                    "creatures_you_control",
                    text="~'s power and toughness are each equal to the number of creatures you "
                    "control",
                ),
            ),
        ),
        # E1: subtypes counted, cards of a type in all graveyards (604.3)
        Example(
            "~'s power and toughness are each equal to the number of Swamps you control",
            (
                PTDefining(
                    CountOf(Selector("you_control", subtypes=("Swamp",))),
                    CountOf(Selector("you_control", subtypes=("Swamp",))),
                    text="~'s power and toughness are each equal to the number of Swamps you "
                    "control",
                ),
            ),
        ),
        Example(
            "~'s power is equal to the number of creature cards in all graveyards",
            (
                PTDefining(
                    CountCards(("Creature",), whose="all"),
                    None,
                    text="~'s power is equal to the number of creature cards in all graveyards",
                ),
            ),
        ),
        Example("~ is all colors", (ColorDefining(("W", "U", "B", "R", "G"), "~ is all colors"),)),
        Example("~ is every creature type", (TypeDefining(True, "~ is every creature type"),)),
    ),
    "s_enter_as_copy": (
        Example(
            "You may have ~ enter as a copy of any creature on the battlefield",
            (
                EnterAsCopy(
                    _ANY_CREATURE,
                    False,
                    CopyExceptions(),
                    None,
                    "you may have ~ enter as a copy of any creature on the battlefield",
                    False,
                ),
            ),
        ),
    ),
    "s_humility": (
        Example(
            "All creatures lose all abilities and have base power and toughness 1/1",
            (
                StaticEffect(
                    _ANY_CREATURE,
                    (RemoveAllAbilities(), SetPT(1, 1)),
                    "All creatures lose all abilities and have base power and toughness 1/1",
                ),
            ),
        ),
    ),
    "s_has_activated_abilities": (
        Example(
            "~ has the activated abilities of all other artifacts on the battlefield",
            (
                StaticEffect(
                    Selector("self"),
                    (GainActivatedAbilitiesOf(Selector("all_others", ("Artifact",))),),
                    "~ has the activated abilities of all other artifacts on the battlefield",
                ),
            ),
        ),
    ),
    "s_restriction": (
        Example("~ can't block", (Restriction("cant_block", "~ can't block"),)),
        Example(  # E1 (506.5)
            "~ can't attack or block alone",
            (Restriction("cant_attack_or_block_alone", "~ can't attack or block alone"),),
        ),
    ),
    "s_attack_unless": (
        Example(
            "~ can't attack unless defending player controls an Island",
            (
                Restriction(
                    "attack_only_if_defender_controls",
                    "~ can't attack unless defending player controls an Island",
                    "Island",
                ),
            ),
        ),
    ),
    "s_restriction_effect": (
        Example(
            "Enchanted creature can't attack or block",
            (
                RestrictionEffect(
                    Selector("enchanted", ("Creature",)),
                    ("cant_attack", "cant_block"),
                    "Enchanted creature can't attack or block",
                ),
            ),
        ),
    ),
    "s_blocked_by_power": (
        Example(
            "~ can't be blocked by creatures with power 2 or less",
            (
                Restriction(
                    "cant_be_blocked_by_power_or_less",
                    "~ can't be blocked by creatures with power 2 or less",
                    "2",
                ),
            ),
        ),
    ),
    "s_additional_cost": (
        Example(
            "As an additional cost to cast ~, sacrifice a creature",
            (
                AdditionalCost(
                    Cost(sacrifice=_ANY_CREATURE, sacrifice_count=1),
                    "As an additional cost to cast ~, sacrifice a creature",
                ),
            ),
        ),
    ),
    "s_damage_replacement": (  # E4 (s12): 614.1a
        Example(
            "If a source would deal damage to a permanent or player, it deals double that "
            "damage to that permanent or player instead",
            (
                DamageReplacement(
                    text="If a source would deal damage to a permanent or player, it deals "
                    "double that damage to that permanent or player instead"
                ),
            ),
        ),
        Example(
            "If a red source you control would deal damage to an opponent or a permanent an "
            "opponent controls, it deals that much damage plus 2 instead",
            (
                DamageReplacement(
                    source_controller="you",
                    source_colors=frozenset({"R"}),
                    recipients="opponents_side",
                    change="plus",
                    n=2,
                    text="If a red source you control would deal damage to an opponent or a "
                    "permanent an opponent controls, it deals that much damage plus 2 instead",
                ),
            ),
        ),
        Example(
            "If a creature you control would deal damage to a permanent or player, it deals "
            "triple that damage instead",
            (
                DamageReplacement(
                    source="creature",
                    source_controller="you",
                    change="triple",
                    text="If a creature you control would deal damage to a permanent or player, "
                    "it deals triple that damage instead",
                ),
            ),
        ),
        Example(
            "If a source you control would deal noncombat damage to an opponent, it deals "
            "double that damage to that player instead",
            (
                DamageReplacement(
                    source_controller="you",
                    recipients="opponent",
                    damage="noncombat",
                    text="If a source you control would deal noncombat damage to an opponent, "
                    "it deals double that damage to that player instead",
                ),
            ),
        ),
    ),
    "s_token_replacement": (  # E4 (s12): 614.1a
        Example(_TOKENS_YOURS, (TokenReplacement("you", _TOKENS_YOURS),)),
        Example(_TOKENS_ANY, (TokenReplacement("any", _TOKENS_ANY),)),
    ),
    "s_counter_replacement": (  # E4 (s12), applied since E6 (s14)
        Example(_COUNTERS_TWICE, (CounterReplacement(_COUNTERS_TWICE),)),
        Example(
            _COUNTERS_PLUS,
            (CounterReplacement(_COUNTERS_PLUS, "plus_one", "+1/+1", "creature", "you"),),
        ),
        Example(
            _COUNTERS_EACH_KIND,
            (CounterReplacement(_COUNTERS_EACH_KIND, "plus_one", "", "artifact_or_creature"),),
        ),
        Example(
            _COUNTERS_ANY_CREATURE,
            (CounterReplacement(_COUNTERS_ANY_CREATURE, "double", "+1/+1", "creature", "any"),),
        ),
        Example(
            _COUNTERS_ON_SELF,
            (CounterReplacement(_COUNTERS_ON_SELF, "plus_one", "+1/+1", "self", "you"),),
        ),
    ),
    "s_dies_replacement": (  # E6 (s14): 614.1a, 614.6
        Example("If ~ would die, exile it instead", (DiesExileInstead("self", _DIES_SELF),)),
        Example(_DIES_OTHER, (DiesExileInstead("another_creature", _DIES_OTHER),)),
        Example(_DIES_THEIRS, (DiesExileInstead("creature_opponent_controls", _DIES_THEIRS),)),
        Example(
            _DIES_THEIR_NONTOKEN,
            (DiesExileInstead("nontoken_creature_opponent_controls", _DIES_THEIR_NONTOKEN),),
        ),
        Example(
            _DIES_AND_ZOMBIE,
            (
                DiesExileInstead(
                    "nontoken_creature_opponent_controls",
                    _DIES_AND_ZOMBIE,
                    CreateTokens(
                        1,
                        TokenSpec(None, ("B",), ("Creature",), ("Zombie",), 2, 2),
                        "a 2/2 black Zombie creature token",
                    ),
                ),
            ),
        ),
    ),
    "s_cost_per_target": (  # E4 (s12)
        Example(
            "~ costs {1} more to cast for each target beyond the first",
            (CostPerTarget(1, "~ costs {1} more to cast for each target beyond the first"),),
        ),
    ),
    "s_rule_change": (
        Example(
            'The "legend rule" doesn\'t apply',
            (RuleChange("no_legend_rule", "all", 'The "legend rule" doesn\'t apply'),),
        ),
    ),
    "s_animate_all": (
        Example(
            "Each other non-Aura enchantment is a creature in addition to its other types and has "
            "base power and toughness each equal to its mana value",
            (
                StaticEffect(
                    Selector("all_others", ("Enchantment",), non_subtypes=("Aura",)),
                    (AddTypes(types=("Creature",)), SetPTToManaValue()),
                    "Each other non-Aura enchantment is a creature in addition to its other types "
                    "and has base power and toughness each equal to its mana value",
                ),
            ),
        ),
        # S1: today's Oracle wording of Opalescence ("base power and base toughness")
        Example(
            "Each other non-Aura enchantment is a creature in addition to its other types and has "
            "base power and base toughness each equal to its mana value",
            (
                StaticEffect(
                    Selector("all_others", ("Enchantment",), non_subtypes=("Aura",)),
                    (AddTypes(types=("Creature",)), SetPTToManaValue()),
                    "Each other non-Aura enchantment is a creature in addition to its other types "
                    "and has base power and base toughness each equal to its mana value",
                ),
            ),
        ),
    ),
    "s_color_change": (
        Example(
            "Enchanted creature is black",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (SetColors(("B",)),),
                    "Enchanted creature is black",
                ),
            ),
        ),
    ),
    # E1 (s9): the chosen color / type in addition (613.1e, 205.1b, 607.2d)
    "s_chosen_in_addition": (
        Example(
            "All cards that aren't on the battlefield, spells, and permanents are the chosen "
            "color in addition to their other colors",
            (
                StaticEffect(
                    Selector("every_object"),
                    (AddChosenColor(),),
                    "All cards that aren't on the battlefield, spells, and permanents are the "
                    "chosen color in addition to their other colors",
                ),
            ),
        ),
        Example(
            "~ is the chosen type in addition to its other types",
            (
                StaticEffect(
                    Selector("self"),
                    (AddChosenType(),),
                    "~ is the chosen type in addition to its other types",
                ),
            ),
        ),
        Example(
            "Each creature you control is the chosen type in addition to its other types",
            (
                StaticEffect(
                    Selector("you_control", ("Creature",)),
                    (AddChosenType(),),
                    "Each creature you control is the chosen type in addition to its other types",
                ),
            ),
        ),
        Example(  # E2 (s10): Arcane Adaptation
            _ARCANE,
            (
                StaticEffect(Selector("you_control", ("Creature",)), (AddChosenType(),), _ARCANE),
                StaticEffect(
                    Selector("yours_off_battlefield", ("Creature",)), (AddChosenType(),), _ARCANE
                ),
            ),
        ),
    ),
    "s_enchanted_becomes": (
        Example(
            "Enchanted artifact is a creature with base power and toughness 5/5 in addition to "
            "its other types",
            (
                StaticEffect(
                    Selector("enchanted", ("Artifact",)),
                    (AddTypes(types=("Creature",)), SetPT(5, 5)),
                    "Enchanted artifact is a creature with base power and toughness 5/5 in "
                    "addition to its other types",
                ),
            ),
        ),
    ),
    "s_control": (
        Example(
            "You control enchanted creature",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (GainControl(),),
                    "You control enchanted creature",
                ),
            ),
        ),
    ),
    "s_cost_change": (
        Example(
            "Noncreature spells cost {1} more to cast",
            (CostChange("noncreature", "any", 1, "Noncreature spells cost {1} more to cast"),),
        ),
    ),
    # --- E1: conditional statics (611.3a) and "for each" (613.4c) ---
    "s_conditional": (
        Example(
            "As long as ~ is attacking, it gets +2/+0",
            (
                StaticEffect(
                    Selector("self"),
                    (ModifyPT(2, 0),),
                    "As long as ~ is attacking, it gets +2/+0",
                    StaticCondition("self_attacking", "~ is attacking"),
                ),
            ),
        ),
        Example(
            "As long as you control an artifact, ~ gets +2/+0 and has flying",
            (
                StaticEffect(
                    Selector("self"),
                    (ModifyPT(2, 0), GrantAbilities((Keyword("flying"),))),
                    "As long as you control an artifact, ~ gets +2/+0 and has flying",
                    StaticCondition(
                        "count_at_least",
                        "you control an artifact",
                        CountOf(Selector("you_control", ("Artifact",))),
                        1,
                    ),
                ),
            ),
        ),
        Example(
            "During your turn, ~ has first strike",
            (
                StaticEffect(
                    Selector("self"),
                    (GrantAbilities((Keyword("first strike"),)),),
                    "During your turn, ~ has first strike",
                    StaticCondition("your_turn", "it's your turn"),
                ),
            ),
        ),
        Example(
            "~ gets +2/+2 as long as there are seven or more cards in your graveyard",
            (
                StaticEffect(
                    Selector("self"),
                    (ModifyPT(2, 2),),
                    "~ gets +2/+2 as long as there are seven or more cards in your graveyard",
                    StaticCondition(
                        "count_at_least",
                        "there are seven or more cards in your graveyard",
                        "cards_in_your_graveyard",
                        7,
                    ),
                ),
            ),
        ),
        Example(
            "~ has trample as long as it has a +1/+1 counter on it",
            (
                StaticEffect(
                    Selector("self"),
                    (GrantAbilities((Keyword("trample"),)),),
                    "~ has trample as long as it has a +1/+1 counter on it",
                    StaticCondition(
                        "count_at_least",
                        "it has a +1/+1 counter on it",
                        CountCounters("+1/+1"),
                        1,
                    ),
                ),
            ),
        ),
        Example(
            "~ can't be blocked as long as defending player controls an artifact",
            (
                Restriction(
                    "cant_be_blocked",
                    "~ can't be blocked as long as defending player controls an artifact",
                    condition=StaticCondition(
                        "defender_controls",
                        "defending player controls an artifact",
                        CountOf(Selector("all", ("Artifact",))),
                        1,
                    ),
                ),
            ),
        ),
        Example(
            "As long as ~ is paired with another creature, both creatures have flying",
            (
                StaticEffect(
                    Selector("self_and_paired"),
                    (GrantAbilities((Keyword("flying"),)),),
                    "As long as ~ is paired with another creature, both creatures have flying",
                    StaticCondition("self_paired", "~ is paired with another creature"),
                ),
            ),
        ),
        Example(
            "~ gets +3/+3 as long as no opponent controls a creature",
            (
                StaticEffect(
                    Selector("self"),
                    (ModifyPT(3, 3),),
                    "~ gets +3/+3 as long as no opponent controls a creature",
                    StaticCondition(
                        "count_at_most",
                        "no opponent controls a creature",
                        CountOf(Selector("opponents_control", ("Creature",))),
                        0,
                    ),
                ),
            ),
        ),
    ),
    "s_restriction_unless": (
        Example(
            "~ can't block unless you control another Zombie",
            (
                Restriction(
                    "cant_block",
                    "~ can't block unless you control another Zombie",
                    condition=StaticCondition(
                        "count_at_least",
                        "you control another Zombie",
                        CountOf(Selector("others_you_control", subtypes=("Zombie",))),
                        1,
                    ),
                    unless=True,
                ),
            ),
        ),
    ),
    "s_blocked_by_kind": (
        Example(
            "~ can't be blocked by white creatures",
            (
                Restriction(
                    "cant_be_blocked_by_kind",
                    "~ can't be blocked by white creatures",
                    creatures=CreatureFilter((Selector("all", ("Creature",), colors=("W",)),)),
                ),
            ),
        ),
        Example(
            "~ can't be blocked except by creatures with flying or reach",
            (
                Restriction(
                    "blocked_only_by_kind",
                    "~ can't be blocked except by creatures with flying or reach",
                    creatures=CreatureFilter(keywords=("flying", "reach")),
                ),
            ),
        ),
        Example(
            "~ can't block creatures with power 2 or greater",
            (
                Restriction(
                    "cant_block_kind",
                    "~ can't block creatures with power 2 or greater",
                    creatures=CreatureFilter(
                        (Selector("all", ("Creature",)),),
                        power=TargetFilter("power", 2, "or greater"),
                    ),
                ),
            ),
        ),
    ),
    "s_enters_with_counted": (
        Example(
            "~ enters tapped with two charge counters on it",
            (
                EntersTapped("~ enters tapped with two charge counters on it"),
                EntersWithCounters("charge", 2, "~ enters tapped with two charge counters on it"),
            ),
        ),
        Example(
            "~ enters with a +1/+1 counter on it for each creature card in your graveyard",
            (
                EntersWithCounters(
                    "+1/+1",
                    1,
                    "~ enters with a +1/+1 counter on it for each creature card in your graveyard",
                    count=CountCards(("Creature",)),
                ),
            ),
        ),
        Example(
            "If ~ was kicked, it enters with two +1/+1 counters on it",
            (
                EntersWithCounters(
                    "+1/+1",
                    2,
                    "If ~ was kicked, it enters with two +1/+1 counters on it",
                    depends_on="kicked",
                ),
            ),
        ),
        Example(
            "~ enters with X +1/+1 counters on it, where X is the number of other creatures on "
            "the battlefield",
            (
                EntersWithCounters(
                    "+1/+1",
                    1,
                    "~ enters with X +1/+1 counters on it, where X is the number of other "
                    "creatures on the battlefield",
                    count=CountOf(Selector("all_others", ("Creature",))),
                ),
            ),
        ),
    ),
    "s_pt_for_each": (
        Example(
            "~ gets +1/+0 for each artifact you control",
            (
                StaticEffect(
                    Selector("self"),
                    (ModifyPTPerCount(1, 0, CountOf(Selector("you_control", ("Artifact",)))),),
                    "~ gets +1/+0 for each artifact you control",
                ),
            ),
        ),
        Example(
            "~ gets +X/+0, where X is the number of Mountains you control",
            (
                StaticEffect(
                    Selector("self"),
                    (
                        ModifyPTPerCount(
                            1, 0, CountOf(Selector("you_control", subtypes=("Mountain",)))
                        ),
                    ),
                    "~ gets +X/+0, where X is the number of Mountains you control",
                ),
            ),
        ),
        Example(
            "~ gets +2/+2 for each Aura attached to it",
            (
                StaticEffect(
                    Selector("self"),
                    (ModifyPTPerCount(2, 2, CountAttached(("Aura",))),),
                    "~ gets +2/+2 for each Aura attached to it",
                ),
            ),
        ),
    ),
    "s_anthem": (
        Example(
            "Creatures you control get +1/+1",
            (
                StaticEffect(
                    Selector("you_control", ("Creature",)),
                    (ModifyPT(1, 1),),
                    "Creatures you control get +1/+1",
                ),
            ),
        ),
    ),
    # --- E4: Auras, Equipment, lords and the quoted abilities they grant ---
    "s_grants": (
        Example(
            'Enchanted land has "{T}: Add one mana of any color."',
            (
                StaticEffect(
                    Selector("enchanted", ("Land",)),
                    (
                        GrantAbilities(
                            (
                                ManaAbility(
                                    Cost(tap=True), AnyColor(), "{T}: Add one mana of any color."
                                ),
                            )
                        ),
                    ),
                    'Enchanted land has "{T}: Add one mana of any color."',
                ),
            ),
        ),
        Example(
            "All Slivers have shroud",
            (
                StaticEffect(
                    Selector("all", subtypes=("Sliver",)),
                    (GrantAbilities((Keyword("shroud"),)),),
                    "All Slivers have shroud",
                ),
            ),
        ),
        Example(
            "Other Elves you control get +1/+1",
            (
                StaticEffect(
                    Selector("others_you_control", subtypes=("Elf",)),
                    (ModifyPT(1, 1),),
                    "Other Elves you control get +1/+1",
                ),
            ),
        ),
        Example(
            "Enchanted creature gets +1/+2, has flying, and is an Angel in addition to its other "
            "types",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (
                        ModifyPT(1, 2),
                        GrantAbilities((Keyword("flying"),)),
                        AddTypes(subtypes=("Angel",)),
                    ),
                    "Enchanted creature gets +1/+2, has flying, and is an Angel in addition to "
                    "its other types",
                ),
            ),
        ),
        Example(
            "Equipped creature gets +2/+2 and can't block",
            (
                StaticEffect(
                    Selector("equipped", ("Creature",)),
                    (ModifyPT(2, 2),),
                    "Equipped creature gets +2/+2 and can't block",
                ),
                RestrictionEffect(
                    Selector("equipped", ("Creature",)),
                    ("cant_block",),
                    "Equipped creature gets +2/+2 and can't block",
                ),
            ),
        ),
        Example(
            "Each creature you control with a +1/+1 counter on it has trample",
            (
                StaticEffect(
                    Selector("you_control", ("Creature",), with_counter="+1/+1"),
                    (GrantAbilities((Keyword("trample"),)),),
                    "Each creature you control with a +1/+1 counter on it has trample",
                ),
            ),
        ),
        Example(
            "Enchanted creature gets +1/+1 for each Forest you control",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (
                        ModifyPTPerCount(
                            1, 1, CountOf(Selector("you_control", subtypes=("Forest",)))
                        ),
                    ),
                    "Enchanted creature gets +1/+1 for each Forest you control",
                ),
            ),
        ),
        Example(
            "Enchanted land is an Island",
            (
                StaticEffect(
                    Selector("enchanted", ("Land",)),
                    (SetTypes(subtypes=("Island",)),),
                    "Enchanted land is an Island",
                ),
            ),
        ),
        Example(
            "Enchanted creature loses all abilities and is a blue Frog creature with base power "
            "and toughness 1/1",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (
                        RemoveAllAbilities(),
                        SetCreatureTypes(("Frog",)),
                        SetColors(("U",)),
                        SetPT(1, 1),
                    ),
                    "Enchanted creature loses all abilities and is a blue Frog creature with base "
                    "power and toughness 1/1",
                ),
            ),
        ),
        Example(
            "Equipped creature gets +1/+1 for each charge counter on ~",
            (
                StaticEffect(
                    Selector("equipped", ("Creature",)),
                    (ModifyPTPerCount(1, 1, CountCounters("charge")),),
                    "Equipped creature gets +1/+1 for each charge counter on ~",
                ),
            ),
        ),
        Example(
            "Enchanted creature's activated abilities can't be activated",
            (
                RestrictionEffect(
                    Selector("enchanted", ("Creature",)),
                    ("no_activated",),
                    "Enchanted creature's activated abilities can't be activated",
                ),
            ),
        ),
        Example(
            "Creatures you control with flying get +1/+1",
            (
                StaticEffect(
                    Selector("you_control", ("Creature",), with_keyword="flying"),
                    (ModifyPT(1, 1),),
                    "Creatures you control with flying get +1/+1",
                ),
            ),
        ),
        Example(
            "Creatures you control that are enchanted get +1/+1",
            (
                StaticEffect(
                    Selector("you_control", ("Creature",), attached_kind="Aura"),
                    (ModifyPT(1, 1),),
                    "Creatures you control that are enchanted get +1/+1",
                ),
            ),
        ),
        Example(
            "Creatures you control of the chosen type get +1/+1",
            (
                StaticEffect(
                    Selector("you_control", ("Creature",), of_chosen="creature type"),
                    (ModifyPT(1, 1),),
                    "Creatures you control of the chosen type get +1/+1",
                ),
            ),
        ),
        Example(
            "Enchanted creature loses flying",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (LoseKeywords(("flying",)),),
                    "Enchanted creature loses flying",
                ),
            ),
        ),
        Example(
            "Enchanted creature can't be blocked except by Walls",
            (
                RestrictionEffect(
                    Selector("enchanted", ("Creature",)),
                    ("blocked_only_by_kind",),
                    "Enchanted creature can't be blocked except by Walls",
                    creatures=CreatureFilter((Selector("all", ("Creature",), subtypes=("Wall",)),)),
                ),
            ),
        ),
        Example(
            "Attacking Pirates you control get +2/+0",
            (
                StaticEffect(
                    Selector("you_control", subtypes=("Pirate",), in_combat="attacking"),
                    (ModifyPT(2, 0),),
                    "Attacking Pirates you control get +2/+0",
                ),
            ),
        ),
        Example(
            "Creatures without flying can't attack",
            (
                RestrictionEffect(
                    Selector("all", ("Creature",), without_keyword="flying"),
                    ("cant_attack",),
                    "Creatures without flying can't attack",
                ),
            ),
        ),
        Example(
            "As long as equipped creature is a Human, it has lifelink",
            (
                StaticEffect(
                    Selector("equipped", ("Creature",), subtypes=("Human",)),
                    (GrantAbilities((Keyword("lifelink"),)),),
                    "As long as equipped creature is a Human, it has lifelink",
                ),
            ),
        ),
        Example(
            "Enchanted creature gets +0/+2 as long as it's a Pirate. Otherwise, it gets -2/-0",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",), subtypes=("Pirate",)),
                    (ModifyPT(0, 2),),
                    "Enchanted creature gets +0/+2 as long as it's a Pirate. Otherwise, it gets "
                    "-2/-0",
                ),
                StaticEffect(
                    Selector("enchanted", ("Creature",), non_subtypes=("Pirate",)),
                    (ModifyPT(-2, 0),),
                    "Enchanted creature gets +0/+2 as long as it's a Pirate. Otherwise, it gets "
                    "-2/-0",
                ),
            ),
        ),
        Example(
            "Enchanted creature has protection from white. This effect doesn't remove ~",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (GrantAbilities((Keyword("protection", "white"),)),),
                    "Enchanted creature has protection from white. This effect doesn't remove ~",
                    doesnt_remove="self",
                ),
            ),
        ),
        Example(
            "Enchanted creature gets +2/+2, has flying, and can't attack you or planeswalkers "
            "you control",
            (
                StaticEffect(
                    Selector("enchanted", ("Creature",)),
                    (ModifyPT(2, 2), GrantAbilities((Keyword("flying"),))),
                    "Enchanted creature gets +2/+2, has flying, and can't attack you or "
                    "planeswalkers you control",
                ),
                RestrictionEffect(
                    Selector("enchanted", ("Creature",)),
                    ("cant_attack_you",),
                    "Enchanted creature gets +2/+2, has flying, and can't attack you or "
                    "planeswalkers you control",
                ),
            ),
        ),
        Example(
            "Creatures you control get +3/+0 as long as you control three or more artifacts",
            (
                StaticEffect(
                    Selector("you_control", ("Creature",)),
                    (ModifyPT(3, 0),),
                    "Creatures you control get +3/+0 as long as you control three or more "
                    "artifacts",
                    StaticCondition(
                        "count_at_least",
                        "you control three or more artifacts",
                        CountOf(Selector("you_control", ("Artifact",))),
                        3,
                    ),
                ),
            ),
        ),
    ),
}

#: one sentence per row of engine.oracle.effects.SIMPLE_VERBS, with the verb it must give
SIMPLE_VERB_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("Scry 2", "scry"),
    ("Surveil 1", "surveil"),
    ("Mill three cards", "mill"),
    ("Target player mills two cards", "mill"),
    ("Each opponent mills three cards", "mill"),
    ("Tap target creature", "tap"),
    ("Untap target land", "untap"),
    ("Untap ~", "untap"),
    ("Tap ~", "tap"),
    ("Target player discards two cards", "discard"),
    ("Each opponent discards a card", "discard"),
    ("Discard a card", "discard"),
    ("Sacrifice ~", "sacrifice_self"),
    (
        "Search your library for a basic land card, reveal it, put it into your hand, then shuffle",
        "tutor",
    ),
    (
        "Search your library for a basic land card, put it onto the battlefield tapped, then "
        "shuffle",
        "ramp",
    ),
    ("~ fights target creature you don't control", "fight"),
    ("Target creature can't block this turn", "cant_block_this_turn"),
    ("That player discards that many cards", "discard"),
    ("Counter that spell or ability", "counter"),
    ("Sacrifice it", "sacrifice_self"),
    ("You may sacrifice another creature", "sacrifice_other"),
    ("Target creature can't block until end of turn", "cant_block_this_turn"),
    ("~ can't be blocked this turn", "unblockable_this_turn"),
    ("Target creature can't be blocked this turn", "unblockable_this_turn"),
    ("Regenerate ~", "regenerate"),
    ("Prevent all combat damage that would be dealt this turn", "fog"),
    ("Investigate", "investigate"),
    ("You get {E}{E}", "energy"),
    ("Draw a card at the beginning of the next turn's upkeep", "delayed_draw"),
    ("Proliferate", "proliferate"),
    ("Target creature explores", "explore"),
    ("Transform ~", "transform"),
    ("Shuffle your library", "shuffle"),
    ("Amass Zombies 2", "amass"),
    ("Each player sacrifices a creature", "edict"),
    ("Target opponent sacrifices a creature", "edict"),
    ("Each opponent sacrifices a creature", "edict"),
    ("Look at the top three cards of your library", "look"),
    ("Return ~ to its owner's hand", "bounce_self"),
    ("Return ~ from your graveyard to your hand", "regrowth_self"),
    ("Return ~ from your graveyard to the battlefield tapped", "reanimate_self"),
    ("Double the power of target creature you control until end of turn", "double_power"),
    ("~ phases out", "phase_out"),
    ("Attach ~ to target creature you control", "attach"),
    ("You may put a land card from your hand onto the battlefield", "put_land"),
    ("Draw a card, then discard a card", "loot"),
    ("Exile the top card of your library. You may play that card this turn", "impulse"),
    ("~ connives", "connive"),
    ("Target creature you control fights target creature you don't control", "fight"),
    ("Target creature you control fights target creature an opponent controls", "fight"),
    ("Goad target creature", "goad"),
    ("Populate", "populate"),
    ("Venture into the dungeon", "venture"),
    ("The ring tempts you", "ring_tempts"),
    ("Take an extra turn after this one", "extra_turn"),
    ("Tap up to two target creatures", "tap"),
    ("Prevent the next 3 damage that would be dealt to any target this turn", "prevent_damage"),
    ("Return target creature card from your graveyard to the battlefield", "reanimate"),
    ("It can't be regenerated", "cant_be_regenerated"),
    ("That creature can't be regenerated this turn", "cant_be_regenerated"),
    ("Target player gains 4 life", "target_gains_life"),
    ("You may pay {E}{E}", "pay_optional"),
    ("They can't be regenerated", "cant_be_regenerated"),
    ("Monstrosity 3", "monstrosity"),
    ("You may gain 2 life", "may_gain_life"),
    ("Sacrifice ~ unless you pay {2}{R}", "sacrifice_unless_pay"),
    ("That player discards a card", "discard"),
    ("Exile ~", "exile_self"),
    ("Tap enchanted creature", "tap"),
    ("Regenerate enchanted creature", "regenerate"),
    ("You become the monarch", "monarch"),
    ("Untap all creatures you control", "untap"),
    ("Target opponent reveals their hand", "reveal_hand"),
    ("You choose a nonland card from it", "choose_card"),
    ("That player discards that card", "discard"),
    ("Return it to its owner's hand", "return_it_to_hand"),
    ("Learn", "learn"),
    ("Its controller loses 2 life", "controller_loses_life"),
    ("Sacrifice a creature", "sacrifice_creature"),
    ("Put target creature on top of its owner's library", "tuck"),
    ("Target creature with power 2 or less can't be blocked this turn", "unblockable_this_turn"),
    ("That creature doesn't untap during its controller's next untap step", "doesnt_untap_next"),
    ("~ doesn't untap during your next untap step", "self_doesnt_untap_next"),  # E5
    ("Search your library for a card, put that card into your hand, then shuffle", "tutor"),
    (
        "Search your library for a basic land card, put that card onto the battlefield tapped, "
        "then shuffle",
        "ramp",
    ),
    ("Return a land you control to its owner's hand", "return_land"),
    ("Attach it to target creature you control", "attach"),
)

#: one trigger phrase per row of engine.oracle.triggers.TRIGGERS, with the event it must give
TRIGGER_EXAMPLES: tuple[tuple[str, str], ...] = (
    ("When ~ enters", "enters"),
    ("When ~ enters the battlefield", "enters"),
    ("Whenever ~ enters", "enters"),
    ("When ~ dies", "dies"),
    ("Whenever ~ dies", "dies"),
    ("Whenever ~ attacks", "attacks"),
    ("When ~ leaves the battlefield", "leaves"),
    ("At the beginning of your upkeep", "upkeep"),
    ("At the beginning of your end step", "end_step"),
    ("At the beginning of each upkeep", "upkeep"),
    ("At the beginning of each end step", "end_step"),
    ("At the beginning of each player's upkeep", "upkeep"),
    ("At the beginning of each opponent's upkeep", "upkeep"),
    ("At the beginning of the upkeep of enchanted creature's controller", "upkeep"),
    ("At the beginning of the end step", "end_step"),
    ("At the beginning of each player's end step", "end_step"),
    ("At the beginning of each opponent's end step", "end_step"),
    ("Whenever ~ deals combat damage to a player", "combat_damage_to_player"),
    ("Whenever you cast a noncreature spell", "cast_spell"),
    ("Whenever you cast an instant or sorcery spell", "cast_spell"),
    ("Whenever you cast a spell", "cast_spell"),
    ("Whenever you cast or copy an instant or sorcery spell", "cast_spell"),
    ("Whenever you tap a Forest for mana", "tapped_for_mana"),
    ("Whenever enchanted land is tapped for mana", "tapped_for_mana"),
    ("Whenever a player taps a land for mana", "tapped_for_mana"),
    ("When you cast ~", "cast_self"),
    ("When ~ becomes the target of a spell", "becomes_target"),
    (
        "Whenever ~ becomes the target of a spell or ability for the first time each turn",
        "becomes_target",
    ),
    ("Whenever ~ becomes the target of a spell or ability", "becomes_target"),
    ("When ~ becomes the target of a spell or ability", "becomes_target"),
    ("At the beginning of combat on your turn", "beginning_of_combat"),
    ("Whenever ~ becomes tapped", "becomes_tapped"),
    ("When ~ is turned face up", "turned_face_up"),
    ("When you cycle ~", "cycled"),
    ("When ~ is put into a graveyard from the battlefield", "put_into_graveyard"),
    ("Whenever ~ is put into a graveyard from the battlefield", "put_into_graveyard"),
    ("Whenever ~ deals combat damage to a creature", "combat_damage_to_creature"),
    ("Whenever ~ deals damage to a player", "damage_to_player"),
    ("Whenever ~ deals damage to an opponent", "damage_to_opponent"),
    ("Whenever ~ is dealt damage", "dealt_damage"),
    ("Whenever you gain life", "gain_life"),
    ("Whenever ~ becomes untapped", "becomes_untapped"),
    ("Whenever you draw a card", "you_draw"),
    ("Whenever you cast a creature spell", "cast_spell"),
    ("Whenever you cast an artifact spell", "cast_spell"),
    ("Whenever you cast an enchantment spell", "cast_spell"),
    ("Whenever you cast a Spirit or Arcane spell", "cast_spell"),
    ("Whenever a player casts a spell", "cast_spell"),
    ("Whenever an opponent casts a spell", "cast_spell"),
)


#: one trigger phrase per row of engine.oracle.triggers.SUBJECT_EVENTS: the event and whose
SUBJECT_EVENT_EXAMPLES: tuple[tuple[str, str, Selector], ...] = (
    (
        "whenever another creature you control dies",
        "dies",
        Selector("others_you_control", ("Creature",)),
    ),
    ("when enchanted creature dies", "dies", Selector("enchanted", ("Creature",))),
    (
        "whenever equipped creature deals combat damage to a player",
        "combat_damage_to_player",
        Selector("equipped", ("Creature",)),
    ),
    ("whenever equipped creature attacks", "attacks", Selector("equipped", ("Creature",))),
)

# --- E2: trigger readers (engine.oracle.triggers.TRIGGER_READERS), phrase as printed ---------
_CREATURES = Selector("all", ("Creature",))
E2_TRIGGER_EXAMPLES: dict[str, tuple[tuple[str, TriggerReading], ...]] = {
    "self_events": (
        ("Whenever ~ becomes blocked", TriggerReading("becomes_blocked")),
        ("Whenever ~ blocks", TriggerReading("blocks")),
        ("When ~ blocks", TriggerReading("blocks")),
        ("Whenever ~ attacks or blocks", TriggerReading("attacks", ("blocks",))),
        ("Whenever ~ attacks and isn't blocked", TriggerReading("attacks_unblocked")),
        ("When ~ enters or dies", TriggerReading("enters", ("dies",))),
        ("Whenever ~ enters or attacks", TriggerReading("enters", ("attacks",))),
        ("When ~ enters or leaves the battlefield", TriggerReading("enters", ("leaves",))),
        (
            "Whenever ~ blocks or becomes blocked by a creature",
            TriggerReading("blocks", ("becomes_blocked",), combatant=_CREATURES),
        ),
        ("Whenever ~ blocks a creature", TriggerReading("blocks", combatant=_CREATURES)),
        ("Whenever ~ attacks alone", TriggerReading("attacks", alone=True)),
        ("When you cycle ~ and when ~ dies", TriggerReading("cycled", ("dies",))),
        (
            "When ~ enters or is turned face up",
            TriggerReading("enters", ("turned_face_up",)),
        ),
        (
            "Whenever ~ blocks a creature with flying",
            TriggerReading(
                "blocks", combatant=Selector("all", ("Creature",), with_keyword="flying")
            ),
        ),
        (
            "Whenever ~ becomes blocked by a creature",
            TriggerReading("becomes_blocked", combatant=_CREATURES),
        ),
    ),
    "subject_dies": (
        (
            "Whenever a nontoken creature you control dies",
            TriggerReading("dies", subject=Selector("you_control", ("Creature",), nontoken=True)),
        ),
        (
            "Whenever another Zombie you control dies",
            TriggerReading(
                "dies", subject=Selector("others_you_control", ("Creature",), ("Zombie",))
            ),
        ),
    ),
    "dealt_damage_dies": (
        (
            "Whenever a creature dealt damage by ~ this turn dies",
            TriggerReading("dies", subject=_CREATURES, damaged_by_source=True),
        ),
    ),
    "subject_enters": (
        (
            "Whenever an Angel you control enters",
            TriggerReading("enters", subject=Selector("you_control", (), ("Angel",))),
        ),
        (
            "Whenever a nontoken creature enters",
            TriggerReading("enters", subject=Selector("all", ("Creature",), nontoken=True)),
        ),
    ),
    "you_attack": (
        (
            "Whenever you attack",
            TriggerReading(
                "attacks", subject=Selector("you_control", ("Creature",)), one_or_more=True
            ),
        ),
    ),
    "target_trigger": (
        (
            "Whenever ~ becomes the target of a spell or ability an opponent controls",
            TriggerReading("becomes_target", caster="an_opponent"),
        ),
        (
            "Whenever a Dragon you control becomes the target of a spell or ability an opponent "
            "controls",
            TriggerReading(
                "becomes_target",
                subject=Selector("you_control", (), ("Dragon",)),
                caster="an_opponent",
            ),
        ),
    ),
    "damage_to_player_or_planeswalker": (
        (
            "Whenever ~ deals combat damage to a player or planeswalker",
            TriggerReading("combat_damage_to_player_or_planeswalker"),
        ),
    ),
    "attacks_you": (
        (
            "Whenever a creature attacks you or a planeswalker you control",
            TriggerReading("attacks", subject=_CREATURES, attacks_whom="you_or_your_planeswalkers"),
        ),
    ),
    "subject_to_graveyard": (
        (
            "Whenever an artifact is put into a graveyard from the battlefield",
            TriggerReading("put_into_graveyard", subject=Selector("all", ("Artifact",))),
        ),
    ),
    "controls_none": (
        (
            "When you control no Islands",
            TriggerReading("controls_none", subject=Selector("you_control", (), ("Island",))),
        ),
    ),
    "attacks_with_others": (
        (
            "Whenever ~ and at least two other creatures attack",
            TriggerReading("attacks", with_others=2),
        ),
    ),
    "or_another": (
        (
            "Whenever ~ or another Ally you control enters",
            TriggerReading(
                "enters", subject=Selector("others_you_control", (), ("Ally",)), or_self=True
            ),
        ),
        (
            "Whenever ~ or another creature dies",
            TriggerReading("dies", subject=Selector("all_others", ("Creature",)), or_self=True),
        ),
    ),
    "subject_combat": (
        (
            "Whenever enchanted creature attacks or blocks",
            TriggerReading("attacks", ("blocks",), subject=Selector("enchanted", ("Creature",))),
        ),
        (
            "Whenever a creature you control becomes blocked",
            TriggerReading("becomes_blocked", subject=Selector("you_control", ("Creature",))),
        ),
        (
            "Whenever a Samurai or Warrior you control attacks alone",
            TriggerReading(
                "attacks",
                subject=Selector("you_control", ("Creature",), ("Samurai", "Warrior")),
                alone=True,
            ),
        ),
        (
            "Whenever a Dragon you control attacks",
            TriggerReading("attacks", subject=Selector("you_control", ("Creature",), ("Dragon",))),
        ),
    ),
    "cast_spell_trigger": (
        (
            "Whenever a player casts a white spell",
            TriggerReading("cast_spell", caster="a_player", spell_colors=("W",)),
        ),
        (
            "Whenever you cast a spell that targets ~",
            TriggerReading("cast_spell", spell_quality="targets_source"),
        ),
        (
            "Whenever you cast a historic spell",
            TriggerReading("cast_spell", spell_quality="historic"),
        ),
        (
            "Whenever an opponent casts an instant or sorcery spell",
            TriggerReading("cast_spell", caster="an_opponent", spell_filter=("Instant", "Sorcery")),
        ),
        (
            "Whenever you cast a multicolored spell",
            TriggerReading("cast_spell", spell_quality="multicolored"),
        ),
        (
            "Whenever you cast your second spell each turn",
            TriggerReading("cast_spell", spell_quality="not_on_board"),
        ),
        (
            "Whenever you cast a legendary spell",
            TriggerReading("cast_spell", spell_filter=("Legendary",)),
        ),
        ("When you cast an Elf spell", TriggerReading("cast_spell", spell_filter=("Elf",))),
    ),
    "subject_damage": (
        (
            "Whenever a creature you control deals combat damage to a player",
            TriggerReading(
                "combat_damage_to_player", subject=Selector("you_control", ("Creature",))
            ),
        ),
        (
            "Whenever one or more creatures you control deal combat damage to a player",
            TriggerReading(
                "combat_damage_to_player",
                subject=Selector("you_control", ("Creature",)),
                one_or_more=True,
            ),
        ),
        (
            "Whenever enchanted creature deals damage to an opponent",
            TriggerReading("damage_to_opponent", subject=Selector("enchanted", ("Creature",))),
        ),
    ),
    "unperformed_event": (
        ("Whenever ~ mutates", TriggerReading("mutates")),
        ("Whenever you crank this Contraption", TriggerReading("cranked")),
        ("Whenever you draw your second card each turn", TriggerReading("you_draw")),
        ("Whenever an opponent draws a card", TriggerReading("opponent_draws")),
        ("Whenever you cycle or discard a card", TriggerReading("cycle_or_discard")),
        ("Whenever a player cycles a card", TriggerReading("cycle_or_discard")),
        ("When ~ exploits a creature", TriggerReading("exploits")),
        ("Whenever you sacrifice a Clue", TriggerReading("sacrificed")),
        ("Whenever a permanent is turned face up", TriggerReading("turned_face_up")),
        ("Whenever a creature you control explores", TriggerReading("explores")),
        ("Whenever you surveil", TriggerReading("surveil_or_scry")),
        ("Whenever you roll one or more dice", TriggerReading("rolls_dice")),
        ("Whenever an opponent plays a land", TriggerReading("plays_land")),
        ("When ~ becomes monstrous", TriggerReading("becomes_monstrous")),
        ("Whenever one or more cards leave your graveyard", TriggerReading("leaves_graveyard")),
        ("Whenever you get one or more {E}", TriggerReading("gets_energy")),
        (
            "Whenever a time counter is removed from ~ while it's exiled",
            TriggerReading("time_counter_removed"),
        ),
    ),
}


def _tap_add(produces: FixedMana | AnyColor, text: str) -> ManaAbility:
    return ManaAbility(Cost(tap=True), produces, text)


#: paragraph-level readers (engine.oracle.card.read_paragraph) -> (type line, Oracle text as
#: printed, with the card named "Example Card") and the abilities it compiles to
CARD_EXAMPLES: dict[str, tuple[tuple[str, Example], ...]] = {
    "keyword_line": (
        ("Creature", Example("Flying, vigilance", (Keyword("flying"), Keyword("vigilance")))),
    ),
    "keyword_splice": (
        (
            "Instant — Arcane",
            Example("Splice onto Arcane {1}{R}", (Keyword("splice", "onto Arcane {1}{R}"),)),
        ),
    ),
    "keyword_changeling": (
        (
            "Creature",
            Example("Changeling", (Keyword("changeling"), TypeDefining(True, "Changeling"))),
        ),
    ),
    "keyword_devoid": (
        ("Creature", Example("Devoid", (Keyword("devoid"), ColorDefining((), "Devoid")))),
    ),
    "keyword_equip": (
        (
            "Artifact — Equipment",
            Example(
                "Equip {2}",
                (
                    Keyword("equip", "{2}"),
                    ActivatedAbility(
                        Cost(mana="{2}"),
                        (SimpleEffect("attach"),),
                        "Equip {2}",
                        sorcery_speed=True,
                        keyword="equip",
                    ),
                ),
            ),
        ),
    ),
    "mana_ability": (
        ("Land", Example("{T}: Add {G}.", (_tap_add(FixedMana((("G",),)), "{T}: Add {G}."),))),
    ),
    "activated": (
        (
            "Artifact",
            Example(
                "{2}, {T}: Draw a card.",
                (
                    ActivatedAbility(
                        Cost(mana="{2}", tap=True),
                        (DrawCards(1, "Draw a card"),),
                        "{2}, {T}: Draw a card.",
                    ),
                ),
            ),
        ),
    ),
    "activated_from_graveyard": (
        (
            "Creature",
            Example(
                "{2}{B}: Return this card from your graveyard to your hand.",
                (
                    ActivatedAbility(
                        Cost(mana="{2}{B}"),
                        (
                            SimpleEffect(
                                "regrowth_self", (), "Return ~ from your graveyard to your hand"
                            ),
                        ),
                        "{2}{B}: Return ~ from your graveyard to your hand.",
                        "graveyard",
                    ),
                ),
            ),
        ),
    ),
    "activated_once_each_turn": (
        (
            "Creature",
            Example(
                "{R}: This creature gets +1/+0 until end of turn. Activate only once each turn.",
                (
                    ActivatedAbility(
                        Cost(mana="{R}"),
                        (
                            PumpUntilEndOfTurn(
                                Target("self"), 1, 0, (), "~ gets +1/+0 until end of turn"
                            ),
                        ),
                        "{R}: ~ gets +1/+0 until end of turn. Activate only once each turn.",
                        once_each_turn=True,
                    ),
                ),
            ),
        ),
    ),
    # --- E5: activation instructions (602.1b) ---
    "E5_activate_only_if_board": (
        (
            "Creature",
            Example(
                "{B}: This creature gets +1/+1 until end of turn. Activate only during your turn "
                "and only if there are seven or more cards in your graveyard.",
                (
                    ActivatedAbility(
                        Cost(mana="{B}"),
                        (
                            PumpUntilEndOfTurn(
                                Target("self"), 1, 1, (), "~ gets +1/+1 until end of turn"
                            ),
                        ),
                        "{B}: ~ gets +1/+1 until end of turn. Activate only during your turn "
                        "and only if there are seven or more cards in your graveyard.",
                        only_during="your_turn",
                        only_if=StaticCondition(
                            "count_at_least",
                            "there are seven or more cards in your graveyard",
                            "cards_in_your_graveyard",
                            7,
                        ),
                    ),
                ),
            ),
        ),
    ),
    "E5_activate_only_if_history": (
        (
            "Land",
            Example(
                "{5}, {T}: Draw a card. Activate only if you have the city's blessing.",
                (
                    ActivatedAbility(
                        Cost(mana="{5}", tap=True),
                        (DrawCards(1, "Draw a card"),),
                        "{5}, {T}: Draw a card. Activate only if you have the city's blessing.",
                        only_if_history="citys_blessing",
                    ),
                ),
            ),
        ),
    ),
    "E5_activate_no_more_than": (
        (
            "Creature",
            Example(
                "{R}: This creature gets +1/+0 until end of turn. Activate no more than twice "
                "each turn.",
                (
                    ActivatedAbility(
                        Cost(mana="{R}"),
                        (
                            PumpUntilEndOfTurn(
                                Target("self"), 1, 0, (), "~ gets +1/+0 until end of turn"
                            ),
                        ),
                        "{R}: ~ gets +1/+0 until end of turn. Activate no more than twice each "
                        "turn.",
                        max_each_turn=2,
                    ),
                ),
            ),
        ),
    ),
    # --- E5: costs beyond mana and {T} (118.3, 602.1) ---
    "E5_cost_tap_untapped_kind": (
        (
            "Creature — Human Wizard",
            Example(
                "Tap two untapped Wizards you control: Tap target permanent.",
                (
                    ActivatedAbility(
                        Cost(
                            tap_untapped=Selector("you_control", subtypes=("Wizard",)),
                            tap_untapped_count=2,
                        ),
                        (SimpleEffect("tap", (), "Tap target permanent"),),
                        "Tap two untapped Wizards you control: Tap target permanent.",
                    ),
                ),
            ),
        ),
    ),
    "E5_cost_discard_kind": (
        (
            "Creature — Zombie Troll",
            Example(
                "Discard a creature card: Put a +1/+1 counter on this creature.",
                (
                    ActivatedAbility(
                        Cost(discard=1, discard_kind="Creature"),
                        (PutCounters("+1/+1", 1, None, "Put a +1/+1 counter on ~"),),
                        "Discard a creature card: Put a +1/+1 counter on ~.",
                    ),
                ),
            ),
        ),
    ),
    "E5_cost_discard_at_random": (
        (
            "Creature",
            Example(
                "{1}, Discard a card at random: This creature gets +2/+0 until end of turn.",
                (
                    ActivatedAbility(
                        Cost(mana="{1}", discard=1, discard_at_random=True),
                        (
                            PumpUntilEndOfTurn(
                                Target("self"), 2, 0, (), "~ gets +2/+0 until end of turn"
                            ),
                        ),
                        "{1}, Discard a card at random: ~ gets +2/+0 until end of turn.",
                    ),
                ),
            ),
        ),
    ),
    "E5_cost_exile_from_graveyard": (
        (
            "Creature",
            Example(
                "{2}{B}, Exile a creature card from your graveyard: Draw a card.",
                (
                    ActivatedAbility(
                        Cost(
                            mana="{2}{B}",
                            exile_from_graveyard=1,
                            exile_from_graveyard_kind="Creature",
                        ),
                        (DrawCards(1, "Draw a card"),),
                        "{2}{B}, Exile a creature card from your graveyard: Draw a card.",
                    ),
                ),
            ),
        ),
    ),
    "E5_cost_return_to_hand": (
        (
            "Creature",
            Example(
                "{2}, Return a land you control to its owner's hand: Draw a card.",
                (
                    ActivatedAbility(
                        Cost(
                            mana="{2}",
                            return_to_hand=Selector("you_control", ("Land",)),
                            return_to_hand_count=1,
                        ),
                        (DrawCards(1, "Draw a card"),),
                        "{2}, Return a land you control to its owner's hand: Draw a card.",
                    ),
                ),
            ),
        ),
    ),
    "E5_cost_remove_counter_from": (
        (
            "Creature",
            Example(
                "{1}, Remove a +1/+1 counter from a creature you control: Draw a card.",
                (
                    ActivatedAbility(
                        Cost(
                            mana="{1}",
                            remove_counters=("+1/+1", 1),
                            remove_counters_from=Selector("you_control", ("Creature",)),
                        ),
                        (DrawCards(1, "Draw a card"),),
                        "{1}, Remove a +1/+1 counter from a creature you control: Draw a card.",
                    ),
                ),
            ),
        ),
    ),
    # --- E5: mana abilities with a spending restriction (106.6) or activation instructions ---
    "E5_mana_spend_only": (
        (
            "Land",
            Example(
                "{T}: Add one mana of any color. Spend this mana only to cast a creature spell.",
                (
                    ManaAbility(
                        Cost(tap=True),
                        AnyColor(1, True),
                        "{T}: Add one mana of any color. Spend this mana only to cast a creature "
                        "spell.",
                        spend_only="Spend this mana only to cast a creature spell",
                    ),
                ),
            ),
        ),
        (
            "Artifact",
            Example(
                "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
                (
                    ManaAbility(
                        Cost(tap=True),
                        FixedMana((("C",),)),
                        "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
                        spend_only="This mana can't be spent to cast a nonartifact spell",
                    ),
                ),
            ),
        ),
    ),
    "E5_cost_pay_energy": (
        (
            "Creature",
            Example(
                "{T}, Pay {E}: Draw a card.",
                (
                    ActivatedAbility(
                        Cost(tap=True, pay_energy=1),
                        (DrawCards(1, "Draw a card"),),
                        "{T}, Pay {E}: Draw a card.",
                    ),
                ),
            ),
        ),
    ),
    "E5_cost_sacrifice_either": (
        (
            "Enchantment",
            Example(
                "Sacrifice an artifact or creature: You gain 1 life.",
                (
                    ActivatedAbility(
                        Cost(
                            sacrifice=Selector("you_control", ("Artifact",)),
                            sacrifice_count=1,
                            sacrifice_or=(Selector("you_control", ("Creature",)),),
                        ),
                        (GainLife(1, "You gain 1 life"),),
                        "Sacrifice an artifact or creature: You gain 1 life.",
                    ),
                ),
            ),
        ),
    ),
    "E5_activate_only_if_total_power": (
        (
            "Creature",
            Example(
                "{4}{G}: This creature gets +4/+4 until end of turn. Activate only if creatures "
                "you control have total power 8 or greater.",
                (
                    ActivatedAbility(
                        Cost(mana="{4}{G}"),
                        (
                            PumpUntilEndOfTurn(
                                Target("self"), 4, 4, (), "~ gets +4/+4 until end of turn"
                            ),
                        ),
                        "{4}{G}: ~ gets +4/+4 until end of turn. Activate only if creatures you "
                        "control have total power 8 or greater.",
                        only_if_board=("total_power_you_control_at_least", 8),
                    ),
                ),
            ),
        ),
    ),
    "E5_boast": (
        (
            "Creature — Dwarf Berserker",
            Example(
                "Boast — {1}: Target opponent loses 1 life and you gain 1 life.",
                (
                    ActivatedAbility(
                        Cost(mana="{1}"),
                        (
                            LoseLife(1, "target_opponent", "Target opponent loses 1 life"),
                            GainLife(1, "you gain 1 life"),
                        ),
                        "Boast — {1}: Target opponent loses 1 life and you gain 1 life.",
                        once_each_turn=True,
                        only_if_history="self_attacked_this_turn",
                    ),
                ),
            ),
        ),
    ),
    "E5_mana_also_draws": (
        (
            "Artifact",
            Example(
                "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card.",
                (
                    ManaAbility(
                        Cost(mana="{1}", tap=True, sacrifice_self=True),
                        AnyColor(1, True),
                        "{1}, {T}, Sacrifice ~: Add one mana of any color. Draw a card.",
                        also=(DrawCards(1, "Draw a card"),),
                    ),
                ),
            ),
        ),
    ),
    "E5_mana_activate_only_if": (
        (
            "Land",
            Example(
                "{T}: Add {B}. Activate only if you control a Swamp.",
                (
                    ManaAbility(
                        Cost(tap=True),
                        FixedMana((("B",),)),
                        "{T}: Add {B}. Activate only if you control a Swamp.",
                        only_if=StaticCondition(
                            "count_at_least",
                            "you control a Swamp",
                            CountOf(Selector("you_control", subtypes=("Swamp",))),
                            1,
                        ),
                    ),
                ),
            ),
        ),
    ),
    "loyalty": (
        (
            "Legendary Planeswalker — Ajani",
            Example(
                "[+1]: You gain 2 life.",
                (
                    ActivatedAbility(
                        Cost(loyalty=1), (GainLife(2, "You gain 2 life"),), "[+1]: You gain 2 life."
                    ),
                ),
            ),
        ),
    ),
    "triggered": (
        (
            "Creature",
            Example(
                "When this creature enters, draw a card.",
                (
                    TriggeredAbility(
                        "enters", (DrawCards(1, "draw a card"),), "When ~ enters, draw a card."
                    ),
                ),
            ),
        ),
    ),
    "cast_trigger_caster": (
        (
            "Enchantment",
            Example(
                "Whenever an opponent casts a spell, you gain 1 life.",
                (
                    TriggeredAbility(
                        "cast_spell",
                        (GainLife(1, "you gain 1 life"),),
                        "Whenever an opponent casts a spell, you gain 1 life.",
                        caster="an_opponent",
                    ),
                ),
            ),
        ),
    ),
    "cast_trigger_spell_filter": (
        (
            "Enchantment",
            Example(
                "Whenever you cast a Spirit or Arcane spell, draw a card.",
                (
                    TriggeredAbility(
                        "cast_spell",
                        (DrawCards(1, "draw a card"),),
                        "Whenever you cast a Spirit or Arcane spell, draw a card.",
                        spell_filter=("Spirit", "Arcane"),
                    ),
                ),
            ),
        ),
    ),
    "trigger_counter_on_it": (
        (
            "Creature",
            Example(
                "Whenever this creature deals combat damage to a player, put a +1/+1 counter on "
                "it.",
                (
                    TriggeredAbility(
                        "combat_damage_to_player",
                        (PutCounters("+1/+1", 1, None, "put a +1/+1 counter on ~"),),
                        "Whenever ~ deals combat damage to a player, put a +1/+1 counter on it.",
                    ),
                ),
            ),
        ),
    ),
    "intervening_if": (
        (
            "Creature",
            Example(
                "When this creature enters, if it was kicked, draw a card.",
                (
                    TriggeredAbility(
                        "enters",
                        (DrawCards(1, "draw a card"),),
                        "When ~ enters, if it was kicked, draw a card.",
                        intervening_if="it was kicked",
                    ),
                ),
            ),
        ),
    ),
    "spell": (
        (
            "Instant",
            Example(
                "Draw two cards.",
                (SpellAbility((DrawCards(2, "Draw two cards"),), "Draw two cards."),),
            ),
        ),
    ),
    "modal_spell": (
        (
            "Instant",
            Example(
                "Choose one —\n• Draw a card.\n• You gain 3 life.",
                (
                    SpellAbility(
                        (
                            Modal(
                                "one",
                                ((DrawCards(1, "Draw a card"),), (GainLife(3, "You gain 3 life"),)),
                                "Choose one —\n• Draw a card.\n• You gain 3 life.",
                            ),
                        ),
                        "Choose one —\n• Draw a card.\n• You gain 3 life.",
                    ),
                ),
            ),
        ),
    ),
}
