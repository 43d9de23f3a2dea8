"""The arithmetic of a board's score, over the tables of read/scoring.py (Laws 77 and 78B).

Shape::

    contract_score(table, level, strain, doubling, vulnerable, tricks) -> Score
    imps(scale, difference) -> int

``Score.points`` is the declaring side's score (negative when the contract is
defeated); ``parts`` says where each figure comes from, each with its law, so
a ruling can show the director the arithmetic.  Nothing here knows a law the
tables do not say.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..read.scoring import ImpScale, ScoreTable

DOUBLING = ("undoubled", "doubled", "redoubled")
STRAINS = ("C", "D", "H", "S", "N")


@dataclass(frozen=True)
class Score:
    """A contract's result: tricks over (+) or under (-) the contract, the declaring side's points, and their parts."""

    level: int
    strain: str
    doubling: str
    vulnerable: bool
    tricks: int
    over: int            # tricks made beyond the contract (0 or more) or, negative, tricks down
    points: int          # to the declaring side: positive made, negative defeated
    parts: tuple         # ((name, points), ...): trick_score, overtricks, game/part_score, slam, insult, undertricks

    @property
    def made(self) -> bool:
        return self.over >= 0


def _vul(vulnerable: bool) -> str:
    return "vulnerable" if vulnerable else "not_vulnerable"


def contract_score(table: ScoreTable, level: int, strain: str, doubling: str, vulnerable: bool,
                   tricks: int) -> Score:
    """The score of ``level``+``strain`` (C D H S N) ``doubling`` with ``tricks`` won by declarer's side."""
    if not (1 <= level <= 7 and strain in STRAINS and doubling in DOUBLING and 0 <= tricks <= 13):
        raise ValueError(f"no such result: {level}{strain} {doubling}, {tricks} tricks")
    v = _vul(vulnerable)
    over = tricks - (level + 6)
    parts: list[tuple[str, int]] = []
    if over < 0:
        ladder = table.undertricks[doubling][v]
        down = sum(ladder[min(i, len(ladder) - 1)] for i in range(-over))
        parts.append(("undertricks", -down))
    else:
        value = table.per_trick[strain]
        first = table.first_trick.get(strain, value)
        mult = table.multiplier[doubling]
        trick_score = (first + value * (level - 1)) * mult
        parts.append(("trick_score", trick_score))
        if over:
            each = table.overtrick[doubling][v]
            parts.append(("overtricks", over * (value if each == "trick" else each)))
        p = table.premiums
        if trick_score >= p["game_threshold"]:
            parts.append(("game", p["game"][v]))
        else:
            parts.append(("part_score", p["part_score"]))
        if level == 6:
            parts.append(("small_slam", p["small_slam"][v]))
        elif level == 7:
            parts.append(("grand_slam", p["grand_slam"][v]))
        if doubling != "undoubled":
            parts.append((f"making_{doubling}", p[f"making_{doubling}"]))
    return Score(level, strain, doubling, vulnerable, tricks, over, sum(x for _, x in parts), tuple(parts))


def imps(scale: ImpScale, difference: int) -> int:
    """The IMPs a difference in points is worth (Law 78B); negative for a negative difference.

    A difference between two rows (not a multiple of 10, e.g. from a weighted score) takes the lower row.
    """
    n = max(row[2] for row in scale.rows if row[0] <= abs(difference))
    return n if difference >= 0 else -n
