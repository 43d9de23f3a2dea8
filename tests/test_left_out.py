"""`left_out:` in a law file: units deliberately not encoded, each with a reason from a closed list.

A partly encoded law (Laws 12 and 16 are encoded only as far as Laws 72-75
reach them) says which of its units it leaves out and why (``reason:`` one of
citations.REASONS, ``note:`` the specifics); `bridgelaw check` then stops asking
about them, `bridgelaw coverage` shows them as left out with the reason, and a
unit cannot be both left out and encoded.  "Not encoded yet" is no reason.
"""
from __future__ import annotations

import re

from bridgelaw.faces.cli import main
from committee_project import project  # noqa: F401 (a fixture)

LEFT_OUT = """\
left_out:
  {cite}:
    reason: {reason}
    note: {{ru: "Решает апелляционный комитет.", en: "For the appeals committee."}}
"""


def with_left_out(project, law: int, cite: str, reason: str = "procedure") -> int:
    """Put a left_out entry for ``cite`` into knowledge/law-NN.yaml, after its title; the entry's key line."""
    path = project / "knowledge" / f"law-{law}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, x in enumerate(lines) if x.startswith("title:")) + 1
    lines[at:at] = [LEFT_OUT.format(cite=cite, reason=reason)]
    path.write_text("".join(lines), encoding="utf-8")
    return at + 2


def check(capsys) -> tuple[int, str]:
    code = main(["check", ".", "--lang", "en"])
    return code, capsys.readouterr().out


def test_a_left_out_unit_is_no_longer_a_gap(project, capsys):
    code, out = check(capsys)
    assert "law 63: are 63A2, 63A3, 63A4, 63B left to the director" in out
    with_left_out(project, 63, "63B")
    code, out = check(capsys)
    assert code == 0, out
    assert "law 63: are 63A2, 63A3, 63A4 left to the director" in out, out


def test_coverage_shows_it_as_left_out_with_the_reason(project, capsys):
    with_left_out(project, 63, "63B")
    assert main(["--root", ".", "coverage", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.split()[:1] == ["63B"])
    assert row.split()[6] == "left_out", row  # after 63B and its title
    assert row.endswith("left_out                      yes             procedure of the game or the event that rules on no incident")
    assert ", 1 left out," in out


def test_a_reason_not_in_the_closed_list_is_an_error_at_its_line(project, capsys):
    line = with_left_out(project, 63, "63B", reason="not_encoded_yet")
    code, out = check(capsys)
    assert code == 1
    assert f"knowledge/law-63.yaml:{line + 1}:13: left_out.63B.reason: 'not_encoded_yet' is not allowed" in out, out
    assert "allowed: applied_elsewhere, definition, principle, procedure, regulating_authority, scoring" in out
    with_left_out(project, 64, "64B1", reason="regulatng_authority")
    code, out = check(capsys)
    assert "did you mean 'regulating_authority'?" in out, out


def test_a_left_out_entry_needs_a_reason(project, capsys):
    path = project / "knowledge" / "law-63.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "productions:", 'left_out:\n  63B: {ru: "Пока нет.", en: "Not yet."}\nproductions:'), encoding="utf-8")
    code, out = check(capsys)
    assert code == 1
    assert re.search(r"^knowledge/law-63\.yaml:\d+:\d+: left_out\.63B: 'reason' is missing$", out, re.M), out


def test_left_out_and_encoded_is_an_error_at_the_entry(project, capsys):
    line = with_left_out(project, 64, "64A")
    code, out = check(capsys)
    assert code == 1
    assert re.search(rf"^knowledge/law-64\.yaml:{line}:\d+: law 64: 64A is listed as left out, but production"
                     r" 64A1\.offender-won-revoke-trick \(knowledge/law-64\.yaml:\d+\) cites 64A1$", out, re.M), out


def test_left_out_names_only_its_own_law(project, capsys):
    line = with_left_out(project, 63, "65A")
    code, out = check(capsys)
    assert code == 1
    assert f"knowledge/law-63.yaml:{line}:3: law 63: left_out: 65A is not a part of Law 63" in out, out


def test_left_out_cite_is_checked_against_the_table(project, capsys):
    line = with_left_out(project, 63, "63F")
    code, out = check(capsys)
    assert code == 1
    assert f"knowledge/law-63.yaml:{line}:3: law 63: left_out: Law 63 has no section F" in out, out


def test_left_out_cite_is_checked_to_the_subsection(project, capsys):
    line = with_left_out(project, 63, "63A5")
    code, out = check(capsys)
    assert code == 1
    assert (f"knowledge/law-63.yaml:{line}:3: law 63: left_out: 63A5 is not in the 2017 table of Law 63"
            " (did you mean 63A4? 63A has 63A1, 63A2, 63A3, 63A4)") in out, out


NO_PRODUCTIONS = """\
# yaml-language-server: $schema=../schemas/knowledge.schema.json
law: 3
title: {ru: "Расстановка столов", en: "Arrangement of Tables"}
edition: 2017
left_out:
  "3":
    reason: procedure
productions: []
"""


def test_a_law_all_left_out_loads_with_no_productions(project, capsys):
    """A law that rules on no incident (Law 3) is a file of left_out entries and an empty list of productions."""
    (project / "knowledge" / "law-3.yaml").write_text(NO_PRODUCTIONS, encoding="utf-8")
    code, out = check(capsys)
    assert code == 0, out
    assert "law-3.yaml" not in out, out
    assert main(["--root", ".", "coverage", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if line.split()[:1] == ["3"])
    assert "1 left out, 0 missing" in row, row
    assert main(["--root", ".", "coverage"]) == 0  # Russian by default, headers and tallies too
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:2] == ["Правило", "Название"]
    row = next(line for line in out.splitlines() if line.split()[:1] == ["3"])
    assert "опущено 1, нет 0" in row, row
