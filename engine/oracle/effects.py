# ruff: noqa: E501  (regex templates read better on one line)
"""Effects, one sentence each (spells, activated and triggered abilities)."""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.abilities import (
    Ability,
    AddMana,
    AddTypes,
    Amount,
    AmountExpr,
    BecomesUntilEndOfTurn,
    Condition,
    CountedAmount,
    CounterSpell,
    CreatureDealsPower,
    DamageEach,
    DealDamage,
    Destroy,
    DestroyEach,
    DividedDamage,
    DrawCards,
    Effect,
    ExileIfDiesThisTurn,
    ExileIfDiesWho,
    ExileTarget,
    GainControlOf,
    GainLife,
    GrantAbilities,
    IfKicked,
    IfYouDo,
    InsteadIf,
    ItsControllerGainsLife,
    LoseLife,
    MayDo,
    Modification,
    ModifyPT,
    PreventDamage,
    PumpUntilEndOfTurn,
    PutCounters,
    PutCountersEach,
    RemoveAllAbilities,
    ReturnToHand,
    SearchDestination,
    SearchLibrary,
    Selector,
    SetColors,
    SetCreatureTypes,
    SetPT,
    SetTypes,
    SimpleEffect,
    SimpleVerb,
    SwitchPT,
    Target,
)
from engine.oracle.keywords import granted_keywords
from engine.oracle.mana import e_add_mana
from engine.oracle.selectors import (
    parse_amount,
    parse_filter,
    parse_for_each,
    parse_group,
    parse_selector,
    parse_target,
    plural,
)
from engine.oracle.text import COLOR_LETTERS, MANA, NUM, cap, number, split_sentences
from engine.oracle.tokens import e_tokens

EffectParser = Callable[[str], list[Effect] | None]


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
    # E3 (s11): Swords to Plowshares (the object chosen before, 109.4; last known, 608.2h)
    if m := re.fullmatch(
        r"(?:its|that creature's) controller gains life equal to its (power|toughness)", low
    ):
        return [ItsControllerGainsLife(m.group(1), s)]  # type: ignore[arg-type]
    if re.fullmatch(r"you gain life equal to (?:its|~'s) power", low):
        return [GainLife("self_power", s)]
    if m := re.fullmatch(r"you gain " + NUM + " life", low):
        return [GainLife(number(m.group(1)), s)]
    # E3: counted on resolution (608.2h)
    if m := re.fullmatch(r"you gain (\d+|a|an|one|two|three) life for each (.+)", s, re.IGNORECASE):
        counted = parse_for_each(m.group(2))
        n = number(m.group(1))
        if counted is not None and isinstance(n, int):
            return [GainLife(CountedAmount(counted.count, n * counted.each, counted.plus), s)]
        return None
    if m := re.fullmatch(r"you gain life equal to (.+)", s, re.IGNORECASE):
        equal = parse_amount(m.group(1))
        if isinstance(equal, CountedAmount):
            return [GainLife(equal, s)]
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
    """ "~ deals 3 damage to any target", "... to each creature without flying and each player",
    "... damage equal to the number of Mountains you control to target creature", "~ deals X
    damage to target creature, where X is ...", "... to any target and 1 damage to you"."""
    m = re.fullmatch(
        r"~ deals damage equal to (that creature's|its|~'s) power to (.+)", s, re.IGNORECASE
    )
    if m:
        t = parse_target(m.group(2)) if m.group(2).lower() != "any target" else Target("any target")
        amount: AmountExpr = (
            "that_creature_power" if m.group(1).startswith("that") else "self_power"
        )
        return [DealDamage(amount, t, s)] if t else None
    if m := re.fullmatch(
        r"~ deals " + NUM + r" damage to (.+?) and " + NUM + r" damage to (.+)", s, re.IGNORECASE
    ):
        first = damage_to(number(m.group(1)), m.group(2), s)
        second = damage_to(number(m.group(3)), m.group(4), s)
        if first is None or second is None or m.group(4).lower().startswith("each of"):
            return None
        return [first, second]
    if m := re.fullmatch(
        r"~ deals damage equal to (.+) to ((?:any|another|up to one )?target [^,]+|each .+)",
        s,
        re.IGNORECASE,
    ):
        counted = parse_amount(m.group(1))
        e = damage_to(counted, m.group(2), s) if counted is not None else None
        return [e] if e else None
    if m := re.fullmatch(r"~ deals damage to (.+?) equal to (.+)", s, re.IGNORECASE):
        counted = parse_amount(m.group(2))
        e = damage_to(counted, m.group(1), s) if counted is not None else None
        return [e] if e else None
    if m := re.fullmatch(r"~ deals X damage to (.+?), where X is (.+)", s, re.IGNORECASE):
        counted = parse_amount(m.group(2))
        e = damage_to(counted, m.group(1), s) if counted is not None else None
        return [e] if e else None
    if m := re.fullmatch(
        r"~ deals " + NUM + r" damage divided as you choose among (one or two|one, two, or three|"
        r"any number of) (targets|target .+)",
        s,
        re.IGNORECASE,
    ):
        phrase = m.group(3).lower()
        most = {"one or two": 2, "one, two, or three": 3}.get(m.group(2).lower())
        t = Target("any target") if phrase == "targets" else parse_target(singular(m.group(3)))
        return [DividedDamage(number(m.group(1)), t, most, s)] if t else None
    if m := re.fullmatch(
        r"~ deals (X|\d+) damage divided evenly, rounded down, among any number of targets",
        s,
        re.IGNORECASE,
    ):  # E4 (s12): Fireball
        evenly: Amount = "X" if m.group(1) == "X" else int(m.group(1))
        return [DividedDamage(evenly, Target("any target"), None, s, evenly=True)]
    m = re.fullmatch(r"~ deals " + NUM + r" damage to (.+)", s, flags=re.IGNORECASE)
    if not m:
        return None
    e = damage_to(number(m.group(1)), m.group(2), s)
    return [e] if e else None


