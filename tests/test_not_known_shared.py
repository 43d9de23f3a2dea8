"""Classes of an unknown no production can tell apart are ruled once (explain/possible/alike.py).

A slot no production tests (the vulnerability: only the score reads it) or, on the incident at hand, none could
read (no production that tests it matches the other facts: ``_moot``) gives the same firings and elements under
each of its values: the engine runs once, and each class's result is worked out from its own facts.  Each test
compares the shared ruling with the one made ruling every class (the sharing switched off), word for word, and
counts the engine's runs.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.engine import Engine
from bridgelaw.explain.possible import blanked, rule_each
from bridgelaw.explain.possible import alike
from bridgelaw.explain.ruling_json import ruling_json
from bridgelaw.read.incident import load_incident
from bridgelaw.read.regulations import elections

ROOT = Path(__file__).resolve().parent.parent


def _ruled(knowledge, engine: Engine, name: str, fact: str, slot: str) -> tuple[dict, int]:
    """(the ruling of the shipped incident ``name`` with fact.slot not known, as JSON; the engine's runs)."""
    incident = blanked(knowledge, load_incident(ROOT / "facts" / "incidents" / name, knowledge.vocabulary), fact, slot)
    runs = []

    def rule_one(known):
        runs.append(known)
        return engine.explain(*engine.run(known), announced=False)
    ruling = rule_each(knowledge, incident, rule_one, elections(incident, knowledge))
    return ruling_json(ruling), len(runs)


def _unshared(monkeypatch) -> None:
    monkeypatch.setattr(alike, "moot_slots", lambda knowledge, split, ruling: frozenset())


@pytest.mark.parametrize("name, fact, slot, runs", [
    # only the score reads the vulnerability: one run, four results
    ("slow-3s-raised-to-game.yaml", "deal", "vulnerability", 1),
    # the declarer is tested by productions, but none that could match a hesitation's facts: one run
    ("slow-3s-raised-to-game.yaml", "deal", "declarer", 1),
    # a card exposed by a defender: 48A, 50B and 50D2 read the declarer here (who is a defender): each class
    ("revoke-card-spade-two-major.yaml", "deal", "declarer", 4),
])
def test_an_unknown_no_production_reads_here_is_ruled_once(knowledge, engine, monkeypatch, name, fact, slot, runs):
    shared, n = _ruled(knowledge, engine, name, fact, slot)
    assert n == runs
    _unshared(monkeypatch)
    each, m = _ruled(knowledge, engine, name, fact, slot)
    assert m == 4
    assert json.dumps(shared, sort_keys=True, ensure_ascii=False) == json.dumps(each, sort_keys=True, ensure_ascii=False)


def test_each_class_ruled_once_keeps_its_own_result(knowledge, engine):
    """North's 4♠ made scores 420 not vulnerable and 620 vulnerable: each vulnerability's score from its own facts,
    not the first class's."""
    ruling, _ = _ruled(knowledge, engine, "slow-3s-raised-to-game.yaml", "deal", "vulnerability")
    text = ruling["result"]["text"]["en"]
    assert text.startswith("if vulnerability is neither side vulnerable or East-West vulnerable: ")
    assert "at the table: 4♠ by North, 10 tricks, made; N-S +420; if vulnerability is North-South vulnerable or both" \
           " sides vulnerable: " in text
    assert text.endswith("at the table: 4♠ by North, 10 tricks, made; N-S +620")
