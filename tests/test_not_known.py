"""Every slot "not known": a director may answer "?" to any question that allows it, and the ruling is still a
ruling (its figures asked for, never an exception).  For each template of the vocabulary that a shipped incident
states, that incident is ruled with every slot of the template's fact not known; the same through the API for
the templates whose figures Python works out (the result's).  The malformed-input catalogue's third run found an
artificial score with one side "?" (KeyError: None, exit 3 / HTTP 500) by random interviews."""
from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.faces.web import create_app
from bridgelaw.read import yamlsafe
from web_director import as_json, script

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))
ARTIFICIAL = ("title: t\nsource: t\nfacts:\n  deal: {declarer: N, contract: 4S, vulnerability: both, scoring: teams,"
              " play_ended: true, declarer_tricks: 10}\n  ui_from_partner:\n    - {receiver: S, source: hesitation,"
              " action: \"4♠\", conveyed: true, demonstrably_suggested: true, logical_alternative: true, damage: true}\n"
              "  artificial_score: {NS: average_plus, EW: \"?\"}\n")


def variants(knowledge, engine) -> list:
    """(name, incident): for each template a shipped incident states (its first), that incident with every slot
    of the template's first fact not known."""
    out, seen = [], set()
    for path in INCIDENTS:
        stated = yamlsafe.load(path)["facts"] or {}
        facts = {t: v if isinstance(v, list) else [v] for t, v in stated.items()}
        for template, given in facts.items():
            if template in seen or template == "deal" or not given or not isinstance(given[0], dict):
                continue
            seen.add(template)
            blank = {t: [dict(x) for x in v] for t, v in facts.items()}
            blank[template][0] = {s: None for s in blank[template][0] if s != "id"}
            out.append((f"{path.stem}:{template}",
                        {t: v if isinstance(stated[t], list) else v[0] for t, v in blank.items()}))
    return out


def test_every_slot_not_known_is_still_a_ruling(knowledge, engine, tmp_path, capsys):
    from bridgelaw.faces import cli
    (tmp_path / "a.yaml").write_text(ARTIFICIAL, encoding="utf-8")
    assert cli.main(["rule", str(tmp_path / "a.yaml"), "--lang", "en", "--no-how"]) == 0
    assert "E-W ?" in capsys.readouterr().out
    failed = []
    for name, facts in variants(knowledge, engine):
        try:
            ruling = engine.rule(engine.incident(name, facts))
            ruling.result and ruling.result.text["en"]
        except Exception as e:  # noqa: BLE001 - the property: no exception at all
            failed.append(f"{name}: {type(e).__name__}: {e}")
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("slots", [{"NS": "average_plus", "EW": None}, {"NS": None, "EW": "average_minus"},
                                   {"NS": None, "EW": None}], ids=["EW", "NS", "both"])
def test_an_artificial_score_not_known_over_the_api_is_asked_for(knowledge, engine, slots):
    facts = {"deal": {"declarer": "N", "contract": "4S", "vulnerability": "both", "scoring": "teams",
                      "play_ended": True, "declarer_tricks": 10},
             "ui_from_partner": [{"receiver": "S", "source": "hesitation", "action": "4♠", "conveyed": True,
                                  "demonstrably_suggested": True, "logical_alternative": True, "damage": True}],
             "artificial_score": slots}
    steps, _ = script(knowledge, engine, engine.incident("t", facts))
    answers = [{"key": q.key, "value": as_json(v)} for q, v in steps]
    with TestClient(create_app(ROOT, budget=60), raise_server_exceptions=False) as client:
        r = client.post("/api/interview", json={"answers": answers, "lang": "en"})
    assert r.status_code == 200, r.text
