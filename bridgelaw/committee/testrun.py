"""The test runner for YAML cases: one source for ``bridgelaw test`` and pytest.

Shape::

    files = case_files(root, paths)            # tests/cases/law-NN.yaml, or what PATHs name
    cases, problems = load_all(files, vocab)   # problems: file:line mistakes in the case files
    outcomes = run_cases(engine, cases)        # one Outcome (case, ruling, failures) per case
    print(summary_table(outcomes, knowledge))  # per law: cases, passed, failed
    print(failure_report(outcome))             # expected vs actual side by side, then HOW

A knowledge file given as PATH (knowledge/law-64.yaml) stands for its cases
(tests/cases/law-64.yaml): a law file and its cases share a stem.  Whether a
case passes is decided by ``cases.failures`` and nothing else.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..read.cases import Case, check_production_ids, failures, load_cases
from ..errors import Collector, Loc, Problem, shown_path
from ..words import word

_LAW_STEM = re.compile(r"^law-(\d{1,2})$")


@dataclass
class Outcome:
    """What one case gave: the ruling and what it gets wrong (empty: passed)."""

    case: Case
    ruling: object = None
    problems: list = field(default_factory=list)
    error: str = ""  # the engine failed on this case
    exception: BaseException | None = None  # what it raised

    @property
    def passed(self) -> bool:
        return not self.problems and not self.error


def case_files(root: Path, paths: list[Path] | None = None) -> list[Path]:
    """The case files to run: every tests/cases/*.yaml, or those the paths name (files or folders)."""
    cdir = root / "tests" / "cases"
    if not paths:
        return sorted(cdir.glob("*.y*ml"))
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            sub = p / "tests" / "cases" if (p / "tests" / "cases").is_dir() else p
            out.extend(sorted(sub.glob("*.y*ml")))
        elif p.parent.name == "knowledge" and _LAW_STEM.match(p.stem):
            out.append(cdir / p.name)
        else:
            out.append(p)
    seen, unique = set(), []
    for p in out:
        if p.resolve() not in seen:
            seen.add(p.resolve())
            unique.append(p)
    return unique


def load_all(files: list[Path], vocab) -> tuple[list[Case], list[Problem]]:
    """Every case of ``files`` without a mistake, and the problems of the others: a case with a mistake
    hides no other case of its file."""
    cases: list[Case] = []
    c = Collector()
    for f in files:
        cases.extend(load_cases(f, vocab, shown_path(f), collector=c))
    return cases, c.problems


def run_case(engine, case: Case) -> Outcome:
    from ..read.dd import on_disk  # a claim's or a revoke's search made by an earlier run is read back
    try:
        with on_disk():
            ruling = engine.rule(case.incident)
    except Exception as e:  # the engine must not stop the other cases
        return Outcome(case, None, [], f"{type(e).__name__}: {e}", e)
    return Outcome(case, ruling, failures(case, ruling))


def run_cases(engine, cases: list[Case]) -> list[Outcome]:
    return [run_case(engine, c) for c in cases]


def exercised(outcomes: list[Outcome]) -> dict[str, list[Case]]:
    """Production id -> the cases whose ruling fired it."""
    out: dict[str, list[Case]] = {}
    for o in outcomes:
        if o.ruling is not None:
            for pid in dict.fromkeys(o.ruling.fired()):
                out.setdefault(pid, []).append(o.case)
    return out


def law_of(case: Case) -> int | None:
    if case.law is not None:
        return case.law
    m = _LAW_STEM.match(Path(case.file).stem)
    return int(m[1]) if m else None


def _table(header: list[str], rows: list[list[str]], right: set[int] = frozenset()) -> list[str]:
    widths = [max(len(str(r[i])) for r in [header] + rows) for i in range(len(header))]

    def line(r):
        return "  ".join(str(x).rjust(w) if i in right else str(x).ljust(w)
                         for i, (x, w) in enumerate(zip(r, widths))).rstrip()
    return [line(header), line(["-" * w for w in widths])] + [line(r) for r in rows]


def summary_table(outcomes: list[Outcome], knowledge, lang: str = "en") -> str:
    """Per law (in law order): its title, cases, passed, failed; then the totals."""
    per: dict = {}
    for o in outcomes:
        n = law_of(o.case)
        row = per.setdefault(n, [0, 0, 0])
        row[0] += 1
        row[1 if o.passed else 2] += 1
    rows = []
    for n in sorted(per, key=lambda x: (x is None, x or 0)):
        title = ""
        if n is not None and knowledge.index is not None:
            title = knowledge.index.title(n, lang)
        c, p, f = per[n]
        rows.append([str(n) if n is not None else "?", title, c, p, f if f else ""])
    total = [sum(r[i] for r in per.values()) for i in range(3)]
    rows.append([word("table.all", lang), "", total[0], total[1], total[2] if total[2] else ""])
    header = [word(f"table.{k}", lang) for k in ("law", "title", "cases", "passed", "failed")]
    return "\n".join(_table(header, rows, {2, 3, 4}))


def element_text(e) -> str:
    """An actual ruling element as the cases write it: kind {arg: value, ...} [cite]."""
    args = ", ".join(f"{k}: {v}" for k, v in e.args.items() if v is not None)
    return f"{e.kind} {{{args}}} [{e.cite}]"


def _pair(expect: tuple, actual: list) -> list[tuple]:
    """Rows (expected, actual, mark): exact matches, then same-kind near misses, then the rest."""
    used: set[int] = set()
    rows: list[tuple] = []
    pending = []
    for exp in expect:
        hit = next((i for i, a in enumerate(actual) if i not in used and exp.matches(a)), None)
        if hit is None:
            pending.append(exp)
        else:
            used.add(hit)
            rows.append((exp, actual[hit], "ok"))
    for exp in pending:
        near = next((i for i, a in enumerate(actual) if i not in used and a.kind == exp.kind), None)
        if near is None:
            rows.append((exp, None, "MISSING"))
        else:
            used.add(near)
            rows.append((exp, actual[near], "DIFFERS"))
    rows.extend((None, a, "") for i, a in enumerate(actual) if i not in used)
    return rows


def side_by_side(case: Case, ruling) -> list[str]:
    """Expected and actual ruling elements in two columns, one pair a row, with a mark."""
    actual = list(ruling.elements) if ruling is not None else []
    rows = []
    for exp, act, mark in _pair(case.expect, actual):
        if exp is None and act is not None and act.kind in case.expect_none:
            mark = "NOT EXPECTED"
        rows.append([mark, str(exp) if exp is not None else "", element_text(act) if act is not None else ""])
    for kind in case.expect_none:
        if not any(a.kind == kind for a in actual):
            rows.append(["ok", f"no {kind}", ""])
    if not rows:
        rows.append(["", "(nothing)", "(no elements)"])
    return _table(["", "expected", "actual"], rows)


def failure_report(outcome: Outcome, lang: str = "en") -> str:
    """A failed case: where it is, expected vs actual side by side, what else is wrong, the HOW trace."""
    case = outcome.case
    lines = [f"{case.loc}: case '{case.name}' FAILED"]
    if outcome.error:
        lines.append(f"  the engine failed: {outcome.error}")
        return "\n".join(lines)
    lines += [f"  - {p}" for p in outcome.problems]
    lines.append("")
    lines += ["  " + x for x in side_by_side(case, outcome.ruling)]
    lines.append("")
    lines.append("  the actual ruling, and how it was reached:")
    lines += [("    " + x).rstrip() for x in outcome.ruling.render(lang, how=True, debug=True).splitlines()]
    return "\n".join(lines)


@dataclass
class TestRun:
    """Everything ``bridgelaw test`` prints and its exit code."""

    outcomes: list
    problems: list  # mistakes in the case files
    knowledge: object

    @property
    def ok(self) -> bool:
        return not self.problems and all(o.passed for o in self.outcomes)

    def render(self, lang: str = "en") -> str:
        parts = [p.render(lang) for p in self.problems]
        failed = [o for o in self.outcomes if not o.passed]
        for o in failed:
            parts.append(failure_report(o, lang))
        if self.outcomes:
            parts.append(summary_table(self.outcomes, self.knowledge, lang))
        n, f = len(self.outcomes), len(failed)
        tail = word("test.tail", lang, passed=n - f, failed=f)
        if self.problems:
            tail += word("test.case_errors", lang, n=len(self.problems))
        parts.append(tail if self.outcomes or self.problems else word("test.none", lang))
        return "\n\n".join(parts)


def run_tests(root: Path, paths: list[Path] | None = None, keyword: str | None = None,
              knowledge=None, engine=None) -> TestRun:
    """Load the knowledge (unless given), then the cases, and run them."""
    from ..engine import engine_for, loaded
    if knowledge is None:
        knowledge, kept = loaded(root)
        engine = engine or kept
    engine = engine or engine_for(knowledge)
    files = case_files(root, paths)
    problems = [Problem(Loc(shown_path(f)), "no such case file") for f in files if not f.exists()]
    cases, more = load_all([f for f in files if f.exists()], knowledge.vocabulary)
    problems += more
    problems += check_production_ids(cases, knowledge)
    if keyword:
        cases = [c for c in cases if keyword.lower() in c.name.lower()]
    return TestRun(run_cases(engine, cases), problems, knowledge)
