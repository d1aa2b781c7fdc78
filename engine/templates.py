# ruff: noqa: E501  (regex templates read better on one line)
"""Oracle-text templates: small parsers from one sentence or paragraph to the vocabulary.

Each parser takes normalised text (the card's own name and "this creature"/"this land"/... are
replaced by ``~``, reminder text removed, no final period) and returns abilities/effects, or None
when it does not match exactly. To add a template, write a parser and append it to the matching
list at the bottom (see docs/engine.md, "Adding a template").
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from engine.abilities import (
    COLORS,
    Ability,
    AddColors,
    AdditionalCost,
    AddMana,
    AddTypes,
    AmountExpr,
    AnyColor,
    BecomesUntilEndOfTurn,
    ChooseAsEnters,
    ChosenColor,
    ColorDefining,
    Condition,
    CopyExceptions,
    Cost,
    CostChange,
    CouldProduce,
    Count,
    CountCards,
    CountOf,
    CreateTokenCopy,
    CreateTokens,
    DealDamage,
    Destroy,
    DrawCards,
    Effect,
    EnterAsCopy,
    EntersTapped,
    EntersWithCounters,
    ExileTarget,
    FixedMana,
    GainActivatedAbilitiesOf,
    GainControl,
    GainLife,
    GrantAbilities,
    IfYouDo,
    InsteadIf,
    Keyword,
    LoseLife,
    ManaProduction,
    Modification,
    ModifyPT,
    ProducedType,
    PTDefining,
    PumpUntilEndOfTurn,
    PutCounters,
    RemoveAllAbilities,
    Restriction,
    RestrictionEffect,
    RestrictionEffectRule,
    RestrictionRule,
    ReturnToHand,
    RuleChange,
    Selector,
    SetColors,
    SetCreatureTypes,
    SetPT,
    SetPTToManaValue,
    SetTypes,
    SimpleEffect,
    SimpleVerb,
    StaticEffect,
    SwitchPT,
    Target,
    TargetFilter,
    TokenSpec,
    TypeDefining,
)

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
NUM = r"(a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|x)"
MANA = r"((?:\{[^}]+\})+)"
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
CARD_TYPES = (
    "artifact",
    "battle",
    "creature",
    "enchantment",
    "instant",
    "kindred",
    "land",
    "planeswalker",
    "sorcery",
    "tribal",
)


def normalise_self(text: str) -> str:
    return re.sub(r"\b[Tt]his (creature|card|permanent)\b", "~", text)


def number(word: str) -> int | Literal["X"]:
    word = word.lower()
    if word == "x":
        return "X"
    if word.isdigit():
        return int(word)
    return NUMBERS[word]


def cap(word: str) -> str:
    return word[:1].upper() + word[1:]


# --- keywords (702) -----------------------------------------------------------------------

PLAIN_KEYWORDS = frozenset(
    """flying reach trample deathtouch lifelink vigilance haste indestructible defender menace
    hexproof shroud flash intimidate fear shadow horsemanship skulk prowess changeling devoid
    megalegendary wither infect exalted convoke delve undying persist cascade extort evolve
    unleash riot mentor training decayed ascend myriad melee storm rebound sunburst phasing
    banding flanking provoke soulbond improvise fuse partner assist surge exploit daybound
    nightbound cipher conspire haunt epic gravestorm devour changeling islandwalk swampwalk
    forestwalk mountainwalk plainswalk desertwalk landwalk split_second living_weapon
    totem_armor umbra_armor battle_cry first_strike double_strike for_mirrodin! jump-start
    aftermath enlist compleated ravenous read_ahead demonstrate sunburst backup
    """.replace("_", " ").split()
)
MULTIWORD = (
    "first strike",
    "double strike",
    "split second",
    "living weapon",
    "totem armor",
    "umbra armor",
    "battle cry",
    "for mirrodin!",
    "read ahead",
    "nonbasic landwalk",
    "legendary landwalk",
)
NUMBER_KEYWORDS = frozenset(
    """fabricate afflict annihilator bushido rampage toxic crew modular graft absorb bloodthirst
    fading vanishing renown tribute poisonous frenzy backup amplify dredge ripple afterlife
    devour soulshift casualty squad training bloodrush""".split()
)
COST_KEYWORDS = frozenset(
    w.replace("_", " ")
    for w in """ward equip cycling kicker flashback madness morph megamorph unearth embalm eternalize
    evoke echo buyback bestow dash emerge escape foretell disturb encore ninjutsu outlast
    scavenge transmute entwine replicate retrace reconfigure blitz miracle spectacle prowl
    surge overload plainscycling islandcycling swampcycling mountaincycling forestcycling
    landcycling transfigure reinforce recover awaken mutate craft prototype channel disguise
    cleave multikicker affinity level_up specialize boast cumulative_upkeep""".split()
)


def parse_keyword(item: str) -> Keyword | None:
    raw = item.strip().rstrip(".")
    low = raw.lower()
    if low in PLAIN_KEYWORDS or low in MULTIWORD:
        return Keyword(low)
    m = re.fullmatch(r"protection from (.+)", low)
    if m:
        return Keyword("protection", m.group(1))
    m = re.fullmatch(r"enchant (.+)", low)
    if m and len(m.group(1).split()) <= 4:
        return Keyword("enchant", m.group(1))
    m = re.fullmatch(r"(\w+(?: \w+)?)\s+(\d+|x)", low)
    if m and m.group(1) in NUMBER_KEYWORDS:
        return Keyword(m.group(1), m.group(2))
    for m in re.finditer(r"(?=(?:\s|—))", low):
        name = low[: m.start()].strip()
        if name in COST_KEYWORDS:
            param = raw[len(name) :].strip(" —")
            if re.fullmatch(r"(\{[^}]+\})+|\d+|pay \d+ life|[^.:]{1,60}", param.lower()):
                return Keyword(name, param)
    m = re.fullmatch(r"suspend (\d+|x)—(.+)", low)
    if m:
        return Keyword("suspend", raw.split(" ", 1)[1])
    m = re.fullmatch(r"affinity for (\w+)", low)
    if m:
        return Keyword("affinity", m.group(1))
    m = re.fullmatch(r"(\w+)walk", low)
    if m:
        return Keyword("landwalk", m.group(1))
    return None


def parse_keyword_line(line: str) -> list[Keyword] | None:
    m = re.fullmatch(r"([A-Z][a-z]+)—(.+?)\.?", line.strip())
    if m and m.group(1).lower() in COST_KEYWORDS and parse_cost(normalise_self(m.group(2))):
        return [Keyword(m.group(1).lower(), m.group(2))]
    parts = re.split(r",\s*|;\s*", line)
    out: list[Keyword] = []
    for part in parts:
        kw = parse_keyword(part)
        if kw is None:
            return None
        out.append(kw)
    return out or None


# --- targets and selectors ------------------------------------------------------------------

TARGET_WORDS = frozenset(
    """target another other creature creatures artifact enchantment land planeswalker permanent
    player opponent spell card battle or and noncreature nonland nonartifact nonblack nonwhite
    nongreen nonred nonblue nontoken nonlegendary nonbasic legendary basic tapped untapped
    attacking blocking white blue black red green colorless multicolored token you control
    controls an a don't with flying power toughness mana value less greater of up to
    instant sorcery activated triggered ability your graveyard from in opponent's that
    creature's player's any""".split()
)


def parse_target(phrase: str) -> Target | None:
    phrase = phrase.strip()
    low = phrase.lower()
    if low in ("any target", "target player", "target opponent", "target creature"):
        return Target(low.removeprefix("target "))
    if not re.match(r"(up to (one|two|three) )?(another )?target ", low):
        return None
    words = re.findall(r"[a-z0-9'/+-]+", low)
    if not all(w in TARGET_WORDS or w.isdigit() for w in words):
        return None
    filters: tuple[TargetFilter, ...] = ()
    m = re.search(r"with (mana value|power|toughness) (\d+) or (less|greater)", low)
    if m:
        found = parse_filter(m.group(0).removeprefix("with "))
        if found is None:
            return None
        filters = (found,)
    return Target(re.sub(r"^(up to \w+ )?(another )?target ", "", low), filters)


def parse_filter(text: str, when: str = "targeting") -> TargetFilter | None:
    """ "mana value 2 or less" -> TargetFilter("mana value", 2, "or less")."""
    m = re.fullmatch(r"(mana value|power|toughness) (\d+) (or less|or greater)", text.lower())
    if not m:
        return None
    return TargetFilter(m.group(1), int(m.group(2)), m.group(3), when)  # type: ignore[arg-type]


def parse_selector(phrase: str) -> Selector | None:
    """ "creatures you control", "other Elf creatures you control", "all creatures",
    "enchanted creature", "equipped creature", "~"."""
    p = phrase.strip()
    low = p.lower()
    if low == "~":
        return Selector("self")
    if low in ("enchanted creature", "enchanted permanent", "enchanted land", "enchanted artifact"):
        return Selector("enchanted", (cap(low.split()[1]),) if "permanent" not in low else ())
    if low == "equipped creature":
        return Selector("equipped", ("Creature",))
    m = re.fullmatch(
        r"(all other |all |each |other )?((?:non)?[\w-]+(?: [\w-]+)?? )??"
        r"(creatures|artifacts|enchantments|lands|permanents|artifact creatures|planeswalkers|creature tokens|tokens)"
        r"( you control| your opponents control| an opponent controls)?",
        p,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    lead = (m.group(1) or "").strip().lower()
    qual = (m.group(2) or "").strip()
    noun = m.group(3).lower()
    ctrl = (m.group(4) or "").strip().lower()
    types: tuple[str, ...] = ()
    tokens_only = noun.endswith("tokens")
    if noun.endswith("tokens"):
        noun = noun.replace("creature tokens", "creatures").replace("tokens", "permanents")
    if noun != "permanents":
        types = tuple(cap(w.rstrip("s")) for w in noun.split())
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    non_types: tuple[str, ...] = ()
    supers: tuple[str, ...] = ()
    non_supers: tuple[str, ...] = ()
    if qual:
        ql = qual.lower()
        if ql in ("basic", "legendary", "snow"):
            supers = (cap(ql),)
        elif ql in ("nonbasic", "nonlegendary", "nonsnow"):
            non_supers = (cap(ql[3:]),)
        elif ql in COLOR_WORDS:
            colors = (COLOR_WORDS[ql],)
        elif ql.startswith("non") and ql[3:] in CARD_TYPES:
            non_types = (cap(ql[3:]),)
        elif ql == "token":
            tokens_only = True
        elif re.fullmatch(r"[A-Z][a-z'-]+", qual):
            subtypes = (qual,)
        else:
            return None
    other = "other" in lead
    if ctrl == "you control":
        scope = "others_you_control" if other else "you_control"
    elif ctrl:
        scope = "opponents_control"
    else:
        scope = "all_others" if other else "all"
    return Selector(scope, types, subtypes, colors, non_types, tokens_only, supers, non_supers)  # type: ignore[arg-type]


# --- mana (106, 605) --------------------------------------------------------------------------


def mana_symbols(text: str) -> tuple[str, ...]:
    return tuple(re.findall(r"\{([^}]+)\}", text))


def parse_add_mana(text: str) -> ManaProduction | None:
    low = text.lower()
    m = re.fullmatch(r"add " + MANA, text, flags=re.IGNORECASE)
    if m:
        syms = mana_symbols(m.group(1))
        if all(s in ("W", "U", "B", "R", "G", "C") for s in syms):
            return FixedMana((syms,))
        return None
    m = re.fullmatch(r"add " + MANA + r"(?:, " + MANA + r")*,? or " + MANA, text, re.IGNORECASE)
    if m:
        options = tuple(mana_symbols(o) for o in re.findall(r"(?:\{[^}]+\})+", text))
        if all(s in ("W", "U", "B", "R", "G", "C") for o in options for s in o):
            return FixedMana(options)
        return None
    m = re.fullmatch(r"add " + NUM + r" mana of any (one )?color", low)
    if m and m.group(1) != "x":
        return AnyColor(int(number(m.group(1))), True)
    m = re.fullmatch(
        r"add " + NUM + r" mana of any (type|color) that (a land|lands) (you control|an opponent "
        r"controls|your opponents control) could produce",
        low,
    )
    if m:
        whose = "you" if m.group(4) == "you control" else "opponents"
        amount = number(m.group(1))
        if isinstance(amount, int):
            return CouldProduce(whose, m.group(2), ("Land",), amount)  # type: ignore[arg-type]
    m = re.fullmatch(r"add " + NUM + r" mana of the chosen color", low)
    if m and m.group(1) != "x":
        return ChosenColor(int(number(m.group(1))))
    m = re.fullmatch(
        r"add " + NUM + r" (?:additional )?mana of any type that permanent produced", low
    )
    if m:
        return ProducedType(int(number(m.group(1))))
    return None


# --- costs (602.1) ----------------------------------------------------------------------------


def parse_cost(text: str) -> Cost | None:
    cost = Cost()
    fields: dict[str, object] = {}
    m = re.fullmatch(r"([+−-])(\d+|x)", text.strip().lower())
    if m:
        value = 0 if m.group(2) == "x" else int(m.group(2))
        return Cost(loyalty=value if m.group(1) == "+" else -value)
    if text.strip() == "0":
        return Cost(loyalty=0)
    for part in re.split(r",\s*", text):
        p = part.strip()
        low = p.lower()
        if low == "{t}":
            fields["tap"] = True
        elif low == "{q}":
            fields["untap"] = True
        elif re.fullmatch(MANA, p) and "{t}" not in low and "{q}" not in low:
            fields["mana"] = str(fields.get("mana", "")) + p
        elif low == "sacrifice ~":
            fields["sacrifice_self"] = True
        elif m := re.fullmatch(r"sacrifice (a|an|another|two|three) (.+)", low):
            sel = parse_selector(("other " if m.group(1) == "another" else "") + m.group(2) + "s")
            if sel is None:
                sel = parse_selector(m.group(2))
            if sel is None:
                return None
            count = 1 if m.group(1) in ("a", "an", "another") else int(number(m.group(1)))
            fields["sacrifice"] = sel
            fields["sacrifice_count"] = count
        elif m := re.fullmatch(r"tap (an|two|three) untapped (.+?) you control", low):
            sel = parse_selector(m.group(2) + "s you control")
            if sel is None:
                return None
            fields["tap_untapped"] = sel
            fields["tap_untapped_count"] = int(number(m.group(1)))
        elif m := re.fullmatch(r"pay (\d+) life", low):
            fields["pay_life"] = int(m.group(1))
        elif m := re.fullmatch(r"discard (a|two) cards?", low):
            fields["discard"] = int(number(m.group(1)))
        elif low == "exile ~ from your graveyard":
            fields["exile_self_from_graveyard"] = True
        elif m := re.fullmatch(r"remove (a|an|one|two|three|x) ([+\-\w/]+) counters? from ~", low):
            n = number(m.group(1))
            fields["remove_counters"] = (m.group(2), n if isinstance(n, int) else 0)
        else:
            return None
    return Cost(**fields) if fields else cost  # type: ignore[arg-type]


# --- tokens (111) ---------------------------------------------------------------------------

PREDEFINED_TOKENS: dict[str, TokenSpec] = {
    # 111.10: predefined tokens
    "treasure": TokenSpec(
        "Treasure",
        (),
        ("Artifact",),
        ("Treasure",),
        ability_text=("{T}, Sacrifice this token: Add one mana of any color."),
    ),
    "food": TokenSpec(
        "Food",
        (),
        ("Artifact",),
        ("Food",),
        ability_text=("{2}, {T}, Sacrifice this token: You gain 3 life."),
    ),
    "clue": TokenSpec(
        "Clue",
        (),
        ("Artifact",),
        ("Clue",),
        ability_text=("{2}, Sacrifice this token: Draw a card."),
    ),
    "blood": TokenSpec(
        "Blood",
        (),
        ("Artifact",),
        ("Blood",),
        ability_text=("{1}, {T}, Discard a card, Sacrifice this token: Draw a card."),
    ),
    "gold": TokenSpec(
        "Gold",
        (),
        ("Artifact",),
        ("Gold",),
        ability_text=("Sacrifice this token: Add one mana of any color."),
    ),
    "map": TokenSpec(
        "Map",
        (),
        ("Artifact",),
        ("Map",),
        ability_text=("{1}, {T}, Sacrifice this token: Target creature you control explores."),
    ),
}


def parse_token_clause(text: str) -> CreateTokens | None:
    """ "create X 1/1 white Halfling creature tokens", "a Food token", "two Treasure tokens",
    "a 1/1 colorless Thopter artifact creature token with flying for each +1/+1 counter on ~"."""
    low = text.lower()
    amount: int | str
    m = re.fullmatch(r"(.+?) for each \+1/\+1 counter on ~", text)
    per_counter = False
    if m:
        text, low, per_counter = m.group(1), m.group(1).lower(), True
    m = re.fullmatch(NUM + r" (tapped )?(\w+) tokens?", low)
    if m and m.group(3) in PREDEFINED_TOKENS:
        amount = number(m.group(1))
        spec = PREDEFINED_TOKENS[m.group(3)]
        if m.group(2):
            spec = TokenSpec(**{**spec.__dict__, "tapped": True})
        return CreateTokens("counters:+1/+1" if per_counter else amount, spec, text)
    m = re.fullmatch(
        NUM
        + r" (tapped )?(\d+)/(\d+) ((?:(?:white|blue|black|red|green|colorless)(?:,? and |, | ))+)"
        r"((?:[A-Z][\w'-]+ )+?)((?:artifact |enchantment |legendary )*creature) tokens?"
        r"(?: with ([\w ,]+?))?(?: named ([\w ,'-]+))?",
        text,
        flags=re.IGNORECASE,
    )
    if not m:
        return None
    amount = number(m.group(1))
    colors = tuple(
        COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", m.group(5).lower())
    )
    subtypes = tuple(m.group(6).split())
    type_words = m.group(7).lower().split()
    supertypes = tuple(cap(w) for w in type_words if w == "legendary")
    types = tuple(cap(w) for w in type_words if w != "legendary")
    abilities: list[Ability] = []
    if m.group(8):
        kws = parse_keyword_line(re.sub(r",? and ", ", ", m.group(8)))
        if kws is None:
            return None
        abilities.extend(kws)
    spec = TokenSpec(
        name=m.group(9),
        colors=colors,
        types=types,
        subtypes=subtypes,
        power=int(m.group(3)),
        toughness=int(m.group(4)),
        supertypes=supertypes,
        abilities=tuple(abilities),
        tapped=bool(m.group(2)),
    )
    return CreateTokens("counters:+1/+1" if per_counter else amount, spec, text)


# --- copy exceptions (707.9) ---------------------------------------------------------------------


def parse_exceptions(text: str) -> CopyExceptions | None:
    parts = [p.strip() for p in re.split(r",\s*(?:and\s+)?|\s+and\s+(?=it|the token)", text) if p]
    fields: dict[str, object] = {}
    add_subtypes: list[str] = []
    abilities: list[Ability] = []
    extra: list[tuple[str, int]] = []
    for part in parts:
        low = part.lower()
        if m := re.fullmatch(r"it's (\d+)/(\d+)", low):
            fields["power"], fields["toughness"] = int(m.group(1)), int(m.group(2))
        elif m := re.fullmatch(r"it's an? ([A-Z][\w'-]+) in addition to its other types", part):
            add_subtypes.append(m.group(1))
        elif m := re.fullmatch(
            r"it's an? (artifact|enchantment|creature|land) in addition to its other types", part
        ):
            fields["add_types"] = (*fields.get("add_types", ()), cap(m.group(1)))  # type: ignore[misc]
        elif low in ("it has no mana cost", "the token has no mana cost"):
            fields["no_mana_cost"] = True
        elif m := re.fullmatch(r"it's (white|blue|black|red|green)", low):
            fields["colors"] = (COLOR_WORDS[m.group(1)],)
        elif m := re.fullmatch(
            r"it's a (\d+)/(\d+) (white|blue|black|red|green) ([A-Z][\w'-]+)", part
        ):
            fields["power"], fields["toughness"] = int(m.group(1)), int(m.group(2))
            fields["colors"] = (COLOR_WORDS[m.group(3).lower()],)
            fields["set_subtypes"] = (m.group(4),)
        elif low == "it isn't legendary":
            fields["remove_supertypes"] = ("Legendary",)
        elif m := re.fullmatch(r"it has (.+)", low):
            kws = parse_keyword_line(m.group(1))
            if kws is None:
                return None
            abilities.extend(kws)
        elif m := re.fullmatch(
            r"it enters with an additional ([+\-\w/]+) counter on it if it's an? (creature|planeswalker)",
            low,
        ):
            extra.append((m.group(1), 1))
        else:
            return None
    if add_subtypes:
        fields["add_subtypes"] = tuple(add_subtypes)
    if abilities:
        fields["add_abilities"] = tuple(abilities)
    if extra:
        fields["extra_counters"] = tuple(extra)
    return CopyExceptions(**fields)  # type: ignore[arg-type]


# --- effects (one sentence each) -------------------------------------------------------------------

EffectParser = Callable[[str], list[Effect] | None]


def e_add_mana(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"its controller adds (?:an additional )?(.+)", s, re.IGNORECASE)
    if m:
        s = "add " + re.sub(r"^additional ", "", m.group(1))
    s = re.sub(r"^add (one|two) additional ", r"add \1 ", s, flags=re.IGNORECASE)
    prod = parse_add_mana(s)
    return [AddMana(prod)] if prod else None


def e_draw(s: str) -> list[Effect] | None:
    if re.fullmatch(r"(?:you )?(?:may )?draw cards equal to (?:its|~'s) power", s.lower()):
        return [DrawCards("self_power", s)]
    m = re.fullmatch(r"(?:you )?(may )?draw " + NUM + r" cards?", s.lower())
    if m:
        return [DrawCards(number(m.group(2)), s)]
    m = re.fullmatch(
        r"(?:each player|target player|target opponent) draws " + NUM + r" cards?", s.lower()
    )
    if m:
        return [SimpleEffect("draw", (s.lower(),), s)]
    return None


def e_life(s: str) -> list[Effect] | None:
    low = s.lower()
    if re.fullmatch(r"you gain life equal to (?:its|~'s) power", low):
        return [GainLife("self_power", s)]
    if m := re.fullmatch(r"you gain " + NUM + " life", low):
        return [GainLife(number(m.group(1)), s)]
    if m := re.fullmatch(r"you lose " + NUM + " life", low):
        return [LoseLife(number(m.group(1)), "you", s)]
    if m := re.fullmatch(r"each opponent loses " + NUM + " life", low):
        return [LoseLife(number(m.group(1)), "each_opponent", s)]
    if m := re.fullmatch(r"target (player|opponent) loses " + NUM + " life", low):
        who = "target_player" if m.group(1) == "player" else "target_opponent"
        return [LoseLife(number(m.group(2)), who, s)]  # type: ignore[arg-type]
    if m := re.fullmatch(
        r"each opponent loses " + NUM + r" life and you gain " + NUM + " life", low
    ):
        return [LoseLife(number(m.group(1)), "each_opponent", s), GainLife(number(m.group(2)), s)]
    return None


def e_damage(s: str) -> list[Effect] | None:
    m = re.fullmatch(
        r"~ deals damage equal to (that creature's|its|~'s) power to (.+)", s, re.IGNORECASE
    )
    if m:
        t = parse_target(m.group(2)) if m.group(2).lower() != "any target" else Target("any target")
        amount: AmountExpr = (
            "that_creature_power" if m.group(1).startswith("that") else "self_power"
        )
        return [DealDamage(amount, t, s)] if t else None
    m = re.fullmatch(r"~ deals " + NUM + r" damage to (.+)", s, flags=re.IGNORECASE)
    if not m:
        return None
    rest = m.group(2).lower()
    if rest in (
        "each opponent",
        "each creature",
        "each player",
        "you",
        "each other creature",
        "each creature and each player",
        "each creature without flying",
        "each creature with flying",
        "target player or planeswalker",
        "each creature your opponents control",
        "any other target",
    ):
        return [DealDamage(number(m.group(1)), Target(rest), s)]
    t = parse_target(rest)
    return [DealDamage(number(m.group(1)), t, s)] if t else None


def e_destroy(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"destroy (.+?)(?: if it has (mana value \d+ or less))?", s, re.IGNORECASE)
    if not m:
        return None
    t = parse_target(m.group(1))
    if t is None:
        return None
    if m.group(2):
        condition = parse_filter(m.group(2), "resolving")
        if condition is None:
            return None
        t = Target(t.what, (*t.filters, condition))
    return [Destroy(t, s)]


def e_exile(s: str) -> list[Effect] | None:
    m = re.fullmatch(
        r"(?:you may )?exile (.+?)( until ~ leaves the battlefield)?", s, re.IGNORECASE
    )
    if not m:
        return None
    what = m.group(1)
    if what.lower() == "target creature card from your graveyard":
        return [ExileTarget(Target("creature card in your graveyard"), False, s)]
    if m2 := re.fullmatch(
        r"target card from a graveyard|target (\w+ )?card from an opponent's graveyard",
        what.lower(),
    ):
        return [ExileTarget(Target(m2.group(0)), False, s)]
    t = parse_target(what)
    return [ExileTarget(t, bool(m.group(2)), s)] if t else None


def e_bounce(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"return (.+?) to its owner's hand", s, re.IGNORECASE)
    if m and (t := parse_target(m.group(1))):
        return [ReturnToHand(t, s)]
    m = re.fullmatch(
        r"(?:you may )?return target (creature |artifact |enchantment |land |permanent |instant or sorcery |)card from your graveyard to your hand",
        s.lower(),
    )
    if m:
        return [SimpleEffect("return_from_graveyard", (m.group(1).strip() or "card",), s)]
    return None


def _grants(text: str) -> tuple[Ability, ...] | None:
    kws = parse_keyword_line(re.sub(r",? and ", ", ", text))
    return tuple(kws) if kws else None


def e_pump(s: str) -> list[Effect] | None:
    m = re.fullmatch(
        r"(?:you may have )?(target creature(?: you control)?) get \+X/\+X until end of turn, where X is ~'s power",
        s,
        re.IGNORECASE,
    )
    if m and (t := parse_target(m.group(1))):
        return [PumpUntilEndOfTurn(t, "self_power", "self_power", (), s)]
    m = re.fullmatch(
        r"(.+?) gets? ([+-]\d+)/([+-]\d+) until end of turn and can't be blocked this turn",
        s,
        re.IGNORECASE,
    )
    if m and (t := parse_target(m.group(1))):
        return [
            PumpUntilEndOfTurn(t, int(m.group(2)), int(m.group(3)), (), s),
            SimpleEffect("unblockable_this_turn", (t.what,), s),
        ]
    m = re.fullmatch(
        r"(.+?) gets? ([+-]\d+)/([+-]\d+)(?: and gains? ([\w ,]+?))? until end of turn",
        s,
        re.IGNORECASE,
    )
    grants: tuple[Ability, ...] = ()
    if m:
        if m.group(4):
            g = _grants(m.group(4))
            if g is None:
                return None
            grants = g
        subject = m.group(1)
        t = Target("self") if subject == "~" else parse_target(subject)
        if t is None:
            sel = parse_selector(subject)
            if sel is None:
                return None
            t = Target(subject.lower())
        return [PumpUntilEndOfTurn(t, int(m.group(2)), int(m.group(3)), grants, s)]
    m = re.fullmatch(r"(.+?) gains? ([\w ,]+?) until end of turn", s, re.IGNORECASE)
    if m:
        g = _grants(m.group(2))
        subject = m.group(1)
        t = Target("self") if subject == "~" else parse_target(subject)
        if t is None and parse_selector(subject):
            t = Target(subject.lower())
        if g and t:
            return [PumpUntilEndOfTurn(t, 0, 0, g, s)]
    return None


def e_counters(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"put " + NUM + r" ([+\-\w/]+) counters? on (.+)", s, re.IGNORECASE)
    if not m:
        return None
    where = m.group(3)
    if where == "~":
        return [PutCounters(m.group(2), number(m.group(1)), None, s)]
    t = parse_target(where)
    if t is None and where.lower() in (
        "each creature you control",
        "each other creature you control",
    ):
        t = Target(where.lower())
    return [PutCounters(m.group(2), number(m.group(1)), t, s)] if t else None


def e_tokens(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"(?:you may )?create (.+)", s, re.IGNORECASE)
    if not m:
        return None
    body = m.group(1)
    one = parse_token_clause(body)
    if one:
        return [one]
    m2 = re.fullmatch(r"(.+?) and (.+)", body)
    if m2:
        a, b = parse_token_clause(m2.group(1)), parse_token_clause(m2.group(2))
        if a and b:
            return [a, b]
    # Soul Separator's Zombie: P/T read from "that card" (608.2h)
    m3 = re.fullmatch(
        r"an? (white|blue|black|red|green) ([A-Z]\w+) creature token with power equal to that "
        r"card's power and toughness equal to that card's toughness",
        body,
    )
    if m3:
        spec = TokenSpec(
            None,
            (COLOR_WORDS[m3.group(1)],),
            ("Creature",),
            (m3.group(2),),
            "that card's power",
            "that card's toughness",
        )
        return [CreateTokens(1, spec, s)]
    m4 = re.fullmatch(
        r"a token that's a copy of (~|target [\w ]+|that card)(?:, except (.+))?", body
    )
    if m4:
        exc = parse_exceptions(m4.group(2)) if m4.group(2) else CopyExceptions()
        if exc is None:
            return None
        of = {"~": "self", "that card": "that_card"}.get(m4.group(1), "target")
        return [CreateTokenCopy(of, exc, 1, s)]  # type: ignore[arg-type]
    return None


SIMPLE_VERBS: tuple[tuple[str, SimpleVerb], ...] = (
    (r"scry " + NUM, "scry"),
    (r"surveil " + NUM, "surveil"),
    (r"(?:you )?mill " + NUM + r" cards?", "mill"),
    (r"target player mills " + NUM + r" cards?", "mill"),
    (r"each opponent mills " + NUM + r" cards?", "mill"),
    (
        r"counter target (?:(?:creature|noncreature|instant or sorcery|instant|sorcery|artifact|enchantment|activated or triggered) )?(?:spell|ability)",
        "counter",
    ),
    (r"counter target spell unless its controller pays " + MANA, "counter_unless"),
    (
        r"tap target (?:creature|artifact|land|permanent|creature an opponent controls|artifact or creature)",
        "tap",
    ),
    (r"untap target (?:creature|artifact|land|permanent)", "untap"),
    (r"untap ~", "untap"),
    (r"tap ~", "tap"),
    (r"target (?:player|opponent) discards " + NUM + r" cards?", "discard"),
    (r"each opponent discards " + NUM + r" cards?", "discard"),
    (r"(?:you may )?discard " + NUM + r" cards?", "discard"),
    (r"sacrifice ~", "sacrifice_self"),
    (
        r"(?:you may )?search your library for an? (?:basic land|land|basic \w+|creature|artifact|enchantment) card, reveal it, put it into your hand, then shuffle",
        "tutor",
    ),
    (
        r"(?:you may )?search your library for an? (?:basic land|basic \w+|\w+ or \w+) card, put it onto the battlefield( tapped)?, then shuffle",
        "ramp",
    ),
    (
        r"~ fights (?:target|another target|up to one target) creature(?: you don't control| an opponent controls)?",
        "fight",
    ),
    (
        r"target creature(?: with power less than or equal to ~'s power)? can't block this turn",
        "cant_block_this_turn",
    ),
    (r"that player discards that many cards", "discard"),
    (r"counter that spell or ability", "counter"),
    (r"sacrifice it", "sacrifice_self"),
    (r"(?:you may )?sacrifice another creature", "sacrifice_other"),
    (r"target creature can't block until end of turn", "cant_block_this_turn"),
    (r"~ can't be blocked this turn", "unblockable_this_turn"),
    (r"target creature can't be blocked this turn", "unblockable_this_turn"),
    (r"regenerate (?:~|target creature)", "regenerate"),
    (r"prevent all combat damage that would be dealt this turn", "fog"),
    (r"investigate", "investigate"),
    (r"you get (?:\{e\})+", "energy"),
    (r"draw a card at the beginning of the next turn's upkeep", "delayed_draw"),
    (r"proliferate", "proliferate"),
    (r"(?:target creature|~) explores", "explore"),
    (r"transform ~", "transform"),
    (r"shuffle your library", "shuffle"),
    (r"amass (?:\w+ )?" + NUM, "amass"),
    (r"each player sacrifices a creature", "edict"),
    (r"target (?:player|opponent) sacrifices a creature", "edict"),
    (r"each opponent sacrifices a creature", "edict"),
    (r"look at the top " + NUM + r" cards of your library", "look"),
    (r"return ~ to its owner's hand", "bounce_self"),
    (r"return ~ from your graveyard to your hand", "regrowth_self"),
    (r"return ~ from your graveyard to the battlefield(?: tapped)?", "reanimate_self"),
    (r"double the power of target creature you control until end of turn", "double_power"),
    (r"~ phases out", "phase_out"),
    (r"attach ~ to target creature you control", "attach"),
    (r"you may put a land card from your hand onto the battlefield", "put_land"),
    (r"draw a card, then discard a card", "loot"),
    (r"each player draws a card", "draw_each"),
    (r"exile the top card of your library\. you may play that card this turn", "impulse"),
    (r"~ connives", "connive"),
    (r"target creature you control fights target creature you don't control", "fight"),
    (r"target creature you control fights target creature an opponent controls", "fight"),
    (r"goad target creature", "goad"),
    (r"populate", "populate"),
    (r"venture into the dungeon", "venture"),
    (r"the ring tempts you", "ring_tempts"),
    (r"create a treasure token", "treasure"),
)


def e_lose_abilities(s: str) -> list[Effect] | None:
    """Turn to Frog: "Until end of turn, target creature loses all abilities and becomes a blue
    Frog with base power and toughness 1/1." — layers 4 (its creature types, 205.1a), 5, 6 and
    7b (613.1d-f, 613.4b); or just "loses all abilities until end of turn"."""
    m = re.fullmatch(
        r"(until end of turn, )?(target creature|~) loses all abilities"
        r"(?: and becomes an? (white|blue|black|red|green) ([A-Z][a-z]+) with base power and "
        r"toughness (\d+)/(\d+))?( until end of turn)?",
        s[:1].lower() + s[1:],
    )
    if not m or bool(m.group(1)) == bool(m.group(7)):
        return None  # exactly one "until end of turn"
    sel = Selector("self") if m.group(2) == "~" else Selector("targets")
    changes: tuple[Modification, ...] = (RemoveAllAbilities(),)
    if m.group(3):
        changes = (
            SetCreatureTypes((m.group(4),)),
            SetColors((COLOR_WORDS[m.group(3)],)),
            RemoveAllAbilities(),
            SetPT(int(m.group(5)), int(m.group(6))),
        )
    return [BecomesUntilEndOfTurn(sel, changes, s)]


def e_switch(s: str) -> list[Effect] | None:
    """Layer 7d: "Switch target creature's power and toughness until end of turn." (613.4d)."""
    m = re.fullmatch(
        r"switch (target creature|~)'s power and toughness until end of turn", s, re.IGNORECASE
    )
    if not m:
        return None
    sel = Selector("self") if m.group(1) == "~" else Selector("targets")
    return [BecomesUntilEndOfTurn(sel, (SwitchPT(),), s)]


CONDITIONS: dict[str, Condition] = {
    "a permanent left the battlefield under your control this turn": (
        "permanent_left_battlefield_under_your_control_this_turn"
    ),
}


def e_instead_if(s: str) -> list[Effect] | None:
    """Revolt: "Destroy that creature if it has mana value 4 or less instead if a permanent left
    the battlefield under your control this turn." """
    m = re.fullmatch(r"(.+?) instead if (.+)", s)
    if not m or m.group(2).lower() not in CONDITIONS:
        return None
    inner = m.group(1)
    d = re.fullmatch(
        r"destroy that creature if it has (mana value \d+ or less)", inner, re.IGNORECASE
    )
    if d:
        condition = parse_filter(d.group(1), "resolving")
        if condition is None:
            return None
        effect: Effect = Destroy(Target("that creature", (condition,)), inner)
        return [InsteadIf(CONDITIONS[m.group(2).lower()], (effect,), s)]
    return None


