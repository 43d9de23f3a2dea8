"""The interview offers what a director knows only in part, where the vocabulary allows it: a seat as "a defender",
a number as a run of values the productions do not tell apart, a card as its suit or a class of ranks; the ruling
is then made under each possibility, and the saved incident writes the partly known value as a file would."""
from __future__ import annotations

import pytest

from bridgelaw.faces.interview import Interview, Question, answer_from
from bridgelaw.faces.partly import Partly
from bridgelaw.faces.prompt import answer_text, listed
from bridgelaw.read.incident import incident_text

REVOKE = {"deal": {"declarer": "S", "contract": "4S", "vulnerability": "none", "play_ended": True,
                   "declarer_tricks": 9},
          "revoke": {"offender": "W", "trick": 2, "failure": "failed_to_follow_suit",
                     "establishing_act": "played_to_next_trick", "revoke_trick_winner": "non_offending_side",
                     "offending_side_won_later_trick": True, "required_card_was_faced": False,
                     "repeat_in_same_suit": False, "attention_drawn": "after_play",
                     "damage_beyond_rectification": False}}
LEAD = {"deal": {"declarer": "S", "contract": "4S"},
        "lead": [{"player": "E", "card": "DA", "trick": 1, "faced": True, "response": "none"}]}


def interview(knowledge, engine, facts: dict, answers: dict) -> tuple:
    """A director who knows ``facts`` and answers ``answers`` (question key -> what he types) instead:
    (the ruling, the questions asked, the interview)."""
    known = engine.incident("told", facts)
    iv = Interview(knowledge, engine)
    asked = []
    while isinstance(q := iv.step(), Question):
        asked.append(q)
        iv.answer(answers[q.key] if q.key in answers else answer_from(known, q, iv))
    return q, asked, iv


def kinds(ruling, kind: str) -> list:
    return [e for e in ruling.elements if e.kind == kind]


def test_a_defender_for_the_revoker_rules_the_64a_transfer_as_the_seat_itself(knowledge, engine):
    ruling, asked, iv = interview(knowledge, engine, REVOKE, {"revoke-1.offender": "один из защитников"})
    q = next(q for q in asked if q.key == "revoke-1.offender")
    offered = [c.value for c in q.choices]
    assert offered[:4] == ["N", "E", "S", "W"] and "defender" in offered and "declarer_side" in offered
    assert "EW" not in offered  # East or West is the defenders already: offered once
    assert [c.label["ru"] for c in q.choices if c.value == "defender"] == ["Один из защитников"]
    [t] = kinds(ruling, "transfer_tricks")
    assert (t.cite, t.args["from_side"], t.args["to_side"], t.args["count"]) == ("64A2", "EW", "NS", 1)
    assert not getattr(t, "when", None)  # the same whichever defender: said plainly
    assert ruling.result.score["NS"] == 420
    seat, _, _ = interview(knowledge, engine, REVOKE, {})
    assert [e.cite for e in seat.elements if e.kind == "transfer_tricks"] == ["64A2"]
    saved = iv.facts_data()
    assert saved["revoke"][0]["offender"] == "defender"  # as a file writes it: rule reads it again alike
    again = engine.rule(engine.incident("saved", saved))
    assert [(e.kind, e.cite) for e in again.elements] == [(e.kind, e.cite) for e in ruling.elements]
    assert "offender: defender" in incident_text("saved", saved)


def test_a_defender_is_not_offered_before_the_declarer_is_known(knowledge, engine):
    iv = Interview(knowledge, engine)
    iv.answer(["revoke"])
    q = iv.step()
    while q.key != "revoke-1.offender":
        iv.answer("?" if q.allow_unknown else q.choices[0].value)
        q = iv.step()
    values = [c.value for c in q.choices]
    assert "defender" not in values and "NS" in values and "EW" in values


def test_a_trick_before_12_is_a_range_ruled_under_each_trick_that_matters(knowledge, engine):
    ruling, asked, iv = interview(knowledge, engine, REVOKE, {"revoke-1.trick": "before 12"})
    q = next(q for q in asked if q.key == "revoke-1.trick")
    ranges = [c for c in q.choices if isinstance(c.value, Partly)]
    assert [c.value for c in ranges] == ["1-11"] and ranges[0].label["en"] == "one of 1–11"
    assert any("one of 1–11" in line for line in listed(q, "en"))
    assert q.parse("1-11") == "1-11" and q.parse("3..7").written == {"at_least": 3, "at_most": 7}
    assert iv.facts_data()["revoke"][0]["trick"] == {"at_least": 1, "at_most": 11}
    assert [e.cite for e in kinds(ruling, "transfer_tricks")] == ["64A2"]


def test_a_card_known_by_its_suit_or_its_rank_class_is_typed(knowledge, engine):
    ruling, asked, iv = interview(knowledge, engine, LEAD, {"lead-1.card": "♦?"})
    q = next(q for q in asked if q.key == "lead-1.card")
    assert "♠?" in q.help["en"] and "онёр" in q.help["ru"]
    assert q.parse("П?").written == {"suit": "S"} and q.parse("онёр").written == "honour"
    assert q.parse("♠ spot").written == {"suit": "S", "rank": "spot"} and q.parse("spade?").written == {"suit": "S"}
    assert q.parse("DA") == "DA"  # a whole card still reads as one
    assert iv.facts_data()["lead"][0]["card"] == {"suit": "D"}
    assert answer_text(q, q.parse("♦?"), "ru") == "♦, достоинство неизвестно"
    whole, _, _ = interview(knowledge, engine, LEAD, {})  # Law 54's choices whatever the card was
    assert [(e.kind, e.cite) for e in ruling.elements] == [(e.kind, e.cite) for e in whole.elements] == [("option", "54")]


@pytest.mark.parametrize("typed", ["defender", "Один из защитников", "a defender"])
def test_a_partly_known_seat_by_its_name_or_label(knowledge, engine, typed):
    iv = Interview(knowledge, engine)
    for key, value in [("incident", ["revoke"]), ("deal.declarer", "S"), ("deal.play_ended", True)]:
        iv.answer(value, key)
    q = iv.step()
    assert q.key == "revoke-1.offender" and q.parse(typed) == "defender" and isinstance(q.parse(typed), Partly)
    iv.answer(typed)
    resumed = Interview(knowledge, engine, answers=iv.history())
    assert resumed.facts_data() == iv.facts_data()


@pytest.mark.parametrize("play_ended", [True, False])
def test_the_trick_being_played_bounds_a_trick_not_known_only_while_play_goes_on(knowledge, engine, play_ended):
    """A revoke's trick said not known is bounded by the trick being played (the vocabulary's not_known); the
    interview asks that trick only while play goes on: deal.current_trick's ``not_asked_when: {play_ended: true}``
    in facts/vocabulary/deal.yaml, not a name in the interview's code."""
    facts = {"deal": {**REVOKE["deal"], "play_ended": play_ended}, "revoke": dict(REVOKE["revoke"])}
    del facts["revoke"]["trick"]
    _, asked, _ = interview(knowledge, engine, facts, {"revoke-1.trick": "?", "deal.current_trick": "9"})
    assert ("deal.current_trick" in [q.key for q in asked]) is not play_ended
    assert knowledge.vocabulary.templates["deal"].slots["current_trick"].not_asked_when == {"play_ended": True}
