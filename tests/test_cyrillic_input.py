"""A Russian keyboard types everything a director types: ranks Т К Д В (туз, король, дама, валет), suits and
strains П Ч Б Т and БК, a double Х and a redouble ХХ (Cyrillic), seats С В Ю З."""
from __future__ import annotations

import io

import pytest

from bridgelaw.faces.interview import Interview
from bridgelaw.faces.prompt import Plain, Unfinished, converse
from bridgelaw.values import coerce_call, coerce_calls, coerce_card, coerce_contract


@pytest.mark.parametrize("typed, card", [("ЧТ", "HA"), ("ТЧ", "HA"), ("♠К", "SK"), ("Д♦", "DQ"), ("ПВ", "SJ"),
                                         ("10Б", "D10"), ("Т10", "C10"), ("ТТ", "CA"), ("КТ", "CK"), ("тк", "CK")])
def test_a_card_in_russian_letters(typed, card):
    assert coerce_card(typed) == card


def test_a_card_that_is_none_in_either_alphabet_is_still_refused():
    assert [coerce_card(x) for x in ("ЧХ", "ПБ", "Т", "11П")] == [None] * 4


@pytest.mark.parametrize("typed, contract", [("4ПХ", "4SX"), ("3БКХХ", "3NTXX"), ("4чх", "4HX"), ("5Т", "5C"),
                                             ("2Б", "2D")])
def test_a_contract_doubled_with_a_cyrillic_x(typed, contract):
    assert coerce_contract(typed) == contract


def test_a_double_and_a_redouble_with_a_cyrillic_x():
    assert (coerce_call("Х"), coerce_call("ХХ"), coerce_call("х")) == ("X", "XX", "X")
    assert coerce_calls("З:1БК С:Х В:ХХ пас") == "W:1NT N:X E:XX P"


def test_the_interview_takes_a_seat_and_a_strain_in_russian_letters(knowledge):
    """At the prompt: the revoke, declarer Ю (South), play ended, offender З (West)."""
    interview, out = Interview(knowledge), io.StringIO()
    with pytest.raises(Unfinished):
        converse(interview, "ru", [Plain(io.StringIO("revoke\nЮ\n1\nЗ\n"))], out)
    assert [v for _, v in interview.history()][:4] == [["revoke"], "S", True, "W"], out.getvalue()[-2000:]
