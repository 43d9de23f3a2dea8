"""`bridgelaw check` on a copy of the knowledge broken on purpose: every finding at its file:line.

The issue's Done-when: (a) a misspelled value, (b) a second production giving a
different trick count for the same revoke facts, (c) a production with no case;
plus the other static checks of bridgelaw/committee/lint.py.
"""
from __future__ import annotations

import re

from bridgelaw.faces.cli import main
from committee_project import append, project  # noqa: F401 (a fixture)

SECOND_64A2 = """\
  - id: 64A2.partner-won-two-tricks
    cite: 64A2
    summary: {ru: "Две взятки.", en: "Two tricks."}
    when:
      - revoke: {id: $r, offender: $o, revoke_trick_winner: offender_partner}
      - revoke_established: {revoke: $r}
    then:
      - transfer_tricks: {count: 2, from_side: $o.side, to_side: $o.opponents}
"""



def check(capsys, *args) -> tuple[int, str]:
    code = main(["check", "--lang", "en", *args])
    return code, capsys.readouterr().out


def findings(out: str) -> list[str]:
    """The first line of each finding."""
    return [line for line in out.splitlines() if re.match(r"^\S+:\d+:\d+: ", line)]


def test_clean_copy_has_no_errors_and_no_doubts_about_its_productions(project, capsys):
    code, out = check(capsys, ".")
    assert code == 0, out
    assert "0 error(s)" in out
    # only the gaps (units of 63 and 64 no production cites); nothing about the productions themselves
    assert [f for f in findings(out) if ": production " in f] == [], out


def test_misspelled_value_is_an_error_at_its_line(project, capsys):
    law = project / "knowledge" / "law-64.yaml"
    text = law.read_text(encoding="utf-8")
    law.write_text(text.replace("revoke_trick_winner: offender_partner", "revoke_trick_winner: ofender_partner"),
                   encoding="utf-8")
    line = next(i for i, x in enumerate(law.read_text(encoding="utf-8").splitlines(), 1) if "ofender_partner" in x)
    code, out = check(capsys, ".")
    assert code == 1
    assert re.search(rf"^knowledge/law-64\.yaml:{line}:\d+: production 64A2\.partner-won-revoke-trick: "
                     r"revoke\.revoke_trick_winner: unknown value 'ofender_partner'", out, re.M), out
    assert "did you mean 'offender_partner'?" in out


def test_second_production_with_another_trick_count_is_reported_with_both_lines(project, capsys):
    start = append(project / "knowledge" / "law-64.yaml", SECOND_64A2)
    code, out = check(capsys, ".")
    assert code == 0  # a warning: the committee decides
    first_line = next(i for i, x in enumerate((project / "knowledge" / "law-64.yaml").read_text().splitlines(), 1)
                      if "id: 64A2.partner-won-revoke-trick" in x)
    hits = [f for f in findings(out) if "which applies?" in f]
    assert len(hits) == 1, out
    assert hits[0].startswith(f"knowledge/law-64.yaml:{start}:5: warning: production 64A2.partner-won-two-tricks")
    assert f"64A2.partner-won-revoke-trick (knowledge/law-64.yaml:{first_line})" in hits[0]
    assert "transfer_tricks with count 1 and transfer_tricks with count 2" in hits[0]
    assert "overrides: [64A2.partner-won-revoke-trick]" in out
    assert main(["check", ".", "--strict", "--lang", "en"]) == 1


def test_an_override_settles_the_contradiction(project, capsys):
    append(project / "knowledge" / "law-64.yaml", SECOND_64A2 + "    overrides: [64A2.partner-won-revoke-trick]\n")
    code, out = check(capsys, ".")
    assert code == 0 and "0 error(s)" in out, out  # the production loaded: its overrides is what settles it
    assert "which applies?" not in out


def test_misspelled_overrides_key_is_an_error_not_a_settlement(project, capsys):
    append(project / "knowledge" / "law-64.yaml", SECOND_64A2 + "    overide: [64A2.partner-won-revoke-trick]\n")
    code, out = check(capsys, ".")
    assert code == 1, out
    assert re.search(r"^knowledge/law-64\.yaml:\d+:\d+: .*unknown key 'overide'", out, re.M), out
    assert "overrides" in out


NO_CASE = """\
  - id: 64A1.offender-won-no-later-trick
    cite: 64A1
    summary: {ru: "Одна взятка.", en: "One trick."}
    when:
      - revoke: {id: $r, offender: $o, revoke_trick_winner: offender, offending_side_won_later_trick: false}
      - revoke_established: {revoke: $r}
    then:
      - transfer_tricks: {count: 1, from_side: $o.side, to_side: $o.opponents}
"""


def test_production_no_case_fires_is_reported(project, capsys):
    start = append(project / "knowledge" / "law-64.yaml", NO_CASE)
    code, out = check(capsys, ".")
    assert code == 0
    assert any(f.startswith(f"knowledge/law-64.yaml:{start}:5: warning: production 64A1.offender-won-no-later-trick:"
                            " which case shows this production at work?") for f in findings(out)), out
    assert "which applies?" not in out  # it excludes 64A1 (won a later trick: true vs false)


