"""Chaining ends, always: a derived fact is identified by what it says, cycles end, loops stop.

The small committee project (committee_project.py) is given two derived
templates and productions that feed each other: a finite cycle (63A1 derives
revoke_established, 63A1.noted derives revoke_noted from it, 63B.back derives
revoke_established again) ends with a ruling; an unbounded counter (63B.tally-grows
derives tally n+1 from tally n) stops at the firing limit with an error naming
it, never a hang; `bridgelaw check` asks about the cycle, naming both productions.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaw.engine import Engine, load
from bridgelaw.errors import BridgelawError
from bridgelaw.faces.cli import main
from bridgelaw.faces.interview import Interview, simulate
from bridgelaw.read.incident import incident_text, load_incident
from bridgelaw.run import record
from committee_project import append, project  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parent.parent

TEMPLATES = """\
  revoke_noted:
    label: {ru: Фальшренонс отмечен, en: Revoke noted}
    derived: true
    slots:
      revoke: {type: ref, template: revoke, label: {ru: фальшренонс, en: revoke}}
  tally:
    label: {ru: Счёт, en: Tally}
    derived: true
    slots:
      revoke: {type: ref, template: revoke, label: {ru: фальшренонс, en: revoke}}
      n: {type: int, min: 0, label: {ru: число, en: number}}
elements:
"""

CYCLE = """\
  - id: 63A1.noted
    cite: 63A1
    summary: {ru: "Отмечен.", en: "Noted."}
    when:
      - revoke_established: {revoke: $r}
    derive:
      - revoke_noted: {revoke: $r}
  - id: 63B.back
    cite: 63B
    summary: {ru: "Снова установлен.", en: "Established again."}
    when:
      - revoke_noted: {revoke: $r}
    derive:
      - revoke_established: {revoke: $r}
"""

COUNTER = """\
  - id: 63A1.tally-start
    cite: 63A1
    summary: {ru: "Счёт начат.", en: "Tally starts."}
    when:
      - revoke: {id: $r}
    derive:
      - tally: {revoke: $r, n: 1}
  - id: 63B.tally-grows
    cite: 63B
    summary: {ru: "Счёт растёт.", en: "Tally grows."}
    when:
      - tally: {revoke: $r, n: $n}
    derive:
      - tally: {revoke: $r, n: {plus: [$n, 1]}}
"""

REVOKE = """\
source: a test
facts:
  revoke:
    - {offender: W, trick: 3, establishing_act: played_to_next_trick, revoke_trick_winner: offender_partner}
