"""Arithmetic in the YAML language (``plus``/``minus``) and open questions that wait on later variables.

Each test writes a one-law knowledge into a copy of the project's vocabulary, so it does not
depend on the shipped laws.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridgelaw.engine import Engine, load
from bridgelaw.errors import BridgelawError

ROOT = Path(__file__).resolve().parent.parent
HEAD = """law: 64
title: {ru: "Процедура после установления фальшренонса", en: "Procedure after Establishment of a Revoke"}
productions:
"""


def _engine(tmp_path: Path, productions: str) -> Engine:
    shutil.copytree(ROOT / "facts", tmp_path / "facts", ignore=shutil.ignore_patterns("incidents"))
    (tmp_path / "knowledge").mkdir()
    shutil.copy(ROOT / "knowledge" / "laws.yaml", tmp_path / "knowledge" / "laws.yaml")
    (tmp_path / "knowledge" / "law-64.yaml").write_text(HEAD + productions, encoding="utf-8")
    return Engine(load(tmp_path))


TRICKS_LEFT = """
  - id: 64A1.tricks-after-revoke
    cite: 64A1
    summary: {ru: "Взятки после фальшренонса.", en: "Tricks after the revoke."}
    when:
      - revoke: {offender: $o, trick: {is: $t, at_most: {minus: [13, 2]}}}
    then:
      - transfer_tricks: {count: {minus: [13, $t, {plus: [0, 1]}]}, from_side: $o.side, to_side: $o.opponents}
"""


def test_arithmetic_in_element_arguments_and_comparisons(tmp_path):
    engine = _engine(tmp_path, TRICKS_LEFT)
    ruling = engine.rule(engine.incident("t", {"deal": {"declarer": "S"}, "revoke": {"offender": "W", "trick": 4}}))
    assert [(e.kind, e.args["count"]) for e in ruling.elements] == [("transfer_tricks", 8)]
    assert "8" in ruling.elements[0].text["en"]
    # trick 12 fails `at_most: 13 - 2`: the production does not fire
    late = engine.rule(engine.incident("t", {"deal": {"declarer": "S"}, "revoke": {"offender": "W", "trick": 12}}))
    assert late.elements == []


def test_a_computed_value_out_of_range_is_reported_not_rendered(tmp_path):
    engine = _engine(tmp_path, TRICKS_LEFT.replace("{minus: [13, $t, {plus: [0, 1]}]}", "{plus: [13, $t]}"))
    with pytest.raises(BridgelawError) as err:
        engine.rule(engine.incident("t", {"deal": {"declarer": "S"}, "revoke": {"offender": "W", "trick": 4}}))
    assert "production 64A1.tricks-after-revoke: transfer_tricks.count computes to 17, outside 0..13" in str(err.value)


def test_open_questions_are_not_asked_when_a_later_pattern_rules_the_production_out(tmp_path):
    engine = _engine(tmp_path, """
  - id: 64B3.dummy-card
    cite: 64B3
    summary: {ru: "Болван.", en: "Dummy."}
    when:
      - revoke: {offender: {is: $o, in: [$d.partner]}, repeat_in_same_suit: true}
      - deal: {declarer: $d}
    then:
      - no_rectification: {}
""")
    by_declarer = engine.rule(engine.incident("t", {"deal": {"declarer": "S"}, "revoke": {"offender": "S"}}))
    assert [q.slot for q in by_declarer.open_questions] == []
    by_dummy = engine.rule(engine.incident("t", {"deal": {"declarer": "S"}, "revoke": {"offender": "N"}}))
    assert [q.slot for q in by_dummy.open_questions] == ["repeat_in_same_suit"]
