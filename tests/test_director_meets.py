"""The interview as a director meets it (issue 19): what it asks, in whose words, and when it stops."""
from __future__ import annotations

import pytest

from bridgelaw.faces.interview import AnswerError, Interview, Question
from bridgelaw.faces.question import Choice, Question as Q
from bridgelaw.explain.ruling import Ruling
from bridgelaw.values import coerce_call, coerce_calls, coerce_contract


def _iv(knowledge, engine, *answers):
    iv = Interview(knowledge, engine)
    for a in answers:
        iv.answer(a)
    return iv


def test_a_choice_on_offer_is_asked_naming_the_seat_and_the_option_with_not_yet(knowledge, engine):
    iv = _iv(knowledge, engine, ("auction",), "S", "1NT 1C")
    q = iv.step()
    assert q.key == "exists:choice"
    assert q.text["en"] == "Has North already made the choice: whether to accept the insufficient bid (27A1)?"
    assert "Произошло ли также" not in q.text["ru"] and "Север" in q.text["ru"]
    assert [c.label["en"] for c in q.choices] == ["yes", "not yet"] and q.parse("no") is False
    assert q.help["en"].startswith("- accept the insufficient bid")  # what follows from each, read to him,
    assert "\n   - a comparable call (23A)" in q.help["en"]  # indented from the left edge alike
    iv.answer("not yet")
    # the pass obligation 27B2 would give is the ruling's own: never asked as something that happened too
    assert isinstance(iv.step(), Ruling)


def test_a_choice_with_one_option_on_offer_is_stated_not_asked(knowledge, engine):
    """"Which of the choices offered is it?" with one on offer is no question: the option is stated (and saved),
    and the interview goes on to what was chosen; taking back "yes" takes the option back with it."""
    iv = _iv(knowledge, engine, ("auction",), "S", "1NT 1C", "yes")
    q = iv.step()
    assert q.key == "choice-1.chosen" and q.text["en"] == "What did North choose?"
    iv.answer("accept")
    assert iv.facts_data()["choice"] == [{"option": "insufficient_bid", "chosen": "accept"}]
    assert iv.back() and iv.step().key == "choice-1.chosen"
    assert iv.back() and iv.step().key == "exists:choice" and "choice" not in iv.facts_data()


def test_a_law_not_encoded_named_in_the_catch_all_is_said_at_once(knowledge, engine):
    iv = _iv(knowledge, engine, ("irregularity",), "80: mobile phone rang")
    ruling = iv.step()
    assert isinstance(ruling, Ruling)
    assert ruling.not_encoded[0].text["en"] == (
        "Law 80 (Regulating Authority and Tournament Organizer) is not encoded yet: rule from the law book.")
    assert "(регулирующий орган" in ruling.not_encoded[0].text["ru"].lower()
    assert iv.facts_data()["irregularity"] == [{"law": "80: mobile phone rang", "offender": "?"}]
    # an encoded law goes on to Law 72's questions
    assert isinstance(_iv(knowledge, engine, ("irregularity",), "27: insufficient bid").step(), Question)


def test_russian_denominations_in_calls_and_contracts():
    assert [coerce_call(c) for c in ("1П", "2ч", "3Б", "3БК", "4Т", "пас")] == ["1S", "2H", "3D", "3NT", "4C", "P"]
    assert [coerce_contract(c) for c in ("4Ч", "3БКX", "5б")] == ["4H", "3NTX", "5D"]
    assert coerce_calls("1БК W:1Т") == "1NT W:1C"
    assert coerce_calls("1Ч пас З:1П в:X") == "1H P W:1S E:X"  # a seat by its Russian letter (С, В, Ю, З)


def test_an_answer_refused_is_said_in_the_directors_language(knowledge):
    contract = knowledge.vocabulary.templates["deal"].slots["contract"]
    q = Q(key="deal.contract", kind="slot", text={"ru": "?", "en": "?"}, type="contract", coerce=contract.coerce)
    with pytest.raises(AnswerError) as e:
        q.parse("4Ж")
    assert e.value.say("ru").startswith("«4Ж» — не контракт") and str(e.value).startswith("'4Ж' is not a contract")
    assert q.parse("4Ч") == "4H"
    yes_no = Q(key="k", kind="exists", text={"ru": "?", "en": "?"}, choices=(Choice(True, {"ru": "да", "en": "yes"}),))
    with pytest.raises(AnswerError) as e:
        yes_no.parse("может быть")
    assert e.value.say("ru").startswith("«может быть» — такого ответа нет: наберите номер от 1 до 1 (1 — да)")


def test_no_other_choice_is_asked_once_every_choice_on_offer_is_stated(knowledge, engine):
    iv = _iv(knowledge, engine, ("auction",), "S", "1NT 1C", True, "accept")  # the one option on offer is stated
    step = iv.step()
    assert not (isinstance(step, Question) and step.key == "exists:choice"), step
    iv = _iv(knowledge, engine, ("auction",), "S", "1NT 1C", True, "refuse")
    q = iv.step()  # the replacement the offender chooses next: on offer now, so asked, naming him
    assert q.key == "exists:choice" and q.text["en"].startswith("Has West already made the choice: what replaces")


def test_every_line_of_a_questions_help_is_indented_alike():
    import io
    from bridgelaw.faces.prompt import Plain
    q = Q(key="k", kind="exists", text={"ru": "?", "en": "Q?"}, help={"ru": "-", "en": "- a\n   - b"},
          choices=(Choice(True, {"ru": "да", "en": "yes"}),))
    out = io.StringIO()
    Plain(io.StringIO("1\n")).get(q, "en", out, False)
    assert out.getvalue().splitlines()[1:3] == ["  - a", "     - b"]


