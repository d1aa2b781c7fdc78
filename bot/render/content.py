"""Knowledge-base results rendered as replies: cards, rulings pages, rules, definitions, answers."""

from __future__ import annotations

import re
from collections.abc import Sequence
from urllib.parse import quote

from bot.render import limits
from bot.render.reply import Embed, Field, Reply
from rulings_db.models import (
    Answer,
    Card,
    CardMatch,
    DefinitionSource,
    GlossaryEntry,
    Rule,
    Ruling,
    Source,
)

RULINGS_PER_PAGE = 6
DEFINITION_RULE_ROOM = 1000  # a definition's rule text: one embed field
DEFINITION_SUB_RULE = 420  # each sub-rule in it, so "what trample does" (702.19b) shows too
# how each definition source is credited (every rulings_db.models.DefinitionSource)
DEFINITION_SOURCES: dict[DefinitionSource, str] = {
    "glossary": "Comprehensive Rules glossary",
    "jargon": "Players' term (rulesbot's jargon table)",
}
POINTER_DEFINITION = 200  # a glossary text this short that cites one rule mostly points at it
SCRYFALL_SEARCH = "https://scryfall.com/search?q="
SCRYFALL_IMAGE = "https://api.scryfall.com/cards/named?format=image&exact="
CARD_COLOR = 0x6B4FBB
RULE_COLOR = 0x2F80ED
ANSWER_COLORS = {"high": 0x27AE60, "medium": 0xF2C94C, "low": 0xEB5757, "none": 0x828282}
ATTRIBUTION = (
    "Card data and rulings from Scryfall (scryfall.com). Magic: The Gathering is © Wizards of the "
    "Coast; this unofficial bot is permitted under the Wizards of the Coast Fan Content Policy and "
    "is not approved or endorsed by Wizards."
)


def scryfall_url(name: str) -> str:
    return SCRYFALL_SEARCH + quote(f'!"{name}"')


def image_url(name: str) -> str:
    return SCRYFALL_IMAGE + quote(name)


def _face_text(card: Card) -> str:
    blocks: list[str] = []
    for face in card.faces:
        lines = [f"**{face.name}** {face.mana_cost}".rstrip(), face.type_line]
        if face.oracle_text:
            lines.append(face.oracle_text)
        stats = _stats(face.power, face.toughness, face.loyalty, face.defense)
        if stats:
            lines.append(stats)
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def _stats(
    power: str | None, toughness: str | None, loyalty: str | None, defense: str | None
) -> str:
    if power is not None and toughness is not None:
        return f"{power}/{toughness}"
    if loyalty is not None:
        return f"Loyalty: {loyalty}"
    if defense is not None:
        return f"Defense: {defense}"
    return ""


def card_embed(card: Card) -> Embed:
    if len(card.faces) > 1:
        description = _face_text(card)
    else:
        lines = [card.type_line]
        if card.oracle_text:
            lines.append(card.oracle_text)
        stats = _stats(card.power, card.toughness, card.loyalty, card.defense)
        if stats:
            lines.append(stats)
        description = "\n".join(lines)
    title = f"{card.name} {card.mana_cost}".rstrip()
    return Embed(
        title=title,
        description=description,
        url=scryfall_url(card.name),
        color=CARD_COLOR,
        footer="Oracle text · Scryfall",
    )


def card_reply(card: Card) -> Reply:
    return Reply(embeds=[card_embed(card)])


def image_reply(card: Card) -> Reply:
    return Reply(
        embeds=[
            Embed(
                title=card.name,
                url=scryfall_url(card.name),
                image_url=image_url(card.name),
                color=CARD_COLOR,
            )
        ]
    )


def not_found(match: CardMatch) -> Reply:
    """Ambiguous or unknown names: never pick one, offer the choices (CardMatch contract)."""
    asked = limits.quote_user(match.query)
    choices = list(match.candidates[: limits.CHOICES])
    if match.ambiguous:
        text = f"“{asked}” could mean several cards."
    elif choices:
        text = f"No card named “{asked}”."
    else:
        text = f"No card named “{asked}”."
    return Reply(content=text, choices=choices, ephemeral=True, not_found=not match.ambiguous)


def rulings_pages(card: Card, rulings: Sequence[Ruling], per_page: int = RULINGS_PER_PAGE) -> Reply:
    if not rulings:
        embed = Embed(
            title=f"Rulings: {card.name}",
            url=scryfall_url(card.name),
            description="This card has no official rulings.",
            color=CARD_COLOR,
        )
        return Reply(embeds=[embed], card_id=card.oracle_id)
    total = (len(rulings) + per_page - 1) // per_page
    pages: list[Embed] = []
    for index in range(total):
        chunk = rulings[index * per_page : (index + 1) * per_page]
        fields = [Field(r.published_at, limits.truncate(r.text, limits.FIELD_VALUE)) for r in chunk]
        pages.append(
            Embed(
                title=f"Rulings: {card.name}",
                url=scryfall_url(card.name),
                fields=fields,
                footer=f"Page {index + 1}/{total} · {len(rulings)} rulings · Scryfall",
                color=CARD_COLOR,
            )
        )
    return Reply(pages=pages, card_id=card.oracle_id)


