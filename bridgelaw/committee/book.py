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
from ..words import WORDS, noun_for, word, words


def law_page(law: int) -> str:
    return f"law-{law}.html"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-") or "case"


@dataclass
class CaseView:
    anchor: str
    name: str  # as the case file names it (English)
    title: str  # in the book's language: the name, or words made from what the case expects (_case_title)
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
    short: str = ""  # what a link to it says: the name in English, "law-27, тест 3" in another language


def _cases(knowledge, root: Path, d: Describer) -> list[CaseView]:
    from ..engine import engine_for
    from .testrun import case_files, law_of, load_all, run_cases
    cases, _ = load_all(case_files(root), knowledge.vocabulary)
    out, seen, numbers = [], set(), {}
    by_id = {p.id: p.law for p in knowledge.productions}  # several laws: shown under the law it first fires
    for o in run_cases(engine_for(knowledge), cases):
        c = o.case
        anchor = f"case-{_slug(Path(c.file).stem)}-{_slug(c.name)}"
        while anchor in seen:
            anchor += "-"
        seen.add(anchor)
        fired = list(dict.fromkeys(o.ruling.fired())) if o.ruling else []
        law = law_of(c) or next((by_id[pid] for pid in fired if pid in by_id), None)  # a file of tellings spans
        numbers[c.file] = numbers.get(c.file, 0) + 1
        out.append(CaseView(anchor, c.name, _case_title(knowledge.vocabulary, c, numbers[c.file], d.lang), c.file,
                            law, c.description, c.source, c.keywords,
                            [d.fact(f) for f in c.incident.facts], [d.expected(e) for e in c.expect],
                            [_kind_label(knowledge.vocabulary, k, d.lang) for k in c.expect_none], fired,
                            o.passed, o.problems + ([o.error] if o.error else []),
                            c.name if d.lang == "en" else word("book.case_short", d.lang, file=_file_words(c.file, d.lang),
                                                               n=numbers[c.file])))
    return out


def _file_words(file: str, lang: str) -> str:
    """A case file as the book's language names it: law-27.yaml by the words for "Law 27", a file of tellings by
    the catalog's words for it, another by its name."""
    stem = Path(file).stem
    m = re.fullmatch(r"law-(\d+)", stem)
    key = f"book.file_{stem.replace('-', '_')}"  # a file of its own kind (the tellings) named in the catalog
    return word("book.law_n", lang, n=m[1]) if m else word(key, lang) if key in WORDS else stem


def _kind_label(vocab, kind: str, lang: str) -> str:
    ek = vocab.elements.get(kind)
    return ek.label[lang] if ek is not None else kind


def _case_title(vocab, c, n: int, lang: str) -> str:
    """A case in the book's language: its name in English; in another language the title of the shipped
    incident it rules where that has one in the language, else its number in its file and what it expects
    (the English name is shown folded beside it)."""
    if lang == "en":
        return c.name
    title = c.incident.title.get(lang) if isinstance(c.incident.title, dict) else None
    if title:
        return title
    kinds = list(dict.fromkeys(_kind_label(vocab, e.kind, lang) for e in c.expect))
    return word("book.case_title", lang, file=_file_words(c.file, lang), n=n,
                expects=", ".join(kinds) if kinds else word("book.expects_nothing", lang))


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
                       tally_text=lambda tally: word("book.tally", lang, n=sum(tally.values()),
                                                   units=noun_for(sum(tally.values()), "units", lang), **tally),
                       title=lambda n: knowledge.index.title(n, lang) if knowledge.index else f"Law {n}")
    out.mkdir(parents=True, exist_ok=True)
    written = []

    def write(name: str, template: str, **ctx) -> None:
        path = out / name
        write_atomic(path, env.get_template(template).render(**ctx))
        written.append(path)

    encoded = sorted(knowledge.laws)
    summary = word("book.summary", lang, encoded=len({p.law for p in knowledge.productions}), n=len(prods),
                   c=len(cases))  # the laws with productions, as coverage counts them
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