def singular(phrase: str) -> str:
    """ "target creatures with flying" -> "target creature with flying" (one target's words);
    "target creatures and/or planeswalkers" -> "target creature or planeswalker"."""
    words = phrase.replace("and/or", "or").split()
    nouns = {"creatures", "planeswalkers", "players", "permanents", "artifacts", "opponents"}
    return " ".join(w[:-1] if w.lower() in nouns else w for w in words)


def damage_to(amount: Amount | None, recipient: str, s: str) -> Effect | None:
    """Who "~ deals N damage to ..." reaches: a target (115.1), or a group with no target."""
    low = recipient.lower()
    if amount is None:
        return None
    if low in ("any target", "any other target", "you"):
        return DealDamage(amount, Target(low), s)
    # E3: what an earlier part of the effect chose, or its controller (109.4)
    if low in ("it", "that creature", "that player"):
        return DealDamage(
            amount, Target("that player" if low == "that player" else "that creature"), s
        )
    if re.fullmatch(r"(?:that (?:creature|permanent|land|artifact)'s|its) controller", low):
        return DealDamage(amount, Target("its controller"), s)
    t = parse_target(recipient)
    if t is not None:
        return DealDamage(amount, t, s)
    group = parse_group(recipient)
    if group is None:
        return None
    permanents, players, keyword, absent = group
    return DamageEach(amount, permanents, players, keyword, absent, s)


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


def e_destroy_all(s: str) -> list[Effect] | None:
    """E3 (s11): "Destroy all creatures", "Destroy all artifacts and enchantments", "Destroy
    all other creatures", "Destroy all nonland permanents", "Destroy all creatures you don't
    control" (two players: your opponent's, 102.1), each group read by parse_selector."""
    m = re.fullmatch(r"destroy all (.+)", s, re.IGNORECASE)
    if not m:
        return None
    phrase = re.sub(r" you don't control$", " your opponents control", m.group(1))
    other = phrase.lower().startswith("other ")
    phrase = phrase[len("other ") :] if other else phrase
    whose = re.search(r" (you control|your opponents control)$", phrase)
    body = phrase[: whose.start()] if whose else phrase
    sels: list[Selector] = []
    for part in re.split(r",? and |, ", body):
        noun = part + (whose.group(0) if whose else "")
        sel = parse_selector(("other " if other else "") + noun)
        if sel is None or sel.scope not in DESTROY_SCOPES:
            return None
        sels.append(sel)
    return [DestroyEach(tuple(sels), s)]


