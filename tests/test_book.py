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
        assert "2 trick(s) are transferred from the side of <var>o</var> to the opponents of <var>o</var>." in html
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


def test_book_of_the_shipped_knowledge(tmp_path):
    out = tmp_path / "book"
    assert main(["book", "--lang", "en", str(out)]) == 0
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


def test_coverage_lists_every_law_and_the_sections_of_encoded_ones(tmp_path, capsys):
    root = make_project(tmp_path / "p")
    assert main(["--root", str(root), "coverage"]) == 0
    out = capsys.readouterr().out
    table = out.split("\n\n")[0]
    rows = [line.split() for line in table.splitlines()]
    laws = [r[0] for r in rows[2:] if r and r[0].isdigit()]
    assert laws == [str(n) for n in range(1, 94)]
    unit = {r[0]: r for r in rows if r and re.match(r"^6[34][A-Z]$", r[0])}
    assert unit["63A"][-3:] == ["encoded", "1", "3"]
    assert unit["63B"][-1] == "missing"
    assert unit["64A"][-3:] == ["encoded", "2", "2"]
    assert unit["64C"][-1] == "judgment"
    assert "2 of 93 laws have productions" in out
