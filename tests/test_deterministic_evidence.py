"""The claim search's budget counts work (positions searched, solves), never the clock: the same incident gives the
same evidence and byte-identical JSON on an idle machine and a loaded one (the catalogue's third run: D01, D06)."""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from bridgelaw.faces import cli
from bridgelaw.read import dd

ROOT = Path(__file__).resolve().parent.parent


def ruling_json(capsys, incident: str, budget: str) -> str:
    dd._FOUND.clear()  # searched afresh each time
    assert cli.main(["rule", str(ROOT / "facts" / "incidents" / incident), "--json", "--dd-budget", budget]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("incident,budget", [("claim-stated-line-bad-break.yaml", "0.25"),
                                             ("claim-silent-then-finesse.yaml", "0.5")])
def test_a_search_cut_by_its_budget_gives_the_same_json_however_slow_the_clock(incident, budget, capsys,
                                                                               monkeypatch):
    monkeypatch.setattr(dd, "DISK", False)  # searched afresh, never read back from an earlier run's disk
    idle = ruling_json(capsys, incident, budget)
    assert '"complete": false' in idle, "the budget no longer cuts this search: give a smaller one"
    ticks = itertools.count()
    monkeypatch.setattr(dd.time, "monotonic", lambda: next(ticks) * 0.05)  # a loaded machine: 50 ms a look
    assert ruling_json(capsys, incident, budget) == idle
