"""The interview asks only what a director at the table can answer and what can still matter (issue 15):
the answers of a director's trial, typed as at `bridgelaw ask --lang en`, each with what must (not) be asked."""
from __future__ import annotations

from bridgelaw.faces.interview import Interview, Question
from bridgelaw.read.auction import sequence_facts
from bridgelaw.errors import Collector
from bridgelaw.read.incident import InFact


def _run(knowledge, engine, answers: list[str]) -> tuple[list[Question], object]:
    """The questions asked for ``answers`` (typed in order) and the next step: a Question or the Ruling."""
    iv = Interview(knowledge, engine)
    asked = []
    for a in answers:
        q = iv.step()
        assert isinstance(q, Question), f"the ruling came before the answer {a!r}"
        asked.append(q)
        iv.answer(a)
    return asked, iv.step()


PASS = "exists:pass_obligation"


def test_no_obligation_to_pass_is_asked_where_no_call_could_break_one(knowledge, engine):
    """An accepted insufficient bid with no call after it; a call after the auction ended (Law 39); right after the
    ruling itself made the offender's partner pass (31A2(b)): "was there also an obligation to pass?" is not
    asked; each interview ends in its ruling."""
    for answers in (["1", "N", "1NT 1S", "1", "1"],  # (a choice with one offer is not asked which it is)
                    ["1", "N", "1S P P P E:X"],
                    ["1", "N", "1C P W:1S", "1", "2", "1", "2", "1H", "2", "2"]):
        asked, last = _run(knowledge, engine, answers)
        assert not isinstance(last, Question) or last.key != PASS, (answers, last.key)
        assert not isinstance(last, Question), (answers, last.key, last.text["en"])


def test_an_obligation_to_pass_is_asked_where_a_later_call_could_break_it(knowledge, engine):
    """North opened and bid again after his partner's call: an obligation from something before the calls told
    (his side's earlier infraction) could make his 2S inadmissible (35B): that is asked."""
    asked, last = _run(knowledge, engine, ["1", "N", "1C P 1S P 2S"])
    keys = [q.key for q in asked] + ([last.key] if isinstance(last, Question) else [])
    assert PASS in keys


def _calls(knowledge, dealer: str, calls: str) -> list:
    vocab = knowledge.vocabulary
    slots = vocab.templates["auction"].slots
    auction = InFact("auction", "auction", tuple((s, {"dealer": dealer, "calls": calls}.get(s)) for s in slots), None)
    return [(f.get("seat"), f.get("call")) for f in sequence_facts([auction], vocab, Collector()) if f.template == "call"]


def test_the_calls_question_says_how_to_type_a_named_seats_call(knowledge):
    """The help under "Which calls were made?" shows, in both languages, that a call with no seat is the next
    player's after the one before it, and how to name the seat; its examples read as it says."""
    help_ = knowledge.vocabulary.templates["auction"].slots["calls"].help
    for lang in ("ru", "en"):
        assert "E:1S 1C" in help_[lang] and "E:1S N:1C" in help_[lang], lang
    assert _calls(knowledge, "N", "E:1S 1C")[1] == ("S", "1C")
    assert _calls(knowledge, "N", "E:1S N:1C")[1] == ("N", "1C")


def test_16d_asks_whether_a_call_was_made_and_says_nothing_the_director_has_settled(knowledge, engine):
    """16D2's courses are open only before any call: whether one was made is asked; after one (16D3), no course is
    asked for: the director plays on ready to adjust, or adjusts.  Played on and found not to have affected the result: the ruling
    says the result stands, not "if it affected the result, the director will award"."""
    asked, ruling = _run(knowledge, engine, ["46", "S", "1", "2", "3", "2", "2"])
    assert "extraneous_information-1.call_made" in [q.key for q in asked]
    text = ruling.render("en")
    assert "did not affect the result" in text and "if the information" not in text
    asked, ruling = _run(knowledge, engine, ["46", "S", "1", "1", "2"])
    assert "extraneous_information-1.remedy" not in [q.key for q in asked]
    assert [e.production for e in ruling.elements] == ["16D3.after-a-call"]


def test_an_explanation_corrected_before_the_opening_lead_leaves_the_board_to_be_played(knowledge, engine):
    """North corrected his own explanation after the final pass, with the director called; the opponent kept his
    last call.  The board is yet to be played: no damage, contract, tricks or vulnerability are asked, no
    result is given; North is not told to do what he did, nor the opponent offered a change he declined; the
    ruling says the board is played and when to call the director back."""
    # ... the director called, the last call could have been influenced; partner had not called since (21B1(a)),
    # the call not changed; no other explanation
    trial = ["10", "S", "2", "N", "2", "1", "1", "1", "1", "2", "1", "1", "2", "2", "2"]
    asked, ruling = _run(knowledge, engine, trial)
    assert not isinstance(ruling, Question), ruling.key
    keys = {q.key for q in asked}
    assert not keys & {"explanation-1.damage", "deal.contract", "deal.declarer_tricks", "deal.vulnerability"}
    assert ruling.result is None
    kinds = {e.kind for e in ruling.elements}
    assert not kinds & {"correct_explanation", "may_change_call", "result_stands", "adjust_score"}
    assert {e.production for e in ruling.elements} >= {"21B1a.call-kept", "40B4.play-to-come"}
    assert "call the director back when play has ended" in ruling.render("en")


