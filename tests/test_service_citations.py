"""Engine answers are verified only against rules the database's CR actually holds."""

from __future__ import annotations

from pathlib import Path

from bot.service.core import RulesService
from rulings_db.knowledge import KnowledgeBase

BOARD = Path(__file__).parent / "engine" / "scenarios" / "S01.yaml"


async def _answers(db: Path):
    service = RulesService.open(db)
    try:
        return service._board_answers(BOARD.read_text(encoding="utf-8"), BOARD.name)
    finally:
        service.close()


async def test_a_rule_missing_from_the_databases_cr_unverifies_the_answer(kb_path):
    answers = await _answers(kb_path)
    kb = KnowledgeBase(kb_path)
    cited = {rule for a in answers for rule, _ in a.steps}
    absent = {rule for rule in cited if kb.rule(rule) is None}
    assert absent, "the fixture CR excerpt should lack some rule the engine cites"
    for answer in answers:
        own_absent = {rule for rule, _ in answer.steps} & absent
        if own_absent:
            assert not answer.verified
            for rule in own_absent:
                assert any(f"rule {rule} is not in" in note for note in answer.unmodelled)


async def test_with_the_full_cr_every_cited_rule_exists_and_answers_stay_verified(
    shared_kb_path,
):
    answers = await _answers(shared_kb_path)
    assert answers and all(a.verified for a in answers)
    assert not any("is not in the Comprehensive Rules" in n for a in answers for n in a.unmodelled)
