"""Errors: one class, one shape of message.

Every mistake bridgelaw reports about a file reads
``file:line:col: breadcrumb: what was found`` then, on the following lines,
what is allowed and a suggestion ("did you mean ...?").  Loaders collect
several errors before giving up, so a committee member sees them all at once.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import re
from functools import cache

from .words import WORDS, word, words


@dataclass(frozen=True)
class Loc:
    """A place in a source file: path, 1-based line and column."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}"
        return self.file


@dataclass
class Problem:
    """One finding: where, under which breadcrumb, what, and a hint."""

    loc: Loc
    message: str
    breadcrumb: str = ""
    hint: str = ""
    severity: str = "error"  # or "warning", or "note": a consequence of an error reported elsewhere

    def render(self, lang: str = "en") -> str:
        """file:line:col: what is wrong; a warning says so (in ``lang``: `check`'s language); the hint after."""
        head = f"{self.loc}: "
        if self.severity != "error":
            head += f"{word(f'check.{self.severity}', lang) if f'check.{self.severity}' in WORDS else self.severity}: "
        if self.breadcrumb:
            head += f"{self.breadcrumb}: "
        text = head + said(self.message, lang)
        if self.hint:
            text += "\n  " + "\n  ".join(said(line, lang) for line in self.hint.split("\n"))
        return text


@cache
def _patterns() -> tuple:
    """``(regex, name)`` for each of the catalog's problem texts: its English, its {fields} any text."""
    out = []
    for name, en in words("problem", "en").items():
        parts = re.split(r"\{(\w+)\}", en)
        rx = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
        out.append((re.compile(rx), name))
    return tuple(out)


def said(text: str, lang: str) -> str:
    """A loader's English message (or hint line) in ``lang``, where the catalog has its words; as it is else."""
    if lang == "en":
        return text
    for rx, name in _patterns():
        m = rx.fullmatch(text)
        if m:
            fields = {k: v.replace("' or '", "' или '").replace("'", "«", 1).replace("'", "»", 1)
                      if k == "names" and v.startswith("'") else v for k, v in m.groupdict().items()}
            return words("problem", lang)[name].format(**fields)
    return text


class BridgelawError(Exception):
    """Raised with one or more Problems; ``str()`` renders them all."""

    def __init__(self, problems: Iterable[Problem] | Problem):
        if isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n".join(p.render() for p in self.problems))


#: Prefixes that turn a name into its opposite: an edit adding or dropping one changes the meaning.
NEGATIONS = ("non_", "non-", "not_", "not-", "no_", "no-", "un")


def _negation(name: str) -> str:
    return next((p for p in NEGATIONS if name.startswith(p) and len(name) > len(p) + 2), "")


def close_names(word: str, known: Iterable[str]) -> list[str]:
    """Every known name close to ``word``, the likeliest first: a name that keeps the word's negation
    (non_, not_, un...) before one that adds or drops it (non_offender: non_offending_side before offender),
    a completion of the word before a name that cuts it, then by similarity."""
    word = str(word)
    import difflib  # only where a name is not known: a run without a mistake never loads it
    scored = [(difflib.SequenceMatcher(None, word, k).ratio(), k) for k in set(map(str, known))]
    scored = [(r, k) for r, k in scored if r >= 0.6]
    if not scored:
        return []
    best = max(r for r, _ in scored)

    def key(item):
        r, k = item
        completes = len(k) >= len(word) and len(os.path.commonprefix([word, k])) >= max(3, len(word) - 3)
        return (_negation(k) != _negation(word), not completes, -r, k)
    return [k for r, k in sorted(scored, key=key) if r >= best - 0.15]


def suggest(word: str, known: Iterable[str], what: str = "") -> str:
    """A hint: the close known names ("did you mean ...?", see close_names), then every known name."""
    known = sorted(set(map(str, known)))
    lines = []
    close = close_names(str(word), known)
    if close:
        quoted = [f"'{k}'" for k in close]
        lines.append("did you mean " + (" or ".join(quoted) if len(quoted) < 3
                                        else ", ".join(quoted[:-1]) + " or " + quoted[-1]) + "?")
    if known:
        shown = ", ".join(known[:30]) + (", ..." if len(known) > 30 else "")
        lines.append(f"{what} has: {shown}" if what else f"allowed: {shown}")
    return "\n".join(lines)


@dataclass
class Collector:
    """Gathers Problems during a stage; ``raise_if_any`` ends the stage."""

    problems: list[Problem] = field(default_factory=list)

    def add(self, loc: Loc, message: str, breadcrumb: str = "", hint: str = "") -> None:
        self.problems.append(Problem(loc, message, breadcrumb, hint))

    def warn(self, loc: Loc, message: str, breadcrumb: str = "", hint: str = "") -> None:
        self.problems.append(Problem(loc, message, breadcrumb, hint, "warning"))

    def note(self, loc: Loc, message: str, breadcrumb: str = "") -> None:
        """A consequence of an error reported elsewhere: shown where it bites, never counted, never a hint."""
        self.problems.append(Problem(loc, message, breadcrumb, "", "note"))

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    def raise_if_any(self) -> None:
        if self.errors:
            raise BridgelawError(self.errors)


def shown_path(path: str | Path) -> str:
    """How a message names a file: relative to the current folder when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, RuntimeError, OSError):  # outside the folder; a symlink loop; a folder gone
        return str(path)
