"""Errors: one class, one shape of message.

Every mistake bridgelaw reports about a file reads
``file:line:col: breadcrumb: what was found`` then, on the following lines,
what is allowed and a suggestion ("did you mean ...?").  Loaders collect
several errors before giving up, so a committee member sees them all at once.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable


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
    severity: str = "error"  # or "warning"

    def render(self) -> str:
        head = f"{self.loc}: "
        if self.severity == "warning":
            head += "warning: "
        if self.breadcrumb:
            head += f"{self.breadcrumb}: "
        text = head + self.message
        if self.hint:
            text += "\n  " + self.hint.replace("\n", "\n  ")
        return text


class BridgelawError(Exception):
    """Raised with one or more Problems; ``str()`` renders them all."""

    def __init__(self, problems: Iterable[Problem] | Problem):
        if isinstance(problems, Problem):
            problems = [problems]
        self.problems = list(problems)
        super().__init__("\n".join(p.render() for p in self.problems))


def suggest(word: str, known: Iterable[str], what: str = "") -> str:
    """A hint: the nearest known name ("did you mean ...?"), then every known name."""
    known = sorted(set(map(str, known)))
    lines = []
    close = difflib.get_close_matches(str(word), known, n=1, cutoff=0.6)
    if close:
        lines.append(f"did you mean '{close[0]}'?")
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
