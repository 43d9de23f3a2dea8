"""A board file beside the director's notes (`bridgelaw rule board.pbn --incident notes.yaml`), a file of
several boards (`--board N`), and what a board gives besides its cards: its vulnerability and dealer (a LIN
record's ``sv|`` and ``md|``, a PBN file's Vulnerable and Dealer)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw.errors import Collector, Loc
from bridgelaw.faces import cli
from bridgelaw.read.cards import read_board

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ROOT / "facts" / "incidents"
PBN = INCIDENTS / "revoke-from-the-cards.pbn"
LIN = INCIDENTS / "revoke-from-a-lin-file.lin"
SEVERAL = ROOT / "tests" / "fixtures" / "three-boards.pbn"

NOTES = """\
source: the director's notes of the board in revoke-from-the-cards.pbn (no cards of their own)
facts:
  deal: {vulnerability: none}
  revoke:
    - offender: W
      attention_drawn: after_play
      damage_beyond_rectification: false
"""


def _rule(capsys, *argv) -> tuple[int, str, str]:
    code = cli.main(["rule", *map(str, argv)])
    out = capsys.readouterr()
    return code, out.out, out.err


def _ruling(capsys, *argv) -> dict:
    code, out, err = _rule(capsys, *argv, "--json")
    assert code == 0, err
    data = json.loads(out)
    data.pop("incident")
    if data["board"]:
        data["board"].pop("name")  # the file and board the cards come from
    return data


@pytest.fixture
def notes(tmp_path) -> Path:
    (tmp_path / "notes.yaml").write_text(NOTES, encoding="utf-8")
    return tmp_path / "notes.yaml"


def test_a_board_file_and_the_notes_rule_as_the_incident_naming_the_same_file(capsys, notes):
    beside = _ruling(capsys, PBN, "--incident", notes)
    inside = _ruling(capsys, INCIDENTS / "revoke-from-a-pbn-file.yaml")
    assert beside == inside
    assert "+510" in beside["result"]["text"]["en"]
    # an incident naming the same board, or the same cards written out, agrees with the board file
    assert _ruling(capsys, PBN, "--incident", INCIDENTS / "revoke-from-a-pbn-file.yaml") == inside
    assert _ruling(capsys, PBN, "--incident", INCIDENTS / "revoke-from-the-cards.yaml")["elements"] == inside["elements"]
    lin = _ruling(capsys, LIN, "--incident", notes)
    assert lin["elements"] == inside["elements"] and lin["result"] == inside["result"]


def test_an_incident_whose_cards_are_not_the_boards_is_an_error(capsys):
    code, out, err = _rule(capsys, PBN, "--incident", INCIDENTS / "claim-from-the-cards.yaml")
    assert code == 1 and not out
    assert "claim-from-the-cards.yaml:" in err and "are not those of" in err and "revoke-from-the-cards.pbn" in err


def test_a_file_of_several_boards_needs_the_boards_number(capsys, notes):
    code, out, err = _rule(capsys, SEVERAL, "--incident", notes)
    assert code == 1 and "three-boards.pbn holds 3 boards (1, 2, 3): say which one" in err and "--board N" in err
    assert _ruling(capsys, SEVERAL, "--incident", notes, "--board", "2") == _ruling(capsys, PBN, "--incident", notes)
    code, out, err = _rule(capsys, SEVERAL, "--incident", notes, "--board", "9")
    assert code == 1 and "three-boards.pbn has no board 9: it holds 1, 2, 3" in err


def test_a_board_file_without_notes_and_notes_without_a_board_are_bad_usage(capsys, notes):
    code, _, err = _rule(capsys, PBN)
    assert code == 1 and "--incident NOTES.yaml" in err
    code, _, err = _rule(capsys, notes, "--board", "2", "--lang", "en")
    assert code == 1 and "go with a board file" in err
    code, _, err = _rule(capsys, notes, "--board", "2")  # Russian by default
    assert code == 1 and "--incident и --board" in err


def _tags(text: str, kind: str) -> dict:
    c = Collector()
    got = read_board(text, "t", c, Loc("t"), None, kind)
    assert got is not None, [p.message for p in c.problems]
    return got[2]


@pytest.mark.parametrize("sv,vulnerability", [("o", "none"), ("n", "NS"), ("e", "EW"), ("b", "both")])
def test_a_lin_records_vulnerability(sv, vulnerability):
    text = LIN.read_text(encoding="utf-8").replace("|sv|o|", f"|sv|{sv}|")
    assert _tags(text, "lin")["vulnerability"] == vulnerability


@pytest.mark.parametrize("digit,dealer", [("1", "S"), ("2", "W"), ("3", "N"), ("4", "E")])
def test_a_lin_records_dealer(digit, dealer):
    text = LIN.read_text(encoding="utf-8").replace("md|3", f"md|{digit}")
    assert _tags(text, "lin")["dealer"] == dealer


def test_a_board_that_does_not_say_is_not_read_as_the_readers_default():
    text = LIN.read_text(encoding="utf-8").replace("|sv|o|", "|")
    assert "vulnerability" not in _tags(text, "lin")  # endplay's reader would say none
    c = Collector()
    *_, tags = read_board(SEVERAL.read_text(encoding="utf-8"), "t", c, Loc("t"), 3)
    assert (tags["vulnerability"], tags["dealer"]) == ("both", "E")


def test_the_boards_vulnerability_is_a_fact_the_director_may_dispute(capsys, tmp_path):
    (tmp_path / "n.yaml").write_text(NOTES.replace("{vulnerability: none}", "{vulnerability: NS}"), encoding="utf-8")
    data = _ruling(capsys, LIN, "--incident", tmp_path / "n.yaml")
    [conflict] = data["conflicts"]
    assert (conflict["slot"], conflict["stated"], conflict["shown"]) == ("vulnerability", "NS", "none")
    (tmp_path / "m.yaml").write_text(NOTES.replace("  deal: {vulnerability: none}\n", ""), encoding="utf-8")
    assert _ruling(capsys, LIN, "--incident", tmp_path / "m.yaml")["result"]["text"]["en"].endswith("N-S +510")


def test_an_incident_names_the_board_of_a_file_holding_several(capsys, tmp_path):
    (tmp_path / "i.yaml").write_text(NOTES + f"cards: {{pbn: '{SEVERAL}', board: 2}}\n", encoding="utf-8")
    assert _ruling(capsys, tmp_path / "i.yaml") == _ruling(capsys, INCIDENTS / "revoke-from-a-pbn-file.yaml")


def test_the_boards_dealer_fills_the_auction_told():
    from bridgelaw.read.cards import card_facts
    from bridgelaw.read.incident import _located
    cards = _located({"text": LIN.read_text(encoding="utf-8")}, "t")
    c = Collector()
    assert card_facts(cards, {"auction": {"calls": "P P 1S P"}}, "t", c)["auction"] == {"dealer": "N"}
    assert "auction" not in card_facts(cards, {}, "t", c) and not c.problems  # no auction told: none stated
