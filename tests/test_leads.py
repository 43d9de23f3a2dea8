"""Laws 41, 53-58 in the language: what the productions of leads out of turn need from the tools.

- the lint knows that two choices of one option are never both made for one fact (57A's four choices
  give four different restrictions without contradicting each other);
- the simulated director matches the facts of a ``many`` template by what they say, not by the order an
  incident lists them (54D's refusal and then 50D2's choice, whatever order the incident gives them).
"""
from __future__ import annotations

from bridgelaw.committee.domains import Producible
from bridgelaw.committee.lint import can_overlap, conflicts
from bridgelaw.faces.interview import Interview, simulate


def test_two_choices_of_one_option_cannot_both_be_made(knowledge):
    by = {p.id: p for p in knowledge.productions}
    prod = Producible(knowledge, set())
    high, low = by["57A.declarer-options--highest-card"], by["57A.declarer-options--lowest-card"]
    assert not can_overlap(high, low, prod)
    assert can_overlap(high, by["57A.declarer-options"], prod)  # the offer and a choice: both fire
    assert not [p for p in conflicts(knowledge) if "57A." in p.message]


def test_a_chain_of_two_choices_is_answered_whatever_the_order_in_the_incident(knowledge, engine):
    facts = {"deal": {"declarer": "S", "contract": "4S"},
             "lead": {"player": "E", "card": "DA", "trick": 1, "faced": True, "response": "none"}}
    chosen = [{"option": "opening_lead_out_of_turn", "chooser": "S", "chosen": "refuse_lead"},
              {"option": "lead_after_penalty_card", "chooser": "S", "chosen": "require_suit"}]
    for order in (chosen, chosen[::-1]):
        incident = engine.incident("x", {**facts, "choice": order})
        ruling, _ = simulate(Interview(knowledge, engine), incident)
        got = {(e.kind, e.cite) for e in ruling.elements}
        assert ("lead_restriction", "50D2(a)") in got and ("penalty_card", "54D") in got, ruling.render("en")


def test_57c1_overrides_57a_and_its_choices(engine):
    """East's ♦J (declarer had played from both hands) gets no 57A choice; his ♣10 led early does (C67)."""
    facts = {"deal": {"declarer": "S", "contract": "3NT"},
             "premature_play": [{"offender": "E", "card": "DJ", "kind": "played_before_partner",
                                 "declarer_played_both_hands": True},
                                {"offender": "E", "card": "C10", "kind": "lead_to_next_trick"}],
             "choice": {"option": "premature_play_rectification", "chooser": "S", "chosen": "require_other_suit"}}
    ruling = engine.rule(engine.incident("x", facts))
    chose = [f for f in ruling.firings if f.production == "57A.declarer-options--require-other-suit"]
    assert len(chose) == 1, [f.production for f in ruling.firings]
    assert [e.args["card"] for e in ruling.elements if e.kind == "penalty_card"] == ["C10"]
