"""The answering service (plain async, no Discord types) and the chat-text readers it uses."""

from bot.service.core import (
    CONFIDENCE_RANK,
    KnowledgeBaseLike,
    RulesService,
    ServiceError,
    meets_threshold,
    respond_to_line,
)
from bot.service.parsing import inline_requests, looks_like_question, parse_line

__all__ = [
    "CONFIDENCE_RANK",
    "KnowledgeBaseLike",
    "RulesService",
    "ServiceError",
    "inline_requests",
    "looks_like_question",
    "meets_threshold",
    "parse_line",
    "respond_to_line",
]
