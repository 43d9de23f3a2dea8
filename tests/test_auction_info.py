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
    assert "Who is declarer? (needed by 24D, 24E)" in ruling


def test_a_low_card_asks_whether_it_was_led(capsys):
    """A spot card: only now does it matter whether it was faced as a lead (24A or 24B)."""
    incident = ROOT / "facts/incidents/spade-nine-faced-during-auction.yaml"
    assert main(["rule", str(incident), "--lang", "en", "--no-how"]) == 0
    assert "[Law 24B] South must pass at his next turn." in capsys.readouterr().out
