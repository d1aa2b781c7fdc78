"""Asking the engine the question the reader built, and saying the answer the way it was asked:
a yes/no question starts with "Yes" or "No"; numbers are digits ("3/3", "mana value 2")."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.answer import Answer, Step
from engine.board import BoardError, load_board
from engine.cards import CardText
from engine.questions import EngineError, QuestionError, ask
from engine.reader.names import CardNames
from engine.reader.question import CLAIM_CHECK, CLAIM_DENIED, LIFE_GAINED, LIFE_LOST, THROUGH
from engine.reader.reader import Reading

ENGINE_BUDGET_S = 1.0  # wall-clock budget per question for a chat message (engine default is 2)


@dataclass(frozen=True)
class EngineReply:
    """The engine's answer to a reading, or why there is none."""

    verified: bool
    answer: str  # "" when the engine could not be asked
    steps: tuple[tuple[str, str], ...] = ()
    unmodelled: tuple[str, ...] = ()
    concerns: tuple[str, ...] = ()  # the reading's doubts, as sentences
    error: str | None = None
    data: dict[str, Any] = field(default_factory=dict)


class _Cards:
    """``CardNames`` as the engine's ``CardSource`` (the reader's names are resolved already)."""

    def __init__(self, names: CardNames) -> None:
        self.names = names

    def get(self, name: str) -> CardText | None:
        return self.names.card(name)

    def suggest(self, name: str) -> list[str]:
        return []


def answer(reading: Reading, names: CardNames, budget_s: float = ENGINE_BUDGET_S) -> EngineReply:
    concerns = tuple(reading.concerns)
    if not reading.answerable or reading.spec is None or reading.question is None:
        return EngineReply(False, "", concerns=concerns, error="no board question was read")
    if reading.follow_up and any(r == "ambiguous_pronoun" for r, _ in reading.doubts):
        return EngineReply(False, "", concerns=concerns, error=reading.follow_up)
    try:
        board = load_board(reading.spec["board"], _Cards(names))
        result = ask(board, reading.engine_question or reading.question, budget_s=budget_s)
    except (BoardError, QuestionError, EngineError) as exc:
        return EngineReply(False, "", concerns=concerns, error=str(exc))
    verified = result.verified and result.decided and reading.trusted
    if verified and _entry_order_decides(reading, result, names, budget_s):
        verified = False
        concerns = (*concerns, ENTRY_ORDER_UNSAID)
    named = _namer(reading)
    gap = _unmodelled_answer(reading, result)
    if gap is not None:  # "No tokens" from a token maker the engine can't read is no answer
        return EngineReply(False, "", unmodelled=(named(gap),), concerns=concerns, error=named(gap))
    if result.kind == "can_activate" and "the engine doesn't model" in result.short:
        # (R11) "No — it is an activated ability the engine doesn't model" is no answer
        return EngineReply(False, "", concerns=concerns, error=named(result.short))
    short = phrase(reading, result)
    alone = _lone_blocker_of_two_needed(reading, result, names)
    if alone is not None:
        short, verified = alone, verified and alone.startswith("No")
    short, counted = _one_number(reading, result, short)
    return EngineReply(
        verified,
        named(short),
        tuple((s.rule, named(s.text)) for s in (*result.steps, *counted)),
        tuple(named(u) for u in result.unmodelled),
        concerns,
        data=result.data,
    )


ENTRY_ORDER_UNSAID = (
    "the message doesn't say which permanent came first, and the answer depends on it "
    "(613.7: effects in one layer apply in timestamp order)"
)


def _entry_order_decides(
    reading: Reading, result: Answer, names: CardNames, budget_s: float
) -> bool:
    """A board file lists permanents in the order they entered (docs/board-spec.md), but a
    chat message names them in any order. When effects on one object shared a layer (613.7
    step) and the message gave no order, the board is asked again with the battlefield in the
    opposite order: another answer means the unsaid order decides it (Humility and
    Opalescence, 613.8 and their rulings)."""
    if not any(step.rule == "613.7" for step in result.steps) or reading.spec is None:
        return False
    board = dict(reading.spec["board"])
    battlefield = list(board.get("battlefield") or [])
    if len(battlefield) < 2 or any("timestamp" in row for row in battlefield):
        return False
    board["battlefield"] = battlefield[::-1]
    try:
        other = ask(
            load_board(board, _Cards(names)), reading.engine_question or {}, budget_s=budget_s
        )
    except (BoardError, QuestionError, EngineError):
        return True  # the other order can't be checked: not verified
    return phrase(reading, other) != phrase(reading, result) or not other.verified


