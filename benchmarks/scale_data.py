"""Write a scaled copy of the Scryfall bulk files (and the CR) for sync benchmarks.

    python benchmarks/scale_data.py ../shared/data /tmp/scaled --factor 10

Copy 0 is the original data; copy ``i`` > 0 gets new oracle ids (uuid5 of the original id and
``i``) and every card and face name suffixed " #i", with the rulings of each card copied to
its new id. Source and output are both streamed, so memory stays flat whatever the factor.
"""

from __future__ import annotations

import argparse
import json
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import ijson

CARDS = Path("scryfall") / "oracle-cards.json"
RULINGS = Path("scryfall") / "rulings.json"


def scaled_id(oracle_id: str, copy: int) -> str:
    return oracle_id if copy == 0 else str(uuid.uuid5(uuid.UUID(oracle_id), str(copy)))


def scaled_card(card: dict[str, Any], copy: int) -> dict[str, Any]:
    if copy == 0:
        return card
    suffix = f" #{copy}"
    out = {**card, "oracle_id": scaled_id(card["oracle_id"], copy)}
    faces = card.get("card_faces")
    if faces:
        out["card_faces"] = [{**face, "name": face["name"] + suffix} for face in faces]
        out["name"] = " // ".join(f["name"] + suffix for f in faces)
    else:
        out["name"] = card["name"] + suffix
    return out


def scaled_ruling(ruling: dict[str, Any], copy: int) -> dict[str, Any]:
    return {**ruling, "oracle_id": scaled_id(ruling["oracle_id"], copy)}


def stream(path: Path) -> Iterator[dict[str, Any]]:
    with path.open("rb") as handle:
        yield from ijson.items(handle, "item", use_float=True)


def write_array(out: TextIO, items: Iterator[dict[str, Any]]) -> int:
    out.write("[")
    count = 0
    for item in items:
        out.write(",\n" if count else "\n")
        out.write(json.dumps(item, ensure_ascii=False))
        count += 1
    out.write("\n]\n")
    return count


def scale(source: Path, target: Path, factor: int) -> dict[str, int]:
    (target / "scryfall").mkdir(parents=True, exist_ok=True)
    counts = {}
    for name, transform in ((CARDS, scaled_card), (RULINGS, scaled_ruling)):
        items = (transform(item, i) for i in range(factor) for item in stream(source / name))
        with (target / name).open("w", encoding="utf-8") as out:
            counts[name.name] = write_array(out, items)
    if (source / "cr").is_dir():
        shutil.copytree(source / "cr", target / "cr", dirs_exist_ok=True)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="folder holding scryfall/ (and cr/)")
    parser.add_argument("target", type=Path)
    parser.add_argument("--factor", type=int, default=10)
    args = parser.parse_args()
    counts = scale(args.source, args.target, args.factor)
    print(json.dumps(counts))


if __name__ == "__main__":
    main()
