"""What an open answer could change is said the same way however the slot came to be not known: a slot left
out that a production waits on (an exception, an "unless": explain/possible/waits.py finds them) is split as "?"
is (explain/possible/), each element it could change said under the classes that give it; a choice not yet
made stays the option's, and what rests on it is said under the choices that keep it.  Never a
"(provisional: unless …)" mark."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEAL = {"declarer": "S", "contract": "4S", "play_ended": True}
REVOKE = {"offender": "W", "failure": "failed_to_follow_suit", "establishing_act": "played_to_next_trick",
          "revoke_trick_winner": "non_offending_side", "offending_side_won_later_trick": True,
          "attention_drawn": "after_play", "damage_beyond_rectification": False}


def _elements(ruling, kind):
    return [e for e in ruling.elements if e.kind == kind]


def test_a_revoke_on_a_trick_left_out_is_ruled_for_each_class_of_trick(engine):
    ruling = engine.rule(engine.load_incident(ROOT / "facts/incidents/revoke-trick-unknown.yaml"))
    [transfer] = _elements(ruling, "transfer_tricks")
    assert "revoke trick is 1–11 or 13" in transfer.when["text"]["en"]
    assert ("revoke-1", "trick") in {(c["fact"], c["slot"]) for way in transfer.when["cases"] for c in way}
    [b6] = [e for e in ruling.elements if e.cite == "64B6"]
    assert b6.when["text"]["en"] == "if revoke trick is 12"
    for lang in ("en", "ru"):
        assert "(provisional" not in ruling.render(lang) and "(предварительно" not in ruling.render(lang)
    data = ruling.to_dict()
    assert "provisional" not in data["elements"][0]
    [trick] = [s for s in data["possible"]["slots"] if s["slot"] == "trick"]
    assert trick["left_out"] is True and [12] in [c["values"] for c in trick["classes"]]
    assert [e.when for e in ruling.elements if e.cite == "61A"] == [None]  # what no answer changes is plain


def test_once_the_trick_is_known_the_transfer_is_plain(engine):
    facts = {"deal": DEAL, "revoke": [{**REVOKE, "trick": 5, "repeat_in_same_suit": False,
                                       "required_card_was_faced": False}]}
    ruling = engine.rule(engine.incident("known", facts))
    assert [e.when for e in _elements(ruling, "transfer_tricks")] == [None] and ruling.possible is None


def test_left_out_and_not_known_are_said_alike(engine):
    """The trick left out, or written "?": the same elements under the same conditions."""
    facts = {"deal": DEAL, "revoke": [{**REVOKE, "repeat_in_same_suit": False, "required_card_was_faced": False,
                                       "hands_returned_to_board": True}]}
    left = engine.rule(engine.incident("left", facts))
    asked = engine.rule(engine.incident("asked", {**facts, "revoke": [{**facts["revoke"][0], "trick": "?"}]}))
    said = lambda r: [(e.cite, e.text["en"], (e.when or {}).get("text", {}).get("en")) for e in r.elements]  # noqa: E731
    assert said(left) == said(asked) and any(w for _, _, w in said(left))


def test_a_choice_still_to_be_made_says_what_rests_on_it_under_the_choices_that_keep_it(engine):
    """27C: 4♣ replaced 3♣ before the ruling; until West chooses, 27B1(a)'s line holds if he refuses 3♣."""
    path = ROOT / "facts/incidents/insufficient-3c-replaced-4c-prematurely.yaml"
    ruling = engine.rule(engine.load_incident(path))
    [el] = _elements(ruling, "auction_proceeds")
    assert el.cite == "27B1(a)" and el.when["text"]["en"] == "if West chooses “refuse it”"
    assert el.when["text"]["ru"].startswith("если Запад выберет «")
    assert el.when["cases"] == [[{"fact": el.when["cases"][0][0]["fact"], "template": "choice", "slot": "chosen",
                                  "values": ["refuse"]}]]
    assert [e.when for e in _elements(ruling, "option")] == [None] and _elements(ruling, "irregular_call")[0].when is None
    facts = {"auction": {"dealer": "N", "calls": ["2C", "P", "2D", "P", "3D", "P", "3C"]},
             "replacement": {"call": "4C", "premature": True, "same_denominations": True},
             "choice": {"option": "insufficient_bid", "chosen": "refuse"}}
    chosen = engine.rule(engine.incident("refused", facts))
    assert [e.when for e in chosen.elements if e.cite == "27B1(a)"] == [None]


def test_a_condition_that_only_asks_the_slot_be_known_splits_nothing(engine):
    """79C2 rules on the minutes where the period is not stated: the period is not split."""
    facts = {"score_error": {"minutes_after_score": 45, "late_correction_allowed": False}}
    ruling = engine.rule(engine.incident("late", facts))
    assert ruling.possible is None and "79C2.after-regulations-period" in ruling.fired()


def test_a_slot_left_out_is_split_only_under_the_classes_whose_ruling_waits_on_it(engine):
    """Declarer not known, South's two cards played at once: where South defends, 58B2's penalty card waits on
    whether it was found after the next trick (58B4 overrides it); where he declares or is dummy nothing waits on
    it, and that class is ruled as its fully known incident is, never split on it.  So 58B4 is said under both
    conditions, never under the left-out slot's alone as if it held for every declarer."""
    ruling = engine.rule(engine.incident("two cards", {
        "deal": {"declarer": "?", "contract": "4H"},
        "simultaneous_play": {"player": "S", "kind": "cards_from_one_hand", "cards_visible": 2, "other_card": "H9"}}))
    [b4] = [e for e in ruling.elements if e.cite == "58B4"]
    assert b4.when["text"]["en"] == "if declarer is East or West and found after the next trick is yes"
    [b2] = [e for e in ruling.elements if e.cite == "58B2"]
    assert b2.when["text"]["en"] == "if declarer is North or South; or if found after the next trick is no"
    for e in ruling.elements:
        for way in (e.when or {}).get("cases", ()):
            slots = {c["slot"] for c in way}
            assert "found_after_next_trick" not in slots or "declarer" in slots or e.cite == "58B2", e.when["text"]
