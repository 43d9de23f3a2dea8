"""Load and validate the knowledge: knowledge/law-NN.yaml against the vocabulary.

Shape: ``load_knowledge(root) -> Knowledge`` where ``root`` holds knowledge/
and facts/vocabulary/ (``find_files``).  Every mistake is collected and raised together as
BridgelawError, each ``file:line:col: production ID: what`` with a suggestion.
Each production is read by productions.py; after validation, productions are put in canonical order (by citation, then
id: independent of file names and positions) and given a salience by
stratification (precedence.py).
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from .citations import LawsIndex, covers, load_index, sort_key
from ..errors import BridgelawError, Collector, Loc, Problem
from ..model import Knowledge, LawFile, LeftOut, NotLoaded, Production
from .schemas import validate
from .slots import Vocabulary
from .vocabulary import load_vocabulary, vocabulary_path
from .yamlsafe import LocDict, load

LAW_FILE = re.compile(r"^law-(\d{1,2})\.ya?ml$")


def _left_out(data: LocDict, law: int, index: LawsIndex | None, c: Collector) -> dict:
    """The file's ``left_out`` (cite -> LeftOut), each cite checked: it exists and belongs to this law
    (the schema has checked that each reason is one of REASONS)."""
    raw = data.get("left_out") or {}
    out = {}
    for cite, why in raw.items():
        cite = str(cite)
        problem = index.check(cite) if index else None
        if problem:
            c.add(raw.key_loc(cite), f"left_out: {problem}", f"law {law}")
            continue
        if not covers(str(law), cite):
            c.add(raw.key_loc(cite), f"left_out: {cite} is not a part of Law {law}, which this file encodes",
                  f"law {law}", "list here only sections of this file's law")
            continue
        out[cite] = LeftOut(why["reason"], why.get("note"))
    return out


def _check_left_out(laws: dict, prods: list, raw: dict, c: Collector) -> None:
    """A section cannot be both left out and encoded: a production citing (part of) it is an error."""
    for law, lf in laws.items():
        for cite in lf.left_out:
            for p in prods:
                if p.law == law and (covers(cite, p.cite) or covers(p.cite, cite)):
                    c.add(raw[law].key_loc(cite), f"{cite} is listed as left out, but production {p.id}"
                          f" ({p.file}:{p.loc.line}) cites {p.cite}", f"law {law}",
                          "remove it from left_out, or list only the parts no production encodes")


def find_files(root: Path) -> tuple[Path, Path, Path, list[Path]]:
    """Vocabulary, laws index, knowledge dir and law files under a project root."""
    kdir = root / "knowledge"
    return vocabulary_path(root), kdir / "laws.yaml", kdir, sorted(
        (p for p in kdir.glob("law-*.y*ml") if LAW_FILE.match(p.name)), key=lambda p: int(LAW_FILE.match(p.name)[1]))


def load_knowledge(root: str | Path, files: list[Path] | None = None, vocabulary: Vocabulary | None = None,
                   relative_to: Path | None = None, collector: Collector | None = None) -> Knowledge:
    """Load, validate and order the knowledge under ``root``.

    ``files`` restricts the law files read (default: every knowledge/law-NN.yaml).
    Raises BridgelawError listing every problem found, each with file:line.
    With a ``collector`` the problems go there instead and the Knowledge holds
    only the productions without errors (``bridgelaw check`` lints the rest).
    """
    from . import choices  # the readers of the law files: a run finding the knowledge cached needs none of them
    from .precedence import resolve_overrides, stratify
    from .productions import KnowledgeLoader
    root = Path(root)
    vpath, ipath, kdir, law_files = find_files(root)
    if files is not None:
        law_files = files
    rel = relative_to or root

    def show(p: Path) -> str:
        try:
            return str(p.resolve().relative_to(rel.resolve()))
        except ValueError:
            return str(p)

    check_root(root, show)

    c = collector if collector is not None else Collector()
    vocab = vocabulary or load_vocabulary(vpath, show(vpath))
    index = load_index(ipath, show(ipath)) if ipath.exists() else None
    loader = KnowledgeLoader(vocab, index, c)
    prods: list[Production] = []
    laws: dict[int, LawFile] = {}
    raw_left_out: dict[int, LocDict] = {}
    seen_ids: dict[str, Loc] = {}
    broken: dict[str, str] = {}  # id -> cite of each production with errors
    broken_laws: set[int] = set()  # laws whose file did not load
    for path in law_files:
        name = show(path)
        m = LAW_FILE.match(path.name)
        try:
            data = load(path, name)
        except BridgelawError as e:
            c.problems.extend(e.problems)
            broken_laws.update([int(m[1])] if m else [])
            continue
        if not isinstance(data, LocDict):
            c.add(Loc(name, 1, 1), "a knowledge file is a mapping: law, title, productions")
            broken_laws.update([int(m[1])] if m else [])
            continue
        problems = validate("knowledge", data, name)
        if problems:
            c.problems.extend(problems)
            broken_laws.update([int(m[1])] if m else [])
            continue
        law = data["law"]
        if m and int(m[1]) != law:
            c.add(data.loc_of("law"), f"this file is {path.name} but says law {law}",
                  hint=f"a file's name is its law: rename it law-{law}.yaml or fix 'law'")
        if law in laws:
            c.add(data.loc_of("law"), f"Law {law} is already encoded in {laws[law].file}")
        if "left_out" in data:
            raw_left_out[law] = data["left_out"]
        laws[law] = LawFile(law, data["title"], name, data.get("note"), _left_out(data, law, index, c))
        for raw in data["productions"]:
            pid = raw["id"]
            if pid in seen_ids:
                c.add(raw.loc_of("id"), f"duplicate production id '{pid}'", f"production {pid}",
                      f"first defined at {seen_ids[pid]}; ids are unique and never reused")
                continue
            seen_ids[pid] = raw.loc_of("id")
            before = len(c.errors)
            p = loader.production(raw, law, name)
            if p is not None and len(c.errors) == before:
                prods.append(p)
            else:
                broken[pid] = raw["cite"]
    _check_left_out(laws, prods, raw_left_out, c)
    prods = choices.expand(prods, vocab, c)
    if collector is None:
        c.raise_if_any()
    not_loaded = NotLoaded(broken, frozenset(broken_laws))
    prods = resolve_overrides(prods, c, not_loaded)
    prods.sort(key=lambda p: (sort_key(p.cite), p.id))
    prods = [replace(p, order=i) for i, p in enumerate(prods)]
    prods = stratify(prods, c)
    if collector is None:
        c.raise_if_any()
    return Knowledge(vocabulary=vocab, productions=tuple(prods), laws=laws, index=index, not_loaded=not_loaded)


def check_root(root: Path, show=str) -> None:
    """BridgelawError unless ``root`` holds what every ruling rests on: knowledge/ and its table
    of the laws (each citation is checked against it) and the vocabulary (facts/vocabulary/)."""
    vpath, ipath, kdir, _ = find_files(root)
    hint = "a project root holds knowledge/ (law-NN.yaml and laws.yaml) and facts/vocabulary/; check --root"
    if not root.is_dir():
        raise BridgelawError(Problem(Loc(str(root)), "no such folder", hint=hint))
    missing = [(p, what) for p, what, there in (
        (kdir, "no knowledge/ folder: there are no productions to rule with", kdir.is_dir()),
        (ipath, "no such file: the table of the laws, which every citation is checked against", ipath.is_file()),
        (vpath, "no such file or folder: the vocabulary, which every fact is checked against", vpath.exists()),
    ) if not there]
    if missing:
        raise BridgelawError([Problem(Loc(show(p)), what, hint=hint) for p, what in missing])


def find_root(path: Path | None, default: Path) -> Path:
    """The project folder (holding facts/vocabulary/ and knowledge/) that ``path`` lies in, else ``default``."""
    if path is None:
        return default
    path = Path(path).resolve()
    for p in [path] + list(path.parents):
        if vocabulary_path(p).exists() and (p / "knowledge").is_dir():
            return p
    return default
