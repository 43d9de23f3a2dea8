"""Compiler regressions found by the CLIPS differential run (issue 8), each on a one-law project."""
from __future__ import annotations

import shutil
from pathlib import Path

from bridgelaw.engine import Engine, load

ROOT = Path(__file__).resolve().parent.parent

HEAD = """law: 64
title: {ru: "Т", en: "T"}
productions:
"""


def engine_for(tmp_path: Path, productions: str) -> Engine:
    """An engine over the real vocabulary and one knowledge file, knowledge/law-64.yaml."""
    (tmp_path / "knowledge").mkdir()
    shutil.copytree(ROOT / "facts" / "vocabulary", tmp_path / "facts" / "vocabulary")
    shutil.copy(ROOT / "knowledge" / "laws.yaml", tmp_path / "knowledge")
    (tmp_path / "knowledge" / "law-64.yaml").write_text(HEAD + productions, encoding="utf-8")
    return Engine(load(tmp_path))


def test_ties_follow_production_order_not_fact_ids(tmp_path):
    """StableStrategy read rule.order, but experta rebuilds rules (DNF) before the agenda sees them."""
    engine = engine_for(tmp_path, """
  - id: 64A1.first
    cite: 64A1
    summary: {ru: "первое", en: "first"}
    when: [{revoke: {offender: N}}]
    then: [{no_rectification: {}}]
  - id: 64B1.second
    cite: 64B1
    summary: {ru: "второе", en: "second"}
    when: [{revoke: {offender: E}}]
    then: [{adjust_score: {}}]
""")
    # revoke-1 (E) is declared before revoke-2 (N): fact order alone would fire 64B1 first
    incident = engine.incident("t", {"revoke": [{"id": "revoke-1", "offender": "E"},
                                                {"id": "revoke-2", "offender": "N"}]})
    assert engine.rule(incident).fired() == ["64A1.first", "64B1.second"]


def test_unknown_value_never_binds_a_variable(tmp_path):
    """`trick: $t` on an unknown trick waits (an open question) instead of firing with $t unknown."""
    engine = engine_for(tmp_path, """
  - id: 64A1.any-trick
    cite: 64A1
    summary: {ru: "любая взятка", en: "any trick"}
    when: [{revoke: {trick: $t}}]
    then: [{no_rectification: {}}]
""")
    ruling = engine.rule(engine.incident("t", {"revoke": [{"offender": "E"}]}))
    assert ruling.fired() == []
    assert [(q.slot, [w["production"] for w in q.why]) for q in ruling.open_questions] == [
        ("trick", ["64A1.any-trick"])]
    assert engine.rule(engine.incident("t", {"revoke": [{"offender": "E", "trick": 5}]})).fired() == [
        "64A1.any-trick"]
