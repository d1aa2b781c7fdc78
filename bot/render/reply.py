"""What the bot posts, independent of Discord's library: embeds as plain data, replies, pages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.render import limits


@dataclass
class Field:
    name: str
    value: str
    inline: bool = False


@dataclass
class Embed:
    """An embed kept inside Discord's limits by ``fitted()``."""

    title: str = ""
    description: str = ""
    url: str | None = None
    fields: list[Field] = field(default_factory=list)
    footer: str = ""
    image_url: str | None = None
    color: int | None = None

    def size(self) -> int:
        parts = [self.title, self.description, self.footer]
        parts += [f.name + f.value for f in self.fields]
        return sum(len(p) for p in parts)

    def fitted(self) -> Embed:
        """A copy cut to every per-part limit and to the 6000-character total."""
        fields = [
            Field(
                limits.truncate(f.name or "\u200b", limits.FIELD_NAME),
                limits.truncate(f.value or "\u200b", limits.FIELD_VALUE),
                f.inline,
            )
            for f in self.fields
        ]
        if len(fields) > limits.FIELDS:
            extra = len(fields) - (limits.FIELDS - 1)
            fields = fields[: limits.FIELDS - 1]
            fields.append(Field("\u200b", f"{limits.ELLIPSIS} and {extra} more"))
        out = Embed(
            title=limits.truncate(self.title, limits.EMBED_TITLE),
            description=limits.truncate(self.description, limits.EMBED_DESCRIPTION),
            url=self.url,
            fields=fields,
            footer=limits.truncate(self.footer, limits.FOOTER),
            image_url=self.image_url,
            color=self.color,
        )
        while out.size() > limits.EMBED_TOTAL and out.fields:
            dropped = out.fields.pop()
            if not dropped.value.startswith(limits.ELLIPSIS):
                out.footer = limits.truncate(
                    (out.footer + " · " if out.footer else "") + "some sources left out",
                    limits.FOOTER,
                )
        if out.size() > limits.EMBED_TOTAL:
            room = limits.EMBED_TOTAL - (out.size() - len(out.description))
            out.description = limits.truncate(out.description, max(room, 0))
        return out

    def to_dict(self) -> dict[str, Any]:
        """The Discord JSON shape (what ``discord.Embed.from_dict`` takes)."""
        fitted = self.fitted()
        data: dict[str, Any] = {"type": "rich"}
        if fitted.title:
            data["title"] = fitted.title
        if fitted.description:
            data["description"] = fitted.description
        if fitted.url:
            data["url"] = fitted.url
        if fitted.color is not None:
            data["color"] = fitted.color
        if fitted.fields:
            data["fields"] = [
                {"name": f.name, "value": f.value, "inline": f.inline} for f in fitted.fields
            ]
        if fitted.footer:
            data["footer"] = {"text": fitted.footer}
        if fitted.image_url:
            data["image"] = {"url": fitted.image_url}
        return data

    def to_text(self) -> str:
        """The embed as plain text, for the console and logs."""
        lines: list[str] = []
        if self.title:
            lines.append(f"## {self.title}" + (f"  <{self.url}>" if self.url else ""))
        if self.description:
            lines.append(self.description)
        for f in self.fields:
            lines.append(f"-- {f.name}")
            lines.append(f.value)
        if self.image_url:
            lines.append(f"[image] {self.image_url}")
        if self.footer:
            lines.append(f"({self.footer})")
        return "\n".join(lines)


@dataclass
class Reply:
    """One message the bot would post.

    ``pages`` (when more than one) are shown one at a time with previous/next buttons;
    ``choices`` are "did you mean" names; ``ephemeral`` marks errors and choices.
    """

    content: str = ""
    embeds: list[Embed] = field(default_factory=list)
    pages: list[Embed] = field(default_factory=list)
    choices: list[str] = field(default_factory=list)
    ephemeral: bool = False
    feedback: bool = False  # offer 👍/👎 buttons (free-question answers)
    confidence: str | None = None  # free-question answers: high / medium / low / none
    card_id: str | None = None  # the card a rulings reply is about (its pages re-render from it)
    not_found: bool = False  # nothing by that name or number ("did you mean" choices may follow)
    sources: list[str] = field(default_factory=list)  # an answer's citations, as shown (lead first)
    board_spec: str = ""  # the rules engine answered a described board: the spec it read (YAML)

    def first_embeds(self) -> list[Embed]:
        if self.pages:
            return [self.pages[0]]
        return self.embeds[: limits.EMBEDS_PER_MESSAGE]

    def message_content(self) -> str:
        return limits.truncate(self.content, limits.MESSAGE)

    def to_text(self, controls: bool = True) -> str:
        """The reply as plain text. ``controls`` shows what only Discord has (buttons, "only
        you can see this"), as the console does; the CLI's lookups leave it out."""
        parts: list[str] = []
        if self.content:
            parts.append(self.content)
        for embed in self.first_embeds():
            parts.append(embed.to_text())
        if len(self.pages) > 1 and controls:
            parts.append(f"[page 1/{len(self.pages)} · buttons: ◀ ▶]")
        if self.choices:
            parts.append(choice_list(self.choices))
        if self.feedback and controls:
            board = " · That's not my board" if self.board_spec else ""
            parts.append(f"[buttons: 👍 👎{board}]")
        if self.ephemeral and controls:
            parts.append("(only you can see this)")
        return "\n".join(parts)


def choice_list(choices: list[str], room: int = 1000) -> str:
    """ "Did you mean:" once, then one name a line (card names hold commas: "Jace, the Mind
    Sculptor"), within ``room`` characters."""
    if not choices:
        return ""
    return "Did you mean:\n" + limits.join_within([f"• {c}" for c in choices], room)


def error(message: str) -> Reply:
    """A polite failure, shown only to the person who asked."""
    return Reply(content=limits.truncate(message, limits.MESSAGE), ephemeral=True)
