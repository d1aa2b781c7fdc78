"""The ability vocabulary: what the compiler turns Oracle text into and what the rules core reads.

Every clause of a card becomes one of these dataclasses, or ``Unsupported`` with a reason.
Names follow the game's own words (CR 113 abilities, 602 activated, 603 triggered, 604 static,
605 mana abilities, 613 layers, 614 replacement effects, 707 copies).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar, Literal

# --- the layers of continuous effects (613.1, 613.4) -------------------------------------

Layer = Literal["1", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d"]

# --- who an effect applies to -------------------------------------------------------------

Scope = Literal[
    "self",  # this object
    "equipped",  # the creature it's attached to (Equipment)
    "enchanted",  # the permanent it's attached to (Aura)
    "you_control",  # permanents you control
    "others_you_control",  # other permanents you control
    "all",  # all permanents
    "all_others",  # all other permanents
    "opponents_control",  # permanents your opponents control
    "targets",  # the targets chosen for a resolved spell/ability (continuing effects)
    "self_and_paired",  # E1: "both creatures" of a soulbond pair (702.95)
    # E1 (s9): "All cards that aren't on the battlefield, spells, and permanents" — every object
    # in every zone (Painter's Servant)
    "every_object",
    # E2 (s10): "creature spells you control and creature cards you own that aren't on the
    # battlefield" (Arcane Adaptation): objects off the battlefield, a spell by its controller
    # and a card by its owner
    "yours_off_battlefield",
]


@dataclass(frozen=True)
class Selector:
    """Which permanents an effect affects: a scope plus a card-type/subtype/color filter."""

    scope: Scope
    types: tuple[str, ...] = ()  # all of these card types, e.g. ("Creature",)
    subtypes: tuple[str, ...] = ()  # any of these subtypes, e.g. ("Elf",)
    colors: tuple[str, ...] = ()  # any of these colors ("W", "U", ...)
    non_types: tuple[str, ...] = ()  # none of these card types ("nonland")
    tokens_only: bool = False
    supertypes: tuple[str, ...] = ()  # all of these supertypes ("basic")
    non_supertypes: tuple[str, ...] = ()  # none of these ("nonbasic")
    non_subtypes: tuple[str, ...] = ()  # none of these ("non-Aura")
    # E4: "each creature you control with a +1/+1 counter on it" (counters aren't
    # characteristics: the layers read them off the board, 122.1)
    with_counter: str | None = None
    with_keyword: str | None = None  # E4: "creatures you control with flying" (layer 6 result)
    attached_kind: Literal["Aura", "Equipment"] | None = None  # E4: "that are enchanted"
    nontoken: bool = False  # E2: "a nontoken creature you control" (111.1)
    of_chosen: Literal["creature type", "color"] | None = None  # E4: "of the chosen type" (607.2d)
    without_keyword: str | None = None  # E4: "creatures without flying"
    in_combat: Literal["attacking", "blocking"] | None = None  # E4: "attacking Elves you control"


# --- costs (602.1, 118) -------------------------------------------------------------------


@dataclass(frozen=True)
class Cost:
    mana: str = ""  # mana symbols, e.g. "{5}" or "{1}{G}"
    tap: bool = False  # {T}
    untap: bool = False  # {Q}
    sacrifice_self: bool = False
    sacrifice: Selector | None = None  # "Sacrifice a creature"
    sacrifice_count: int = 0
    tap_untapped: Selector | None = None  # "Tap an untapped creature you control"
    tap_untapped_count: int = 0
    tap_untapped_power: int = 0  # crew: "with total power N or greater" (702.122a)
    exile_self_from_graveyard: bool = False  # embalm, eternalize, unearth-like
    pay_life: int = 0
    discard: int = 0
    exile_self: bool = False  # "Exile ~" (from the battlefield)
    discard_self: bool = False  # "Discard ~" (channel): the ability works from the hand (113.6m)
    remove_counters: tuple[str, int] | None = None  # ("+1/+1", 1)
    loyalty: int | None = None  # planeswalker loyalty abilities: +N / -N / 0 (606)
    # E5 (118.3, 602.1): more costs the board can show being payable, or not
    discard_kind: str | None = None  # "Discard a creature card": a card type ("Creature")
    discard_at_random: bool = False  # "Discard a card at random"
    exile_from_graveyard: int = 0  # "Exile two cards from your graveyard"
    exile_from_graveyard_kind: str | None = None  # "... a creature card ...": type or subtype
    return_to_hand: Selector | None = None  # "Return a land you control to its owner's hand"
    return_to_hand_count: int = 0
    return_self: bool = False  # "Return ~ to its owner's hand"
    remove_counters_from: Selector | None = None  # "Remove a +1/+1 counter from a creature you
    # control" (``remove_counters`` says which counters; "counter" alone: any kind)
    pay_energy: int = 0  # "Pay {E}{E}" (107.14): a board doesn't show energy, so unknown
    sacrifice_or: tuple[Selector, ...] = ()  # "Sacrifice an artifact or creature": alternatives

    @property
    def has_tap_symbol(self) -> bool:
        return self.tap or self.untap

    @property
    def only_mana_and_tap(self) -> bool:
        """E5: no part beyond mana, {T} and {Q} (the sources payment.py counts for free)."""
        return self == Cost(mana=self.mana, tap=self.tap, untap=self.untap)


# --- mana production (106, 605) ---------------------------------------------------------

MANA_TYPES: tuple[str, ...] = ("W", "U", "B", "R", "G", "C")
COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
# the five colors by name (105.1), the one table every reader of "red", "green" … uses
COLOR_LETTERS: dict[str, str] = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}


@dataclass(frozen=True)
class FixedMana:
    """Add specific mana: ``options`` lists alternatives, each a tuple of symbols ("{R} or {G}")."""

    options: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class AnyColor:
    amount: int = 1
    same_color: bool = True  # "N mana of any one color"


@dataclass(frozen=True)
class CouldProduce:
    """Any type/color that a land you (or an opponent) control(s) could produce (106.7)."""

    whose: Literal["you", "opponents"]
    kind: Literal["type", "color"]
    permanent_types: tuple[str, ...] = ("Land",)
    amount: int = 1


@dataclass(frozen=True)
class ChosenColor:
    """ "Add one mana of the chosen color" — a choice made as the permanent entered (607).
    ``or_fixed``: E1 (s9) the Thriving lands' "Add {G} or one mana of the chosen color"."""

    amount: int = 1
    or_fixed: tuple[str, ...] = ()


