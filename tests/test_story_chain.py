"""A chain of replacements typed as calls (read/story.py): a change of call the director states (25A), typed after
he came, stands in place of the call it changes, and the LHO's call typed again (25A6) in place of his first: the
legal auction, and so the contract and declarer, are read from the calls that stand."""
from __future__ import annotations


def _deal(engine, calls: list) -> dict:
    incident = engine.incident("chain", {
        "deal": {"vulnerability": "both", "declarer_tricks": 7, "play_ended": True},
        "auction": {"dealer": "E", "calls": calls},
        "event": [{"kind": "director_ruled", "seq": 1, "after_call": 3}],
        "change_of_call": {"of": 2, "call": "2S", "unintended": True}})
    return next(f for f in incident.facts if f.template == "deal").known()


def test_the_changed_call_and_the_lhos_new_call_stand_in_the_legal_auction(engine):
    # 1♣ X(→2♠) 1♥(→X) P P P: South's 2♠ doubled, South declarer (never North, never a double of 1♥)
    deal = _deal(engine, ["1C", "X", "1H", "S:2S", "W:X", "P", "P", "P"])
    assert (deal["contract"], deal["declarer"]) == ("2SX", "S"), deal


def test_the_chain_then_the_auction_goes_on(engine):
    deal = _deal(engine, ["1C", "X", "1H", "S:2S", "W:X", "3S", "P", "P", "4H", "P", "P", "P"])
    assert (deal["contract"], deal["declarer"]) == ("4H", "W"), deal