def e_if_you_do(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"(If|When) you do, (.+)", s)
    if not m:
        return None
    inner = parse_effect_sentence(m.group(2))
    if inner is None:
        return None
    return [IfYouDo(tuple(inner), m.group(1) == "When", s)]


def e_simple(s: str) -> list[Effect] | None:
    low = s.lower()
    for pattern, verb in SIMPLE_VERBS:
        if re.fullmatch(pattern, low):
            return [SimpleEffect(verb, (), s)]
    return None


def e_becomes(s: str) -> list[Effect] | None:
    """ "~ becomes a 2/2 creature with all creature types until end of turn. It's still a land."
    (the second sentence is merged by the compiler)."""
    m = re.fullmatch(
        r"(?:until end of turn, )?~ becomes an? (\d+)/(\d+) ((?:(?:white|blue|black|red|green|colorless) (?:and )?)*)"
        r"((?:[A-Z][\w'-]+ )*)(artifact creature|creature)"
        r"(?: with ([\w ,]+?))?(?: until end of turn)?(?: that's still an? (land|artifact))?"
        r"(?:\. [Ii]t's still an? (land|artifact))?",
        s[:1].lower() + s[1:],
    )
    if not m:
        return None
    changes: list[object] = [SetPT(int(m.group(1)), int(m.group(2)))]
    subtypes = tuple(m.group(4).split())
    all_types = False
    grants: tuple[Ability, ...] = ()
    if m.group(6):
        extra = m.group(6).lower()
        if extra.endswith("all creature types"):
            all_types = True
            extra = re.sub(r",? ?(and )?all creature types$", "", extra)
        if extra:
            g = _grants(extra)
            if g is None:
                return None
            grants = g
    keep = bool(m.group(7) or m.group(8))
    types = tuple(cap(w) for w in m.group(5).split())
    changes.append(SetTypes(types, subtypes, keep_types=keep))
    if all_types:
        changes.append(AddTypes(all_creature_types=True))
    colors = tuple(COLOR_WORDS[w] for w in m.group(3).split() if w in COLOR_WORDS)
    if colors:
        from engine.abilities import SetColors

        changes.append(SetColors(colors))
    if grants:
        changes.append(GrantAbilities(grants))
    if "until end of turn" not in s.lower():
        return None
    return [BecomesUntilEndOfTurn(Selector("self"), tuple(changes), s)]  # type: ignore[arg-type]


