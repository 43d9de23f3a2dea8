"""While the auction goes on, a ruling says who calls next and states what depends on who declares as a
consequence either way (26B, 24D/24E), never as "Who is declarer?"; once it is over, no turn to call is
left to mention (a pass obligation whose turns are past is not printed)."""
from __future__ import annotations

from pathlib import Path

from bridgelaw.faces.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _ask(tmp_path, capsys, answers: str) -> str:
    path = tmp_path / "answers.yaml"
    path.write_text(answers, encoding="utf-8")
    assert main(["--root", str(ROOT), "ask", "--lang", "en", "--no-how", "--answers", str(path)]) == 0
    return capsys.readouterr().out


def test_insufficient_bid_replaced_mid_auction_says_who_calls_next_and_does_not_ask_declarer(tmp_path, capsys):
    out = _ask(tmp_path, capsys, "answers:\n  incident: [auction]\n  deal.auction_ended: false\n"
               "  auction.dealer: N\n  auction.calls: '2C P 2D P 3D P 3C'\n  exists:choice: [true, true, false]\n"
               "  choice-1.chosen: refuse\n"
               "  choice-2.chosen: other_bid_or_pass\n"
               "  exists:pass_obligation: false\n")
    ruling = out[out.index("Ruling:"):]
    assert ruling.split("\n\nOpen questions")[0].rstrip().endswith("[Law 27B2] West calls next.")  # said last; the call named once above
    assert "If South becomes a defender, at his partner's first turn to lead declarer may prohibit" in ruling
    assert "Who is declarer?" not in ruling


def test_cards_exposed_mid_auction_give_both_outcomes(tmp_path, capsys):
    incident = tmp_path / "exposed.yaml"
    incident.write_text("facts:\n  auction: {dealer: N, calls: [1NT]}\n"
                        "  card_exposed_in_auction: {player: E, count: 2, card: D7}\n", encoding="utf-8")
    assert main(["--root", str(ROOT), "rule", str(incident), "--lang", "en", "--no-how"]) == 0
    out = capsys.readouterr().out
    assert "If East becomes declarer or dummy, he picks the exposed cards up" in out
    assert "If East becomes a defender, every exposed card becomes a penalty card" in out
    assert "Who is declarer?" not in out
