"""``bridgelaw diff [REV | DIR]``: which rulings an edit of the knowledge changes.

Shape: ``compare(root, other) -> Report``: every shipped incident (facts/incidents/) and every YAML case
(tests/cases/) of the working tree at ``root`` is ruled twice: with the knowledge at ``root`` and with the
knowledge of ``other`` (a folder holding knowledge/ and facts/vocabulary/, or a git revision, whose
knowledge/, facts/vocabulary/, facts/irregularities.yaml and regulations/ are read with ``git archive`` into
a temporary folder: nothing in the repository is touched).  Each knowledge is loaded and compiled once.
A ruling changed when an element was added or removed (kind, citation, arguments, the fact it is about),
reworded (same element, other words), or its result line changed.  ``Report.render(lang)`` lists each
changed ruling under its file and case; ``Report.to_dict()`` is the JSON.
"""
from __future__ import annotations

import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BridgelawError, Loc, Problem
from ..words import word

# what makes the knowledge: the rest of a project (the incidents and cases ruled) is the working tree's
KNOWLEDGE_PARTS = ("knowledge", "facts/vocabulary", "facts/vocabulary.yaml", "facts/irregularities.yaml",
                   "regulations")


@dataclass
class Change:
    file: str
    case: str  # the case's name, '' for an incident
    title: str  # the incident's title (in the report's language) or name
    added: list = field(default_factory=list)  # [element line]
    removed: list = field(default_factory=list)
    reworded: list = field(default_factory=list)  # [(before, after)]
    result: tuple | None = None  # (before, after)
    error: tuple | None = None  # (before, after): an input one knowledge could not rule

    def to_dict(self) -> dict:
        return {"file": self.file, "case": self.case or None, "incident": self.title, "added": self.added,
                "removed": self.removed, "reworded": [{"before": a, "after": b} for a, b in self.reworded],
                "result": {"before": self.result[0], "after": self.result[1]} if self.result else None,
                "error": {"before": self.error[0], "after": self.error[1]} if self.error else None}


@dataclass
class Report:
    against: str
    compared: int
    changes: list

    def to_dict(self) -> dict:
        return {"against": self.against, "compared": self.compared, "changed": len(self.changes),
                "rulings": [c.to_dict() for c in self.changes]}

    def render(self, lang: str = "en") -> str:
        lines = []
        for c in self.changes:
            what = word("diff.case", lang, case=c.case) if c.case else word("diff.incident", lang, title=c.title)
            lines.append(f"{c.file}: {what}")
            lines += [f"  - {x}" for x in c.removed] + [f"  + {x}" for x in c.added]
            lines += [f"  ~ {a}\n    -> {b}" for a, b in c.reworded]
            if c.result:
                lines.append(f"  {word('diff.result', lang)}: {c.result[0] or '—'}\n    -> {c.result[1] or '—'}")
            if c.error:
                lines.append(f"  {word('diff.error', lang)}: {c.error[0] or '—'}\n    -> {c.error[1] or '—'}")
        lines.append(word("diff.summary", lang, changed=len(self.changes), n=self.compared, against=self.against))
        return "\n".join(lines)


def other_root(spec: str, root: Path, tmp: Path) -> Path:
    """The project whose knowledge is compared: ``spec`` as a folder, else as a git revision of ``root``'s
    repository, its knowledge written under ``tmp``."""
    path = Path(spec)
    if path.is_dir():
        if not (path / "knowledge").is_dir():
            raise BridgelawError(Problem(Loc(spec), "expected a project folder holding knowledge/ and facts/"))
        return path
    git = ["git", "-C", str(root)]
    found = subprocess.run(git + ["rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}"], capture_output=True,
                           text=True)
    if found.returncode != 0:
        raise BridgelawError(Problem(Loc(spec), "neither a folder nor a git revision of this project",
                                     hint="give a revision (HEAD, main, a commit) or a project folder"))
    prefix = subprocess.run(git + ["rev-parse", "--show-prefix"], capture_output=True, text=True).stdout.strip()
    listed = subprocess.run(git + ["ls-tree", "--name-only", spec, "--", *[prefix + p for p in KNOWLEDGE_PARTS]],
                            capture_output=True, text=True).stdout.split()
    archive = tmp / "knowledge.tar"
    subprocess.run(git + ["archive", "--format=tar", "-o", str(archive), spec, "--", *listed], check=True,
                   capture_output=True)
    out = tmp / "project"
    with tarfile.open(archive) as tar:
        tar.extractall(out, filter="data")
    return out / prefix if prefix else out