# The clause that would answer the question, by kind: a mana question about a card whose "Add"
# clause isn't modelled, a token question whose "create" clause isn't.
_ANSWERING_CLAUSE = {"can_activate": r"\bAdd\b", "mana": r"\bAdd\b", "tokens": r"\bcreates?\b"}


def _unmodelled_answer(reading: Reading, result: Answer) -> str | None:
    """The unmodelled clause the answer would rest on, if there is one: the engine's answer
    without it ("no mana ability", "No tokens") is not an answer."""
    kind = str((reading.question or {}).get("kind"))
    clause = _ANSWERING_CLAUSE.get(kind)
    if clause is None:
        return None
    label = reading.labels.get(reading.about or "", "")
    asked = [u for u in result.unmodelled if re.search(clause, u)]
    if kind != "tokens" and label:
        # the engine says "Name (id): clause"
        asked = [u for u in asked if re.match(rf"{re.escape(label)}\b|{reading.about}\b", u)]
    return asked[0] if asked else None


_PLAIN_ROW = {"id", "card", "controller", "owner", "tapped", "since", "entered", "count", "zone"}


def _lone_blocker_of_two_needed(reading: Reading, result: Answer, names: CardNames) -> str | None:
    """The engine's can_block judges one creature's block (509.1a); "can I block the Brute
    with my Bears" about an attacker with menace needs a second blocker (702.111b, 509.1b):
    with no other untapped creature on the defender's side the answer is No. With one, it is
    "Yes, with another creature" and never verified (which one joins is not checked)."""
    q = reading.question or {}
    if q.get("kind") != "can_block" or not result.data.get("can_block"):
        return None
    if not any(s.rule == "702.111b" or "two or more" in s.text for s in result.steps):
        return None
    rows = ((reading.spec or {}).get("board") or {}).get("battlefield") or []
    blocker = next((r for r in rows if r.get("id") == str(q.get("object")).split("#")[0]), None)
    if blocker is None:
        return None
    others = 0
    for row in rows:
        card = names.card(str(row.get("card") or ""))
        plain = set(row) <= _PLAIN_ROW  # no token, copy, animation: only its card's types count
        creature = card is None or not plain or "Creature" in card.type_line
        same_side = row.get("controller", "P1") == blocker.get("controller", "P1")
        if creature and same_side and not row.get("tapped") and not row.get("attacking"):
            others += int(row.get("count", 1))
    others -= 1  # the blocker itself
    if others < 1:
        return (
            "No — it has menace: it can't be blocked except by two or more creatures, and"
            " there is no other untapped creature to block with it (702.111b)."
        )
    return "Yes, together with another creature — it has menace: it needs two or more blockers."


def _namer(reading: Reading) -> Callable[[str], str]:
    """The engine speaks in object ids ("llanowar_elves", "forest#2"); players read names."""
    ids = sorted(reading.labels, key=len, reverse=True)
    if not ids:
        return lambda text: text
    pattern = re.compile(r"(?<![\w#])(" + "|".join(map(re.escape, ids)) + r")(#\d+)?(?![\w])")

    def named(text: str) -> str:
        def name(m: re.Match[str]) -> str:
            label = reading.labels[m.group(1)]
            return f"{label} {m.group(2)}" if m.group(2) else label

        out = pattern.sub(name, text)
        # "Grizzly Bears (Grizzly Bears)": the engine's "name (id)" becomes one name
        return re.sub(r"\b([^();:]+?) \(\1( #\d+)?\)", r"\1\2", out)

    return named


def phrase(reading: Reading, result: Answer) -> str:
    """The engine's short answer, led by what the player asked; (R10) "is he right?" about a
    claim is answered Yes when the claim holds: a claim that something can't happen holds
    when the engine says No."""
    said = _phrase(reading, result)
    claimed = CLAIM_CHECK in reading.asked or CLAIM_DENIED in reading.asked
    if not result.decided or not claimed:
        return said
    verdict = re.match(r"(Yes|No)\b[\s,.—-]*", said)
    if verdict is None:
        return said
    holds = (verdict.group(1) == "Yes") != (CLAIM_DENIED in reading.asked)
    claim = "the claim holds" if holds else "the claim is wrong"
    return f"{'Yes' if holds else 'No'} — {claim}. The engine: {said}"


