"""`left_out:` in a law file: sections deliberately not encoded, each with its reason.

A partly encoded law (Laws 12, 16, 20, 21 are encoded only as far as Laws 72-75
reach them) says which of its sections it leaves out and why; `bridgelaw check`
then stops asking about them, `bridgelaw coverage` shows them as left out, and a
section cannot be both left out and encoded.
"""
from __future__ import annotations

import re

from bridgelaw.faces.cli import main
from committee_project import project  # noqa: F401 (a fixture)

LEFT_OUT = """\
left_out:
  {cite}:
    ru: "Пока не закодировано."
    en: "Not encoded yet."
"""


def with_left_out(project, law: int, cite: str) -> int:
    """Put a left_out entry for ``cite`` into knowledge/law-NN.yaml, after its title; the entry's key line."""
    path = project / "knowledge" / f"law-{law}.yaml"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, x in enumerate(lines) if x.startswith("title:")) + 1
    lines[at:at] = [LEFT_OUT.format(cite=cite)]
    path.write_text("".join(lines), encoding="utf-8")
    return at + 2


def check(capsys) -> tuple[int, str]:
    code = main(["check", "."])
    return code, capsys.readouterr().out


def test_a_left_out_section_is_no_longer_a_gap(project, capsys):
    code, out = check(capsys)
    assert "is 63B (Revoke May Not Be Corrected) left to the director" in out
    with_left_out(project, 63, "63B")
    code, out = check(capsys)
    assert code == 0, out
    assert "0 error(s), 0 warning(s)" in out, out


def test_coverage_shows_it_as_left_out(project, capsys):
    with_left_out(project, 63, "63B")
    assert main(["--root", ".", "coverage"]) == 0
    out = capsys.readouterr().out
    row = next(line.split() for line in out.splitlines() if line.split()[:1] == ["63B"])
    assert row[-1] == "left_out"
    assert "1 left out" in out


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


def test_left_out_cite_is_checked_against_the_laws(project, capsys):
    line = with_left_out(project, 63, "63F")
    code, out = check(capsys)
    assert code == 1
    assert f"knowledge/law-63.yaml:{line}:3: law 63: left_out: Law 63 has no section F" in out, out
