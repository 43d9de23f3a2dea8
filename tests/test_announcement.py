"""Every ruling opens with what the director tells the table now (explain/announce.py): one or two sentences to
read aloud, then the result line or that play (the auction) continues, then the elements with the decisive one
first; what is past when he rules is not printed, and HOW says each thing once."""
from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))
GOES_ON = {"ru": ("Игра продолжается.", "Торговля продолжается."), "en": ("Play continues.", "The auction continues.")}


@pytest.fixture(scope="module")
def rulings(engine):
    return {p.stem: engine.rule(engine.load_incident(p)) for p in INCIDENTS}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_shipped_ruling_opens_with_the_announcement_and_a_result_line(rulings, lang):
    assert len(rulings) >= 118
    announce, result = ("Объявить: ", "Результат: ") if lang == "ru" else ("Tell the table: ", "Result: ")
    for name, ruling in rulings.items():
        first, second = ruling.render(lang, how=False).splitlines()[:2]
        assert first.startswith(announce) and len(first) > len(announce) + 10, (name, first)
        assert second.startswith(result) or second in GOES_ON[lang], (name, second)
        assert first.count(". ") <= 3, (name, first)  # one or two sentences (a choice's labels may hold a stop)


def test_no_case_codes_in_shipped_titles(rulings):
    import re
    for name, ruling in rulings.items():
        for lang in ("ru", "en"):
            assert not re.search(r"\(C\d\d\)", ruling.title.get(lang) or ruling.incident), (name, lang)


def test_the_decisive_element_comes_first(rulings):
    text = rulings["revoke-trick-not-won-by-offender"].render("en", how=False)
    assert text.splitlines()[0] == "Tell the table: At the end of play 1 trick is transferred from East-West to" \
                                   " North-South."
    assert text.splitlines()[1].startswith("Result: 4♠ by South, 10 tricks")
    assert "\n1. [Law 64A2] At the end of play" in text
    choice = rulings["insufficient-3c-over-3d"].render("en", how=False).splitlines()
    assert choice[0] == "Tell the table: The choice is for the offender's left-hand opponent (West): accept the" \
                        " insufficient bid, or refuse it."
    assert choice[1] == "The auction continues."
    assert rulings["insufficient-3c-over-3d"].to_dict()["announcement"]["say"]["en"] == choice[0].split(": ", 1)[1]


def test_what_is_past_when_the_director_rules_is_not_printed(rulings):
    """The claim is settled: 'play is suspended' and the claim's procedure are behind him (kept, marked past)."""
    ruling = rulings["claim-outstanding-trump-unmentioned"]
    text = ruling.render("en", how=False)
    assert "Play is suspended" not in text and "The claimer should say at once" not in text, text
    assert "director is called at once" not in text
    assert any(e["past"] for e in ruling.to_dict()["elements"] if e["kind"] == "play_suspended")
    assert "Play is suspended" in rulings["claim-from-the-cards"].render("en", how=False)  # not settled: still so


def test_thirteen_penalty_cards_say_each_thing_once(engine, tmp_path):
    cards = ["SA", "SK", "SQ", "SJ", "HA", "HK", "HQ", "HJ", "DA", "DK", "DQ", "CA", "CK"]
    path = tmp_path / "thirteen.yaml"
    path.write_text("facts:\n  deal: {declarer: S, contract: 4S}\n  exposed_card:\n" + "".join(
        f"    - {{player: E, card: {c}, how: dropped, another_card_exposed: true}}\n" for c in cards), encoding="utf-8")
    text = engine.rule(engine.load_incident(path)).render("en")
    lines = text.splitlines()
    assert len(lines) < 250, len(lines)
    assert max(map(len, lines)) < 1200
    assert text.count("When a defender has two or more penalty cards that can legally be played") == 1


def test_declarers_50d2_choice_is_announced_with_its_restriction(rulings):
    """Issue 29 item 4: the announcement of a 50D2 choice made says the decisive element, the lead the partner
    may or may not make, and not only that the penalty card is picked up; a partner who cannot obey it (59) is
    told how he leads instead, never told to lead a suit he does not hold."""
    forbid = rulings["penalty-card-declarer-forbids-suit"]
    assert forbid.announcement["en"] == "East may not lead spades (for as long as he retains the lead). West's ♠4 is" \
                                        " no longer a penalty card: he picks it up."
    assert forbid.announcement["ru"].startswith("Восток не вправе ходить в пики (пока сохраняет ход).")
    assert "\n1. [Law 50D2(a)] East may not lead spades" in forbid.render("en", how=False)
    void = rulings["void-in-required-suit"]
    assert "East holds no card of the required suit: he may lead any otherwise legal card" in void.announcement["en"]
    assert "must lead spades" not in void.render("en", how=False)
