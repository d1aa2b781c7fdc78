"""The engine's reading of a card's rules mechanics, handed to the knowledge-base build.

``rulings_db`` may not import the engine (tests/test_architecture.py), so the bot hands the
build this function: it compiles a card's Oracle text with ``engine.compiler`` and names the
mechanics of what it reads (``rulings_db.mechanics.MECHANICS``). The build adds them to the
plain-text reading; free questions then gather the rules that govern those mechanics.
"""

from __future__ import annotations

from engine.abilities import (
    CreateTokenCopy,
    CreateTokens,
    EnterAsCopy,
    EntersTapped,
    EntersWithCounters,
    GainControl,
    GrantAbilities,
    InsteadIf,
    Keyword,
    ModifyPT,
    RemoveAllAbilities,
    SetPT,
    SetPTToManaValue,
    StaticEffect,
    TriggeredAbility,
    Unsupported,
    is_characteristic_defining,
)
from engine.cards import CardText
from engine.compiler import compile_card
from rulings_db.mechanics import CardFacts, Mechanic

_CHANGES: tuple[tuple[type, Mechanic], ...] = (
    (RemoveAllAbilities, "lose_abilities"),
    (SetPT, "set_pt"),
    (SetPTToManaValue, "set_pt"),
    (ModifyPT, "modify_pt"),
    (GrantAbilities, "grant_ability"),
    (GainControl, "control_change"),
)
_LAYER_MECHANICS: dict[str, Mechanic] = {"1": "copy", "2": "control_change", "4": "type_change"}


def engine_mechanics(card: CardFacts) -> set[Mechanic]:
    """The mechanics of the abilities the engine's compiler reads on the card's front face
    (a clause it can't model adds nothing)."""
    front_text = card.oracle_text.split("\n//\n")[0]
    text = CardText(
        name=card.name.split(" // ")[0],
        mana_cost=card.mana_cost,
        type_line=card.type_line.split(" // ")[0],
        oracle_text=front_text,
    )
    found: set[Mechanic] = set()
    for ability in compile_card(text).abilities:
        found |= _of_ability(ability)
    return found


def _of_ability(ability: object) -> set[Mechanic]:
    if isinstance(ability, TriggeredAbility):
        return {"triggered"}
    if is_characteristic_defining(ability):  # type: ignore[arg-type]
        return {"characteristic_defining"}
    if isinstance(ability, EntersWithCounters | EntersTapped | InsteadIf):
        return {"replacement"}  # 614.1c, 614.1a
    if isinstance(ability, EnterAsCopy | CreateTokenCopy):
        return {"copy", "replacement"} if isinstance(ability, EnterAsCopy) else {"copy", "token"}
    if isinstance(ability, CreateTokens):
        return {"token_maker"}
    if isinstance(ability, Keyword):
        return set()  # keywords come from the card's keyword list in the plain reading
    if isinstance(ability, StaticEffect):
        found: set[Mechanic] = {"static"}
        for change in ability.changes:
            for kind, mechanic in _CHANGES:
                if isinstance(change, kind):
                    found.add(mechanic)
            layer = str(getattr(change, "layer", ""))
            if layer in _LAYER_MECHANICS:
                found.add(_LAYER_MECHANICS[layer])
        return found
    if isinstance(ability, Unsupported):
        return set()  # "some static ability" says too little: the plain reading decides
    return set()
