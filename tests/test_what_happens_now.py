"""Every ruling in the auction ends with what happens now: who calls next while the auction goes on, who makes
the opening lead once it is over; and it says only what applies (27D only after a corrected insufficient bid)."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _rule(engine, tmp_path, facts: str, lang: str = "en") -> str:
    path = tmp_path / "incident.yaml"
    path.write_text("facts:\n" + facts, encoding="utf-8")
    return engine.rule(engine.load_incident(path)).render(lang, how=False)


def test_27d_is_not_said_once_the_lho_accepted_the_insufficient_bid(engine, tmp_path):
    """27D adjusts only after the insufficient bid was corrected under 27B1: accepted, it says nothing."""
    text = _rule(engine, tmp_path, "  auction: {dealer: N, calls: [1NT, 1S]}\n"
                 "  choice: {option: insufficient_bid, chooser: S, chosen: accept}\n")
    assert "27D" not in text, text
    assert "South calls next." in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_27d_is_said_under_the_corrections_it_follows(engine, tmp_path, lang):
    text = _rule(engine, tmp_path, "  auction: {dealer: N, calls: [1NT, 1S]}\n", lang)
    lines = [line for line in text.splitlines() if "27D" in line]
    assert len(lines) == 2 and all("27B1(a)" in line or "27B1(b)" in line for line in lines), text


def test_the_irregularity_comes_first_and_what_happens_now_last(engine, tmp_path):
    """The element naming the irregularity opens the ruling, whatever its production rests on (31A's rests on
    the cancellation, derived late); who calls next, or who leads, closes it."""
    text = _rule(engine, tmp_path, "  auction: {dealer: N, calls: [1C, P, 'W:1S']}\n"
                 "  choice: {option: call_out_of_rotation, chooser: N, chosen: cancel_call}\n"
                 "  after_call_out_of_rotation: {artificial: false, rho_call: 1H, comparable: false}\n")
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    assert lines[1].startswith("2. [Law 31A] West's 1♠ (call 3) was a bid out of rotation"), text  # after the
    # decisive element (explain/announce.py)
    assert lines[-1].endswith("North calls next."), text
    text = _rule(engine, tmp_path, "  auction: {dealer: N, calls: [1S, P, P, P, 'E:2H']}\n")
    lines = [line for line in text.splitlines() if line[:1].isdigit() and "For the director to judge" not in line]
    assert lines[-1].endswith("North is declarer; East makes the opening lead, face down."), text


def test_an_auction_with_no_irregular_call_is_told_so_not_left_to_the_law_book(engine, tmp_path):
    text = _rule(engine, tmp_path, "  auction: {dealer: N, calls: [1S, P, P, P]}\n")
    assert "does not encode" not in text
    assert "No call of the auction as told is irregular" in text and "East makes the opening lead" in text


def test_an_open_choice_does_not_state_its_call_as_made(engine, tmp_path):
    """While the offender's choice is still to be made, 27B1(a)'s bid is what that choice would give ('then'),
    not a fact ('now'); once he chose it, the ruling says he now calls it."""
    facts = "  auction: {dealer: N, calls: [1NT, 1S]}\n  choice:\n    - {option: insufficient_bid, chooser: S, chosen: refuse}\n"
    text = _rule(engine, tmp_path, facts)
    assert "East then calls 2♠." in text and "now calls" not in text, text
    text = _rule(engine, tmp_path, facts + "    - {option: insufficient_bid_replacement, chooser: E,"
                 " chosen: lowest_same_denominations}\n")
    assert "East now calls 2♠." in text and "then calls" not in text, text
    assert "Тогда Восток заявляет 2♠." in _rule(engine, tmp_path, facts, "ru")


def test_what_the_elements_are_about_is_said_once_and_27b3_ends_with_the_offender_calling_again(engine, tmp_path):
    """The director's trial: East's insufficient 1♠ refused, a double tried in its place.  '(a call by East)' opens
    the run of elements about East's call once, not on every line; the double is cancelled and East calls again."""
    text = _rule(engine, tmp_path, "  auction: {dealer: N, calls: [1NT, 1S]}\n  choice:\n"
                 "    - {option: insufficient_bid, chooser: S, chosen: refuse}\n"
                 "    - {option: insufficient_bid_replacement, chooser: E, chosen: double_or_redouble}\n")
    assert text.count("(a call by East)") == 2, text  # the decisive element first, then the run in reading order
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    assert lines[1].startswith("2. [Law 27A1] Call 2 (East: 1♠) is an insufficient bid"), text
    assert lines[-1] == f"{len(lines)}. [Law 27B3] East calls next.", text
    assert "The double (redouble)" not in text