"""


def _with(project: Path, productions: str) -> Path:
    vocab = project / "facts" / "vocabulary.yaml"
    vocab.write_text(vocab.read_text(encoding="utf-8").replace("elements:\n", TEMPLATES), encoding="utf-8")
    append(project / "knowledge" / "law-63.yaml", productions)
    (project / "incident.yaml").write_text(REVOKE, encoding="utf-8")
    return project


@pytest.fixture
def no_cache(monkeypatch):
    monkeypatch.setenv("BRIDGELAW_CACHE", "off")


def test_a_cycle_ends_and_the_fact_derived_twice_is_one_fact_with_both_derivers(project, no_cache):
    root = _with(project, CYCLE)
    engine = Engine(load(root))
    incident = engine.load_incident(root / "incident.yaml")
    run = engine.infer(incident)
    assert [(f.production, f.derived) for f in run.firings] == [
        ("63A1.played-to-next-trick", ["revoke_established(revoke-1)"]),
        ("63A1.noted", ["revoke_noted(revoke-1)"]),
        ("63B.back", ["revoke_established(revoke-1)"]),  # from another subject: the same fact
        ("64A2.partner-won-revoke-trick", [])]
    assert [fid for _, fid, _ in run.derived()] == ["revoke_established(revoke-1)", "revoke_noted(revoke-1)"]
    assert run.derived_by["revoke_established(revoke-1)"] == [1, 3]
    ruling = engine.rule(incident)
    assert [(e.kind, e.args) for e in ruling.elements] == [
        ("transfer_tricks", {"count": 1, "from_side": "EW", "to_side": "NS"})]
    assert ruling.elements[0].how == [1, 2, 3, 4]  # HOW: every production that derived the fact
    assert "Revoke established <- #1, #3" in ruling.render("en")


def test_the_clips_back_end_gives_the_same_facts_and_ruling(project, no_cache):
    clips = pytest.importorskip("bridgelaw.run.clips")
    root = _with(project, CYCLE)
    knowledge = load(root)
    incident = Engine(knowledge).load_incident(root / "incident.yaml")
    assert clips.ClipsEngine(knowledge).rule(incident).to_dict() == Engine(knowledge).rule(incident).to_dict()
    assert clips.ClipsEngine(knowledge).infer(incident).derived_by["revoke_established(revoke-1)"] == [1, 3]


def test_an_unbounded_counter_stops_at_the_firing_limit_naming_the_loop(project, no_cache):
    root = _with(project, COUNTER)
    # a subprocess with a timeout: without the limit this would run until memory runs out
    done = subprocess.run([sys.executable, "-m", "bridgelaw.faces.cli", "--root", str(root), "rule",
                           str(root / "incident.yaml")], capture_output=True, text=True, timeout=120,
                          env={"BRIDGELAW_CACHE": "off", "PATH": "", "PYTHONPATH": str(ROOT)})
    assert done.returncode == 1, done.stderr
    assert re.match(r"knowledge/law-63\.yaml:\d+:\d+: production 63B\.tally-grows: 10000 firings \(the limit\)"
                    r" and no end: these productions kept firing: 63B\.tally-grows\n", done.stderr), done.stderr
    assert done.stdout == ""


def test_the_clips_back_end_stops_at_the_limit_too(project, no_cache, monkeypatch):
    clips = pytest.importorskip("bridgelaw.run.clips")
    monkeypatch.setattr(record, "FIRING_LIMIT", 200)
    vocab = _with(project, COUNTER) / "facts" / "vocabulary.yaml"  # a bound, should the limit fail
    vocab.write_text(vocab.read_text(encoding="utf-8").replace("n: {type: int, min: 0,", "n: {type: int, min: 0, max: 1000,"), encoding="utf-8")
    knowledge = load(project)
    incident = Engine(knowledge).load_incident(project / "incident.yaml")
    with pytest.raises(BridgelawError, match=r"200 firings \(the limit\).*kept firing: 63B\.tally-grows"):
        clips.ClipsEngine(knowledge).rule(incident)
    with pytest.raises(BridgelawError, match=r"200 firings \(the limit\).*kept firing: 63B\.tally-grows"):
        Engine(knowledge).rule(incident)


def test_check_asks_about_the_cycle_naming_both_productions(project, capsys, no_cache):
    _with(project, CYCLE)
    noted = 1 + next(i for i, x in enumerate((project / "knowledge" / "law-63.yaml").read_text().splitlines())
                     if "63A1.noted" in x)
    assert main(["check", "."]) == 0
    out = capsys.readouterr().out
    found = [line for line in out.splitlines() if "does this chain end?" in line]
    assert found == [f"knowledge/law-63.yaml:{noted}:5: warning: production 63A1.noted: does this chain end?"
                     f" this production with 63B.back can derive facts for each other in a cycle:"
                     f" 63A1.noted (knowledge/law-63.yaml:{noted}) derives revoke_noted;"
                     f" 63B.back (knowledge/law-63.yaml:{noted + 7}) derives revoke_established"], out


def test_the_shipped_knowledge_has_no_cycle_and_the_deemed_revoke_chain_works(knowledge, engine):
    from bridgelaw.committee.lint import cycles
    assert cycles(knowledge) == []
    ruling = engine.rule(engine.load_incident(ROOT / "facts/incidents/defective-trick-card-left-over.yaml"))
    revoke = ("revoke(offender=N, trick=9, failure=failed_to_follow_suit, establishing_act=played_to_next_trick,"
              " revoke_trick_winner=non_offending_side, offending_side_won_later_trick=true)")
    derived = [fid for f in ruling.firings for fid in f.derived]
    assert derived == [revoke, f"revoke_established({revoke})"]  # 67B1 -> a revoke -> 63A1 -> established
    assert ("transfer_tricks", {"count": 1, "from_side": "NS", "to_side": "EW"}, "64A2") in [
        (e.kind, e.args, e.cite) for e in ruling.elements]


def test_a_derived_fact_keeps_its_id_under_ask_save_and_rule(knowledge, engine, tmp_path):
    """Two revokes answered West first: the saved file keeps the interview's ids, so
    revoke_established(revoke-1) names West's revoke under `ask` and under `rule` alike."""
    base = dict(trick=5, failure="failed_to_follow_suit", establishing_act="played_to_next_trick",
                revoke_trick_winner="offender", offending_side_won_later_trick=True)
    incident = engine.incident("two", {"deal": {"declarer": "S", "contract": "4H", "play_ended": True},
                                       "revoke": [{"id": "a", "offender": "W", **base},
                                                  {"id": "b", "offender": "E", **base, "trick": 7}]})
    interview = Interview(knowledge, engine)
    asked, _ = simulate(interview, incident)
    saved = tmp_path / "two.yaml"
    saved.write_text(incident_text(interview.facts_data(), source="a test"), encoding="utf-8")
    ruled = engine.rule(load_incident(saved, knowledge.vocabulary))
    assert ruled.to_dict() | {"incident": ""} == asked.to_dict() | {"incident": ""}
    west = next(f for f in ruled.firings if f.production == "61A.revoke-defined")
    assert west.facts[0].id == "revoke-1" and west.facts[0].slots["offender"] == "W"