def _phrase(reading: Reading, result: Answer) -> str:
    if not result.decided:
        return result.short
    data = result.data
    focus = reading.focus
    about = reading.about
    label = reading.labels.get(about or "", "it")
    if result.kind == "characteristics":
        return f"{_characteristic(focus, data, reading.detail)} — {result.short}"
    makes_none = "amount" in data and not data.get("amount")
    if result.kind == "can_activate" and data.get("can_activate") and makes_none:
        # the player asks for mana: an ability that can be activated but makes none is a No
        return f"No — {label} can be tapped, but it makes no mana: {result.short}"
    if focus == "produces" and result.kind == "can_activate":
        wanted = reading.detail or ""
        if data.get("can_activate") and wanted and wanted not in data.get("produces", []):
            made = "".join(f"{{{c}}}" for c in data.get("produces", [])) or "no mana"
            return f"No — {label} can be tapped, but it makes {made}, not {{{wanted}}}."
        return result.short
    if focus == "produces" and result.kind == "mana":
        rows = data.get("sources", [])
        colors = sorted({c for r in rows for c in r.get("produces", [])}, key="WUBRGC".index)
        wanted = reading.detail or ""
        shown = "".join(f"{{{c}}}" for c in colors) or "no mana"
        blocked = [
            reason for r in rows if not r.get("can_activate_now") for reason in r.get("reasons", [])
        ]
        if blocked and (colors and (not wanted or wanted in colors)):
            # it could produce it (106.7), but it can't be tapped for it now
            return f"No — {label} could make {shown}, but not now: {'; '.join(blocked)}."
        if not wanted:  # "can it make mana?"
            verdict = "Yes" if colors else "No"
            return f"{verdict} — {label} can make {shown}. {result.short}"
        if wanted in colors:
            return f"Yes — {label} can make {{{wanted}}} ({shown}). {result.short}"
        return f"No — {label} can make {shown}, not {{{wanted}}}. {result.short}"
    if focus == "amount" and result.kind == "can_activate":
        amount = data.get("amount", 0) if data.get("can_activate") else 0
        return f"{amount} mana — {re.sub(r'^Yes — ', '', result.short)}"
    if focus in ("mana", "amount") and result.kind == "mana":
        return _mana_now(data, result.short, focus)
    if focus == "legend_rule" and result.kind == "after_sba":
        events = " ".join(str(e) for e in data.get("events", []))
        applies = "legend rule" in events or bool(data.get("choices"))
        said = re.sub(r"^No (?=state-based)", "no ", result.short)
        return f"{'Yes' if applies else 'No'} — {said}"
    if focus == "combat_check" and "life" in data and reading.detail == THROUGH:
        # "does the damage go through?": combat damage dealt to the defending player (510.2)
        defender = _defender(reading)
        taken = _life_before(reading, defender) - int(data["life"].get(defender, 20))
        who = "you take" if defender == "P1" else "your opponent takes"
        verdict = f"Yes — {who} {taken}" if taken > 0 else "No — no damage reaches the player"
        return f"{verdict}. {result.short}"
    if focus == "combat" and "life" in data and reading.detail and ":" in reading.detail:
        return f"{_life_lead(reading, data['life'])} {result.short}"
    if focus == "combat_check" and "life" in data and reading.detail:
        start = _life_before(reading, "P2")
        taken = start - int(data["life"].get("P2", start))
        verdict = "Yes" if taken == int(reading.detail) else "No"
        return f"{verdict} — your opponent takes {taken}. {result.short}"
    if result.kind == "spell" and focus == "can":  # "can I Doom Blade it?": a legal target?
        said = " ".join(s.text for s in result.steps if s.rule == "601.2c")
        legal = re.search(r"\bis a legal\b", said) is not None
        return f"{'Yes' if legal else 'No'} — {said or result.short}"
    if result.kind == "spell" and focus == "combat":  # "what's their life total after?"
        after = _life_after(reading, data)
        said = f"{result.short} Life: P1 → {after['P1']}, P2 → {after['P2']}."
        if reading.detail and ":" in reading.detail:  # (R11) what was asked, first
            return f"{_life_lead(reading, after)} {said}"
        return said
    if focus == "deals_damage" and result.kind == "combat_damage" and about:
        return _deals_damage(data, about, reading.detail or "", reading, result.short)
    if result.kind == "spell" and focus == "tokens":  # (R17) "Doom Bladed it, how many?"
        return _tokens_it_leaves(result.short, reading)
    if focus == "loyalty_left" and result.kind in ("combat_damage", "spell") and about:
        return _loyalty_left(result, reading, about, label)
    if focus == "token_attribute" and result.kind == "tokens":
        return _token_attribute(data, reading.detail or "", result.short)
    if focus == "counters_left" and result.kind == "after_sba" and about:
        return f"{_counters_left(data, about, reading.detail or '', label)} {result.short}"
    if focus in ("fate", "dies", "survives") and about and _exiled_instead(result, about):
        return f"{_EXILED_LEAD[focus]} — {label} is exiled instead of dying. {result.short}"
    if focus == "fate" and about:  # (R7) "what happens to the Myr after damage?"
        gone = _died(result, about)
        if gone is not None:
            return f"{label} {'dies' if gone else 'survives'}. {result.short}"
    if focus in ("dies", "survives") and about:
        gone = _died(result, about)
        if gone is not None and focus == "dies":
            verdict = f"Yes — {label} dies" if gone else f"No — {label} survives"
            return f"{verdict}. {result.short}"
        if gone is not None:
            verdict = f"No — {label} dies" if gone else f"Yes — {label} survives"
            return f"{verdict}. {result.short}"
    return result.short


