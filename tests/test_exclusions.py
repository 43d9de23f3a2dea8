"""No contradictions, nothing twice: `bridgelaw check` runs every case and incident and refuses a ruling
that holds two elements the vocabulary says exclude each other (``excludes:``), or one element twice.

The shipped knowledge has none (checked by test_shipped_rulings_hold_no_clash); a copy of the small
committee project is broken on purpose, and the refusal is at the case's line."""
from __future__ import annotations

from bridgelaw.faces.cli import main
from committee_project import append, project  # noqa: F401 (a fixture)

RESULT_STANDS = """\
  result_stands:
    label: {ru: Результат остаётся, en: Result stands}
    excludes: [transfer_tricks]
    text: {ru: "Результат остаётся.", en: "The result stands."}
"""

STANDS_PRODUCTION = """\
  - id: 63A1.result-stands
    cite: 63A1
    summary: {ru: "Результат остаётся.", en: "The result stands."}
    when:
      - revoke: {id: $r, revoke_trick_winner: offender}
      - revoke_established: {revoke: $r}
    then:
      - result_stands: {}
"""

SAID_AGAIN = """\
  - id: 63A1.two-tricks-again
    cite: 63A1
    summary: {ru: "Снова две взятки.", en: "Two tricks, said again."}
    when:
      - revoke: {id: $r, offender: $o, revoke_trick_winner: offender, offending_side_won_later_trick: true}
      - revoke_established: {revoke: $r}
    then:
      - transfer_tricks: {count: 2, from_side: $o.side, to_side: $o.opponents}
"""


def check(capsys) -> tuple[int, str]:
    code = main(["check", "."])
    return code, capsys.readouterr().out


def test_a_ruling_holding_two_kinds_that_exclude_each_other_is_refused(project, capsys):
    append(project / "facts" / "vocabulary.yaml", RESULT_STANDS)
    append(project / "knowledge" / "law-63.yaml", STANDS_PRODUCTION)
    code, out = check(capsys)
    assert code == 1, out
    where = "tests/cases/law-64.yaml:4:5: case 'offender won the revoke trick and a later one': "
    assert (where + "result_stands (63A1.result-stands) and transfer_tricks (64A1.offender-won-revoke-trick)"
            " exclude each other") in out, out


def test_the_same_element_twice_is_refused(project, capsys):
    append(project / "knowledge" / "law-63.yaml", SAID_AGAIN)
    code, out = check(capsys)
    assert code == 1, out
    assert ("tests/cases/law-64.yaml:4:5: case 'offender won the revoke trick and a later one': transfer_tricks"
            " is said twice (63A1.two-tricks-again and 64A1.offender-won-revoke-trick)") in out, out


def test_an_unknown_excluded_kind_is_an_error_of_the_vocabulary(project, capsys):
    append(project / "facts" / "vocabulary.yaml", RESULT_STANDS.replace("[transfer_tricks]", "[transfer_trick]"))
    code, out = check(capsys)
    assert code == 1, out
    assert "excludes unknown element 'transfer_trick'" in out, out


def test_the_clean_copy_has_no_clash(project, capsys):
    code, out = check(capsys)
    assert code == 0, out
    assert "exclude each other" not in out and "said twice" not in out