EFFECT_PARSERS: list[EffectParser] = [
    e_add_mana,
    e_draw,
    e_life,
    e_damage,
    e_destroy,
    e_exile,
    e_bounce,
    e_pump,
    e_counters,
    e_tokens,
    e_becomes,
    e_lose_abilities,
    e_switch,
    e_instead_if,
    e_if_you_do,
    e_simple,
]


def parse_effect_sentence(s: str) -> list[Effect] | None:
    s = s.strip().rstrip(".").strip()
    for parser in EFFECT_PARSERS:
        out = parser(s)
        if out is not None:
            return out
    # "X, then Y" / "X and Y" of two understood effects
    for sep in (", then ", " and "):
        if sep in s:
            left, right = s.split(sep, 1)
            a = parse_effect_sentence(left)
            b = parse_effect_sentence(right)
            if a is not None and b is not None:
                return a + b
    return None


def split_sentences(text: str) -> list[str]:
    # keep "It's still a land." with the sentence before (a single effect)
    text = re.sub(r"\. (It's still an? \w+)", r". \1", text)
    parts = re.split(r"(?<=[.])\s+(?=[A-Z~])", text.strip())
    out: list[str] = []
    for p in parts:
        p = p.strip()
        if out and re.match(r"It's still an? \w+", p):
            out[-1] = out[-1].rstrip(".") + ". " + p
        elif p:
            out.append(p)
    return out


