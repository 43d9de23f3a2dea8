"""Coverage: which units of the 2017 Laws (to the subsection) the knowledge encodes, and how many cases show it.

Shape: ``coverage(knowledge, exercised) -> [Row]``: for each law 1-93 a law row
(its tally of units by status), then one row per unit of the table in
knowledge/laws.yaml (64A1 ... 64C2(b); a law the table does not subdivide
counts its lettered sections; a law with neither is its own unit, on its law
row).  A unit is *encoded* when a production cites it (or a part of it, or a
whole it belongs to), *judgment* when only a judgment question of the
vocabulary names it (the director decides; the engine asks), *left_out* when
its law file lists it under ``left_out`` with a reason from the closed list,
else *missing*; a law with no productions has its units missing all the same.
``render(rows)`` is the table ``bridgelaw coverage`` prints, totals per law and overall.
"""
from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass, field

from ..read.citations import REASONS, covers
from ..words import both, noun_for, word

LAWS = range(1, 94)
TITLE_WIDTH = 40  # the title column; a longer title goes on in the lines below
STATUSES = ("encoded", "judgment", "left_out", "missing")


@dataclass
class Row:
    cite: str
    law: int
    title: dict
    unit: bool  # a unit row (else the law's own row)
    productions: list = field(default_factory=list)  # production ids
    cases: set = field(default_factory=set)  # case (file, name) pairs
    judgment: list = field(default_factory=list)  # template.slot naming this unit as its law
    left_out: object = None  # LeftOut: the law file says why this unit is deliberately not encoded
    tally: dict = field(default_factory=dict)  # law row: status -> number of its units
    read: bool = True  # the 2017 text of this unit was read (laws.yaml: the law's `unread` or `unread_units` say not)
    read_tally: tuple = (0, 0)  # law row: (units whose 2017 text was read, all its units)

    @property
    def status(self) -> str:
        if self.productions:
            return "encoded"
        if self.judgment:
            return "judgment"
        if self.left_out:
            return "left_out"
        return "missing"

    def detail(self, lang: str = "en", ids: bool = True) -> str:
        """What the status rests on: the productions, the judgment questions (their ids only with ``ids``),
        or the reason for leaving it out (its words from the closed list; the book adds the law file's note)."""
        if self.productions or self.judgment:
            return ", ".join(self.productions or self.judgment) if ids else ""
        if self.left_out:
            return REASONS[self.left_out.reason][lang]
        return ""


def left_out_text(left_out, lang: str) -> str:
    """A LeftOut in words: the reason from the closed list, then the file's note if it gives one."""
    words = REASONS[left_out.reason][lang]
    return f"{words}: {left_out.note[lang]}" if left_out.note else words


def units(index, law: int) -> list[tuple[str, dict]]:
    """(citation, {en, ru} title) of each unit of ``law`` in book order, a subsection the table does not
    title under its section's title (68B1: Concession Defined); [] for a law not in the table."""
    if index is None or law not in index.laws:
        return []
    return [(u, index.unit_title(u) or index.unit_title(section_of(u))) for u in index.laws[law].units]


def section_of(cite: str) -> str:
    """The lettered section a citation lies in: 68B1 -> 68B (a law by itself, or a malformed cite, is kept)."""
    m = re.match(r"\d+[A-H]?", cite)
    return m[0] if m else cite


def related(unit: str, cite: str) -> bool:
    """Whether a production citing ``cite`` encodes (part of) ``unit``."""
    return covers(unit, cite) or covers(cite, unit)


def left_out_reason(knowledge, law: int, unit: str):
    """The LeftOut the law file gives for ``unit`` (a left_out entry covering it), or None."""
    lf = knowledge.laws.get(law)
    for cite, why in (lf.left_out if lf else {}).items():
        if covers(cite, unit):
            return why
    return None


def text_read(index, law: int, unit: str) -> bool:
    """Whether the 2017 text of ``unit`` was read: not when laws.yaml marks the whole law ``unread``, nor when one of
    its ``unread_units`` covers the unit (or lies in it)."""
    entry = index.laws.get(law) if index else None
    if entry is None:
        return False
    if entry.unread:
        return False
    return not any(related(unit, cite) for cite in entry.unread_units)


def judgment_slots(vocabulary) -> list[tuple[str, str]]:
    """(template.slot, law) of each vocabulary slot that names the law needing it."""
    return [(f"{t.name}.{s.name}", str(s.law)) for t in vocabulary.templates.values()
            for s in t.slots.values() if s.law]


def _unit_row(knowledge, n: int, cite: str, title: dict, prods: list, judged: list, exercised: dict) -> Row:
    r = Row(cite, n, title, True)
    for p in prods:
        if related(cite, p.cite):
            r.productions.append(p.id)
            r.cases |= {(c.file, c.name) for c in exercised.get(p.id, [])}
    r.judgment = [s for s, j in judged if related(cite, j)]
    r.left_out = left_out_reason(knowledge, n, cite)
    r.read = text_read(knowledge.index, n, cite)
    return r