#: the groups "destroy all ..." reaches (relative to the spell's controller, 109.5)
DESTROY_SCOPES = ("all", "all_others", "you_control", "others_you_control", "opponents_control")


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
    return e_return_cards(s)


# --- E3: returning cards from your graveyard, and several permanents, to hand ----------------

_CARD_KIND = (
    r"(?:(?:non)?(?:artifact|creature|enchantment|land|instant|sorcery|planeswalker|permanent|"
    r"historic|legendary|white|blue|black|red|green|multicolored|colorless|[A-Z][a-z]+)"
    r"(?:,? (?:or|and/or) |, | ))*?"
)


def e_return_cards(s: str) -> list[Effect] | None:
    """ "Return up to two target creature cards from your graveyard to your hand", "Return target
    Goblin card with mana value 3 or less from your graveyard to your hand", "Return up to two
    target creatures to their owners' hands": read exactly; cards in a graveyard and several
    chosen objects are not resolved on a board (named unknown)."""
    m = re.fullmatch(
        r"return (up to )?(?:(one|two|three|four|five|x) )?(another )?target (" + _CARD_KIND + r")"
        r"cards?( with mana value \d+ or less)? from your graveyard to your hand",
        s[:1].lower() + s[1:],
    )
    if m:
        count = (m.group(1) or "") + (m.group(2) or "one")
        kind = ((m.group(3) or "") + m.group(4) + "card" + (m.group(5) or "")).strip()
        return [SimpleEffect("return_from_graveyard", (kind, count), s)]
    # to the battlefield (a card in a graveyard as a target, 115.1; not resolved on a board)
    m = re.fullmatch(
        r"(return|put) (another )?target (" + _CARD_KIND + r")card( with mana value \d+ or less)?"
        r" from (your|a|an opponent's) graveyard (to|onto) the battlefield( tapped)?"
        r"( under your control)?",
        s[:1].lower() + s[1:],
    )
    theirs = m is not None and m.group(5) != "your"
    if m and e_simple(s) is None and (m.group(1) == "put") == bool(m.group(8)) == theirs:
        kind = ((m.group(2) or "") + m.group(3) + "card" + (m.group(4) or "")).strip()
        where = ("from " + m.group(5) + " graveyard") + (" tapped" if m.group(7) else "")
        return [SimpleEffect("reanimate", (kind, where), s)]
    m = re.fullmatch(
        r"return (up to )?(two|three|four|five) (target .+?) to their owners' hands",
        s,
        re.IGNORECASE,
    )
    if m and (t := parse_target(re.sub(r"s$", "", m.group(3)))):
        return [SimpleEffect("bounce_many", (t.what, (m.group(1) or "") + m.group(2)), s)]
    return None


def e_pump(s: str) -> list[Effect] | None:
    if counted := counted_pump(s):
        return counted
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
            g = granted_keywords(m.group(4))
            if g is None:
                return None
            grants = g
        subject = m.group(1)
        t = Target("self") if subject == "~" else referred_target(subject)
        if t is None:
            sel = parse_selector(subject)
            if sel is None:
                return None
            # a group ("creatures you control get +1/+1"), not a target: what it affects is
            # fixed as it resolves (611.2c)
            pumped: tuple[Modification, ...] = (ModifyPT(int(m.group(2)), int(m.group(3))),)
            if grants:
                pumped += (GrantAbilities(grants),)
            return [BecomesUntilEndOfTurn(sel, pumped, s)]
        return [PumpUntilEndOfTurn(t, int(m.group(2)), int(m.group(3)), grants, s)]
    m = re.fullmatch(r"(.+?) gains? ([\w ,]+?) until end of turn", s, re.IGNORECASE)
    if m:
        g = granted_keywords(m.group(2))
        subject = m.group(1)
        t = Target("self") if subject == "~" else referred_target(subject)
        group = parse_selector(subject) if t is None else None
        if g and group is not None:
            return [BecomesUntilEndOfTurn(group, (GrantAbilities(g),), s)]
        if g and t:
            return [PumpUntilEndOfTurn(t, 0, 0, g, s)]
    return None


