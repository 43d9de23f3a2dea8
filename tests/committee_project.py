"""A small, self-contained project (vocabulary, Laws 63-64, cases) for the committee-tooling tests.

``make_project(folder) -> folder`` writes it; the tests then break it on
purpose.  It copies only knowledge/laws.yaml from this project (with the units
of Laws 63 and 64 pinned in ``UNITS``), so the tests do not depend on how the
shipped knowledge is worded.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent

VOCABULARY = """\
# yaml-language-server: $schema=../schemas/vocabulary.schema.json
templates:
  revoke:
    label: {ru: Фальшренонс, en: Revoke}
    many: true
    slots:
      offender:
        type: seat
        required: true
        label: {ru: нарушитель, en: offender}
        question: {ru: "Кто сделал фальшренонс?", en: "Who revoked?"}
      trick:
        type: int
        min: 1
        max: 13
        label: {ru: взятка с фальшренонсом, en: revoke trick}
        question: {ru: "В какой взятке?", en: "On which trick?"}
      establishing_act:
        type: enum
        label: {ru: что сделала нарушившая сторона, en: what the offending side did}
        values:
          none: {ru: "ничего", en: "nothing yet"}
          played_to_next_trick: {ru: "сыграла в следующую взятку", en: "played to the next trick"}
        question: {ru: "Что сделала нарушившая сторона?", en: "What did the offending side do?"}
      revoke_trick_winner:
        type: enum
        label: {ru: кто взял взятку, en: who won the revoke trick}
        values:
          offender: {ru: "нарушитель", en: "the offender"}
          offender_partner: {ru: "партнёр нарушителя", en: "the offender's partner"}
          non_offending_side: {ru: "ненарушившая сторона", en: "the non-offending side"}
        question: {ru: "Кто взял взятку с фальшренонсом?", en: "Who won the revoke trick?"}
      offending_side_won_later_trick:
        type: bool
        label: {ru: нарушившая сторона взяла последующую взятку, en: offending side won a later trick}
        question: {ru: "Взяла ли нарушившая сторона последующую взятку?", en: "Did the offending side win a later trick?"}
      damage:
        type: bool
        judgment: true
        law: 64C
        label: {ru: ущерб, en: damage}
        question: {ru: "Есть ли ущерб сверх исправления?", en: "Is there damage beyond the rectification?"}
  revoke_established:
    label: {ru: Фальшренонс установлен, en: Revoke established}
    derived: true
    slots:
      revoke: {type: ref, template: revoke, label: {ru: фальшренонс, en: revoke}}
elements:
  transfer_tricks:
    label: {ru: Передача взяток, en: Trick transfer}
    args:
      count: {type: int, min: 0, max: 13, required: true}
      from_side: {type: side, required: true}
      to_side: {type: side, required: true}
    text:
      ru: "Взятки переходят: {count} (от {from_side} к {to_side})."
      en: "{count} trick(s) are transferred from {from_side} to {to_side}."
  no_rectification:
    label: {ru: Без исправления, en: No rectification}
    contradicts: [transfer_tricks]
    text: {ru: "Передачи взяток нет.", en: "There is no trick transfer."}
"""

LAW_63 = """\
# yaml-language-server: $schema=../schemas/knowledge.schema.json
law: 63
title: {ru: "Установление фальшренонса", en: "Establishment of a Revoke"}
productions:
  - id: 63A1.played-to-next-trick
    cite: 63A1
    summary: {ru: "Установлен после игры в следующую взятку.", en: "Established once the side plays to the next trick."}
    when:
      - revoke: {id: $r, establishing_act: played_to_next_trick}
    derive:
      - revoke_established: {revoke: $r}
