"""The question sets' manifest and files are consistent, and check_gold.py catches bad golds."""

from __future__ import annotations

import importlib.util
import json
import sqlite3
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
QUESTIONS = REPO / "benchmarks" / "questions"


def load_module(name: str):
    spec = importlib.util.spec_from_file_location(name, REPO / "benchmarks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def manifest() -> list[dict]:
    return json.loads((QUESTIONS / "manifest.json").read_text(encoding="utf-8"))["sets"]


def test_every_local_set_is_listed_once_with_a_role() -> None:
    entries = manifest()
    files = [e["file"] for e in entries]
    assert len(files) == len(set(files))
    local = {f for f in files if not f.startswith("shared:")}
    assert local == {p.name for p in QUESTIONS.glob("*.jsonl")}
    for entry in entries:
        assert entry["role"] in ("tuning", "blind")
        assert entry["origin"] and entry["description"]
        assert entry["misses_studied"] in (True, False, "unknown")
        if entry["role"] == "blind":
            assert entry["misses_studied"] is not True


def test_lines_have_ids_questions_and_golds() -> None:
    ids = set()
    for entry in manifest():
        if entry["file"].startswith("shared:"):
            continue
        for line in (QUESTIONS / entry["file"]).read_text(encoding="utf-8").splitlines():
            item = json.loads(line)
            assert item["id"] not in ids
            ids.add(item["id"])
            assert item["question"].strip() and item["gold"]
            for gold in item["gold"]:
                assert "rule" in gold or set(gold["ruling"]) == {"card", "contains"}
            if entry["file"].startswith("real-"):
                assert item["source"].startswith("http") and item["answer"].strip()


def test_real_sets_do_not_share_questions() -> None:
    def questions(name: str) -> set[str]:
        lines = (QUESTIONS / name).read_text(encoding="utf-8").splitlines()
        return {json.loads(line)["question"] for line in lines}

    assert not questions("real-tuning.jsonl") & questions("real-blind.jsonl")


def test_check_gold_flags_missing_rules_and_rulings(tmp_path: Path) -> None:
    check_gold = load_module("check_gold")
    db = tmp_path / "kb.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript(
        "create table rules (number text, text text);"
        "create table cards (oracle_id text, name text);"
        "create table rulings (oracle_id text, text text);"
        "insert into rules values ('702.19b', 'trample text');"
        "insert into cards values ('x', 'Clone');"
        "insert into rulings values ('x', 'Clone copies exactly what was printed');"
    )
    conn.commit()
    good = [
        {"rule": "702.19b"},
        {"ruling": {"card": "Clone", "contains": "copies exactly"}},
        {"ruling": {"card": None, "contains": "printed"}},
    ]
    bad = [
        {"rule": "702.19z"},
        {"ruling": {"card": "Clone", "contains": "counters"}},
        {"ruling": {"card": "Klone", "contains": "copies"}},
    ]
    assert all(check_gold.gold_problem(conn, g) is None for g in good)
    assert all(check_gold.gold_problem(conn, g) for g in bad)
    conn.close()
    path = tmp_path / "set.jsonl"
    path.write_text(
        json.dumps({"id": "a", "question": "q", "gold": good})
        + "\n"
        + json.dumps({"id": "b", "question": "q", "gold": bad[:1]})
        + "\n",
        encoding="utf-8",
    )
    assert check_gold.main(["--db", str(db), str(path)]) == 1
    path.write_text(json.dumps({"id": "a", "question": "q", "gold": good}) + "\n")
    assert check_gold.main(["--db", str(db), str(path)]) == 0


def test_ask_eval_resolves_the_manifest_and_selects_by_role(tmp_path: Path) -> None:
    ask_eval = load_module("ask_eval")
    entries = ask_eval.question_sets(tmp_path / "shared")
    shared = [e for e in entries if e["file"].startswith("shared:")]
    assert shared and all(str(e["path"]).startswith(str(tmp_path)) for e in shared)
    blind = [e["file"] for e in entries if ask_eval.selected(e, ["blind"], [])]
    assert "real-blind.jsonl" in blind and "real-tuning.jsonl" not in blind
    picked = [e["file"] for e in entries if ask_eval.selected(e, [], ["real-t"])]
    assert "real-tuning.jsonl" in picked and "real-blind.jsonl" not in picked