def counted_pump(s: str) -> list[Effect] | None:
    """E3: "Target creature gets +X/+X until end of turn, where X is the number of Elves on the
    battlefield", "... gets +1/+0 until end of turn for each creature you control": the amount
    is counted as it resolves (608.2h); "-X/-X" counts down."""
    m = re.fullmatch(
        r"(.+?) gets? ([+-])X/([+-])X until end of turn, where X is (.+)", s, re.IGNORECASE
    )
    power: Amount
    toughness: Amount
    if m:
        counted = parse_amount(m.group(4))
        if not isinstance(counted, CountedAmount):
            return None
        sign_p, sign_t = (1 if m.group(n) == "+" else -1 for n in (2, 3))
        power = CountedAmount(counted.count, counted.each * sign_p, counted.plus * sign_p)
        toughness = CountedAmount(counted.count, counted.each * sign_t, counted.plus * sign_t)
    else:
        m = re.fullmatch(
            r"(.+?) gets? ([+-]\d+)/([+-]\d+) until end of turn for each (.+)", s, re.IGNORECASE
        )
        if not m or (each := parse_for_each(m.group(4))) is None:
            return None
        p, t = int(m.group(2)), int(m.group(3))
        power = CountedAmount(each.count, p * each.each, p * each.plus) if p else 0
        toughness = CountedAmount(each.count, t * each.each, t * each.plus) if t else 0
    subject = m.group(1)
    target = Target("self") if subject == "~" else referred_target(subject)
    return [PumpUntilEndOfTurn(target, power, toughness, (), s)] if target else None


def referred_target(subject: str) -> Target | None:
    """A target phrase, or E3: "it" / "that creature" — the object an earlier sentence of the
    same effect chose (the last target, resolution.targets_of_effect)."""
    if subject.lower() in ("it", "that creature"):
        return Target("that creature")
    return parse_target(subject)


def e_counters(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"put " + NUM + r" ([+\-\w/]+) counters? on (.+)", s, re.IGNORECASE)
    if not m:
        return None
    where = m.group(3)
    if where == "~":
        return [PutCounters(m.group(2), number(m.group(1)), None, s)]
    t = referred_target(where)  # E3: "on each creature you control" is e_counters_each's
    return [PutCounters(m.group(2), number(m.group(1)), t, s)] if t else None


