"""A deal pasted into the interview (`bridgelaw ask`), the web page and the JSON API (the answer key
``cards``: a PBN or BBO LIN record): the cards answer what they show, and the interview never asks it; the
ruling is the one `rule` gives the same board; the server's double-dummy solver serves one search at a time."""
from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import pytest

from bridgelaw.faces.interview import CARDS, AnswerError, Interview, Question
from bridgelaw.read.incident import load_incident

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ROOT / "facts" / "incidents"
PBN = (INCIDENTS / "revoke-from-the-cards.pbn").read_text(encoding="utf-8")
LIN = (INCIDENTS / "revoke-from-a-lin-file.lin").read_text(encoding="utf-8")
CLAIM = (ROOT / "tests" / "fixtures" / "claim-board.pbn").read_text(encoding="utf-8")
REVOKE = {"revoke-1.attention_drawn": "after_play", "revoke-1.damage_beyond_rectification": False}
CLAIMED = {"claim.claimer": "S", "claim.about_current_trick_only": False, "claim.action": "stated_tricks_won",
           "claim.tricks_claimed": 4, "claim.statement": "incomplete", "claim.hand_faced": True,
           "claim.response": "doubted", "claim.after_doubt": "director_called",
           "claim.unstated_line_relied_on": True, "claim.needs_card_placement": False,
           "claim.suit_order_open": False, "claim.less_successful_normal_line": True, "claim.tricks_to_claimer": 1,
           "deal.scoring": "pairs"}
SHOWN = {"offender", "trick", "failure", "establishing_act", "revoke_trick_winner", "offending_side_won_later_trick",
         "required_card_was_faced", "repeat_in_same_suit", "declarer", "contract", "declarer_tricks", "play_ended",
         "vulnerability", "tricks_remaining", "trump_outstanding"}


def _interview(knowledge, engine, kind: str, deal: str, answers: dict):
    interview = Interview(knowledge, engine)
    interview.answer([kind], "incident")
    assert interview.offers_cards()
    interview.give_cards(deal)
    assert not interview.offers_cards()
    asked = []
    while isinstance(q := interview.step(), Question):
        asked.append(q.key)
        assert q.key in answers, f"asked {q.key}"
        interview.answer(answers[q.key], q.key)
    return interview, q, asked


def _elements(ruling):
    return [(e.kind, e.args, e.cite) for e in ruling.elements]


@pytest.mark.parametrize("deal", [PBN, LIN], ids=["pbn", "lin"])
def test_a_pasted_deal_answers_what_the_cards_show(knowledge, engine, deal):
    interview, ruling, asked = _interview(knowledge, engine, "revoke", deal, REVOKE)
    assert asked == ["revoke-1.attention_drawn", "revoke-1.damage_beyond_rectification"]
    assert not {k.rpartition(".")[2] for k in asked} & SHOWN  # never asked what the cards say
    typed = engine.rule(load_incident(INCIDENTS / "revoke-from-a-pbn-file.yaml", knowledge.vocabulary))
    assert _elements(ruling) == _elements(typed) and ruling.result.text == typed.result.text
    assert ruling.board["hands"]["N"] == ["AK32", "KQ2", "A32", "K32"] and len(ruling.board["tricks"]) == 13
    assert ruling.revoke_tricks  # 64C's reference, as `rule` shows it
    # the director's own answers are saved beside the deal, and `rule` on them gives the same ruling
    assert interview.facts_data() == {"revoke": [{"attention_drawn": "after_play",
                                                  "damage_beyond_rectification": False}]}
    assert interview.cards_given() == deal.strip()


def test_a_pasted_claim_shows_its_lines_and_asks_only_what_the_cards_cannot_say(knowledge, engine):
    _, ruling, asked = _interview(knowledge, engine, "claim", CLAIM, CLAIMED)
    assert not {k.rpartition(".")[2] for k in asked} & SHOWN
    assert "claim.claimer" in asked
    data = ruling.to_dict()["claim_lines"]
    assert (data["claimer"], data["remaining"], data["best"], data["worst"]) == ("S", 4, 4, 1)


@pytest.mark.parametrize("deal,words", [
    (PBN.replace("C6 DA D4 D7", "C6 DA SA D7"), "trick 2: E plays SA, which he never held"),
    ('[Board "x"]\n[Deal "N:AKQ"]', "cannot read a PBN board"),
    ("", "paste a PBN or LIN record"),
])
def test_a_pasted_deal_that_does_not_read_is_refused_with_what_is_wrong(knowledge, engine, deal, words):
    interview = Interview(knowledge, engine)
    interview.answer(["revoke"], "incident")
    with pytest.raises(AnswerError) as e:
        interview.give_cards(deal)
    assert words in str(e.value)
    assert interview.answers == [("incident", ("revoke",))] or len(interview.answers) == 1


def test_the_prompt_offers_the_paste_and_reads_it_to_an_empty_line(knowledge):
    from bridgelaw.faces.prompt import Plain, converse
    lines = ["revoke", *PBN.strip().splitlines(), "", "2", "no"]
    interview = Interview(knowledge)
    q = interview.step()
    number = next(i for i, c in enumerate(q.choices, 1) if c.value == "revoke")
    lines[0] = str(number)
    out = io.StringIO()
    ruling = converse(interview, "en", [Plain(io.StringIO("\n".join(lines) + "\n"))], out)
    said = out.getvalue()
    assert "or paste the deal (PBN or LIN" in said and "The deal is taken" in said
    assert [k for k, _ in interview.history()] == ["incident", CARDS, *REVOKE]  # nothing the cards show
    assert "+510" in ruling.result.text["en"]


