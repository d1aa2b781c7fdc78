"""Every scenario of ../shared/eval/scenarios-dev.yaml (variants included), translated into the
board spec under tests/engine/scenarios/, answered by the engine with the cited rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.boards import load_board_file
from engine.questions import ask

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.yaml"))


def _cases() -> list[Any]:
    out = []
    for path in SCENARIOS:
        board_file = load_board_file(path)
        for i, (question, _line) in enumerate(board_file.questions):
            out.append(pytest.param(path, i, id=f"{path.stem}-q{i + 1}-{question['kind']}"))
    return out


def matches(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    if isinstance(expected, list) and expected and isinstance(expected[0], dict):
        return (
            isinstance(actual, list)
            and len(actual) == len(expected)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    return bool(expected == actual)


@pytest.mark.parametrize(("path", "index"), _cases())
def test_scenario_answer_and_citations(path: Path, index: int) -> None:
    board_file = load_board_file(path)
    question, _line = board_file.questions[index]
    expect = question["expect"]
    answer = ask(board_file.board, question)
    if "verified" in expect:
        assert answer.verified is expect["verified"], answer.unmodelled
    for prefix in [expect["short_startswith"]] if "short_startswith" in expect else []:
        assert answer.short.startswith(prefix), answer.short
    for part in expect.get("short_contains", []):
        assert part in answer.short, answer.short
    if "data" in expect:
        assert matches(expect["data"], answer.data), answer.data
    missing = [r for r in expect.get("rules", []) if r not in answer.rules]
    assert not missing, f"rules {missing} not in trace {answer.rules}"
    for part in expect.get("unmodelled_contains", []):
        assert any(part in u for u in answer.unmodelled), answer.unmodelled


def test_every_dev_scenario_has_a_translation() -> None:
    shared = Path(__file__).resolve().parents[2] / ".." / "shared" / "eval" / "scenarios-dev.yaml"
    if not shared.exists():
        pytest.skip("../shared/eval not present: can't list the dev scenarios")
    import yaml

    data = yaml.safe_load(shared.read_text(encoding="utf-8"))
    stems = {p.stem for p in SCENARIOS}
    for scenario in data["scenarios"]:
        sid = scenario["id"]
        assert sid in stems, f"{sid} has no translation"
        for n, _variant in enumerate(scenario.get("variants", []), start=1):
            assert f"{sid}-v{n}" in stems, f"{sid} variant {n} has no translation"
