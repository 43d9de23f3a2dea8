"""One mistake, one error at its place: what `bridgelaw check` says when a committee member slips once.

A misspelled slot in a shipped production gave 7 errors (six from the cases naming
the production, each with a "did you mean" pointing at another production); an
over-indented `when` item gave 14; one bad value in a case file hid the file's
other cases (and made false "no case fires it" warnings).  Consequences in other
files are notes ("did not load (see above)"), never counted, never with a hint.
Hints weigh a meaning-changing edit (a dropped non_) below a completion; YAML
syntax errors say what to do.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

from bridgelaw.errors import BridgelawError, close_names, suggest
from bridgelaw.faces.cli import main
from bridgelaw.read.yamlsafe import loads
from committee_project import project  # noqa: F401 (a fixture)

ROOT = Path(__file__).resolve().parent.parent


def check(capsys, *args) -> tuple[int, str]:
    code = main(["check", "--lang", "en", *args])
    return code, capsys.readouterr().out


def counted(out: str) -> tuple[int, int, int]:
    """(cases, errors, warnings) from the summary line."""
    m = re.search(r"(\d+) case\(s\): (\d+) error\(s\), (\d+) warning\(s\)", out)
    return int(m[1]), int(m[2]), int(m[3])


def test_a_misspelled_slot_in_a_shipped_production_is_one_error(tmp_path, monkeypatch, capsys):
    for part in ("knowledge", "facts", "schemas", "tests/cases", "tests/fixtures"):
        shutil.copytree(ROOT / part, tmp_path / part)
    law = tmp_path / "knowledge" / "law-64.yaml"
    lines = law.read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, x in enumerate(lines) if "id: 64A1.offender-won-and-later-trick" in x)
    at = next(i for i in range(at, len(lines)) if "offender: $o," in lines[i])
    lines[at] = lines[at].replace("offender: $o,", "ofender: $o,")
    law.write_text("".join(lines), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, out = main(["--root", ".", "check", "--lang", "en"]), capsys.readouterr().out
    assert code == 1
    assert counted(out)[1] == 1, out
    assert re.search(rf"^knowledge/law-64\.yaml:{at + 1}:\d+: production 64A1\.offender-won-and-later-trick: "
                     r"unknown slot 'ofender' in revoke\n  did you mean 'offender'\?", out, re.M), out
    notes = [line for line in out.splitlines() if ": note: " in line]
    assert len(notes) >= 5 and all("names production '64A1.offender-won-and-later-trick', which did not load"
                                   " (see above)" in n for n in notes), out
    assert out.count("did you mean") == 1, out


OVER_INDENTED = """\
  - id: 64B8.made-up
    cite: 64B8
    summary: {ru: "Пример.", en: "Example."}
    when:
      - revoke: {id: $r, trick: 12}
        - revoke_established: {revoke: $r}
    then:
      - no_rectification: {}
"""


def test_an_over_indented_when_item_is_one_error_in_plain_words(project, capsys):
    law = project / "knowledge" / "law-64.yaml"
    text = law.read_text(encoding="utf-8")
    law.write_text(text + OVER_INDENTED, encoding="utf-8")
    line = text.count("\n") + 6
    code, out = check(capsys, ".")
    assert code == 1 and counted(out)[1] == 1, out
    assert (f"knowledge/law-64.yaml:{line}:9: YAML syntax: the indentation of the item at line {line}"
            " does not match the one above") in out, out
    assert "<block end>" not in out
    # the case naming a production of the file that did not load says so, once, without a hint
    assert re.search(r"^tests/cases/law-64\.yaml:\d+:\d+: note: case 'partner won the revoke trick': names production"
                     r" '64A2\.partner-won-revoke-trick', which did not load \(see above\)$", out, re.M), out
    assert "did you mean" not in out


def test_a_tab_says_use_spaces_at_its_place():
    try:
        loads("law: 64\nproductions:\n\t- id: x\n", "knowledge/law-64.yaml")
    except BridgelawError as e:
        assert str(e).splitlines()[0] == "knowledge/law-64.yaml:3:1: YAML syntax: use spaces, not a tab"
    else:
        raise AssertionError("a tab was accepted")


def test_one_bad_value_in_a_case_file_hides_no_other_case(project, capsys):
    cases = project / "tests" / "cases" / "law-64.yaml"
    text = cases.read_text(encoding="utf-8")
    cases.write_text(text.replace("offending_side_won_later_trick: true}", "offending_side_won_later_trick: yes}"),
                     encoding="utf-8")
    code, out = check(capsys, ".")
    assert code == 1
    n, errors, _ = counted(out)
    assert (n, errors) == (2, 1), out
    assert "64A2.partner-won-revoke-trick: which case" not in out and "64B6.trick-twelve: which case" not in out, out


def test_a_hint_never_reverses_the_meaning_first():
    assert close_names("non_offender", ["offender", "offender_partner", "non_offending_side"])[0] == "non_offending_side"
    assert suggest("non_offender", ["offender", "offender_partner", "non_offending_side"]).splitlines()[0] == \
        "did you mean 'non_offending_side' or 'offender'?"
    assert close_names("non_offender_side", ["offender_side", "non_offending_side"])[0] == "non_offending_side"
    # a completion before a cut, and every close name offered
    assert close_names("offender_p", ["offender", "offender_partner"]) == ["offender_partner", "offender"]
