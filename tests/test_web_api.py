"""The JSON API and the page's requests, through FastAPI's test client (no browser).

A director who knows an incident answers over /api/interview and reaches the
ruling `bridgelaw rule` gives on the incident file the API hands back; every
bad request (unknown slot, value not allowed, oversized body, broken or stale
state) answers 4xx with a message that says what is wrong, never a traceback.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.read.incident import load_incident
from bridgelaw.faces.web.session import MAX_ANSWERS, StateError, encode
from web_director import as_json, script

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))


@pytest.fixture(scope="module")
def app(web_app):
    return web_app


@pytest.fixture(scope="module")
def client(app):
    with TestClient(app, raise_server_exceptions=False, follow_redirects=False) as c:
        yield c


@pytest.fixture(scope="module")
def scripted(knowledge, engine):
    """``scripted(path)``: web_director.script on the shipped incident at ``path``, worked out once in the module
    (the interview in-process, a step a question: the threads' test and the ruling pages' tests take incidents
    the API's test has scripted already)."""
    done: dict = {}

    def scripted(path: Path):
        if path not in done:
            done[path] = script(knowledge, engine, load_incident(path, knowledge.vocabulary))
        return done[path]
    return scripted


def post(client, answers, lang="ru"):
    return client.post("/api/interview", json={"answers": answers, "lang": lang})


def no_traceback(response):
    assert "Traceback" not in response.text and 'File "' not in response.text


# -- the interview over JSON -------------------------------------------------------------------


def test_first_step_names_the_kinds_of_incident(client):
    r = post(client, [])
    assert r.status_code == 200
    body = r.json()
    assert body["step"] == "question" and body["ruling"] is None
    q = body["question"]
    assert q["key"] == "incident" and q["multiple"] is True
    assert {"value": "defective_trick", "label": {"ru": "Дефектная взятка", "en": "Defective trick"}} .items() \
        <= {k: v for k, v in next(c for c in q["choices"] if c["value"] == "defective_trick").items()}.items()
    assert q["why"] and all({"production", "cite", "summary"} <= set(w) for w in q["why"])


@pytest.mark.parametrize("path", INCIDENTS, ids=[p.stem for p in INCIDENTS])
def test_director_over_the_api_gets_the_ruling_of_the_command_line(path, client, knowledge, engine, scripted):
    steps, expected = scripted(path)
    answers = []
    for q, value in steps:
        body = post(client, answers).json()
        assert body["step"] == "question" and body["question"]["key"] == q.key
        answers.append({"key": q.key, "value": as_json(value)})
    r = post(client, answers)
    assert r.status_code == 200, r.text
    body = r.json()
    ruling = body["ruling"]
    got = [(e["kind"], e["cite"], e["text"]["ru"]) for e in ruling["elements"]]
    assert got == [(e.kind, e.cite, e.text["ru"]) for e in expected.elements]
    # the incident file it hands back is what `bridgelaw rule` reads, and rules the same
    saved = ROOT / "out" / "web-api" / path.name
    saved.parent.mkdir(parents=True, exist_ok=True)
    saved.write_text(body["incident_yaml"], encoding="utf-8")
    again = engine.rule(load_incident(saved, knowledge.vocabulary))
    assert [(e.kind, e.cite, e.text["ru"]) for e in again.elements] == got
    assert ruling["result"] == expected.to_dict()["result"]  # the interview asks what the result needs
    assert body["text"].startswith("Объявить: ")  # the announcement, then the result line or "play continues"
    assert body["text"].splitlines()[1] == expected.outcome["ru"]
    assert all(e["label"]["ru"] for e in ruling["elements"])


def test_answers_come_back_canonical_and_english_on_request(client):
    r = post(client, [{"key": "incident", "value": ["defective_trick"]}, {"key": "deal.declarer", "value": "s"}],
             lang="en")
    assert r.status_code == 200
    assert r.json()["answers"] == [{"key": "incident", "value": ["defective_trick"]},
                                   {"key": "deal.declarer", "value": "S"}]


def test_not_known_is_null(client):
    r = post(client, [{"key": "incident", "value": ["defective_trick"]}, {"key": "deal.declarer", "value": None}])
    assert r.status_code == 200 and r.json()["answers"][1]["value"] is None


def test_replay_resumes_from_answers_it_has_checked(knowledge, scripted):
    from bridgelaw.faces.web.session import Service
    service = Service(knowledge, budget=60)
    steps, expected = scripted(ROOT / "facts" / "incidents" / "defective-trick-two-cards.yaml")
    answers = [(q.key, as_json(v)) for q, v in steps]
    for n in range(len(answers) + 1):  # as a page does: one answer more each time
        snap = service.replay(answers[:n])
    assert [(e.cite, e.text["ru"]) for e in snap.step.elements] == [(e.cite, e.text["ru"]) for e in expected.elements]
    fresh = Service(knowledge, budget=60).replay(answers)
    assert (snap.answers, snap.token, snap.facts) == (fresh.answers, fresh.token, fresh.facts)
    # a remembered prefix does not let a bad answer through, nor 1 pass for true
    trick = next(i for i, (k, _) in enumerate(answers) if k.endswith(".trick"))
    bool_at = next(i for i, (q, _) in enumerate(steps) if q.type == "bool")
    with pytest.raises(StateError, match="is not one of"):
        service.replay(answers[:trick] + [(answers[trick][0], 14)])
    with pytest.raises(StateError, match="is not one of"):
        service.replay(answers[:trick] + [(answers[trick][0], True)])
    assert service.replay(answers[:bool_at] + [(answers[bool_at][0], 1)]).answers[bool_at][1] is True


def test_replays_from_many_threads_share_one_engine_safely(knowledge, scripted, monkeypatch):
    from concurrent.futures import ThreadPoolExecutor
    from bridgelaw.faces.web import session
    from bridgelaw.faces.web.session import Service
    monkeypatch.setattr(session, "WAIT", 120.0)  # what is shared is tested, not how long a slow machine queues
    service = Service(knowledge, budget=60)
    jobs = []
    for path in INCIDENTS[::6]:  # a spread of the incidents: what is shared between threads, not throughput
        steps, expected = scripted(path)
        jobs.append(([(q.key, as_json(v)) for q, v in steps], [(e.cite, e.text["ru"]) for e in expected.elements]))

    def run(job):
        answers, want = job
        for n in range(len(answers) + 1):
            snap = service.replay(answers[:n])
        return [(e.cite, e.text["ru"]) for e in snap.step.elements] == want

    with ThreadPoolExecutor(8) as pool:
        assert all(pool.map(run, jobs * 2))


# -- bad requests --------------------------------------------------------------------------------


@pytest.mark.parametrize("answers,status,words", [
    ([{"key": "incident", "value": ["defective_trick"]}, {"key": "deal.declarer", "value": "X"}],
     422, ["answer 2 (deal.declarer)", "'X' is not one of", 'allowed: "N", "E", "S", "W", "NS", "EW", or null (not known)']),
    ([{"key": "incident", "value": ["revoke"]}, {"key": "revoke-1.ofender", "value": "W"}],
     422, ["answer 2 (revoke-1.ofender): unknown slot 'ofender' in revoke", "did you mean 'offender'?"]),
    ([{"key": "incident", "value": ["revoke"]}, {"key": "revokes-1.offender", "value": "W"}],
     422, ["unknown template 'revokes'", "did you mean 'revoke'?"]),
    ([{"key": "incident", "value": ["bidding_box"]}], 422, ["answer 1 (incident)", "'bidding_box' is not one of"]),
    ([{"key": "incident", "value": []}], 422, ["pick at least one"]),
    ([{"key": "deal.declarer", "value": "S"}], 409, ["the question asked at this point is 'incident'"]),
    ([{"key": "incident", "value": ["revoke"]}, {"key": "revoke-1.trick", "value": 3}],
     409, ["answer 2 (revoke-1.trick)", "the question asked at this point is"]),
    ([{"key": "incident", "value": ["defective_trick"]}, {"key": "deal.declarer", "value": True}],
     422, ["'True' is not one of"]),
    ([{"key": "nonsense", "value": 1}], 422, ["'nonsense' is not a question key"]),
])
def test_bad_answers_say_which_answer_and_what_is_allowed(client, answers, status, words):
    r = post(client, answers)
    assert r.status_code == status, r.text
    body = r.json()
    for w in words:
        assert w in body["detail"], body
    assert body["kind"] == {409: "stale", 422: "invalid"}[status] and body["index"] == len(answers)
    no_traceback(r)


def test_an_answer_after_the_ruling_is_stale(client, knowledge, engine):
    incident = load_incident(ROOT / "facts" / "incidents" / "dummy-asks-to-see-trick.yaml", knowledge.vocabulary)
    steps, _ = script(knowledge, engine, incident)
    answers = [{"key": q.key, "value": as_json(v)} for q, v in steps] + [{"key": "deal.declarer", "value": "N"}]
    r = post(client, answers)
    assert r.status_code == 409 and "the ruling was already reached" in r.json()["detail"]


@pytest.mark.parametrize("body,words", [
    ({"answers": [{"key": "incident", "value": {"a": 1}}]}, ["answers.0.value"]),
    ({"answers": [{"key": "incident", "value": ["revoke"], "extra": 1}]}, ["answers.0.extra", "Extra inputs"]),
    ({"answers": [], "lang": "fr"}, ["lang"]),
    ({"answers": [{"key": "incident", "value": ["revoke"]}] * (MAX_ANSWERS + 1)}, ["answers", str(MAX_ANSWERS)]),
])
def test_malformed_bodies_are_422_with_where(client, body, words):
    r = client.post("/api/interview", json=body)
    assert r.status_code == 422
    for w in words:
        assert w in r.json()["detail"]
    no_traceback(r)


def test_broken_json_is_422(client):
    r = client.post("/api/interview", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and r.json()["kind"] == "invalid"


def test_oversized_body_is_413(client):
    big = json.dumps({"answers": [{"key": "incident", "value": "x" * 100_000}]})
    r = client.post("/api/interview", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and "over 65536 bytes" in r.json()["detail"]


def test_oversized_body_without_length_is_413(client):
    def chunks():
        for _ in range(100):
            yield b"x" * 1024
    r = client.post("/api/interview", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_internal_errors_show_no_traceback(app, monkeypatch):
    def boom(*a, **k):
        raise RuntimeError("secret internals")
    monkeypatch.setattr(app.state.service, "replay", boom)
    with TestClient(app, raise_server_exceptions=False) as c:
        api, page = c.post("/api/interview", json={}), c.get("/")
        for r in (api, page):
            assert r.status_code == 500
            assert "secret internals" not in r.text and "Traceback" not in r.text
        assert api.json()["kind"] == "internal"
        assert "Внутренняя ошибка программы" in page.text and "Начать заново" in page.text


def test_the_knowledge_is_loaded_once(app, monkeypatch):
    import bridgelaw.engine
    monkeypatch.setattr(bridgelaw.engine, "load", lambda *a, **k: pytest.fail("knowledge loaded per request"))
    with TestClient(app) as c:
        assert c.post("/api/interview", json={}).status_code == 200
        assert c.get("/").status_code == 200


def test_openapi_documents_the_interview(client):
    doc = client.get("/openapi.json").json()
    op = doc["paths"]["/api/interview"]["post"]
    assert op["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/InterviewRequest")
    assert op["responses"]["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/Step")
    assert {"400", "409", "413", "422"} <= set(op["responses"])
    schemas = doc["components"]["schemas"]
    assert {"Answer", "QuestionOut", "RulingOut", "Error"} <= set(schemas)
    assert "elements" in schemas["RulingOut"]["properties"]  # the ruling's own schema (test_ruling_schema.py)
    assert "/" not in doc["paths"] and "/answer" not in doc["paths"]


# -- the page's requests -------------------------------------------------------------------------


def test_page_starts_in_russian_and_switches_to_english(client):
    r = client.get("/")
    assert r.status_code == 200 and '<html lang="ru">' in r.text and "Что произошло?" in r.text
    r = client.get("/?lang=en")
    assert '<html lang="en">' in r.text and "What happened?" in r.text


def test_page_answer_form_redirects_to_the_next_question(client):
    r = client.get("/answer", params={"k": "incident", "v": ["defective_trick"]})
    assert r.status_code == 303
    nxt = client.get(r.headers["location"])
    assert nxt.status_code == 200 and "Кто разыгрывающий?" in nxt.text


def test_page_answer_form_rejects_a_value_on_the_page(client):
    s = encode([("incident", ("defective_trick",))])
    r = client.get("/answer", params={"s": s, "k": "deal.declarer", "v": "Z"})
    assert r.status_code == 422 and "Кто разыгрывающий?" in r.text and "&#39;Z&#39; is not one of" in r.text
    r = client.get("/answer", params={"k": "incident"})
    assert r.status_code == 422 and "Выберите хотя бы один вариант" in r.text


@pytest.mark.parametrize("s,status", [
    ("1@@@not-base64", 400),
    ("9abc", 400),
    ("1" + "A" * 20_000, 413),
    (encode([("deal.declarer", "S")]), 409),
    (encode([("incident", ["revoke"]), ("revoke-1.ofender", "W")]), 422),
])
def test_page_with_a_broken_or_stale_state_says_so(client, s, status):
    for path in ("/", "/incident.yaml", "/ruling.txt"):
        r = client.get(path, params={"s": s})
        assert r.status_code == status, (path, r.text)
        assert "Начать заново" in r.text
        no_traceback(r)


def test_page_keeps_the_answers_that_still_fit(client):
    s = encode([("incident", ["defective_trick"]), ("deal.declarer", "S"), ("revoke-1.trick", 3)])
    r = client.get("/", params={"s": s})
    assert r.status_code == 409 and "Продолжить с ответами, которые подходят (2)" in r.text
    keep = r.text.split('id="keep" href="')[1].split('"')[0].replace("&amp;", "&")
    assert client.get(keep).status_code == 200


def test_page_unknown_lang_is_4xx_page(client):
    r = client.get("/?lang=fr")
    assert r.status_code == 422 and "lang" in r.text and "Начать заново" in r.text


def test_a_free_answer_is_typed(app, monkeypatch):
    """No production asks one yet (a contract, a card): the page gives a text field and a Next button."""
    from bridgelaw.faces.interview import Question
    from bridgelaw.faces.web.session import Snapshot
    q = Question(key="deal.contract", kind="slot", text={"ru": "Какой контракт?", "en": "What contract?"},
                 template="deal", slot="contract", fact="deal", type="contract", allow_unknown=True)
    monkeypatch.setattr(app.state.service, "replay", lambda answers: Snapshot((), (), q, None, {}))
    with TestClient(app) as c:
        r = c.get("/")
    assert 'class="free-input" type="text" name="v"' in r.text and 'name="k" value="deal.contract"' in r.text
    assert "Дальше →" in r.text and "Не знаю" in r.text and "Какой контракт?" in r.text


def test_downloads_wait_for_the_ruling(client):
    s = encode([("incident", ["defective_trick"])])
    r = client.get("/incident.yaml", params={"s": s})
    assert r.status_code == 409 and "Решение ещё не получено" in r.text


def test_yaml_and_text_of_a_ruling(client, scripted):
    steps, expected = scripted(ROOT / "facts" / "incidents" / "defective-trick-two-cards.yaml")
    s = encode([(q.key, v) for q, v in steps])
    y = client.get("/incident.yaml", params={"s": s})
    assert y.status_code == 200 and y.headers["content-type"].startswith("application/yaml")
    assert 'attachment; filename="incident.yaml"' == y.headers["content-disposition"]
    assert "defective_trick:" in y.text and "title: Дефектная взятка" in y.text
    t = client.get("/ruling.txt", params={"s": s, "lang": "en"})
    assert t.text.startswith("Tell the table: ") and "\nRuling: Defective trick" in t.text
    assert "[Law 67B2]" in t.text and "How:" in t.text


def test_the_ruling_page_says_what_a_slot_left_out_decides_under_each_class(client, scripted):
    """A revoke whose trick is not known: the transfer holds on any trick but 12, 64B6 on trick 12."""
    steps, _ = scripted(ROOT / "facts" / "incidents" / "revoke-trick-unknown.yaml")
    r = client.get("/", params={"s": encode([(q.key, v) for q, v in steps]), "lang": "en"})
    assert r.status_code == 200 and 'class="provisional"' not in r.text and "provisional: unless" not in r.text


def test_the_first_page_shows_a_short_list_and_everything_else_by_group(client):
    r = client.get("/?lang=en")
    short, more = r.text.split('<details class="fold more">', 1)
    assert "Revoke" in short and "Opening lead out of turn" in short and "Spectators" not in short
    assert "Something else: everything the Laws name" in more and "<legend>The auction</legend>" in more
    assert "Spectators" in more and "Defective trick" in more
    r = client.get("/answer", params={"k": "incident", "v": ["board_and_cards_control"], "lang": "en"})
    page = client.get(r.headers["location"])
    assert ('<p class="element not-encoded">Law 7 (placement of the board, cards taken out or put back wrongly) is'
            ' not encoded yet: rule from the law book.</p>') in page.text and 'class="element none"' not in page.text


def test_the_ruling_page_shows_one_element_for_the_same_words_about_two_revokes(client, scripted):
    steps, _ = scripted(ROOT / "facts" / "incidents" / "both-sides-revoke.yaml")
    r = client.get("/", params={"s": encode([(q.key, v) for q, v in steps]), "lang": "en"})
    assert r.text.count('data-cite="64B7"') == 1
    assert '<span class="about">(revoke by East and revoke by South)</span>' in r.text  # 64C2(b): of both together
    assert '<span class="about">(each: revoke by East and revoke by South)</span>' in r.text  # 63B: of each alone


def test_the_ruling_page_says_what_rests_on_a_choice_still_to_be_made_under_it(client, scripted):
    """27C: West has not yet chosen whether to accept 3♣; 27B1(a)'s line is said under his refusal."""
    steps, _ = scripted(ROOT / "facts" / "incidents" / "insufficient-3c-replaced-4c-prematurely.yaml")
    r = client.get("/", params={"s": encode([(q.key, v) for q, v in steps]), "lang": "en"})
    assert r.status_code == 200
    assert "if West chooses “refuse it”" in r.text and "provisional: unless" not in r.text
