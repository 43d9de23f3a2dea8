"""The table of the 2017 laws (knowledge/laws.yaml) and citations checked against it, to the subsection.

A citation is valid when it is a unit of the table (64B8, 64C2(a)) or a whole
holding units (64, 64B, 64C2); anything else is refused with the units nearby.
A malformed entry of the table is an error at its file:line, all of them at once.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.read.citations import load_index

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def index():
    return load_index(ROOT / "knowledge" / "laws.yaml", "knowledge/laws.yaml")


@pytest.mark.parametrize("cite", ["64", "64B", "64B8", "64C2", "64C2(a)", "12C1(c)", "68D2(b)", "71", "47E2"])
def test_units_and_the_wholes_holding_them_are_valid(index, cite):
    assert index.check(cite) is None


@pytest.mark.parametrize("cite, message", [
    ("64B9", "64B9 is not in the 2017 table of Law 64 (did you mean 64B8? 64B has 64B1, 64B2, 64B3, 64B4, 64B5,"
             " 64B6, 64B7, 64B8)"),
    ("12C9", "12C9 is not in the 2017 table of Law 12 (did you mean 12C2? 12C has 12C1, 12C2)"),
    ("64C2(c)", "64C2(c) is not in the 2017 table of Law 64 (did you mean 64C2(b)? 64C2 has 64C2(a), 64C2(b))"),
    ("68A1", "68A1 is finer than the 2017 table of Law 68: cite 68A, its finest unit there"),
    ("67B1a", "write 67B1a as 67B1(a)"),
    ("64D", "Law 64 has no section D (it has A, B, C)"),
    ("33A", "Law 33 has no lettered sections: cite it as 33"),
    ("94", "there is no Law 94 in the 2017 Laws (1-93)"),
])
def test_a_citation_not_in_the_table_is_refused_with_the_units_nearby(index, cite, message):
    assert index.check(cite) == message


def test_titles_in_both_languages(index):
    assert index.title(64, "ru") == "Процедура после установления фальшренонса"
    assert index.unit_title("64B") == {"en": "No Rectification", "ru": index.laws[64].sections["B"]["ru"]}
    assert index.unit_title("64B1") == {}


GOOD = """\
laws:
  12:
    title: {ru: "Дискреционные полномочия судьи", en: "Director's Discretionary Powers"}
    sections:
      A: {en: "Power to Award an Adjusted Score", ru: "Право назначить компенсирующий результат"}
      C: {en: "Awarding an Adjusted Score", ru: "Назначение компенсирующего результата"}
    subsections: [12A1, "12C1(a)", "12C1(e)"]
    titles:
      "12C1": {en: "Assigned Adjusted Score", ru: "Назначенный результат"}
"""


def table(tmp_path, text: str):
    path = tmp_path / "laws.yaml"
    path.write_text(text, encoding="utf-8")
    return load_index(path, "knowledge/laws.yaml")


def errors(tmp_path, text: str) -> list[str]:
    with pytest.raises(BridgelawError) as e:
        table(tmp_path, text)
    return [p.render().split("\n")[0] for p in e.value.problems]


def test_the_new_format_loads(tmp_path):
    ix = table(tmp_path, GOOD)
    assert ix.laws[12].units == ("12A1", "12C1(a)", "12C1(e)")
    assert ix.unit_title("12C1") == {"en": "Assigned Adjusted Score", "ru": "Назначенный результат"}
    assert ix.check("12C1") is None and ix.check("12C1(b)").startswith("12C1(b) is not in the 2017 table")


@pytest.mark.parametrize("change, message", [
    (("    titles:", "    chapter: 3\n    titles:"),
     "knowledge/laws.yaml:8:5: law 12: unknown key 'chapter'"),
    (('C: {en: "Awarding an Adjusted Score", ru: "Назначение компенсирующего результата"}',
      'C: "Awarding an Adjusted Score"'),
     "knowledge/laws.yaml:6:10: section 12C: expected a title in both languages, {en: \"...\", ru: \"...\"}"),
    (("[12A1,", "[64A1, 12A1,"), "knowledge/laws.yaml:7:19: law 12: subsections: 64A1 is not a part of Law 12"),
    (("[12A1,", "[12A1, 12B1,"), "knowledge/laws.yaml:7:25: law 12: subsections: Law 12 has no section B for 12B1"),
    (('"12C1(a)", "12C1(e)"', '"12C1(e)", "12C1(a)"'),
     "knowledge/laws.yaml:7:36: law 12: subsections: 12C1(a) comes after 12C1(e); list the units in book order"),
    (('"12C1(a)", "12C1(e)"', '"12C1", "12C1(e)"'),
     "knowledge/laws.yaml:7:33: law 12: subsections: 12C1(e) overlaps 12C1 (list each finest unit once, not its"
     " whole too)"),
    (('[12A1, "12C1(a)", "12C1(e)"]', "[12A1]"),
     "knowledge/laws.yaml:7:18: law 12: subsections: section 12C has no unit (list it as 12C if it has no numbered"
     " parts)"),
    (('"12C1": {en', '"12C2": {en'), "knowledge/laws.yaml:9:7: law 12: titles: 12C2 is not a unit of Law 12 in this table"),
    (("  12:", "  94:"), "knowledge/laws.yaml:2:3: law 94: expected a law number 1-93 with a title, sections and"
                         " subsections"),
])
def test_a_malformed_entry_is_an_error_at_its_line(tmp_path, change, message):
    old, new = change
    assert old in GOOD
    assert message in errors(tmp_path, GOOD.replace(old, new))
