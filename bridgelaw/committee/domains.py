"""What values a slot can take, and whether slot tests can hold together: the reasoning behind the lints.

Shape: ``Producible(knowledge, dead)`` says, for each template and slot, which
values the facts of an incident or the productions' ``derive`` can give it
(``values(template, slot)``: a finite set, or ANY when it cannot be listed);
``satisfiable(tests, values)`` says whether some value passes every literal
test on one slot.  A test whose operand is a variable is assumed to hold
(the analysis is about what can *never* hold, so it errs on "possible").
"""
from __future__ import annotations

from .. import values as V
from ..ops import OPS, compare, has_var
from ..read.auction import DERIVED_WHILE_READING

ANY = None  # a domain too large to list: every test is assumed satisfiable on it
LISTED = 100_000  # the most whole numbers a domain lists (a day, 19000101..99991231, would take gigabytes)
UNKNOWN = object()  # the slot of a fact may be unknown (None)


def slot_domain(slot) -> frozenset | None:
    """Every canonical value of ``slot`` when the vocabulary lists them, else ANY."""
    t = slot.type
    if t == "enum":
        return frozenset(slot.values)
    if t == "bool":
        return frozenset((True, False))
    if t == "int" and slot.min is not None and slot.max is not None and slot.max - slot.min < LISTED:
        return frozenset(range(slot.min, slot.max + 1))
    fixed = {"seat": V.SEATS, "side": V.SIDES, "suit": V.SUITS, "strain": V.STRAINS}
    if t in fixed:
        return frozenset(fixed[t])
    return ANY


def literal_tests(pattern) -> dict:
    """slot -> the tests of ``pattern`` on it whose operands are plain values."""
    out: dict = {}
    for t in pattern.tests:
        if not has_var(t.value):
            out.setdefault(t.slot, []).append(t)
    return out


def passes(tests, x) -> bool:
    return all(compare(t.op, x, t.value) for t in tests)


def satisfiable(tests, domain) -> bool:
    """Whether some value of ``domain`` (a set that may hold None for unknown, or ANY) passes all ``tests``."""
    if domain is ANY:
        return _interval_ok(tests)
    return any(passes(tests, x) for x in domain)


def _interval_ok(tests) -> bool:
    """On an unlisted domain only number bounds and plain values can contradict each other."""
    lo, hi = float("-inf"), float("inf")
    eq = set()
    for t in tests:
        bounds = OPS[t.op].bounds
        if bounds:
            low, high = bounds(t.value)
            lo, hi = max(lo, low), min(hi, high)
        elif t.op == "eq":
            eq.add(t.value)
        elif t.op == "in" and not t.value:
            return False
    if len(eq) > 1 or lo > hi:
        return False
    if eq:
        return passes(tests, next(iter(eq)))
    return True


class Producible:
    """Which values facts of each template can have, from incidents and from live productions' ``derive``."""

    def __init__(self, knowledge, dead: set = frozenset()):
        self.vocab = knowledge.vocabulary
        self.derivers = {t: [(p, d) for p in ps if p.id not in dead for d in p.derive if d.template == t]
                         for t, ps in knowledge.derivers.items()}

    def stated(self, template: str) -> bool:
        """Whether an incident can hold facts of ``template`` with any values: stated ones, or those
        derived while reading it (read/auction.py); other derived ones only productions give."""
        return not self.vocab.templates[template].derived or template in DERIVED_WHILE_READING

    def exists(self, template: str) -> bool:
        return self.stated(template) or bool(self.derivers.get(template))

    def values(self, template: str, slot: str):
        """The set of values (None: unknown) the slot can hold, or ANY."""
        if slot == "id":
            return ANY
        s = self.vocab.templates[template].slots[slot]
        dom = slot_domain(s)
        out = set()
        if self.stated(template):
            if dom is ANY:
                return ANY
            out |= dom | {None}
        for _, d in self.derivers.get(template, []):
            given = dict(d.slots)
            if slot not in given:
                out.add(None)
            elif has_var(given[slot]):
                if dom is ANY:
                    return ANY
                out |= dom
            else:
                out.add(given[slot])
        return frozenset(out)

    def derived_values(self, template: str, slot: str) -> list:
        """The plain values productions derive for the slot (for messages)."""
        vals = []
        for _, d in self.derivers.get(template, []):
            v = dict(d.slots).get(slot)
            vals.append("unknown" if v is None else ("a variable" if has_var(v) else v))
        return sorted(set(map(str, vals)))
