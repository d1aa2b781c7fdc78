"""The rules engine: a board spec and a typed question in, an answer with CR-cited steps out.

Pure Python: no I/O, no Discord, no SQL. Card definitions arrive through ``engine.cards``.
"""
