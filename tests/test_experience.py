"""What a director reads: the laws and findings in words, never the productions' internal ids (issue 19).

The ids (``64A1.offender-won-...``) are the committee's: `rule --debug`, `bridgelaw test`'s failure
reports and the JSON keep them; the HOW trace a director reads in the terminal and on the page does not.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaw.faces import cli

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ROOT / "facts" / "incidents"


def ids_in(text: str, knowledge) -> set[str]:
    found = set(re.findall(r"[0-9]{1,2}[A-Z][0-9A-Za-z()]*\.[a-z0-9-]+", text))
    return found & {p.id for p in knowledge.productions}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_how_trace_names_no_production(knowledge, engine, lang):
    seen = {}
    for path in sorted(INCIDENTS.glob("*.yaml")):
        ruling = engine.rule(engine.load_incident(path))
        if ids := ids_in(ruling.render(lang, how=True), knowledge):
            seen[path.name] = sorted(ids)
    assert seen == {}


def test_debug_names_each_firing_production(capsys, knowledge):
    revoke = str(INCIDENTS / "revoke-trick-not-won-by-offender.yaml")
    cli.main(["rule", revoke, "--lang", "en"])
    plain = capsys.readouterr().out
    cli.main(["rule", revoke, "--lang", "en", "--debug"])
    debug = capsys.readouterr().out
    assert not ids_in(plain, knowledge) and "How:" in plain
    assert "64A2.later-trick-won" in ids_in(debug, knowledge)
    assert re.sub(r" [0-9]{1,2}[A-Z][0-9A-Za-z()]*\.[a-z0-9-]+ \[", " [", debug) == plain


def test_the_ruling_page_names_no_production(knowledge, engine):
    from fastapi.testclient import TestClient

    from bridgelaw.faces.web import create_app
    from bridgelaw.faces.web.session import encode
    from bridgelaw.read.incident import load_incident
    from web_director import script
    incident = load_incident(INCIDENTS / "revoke-trick-not-won-by-offender.yaml", knowledge.vocabulary)
    steps, _ = script(knowledge, engine, incident)
    with TestClient(create_app(ROOT), follow_redirects=True) as c:
        r = c.get("/", params={"s": encode([(q.key, v) for q, v in steps]), "lang": "en"})
    assert r.status_code == 200 and 'class="fold how"' in r.text
    assert not ids_in(r.text, knowledge)
