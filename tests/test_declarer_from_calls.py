"""Where the stated calls end the auction regularly, they give the contract and its declarer (Law 22A; the
first of the declaring side to name the denomination): stated for the director, and a typed declarer
they contradict is refused, in a file at its line and in the interview with the reason."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.faces.cli import main
from bridgelaw.faces.interview import AnswerError, Interview

ROOT = Path(__file__).resolve().parent.parent


def test_the_calls_give_declarer_and_contract(engine):
    incident = engine.incident("t", {"auction": {"dealer": "N", "calls": "1H P P P E:2S"}})
    [deal] = [f for f in incident.facts if f.template == "deal"]
    assert (deal.get("declarer"), deal.get("contract")) == ("N", "1H")
    later = engine.incident("t", {"auction": {"dealer": "N", "calls": "P 1S P 2S P 4S P P P"}})
    assert [(f.get("declarer"), f.get("contract")) for f in later.facts if f.template == "deal"] == [("E", "4S")]


def test_a_declarer_the_calls_contradict_is_refused_in_the_interview(engine):
    iv = Interview(engine.knowledge, engine)
    iv.answer(["auction"], "incident")
    iv.answer(True, "deal.auction_ended")
    iv.answer("S", "deal.declarer")
    iv.answer("N", "auction.dealer")
    with pytest.raises(AnswerError, match="declarer S does not follow from the auction: the calls stated end the"
                                          " auction in 1H by N"):
        iv.answer("1H P P P E:2S", "auction.calls")


def test_a_declarer_stated_mid_auction_is_left_alone(engine):
    incident = engine.incident("t", {"deal": {"declarer": "E"}, "auction": {"dealer": "N", "calls": "1S P 2S"}})
    assert [f.get("declarer") for f in incident.facts if f.template == "deal"] == ["E"]
