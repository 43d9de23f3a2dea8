"""The Ruling: what the engine answers, as data, and how it reads in ru/en.

A Ruling holds the ruling elements in firing order (each with its citation,
its text in Russian and English, and HOW: the firings it rests on), every
firing (production, cite, the facts it used, what it derived) and the open
questions (unknown facts that could change the ruling, each with WHY: the
productions waiting on it), and the board's result (explain/result.py), which
``render`` puts first.  ``to_dict()`` is the JSON form, one shape for
every client (explain/ruling_json.py, with its schema); ``render(lang)`` is
the text a director reads.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..words import word


@dataclass
class FactUse:
    """A fact a firing matched: template, fact id, the slot values its patterns tested."""

    template: str
    id: str
    slots: dict
    text: dict = field(default_factory=dict)  # {ru, en}: the fact as a director reads it


@dataclass
class Firing:
    """One production firing, numbered from 1 in firing order."""

    n: int
    production: str
    cite: str
    summary: dict
    facts: list
    derived: list = field(default_factory=list)  # fact ids asserted
    rests_on: list = field(default_factory=list)  # numbers of firings that derived the facts used


@dataclass
class RulingElement:
    """One structured element of the ruling (e.g. transfer_tricks {count, from_side, to_side})."""

    kind: str
    args: dict
    cite: str
    production: str
    text: dict  # {ru, en}
    how: list  # firing numbers, the producing firing last
    about: str = ""  # the fact it is about, when the incident holds several of its kind (e.g. two revokes)
    label: dict = field(default_factory=dict)  # {ru, en}: the kind's name (facts/vocabulary/)
    options: dict | None = None  # an option's {option, chooser, choices: [{value, label, consequences}]}


@dataclass
class OpenQuestion:
    """An unknown fact that could change the ruling, and the productions waiting on it (WHY)."""

    template: str
    slot: str
    fact: str
    question: dict
    judgment: bool
    why: list  # [{production, cite, summary}]
    about: str = ""  # the fact, when the incident holds several of its kind


def choice_items(options: dict | None, lang: str) -> list[tuple[str, str]]:
    """An option's choices as (``if X is chosen``, what follows from it), as the director reads them to the chooser."""
    key = "ruling.chosen" if (options or {}).get("chosen") else "ruling.choice"
    return [(word(key, lang, label=ch["label"][lang]),
             " ".join(c["text"][lang] for c in ch["consequences"]) or word("ruling.nothing_follows", lang))
            for ch in (options or {}).get("choices", ())]


def choice_lines(options: dict | None, lang: str) -> list[str]:
    """The choices of ``choice_items`` as indented lines of the ruling's text."""
    return [f"     - {when}: {then}" for when, then in choice_items(options, lang)]


@dataclass
class Ruling:
    incident: str
    elements: list
    firings: list
    open_questions: list
    result: object = None  # the board's result (explain/result.py Result), None when the ruling settles no tricks

    def to_dict(self) -> dict:
        from .ruling_json import ruling_json
        return ruling_json(self)

    def kinds(self) -> list[str]:
        return [e.kind for e in self.elements]

    def fired(self) -> list[str]:
        return [f.production for f in self.firings]

    def render(self, lang: str = "ru", how: bool = True) -> str:
        lines = [*self.result.render(lang), ""] if self.result else []
        lines += [f"{word('ruling.ruling', lang)}: {self.incident}", ""]
        if not self.elements:
            lines.append(word("ruling.none", lang))
        for i, e in enumerate(self.elements, 1):
            about = f" ({e.about})" if e.about else ""
            lines.append(f"{i}. [{word('ruling.law', lang)} {e.cite}]{about} {e.text[lang]}")
            lines += choice_lines(e.options, lang)
        if self.open_questions:
            lines += ["", f"{word('ruling.open', lang)}:"]
            for q in self.open_questions:
                cites = ", ".join(sorted({w['cite'] for w in q.why}))
                about = f"({q.about}) " if q.about else ""
                lines.append(f"  - {about}{q.question[lang]} ({word('ruling.why', lang)} {cites})")
        if how and self.firings:
            lines += ["", f"{word('ruling.how', lang)}:"]
            for f in self.firings:
                facts = "; ".join(u.text.get(lang) or u.id for u in f.facts)
                rest = f" <- #{', #'.join(map(str, f.rests_on))}" if f.rests_on else ""
                lines.append(f"  #{f.n} {f.production} [{f.cite}] {f.summary[lang]}")
                lines.append(f"      {word('ruling.facts', lang)}: {facts}{rest}")
                if f.derived:
                    lines.append(f"      {word('ruling.derived', lang)}: {', '.join(f.derived)}")
        return "\n".join(lines)
