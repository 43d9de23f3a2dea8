"""Changes of call and inadmissible calls (read/auction.py, Laws 17D3, 19, 22, 25, 35-39): what the
engine derives from the calls for the productions to classify, and the interview around a change."""
from __future__ import annotations

import pytest

from bridgelaw.faces.interview import Interview
from bridgelaw.faces.question import Question
from bridgelaw.read.auction import read_calls


def _slots(dealer, calls, *names):
    return [tuple(k[n] for n in names) for k in read_calls(dealer, calls)]


def test_each_call_knows_who_made_the_bid_it_follows_and_how_it_stood():
    # N 1H, E X, S XX, W P, N 2C, E X (of 2C: legal), S X (of a doubled bid: not permitted, changes nothing)
    got = _slots("N", "1H X XX P 2C X X", "bid_by", "standing", "doubled_by")
    assert got == [(None, None, None), ("N", "undoubled", None), ("N", "doubled", "E"), ("N", "redoubled", "E"),
                   ("N", "redoubled", "E"), ("N", "undoubled", None), ("N", "doubled", "E")]


def test_a_double_of_partners_bid_or_a_redouble_of_partners_double_does_not_change_how_the_bid_stands():
    assert _slots("N", "1H P X P", "standing")[-1] == ("undoubled",)       # S doubled his partner's 1H
    assert _slots("N", "1H X P XX P", "standing")[-1] == ("doubled",)      # W redoubled his partner's double


def test_the_pass_that_ends_the_auction_is_marked_once():
    assert [k["position"] for k in read_calls("N", "1S P P P 2H P") if k["ends_auction"]] == [4]
    assert [k["position"] for k in read_calls("N", "P P P P") if k["ends_auction"]] == [4]
    assert not any(k["ends_auction"] for k in read_calls("N", "1S P P"))


def _call_change(engine, calls, of, dealer="N"):
    incident = engine.incident("x", {"auction": {"dealer": dealer, "calls": calls},
                                     "change_of_call": {"of": of, "call": "4S", "unintended": True}})
    [fact] = [f for f in incident.facts if f.template == "call_change"]
    return {s: fact.get(s) for s in ("offender", "partner_called", "lho_called", "auction_ended")}


def test_a_change_of_call_knows_who_has_called_since(engine):
    assert _call_change(engine, calls="1H", of=1) == \
        {"offender": "N", "partner_called": False, "lho_called": False, "auction_ended": False}


@pytest.mark.parametrize("calls,of,expected", [
    ("1H 2C", 1, {"partner_called": False, "lho_called": True, "auction_ended": False}),
    ("1H 2C 3C", 1, {"partner_called": True, "lho_called": True, "auction_ended": False}),
    ("1H 2C 3C", 2, {"partner_called": False, "lho_called": True, "auction_ended": False}),
    ("1H 2C 3C P 4H", 2, {"partner_called": True, "lho_called": True, "auction_ended": False}),
    ("1H P P P", 3, {"partner_called": False, "lho_called": True, "auction_ended": True}),
])
def test_partner_and_lho_calls_after_the_changed_call(engine, calls, of, expected):
    got = _call_change(engine, calls, of)
    assert {k: got[k] for k in expected} == expected


def test_picking_a_change_of_call_asks_its_auction_first(knowledge, engine):
    iv = Interview(knowledge, engine)
    iv.step()
    iv.answer(["change_of_call"])
    q = iv.step()
    assert isinstance(q, Question) and q.key.startswith("auction")


@pytest.mark.parametrize("fact", [
    {"change_of_call": {"of": 7, "call": "2H"}},
    {"misstated_double": {"of": 7}},
    {"replacement": {"of": 7, "call": "3H"}},
    {"simultaneous_call": {"position": 7}},
    {"event": [{"kind": "director_called", "seq": 1, "after_call": 7}]},
    {"pass_obligation": {"player": "S", "duration": "once", "after_call": 7}},
])
def test_a_call_number_the_stated_auction_does_not_have_is_refused_in_a_file(knowledge, tmp_path, fact):
    import yaml
    from bridgelaw.errors import BridgelawError
    from bridgelaw.read.incident import load_incident
    path = tmp_path / "incident.yaml"
    path.write_text(yaml.safe_dump({"facts": {"auction": {"dealer": "N", "calls": ["1H", "P", "2S"]}, **fact}}))
    with pytest.raises(BridgelawError) as e:
        load_incident(path, knowledge.vocabulary)
    [template] = fact
    assert "incident.yaml:" in str(e.value)  # file:line
    assert f"{template}." in str(e.value) and "call 7, but the auction stated has 3 calls" in str(e.value)
    assert "..3" in str(e.value)


def test_the_interview_offers_only_the_calls_stated_and_refuses_a_number_beyond_them(knowledge, engine):
    from bridgelaw.faces.interview import AnswerError
    from bridgelaw.faces.prompt import listed
    iv = Interview(knowledge, engine)
    iv.step()
    iv.answer(["change_of_call"])
    given = {"auction.dealer": "N", "auction.calls": "1H P 2S", "deal.auction_ended": False,
             "change_of_call-1.call": "2H"}
    q = iv.step()
    while q.key in given:
        iv.answer(given[q.key])
        q = iv.step()
    assert q.key == "change_of_call-1.of" and [c.value for c in q.choices] == [1, 2, 3]
    assert listed(q, "en") == ["  (1–3)"]
    with pytest.raises(AnswerError):
        iv.answer(7)
    assert iv.step().key == "change_of_call-1.of"  # asked again, not skipped