# -- (R11) a question that asks for one number gets that number alone -------------------------
#
# "how much damage do they take?", "what's my life after combat?", "what's its mana value?":
# the short answer says the number asked and what is true without numbers (who dies); the
# engine's breakdown with its other numbers (each creature's assignment, the life totals before
# and after) follows as a step of its own, so the first number a player reads is the answer.

_NUMBER_FOCUSES = frozenset({"mana_value", "power", "toughness"})
_DIGIT = re.compile(r"\d")


def _asks_one_number(reading: Reading) -> bool:
    detail = reading.detail or ""
    if reading.focus in _NUMBER_FOCUSES:
        return True
    return reading.focus == "combat" and ":" in detail  # "loss:P2", "life:P1", "gain:P1"


def _one_number(reading: Reading, result: Answer, short: str) -> tuple[str, tuple[Step, ...]]:
    """The short answer cut to the number asked (and the sentences with no number in them);
    the rest as steps: the damage as assigned (510.1) and the life totals (120.3a, 119.3)."""
    if not result.decided or not _asks_one_number(reading):
        return short, ()
    if result.kind == "characteristics":
        return _one_characteristic(short, result.data), ()
    lead, _, rest = short.partition(". ")
    plain: list[str] = []
    counted: list[str] = []
    for sentence in re.split(r"(?<=[.;])\s+", rest):
        if not sentence.strip():
            continue
        (counted if _DIGIT.search(sentence) else plain).append(sentence.strip())
    said = " ".join([re.sub(r"\s*\([^()]*\d[^()]*\)", "", lead).rstrip(".") + ".", *plain])
    said = re.sub(r";$", ".", said)
    steps = [Step(_breakdown_rule(text), text.rstrip(";")) for text in counted]
    life = _life_step(reading, result)
    if life is not None:
        steps = [st for st in steps if not st.text.startswith("Life:")] + [life]
    return said, tuple(steps)


def _breakdown_rule(text: str) -> str:
    if re.search(r"\bassigns\b", text):
        return "510.1"  # combat damage assignment
    if re.search(r"\bgains?\b[^.]*\blife\b", text):
        return "119.3"  # life gained or lost changes the life total
    return "120.3a"  # damage to a player causes that much life loss


def _life_step(reading: Reading, result: Answer) -> Step | None:
    """ "Life totals: you 15 → 17, your opponent 20 → 18" (119.3, 120.3a)."""
    before = {p: _life_before(reading, p) for p in ("P1", "P2")}
    if result.kind == "spell":
        after = _life_after(reading, result.data)
    elif "life" in result.data:
        after = {p: int(result.data["life"].get(p, before[p])) for p in before}
    else:
        return None
    said = ", ".join(
        f"{who} {before[p]} → {after[p]}" for p, who in (("P1", "you"), ("P2", "your opponent"))
    )
    return Step("119.3", f"Life totals: {said}")


