"""Laws 72-75 from the command line: the two rulings issue 4 is judged by.

A hesitation the director judged to be UI that demonstrably suggested the action over a logical
alternative, with damage, gives the 16B1 and 12C1 ruling; a mistaken call gives 'no misinformation'
and says why (75C).
"""
from __future__ import annotations

import json
from pathlib import Path

from bridgelaw.faces import cli

INCIDENTS = Path(__file__).resolve().parent.parent / "facts" / "incidents"
HESITATION = INCIDENTS / "slow-3s-raised-to-game.yaml"
MISTAKEN_CALL = INCIDENTS / "ghestem-misbid-explained-correctly.yaml"


def run(capsys, *args) -> str:
    assert cli.main(list(args)) == 0
    return capsys.readouterr().out


def test_hesitation_gives_16b1_and_12c1_in_english(capsys):
    out = run(capsys, "rule", str(HESITATION), "--lang", "en")
    assert "[Law 16B1(a)] South chose '4♠', an action the unauthorized information demonstrably suggested" in out
    assert "[Law 12C1(b)] The director assigns an adjusted score." in out
    assert "in favour of East-West" in out


def test_hesitation_gives_16b1_and_12c1_in_russian(capsys):
    out = run(capsys, "rule", str(HESITATION))
    assert "[Правило 16B1(a)] Юг выбрал «4♠»" in out
    assert "[Правило 12C1(b)] Судья назначает компенсирующий результат." in out


def test_hesitation_chain_runs_through_16b3(capsys):
    data = json.loads(run(capsys, "rule", str(HESITATION), "--json"))
    fired = [f["production"] for f in data["how"]]
    adjust = next(e for e in data["elements"] if e["kind"] == "adjust_score")
    assert [fired[n - 1] for n in adjust["how"]] == [
        "16B1a.suggested-over-alternative", "16B3.adjust-if-damaged", "12C1b.assigned-score"]


def test_mistaken_call_says_no_misinformation_and_why(capsys):
    out = run(capsys, "rule", str(MISTAKEN_CALL), "--lang", "en", "--no-how")
    assert "[Law 75C] There was no misinformation" in out
    assert "The mistake was in the call, not in the explanation" in out
    assert "[Law 75C] The result obtained at the table stands." in out
    assert "[Law 75A] West has unauthorized information from partner" in out
    assert "misinformed the opponents" not in out


def test_equal_salience_productions_fire_in_citation_order(engine):
    """12C1(b) before 12C1(c): experta rebuilds multi-pattern rules, and the canonical order must survive."""
    ruling = engine.rule(engine.load_incident(INCIDENTS / "remark-about-wrong-contract.yaml"))
    fired = ruling.fired()
    assert fired.index("12C1b.assigned-score") < fired.index("12C1c.weighted-score")
