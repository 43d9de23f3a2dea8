"""The answers file: an interview written down, which ``bridgelaw ask --answers`` replays.

Shape::

    answers:
      - incident: [defective_trick]    # keyed: the question asked must be this one
      - deal.declarer: S               # a slot of the deal context
      - defective_trick.offender: W    # template.slot (the first fact of it) or fact id.slot
      - why                            # show the laws waiting on the current question
      - back                           # take back the last answer
      - omitted_card                   # bare: answers whatever is asked
      - "?"                            # not known

or, whatever the order the questions come in, a mapping from question to answer::

    answers:
      incident: [defective_trick]
      deal.declarer: S
      defective_trick.offender: E
      exists:defective_trick: false      # a list answers a question asked several times, in turn

A value is written as in an incident file (a seat, a number, true/false, an
enum value's name), or as its label or its number in the list of answers.
``load_answers(path) -> Answers``; BridgelawError (file:line) on a mistake.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import Collector, Loc
from ..values import shown
from .yamlsafe import LocDict, LocList, load

COMMANDS = ("why", "back")


@dataclass(frozen=True)
class Entry:
    """One line of the answers file: a command, or a value (for the question ``key``, if given)."""

    value: Any
    key: str | None
    loc: Loc

    @property
    def command(self) -> str | None:
        return self.value if self.key is None and self.value in COMMANDS else None


@dataclass
class Answers:
    """The entries of an answers file; ``by_key`` when it is a mapping (question -> answer)."""

    entries: list
    by_key: bool = False


def _scalar_or_list(v: Any) -> bool:
    return isinstance(v, (str, int, bool)) or (isinstance(v, list) and all(isinstance(x, (str, int, bool)) for x in v))


def load_answers(path: str | Path, display: str | None = None) -> Answers:
    """Read and check an answers file."""
    name = display or str(path)
    data = load(path, name)
    c = Collector()
    if not isinstance(data, LocDict) or set(data) != {"answers"} or not isinstance(data["answers"], (LocList, LocDict)):
        c.add(data.loc if isinstance(data, (LocDict, LocList)) else Loc(name, 1, 1),
              "an answers file is a mapping with one key, 'answers': a list of answers, or question: answer pairs",
              hint="answers:\n  - incident: [revoke]\n  - revoke.offender: W")
        c.raise_if_any()
    items = data["answers"]
    if isinstance(items, LocDict):
        out = []
        for key, value in items.items():
            if not _scalar_or_list(value):
                c.add(items.loc_of(key), f"{key}: expected a value, found {shown(value)}")
            out.append(Entry(value, key, items.loc_of(key)))
        c.raise_if_any()
        return Answers(out, by_key=True)
    out = []
    for i, item in enumerate(items):
        loc = items.loc_of(i)
        if isinstance(item, LocDict):
            if len(item) != 1:
                c.add(loc, f"an answer names one question, found {len(item)} keys", hint="write one '- key: value' per line")
                continue
            (key, value), = item.items()
            if not _scalar_or_list(value):
                c.add(item.loc_of(key), f"{key}: expected a value, found {shown(value)}")
                continue
            out.append(Entry(value, key, item.loc_of(key)))
        elif _scalar_or_list(item):
            out.append(Entry(item, None, loc))
        else:
            c.add(loc, f"expected an answer, found {shown(item)}")
    c.raise_if_any()
    return Answers(out)
