"""The offline page (Pyodide, the network off) takes the same answers known in part and the same Regulating
Authority setting as `bridgelaw serve`: it renders the same pages (web/render.py).  Needs Node and `npm ci`."""
from __future__ import annotations

from test_web_settings_e2e import ADJUSTED, REVOKE, _answer, _steps

from bridgelaw.read.incident import load_incident
from web_director import script


def _next(page, key: str) -> None:
    page.wait_for_function("k => { const s = document.querySelector('section.question');"
                           " return document.querySelector('section.ruling') || (s && s.dataset.key !== k); }",
                           arg=key, timeout=30_000)


def _through(page, steps) -> list:
    for q, value in steps:
        assert page.locator("section.question").get_attribute("data-key") == q.key
        _answer(page, q, value)
        _next(page, q.key)
    page.wait_for_function("document.querySelector('h1') && document.querySelector('h1').innerText === 'Решение'")
    return [(li.get_attribute("data-cite"), li.locator("p.text").inner_text()) for li in page.locator("li.element").all()]


def test_the_offline_page_takes_a_defender_and_the_acbl_setting(first_visit, knowledge, engine):
    """(In the browser of conftest.py's first_visit: the pages are tested, not how Python starts; the setting is
    the address's, nothing of it is kept.)"""
    from bridgelaw.engine import Engine
    page = first_visit[0].context.new_page()
    page.goto("/")
    page.wait_for_selector("section.question", timeout=120_000)
    incident = load_incident(REVOKE, knowledge.vocabulary)
    offender = next(f.id for f in incident.facts if f.template == "revoke") + ".offender"
    shown = _through(page, _steps(knowledge, engine, incident, {offender: "defender"}))
    transfer = [(e.cite, e.text["ru"]) for e in engine.rule(incident).elements if e.kind == "transfer_tricks"]
    assert transfer and all(x in shown for x in transfer)
    assert any("один из защитников" in text for _, text in shown)

    page.goto("/")
    page.wait_for_selector("section.question", timeout=120_000)
    page.locator("details.setting").evaluate("d => { d.open = true; }")  # below the list: the sticky button over it
    page.locator("details.setting select").select_option("acbl")
    page.locator("details.setting input[type=date]").fill("2015-06-01")
    page.locator("details.setting form").evaluate("f => f.requestSubmit()")
    page.wait_for_function("document.querySelector('details.setting summary') &&"
                           " document.querySelector('details.setting summary').innerText.includes('ACBL')", timeout=30_000)
    adjusted = load_incident(ADJUSTED, knowledge.vocabulary)
    steps, _ = script(knowledge, engine, adjusted)
    shown = _through(page, steps)
    assert page.locator("p.regulations").inner_text().startswith("Регламент: ACBL")
    acbl = [(e.cite, e.text["ru"]) for e in Engine(knowledge, "acbl", "2015-06-01").rule(adjusted).elements
            if e.cite.startswith("12C1")]
    assert acbl and all(x in shown for x in acbl)
    page.close()