def rule_embed(rule: Rule, cr_date: str | None) -> Embed:
    heading = f"{rule.number} {rule.title}" if rule.title else rule.number
    body = [rule.text] if rule.text and rule.text != rule.title else []
    body += [f"*{ex}*" for ex in rule.examples]
    children = [f"**{c.number}** {c.text}" for c in rule.children]
    description = "\n\n".join(body)
    if children:
        room = limits.EMBED_DESCRIPTION - len(description) - 2
        description = (description + "\n\n" if description else "") + limits.join_within(
            children, max(room, 200), "\n\n"
        )
    footer = f"Comprehensive Rules{f' effective {cr_date}' if cr_date else ''}"
    return Embed(title=heading, description=description, footer=footer, color=RULE_COLOR)


def rule_not_found(query: str, suggestions: Sequence[tuple[str, str]]) -> Reply:
    asked = limits.quote_user(query)
    names = [
        label if label.startswith(number) else f"{number} {label}".strip()
        for number, label in suggestions
    ]
    text = f"No rule “{asked}”."
    return Reply(content=text, choices=names, ephemeral=True, not_found=True)


def definition_embed(entry: GlossaryEntry, cr_date: str | None, rule: Rule | None = None) -> Embed:
    """A glossary entry; with ``rule`` (the first rule it points at), that rule's own words,
    so "See rule 702.19" comes with what trample does."""
    source = DEFINITION_SOURCES[entry.source]
    footer = source + (f" · Comprehensive Rules effective {cr_date}" if cr_date else "")
    fields = [Field("See rules", ", ".join(entry.rule_refs))] if entry.rule_refs else []
    if rule is not None:
        fields.insert(0, Field(_rule_heading(rule), _rule_words(rule, DEFINITION_RULE_ROOM)))
    return Embed(
        title=entry.term, description=entry.text, fields=fields, footer=footer, color=RULE_COLOR
    )


def pointed_rule(entry: GlossaryEntry) -> str | None:
    """The rule a short glossary entry sends you to ("… See rule 702.19, “Trample.”"), whose
    text the definition should show; None when the entry says enough on its own."""
    if entry.source == "jargon" and entry.rule_refs:
        return entry.rule_refs[0]
    if len(entry.rule_refs) == 1 and len(entry.text) <= POINTER_DEFINITION:
        return entry.rule_refs[0]
    return None


def _rule_heading(rule: Rule) -> str:
    return f"Rule {rule.number}" + (f" · {rule.title}" if rule.title else "")


def _rule_words(rule: Rule, room: int) -> str:
    """A rule's text, else (a heading such as "702.19 Trample") its sub-rules in order."""
    own = rule.text if rule.text and rule.text != rule.title else ""
    children = [
        f"**{c.number}** {limits.truncate(c.text, DEFINITION_SUB_RULE)}" for c in rule.children
    ]
    parts = ([own] if own else []) + children
    return limits.join_within(parts, room, "\n") if parts else rule.number


def term_not_found(query: str, suggestions: Sequence[str]) -> Reply:
    asked = limits.quote_user(query)
    text = f"No glossary entry “{asked}”."
    return Reply(content=text, choices=list(suggestions), ephemeral=True, not_found=True)


def _cite(source: Source) -> str:
    if source.kind == "ruling":
        return f"Ruling · {source.card} ({source.date})"
    if source.kind == "rule" and source.sub_rules:
        return f"Rule {source.number} · {', '.join(sorted(source.sub_rules, key=rule_order))}"
    if source.kind == "rule":
        return f"Rule {source.number}"
    return f"Glossary · {source.term}"


# -- a free question's answer: shaped like a judge's -----------------------------------------

LEAD_TEXT = 400  # the deciding source's text, at most (the full text is on the next page)
ORACLE_TEXT = 160  # each named card's Oracle text in the answer (the full card is /card)
ANSWER_CARDS = 2  # named cards whose Oracle text is shown
MORE_SOURCES = 300  # the other sources' citations, one a line (their texts: next pages)
VERDICT_MAX = 160  # a source's opening "Yes, …" / "No, …" sentence, shown as the verdict
_VERDICT = re.compile(r"^((?:Yes|No)\b[^.!?]{0,150}[.!?])\s*", re.IGNORECASE)
_SUB_RULE_LINE = re.compile(r"^(\d{3}\.\d+[a-z]+) ")


def rule_order(number: str) -> tuple[int | str, ...]:
    """ "702.19b" -> (702, 19, "b"): sorts rules as the CR orders them (702.9 before 702.19)."""
    return tuple(int(p) if p.isdigit() else p for p in re.findall(r"\d+|[a-z]+", number))