SIMPLE_VERBS: tuple[tuple[str, SimpleVerb], ...] = (
    (r"scry " + NUM, "scry"),
    (r"surveil " + NUM, "surveil"),
    (r"(?:you )?mill " + NUM + r" cards?", "mill"),
    (r"target player mills " + NUM + r" cards?", "mill"),
    (r"each opponent mills " + NUM + r" cards?", "mill"),
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
    (r"you get ((?:\{e\})+)", "energy"),
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
    (r"exile the top card of your library\. you may play that card this turn", "impulse"),
    (r"~ connives", "connive"),
    (r"target creature you control fights target creature you don't control", "fight"),
    (r"target creature you control fights target creature an opponent controls", "fight"),
    (r"goad target creature", "goad"),
    (r"populate", "populate"),
    (r"venture into the dungeon", "venture"),
    (r"the ring tempts you", "ring_tempts"),
    (r"take an extra turn after this one", "extra_turn"),
    (r"tap up to (?:one|two|three) target creatures?", "tap"),
    (
        r"prevent the next " + NUM + r" damage that would be dealt to (?:any target|target "
        r"creature|target creature or player|target player) this turn",
        "prevent_damage",
    ),
    (
        r"(?:you may )?return target creature card from your graveyard to the battlefield",
        "reanimate",
    ),
    (r"it can't be regenerated", "cant_be_regenerated"),
    (r"that creature can't be regenerated this turn", "cant_be_regenerated"),  # E6 (s14)
    (r"target player gains " + NUM + r" life", "target_gains_life"),
    (r"you may pay ((?:\{[^}]+\})+)", "pay_optional"),
    (r"they can't be regenerated", "cant_be_regenerated"),
    (r"monstrosity " + NUM, "monstrosity"),
    (r"you may gain " + NUM + r" life", "may_gain_life"),
    (r"sacrifice ~ unless you pay (?:\{[^}]+\})+", "sacrifice_unless_pay"),
    (r"that player discards " + NUM + r" cards?", "discard"),
    (r"exile ~", "exile_self"),
    (r"tap enchanted creature", "tap"),
    (r"regenerate enchanted creature", "regenerate"),
    (r"you become the monarch", "monarch"),
    (r"untap all creatures you control", "untap"),
    (r"target (?:player|opponent) reveals their hand", "reveal_hand"),
    (
        r"you choose an? (?:nonland|noncreature, nonland|creature|artifact or creature|instant or "
        r"sorcery|nonartifact, nonland) card from it(?: with mana value \d+ or (?:less|greater))?",
        "choose_card",
    ),
    (r"that player discards that card", "discard"),
    (r"return it to its owner's hand", "return_it_to_hand"),
    (r"learn", "learn"),
    (r"its controller loses " + NUM + r" life", "controller_loses_life"),
    (r"sacrifice a creature", "sacrifice_creature"),
    (r"put target creature on top of its owner's library", "tuck"),
    (
        r"target creature with power " + NUM + r" or less can't be blocked this turn",
        "unblockable_this_turn",
    ),
    (
        r"(?:that creature|it) doesn't untap during its controller's next untap step",
        "doesnt_untap_next",
    ),
    (r"~ doesn't untap during your next untap step", "self_doesnt_untap_next"),  # E5
    (r"search your library for a card, put that card into your hand, then shuffle", "tutor"),
    (
        r"search your library for a basic land card, put that card onto the battlefield tapped, "
        r"then shuffle",
        "ramp",
    ),
    (r"return a land you control to its owner's hand", "return_land"),
    (r"attach it to target creature you control", "attach"),
)


# --- E3: counterspells (701.6a) ----------------------------------------------------------


def e_counter(s: str) -> list[Effect] | None:
    """ "Counter target spell", "Counter target instant or sorcery spell unless its controller
    pays {2}", "Counter target spell with mana value 3 or less", "Counter target activated
    ability" (701.6a; "unless ... pays", 118.12)."""
    m = re.fullmatch(
        r"counter (target .+?)(?: unless its controller pays " + MANA + r")?", s, re.IGNORECASE
    )
    if not m:
        return None
    t = parse_target(m.group(1))
    kind = re.sub(r" with mana value \d+ or (?:less|greater)$", "", t.what) if t else ""
    if t is None or not re.search(r"\b(spell|ability)$", kind):
        return None
    return [CounterSpell(t, m.group(2), s)]


# --- E3: control-changing effects (613.1b) with a duration (611.2a) ------------------------


def e_gain_control(s: str) -> list[Effect] | None:
    """ "Gain control of target creature until end of turn" (Act of Treason), "Gain control of
    target nonland permanent with mana value 1 or less" (no duration: it lasts indefinitely)."""
    m = re.fullmatch(r"gain control of (target .+?)( until end of turn)?", s, re.IGNORECASE)
    if not m or (t := parse_target(m.group(1))) is None:
        return None
    return [GainControlOf(t, "end_of_turn" if m.group(2) else "indefinitely", s)]


def e_untap_it(s: str) -> list[Effect] | None:
    """'Untap that creature.' / 'Untap it.': the object the part before acted on (the threaten rider)."""
    if re.fullmatch(r"untap (?:that creature|that permanent|it)", s, re.IGNORECASE):
        return [SimpleEffect("untap", ("it",), s)]
    return None


# --- E3: searching your library (701.23; hidden, 401.2) -----------------------------------

_SEARCH_COUNT = r"(an?|one|two|three|up to (?:one|two|three|four|five|x)|any number of)"
_SEARCH_WORD = (
    r"(?:basic|land|lands|card|cards|creature|artifact|enchantment|instant|sorcery|planeswalker|"
    r"permanent|legendary|snow|nonland|noncreature|white|blue|black|red|green|colorless|"
    r"multicolored|or|and/or|an?|named ~|[A-Z][a-z]+,?|with mana value (?:\d+|X) or (?:less|greater))"
)
_SEARCH_PUT = {
    "into your hand": "hand",
    "onto the battlefield": "battlefield",
    "onto the battlefield tapped": "battlefield_tapped",
    "into your graveyard": "graveyard",
}