def test_check_asks_about_a_production_feeding_itself(project, capsys, no_cache):
    _with(project, COUNTER)
    assert main(["check", "."]) == 1  # its cases never end (the next test)
    found = [line for line in capsys.readouterr().out.splitlines() if "does this chain end?" in line]
    assert [re.sub(r":\d+", ":N", f) for f in found] == [
        "knowledge/law-63.yaml:N:N: warning: production 63B.tally-grows: does this chain end? this production can"
        " derive a fact it tests itself: 63B.tally-grows (knowledge/law-63.yaml:N) derives tally"]


def test_check_finds_a_ruling_that_never_ends_in_seconds_and_fails(project, capsys, no_cache):
    """K03c: the unbounded counter once passed `check` (exit 0, 'does this chain end?' only) after 290 s, every case
    run to the engine's 10,000 firings.  Now each case runs to at most CHECK_LIMIT, and the first that reaches it is
    an error (exit 1) naming the case and the loop."""
    import time
    _with(project, COUNTER)
    t = time.perf_counter()
    assert main(["check", "."]) == 1
    out = capsys.readouterr().out
    assert time.perf_counter() - t < 20
    assert re.search(r"tests/cases/law-64\.yaml:\d+:\d+: case '[^']+': its ruling never ends: 500 firings \(the limit\)"
                     r" and no end: these productions kept firing: 63B\.tally-grows", out), out


def test_the_server_refuses_to_start_on_knowledge_whose_rulings_never_end(project, no_cache):
    """K27b: the server once started and gave HTTP 500 to the first interview naming a revoke."""
    from bridgelaw.faces.web import create_app
    _with(project, COUNTER)
    with pytest.raises(BridgelawError, match=r"its ruling never ends: .*63B\.tally-grows"):
        create_app(project)
    create_app(ROOT)  # the shipped knowledge: no cycle, nothing run at the start