# -- the web page and the JSON API ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def client(web_app):
    from fastapi.testclient import TestClient
    return TestClient(web_app)


def _post(client, answers):
    return client.post("/api/interview", json={"answers": [{"key": k, "value": v} for k, v in answers],
                                               "lang": "en"})


def test_the_json_api_takes_the_deal_as_the_answer_cards(client):
    answers = [("incident", ["revoke"]), (CARDS, PBN)]
    step = _post(client, answers).json()
    assert step["question"]["key"] == "revoke-1.attention_drawn"
    done = _post(client, answers + list(REVOKE.items())).json()
    assert done["step"] == "ruling" and done["ruling"]["result"]["text"]["en"].endswith("N-S +510")
    assert done["ruling"]["board"]["hands"]["W"] == ["6", "8763", "JT986", "876"]
    assert done["ruling"]["revoke_tricks"][0]["by_card"][0] == ["DJ", 10]
    assert "cards:" in done["incident_yaml"]
    bad = _post(client, [("incident", ["revoke"]), (CARDS, PBN.replace("C6 DA D4 D7", "C6 DA SA D7"))])
    assert bad.status_code == 422 and bad.json()["index"] == 2 and "never held" in bad.json()["detail"]


def test_the_page_offers_a_text_area_and_shows_the_hands_and_tricks(client):
    from bridgelaw.faces.web.session import encode
    first = client.get("/", params={"s": encode([("incident", ["revoke"])]), "lang": "en"})
    assert 'name="k" value="cards"' in first.text and "<textarea" in first.text
    moved = client.get("/answer", params={"s": encode([("incident", ["revoke"])]), "k": CARDS, "v": LIN,
                                          "lang": "en"}, follow_redirects=False)
    assert moved.status_code == 303
    page = client.get(moved.headers["location"])
    assert "When was attention first drawn" in page.text and 'name="k" value="cards"' not in page.text
    ruled = client.get("/", params={"s": encode([("incident", ["revoke"]), (CARDS, LIN), *REVOKE.items()]),
                                    "lang": "en"})
    assert 'class="board"' in ruled.text and "♠ AK32" in ruled.text and 'class="evidence"' in ruled.text


def test_two_requests_with_claims_at_once_both_get_answers_one_search_at_a_time(client, monkeypatch):
    """The server's threads queue for the solver (read/dd.py): two claims posted together are both ruled,
    and the solver never serves two searches at once."""
    from bridgelaw.read import dd
    dds, = dd.endplay_parts("_dds")  # the solver itself, as the claim search calls it
    inside, most = [0], [0]
    solve = dds.SolveBoard

    def counted(*args, **kwargs):
        inside[0] += 1
        most[0] = max(most[0], inside[0])
        time.sleep(0.01)  # long enough for two unguarded searches to meet
        try:
            return solve(*args, **kwargs)
        finally:
            inside[0] -= 1
    monkeypatch.setattr(dds, "SolveBoard", counted)
    monkeypatch.setattr(dd, "_FOUND", {})
    earlier = CLAIM.replace("D6 D7 D5 D8\n", "")  # the claim a trick earlier: another search
    results = {}

    def post(name, deal):  # as a client does: each question's answer appended, the answers posted again
        answers = [("incident", ["claim"]), (CARDS, deal)]
        while (step := _post(client, answers).json())["step"] == "question":
            answers.append((step["question"]["key"], CLAIMED[step["question"]["key"]]))
        results[name] = step
    threads = [threading.Thread(target=post, args=(n, d)) for n, d in (("nine", CLAIM), ("eight", earlier))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert results["nine"]["ruling"]["claim_lines"]["remaining"] == 4
    assert results["eight"]["ruling"]["claim_lines"]["remaining"] == 5
    assert most[0] == 1


def test_a_claim_given_by_its_ending_is_ruled_from_the_cards(knowledge, engine):
    """The cards still held at a claim, pasted as one line: the split is the worst line's, never asked."""
    answers = {k: v for k, v in CLAIMED.items() if k != "claim.tricks_to_claimer"} | {
        "claim.tricks_claimed": 3, "claim.less_successful_normal_line": False, "deal.declarer": "S",
        "deal.contract": "4S", "deal.vulnerability": "none", "claim.trump_mentioned": True}
    ending = "ending N:-.AK.-.2 E:-.Q.-.AK S:Q.-.A2.- W:K.-.KQ.- lead:S won:10"
    interview = Interview(knowledge, engine)
    interview.answer(["claim"], "incident")
    interview.give_cards(ending)
    asked = []
    while isinstance(q := interview.step(), Question):
        asked.append(q.key)
        assert q.key in answers, f"asked {q.key}"
        interview.answer(answers[q.key], q.key)
    assert "claim.tricks_to_claimer" not in asked
    assert [(e.args["claimer_tricks"], e.args["other_tricks"]) for e in q.elements if e.kind == "claim_result"] \
        == [(1, 2)]
