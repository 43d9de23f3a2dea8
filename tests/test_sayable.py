"""Everything sayable: "not known" for every question (a seat included), "nobody" where it is an answer,
and several facts of one kind in one interview (two requests to see tricks)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.faces.interview import Interview, Question, simulate
from bridgelaw.read.incident import load_incident

ROOT = Path(__file__).resolve().parent.parent


def _file(tmp_path, text: str) -> Path:
    p = tmp_path / "incident.yaml"
    p.write_text("source: test\nfacts:\n" + text, encoding="utf-8")
    return p


def test_a_seat_not_known_is_said_and_a_forgotten_one_is_still_an_error(tmp_path, knowledge, engine):
    """A defender revoked, which one is not known: the file says so, the ruling asks who."""
    path = _file(tmp_path, "  deal: {declarer: S}\n  revoke: [{offender: '?', establishing_act: played_to_next_trick}]\n")
    incident = load_incident(path, knowledge.vocabulary)
    assert incident.facts[1].get("offender") is None
    ruling = engine.rule(incident)
    assert "offender" in {q.slot for q in ruling.open_questions}
    with pytest.raises(BridgelawError, match="required slot 'offender' is missing"):
        load_incident(_file(tmp_path, "  revoke: [{establishing_act: played_to_next_trick}]\n"), knowledge.vocabulary)


def test_every_question_allows_not_known(knowledge, engine):
    for name in ("both-sides-revoke.yaml", "claim-agreed-then-disputed.yaml", "2d-misexplained-nobody-corrects.yaml"):
        incident = engine.load_incident(ROOT / "facts" / "incidents" / name)
        _, asked = simulate(Interview(knowledge, engine), incident)
        assert all(q.allow_unknown for q in asked if q.kind == "slot"), name


def test_nobody_corrected_the_explanation(knowledge, engine):
    """75B3 tells the partner to correct it unless the explainer did: "nobody" settles the unless."""
    facts = {"deal": {"declarer": "W", "contract": "3NTX", "play_ended": True},
             "explanation": [{"explainer": "E", "call": "2NT", "in_accord_with_agreement": "not_in_accord",
                              "caller_meant_otherwise": True, "damage": False, "corrected_by": "nobody"}]}
    ruling = engine.rule(engine.incident("x", facts))
    [el] = [e for e in ruling.elements if e.production.startswith("75B3.")]
    assert "corrected_by" not in [u.slot for u in el.provisional]
    assert "nobody" in knowledge.vocabulary.templates["explanation"].slots["corrected_by"].values


def test_two_requests_to_see_tricks_in_one_interview(knowledge, engine):
    facts = {"trick_inspection": [{"request": "current_trick", "requester": "dummy"},
                                  {"request": "quitted_trick", "requester": "declarer"}]}
    incident = engine.incident("two requests", facts)
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    assert "exists:trick_inspection" in [q.key for q in asked]
    assert {e.about for e in ruling.elements} == {"trick_inspection-1", "trick_inspection-2"}
    assert [(e.kind, e.cite) for e in ruling.elements] == [(e.kind, e.cite) for e in engine.rule(incident).elements]
