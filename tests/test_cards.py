"""The cards as evidence (bridgelaw/read/cards.py): what a deal and its play record show is stated for the
director, the ruling from the cards equals the ruling from the same facts typed by hand, a stated fact the
cards contradict is shown beside them and left to the director (85), and a card no one could have played
is an error naming the trick and the card."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.read.incident import load_incident

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "facts" / "incidents" / "revoke-from-the-cards.yaml"

BY_HAND = """\
source: the same board, every fact typed by the director
facts:
  deal: {declarer: S, contract: 4S, vulnerability: none, declarer_tricks: 12, play_ended: true}
  revoke:
    - offender: W
      trick: 2
      failure: failed_to_follow_suit
      establishing_act: played_to_next_trick
      revoke_trick_winner: non_offending_side
      offending_side_won_later_trick: true
      required_card_was_faced: false
      repeat_in_same_suit: false
      attention_drawn: after_play
      damage_beyond_rectification: false
"""


def _elements(ruling):
    return [(e.kind, e.args, e.cite, e.text["en"]) for e in ruling.elements]


def test_the_cards_state_what_they_show(knowledge):
    incident = load_incident(CARDS, knowledge.vocabulary)
    revoke = next(f for f in incident.facts if f.template == "revoke").known()
    assert revoke | {} == revoke and {k: revoke[k] for k in ("trick", "failure", "establishing_act",
                                                            "revoke_trick_winner", "offending_side_won_later_trick")} == {
        "trick": 2, "failure": "failed_to_follow_suit", "establishing_act": "played_to_next_trick",
        "revoke_trick_winner": "non_offending_side", "offending_side_won_later_trick": True}
    deal = next(f for f in incident.facts if f.template == "deal").known()
    assert deal["declarer_tricks"] == 12 and deal["play_ended"] is True
    assert incident.conflicts == ()


def test_the_ruling_from_the_cards_is_the_ruling_from_the_facts_typed_by_hand(knowledge, engine, tmp_path):
    typed = tmp_path / "typed.yaml"
    typed.write_text(BY_HAND, encoding="utf-8")
    from_cards = engine.rule(load_incident(CARDS, knowledge.vocabulary))
    by_hand = engine.rule(load_incident(typed, knowledge.vocabulary))
    assert _elements(from_cards) == _elements(by_hand)
    assert from_cards.result.text == by_hand.result.text
    assert "+510" in from_cards.result.text["en"]
    assert not from_cards.open_questions


def test_a_stated_fact_the_cards_contradict_is_left_to_the_director(knowledge, engine, tmp_path):
    text = CARDS.read_text(encoding="utf-8").replace("    - offender: W\n",
                                                     "    - offender: W\n      revoke_trick_winner: offender\n")
    (tmp_path / "i.yaml").write_text(text, encoding="utf-8")
    incident = load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    [conflict] = incident.conflicts
    assert (conflict.slot, conflict.stated, conflict.shown) == ("revoke_trick_winner", "offender", "non_offending_side")
    revoke = next(f for f in incident.facts if f.template == "revoke")
    assert revoke.get("revoke_trick_winner") is None  # neither overrules the other
    ruling = engine.rule(incident)
    out = ruling.render("en")
    assert "the director stated: the offending player himself" in out and "Law 85" in out
    assert any(q.slot == "revoke_trick_winner" for q in ruling.open_questions)


@pytest.mark.parametrize("old,new,words", [
    ("[D7, C6, DA, D4]", "[D7, C6, DA, SA]", "i.yaml:21:7: cards.play, trick 2: E plays SA, which he never held"),
    ("[D7, C6, DA, D4]", "[D7, C1, DA, D4]", "trick 2: 'C1' is no card"),
    ("[S2, S4, SJ, S6]", "[S2, S4, SJ, C6]", "trick 3: W plays C6, which he has already played"),
])
def test_a_card_no_one_could_play_is_an_error_naming_the_trick_and_card(knowledge, tmp_path, old, new, words):
    source = CARDS.read_text(encoding="utf-8")
    (tmp_path / "i.yaml").write_text(source.replace(old, new), encoding="utf-8")
    with pytest.raises(BridgelawError) as e:
        load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert words in str(e.value) and "i.yaml:" in str(e.value)
    assert CARDS.read_text(encoding="utf-8") == source  # the input file is never changed


def test_no_deal_no_endplay(tmp_path):
    """A cold `rule` on an incident without cards does not import endplay (half a second)."""
    import subprocess
    import sys
    code = ("import sys; from bridgelaw.faces import cli; cli.main(['rule', "
            f"'{ROOT / 'facts' / 'incidents' / 'revoke-trick-not-won-by-offender.yaml'}', '--no-how']);"
            "print('endplay' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT).stdout
    assert out.strip().endswith("False")


def test_a_pbn_file_rules_as_the_same_cards_written_in_the_incident(knowledge, engine, tmp_path):
    """The PBN fixture was written by endplay from revoke-from-the-cards.yaml's deal and play."""
    pbn = load_incident(ROOT / "facts" / "incidents" / "revoke-from-a-pbn-file.yaml", knowledge.vocabulary)
    yaml_ = load_incident(CARDS, knowledge.vocabulary)
    assert _elements(engine.rule(pbn)) == _elements(engine.rule(yaml_))
    assert engine.rule(pbn).result.text == engine.rule(yaml_).result.text
    (tmp_path / "bad.pbn").write_text('[Board "x"]\n[Deal "N:AKQ"]\n', encoding="utf-8")
    (tmp_path / "i.yaml").write_text("source: t\nfacts: {deal: {declarer: S}}\ncards: {pbn: bad.pbn}\n",
                                     encoding="utf-8")
    with pytest.raises(BridgelawError) as e:
        load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert "i.yaml:3:" in str(e.value) and "bad.pbn: cannot read a PBN board" in str(e.value)
