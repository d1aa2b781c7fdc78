"""The knowledge base: cards, rulings and the Comprehensive Rules in one SQLite file.

Schema in ``schema``, importers in ``importers``, fetching and the atomic swap in ``sync``,
lookups in ``cards`` / ``rules``, free-question retrieval in ``retrieval``.
"""
