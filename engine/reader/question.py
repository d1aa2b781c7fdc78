"""The question: can I tap / activate / attack with / block with; power, toughness, mana
value, color, type; what mana can it make; combat damage and what dies; tokens; after SBAs.

Each rule adds one ``Question``; two in one message is a doubt (ask one at a time)."""

from __future__ import annotations

import re

from engine.oracle.creature_types import CREATURE_TYPES
from engine.reader import choices, state
from engine.reader.draft import Draft, Question, Thing
from engine.reader.patterns import OBJ, OBJS, names_a, placeholders, rule
from engine.reader.vocabulary import MANA_LETTERS, Focus, Player, QuestionKind

_CAN = r"\b(?:can|could|may)"  # "am I able to", "is it possible to": prepare.ask_forms
_ME = r"(?:i|we|you|p1)"
OPEN_WHAT_HAPPENS = "what happens next"  # a bare "what happens?" (reader.py: all must be read)
THROUGH = "through"  # "does the damage go through": any damage to the defending player
# a statement asked as a question: "spider can block the birds right?", "it can attack, yeah?"
_TAG = r"\s*,?\s*(?:right|correct|yeah|yes|no|or not|or no|too|though|rn|now|this turn)?\s*\?"
_MANA = (
    r"(?P<what>mana|(?:\{[wubrgc]\})+|[wubrgc](?![a-z/])|white|blue|black|red|green|colorless)"
    r"(?:\s+mana)?"
)


def _ask(
    draft: Draft,
    kind: QuestionKind,
    focus: Focus,
    text: str,
    thing: Thing | None = None,
    **fields: object,
) -> str:
    if thing is not None:
        fields = {"object": thing.id, **fields}
        draft.make_subject(thing)
    draft.questions.append(Question(kind, focus, dict(fields), text))
    return f"asked: {text}"


def _color(what: str | None) -> str | None:
    if not what or what == "mana":
        return None
    what = what.strip("{}").lower()
    return MANA_LETTERS.get(what, what.upper()[:1])


def _has_mana_ability(thing: Thing) -> bool:
    text = thing.entity.text.oracle_text if thing.entity.text else ""
    type_line = thing.entity.text.type_line if thing.entity.text else ""
    return bool(re.search(r"Add \{|Add one mana|Add two mana|Add [a-z]+ mana", text)) or bool(
        re.search(r"\b(?:Plains|Island|Swamp|Mountain|Forest)\b", type_line)
    )


def _tap_question(draft: Draft, thing: Thing | None, what: str | None, text: str) -> str | None:
    if thing is None:
        return None
    color = _color(what)
    label = thing.entity.label
    if what or _has_mana_ability(thing):
        ask = _ask(
            draft, "can_activate", "produces" if color else "can", text, thing, ability="mana"
        )
        draft.questions[-1].color = color
        return ask
    return _ability_question(draft, thing, f"can you activate {label}")


def _ability_question(draft: Draft, thing: Thing, text: str) -> str | None:
    """ "Can I activate X?": the card's one activated ability; several is a question back."""
    oracle = thing.entity.text.oracle_text if thing.entity.text else ""
    lines = [
        ln
        for ln in oracle.split("\n")
        if re.match(r"^[^\"(]*:\s", ln)
        and re.search(r"\{|\bSacrifice\b", ln.split(":")[0])  # (R7) "Sacrifice ~: …" too
    ]
    if len(lines) != 1:
        draft.doubt("which_ability", thing.entity.label)
        return None
    return _ask(draft, "can_activate", "can", text, thing, ability=lines[0].split(":")[0])


