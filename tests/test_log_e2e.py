"""End to end in Chromium (Playwright): `bridgelaw serve --log` listening beyond loopback (0.0.0.0), reached
at 127.0.0.1 by a phone-sized page.  Without the event's token the server refuses both saving and reading;
with it, a director saves the ruling, finds it by law and opens its printable record."""
from __future__ import annotations

import urllib.parse
import urllib.request
from pathlib import Path

import pytest

from bridgelaw.faces.web.session import encode
from bridgelaw.log.store import open_store
from bridgelaw.read.incident import load_incident
from tests.test_web_e2e import PHONE, _shot  # (the fixture browser: conftest.py)
from web_director import script, serving

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    url = f"sqlite:///{tmp_path_factory.mktemp('log') / 'log.sqlite'}"
    token = open_store(url).new_token("Кубок")
    with serving("--host", "0.0.0.0", "--log", "--db", url) as base:
        yield base, token, url


def test_save_find_by_law_and_print_only_with_the_events_token(browser, served, knowledge, engine):  # noqa: F811
    base, token, url = served
    incident = load_incident(ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml", knowledge.vocabulary)
    steps, _ = script(knowledge, engine, incident)
    s = encode([(q.key, v) for q, v in steps])
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="ru-RU", base_url=base)
    page = context.new_page()
    try:
        page.goto("/?" + urllib.parse.urlencode({"s": s}))
        page.click("#log-save")
        page.fill("#event", "Кубок")
        page.fill("#board", "7")
        page.fill("#table", "3")
        page.fill("#token", "не тот")
        page.click("#save")
        assert "Нужен ключ турнира" in page.content()
        assert open_store(url).listing()[1] == 0
        page.goto("/log?event=Кубок")
        assert "Нужен ключ турнира" in page.content()  # nor reading

        page.goto("/?" + urllib.parse.urlencode({"s": s}))
        page.click("#log-save")
        page.fill("#event", "Кубок")
        page.fill("#board", "7")
        page.fill("#table", "3")
        page.fill("#token", token)
        page.click("#save")
        page.wait_for_selector("tr.entry")
        assert "Записано: № 1." in page.content()
        page.fill("#law", "64A")
        page.click("#search")
        page.wait_for_selector("tr.entry")
        _shot(page, "log-list")
        assert "64A2" in page.inner_text("table.log")
        page.fill("#law", "65")
        page.click("#search")
        page.wait_for_load_state()
        assert page.locator("tr.entry").count() == 0
        page.goto("/log/1/print")
        _shot(page, "log-print", full=True)
        assert "Запись о решении судьи № 1" in page.content() and "64A2" in page.inner_text("body")
    finally:
        context.close()
    other = browser.new_context(base_url=base)  # another browser, no token: neither the record nor the log
    try:
        page = other.new_page()
        for path in ("/log/1/print", "/log?event=Кубок&law=64A", "/log"):
            response = page.goto(path)
            assert response.status == 403 and "64A2" not in page.content(), path
    finally:
        other.close()
