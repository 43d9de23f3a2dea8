"""Coverage: which of the 2017 laws and their subsections the knowledge encodes, and how many cases show it.

Shape: ``coverage(knowledge, exercised) -> [Row]``, one row per law 1-93 and,
under each law that has productions (or a ``subsections:`` list in
knowledge/laws.yaml), one row per unit: its subsections if listed, else its
lettered sections.  A unit is *encoded* when a production cites it (or a part
of it, or a whole it belongs to), *judgment* when only a judgment question of
the vocabulary names it (the director decides; the engine asks), *left out*
when its law file lists it under ``left_out`` with a reason, else *missing*.
``render(rows)`` is the table ``bridgelaw coverage`` prints.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..read.citations import covers
from ..words import both, same

LAWS = range(1, 94)


@dataclass
class Row:
    cite: str
    law: int
    title: dict
    unit: bool  # a section/subsection row (else the law's own row)
    productions: list = field(default_factory=list)  # production ids
    cases: set = field(default_factory=set)  # case (file, name) pairs
    judgment: list = field(default_factory=list)  # template.slot naming this unit as its law
    left_out: dict | None = None  # {ru, en}: the law file says why this unit is deliberately not encoded

    @property
    def status(self) -> str:
        if self.productions:
            return "encoded"
        if self.judgment:
            return "judgment"
        if self.left_out:
            return "left_out"
        return "missing"


def units(index, law: int) -> list[tuple[str, str]]:
    """(citation, English title) of each unit of ``law``: its subsections if listed, else its sections."""
    if index is None or law not in index.laws:
        return []
    entry = index.laws[law]
    if entry.get("subsections"):
        return [(str(s), "") for s in entry["subsections"]]
    return [(f"{law}{letter}", str(title)) for letter, title in entry.get("sections", {}).items()]


def related(unit: str, cite: str) -> bool:
    """Whether a production citing ``cite`` encodes (part of) ``unit``."""
    return covers(unit, cite) or covers(cite, unit)


def left_out_reason(knowledge, law: int, unit: str) -> dict | None:
    """The reason the law file gives for leaving ``unit`` out (a left_out entry covering it), or None."""
    lf = knowledge.laws.get(law)
    for cite, why in (lf.left_out if lf else {}).items():
        if covers(cite, unit):
            return why
    return None


def judgment_slots(vocabulary) -> list[tuple[str, str]]:
    """(template.slot, law) of each vocabulary slot that names the law needing it."""
    return [(f"{t.name}.{s.name}", str(s.law)) for t in vocabulary.templates.values()
            for s in t.slots.values() if s.law]


def coverage(knowledge, exercised: dict | None = None) -> list[Row]:
    """Rows for laws 1-93 and their units; ``exercised``: production id -> cases that fired it."""
    exercised = exercised or {}
    index = knowledge.index
    judged = judgment_slots(knowledge.vocabulary)
    by_law: dict[int, list] = {}
    for p in knowledge.productions:
        by_law.setdefault(p.law, []).append(p)
    rows = []
    for n in LAWS:
        title = index.laws[n]["title"] if index and n in index.laws else both("book.law_n", n=n)
        prods = by_law.get(n, [])
        law_row = Row(str(n), n, title, False, [p.id for p in prods])
        for p in prods:
            law_row.cases |= {(c.file, c.name) for c in exercised.get(p.id, [])}
        law_row.judgment = [s for s, cite in judged if related(str(n), cite)]
        rows.append(law_row)
        expand = prods or (index and n in index.laws and index.laws[n].get("subsections"))
        if not expand:
            continue
        for cite, utitle in units(index, n):
            r = Row(cite, n, same(utitle), True)
            for p in prods:
                if related(cite, p.cite):
                    r.productions.append(p.id)
                    r.cases |= {(c.file, c.name) for c in exercised.get(p.id, [])}
            r.judgment = [s for s, j in judged if related(cite, j)]
            r.left_out = left_out_reason(knowledge, n, cite)
            rows.append(r)
    return rows


def render(rows: list[Row], lang: str = "en", all_laws: bool = True) -> str:
    """The coverage table: law or unit, title, status, productions, cases; then a summary line."""
    table = []
    for r in rows:
        if not all_laws and not r.productions and not r.unit:
            continue
        title = r.title.get(lang) or r.title.get("en") or ""
        cite = ("  " + r.cite) if r.unit else r.cite
        status = r.status if (r.unit or r.productions or r.judgment) else "-"
        table.append([cite, title[:56], status, str(len(r.productions) or ""), str(len(r.cases) or "")])
    header = ["Law", "Title", "Status", "Productions", "Cases"]
    widths = [max(len(x[i]) for x in table + [header]) for i in range(5)]
    lines = ["  ".join(x[i].rjust(widths[i]) if i >= 3 else x[i].ljust(widths[i]) for i in range(5)).rstrip()
             for x in [header, ["-" * w for w in widths]] + table]
    laws = [r for r in rows if not r.unit]
    units_ = [r for r in rows if r.unit]
    encoded = sum(1 for r in laws if r.productions)
    lines.append("")
    lines.append(f"{encoded} of {len(laws)} laws have productions; of their {len(units_)} sections/subsections"
                 f" {sum(1 for r in units_ if r.status == 'encoded')} are encoded,"
                 f" {sum(1 for r in units_ if r.status == 'judgment')} left to judgment,"
                 f" {sum(1 for r in units_ if r.status == 'left_out')} left out,"
                 f" {sum(1 for r in units_ if r.status == 'missing')} missing;"
                 f" {sum(1 for r in laws if r.productions and not r.cases)} encoded law(s) without a case")
    return "\n".join(lines)
