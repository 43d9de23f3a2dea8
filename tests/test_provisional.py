"""Provisional elements: a part of the ruling an open answer could still remove or change says so,
naming the question and what the answer would change (explain/provisional.py)."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEAL = {"declarer": "S", "contract": "4S", "play_ended": True}
REVOKE = {"offender": "W", "failure": "failed_to_follow_suit", "establishing_act": "played_to_next_trick",
          "revoke_trick_winner": "non_offending_side", "offending_side_won_later_trick": True,
          "attention_drawn": "after_play", "damage_beyond_rectification": False}


def _element(ruling, kind):
    [el] = [e for e in ruling.elements if e.kind == kind]
    return el


def test_a_revoke_on_an_unknown_trick_transfers_provisionally_unless_trick_12(engine):
    ruling = engine.rule(engine.load_incident(ROOT / "facts/incidents/revoke-trick-unknown.yaml"))
    transfer = _element(ruling, "transfer_tricks")
    first = transfer.provisional[0]
    assert (first.fact, first.slot) == ("revoke-1", "trick")
    assert first.would_change["en"] == "unless revoke trick is 12: then 64B6: A revoke on trick 12 carries no automatic transfer."
    assert first.would_change["ru"].startswith("если фальшренонс был в 12-й взятке, то по Правилу 64B6:")  # G7
    assert first.question["en"] == "On which trick was the revoke (1-13)?"
    assert "(provisional: unless revoke trick is 12: then 64B6: " in ruling.render("en")
    assert "(предварительно: если фальшренонс был в 12-й взятке, то по Правилу 64B6: " in ruling.render("ru")
    data = ruling.to_dict()
    [t] = [e for e in data["elements"] if e["kind"] == "transfer_tricks"]
    assert t["provisional"]["slot"] == "trick" and "64B6" in t["provisional"]["would_change"]["en"]
    # what no answer can change is final
    assert [e.provisional for e in ruling.elements if e.cite == "61A"] == [[]]


def test_once_the_trick_is_known_the_transfer_is_final(engine):
    facts = {"deal": DEAL, "revoke": [{**REVOKE, "trick": 5, "repeat_in_same_suit": False,
                                       "required_card_was_faced": False}]}
    ruling = engine.rule(engine.incident("known", facts))
    assert _element(ruling, "transfer_tricks").provisional == []
    assert ruling.to_dict()["elements"][0]["provisional"] is None


def test_an_unless_condition_on_an_unknown_slot_marks_the_element(engine):
    """75B3: the partner corrects the explanation, unless the explainer did: who corrected it is not known."""
    ruling = engine.rule(engine.load_incident(ROOT / "facts/incidents/misexplained-2nt-no-damage.yaml"))
    [el] = [e for e in ruling.elements if e.production.startswith("75B3.")]
    assert [u.slot for u in el.provisional] == ["corrected_by", "correction_time"]
    assert el.provisional[0].would_change["en"] == (
        "unless who corrected it is “the explainer himself”: then this does not apply")


def test_an_element_resting_on_a_provisional_firing_is_provisional(engine):
    """The source of the information is not known: if it was partner's legal call itself (73A1) there is
    no infraction, so the adjusted score resting on it (16B3, then 12C1(b)) is provisional too."""
    ui = {"receiver": "S", "action": "4♠", "conveyed": True, "demonstrably_suggested": True,
          "logical_alternative": True, "damage": True}
    ruling = engine.rule(engine.incident("ui", {"deal": DEAL, "ui_from_partner": [ui]}))
    [score] = [e for e in ruling.elements if e.production.startswith("12C1b")]
    assert any("73A1" in u.would_change["en"] for u in score.provisional)
    known = engine.rule(engine.incident("ui", {"deal": DEAL, "ui_from_partner": [{**ui, "source": "hesitation"}]}))
    assert [e.provisional for e in known.elements if e.production.startswith("12C1b")] == [[]]


def test_an_exception_giving_the_same_ruling_changes_nothing(engine):
    """16B1(b) overrides 16B1(a)'s "not suggested" with the same "permitted": not provisional."""
    ui = {"receiver": "S", "source": "hesitation", "action": "4♠", "conveyed": True,
          "demonstrably_suggested": False}
    ruling = engine.rule(engine.incident("ui", {"deal": DEAL, "ui_from_partner": [ui]}))
    [el] = [e for e in ruling.elements if e.production == "16B1a.not-suggested"]
    assert el.provisional == []


