"""End to end on the page (`bridgelaw serve`, Chromium at phone size, in Russian): an answer known only in part
("one of the defenders") is a button beside the seats and rules as the seat itself would; the Regulating Authority
and the day "as of", set before the first answer, rule as ``rule --ra NAME --as-of DAY`` does."""
from __future__ import annotations

from pathlib import Path

from bridgelaw.faces.interview import Interview, Question, answer_from
from bridgelaw.faces.partly import Partly
from bridgelaw.read.incident import load_incident
from test_web_e2e import _answer, phone  # noqa: F401  (the fixture phone; server, browser: conftest.py)
from web_director import script

ROOT = Path(__file__).resolve().parent.parent
REVOKE = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"
ADJUSTED = ROOT / "facts" / "incidents" / "tempo-with-k2-of-trumps.yaml"


def _steps(knowledge, engine, incident, told: dict) -> list:
    """The questions in order and the answer to each, ``told`` (key -> what the director types) instead of
    what the incident says where given."""
    iv, steps = Interview(knowledge, engine), []
    while isinstance(q := iv.step(), Question):
        steps.append((q, iv.answer(told.get(q.key, answer_from(incident, q, iv)))))
    return steps


def _click_through(page, steps) -> None:
    for q, value in steps:
        assert page.locator("section.question").get_attribute("data-key") == q.key
        _answer(page, q, value)
    assert page.locator("h1").inner_text() == "Решение"


def _elements(page) -> list:
    return [(li.get_attribute("data-cite"), li.locator("p.text").inner_text()) for li in page.locator("li.element").all()]


def test_one_of_the_defenders_is_a_button_and_rules_the_64a_transfer(phone, knowledge, engine):
    incident = load_incident(REVOKE, knowledge.vocabulary)
    offender = next(f.id for f in incident.facts if f.template == "revoke") + ".offender"
    steps = _steps(knowledge, engine, incident, {offender: "defender"})
    q, value = next((q, v) for q, v in steps if q.key == offender)
    assert isinstance(value, Partly)
    phone.goto("/")
    _click_through(phone, steps)
    shown = _elements(phone)
    seat = [(e.cite, e.text["ru"]) for e in engine.rule(incident).elements if e.kind == "transfer_tricks"]
    assert seat and all(x in shown for x in seat)  # the same transfer as for the seat itself, said plainly
    assert any("один из защитников" in text for _, text in shown)
    with phone.expect_download() as download:
        phone.locator("#download").click()
    assert "offender: defender" in Path(download.value.path()).read_text(encoding="utf-8")


def _ruled_under(page, steps, ra: str | None, day: str | None) -> tuple:
    page.goto("/")
    if ra or day:
        page.locator("details.setting").evaluate("d => { d.open = true; }")  # below the list: the sticky button over it
        if ra:
            page.locator("details.setting select").select_option(ra)
        if day:
            page.locator("details.setting input[type=date]").fill(day)
        with page.expect_navigation():
            page.locator("details.setting form").evaluate("f => f.requestSubmit()")
        assert page.locator("section.question").get_attribute("data-key") == "incident"
    _click_through(page, steps)
    return page.locator("p.regulations").inner_text(), _elements(page)


def test_the_regulating_authority_set_on_the_first_page_rules_as_rule_ra_does(phone, knowledge, engine):
    from bridgelaw.engine import Engine
    incident = load_incident(ADJUSTED, knowledge.vocabulary)
    steps, _ = script(knowledge, engine, incident)
    wbf_line, wbf = _ruled_under(phone, steps, None, None)
    acbl_line, acbl = _ruled_under(phone, steps, "acbl", "2015-06-01")
    assert wbf_line.startswith("Регламент: WBF") and acbl_line.startswith("Регламент: ACBL") and "2015-06-01" in acbl_line
    assert wbf != acbl
    for line, shown, ra, day in ((wbf_line, wbf, None, None), (acbl_line, acbl, "acbl", "2015-06-01")):
        # as `rule --ra acbl --as-of 2015-06-01` rules it (with no setting, as `rule` does: the session's engine)
        ruling = (Engine(knowledge, ra, day) if ra or day else engine).rule(incident)
        twelve = [(e.cite, e.text["ru"]) for e in ruling.elements if e.cite.startswith("12C1")]
        assert twelve and all(x in shown for x in twelve)
    with phone.expect_download() as download:  # the incident file keeps the setting: `rule` rules it alike
        phone.locator("#download").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert "ra: acbl" in saved and 'as_of: "2015-06-01"' in saved
    assert any("не взвешивается" in t for c, t in acbl if c == "12C1(c)")
    assert not any("не взвешивается" in t for c, t in wbf if c == "12C1(c)")


def test_a_setting_is_checked_and_comes_before_the_answers(knowledge):
    import pytest

    from bridgelaw.faces.web.session import Service, StateError
    service = Service(knowledge)
    for answers, said in (([("setting:ra", "acbI")], "no regulations for 'acbI'"),
                          ([("setting:as_of", "2015-6-1")], "a day is written YYYY-MM-DD"),
                          ([("incident", ["revoke"]), ("setting:ra", "acbl")], "a setting comes before the answers")):
        with pytest.raises(StateError) as e:
            service.replay(answers)
        assert e.value.kind == "invalid" and said in str(e.value), str(e.value)
    snap = service.replay([("setting:ra", "ebu"), ("incident", ["revoke"])])
    assert snap.settings == {"ra": "ebu"} and snap.told == 1
    assert service.replay([("setting:ra", "ebu")]).told == 0 and snap.back() == service.replay([("setting:ra", "ebu")]).token
