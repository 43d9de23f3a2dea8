"""`bridgelaw book` writes HTML that parses, with working links; `bridgelaw coverage` prints laws 1-93."""
from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bridgelaw.engine import load
from bridgelaw.faces.cli import main
from committee_project import make_project

ROOT = Path(__file__).resolve().parent.parent
VOID = {"meta", "br", "hr", "img", "input", "link"}


class Checker(HTMLParser):
    """Collects ids and links; fails on a tag closed out of order."""

    def __init__(self):
        super().__init__()
        self.stack, self.ids, self.links, self.errors = [], set(), [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "href" in a:
            self.links.append(a["href"])
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> at {self.getpos()}, open: {self.stack[-3:]}")
        else:
            self.stack.pop()


def parse(path: Path) -> Checker:
    c = Checker()
    c.feed(path.read_text(encoding="utf-8"))
    c.close()
    assert not c.errors and not c.stack, (path, c.errors, c.stack)
    return c


def check_book(out: Path) -> dict:
    pages = {p.name: parse(p) for p in out.glob("*.html")}
    for name, page in pages.items():
        for href in page.links:
            if href.startswith("http"):
                continue
            target, _, anchor = href.partition("#")
            assert target in pages, f"{name}: link to missing page {href}"
            assert not anchor or anchor in pages[target].ids, f"{name}: link to missing anchor {href}"
    return pages


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_book_of_a_project_in_plain_words(tmp_path, lang, capsys):
    root = make_project(tmp_path / "p")
    out = tmp_path / "book"
    assert main(["--root", str(root), "book", "--lang", lang, str(out)]) == 0
    pages = check_book(out)
    assert set(pages) == {"index.html", "law-63.html", "law-64.html", "vocabulary.html"}
    html = (out / "law-64.html").read_text(encoding="utf-8")
    assert "revoke_trick_winner" not in html and "$o" not in html  # no YAML: labels only
    if lang == "en":
        assert "who won the revoke trick is “the offender&#39;s partner”" in html
        # a variable reads as what it stands for, never as its name
        assert ("2 trick(s) are transferred from <var>the offender&#39;s side</var>"
                " to <var>the side other than the offender&#39;s</var>.") in html
        assert "Gives way to:" in html and "Uses facts stated by:" in html
    else:
        assert "кто взял взятку — «партнёр нарушителя»" in html
    # cross-links: 64A2 uses what 63A1 derives; 64B6 overrides 64A1 and 64A2
    assert 'href="law-63.html#63A1.played-to-next-trick"' in html
    assert 'href="law-64.html#64B6.trick-twelve"' in html
    law63 = (out / "law-63.html").read_text(encoding="utf-8")
    assert 'href="law-64.html#64A2.partner-won-revoke-trick"' in law63
    # each production links the cases that fire it
    assert re.search(r'href="law-64.html#case-law-64-revoke-on-trick-twelve"', html)


def test_the_russian_book_says_pravilo_and_reads_variables_as_words(shipped_book):
    out, code, _ = shipped_book("ru")
    assert code == 0
    pages = {p.name: p.read_text(encoding="utf-8") for p in out.glob("*.html")}
    assert "<h1>Правило 64. " in pages["law-64.html"]
    assert [name for name, html in pages.items() if re.search(r"\bзакон(а|у|ом|е|ы|ов)?\b", html, re.I)] == []
    assert "от пары <var>нарушителя</var> к паре <var>противников нарушителя</var>" in pages["law-64.html"]
    assert "Карта <var>нарушителя</var> теперь «старшая» штрафная карта" in pages["law-62.html"]  # {player:gen}, a variable
    # no variable shows its bare name (<var>o</var>)
    assert [(n, v) for n, html in pages.items() for v in re.findall(r"<var>([a-z]+)</var>", html)] == []


def test_book_of_the_shipped_knowledge(shipped_book):
    out, code, _ = shipped_book("en")
    assert code == 0
    pages = check_book(out)
    assert "index.html" in pages and "vocabulary.html" in pages
    # the vocabulary page follows the parts, in the stated order, each under its title
    vocab = load(ROOT).vocabulary
    html = (out / "vocabulary.html").read_text(encoding="utf-8")
    at = [html.index(f'<section id="part-{part.name}">') for part in vocab.parts]
    assert len(at) > 1 and at == sorted(at)
    for part, start, end in zip(vocab.parts, at, at[1:] + [len(html)]):
        assert f"<h2>{part.title['en']}</h2>" in html[start:end]
        for name in part.templates:
            assert f'id="t-{name}"' in html[start:end]
        for name in part.elements:
            assert f'id="e-{name}"' in html[start:end]


def coverage_lines(root, capsys) -> dict:
    """``bridgelaw coverage`` of the project at ``root``: cite -> the rest of its row, split; and the summary."""
    assert main(["--root", str(root), "coverage", "--lang", "en", "--ids"]) == 0
    out = capsys.readouterr().out
    table, summary = out.split("\n\n")
    rows = [line.split() for line in table.splitlines()[2:]]
    return {r[0]: r[1:] for r in rows}, summary


def test_coverage_lists_every_law_and_the_units_of_each(tmp_path, capsys):
    rows, summary = coverage_lines(make_project(tmp_path / "p"), capsys)
    assert [c for c in rows if c.isdigit()] == [str(n) for n in range(1, 94)]
    # a unit row: its title (a subsection the table does not title has its section's), status, productions,
    # cases, what it rests on
    assert rows["63A1"] == ["Revoke", "Becomes", "Established", "encoded", "1", "3", "yes", "63A1.played-to-next-trick"]
    assert rows["63A2"][-2:] == ["missing", "yes"]  # status, then whether its 2017 text was read
    assert rows["63B"][-2] == "missing"
    assert rows["64A1"][-5:] == ["encoded", "1", "1", "yes", "64A1.offender-won-revoke-trick"]
    assert rows["64C2(a)"][-3:] == ["judgment", "yes", "revoke.damage"]
    # a law row: encoded units / all its units, then the tally
    assert rows["64"][-15:] == ["3/13", "3", "3", "13/13", "13", "units:", "3", "encoded,", "3", "judgment,", "0",
                                "left", "out,", "7", "missing"]
    # a law with no productions lists its units (its sections, where the table lists no subsections) as missing
    assert rows["65"][-13:-10] == ["0/4", "4/4", "4"] and rows["65A"][-2] == "missing"
    assert summary.startswith("2 of 93 laws have productions; of their 18 units: 4 encoded, 3 judgment,"
                              " 0 left out, 11 missing; of all ")


def test_coverage_counts_units_not_sections(tmp_path, capsys):
    """64A1 encoded but 64A2 not: Law 64's section A is half done, and the table says so."""
    root = make_project(tmp_path / "p")
    law = root / "knowledge" / "law-64.yaml"
    text = law.read_text(encoding="utf-8")
    start = text.index("  - id: 64A2.partner-won-revoke-trick")
    end = text.index("  - id: 64B6.trick-twelve")
    law.write_text(text[:start] + text[end:], encoding="utf-8")
    (root / "tests" / "cases" / "law-64.yaml").unlink()  # its cases name 64A2
    rows, _ = coverage_lines(root, capsys)
    assert "encoded" in rows["64A1"]
    assert rows["64A2"][-2] == "missing"
    assert "2/13" in rows["64"]


def test_book_reports_to_the_subsection_with_the_reason_for_leaving_out(shipped_book):
    out, code, _ = shipped_book("en")
    assert code == 0
    page = (out / "law-12.html").read_text(encoding="utf-8")
    row = re.search(r'<tr id="sec-12A1">(.*?)</tr>', page, re.S)[1]
    assert 'class="left_out">left out<' in row
    assert "applied through other subsections (the note names them): Redress for a violation the Laws give" in row
    assert re.search(r'<tr id="sec-12B2">.*?class="encoded">encoded<.*?12B2.rectified-result-kept', page, re.S)
    assert re.search(r'<tr id="sec-16C1">.*?class="encoded">encoded<.*?16C1.authorized-for-non-offenders',
                     (out / "law-16.html").read_text(encoding="utf-8"), re.S)
    index = (out / "index.html").read_text(encoding="utf-8")
    assert re.search(r"14 units: 7 encoded, 1 left to judgment, 6 left out, 0 missing", index)
