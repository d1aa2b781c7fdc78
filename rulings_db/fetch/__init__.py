"""Network sync: the Scryfall bulk files and the CR text, cached with ETags, then a rebuild.

``sync_from_network`` is the entry point; ``FetchConfig`` holds every URL and knob. See
docs/sync.md for the sources, headers, caching, retries, overrides and failure behaviour.
"""

from rulings_db.fetch.client import FetchError
from rulings_db.fetch.config import FetchConfig, Progress
from rulings_db.fetch.network import NetworkSyncReport, SourceFetch, sync_from_network

__all__ = [
    "FetchConfig",
    "FetchError",
    "NetworkSyncReport",
    "Progress",
    "SourceFetch",
    "sync_from_network",
]
