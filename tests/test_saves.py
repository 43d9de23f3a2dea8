"""Saves that never destroy: every file is written whole or not at all (bridgelaw/read/files.py).

`ask --save` checks its target before the first question (exit 2), and a write
that fails after the interview leaves the old file as it was and prints the
facts instead.  The failure is a file-size limit (RLIMIT_FSIZE, set in the
child process: no mount rights needed), as on a full disk.
"""
from __future__ import annotations

import resource
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaw.faces.cli import main
from bridgelaw.read.files import write_atomic

ROOT = Path(__file__).resolve().parent.parent
ANSWERS = ROOT / "tests" / "answers" / "defective-trick-two-cards.yaml"
OLD = "source: the director's first note\nfacts:\n  deal: {declarer: S}\n"


def _limited(limit: int):
    def set_limit():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return set_limit


def test_a_failed_save_leaves_the_old_file_and_prints_the_facts(tmp_path):
    target = tmp_path / "c08.yaml"
    target.write_text(OLD, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "bridgelaw.faces.cli", "ask", "--lang", "en", "--answers",
                           str(ANSWERS), "--save", str(target), "--force"],
                          capture_output=True, text=True, timeout=120, preexec_fn=_limited(len(OLD) + 10),
                          stdin=subprocess.DEVNULL, env={"BRIDGELAW_CACHE": "off", "PATH": "", "PYTHONPATH": str(ROOT),
                                                         "PYTHONDONTWRITEBYTECODE": "1"})  # (a .pyc cut short)
    assert done.returncode == 1, done.stderr
    assert target.read_text(encoding="utf-8") == OLD  # intact, not truncated
    assert [p.name for p in tmp_path.iterdir()] == ["c08.yaml"]  # no temporary file left behind
    assert "c08.yaml: not saved (File too large); the established facts are printed above" in done.stderr
    facts = done.stdout[done.stdout.index("\nsource: bridgelaw ask"):]
    assert "defective_trick:\n  - {offender: E, trick: 5, fault: too_many_cards" in facts


def test_a_save_without_the_limit_replaces_the_file(tmp_path, capsys):
    target = tmp_path / "c08.yaml"
    target.write_text(OLD, encoding="utf-8")
    assert main(["ask", "--lang", "en", "--answers", str(ANSWERS), "--save", str(target), "--force"]) == 0
    assert "source: bridgelaw ask" in target.read_text(encoding="utf-8")
    assert "\nreplaced " in capsys.readouterr().out


@pytest.mark.parametrize("where, why, lang", [
    ("missing/c08.yaml", "cannot save there: its folder {d}/missing does not exist", "en"),
    ("folder", "cannot save there: is a folder, not a file", "en"),
    ("plain/c08.yaml", "cannot save there: {d}/plain is not a folder", "en"),
    ("missing/c08.yaml", "сохранить туда нельзя: папки {d}/missing нет", "ru"),
    ("folder", "сохранить туда нельзя: это папка, а не файл", "ru"),
    ("plain/c08.yaml", "сохранить туда нельзя: {d}/plain — не папка", "ru"),
])
def test_ask_refuses_a_target_it_cannot_write_before_asking_anything(where, why, lang, tmp_path, capsys):
    """Said in the interview's language (Russian by default), before any question."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "plain").write_text("x", encoding="utf-8")
    assert main(["ask", "--lang", lang, "--answers", str(ANSWERS), "--save", str(tmp_path / where)]) == 2
    out, err = capsys.readouterr()
    assert out == ""  # not one question asked
    assert err == f"{tmp_path / where}: {why.format(d=tmp_path)}\n"


def test_write_atomic_keeps_the_mode_and_leaves_nothing_on_failure(tmp_path, monkeypatch):
    target = tmp_path / "f.txt"
    target.write_text("old", encoding="utf-8")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text(encoding="utf-8") == "new" and target.stat().st_mode & 0o777 == 0o640

    def broken(path, target_path):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        write_atomic(target, b"newer")
    assert target.read_text(encoding="utf-8") == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["f.txt"]
