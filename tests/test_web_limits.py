"""The server's bounds: work per request, one request never stalling another, and an end on SIGTERM.

In-process (FastAPI's test client): answers that state more facts than one board
holds are refused before any replay; a replay past its time budget stops with a
413; replays run side by side on a pool of engines.  Against a real server
(``bridgelaw serve`` in a subprocess, on 127.0.0.1 only): a trivial request is
answered in under 200 ms while a heavy one overruns its budget, and SIGTERM ends it.
"""
from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.explain.ruling import Ruling
from bridgelaw.faces.web.session import Service, StateError
from web_director import as_json, script

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"  # the tests never listen on, nor send to, any other address
REVOKE = {"offender": "W", "failure": "failed_to_follow_suit", "establishing_act": "played_to_next_trick",
          "revoke_trick_winner": "non_offending_side", "offending_side_won_later_trick": True}


def revokes_interview(knowledge, engine, n: int) -> list:
    """The answers of an interview about a board with ``n`` revokes (4: 44 answers, replayed in about 0.7 s,
    several times the budgets below)."""
    revokes = [dict(REVOKE, trick=i, offender="NESW"[i % 4]) for i in range(1, n + 1)]
    incident = engine.incident(f"{n} revokes", {"deal": {"declarer": "S", "contract": "4S", "play_ended": True},
                                                "revoke": revokes})
    steps, _ = script(knowledge, engine, incident)
    return [{"key": q.key, "value": as_json(v)} for q, v in steps]


@pytest.fixture(scope="module")
def heavy(knowledge, engine, tmp_path_factory):
    """The answers of an interview about 8 revokes (1.2 CPU-s in-process), worked out once a run: a worker that
    takes some of this module's tests reads them (conftest.py's made_once_a_run)."""
    from conftest import made_once_a_run
    folder = made_once_a_run(tmp_path_factory, "heavy-8-revokes", lambda f: (f / "answers.json").write_text(
        json.dumps(revokes_interview(knowledge, engine, 8), ensure_ascii=False), encoding="utf-8"))
    return json.loads((folder / "answers.json").read_text(encoding="utf-8"))


def thirty_revokes(heavy: list) -> list:
    """200 answers stating 30 revokes: the request that once held the server for 8.7 s."""
    more = [{"key": "exists:revoke", "value": True}] * 26
    slots = [{"key": f"revoke-{n}.trick", "value": n % 13 + 1} for n in range(5, 31)] * 6
    return (heavy + more + slots)[:200]


# -- in-process ----------------------------------------------------------------------------------


def test_more_facts_than_a_board_holds_is_refused_before_any_replay(knowledge, heavy):
    service = Service(knowledge, budget=60)
    service._replay = lambda *a: pytest.fail("replayed answers that state 30 revokes")
    answers = thirty_revokes(heavy)
    assert len(answers) == 200
    t = time.perf_counter()
    with pytest.raises(StateError, match="more than 13 facts of revoke: an interview is about one board") as e:
        service.replay([(a["key"], a["value"]) for a in answers])
    assert e.value.status == 413 and time.perf_counter() - t < 0.5
    with pytest.raises(StateError, match="more than 13 facts of revoke"):
        service.replay([("incident", ["revoke"]), ("revoke-14.offender", "N")])


def test_the_interview_asks_for_no_more_facts_than_a_board_holds(knowledge, engine):
    from bridgelaw.faces.interview import Interview
    interview = Interview(knowledge, engine)
    for more, closed in ((11, False), (12, True)):
        interview.answers = [("incident", ["revoke"])] + [("exists:revoke", True)] * more
        state = interview._state()
        assert ("revoke" in state.closed) is closed, f"{1 + more} revokes: asked for another: {not closed}"
    assert sum(1 for t, _ in state.facts.values() if t == "revoke") == 13


