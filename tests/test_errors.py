"""Bad input gets a clear error: each snippet in tests/errors/ is checked for its exact messages.

A snippet's header says where it goes (``# file: knowledge/law-64.yaml``) and the lines
`bridgelaw check` must print (``# error: ...``), file:line:col and suggestion included.
The snippet is put into a copy of the project; the snippet's own file is never changed.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bridgelaw.faces import cli

ROOT = Path(__file__).resolve().parent.parent
SNIPPETS = sorted((ROOT / "tests" / "errors").glob("*.yaml"))


def _header(text: str):
    target, expected = None, []
    for line in text.splitlines():
        if line.startswith("# file: "):
            target = line[len("# file: "):].strip()
        elif line.startswith("# error: "):
            expected.append(line[len("# error: "):])
    return target, expected


def _project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "facts", tmp_path / "facts", ignore=shutil.ignore_patterns("incidents"))
    (tmp_path / "facts" / "incidents").mkdir()
    (tmp_path / "knowledge").mkdir()
    shutil.copy(ROOT / "knowledge" / "laws.yaml", tmp_path / "knowledge" / "laws.yaml")
    return tmp_path


@pytest.mark.parametrize("snippet", SNIPPETS, ids=[s.stem for s in SNIPPETS])
def test_snippet_reports_exact_errors(snippet, tmp_path, monkeypatch, capsys):
    text = snippet.read_text(encoding="utf-8")
    target, expected = _header(text)
    assert target and expected, f"{snippet.name}: header needs '# file:' and '# error:' lines"
    root = _project(tmp_path)
    # the header lines are part of the file, so line numbers in messages count them
    (root / target).write_text(text, encoding="utf-8")
    before = snippet.read_text(encoding="utf-8")
    monkeypatch.chdir(root)
    code = cli.main(["--root", str(root), "check", "--lang", "en"])
    out = capsys.readouterr()
    printed = (out.out + out.err).splitlines()
    assert code == 1
    for line in expected:
        assert line in printed, f"missing: {line!r}\nprinted:\n" + "\n".join(printed)
    assert "Traceback" not in out.out + out.err
    assert snippet.read_text(encoding="utf-8") == before


def test_rule_on_a_bad_incident_exits_1_without_traceback(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("source: x\nfacts:\n  revoke: {offender: Q}\n", encoding="utf-8")
    before = bad.read_bytes()
    assert cli.main(["rule", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml:3:22: facts: revoke.offender: неизвестное значение «Q»" in err  # Russian by default
    assert "Traceback" not in err
    assert cli.main(["rule", str(bad), "--lang", "en"]) == 1
    assert "bad.yaml:3:22: facts: revoke.offender: unknown value 'Q'" in capsys.readouterr().err
    assert bad.read_bytes() == before


def test_rule_on_a_missing_file(tmp_path, capsys):
    assert cli.main(["rule", str(tmp_path / "nope.yaml")]) == 1
    assert "nope.yaml: файл не найден" in capsys.readouterr().err
    assert cli.main(["rule", str(tmp_path / "nope.yaml"), "--lang", "en"]) == 1
    assert "nope.yaml: no such file" in capsys.readouterr().err
