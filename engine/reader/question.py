"""The question: can I tap / activate / attack with / block with; power, toughness, mana
value, color, type; what mana can it make; combat damage and what dies; tokens; after SBAs.

Each rule adds one ``Question``; two in one message is a doubt (ask one at a time)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.oracle.creature_types import CREATURE_TYPES
from engine.reader import choices, state
from engine.reader.draft import Draft, Question, Thing
from engine.reader.patterns import OBJ, OBJS, names_a, placeholders, rule
from engine.reader.vocabulary import (
    MANA_LETTERS,
    MAX_LOOSE_WORDS,
    Doubt,
    Focus,
    Player,
    QuestionKind,
)

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
    """ "Can I activate X?": the card's one activated ability; several is a question back. A
    copy has the abilities of what it copies (707.2)."""
    card = _copied(draft, thing).entity.text
    oracle = card.oracle_text if card else ""
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


def _its_own_ability(token: str, thing: Thing, draft: Draft) -> bool:
    """ "for the Overseer ability" said of a copy of Steel Overseer: the name is the thing's own
    or what it copies (an ambiguous short name between the two means the same ability)."""
    said = draft.occurrence(token)
    source = _copied(draft, thing)
    if said is None or source is thing or _has_mana_ability(source):
        return False
    if said.entity is None and set(said.candidates) <= {thing.entity.label, source.entity.label}:
        said.entity = source.entity.key
    return said.entity in (thing.entity.key, source.entity.key)


def _copied(draft: Draft, thing: Thing) -> Thing:
    """(R11) What a copy copies, to the end of a chain of copies (707.2, 707.3)."""
    seen = {thing.id}
    while thing.copies and thing.copies in draft.things and thing.copies not in seen:
        thing = draft.things[thing.copies]
        seen.add(thing.id)
    return thing


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
    if payer is not None and _its_own_ability(m["obj"], payer, draft):
        # (R11) "can I tap the Metamorph for the Overseer ability": its own {T} ability
        return _ability_question(draft, payer, f"can you activate {payer.entity.label}")
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
    # (R11) "can I tap the Metamorph for the Overseer ability": what it copies
    r"|\s+for\s+(?:the\s+)?(?P<src>@\d+)(?:'s)?\s+(?:ability|abilities)"
    # (R5) "may I activate Mutavault's {T}: Add {C} ability?"
    r"|\s+(?:its\s+)?\{t\}\s*:?\s*add\s+(?P<add>(?:\{[wubrgc]\})+)(?:\s+ability)?)?",
    questions_only=True,
)
def tap(m: re.Match[str], draft: Draft) -> str | None:
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    if m["src"]:  # its own ability, or the ability of what it copies; another's is not read
        said = draft.occurrence(m["src"])
        source = _copied(draft, thing)
        own = {thing.entity.key, source.entity.key}
        labels = {thing.entity.label, source.entity.label}
        if said is not None and said.entity is None and set(said.candidates) <= labels:
            said.entity = (
                source.entity.key
            )  # "the Overseer": the copy or what it copies, one ability
        if said is None or said.entity not in own:
            return None
        if _has_mana_ability(_copied(draft, thing)):
            return None  # "for the Elves' ability": its mana, said the shapes' way
        return _ability_question(draft, thing, f"can you activate {thing.entity.label}")
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


# (R15) how many things "those two", "both" point at
_SAID_COUNT = {"two": 2, "both": 2, "three": 3, "four": 4}


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
    rf"(?:\s+(?:with|from|off|using|out of)\s+(?:(?:my|all|both)\s+)?(?P<objs>{OBJS})"
    # (R15) "... from those two", "out of both of them": the mana sources said before
    r"|\s+(?:with|from|off|using|out of)\s+(?P<dem>(?:those|these|the|my)\s+(?P<n>two|three|four"
    r"|both)\b|both(?:\s+of\s+(?:them|those|these))?|all\s+(?:of\s+)?(?:them|those|these)))?"
    r"(?!\s+(?:from|with|off)\b)",
    questions_only=True,
)
def how_much_mana_me(m: re.Match[str], draft: Draft) -> str | None:
    """ "how much mana do I have (with 2 Forests and Sol Ring)": the things named are mine.
    (R15) "from those two" is every mana source on the board only when it counts that many
    (605.1a); otherwise it names some of them, which is not this question."""
    word = (m["n"] or (m["dem"] or "").split(" ")[0]).lower()
    said = _SAID_COUNT.get(word) if m["dem"] else None
    if said is not None:
        sources = [t for t in _on_battlefield(draft) if _has_mana_ability(t)]
        if sum(t.count for t in sources) != said:
            return None
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
        if t.controller == "P1" and not t.attacking and t.zone == "battlefield" and t.is_creature()
    ]
    if len(attackers) != 1 or len(mine) != 1:
        return None
    blocker, attacker = mine[0], attackers[0]
    text = f"can {blocker.entity.label} block {attacker.entity.label}"
    return _ask(draft, "can_block", "can", text, blocker, attacker=attacker.id)


def can_die_of_damage(thing: Thing) -> bool:
    """A creature (704.5g) or a planeswalker (704.5i, 120.3c) on the battlefield."""
    return thing.is_creature() or thing.is_planeswalker()


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
        creatures = [t for t in draft.things.values() if t.is_creature()]
        if thing is not None and not thing.is_creature() and len(creatures) == 1:
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
    r"|\bhow much (?:combat |trample |trampling |excess )?damage"
    r"(?:\s+(?:total|in total|altogether)\b|\s+(?:does|do|will|would|can|is)"
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
    # (E7) "what life are they at (after)?", "where does that leave them?": a life total
    r"|\bwhat life (?:are|is|will|would)\s+(?:they|he|she|opp\w*|my opponent|the opponent|i|we"
    r"|@\d+)\s+(?:be\s+)?(?:at|on)\b(?:\s+(?:after|now|then))?"
    r"|(?P<leave>\bwhere\s+(?:does|will|would|did)\s+(?:that|this|it|@\d+)\s+(?:leave|put)\s+"
    r"(?P<left>them|him|her|opp\w*|my opponent|the opponent|me|us|@\d+)(?:\s+at)?\b)"
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
    if m["leave"]:
        return _where_it_leaves(m["left"], draft)
    ask = _ask(draft, "combat_damage", "combat", "combat damage")
    draft.questions[-1].color = _life_asked(_players_said(m.group(0), draft))
    return ask


def _where_it_leaves(left: str, draft: Draft) -> str | None:
    """(E7) "I Lava Spike their face, they're at 7. where does that leave them?": the life
    total of the player the one spell was cast at (119.3, 120.3a); "me" / "us" is the asker.
    A placeholder there ("them" read as the spell) is the spell's target player."""
    targets = {s.target for s in draft.spells if s.target in ("P1", "P2")}
    if re.fullmatch(r"me|us", left):
        who = "P1"
    elif not left.startswith("@"):
        who = "P2"
    elif len(targets) == 1 and len(draft.spells) == 1:
        who = next(iter(targets))
    else:
        return None
    ask = _ask(draft, "combat_damage", "combat", "life total")
    draft.questions[-1].color = f"{LIFE_TOTAL}:{who}"
    return ask