def test_a_replay_past_its_budget_stops_with_413_and_goes_on_when_sent_again(knowledge, heavy):
    service = Service(knowledge, budget=0.1)
    answers = [(a["key"], a["value"]) for a in heavy]
    with pytest.raises(StateError, match=r"takes over 0.1 s, the server's limit; \d+ were checked") as e:
        service.replay(answers)
    # stopped at the budget, not at the end: fewer answers checked than sent (a wall-time bound here was
    # the whole replay's time on a quiet machine, and failed under load)
    assert e.value.status == 413 and e.value.index - 1 < len(answers)
    checked = e.value.index - 1
    with pytest.raises(StateError) as again:
        service.replay(answers)
    assert again.value.index - 1 > checked  # the answers checked before are not replayed again


def test_remembered_prefixes_are_light_and_show_the_answers_as_whole_questions_do(knowledge, engine, heavy):
    """What the server remembers of each prefix checked is what a replay resumes from and the page shows (the
    questions' text and the choices picked), never a whole question: the first screen's carries every irregularity
    and the laws waiting on it, and 1,024 of them kept the server's memory growing."""
    from bridgelaw.faces.interview import UNKNOWN, Interview
    from bridgelaw.faces.web.view import asked_lines
    service = Service(knowledge)
    answers = [(a["key"], a["value"]) for a in heavy]
    for n in range(len(answers) + 1):  # one answer more each time, as a page sends them: each resumes a remembered prefix
        snap = service.replay(answers[:n])
    interview = Interview(knowledge, engine)
    whole = []
    for key, value in answers:
        q = interview.step()
        whole.append((q, interview.answer(UNKNOWN if value is None else value, key)))
    for lang in ("ru", "en"):
        assert asked_lines(snap.asked, lang) == asked_lines(tuple(whole), lang)
    assert whole[0][0].why and len(whole[0][0].choices) > 10  # the first screen: every irregularity, laws waiting
    for q, v in (q for _, asked in service._seen.values() for q in asked):
        assert not q.why and not q.groups and q.help is None
        assert len(q.choices) <= (len(v) if q.multiple and isinstance(v, tuple) else 1)


def test_the_pools_engines_compile_whole_components(knowledge):
    """Each engine of the pool, and each authority's, compiles the components whole (at most one engine a component,
    never compiled again: partition.Partitions(whole=True)), not the parts incidents apply, which 50 sessions met in
    ever new combinations and compiled again 8 times a second."""
    service = Service(knowledge, pool=4)
    service.warm()
    engines = list(service._engines.queue) + [service._engine_for({"ra": "ebu"})[0]]
    assert len(engines) == 5 and all(e._partitions._warm for e in engines)


def test_a_server_compiles_its_pool_at_start_and_never_again(knowledge, heavy):
    """`serve` compiles every component of every engine of the pool before it answers a request (warm(compile=True);
    the port is taken first, so a port in use is said at once): its memory does not follow the kinds of incident
    met later, and no request compiles."""
    service = Service(knowledge, budget=60, pool=2)
    service.warm(compile=True)
    engines = list(service._engines.queue)
    components = len(engines[0]._partitions._whole)
    assert [e._partitions.builds for e in engines] == [components] * 2
    assert service.replay([(a["key"], a["value"]) for a in heavy]).step
    assert [e._partitions.builds for e in engines] == [components] * 2


