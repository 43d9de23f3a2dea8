"""Compile the validated model (model.py) into an experta engine class.

``compile_engine(knowledge, productions=None) -> type`` builds, with ``type()``,
one KnowledgeEngine subclass whose rules are the productions (no generated
code, no eval): one Fact subclass per template; slot tests become literal
values, ``P`` predicates or ``MATCH`` variables; joins on a variable with an
accessor or an inequality become ``TEST`` elements; ``not`` becomes ``NOT``;
``overrides`` becomes a ``NOT`` on a marker fact the overrider asserts about
the same subject fact.  Each rule's action calls ``engine.fire(production,
context)``, which the engine (engine.py) implements: the compiler decides how
productions match, the engine what a firing does.
"""
from __future__ import annotations

import inspect
from functools import reduce

from ._experta import AS, NOT, TEST, FieldConstraint, Fact, KnowledgeEngine, P, Rule, W

from ..model import Knowledge, Production
from ..ops import compare, has_var, predicate, resolve, variables
from .strategy import StableStrategy


class FiredMarker(Fact):
    """Internal: production ``production`` fired about subject fact ``subject`` (for overrides)."""


def fact_classes(vocabulary, base=Fact) -> dict:
    """One Fact subclass (of ``base``) per template (experta matches pattern classes exactly)."""
    return {name: type(f"T_{name}", (base,), {"__template__": name}) for name in vocabulary.templates}


def _known(x) -> bool:
    return x is not None


def _var(name: str) -> str:
    return f"v_{name}"


def _where(hidden: str, op: str, value):
    """A TEST element comparing hidden slot variable ``hidden`` with ``value`` (a Var or a tuple with Vars)."""
    names = [hidden] + sorted({_var(v.name) for v in variables(value)})

    def test(**kw):
        bindings = {n[2:]: kw[n] for n in names[1:]}
        return compare(op, kw[hidden], resolve(value, bindings))
    test.__signature__ = inspect.Signature(
        [inspect.Parameter(n, inspect.Parameter.KEYWORD_ONLY) for n in names])
    return TEST(test)


def _pattern(cls, tests, index: int, bound: set, wheres: list, negated: bool, subject_var: str | None):
    per_slot: dict = {}
    for k, t in enumerate(tests):
        if has_var(t.value):
            if t.names:
                # naming a value requires a known one: unknown never satisfies a test
                c = W(_var(t.names)) & P(_known)
                bound.add(t.names)
            else:  # compare through a TEST on a hidden variable
                hidden = f"h{index}_{k}"
                c = W(hidden)
                wheres.append(_where(hidden, t.op, t.value))
        elif t.op == "eq":
            c = t.value
        else:
            c = P(predicate(t.op, t.value))
        per_slot.setdefault(t.slot, []).append(c)
    if subject_var:
        per_slot.setdefault("id", []).append(W(subject_var))
    fields = {}
    for slot, cs in per_slot.items():
        if len(cs) == 1:
            fields[slot] = cs[0]
        else:  # several tests on one slot: all must hold (a literal becomes an equality predicate)
            cs = [c if isinstance(c, FieldConstraint) else P(lambda x, a=c: x == a) for c in cs]
            fields[slot] = reduce(lambda a, b: a & b, cs)
    pat = cls(**fields)
    if negated:
        return NOT(pat)
    return getattr(AS, f"f{index}") << pat


def compile_rule(prod: Production, classes: dict, overridden_by: dict):
    """The experta Rule for one production."""
    bound: set = set()
    ces = []
    wheres: list = []
    subject_var = "subj" if overridden_by.get(prod.id) else None
    for i, pat in enumerate(prod.when):
        ces.append(_pattern(classes[pat.template], pat.tests, i, bound, wheres, pat.negated,
                            subject_var if i == 0 else None))
    ces.extend(wheres)
    for q in overridden_by.get(prod.id, ()):
        ces.append(NOT(FiredMarker(production=q, subject=W(subject_var))))

    def action(engine, **context):
        engine.fire(prod, context)
    action.__name__ = prod.id
    action.order = prod.order  # experta rebuilds a Rule from its conditions (new_conditions); the function stays
    rule = Rule(*ces, salience=prod.salience)(action)
    rule.order = prod.order
    return rule


def compile_engine(knowledge: Knowledge, productions=None, base=KnowledgeEngine, classes=None) -> type:
    """A KnowledgeEngine subclass running ``productions`` (default: all) of ``knowledge``.

    The class carries ``__classes__`` (template -> Fact class: ``classes`` if
    given, so that several engines share them) and uses StableStrategy.  Build
    it once and reuse its instances with ``reset()``.
    """
    part = knowledge if productions is None else knowledge.only(productions)
    classes = classes if classes is not None else fact_classes(knowledge.vocabulary)
    attrs = {"__strategy__": StableStrategy, "__classes__": classes, "__overriders__": part.overriders}
    for p in part.productions:
        attrs[f"r{p.order}"] = compile_rule(p, classes, part.overridden_by)
    return type("BridgelawEngine", (base,), attrs)
