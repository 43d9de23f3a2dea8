"""Russian a director would read aloud and sign: declension and number agreement done once
(bridgelaw/words.py), and the defects of the Russian review (shared reference russian-review.md,
section 3) each held by the corrected line of the incident it quotes."""
from __future__ import annotations

import pytest

from bridgelaw.words import Said, agree, count, inflect, spec_problem


@pytest.mark.parametrize("n,ru,en", [(0, "ноль взяток", "0 tricks"), (1, "одна взятка", "1 trick"),
                                     (2, "две взятки", "2 tricks"), (4, "четыре взятки", "4 tricks"),
                                     (5, "пять взяток", "5 tricks"), (11, "одиннадцать взяток", "11 tricks"),
                                     (13, "тринадцать взяток", "13 tricks"), (21, "21 взятка", "21 tricks")])
def test_a_count_agrees_with_its_noun(n, ru, en):
    assert count(n, "tricks", "ru") == ru
    assert count(n, "tricks", "en") == en


def test_a_verb_agrees_with_the_number():
    assert [agree(n, "переходит|переходят|переходят", "ru") for n in (1, 3, 7, 12, 22)] == \
        ["переходит", "переходят", "переходят", "переходят", "переходят"]
    assert [agree(n, "is|are", "en") for n in (1, 2)] == ["is", "are"]


def test_seats_decline():
    assert [inflect("seat.S", c, "ru") for c in ("nom", "gen", "dat", "acc", "ins", "pre")] == \
        ["Юг", "Юга", "Югу", "Юга", "Югом", "Юге"]
    assert "Нарушение {p:gen} — намеренное; {p:ins}".format(p=Said("Запад", "ru", key="seat.W")) == \
        "Нарушение Запада — намеренное; Западом"
    assert "{p:gen}".format(p=Said("West", "en", key="seat.W")) == "West"


def test_an_unknown_spec_is_an_error_not_a_silent_nominative():
    assert spec_problem("gen") is None and spec_problem("tricks") is None and spec_problem("a|b") is None
    assert "unknown field spec ':genitive'" in spec_problem("genitive")
    with pytest.raises(ValueError):
        "{p:genitive}".format(p=Said("Юг", "ru", key="seat.S"))