def test_a_choice_still_to_be_made_marks_what_it_would_remove(engine):
    """27C: 4♣ replaced 3♣ before the ruling; until West chooses, 27B1(a)'s line holds only unless he accepts 3♣.
    The mark names the option, the seat that chooses and what the choice would change (CLI, JSON); once he
    has chosen, nothing is provisional on that account."""
    path = ROOT / "facts/incidents/insufficient-3c-replaced-4c-prematurely.yaml"
    ruling = engine.rule(engine.load_incident(path))
    el = _element(ruling, "auction_proceeds")
    assert el.cite == "27B1(a)"
    [u] = [u for u in el.provisional if u.option]
    assert (u.option, u.chooser, u.template, u.slot) == ("insufficient_bid", "W", "choice", "chosen")
    assert u.would_change["en"] == "unless West chooses “accept the insufficient bid” (27C): then this does not apply"
    assert u.would_change["ru"] == "если Запад выберет «принять недостаточное назначение» (27C), это не применяется"
    assert u.question["en"] == "What did West choose?"
    assert "(provisional: unless West chooses “accept the insufficient bid” (27C)" in ruling.render("en")
    [j] = [e for e in ruling.to_dict()["elements"] if e["kind"] == "auction_proceeds"]
    assert j["provisional"]["option"] == "insufficient_bid" and j["provisional"]["chooser"] == "W"
    # the option itself, and what no choice changes, are not marked
    assert _element(ruling, "option").provisional == [] and _element(ruling, "irregular_call").provisional == []
    # West refuses: 27B1(a) stands, final
    facts = {"auction": {"dealer": "N", "calls": ["2C", "P", "2D", "P", "3D", "P", "3C"]},
             "replacement": {"call": "4C", "premature": True, "same_denominations": True},
             "choice": {"option": "insufficient_bid", "chosen": "refuse"}}
    chosen = engine.rule(engine.incident("refused", facts))
    assert "27B1(a)" in [e.cite for e in chosen.elements if e.kind == "auction_proceeds"]
    assert [u for e in chosen.elements for u in e.provisional if u.option] == []


def test_the_result_names_every_question_that_could_remove_the_transfer_it_counts(engine):
    """The trick and the card faced unknown: 64B6 and 64B3 could each take away the 64A transfer the result adds,
    so the result is provisional on both, not on the first alone."""
    revoke = {k: v for k, v in REVOKE.items() if k != "failure"}
    ruling = engine.rule(engine.incident("t", {"deal": {**DEAL, "declarer_tricks": 9, "vulnerability": "none"},
                                              "revoke": revoke}))
    text = ruling.result.provisional["would_change"]["en"]
    assert "On which trick was the revoke" in text and "What did the revoke consist of?" in text
    assert "64B6" in text and "64B3" in text
    assert ruling.result.provisional["slot"] == "trick"  # the first, as the JSON names it
    transfer = _element(ruling, "transfer_tricks")
    words = [u.would_change["en"] for u in transfer.provisional]
    assert any(w.startswith("unless the card he should have played was faced on the table: then 64B3") for w in words)
    assert not any(" is yes" in w for w in words)  # a yes-or-no condition reads as itself


def test_an_exception_waiting_on_another_fact_of_the_kind_leaves_this_ones_element_final(engine):
    """Two revokes, the first on trick 5, the second on a trick not known: 64B6 (trick 12) could still take
    away the second's transfer, never the first's, whose trick is known."""
    known = {**REVOKE, "trick": 5, "repeat_in_same_suit": False, "required_card_was_faced": False}
    unknown = {**REVOKE, "offender": "E", "repeat_in_same_suit": False, "required_card_was_faced": False}
    ruling = engine.rule(engine.incident("two", {"deal": DEAL, "revoke": [{"id": "revoke-1", **known},
                                                                           {"id": "revoke-2", **unknown}]}))
    marks = {e.about: [(u.fact, u.slot) for u in e.provisional] for e in ruling.elements if e.kind == "transfer_tricks"}
    assert marks == {"revoke-1": [], "revoke-2": [("revoke-2", "trick")]}