def _players_said(said: str, draft: Draft) -> str:
    """(R11) "how much life do they gain" with "they" read as the opponent's Serra Angel: their
    thing in a life question stands for the opponent (the player who gains or takes)."""

    def player(p: re.Match[str]) -> str:
        occ = draft.occurrence(p.group(0))
        if occ is None or occ.entity is None:
            return p.group(0)
        ids = draft.by_entity.get(draft.entities[occ.entity].key, [])
        controllers = {draft.things[i].controller for i in ids if i in draft.things}
        if controllers != {"P2"}:
            # "how much damage do they take" with "they" read as my attacker: the pronoun is
            # no word for me, so the words (or the defending player) decide
            return p.group(0)
        return "opp"

    return re.sub(r"@\d+", player, said)


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
    if re.search(r"\b(?:take[sn]?|taking|lose[sd]?|losing|through|over|push|tramples?)\b", said):
        return f"{LIFE_LOST}:{who}"
    if re.search(r"\bdamage\b.*\b(?:to|dealt to|on|at)\b", said):  # "total damage to opp"
        return f"{LIFE_LOST}:{who}"
    if re.fullmatch(
        r"\W*how much (?:combat |total )?damage(?:\s+(?:total|in total|altogether))?", said
    ):
        return f"{LIFE_LOST}:"  # (R11) "how much damage total?": what reaches the defending player
    return None


def _words_deal_damage(token: str, draft: Draft) -> bool:
    """ "deal damage" the name detection took for a card of that name, only guessed (loose)."""
    occ = draft.occurrence(token)
    if occ is None or occ.entity is None or occ.entity not in draft.loose:
        return False
    return re.fullmatch(r"deal damage", draft.entities[occ.entity].label.lower()) is not None


@rule(
    "does X get to hit Y back",
    rf"\b(?:does|do|will|would|can|could|is)\s+(?P<obj>{OBJ})\s+(?:still\s+|even\s+|actually\s+)?"
    r"(?:get to\s+|manage to\s+|going to\s+|gonna\s+|able to\s+)?(?:(?i:deal)\s+(?:any\s+|its\s+"
    r"|combat\s+)*(?i:damage)\s+(?:back\s+)?to|(?P<dd>@\d+)\s+(?:back\s+)?to|hit|damage|strike)\s+"
    rf"(?P<target>{OBJ}|me|us|them|my opponent|opp)(?:\s+back)?(?:\s+(?:at all|first))?\b",
    questions_only=True,
    accepts=lambda m, draft: (
        any(t.attacking for t in draft.things.values())
        and (m["dd"] is None or _words_deal_damage(m["dd"], draft))
    ),
)
def deals_damage(m: re.Match[str], draft: Draft) -> str | None:
    """(R11) "does the Piker get to hit my Swiftblade back?", "does their Courser deal damage to
    my Golem?": whether X deals combat damage to Y in this combat (510.1, 510.4: a creature
    destroyed by first-strike damage deals none)."""
    thing = draft.thing(m["obj"], head=True)
    if thing is None:
        return None
    if m["dd"]:  # the words, not a card: nothing of the board is missing
        draft.consumed.add(str(draft.occurrence(m["dd"]).entity))  # type: ignore[union-attr]
    said = m["target"]
    target = draft.thing(said, head=False) if said.startswith("@") else None
    if said.startswith("@") and target is None:
        return None
    if target is None:  # a player: the one X attacks (508.1)
        player = "P1" if said in ("me", "us") else "P2"
        recipient, label = player, ("you" if player == "P1" else "your opponent")
    else:
        recipient, label = target.id, target.entity.label
    text = f"does {thing.entity.label} deal combat damage to {label}"
    ask = _ask(draft, "combat_damage", "deals_damage", text, thing)
    draft.questions[-1].color = recipient
    return ask


def _fighting(draft: Draft, thing: Thing) -> list[Thing]:
    """The creatures in combat with ``thing`` that can deal it combat damage: its blockers when
    it attacks, the attacker it blocks (510.1a, 510.1c)."""
    if thing.attacking:
        return [t for t in draft.things.values() if t.blocking == thing.id]
    if thing.blocking and thing.blocking in draft.things:
        return [draft.things[thing.blocking]]
    return []