def in_rule_order(text: str) -> str:
    """A rule's quoted sub-rules (one a line) in the CR's order, not by score; other lines
    (the "(… has 3 more sub-rules.)" note) stay after them."""
    lines = text.split("\n")
    quoted = [line for line in lines if _SUB_RULE_LINE.match(line)]
    if len(quoted) < 2:
        return text
    rest = [line for line in lines if not _SUB_RULE_LINE.match(line)]
    ordered = sorted(quoted, key=lambda line: rule_order(line.split(" ", 1)[0]))
    return "\n".join([*ordered, *rest])


def verdict(source: Source) -> tuple[str | None, str]:
    """(the verdict the source opens with, the rest of its text): "No." from "No. Its
    ability counts card types…"; (None, text) when it states none."""
    match = _VERDICT.match(source.text)
    if source.kind != "ruling" or match is None or len(match.group(1)) > VERDICT_MAX:
        return None, source.text
    return match.group(1), source.text[match.end() :]


def ordered_sources(answer: Answer) -> list[Source]:
    """The sources in the order the answer shows them: the first is the one that leads."""
    return list(answer.sources)


def answer_reply(answer: Answer, cr_date: str | None, cards: Sequence[Card] = ()) -> Reply:
    """A free question's answer, as a judge gives one: the deciding source first (with its
    verdict when it states one), the named cards' Oracle text, then the other sources one
    line each; their full texts are the next pages ("more sources")."""
    if not answer.sources or answer.confidence == "none":
        text = (
            "I couldn't find an official ruling or rule that answers that. Try naming the card"
            " (`/rulings`) or the rule (`/cr`)."
        )
        return Reply(content=" ".join([text, *answer.notes]), confidence="none")
    best, *rest = ordered_sources(answer)
    said, body = verdict(best)
    lead = [f"**{said}**"] if said else []
    lead += [f"**{_cite(best)}**", limits.truncate(in_rule_order(body), LEAD_TEXT)]
    fields = [
        Field(f"Oracle · {card.name}", limits.truncate(_oracle_line(card), ORACLE_TEXT))
        for card in cards[:ANSWER_CARDS]
    ]
    if rest:
        cited = limits.join_within([_cite(s) for s in rest], MORE_SOURCES)
        fields.append(Field("More sources (next pages)", cited))
    footer = f"Confidence: {answer.confidence}"
    if cr_date:
        footer += f" · CR effective {cr_date}"
    if answer.confidence == "low":
        footer += " · low confidence: check the sources"
    for note in answer.notes:  # "Only the first 1000 characters of the question were read."
        footer += f" · {note}"
    title = limits.quote_user(answer.question, 200)
    color = ANSWER_COLORS.get(answer.confidence)
    first = Embed(title=title, description="\n".join(lead), fields=fields, footer=footer,
                  color=color)  # fmt: skip
    more = [
        Embed(title=_cite(s), description=in_rule_order(s.text), footer=footer, color=color)
        for s in (best, *rest)
        if s is not best or len(body) > LEAD_TEXT
    ]
    return Reply(
        embeds=[first],
        pages=[first, *more] if more else [],
        feedback=True,
        confidence=answer.confidence,
        sources=[_cite(s) for s in (best, *rest)],
    )


def _oracle_line(card: Card) -> str:
    if len(card.faces) > 1:
        return " // ".join(f"{f.name}: {_one_line(f.oracle_text)}" for f in card.faces)
    return _one_line(card.oracle_text) or card.type_line


def _one_line(text: str) -> str:
    return " ".join(text.split())


HELP = """What I answer (the same on Discord and in `rulesbot console`):
  /card NAME        a card's Oracle text          /rulings NAME   its official rulings
  /cr 702.19b       a rule (number or keyword)    /define TERM    a glossary term or players' word
  /ask QUESTION     a free rules question         /about          data freshness and sources
  /board FILE       the rules engine on a board spec (YAML/JSON)
  /config           server settings (admins)      /help           this
  [[card]] [[?card]] rulings  [[!card]] image  [[card|set]]  inline, in any message
  In an auto-answer channel, rules questions are answered unasked when I'm sure enough."""


def help_reply() -> Reply:
    return Reply(content=HELP, ephemeral=True)


def about_reply(status: dict[str, object]) -> Reply:
    counts = status.get("counts")
    lines = []
    if isinstance(counts, dict):
        lines.append(", ".join(f"{v} {k}" for k, v in counts.items()))
    for key, label in (
        ("cr_effective_date", "Comprehensive Rules effective"),
        ("built_at", "Knowledge base built"),
    ):
        if status.get(key):
            lines.append(f"{label}: {status[key]}")
    fields = [Field("Data", "\n".join(lines) or "unknown"), Field("Attribution", ATTRIBUTION)]
    embed = Embed(
        title="rulesbot",
        description=(
            "Answers Magic: The Gathering rules questions from the official card rulings and the "
            "Comprehensive Rules, citing every source. Open source and self-hostable."
        ),
        fields=fields,
        color=RULE_COLOR,
    )
    return Reply(embeds=[embed])
