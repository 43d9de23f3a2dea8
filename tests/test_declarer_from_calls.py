"""Where the stated calls end the auction regularly, they give the contract and its declarer (Law 22A; the
first of the declaring side to name the denomination): stated for the director and not asked in the
interview; a typed declarer they contradict is refused at its line (tests/test_rotation.py)."""
from __future__ import annotations

from pathlib import Path

from bridgelaw.faces.interview import Interview

ROOT = Path(__file__).resolve().parent.parent


def test_the_calls_give_declarer_and_contract(engine):
    incident = engine.incident("t", {"auction": {"dealer": "N", "calls": "1H P P P E:2S"}})
    [deal] = [f for f in incident.facts if f.template == "deal"]
    assert (deal.get("declarer"), deal.get("contract")) == ("N", "1H")
    later = engine.incident("t", {"auction": {"dealer": "N", "calls": "P 1S P 2S P 4S P P P"}})
    assert [(f.get("declarer"), f.get("contract")) for f in later.facts if f.template == "deal"] == [("E", "4S")]


def test_the_interview_does_not_ask_a_declarer_the_calls_give(engine):
    iv = Interview(engine.knowledge, engine)
    iv.answer(["auction"], "incident")
    iv.answer("N", "auction.dealer")
    iv.answer("1H P P P E:2S", "auction.calls")
    asked = []
    for _ in range(20):
        step = iv.step()
        if not hasattr(step, "key"):
            break
        asked.append(step.key)
        iv.answer(False if step.key.startswith("exists:") else "?", step.key)
    assert "deal.declarer" not in asked and "deal.contract" not in asked, asked
    assert "[Law 26B] The choice is for declarer (North)." in step.render("en", how=False)


def test_a_declarer_stated_mid_auction_is_left_alone(engine):
    incident = engine.incident("t", {"deal": {"declarer": "E"}, "auction": {"dealer": "N", "calls": "1S P 2S"}})
    assert [f.get("declarer") for f in incident.facts if f.template == "deal"] == ["E"]