def _in_one_fight(token: str, draft: Draft) -> bool:
    """What ``token`` names, by name, is in combat with exactly one creature (an unblocked
    attacker's damage question, "how much do they take", is the player's)."""
    occ = draft.occurrence(token)
    if occ is None or occ.entity is None or occ.pronoun:
        return False  # "do they take damage?": the opponent or their creature, unsaid
    ids = draft.by_entity.get(draft.entities[occ.entity].key, [])
    return any(len(_fighting(draft, draft.things[i])) == 1 for i in ids if i in draft.things)


@rule(
    "does X take damage",
    rf"\b(?:does|will|would|is|did|how much (?:combat\s+)?damage\s+(?:does|will|would))\s+"
    rf"(?P<obj>{OBJ})\s+(?:even\s+|actually\s+|still\s+)?(?:take|get|end up taking|receive"
    r"|suffer)(?:\s+(?:any|some))?(?:\s+combat)?(?:\s+damage|\s+hurt|\s+hit|\s+dmg)?"
    r"|\bis\s+(?P<obj2>@\d+)\s+(?:even\s+)?(?:dealt|getting|taking)\s+(?:any\s+)?(?:combat\s+)?"
    r"(?:damage|dmg)",
    questions_only=True,
    accepts=lambda m, draft: _in_one_fight(m["obj"] or m["obj2"], draft),
)
def takes_damage(m: re.Match[str], draft: Draft) -> str | None:
    """(R15) "does my Knight take any damage?", "is the Bear dealt damage?": whether the one
    creature fighting X deals it combat damage (510.1; 510.4: a creature destroyed by
    first-strike damage deals none). Several or none fighting it is not this question."""
    thing = draft.thing(m["obj"] or m["obj2"], head=True)
    if thing is None:
        return None
    fighting = _fighting(draft, thing)
    if len(fighting) != 1:
        return None
    source = fighting[0]
    text = f"does {source.entity.label} deal combat damage to {thing.entity.label}"
    ask = _ask(draft, "combat_damage", "deals_damage", text, source)
    draft.questions[-1].color = thing.id
    return ask


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
    "can I kill X with Y",
    rf"{_CAN}\s+{_ME}\s+(?:still\s+)?(?:kill|destroy|take out|deal with)\s+(?P<obj>{OBJ})\s+"
    rf"(?:with|w/?|using)\s+(?:my\s+|a\s+|the\s+)?(?P<spell>{OBJ}|that|this|it)\b",
    questions_only=True,
)
def kill_with(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) "can I kill their Nighthawk with Doom Blade?", "me: doom blade. can i kill it w/
    that?": the spell cast at it, and whether it dies (608.2; an illegal target is no target,
    601.2c, 608.2b). "that" is the one instant or sorcery the message names."""
    target = draft.thing(m["obj"], head=True)
    spell = m["spell"] if m["spell"].startswith("@") else _the_one_spell(draft)
    if target is None or spell is None:
        return None
    occ = draft.occurrence(spell)
    if occ is None or occ.entity is None or not draft.entities[occ.entity].is_spell:
        return None
    if choices.spell_on_target(draft, spell, target, "P1") is None:
        return None
    return _ask(draft, "combat_damage", "dies", f"does {target.entity.label} die", target)


def _the_one_spell(draft: Draft) -> str | None:
    """The placeholder of the one instant or sorcery the message names, if there is one."""
    spells = {
        o.entity: f"@{i}"
        for i, o in enumerate(draft.occurrences)
        if o.entity is not None and draft.entities[o.entity].is_spell
    }
    return next(iter(spells.values())) if len(spells) == 1 else None


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


# (R11) "what's the P/T of the Zombie token I get?", "how big is the spirit copy?": a token the
# ability or spell read (the token source) makes, not yet on the board; the engine's tokens
# question makes it and the answer gives the one token the words describe
TOKEN_ASKED = {"power_toughness": "p/t", "colors": "color", "mana_value": "mana value"}
_TOKEN_WHAT = (
    r"(?P<what>p/t|pt|power and toughness|power/toughness|stats|size|colou?rs?|mana value|cmc|mv)"
)


def _token_desc(n: int) -> str:
    return (
        r"(?:the|that|this|my|each|both|those|these|a|an|the two|the resulting|the new)\s+"
        rf"(?P<desc{n}>(?:(?!token|copy|copies)[a-z0-9/]+\s+){{0,3}}?)"
        rf"(?P<noun{n}>token\s+copy|copy\s+token|tokens?|copy|copies)\b(?!\s+(?:of|from)\s+@)"
        r"(?:\s+(?:(?:is\s+)?(?:gonna|going to)\s+be|will be|be|(?:do\s+)?(?:i|we)\s+(?:get|make)"
        r"|i'll get|(?:that\s+)?(?:i|we)\s+get))?"
    )


@rule(
    "what P/T is the Zombie token I get",
    rf"{_WHAT_IS}\s+(?:the\s+)?{_TOKEN_WHAT}\s+(?:of|for|on)\s+{_token_desc(1)}"
    rf"|\bhow\s+(?:big|large|strong)\s+(?:is|are|will|would)\s+(?:be\s+)?{_token_desc(2)}"
    rf"|\b(?:what|which)\s+(?P<what2>p/t|size|power and toughness|stats|colou?rs?|mana value)\s+"
    rf"(?:is|are|will be|would be|does|do)\s+{_token_desc(3)}"
    rf"|{_WHAT_IS}\s+{_token_desc(4)}'s?\s+(?P<what4>p/t|pt|power and toughness|stats|size"
    r"|colou?rs?|mana value|cmc|mv)\b",
    questions_only=True,
    accepts=lambda m, draft: (
        draft.token_source in draft.things and not _token_on_board(draft, _desc(m)[0])
    ),
)
def token_attribute(m: re.Match[str], draft: Draft) -> str | None:
    what = m["what"] or m["what2"] or m["what4"] or "size"
    focus: Focus = _ATTRIBUTES.get(what, "power_toughness")
    if focus not in TOKEN_ASKED:
        return None
    maker = draft.things[str(draft.token_source)]
    words, noun = _desc(m)
    desc = " ".join([*words.split(), "copy" if "cop" in noun else "token"])
    text = f"{TOKEN_ASKED[focus]} of the {desc} {maker.entity.label} makes"
    ask = _ask(draft, "tokens", "token_attribute", text, maker, ability="create")
    draft.questions[-1].color = f"{focus}:{desc}"
    return ask


def _desc(m: re.Match[str]) -> tuple[str, str]:
    n = next(i for i in (1, 2, 3, 4) if m[f"noun{i}"])
    return m[f"desc{n}"] or "", m[f"noun{n}"]


def _token_on_board(draft: Draft, desc: str) -> bool:
    """A token already on the board that the words may mean ("the Zombie token" I made last
    turn): then it is that object's question, not the maker's."""
    words = set(desc.split())
    for thing in draft.things.values():
        if thing.entity.token is None:
            continue
        said = " ".join(str(v) for v in thing.entity.token.values()).lower()
        if not words or any(w in said for w in words):
            return True
    return False


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


# (R17) "how much loyalty does Karn have left after combat damage?", "what's her loyalty
# after?", "how many loyalty counters will Jace have left"
_LOYALTY_AFTER = (
    r"(?:\s+(?:left|now|then|afterwards?|at the end))*(?:\s+(?:after|once|when)\s+(?:combat"
    r"(?:\s+damage)?|(?:the\s+)?damage|the attack|that|it(?:'s| is)? (?:done|over|resolves))"
    r"(?:\s+(?:is\s+)?(?:dealt|done|resolves))?|\s+after\b(?=\W*$))?"
)
_WALKER = r"(?:@\d+|he|she|it|him|her|his|its)"


@rule(
    "how much loyalty is left",
    rf"\bhow (?:much|many) loyalty(?: counters?)?\s+(?:does|will|would|is|do)\s+(?P<obj>{_WALKER})"
    r"\s+(?:have|be at|end up (?:with|at)|keep|be left with|still have)(?:\s+left)?"
    rf"{_LOYALTY_AFTER}"
    rf"|\bwhat(?:'s|s| is| will be| would be)\s+(?P<obj2>{_WALKER})\s+loyalty(?:\s+(?:at|on))?"
    rf"{_LOYALTY_AFTER}"
    rf"|\bhow (?:much|many) loyalty(?: counters?)?\s+(?:is|are|will be)\s+left\s+on\s+"
    rf"(?P<obj3>{_WALKER}){_LOYALTY_AFTER}"
    # (E7) "how much loyalty left", "how much loyalty is left?": the one planeswalker
    r"|\bhow (?:much|many) loyalty(?: counters?)?\s+(?:(?:is|are|will be|would be)\s+)?left"
    r"(?:\s+on\s+(?:it|him|her))?(?=\s*(?:[?.!]|$))",
    questions_only=True,
)
def loyalty_left(m: re.Match[str], draft: Draft) -> str | None:
    """(R17) The loyalty a planeswalker has after the combat the message tells: combat damage
    dealt to it removes that many loyalty counters (120.3c, 306.8). A pronoun is the one
    planeswalker on the board. With no creature attacking it, not this question."""
    token = m["obj"] or m["obj2"] or m["obj3"] or ""
    thing = draft.thing(token, head=True) if token.startswith("@") else None
    if thing is None:
        walkers = [t for t in draft.things.values() if t.is_planeswalker()]
        thing = walkers[0] if len(walkers) == 1 else None
    if thing is None or not thing.is_planeswalker():
        return None
    if "loyalty" not in thing.counters and not thing.this_turn:
        # (E7) the loyalty it has now isn't said: what damage leaves is not known (306.5b)
        draft.doubt("unsupported_question", f"{thing.entity.label}'s loyalty now")
        return ""
    if any(s.target == thing.id for s in draft.spells):
        # (E7) "I bolt their Sorin": the spell's damage removes loyalty (120.3c); the reader
        # makes it a spell question when the one spell is cast at it
        text = f"{thing.entity.label}'s loyalty after the spell"
        return _ask(draft, "combat_damage", "loyalty_left", text, thing)
    if not any(t.attacking == thing.id for t in draft.things.values()):
        return None
    text = f"{thing.entity.label}'s loyalty after combat damage"
    return _ask(draft, "combat_damage", "loyalty_left", text, thing)


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
    loyalty_left,
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
    kill_with,
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
    deals_damage,
    takes_damage,
    combat,
    what_dies,
    does_die,
    tokens,
    counters_left,
    token_attribute,
    what_happens,
    what_is,
    when_it_dies,
]


# -- (R10) the loose reading: a question sentence no shape above read ---------------------------
#
# A question said in words the shapes don't know ("How much power and toughness has the Spark
# Double?", "Block possible?", "What happens to it?") is read from what it is about: the kind
# from its content words, the subject from the thing it names, else the pronoun's referent,
# else the one thing on the board that fits. Such a reading is a guess: it carries the doubt
# ``loose_question`` and is never verified. Two kinds in one sentence, or two things that fit,
# are no guess: the sentence stays unread (or the reader asks back).

LOOSE_DOUBT: Doubt = "loose_question"
# "my buddy says the Bears can't block it. is he right?": the question the claim answers
CLAIM_CHECK = "whether the claim holds: "
CLAIM_DENIED = "whether the claim holds (it says not): "

# content words -> what the question is about (one family each)
_LOOSE_CUES: dict[str, re.Pattern[str]] = {
    name: re.compile(pattern)
    for name, pattern in {
        "legend": r"\blegend(?:ary)?[- ]rule\b"
        r"|\b(?:ditch|keep|lose|sacrifice|bin|get rid of) one\b",
        "attribute": r"p/t|\bpower\b|\btoughness\b|\bhow (?:big|large|strong)\b|\bsize\b|\bstats"
        r"\b|\bmana value\b|\bcmc\b|\bmv\b|\bcolou?rs?\b|\btypes?\b",
        "tokens": r"\btokens?\b|\bthopters?\b|\bwhat do (?:i|we) get\b",
        "mana": r"\bmana(?! value\b)\b|\btaps? for\b",
        "block": r"\bblock\w*",
        "attack": r"\battack\w*|\bswing\w*|\bswung\b",
        "damage": r"\bdamage\b|\blife\b|\btrampl\w*|\bhit (?:me |them |him |her )?for\b|\blethal\b"
        r"|\bgo(?:es)? through\b",
        "dies": r"\bdie[sd]?\b|\bdead\b|\bsurviv\w*|\bwhat happens\b|\balive\b",
        "tap": r"\btap\b|\bactivat\w*|\buse\b|\bping\b",
    }.items()
}
# which other families may be said with each one (the question's own words: "how much damage do
# I take when they attack", "does it die from the damage"); anything else is two questions
_LOOSE_WITH: dict[str, frozenset[str]] = {
    "legend": frozenset({"dies"}),
    "attribute": frozenset({"tokens"}),
    "tokens": frozenset({"dies"}),
    "mana": frozenset({"tap"}),
    "block": frozenset({"attack"}),
    "damage": frozenset({"attack", "block"}),
    "dies": frozenset({"damage"}),
    "attack": frozenset(),
    "tap": frozenset(),
}
_WH = re.compile(r"\b(?:what|whats|how|which|who)\b")
_AUX_FIRST = re.compile(
    r"^\W*(?:(?:so|ok|okay|and|but|then|also|hey|now)\W+)*(?:can|could|may|is|are|does|do|will"
    r"|would|should|did)\b"
)
_CAN_FIRST = re.compile(r"^\W*(?:(?:so|ok|okay|and|but|then|also|hey|now)\W+)*(?:can|could|may)\b")
_ASKS = re.compile(
    r"^\W*(?:(?:so|ok|okay|and|but|then|also|hey|now)\W+)*(?:can|could|may|is|are|does|do|will"
    r"|would|should|did|what|whats|how|which|who)\b"
)
# a sentence before the question that holds what it asks: a condition or a guess
_CONTEXT = re.compile(
    r"^\W*(?:(?:so|and|but|ok|okay)\s+)*(?:if|when|once|say|suppose|i (?:think|guess|believe"
    r"|assume|reckon))\b"
)
_GENERIC = re.compile(r"\bwhat do (?:i|we) get\b|\bwhat happens\b")  # says nothing of its own
_SEVERAL = re.compile(r"\b(?:both|all|each|every|two|three|four|several)\b")
_ONE_OBJECT = frozenset({"block", "attack", "tap", "mana"})  # one creature's or source's
# families whose cue is the verb a "can / does / is X …?" question asks with ("can it block?")
_VERB_FAMILIES = frozenset({"block", "attack", "tap", "dies"})
_PRONOUN = re.compile(r"\b(?:it|he|him|she|her|they|them|that one|this one)\b")
_DEPENDENT_LOOSE = re.compile(r"(?:of|copying|cloning|with|by|from|targeting|enchanting)\s*$")
# the question's own words: a fragment of the question sentence made only of these (and the
# words of the kind it was read as, and its subject's name) was read with it
_LOOSE_WORDS = frozenset(
    """what whats what's how much many which who is are does do did can could will would may
    might should am has have it its he him his she her they them their that this there happens
    happen happening possible legal allowed ok okay true right correct yeah yes no nah not or to
    the a an of for now then here still be get gets got going gonna mean means exactly at all
    on my opp opp's opponent's your his do i we me end up up total totals each both and but so
    also hey hi ok okay please pls quick q lol just well like then if when after in these days
    currently atm anymore opponent opponents opp me us""".split()
)


# "is he right?", "is that true?", "who's right?": asked of the claim before it
_CLAIM_ASK = re.compile(
    r"^\W*(?:(?:so|ok|okay|and|but|well)\W+)*(?:is|are|was)\s+(?:he|she|they|that|this|it"
    r"|my (?:friend|buddy|mate|opponent)|@\d+)\s+(?:really\s+)?(?:right|correct|true|wrong)\b"
    r"|\bwho(?:'s|\s+is)\s+right\b|^\W*(?:true|right|correct|legit)\s*\?+\W*$"
    r"|\b(?:am i|are we) wrong\b|\bis (?:that|this) (?:how it works|legit|a thing)\b"
)
_CLAIM_SAID = re.compile(
    r"^\W*(?:(?:and|but|so|ok|because)\s+)*(?:my\s+|the\s+|our\s+)?(?:friend|buddy|mate|opp\w*"
    r"|opponent|he|she|they|someone|somebody|a judge|the judge|judge|everyone|people|guy|dude"
    r"|@\d+)\s+(?:(?:keeps?|kept|is|was|were)\s+)?(?:say\w*|said|insist\w*|think\w*|thought"
    r"|claim\w*|told me|tells me|argu\w*|swear\w*|reckon\w*)\b\s*(?:that\s+)?"
)
_NEGATED = re.compile(r"\b(?:can't|cannot|can not|couldn't|doesn't|don't|won't|isn't|aren't|not)\b")
_UNNEGATED = {
    "can't": "can",
    "cannot": "can",
    "can not": "can",
    "couldn't": "could",
    "doesn't": "does",
    "don't": "do",
    "won't": "will",
    "isn't": "is",
    "aren't": "are",
    "not": "",
}
_CLAIM_WORDS = frozenset(
    """friend buddy mate opponent opp judge guy dude someone somebody everyone people says say
    said saying insists insisted thinks think thought claims claimed told tells argues argued
    swears reckons that because if then so really he she they is right correct true wrong
    who's can't cannot not doesn't don't won't isn't aren't couldn't can does do will""".split()
)


def _claim_check(claim: str, draft: Draft, asked: str) -> Loose | None:
    """ "my buddy says if I Spark Double my Thalia I have to ditch one. is he right?": the
    yes/no question the claim answers; the answer says whether the claim holds (a claim
    that something can't happen holds when the engine says No)."""
    said = _CLAIM_SAID.match(claim)
    if said is None:
        return None
    body = claim[said.end() :]
    denied = _NEGATED.search(body) is not None
    body = _NEGATED.sub(lambda m: _UNNEGATED[m.group(0)], body)
    found = {name for name, cue in _LOOSE_CUES.items() if cue.search(body)}
    family = _family(found, True)
    if family is None or family == "attribute":
        return None  # "the spirits are black": a value, not a yes/no the engine answers
    before = len(draft.questions)
    asked_back = _LOOSE_ASK[family](body + "?", draft)
    if asked_back is None or len(draft.questions) == before:
        return None if asked_back is None else Loose(family, _CLAIM_WORDS, True)
    if draft.questions[-1].focus not in _YES_NO_FOCUSES:
        draft.questions.pop()
        return None
    q = draft.questions[-1]
    q.text = (CLAIM_DENIED if denied else CLAIM_CHECK) + q.text
    draft.doubt(LOOSE_DOUBT, q.text)
    words = set(_CLAIM_WORDS)
    for thing in draft.things.values():
        words |= set(re.findall(r"[a-z0-9']+", thing.entity.label.lower()))
    for name in found:
        words |= {w for m in _LOOSE_CUES[name].finditer(body) for w in m.group(0).split()}
    return Loose(family, frozenset(words), context=True)


# the answers that start Yes or No (answers.phrase), which a claim check can turn around
_YES_NO_FOCUSES = frozenset({"can", "dies", "survives", "legend_rule", "produces"})


# words that say more of the same question, by family ("max damage through to them?")
_FAMILY_WORDS: dict[str, frozenset[str]] = {
    family: frozenset(words.split())
    for family, words in {
        "damage": "max maximum most through over take taking deal deals dealt hit total lose",
        "block": "block blocks blocking blocker blockers chump",
        "attack": "attack attacks attacking swing in with",
        "dies": "die dies died dead survive survives alive toast make it happens happen",
        "attribute": "p/t power toughness size stats big large strong colour color colours colors"
        " type types value",
        "tokens": "tokens token thopters get make makes",
        "mana": "mana tap taps for make makes produce add",
        "tap": "tap activate use ping",
        "legend": "legend rule legendary one keep",
    }.items()
}


@dataclass(frozen=True)
class Loose:
    """What the loose reading took from a question sentence."""

    family: str  # the cue family it was read as ("block", "attribute" …)
    words: frozenset[str]  # words of the sentence that were the question's
    asked_back: bool = False  # two things fit: the reader asks which one
    context: bool = False  # the sentence before said what it asks (its words were read too)

    def covers(self, shown: str) -> bool:
        """Whether an unread fragment is only the question's words ("how much power and
        toughness has Spark Double"): then it was read, as the loose question."""
        words = [
            re.sub(r"'s$", "", w).strip("'") for w in re.findall(r"[a-z0-9'/+-]+", shown.lower())
        ]
        extra = _FAMILY_WORDS.get(self.family, frozenset())
        return all(w in self.words or w in _LOOSE_WORDS or w in extra for w in words)


def loose_question(sentence: str, draft: Draft, before: str | None = None) -> Loose | None:
    """The question a sentence asks, from its content words; None when it can't be told."""
    if not draft.things:
        return None  # no board: a rules question ("can a creature block the turn it comes in?")
    if "?" not in sentence and not _ASKS.match(sentence):
        return None  # "I know it makes Zombies but I forget how many": no question said
    if before is None:
        return None  # a question with no board said before it is a rules question's shape
    if before is not None and _CLAIM_ASK.search(sentence):
        return _claim_check(before, draft, sentence)
    text = re.sub(r"\bmana (?:value|cost)\b", "mana value", sentence)
    found = _cues(text)
    context = False
    bare = not found or (
        found <= {"tokens", "dies"}
        and _GENERIC.search(text) is not None
        and not re.search(r"\btokens?\b|\bthopters?\b|\bdie|\bdead\b|\bsurviv", text)
    )
    if bare and before is not None and _CONTEXT.match(before):
        # "if I tap that Forest for mana, what do I get?", "i think it can block. can it?": the
        # condition or guess before a bare question says what it asks
        text, found, context = f"{before} {text}", _cues(f"{before} {text}"), True
    family = _family(found, _yes_no(text))
    if family is None or (family in _ONE_OBJECT and _SEVERAL.search(text)):
        return None  # "can both bears block it?": several blockers, not one creature's block
    if any(
        len(re.findall(r"[a-z0-9@'/]+", said)) > MAX_LOOSE_WORDS
        for said in (sentence, before if context and before else "")
    ):
        return None  # a long sentence says more than its cue words: the shapes' or retrieval's
    if _AUX_FIRST.match(text) and family not in _VERB_FAMILIES:
        return None  # "can the Pool make any color?": the verb asks, not the noun "color"
    if family == "tap" and _AUX_FIRST.match(text) and not _CAN_FIRST.match(text):
        return None  # "do I need to tap …", "does it use …": not whether it can be activated
    if family == "tokens" and re.search(r"\bwhat happens\b", text):
        return None  # "what happens with the tokens?": more than which tokens are made
    count = len(draft.questions)
    asked_back = _LOOSE_ASK[family](text, draft)
    if asked_back is None:
        return None
    if len(draft.questions) > count:
        draft.doubt(LOOSE_DOUBT, draft.questions[-1].text)
    words = {
        w
        for name in found
        for w in re.findall(
            r"[a-z/']+", " ".join(m.group(0) for m in _LOOSE_CUES[name].finditer(text))
        )
    }
    for thing in draft.things.values():
        words |= set(re.findall(r"[a-z0-9']+", thing.entity.label.lower()))
    if context:
        words |= _CLAIM_WORDS | _FAMILY_WORDS[family]
    return Loose(family, frozenset(words), asked_back, context)


def _cues(text: str) -> set[str]:
    found = {name for name, cue in _LOOSE_CUES.items() if cue.search(text)}
    if found & {"mana", "tap"} and re.search(r"\btokens?\b", text) is None:
        found.discard("tokens")  # "if I tap it (for mana), what do I get?": the mana
    return found


def _yes_no(text: str) -> bool:
    """A question without a wh-word asks Yes or No ("Block possible?", "bear dies?")."""
    return _WH.search(text) is None


def _family(found: set[str], yes_no: bool) -> str | None:
    if found == {"damage", "dies"}:
        return "dies" if yes_no else None  # "does it die from the damage" / two questions
    for family in _LOOSE_CUES:
        if family in found and found - {family} <= _LOOSE_WITH[family]:
            return family
    return None


def _heads(text: str, draft: Draft) -> list[Thing]:
    """The things the sentence names as its own (not "a copy of X", "enchanted by Y"), one
    each."""
    out: list[Thing] = []
    for m in re.finditer(r"@\d+", text):
        if _DEPENDENT_LOOSE.search(text[: m.start()]):
            continue
        occ = draft.occurrence(m.group(0))
        if occ is None or occ.entity is None or draft.entities[occ.entity].is_spell:
            continue
        thing = draft.thing(m.group(0), head=True)
        if thing is not None and thing not in out:
            out.append(thing)
    return out


def _one(text: str, draft: Draft, fits: list[Thing]) -> Thing | bool | None:
    """The question's subject: the thing it names, else the pronoun's referent, else the one
    thing on the board that fits. Two that fit: ``False`` (the reader asks which)."""
    named = [t for t in _heads(text, draft) if t in fits]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        return _ask_which(draft, named)
    said = draft.subject()
    if _PRONOUN.search(text) and said is not None and said in fits:
        return said
    if len(fits) == 1:
        return fits[0]
    return _ask_which(draft, fits) if fits else None


def _ask_which(draft: Draft, things: list[Thing]) -> bool:
    draft.doubt("ambiguous_pronoun", " or ".join(t.entity.label for t in things))
    return False


def _on_battlefield(draft: Draft) -> list[Thing]:
    return [t for t in draft.things.values() if t.zone == "battlefield"]


def _creatures(draft: Draft) -> list[Thing]:
    return [t for t in _on_battlefield(draft) if t.is_creature()]


def _loose_attribute(text: str, draft: Draft) -> bool | None:
    """ "how much power and toughness has the Spark Double?", "what P/T is the token": the
    characteristic the sentence names (208.1, 202.3, 105.2, 205.2)."""
    said = {
        focus
        for word, focus in (
            (
                r"p/t|\bpower and toughness\b|\bhow (?:big|large|strong)\b|\bsize\b|\bstats\b",
                "power_toughness",
            ),
            (r"\bpower\b(?! and toughness)", "power"),
            (r"(?<!power and )\btoughness\b", "toughness"),
            (r"\bmana value\b|\bcmc\b|\bmv\b", "mana_value"),
            (r"\bcolou?rs?\b", "colors"),
            (r"\btypes?\b", "types"),
        )
        if re.search(word, text)
    }
    if {"power", "toughness"} <= said:
        said = (said - {"power", "toughness"}) | {"power_toughness"}
    if len(said) != 1 or (_yes_no(text) and re.search(rf"\d+/\d+|\b(?:{_COLOR_WORDS})\b", text)):
        return None  # two characteristics, or "is it red?", "a 2/3?" (the shapes' own)
    focus: Focus = said.pop()  # type: ignore[assignment]
    fits = _on_battlefield(draft)
    if focus in ("power_toughness", "power", "toughness"):
        fits = _creatures(draft)
    if re.search(r"\btokens?\b", text):
        fits = [t for t in fits if t.entity.token is not None]
    thing = _one(text, draft, fits)
    if not isinstance(thing, Thing):
        return None if thing is None else True
    label = {"power_toughness": "power and toughness", "mana_value": "mana value"}.get(focus, focus)
    if _characteristics(draft, thing.id, focus, label) is None:
        return None
    return False


def _loose_tokens(text: str, draft: Draft) -> bool | None:
    """ "what do I get?", "how many Thopters?": the tokens the one maker creates (111.1)."""
    makers = [
        t
        for t in draft.things.values()
        if t.entity.text and "create" in t.entity.text.oracle_text.lower()
    ]
    generic = re.search(r"\bwhat do (?:i|we) get\b", text) and not re.search(r"\btokens?\b", text)
    if generic and not makers:
        return None  # "what do I get" from a land: no tokens question
    thing = draft.things.get(draft.token_source or "")
    heads = _heads(text, draft)
    if thing is None and len(heads) == 1:
        thing = heads[0]
    _ask(draft, "tokens", "tokens", "what tokens", thing, ability="create")
    return False


def _loose_mana(text: str, draft: Draft) -> bool | None:
    """ "tap it for mana?", "how much mana is there", "what mana do my lands give": mana
    abilities (605.1a, 106.7)."""
    heads = _heads(text, draft)
    amount = re.search(r"\bhow (?:much|many)\b|\b(?:total|max|maximum|amount|in all)\b", text)
    if _yes_no(text) and not amount:
        fits = [t for t in _on_battlefield(draft) if _has_mana_ability(t)]
        thing = _one(text, draft, fits)
        if not isinstance(thing, Thing):
            return None if thing is None else True
        _tap_question(draft, thing, "mana", f"can you tap {thing.entity.label} for mana")
        return False
    if len(heads) == 1:
        thing = heads[0]
        if amount:
            text_ = f"how much mana does {thing.entity.label} make"
            _ask(draft, "can_activate", "amount", text_, thing, ability="mana")
        else:
            _ask(draft, "mana", "mana", f"what mana can {thing.entity.label} make", thing)
        return False
    if heads:
        return None
    if amount:
        _ask(draft, "mana", "amount", "how much mana can you make", player="P1")
    else:
        _ask(draft, "mana", "mana", "what mana can you make", player="P1")
    return False


def _loose_block(text: str, draft: Draft) -> bool | None:
    """ "Block possible?", "is blocking the Angel with my Spider legal?": one blocker against
    one attacker (509.1a); the blocker is the defending player's."""
    heads = _heads(text, draft)
    attackers = [t for t in _creatures(draft) if t.attacking]
    named_attackers = [t for t in heads if t.attacking]
    attacker = named_attackers[0] if len(named_attackers) == 1 else None
    if attacker is None and len(attackers) == 1:
        attacker = attackers[0]
    if attacker is None:
        return None
    side = "P2" if attacker.controller == "P1" else "P1"
    fits = [
        t
        for t in _creatures(draft)
        if not t.attacking and t is not attacker and (t.controller or "P1") == side
    ]
    blocker = _one(text, draft, fits)
    if not isinstance(blocker, Thing):
        return None if blocker is None else True
    said = f"can {blocker.entity.label} block {attacker.entity.label}"
    _ask(draft, "can_block", "can", said, blocker, attacker=attacker.id)
    return False


_ENTERS_ATTACKING = re.compile(
    r"\b(?:come|comes|coming|came|enter|enters|entering|entered|put|created?)\b[^?.]*\battacking\b"
    r"|\btapped and attacking\b"
)


def _loose_attack(text: str, draft: Draft) -> bool | None:
    """ "attack with it possible?", "swing?": the creature's attack (508.1, 302.6)."""
    if not (_yes_no(text)):
        return None
    if _ENTERS_ATTACKING.search(text):
        return None  # (R11) "do the tokens come in tapped and attacking?": how they enter (508.4)
    fits = [t for t in _creatures(draft) if (t.controller or "P1") == "P1"]
    thing = _one(text, draft, fits)
    if not isinstance(thing, Thing):
        return None if thing is None else True
    _ask(draft, "can_attack", "can", f"can {thing.entity.label} attack", thing)
    return False


def _loose_damage(text: str, draft: Draft) -> bool | None:
    """ "max damage?", "how much do I take", "life after?": the combat's damage (510.1)."""
    if not any(t.attacking for t in draft.things.values()):
        return None
    if _AUX_FIRST.match(text):
        return None  # "does it go through?", "will I take 3?": the shapes' own yes/no
    _ask(draft, "combat_damage", "combat", "combat damage")
    draft.questions[-1].color = _life_asked(text)
    return False


def _loose_dies(text: str, draft: Draft) -> bool | None:
    """ "What happens to it?", "is the Elf toast?", "survives this?": whether it dies after
    the combat, the spell or state-based actions (704.5f-g, 510.2)."""
    fits = [t for t in _on_battlefield(draft) if t.is_creature() or t.entity.token is not None]
    heads = [t for t in _heads(text, draft) if t in fits]
    yes_no = _yes_no(text)
    if not heads and not _PRONOUN.search(text) and not yes_no:
        _ask(draft, "combat_damage", "dies", "what dies")  # "what dies?", "which one dies"
        return False
    thing = _one(text, draft, fits)
    if not isinstance(thing, Thing):
        return None if thing is None else True
    label = thing.entity.label
    if not yes_no:
        _ask(draft, "combat_damage", "fate", f"what happens to {label}", thing)
    elif re.search(r"surviv|alive|make it", text):
        _ask(draft, "combat_damage", "survives", f"does {label} survive", thing)
    else:
        _ask(draft, "combat_damage", "dies", f"does {label} die", thing)
    return False


def _loose_legend(text: str, draft: Draft) -> bool | None:
    """ "legend rule?", "do I ditch one": whether 704.5j puts one of them in the graveyard."""
    draft.questions.append(Question("after_sba", "legend_rule", {}, "does the legend rule apply"))
    return False


def _loose_tap(text: str, draft: Draft) -> bool | None:
    """ "tap it?", "activate now?": the thing's one activated ability (602.2, 302.6); "if I tap
    it, what do I get?" of a mana source: its mana (106.7)."""
    if not _yes_no(text):
        heads = [t for t in _heads(text, draft) if _has_mana_ability(t)]
        if len(heads) != 1 or _GENERIC.search(text) is None:
            return None
        _ask(draft, "mana", "mana", f"what mana can {heads[0].entity.label} make", heads[0])
        return False
    fits = _on_battlefield(draft)
    thing = _one(text, draft, fits)
    if not isinstance(thing, Thing):
        return None if thing is None else True
    before = len(draft.questions)
    _tap_question(draft, thing, None, f"can you tap {thing.entity.label}")
    return None if len(draft.questions) == before else False


_LOOSE_ASK = {
    "legend": _loose_legend,
    "attribute": _loose_attribute,
    "tokens": _loose_tokens,
    "mana": _loose_mana,
    "block": _loose_block,
    "attack": _loose_attack,
    "damage": _loose_damage,
    "dies": _loose_dies,
    "tap": _loose_tap,
}
