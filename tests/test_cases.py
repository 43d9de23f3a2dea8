"""Every YAML case in tests/cases/ rules as expected; every production is fired by a case."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.cases import check_production_ids, failures, load_cases, report
from bridgelaw.engine import load

ROOT = Path(__file__).resolve().parent.parent
CASE_FILES = sorted((ROOT / "tests" / "cases").glob("*.yaml"))
_VOCAB = load(ROOT).vocabulary
CASES = [c for f in CASE_FILES for c in load_cases(f, _VOCAB, str(f.relative_to(ROOT)))]


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.file).stem}:{c.name}" for c in CASES])
def test_case(case, engine):
    ruling = engine.rule(case.incident)
    problems = failures(case, ruling)
    assert not problems, report(case, ruling, problems)


def test_every_case_asserts_something():
    empty = [c.name for c in CASES if not (c.expect or c.expect_none or c.fired or c.not_fired)]
    assert not empty, f"cases that cannot fail: {empty}"


def test_case_production_ids_exist(knowledge):
    assert not [p.render() for p in check_production_ids(CASES, knowledge)]


def test_every_production_is_fired_by_a_case(knowledge, engine):
    fired = set()
    for case in CASES:
        fired |= set(engine.rule(case.incident).fired())
    missing = [f"{p.file}:{p.loc.line}: {p.id}" for p in knowledge.productions if p.id not in fired]
    assert not missing, "productions no case fires:\n" + "\n".join(missing)
