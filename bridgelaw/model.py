"""The validated model of the knowledge: what the compilers read.

Every node is frozen and carries its ``loc``.  One model, several back ends:
the experta compiler (compiler.py) and any other reads these classes only.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .errors import Loc

OPS = ("eq", "ne", "in", "not_in", "lt", "le", "gt", "ge", "known")


@dataclass(frozen=True)
class Var:
    """A variable ``$name``, optionally through an accessor (``$offender.side``)."""

    name: str
    accessor: str | None = None

    def __str__(self) -> str:
        return f"${self.name}" + (f".{self.accessor}" if self.accessor else "")


@dataclass(frozen=True)
class Expr:
    """Whole-number arithmetic: ``plus`` adds its operands, ``minus`` takes the rest from the first.

    Operands are ints, Vars (of int slots) or Exprs.  Used where a value is given (element
    arguments, derived slots) or compared (``at_most: {minus: [$r, $c]}``); it never names a value.
    """

    op: str  # plus | minus
    operands: tuple

    def __str__(self) -> str:
        return "{" + f"{self.op}: [" + ", ".join(map(str, self.operands)) + "]}"


@dataclass(frozen=True)
class Test:
    """One slot test: ``op`` in OPS; ``value`` a canonical literal, a tuple (in/not_in), a Var or an Expr."""

    slot: str
    op: str
    value: Any
    loc: Loc


@dataclass(frozen=True)
class Pattern:
    """A pattern over one template; ``negated`` for 'no such fact'."""

    template: str
    tests: tuple
    negated: bool
    loc: Loc

    def binds(self) -> dict:
        """Variables first bound here: name -> slot (only eq tests with a plain Var)."""
        return {t.value.name: t.slot for t in self.tests
                if t.op == "eq" and isinstance(t.value, Var) and t.value.accessor is None}


@dataclass(frozen=True)
class Element:
    """A ruling element the production gives: kind, args (name -> literal|Var), own text."""

    kind: str
    args: tuple  # ((name, value), ...)
    text: dict | None
    loc: Loc


@dataclass(frozen=True)
class Derive:
    """A derived fact the production asserts for other productions."""

    template: str
    slots: tuple  # ((name, value), ...)
    loc: Loc


@dataclass(frozen=True)
class Production:
    """One production: cite, summaries, conditions, ruling elements, derived facts, precedence."""

    id: str
    cite: str
    law: int
    summary: dict
    when: tuple
    then: tuple
    derive: tuple
    overrides: tuple  # production ids this one overrides (resolved)
    loc: Loc
    file: str
    order: int = 0  # canonical order: by citation, then id
    salience: int = 0
    note: dict | None = None
    see: tuple = ()
    overrides_loc: Loc | None = None

    @property
    def subject(self) -> Pattern:
        """The first pattern: overrides are scoped to the fact it matches."""
        return self.when[0]


@dataclass(frozen=True)
class LeftOut:
    """Why a law file deliberately leaves a unit out: a reason from the closed list
    (read/citations.py, REASONS) and, optionally, a note {ru, en} with the specifics."""

    reason: str
    note: dict | None = None


@dataclass(frozen=True)
class LawFile:
    """The header of one knowledge file."""

    law: int
    title: dict
    file: str
    note: dict | None = None
    left_out: dict = field(default_factory=dict)  # cite -> LeftOut: units deliberately not encoded, and why


@dataclass(frozen=True)
class Knowledge:
    """Everything the engine runs: the vocabulary, the productions (canonical order), the law headers."""

    vocabulary: Any
    productions: tuple
    laws: dict = field(default_factory=dict)  # law number -> LawFile
    index: Any = None  # the table of the 2017 laws (LawsIndex)
    irregularities: Any = None  # what a director can name, encoded or not (read/irregularities.py)

    def production(self, pid: str) -> Production:
        for p in self.productions:
            if p.id == pid:
                return p
        raise KeyError(pid)