def test_nobody_corrected_it_so_when_it_was_corrected_is_not_asked(knowledge, engine):
    asked, last = _run(knowledge, engine, ["10", "S", "2", "N", "2", "1", "1", "1", "3"])
    assert "explanation-1.correction_time" not in [q.key for q in asked] + [getattr(last, "key", None)]


def test_15a2_the_board_the_cards_came_from_is_told_as_a_condition_not_asked(knowledge, engine):
    """That board is played after this ruling: whether the offender's call there differs is not asked (nor left
    open); the ruling says what follows from either."""
    asked, ruling = _run(knowledge, engine, ["55", "E", "2"])
    assert not isinstance(ruling, Question), ruling.key
    assert "15A2.board-to-come" in {e.production for e in ruling.elements}
    assert not ruling.open_questions and "director_judgment" not in {e.kind for e in ruling.elements}


def _35b_asked(knowledge, engine, facts: dict) -> bool:
    from bridgelaw.read.incident import incident_from_facts
    ruling = engine.rule(incident_from_facts("t", facts, knowledge.vocabulary))
    return any(w["cite"] == "35B" for q in ruling.open_questions for w in q.why)


def test_35b_asks_after_which_call_an_obligation_holds_only_where_a_call_could_be_barred(knowledge, engine):
    """27B2's obligation holds from the insufficient bid on (after_call): North's calls before it are never
    barred, so "after which call must he pass?" is not asked; an obligation stated without its call, with a
    later bid by that player, still asks it (35B can bear on that bid)."""
    refused = {"auction": {"dealer": "N", "calls": ["2C", "P", "2D", "P", "3D", "P", "3C"]},
               "choice": [{"option": "insufficient_bid", "chooser": "W", "chosen": "refuse"},
                          {"option": "insufficient_bid_replacement", "chooser": "S", "chosen": "other_bid_or_pass"}]}
    assert not _35b_asked(knowledge, engine, refused)
    assert not _35b_asked(knowledge, engine, {"auction": {"dealer": "N", "calls": ["2S", "3H", "2NT"]},
                                              "replacement": {"call": "6S", "same_denominations": False,
                                                              "comparable": False}})
    stated = {"auction": {"dealer": "N", "calls": ["1S", "P", "P", "2C"]},
              "pass_obligation": {"player": "W", "duration": "every_turn"}}
    assert _35b_asked(knowledge, engine, stated)


def test_the_interview_takes_the_auction_s_end_from_the_reader_s_one_fact(knowledge, engine):
    """Three passes after 2♣, one of them out of rotation (17D3): the auction has not ended (read/auction.py's
    auction_over, the one place that decides it), so the interview does not ask who is declarer; the same ruling."""
    from bridgelaw.faces.interview import simulate
    from bridgelaw.read.incident import incident_from_facts
    for calls in (["1C", "P", "2C", "N:P", "P", "P"], ["1C", "P", "2C", "N:P", "P", "P", "W:2H"]):
        incident = incident_from_facts("t", {"auction": {"dealer": "N", "calls": calls}}, knowledge.vocabulary)
        ruling, asked = simulate(Interview(knowledge, engine), incident)
        assert "deal.declarer" not in [q.key for q in asked], calls
        assert ("instruction", "17D3") in [(e.kind, e.cite) for e in ruling.elements]


def test_30_32_obligations_hold_from_the_offender_s_call_at_his_turn(knowledge, engine):
    """31B2's "South passes at his next turn" holds after North's own call at his turn (the call the finding
    `comparable` is about: the reader's `own_previous`), or, while North has still to call, after the last call
    told: South's 1♥ at his own turn is never barred, so 35B asks nothing (T04 (a)); a bid South makes at that
    next turn is barred (35B, Law 37)."""
    from bridgelaw.read.incident import incident_from_facts
    found = {"choice": {"option": "call_out_of_rotation", "chooser": "E", "chosen": "cancel_call"},
             "after_call_out_of_rotation": {"comparable": False, "artificial": False}}
    for calls in (["N:2S", "S:1H", "2D", "P"], ["N:2S", "S:1H", "2D"]):
        assert not _35b_asked(knowledge, engine, {"auction": {"dealer": "S", "calls": calls}, **found}), calls
    breach = {"auction": {"dealer": "S", "calls": ["N:2S", "S:1H", "2D", "P", "3D", "S:3H"]}, **found}
    ruling = engine.rule(incident_from_facts("t", breach, knowledge.vocabulary))
    assert not any(w["cite"] == "35B" for q in ruling.open_questions for w in q.why)
    assert any(e.cite.startswith("37") for e in ruling.elements), [e.cite for e in ruling.elements]


def test_24_partner_s_next_turn_is_the_first_after_the_exposure(knowledge, engine):
    """The auction is told up to the card exposed (24's card_exposed_at: after the last call told): C43's North
    opened 1♦ before South dropped the ♠A, so 35B asks nothing about that bid; told with no call, the card
    was exposed before any (after call 0)."""
    from bridgelaw.read.incident import incident_from_facts
    ace = {"card_exposed_in_auction": {"player": "S", "count": 1, "card": "SA"}}
    assert not _35b_asked(knowledge, engine, {"auction": {"dealer": "N", "calls": ["1D", "P", "2D"]}, **ace})
    assert not _35b_asked(knowledge, engine, ace)
    told = incident_from_facts("t", {"auction": {"dealer": "N", "calls": ["1D", "P", "2D"]}, **ace},
                               knowledge.vocabulary)
    ruling = engine.rule(told)
    assert any(e.kind == "pass_obligation" and e.args.get("after_call") == 3 for e in ruling.elements)