def parse_effects(text: str) -> list[Effect] | None:
    effects: list[Effect] = []
    for sentence in split_sentences(text):
        parsed = parse_effect_sentence(sentence)
        if parsed is None:
            return None
        effects.extend(parsed)
    return effects


# --- static abilities (whole paragraph) ---------------------------------------------------------

StaticParser = Callable[[str], list[Ability] | None]


def s_anthem(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(.+?) (?:gets?|get) ([+-]\d+)/([+-]\d+)(?: and (?:has|have) ([\w ,]+))?", p, re.IGNORECASE
    )
    if m:
        sel = parse_selector(m.group(1))
        if sel is None:
            return None
        changes: list[object] = [ModifyPT(int(m.group(2)), int(m.group(3)))]
        if m.group(4):
            g = _grants(m.group(4))
            if g is None:
                return None
            changes.append(GrantAbilities(g))
        return [StaticEffect(sel, tuple(changes), p)]  # type: ignore[arg-type]
    m = re.fullmatch(r"(.+?) (?:has|have) ([\w ,]+)", p, re.IGNORECASE)
    if m:
        sel = parse_selector(m.group(1))
        g = _grants(m.group(2))
        if sel and g:
            return [StaticEffect(sel, (GrantAbilities(g),), p)]
    return None


