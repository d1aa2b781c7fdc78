"""The engine stays pure: no I/O modules, no imports from bot or rulings_db."""

from __future__ import annotations

import ast
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
FORBIDDEN = {"bot", "rulings_db", "sqlite3", "os", "pathlib", "socket", "httpx", "discord", "io"}


def test_engine_modules_import_nothing_impure() -> None:
    found: dict[str, set[str]] = {}
    for path in sorted(ENGINE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            bad = {n.split(".")[0] for n in names} & FORBIDDEN
            if bad:
                found.setdefault(str(path.relative_to(ENGINE)), set()).update(bad)
        assert "open(" not in path.read_text(encoding="utf-8"), path
    assert found == {}
