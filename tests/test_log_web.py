"""The ruling log on the web page (bridgelaw/log/web.py, `serve --log`): save a ruling to the event's log,
find it by law and board, print it; off loopback, neither writing nor reading without the event's token."""
from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.faces.web import create_app
from bridgelaw.faces.web.session import encode
from bridgelaw.log.store import open_store
from bridgelaw.log.web import loopback
from bridgelaw.read.incident import load_incident
from web_director import script

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def ruled(knowledge, engine) -> str:
    """The page's token of a finished interview: the revoke of the README (64A2)."""
    incident = load_incident(ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml", knowledge.vocabulary)
    steps, _ = script(knowledge, engine, incident)
    return encode([(q.key, v) for q, v in steps])


def client(url: str, host: str) -> TestClient:
    return TestClient(create_app(ROOT, budget=60, ruling_log=(url, host)), follow_redirects=False)


def test_on_loopback_save_find_by_law_and_board_and_print(tmp_path, ruled):
    url = f"sqlite:///{tmp_path / 'log.sqlite'}"
    with client(url, "127.0.0.1") as c:
        page = c.get("/", params={"s": ruled, "lang": "en"})
        assert 'id="log-save"' in page.text and "Save to the event&#39;s log" in page.text
        form = c.get("/log/save", params={"s": ruled, "lang": "en"})
        assert form.status_code == 200 and 'name="token"' not in form.text  # open on loopback
        r = c.post("/log/save", data={"s": ruled, "lang": "en", "event": "Club night", "board": "7", "table": "3"})
        assert r.status_code == 303 and r.headers["location"].startswith("/log?")
        listed = c.get(r.headers["location"])
        assert "Saved: entry 1." in listed.text and "64A2" in listed.text
        assert 'href="/log/1/print"' in c.get("/log", params={"law": "64A", "lang": "en"}).text
        assert "/log/1/print" not in c.get("/log", params={"law": "65", "lang": "en"}).text
        assert "/log/1/print" not in c.get("/log", params={"board": "8", "lang": "en"}).text
        printed = c.get("/log/1/print")
        assert printed.status_code == 200 and '<html lang="en">' in printed.text and "64A2" in printed.text
        assert c.get("/log/99/print").status_code == 404
        bad = c.post("/log/save", data={"s": ruled, "lang": "en", "event": "Club night", "board": "x"})
        assert bad.status_code == 400 and "board number" in bad.text
    e = open_store(url).get(1)
    assert (e.event, e.board, e.table, e.lang) == ("Club night", 7, "3", "en") and "revoke:" in e.incident


def test_off_loopback_nothing_without_the_events_token(tmp_path, ruled):
    url = f"sqlite:///{tmp_path / 'log.sqlite'}"
    token = open_store(url).new_token("Cup")
    with client(url, "0.0.0.0") as c:
        assert 'name="token"' in c.get("/log/save", params={"s": ruled}).text
        r = c.post("/log/save", data={"s": ruled, "event": "Cup", "board": "7"})
        assert r.status_code == 403 and "ключ" in r.text.lower()
        r = c.post("/log/save", data={"s": ruled, "event": "Cup", "board": "7", "token": "wrong"})
        assert r.status_code == 403
        assert open_store(url).listing()[1] == 0
        assert c.get("/log", params={"event": "Cup"}).status_code == 403
        assert c.get("/log").status_code == 403  # every event at once: never off loopback
        r = c.post("/log/save", data={"s": ruled, "event": "Cup", "board": "7", "token": token})
        assert r.status_code == 303
    with client(url, "0.0.0.0") as c:  # a browser with no cookie
        assert c.get("/log/1/print").status_code == 403
        assert c.get("/log", params={"event": "Cup", "token": "wrong"}).status_code == 403
        listed = c.get("/log", params={"event": "Cup", "token": token, "law": "64A"})
        assert listed.status_code == 200 and "64A2" in listed.text
        assert c.get("/log/1/print").status_code == 200  # the token kept in a cookie
    other = open_store(url).new_token("Other event")
    with client(url, "0.0.0.0") as c:
        assert c.get("/log/1/print", params={"token": other}).status_code == 403  # another event's token


def test_only_loopback_is_open():
    assert loopback("127.0.0.1") and loopback("::1") and loopback("localhost")
    assert not loopback("0.0.0.0") and not loopback("192.168.1.10") and not loopback("::")


def test_without_log_the_page_offers_no_saving(ruled, web_app):
    with TestClient(web_app) as c:  # the session's app (conftest.py): no ruling log
        assert 'id="log-save"' not in c.get("/", params={"s": ruled}).text
        assert c.get("/log").status_code == 404
