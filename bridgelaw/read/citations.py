"""Citations of the 2017 Laws: parse, order, and check against the table of laws.

A citation is a law number, then optionally a section letter, a subsection
number and lettered/roman items: ``64``, ``64A``, ``64A2``, ``67B1(a)``,
``12C1(c)``, ``20F5(b)``.  ``parse`` raises ValueError; ``sort_key`` orders
citations as the law book does; ``LawsIndex`` (knowledge/laws.yaml) says which
laws and sections exist.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import BridgelawError, Loc, Problem
from .yamlsafe import load

_CITE = re.compile(r"^(?P<law>[1-9][0-9]?)(?P<sec>[A-H])?(?P<num>[1-9])?(?P<sub>[a-e])?"
                   r"(?:\((?P<item>[a-e])\))?(?:\((?P<roman>i|ii|iii|iv|v)\))?$")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5}


@dataclass(frozen=True)
class Citation:
    law: int
    section: str | None
    number: int | None
    item: str | None
    roman: str | None
    text: str

    def sort_key(self) -> tuple:
        return (self.law, self.section or "", self.number or 0, self.item or "", _ROMAN.get(self.roman or "", 0))


def parse(text: str) -> Citation:
    """Parse a citation such as ``67B1(a)``; ValueError if it is not one."""
    m = _CITE.match(str(text))
    if not m:
        raise ValueError(f"'{text}' is not a law citation (write e.g. 64A2, 67B1(a), 12C1(c))")
    item = m.group("item") or m.group("sub")
    return Citation(int(m.group("law")), m.group("sec"), int(m.group("num")) if m.group("num") else None,
                    item, m.group("roman"), str(text))


def sort_key(text: str) -> tuple:
    try:
        return parse(text).sort_key()
    except ValueError:
        return (999, str(text))


def covers(prefix: str, cite: str) -> bool:
    """Whether citation ``prefix`` (e.g. ``64A``) includes ``cite`` (e.g. ``64A2``)."""
    if cite == prefix:
        return True
    if not cite.startswith(prefix):
        return False
    nxt, last = cite[len(prefix)], prefix[-1]
    return not (nxt.isdigit() and last.isdigit()) and not (nxt.isalpha() and last.isalpha())


@dataclass(frozen=True)
class LawsIndex:
    """The table of the 2017 laws: number -> (title {ru,en}, sections {letter: title}, subsections)."""

    laws: dict

    def check(self, text: str) -> str | None:
        """None if ``text`` cites an existing law and section, else what is wrong."""
        try:
            c = parse(text)
        except ValueError as e:
            return str(e)
        law = self.laws.get(c.law)
        if law is None:
            return f"there is no Law {c.law} in the 2017 Laws (1-93)"
        if c.section and law["sections"] and c.section not in law["sections"]:
            return (f"Law {c.law} has no section {c.section} (it has {', '.join(law['sections'])})")
        subs = law.get("subsections")
        if subs and (c.number or c.item) and not any(covers(text, s) or covers(s, text) for s in subs):
            return f"{text} is not a subsection of Law {c.law} (known: {', '.join(subs)})"
        return None

    def title(self, law: int, lang: str) -> str:
        return self.laws[law]["title"][lang] if law in self.laws else f"Law {law}"


def load_index(path: str | Path, display: str | None = None) -> LawsIndex:
    """Load knowledge/laws.yaml; BridgelawError on a malformed file."""
    name = display or str(path)
    data = load(path, name)
    problems = []
    laws = {}
    if not isinstance(data, dict) or not isinstance(data.get("laws"), dict):
        raise BridgelawError(Problem(Loc(name, 1, 1), "expected a mapping 'laws: {number: {title, sections}}'"))
    for n, entry in data["laws"].items():
        if not str(n).isdigit() or not isinstance(entry, dict) or "title" not in entry:
            problems.append(Problem(data["laws"].loc_of(n), f"law {n}: expected a number with a title"))
            continue
        laws[int(n)] = {"title": entry["title"], "sections": dict(entry.get("sections") or {}),
                   "subsections": list(entry.get("subsections") or [])}
    if problems:
        raise BridgelawError(problems)
    return LawsIndex(laws)