@dataclass(frozen=True)
class ProducedType:
    """ "one mana of any type that permanent produced" (Kinnan): refers to the triggering event."""

    amount: int = 1


@dataclass(frozen=True)
class CountedMana:
    """E1 (s9): "Add {G} for each Elf you control" (Elvish Archdruid, Gaea's Cradle): one
    ``symbol`` per object counted as the ability resolves (605.3b, 608.2h)."""

    symbol: str
    count: Count
    # E2 (s10): "Add X mana of any one color / in any combination of colors, where X is ..."
    any_color: bool = False
    same_color: bool = True


ManaProduction = FixedMana | AnyColor | CouldProduce | ChosenColor | ProducedType | CountedMana


@dataclass(frozen=True)
class ManaAbility:
    """An activated mana ability (605.1a)."""

    cost: Cost
    produces: ManaProduction
    text: str = ""
    intrinsic: bool = False  # from a basic land type (305.6)
    also: tuple[Effect, ...] = ()  # untargeted side effects: "~ deals 1 damage to you"
    # E5: "Spend this mana only to cast creature spells" (106.6), the restriction as printed
    spend_only: str = ""
    # E5: a mana ability's activation instructions (602.1b), as on ActivatedAbility
    sorcery_speed: bool = False
    once_each_turn: bool = False
    only_during: ActivationWindow | None = None
    max_each_turn: int = 0
    only_if: StaticCondition | None = None
    only_if_history: ActivationHistory | None = None
    only_if_board: tuple[ActivationBoardTest, int] | None = None

    @property
    def limited(self) -> bool:
        """E5: whether an activation instruction limits it (payment.py then doesn't count it)."""
        return bool(
            self.sorcery_speed
            or self.once_each_turn
            or self.only_during
            or self.max_each_turn
            or self.only_if
            or self.only_if_history
            or self.only_if_board
        )


# --- continuous effects (611, 613) --------------------------------------------------------


@dataclass(frozen=True)
class SetPT:  # layer 7b (613.4b)
    layer: ClassVar[Layer] = "7b"
    power: int
    toughness: int


@dataclass(frozen=True)
class SetPTToManaValue:  # layer 7b: "base power and toughness each equal to its mana value"
    layer: ClassVar[Layer] = "7b"


@dataclass(frozen=True)
class ModifyPT:  # layer 7c (613.4c)
    layer: ClassVar[Layer] = "7c"
    power: int
    toughness: int


@dataclass(frozen=True)
class SwitchPT:  # layer 7d (613.4d)
    layer: ClassVar[Layer] = "7d"


@dataclass(frozen=True)
class AddTypes:  # layer 4 (613.1d)
    layer: ClassVar[Layer] = "4"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    all_creature_types: bool = False


@dataclass(frozen=True)
class SetTypes:  # layer 4: "becomes a [type]" replacing old types of that kind (205.1a)
    layer: ClassVar[Layer] = "4"
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    keep_types: bool = False  # "It's still a land." / "in addition to its other types"


@dataclass(frozen=True)
class SetCreatureTypes:  # layer 4: "becomes a Frog" replaces only its creature types (205.1a)
    layer: ClassVar[Layer] = "4"
    subtypes: tuple[str, ...]


@dataclass(frozen=True)
class LoseSupertype:  # layer 4
    layer: ClassVar[Layer] = "4"
    supertype: str


@dataclass(frozen=True)
class GainControl:  # layer 2 (613.1b): "You control enchanted creature."
    layer: ClassVar[Layer] = "2"


@dataclass(frozen=True)
class SetColors:  # layer 5 (613.1e)
    layer: ClassVar[Layer] = "5"
    colors: tuple[str, ...]


@dataclass(frozen=True)
class AddColors:  # layer 5
    layer: ClassVar[Layer] = "5"
    colors: tuple[str, ...]


@dataclass(frozen=True)
class AddChosenColor:  # layer 5
    """E1 (s9): "... are the chosen color in addition to their other colors" — the color chosen
    as the source entered (607.2d), the board's ``chosen``."""

    layer: ClassVar[Layer] = "5"


@dataclass(frozen=True)
class AddChosenType:  # layer 4
    """E1 (s9): "~ is the chosen type in addition to its other types" (205.1b) — the creature
    or basic land type chosen as the source entered (607.2d), the board's ``chosen``."""

    layer: ClassVar[Layer] = "4"


@dataclass(frozen=True)
class GrantAbilities:  # layer 6 (613.1f)
    layer: ClassVar[Layer] = "6"
    abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class RemoveAllAbilities:  # layer 6
    layer: ClassVar[Layer] = "6"


@dataclass(frozen=True)
class LoseKeywords:  # layer 6 (613.1f): E4, "Enchanted creature loses flying"
    layer: ClassVar[Layer] = "6"
    keywords: tuple[str, ...]


@dataclass(frozen=True)
class GainActivatedAbilitiesOf:  # layer 6: "has the activated abilities of ..." (Vazal)
    layer: ClassVar[Layer] = "6"
    source: Selector


@dataclass(frozen=True)
class ModifyPTPerCount:  # layer 7c (613.4c): "~ gets +1/+0 for each artifact you control"
    layer: ClassVar[Layer] = "7c"
    power: int  # per counted thing
    toughness: int
    count: Count


Modification = (
    GainControl
    | SetPT
    | SetPTToManaValue
    | ModifyPT
    | SwitchPT
    | AddTypes
    | SetTypes
    | SetCreatureTypes
    | LoseSupertype
    | SetColors
    | AddColors
    | AddChosenColor
    | AddChosenType
    | GrantAbilities
    | RemoveAllAbilities
    | GainActivatedAbilitiesOf
    | ModifyPTPerCount
    | LoseKeywords
)


# E4: what "This effect doesn't remove ~ / Auras" spares from the protection it grants (702.16c)
SparedAttachments = Literal["self", "Auras"]


@dataclass(frozen=True)
class StaticEffect:
    """A static ability's continuous effect (604.1, 611.3) applied in the layer of each change.
    ``condition``: "as long as ..." / "during your turn" — it applies only while that is true,
    checked continuously (611.3a)."""

    affected: Selector
    changes: tuple[Modification, ...]
    text: str = ""
    condition: StaticCondition | None = None
    # E4: "This effect doesn't remove ~" / "... doesn't remove Auras": the protection it grants
    # doesn't make this Aura (or any Aura) fall off (702.16c, 704.5m)
    doesnt_remove: SparedAttachments | None = None


# --- characteristic-defining abilities (604.3) ---------------------------------------------