def _one_characteristic(short: str, data: dict[str, Any]) -> str:
    """ "Mana value 0 — Hangarback Walker." (the why is in the steps: 107.3i, 202.3e), "Power 3
    — Tarmogoyf: 3/4."."""
    lead = short.split(" — ", 1)[0]
    name = str(data.get("name") or "")
    if not name:
        return lead + "."
    power, toughness = data.get("power"), data.get("toughness")
    shown = f": {power}/{toughness}" if power is not None and not lead.startswith("Mana") else ""
    return f"{lead} — {name}{shown}."


def _deals_damage(
    data: dict[str, Any], source: str, recipient: str, reading: Reading, short: str
) -> str:
    """(R11) "Yes — Boros Swiftblade deals 2 to Goblin Piker" / "No — Goblin Piker deals no
    combat damage to Boros Swiftblade": the damage it assigned in each combat damage step
    (510.1, 510.4); a replacement that changed its damage leaves the engine's own words."""
    steps = data.get("steps") or []
    if not steps or any(source in (s.get("dealt_instead") or {}) for s in steps):
        return short
    dealt = sum(int((s.get("assignments") or {}).get(source, {}).get(recipient, 0)) for s in steps)
    label = reading.labels.get(source, source)
    to = reading.labels.get(recipient, {"P1": "you", "P2": "your opponent"}.get(recipient, ""))
    if dealt:
        return f"Yes — {label} deals {dealt} damage to {to}. {short}"
    return f"No — {label} deals no combat damage to {to}. {short}"


def _tokens_it_leaves(short: str, reading: Reading) -> str:
    """(R17) The tokens the triggers of a resolved spell make, led by how many: "2 — when its
    trigger resolves, Hangarback Walker creates 2 × Thopter Token (1/1 …)" (603.10a, 111.1);
    several kinds, or none said, leave the engine's own words."""
    made = re.findall(r"\b(\S+) creates (\d+) × ([^()]+?) \(([^()]*)\)", short)
    if len({(n, name) for _, n, name, _ in made}) != 1:
        return short
    maker, n, name, what = made[0]
    label = reading.labels.get(maker, maker)
    return f"{n} — when its trigger resolves, {label} creates {n} × {name} ({what})."


def _loyalty_left(result: Answer, reading: Reading, about: str, label: str) -> str:
    """(R17) "6 — Karn Liberated has 6 loyalty after combat damage.": the loyalty the
    engine's last damage step left (120.3c: damage to a planeswalker removes that many loyalty
    counters), or the loyalty on the board when no damage reached it; at 0 it is put into its
    owner's graveyard (704.5i). Anything else leaves the engine's own words."""
    left = None
    for step in result.steps:
        said = re.search(
            rf"\bplaneswalker {re.escape(about)} removes \d+ loyalty[^:]*: (\d+) left"
            rf"|\bloyalty counters are removed from {re.escape(about)}: (\d+) left",  # (E7) spell
            step.text,
        )
        if step.rule == "120.3c" and said:
            left = int(said.group(1) or said.group(2))
    if left is None:
        board = (reading.spec or {}).get("board", {})
        entry: dict[str, Any] = next(
            (o for o in board.get("battlefield", []) if o.get("id") == about), {}
        )
        loyalty = (entry.get("counters") or {}).get("loyalty")
        if loyalty is None:
            return result.short
        left = int(loyalty)
    if left == 0:
        return f"0 — {label} has no loyalty left and is put into its owner's graveyard (704.5i)."
    after = "the spell's damage" if result.kind == "spell" else "combat damage"
    return f"{left} — {label} has {left} loyalty after {after}."


def _token_attribute(data: dict[str, Any], detail: str, short: str) -> str:
    """(R11) "what's the P/T of the Zombie token I get?": the one token made that the words
    describe ("zombie token", "black zombie token", "spirit copy"), led by what was asked;
    when the words fit none or several, every token made (the engine's list)."""
    focus, _, desc = detail.partition(":")
    rows = [r for r in data.get("tokens") or [] if _token_fits(r, desc.split())]
    if len(rows) != 1:
        return short
    row = rows[0]
    token = row.get("token") or {}
    if focus == "colors":
        lead = " and ".join(token.get("colors") or []).capitalize() or "Colorless"
    elif focus == "mana_value":
        lead = f"Mana value {token.get('mana_value')}"
    else:
        lead = f"{token.get('power')}/{token.get('toughness')}"
    return f"{lead} — {row.get('count', 1)} × {token.get('name')}: {row.get('text')}"