@rule(
    "can I tap X for mana",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+)?(?:tap|use)\s+(?P<obj>{OBJ})\s+(?:for|to make|to get|to add"
    rf"|to produce)\s+(?:(?:\d|one|two|three|an?)\s+)?{_MANA}",
    questions_only=True,
)
def tap_for(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    what = m["what"]
    label = thing.entity.label if thing else "it"
    return _tap_question(draft, thing, what, f"can you tap {label} for {what}")


@rule(
    "can X tap for mana",
    rf"(?<!what\s)(?<!which\s)(?<!colors\s)(?<!colours\s)(?<!color\s)(?<!colour\s)(?<!mana\s)"
    rf"{_CAN}\s+(?P<obj>{OBJ})\s+(?:still\s+)?(?:tap|be tapped)"
    rf"(?:\s+for\s+{_MANA})?",
    questions_only=True,
)
def it_taps(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    label = thing.entity.label if thing else "it"
    return _tap_question(draft, thing, m["what"] or "mana", f"can {label} tap for mana")


@rule(
    "can I tap X to pay for Y",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+)?tap\s+(?P<payer>{OBJ})\s+(?:to pay(?:\s+for)?|for|to activate"
    rf"|to use|as (?:the|a|part of the) cost (?:of|for)|to help pay for)\s+(?:the\s+)?"
    rf"(?P<obj>{OBJ})"
    r"(?:\s+(?:cost|ability|'s cost|'s ability))?",
    questions_only=True,
)
def tap_to_pay(m: re.Match[str], draft: Draft) -> str | None:
    payer = draft.thing(m["payer"], head=False)
    thing = draft.thing(m["obj"], head=True)
    if payer is None or thing is None:
        return None
    text = f"can you tap {payer.entity.label} to pay for {thing.entity.label}"
    if _has_mana_ability(thing):
        return _ask(draft, "can_activate", "can", text, thing, ability="mana", pay_with=[payer.id])
    return None


@rule(
    "can I tap X",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+|now\s+)?(?P<verb>tap|activate|use)\s+(?P<obj>{OBJ})"
    r"(?:\s+(?:for\s+)?(?:its\s+)?(?:ability|mana ability|abilities)"
    # (R5) "may I activate Mutavault's {T}: Add {C} ability?"
    r"|\s+(?:its\s+)?\{t\}\s*:?\s*add\s+(?P<add>(?:\{[wubrgc]\})+)(?:\s+ability)?)?",
    questions_only=True,
)
def tap(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    if m["verb"] == "tap":
        return _tap_question(draft, thing, None, f"can you tap {thing.entity.label}")
    if m["add"]:
        text = f"can you tap {thing.entity.label} for {m['add'].upper()}"
        return _tap_question(draft, thing, m["add"], text)
    if "mana ability" in m.group(0):  # "may they activate the Vizier's mana ability?" (R5)
        return _tap_question(
            draft, thing, "mana", f"can you activate {thing.entity.label} for mana"
        )
    return _ability_question(draft, thing, f"can you activate {thing.entity.label}")


@rule(
    "can I ping (with X)",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+)?(?:ping|shoot)(?:\s+(?:with\s+)?(?P<obj>{OBJ}))?"
    rf"|{_CAN}\s+(?P<obj2>{OBJ})\s+(?:still\s+)?(?:ping|shoot)\b"
    rf"|{_CAN}\s+{_ME}\s+(?:still\s+)?(?:sac|sacrifice)\s+(?P<sac>{OBJ})(?:\s+(?:right now|now))?"
    rf"(?:\s+(?:to|and)\s+(?:ping|shoot|deal|hit|kill)\b(?:\s+(?P<whose>the opposing\s+|the\s+"
    rf"|their\s+|opp'?s\s+|my\s+)?(?:(?P<target>{OBJ})|them|him|her|me|my opponent|opp"
    r"|their face)\b)?)?",
    questions_only=True,
)
def can_ping(m: re.Match[str], draft: Draft) -> str | None:
    if m["sac"]:  # (R7) "can I sac it to ping their Lions?": its sacrifice ability (602.2)
        thing = draft.thing(m["sac"], head=True)
        if thing is None:
            return None
        target = draft.thing(m["target"], head=False) if m["target"] else None
        if target is not None and target.controller is None:  # "the opposing Savannah Lions"
            mine = (m["whose"] or "").strip() == "my"
            draft.set_controller(target, "P1" if mine else "P2")
        return _ability_question(draft, thing, f"can you activate {thing.entity.label}")
    """(R7) "can I ping again in their end step?": the one {T} ability of the thing talked about
    (a pinger's "{T}: deals 1 damage"), asked like "can I activate it"."""
    token = m["obj"] or m["obj2"]
    thing = draft.thing(token, head=True) if token else draft.subject()
    if thing is None:
        return None
    return _ability_question(draft, thing, f"can you activate {thing.entity.label}")


@rule(
    "tap for mana? (alone)",
    rf"^\W*(?:and\s+|so\s+|then\s+|q:\s*)?(?:can (?:i|we)\s+)?(?:still\s+)?(?:(?:tap|use)\s+"
    rf"(?:it\s+|(?P<obj>{OBJ})\s+)?|(?P<obj2>{OBJ})\s+(?:still\s+)?taps?\s+)for\s+"
    rf"(?:(?:\d|one|two)\s+)?{_MANA}(?:\s+(?:now|yet|this turn|right now))?\s*\?\s*$",
    questions_only=True,
)
def tap_alone(m: re.Match[str], draft: Draft) -> str | None:
    """ "Llanowar Elves came in this turn. tap for mana?": the thing just talked about;
    "tap vizier for G?": the thing named."""
    token = m["obj"] or m["obj2"]  # (R5) "vizier tap for G?"
    thing = draft.thing(token, head=True) if token else draft.subject()
    label = thing.entity.label if thing else "it"
    return _tap_question(draft, thing, m["what"], f"can you tap {label} for {m['what']}")


_KEYWORD_ABILITIES = r"(?P<kw>embalm|eternalize)"  # activated from the graveyard (113.6)


@rule(
    "can I embalm X",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+)?{_KEYWORD_ABILITIES}\s+(?P<obj>{OBJ})",
    questions_only=True,
)
def keyword_ability(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    text = f"can you {m['kw']} {thing.entity.label}"
    return _ask(draft, "can_activate", "can", text, thing, ability=m["kw"])


@rule(
    "can I crew X with Y",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+)?crew\s+(?P<obj>{OBJ})(?:\s+(?:with|using|by tapping)\s+"
    rf"(?P<crew>{OBJS})|(?!\s+(?:with|using|by tapping)\b))"
    rf"|\b(?:can|could)\s+(?P<crew2>{OBJS})\s+(?:still\s+)?crew\s+(?P<obj2>{OBJ})",
    questions_only=True,
)
def can_crew(m: re.Match[str], draft: Draft) -> str | None:
    """Crew N: tap untapped creatures with total power N or more (702.122a); summoning-sick
    creatures can crew (302.6 restricts only their own {T} abilities)."""
    vehicle = draft.thing(m["obj"] or m["obj2"], head=True)
    if vehicle is None:
        return None
    crew = [t for t in map(draft.thing, placeholders(m["crew"] or m["crew2"] or "")) if t]
    fields: dict[str, object] = {"ability": "crew"}
    if crew:
        fields["pay_with"] = [t.id for t in crew]
    text = f"can you crew {vehicle.entity.label}" + (
        f" with {', '.join(t.entity.label for t in crew)}" if crew else ""
    )
    return _ask(draft, "can_activate", "can", text, vehicle, **fields)


@rule(
    "can X make blue",
    rf"\b(?:can|could|does|will|would)\s+(?P<obj>{OBJ})\s+(?:still\s+)?(?:make|produce|add|give"
    rf"(?: me)?|tap for|generate|create)\s+{_MANA}",
    questions_only=True,
)
def can_make(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    color = _color(m["what"])
    if color is None:  # "can X make mana?": yes only if it can make some
        return _ask(draft, "mana", "produces", f"can {thing.entity.label} make mana", thing)
    text = f"can {thing.entity.label} make {{{color}}}"
    ask = _ask(draft, "mana", "produces", text, thing)
    draft.questions[-1].color = color
    return ask


@rule(
    "what mana can X make",
    rf"\b(?:what|which)\s+(?:mana|colou?rs?(?: of mana)?|kinds? of mana|types? of mana)\s+(?:can"
    rf"|does|will|could|would)\s+(?P<obj>{OBJ})\s+(?:make|produce|add|tap for|give|generate)"
    rf"|\bwhat\s+(?:can|does|will)\s+(?P<obj2>{OBJ})\s+(?:tap for|make|produce)"
    # (R7) "what does tapping the Archdruid give me?"
    rf"|\bwhat\s+(?:does|will|would)\s+tapping\s+(?P<obj4>{OBJ})\s+(?:give|get|make|produce|add)"
    rf"|\b(?:what|which)\s+(?:mana|colou?rs?(?: of mana)?|kinds? of mana)\s+(?P<obj3>{OBJ})\s+"
    r"(?:can|could|will|does)\s+(?:make|produce|add|tap for|give|generate)"
    r"|\b(?:what|which)\s+(?:mana|colou?rs?(?: of mana)?)\s+(?:can|does|do|will|could)\s+"
    rf"(?P<objs>{OBJS})"
    r"\s+(?:make|produce|add|tap for|give|generate)"
    # (R5) "which mana they can give me?", "what color mana can my two lands make?": all of it
    r"|(?P<all>\b(?:what|which)\s+(?:colou?rs?\s+(?:of\s+)?)?(?:mana\s+)?(?:(?:they"
    r"|my\s+(?:two\s+|three\s+|both\s+)?lands|both of them|my lands|all my lands)\s+(?:can|could"
    r"|will)|(?:can|could|will|do|does)\s+(?:they|my\s+(?:two\s+|three\s+)?lands|both of them"
    r"|all my lands))\s+(?:make|produce|add|give(?: me)?|tap for|generate))",
    questions_only=True,
)
def what_mana(m: re.Match[str], draft: Draft) -> str | None:
    if m["all"]:
        return _ask(draft, "mana", "mana", "what mana can you make", player="P1")
    if m["objs"]:  # "what colour can my Pool and Orchard tap for": what the lands make together
        things = [t for t in map(draft.thing, placeholders(m["objs"])) if t]
        if len(things) > 1:
            return _ask(draft, "mana", "mana", "what mana can you make", player="P1")
    thing = draft.thing(m["obj"] or m["obj2"] or m["obj3"] or m["obj4"] or m["objs"], head=True)
    if thing is None:
        return None
    return _ask(draft, "mana", "mana", f"what mana can {thing.entity.label} make", thing)


@rule(
    "what mana can I make",
    r"\b(?:what|which)\s+(?:mana\s+|colou?rs?\s+(?:of mana\s+)?|kinds? of mana\s+)?"
    r"(?:can|could|do|will|would)"
    rf"\s+{_ME}\s+(?P<verb>make|produce|get|have|tap for|generate)"
    rf"(?:\s+(?:(?:from|with|off|using)\s+)?(?:(?:my|all|both)\s+)?(?P<objs>{OBJS}))?",
    questions_only=True,
    # (R7) "what do I get when Siege-Gang enters?" is no mana question: "get"/"have" ask for
    # mana only when mana, a colour or the sources are said
    accepts=lambda m, draft: (
        m["verb"] not in ("get", "have")
        or bool(m["objs"])
        or re.search(r"\b(?:mana|colou?rs?)\b", m.group(0)) is not None
    ),
)
def what_mana_me(m: re.Match[str], draft: Draft) -> str | None:
    things = [t for t in map(draft.thing, placeholders(m["objs"] or "")) if t]
    if len(things) == 1:
        return _ask(
            draft, "mana", "mana", f"what mana can {things[0].entity.label} make", things[0]
        )
    return _ask(draft, "mana", "mana", "what mana can you make", player="P1")


@rule(
    "how much mana do I have",
    rf"(?:\bhow much mana\s+(?:do|can|could|will|would)\s+{_ME}|\bwhat(?:'s|\s+is)\s+the\s+"
    rf"(?:max|maximum|most|total)\s+(?:amount of\s+)?mana\s+{_ME}\s+(?:can|could)"
    r"|^\W*(?:so\s+)?(?:total|max|maximum|how much)\s+mana(?=\s+(?:available|open|in total|total"
    r"|i can make|now)?\s*\??\s*$)|\bhow much mana\s+is\s+that"
    r"(?=\s+(?:total|in total|altogether|all together)))\s+(?:have|make|get|produce|generate"
    r"|end up with|end up having|total|in total|altogether|all together|available|open|now"
    r"|i can make|(?=\s*\??\s*$))"
    r"(?:\s+(?:available|open|up))?"
    rf"(?:\s+(?:with|from|off|using|out of)\s+(?:(?:my|all|both)\s+)?(?P<objs>{OBJS}))?"
    r"(?!\s+(?:from|with|off)\b)",
    questions_only=True,
)
def how_much_mana_me(m: re.Match[str], draft: Draft) -> str | None:
    """ "how much mana do I have (with 2 Forests and Sol Ring)": the things named are mine."""
    for thing in [t for t in map(draft.thing, placeholders(m["objs"] or "")) if t]:
        if thing.controller is None:
            draft.set_controller(thing, "P1")
    return _ask(draft, "mana", "amount", "how much mana can you make", player="P1")


@rule(
    "how much mana",
    rf"\bhow much (?:mana|green|blue|red|white|black|colorless)(?:\s+mana)?\s+(?:does|do|will|would"
    rf"|can|could)\s+(?:i\s+get\s+(?:from\s+)?(?:tapping\s+"
    rf"|activating\s+)?|tapping\s+|activating\s+)?(?P<obj>{OBJ})"
    r"(?:\s+(?:make|give|yield|produce|add|make me|give me|tap for|get me))?(?:\s+me)?"
    # (R7) "... when I tap it": the ability asked about
    r"(?:\s+(?:when|if)\s+(?:i|we)\s+(?:tap|activate|use)\s+(?:it|him|her|@\d+))?",
    questions_only=True,
)
def how_much_mana(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    text = f"how much mana does {thing.entity.label} make"
    return _ask(draft, "can_activate", "amount", text, thing, ability="mana")


@rule(
    "can X attack",
    rf"\b(?:can|could|is|will|may)\s+(?P<obj>{OBJ})\s+(?:still\s+)?(?:able to\s+)?(?:attack|swing)"
    rf"(?:\s+(?:this turn|yet|right away|immediately|at all))?"
    rf"|(?:{_CAN}\s+{_ME}|\bam i able to|\bare we able to)\s+(?:attack|swing)\s+(?:in\s+)?with\s+"
    rf"(?P<obj2>{OBJ})|(?P<obj3>{OBJ})\s+(?:can|could)\s+(?:still\s+)?(?:attack|swing)(?={_TAG})",
    questions_only=True,
)
def can_attack(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"] or m["obj2"] or m["obj3"], head=True)
    if thing is None:
        return None
    return _ask(draft, "can_attack", "can", f"can {thing.entity.label} attack", thing)


@rule(
    "can X block Y",
    rf"\b(?:can|could|is|will|may)\s+(?P<obj>{OBJ})\s+(?:still\s+)?(?:able to\s+)?(?:chump\s+)?"
    rf"block(?:\s+(?P<att>{OBJ}))?|{_CAN}\s+(?:i|we|they|he|she|opp\w*|my opponent)\s+"
    rf"(?:chump\s+)?block\s+(?:(?P<att2>{OBJ})\s+)?with\s+(?P<obj2>{OBJ})"
    rf"|{_CAN}\s+(?P<att4>{OBJ})\s+be\s+(?:chump\s+)?blocked\s+by\s+(?P<obj4>{OBJ})"
    rf"|(?P<obj3>{OBJ})\s+(?:can|could)\s+(?:still\s+)?block(?:\s+(?P<att3>{OBJ}))?(?={_TAG})",
    questions_only=True,
)
def can_block(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"] or m["obj2"] or m["obj3"] or m["obj4"], head=True)
    if thing is None:
        return None
    attacker_token = m["att"] or m["att2"] or m["att3"] or m["att4"]
    attacker = draft.thing(attacker_token, head=False) if attacker_token else None
    fields = {"attacker": attacker.id} if attacker else {}
    if attacker is not None:
        attacker.attacking = attacker.attacking or "?"
        draft.make_subject(thing)
    vs = f" {attacker.entity.label}" if attacker else ""
    return _ask(draft, "can_block", "can", f"can {thing.entity.label} block{vs}", thing, **fields)


@rule(
    "can X block both (not modelled)",
    rf"\b(?:can|could)\s+(?:{OBJ}|i|we)\s+(?:still\s+)?block\s+(?:both(?:\s+of\s+(?:them|@\d+))?"
    r"|all of (?:them|@\d+)|them both|each of (?:them|@\d+)|two (?:of them|attackers|creatures))\b",
    questions_only=True,
)
def block_several(m: re.Match[str], draft: Draft) -> str | None:
    """(R7) "can it block both?": one creature blocking several attackers (509.1a) is a question
    the engine's can_block doesn't ask; unread, so the message goes to retrieval."""
    return None


@rule(
    "can I block? (alone)",
    r"^\W*(?:so\s+|and\s+|then\s+)?(?:can|could|may)\s+(?:i|we)\s+(?:still\s+)?(?:chump\s+)?block"
    r"(?:\s+(?:it|them|that|this))?(?:\s+(?:at all|now|here))?\s*\??\s*$",
    questions_only=True,
)
def block_alone(m: re.Match[str], draft: Draft) -> str | None:
    """ "they attack with the Angel, can I block?": my one creature that isn't attacking, against
    the one attacker (509.1a); with more of either it is not read."""
    attackers = [t for t in draft.things.values() if t.attacking and t.controller != "P1"]
    mine = [
        t
        for t in draft.things.values()
        if t.controller == "P1" and not t.attacking and t.zone == "battlefield" and _creature(t)
    ]
    if len(attackers) != 1 or len(mine) != 1:
        return None
    blocker, attacker = mine[0], attackers[0]
    text = f"can {blocker.entity.label} block {attacker.entity.label}"
    return _ask(draft, "can_block", "can", text, blocker, attacker=attacker.id)


def _creature(thing: Thing) -> bool:
    if thing.entity.token is not None:
        return "Creature" in thing.entity.token.get("types", ["Creature"])
    return thing.entity.text is not None and "Creature" in thing.entity.text.type_line


_ATTRIBUTES: dict[str, Focus] = {
    "power and toughness": "power_toughness",
    "power/toughness": "power_toughness",
    "p/t": "power_toughness",
    "pt": "power_toughness",
    "stats": "power_toughness",
    "size": "power_toughness",
    "power": "power",
    "toughness": "toughness",
    "mana value": "mana_value",
    "converted mana cost": "mana_value",
    "cmc": "mana_value",
    "mv": "mana_value",
    "colors": "colors",
    "color": "colors",
    "colours": "colors",
    "colour": "colors",
    "types": "types",
    "type": "types",
    "type line": "types",
    "creature types": "types",
    "creature type": "types",
    "subtypes": "types",
    "name": "name",
}
_ATTR = "|".join(sorted(map(re.escape, _ATTRIBUTES), key=len, reverse=True))
_WHAT_IS = r"\bwhat(?:'s|\s+is|\s+are|\s+would be|\s+will be|\s+was|re)?"


_SAID = {
    "is_token": "is {} a token",
    "summoning_sick": "is {} summoning sick",
    "everything": "what is {}",
}


def _characteristics(draft: Draft, token: str | None, focus: Focus, said: str) -> str | None:
    thing = draft.things.get(token or "") or (draft.thing(token, head=True) if token else None)
    if thing is None:
        return None
    text = _SAID.get(focus, said + " of {}").format(thing.entity.label)
    return _ask(draft, "characteristics", focus, text, thing)


# a name after these words depends on another ("copying my Thalia", "enchanted with Rancor")
_DEPENDENT = re.compile(
    r"(?:of|copying|cloning|with|by|to|from|onto|on|at|targeting|enchanting|equipping)\s*$"
)


@rule(
    "what is X's power",
    rf"{_WHAT_IS}\s+(?:the\s+|each\s+)?(?P<obj>{OBJ})"
    rf"(?:\s+(?:now|then|currently|right now|at this point))?\s+(?P<what>{_ATTR})\b(?:[\s-]+wise)?"
    r"(?:\s+(?:once|when|after)\s+(?:@\d+\s+|it\s+)?(?:is\s+|'s\s+)?(?:in|out|on the battlefield"
    r"|resolves|resolved|enters|entered))?"
    rf"|{_WHAT_IS}\s+(?:the\s+)?(?P<what2>{_ATTR})\s+(?:of|for|on)\s+(?:each\s+)?(?P<obj2>{OBJ})"
    rf"|\bwhat\s+(?:would|will)\s+(?P<obj4>{OBJ})\s+(?P<what4>{_ATTR})\s+be\b"
    rf"|^\W*(?:and\s+|so\s+)?{_WHAT_IS}\s+(?:the|its)\s+(?P<what6>p/t|power|toughness|stats"
    r"|power and toughness|mana value|cmc)\s*(?:now|then)?\s*\??\s*$"
    rf"|^\W*(?:and\s+|so\s+)?(?P<obj5>{OBJ})\s+(?P<what5>p/t|power|toughness|stats|size"
    r"|power and toughness|mana value|cmc)\s*(?:now|then)?\s*\?\s*$"
    rf"|^\W*(?:and\s+|so\s+)?(?:(?:the|its|their|his|her)\s+)?(?P<what3>p/t|power|toughness|stats"
    r"|power and toughness|size|mana value|cmc)\s*(?:now|then)?\s*\??\s*$"
    # (R5) "spark double copying my thalia — p/t?": asked after a dash or colon, of the head
    r"|(?P<dash>[—–:]|\s-)\s*(?:(?:the|its|their|his|her)\s+)?(?P<what7>p/t|power|toughness|stats"
    r"|power and toughness|size|mana value|cmc)\s*(?:now|then)?\s*\?\s*$"
    # "which mana value he has now?", "how much is its power and toughness?"
    rf"|\b(?:what|which)\s+(?P<what8>{_ATTR})\s+(?:does\s+|do\s+)?(?P<obj8>{OBJ})\s+(?:has|have)\b"
    rf"(?:\s+(?:now|then))?|\bhow much (?:is|are)\s+(?P<obj9>{OBJ})\s+(?:for\s+|in\s+)?"
    rf"(?P<what9>{_ATTR})\b"
    # "Power and toughness of the Mutavault?"
    rf"|^\W*(?:so\s+|and\s+)?(?:the\s+)?(?P<what10>{_ATTR})\s+(?:of|for)\s+(?P<obj10>{OBJ})"
    r"(?:\s+(?:now|then))?\s*\?\s*$",
    questions_only=True,
)
def attribute(m: re.Match[str], draft: Draft) -> str | None:
    what = (m["what"] or m["what2"] or m["what3"] or m["what4"] or m["what5"] or m["what6"]) or (
        m["what7"] or m["what8"] or m["what9"] or m["what10"]
    )
    token = m["obj"] or m["obj2"] or m["obj4"] or m["obj5"] or m["obj8"] or m["obj9"] or m["obj10"]
    if m["dash"]:  # the thing the phrase before the dash is about, not what it copies
        before = m.string[: m.start()]
        heads = [
            p.group(0)
            for p in re.finditer(r"@\d+", before)
            if not _DEPENDENT.search(before[: p.start()])
        ]
        token = heads[-1] if heads else None
        occurrences = [o for o in map(draft.occurrence, heads) if o is not None]
        if len({o.entity for o in occurrences}) > 1:
            said = draft.thing(token, head=True) if token else None
            draft.doubt("guessed_pronoun", f"'p/t?' as {said.entity.label if said else 'it'}")
    if token is None:  # "Rancor on my Elves. p/t?": the thing just talked about
        thing = draft.subject()
        creatures = [t for t in draft.things.values() if _creature(t)]
        if thing is not None and not _creature(thing) and len(creatures) == 1:
            # (R7) "kird ape with a forest on my side. p/t?": only a creature has a P/T (208.1)
            draft.doubt("guessed_pronoun", f"'p/t?' as {creatures[0].entity.label}")
            thing = creatures[0]
        return _characteristics(draft, thing.id, _ATTRIBUTES[what], what) if thing else None
    return _characteristics(draft, token, _ATTRIBUTES[what], what)


@rule(
    "how big is X",
    rf"\bhow\s+(?:big|large|strong|much power)\s+(?:is|are|does|will|would)\s+(?P<obj>{OBJ})"
    r"(?:\s+(?:be|get|become|end up))?(?:\s+(?:now|then|after that|after this))?"
    rf"|\bwhat\s+(?:size|p/t|power and toughness|stats)\s+(?:is|are|does|will|would)\s+"
    rf"(?P<obj2>{OBJ})(?:\s+(?:have|be|get))?"
    rf"|\bwhat(?:'s|\s+is|\s+are)\s+(?P<obj3>{OBJ})\s+at\b(?:\s+(?:now|then))?"
    # (R7) "what p/t are the two soldiers?", "what power and toughness is the token"
    rf"|\bwhat\s+(?:size|p/t|power and toughness|power/toughness|stats)\s+(?:is|are|will|would)\s+"
    rf"(?:both\s+|each\s+(?:of\s+)?)?(?P<obj4>{OBJ})(?:\s+(?:have|be|get))?",
    questions_only=True,
)
def how_big(m: re.Match[str], draft: Draft) -> str | None:
    token = m["obj"] or m["obj2"] or m["obj3"] or m["obj4"]
    return _characteristics(draft, token, "power_toughness", "power and toughness")


@rule(
    "what color is X",
    rf"\b(?:what|which)\s+(?:card\s+|creature\s+)?(?P<what>colou?rs?|types?|kind of (?:card"
    r"|creature|permanent)|mana value|cmc|mv|name)(?:\s+or\s+(?:colou?rs|types))?"
    rf"\s+(?:is|are|does|do)\s+(?P<obj>{OBJ})"
    r"(?:\s+(?:have|has|get|end up with|count as|have now|show as|register as))?",
    questions_only=True,
)
def what_color(m: re.Match[str], draft: Draft) -> str | None:
    what = m["what"]
    focus: Focus = _ATTRIBUTES.get(what, "types")
    return _characteristics(draft, m["obj"], focus, what)


@rule(
    "is X a token",
    rf"\bis\s+(?P<obj>{OBJ})\s+(?:still\s+)?(?:a|an)\s+token\b",
    questions_only=True,
)
def is_token(m: re.Match[str], draft: Draft) -> str | None:
    return _characteristics(draft, m["obj"], "is_token", "is it a token")


_TYPE_WORDS = frozenset(
    {t.lower() for t in CREATURE_TYPES}
    | set("creature land artifact enchantment planeswalker legendary basic snow".split())
)


@rule(
    "is X a Zombie Elf",
    rf"\b(?:is|are)\s+(?P<obj>{OBJ})\s+(?:still\s+|now\s+|really\s+)?(?:(?:a|an)\s+"
    r"(?P<what>[a-z]+(?:[\s-][a-z]+){0,2}?)|(?P<adj>legendary|snow|basic))(?:\s+(?:now|still|too|then))?"
    r"(?=\s*(?:[?,.]|$|or\b))",
    questions_only=True,
    accepts=lambda m, draft: all(
        w in _TYPE_WORDS for w in re.split(r"[\s-]", m["what"] or m["adj"])
    ),
)
def is_type(m: re.Match[str], draft: Draft) -> str | None:
    """ "is the Vizier a Zombie Elf now?": its types, asked Yes/No (205.3)."""
    what = m["what"] or m["adj"]  # (R7) "is the Double legendary?"
    said = _characteristics(
        draft, m["obj"], "types", f"is it {'a ' if m['what'] else ''}{what}, type"
    )
    if said is not None:
        draft.questions[-1].color = what
    return said


_COLOR_WORDS = r"white|blue|black|red|green|colorless|colourless"


@rule(
    "is X blue",
    rf"\b(?:is|are)\s+(?P<obj>{OBJ})\s+(?:still\s+|now\s+|really\s+)?(?P<what>{_COLOR_WORDS})"
    r"(?:\s+(?:now|still|too|then|anymore))?(?=\s*(?:[?,.]|$|or\b))",
    questions_only=True,
)
def is_color(m: re.Match[str], draft: Draft) -> str | None:
    """(R5) "is the token blue?": its colors, asked Yes/No (105.2)."""
    what = m["what"].replace("colour", "color")
    said = _characteristics(draft, m["obj"], "colors", f"is it {what}, color")
    if said is not None:
        draft.questions[-1].color = what
    return said


@rule(
    "is X summoning sick",
    rf"\b(?:is|are)\s+(?P<obj>{OBJ})\s+(?:still\s+)?summoning[- ]sick"
    rf"|\b(?:does|do)\s+(?P<obj2>{OBJ})\s+(?:still\s+)?have\s+summoning[- ]sickness",
    questions_only=True,
)
def is_sick(m: re.Match[str], draft: Draft) -> str | None:
    return _characteristics(draft, m["obj"] or m["obj2"], "summoning_sick", "summoning sickness")


@rule(
    "what is X",
    rf"{_WHAT_IS}\s+(?P<obj>{OBJ})(?:\s+(?:now|on the battlefield|then|exactly|look like|become"
    r"|count as|when it enters|after it enters))*\s*(?=$|[?,.;])"
    rf"|\bwhat\s+(?:does|did)\s+(?P<obj2>{OBJ})\s+(?:look like|become|turn into|end up as)"
    rf"|\bwhat\s+(?:would|will)\s+(?P<obj3>{OBJ})\s+be\b(?:\s+(?:now|then))?\s*(?=$|[?,.;])",
    questions_only=True,
)
def what_is(m: re.Match[str], draft: Draft) -> str | None:
    return _characteristics(draft, m["obj"] or m["obj2"] or m["obj3"], "everything", "what is it")


@rule(
    "does X have flying",
    rf"\b(?:does|do)\s+(?P<obj>{OBJ})\s+(?:still\s+)?have\s+(?P<kw>flying|haste|trample|lifelink"
    r"|deathtouch|vigilance|reach|menace|defender|first strike|double strike|indestructible"
    r"|any abilities|abilities)",
    questions_only=True,
)
def has_keyword(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    ask = _ask(
        draft, "characteristics", "keyword", f"does {thing.entity.label} have {m['kw']}", thing
    )
    draft.questions[-1].color = m["kw"]  # the keyword asked about
    return ask


@rule(
    "how much damage",
    # (R7) "how much damage is opp taking"
    r"\bhow much (?:combat |trample )?damage\s+(?:is|are)\s+(?:opp\w*|my opponent|they|he|she|p2"
    r"|i|we)\s+(?:taking|getting|going to take|gonna take)\b"
    # (R5) "how much damage can I push through (to them)"
    r"|\bhow much (?:damage\s+)?(?:can|could)\s+(?:i|we|it|@\d+)\s+(?:push|get|put|send|trample)"
    r"(?:\s+(?:through|over|in))?(?:\s+to\s+(?:my opponent|opp\w*|the opponent|their face|@\d+))?"
    r"|\bhow much (?:combat |trample |trampling |excess )?damage(?:\s+(?:does|do|will|would|can|is)"
    r"\s+(?:p[12]|i|we|they|he|she"
    r"|my opponent|the opponent|opp|it|@\d+)\s+(?:take|deal|get|do|hit for|dealt|assign)"
    r"|\s+(?:goes|gets|will go|would go|tramples|carries|comes) (?:through|in|over)"
    r"(?:\s+to\s+(?:p2|opp|my opponent|the opponent|them|him|her|their face|the player|@\d+))?"
    r"|\s+(?:is dealt|gets dealt))?\b"
    r"|\bwho (?:takes|gets|is dealt|deals|loses)\b(?:\s+(?:how much\s+)?(?:combat\s+)?damage)?"
    r"|\bhow much (?:damage\s+)?(?:tramples|goes|gets|carries|will go) (?:over|through)\b"
    r"(?:\s+to\s+(?:p2|opp|my opponent|the opponent|them|him|her|their face|the player|@\d+))?"
    r"|\bwhat(?:'s| is| will be| would be)\s+(?:opp\w*|my opponent'?s?|the opponent'?s?|their"
    r"|his|her|p2'?s?|my|p1'?s?)\s+life(?:\s+total)?(?:\s+(?:after|at|now|then|be))?"
    r"(?:\s+(?:combat damage|combat|damage|the attack|that))?"
    r"|\bwhat (?:are|is|will be|would be) (?:the |both |our |both our |each player's |everyone's"
    r" |their |both of our )*life(?: totals?)?"
    r"(?:\s+(?:after|from|in|during)\s+(?:the\s+)?"
    r"(?:combat damage|combat|damage))?\b|\bhow much life\b(?:\s+(?:do|does|will|would|did)\s+"
    r"(?:i|we|they|he|she|opp\w*|my opponent|the opponent|p[12]|@\d+)\s+(?:lose|gain|have left"
    r"|have|be at|end up (?:at|with)|go (?:down )?to)(?:\s+left)?)?"
    # (R5) "total damage to the opponent?", "how much damage in total"
    r"|\btotal (?:combat |trample )?damage\b(?:\s+(?:to|dealt to|on|at)\s+(?:p2|opp\w*|my opponent"
    r"|the opponent|them|him|her|their face|the player|@\d+))?"
    # (R5) "life after?", "their life total now?": asked alone
    r"|^\W*(?:so\s+|and\s+)?(?:(?:their|opp'?s?|my|your|the)\s+)?life(?:\s+totals?)?(?:\s+(?:after"
    r"|then|now|after combat|after damage))?\s*\?\s*$"
    r"|\bwhat happens in combat\b|\bwhat happens (?:with|on|after|when|if) (?:the )?(?:combat )?"
    r"damage\b|\bhow (?:does|is) (?:the )?(?:combat )?damage (?:work|go|dealt|assigned)"
    r"|\bdoes\s+(?:my\s+|the\s+)?(?:opponent|opp|p2|he|she|they)\s+take\b(?:\s+(?P<n>\d+))?"
    r"(?:\s+damage)?"
    # (R7) "the most damage that tramples over to them", "how much damage is opp taking"
    r"|\b(?:what(?:'s| is) the\s+)?most damage\s+(?:that\s+)?(?:tramples|goes|gets|can go|will go)"
    r"\s+(?:over|through)(?:\s+to\s+(?:them|him|her|opp\w*|my opponent|@\d+))?"
    r"|\b(?:what(?:'s| is) the\s+)?most damage\b(?:\s+(?:i|we|it|@\d+)\s+(?:can|could)\s+"
    r"(?:push|get|put|deal|do|send)"
    r"(?:\s+(?:through|over|in))?(?:\s+to\s+(?:them|him|her|opp\w*|my opponent|@\d+))?)?"
    r"|\bhow much (?:can|does|will) (?:it|i) (?:deal|hit for|trample over)"
    r"(?:\s+(?:after|from|in|during)\s+(?:the\s+)?(?:combat damage|combat|damage|the fight))?"
    # "how much do I take", "how much does the Dreadmaw deal", "what's the damage"
    r"|\bhow much\s+(?:damage\s+)?(?:do|does|will|would|did|can)\s+(?:i|we|they|he|she|opp\w*"
    r"|my opponent|the opponent|p[12]|@\d+)\s+(?:take|lose|get hit for|deal|do"
    r"|hit (?:me |them )?for|assign|trample over|trample for)\b"
    r"|\bwhat(?:'s| is| will be| would be| was)\s+the\s+(?:combat\s+|total\s+)?damage\b"
    r"(?:\s+(?:here|then|now|like))?"
    # "does the damage go through?": a yes/no about the defending player (510.1)
    r"|(?P<through>\b(?:does|will|would|do)\s+(?:the\s+|any\s+)?(?:combat\s+|trample\s+)?"
    r"(?:damage|anything|any of it|it|@\d+)\s+(?:still\s+)?(?:go|get|carry|trample|come)\s+"
    r"(?:through|over|in))",
    questions_only=True,
)
def combat(m: re.Match[str], draft: Draft) -> str | None:
    if m["through"]:
        ask = _ask(draft, "combat_damage", "combat_check", "does damage go through to the player")
        draft.questions[-1].color = THROUGH
        return ask
    if m["n"]:  # "does my opponent take 2?": a yes/no question
        ask = _ask(draft, "combat_damage", "combat_check", f"does your opponent take {m['n']}")
        draft.questions[-1].color = m["n"]
        return ask
    ask = _ask(draft, "combat_damage", "combat", "combat damage")
    draft.questions[-1].color = _life_asked(m.group(0))
    return ask


# which player's life the combat question is about, said first in the answer
LIFE_GAINED, LIFE_LOST, LIFE_TOTAL = "gain", "loss", "life"
_OPP_WORDS = r"\b(?:they|them|their|he|him|his|she|her|opp\w*|opponent'?s?|p2'?s?|the player)\b"


def _life_asked(said: str) -> str | None:
    """ "how much life do I gain" -> "gain:P1"; "how much do they take" -> "loss:P2"; "what's my
    life total" -> "life:P1"; "how much damage goes through" -> "loss:" (the defending player)."""
    who = (
        "P2"
        if re.search(_OPP_WORDS, said)
        else "P1"
        if re.search(r"\b(?:i|me|my|we)\b", said)
        else ""
    )
    if re.search(r"\bgain", said):
        return f"{LIFE_GAINED}:{who or 'P1'}"
    if re.search(r"\b(?:through|over|push|tramples?|deal|hit)\b", said):
        return f"{LIFE_LOST}:"  # what gets through reaches the defending player (510.1)
    if re.search(r"life total|\blife\b(?!\s+(?:do|does|will|would)\b.*\b(?:lose|gain)\b)", said):
        if re.search(r"\blose\b", said):
            return f"{LIFE_LOST}:{who}"
        return f"{LIFE_TOTAL}:{who}"  # no one said: the defending player's
    if re.search(r"\b(?:take|lose|through|over|push|tramples?)\b", said):
        return f"{LIFE_LOST}:{who}"
    if re.search(r"\bdamage\b.*\b(?:to|dealt to|on|at)\b", said):  # "total damage to opp"
        return f"{LIFE_LOST}:{who}"
    return None


@rule(
    "what dies",
    r"(?:\bwhat (?:dies|survives|lives|is left|goes to the graveyard)\b"
    r"|\bwho (?:dies|survives|lives|makes it|wins)\b|\bwhat(?:'s| is) left\b"
    r"|\bwhich\s+(?:one|creature|creatures|of them|of\s+@\d+)s?\s+(?:dies|die|survives?|lives?"
    r"|makes it|is left)\b"
    r"|\b(?:does|do|will|would)\s+(?:anything|anyone|either(?: one)?|any(?: of them| creature)?)\s+"
    r"(?:die|survive)\b"
    # "do they trade?", "do both die?": what dies in the combat
    r"|\b(?:do|will|would|did)\s+(?:both(?: of them)?|they|the two)\s+(?:both\s+)?"
    r"(?:die|trade)\b(?!\s+with)"
    # (R7) "do the bears die?" is about the Bears ("does X die"); "do they trade?" is not
    r"|\b(?:do|will|would|did)\s+@\d+\s+(?:both\s+die|trade)\b(?!\s+with)"
    # (R7) "who is still alive after combat?", "what's still standing", "who's left"
    r"|\b(?:who|what|which (?:ones?|creatures?))(?:'s|\s+is|\s+are)\s+(?:still\s+)?(?:alive"
    r"|standing|left standing|left alive|on the battlefield)\b"
    r"|\b(?:who|what)(?:'s|\s+is)\s+left\b)"
    # (R7) "... after combat damage", "... from the fight": the one combat the board has
    r"(?:\s+(?:after|from|in|during|at the end of)\s+(?:the\s+|all\s+)?(?:combat damage|combat"
    r"|damage|the fight|the attack|first strike damage|that|this|blocks?))?",
    questions_only=True,
)
def what_dies(m: re.Match[str], draft: Draft) -> str | None:
    return _ask(draft, "combat_damage", "dies", "what dies")


@rule(
    "does X die",
    rf"\b(?:does|do|will|would|did)\s+(?P<obj>{OBJ})\s+(?:still\s+)?(?:die|survive|live|stay|go to"
    rf" the graveyard|make it|be dead|be alive|be destroyed)(?:\s+(?:blocking|if it blocks|when it"
    rf" blocks|if (?:i|we) block with it)\s+(?P<att>{OBJ}))?"
    # (R5) "does the Knight survive combat damage?", "does my Angel survive this?"
    r"(?:\s+(?:the\s+)?(?:combat damage|combat|first strike damage|damage|this|that|the fight"
    r"|the block|the attack|on the battlefield))?"
    rf"|\b(?:is|are)\s+(?P<obj2>{OBJ})\s+(?:still\s+)?(?:dead|alive|destroyed|gone|still there"
    r"|(?:going to|gonna) (?:die|survive|live|make it))"
    # (R7) "what happens to the Myr after damage?", "what happens to my bears in combat"
    rf"|\bwhat\s+happens\s+to\s+(?P<fate>{OBJ})\s+(?:after|in|during|from|with)\s+(?:the\s+)?"
    r"(?:combat damage|combat|damage|the fight|the block|first strike damage)\b"
    rf"|^\W*(?:so\s+)?(?P<obj3>{OBJ})\s+(?:dies|survives|lives|makes it|is dead)(?:\s+then)?"
    rf"(?={_TAG})"
    r"|^\W*(?:so\s+|and\s+)?(?:does it\s+)?(?:dies|die|dead|survives?|lives?|still alive)\s*"
    r"(?:or not)?\s*\?\s*$",
    questions_only=True,
)
def does_die(m: re.Match[str], draft: Draft) -> str | None:
    token = m["obj"] or m["obj2"] or m["obj3"] or m["fate"]
    thing = draft.thing(token, head=True) if token else draft.subject()
    if thing is None:
        return None
    if m["fate"]:  # (R7) whether it dies or survives, said without a Yes/No
        return _ask(draft, "combat_damage", "fate", f"what happens to {thing.entity.label}", thing)
    attacker = draft.thing(m["att"], head=False) if m["att"] else None
    if attacker is not None:  # "will the Wall survive blocking it?": the block it supposes
        state.block(draft, thing, attacker)
    if re.search(r"survive|live|stay|alive|make it|still there", m.group(0)):
        text = f"does {thing.entity.label} survive"
        return _ask(draft, "combat_damage", "survives", text, thing)
    return _ask(draft, "combat_damage", "dies", f"does {thing.entity.label} die", thing)


@rule(
    "can Fatal Push kill X",
    rf"\b(?:can|could|does|do|will|would)\s+(?P<spell>{OBJ})\s+(?:still\s+)?(?:kill|destroy"
    rf"|deal with|take out|take care of)\s+(?P<obj>{OBJ})"
    rf"|\b(?:does|do|will|would|can|could)\s+(?P<obj2>{OBJ})\s+(?:still\s+)?survive\s+(?:a\s+|an\s+"
    rf"|the\s+|their\s+|your\s+)?(?P<spell2>{OBJ})",
    questions_only=True,
    accepts=lambda m, draft: names_a(
        "spell" if m["spell"] else "spell2", r"\b(?:Instant|Sorcery)\b"
    )(m, draft),
)
def spell_kills(m: re.Match[str], draft: Draft) -> str | None:
    """ "can Fatal Push kill their Goyf?", "would my Bears survive a Shock?": the spell cast at
    it, and whether it dies (608.2)."""
    target = draft.thing(m["obj"] or m["obj2"], head=True)
    spell = m["spell"] or m["spell2"]
    caster: Player = (
        "P2" if target is not None and target.controller == "P1" and m["obj2"] else "P1"
    )
    if target is None or choices.spell_on_target(draft, spell, target, caster) is None:
        return None
    if m["obj2"]:
        return _ask(
            draft, "combat_damage", "survives", f"does {target.entity.label} survive", target
        )
    return _ask(draft, "combat_damage", "dies", f"does {target.entity.label} die", target)


@rule(
    "can I Doom Blade X",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+)?(?:cast\s+)?(?P<spell>{OBJ})\s+(?:on\s+|at\s+|targeting\s+)?"
    rf"(?:the\s+)?(?P<obj>{OBJ})",
    questions_only=True,
    accepts=names_a("spell", r"\b(?:Instant|Sorcery)\b"),
)
def can_cast_at(m: re.Match[str], draft: Draft) -> str | None:
    """ "can I Doom Blade their Nighthawk?": whether it is a legal target (601.2c), the engine
    resolving the spell on the board."""
    target = draft.thing(m["obj"], head=True)
    if target is None or choices.spell_on_target(draft, m["spell"], target, "P1") is None:
        return None
    return _ask(draft, "after_sba", "can", f"can you target {target.entity.label}", target)


@rule(
    "is X a 2/3",
    rf"\b(?:is|are)\s+(?P<obj>{OBJ})\s+(?:still\s+|now\s+|really\s+)?(?:a\s+)?(?P<p>\d{{1,2}})/"
    r"(?P<t>\d{1,2})(?:\s+(?:right|now|then|or not))?"
    rf"|(?P<obj2>{OBJ})\s+(?:is|are)\s+(?:still\s+|now\s+|really\s+)?(?:a\s+)?(?P<p2>\d{{1,2}})/"
    r"(?P<t2>\d{1,2})\s+(?:right|correct|yes|then)\b",
    questions_only=True,
)
def is_pt(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"] or m["obj2"], head=True)
    if thing is None:
        return None
    pt = f"{m['p'] or m['p2']}/{m['t'] or m['t2']}"
    ask = _ask(draft, "characteristics", "pt_check", f"is {thing.entity.label} {pt}", thing)
    draft.questions[-1].color = pt
    return ask


@rule(
    "what tokens do I get",
    rf"\bwhat\s+(?:tokens?|do i get)\s+(?:do|does|will|would|can|from)?\s*(?:i|we|(?P<obj>{OBJ}))?"
    rf"\s*(?:get|make|create|produce|give me)?(?:\s+from\s+(?P<obj3>{OBJ}))?"
    rf"|\bhow many\s+(?:[a-z]+\s+)?tokens?\b(?:\s+(?:do|does|will|would)\s+(?:i|we|(?P<obj2>{OBJ})"
    r"|(?:the|its|his|her)\s+(?:enters|etb|enter the battlefield|dies|death|attack)\s+trigger)"
    r"(?:\s+(?:get|make|create|give me|give|make me|produce))?)?"
    r"|\bhow many\s+(?!cards?\b|counters?\b|lands?\b|creatures?\b|damage\b|mana\b|life\b"
    r"|turns?\b|times?\b|blockers?\b|attackers?\b)[a-z]+s\s+(?:do|will|would|can)\s+(?:i|we)"
    r"\s+(?:get|make|create)\b"
    # (R7) "how many goblins does he make", "how many zombies will Grave Titan give me"
    r"|\bhow many\s+(?!cards?\b|counters?\b|lands?\b|damage\b|mana\b|life\b|turns?\b|times?\b)"
    rf"[a-z]+s\s+(?:does|do|will|would|can)\s+(?P<obj4>{OBJ})\s+(?:make|create|give|produce"
    r"|spit out|churn out)\b(?:\s+me)?"
    # (R7) "what tokens do I get from it entering", "what do I get when it comes in"
    rf"|\bwhat\s+tokens?\s+do\s+(?:i|we)\s+get\s+(?:from|off|out of)\s+(?P<obj5>{OBJ})"
    r"(?:\s+(?:entering|coming in|dying|attacking|resolving))?"
    r"|\bhow many\s+(?!cards?\b|counters?\b|lands?\b|creatures?\b|damage\b|mana\b|life\b"
    r"|turns?\b|times?\b|blockers?\b|attackers?\b|spells?\b|players?\b)[a-z]+s\s*(?:now|then)?"
    r"\s*\??\s*$",
    questions_only=True,
)
def tokens(m: re.Match[str], draft: Draft) -> str | None:
    token = m["obj"] or m["obj2"] or m["obj3"] or m["obj4"] or m["obj5"]
    thing = draft.thing(token, head=True) if token else draft.things.get(draft.token_source or "")
    return _ask(draft, "tokens", "tokens", "what tokens", thing, ability="create")


@rule(
    "what happens",
    rf"\bwhat happens(?:\s+to\s+{OBJ})?\s+(?:after|with|once|when)\s+(?:the\s+)?"
    r"(?:state[- ]based actions|sbas?)"
    r"(?:\s+(?:are|get|have been)\s+(?:checked|applied|performed|done))?"
    # (R5) "after state-based actions, what happens to my Lions?"
    r"|(?:^|(?<=[,.]\s))\W*(?:after|once|when)\s+(?:the\s+)?(?:state[- ]based actions|sbas?)"
    r"(?:\s+(?:are|have been|get)\s+(?:checked|applied|performed|done))?\s*,?\s*what happens"
    rf"(?:\s+to\s+{OBJ})?"
    rf"|\bwhat happens\s+(?:when|as|once|after|if)\s+(?P<obj>{OBJ})\s+(?:enters|comes in|resolves"
    r"|enters the battlefield|lands|hits the battlefield|entered|came in|resolved|is in|'s in"
    r"|is on the battlefield|gets in)"
    r"|\bwhich (?:one )?(?:do i keep|stays|do i get to keep)"
    r"|\bdo (?:i|we) (?:keep|get to keep) both"
    r"|\bwhat do state[- ]based actions do|(?P<bare>\bwhat happens(?:\s+(?:now|here|then|next"
    r"|after that|to\s+(?:it|them|both|either|@\d+)))?\s*(?=$|[?.!]))"
    # "what happens if I bolt it": the event is read by its own grammar (a spell, an attack);
    # anything of it not read sends the message to retrieval (reader._finish)
    r"|(?P<cond>\bwhat happens(?:\s+to\s+@\d+)?\s+(?:if|when|once)(?=\s+(?:i|we)\s))"
    r"|(?P<legend>\bdoes (?:the )?legend rule (?:apply|happen|kick in|(?:make|force) (?:me|us)"
    r"(?: to)? (?:get rid of|sacrifice|lose|choose|pick|keep|ditch|bin) one|mean i (?:have to|must)"
    r" (?:get rid of|sacrifice|lose|choose) one)"
    r"|\bdo (?:i|we) (?:have to )?(?:sacrifice|lose) one)",
    questions_only=True,
)
def what_happens(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True) if m["obj"] else None
    if thing is not None and not thing.copies:
        return None  # "what happens when X enters": its triggers resolving, not modelled
    if thing is not None and re.search(r"enters|comes in|resolves|lands|hits", m.group(0)):
        thing.entering = True
        draft.set_this_turn(thing, True)
    text = f"what happens when {thing.entity.label} enters" if thing else "what happens"
    if m["bare"] or m["cond"]:  # "what happens?": combat damage with attackers, else SBAs
        return _ask(draft, "combat_damage", "after_sba", OPEN_WHAT_HAPPENS)
    if m["legend"]:
        draft.questions.append(
            Question("after_sba", "legend_rule", {}, "does the legend rule apply")
        )
        return "asked: does the legend rule apply"
    draft.questions.append(Question("after_sba", "after_sba", {}, text))
    return f"asked: {text}"


_SBA = r"(?:the\s+)?(?:state[- ]based actions|sbas?)(?:\s+(?:are\s+)?(?:checked|applied|done))?"


@rule(
    "how many counters are left",
    rf"(?:\b(?:after|once)\s+{_SBA}\s*,?\s*)?\bhow many\s+(?P<kind>\+1/\+1|-1/-1|loyalty)?\s*"
    rf"counters?\s+(?:(?:are|is|will be|would be)\s+)?(?:left|remain\w*|still there)\b"
    rf"(?:\s+on\s+(?P<obj>{OBJ}))?(?:\s+(?:after|once)\s+{_SBA})?"
    rf"|\bhow many\s+(?P<kind2>\+1/\+1|-1/-1|loyalty)?\s*counters?\s+(?:does|do|will|would)\s+"
    rf"(?P<obj2>{OBJ})\s+(?:still\s+)?(?:have|end up with|keep)\b(?:\s+(?:after|once)\s+{_SBA})?",
    questions_only=True,
)
def counters_left(m: re.Match[str], draft: Draft) -> str | None:
    """(R5) "after state-based actions, how many +1/+1 counters are left?": the counters on it
    once they are performed (704.5q removes +1/+1 and -1/-1 pairs)."""
    token = m["obj"] or m["obj2"]
    thing = draft.thing(token, head=True) if token else draft.subject()
    if thing is None:
        return None
    kind = m["kind"] or m["kind2"] or ""
    text = f"how many {kind + ' ' if kind else ''}counters {thing.entity.label} has after SBAs"
    ask = _ask(draft, "after_sba", "counters_left", text, thing)
    draft.questions[-1].color = kind
    return ask


@rule(
    "when it dies (a token question's condition)",
    rf"\b(?:when|if|once|after|as soon as)\s+(?:(?P<obj>{OBJ})\s+(?:dies|died|is destroyed"
    r"|gets destroyed|goes to the graveyard|is put into the graveyard)\b"
    rf"|(?:i|we)\s+(?:tap|activate|use|untap and tap)\s+(?P<obj2>{OBJ}))",
)
def when_it_dies(m: re.Match[str], draft: Draft) -> str | None:
    """ "how many Thopters do I get when it dies": the dies trigger the tokens question
    resolves (603.6c, 700.4); with any other question the condition is not read."""
    thing = draft.thing(m["obj"] or m["obj2"], head=False)
    if thing is None:
        return None
    draft.dies_condition = m.group(0)
    draft.token_source = thing.id
    return f"if {thing.entity.label} {'dies' if m['obj'] else 'is activated'}"


RULES = [
    can_ping,
    can_crew,
    tap_to_pay,
    tap_for,
    tap_alone,
    keyword_ability,
    tap,
    it_taps,
    can_make,
    what_mana,
    what_mana_me,
    how_much_mana_me,
    how_much_mana,
    can_attack,
    block_several,
    can_block,
    block_alone,
    spell_kills,
    can_cast_at,
    is_pt,
    attribute,
    how_big,
    what_color,
    is_token,
    is_type,
    is_color,
    is_sick,
    has_keyword,
    combat,
    what_dies,
    does_die,
    tokens,
    counters_left,
    what_happens,
    what_is,
    when_it_dies,
]
