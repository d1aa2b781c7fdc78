"""Old import path of the Oracle compiler, kept for callers outside the engine
(bot/mechanics.py, bot/cli/board.py). The compiler lives in ``engine.oracle``."""

from engine.oracle.card import CardDefinition, compile_all_faces, compile_card

__all__ = ["CardDefinition", "compile_all_faces", "compile_card"]
