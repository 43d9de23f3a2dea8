"""``bridgelaw check``: load everything a committee edits and report every problem.

``check_path(path, root) -> (problems, summary)``: ``path`` may be a project
folder (knowledge/, facts/, tests/cases/), a knowledge folder, or one law file
(checked against the project's vocabulary).  Loading stops at nothing: each
file's problems are collected, so one run shows them all.
"""
from __future__ import annotations

from pathlib import Path

from .errors import BridgelawError, Problem


def _rel(p: Path) -> str:
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(p)


def check_path(path: Path | None, default_root: Path) -> tuple[list[Problem], str]:
    from .knowledge import LAW_FILE, find_files, load_knowledge
    from .vocabulary import load_vocabulary

    files = None
    root = default_root
    if path is not None:
        if path.is_file():
            files = [path]
            root = next((p for p in path.resolve().parents if (p / "facts" / "vocabulary.yaml").exists()), default_root)
        elif (path / "knowledge").is_dir():
            root = path
        elif path.is_dir():
            files = sorted(p for p in path.glob("law-*.y*ml") if LAW_FILE.match(p.name))
            root = path.parent if (path.parent / "facts" / "vocabulary.yaml").exists() else default_root
        else:
            return [Problem(_loc(path), "no such file or folder")], "check"
    problems: list[Problem] = []
    vpath, _, _, law_files = find_files(root)
    try:
        vocab = load_vocabulary(vpath, _rel(vpath))
    except BridgelawError as e:
        return e.problems, "vocabulary"
    law_files = files if files is not None else law_files
    knowledge = None
    try:
        knowledge = load_knowledge(root, files=law_files, vocabulary=vocab, relative_to=Path.cwd())
    except BridgelawError as e:
        problems.extend(e.problems)
    n_cases = n_incidents = 0
    if files is None:
        from .incident import load_incident
        for inc in sorted((root / "facts" / "incidents").glob("*.y*ml")):
            n_incidents += 1
            try:
                load_incident(inc, vocab, _rel(inc))
            except BridgelawError as e:
                problems.extend(e.problems)
        from .cases import load_cases
        for cf in sorted((root / "tests" / "cases").glob("*.y*ml")):
            try:
                n_cases += len(load_cases(cf, vocab, _rel(cf)))
            except BridgelawError as e:
                problems.extend(e.problems)
        if knowledge is not None:
            from .lint import lint
            problems.extend(lint(knowledge, root))
    summary = (f"checked {len(law_files)} law file(s), {n_incidents} incident(s), {n_cases} case(s)")
    return problems, summary


def _loc(path: Path):
    from .errors import Loc
    return Loc(str(path))
