"""Every slot "not known": a director may answer "?" to any question that allows it, and the ruling is still a
ruling (its figures asked for, never an exception).  For each template of the vocabulary that a shipped incident
states, that incident is ruled with every slot of the template's fact not known; the same through the API for
the templates whose figures Python works out (the result's); and through the offline page's worker (its
Python in the site's own Pyodide, under Node) for a sample of them, its short form.  The malformed-input catalogue's third run found an
artificial score with one side "?" (KeyError: None, exit 3 / HTTP 500) by random interviews."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from bridgelaw.read import yamlsafe
from conftest import needs_pyodide as _needs_pyodide  # (the fixture site: conftest.py, built once a run)
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
    assert "if East-West is average" in capsys.readouterr().out  # the unknown grade is ruled for each (28)
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
def test_an_artificial_score_not_known_over_the_api_is_asked_for(knowledge, engine, slots, web_app):
    facts = {"deal": {"declarer": "N", "contract": "4S", "vulnerability": "both", "scoring": "teams",
                      "play_ended": True, "declarer_tricks": 10},
             "ui_from_partner": [{"receiver": "S", "source": "hesitation", "action": "4♠", "conveyed": True,
                                  "demonstrably_suggested": True, "logical_alternative": True, "damage": True}],
             "artificial_score": slots}
    steps, _ = script(knowledge, engine, engine.incident("t", facts))
    answers = [{"key": q.key, "value": as_json(v)} for q, v in steps]
    with TestClient(web_app, raise_server_exceptions=False) as client:  # the session's (conftest.py)
        r = client.post("/api/interview", json={"answers": answers, "lang": "en"})
    assert r.status_code == 200, r.text


WORKER_SAMPLE = 6  # every 6th variant (8 of 46): the short form, Pyodide ruling a few times slower than Python


def test_every_slot_not_known_through_the_offline_pages_worker(site, knowledge, engine, tmp_path):  # noqa: F811
    """The page's worker (site/worker.js's start and request, in the site's Pyodide) shows a ruling for a sample of
    the variants and for the artificial score with one side not known: never an exception, never a 500."""
    from bridgelaw.faces.web.session import encode
    from bridgelaw.read.incident import load_incident
    node = _needs_pyodide()
    (tmp_path / "a.yaml").write_text(ARTIFICIAL, encoding="utf-8")
    told = [("artificial EW ?", load_incident(tmp_path / "a.yaml", knowledge.vocabulary))]
    told += [(name, engine.incident(name, facts)) for name, facts in variants(knowledge, engine)[::WORKER_SAMPLE]]
    requests, names = [], []
    for name, incident in told:
        steps, _ = script(knowledge, engine, incident)
        if not steps or not steps[0][1]:  # no irregularity the interview names (not_encoded alone): not told
            continue
        s = encode([(q.key, v) for q, v in steps])
        for lang in ("ru", "en"):
            requests.append({"path": "/", "params": {"s": s, "lang": lang}})
            names.append(f"{name} ({lang})")
    (tmp_path / "requests.json").write_text(json.dumps(requests, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run([node, str(ROOT / "tests" / "offline" / "worker_requests.mjs"), str(site),
                           str(tmp_path / "requests.json")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-4000:]
    replies = json.loads(done.stdout)
    assert len(replies) == len(requests) >= 2 * 7
    failed = [f"{name}: {r.get('error') or r['status']}" for name, r in zip(names, replies)
              if "error" in r or r["status"] != 200 or 'class="ruling' not in r["body"]]
    assert not failed, "\n".join(failed)
