"""Laws 16, 20, 21A, 23, 24 and 26 on the auction: what the director is asked, and what the ruling ends with."""
from pathlib import Path

from bridgelaw.faces.cli import main

ROOT = Path(__file__).resolve().parents[1]


def test_ask_on_a_card_exposed_in_the_auction_classifies_it_and_ends_with_what_happens_now(capsys):
    """The director says whose card, how many and which; the productions find it an honour (24B), so
    partner must pass at his next turn, and the part waiting on who declares (24D/24E) stays open."""
    assert main(["ask", "--lang", "en", "--answers", str(ROOT / "tests/answers/honour-dropped-during-auction.yaml"),
                 ]) == 0
    out = capsys.readouterr().out
    asked = [line[2:] for line in out.splitlines() if line.startswith("? ")]
    assert "Did the player face the card as a lead (rather than drop or show it)?" not in asked  # an honour: 24B either way
    assert not [q for q in asked if "honour" in q.lower() or "24B" in q]                        # never "was it 24B?"
    ruling = out[out.index("Ruling:"):]
    assert "[Law 24B] North must pass at his next turn." in ruling
    assert "unauthorized for North and authorized for East-West" in ruling
    # during the auction there is no declarer: whether it has ended is asked, after what was exposed, and
    # both outcomes of 24D/24E are told rather than the declarer asked or left open
    assert asked.index("Has the auction ended (the final pass made)?") > asked.index("Which card was exposed (e.g. S9, HK)?")
    assert "Who is declarer?" not in asked and "Who is declarer?" not in ruling
    assert "[Law 24D] If South becomes declarer or dummy" in ruling and "[Law 24E] If South becomes a defender" in ruling


def test_ask_on_a_card_exposed_after_the_auction_asks_the_declarer_once_it_has_ended(knowledge, engine):
    """The auction has ended: the declarer is asked, and the queen of a defender becomes a penalty card."""
    from bridgelaw.faces.interview import Interview, Question
    iv = Interview(knowledge, engine)
    for a in (("card_exposed_in_auction",), "E", True, 1, "SQ"):  # True: a call had been made (24, not 16D)
        iv.answer(a)
    assert iv.step().key == "deal.auction_ended"
    iv.answer(True)
    assert iv.step().key == "deal.declarer"
    iv.answer("S")
    while isinstance(q := iv.step(), Question):
        iv.answer(False)
    assert ("penalty_card", "24E") in {(e.kind, e.cite) for e in q.elements}
    assert "pass_obligation" not in {e.kind for e in q.elements}


def test_a_low_card_asks_whether_it_was_led(capsys):
    """A spot card: only now does it matter whether it was faced as a lead (24A or 24B)."""
    incident = ROOT / "facts/incidents/spade-nine-faced-during-auction.yaml"
    assert main(["rule", str(incident), "--lang", "en", "--no-how"]) == 0
    assert "[Law 24B] South must pass at his next turn." in capsys.readouterr().out
