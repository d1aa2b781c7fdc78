"""Counter replacement effects applied as counters are put (E6, session 14).

"If one or more +1/+1 counters would be put on a creature you control, that many plus one ...
instead" (Hardened Scales) and "... twice that many ..." (Doubling Season, Corpsejack Menace)
are replacement effects (614.1a). Counters are "put on" a permanent both by an effect while it
is on the battlefield and as it enters with them (122.6), so they change a spell's counters and
an entering permanent's. Each applies once to an event (614.5); when two or more apply, the
affected object's controller chooses their order (616.1). "Twice" and "plus one" don't commute
(Doubling Season then Hardened Scales: 2 -> 5; the other way: 2 -> 6), so when the orders give
different counts the count is unknown and the answer names both.

Pure and without the layer system: the callers (characteristics.Layers.counters_of, the spell
resolution) pass what the effects see — each source's controller and ability, the affected
object's card types and controller.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from engine.abilities import CounterReplacement
from engine.answer import Trace

# 616.1: the orders of more effects than this on one event aren't tried (5! = 120 orders)
MAX_ORDERED_REPLACEMENTS = 5


@dataclass(frozen=True)
class CounterSource:
    """A permanent with a counter replacement effect: its id, its controller, the effect."""

    oid: str
    controller: str
    effect: CounterReplacement


@dataclass(frozen=True)
class CountersPut:
    """An event: ``n`` counters of ``kind`` put on ``target`` (its card types, its controller)."""

    target: str
    types: tuple[str, ...]
    controller: str
    kind: str
    n: int
    entering: bool = False


def applies(source: CounterSource, event: CountersPut) -> bool:
    """Whether ``source``'s effect replaces ``event``: the kind of counter, what they're put on
    and who controls it, as its text says."""
    a = source.effect
    if a.counter and a.counter != event.kind:
        return False
    if a.whose == "you" and source.controller != event.controller:
        return False
    if a.on == "self":
        return source.oid == event.target
    if a.on == "creature":
        return "Creature" in event.types
    if a.on == "artifact_or_creature":
        return bool({"Artifact", "Creature"} & set(event.types))
    return a.on == "permanent"


def replaced_counters(
    trace: Trace,
    sources: list[CounterSource],
    event: CountersPut,
    order: tuple[str, ...] = (),
) -> int:
    """How many counters ``event`` puts after the effects of ``sources`` that apply to it;
    ``order``: the ids of their permanents in the order the affected object's controller
    applied them (616.1), when the board says so (``chosen: {replacement_order: "a, b"}``)."""
    matching = [s for s in sources if applies(s, event)]
    if not matching or event.n <= 0:
        return event.n  # "one or more counters would be put": none put, nothing to replace
    what = f"{event.n} {event.kind} counter{'s' if event.n > 1 else ''} on {event.target}"
    if event.entering:
        trace.add("122.6", f"counters {event.target} enters with are put on it")
    for s in matching:
        trace.add(
            "614.1a", f"{s.oid}'s '{s.effect.text}' is a replacement effect: it applies to {what}"
        )
    if len(matching) == 1:
        result = _apply(matching[0].effect, event.n)
        trace.add(
            "614.5",
            f"it applies once: {result} {event.kind} counters on {event.target} instead of "
            f"{event.n}",
        )
        return result
    chooser = event.controller
    if len(matching) > MAX_ORDERED_REPLACEMENTS:
        trace.unknown(
            f"{len(matching)} replacement effects on {what}: {chooser} orders them (616.1), and "
            "not every order was tried"
        )
        return _apply_all([s.effect for s in matching], event.n)
    if order:
        chosen = chosen_order(trace, matching, event, order)
        if chosen is not None:
            return chosen
    results = {_apply_all([s.effect for s in o], event.n) for o in permutations(matching)}
    result = _apply_all([s.effect for s in matching], event.n)
    if len(results) == 1:
        trace.add("614.5", "each of them applies once to this event")
        trace.add(
            "616.1",
            f"{chooser} chooses the order of the {len(matching)} effects; every order gives "
            f"{result}: {result} {event.kind} counters on {event.target}",
        )
        return result
    trace.add("616.1", f"{chooser} chooses the order in which the {len(matching)} effects apply")
    trace.unknown(
        f"how many {event.kind} counters {event.target} gets depends on the order {chooser} "
        f"applies {', '.join(s.oid for s in matching)} (616.1): "
        + " or ".join(str(n) for n in sorted(results))
    )
    return result


def chosen_order(
    trace: Trace, matching: list[CounterSource], event: CountersPut, order: tuple[str, ...]
) -> int | None:
    """The count in the order the board gives (616.1), or None when it doesn't name exactly the
    permanents whose effects apply (then the order is unknown, as if not given)."""
    by_id = {s.oid: s for s in matching}
    if sorted(order) != sorted(by_id):
        trace.add(
            "616.1",
            f"the order given ({', '.join(order)}) doesn't name exactly the effects that apply "
            f"({', '.join(sorted(by_id))})",
        )
        return None
    result = _apply_all([by_id[oid].effect for oid in order], event.n)
    trace.add(
        "616.1",
        f"{event.controller} applied them in the order {', '.join(order)} (as the board says): "
        f"{result} {event.kind} counters on {event.target}",
    )
    return result


def _apply_all(effects: list[CounterReplacement], n: int) -> int:
    for a in effects:
        n = _apply(a, n)
    return n


def _apply(a: CounterReplacement, n: int) -> int:
    if a.change == "plus_one":  # "that many plus one"
        return n + 1
    return n * 2  # "double": "twice that many"