"""

LAW_64 = """\
# yaml-language-server: $schema=../schemas/knowledge.schema.json
law: 64
title: {ru: "Процедура после установления фальшренонса", en: "Procedure after Establishment of a Revoke"}
productions:
  - id: 64A1.offender-won-revoke-trick
    cite: 64A1
    summary: {ru: "Нарушитель взял взятку: две взятки.", en: "The offender won the revoke trick: two tricks."}
    when:
      - revoke: {id: $r, offender: $o, revoke_trick_winner: offender, offending_side_won_later_trick: true}
      - revoke_established: {revoke: $r}
    then:
      - transfer_tricks: {count: 2, from_side: $o.side, to_side: $o.opponents}
  - id: 64A2.partner-won-revoke-trick
    cite: 64A2
    summary: {ru: "Партнёр взял взятку: одна взятка.", en: "The partner won the revoke trick: one trick."}
    when:
      - revoke: {id: $r, offender: $o, revoke_trick_winner: offender_partner}
      - revoke_established: {revoke: $r}
    then:
      - transfer_tricks: {count: 1, from_side: $o.side, to_side: $o.opponents}
  - id: 64B6.trick-twelve
    cite: 64B6
    summary: {ru: "12-я взятка: без передачи.", en: "Trick twelve: no transfer."}
    when:
      - revoke: {trick: 12}
    overrides: [64A]
    then:
      - no_rectification: {}
"""

CASES_64 = """\
# yaml-language-server: $schema=../../schemas/cases.schema.json
law: 64
cases:
  - name: "offender won the revoke trick and a later one"
    facts:
      revoke: {offender: W, trick: 3, establishing_act: played_to_next_trick,
               revoke_trick_winner: offender, offending_side_won_later_trick: true}
    expect:
      - transfer_tricks: {count: 2, from_side: EW, to_side: NS, cite: 64A1}
  - name: "partner won the revoke trick"
    facts:
      revoke: {offender: W, trick: 3, establishing_act: played_to_next_trick, revoke_trick_winner: offender_partner}
    expect:
      - transfer_tricks: {count: 1, from_side: EW, to_side: NS, cite: 64A2}
    fired: [63A1.played-to-next-trick, 64A2.partner-won-revoke-trick]
  - name: "revoke on trick twelve"
    facts:
      revoke: {offender: W, trick: 12, establishing_act: played_to_next_trick, revoke_trick_winner: offender_partner}
    expect:
      - no_rectification: {cite: 64B6}
    expect_none: [transfer_tricks]
"""


def make_project(folder: Path) -> Path:
    """Write the small project into ``folder`` and return it."""
    (folder / "facts").mkdir(parents=True)
    (folder / "knowledge").mkdir()
    (folder / "tests" / "cases").mkdir(parents=True)
    (folder / "facts" / "vocabulary.yaml").write_text(VOCABULARY, encoding="utf-8")
    _copy_laws_index(folder / "knowledge" / "laws.yaml")
    (folder / "knowledge" / "law-63.yaml").write_text(LAW_63, encoding="utf-8")
    (folder / "knowledge" / "law-64.yaml").write_text(LAW_64, encoding="utf-8")
    (folder / "tests" / "cases" / "law-64.yaml").write_text(CASES_64, encoding="utf-8")
    return folder


def append(path: Path, text: str) -> int:
    """Append ``text`` to a file; the 1-based line where it starts."""
    old = path.read_text(encoding="utf-8")
    path.write_text(old + text, encoding="utf-8")
    return old.count("\n") + 1


@pytest.fixture
def project(tmp_path, monkeypatch):
    """The small project in a temporary folder, which is also the current folder (messages are relative)."""
    root = make_project(tmp_path / "p")
    monkeypatch.chdir(root)
    return root


#: The units of Laws 63 and 64 in the 2017 table, pinned here so that these tests count gaps and coverage
#: the same way whatever happens to the shipped table.
UNITS = {63: ["63A1", "63A2", "63A3", "63A4", "63B"],
         64: ["64A1", "64A2", "64B1", "64B2", "64B3", "64B4", "64B5", "64B6", "64B7", "64B8", "64C1", "64C2(a)",
              "64C2(b)"]}


def _copy_laws_index(target: Path) -> None:
    """The shipped table of laws, with subsection lists only for Laws 63 and 64 (pinned in UNITS):
    a listed subsection of an unwritten law would be reported as a gap."""
    data = yaml.safe_load((ROOT / "knowledge" / "laws.yaml").read_text(encoding="utf-8"))
    for n, entry in data["laws"].items():
        entry.pop("subsections", None)
        entry.pop("titles", None)
        entry.pop("unread_units", None)  # they name subsections, which this table does not list
        if int(n) in UNITS:
            entry["subsections"] = UNITS[int(n)]
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