def _inputs(root: Path, vocab) -> dict:
    """(file, case name) -> Incident (or the BridgelawError reading it), for every incident and case under
    ``root``, read with ``vocab``."""
    from ..read.incident import load_incident
    from .testrun import load_all
    out: dict = {}
    for path in sorted((root / "facts" / "incidents").glob("*.y*ml")):
        shown = path.relative_to(root).as_posix()
        try:
            out[(shown, "")] = load_incident(path, vocab, shown)
        except BridgelawError as e:
            out[(shown, "")] = e
    cases, _ = load_all(sorted((root / "tests" / "cases").glob("*.y*ml")), vocab)
    for case in cases:
        file = Path(case.file)
        file = file.relative_to(root) if file.is_absolute() and file.is_relative_to(root) else file
        out[(file.as_posix(), case.name)] = case.incident
    return out


def _first(e: BridgelawError, lang: str) -> str:
    """An error's first line, in the report's language."""
    return e.problems[0].render(lang).splitlines()[0] if e.problems else str(e).splitlines()[0]


def _said(engine, incident, lang: str = "en") -> tuple:
    """What a ruling says: its elements (key -> words) and its result line, or the error it met."""
    if isinstance(incident, BridgelawError):
        return None, None, _first(incident, lang)
    try:
        ruling = engine.rule(incident)
    except BridgelawError as e:
        return None, None, _first(e, lang)
    elements = {}
    for e in ruling.elements:
        key = (e.kind, e.cite, e.about, repr(sorted((k, str(v)) for k, v in e.args.items() if k != "text")))
        elements[key] = f"[{e.cite}] {e.kind}: {e.text[lang]}"
    result = " ".join(ruling.result.render(lang)) if ruling.result else ""
    return elements, result, None


def compare(root: Path, spec: str, lang: str = "en") -> Report:
    """Each ruling's words and result line in ``lang``: what the report says changed."""
    from ..engine import Engine, load
    with tempfile.TemporaryDirectory(prefix="bridgelaw-diff-") as tmp:
        other = other_root(spec, root, Path(tmp))
        before_k, after_k = load(other), load(root)
        before_e, after_e = Engine(before_k), Engine(after_k)
        before_in, after_in = _inputs(root, before_k.vocabulary), _inputs(root, after_k.vocabulary)
        changes = []
        keys = sorted(set(before_in) | set(after_in))
        for key in keys:
            b_el, b_res, b_err = _said(before_e, before_in[key], lang) if key in before_in else (None, None, word("diff.unread", lang))
            a_el, a_res, a_err = _said(after_e, after_in[key], lang) if key in after_in else (None, None, word("diff.unread", lang))
            inc = after_in.get(key, before_in.get(key))
            title = ""
            if not isinstance(inc, BridgelawError):
                title = inc.titles().get(lang) or inc.titles().get("en") or inc.name
            c = Change(key[0], key[1], title)
            if b_err or a_err:
                if b_err != a_err:
                    c.error = (b_err or "", a_err or "")
            else:
                c.removed = [b_el[k] for k in b_el if k not in a_el]
                c.added = [a_el[k] for k in a_el if k not in b_el]
                c.reworded = [(b_el[k], a_el[k]) for k in b_el if k in a_el and b_el[k] != a_el[k]]
                if b_res != a_res:
                    c.result = (b_res, a_res)
            if c.added or c.removed or c.reworded or c.result or c.error:
                changes.append(c)
        shutil.rmtree(tmp, ignore_errors=True)
    return Report(spec, len(keys), changes)