def s_humility(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(all creatures|creatures your opponents control|other creatures) lose all abilities"
        r"(?: and (?:have|are) base power and toughness (\d+)/(\d+))?",
        p,
        re.IGNORECASE,
    )
    if not m:
        return None
    sel = parse_selector(m.group(1))
    if sel is None:
        return None
    changes: list[object] = [RemoveAllAbilities()]
    if m.group(2):
        changes.append(SetPT(int(m.group(2)), int(m.group(3))))
    return [StaticEffect(sel, tuple(changes), p)]  # type: ignore[arg-type]


def s_has_activated_abilities(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"~ has the activated abilities of (all other .+? on the battlefield|all .+? on the battlefield)",
        p,
    )
    if not m:
        return None
    what = m.group(1).removesuffix(" on the battlefield")
    sel = parse_selector(what)
    if sel is None:
        return None
    return [StaticEffect(Selector("self"), (GainActivatedAbilitiesOf(sel),), p)]


def s_enters(p: str) -> list[Ability] | None:
    low = p.lower()
    low = low.replace("enters the battlefield", "enters")
    if low == "~ enters tapped":
        return [EntersTapped(p)]
    m = re.fullmatch(r"~ enters with " + NUM + r" ([+\-\w/]+) counters? on it", low)
    if m:
        n = number(m.group(1))
        return [EntersWithCounters(m.group(2), n if isinstance(n, int) else "X", p)]
    return None