def test_what_ruling_remembers_is_one_memo_per_vocabulary_shared_by_the_pool_and_capped(knowledge, engine, monkeypatch):
    """The ways open questions and the interview find (explain/why.py) and the texts of elements and HOW lines
    (run/record.py) are remembered once per vocabulary, for every engine of the pool and every part of the knowledge:
    an interview replayed on a second engine works none of them out again (one memo an engine, or a part, filled for
    minutes under 50 sessions).  Each is capped by the Service's knowledge (model.Memos), and the knowledge it was
    given keeps its own caps."""
    import time as clock

    from bridgelaw.explain import why
    from bridgelaw.run import record
    walk = [(a["key"], a["value"]) for a in revokes_interview(knowledge, engine, 2)]
    monkeypatch.setattr(Service, "MEMO", 7)
    service = Service(knowledge, pool=2)
    assert (service.knowledge.memos.ways, service.knowledge.memos.texts) == (7, Service.TEXTS)
    assert knowledge.memos.ways == 20_000 == knowledge.memos.texts  # no module global lowered for the process
    monkeypatch.setattr(Service, "MEMO", 10**6)
    service = Service(knowledge, pool=2)
    first, second = service._engine(), service._engine()
    assert first is not second
    done = {"ways": 0, "texts": 0}

    def counted(name, real):
        def call(*args, **kwargs):
            done[name] += 1
            return real(*args, **kwargs)
        return call

    for memo in ("_ways_memo", "_texts", "_fact_texts"):  # the test session's engine filled them: start afresh
        vars(knowledge.vocabulary).pop(memo, None)
    monkeypatch.setattr(why, "_ways", counted("ways", why._ways))
    monkeypatch.setattr(record, "_render", counted("texts", record._render))
    monkeypatch.setattr(record.Recorder, "_fact_words", counted("texts", record.Recorder._fact_words))
    snap = service._replay(first, walk, clock.monotonic() + 60)
    assert isinstance(snap.step, Ruling) and done["ways"] > 50 and done["texts"] > 5, done
    before = dict(done)
    again = service._replay(second, walk, clock.monotonic() + 60)
    assert again.step.to_dict() == snap.step.to_dict()
    assert done == before, f"the second engine of the pool worked out again {done['ways'] - before['ways']} ways" \
        f" and {done['texts'] - before['texts']} texts the first had found: a memo per engine or per part?"
    parts = [k for k in service.knowledge.__dict__["_restricted"].values()]
    assert parts and not any("_ways_memo" in vars(k) for k in [service.knowledge, *parts])
    vocab = service.knowledge.vocabulary.__dict__
    assert vocab["_ways_memo"] and vocab["_texts"] and vocab["_fact_texts"]


# A wandering session of bench/load.py (three kinds, several answers "not known"): the interview stepped a copy of
# itself per class of a slot no answer states, which changed nothing and came back for ever (321 deep, then a
# RecursionError: HTTP 500 after 7 s, and 34 MB the server kept: the jump at about 3,000 requests of every long run).
ROUND_FOR_EVER = [
    ["incident", ["simultaneous_call", "wrong_board_played", "claim"]], ["claim.claimer", "S"],
    ["claim.about_current_trick_only", False], ["claim.action", ["showed_cards"]], ["claim.demonstrably_not_intended", False],
    ["claim.tricks_remaining", 6], ["claim.tricks_claimed", 0], ["claim.response", "agreed"],
    ["claim.objection", "within_correction_period"], ["claim.non_claimers_tricks_already_won", 2],
    ["claim.non_claimers_tricks_likely_won", 11], ["claim.raised_after_correction_period", None],
    ["claim.conceded_tricks_already_won", 3], ["claim.conceded_tricks_not_losable", 7],
    ["wrong_board_played.previously_played", True], ["wrong_board_played.side_at_fault", "NS"],
    ["wrong_board_played.others_deprived", None], ["wrong_board_played.both_sides_at_fault", False],
    ["auction.dealer", "NS"], ["auction.calls", None], ["simultaneous_call-1.position", 221], ["deal.scoring", None],
    ["claim.partner_objected_at_once", True], ["deal.auction_ended", None]]


def test_an_interview_never_steps_a_copy_of_itself_for_ever(knowledge):
    service = Service(knowledge, budget=60, pool=1)
    snap = service.replay([tuple(a) for a in ROUND_FOR_EVER])
    assert isinstance(snap.step, Ruling)


