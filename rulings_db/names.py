"""How card names are normalised for lookup: one function, used when writing and when reading."""

from __future__ import annotations

import re
import unicodedata

_APOSTROPHES = str.maketrans({"’": "'", "‘": "'", "`": "'", "´": "'"})
_DROP = re.compile(r"['\"]")
_SEPARATORS = re.compile(r"[^0-9a-z]+")


def normalise(name: str) -> str:
    """Fold case, diacritics and punctuation.

    "Æther Vial" -> "aether vial", "Fire // Ice" -> "fire ice".

    Apostrophes are dropped ("Urza's" -> "urzas"); every other run of punctuation or space
    becomes one space.
    """
    text = name.translate(_APOSTROPHES).replace("Æ", "Ae").replace("æ", "ae")
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).lower()
    text = _DROP.sub("", text)
    return _SEPARATORS.sub(" ", text).strip()
