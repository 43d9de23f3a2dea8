"""Partitioning: an incident runs only the productions that can apply to it.

The productions fall into *components*: templates joined by the productions
that mention them together (context templates such as ``deal``, read by every
law, join nothing), so that no fact one component derives or marks is read by
another.  Each component gets its own engine, compiled on first need and
then reused.

A production can fire only if every template its positive patterns test is
stated by the incident or derived by a production that can itself fire (a
fixpoint over the templates the incident states).  An incident runs the
engines of the components such productions belong to, *together*
(rete.run_together): at each step the engine holding the best activation fires
it, so the firings, their order and the trace are those of one engine
holding all the knowledge.  Open questions are looked for in the same
components only (a production outside them has no fact to wait on).

tests/test_differential.py checks this against the CLIPS back end, which runs
all the knowledge in one unpartitioned environment.
"""
from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable

from ..model import Knowledge, Production
from .rete import new_fact, run_together


def positive_templates(prod: Production) -> set[str]:
    return {p.template for p in prod.when if not p.negated}


def mentioned(prod: Production) -> list[str]:
    return [p.template for p in prod.when] + [d.template for d in prod.derive]


def components(knowledge: Knowledge) -> dict[str, int]:
    """Production id -> component number (numbered in canonical production order)."""
    context = {n for n, t in knowledge.vocabulary.templates.items() if t.context and not t.derived}
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    anchors = {}
    for p in knowledge.productions:
        joined = [t for t in mentioned(p) if t not in context] or mentioned(p)
        for t in joined[1:]:
            parent[find(t)] = find(joined[0])
        anchors[p.id] = joined[0]
    numbers: dict[str, int] = {}
    return {pid: numbers.setdefault(find(t), len(numbers)) for pid, t in anchors.items()}


def applicable(productions, stated: frozenset) -> list[Production]:
    """The productions that could fire on facts of the ``stated`` templates (fixpoint through derived facts)."""
    available, chosen, rest = set(stated), [], list(productions)
    changed = True
    while changed:
        changed = False
        for p in list(rest):
            if positive_templates(p) <= available:
                chosen.append(p)
                rest.remove(p)
                available.update(d.template for d in p.derive)
                changed = True
    return chosen


def _record_names(engine) -> list[str]:
    """The attributes ``start()`` sets on an engine (its record of a run), found by running it on a blank object."""
    blank = type("Blank", (), {})()
    type(engine).start(blank)
    return list(vars(blank))


class JointRun:
    """The engines of some components, run over one incident as one engine: one record, one agenda order.

    Each engine (engine._Run) is given only the incident's facts of templates
    its productions mention; all record into the same record (the attributes
    ``start()`` sets: firings, elements, derived facts...), which the joint run
    then holds.
    """

    def __init__(self, engines: list[tuple]):
        self.engines = engines  # [(engine, templates its productions mention)]
        self.names = _record_names(engines[0][0]) if engines else []

    def run(self, facts) -> "JointRun":
        record = None
        for e, templates in self.engines:
            e.start()
            if record is None:
                record = {name: getattr(e, name) for name in self.names}
            e.__dict__.update(record)
            e.reset_with([new_fact(e.__classes__[f.template], f.id, f.values) for f in facts if f.template in templates])
        run_together([e for e, _ in self.engines])
        self.__dict__.update(record or {"firings": [], "elements": [], "derived_by": {}})
        return self

    def derived(self) -> list:
        """The derived facts, as (template, id, ((slot, value), ...)), in the order they were first derived."""
        found = {x["id"]: x for e, _ in self.engines for x in e.facts.values()
                 if hasattr(type(x), "__template__") and x["id"] in self.derived_by}
        return [(type(x).__template__, fid, tuple((k, v) for k, v in x.items() if k != "id"))
                for fid in self.derived_by for x in [found.get(fid)] if x is not None]


class Partitions:
    """One engine per component, built by ``make(productions)`` on first need; the parts incidents need."""

    def __init__(self, knowledge: Knowledge, make: Callable | None = None):
        self.knowledge, self.make = knowledge, make
        self.component = components(knowledge)
        self.members: dict[int, tuple] = {}
        for p in knowledge.productions:
            self.members[self.component[p.id]] = self.members.get(self.component[p.id], ()) + (p,)
        self._parts: dict[frozenset, tuple] = {}  # stated templates -> (components, knowledge, JointRun | None)
        self._engines: dict[int, tuple] = {}  # component -> (engine, templates)
        self.build_seconds = 0.0  # time spent building engines (for the benchmark)

    def part(self, stated: frozenset) -> tuple[tuple, Knowledge]:
        """(components, the knowledge restricted to them) for an incident stating these templates."""
        hit = self._parts.get(stated)
        if hit is None:
            comps = tuple(sorted({self.component[p.id] for p in applicable(self.knowledge.productions, stated)}))
            prods = tuple(p for p in self.knowledge.productions if self.component[p.id] in comps)
            hit = self._parts[stated] = [comps, replace(self.knowledge, productions=prods), None]
        return hit[0], hit[1]

    def productions(self, stated: frozenset) -> tuple:
        """The productions an incident stating these templates runs (in canonical order)."""
        return self.part(stated)[1].productions

    def _engine(self, comp: int) -> tuple:
        if comp not in self._engines:
            start = time.perf_counter()
            prods = self.members[comp]
            self._engines[comp] = (self.make(prods), frozenset(t for p in prods for t in mentioned(p)))
            self.build_seconds += time.perf_counter() - start
        return self._engines[comp]

    def runner(self, stated: frozenset) -> JointRun:
        """The joint run of the engines an incident stating these templates needs (built on first need)."""
        self.part(stated)
        hit = self._parts[stated]
        if hit[2] is None:
            hit[2] = JointRun([self._engine(c) for c in hit[0]])
        return hit[2]
