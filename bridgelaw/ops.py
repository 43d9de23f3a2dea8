"""The meaning of every slot test, defined once: a table from operator to meaning.

Shape: ``OPS[name] -> Op`` for each operator the model holds (``Test.op``),
``WRITTEN[word] -> Op`` for the word a committee writes (``less: 5`` is
``lt``).  An Op gives its operand's kind (a value, a list, or true/false),
its meaning on known values (``test(x, y)``), its CLIPS predicate and field
constraint, whether it compares numbers only (and the bounds it sets), and
its words in the committee's messages.  ``compare(op, x, y)`` adds the one
rule every reader shares: unknown (None) never passes a test except
``known``.  ``resolve(value, bindings)`` gives an operand's value (a literal,
a Var through its accessor, arithmetic, a tuple of them); ``ARITHMETIC``
says what ``plus`` and ``minus`` mean.

The loader (read/productions.py), the experta compiler, the CLIPS back end,
the lint and WHY all read this table: no other module tells operators apart
by name.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Any, Callable

from . import values as V
from .model import Expr, Var, has_var  # noqa: F401  (has_var: defined beside the operands)

INF = float("inf")


@dataclass(frozen=True)
class Op:
    """One slot test operator; see the module docstring."""

    name: str  # as the model holds it (Test.op)
    written: str  # as a committee writes it in a condition
    operand: str  # "value", "list" (a tuple of values), "values" (a value or a list: a tuple) or "bool" (true/false)
    test: Callable[[Any, Any], bool]  # x passes ``op y``, both known
    clips: str  # the CLIPS predicate over {x} and {y}, both known
    constraint: Callable | None  # (literal operand, lit) -> the CLIPS field constraint, or None: use ``clips``
    words: str  # in the committee's messages: "trick_number is at most 3"
    numeric: bool = False  # compares whole numbers: only an int slot
    bounds: Callable | None = None  # literal operand -> (lowest, highest) whole number passing
    sees_unknown: bool = False  # the one test an unknown value can pass
    several: bool = False  # tests a `several` slot (its value a tuple): only these, and ``known``, may
    # CLIPS, for a `several` slot (a multislot, unknown the one field nil): (multifield var, literal tuple, lit) -> predicate
    clips_several: Callable | None = None

    def prepare(self, value):
        """The literal operand in the form ``test`` reads fastest (a set for a list)."""
        return frozenset(value) if self.operand in ("list", "values") else value


_TABLE = (
    Op("eq", "is", "value", operator.eq, "(eq {x} {y})", lambda v, lit: lit(v), "is"),
    Op("ne", "not", "value", operator.ne, "(neq {x} {y})", lambda v, lit: f"~nil&~{lit(v)}", "is not"),
    Op("in", "in", "list", lambda x, y: x in y, "(member$ {x} {y})",
       lambda v, lit: "|".join(map(lit, v)) or None, "is one of"),
    Op("not_in", "not_in", "list", lambda x, y: x not in y, "(not (member$ {x} {y}))",
       lambda v, lit: "&".join(["~nil"] + [f"~{lit(x)}" for x in v]), "is none of"),
    Op("lt", "less", "value", operator.lt, "(< {x} {y})", None, "is less than", True, lambda v: (-INF, v - 1)),
    Op("le", "at_most", "value", operator.le, "(<= {x} {y})", None, "is at most", True, lambda v: (-INF, v)),
    Op("gt", "greater", "value", operator.gt, "(> {x} {y})", None, "is greater than", True, lambda v: (v + 1, INF)),
    Op("ge", "at_least", "value", operator.ge, "(>= {x} {y})", None, "is at least", True, lambda v: (v, INF)),
    Op("known", "known", "bool", lambda x, y: (x is not None) == y, "(eq (neq {x} nil) {y})",
       lambda v, lit: "~nil" if v else "nil", "known is", sees_unknown=True),
    # a `several` slot (a tuple of values) holds one of the operand's values / none of them
    Op("contains", "contains", "values", lambda x, y: any(a in x for a in y), "", None, "contains one of", several=True,
       clips_several=lambda x, v, lit: " ".join(["(or"] * (len(v) > 1) + [f"(member$ {lit(a)} {x})" for a in v])
       + ")" * (len(v) > 1)),
    Op("not_contains", "not_contains", "values", lambda x, y: not any(a in x for a in y), "", None, "contains none of",
       several=True, clips_several=lambda x, v, lit: f"(and (not (member$ nil {x}))"
       + "".join(f" (not (member$ {lit(a)} {x}))" for a in v) + ")"),
    # a choice fact's `of` (read/choices.py): the fact the choice answers, or any when it does not say
    Op("answers", "unknown_or", "value", lambda x, y: x is None or x == y, "(or (eq {x} nil) (eq {x} {y}))",
       lambda v, lit: f"nil|{lit(v)}", "is not said or is", sees_unknown=True),
)
OPS: dict[str, Op] = {o.name: o for o in _TABLE}
# ``known`` on a `several` slot in CLIPS: known is any multifield but the one field nil
KNOWN_SEVERAL = lambda x, v, lit: f"(not (member$ nil {x}))" if v else f"(member$ nil {x})"  # noqa: E731
WRITTEN: dict[str, Op] = {o.written: o for o in _TABLE}


def compare(op: str, x, y) -> bool:
    """Whether slot value ``x`` passes ``op y`` (both resolved); unknown never passes but ``known``."""
    o = OPS[op]
    if o.sees_unknown:
        return o.test(x, y)
    return x is not None and y is not None and o.test(x, y)


def predicate(op: str, value) -> Callable[[Any], bool]:
    """``compare`` with a fixed literal operand, as a one-argument function (for the matcher)."""
    o = OPS[op]
    test, v = o.test, o.prepare(value)
    if o.sees_unknown:
        return lambda x: test(x, v)
    return lambda x: x is not None and test(x, v)


# -- operands -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Arithmetic:
    """``plus`` or ``minus`` over whole numbers: its meaning and its CLIPS function."""

    name: str
    fold: Callable[[list], int]
    clips: str


ARITHMETIC: dict[str, Arithmetic] = {
    "plus": Arithmetic("plus", sum, "+"),
    "minus": Arithmetic("minus", lambda vs: vs[0] - sum(vs[1:]), "-"),
}


def variables(value) -> list:
    """The Vars in a value: a Var, a tuple of values, or an Expr (searched through)."""
    if isinstance(value, Var):
        return [value]
    if isinstance(value, Expr):
        return [v for x in value.operands for v in variables(x)]
    if isinstance(value, tuple):
        return [v for x in value for v in variables(x)]
    return []


def evaluate(op: str, values: list):
    """``plus``/``minus`` over resolved operands; None (unknown) if any operand is unknown."""
    if any(v is None for v in values):
        return None
    return ARITHMETIC[op].fold(values)


def resolve(value, bindings: dict):
    """The value of a literal, a Var (with its accessor), an Expr or a tuple of them under ``bindings``."""
    if isinstance(value, tuple):
        return tuple(resolve(v, bindings) for v in value)
    if isinstance(value, Expr):
        return evaluate(value.op, [resolve(v, bindings) for v in value.operands])
    if isinstance(value, Var):
        v = bindings.get(value.name)
        if v is None or value.accessor is None:
            return v
        return V.ACCESSORS[value.accessor][2](v)
    return value
