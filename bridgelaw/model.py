"""The validated model of the knowledge: what the compilers read.

Every node is frozen and carries its ``loc``.  One model, several back ends:
the experta compiler (compiler.py) and any other reads these classes only.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from .errors import Loc

CHOICE = "choice"  # the template of a choice made (option, chooser, chosen): read/choices.py


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


def has_var(value) -> bool:
    """Whether an operand depends on variables (a Var, arithmetic, or a tuple holding a Var)."""
    return isinstance(value, (Var, Expr)) or (isinstance(value, tuple) and any(isinstance(v, Var) for v in value))


@dataclass(frozen=True)
class Test:
    """One slot test: ``op`` names an operator of ops.OPS; ``value`` a canonical literal, a tuple (in/not_in), a Var or an Expr."""

    slot: str
    op: str
    value: Any
    loc: Loc

    @cached_property
    def names(self) -> str | None:
        """The variable this test names (``slot: $var``, equal to a plain variable), else None."""
        if self.op == "eq" and isinstance(self.value, Var) and self.value.accessor is None:
            return self.value.name
        return None

    @cached_property
    def depends(self) -> bool:
        """Whether the value depends on variables (``has_var``): a literal needs no resolving."""
        return has_var(self.value)


@dataclass(frozen=True)
class Pattern:
    """A pattern over one template; ``negated`` for 'no such fact'."""

    template: str
    tests: tuple
    negated: bool
    loc: Loc

    def binds(self) -> dict:
        """Variables first bound here: name -> slot (only eq tests with a plain Var)."""
        return {t.names: t.slot for t in self.tests if t.names}


@dataclass(frozen=True)
class Choice:
    """One choice of an option element (read/choices.py): its name (a value of ``choice.chosen``)
    and what follows when it is made: ruling elements and derived facts."""

    name: str
    then: tuple  # Elements
    derive: tuple  # Derives
    loc: Loc
    cite: str | None = None  # its own subsection, if not the offering production's


@dataclass(frozen=True)
class Element:
    """A ruling element the production gives: kind, args (name -> literal|Var), own text;
    an option element may name its option (a value of ``choice.option``) and list its Choices."""

    kind: str
    args: tuple  # ((name, value), ...)
    text: dict | None
    loc: Loc
    option: str | None = None
    choices: tuple = ()  # Choices


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
    chain_ends: dict | None = None  # {ru, en}: why its cycle of derived facts ends (the committee's word; lint.cycles)
    names_value: dict | None = None  # {ru, en}: why it tests a card, call or text only its words use (committee/printed.py)
    see: tuple = ()
    overrides_loc: Loc | None = None
    choice_of: str | None = None  # for a production a choice gives (read/choices.py): the production offering it
    waiting: dict | None = None  # {ru, en}: such a production's summary while the choice is still to be made
    in_force: str | None = None  # an amendment's day (YYYY-MM-DD): in force from it
    until: str | None = None  # a replaced text: in force until the day before it
    amendment: dict | None = None  # {ru, en}: what the amendment changed

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
class NotLoaded:
    """What a load with errors left out (``bridgelaw check`` goes on with the rest): the productions
    with errors (id -> cite) and the laws whose file did not load at all.  A name in another file
    that points here is a consequence of an error already reported, not a mistake of its own."""

    productions: dict = field(default_factory=dict)
    laws: frozenset = frozenset()

    def names(self, ref: str) -> bool:
        """Whether ``ref`` (a production id, or an override's law or subsection) may name what did not load."""
        from .read.citations import covers
        ref = str(ref)
        law = re.match(r"\d+", ref)
        return (ref in self.productions or bool(law and int(law[0]) in self.laws)
                or any(covers(ref, cite) for cite in self.productions.values()))


@dataclass(frozen=True)
class Memos:
    """What ruling remembers per vocabulary at most, each memo emptied when full: the ways open questions and the
    interview find (explain/why.py) and the texts of ruling elements and HOW lines (run/record.py).  A process ruling
    a batch keeps the defaults; a server, whose wandering sessions fill them long after its first minute, fewer
    (faces/web/session.py).  Carried by the Knowledge, so its parts (``only``) carry the same."""

    ways: int = 20_000
    texts: int = 20_000


def remembered(holder, name: str, key, make, limit: int):
    """``make()``, remembered in ``holder``'s memo ``name`` (a vocabulary's or a knowledge's) under ``key``: made
    once for the same key, the memo emptied when it holds ``limit`` (Memos).  What it gives is shared: a caller that
    hands it on to be changed copies it."""
    memo = holder.__dict__.setdefault(name, {})
    got = memo.get(key)
    if got is None:
        if len(memo) >= limit:
            memo.clear()
        got = memo[key] = make()
    return got


@dataclass(frozen=True)
class Knowledge:
    """Everything the engine runs: the vocabulary, the productions (canonical order), the law headers.

    The indexes every client reads (``by_id``, ``overridden_by``, ``overriders``,
    ``derivers``, ``testers``) are built here once, on first use, from the
    productions this Knowledge holds (``only`` restricts it to some of them,
    with indexes of its own); they are pickled with it or built again lazily.
    """

    vocabulary: Any
    productions: tuple
    laws: dict = field(default_factory=dict)  # law number -> LawFile
    index: Any = None  # the table of the 2017 laws (LawsIndex)
    irregularities: Any = None  # what a director can name, encoded or not (read/irregularities.py)
    regulations: Any = None  # name -> Regulations: the Regulating Authorities' elections (read/regulations.py)
    scoring: Any = None  # Laws 77-78 as data (read/scoring.py) where no files can be read (the offline page)
    not_loaded: NotLoaded = field(default_factory=lambda: NotLoaded())  # what a load with errors left out
    memos: Memos = field(default_factory=Memos)  # what ruling remembers at most

    def production(self, pid: str) -> Production:
        """The production with id ``pid`` (KeyError if there is none)."""
        return self.by_id[pid]

    def only(self, productions) -> "Knowledge":
        """The same knowledge holding only ``productions`` (in the order given)."""
        return replace(self, productions=tuple(productions))

    @cached_property
    def by_id(self) -> dict[str, Production]:
        """Production id -> production."""
        return {p.id: p for p in self.productions}

    @cached_property
    def overridden_by(self) -> dict[str, tuple[str, ...]]:
        """Production id -> the ids of the productions that override it, in canonical order."""
        out: dict[str, list] = {}
        for p in self.productions:
            for q in p.overrides:
                out.setdefault(q, []).append(p.id)
        return {q: tuple(ps) for q, ps in out.items()}

    @cached_property
    def overriders(self) -> frozenset[str]:
        """The ids of the productions that override some production here (they mark what they fire on)."""
        return frozenset(pid for ps in self.overridden_by.values() for pid in ps)

    @cached_property
    def derivers(self) -> dict[str, tuple[Production, ...]]:
        """Template -> the productions that derive a fact of it, in canonical order, once each."""
        return derivers_of(self.productions)

    @cached_property
    def testers(self) -> dict[str, tuple[Production, ...]]:
        """Template -> the productions whose conditions test it (or its absence), in canonical order, once each."""
        return _index(self.productions, lambda p: (pat.template for pat in p.when))

    @cached_property
    def slot_testers(self) -> dict[tuple[str, str], tuple[Production, ...]]:
        """(template, slot) -> the productions whose conditions test that slot (in a ``not`` too), in canonical
        order, once each."""
        return _index(self.productions, lambda p: ((pat.template, t.slot) for pat in p.when for t in pat.tests))


def derivers_of(productions) -> dict[str, tuple[Production, ...]]:
    """Template -> the ``productions`` that derive a fact of it, in their order, once each
    (Knowledge.derivers; the loader's stratification reads it before there is a Knowledge)."""
    return _index(productions, lambda p: (d.template for d in p.derive))


def _index(productions, keys) -> dict:
    out: dict[str, dict] = {}
    for p in productions:
        for k in keys(p):
            out.setdefault(k, {})[p.id] = p
    return {k: tuple(ps.values()) for k, ps in out.items()}
