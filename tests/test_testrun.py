"""`bridgelaw test`: a table per law; for a failure, expected vs actual side by side, then the HOW trace."""
from __future__ import annotations

from bridgelaw.faces.cli import main
from committee_project import project  # noqa: F401 (a fixture)


def run(capsys, *args) -> tuple[int, str]:
    code = main(["--root", ".", "test", "--lang", "en", *args])
    return code, capsys.readouterr().out


def test_test_and_coverage_speak_russian_by_default_like_rule_and_ask(project, capsys):
    assert main(["--root", ".", "test"]) == 0
    out = capsys.readouterr().out
    assert "Процедура после установления фальшренонса" in out
    assert out.splitlines()[0].split() == ["Правило", "Название", "Случаи", "Прошли", "Не", "прошли"]
    assert out.splitlines()[-1] == "прошли: 3, не прошли: 0"  # the headers and the tally in Russian too
    assert main(["--root", ".", "coverage"]) == 0
    out = capsys.readouterr().out
    assert "Процедура после установления" in out
    # a subsection the table does not title reads under its section's title
    assert [line.split()[1:] for line in out.splitlines() if line.split()[:1] == ["63A1"]][0][:3] == \
        ["Фальшренонс", "становится", "установленным"]


def test_passing_cases_print_the_table_per_law(project, capsys):
    code, out = run(capsys)
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].split() == ["Law", "Title", "Cases", "Passed", "Failed"]
    assert lines[2].split() == ["64", "Procedure", "after", "Establishment", "of", "a", "Revoke", "3", "3"]
    assert lines[-1] == "3 passed, 0 failed"


def test_broken_case_prints_expected_and_actual_side_by_side_with_the_trace(project, capsys):
    cases = project / "tests" / "cases" / "law-64.yaml"
    cases.write_text(cases.read_text().replace("{count: 1, from_side: EW, to_side: NS, cite: 64A2}",
                                               "{count: 2, from_side: EW, to_side: NS, cite: 64A2}"))
    code, out = run(capsys, "tests/cases/law-64.yaml")
    assert code == 1
    assert "tests/cases/law-64.yaml:10:5: case 'partner won the revoke trick' FAILED" in out
    assert "  - expected transfer_tricks {count: 2, from_side: EW, to_side: NS} [64A2]" in out
    row = next(line for line in out.splitlines() if line.strip().startswith("DIFFERS"))
    left, right = row.split("[64A2]", 1)
    assert "transfer_tricks {count: 2, from_side: EW, to_side: NS}" in left
    assert right.strip() == "transfer_tricks {count: 1, from_side: EW, to_side: NS} [64A2]"
    # the HOW trace of the actual ruling: the chain 63A1 -> 64A2
    assert "#1 63A1.played-to-next-trick [63A1]" in out
    assert "#2 64A2.partner-won-revoke-trick [64A2]" in out
    assert "<- #1" in out
    assert out.splitlines()[-1] == "2 passed, 1 failed"
    assert [x.split()[-1] for x in out.splitlines() if x.startswith("64 ")] == ["1"]


def test_missing_and_unwanted_elements_and_firings(project, capsys):
    cases = project / "tests" / "cases" / "law-64.yaml"
    cases.write_text(cases.read_text().replace("expect_none: [transfer_tricks]", "expect_none: [no_rectification]")
                     .replace("fired: [63A1.played-to-next-trick, 64A2.partner-won-revoke-trick]",
                              "fired: [63A1.played-to-next-trick]\n    not_fired: [64A2.partner-won-revoke-trick]"))
    code, out = run(capsys, "-k", "trick")
    assert code == 1
    assert "NOT EXPECTED" in out or "expected no no_rectification" in out
    assert "expected 64A2.partner-won-revoke-trick not to fire" in out


def test_a_law_file_stands_for_its_cases_and_a_filter_keeps_some(project, capsys):
    code, out = run(capsys, "knowledge/law-64.yaml", "-k", "twelve")
    assert code == 0
    assert out.splitlines()[-1] == "1 passed, 0 failed"


def test_mistake_in_a_case_file_is_reported_at_its_line(project, capsys):
    cases = project / "tests" / "cases" / "law-64.yaml"
    cases.write_text(cases.read_text().replace("revoke_trick_winner: offender_partner}", "revoke_trick_winner: partner}", 1))
    code, out = run(capsys)
    assert code == 1
    assert "tests/cases/law-64.yaml:12:" in out and "unknown value 'partner'" in out


def test_no_such_path(project, capsys):
    code, out = run(capsys, "tests/cases/law-99.yaml")
    assert code == 1
    assert "tests/cases/law-99.yaml: no such case file" in out
