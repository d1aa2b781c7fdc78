"""Board files built to cost the engine as much as the board-file limits admit.

Shared by the tests and benchmarks/discord_bench.py: a file at the question limit whose every
question runs into the engine's time budget (many Opalescences and Humilities make ordering
their layer effects expensive, 613.8), within the Discord attachment size.
"""

from __future__ import annotations

import json

from bot.boards import LIMITS

OPALESCENCE = (
    "Each other non-Aura enchantment is a creature in addition to its other types and has base "
    "power and toughness each equal to its mana value."
)
HUMILITY = "All creatures lose all abilities and have base power and toughness 1/1."


def expensive_board(enchantments: int = 150, questions: int = LIMITS.max_questions) -> str:
    """JSON text: ``enchantments`` Opalescence/Humility and ``questions`` questions about them."""
    cards = {
        "Opalescence": {
            "mana_cost": "{2}{W}{W}",
            "type_line": "Enchantment",
            "oracle_text": OPALESCENCE,
        },
        "Humility": {"mana_cost": "{2}{W}{W}", "type_line": "Enchantment", "oracle_text": HUMILITY},
    }
    battlefield = [
        {
            "id": f"e{i}",
            "card": "Humility" if i % 3 == 0 else "Opalescence",
            "controller": "P1" if i % 2 else "P2",
            "timestamp": 100 + i,
        }
        for i in range(enchantments)
    ]
    asked = [
        {"kind": "characteristics", "object": f"e{i % enchantments}"} for i in range(questions)
    ]
    return json.dumps({"cards": cards, "board": {"battlefield": battlefield}, "questions": asked})
