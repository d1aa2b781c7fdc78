"""Whether the bot answers a chat message unasked, and why: one decision for the Discord
auto-answer channel and ``rulesbot console --channel auto``.

In order: the gate (``bot.service.gate``: a question that names the game's rules), the
cooldowns (one answer per person and per channel per while), the answer itself, and the
server's confidence threshold. Any "no" is silence, with the reason kept for ``--why``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from bot.render.reply import Reply
from bot.service.cooldowns import AutoAnswerCooldowns
from bot.service.gate import GateVerdict

if TYPE_CHECKING:
    from bot.service.core import RulesService

AutoOutcome = Literal[
    "answered",  # posts the answer
    "gate",  # silent: not a rules question (GateVerdict says why)
    "cooldown",  # silent: answered this person or channel too recently
    "no_answer",  # silent: nothing in the knowledge base answers it
    "below_threshold",  # silent: the answer is less sure than the server asks for
    "failed",  # silent: the lookup failed (logged)
]


@dataclass(frozen=True)
class AutoDecision:
    outcome: AutoOutcome
    gate: GateVerdict
    reply: Reply | None = None  # what the bot posts (only when answered)
    confidence: str | None = None
    threshold: str = "high"

    @property
    def posts(self) -> bool:
        return self.outcome == "answered"

    def why(self) -> str:
        """One line: why the bot would post or stay silent."""
        gate = f"gate: {self.gate.explain()}"
        sure = f"confidence {self.confidence or 'none'}, threshold {self.threshold}"
        return {
            "answered": f"posts: {gate}; {sure}; cooldowns clear",
            "gate": f"silent: {gate}",
            "cooldown": f"silent: {gate}; but it answered this person or channel too recently",
            "no_answer": f"silent: {gate}; nothing in the rulings or rules answers it",
            "below_threshold": f"silent: {gate}; {sure}",
            "failed": f"silent: {gate}; the lookup failed",
        }[self.outcome]


CooldownKey = tuple[int, int, int]  # (server, channel, person)


async def decide(
    service: RulesService,
    text: str,
    *,
    threshold: str,
    cooldowns: AutoAnswerCooldowns,
    key: CooldownKey,
) -> AutoDecision:
    """The auto-answer decision for one message; counts the cooldown when it answers."""
    from bot.service.core import ServiceError, meets_threshold

    gate = await service.gate(text)
    if not gate.passes:
        return AutoDecision("gate", gate, threshold=threshold)
    if not cooldowns.ready(*key):
        return AutoDecision("cooldown", gate, threshold=threshold)
    try:
        reply = await service.ask(text)
    except ServiceError:
        return AutoDecision("failed", gate, threshold=threshold)
    if not reply.feedback or reply.confidence in (None, "none"):
        return AutoDecision("no_answer", gate, confidence=reply.confidence, threshold=threshold)
    if not meets_threshold(reply.confidence, threshold):
        return AutoDecision("below_threshold", gate, None, reply.confidence, threshold)
    if not cooldowns.ready(*key):  # another answer went out while this one was looked up
        return AutoDecision("cooldown", gate, threshold=threshold)
    cooldowns.hit(*key)
    return AutoDecision("answered", gate, reply, reply.confidence, threshold)
