"""What the engine hands back: an answer, its CR-cited steps, and what it could not model."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.citations import cite


@dataclass(frozen=True)
class Step:
    rule: str  # a CR rule number from engine.citations
    text: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "text": self.text}


@dataclass
class Trace:
    steps: list[Step] = field(default_factory=list)
    unmodelled: list[str] = field(default_factory=list)
    # what is already listed, so adding stays constant time on a board of hundreds of objects
    _seen: set[Step | str] = field(default_factory=set, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._seen.update(self.steps)
        self._seen.update(self.unmodelled)

    def add(self, rule: str, text: str) -> None:
        step = Step(cite(rule), text)
        if step not in self._seen:
            self._seen.add(step)
            self.steps.append(step)

    def unknown(self, what: str) -> None:
        if what not in self._seen:
            self._seen.add(what)
            self.unmodelled.append(what)

    @property
    def rules(self) -> list[str]:
        return [s.rule for s in self.steps]


@dataclass(frozen=True)
class Answer:
    kind: str
    verified: bool
    short: str
    data: dict[str, Any]
    steps: tuple[Step, ...]
    unmodelled: tuple[str, ...]
    decided: bool = True  # False: "could not decide" (limits hit, contradictions)

    @property
    def rules(self) -> list[str]:
        return [s.rule for s in self.steps]

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "verified": self.verified,
            "decided": self.decided,
            "answer": self.short,
            "data": self.data,
            "steps": [s.to_json() for s in self.steps],
            "unmodelled": list(self.unmodelled),
        }


class EngineLimit(Exception):
    """A step or time bound was hit: the answer is "could not decide", never a hang."""


class QuestionError(ValueError):
    """A question's fields can't be read (a missing or unknown id, a malformed value): the
    asker's mistake, reported as "question not understood"."""


class EngineError(RuntimeError):
    """The rules code itself failed on a question whose fields were read: a bug in the engine,
    reported as an engine error (never as the asker's mistake, never as a traceback)."""
