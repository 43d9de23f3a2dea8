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
def rulings(ruled):
    """Each shipped incident's ruling, made once per test process (conftest's ruled; several files read them)."""
    return {p.stem: ruled.rule(ruled.load_incident(p)) for p in INCIDENTS}


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


# the interview's saved incident: East's opening lead of the ♦A out of turn, declarer South refused it (54D), West on
# lead, and South then required diamonds (50D2(a)): the penalty card became one and was picked up, in that order
REFUSED_THEN_REQUIRED = """facts:
  deal: {declarer: S}
  next_lead: {player: W}
  lead:
  - {player: E, card: DA, trick: 1, faced: true, response: none}
  choice:
  - {id: choice-1, option: opening_lead_out_of_turn, chosen: refuse_lead}
  - {id: choice-2, option: lead_after_penalty_card, chosen: require_suit}
"""


def test_a_refused_lead_whose_penalty_card_is_picked_up_tells_one_story(engine, tmp_path):
    """Issue 29 item 4: a card that became a penalty card (54D) and was then picked up by declarer's 50D2 choice is
    announced as picked up, never «теперь старшая штрафная» beside «больше не штрафная»; another player's penalty
    card would stay (the same card must be picked up for its becoming one to be past)."""
    path = tmp_path / "refused.yaml"
    path.write_text(REFUSED_THEN_REQUIRED, encoding="utf-8")
    ruling = engine.rule(engine.load_incident(path))
    ru, en = ruling.render("ru", how=False), ruling.render("en", how=False)
    assert ruling.announcement["ru"] == "Запад обязан пойти в бубны (этим ходом). Карта ♦Т Востока больше не" \
                                        " штрафная: он возвращает её в руку.", ruling.announcement["ru"]
    assert "Карта Востока (♦Т) теперь старшая штрафная" not in ru, ru
    assert "East's card (♦A) becomes a major penalty card" not in en, en
    assert "больше не штрафная" in ru
    assert [e["past"] for e in ruling.to_dict()["elements"] if e["kind"] == "penalty_card"] == [True]


def test_a_wrong_board_begun_is_completed_then_its_score_stands(rulings):
    """Law 15B2 (2017): the director requires the auction and play to be completed at the table and allows the
    score to stand; the announcement says so in that order, never «Результат… остаётся в силе… и он
    засчитывается» about a board whose auction has only begun."""
    ruling = rulings["wrong-table-auction-begun"]
    assert ruling.announcement["ru"] == "Торговлю и розыгрыш этой сдачи доводят до конца за этим столом. Результат," \
                                        " полученный за столом, остаётся в силе."
    assert ruling.announcement["en"] == "The auction and play of this board are completed at this table. The result" \
                                        " obtained at the table stands."
    text = ruling.render("ru", how=False)
    elements = text[text.index("\n1. "):]
    assert "и он засчитывается" not in text and elements.count("остаётся в силе") == 1, text
    assert elements.index("доводят до конца") < elements.index("остаётся в силе")  # the story in order
