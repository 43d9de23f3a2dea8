"""Where the 2017 text, once read, changed what a ruling says but not which elements it gives, the words
are checked here (a case compares elements and their citations, not their text)."""
from __future__ import annotations

from bridgelaw.read.incident import incident_from_facts


def _texts(engine, knowledge, facts: dict, kind: str, cite: str) -> str:
    ruling = engine.rule(incident_from_facts("wording", facts, knowledge.vocabulary))
    return " ".join(e.text["en"] for e in ruling.elements if e.kind == kind and e.cite == cite)


def test_16d2d_is_an_adjusted_score_not_only_an_artificial_one(engine, knowledge):
    """2017 16D2(d) (2007's 16C2(d) said 'artificial'): an adjusted score, with 86B for team play."""
    facts = {"extraneous_information": {"recipient": "W", "how": "overheard", "could_interfere": True,
                                        "remedy": "artificial_score"}}
    text = _texts(engine, knowledge, facts, "adjust_score", "16D2(d)")
    assert text and "artificial" not in text and "86B" in text, text


def test_16d2_asks_whether_the_information_would_likely_interfere(engine, knowledge):
    """2017 16D2 turns on information that 'would likely' interfere (2007: 'could')."""
    facts = {"extraneous_information": {"recipient": "S", "how": "saw_card", "could_interfere": True}}
    text = _texts(engine, knowledge, facts, "instruction", "16D2")
    assert "would likely interfere" in text and "(d) award an adjusted score (at teams, see 86B)" in text, text
    assert "likely interfere" in knowledge.vocabulary.templates["extraneous_information"].slots[
        "could_interfere"].question["en"]
