"""The auction as a sequence (values.py's call type, read/auction.py): bids ordered, calls
classified once while an incident is read, events checked against their own order."""
from __future__ import annotations

import pytest

from bridgelaw import values as V
from bridgelaw.errors import BridgelawError
from bridgelaw.read.auction import read_calls


def test_bids_are_ordered_by_level_then_strain():
    bids = [f"{level}{s}" for level in range(1, 8) for s in ("C", "D", "H", "S", "NT")]
    assert sorted(bids, key=V.bid_rank) == bids
    assert V.bid_rank("1NT") < V.bid_rank("2C") and V.bid_rank("2S") < V.bid_rank("2NT")


@pytest.mark.parametrize("strain,over,lowest", [("C", "3D", "4C"), ("NT", "4C", "4NT"), ("S", "1H", "1S"),
                                                ("H", "1H", "2H"), ("C", None, "1C")])
def test_lowest_sufficient_bid_in_a_denomination(strain, over, lowest):
    assert V.lowest_sufficient(strain, over) == lowest


@pytest.mark.parametrize("text,call", [("3nt", "3NT"), ("3♥", "3H"), ("pass", "P"), ("dbl", "X"), ("XX", "XX"),
                                       ("8C", "8C"), ("3N", "3NT")])
def test_calls_are_read_in_their_usual_spellings(text, call):
    assert V.coerce_call(text) == call


@pytest.mark.parametrize("text", ["0C", "3Z", "pas", "", "NT"])
def test_no_call_at_all_is_refused(text):
    assert V.coerce_call(text) is None


def test_each_call_knows_its_place():
    calls = read_calls("S", "1H P 2H P 3H 4C 3NT")
    assert [c["seat"] for c in calls] == ["S", "W", "N", "E", "S", "W", "N"]
    last = calls[-1]
    assert last == {**last, "position": 7, "turn": "N", "previous_bid": "4C", "insufficient": True,
                    "lowest_sufficient": "4NT", "out_of_rotation": False, "after_final_pass": False}
    assert not any(c["insufficient"] for c in calls[:-1])
    assert calls[0]["next_seat"] == "W" and "next_seat" not in last


def test_out_of_rotation_after_final_pass_and_above_seven():
    calls = read_calls("N", "1S P E:2C P")
    assert calls[2]["out_of_rotation"] and calls[2]["turn"] == "S" and calls[2]["seat"] == "E"
    # the auction goes on from the call as made (29A: as if it had been in rotation)
    assert (calls[3]["seat"], calls[3]["turn"], calls[3]["out_of_rotation"]) == ("S", "S", False)
    assert read_calls("N", "1S P P P 1H")[-1]["after_final_pass"]
    assert read_calls("N", "P P P P 1C")[-1]["after_final_pass"]
    assert not read_calls("N", "P P P 1C")[-1]["after_final_pass"]
    assert read_calls("N", "1S 1S")[-1]["insufficient"]  # the same bid again does not supersede
    high = read_calls("N", "7NT 8C")[-1]
    assert high["above_seven"] and not high["insufficient"]


def test_an_incident_stated_as_calls_gets_one_call_fact_per_call(engine):
    inc = engine.incident("t", {"auction": {"dealer": "N", "calls": "2C P 2D P 3D P 3C"}})
    calls = inc.find("call")
    assert len(calls) == 7 and {c.get("position") for c in calls} == set(range(1, 8))
    (bad,) = [c for c in calls if c.get("insufficient")]
    assert (bad.get("seat"), bad.get("call"), bad.get("lowest_sufficient")) == ("S", "3C", "4C")


def test_a_ruling_names_a_call_of_a_long_auction_by_its_number(engine):
    """Two calls by one player are told apart by their place: call 6 of fourteen is 'no. 6', not its
    place among the calls' ids sorted as text ('call-10' before 'call-6')."""
    inc = engine.incident("t", {"auction": {"dealer": "E", "calls": "1H P 1NT P 2H 2D P 2H 3H P 4H P P P"}})
    ruling = engine.rule(inc)
    labelled = [el for el in ruling.elements if el.subject]  # a line naming its call itself ("Call 6 (South: 2♦)") has none
    assert labelled and {el.subject["en"] for el in labelled} == {"South's 2♦ (call 6)"}  # South made two calls
    assert {el.subject["ru"] for el in labelled} == {"2♦ Юга (заявка 6)"}
    assert not [el for el in ruling.elements if el.kind == "irregular_call"][0].subject


@pytest.mark.parametrize("call,kind", [("4C", "sufficient_bid"), ("P", "pass"), ("X", "double_or_redouble"),
                                       ("2NT", "insufficient_bid"), ("6S", "sufficient_bid")])
def test_what_replaced_the_insufficient_bid(engine, call, kind):
    inc = engine.incident("t", {"auction": {"dealer": "N", "calls": "2C P 2D P 3D P 3C"},
                                "replacement": {"call": call}})
    (s,) = inc.find("substitution")
    assert (s.get("kind"), s.get("position"), s.get("offender")) == (kind, 7, "S")


def test_a_replacement_of_no_insufficient_bid_is_refused(engine):
    assert not engine.incident("t", {"replacement": {"call": "3H"}}).find("substitution")  # no auction yet
    with pytest.raises(BridgelawError, match="not an insufficient bid"):
        engine.incident("t", {"auction": {"dealer": "N", "calls": "1S 2H"}, "replacement": {"call": "3H"}})


def test_events_must_agree_with_their_order(engine):
    ok = [{"kind": "call", "seq": 1, "after_call": 2}, {"kind": "attention_drawn", "seq": 2, "after_call": 3},
          {"kind": "trick", "seq": 3, "trick": 1}]
    engine.incident("t", {"auction": {"dealer": "N", "calls": "1S 2H P"}, "event": ok})
    with pytest.raises(BridgelawError, match="contradicts itself"):
        engine.incident("t", {"event": [{"kind": "trick", "seq": 1, "trick": 1},
                                        {"kind": "director_called", "seq": 2, "after_call": 3}]})
    with pytest.raises(BridgelawError, match="both have seq 1"):
        engine.incident("t", {"event": [{"kind": "trick", "seq": 1}, {"kind": "play", "seq": 1}]})
    with pytest.raises(BridgelawError, match="auction stated has 3 calls"):
        engine.incident("t", {"auction": {"dealer": "N", "calls": "1S 2H P"},
                              "event": [{"kind": "director_called", "seq": 1, "after_call": 5}]})


def test_a_simultaneous_call_numbered_past_the_calls_reads_them_still():
    """The interview reads the calls while the calls made together are still being told (the number may be past
    the last call told so far): the calls read as they are, and check_counts says so of a file."""
    from bridgelaw.read.auction import read_calls
    assert [k["seat"] for k in read_calls("S", "W:1H", frozenset({2}))] == ["W"]


def test_the_final_pass_is_one_fact_the_call_s_ends_auction():
    """Three passes after 2♣, one of them out of rotation (17D3): no call ended the auction (``ends_auction`` is the
    one fact; the pass that seemed to end it is ``pass_ends_auction``), so no contract; without the pass out of
    rotation the third pass ends it."""
    from bridgelaw.read.auction import final_contract, read_calls
    calls = read_calls("N", "1C P 2C N:P P P")
    assert not any(k["ends_auction"] for k in calls) and calls[-1]["pass_ends_auction"]
    assert final_contract(calls) is None
    calls = read_calls("N", "1C P 2C P P P")
    assert [k["position"] for k in calls if k["ends_auction"]] == [6] and final_contract(calls) == ("2C", "N")
