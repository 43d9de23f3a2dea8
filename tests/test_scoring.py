"""The score tables (knowledge/scoring/, Laws 77 and 78B) and their arithmetic (bridgelaw/explain/score.py).

The contract scores are checked against an independent implementation, endplay's contract scoring
(a development dependency only), over every contract, doubling, vulnerability and number of tricks;
the IMP scale against the table as the Laws publish it.
"""
import shutil
from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.explain.score import DOUBLING, STRAINS, contract_score, imps
from bridgelaw.read.scoring import load_scoring

ROOT = Path(__file__).resolve().parent.parent
SCORING = load_scoring(ROOT)

# Law 78B as published: (difference from, to, IMPs)
PUBLISHED = [(0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6),
             (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12),
             (750, 890, 13), (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17),
             (1750, 1990, 18), (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22),
             (3500, 3990, 23), (4000, 9990, 24)]


def test_every_contract_scores_as_endplay_scores_it():
    endplay = pytest.importorskip("endplay.types")
    denom = {"C": endplay.Denom.clubs, "D": endplay.Denom.diamonds, "H": endplay.Denom.hearts,
             "S": endplay.Denom.spades, "N": endplay.Denom.nt}
    penalty = {"undoubled": endplay.Penalty.passed, "doubled": endplay.Penalty.doubled,
               "redoubled": endplay.Penalty.redoubled}
    checked = 0
    for level in range(1, 8):
        for strain in STRAINS:
            for doubling in DOUBLING:
                for vulnerable in (False, True):
                    for tricks in range(14):
                        ours = contract_score(SCORING.table, level, strain, doubling, vulnerable, tricks)
                        c = endplay.Contract(level=level, denom=denom[strain], declarer=endplay.Player.north,
                                             penalty=penalty[doubling], result=tricks - level - 6)
                        theirs = c.score(endplay.Vul.ns if vulnerable else endplay.Vul.none)
                        assert ours.points == theirs, (level, strain, doubling, vulnerable, tricks, ours.parts)
                        checked += 1
    assert checked == 7 * 5 * 3 * 2 * 14


@pytest.mark.parametrize("args, points, made", [
    ((4, "S", "undoubled", False, 10), 420, True),
    ((3, "N", "undoubled", True, 9), 600, True),
    ((2, "H", "doubled", False, 8), 470, True),       # the insult: 2H doubled making is a game
    ((1, "N", "redoubled", True, 8), 1160, True),
    ((4, "S", "doubled", False, 6), -800, False),     # 4 down doubled not vulnerable: 100+200+200+300
    ((7, "N", "undoubled", True, 13), 2220, True),
])
def test_familiar_results(args, points, made):
    s = contract_score(SCORING.table, *args)
    assert (s.points, s.made) == (points, made)
    assert sum(x for _, x in s.parts) == s.points


def test_the_imp_scale_is_the_published_one():
    for lo, hi, n in PUBLISHED:
        for d in {lo, hi, (lo + hi) // 10 * 5}:
            assert imps(SCORING.imps, d) == n, d
            assert imps(SCORING.imps, -d) == (-n if n else 0), d
    assert imps(SCORING.imps, 15) == 0 and imps(SCORING.imps, 45) == 1  # between rows: the lower


def test_no_such_result():
    with pytest.raises(ValueError):
        contract_score(SCORING.table, 8, "S", "undoubled", False, 10)
    with pytest.raises(ValueError):
        contract_score(SCORING.table, 4, "S", "undoubled", False, 14)


def _copy(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "knowledge" / "scoring", tmp_path / "knowledge" / "scoring")
    return tmp_path


def test_a_gap_in_the_imp_scale_is_an_error_at_its_row(tmp_path):
    root = _copy(tmp_path)
    f = root / "knowledge" / "scoring" / "law-78.yaml"
    f.write_text(f.read_text().replace("  - [90, 120, 3]", "  - [100, 120, 3]"))
    with pytest.raises(BridgelawError) as e:
        load_scoring(root)
    assert str(e.value).startswith("knowledge/scoring/law-78.yaml:11:5: imp_scale: IMP scale row 4 starts at 100")


def test_a_misspelled_key_in_the_score_table_is_an_error_at_its_line(tmp_path):
    root = _copy(tmp_path)
    f = root / "knowledge" / "scoring" / "law-77.yaml"
    f.write_text(f.read_text().replace("  part_score: 50", "  partscore: 50"))
    with pytest.raises(BridgelawError) as e:
        load_scoring(root)
    assert "knowledge/scoring/law-77.yaml:" in str(e.value) and "partscore" in str(e.value)