def s_choose(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"as ~ enters(?: the battlefield)?, choose an? (color|creature type|basic land type|opponent|card type|card name)",
        p.lower(),
    )
    if not m:
        return None
    return [ChooseAsEnters(m.group(1), p)]  # type: ignore[arg-type]


CARD_TYPE_WORDS = {w: cap(w) for w in CARD_TYPES}


def parse_count(phrase: str) -> tuple[Count, int] | None:
    """What a characteristic-defining ability counts (604.3), and what it adds: "your life
    total", "the number of artifacts you control", "1 plus the number of lands you control",
    "the number of creatures on the battlefield", "the number of instant and sorcery cards in
    your graveyard"."""
    plus = 0
    m = re.fullmatch(r"(\d+) plus (.+)", phrase)
    if m:
        plus, phrase = int(m.group(1)), m.group(2)
    if phrase == "your life total":
        return "your_life_total", plus
    m = re.fullmatch(r"the number of ([\w ]+?) cards in your graveyard", phrase)
    if m:
        words = re.split(r" and | or ", m.group(1))
        if all(w in CARD_TYPE_WORDS for w in words):
            return CountCards(tuple(CARD_TYPE_WORDS[w] for w in words)), plus
        return None
    m = re.fullmatch(r"the number of ([\w ]+?) (you control|on the battlefield)", phrase)
    if not m:
        return None
    sel = parse_selector(m.group(1) + (" you control" if m.group(2) == "you control" else ""))
    if sel is None or sel.scope not in ("you_control", "others_you_control", "all"):
        return None
    return CountOf(sel), plus


