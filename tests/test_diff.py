"""``bridgelaw diff``: which rulings an edit of the knowledge changes, tested on copies as a committee would.

An unchanged tree reports nothing (exit 0); a copy with one production's condition changed reports exactly
the rulings that change (exit 1), each under its file and case, as text and as JSON.

A comparison rules every incident and case of its tree with each of its two knowledges.  Here a knowledge
identical in content to one ruled before (its digest) gives the rulings it gave then on the same inputs
(``remembered``): the edited copy compared with itself and the edited copy's side of the comparison with the
original are one knowledge on one tree, ruled once in the module, not three times; and the original's side,
the shipped knowledge on inputs read as the shipped ones are (from the tree's own folder), is the session's
rulings (conftest's ``ruled``: the cases and incidents test_cases, test_differential and test_interview rule).
Two loads of the same files ruling alike is tests/test_determinism.py's; what is held here is what the command
compares and reports.
"""
from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from bridgelaw import engine as engines
from bridgelaw.engine import PROJECT_ROOT as ROOT
from bridgelaw.faces.cli import main
from bridgelaw.faces.offline.runtime import digest

RULED: dict = {}  # (knowledge digest, incident) -> its ruling, over the module's comparisons
SHIPPED: dict = {}  # the shipped knowledge's digest -> the session's remembering engine (conftest's ruled)


class Remembering(engines.Engine):
    """An engine whose rulings are kept under its knowledge's digest: a knowledge identical to one ruled before
    gives (a copy of) the ruling made then."""

    def __init__(self, knowledge, *args, **kwargs):
        super().__init__(knowledge, *args, **kwargs)
        self.digest = digest(knowledge)

    def rule(self, incident):
        if self.digest in SHIPPED:
            return copy.deepcopy(SHIPPED[self.digest].rule(incident))
        key = (self.digest, repr(incident))
        if key not in RULED:
            RULED[key] = super().rule(incident)
            return RULED[key]
        return copy.deepcopy(RULED[key])  # equal, never the same objects


@pytest.fixture(autouse=True)
def remembered(monkeypatch, knowledge, ruled):
    monkeypatch.setattr(engines, "Engine", Remembering)  # diff.compare's engines (it imports Engine when run)
    if not SHIPPED:
        SHIPPED[digest(knowledge)] = ruled


def _copy(folder: Path) -> Path:
    for part in ("knowledge", "facts", "regulations"):
        shutil.copytree(ROOT / part, folder / part)
    shutil.copytree(ROOT / "tests" / "cases", folder / "tests" / "cases")
    shutil.copytree(ROOT / "tests" / "fixtures", folder / "tests" / "fixtures")  # the incidents cases name
    return folder


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    before = _copy(tmp_path_factory.mktemp("before"))
    after = _copy(tmp_path_factory.mktemp("after"))
    law = after / "knowledge" / "law-61.yaml"
    text = law.read_text(encoding="utf-8")
    old = "      - trick_inspection: {request: quitted_trick, revoke_alleged: true}"
    assert text.count(old) == 1
    law.write_text(text.replace(old, old.replace("true", "false")), encoding="utf-8")  # 61C's one condition
    return before, after


def test_an_unchanged_copy_reports_nothing(copies, capsys, monkeypatch):
    _, after = copies  # a tree against itself (the edited copy: its rulings are the ones the next test compares)
    monkeypatch.chdir(after)  # its files shown as the shipped ones are (tests/cases/...), read alike in both tests
    assert main(["--root", str(after), "diff", str(after), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith("ruling(s) changed (against " + str(after) + ").")
    assert out.startswith("0 of ")


def test_one_condition_changed_reports_exactly_the_rulings_it_changes(copies, capsys, monkeypatch):
    """The JSON and the text of one comparison (the command's two renderings of the same report: comparing
    twice would rule every incident and case again)."""
    from bridgelaw.committee import diff
    before, after = copies
    monkeypatch.chdir(after)  # its inputs read as the shipped ones are: the original's side is the session's rulings
    compare, reports = diff.compare, []
    monkeypatch.setattr(diff, "compare", lambda *a: reports.append(compare(*a)) or reports[-1])
    assert main(["--root", str(after), "diff", str(before), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    changed = {(r["file"], r["case"]) for r in report["rulings"]}
    assert changed == {
        ("tests/cases/law-61.yaml", "C15: a revoke allegation does not let players turn quitted tricks"),
        ("tests/cases/law-66.yaml", "C11: a defender starts to turn a quitted trick over"),
    }, changed
    by_file = {r["file"]: r for r in report["rulings"]}
    assert any("[61C]" in x for x in by_file["tests/cases/law-61.yaml"]["removed"])
    assert any("[61C]" in x for x in by_file["tests/cases/law-66.yaml"]["added"])
    monkeypatch.setattr(diff, "compare", lambda *a: reports[0])
    assert main(["--root", str(after), "diff", str(before), "--lang", "en"]) == 1
    text = capsys.readouterr().out
    assert "tests/cases/law-61.yaml: case 'C15: a revoke allegation does not let players turn quitted tricks'" in text
    assert "  - [61C] not_permitted: " in text


def test_a_revision_that_is_not_one_is_a_clear_error(capsys):
    assert main(["diff", "no-such-revision-xyz"]) == 1
    assert "no-such-revision-xyz: neither a folder nor a git revision of this project" in capsys.readouterr().err