def test_replays_run_side_by_side_on_a_pool_of_engines(knowledge, heavy):
    service = Service(knowledge, budget=60, pool=2)
    running, most = [0], [0]
    lock = threading.Lock()
    real = service._replay

    def counted(*args):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
        try:
            time.sleep(0.2)
            return real(*args)
        finally:
            with lock:
                running[0] -= 1

    service._replay = counted
    threads = [threading.Thread(target=service.replay, args=([],)) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert most[0] == 2, "two replays did not run at the same time"
    assert service._made == 2


from test_pasted_deal import CLAIM, CLAIMED  # noqa: E402  (the claim board and the answers about its claim)


def claim_answers(service, deal: str) -> list:
    """The answers of an interview about the claim on ``deal``, to its ruling (which shows the claim's lines)."""
    from bridgelaw.faces.interview import CARDS
    from bridgelaw.explain.ruling import Ruling
    answers = [("incident", ["claim"]), (CARDS, deal)]
    while not isinstance(step := service.replay(answers).step, Ruling):
        answers.append((step.key, CLAIMED[step.key]))
    return answers


def test_four_slow_claims_leave_an_engine_for_a_trivial_request(knowledge, monkeypatch):
    """Four requests whose claim search runs long (each search held 1 s here, as one at its work budget is on
    a busy machine; the solver serves one at a time) never take the last engine: a request with no deal is
    answered in under 0.5 s while they run."""
    from bridgelaw.read import dd
    service = Service(knowledge, budget=60, pool=4)
    service.warm()
    # the claim, and the claim a trick earlier: two searches, each asked by two requests
    claims = [claim_answers(service, deal) for deal in (CLAIM, CLAIM.replace("D6 D7 D5 D8\n", ""))]
    monkeypatch.setattr(dd, "_FOUND", {})  # nothing searched before: the answers are, the searches are not
    start, searched = dd._Search.__init__, []

    def slow(self, *args):  # one search begins (under the solver's lock)
        searched.append(1)
        time.sleep(1.0)
        start(self, *args)
    monkeypatch.setattr(dd._Search, "__init__", slow)
    errors = []

    def claim(answers):
        try:
            service.replay(answers)
        except Exception as e:  # noqa: BLE001 - reported below
            errors.append(e)
    threads = [threading.Thread(target=claim, args=(claims[n % 2],)) for n in range(4)]
    for t in threads:
        t.start()
    time.sleep(0.3)  # the four are running, or waiting for the solver
    t0 = time.perf_counter()
    try:
        snap = service.replay([])
    except StateError as e:  # every engine busy (503) after WAIT seconds
        snap = e
    took = time.perf_counter() - t0
    busy = sum(t.is_alive() for t in threads)
    for t in threads:
        t.join(30)
    assert not errors, errors
    assert len(searched) == 2 and busy, "the slow requests ended before the trivial one was sent"
    assert took <= 0.5 and not isinstance(snap, StateError), f"a trivial request waited {took:.2f} s behind {busy} slow ones"


def test_four_budget_limited_replays_leave_an_engine_for_a_trivial_request(knowledge, heavy, monkeypatch):
    """Four requests with no deal, each replaying answers the server does not remember until its budget
    stops it (each answer held 50 ms here, as on a busy machine), never take the last engine: the first
    question is answered in under 0.5 s while they run.  (A budget of 1 s, half the server's: three replay at
    once, the fourth after them, so the test lasts two budgets; the trivial request is sent at 0.3 s.)"""
    from bridgelaw.faces.interview import Interview
    service = Service(knowledge, budget=1.0, pool=4)
    service.warm()
    service.CACHE = 0  # nothing remembered: each of the four replays every answer
    real = Interview.answer

    def slow(self, *args, **kw):
        time.sleep(0.05)
        return real(self, *args, **kw)
    monkeypatch.setattr(Interview, "answer", slow)
    answers = [(a["key"], a["value"]) for a in heavy]
    stopped = []

    def replay():
        try:
            service.replay(answers)
        except StateError as e:
            stopped.append(e.status)
    threads = [threading.Thread(target=replay) for _ in range(4)]
    for t in threads:
        t.start()
    time.sleep(0.3)  # three are replaying, the fourth waits for them
    t0 = time.perf_counter()
    try:
        snap = service.replay([])
    except StateError as e:
        snap = e
    took = time.perf_counter() - t0
    busy = sum(t.is_alive() for t in threads)
    for t in threads:
        t.join(30)
    assert busy, "the slow requests ended before the trivial one was sent"
    assert took <= 0.5 and not isinstance(snap, StateError), f"a trivial request waited {took:.2f} s behind {busy} slow ones"
    assert stopped == [413] * 4, f"the four were not each stopped at their budget: {stopped}"


@pytest.fixture(scope="module")
def client(web_app):
    with TestClient(web_app, raise_server_exceptions=False, follow_redirects=False) as c:
        yield c


def deep_token(depth: int) -> str:
    import base64
    import zlib
    raw = b'[["incident",' + b"[" * depth + b"]" * depth + b"]]"
    return "1" + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


@pytest.mark.parametrize("path", ["/", "/answer?k=incident&", "/incident.yaml", "/ruling.txt"])
def test_a_token_nested_thousands_deep_is_a_broken_state_not_a_500(client, path):
    sep = "&" if "?" in path else "?"
    r = client.get(f"{path}{sep}s={deep_token(8000)}")
    assert r.status_code == 400, r.text
    assert "nested far too deep" in r.text and "Traceback" not in r.text


def test_thirty_revokes_over_the_api_are_refused_at_once(client, heavy):
    body = {"answers": thirty_revokes(heavy)}
    t = time.perf_counter()
    r = client.post("/api/interview", json=body)
    assert r.status_code == 413 and time.perf_counter() - t < 0.5
    assert r.json()["kind"] == "too_large" and "one board" in r.json()["detail"]


# -- a real server ---------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def request(port: int, method: str, path: str, body: dict | None = None, timeout: float = 30) -> tuple[int, float]:
    """(status, seconds) of one request to the server on 127.0.0.1."""
    t = time.perf_counter()
    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
    data = json.dumps(body).encode() if body is not None else None
    conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
    status = conn.getresponse().status
    conn.close()
    return status, time.perf_counter() - t


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for the module's tests (the last one ends it with SIGTERM)."""
    tmp_path = tmp_path_factory.mktemp("server")
    port = free_port()
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "bridgelaw.faces.cli", "serve", "--host", HOST, "--port", str(port),
                             "--budget", "0.1"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=open(tmp_path / "server.log", "wb"))
    deadline = time.monotonic() + 60
    while True:
        try:
            request(port, "POST", "/api/interview", {"answers": []}, timeout=5)
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                pytest.fail("the server did not start:\n" + (tmp_path / "server.log").read_text())
            time.sleep(0.2)
    yield proc, port
    if proc.poll() is None:
        proc.kill()
        proc.wait()