def e_search(s: str) -> list[Effect] | None:
    """ "Search your library for a basic land card, reveal it, put it into your hand, then
    shuffle", "... for up to two basic land cards, put them onto the battlefield tapped, then
    shuffle", "... for a creature card, reveal it, then shuffle and put that card on top"."""
    if e_simple(s) is not None:
        return None  # the simple tutor and ramp rows read it
    it = r"(?:it|them|that card|those cards)"
    m = re.fullmatch(
        r"search your library for "
        + _SEARCH_COUNT
        + r" ((?:"
        + _SEARCH_WORD
        + r" )*?"
        + _SEARCH_WORD
        + r")(, reveal "
        + it
        + r")?"
        r"(?:, put " + it + r" (into your hand|onto the battlefield(?: tapped)?|into your "
        r"graveyard), then shuffle|(, then shuffle and put (?:that card|those cards) on top"
        r"(?: in any order)?)|(, exile " + it + r", then shuffle))",
        s[:1].lower() + s[1:],
    )
    if not m or not re.search(r"\bcards?\b", m.group(2)):
        return None
    destination: SearchDestination = (
        _SEARCH_PUT[m.group(4)] if m.group(4) else "top" if m.group(5) else "exile"  # type: ignore[assignment]
    )
    return [SearchLibrary(m.group(1), m.group(2), destination, bool(m.group(3)), s)]


# --- E3: "sacrifice it unless you ..." (the controller's choice as it resolves, 608.2d) ----

_UNLESS_ACTIONS = (
    r"pay " + MANA,
    r"discard (?:a|two) (?:land |creature |noncreature )?cards?(?: at random)?",
    r"return (?:a|an|another|two) (?:untapped )?(?:non-Lair )?(?:land|creature|enchantment|"
    r"Forests?|Islands?|Mountains?|Swamps?|Plains)s?(?: you control)? to (?:its|their) owner's "
    r"hands?",
    r"sacrifice (?:a|an) (?:Forest|Island|Mountain|Swamp|Plains|land|creature)",
)


def e_sacrifice_unless(s: str) -> list[Effect] | None:
    """ "When ~ enters, sacrifice it unless you return a non-Lair land you control to its
    owner's hand": "it" is the object the ability is on; the alternative is its controller's
    choice as the ability resolves (608.2d), so resolving it is named unknown."""
    m = re.fullmatch(r"sacrifice (it|~) unless you (.+)", s, re.IGNORECASE)
    if not m or e_simple(s) is not None:
        return None
    if not any(re.fullmatch(a, m.group(2), re.IGNORECASE) for a in _UNLESS_ACTIONS):
        return None
    return [SimpleEffect("sacrifice_unless", ("self", m.group(2)), s)]


# --- E3: a creature deals damage equal to its power ("bite") -----------------------------


def e_bite(s: str) -> list[Effect] | None:
    m = re.fullmatch(
        r"(target creature(?: you control| an opponent controls)?|it|that creature) deals damage "
        r"equal to its power to (.+)",
        s,
        re.IGNORECASE,
    )
    if not m:
        return None
    source = referred_target(m.group(1))
    rest = m.group(2)
    if rest.lower() in ("~", "any target"):
        recipient: Target | None = Target("self" if rest == "~" else "any target")
    else:
        recipient = parse_target(rest)
    if source is None or recipient is None:
        return None
    return [CreatureDealsPower(source, recipient, s)]


# --- E3: prevention effects (615.1) ------------------------------------------------------


def prevention_party(phrase: str | None) -> Target | Selector | bool | None:
    """What a prevention shield protects or whose damage it stops: a target, "~", "you", "it",
    or a group ("creatures you control"); False when unread."""
    if phrase is None:
        return None
    low = phrase.lower()
    if low in ("~", "you", "it", "that creature"):
        return Target({"~": "self", "it": "that creature"}.get(low, low))
    if low.startswith(("target ", "another target ")):
        return parse_target(phrase) or False
    if low.startswith("each "):
        return False
    return parse_selector(phrase) or False


