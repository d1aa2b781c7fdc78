"""The reader's chat descriptions: descriptions.yaml plus every file in descriptions/ (one file
per group of phrasings, so people adding groups at the same time don't edit one file)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).parent


def description_files() -> list[Path]:
    return [HERE / "descriptions.yaml", *sorted((HERE / "descriptions").glob("*.yaml"))]


def load_descriptions() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for path in description_files():
        cases.extend(yaml.safe_load(path.read_text(encoding="utf-8")) or [])
    return cases