def _heavy_variant(heavy: list) -> list:
    """The heavy answers, written so no remembered prefix matches (the declarer in lower case)."""
    return [dict(a, value=a["value"].lower()) if a["key"] == "deal.declarer" else a for a in heavy]


def test_a_trivial_request_is_answered_while_another_overruns(server, heavy):
    proc, port = server
    heavy_result = {}

    def slow():  # the heavy answers, three times: each time the replay goes on from where it stopped
        heavy_result["r"] = [request(port, "POST", "/api/interview", {"answers": _heavy_variant(heavy)})
                             for _ in range(3)]

    request(port, "POST", "/api/interview", {"answers": []})  # warm
    t = threading.Thread(target=slow)
    t.start()
    time.sleep(0.05)  # the heavy replay is running
    trivial = []
    while t.is_alive():
        status, took = request(port, "POST", "/api/interview", {"answers": []})
        trivial.append((status, took, t.is_alive()))  # still alive: answered while the heavy one ran
    t.join()
    assert all(status == 413 and took < 2.5 for status, took in heavy_result["r"]), \
        f"the heavy requests were not stopped at their budget: {heavy_result['r']}"
    during = [dt for s, dt, alive in trivial if alive]
    assert during and all(s == 200 for s, _, _ in trivial), f"no trivial request answered during the heavy one"
    # the median, against the floor of 0.5 s (waiting for the heavy one would take its 2 s budget): one request on
    # a machine shared with other work (the suite's other worker) may meet a pause of its own
    assert statistics.median(during) < 0.5, f"trivial requests took {[round(dt, 3) for dt in during]} s"


def test_the_server_ends_on_sigterm_even_mid_request(server, heavy):
    proc, port = server
    threading.Thread(target=lambda: _ignore(request, port, "POST", "/api/interview",
                                            {"answers": _heavy_variant(heavy)}), daemon=True).start()
    time.sleep(0.2)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=15) is not None


def _ignore(f, *args):
    try:
        f(*args)
    except OSError:
        pass