CountExpr = Literal[
    "cards_in_your_hand",
    "cards_in_all_hands",
    "card_types_in_all_graveyards",
    "creatures_you_control",
    "lands_you_control",
    "cards_in_your_graveyard",
    "creature_cards_in_your_graveyard",
    "your_life_total",
    "card_types_in_your_graveyard",  # E1: delirium-style "four or more card types among ..."
    # E1: "an opponent has ..." — a board has two players, so the one opponent
    "cards_in_opponents_graveyard",
    "cards_in_opponents_hand",
    "opponents_life_total",
    "opponents_poison_counters",
]


@dataclass(frozen=True)
class CountOf:
    """ "the number of [permanents] you control / on the battlefield" (604.3): permanents the
    selector matches, relative to the object with the ability."""

    selector: Selector


@dataclass(frozen=True)
class CountCards:
    """ "the number of instant and sorcery cards in your graveyard": cards of any of ``types``."""

    types: tuple[str, ...]
    zone: Literal["graveyard"] = "graveyard"
    whose: Literal["you", "all"] = "you"


@dataclass(frozen=True)
class CountCounters:
    """E1: "it has three or more oil counters on it": counters of one kind on this object."""

    counter: str


@dataclass(frozen=True)
class CountAttached:
    """E1: "for each Aura and Equipment attached to it": permanents of these subtypes attached
    to this object (301.5, 303.4)."""

    subtypes: tuple[str, ...]


@dataclass(frozen=True)
class CountDevotion:
    """E2 (s10): "your devotion to green" (700.5): the mana symbols of any of ``colors`` among
    the mana costs of permanents you control (a hybrid symbol counts once). No colors: "your
    devotion to that color", the color chosen as the mana ability resolves (Nykthos)."""

    colors: tuple[str, ...]


@dataclass(frozen=True)
class CountSelfPower:
    """E2 (s10): "equal to ~'s power": the object's own power, read as the ability resolves
    (608.2h; a negative power counts 0, 107.1b)."""


Count = (
    CountExpr
    | CountOf
    | CountCards
    | CountCounters
    | CountAttached
    | CountDevotion
    | CountSelfPower
)

# --- E1: conditions of static abilities about the card itself (611.3a) ------------------------

StaticConditionTest = Literal[
    "self_attacking",  # "as long as ~ is attacking" (506.4: an attacking creature)
    "self_blocking",
    "self_tapped",
    "self_untapped",
    "self_paired",  # soulbond: paired with another creature (702.95, the board's paired_with)
    "self_equipped",  # an Equipment is attached to it (301.5)
    "self_enchanted",  # an Aura is attached to it (303.4)
    "your_turn",  # "during your turn", "as long as it's your turn" (its controller's turn)
    "not_your_turn",
    "count_at_least",  # ``count`` is ``bound`` or more
    "count_at_most",  # ``count`` is ``bound`` or fewer ("you have no cards in hand": at most 0)
    # the player it attacks (or the controller of the planeswalker it attacks) controls one of
    # ``count``'s selector; false while it isn't attacking (506.2, 508.5)
    "defender_controls",
]


@dataclass(frozen=True)
class StaticCondition:
    """When a conditional static ability applies (611.3a): a test of the board, relative to the
    object with the ability ("you" is its controller)."""

    test: StaticConditionTest
    text: str = ""
    count: Count | None = None
    bound: int = 0


@dataclass(frozen=True)
class PTDefining:
    """ "~'s power and toughness are each equal to ..." (604.3, layer 7a)."""

    power: Count | None
    toughness: Count | None
    toughness_plus: int = 0
    power_plus: int = 0
    text: str = ""


@dataclass(frozen=True)
class ColorDefining:
    """ "~ is all colors" / Devoid / "~ is [color]" (604.3, layer 5)."""

    colors: tuple[str, ...]
    text: str = ""


@dataclass(frozen=True)
class TypeDefining:
    """Changeling: "this object is every creature type" (702.73a, layer 4)."""

    all_creature_types: bool = True
    text: str = ""


# --- replacement effects on entering (614.1c, 614.12) ----------------------------------------


@dataclass(frozen=True)
class EntersWithCounters:
    counter: str  # "+1/+1", "loyalty", "charge", ...
    amount: int | Literal["X"]
    text: str = ""
    # E1: "a +1/+1 counter on it for each creature card in your graveyard" (``amount`` each,
    # counted on the board as it enters, 614.1c) ...
    count: Count | None = None
    # ... or a fact about how it was cast or about the turn the board doesn't record ("if ~ was
    # kicked", "for each color of mana spent to cast it"): unknown while it enters
    depends_on: EntersHistory | None = None


# E1: what an "enters with" replacement may depend on that a board snapshot doesn't record
EntersHistory = Literal[
    "kicked",  # "If ~ was kicked, it enters with ..." (702.33)
    "times_kicked",  # "for each time it was kicked" (multikicker, 702.33c)
    "colors_of_mana_spent",  # "for each color of mana spent to cast it" (sunburst-like)
    "you_attacked_this_turn",  # raid
    "a_creature_died_this_turn",
    "permanent_left_your_control_this_turn",  # revolt
]


@dataclass(frozen=True)
class EntersTapped:
    """614.1c: it enters tapped (``unless``: a condition or payment that lets it enter untapped,
    e.g. "you pay 2 life"). A permanent on a board is tapped or not as the board says."""

    text: str = ""
    unless: str | None = None


@dataclass(frozen=True)
class CopyExceptions:
    """Exceptions a copy effect makes; they become copiable values (707.9b)."""

    name: str | None = None
    no_mana_cost: bool = False
    colors: tuple[str, ...] | None = None  # replaces the color (707.9), e.g. ("W",) for embalm
    add_types: tuple[str, ...] = ()
    add_subtypes: tuple[str, ...] = ()
    set_subtypes: tuple[str, ...] | None = None
    remove_supertypes: tuple[str, ...] = ()  # "it isn't legendary"
    power: int | None = None  # "except it's 1/1" (707.9d: P/T CDAs are then not copied)
    toughness: int | None = None
    add_abilities: tuple[Ability, ...] = ()  # "and it has flying"
    extra_counters: tuple[tuple[str, int], ...] = ()  # Spark Double: not a copiable value (614.1c)

    def is_empty(self) -> bool:
        return self == CopyExceptions()


@dataclass(frozen=True)
class EnterAsCopy:
    """ "You may have ~ enter as a copy of ..." — a replacement effect (614.1c, 707.5)."""

    choice: Selector
    also_planeswalkers: bool = False
    exceptions: CopyExceptions = field(default_factory=CopyExceptions)
    exceptions_if_embalmed: CopyExceptions | None = None  # Vizier of Many Faces
    text: str = ""
    enters_tapped: bool = False  # Vesuva: "enter tapped as a copy"


