"""Hypothesis strategies for hostile input: command-line and console arguments, ``--batch``
lines and board files. Each produces what an attacker or an unlucky user could really send."""

from __future__ import annotations

import json

from hypothesis import strategies as st

# -- text ------------------------------------------------------------------------------------

# every code point, lone surrogates (what Python makes of undecodable argv bytes) included
ANY_CHAR = st.characters(exclude_categories=())
FTS5_SYNTAX = ['"', "*", "NEAR(", "^", ")", "(", "AND", "OR", "NOT", ":", "-", "+", "'", "{", "}"]
ODD_PIECES = [
    "\x00",
    "\udcff",  # an undecodable byte as argv delivers it
    "\ud800",
    "\ufeff",
    "\u202e",  # right-to-left override
    "\u200b",
    "\r",
    "\t",
    "\x1b[31m",
    "@everyone",
    "<@123>",
    "[[",
    "]]",
    "[[?",
    "%s%n",
    "../../etc/passwd",
    "702.19b",
    "999.999z",
    "Ｔａｒｍｏｇｏｙｆ",  # full-width, NFKC folds it
    "ﬁ",
    "Æther",
]


@st.composite
def long_text(draw: st.DrawFn, least: int = 1_000, most: int = 10_000) -> str:
    """A long string built by repetition (hypothesis can't draw 10,000 characters directly)."""
    unit = draw(st.text(ANY_CHAR, min_size=1, max_size=4) | st.sampled_from(FTS5_SYNTAX))
    return unit * (draw(st.integers(least, most)) // len(unit) + 1)


def hostile_text() -> st.SearchStrategy[str]:
    """A query or argument: unicode (surrogates too), NUL, FTS5 syntax, odd pieces, long runs."""
    piece = (
        st.text(ANY_CHAR, max_size=12)
        | st.sampled_from(FTS5_SYNTAX)
        | st.sampled_from(ODD_PIECES)
        | st.sampled_from(["trample", "goyf", "jace", "soul separator", "702.19", "lethal"])
    )
    joined = st.lists(piece, max_size=6).map(" ".join)
    return joined | long_text() | st.just("") | st.just(" ")


ODD_PATHS = ["", "/", ".", "/dev/null", "/dev/zero", "/nonexistent/x.sqlite", "a\x00b", "\udcff"]
ODD_FLAGS = ["--json", "--json", "-h", "--", "--no-such-flag", "-", "--json=1", "--db", "-x", "--"]


@st.composite
def cli_arguments(draw: st.DrawFn) -> list[str]:
    """One ``rulesbot`` command line: a lookup command, hostile words, odd flags in any order."""
    command = draw(st.sampled_from(["card", "rulings", "cr", "define", "ask"]))
    words = draw(st.lists(hostile_text(), max_size=3))
    flags = draw(st.lists(st.sampled_from(ODD_FLAGS), max_size=2))
    if draw(st.booleans()):
        flags += ["--db", draw(st.sampled_from(ODD_PATHS))]
    args = words + flags
    return [command, *draw(st.permutations(args))]


# -- console lines ---------------------------------------------------------------------------

CONSOLE_COMMANDS = [
    "/card",
    "/rulings",
    "/cr",
    "/define",
    "/ask",
    "/image",
    "/about",
    "/help",
    "/board",
    "/",
    "//",
    "/nonsense",
    "",
    "[[",
    "[[?",
]


def _encoded(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


@st.composite
def console_line(draw: st.DrawFn) -> bytes:
    """One console line as bytes (no newline): a command with hostile text, or raw bytes."""
    raw = st.binary(max_size=40).map(lambda b: b.replace(b"\n", b""))
    board_path = st.sampled_from(["a\x00b", "/dev/zero", "/", "/nonexistent", "\udcff", ""])
    command = draw(st.sampled_from(CONSOLE_COMMANDS))
    if command == "/board":
        line = _encoded(f"/board {draw(board_path)}")
    else:
        line = (
            draw(raw)
            if draw(st.integers(0, 4)) == 0
            else _encoded(f"{command} {draw(hostile_text())}")
        )
    if line.strip() in (b"/quit", b"/exit"):
        line += b" x"  # ending the session early would hide the lines after it
    return line.replace(b"\n", b" ")


# -- --batch lines ---------------------------------------------------------------------------

_ID_VALUES = [
    '"a"',
    "1",
    "-0",
    "1.5",
    "null",
    "true",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "[1]",
    '{"x": 1}',
    '"\\ud800"',
    '"\\udcff"',
    '"\\u0000"',
    "1" + "0" * 5000,
]
_QUESTION_VALUES = [
    '"what does trample do?"',
    '""',
    '"  "',
    "7",
    "null",
    "[]",
    '"\\ud800 trample"',
    '"\\"NEAR( * ^"',
    '"\\u0000\\u0000\\u0000"',
]


@st.composite
def batch_line(draw: st.DrawFn) -> bytes:
    """One ``--batch`` line (no newline): a record with hostile fields, or hostile bytes."""
    kind = draw(st.integers(0, 9))
    if kind == 0:  # invalid UTF-8 and other raw bytes
        return draw(st.binary(max_size=60)).replace(b"\n", b"")
    if kind == 1:  # deep nesting
        depth = draw(st.integers(500, 60_000))
        opener = draw(st.sampled_from([b"[", b'{"a":', b'{"question":[']))
        return opener * depth
    if kind == 2:  # a huge line (the line cap is 64 kB)
        size = draw(st.sampled_from([64_001, 100_000, 1_000_000]))
        return b'{"id": "huge", "question": "' + b"x" * size + b'"}'
    if kind == 3:  # empty, blank or not an object
        return draw(st.sampled_from([b"", b" ", b"\t", b"\r", b"null", b"[]", b'"q"', b"1", b"{"]))
    if kind == 4:  # a BOM where only the first line may have one
        return b"\xef\xbb\xbf" + _encoded(json.dumps({"id": 4, "question": "trample?"}))
    if kind == 5:  # a long question (the service reads 1,000 characters)
        question = draw(long_text(1_000, 12_000))
        return _encoded('{"id": "long", "question": ' + json.dumps(question) + "}")
    if kind == 6:  # a question of hypothesis text (surrogates as \\u escapes)
        question = draw(hostile_text())
        return _encoded(json.dumps({"id": draw(st.integers()), "question": question}))
    if kind == 7:  # a huge number anywhere
        digits = draw(st.integers(4_000, 6_000))
        return b'{"id": 7, "question": "trample?", "n": ' + b"9" * digits + b"}"
    id_value = draw(st.sampled_from(_ID_VALUES))
    question = draw(st.sampled_from(_QUESTION_VALUES))
    return _encoded(f'{{"id": {id_value}, "question": {question}}}')


# -- board files -----------------------------------------------------------------------------

VALID_BOARD = """\
cards:
  Grizzly Bears: {mana_cost: '{1}{G}', type_line: Creature — Bear, pt: 2/2}
board:
  turn: {active: P1, number: 3, step: combat_damage}
  players: {P1: {life: 20}, P2: {life: 20}}
  battlefield:
    - {id: bear, card: Grizzly Bears, controller: P1, attacking: P2}
questions:
  - kind: combat_damage
"""


# the valid board with one field's value left open (@@)
FIELD_TEMPLATES = [
    VALID_BOARD.replace("life: 20}, P2", "life: @@}, P2"),
    VALID_BOARD.replace("number: 3,", "number: @@,"),
    VALID_BOARD.replace("pt: 2/2", "pt: @@"),
    VALID_BOARD.replace("id: bear,", "id: @@,"),
    VALID_BOARD.replace("- kind: combat_damage", "- kind: @@"),
    VALID_BOARD.replace("controller: P1,", "controller: @@,"),
]


def billion_laughs(depth: int, fanout: int) -> str:
    lines = ["a0: &a0 [lol]"]
    for level in range(1, depth + 1):
        refs = ", ".join([f"*a{level - 1}"] * fanout)
        lines.append(f"a{level}: &a{level} [{refs}]")
    lines.append(f"board: *a{depth}")
    return "\n".join(lines) + "\n"


ODD_SCALARS = [
    ".nan",
    ".inf",
    "-.inf",
    "0x7fffffffffffffff",
    "0o777",
    "1e999",
    "-0",
    "~",
    "yes",
    "2026-12-01",
    "2026-12-01T20:00:00Z",
    "!!binary aGVsbG8=",
    "!!python/object/apply:os.system ['true']",
    "!!set {a, b}",
    "!!omap [{a: 1}]",
    "'\\x00'",
    '"\\0"',
    '"\\udcff"',
    "<<: {a: 1}",
    "? complex key",
    "|\n  block",
    "@reserved",
    "`reserved",
    "%TAG",
    "*undefined_alias",
    "&anchor value",
    "9" * 5_000,
    "1." + "1" * 5_000,
    "-" + "9" * 400,
]


@st.composite
def board_file(draw: st.DrawFn) -> bytes:
    """A hostile board file (YAML or JSON bytes)."""
    kind = draw(st.integers(0, 9))
    if kind == 0:  # aliases: a billion laughs, or just a few
        return billion_laughs(draw(st.integers(1, 12)), draw(st.integers(2, 12))).encode()
    if kind == 1:  # deep nesting, YAML flow or block, or JSON
        depth = draw(st.integers(33, 20_000))
        style = draw(st.integers(0, 2))
        if style == 0:
            return b"board: " + b"[" * depth + b"]" * depth + b"\n"
        if style == 1:
            return ("".join(f"{'  ' * i}a:\n" for i in range(min(depth, 2_000))) + "  x\n").encode()
        return b'{"board": ' + b"[" * depth + b"]" * depth + b"}"
    if kind == 2:  # size: too many keys, a long string, a file over the byte cap
        size = draw(st.sampled_from([30_000, 300_000, 2_000_000]))
        if draw(st.booleans()):
            return b"board:\n" + b"".join(b"  k%d: 1\n" % i for i in range(size // 10))
        return b"notes: '" + b"x" * size + b"'\n"
    if kind == 3:  # an odd scalar in a real field
        template = draw(st.sampled_from(FIELD_TEMPLATES))
        scalar = draw(st.sampled_from(ODD_SCALARS))
        return template.replace("@@", scalar).encode("utf-8", "surrogatepass")
    if kind == 4:  # raw bytes: not UTF-8, NUL, BOM
        prefix = draw(st.sampled_from([b"", b"\xef\xbb\xbf", b"\xff\xfe", b"\x00"]))
        return prefix + draw(st.binary(max_size=200))
    if kind == 5:  # many questions
        count = draw(st.sampled_from([26, 200, 5_000]))
        return (VALID_BOARD + "  - kind: combat_damage\n" * count).encode()
    if kind == 6:  # many objects
        count = draw(st.integers(50, 3_000))
        objects = "".join(
            f"    - {{id: b{i}, card: Grizzly Bears, controller: P1}}\n" for i in range(count)
        )
        return VALID_BOARD.replace("  battlefield:\n", "  battlefield:\n" + objects).encode()
    if kind == 7:  # a huge count or number where a small one is expected
        number = draw(st.sampled_from(["9" * 14, "9" * 16, "9" * 5_000, "-1", "1e308"]))
        return VALID_BOARD.replace("life: 20}, P2", f"life: {number}}}, P2").encode()
    if kind == 8:  # hypothesis text in the question kind and card names
        text = json.dumps(draw(hostile_text()))
        return (
            VALID_BOARD.replace("combat_damage\n", f"{text}\n")
            .replace("card: Grizzly Bears", f"card: {text}")
            .encode("utf-8", "surrogatepass")
        )
    # a valid board: it must still be answered (exit 0)
    return VALID_BOARD.encode()


# -- Scryfall cards files (engine-coverage --cards) ------------------------------------------

_CARD_VALUES = st.one_of(
    hostile_text(),
    st.integers(),
    st.floats(),
    st.none(),
    st.booleans(),
    st.lists(st.text(max_size=5), max_size=3),
    st.dictionaries(st.text(max_size=5), st.text(max_size=5), max_size=3),
)
_CARD_FIELDS = ["name", "oracle_text", "type_line", "mana_cost", "layout", "power", "card_faces"]


@st.composite
def cards_file(draw: st.DrawFn, most_depth: int = 1_000) -> bytes:
    """A hostile ``oracle-cards.json``: odd card fields, garbage, nesting up to ``most_depth``."""
    kind = draw(st.integers(0, 3))
    if kind == 0:  # cards whose fields hold anything
        cards = draw(
            st.lists(st.dictionaries(st.sampled_from(_CARD_FIELDS), _CARD_VALUES), max_size=8)
        )
        return json.dumps(cards).encode("utf-8", "surrogatepass")
    if kind == 1:  # nesting inside a card, or of the list itself
        depth = draw(st.integers(2, most_depth))
        return b'[{"name": "x", "oracle_text": ' + b"[" * depth + b"]" * depth + b"}]"
    if kind == 2:  # not a list of cards at all
        return draw(st.sampled_from([b"", b"{}", b"null", b"[1, 2]", b'"cards"', b"[", b"\xff"]))
    return draw(st.binary(max_size=200))