def s_cda(p: str) -> list[Ability] | None:
    exprs = {
        "the number of cards in your hand": "cards_in_your_hand",
        "the total number of cards in all players' hands": "cards_in_all_hands",
        "the number of creatures you control": "creatures_you_control",
        "the number of lands you control": "lands_you_control",
        "the number of cards in your graveyard": "cards_in_your_graveyard",
        "the number of creature cards in your graveyard": "creature_cards_in_your_graveyard",
    }
    m = re.fullmatch(r"~'s power and toughness are each equal to (.+)", p)
    if m and m.group(1) in exprs:
        e = exprs[m.group(1)]
        return [PTDefining(e, e, text=p)]  # type: ignore[arg-type]
    if m and (counted := parse_count(m.group(1))) is not None:
        count, plus = counted
        return [PTDefining(count, count, plus, plus, p)]
    m = re.fullmatch(r"~'s power is equal to (.+)", p)
    if m and m.group(1) in exprs:
        return [PTDefining(exprs[m.group(1)], None, text=p)]  # type: ignore[arg-type]
    if m and (counted := parse_count(m.group(1))) is not None:
        count, plus = counted
        return [PTDefining(count, None, 0, plus, p)]
    m = re.fullmatch(
        r"~'s power is equal to the number of card types among cards in all graveyards and its "
        r"toughness is equal to that number plus (\d+)",
        p,
    )
    if m:
        return [
            PTDefining(
                "card_types_in_all_graveyards",
                "card_types_in_all_graveyards",
                int(m.group(1)),
                0,
                p,
            )
        ]
    m = re.fullmatch(r"~ is (all colors|colorless|white|blue|black|red|green)", p.lower())
    if m:
        c = m.group(1)
        colors = COLORS if c == "all colors" else () if c == "colorless" else (COLOR_WORDS[c],)
        return [ColorDefining(colors, p)]
    if p.lower() in ("~ is every creature type", "~ is all creature types"):
        return [TypeDefining(True, p)]
    return None


def s_enter_as_copy(p: str) -> list[Ability] | None:
    p = p[:1].lower() + p[1:]
    m = re.fullmatch(
        r"you may have ~ enter(?P<tapped> tapped)? as a copy of (?:any|an?) ((?:non)?(?:artifact|creature|enchantment|land|"
        r"planeswalker|permanent)(?: or (?:artifact|creature|enchantment|land|planeswalker))?(?: permanent)?"
        r"(?: card)?)( you control)?(?: on the battlefield)?(?:, except (.+))?",
        p,
    )
    if not m:
        return None
    what = m.group(2)
    scope = "you_control" if m.group(3) else "all"
    words = what.replace(" or ", " ").split()
    types = tuple(cap(w) for w in words if w in ("artifact", "creature", "enchantment", "land"))
    non = tuple(cap(w[3:]) for w in words if w.startswith("non"))
    pw = "planeswalker" in what
    if len(types) > 1 or pw:
        types = ()  # "a creature or planeswalker": either (the board names the copied object)
    exc_text = m.group(4)
    sel = Selector(scope, types, non_types=non)  # type: ignore[arg-type]
    tapped = bool(m.group("tapped"))
    if not exc_text:
        return [EnterAsCopy(sel, pw, CopyExceptions(), None, p, tapped)]
    e = re.fullmatch(r"if ~ was embalmed, (.+)", exc_text)
    if e:
        exc = parse_exceptions(e.group(1))
        if exc is None:
            return None
        return [EnterAsCopy(sel, pw, CopyExceptions(), exc, p, tapped)]
    exc = parse_exceptions(exc_text)
    if exc is None:
        return None
    return [EnterAsCopy(sel, pw, exc, None, p, tapped)]


def s_attack_unless(p: str) -> list[Ability] | None:
    """ "~ can't attack unless defending player controls an Island." (508.1c)"""
    m = re.fullmatch(r"~ can't attack unless defending player controls an? ([A-Z]\w+)", p)
    if not m:
        return None
    return [Restriction("attack_only_if_defender_controls", p, m.group(1))]


RESTRICTION_SENTENCES: dict[str, RestrictionRule] = {
    "~ can't block": "cant_block",
    "~ can't attack": "cant_attack",
    "~ can't attack or block": "cant_attack_or_block",
    "~ attacks each combat if able": "must_attack",
    "~ can block only creatures with flying": "block_only_flyers",
    "~ can't be blocked": "cant_be_blocked",
    "~ doesn't untap during your untap step": "doesnt_untap",
    "~ can block an additional creature each combat": "extra_block",
    "~ can't be blocked except by two or more creatures": "menace_like",
    "~ can't be countered": "cant_be_countered",
    "you may choose not to untap ~ during your untap step": "may_not_untap",
    "~ can block any number of creatures": "block_any_number",
    "~ can't be blocked by more than one creature": "max_one_blocker",
}


def s_restriction(p: str) -> list[Ability] | None:
    table = RESTRICTION_SENTENCES
    rule = table.get(p.lower()) or table.get(p)
    if rule:
        return [Restriction(rule, p)]
    return None