def e_prevent(s: str) -> list[Effect] | None:
    """ "Prevent all combat damage that would be dealt by target creature this turn", "Prevent
    the next 2 damage that would be dealt to ~ this turn", "Prevent all damage target creature
    would deal this turn", "Prevent all damage that would be dealt to creatures you control this
    turn"."""
    if e_simple(s) is not None:
        return None  # the simple fog and "prevent the next N" rows read it
    how = r"prevent (all|the next (\d+|x)) (combat )?damage "
    m = re.fullmatch(
        how + r"that would be dealt(?: to (.+?)(?: and dealt by (.+?))?)?(?: by (.+?))? this turn",
        s,
        re.IGNORECASE,
    ) or re.fullmatch(
        how + r"that would be dealt this turn(?: to (.+?))?(?: and dealt by (.+?))?(?: by (.+?))?",
        s,
        re.IGNORECASE,
    )
    both = re.fullmatch(how + r"that would be dealt to and dealt by (.+?) this turn", s, re.I)
    if both:  # "dealt to and dealt by ~": its damage both ways
        m, to, by = both, both.group(4), both.group(4)
    elif m:
        if m.group(5) and m.group(6):
            return None
        to, by = m.group(4), m.group(5) or m.group(6)
    else:
        m = re.fullmatch(how + r"(?:that )?(.+?) would deal this turn", s, re.IGNORECASE)
        if not m or " of your choice" in m.group(4):
            return None
        to, by = None, m.group(4)
    amount = None if m.group(1).lower() == "all" else number(m.group(2))
    if amount == "X" and "where" in s:
        return None
    protects, source = prevention_party(to), prevention_party(by)
    if protects is False or source is False or (protects is None and source is None):
        return None
    assert not isinstance(protects, bool) and not isinstance(source, bool)
    return [PreventDamage(amount, bool(m.group(3)), protects, source, s)]


# --- E3: "If ~ was kicked, ..." (702.33d) --------------------------------------------------


def e_if_kicked(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"if ~ was kicked, (instead )?(.+?)( instead)?", s, re.IGNORECASE)
    if not m or (m.group(1) and m.group(3)):
        return None
    whole = re.fullmatch(
        r"if ~ was kicked, (.+ and if it would die this turn, exile it instead)", s, re.I
    )
    if whole:  # E6 (s14): Scorching Lava's "... and if it would die this turn, exile it instead"
        both = parse_effect_sentence(cap(whole.group(1)))
        return [IfKicked(tuple(both), False, s)] if both else None
    rest = re.sub(r"^it (deals|also deals) ", "~ deals ", m.group(2))  # "it": the spell itself
    if rest.startswith("~ also deals "):
        return None
    inner = parse_effect_sentence(cap(rest))
    if inner is None or any(isinstance(e, IfKicked) for e in inner):
        return None
    return [IfKicked(tuple(inner), bool(m.group(1) or m.group(3)), s)]


# --- E3: optional actions ("you may ...", 608.2d) ----------------------------------------


def e_may(s: str) -> list[Effect] | None:
    """ "You may tap target creature", "you may put a +1/+1 counter on ~": an effect its
    controller may choose not to perform as it resolves (608.2d)."""
    m = re.fullmatch(r"you may (.+)", s, re.IGNORECASE)
    if m and (
        had := re.fullmatch(
            r"have (~|target .+?|that player|enchanted creature) (get|deal|fight|lose|discard|mill|gain|become|block) (.+)",
            m.group(1),
            re.IGNORECASE,
        )
    ):
        # "you may have target creature get -2/-2 ...": the same effect, its subject first
        rest = f"{had.group(1)} {had.group(2)}s {had.group(3)}"  # every verb here takes -s
        inner = parse_effect_sentence(cap(rest) if rest[0] != "~" else rest)
        return (
            [MayDo(tuple(inner), s)]
            if inner is not None and not any(isinstance(e, MayDo | AddMana) for e in inner)
            else None
        )
    if not m or m.group(1).lower().startswith(("have ", "pay ", "cast ", "play ")):
        return None
    if any(p(s) is not None for p in EFFECT_PARSERS if p is not e_may):
        return None  # a template that reads "you may ..." itself
    inner = parse_effect_sentence(cap(m.group(1)))
    if inner is None or any(isinstance(e, MayDo | AddMana) for e in inner):
        return None  # an optional mana ability is read by the mana templates or not at all
    return [MayDo(tuple(inner), s)]


