"""Each side its own adjusted score (issue 13; 82C: both sides treated as non-offending, 12C1(b): the two
sides may receive different scores): outcomes stated ``for_side``, each side scored from its own, the two
scores not balancing; the interview asks which side an outcome is for, and for another, where the ruling
treats both sides as non-offending; weights add to 100 for each side."""
from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.read.incident import incident_text
from bridgelaw.faces.interview import Interview, simulate

ROOT = Path(__file__).resolve().parents[1]
BOARD = {"declarer": "S", "contract": "3S", "vulnerability": "none", "play_ended": True, "declarer_tricks": 9}
ERROR = {"wrong": True, "scored_normally": False, "result_assignable": True}
NS_MADE = {"contract": "4S", "declarer": "S", "tricks": 10, "for_side": "NS"}
EW_DOWN = {"contract": "4S", "declarer": "S", "tricks": 9, "for_side": "EW"}


def test_each_side_scored_from_its_own_outcome(engine):
    r = engine.rule(engine.incident("t", {"deal": BOARD, "director_error": ERROR,
                                          "adjusted_outcome": [NS_MADE, EW_DOWN]})).result
    assert (r.status, r.score) == ("adjusted", {"NS": 420, "EW": 50})  # not balancing: each side's own
    assert sorted(o["for_side"] for o in r.outcomes) == ["EW", "NS"]  # each outcome for its own side


def test_an_outcome_for_both_counts_for_each_side(engine):
    both = {k: v for k, v in NS_MADE.items() if k != "for_side"}
    r = engine.rule(engine.incident("t", {"deal": BOARD, "director_error": ERROR,
                                          "adjusted_outcome": [both]})).result
    assert r.score == {"NS": 420, "EW": -420} and "each side its own" not in r.text["en"]


def test_the_interview_asks_each_sides_outcome_and_reaches_rules_result(knowledge, engine):
    incident = engine.incident("t", {"deal": BOARD, "director_error": ERROR, "adjusted_outcome": [NS_MADE, EW_DOWN]})
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    keys = [q.key for q in asked]
    assert "adjusted_outcome-1.for_side" in keys and "adjusted_outcome-2.for_side" in keys
    assert ruling.result.text == engine.rule(incident).result.text and ruling.result.score == {"NS": 420, "EW": 50}


def test_no_side_asked_where_one_side_offended(knowledge, engine):
    incident = engine.load_incident(ROOT / "facts" / "incidents" / "slow-3s-raised-to-game.yaml")
    _, asked = simulate(Interview(knowledge, engine), incident)
    assert "exists:adjusted_outcome" in [q.key for q in asked]
    assert not [q for q in asked if q.slot == "for_side"]


def test_weights_add_to_100_for_each_side(engine, tmp_path):
    def incident(weights):
        path = tmp_path / "i.yaml"
        path.write_text(incident_text({"deal": BOARD, "director_error": ERROR, "adjusted_outcome": [
            {**NS_MADE, "weight": weights[0]}, {**NS_MADE, "tricks": 9, "weight": weights[1]}, EW_DOWN]}, "test"),
            encoding="utf-8")
        return engine.load_incident(path)
    with pytest.raises(BridgelawError, match="the weights for NS add to 90, not 100"):
        incident((60, 30))
    incident((60, 40))  # E-W's one outcome is its 100