RESTRICTION_PHRASES: dict[str, tuple[RestrictionEffectRule, ...]] = {
    "can't attack or block": ("cant_attack", "cant_block"),
    "can't attack": ("cant_attack",),
    "can't block": ("cant_block",),
    "can't attack or block, and its activated abilities can't be activated": (
        "cant_attack",
        "cant_block",
        "no_activated",
    ),
    "can't block, and its activated abilities can't be activated": ("cant_block", "no_activated"),
    "doesn't untap during its controller's untap step": ("doesnt_untap",),
}


def s_restriction_effect(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(enchanted creature|equipped creature|creatures your opponents control|"
        r"creatures with power \d+ or greater your opponents control) (.+)",
        p,
        re.IGNORECASE,
    )
    if not m:
        return None
    rules = RESTRICTION_PHRASES.get(m.group(2).lower())
    sel = parse_selector(m.group(1))
    if rules is None or sel is None:
        return None
    return [RestrictionEffect(sel, rules, p)]


def s_animate_all(p: str) -> list[Ability] | None:
    """Opalescence / March of the Machines: a type change (layer 4) and P/T equal to mana
    value (layer 7b)."""
    m = re.fullmatch(
        r"each (other )?(non-Aura enchantment|noncreature artifact) is an? (?:artifact )?creature"
        r"(?: in addition to its other types and has base power and toughness| with power and "
        r"toughness) each equal to its mana value",
        p[:1].lower() + p[1:],
    )
    if not m:
        return None
    scope = "all_others" if m.group(1) else "all"
    if m.group(2) == "non-Aura enchantment":
        sel = Selector(scope, ("Enchantment",), non_subtypes=("Aura",))  # type: ignore[arg-type]
    else:
        sel = Selector(scope, ("Artifact",), non_types=("Creature",))  # type: ignore[arg-type]
    changes = (AddTypes(types=("Creature",)), SetPTToManaValue())
    return [StaticEffect(sel, changes, p)]


def s_color_change(p: str) -> list[Ability] | None:
    """Layer 5: "Enchanted creature is black." / "All creatures are white." (613.1e)."""
    m = re.fullmatch(
        r"(enchanted creature|equipped creature|enchanted permanent|all creatures|creatures you control)"
        r" (?:is|are) ((?:white|blue|black|red|green)(?:(?:,| and| or)+ (?:white|blue|black|red|green))*)"
        r"( in addition to (?:its|their) other colors)?",
        p[:1].lower() + p[1:],
    )
    sel = parse_selector(m.group(1)) if m else None
    if not m or sel is None:
        return None
    colors = tuple(COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", m.group(2)))
    change = AddColors(colors) if m.group(3) else SetColors(colors)
    return [StaticEffect(sel, (change,), p)]


def s_enchanted_becomes(p: str) -> list[Ability] | None:
    """Ensoul Artifact: "Enchanted artifact is a creature with base power and toughness 5/5 in
    addition to its other types." (layers 4 and 7b)."""
    m = re.fullmatch(
        r"(enchanted (?:artifact|land|permanent)) is an? (?:(\d+)/(\d+) )?(artifact creature|creature)"
        r"(?: with base power and toughness (\d+)/(\d+))? in addition to its other types",
        p[:1].lower() + p[1:],
    )
    sel = parse_selector(m.group(1)) if m else None
    if not m or sel is None:
        return None
    power = m.group(2) or m.group(5)
    toughness = m.group(3) or m.group(6)
    if power is None or toughness is None:
        return None
    types = tuple(cap(w) for w in m.group(4).split())
    changes = (AddTypes(types=types), SetPT(int(power), int(toughness)))
    return [StaticEffect(sel, changes, p)]


def s_control(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"you control (enchanted (?:creature|permanent|artifact|land))", p, re.IGNORECASE
    )
    sel = parse_selector(m.group(1)) if m else None
    return [StaticEffect(sel, (GainControl(),), p)] if sel else None


def s_additional_cost(p: str) -> list[Ability] | None:
    m = re.fullmatch(r"as an additional cost to cast ~, (.+)", p[:1].lower() + p[1:])
    cost = parse_cost(m.group(1)) if m else None
    return [AdditionalCost(cost, p)] if cost is not None else None


def s_rule_change(p: str) -> list[Ability] | None:
    low = p.lower().replace("\u201c", '"').replace("\u201d", '"')
    if low == 'the "legend rule" doesn\'t apply':
        return [RuleChange("no_legend_rule", "all", p)]
    if low == 'the "legend rule" doesn\'t apply to permanents you control':
        return [RuleChange("no_legend_rule", "you", p)]
    return None


def s_cost_change(p: str) -> list[Ability] | None:
    m = re.fullmatch(
        r"(noncreature|creature|instant and sorcery|artifact|enchantment)? ?spells( your opponents cast| you cast)? "
        r"cost \{(\d+)\} (more|less) to cast",
        p.lower(),
    )
    if not m:
        return None
    whose = {" your opponents cast": "opponents", " you cast": "you"}.get(m.group(2) or "", "any")
    amount = int(m.group(3)) * (1 if m.group(4) == "more" else -1)
    return [CostChange(m.group(1) or "all", whose, amount, p)]  # type: ignore[arg-type]


BASIC_LAND_TYPES = {
    "plains": "Plains",
    "islands": "Island",
    "island": "Island",
    "swamps": "Swamp",
    "swamp": "Swamp",
    "mountains": "Mountain",
    "mountain": "Mountain",
    "forests": "Forest",
    "forest": "Forest",
}


def s_land_types(p: str) -> list[Ability] | None:
    """Blood Moon "Nonbasic lands are Mountains" (305.7); Urborg "Each land is a Swamp in
    addition to its other land types" (305.7: adds the intrinsic ability)."""
    m = re.fullmatch(
        r"(nonbasic lands|all lands|lands|each land|lands you control|each land you control|"
        r"nonbasic lands you control|each nonbasic land) (?:are|is) (?:an? )?(\w+)"
        r"( in addition to (?:its|their) other (?:land )?types)?",
        p,
        flags=re.IGNORECASE,
    )
    if not m or m.group(2).lower() not in BASIC_LAND_TYPES:
        return None
    who = m.group(1).lower().replace("each ", "").replace("all ", "")
    if not who.endswith("s"):
        who = who.replace("land", "lands")
    sel = parse_selector(who)
    if sel is None:
        return None
    subtype = BASIC_LAND_TYPES[m.group(2).lower()]
    change = AddTypes(subtypes=(subtype,)) if m.group(3) else SetTypes(subtypes=(subtype,))
    return [StaticEffect(sel, (change,), p)]


STATIC_PARSERS: list[StaticParser] = [
    s_land_types,
    s_choose,
    s_enters,
    s_cda,
    s_enter_as_copy,
    s_humility,
    s_has_activated_abilities,
    s_restriction,
    s_attack_unless,
    s_restriction_effect,
    s_additional_cost,
    s_rule_change,
    s_animate_all,
    s_color_change,
    s_enchanted_becomes,
    s_control,
    s_cost_change,
    s_anthem,
]