# --- one-shot effects (spells, activated and triggered abilities) ---------------------------

AmountExpr = Literal[
    "X",  # the X chosen as the spell was cast (107.3m)
    "counters:+1/+1",  # "for each +1/+1 counter on ~" (Hangarback Walker)
    "self_power",  # "equal to ~'s power" (608.2h)
    "that_creature_power",
]


# --- E3: amounts counted as the effect resolves, damage to groups, counterspells, control ----


@dataclass(frozen=True)
class CountedAmount:
    """E3: "damage equal to the number of Mountains you control", "X damage, where X is the
    number of cards in your hand", "2 life for each creature you control": a count made as the
    effect resolves (608.2h), times ``each``, plus ``plus``."""

    count: Count
    each: int = 1
    plus: int = 0


Amount = int | AmountExpr | CountedAmount

#: players an effect on a group reaches besides permanents ("and each player")
PlayerGroup = Literal["none", "each_player", "each_opponent", "you"]


@dataclass(frozen=True)
class DamageEach:
    """E3: "~ deals 2 damage to each creature without flying and each player": no targets; every
    permanent one of ``permanents`` matches (scope relative to the controller) and, if it says
    so, ``keyword`` it has (or lacks: ``keyword_absent``), and the ``players`` group (120.3)."""

    amount: Amount
    permanents: tuple[Selector, ...]
    players: PlayerGroup = "none"
    keyword: str | None = None
    keyword_absent: bool = False
    text: str = ""


@dataclass(frozen=True)
class DestroyEach:
    """E3 (s11): "Destroy all creatures", "Destroy all artifacts and enchantments", "Destroy all
    creatures you don't control": no targets; every permanent one of ``affected`` matches as it
    resolves (scope relative to the spell's controller, 109.5), moved to its owner's graveyard
    (701.8a) unless it is indestructible (702.12b)."""

    affected: tuple[Selector, ...]
    text: str = ""


@dataclass(frozen=True)
class CounterSpell:
    """E3: "Counter target noncreature spell unless its controller pays {2}" (701.6a, 118.12)."""

    target: Target
    unless_pays: str | None = None  # the mana cost its controller may pay instead
    text: str = ""


#: how long a control change from a resolved spell lasts (611.2a; "until end of turn": 514.2)
ControlDuration = Literal["end_of_turn", "indefinitely"]


@dataclass(frozen=True)
class GainControlOf:
    """E3: "Gain control of target creature until end of turn" (613.1b, 611.2a, 514.2)."""

    target: Target
    duration: ControlDuration
    text: str = ""


@dataclass(frozen=True)
class PutCountersEach:
    """E3: "Put a +1/+1 counter on each creature you control" (122.1, 611.2c: fixed on
    resolution)."""

    counter: str
    amount: int
    affected: Selector
    text: str = ""


@dataclass(frozen=True)
class DividedDamage:
    """E3: "~ deals 3 damage divided as you choose among one, two, or three targets": the
    division is announced as it's cast (601.2d), which a board question doesn't give."""

    amount: Amount
    target: Target
    most: int | None  # the most targets it can have; None: any number
    text: str = ""
    # E4 (s12): "divided evenly, rounded down, among any number of targets" (Fireball): no
    # choice, divided as it resolves among its legal targets (the card's rulings)
    evenly: bool = False


ExileIfDiesWho = Literal["that_creature", "dealt_damage_this_way", "that_creature_or_planeswalker"]


@dataclass(frozen=True)
class ExileIfDiesThisTurn:
    """E6 (s14): "If that creature would die this turn, exile it instead" (Magma Spray), "If a
    creature dealt damage this way would die this turn, exile it instead" (Anger of the Gods):
    a replacement effect a resolving spell creates (614.1a) for the rest of the turn on the
    objects it names, locked in as it resolves (611.2c); applied when they would die (614.6)."""

    who: ExileIfDiesWho
    text: str = ""


@dataclass(frozen=True)
class IfKicked:
    """E3: "If ~ was kicked, draw a card" / "..., that player discards three cards instead"
    (702.33d): whether the spell was kicked was decided as it was cast, which the board doesn't
    say, so resolving it is named unknown; ``instead``: it replaces the effect before it."""

    effects: tuple[Effect, ...]
    instead: bool = False
    text: str = ""


@dataclass(frozen=True)
class CreatureDealsPower:
    """E3: "Target creature you control deals damage equal to its power to target creature you
    don't control" (a bite): the first creature is the damage's source (120.1), its power read
    once as the effect resolves (608.2h)."""

    source: Target  # "creature you control", or "that creature" (chosen before)
    recipient: Target
    text: str = ""


@dataclass(frozen=True)
class PreventDamage:
    """E3: "Prevent all combat damage that would be dealt by target attacking creature this
    turn", "Prevent the next 3 damage that would be dealt to you this turn" (615.1): a shield
    that applies as damage would be dealt later this turn; the engine never applies one, so
    resolving it, or one listed as in force, is named unknown."""

    amount: int | Literal["X"] | None  # None: all of it
    combat_only: bool
    to: Target | Selector | None  # what it protects (None: anything)
    by: Target | Selector | None  # whose damage (None: any source)
    text: str = ""


#: where a search puts what it finds (701.23)
SearchDestination = Literal[
    "hand", "battlefield", "battlefield_tapped", "graveyard", "top", "exile"
]


@dataclass(frozen=True)
class SearchLibrary:
    """E3: "Search your library for up to two basic land cards, put them onto the battlefield
    tapped, then shuffle" (701.23). The library is hidden (401.2) and the searcher needn't find
    a card even if one is there (701.23b), so no question resolves it: it is named unknown."""

    count: str  # "a", "up to two", "any number of"
    wanted: str  # the description as printed: "basic land cards", "Rebel permanent card ..."
    destination: SearchDestination
    reveal: bool = False
    text: str = ""


@dataclass(frozen=True)
class MayDo:
    """E3: "You may return target creature to its owner's hand": an optional action its
    controller chooses as it resolves (608.2d); which it chooses isn't on the board."""

    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True)
class TokenSpec:
    """A token's defined characteristics (111.3, 111.4) or a predefined token (111.10)."""

    name: str | None
    colors: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    power: int | str | None = None  # str: "that card's power"
    toughness: int | str | None = None
    supertypes: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()
    ability_text: str = ""
    tapped: bool = False
    predefined: str = ""  # E6 (s14): the 111.10 rule defining it ("111.10a": a Treasure)


