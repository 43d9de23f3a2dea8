"""Everything sayable: "not known" for every question (a seat included), "nobody" where it is an answer,
and several facts of one kind in one interview (two requests to see tricks)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.faces.interview import Interview, Question, simulate
from bridgelaw.faces.question import UNKNOWN, AnswerError
from bridgelaw.read.incident import load_incident

ROOT = Path(__file__).resolve().parent.parent


def _file(tmp_path, text: str) -> Path:
    p = tmp_path / "incident.yaml"
    p.write_text("source: test\nfacts:\n" + text, encoding="utf-8")
    return p


def test_a_seat_not_known_is_said_and_a_forgotten_one_is_still_an_error(tmp_path, knowledge, engine):
    """A revoke whose offender is not known: the file says so, and the ruling is made under each seat he may be
    (never dummy): where nothing yet turns on the seat, it is not asked and the elements are said plainly."""
    path = _file(tmp_path, "  deal: {declarer: S}\n  revoke: [{offender: '?', establishing_act: played_to_next_trick}]\n")
    incident = load_incident(path, knowledge.vocabulary)
    assert incident.facts[1].get("offender") is None
    ruling = engine.rule(incident)
    assert "offender" not in {q.slot for q in ruling.open_questions}
    assert "63B" in {e.cite for e in ruling.elements if not e.args.get("when")}
    with pytest.raises(BridgelawError, match="required slot 'offender' is missing"):
        load_incident(_file(tmp_path, "  revoke: [{establishing_act: played_to_next_trick}]\n"), knowledge.vocabulary)


def test_every_question_allows_not_known(knowledge, engine):
    for name in ("both-sides-revoke.yaml", "claim-agreed-then-disputed.yaml", "2d-misexplained-nobody-corrects.yaml"):
        incident = engine.load_incident(ROOT / "facts" / "incidents" / name)
        _, asked = simulate(Interview(knowledge, engine), incident)
        assert all(q.allow_unknown for q in asked if q.kind == "slot"), name


def test_nobody_corrected_the_explanation(knowledge, engine):
    """75B3 tells the partner to correct it unless the explainer did: "nobody" settles the unless."""
    facts = {"deal": {"declarer": "W", "contract": "3NTX", "play_ended": True},
             "explanation": [{"explainer": "E", "call": "2NT", "in_accord_with_agreement": "not_in_accord",
                              "caller_meant_otherwise": True, "damage": False, "corrected_by": "nobody"}]}
    ruling = engine.rule(engine.incident("x", facts))
    [el] = [e for e in ruling.elements if e.production.startswith("75B3.")]
    assert "corrected_by" not in [u.slot for u in el.provisional]
    assert "nobody" in knowledge.vocabulary.templates["explanation"].slots["corrected_by"].values


def test_two_requests_to_see_tricks_in_one_interview(knowledge, engine):
    facts = {"trick_inspection": [{"request": "current_trick", "requester": "dummy"},
                                  {"request": "quitted_trick", "requester": "declarer"}]}
    incident = engine.incident("two requests", facts)
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    assert "exists:trick_inspection" in [q.key for q in asked]
    assert {e.about for e in ruling.elements} == {"trick_inspection-1", "trick_inspection-2"}
    assert [(e.kind, e.cite) for e in ruling.elements] == [(e.kind, e.cite) for e in engine.rule(incident).elements]


_BOTH = {"deal": {"declarer": "S", "contract": "4S"},
         "claim": {"claimer": "S", "about_current_trick_only": False, "action": ["showed_cards", "stated_tricks_won"],
                   "tricks_remaining": 4, "tricks_claimed": 4, "statement": "complete", "response": "doubted",
                   "after_doubt": "director_called"}}


def test_several_things_that_happened_are_one_answer(knowledge, engine):
    """He said the rest were his *and* showed his cards: one answer holds both (a multi-select), "not known"
    is still allowed, and the ruling through the interview is the ruling of the facts."""
    incident = engine.incident("both", _BOTH)
    assert incident.facts[1].get("action") == ("stated_tricks_won", "showed_cards")  # in the order of the domain
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    [q] = [q for q in asked if q.slot == "action"]
    assert q.multiple and q.allow_unknown and q.to_dict()["multiple"] is True
    assert q.parse("3, 1") == q.parse("1 3") == q.parse(["showed_cards", "stated_tricks_won"]) \
        == ("stated_tricks_won", "showed_cards")
    assert q.parse("?") is UNKNOWN
    with pytest.raises(AnswerError):
        q.parse("1, faced_hand")
    # the statement of tricks decides 68A: whether he meant to claim by showing his cards is never asked
    assert "demonstrably_not_intended" not in [q.slot for q in asked]
    assert [(e.kind, e.cite) for e in ruling.elements] == [(e.kind, e.cite) for e in engine.rule(incident).elements]


def test_several_answers_on_the_page_and_in_the_api(web_app, knowledge, engine):
    from fastapi.testclient import TestClient
    from bridgelaw.faces.web.session import encode
    from web_director import script

    incident = engine.incident("both", _BOTH)
    steps, _ = script(knowledge, engine, incident)
    answers = [(q.key, None if v is UNKNOWN else v) for q, v in steps]
    at = [k for k, _ in answers].index("claim.action")
    with TestClient(web_app, raise_server_exceptions=False, follow_redirects=False) as client:
        page = client.get("/", params={"s": encode(answers[:at]), "lang": "en"})
        assert page.status_code == 200
        assert page.text.count('type="checkbox" name="v"') == 5 and "Not known" in page.text
        r = client.get("/answer", params={"s": encode(answers[:at]), "k": "claim.action",
                                          "v": ["stated_tricks_won", "showed_cards"], "lang": "en"})
        assert r.status_code == 303
        api = client.post("/api/interview", json={"answers": [{"key": k, "value": list(v) if isinstance(v, tuple)
                                                               else v} for k, v in answers], "lang": "en"})
        assert api.status_code == 200
        assert {"key": "claim.action", "value": ["stated_tricks_won", "showed_cards"]} in api.json()["answers"]


def test_an_answers_file_gives_several_answers_and_the_save_keeps_them(tmp_path, capsys, knowledge, engine):
    from bridgelaw.faces.cli import main
    target = tmp_path / "saved.yaml"
    assert main(["ask", "--lang", "en", "--answers", str(ROOT / "tests/answers/claim-said-and-showed.yaml"),
                 "--save", str(target)]) == 0
    saved = target.read_text(encoding="utf-8")
    assert "action: [stated_tricks_won, showed_cards]" in saved and "statement: [complete, late]" in saved
    incident = load_incident(target, knowledge.vocabulary)
    ruling = engine.rule(incident)
    assert "70B1.statement-at-claim-only" in ruling.fired() and "68C.no-clear-statement" not in ruling.fired()
    capsys.readouterr()


def test_not_known_beside_several_answers_over_the_api(web_app):
    """A question taking several answers still takes "not known" (null) over the JSON API; an empty list is refused."""
    from fastapi.testclient import TestClient

    start = [{"key": "incident", "value": ["claim"]}, {"key": "deal.declarer", "value": "S"},
             {"key": "claim.claimer", "value": "S"}, {"key": "claim.about_current_trick_only", "value": False}]
    with TestClient(web_app, raise_server_exceptions=False) as client:
        ok = client.post("/api/interview", json={"answers": start + [{"key": "claim.action", "value": None}]})
        assert ok.status_code == 200 and ok.json()["answers"][-1] == {"key": "claim.action", "value": None}
        empty = client.post("/api/interview", json={"answers": start + [{"key": "claim.action", "value": []}]})
        assert empty.status_code == 422 and "pick at least one" in empty.text
