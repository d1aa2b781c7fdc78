"""Where the data lives: the Scryfall bulk-data index and the link to the current CR text.

Scryfall lists its daily bulk files in one JSON index; each entry's ``download_uri`` changes when
the file is regenerated. Wizards renames the Comprehensive Rules text file with each release,
so its URL is read from the rules page (an ``href`` ending in ``.txt`` naming MagicCompRules).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import unquote, urljoin, urlsplit

from rulings_db.fetch.client import FetchError

# Scryfall bulk type -> where the file goes in the staging folder (docs/architecture.md).
BULK_FILES: dict[str, str] = {
    "oracle_cards": "scryfall/oracle-cards.json",
    "rulings": "scryfall/rulings.json",
}
CR_FOLDER = "cr"
CR_MARKER = "magiccomprules"


@dataclass(frozen=True)
class BulkFile:
    """One entry of the bulk-data index."""

    type: str
    download_uri: str
    updated_at: str | None = None
    size: int | None = None


def parse_bulk_index(text: str, url: str) -> dict[str, BulkFile]:
    """The ``oracle_cards`` and ``rulings`` entries of the index, or a FetchError saying why not."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise FetchError(f"the Scryfall bulk index at {url} is not valid JSON ({exc})") from exc
    if not isinstance(data, dict) or not isinstance(data.get("data"), list):
        raise FetchError(
            f"the Scryfall bulk index at {url} is malformed: expected an object "
            '{"object": "list", "data": [...]}'
        )
    found: dict[str, BulkFile] = {}
    for item in data["data"]:
        if not isinstance(item, dict) or item.get("type") not in BULK_FILES:
            continue
        found[item["type"]] = _bulk_entry(item, url)
    missing = [kind for kind in BULK_FILES if kind not in found]
    if missing:
        raise FetchError(
            f"the Scryfall bulk index at {url} is malformed: no entry of type {', '.join(missing)}"
        )
    return found


def _bulk_entry(item: dict[str, object], index_url: str) -> BulkFile:
    kind = str(item["type"])
    uri = item.get("download_uri")
    absolute = urljoin(index_url, uri) if isinstance(uri, str) else ""
    if urlsplit(absolute).scheme not in ("http", "https"):
        raise FetchError(
            f"the Scryfall bulk index at {index_url} is malformed: "
            f"the {kind} entry has no usable download_uri ({uri!r})"
        )
    updated = item.get("updated_at")
    size = item.get("size")
    return BulkFile(
        type=kind,
        download_uri=absolute,
        updated_at=updated if isinstance(updated, str) else None,
        size=size if isinstance(size, int) else None,
    )


class _Hrefs(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.hrefs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag.lower() != "a":
            return
        for key, value in attrs:
            if key.lower() == "href" and value:
                self.hrefs.append(value.strip())


# The rules page is rendered by scripts; the link may also sit in a quoted string in a script.
_QUOTED_TXT = re.compile(r"""["']([^"'<>]*?\.txt)["']""", re.IGNORECASE)


def find_cr_link(html: str, page_url: str) -> str | None:
    """The absolute URL of the CR text linked from the rules page, or None when there is none."""
    parser = _Hrefs()
    parser.feed(html)
    parser.close()
    candidates = parser.hrefs + _QUOTED_TXT.findall(html)
    for href in candidates:
        absolute = urljoin(page_url, href)
        name = unquote(urlsplit(absolute).path.rsplit("/", 1)[-1]).lower()
        if name.endswith(".txt") and CR_MARKER in name:
            return absolute
    return None


def cr_file_name(url: str) -> str:
    """The file name the CR is cached under: the URL's last path segment, decoded (%20 -> " ")."""
    name = unquote(urlsplit(url).path.rsplit("/", 1)[-1])
    # "%2F" decodes to a slash: keep only the last segment so the file stays inside cr/.
    name = name.replace("\\", "/").rsplit("/", 1)[-1].replace("\x00", "").strip()
    if not name or name.startswith("."):
        name = "MagicCompRules" + name
    if not name.lower().endswith(".txt"):
        name += ".txt"
    return name