@dataclass(frozen=True)
class CreateTokens:
    amount: Amount
    token: TokenSpec
    text: str = ""


@dataclass(frozen=True)
class CreateTokenCopy:
    """ "Create a token that's a copy of ..., except ..." (111.3 and 707.9)."""

    of: Literal["self", "target", "target_card", "that_card"]
    exceptions: CopyExceptions = field(default_factory=CopyExceptions)
    amount: Amount = 1
    text: str = ""


@dataclass(frozen=True)
class TargetFilter:
    """ "with mana value 3 or less" on a target (115.1), or "if it has mana value 2 or less" checked
    as the spell resolves (Fatal Push)."""

    quality: Literal["mana value", "power", "toughness"]
    bound: int
    direction: Literal["or less", "or greater"]
    when: Literal["targeting", "resolving"] = "targeting"  # a target restriction, or "if it has"

    def label(self) -> str:
        return f"{self.quality} {self.bound} {self.direction}"


@dataclass(frozen=True)
class Target:
    what: str  # "creature", "any target", "creature card in your graveyard", "player", ...
    filters: tuple[TargetFilter, ...] = ()


@dataclass(frozen=True)
class DealDamage:
    amount: Amount
    target: Target
    text: str = ""


@dataclass(frozen=True)
class Destroy:
    target: Target
    text: str = ""


@dataclass(frozen=True)
class ExileTarget:
    target: Target
    until_leaves: bool = False
    text: str = ""


@dataclass(frozen=True)
class ReturnToHand:
    target: Target
    text: str = ""


