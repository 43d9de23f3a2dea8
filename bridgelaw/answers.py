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

A value is written as in an incident file (a seat, a number, true/false, an
enum value's name), or as its label or its number in the list of answers.
``load_answers(path) -> [Entry]``; BridgelawError (file:line) on a mistake.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import Collector, Loc
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


def _scalar_or_list(v: Any) -> bool:
    return isinstance(v, (str, int, bool)) or (isinstance(v, list) and all(isinstance(x, (str, int, bool)) for x in v))


def load_answers(path: str | Path, display: str | None = None) -> list[Entry]:
    """Read and check an answers file."""
    name = display or str(path)
    data = load(path, name)
    c = Collector()
    if not isinstance(data, LocDict) or set(data) != {"answers"} or not isinstance(data["answers"], LocList):
        c.add(data.loc if isinstance(data, (LocDict, LocList)) else Loc(name, 1, 1),
              "an answers file is a mapping with one key, 'answers': a list of answers",
              hint="answers:\n  - incident: [revoke]\n  - revoke.offender: W")
        c.raise_if_any()
    out = []
    items = data["answers"]
    for i, item in enumerate(items):
        loc = items.loc_of(i)
        if isinstance(item, LocDict):
            if len(item) != 1:
                c.add(loc, f"an answer names one question, found {len(item)} keys", hint="write one '- key: value' per line")
                continue
            (key, value), = item.items()
            if not _scalar_or_list(value):
                c.add(item.loc_of(key), f"{key}: expected a value, found {value!r}")
                continue
            out.append(Entry(value, key, item.loc_of(key)))
        elif _scalar_or_list(item):
            out.append(Entry(item, None, loc))
        else:
            c.add(loc, f"expected an answer, found {item!r}")
    c.raise_if_any()
    return out
