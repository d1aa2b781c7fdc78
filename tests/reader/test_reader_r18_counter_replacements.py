"""A permanent cast this turn for X beside a counter replacement effect (R18, session 14):
"Hardened Scales is out, I cast Walking Ballista with X=2" is given to the engine as entering
with its counters (614.1a, 122.6: counters it enters with are put on it, so the effect applies),
not with X counters shown; the engine applies the effect (616.1 orders several). A replacement
that came this turn (it may have come after), or a permanent cast earlier, keeps X counters
shown, which the engine doesn't verify beside the effect. The texts are my own."""

from __future__ import annotations

import pytest
from fixture_names import FixtureNamesWith

from engine.reader import answer, read

EXTRA = {
    "Hardened Scales": {
        "mana_cost": "{G}",
        "type_line": "Enchantment",
        "oracle_text": "If one or more +1/+1 counters would be put on a creature you control,"
        " that many plus one +1/+1 counters are put on it instead.",
    },
    "Corpsejack Menace": {
        "mana_cost": "{2}{B}{G}",
        "type_line": "Creature — Fungus",
        "pt": "4/4",
        "oracle_text": "If one or more +1/+1 counters would be put on a creature you control,"
        " twice that many +1/+1 counters are put on it instead.",
    },
}


@pytest.fixture
def names() -> FixtureNamesWith:
    return FixtureNamesWith(EXTRA)


def _ballista(text: str, names: FixtureNamesWith) -> dict[str, object]:
    spec = read(text, names).spec
    assert spec is not None
    return next(e for e in spec["board"]["battlefield"] if e["id"] == "walking_ballista")


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("I control Hardened Scales. This turn I cast Walking Ballista with X=3. P/T?", "4/4"),
        ("my Corpsejack Menace is out. I cast Walking Ballista for X=1 this turn. its p/t?", "2/2"),
    ],
)
def test_x_counters_beside_a_replacement_are_put_as_it_enters(
    text: str, start: str, names: FixtureNamesWith
) -> None:
    entry = _ballista(text, names)
    assert entry.get("entering") is True and "counters" not in entry, entry
    reply = answer(read(text, names), names)
    assert reply.verified, reply.concerns
    assert reply.answer.startswith(start), reply.answer


def test_an_opponents_scales_does_not_change_my_counters(names: FixtureNamesWith) -> None:
    text = "my opponent controls Hardened Scales. I cast Walking Ballista with X=2. P/T?"
    reply = answer(read(text, names), names)
    assert reply.verified, reply.concerns
    assert reply.answer.startswith("2/2"), reply.answer


@pytest.mark.parametrize(
    "text",
    [
        # the Scales came this turn too: the reader doesn't order them (it may have come after)
        "I played Hardened Scales this turn and cast Walking Ballista with X=2 this turn. what's"
        " the ballista's p/t?",
        # cast on an earlier turn: the counters it has now aren't the ones it entered with
        "I have Hardened Scales. I cast Walking Ballista with X=2 last turn. what is its p/t?",
    ],
)
def test_x_counters_stay_shown_when_the_effect_may_not_have_applied(
    text: str, names: FixtureNamesWith
) -> None:
    reading = read(text, names)
    entry = _ballista(text, names)
    assert not entry.get("entering") and entry.get("counters") == {"+1/+1": 2}, entry
    assert not answer(reading, names).verified, text
