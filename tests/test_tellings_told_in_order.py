"""The tellings (b), told in order to the end of the board (issue 29): what a YAML case cannot hold.

T22 (b) types the whole auction of a board whose insufficient bid was replaced before the director came and
whose LHO was never offered 27C's choice; the board has been played.  That choice can no longer be made: the
ruling says so, keeps what each choice would have led to (the director rules on it, 82C), and tells the table
nobody's choice, nor anything said only under that choice (26B for declarer after a refusal)."""
from __future__ import annotations

from pathlib import Path

from bridgelaw.committee.exclusions import clashes
from bridgelaw.read.cases import load_cases

ROOT = Path(__file__).resolve().parent.parent


def _ruled(engine, knowledge, prefix: str, file: str = "tellings-auction.yaml"):
    case = next(c for c in load_cases(ROOT / "tests" / "cases" / file, knowledge.vocabulary)
                if c.name.startswith(prefix))
    return engine.rule(case.incident)


def test_an_auction_choice_left_unmade_is_no_longer_offered(engine, knowledge):
    ruling = _ruled(engine, knowledge, "T22 (b)")
    (choice,) = [e for e in ruling.elements if e.kind == "option" and e.cite == "27C"]
    assert choice.options["unmade"] and [c["value"] for c in choice.options["choices"]] == ["accept", "refuse"]
    assert "can no longer be made" in choice.text["en"] and "сделать его уже нельзя" in choice.text["ru"]
    assert ruling.announcement["en"] == "The director assigns an adjusted score."
    assert "choice" not in ruling.announcement["en"].lower() and "выбира" not in ruling.announcement["ru"].lower()
    assert clashes(ruling, knowledge.vocabulary) == []


def test_a_choice_still_to_make_is_offered_as_before(engine, knowledge):
    """C39 told up to the insufficient bid: the auction goes on, and West is told his choice."""
    ruling = _ruled(engine, knowledge, "C39: an insufficient bid found from the calls alone", "law-27.yaml")
    (choice,) = [e for e in ruling.elements if e.kind == "option"]
    assert not choice.options.get("unmade") and "can no longer" not in choice.text["en"]
    assert ruling.announcement["en"].startswith("The choice is for the offender's left-hand opponent (West)")
