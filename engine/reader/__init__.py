"""The chat board reader: a player's description in, a board spec, one question and a reading
report out (see docs/reader.md). Pure: no I/O; card names come through ``CardNames``."""

from engine.reader.answers import EngineReply, answer
from engine.reader.names import CardMention, CardNames
from engine.reader.reader import Reading, read

__all__ = ["CardMention", "CardNames", "EngineReply", "Reading", "answer", "read"]
