"""``bridgelaw book``: the knowledge as static HTML for a committee to review, law by law.

Shape: ``write_book(root, out_dir, lang) -> [written paths]``: ``index.html``
(every law 1-93 with its coverage and its tally of units), one ``law-NN.html`` per
encoded law (its units of the 2017 table, each encoded, judgment, left out with
the reason, or missing; each production in plain words: conditions, ruling elements, derived facts; links
to the productions it chains with, overrides or is overridden by, and the
cases that fire it; then the law's cases with their result) and
``vocabulary.html``.  Pages are rendered with Jinja2 from
bridgelaw/templates/book/; the words come from describe.py, never YAML.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from ..read.citations import covers
from ..read.files import write_atomic
from .coverage import coverage, left_out_text, units
from ..explain.describe import Describer
from ..words import word, words


def law_page(law: int) -> str:
    return f"law-{law}.html"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "case"


@dataclass
class CaseView:
    anchor: str
    name: str
    file: str
    law: int | None
    description: str
    source: str
    keywords: tuple
    facts: list
    expect: list
    expect_none: list
    fired: list  # production ids, in firing order
    passed: bool
    problems: list = field(default_factory=list)


def _cases(knowledge, root: Path, d: Describer) -> list[CaseView]:
    from ..engine import engine_for
    from .testrun import case_files, law_of, load_all, run_cases
    cases, _ = load_all(case_files(root), knowledge.vocabulary)
    out, seen = [], set()
    by_id = {p.id: p.law for p in knowledge.productions}  # several laws: shown under the law it first fires
    for o in run_cases(engine_for(knowledge), cases):
        c = o.case
        anchor = f"case-{_slug(Path(c.file).stem)}-{_slug(c.name)}"
        while anchor in seen:
            anchor += "-"
        seen.add(anchor)
        fired = list(dict.fromkeys(o.ruling.fired())) if o.ruling else []
        law = law_of(c) or next((by_id[pid] for pid in fired if pid in by_id), None)  # a file of tellings spans
        out.append(CaseView(anchor, c.name, c.file, law, c.description, c.source, c.keywords,
                            [d.fact(f) for f in c.incident.facts], [d.expected(e) for e in c.expect],
                            list(c.expect_none), fired,
                            o.passed, o.problems + ([o.error] if o.error else [])))
    return out


def _links(knowledge) -> dict:
    """Per production id: the productions it chains with (uses, feeds), overrides and gives way to."""
    def others(p, templates, index) -> list:
        return list(dict.fromkeys(q.id for t in templates for q in index.get(t, ()) if q.id != p.id))
    return {p.id: {"uses": others(p, [pat.template for pat in p.when], knowledge.derivers),
                   "feeds": others(p, [d.template for d in p.derive], knowledge.testers),
                   "overrides": list(p.overrides), "overridden_by": list(knowledge.overridden_by.get(p.id, ()))}
            for p in knowledge.productions}


def _environment() -> Environment:
    return Environment(loader=PackageLoader("bridgelaw.committee", "templates/book"),
                       autoescape=select_autoescape(["html"]), trim_blocks=True, lstrip_blocks=True)


def write_book(root: Path, out: Path, lang: str = "ru") -> list[Path]:
    """Render the book of the knowledge under ``root`` into ``out``; returns the pages written."""
    from ..engine import loaded
    knowledge, _ = loaded(root)
    d = Describer(knowledge.vocabulary, lang)
    cases = _cases(knowledge, root, d)
    fired_by: dict[str, list] = {}
    for cv in cases:
        for pid in cv.fired:
            fired_by.setdefault(pid, []).append(cv)
    prods = {p.id: p for p in knowledge.productions}
    law_of_prod = {p.id: p.law for p in knowledge.productions}

    def href(pid: str) -> str:
        return f"{law_page(law_of_prod[pid])}#{pid}"

    def see_href(cite: str) -> str | None:
        """The page (and the section row) of a cross-reference, if that law is encoded."""
        m = re.match(r"^(\d+)", str(cite))
        if not m or int(m[1]) not in knowledge.laws:
            return None
        unit = next((u for u, _ in units(knowledge.index, int(m[1])) if covers(u, str(cite))), None)
        # a law with no sections (49) is its own unit, shown on the page's law row: no section anchor
        return law_page(int(m[1])) + (f"#sec-{unit}" if unit and unit != m[1] else "")

    rows = coverage(knowledge, {pid: cvs for pid, cvs in fired_by.items()})
    env = _environment()
    env.globals.update(t=words("book", lang), lang=lang, href=href, see_href=see_href, d=d, prods=prods,
                       left_out_text=left_out_text, has_regulations=bool(knowledge.regulations),
                       tally_text=lambda tally: word("book.tally", lang, n=sum(tally.values()), **tally),
                       title=lambda n: knowledge.index.title(n, lang) if knowledge.index else f"Law {n}")
    out.mkdir(parents=True, exist_ok=True)
    written = []

    def write(name: str, template: str, **ctx) -> None:
        path = out / name
        write_atomic(path, env.get_template(template).render(**ctx))
        written.append(path)

    encoded = sorted(knowledge.laws)
    summary = word("book.summary", lang, encoded=len(encoded), n=len(prods), c=len(cases))
    write("index.html", "index.html", rows=[r for r in rows if not r.unit], encoded=set(encoded), summary=summary)
    links = _links(knowledge)
    for n in encoded:
        lf = knowledge.laws[n]
        write(law_page(n), "law.html", law=lf, n=n, units=[r for r in rows if r.unit and r.law == n],
              law_row=next(r for r in rows if not r.unit and r.law == n),
              productions=[p for p in knowledge.productions if p.law == n], links=links, fired_by=fired_by,
              cases=[c for c in cases if c.law == n], laws=encoded)
    write("vocabulary.html", "vocabulary.html", vocab=knowledge.vocabulary)
    from .options import elections  # every shipped authority's election of each option, the default first
    regs = sorted((knowledge.regulations or {}).values(), key=lambda r: (r.name != "wbf", r.name))
    if regs:
        write("regulations.html", "regulations.html", default_word=word("options.default", lang),
              authorities=[(r, elections(knowledge, r.name)) for r in regs])
    return written