def _token_fits(row: dict[str, Any], words: list[str]) -> bool:
    token = row.get("token") or {}
    said = " ".join(
        [str(token.get("name")), str(row.get("text")), " ".join(token.get("abilities") or [])]
    ).lower()
    copy = not str(token.get("name", "")).endswith("Token")  # a copy of a card (707.2)
    for word in words:
        if word == "copy":
            if not copy:
                return False
        elif word == "token":
            continue
        elif re.sub(r"s$", "", word) not in said and word not in said:
            return False
    return True


def _counters_left(data: dict[str, Any], about: str, kind: str, label: str) -> str:
    """ "1 +1/+1 counter —": what is on it once state-based actions are performed (704.5q)."""
    row = (data.get("battlefield") or {}).get(about)
    if row is None:
        return f"None — {label} is no longer on the battlefield."
    counters = {k: int(n) for k, n in re.findall(r"'([^']+)': (\d+)", str(row))}
    if kind:
        n = counters.get(kind, 0)
        return f"{n} {kind} counter{'s' if n != 1 else ''} —"
    said = ", ".join(f"{n} {k}" for k, n in counters.items()) or "no counters"
    return f"{said} —"


def _mana_now(data: dict[str, Any], short: str, focus: str) -> str:
    """ "What mana can I make": what each source could make (106.7) and which of them can't
    be tapped for it now (302.6, tapped), so a summoning-sick Elf isn't counted."""
    rows = data.get("sources", [])
    now = [r for r in rows if r.get("can_activate_now")]
    blocked = [r for r in rows if not r.get("can_activate_now")]
    said = short
    if focus == "amount":
        said = f"{sum(int(r.get('amount', 1)) for r in now)} mana now — {short}"
    if blocked:
        reasons = "; ".join(
            f"{r.get('object')}: {', '.join(r.get('reasons', [])) or 'not now'}" for r in blocked
        )
        said += f" Not now: {reasons}."
    return said


def _life_after(reading: Reading, data: dict[str, Any]) -> dict[str, int]:
    """The life totals after the spell's damage, life loss and life gain (119.3, 120.3a)."""
    life = {p: _life_before(reading, p) for p in ("P1", "P2")}
    for said in map(str, data.get("outcome", [])):
        hurt = re.search(r"deals (\d+) damage to (P[12])\b|(P[12]) loses (\d+) life", said)
        if hurt:
            player = hurt.group(2) or hurt.group(3)
            life[player] -= int(hurt.group(1) or hurt.group(4))
        gain = re.search(r"(P[12]) gains (\d+) life", said)
        if gain:
            life[gain.group(1)] += int(gain.group(2))
    return life


def _life_lead(reading: Reading, life: dict[str, Any]) -> str:
    """What the player asked, first: "You gain 5 life (20 → 25)." (lifelink, 702.15b),
    "Your opponent takes 4 (20 → 16)." (combat damage to a player, 510.2, 120.3a)."""
    asked, who = str(reading.detail).split(":", 1)
    player = who or _defender(reading)
    before = _life_before(reading, player)
    after = int(life.get(player, before))
    you = player == "P1"
    if asked == LIFE_GAINED:
        gained = max(0, after - before)
        return f"{'You gain' if you else 'Your opponent gains'} {gained} life ({before} → {after})."
    if asked == LIFE_LOST:
        taken = max(0, before - after)
        return f"{'You take' if you else 'Your opponent takes'} {taken} ({before} → {after})."
    return f"{'Your' if you else 'Your opponent’s'} life total: {after} (was {before})."


def _defender(reading: Reading) -> str:
    """The player the creatures attack (508.1): the opponent of the attackers' controller."""
    rows = ((reading.spec or {}).get("board") or {}).get("battlefield") or []
    attacked = [str(r["attacking"]) for r in rows if r.get("attacking") in ("P1", "P2")]
    return attacked[0] if attacked else "P2"