def test_all_three_at_once_are_all_reported(project, capsys):
    law = project / "knowledge" / "law-64.yaml"
    law.write_text(law.read_text().replace("offending_side_won_later_trick: true", "offending_side_won_later_trick: yes"))
    append(law, SECOND_64A2 + NO_CASE)
    code, out = check(capsys, ".")
    assert code == 1
    assert "offending_side_won_later_trick: expected true or false" in out
    assert "which applies?" in out
    assert "64A1.offender-won-no-later-trick: which case shows" in out


def test_value_nothing_can_give_makes_a_production_that_never_fires(project, capsys):
    start = append(project / "knowledge" / "law-64.yaml", """\
  - id: 64B1.impossible-trick
    cite: 64B1
    summary: {ru: "x", en: "x"}
    when:
      - revoke: {trick: {less: 3, greater: 5}}
    then:
      - no_rectification: {}
""")
    code, out = check(capsys, ".")
    assert re.search(rf"^knowledge/law-64\.yaml:{start + 4}:\d+: warning: production 64B1\.impossible-trick: can this"
                     r" production ever fire\? revoke: 'trick is less than 3 and trick is greater than 5'", out, re.M), out


def test_derived_fact_nothing_derives_is_followed_through_the_chain(project, capsys):
    law63 = project / "knowledge" / "law-63.yaml"
    law63.write_text(law63.read_text().replace("establishing_act: played_to_next_trick",
                                               "establishing_act: played_to_next_trick, trick: {greater: 13}"))
    code, out = check(capsys, ".")
    # 63A1 can never fire (trick is at most 13), so nothing derives revoke_established and 64A1/64A2 are dead too
    dead = [f for f in findings(out) if "can this production ever fire?" in f]
    assert len(dead) == 3, out
    assert any("64A2.partner-won-revoke-trick" in f and "no production derives revoke_established" in f for f in dead)


def test_contradicting_kinds_without_override(project, capsys):
    law = project / "knowledge" / "law-64.yaml"
    law.write_text(law.read_text().replace("    overrides: [64A]\n", ""))
    code, out = check(capsys, ".")
    hits = [f for f in findings(out) if "which applies?" in f]
    assert len(hits) == 2 and all("64B6.trick-twelve" in f for f in hits), out
    assert all("no_rectification and transfer_tricks" in f or "transfer_tricks and no_rectification" in f
               for f in hits)


def test_same_conditions_same_ruling_is_a_duplicate(project, capsys):
    append(project / "knowledge" / "law-64.yaml", SECOND_64A2.replace("count: 2", "count: 1"))
    code, out = check(capsys, ".")
    assert "are these one production?" in out


def test_case_citing_a_missing_subsection_and_unknown_production(project, capsys):
    cases = project / "tests" / "cases" / "law-64.yaml"
    cases.write_text(cases.read_text().replace("cite: 64B6}", "cite: 64K6}")
                     .replace("fired: [63A1.played-to-next-trick", "fired: [63A1.played-to-next"))
    code, out = check(capsys, ".")
    assert code == 1
    assert re.search(r"^tests/cases/law-64\.yaml:\d+:\d+: case 'revoke on trick twelve': cite: .*64K6", out, re.M), out
    assert "names unknown production '63A1.played-to-next'" in out


def test_gap_names_the_subsections_and_a_judgment_question_covers_some(project, capsys):
    code, out = check(capsys, ".")
    gaps = [f for f in findings(out) if "left to the director" in f]
    assert gaps == ["knowledge/law-63.yaml:2:1: warning: law 63: are 63A2, 63A3, 63A4, 63B left to the director,"
                    " or still to be written? No production cites them",
                    "knowledge/law-64.yaml:2:1: warning: law 64: are 64B1, 64B2, 64B3, 64B4, 64B5, 64B7, 64B8 left"
                    " to the director, or still to be written? No production cites them"]
    # 64C1, 64C2(a), 64C2(b) have no production but the vocabulary's judgment question 'damage' names 64C


def test_shipped_knowledge_checks_clean(shipped_check):
    code, out = shipped_check  # `check --lang en`, run once for the run (conftest.py; tests/test_cli.py reads it too)
    assert code == 0, out


def test_file_without_its_schema_line_is_asked_about(project, capsys):
    law = project / "knowledge" / "law-64.yaml"
    law.write_text(law.read_text().split("\n", 1)[1])
    code, out = check(capsys, ".")
    assert code == 0
    assert "knowledge/law-64.yaml:1:1: warning: is this file checked as you type?" in out
    assert "make the first line: # yaml-language-server: $schema=../schemas/knowledge.schema.json" in out


def test_one_law_file_is_checked_for_contradictions(project, capsys):
    append(project / "knowledge" / "law-64.yaml", SECOND_64A2)
    code, out = check(capsys, "knowledge/law-64.yaml")
    assert code == 0
    assert "which applies?" in out and "which case shows" not in out


def test_same_kind_with_different_own_texts_contradicts(project, capsys):
    append(project / "knowledge" / "law-64.yaml", """\
  - id: 64B5.trick-twelve-again
    cite: 64B5
    summary: {ru: "x", en: "x"}
    when:
      - revoke: {trick: 12}
    then:
      - no_rectification:
          text: {ru: "Но судья следит за равенством.", en: "But the director sees to equity."}
""")
    code, out = check(capsys, ".")
    assert "can fire on the same revoke and give no_rectification with two different texts" in out, out