# --- E3: "put a +1/+1 counter on each creature you control" (122.1) ----------------------


def e_counters_each(s: str) -> list[Effect] | None:
    m = re.fullmatch(r"put " + NUM + r" ([+\-\w/]+) counters? on each (.+)", s, re.IGNORECASE)
    if not m or m.group(1).lower() == "x" or m.group(3).lower().startswith("of "):
        return None
    sel = parse_selector(plural(m.group(3)))
    if sel is None or sel.scope not in (
        "all",
        "all_others",
        "you_control",
        "others_you_control",
        "opponents_control",
    ):
        return None
    amount = number(m.group(1))
    assert isinstance(amount, int)
    return [PutCountersEach(m.group(2), amount, sel, s)]


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
            SetColors((COLOR_LETTERS[m.group(3)],)),
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
        m = re.fullmatch(pattern, low)
        if m:
            # the numbers and costs the sentence names are kept ("mill two" -> ("two",)), so
            # the reading says how much, even though the board never applies it
            named = range(1, (m.re.groups or 0) + 1)
            return [
                SimpleEffect(verb, tuple(s[m.start(i) : m.end(i)] for i in named if m.group(i)), s)
            ]
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
            g = granted_keywords(extra)
            if g is None:
                return None
            grants = g
    keep = bool(m.group(7) or m.group(8))
    types = tuple(cap(w) for w in m.group(5).split())
    changes.append(SetTypes(types, subtypes, keep_types=keep))
    if all_types:
        changes.append(AddTypes(all_creature_types=True))
    colors = tuple(COLOR_LETTERS[w] for w in m.group(3).split() if w in COLOR_LETTERS)
    if colors:
        from engine.abilities import SetColors

        changes.append(SetColors(colors))
    if grants:
        changes.append(GrantAbilities(grants))
    if "until end of turn" not in s.lower():
        return None
    return [BecomesUntilEndOfTurn(Selector("self"), tuple(changes), s)]  # type: ignore[arg-type]


# E6 (s14): a spell's "if it would die this turn, exile it instead" (614.1a, 611.2c)
_EXILE_IF_DIES: dict[str, ExileIfDiesWho] = {
    "if that creature would die this turn, exile it instead": "that_creature",
    "if it would die this turn, exile it instead": "that_creature",
    "if a creature dealt damage this way would die this turn, exile it instead": (
        "dealt_damage_this_way"
    ),
    "if that creature or planeswalker would die this turn, exile it instead": (
        "that_creature_or_planeswalker"
    ),
}


def e_exile_if_dies(s: str) -> list[Effect] | None:
    who = _EXILE_IF_DIES.get(s.lower().rstrip("."))
    return [ExileIfDiesThisTurn(who, s)] if who else None


EFFECT_PARSERS: list[EffectParser] = [
    e_add_mana,
    e_draw,
    e_life,
    e_damage,
    e_destroy,
    e_destroy_all,
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
    e_counter,
    e_gain_control,
    e_untap_it,
    e_counters_each,
    e_search,
    e_simple,
    e_may,
    e_if_kicked,
    e_prevent,
    e_bite,
    e_sacrifice_unless,
    e_exile_if_dies,
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
            if a and any(isinstance(e, IfKicked) for e in a):
                return None  # E6 (s14): "if kicked, X and Y": the condition covers both
            if a is not None and b is not None:
                return a + b
    return None


def parse_effects(text: str) -> list[Effect] | None:
    if text.startswith("Choose a color. Add "):  # E2 (s10): Nykthos, one effect in two sentences
        return e_add_mana(text.rstrip(". "))
    effects: list[Effect] = []
    for sentence in split_sentences(text):
        parsed = parse_effect_sentence(sentence)
        if parsed is None:
            return None
        effects.extend(parsed)
    return effects
