"""A fact the two sides tell differently (Law 85), written {versions: {NS: ..., EW: ...}}: until the director decides,
each side's version is ruled as a possibility, every slot so written taken from one side's story, never crossed."""
from __future__ import annotations

FACTS = {"deal": {"declarer": "N", "contract": "4H"},
         "lead": {"player": "W", "card": "SA", "trick": 1, "faced": True,
                  "response": {"versions": {"NS": "none", "EW": "next_hand_played"}}},
         "played_card": {"player": "N", "card": "S4",
                         "how": {"versions": {"NS": "not_in_played_position", "EW": "face_up_near_table"}}},
         "disputed_facts": {}}


def test_each_side_told_as_one_story(engine):
    ruling = engine.rule(engine.incident("two versions", FACTS))
    assert ruling.possible["combinations"] == 2, ruling.possible  # not four: the versions are never crossed
    en, ru = ruling.render("en"), ruling.render("ru")
    assert "if North-South's version is right (what happened to the card: only took it out" in en, en
    assert "if East-West's version is right (what happened to the card: held face up" in en, en
    assert "верна версия Север-Юг (что произошло с картой — только вынул" in ru, ru
    assert "85A1" in en and "until he has decided, the ruling below is given for each side's version" in en
