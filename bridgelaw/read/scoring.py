"""The score tables: Law 77 (what a contract scores) and Law 78B (the IMP scale), read from knowledge/scoring/.

Shape: ``load_scoring(root) -> Scoring`` holding a ``ScoreTable`` and an
``ImpScale``, plain frozen data, each with the citation of its law.  Both
files are checked against their JSON Schemas (read/schemas.py) and then for
what a schema cannot say (the IMP scale's rows follow on from one another, in
steps of 10 points, up to an open-ended last row); every mistake is reported
with file:line.  The arithmetic over them is explain/score.py.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import BridgelawError, Problem
from .schemas import validate
from .yamlsafe import load

STEP = 10  # bridge scores move in tens: the IMP scale's rows meet at from = previous to + 10


@dataclass(frozen=True)
class ScoreTable:
    """Law 77 as data (see knowledge/scoring/law-77.yaml for each part's meaning)."""

    cite: str
    per_trick: dict        # strain -> undoubled points per odd trick
    first_trick: dict      # strain -> undoubled points for the first odd trick, where it differs
    multiplier: dict       # undoubled|doubled|redoubled -> factor on the trick score
    overtrick: dict        # doubling -> {not_vulnerable|vulnerable: points per overtrick, or "trick"}
    premiums: dict
    undertricks: dict      # doubling -> {not_vulnerable|vulnerable: [1st, 2nd, ... ; the last repeats]}


@dataclass(frozen=True)
class ImpScale:
    """Law 78B as data: rows (from, to or None, imps), contiguous from 0."""

    cite: str
    rows: tuple


@dataclass(frozen=True)
class VpScale:
    """78D: a match's IMP margin to Victory Points (knowledge/scoring/law-78.yaml vp_scales)."""

    name: str
    title: dict
    max_vp: int
    blitz_per_sqrt_board: float
    tau: float

    def victory_points(self, margin: float, boards: int) -> tuple[float, float]:
        """(the winner's VPs, the loser's) for an IMP ``margin`` (>= 0) over ``boards``, to 0.01."""
        blitz = self.blitz_per_sqrt_board * boards ** 0.5
        half = self.max_vp / 2
        won = min(self.max_vp, half + half * (1 - self.tau ** (3 * abs(margin) / blitz)) / (1 - self.tau ** 3))
        won = round(won, 2)
        return won, round(self.max_vp - won, 2)


@dataclass(frozen=True)
class Scoring:
    table: ScoreTable
    imps: ImpScale
    vps: tuple = ()        # the VpScales the data names (78D)

    def vp_scale(self, name: str) -> VpScale | None:
        return next((v for v in self.vps if v.name == name), None)


def _read(path: Path, display: str, kind: str):
    data = load(path, display)
    problems = validate(kind, data, display)
    if problems:
        raise BridgelawError(problems)
    return data


def _imp_rows(data, display: str) -> tuple:
    rows, problems, expect = [], [], 0
    scale = data["imp_scale"]
    for i, (lo, hi, imps) in enumerate(scale):
        loc = scale.loc_of(i)
        last = i == len(scale) - 1
        if lo != expect:
            problems.append(Problem(loc, f"IMP scale row {i + 1} starts at {lo}", "imp_scale",
                                    f"rows follow on from one another: this one starts at {expect}"))
        if hi is None and not last:
            problems.append(Problem(loc, f"IMP scale row {i + 1} is open-ended but is not the last", "imp_scale",
                                    "only the last row has no upper bound (write null there)"))
        if hi is not None and (hi < lo or last):
            problems.append(Problem(loc, f"IMP scale row {i + 1} runs from {lo} to {hi}", "imp_scale",
                                    "the last row is open-ended (null); every other runs upwards"))
        if rows and imps != rows[-1][2] + 1:
            problems.append(Problem(loc, f"IMP scale row {i + 1} gives {imps} IMPs", "imp_scale",
                                    f"each row is worth one IMP more than the one before ({rows[-1][2] + 1})"))
        rows.append((lo, hi, imps))
        expect = (hi or 0) + STEP
    if problems:
        raise BridgelawError(problems)
    return tuple(rows)


def load_scoring(root: str | Path) -> Scoring:
    """Law 77's table and Law 78B's scale under ``root``/knowledge/scoring/; BridgelawError (file:line) on any mistake."""
    folder = Path(root) / "knowledge" / "scoring"
    t = _read(folder / "law-77.yaml", "knowledge/scoring/law-77.yaml", "score_table")
    s = _read(folder / "law-78.yaml", "knowledge/scoring/law-78.yaml", "imp_scale")
    ts = t["trick_score"]
    table = ScoreTable(str(t["cite"]), dict(ts["per_trick"]), dict(ts["first_trick"]), dict(ts["multiplier"]),
                       {d: dict(v) for d, v in t["overtrick"].items()}, dict(t["premiums"]),
                       {d: {v: tuple(x) for v, x in by.items()} for d, by in t["undertricks"].items()})
    vps = tuple(VpScale(str(n), dict(v["title"]), int(v["max_vp"]), float(v["blitz_per_sqrt_board"]), v["tau_millionths"] / 1_000_000)
                for n, v in (s.get("vp_scales") or {}).items())
    return Scoring(table, ImpScale(str(s["cite"]), _imp_rows(s, "knowledge/scoring/law-78.yaml")), vps)