def _life_before(reading: Reading, player: str) -> int:
    players = ((reading.spec or {}).get("board") or {}).get("players") or {}
    return int((players.get(player) or {}).get("life", 20))  # 103.4: 20 unless said


# (R18) "does it die?" of a creature exiled instead (614.6): it never dies (700.4), nor survives
_EXILED_LEAD = {"dies": "No", "survives": "No", "fate": "Exiled"}


def _exiled_instead(result: Answer, about: str) -> bool:
    """(R18) The engine says the asked object would have died but was exiled instead (614.6:
    Scorching Lava kicked, Void Maw): ``data.exiled`` (a spell) or ``data.exiled_instead``."""
    exiled = [*result.data.get("exiled", []), *result.data.get("exiled_instead", [])]
    return any(re.fullmatch(rf"{re.escape(about)}(?:#\d+)?", str(e)) for e in exiled)


def _died(result: Answer, about: str) -> bool | None:
    """Whether the asked object left the battlefield; None when the answer can't say."""
    gone = _left(result, about)
    if gone is False and _own_state_unmodelled(result, about):
        return None  # (S13) a planeswalker whose loyalty wasn't given may have died (704.5i)
    return gone


def _own_state_unmodelled(result: Answer, about: str) -> bool:
    """The engine says part of the asked object itself isn't modelled ("jace's loyalty
    counters (give counters: {loyalty: N})"): that it is still there proves nothing."""
    return any(
        re.match(rf"{re.escape(about)}(?:#\d+)?(?:'s)?\b", str(u)) for u in result.unmodelled
    )


def _left(result: Answer, about: str) -> bool | None:
    data = result.data
    if result.kind == "combat_damage" and "graveyard" in data:
        return about in data["graveyard"]
    if result.kind == "after_sba" and "battlefield" in data:
        return about not in data["battlefield"]
    if result.kind == "spell" and "after_sbas" in data:
        # "X (id) is put into its owner's graveyard: ..." (704.5f, 704.5g, 704.5i); "destroy"
        # as the spell resolves is dying too (700.4)
        said = [*data.get("after_sbas", []), *data.get("outcome", [])]
        return any(
            re.search(
                rf"\({re.escape(about)}(?:#\d+)?\)[^.]*graveyard|destroys? {about}\b"
                rf"|^{re.escape(about)}\b[^.]*\bis destroyed",
                e,
            )
            for e in map(str, said)
        )
    return None


def _characteristic(focus: str | None, data: dict[str, Any], detail: str | None) -> str:
    power, toughness = data.get("power"), data.get("toughness")
    if focus == "pt_check" and detail:
        actual = f"{power}/{toughness}"
        return f"Yes — {actual}" if actual == detail else f"No — it is {actual}, not {detail}"
    if focus == "power_toughness":
        return f"{power}/{toughness}" if power is not None else "No power/toughness"
    if focus == "power":
        return f"Power {power}"
    if focus == "toughness":
        return f"Toughness {toughness}"
    if focus == "mana_value":
        return f"Mana value {data.get('mana_value')}"
    if focus == "colors" and detail:  # "is the token blue?" (R5)
        colors = [str(c).lower() for c in data.get("colors") or []]
        has = not colors if detail == "colorless" else detail in colors
        shown = " and ".join(colors) or "colorless"
        return f"Yes — it is {shown}" if has else f"No — it is {shown}, not {detail}"
    if focus == "colors":
        return " and ".join(data.get("colors") or []).capitalize() or "Colorless"
    if focus == "types" and detail:  # "is it a Zombie Elf?": every word asked is one of its types
        line = str(data.get("type_line") or "")
        has = all(re.search(rf"\b{w}s?\b", line, re.I) for w in re.split(r"[\s-]", detail))
        return f"Yes — {line}" if has else f"No — its types are {line or 'none'}"
    if focus == "types":
        return str(data.get("type_line") or "No types")
    if focus == "name":
        return str(data.get("name"))
    if focus == "is_token":
        return "Yes — it is a token" if data.get("is_token") else "No — it is not a token"
    if focus == "summoning_sick":
        return "Yes — summoning sick" if data.get("summoning_sick") else "No — not summoning sick"
    if focus == "keyword" and detail:
        has = any(str(a).lower().startswith(detail.lower()) for a in data.get("abilities", []))
        return f"Yes — it has {detail}" if has else f"No — it doesn't have {detail}"
    return str(data.get("name") or "It")