def test_the_first_menu_reads_as_things_that_happened(knowledge, engine):
    labels = [c.label["en"] for c in Interview(knowledge, engine).step().choices]
    assert not {"An event", "After the irregularity"} & set(labels)
    assert "The players did something after an irregularity, before the director came" in labels


@pytest.mark.parametrize("flags,how", [((), True), (("--no-how",), False)])
def test_ask_leaves_out_the_how_trace_as_rule_does(tmp_path, capsys, flags, how):
    from bridgelaw.faces import cli
    f = tmp_path / "answers.yaml"
    f.write_text("answers:\n  incident: [auction]\n  auction.dealer: S\n  auction.calls: 1NT 1C\n"
                 "  deal.auction_ended: false\n  exists:choice: false\n", encoding="utf-8")
    cli.main(["ask", "--lang", "en", "--answers", str(f), *flags])
    out = capsys.readouterr().out.partition("Ruling:")[2]
    assert ("\nHow:" in out) is how, out


def test_a_count_offers_its_real_range(knowledge, engine):
    from bridgelaw.faces.prompt import listed
    iv = Interview(knowledge, engine)
    iv.answer(("claim",))
    while (q := iv.step()).key != "claim.tricks_remaining":
        iv.answer(4 if q.key == "claim.tricks_claimed" else q.choices[-1].value if q.choices else "?")
    assert [c.value for c in q.choices] == list(range(4, 14)) and listed(q, "en") == ["  (4–13)"]  # 4 claimed


def test_the_70A_award_is_offered_only_up_to_the_tricks_left(knowledge, engine, tmp_path):
    """More tricks awarded to the claimer than remained cannot be: the interview does not offer it, and a file
    that states it is refused with its line (the ruling said 4 to the claimer beside a result of 3)."""
    from bridgelaw.errors import BridgelawError
    from bridgelaw.read.incident import load_incident
    bad = tmp_path / "award.yaml"
    bad.write_text("facts:\n  claim: {claimer: S, tricks_remaining: 3, tricks_to_claimer: 4}\n", encoding="utf-8")
    with pytest.raises(BridgelawError, match=r"award.yaml:2:.*tricks_to_claimer: 4 tricks .* only 3 remained"):
        load_incident(bad, knowledge.vocabulary)
    iv = Interview(knowledge, engine)
    iv.answer(("claim",))
    told = {"deal.declarer": "S", "claim.claimer": "S", "claim.about_current_trick_only": False,
            "claim.action": "stated_tricks_won", "claim.tricks_remaining": 3, "claim.tricks_claimed": 3,
            "claim.statement": "none", "claim.response": "doubted", "claim.after_doubt": "director_called"}
    while isinstance(q := iv.step(), Question) and q.key != "claim.tricks_to_claimer":
        iv.answer(told.get(q.key, q.choices[-1].value if q.choices else "?"))
    assert isinstance(q, Question) and [c.value for c in q.choices] == [0, 1, 2, 3]


def test_a_later_bid_at_the_lhos_turn_is_asked_and_ruled_as_a_change_of_call(knowledge, engine, tmp_path):
    """31C: East bids 1♠, then 2♠ at South's turn.  The change the calls show is Law 25's: the director is
    asked whether the 1♠ was unintended, and the ruling is 25A1's (not only "Law 25 applies")."""
    from bridgelaw.read.incident import incident_text, load_incident
    iv = _iv(knowledge, engine, ("auction",), "N", "1C 1S E:2S")
    q = iv.step()
    assert q.key == "change_of_call-1.unintended"
    iv.answer(True)
    while isinstance(q := iv.step(), Question):
        iv.answer(False)
    assert {(e.kind, e.cite) for e in q.elements} >= {("instruction", "31C"), ("call_substituted", "25A1"),
                                                      ("next_to_call", "25A1")}
    assert iv.facts_data()["change_of_call"] == [{"of": 2, "call": "2S", "unintended": True}]
    saved = tmp_path / "saved.yaml"  # the saved incident states the change as the calls show it: rule reads it alike
    saved.write_text(incident_text(iv.facts_data(), source="test"), encoding="utf-8")
    assert [f for f in load_incident(saved, knowledge.vocabulary).facts if f.template == "change_of_call"][0].get("of") == 2


def test_simultaneous_calls_ask_the_auction_before_the_call_number(knowledge, engine):
    """Law 33 names a call of the auction by its number: picking simultaneous calls asks the auction first,
    and the ruling is Law 33's (no dead end)."""
    iv = _iv(knowledge, engine, ("simultaneous_call",))
    assert iv.step().key == "auction.dealer"
    iv.answer("N")
    assert iv.step().key == "auction.calls"
    iv.answer("1H P P")  # South passed at his turn and West passed at the same moment
    assert iv.step().key == "simultaneous_call-1.position"
    iv.answer(3)
    while isinstance(q := iv.step(), Question):
        iv.answer(False)
    assert ("instruction", "33") in {(e.kind, e.cite) for e in q.elements}


def test_another_event_is_asked_by_what_an_event_is_for_the_director(knowledge, engine):
    """Not "Was there another: an event?": the vocabulary's own question says what an event is for (its order:
    the director's arrival, a call replaced, a choice the players made before he came)."""
    iv = _iv(knowledge, engine, ("auction", "event"), "S", "1NT 1C", "call", "?", "no")
    q = iv.step()
    assert q.key == "exists:event"
    assert q.text["en"] == ("Was there another event whose order matters (the director called, a call replaced, a"
                            " choice the players made)?")
    assert q.text["ru"].startswith("Было ли ещё одно событие, порядок которого важен")
    assert knowledge.vocabulary.templates["event"].asked["en"].startswith("Does the order of what happened")
