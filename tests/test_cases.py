"""Every YAML case in tests/cases/ rules as expected; every production is fired by a case.

The cases are loaded, run and reported by bridgelaw.committee.testrun, the same code as
``bridgelaw test``: a failure here prints what that command prints.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.read.cases import check_production_ids
from bridgelaw.engine import load
from bridgelaw.committee.testrun import case_files, exercised, failure_report, load_all, run_case, run_cases

ROOT = Path(__file__).resolve().parent.parent
_KNOWLEDGE = load(ROOT)
CASES, PROBLEMS = load_all(case_files(ROOT), _KNOWLEDGE.vocabulary)


def test_case_files_load():
    assert not PROBLEMS, "\n".join(p.render() for p in PROBLEMS)


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.file).stem}:{c.name}" for c in CASES])
def test_case(case, ruled):
    outcome = run_case(ruled, case)
    assert outcome.passed, failure_report(outcome)


def test_every_case_asserts_something():
    empty = [c.name for c in CASES if not (c.expect or c.expect_none or c.fired or c.not_fired)]
    assert not empty, f"cases that cannot fail: {empty}"


def test_no_case_asserts_only_citations():
    """A case whose expected elements carry no argument must pin the ruling some other way
    (what must not appear, or which productions fire): a bare citation passes beside a contradicting element."""
    bare = [c.name for c in CASES
            if c.expect and all(not e.args for e in c.expect) and not (c.expect_none or c.fired or c.not_fired)]
    assert not bare, f"cases that assert only citations: {bare}"


def test_case_production_ids_exist(knowledge):
    assert not [p.render() for p in check_production_ids(CASES, knowledge)]


def test_every_production_is_fired_by_a_case(knowledge, ruled):
    fired = exercised(run_cases(ruled, CASES))
    missing = [f"{p.file}:{p.loc.line}: {p.id}" for p in knowledge.productions if p.id not in fired]
    assert not missing, "productions no case fires:\n" + "\n".join(missing)