@dataclass(frozen=True)
class PumpUntilEndOfTurn:
    target: Target
    power: Amount  # an amount fixed on resolution, e.g. "+X where X is ~'s power"
    toughness: Amount
    grants: tuple[Ability, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class BecomesUntilEndOfTurn:
    """ "~ becomes a 2/2 creature with all creature types until end of turn. It's still a land.\""""

    affected: Selector
    changes: tuple[Modification, ...]
    text: str = ""


@dataclass(frozen=True)
class PutCounters:
    counter: str
    amount: Amount
    target: Target | None  # None: on this object
    text: str = ""


@dataclass(frozen=True)
class DrawCards:
    amount: Amount
    text: str = ""


@dataclass(frozen=True)
class GainLife:
    amount: Amount
    text: str = ""


@dataclass(frozen=True)
class ItsControllerGainsLife:
    """E3 (s11): "Its controller gains life equal to its power" (Swords to Plowshares): the
    controller of the object an earlier part of the effect chose (109.4) gains life equal to its
    power or toughness as it last existed (608.2h)."""

    stat: Literal["power", "toughness"]
    text: str = ""


@dataclass(frozen=True)
class LoseLife:
    amount: Amount
    who: Literal["you", "target_player", "each_opponent", "target_opponent"] = "you"
    text: str = ""


SimpleVerb = Literal[
    "amass",
    "attach",
    "bounce_self",
    "bounce_many",  # E3: "return up to two target creatures to their owners' hands"
    "cant_block_this_turn",
    "connive",
    "counter",
    "counter_unless",
    "delayed_draw",
    "discard",
    "double_power",
    "draw",
    "edict",
    "energy",
    "explore",
    "fight",
    "fog",
    "goad",
    "impulse",
    "investigate",
    "look",
    "loot",
    "mill",
    "phase_out",
    "populate",
    "proliferate",
    "put_land",
    "ramp",
    "reanimate_self",
    "regenerate",
    "regrowth_self",
    "return_from_graveyard",
    "ring_tempts",
    "extra_turn",
    "prevent_damage",
    "reanimate",
    "cant_be_regenerated",
    "target_gains_life",
    "pay_optional",
    "monstrosity",
    "may_gain_life",
    "sacrifice_unless_pay",
    "sacrifice_unless",  # E3: "sacrifice it unless you discard a card" (the controller's choice)
    "exile_self",
    "monarch",
    "reveal_hand",
    "choose_card",
    "return_it_to_hand",
    "learn",
    "controller_loses_life",
    "sacrifice_creature",
    "tuck",
    "damage_that_player",
    "doesnt_untap_next",
    "self_doesnt_untap_next",  # E5: "~ doesn't untap during your next untap step" (Cinder Marsh)
    "return_land",
    "sacrifice_other",
    "sacrifice_self",
    "scry",
    "shuffle",
    "surveil",
    "tap",
    "transform",
    "tutor",
    "unblockable_this_turn",
    "untap",
    "venture",
]


@dataclass(frozen=True)
class SimpleEffect:
    """A one-shot effect the compiler read exactly but the engine doesn't evaluate on a board:
    scry, surveil, mill, discard, counter a spell, tap/untap a target, etc. Recorded as a verb
    with arguments so the text is understood (and counted as modelled), but questions about its
    outcome are answered unverified."""

    verb: SimpleVerb
    args: tuple[str, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class IfYouDo:
    """ "If you do, ..." after an optional action, or a reflexive "When you do, ..." (603.12)."""

    effects: tuple[Effect, ...]
    reflexive: bool = False
    text: str = ""


@dataclass(frozen=True)
class Modal:
    """ "Choose one —" followed by modes (700.2); each mode is a sequence of effects."""

    choose: str  # "one", "two", "one or both", "one or more", "up to one", ...
    modes: tuple[tuple[Effect, ...], ...]
    text: str = ""


Condition = Literal["permanent_left_battlefield_under_your_control_this_turn"]  # Revolt


@dataclass(frozen=True)
class InsteadIf:
    """ "[Effect] instead if [condition]" — replaces the spell's earlier effect when the condition
    holds as it resolves (Revolt on Fatal Push)."""

    condition: Condition
    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True)
class AddMana:
    """A triggered mana ability's effect (605.1b)."""

    produces: ManaProduction


Effect = (
    CreateTokens
    | CreateTokenCopy
    | DealDamage
    | Destroy
    | ExileTarget
    | ReturnToHand
    | PumpUntilEndOfTurn
    | BecomesUntilEndOfTurn
    | PutCounters
    | DrawCards
    | GainLife
    | ItsControllerGainsLife
    | LoseLife
    | SimpleEffect
    | IfYouDo
    | Modal
    | InsteadIf
    | AddMana
    | DamageEach
    | DestroyEach
    | CounterSpell
    | GainControlOf
    | PutCountersEach
    | MayDo
    | SearchLibrary
    | DividedDamage
    | IfKicked
    | PreventDamage
    | CreatureDealsPower
    | ExileIfDiesThisTurn
)


# --- activated and triggered abilities ----------------------------------------------------

Zone = Literal["battlefield", "graveyard", "hand", "stack", "exile"]

# when an activated ability's own text lets it be activated (602.5)
ActivationWindow = Literal[
    "your_upkeep",
    "your_turn_before_attackers",
    # E5: "Activate only during your turn / combat / any upkeep step / the end of combat step /
    # the declare blockers step / the declare attackers step" (602.1b)
    "your_turn",
    "combat",
    "any_upkeep",
    "end_of_combat",
    "declare_blockers",
    "declare_attackers",
]

# E5: "Activate only if ..." about what happened earlier this turn or game: a board is a snapshot
# without that history, so each makes a can_activate answer unverified (602.1b)
ActivationHistory = Literal[
    "creature_died_this_turn",  # "a creature died this turn" (morbid-like)
    "cast_spell_this_turn",  # "you've cast a noncreature / instant or sorcery spell this turn"
    "citys_blessing",  # "you have the city's blessing" (702.131: a designation boards lack)
    "attacked_this_turn",  # "you attacked this turn"
    "gained_life_this_turn",
    "opponent_lost_life_this_turn",
    "opponent_dealt_damage_this_turn",
    "discarded_this_turn",
    "creature_entered_this_turn",  # "you had a creature enter ... under your control this turn"
    "token_created_this_turn",
    "self_entered_this_turn",  # "~ entered this turn"
    "self_attacked_this_turn",  # boast (702.142a): "only if this creature attacked this turn"
]

# E5: "Activate only if …" tests of the board beyond E1's StaticCondition, each with a number
ActivationBoardTest = Literal[
    "total_power_you_control_at_least",  # formidable: "creatures you control have total power 8"
    "self_power_at_least",  # "~'s power is 4 or greater"
    "cards_in_hand_exactly",  # "you have exactly seven cards in hand"
]


@dataclass(frozen=True)
class ActivatedAbility:
    cost: Cost
    effects: tuple[Effect, ...]
    text: str = ""
    zone: Zone = "battlefield"  # where it functions (113.6)
    sorcery_speed: bool = False
    keyword: str | None = None  # "embalm", "eternalize", "equip", ...
    once_each_turn: bool = False  # "Activate only once each turn." (602.5b)
    only_during: ActivationWindow | None = None  # "Activate only during your upkeep." (602.5)
    # E5 (602.1b): "Activate no more than twice each turn" (0: no such limit)
    max_each_turn: int = 0
    only_if: StaticCondition | None = None  # E5: "Activate only if <a test of the board>"
    only_if_history: ActivationHistory | None = None  # E5: "... if a creature died this turn"
    only_if_board: tuple[ActivationBoardTest, int] | None = None  # E5: ("self_power_at_least", 4)


TriggerEvent = Literal[
    "enters",  # "When ~ enters" (603.6a)
    "dies",  # "When ~ dies" (603.6c, 700.4)
    "attacks",
    "leaves",
    "tapped_for_mana",  # "Whenever you tap a ... for mana" (106.12)
    "upkeep",
    "end_step",
    "combat_damage_to_player",
    "cast_spell",
    "cast_self",  # "When you cast ~" (a permanent card's own cast trigger, 603.2)
    "turned_face_up",  # "When ~ is turned face up" (708.8)
    "becomes_target",
    "beginning_of_combat",
    "becomes_tapped",
    "cycled",  # "When you cycle ~" (702.29)
    "put_into_graveyard",  # "When ~ is put into a graveyard from the battlefield" (700.4)
    "combat_damage_to_creature",  # "Whenever ~ deals combat damage to a creature"
    "damage_to_player",  # "Whenever ~ deals damage to a player"
    "damage_to_opponent",  # "Whenever ~ deals damage to an opponent"
    "dealt_damage",  # "Whenever ~ is dealt damage"
    "gain_life",  # "Whenever you gain life"
    "becomes_untapped",  # "Whenever ~ becomes untapped"
    "you_draw",  # "Whenever you draw a card"
    # --- E2: combat trigger events (509.2a: they trigger as blockers are declared) ---
    "blocks",  # "Whenever ~ blocks (a creature)" (509.3a, 509.3b)
    "becomes_blocked",  # "Whenever ~ becomes blocked (by a creature)" (509.3c, 509.3d)
    "attacks_unblocked",  # "Whenever ~ attacks and isn't blocked" (509.3g)
    # --- E2: events no question performs (engine/vocabulary.py: why) ---
    "mutates",  # "Whenever ~ mutates" (702.140)
    "cranked",  # "Whenever you crank this Contraption"
    "opponent_draws",  # "Whenever an opponent draws a card"
    "cycle_or_discard",  # "Whenever you cycle or discard a card"
    "exploits",  # "When ~ exploits a creature" (702.110)
    "sacrificed",  # "Whenever you sacrifice a Clue"
    "explores",  # "Whenever a creature you control explores" (701.44)
    "surveil_or_scry",  # "Whenever you surveil"
    "rolls_dice",  # "Whenever you roll one or more dice"
    "plays_land",  # "Whenever an opponent plays a land"
    "becomes_monstrous",  # "When ~ becomes monstrous"
    "controls_none",  # E2: "When you control no Islands" — a state trigger (603.8)
    "combat_damage_to_player_or_planeswalker",  # E2: "... to a player or planeswalker"
    "leaves_graveyard",  # E2: "Whenever one or more cards leave your graveyard"
    "gets_energy",  # E2: "Whenever you get one or more {E}"
    "time_counter_removed",  # E2: "Whenever a time counter is removed from ~ while it's exiled"
]

# E2: whom an attack trigger's creature must attack ("Whenever a creature attacks you", 508.3a)
DefenderFilter = Literal["you", "you_or_your_planeswalkers"]

# E2: what a cast trigger asks of the spell beyond its types (603.2, 601.2i)
SpellQuality = Literal[
    "multicolored",  # two or more colors (105.4)
    "colorless",  # no color (105.2c)
    "historic",  # artifact, legendary or Saga (700.6)
    "noncreature",  # not a creature spell
    "targets_source",  # "a spell that targets ~" (115.1)
    "not_on_board",  # "your second spell each turn", "a kicked spell": the board can't tell
]

# whose casting a spell triggers a "whenever ... cast(s) a spell" ability (603.2)
SpellCaster = Literal["you", "a_player", "an_opponent"]


@dataclass(frozen=True)
class TriggeredAbility:
    event: TriggerEvent
    effects: tuple[Effect, ...]
    text: str = ""
    subject: Selector = Selector("self")  # whose event triggers it
    optional: bool = False  # "you may"
    intervening_if: str | None = None
    mana_ability: bool = False  # 605.1b
    # cast triggers: who casts, and the spell's card types or subtypes, any of which will do
    # (empty: any spell)
    caster: SpellCaster = "you"
    spell_filter: tuple[str, ...] = ()
    # --- E2: richer trigger conditions ---
    also: tuple[TriggerEvent, ...] = ()  # "Whenever ~ enters or attacks": its other events
    or_self: bool = False  # "Whenever ~ or another creature ...": the source's own event too
    combatant: Selector | None = None  # the creature it blocks / is blocked by (509.3f)
    with_others: int = 0  # "Whenever ~ and at least two other creatures attack" (508.3a)
    one_or_more: bool = False  # "Whenever one or more ... deal": triggers once (603.2c)
    alone: bool = False  # "Whenever ~ attacks alone": the only creature declared (506.5)
    attacks_whom: DefenderFilter | None = None  # "Whenever a creature attacks you"
    damaged_by_source: bool = False  # "Whenever a creature dealt damage by ~ this turn dies"
    spell_colors: tuple[str, ...] = ()  # cast triggers: any of these colors ("W", ...)
    spell_quality: SpellQuality | None = None

    @property
    def events(self) -> tuple[TriggerEvent, ...]:
        """Every event that triggers it (one ability, several trigger events, 603.2)."""
        return (self.event, *self.also)

    def on(self, event: TriggerEvent) -> bool:
        return event in self.events

    @property
    def is_mana_ability(self) -> bool:
        return self.mana_ability


# --- keywords (702) -------------------------------------------------------------------------


@dataclass(frozen=True)
class Keyword:
    """A keyword ability (702). ``param`` holds a cost or quality: Ward {2}, Protection from red."""

    name: str  # lower case: "flying", "first strike", "protection"
    param: str | None = None

    def label(self) -> str:
        return self.name if self.param is None else f"{self.name} {self.param}"


@dataclass(frozen=True)
class SpellAbility:
    """An instant or sorcery's effects, in order (608.2)."""

    effects: tuple[Effect, ...]
    text: str = ""


@dataclass(frozen=True)
class ChooseAsEnters:
    """ "As ~ enters, choose a color" — a replacement effect (614.12) linked to abilities that
    refer to "the chosen color" (607.2d). The choice itself is recorded on the board."""

    choice: Literal[
        "color", "creature type", "basic land type", "opponent", "card type", "card name"
    ]
    text: str = ""
    other_than: str = ""  # E1 (s9): "choose a color other than green" (the color's letter)


RestrictionRule = Literal[
    "cant_block",  # 509.1b
    "cant_attack",  # 508.1c
    "cant_attack_or_block",
    "attack_only_if_defender_controls",  # 508.1c, with the subtype as ``param``
    "must_attack",  # 508.1d: a requirement
    "block_only_flyers",  # 509.1b
    "cant_be_blocked",  # 509.1b
    "menace_like",  # "can't be blocked except by two or more creatures" (509.1b)
    "max_one_blocker",  # "can't be blocked by more than one creature" (509.1b)
    "extra_block",  # "can block an additional creature each combat" (509.1a)
    "block_any_number",  # "can block any number of creatures" (509.1a)
    # "can't be blocked by creatures with power N or less/greater" (509.1b), N as ``param``
    "cant_be_blocked_by_power_or_less",
    "cant_be_blocked_by_power_or_greater",
    "doesnt_untap",  # 502.3: only the untap step reads it
    "may_not_untap",  # 502.3
    "cant_be_countered",  # 701.6: only a counter effect reads it
    # E1 (509.1b), the creatures named as ``creatures``: "~ can't be blocked by white creatures",
    # "~ can't be blocked except by creatures with flying", "~ can't block black creatures"
    "cant_be_blocked_by_kind",
    "blocked_only_by_kind",
    "cant_block_kind",
    # E1: "~ can't attack alone" / "~ can't block alone" (506.5, 508.1c, 509.1b)
    "cant_attack_alone",
    "cant_block_alone",
    "cant_attack_or_block_alone",
]
RestrictionEffectRule = Literal[
    "cant_attack",
    "cant_block",
    "no_activated",
    "doesnt_untap",
    # E4: what an Aura, Equipment or lord says of the creatures it affects (509.1a-b, 508.1d)
    "cant_be_blocked",
    "must_attack",
    "max_one_blocker",
    "menace_like",
    "extra_block",
    "block_only_flyers",
    "block_any_number",
    # E4: "Enchanted creature can't be blocked by Walls / except by creatures with flying",
    # the creatures named in ``creatures`` (509.1b)
    "cant_be_blocked_by_kind",
    "blocked_only_by_kind",
    # E4: "can't attack you or planeswalkers you control" (508.1c; "you": the holder's controller)
    "cant_attack_you",
]


@dataclass(frozen=True)
class Restriction:
    """A static rule about this object's combat or activation: "~ can't block" (509.1a),
    "~ can't attack" (508.1a), "~ attacks each combat if able", "~ can block only creatures
    with flying"."""

    rule: RestrictionRule
    text: str = ""
    param: str | None = None  # the subtype of attack_only_if_defender_controls
    # E1: "as long as ..." (applies while it holds) or, with ``unless``, "~ can't attack unless
    # you control an artifact" (applies while it doesn't), 611.3a
    condition: StaticCondition | None = None
    unless: bool = False
    creatures: CreatureFilter | None = None  # E1: the kinds a blocking restriction names


@dataclass(frozen=True)
class CreatureFilter:
    """E1: the creatures a blocking restriction names (509.1b): any of ``kinds`` ("white
    creatures", "Walls") or with any of ``keywords`` ("creatures with flying or reach"); none of
    either: any creature. ``power``: "with power 2 or greater", required as well."""

    kinds: tuple[Selector, ...] = ()
    keywords: tuple[str, ...] = ()
    power: TargetFilter | None = None


@dataclass(frozen=True)
class RestrictionEffect:
    """A static ability restricting other permanents: Pacifism's "Enchanted creature can't
    attack or block" (508.1c, 509.1b). Not an ability of the affected creature, so it isn't
    removed by effects that remove that creature's abilities."""

    affected: Selector
    rules: tuple[RestrictionEffectRule, ...]
    text: str = ""
    condition: StaticCondition | None = None  # E1: "as long as ..." (611.3a)
    creatures: CreatureFilter | None = None  # E4: the blockers a blocking restriction names


@dataclass(frozen=True)
class AdditionalCost:
    """ "As an additional cost to cast this spell, sacrifice a creature." (601.2b, 601.2f)"""

    cost: Cost
    text: str = ""


@dataclass(frozen=True)
class RuleChange:
    """A static ability that changes a game rule: Mirror Gallery's "The 'legend rule' doesn't
    apply." (704.5j)."""

    rule: Literal["no_legend_rule"]
    whose: Literal["all", "you"] = "all"
    text: str = ""


@dataclass(frozen=True)
class CostPerTarget:
    """ "~ costs {1} more to cast for each target beyond the first." (Fireball; 601.2f): paid
    only while casting it."""

    amount: int
    text: str = ""


@dataclass(frozen=True)
class CostChange:
    """ "[Spells] cost {N} more/less to cast" (601.2f). Matters only while casting spells."""

    spells: str  # "noncreature", "creature", "all", "instant and sorcery", ...
    whose: Literal["any", "you", "opponents"]
    amount: int  # positive: more; negative: less
    text: str = ""


# E4 (s12): damage replacement effects (614.1a) -- who deals the damage, to whom, which damage,
# and how the amount changes
DamageSourceKind = Literal["source", "creature", "instant_or_sorcery_spell", "spell"]
DamageRecipients = Literal["any", "opponents_side", "player", "opponent"]
DamageKind = Literal["any", "combat", "noncombat"]
DamageChange = Literal["double", "triple", "plus"]


@dataclass(frozen=True)
class DamageReplacement:
    """ "If a [red] source [you control] would deal damage to [a permanent or player / an
    opponent or a permanent an opponent controls], it deals double / triple that damage / that
    much damage plus N [to ...] instead." (Furnace of Rath, Torbran): a replacement effect
    (614.1a) applied to each damage event it matches as the damage is dealt (120.4), each once
    (614.5); several in one event are ordered by the affected player (616.1)."""

    source: DamageSourceKind = "source"
    source_controller: Literal["any", "you"] = "any"
    source_colors: frozenset[str] = frozenset()  # the source has one of them (none: any color)
    other: bool = False  # "another red source you control": not this permanent itself
    recipients: DamageRecipients = "any"
    damage: DamageKind = "any"
    change: DamageChange = "double"
    n: int = 0  # for "plus": "that much damage plus N"
    text: str = ""


# E4 (s12): token and counter replacement effects (614.1a)
TokenReplacementScope = Literal["you", "any"]


@dataclass(frozen=True)
class TokenReplacement:
    """ "If an effect would create one or more tokens under your control, it creates twice that
    many of those tokens instead." (Parallel Lives, Anointed Procession; ``whose`` "any": Primal
    Vigor's "If one or more tokens would be created"): applied to the tokens a question creates
    (614.1a), each once (614.5)."""

    whose: TokenReplacementScope = "you"
    text: str = ""


CounterChange = Literal["double", "plus_one"]
CounterRecipient = Literal["permanent", "creature", "artifact_or_creature", "self"]


@dataclass(frozen=True)
class CounterReplacement:
    """ "If an effect would put one or more counters on a permanent you control, it puts twice
    that many ... instead" (Doubling Season), "If one or more +1/+1 counters would be put on a
    creature you control, that many plus one +1/+1 counters are put on it instead" (Hardened
    Scales), "... of each of those kinds of counters" (Winding Constrictor): applied (E6, s14) as
    an effect puts counters and as a permanent enters with them (614.1a, 122.6), each once
    (614.5), in the order the affected object's controller chooses (616.1).

    ``counter``: the kind it changes ("+1/+1"), or "" for every kind; ``on``: what the counters
    are put on; ``whose``: "you" (a permanent its controller controls) or "any"."""

    text: str = ""
    change: CounterChange = "double"
    counter: str = ""
    on: CounterRecipient = "permanent"
    whose: TokenReplacementScope = "you"


DiesReplacementWho = Literal[
    "self", "another_creature", "creature_opponent_controls", "nontoken_creature_opponent_controls"
]


@dataclass(frozen=True)
class DiesExileInstead:
    """E6 (s14): "If ~ would die, exile it instead", "If another creature would die, exile it
    instead" (Void Maw), "If a [nontoken] creature an opponent controls would die, exile it
    instead" (Gisa, Valentin): a replacement effect (614.1a) of a permanent on the battlefield;
    the permanent goes to exile instead of its owner's graveyard (614.6), so it never dies (700.4)
    and its dies abilities don't trigger."""

    who: DiesReplacementWho
    text: str = ""
    # Kalitas: "instead exile that card and create a 2/2 black Zombie creature token"
    and_create: CreateTokens | None = None


UnsupportedKind = Literal["static", "triggered", "activated", "spell", "replacement", "unknown"]


@dataclass(frozen=True)
class Unsupported:
    """A clause the compiler could not model; ``kind`` says how far it can reach.

    kind: "static" can change anything on the board; "triggered" matters to questions about
    events; "activated" matters only to questions about that ability; "spell" only to casting it;
    "deck" (deck-building only) never matters on a board.
    """

    text: str
    reason: str
    kind: UnsupportedKind = "unknown"
    # which part was not understood and by which sub-grammar, e.g. "costs can't read 'Tap two
    # untapped Elves you control'" (engine.oracle.diagnosis; for people, not the rules core)
    diagnosis: str = ""


Ability = (
    Keyword
    | ManaAbility
    | ActivatedAbility
    | TriggeredAbility
    | StaticEffect
    | PTDefining
    | ColorDefining
    | TypeDefining
    | EntersWithCounters
    | EntersTapped
    | EnterAsCopy
    | SpellAbility
    | Restriction
    | RestrictionEffect
    | RuleChange
    | DamageReplacement
    | TokenReplacement
    | CounterReplacement
    | DiesExileInstead
    | AdditionalCost
    | CostChange
    | CostPerTarget
    | ChooseAsEnters
    | Unsupported
)


def is_activated(ability: Ability) -> bool:
    """Mana abilities with a cost are activated abilities too (605.1a)."""
    if isinstance(ability, ManaAbility | ActivatedAbility):
        return True
    return isinstance(ability, Unsupported) and ability.kind == "activated"


def is_characteristic_defining(ability: Ability) -> bool:
    return isinstance(ability, PTDefining | ColorDefining | TypeDefining)


def ability_text(ability: Ability) -> str:
    if isinstance(ability, Keyword):
        label = ability.label()
        return label[:1].upper() + label[1:]
    return getattr(ability, "text", "") or type(ability).__name__
