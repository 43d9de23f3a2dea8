"""Equal-salience productions fire in canonical production order, whatever the fact ids.

Regression: StableStrategy read ``rule.order`` from the Rule the compiler built,
but experta rebuilds rules (DNF) before they reach the agenda, so the order was
lost and ties fell back to fact ids and insertion order.
"""
from __future__ import annotations

import shutil
from pathlib import Path

from bridgelaw.engine import Engine, load

ROOT = Path(__file__).resolve().parent.parent

LAW = """law: 64
title: {ru: "Т", en: "T"}
productions:
  - id: 64A1.first
    cite: 64A1
    summary: {ru: "первое", en: "first"}
    when:
      - revoke: {offender: N}
    then:
      - no_rectification: {}
  - id: 64B1.second
    cite: 64B1
    summary: {ru: "второе", en: "second"}
    when:
      - revoke: {offender: E}
    then:
      - adjust_score: {}
"""


def test_ties_follow_production_order_not_fact_ids(tmp_path):
    (tmp_path / "facts").mkdir()
    (tmp_path / "knowledge").mkdir()
    shutil.copy(ROOT / "facts" / "vocabulary.yaml", tmp_path / "facts")
    shutil.copy(ROOT / "knowledge" / "laws.yaml", tmp_path / "knowledge")
    (tmp_path / "knowledge" / "law-64.yaml").write_text(LAW, encoding="utf-8")
    engine = Engine(load(tmp_path))
    # revoke-1 (E) is declared before revoke-2 (N): fact order alone would fire 64B1 first
    incident = engine.incident("t", {"revoke": [{"id": "revoke-1", "offender": "E"},
                                                {"id": "revoke-2", "offender": "N"}]})
    assert engine.rule(incident).fired() == ["64A1.first", "64B1.second"]