def coverage(knowledge, exercised: dict | None = None) -> list[Row]:
    """Rows for laws 1-93, each followed by its units; ``exercised``: production id -> cases that fired it."""
    exercised = exercised or {}
    index = knowledge.index
    judged = judgment_slots(knowledge.vocabulary)
    by_law: dict[int, list] = {}
    for p in knowledge.productions:
        by_law.setdefault(p.law, []).append(p)
    rows = []
    for n in LAWS:
        title = index.laws[n].title if index and n in index.laws else both("book.law_n", n=n)
        prods = by_law.get(n, [])
        unit_rows = [_unit_row(knowledge, n, cite, t, prods, judged, exercised) for cite, t in units(index, n)]
        if [r.cite for r in unit_rows] in ([], [str(n)]):  # the law is its own unit: its row says it all
            law_row = unit_rows[0] if unit_rows else _unit_row(knowledge, n, str(n), {}, prods, judged, exercised)
            law_row.unit, law_row.title, unit_rows = False, title, []
        else:
            law_row = Row(str(n), n, title, False, [p.id for p in prods])
            for p in prods:
                law_row.cases |= {(c.file, c.name) for c in exercised.get(p.id, [])}
            law_row.judgment = [s for s, cite in judged if related(str(n), cite)]
        law_row.tally = {s: sum(1 for r in unit_rows or [law_row] if r.status == s) for s in STATUSES}
        law_row.read_tally = (sum(1 for r in unit_rows or [law_row] if r.read), len(unit_rows or [law_row]))
        rows.append(law_row)
        rows += unit_rows
    return rows


def _tally_text(tally: dict, lang: str = "en") -> str:
    n = sum(tally.values())
    return word("coverage.tally", lang, n=n, units=noun_for(n, "units", lang), **tally)


def render(rows: list[Row], lang: str = "en", all_laws: bool = True, ids: bool = True) -> str:
    """The coverage table (law rows with their tally, unit rows with their status and what it rests on),
    then the totals; ``all_laws`` false keeps only the laws that have productions."""
    table = []
    shown = {r.law for r in rows if not r.unit and (all_laws or r.productions)}
    for r in rows:
        if r.law not in shown:
            continue
        title = r.title.get(lang) or r.title.get("en") or ""
        if r.unit:
            table.append(["  " + r.cite, title, word(f"status.{r.status}", lang), str(len(r.productions) or ""),
                          str(len(r.cases) or ""), word("coverage.read" if r.read else "coverage.not_read", lang), r.detail(lang, ids)])
        else:
            table.append([r.cite, title, f"{r.tally['encoded']}/{sum(r.tally.values())}",
                          str(len(r.productions) or ""), str(len(r.cases) or ""),
                          "{}/{}".format(*r.read_tally), _tally_text(r.tally, lang)])
    header = [word(f"table.{k}", lang) for k in ("law", "title", "status", "productions", "cases")] + \
        [word("table.text_read", lang), word("table.rests_on", lang)]
    # a long title is wrapped on the lines below its row, never cut mid-word
    table = [[x[0], line, *x[2:]] if not k else ["", line, "", "", "", "", ""]
             for x in table for k, line in enumerate(textwrap.wrap(x[1], TITLE_WIDTH) or [""])]
    widths = [max(len(x[i]) for x in table + [header]) for i in range(6)]
    lines = [("  ".join(x[i].rjust(widths[i]) if i in (3, 4) else x[i].ljust(widths[i]) for i in range(6))
              + "  " + x[6]).rstrip() for x in [header, ["-" * w for w in widths] + ["-" * 16]] + table]
    laws = [r for r in rows if not r.unit and r.law in shown]
    encoded = [r for r in laws if r.productions]
    lines.append("")
    lines.append(word("coverage.total", lang, encoded=len(encoded), laws=len(laws), mine=_tally_text(_total(encoded), lang),
                      all=_tally_text(_total(laws), lang), uncased=sum(1 for r in encoded if not r.cases)))
    units_of_encoded = [r for r in rows if r.law in {e.law for e in encoded} and (r.unit or not any(
        u.unit and u.law == r.law for u in rows))]
    unread = sorted({r.law for r in units_of_encoded if not r.read})
    lines.append(word("coverage.unread", lang, n=sum(1 for r in units_of_encoded if not r.read),
                      all=len(units_of_encoded), laws=", ".join(map(str, unread)) or "-"))
    return "\n".join(lines)


def _total(law_rows: list[Row]) -> dict:
    return {s: sum(r.tally[s] for r in law_rows) for s in STATUSES}
