"""An honest "not encoded": every irregularity the Laws name is on the interview's first screen, and
an incident reaching a law not encoded yet says so in one plain sentence (explain/not_encoded.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.faces.cli import main
from bridgelaw.faces.interview import Interview, Question
from bridgelaw.explain.ruling import Ruling
from bridgelaw.read.irregularities import load_irregularities

ROOT = Path(__file__).resolve().parent.parent
LEAD = ROOT / "facts" / "incidents" / "board-placed-wrongly.yaml"
SENTENCE = "Law 7 (placement of the board, cards taken out or put back wrongly) is not encoded yet: rule from the law book."


def test_an_incident_naming_a_law_not_encoded_says_so_plainly(engine, capsys):
    ruling = engine.rule(engine.load_incident(LEAD))
    assert ruling.elements == [] and ruling.open_questions == []
    assert SENTENCE in ruling.render("en").splitlines()  # said in the announcement and as the ruling's line
    assert ("Правило 7 (положение коробки, карты вынуты или возвращены не так) пока не закодировано: решайте по книге"
            " правил.") in ruling.render("ru").splitlines()
    assert "No encoded production applies" not in ruling.render("en")
    [entry] = ruling.to_dict()["not_encoded"]
    assert entry["cite"] == "7" and entry["text"]["en"] == SENTENCE
    assert entry["title"]["en"] == "Placement of the board, cards taken out or put back wrongly"
    assert main(["rule", str(LEAD), "--lang", "en"]) == 0 and SENTENCE in capsys.readouterr().out


@pytest.mark.parametrize("fact,said", [
    ({"not_encoded": [{"irregularity": "board_and_cards_control"}]}, SENTENCE),
    ({"not_encoded": [{"law": 54}]}, None),  # Law 54 is encoded
    ({"not_encoded": [{"law": 60}]}, None),  # and Law 60
    ({"not_encoded": [{"law": 64}]}, None),  # Law 64 is encoded: nothing to say
    ({"irregularity": [{"law": "54: opening lead out of turn", "offender": "N"}]}, None),  # Law 54 is encoded
    ({"irregularity": [{"law": "25: unintended call", "offender": "N"}]}, None),  # Law 25 is encoded
    ({"irregularity": [{"law": "27: insufficient bid", "offender": "N"}]}, None),  # Law 27 is encoded
    ({"irregularity": [{"law": "61: revoke", "offender": "N"}]}, None),
])
def test_every_way_of_naming_a_law_not_encoded(engine, fact, said):
    ruling = engine.rule(engine.incident("x", {"deal": {"declarer": "S"}, **fact}))
    assert [n.text["en"] for n in ruling.not_encoded] == ([said] if said else [])


def test_an_irregularity_the_list_does_not_hold_is_an_error_with_a_suggestion(engine):
    with pytest.raises(BridgelawError) as e:
        engine.rule(engine.incident("x", {"not_encoded": [{"irregularity": "board_and_cards_contro"}]}))
    assert "'board_and_cards_contro' is not an irregularity" in str(e.value)
    assert "board_and_cards_control" in str(e.value)


def test_the_first_screen_groups_every_irregularity_short_list_first(knowledge, engine):
    q = Interview(knowledge, engine).step()
    assert [g for g, _ in q.groups] == ["auction", "play", "tricks", "information", "board"]
    short = [c for c in q.choices if c.short]
    assert 6 <= len(short) <= 12 and q.choices[:len(short)] == tuple(short)
    assert {c.group for c in q.choices} == {g for g, _ in q.groups}
    rest = [c.group for c in q.choices if not c.short]
    assert rest == sorted(rest, key=[g for g, _ in q.groups].index)  # the rest, by group
    values = {c.value for c in q.choices}
    assert set(Interview(knowledge, engine).kinds) <= values  # every encoded kind is reachable
    for law in (7, 76):  # and laws not encoded, in the director's words
        assert any(law in i.laws and i.kind is None and i.id in values for i in knowledge.irregularities.items)
    assert all(c.label["ru"] and c.label["en"] for c in q.choices)


def test_picking_a_law_not_encoded_ends_the_interview_with_the_sentence(knowledge, engine, tmp_path):
    iv = Interview(knowledge, engine)
    iv.answer(["board_and_cards_control"])
    ruling = iv.step()
    assert isinstance(ruling, Ruling) and [n.text["en"] for n in ruling.not_encoded] == [SENTENCE]
    assert iv.facts_data() == {"not_encoded": [{"irregularity": "board_and_cards_control"}]}
    # beside an encoded kind, the interview goes on about that one and the ruling says both
    iv = Interview(knowledge, engine)
    iv.answer(["revoke", "board_and_cards_control"])
    assert isinstance(iv.step(), Question) and iv.step().key == "deal.declarer"
    assert iv.kinds_chosen() == ("revoke",)


def test_ask_saves_what_rule_reads_back(tmp_path, capsys):
    answers, save = tmp_path / "a.yaml", tmp_path / "saved.yaml"
    answers.write_text("answers:\n  - incident: [board_and_cards_control]\n", encoding="utf-8")
    assert main(["ask", "--lang", "en", "--answers", str(answers), "--save", str(save)]) == 0
    assert SENTENCE in capsys.readouterr().out
    assert main(["rule", str(save), "--lang", "en"]) == 0 and SENTENCE in capsys.readouterr().out


def test_the_catch_all_asks_which_law_was_broken_first(knowledge, engine):
    iv = Interview(knowledge, engine)
    iv.answer(["irregularity"])
    keys = []
    while isinstance(q := iv.step(), Question) and q.template != "irregularity":
        keys.append(q.key)
        iv.answer(q.choices[0].value if q.choices else "4S")
    assert q.key == "irregularity-1.law", keys
    iv.answer("54: opening lead out of turn")
    assert iv.step().key == "irregularity-1.offender"


def test_the_list_is_checked_with_file_and_line(knowledge, tmp_path):
    bad = tmp_path / "irr.yaml"
    bad.write_text("groups:\n  play: {ru: Розыгрыш, en: The play}\nirregularities:\n"
                   "  - {id: a, group: plya, laws: [54], label: {ru: а, en: a}}\n"
                   "  - {id: b, group: play, laws: [54], kind: revoek}\n"
                   "  - {id: c, group: play, laws: [94], label: {ru: в, en: c}}\n", encoding="utf-8")
    with pytest.raises(BridgelawError) as e:
        load_irregularities(bad, knowledge.vocabulary, knowledge.index, "irr.yaml")
    text = str(e.value)
    assert "irr.yaml:4:" in text and "group 'plya' is not one of the groups" in text and "did you mean 'play'?" in text
    assert "irr.yaml:5:" in text and "kind 'revoek' is not a template" in text
    assert "irr.yaml:6:" in text and "there is no Law 94" in text


def test_the_end_of_the_auction_is_asked_about_not_told_not_encoded(knowledge, engine):
    # Laws 17D3 and 22 are encoded: their first-screen item names the template their questions are about
    [item] = [i for i in knowledge.irregularities.items if i.id == "auction_period"]
    assert item.kind == "auction"
    q = Interview(knowledge, engine).step()
    [choice] = [c for c in q.choices if c.value == "auction"]
    assert "end of the auction" in choice.label["en"]
    iv = Interview(knowledge, engine)
    iv.answer(["auction"])
    iv.answer("N", key="auction.dealer")
    iv.answer(["1C", "P", "2C", "N:P", "P", "P"], key="auction.calls")
    while isinstance(step := iv.step(), Question):
        iv.answer(False if step.key.startswith("exists:") else "?")
    assert not step.not_encoded and ("instruction", "17D3") in [(e.kind, e.cite) for e in step.elements]
