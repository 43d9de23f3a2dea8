"""Partitioning: an incident runs only the productions that can apply to it.

The productions fall into *components*: templates joined by the productions
that mention them together (context templates such as ``deal``, read by every
law, join nothing), so that no fact one component derives or marks is read by
another.

A production can fire only if every template its positive patterns test is
stated by the incident or derived by a production that can itself fire (a
fixpoint over the templates the incident states): it *applies*.  An incident
runs, for each component it reaches, an engine compiled from that
component's applicable productions alone (compiled on first need, then kept
for every incident that needs the same productions): a production that
cannot fire changes nothing by its absence, and an engine without it has
fewer nodes for each fact to pass (the ruling's time) and less to compile (a
cold start's).  The engines run *together* (rete.run_together): at each step
the engine holding the best activation fires it, so the firings, their order
and the trace are those of one engine holding all the knowledge.  Open
questions are looked for in the whole of the same components (a production
that does not apply yet may be waiting on a fact not yet stated).

tests/test_differential.py checks this against the CLIPS back end, which runs
all the knowledge in one unpartitioned environment.
"""
from __future__ import annotations

import time
import weakref
from collections import OrderedDict
from dataclasses import replace
from typing import Callable

from ..model import Knowledge, Production
from .rete import new_fact, run_together

# In a process that rules many kinds of incident (``many()``: check, test, diff, coverage, the test suite), after
# WHOLE_AFTER engines built for parts of a component its next part runs the whole component: each production is
# compiled about once.  Elsewhere (None: a rule, an interview, the server) each part keeps an engine of its own
# applicable productions: a whole component's engine rules a warm incident some 25% slower (facts pass the joins of
# productions that cannot fire), while a part's costs a compile.
WHOLE_AFTER: int | None = None


def many() -> None:
    """This process will rule many kinds of incident: build whole components after two parts of each."""
    global WHOLE_AFTER
    WHOLE_AFTER = 2


KEEP = 100  # engines kept at most by one Engine (a server's compile whole components instead: ``whole``): past it, the least recently used goes
PARTS = 256  # parts (stated templates -> the knowledge restricted to them) kept at most: likewise
# A long-running server meets incidents of ever new variety: both caches are bounded, the parts incidents use most
# (the common kinds) staying, a rare one rebuilt on its next need (the third run of the catalogue: RSS from 78 MB to
# 1.1 GB in 16 minutes of random interviews, 1,622 parts and 305 engines in one engine's Partitions).


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


def applicable(productions, stated: frozenset, positives: list | None = None) -> list[Production]:
    """The productions that could fire on facts of the ``stated`` templates (fixpoint through derived
    facts), in the order given.  Each production is looked at when the last template it waits for
    becomes available: linear in the productions, not quadratic.  ``positives``: each production's
    ``positive_templates``, where the caller keeps them."""
    missing: dict[int, int] = {}  # production's place -> how many of its templates are not available yet
    waiting: dict[str, list[int]] = {}  # template -> the places of the productions waiting for it
    ready, available = [], set(stated)
    positives = positives if positives is not None else [positive_templates(p) for p in productions]
    for i, p in enumerate(productions):
        needs = positives[i] - available
        missing[i] = len(needs)
        for t in needs:
            waiting.setdefault(t, []).append(i)
        if not needs:
            ready.append(i)
    chosen = set()
    while ready:
        i = ready.pop()
        chosen.add(i)
        for d in productions[i].derive:
            if d.template not in available:
                available.add(d.template)
                for j in waiting.pop(d.template, ()):
                    missing[j] -= 1
                    if not missing[j]:
                        ready.append(j)
    return [p for i, p in enumerate(productions) if i in chosen]


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
        # the run's record on a joint run of its own, not on this one: the part that keeps this one (Partitions)
        # would keep its last incident's firings, elements and facts too (a server's 1,024 parts, ~15 MB)
        done = object.__new__(JointRun)
        done.__dict__.update(self.__dict__, **(record or {"firings": [], "elements": [], "derived_by": {}}))
        return done

    def derived(self) -> list:
        """The derived facts, as (template, id, ((slot, value), ...)), in the order they were first derived."""
        found = {x["id"]: x for e, _ in self.engines for x in e.facts.values()
                 if hasattr(type(x), "__template__") and x["id"] in self.derived_by}
        return [(type(x).__template__, fid, tuple((k, v) for k, v in x.items() if k != "id"))
                for fid in self.derived_by for x in [found.get(fid)] if x is not None]


class Partitions:
    """The parts of the knowledge incidents need, and their engines: one for each set of a component's
    productions that apply together, built by ``make(productions)`` on first need."""

    def __init__(self, knowledge: Knowledge, make: Callable | None = None, keep: int | None = None,
                 whole: bool = False):
        """``whole``: every part runs its components' whole engines (see ``warm``), each built on its first need:
        at most one engine a component, none ever built again (``keep`` is then not needed)."""
        self.knowledge, self.make = knowledge, make
        self.keep = keep  # engines kept at most; None: KEEP
        self.component = components(knowledge)
        # stated templates -> [components, the knowledge restricted to them, JointRun | None, the applicable productions]
        self._parts: OrderedDict[frozenset, list] = OrderedDict()  # least recently used first
        # components -> the knowledge restricted to them (its indexes ~100 KB), shared by the parts reaching them and
        # let go with the last of them (a server's 1,024 parts reached some 33 sets of components: 100 MB -> 4); one
        # table per knowledge, so a server's pool engines share them and the memos the open questions keep on them
        # (explain/why.py), instead of each engine filling its own
        self._restricted: weakref.WeakValueDictionary = knowledge.__dict__.setdefault(
            "_restricted", weakref.WeakValueDictionary())
        self._engines: OrderedDict[tuple, tuple] = OrderedDict()  # the productions it runs -> (engine, templates)
        self.build_seconds = 0.0  # time spent building engines (for the benchmark)
        self._positives = [positive_templates(p) for p in knowledge.productions]
        self._partial: dict[int, int] = {}  # component -> engines built for parts of it
        self._warm = whole  # each part runs its whole components (warm() built them all, or ``whole``)
        self.builds = 0  # engines built (for the benchmark and the server's log)
        self._whole: dict[int, tuple] = {}  # component -> all its productions (canonical order)
        for p in knowledge.productions:
            self._whole[self.component[p.id]] = self._whole.get(self.component[p.id], ()) + (p,)

    def part(self, stated: frozenset) -> tuple[tuple, Knowledge]:
        """(components, the knowledge restricted to them) for an incident stating these templates."""
        hit = self._parts.get(stated)
        if hit is None:
            can = applicable(self.knowledge.productions, stated, self._positives)  # in canonical order
            comps = tuple(sorted({self.component[p.id] for p in can}))
            restricted = self._restricted.get(comps)  # many parts reach the same components: one Knowledge for them
            if restricted is None:
                prods = tuple(p for p in self.knowledge.productions if self.component[p.id] in comps)
                restricted = self._restricted[comps] = replace(self.knowledge, productions=prods)
            hit = self._parts[stated] = [comps, restricted, None, can]
            while len(self._parts) > PARTS:
                self._parts.popitem(last=False)
        else:
            self._parts.move_to_end(stated)
        return hit[0], hit[1]

    def productions(self, stated: frozenset) -> tuple:
        """The productions of the components an incident stating these templates reaches (in canonical
        order): those it runs, and those its open questions are sought in."""
        return self.part(stated)[1].productions

    def _engine(self, prods: tuple) -> tuple:
        """The engine running ``prods`` (a component's productions that apply together), and the templates they mention."""
        key = tuple(p.id for p in prods)
        if key not in self._engines:
            while len(self._engines) >= (KEEP if self.keep is None else max(1, self.keep)) and not self._warm:
                self._let_go(self._engines.popitem(last=False)[1])
            start = time.perf_counter()
            self._engines[key] = (self.make(prods), frozenset(t for p in prods for t in mentioned(p)))
            self.build_seconds += time.perf_counter() - start
            self.builds += 1
        else:
            self._engines.move_to_end(key)
        return self._engines[key]

    def _chosen(self, component: int, prods: tuple) -> tuple:
        """What a component's engine runs for an incident: its applicable ``prods``, or, once WHOLE_AFTER
        engines were built for parts of it, all its productions.  A production that cannot fire changes
        nothing by its presence (nor the order of the others' firings: fact ids keep their order), so the
        ruling is the same; a process ruling many kinds of incident (``many()``) then compiles each
        production about once, not once for every part it belongs to."""
        whole = self._whole[component]
        after = 0 if self._warm else WHOLE_AFTER
        if after is None or len(prods) == len(whole) or tuple(p.id for p in prods) in self._engines:
            return prods
        if self._partial.get(component, 0) >= after:
            return whole
        self._partial[component] = self._partial.get(component, 0) + 1
        return prods

    def warm(self) -> None:
        """Build every component's whole engine now, and run each component's parts on it from now on (a
        process about to fork workers that rule many incidents: they share the engines, none compiles)."""
        self._warm = True
        for prods in self._whole.values():
            self._engine(prods)

    def _let_go(self, engine: tuple) -> None:
        """An engine evicted: the joint runs holding it are let go too (else they would keep it alive)."""
        for hit in self._parts.values():
            if hit[2] is not None and any(e is engine for e in hit[2].engines):
                hit[2] = None

    def forget(self) -> None:
        """Let every engine go (each is rebuilt on its next need)."""
        self._engines.clear()
        for hit in self._parts.values():
            hit[2] = None

    def runner(self, stated: frozenset) -> JointRun:
        """The joint run of the engines an incident stating these templates needs (built on first need)."""
        self.part(stated)
        hit = self._parts[stated]
        if hit[2] is None:
            by_component: dict[int, tuple] = {}
            for p in hit[3]:
                by_component[self.component[p.id]] = by_component.get(self.component[p.id], ()) + (p,)
            engines = [self._engine(self._chosen(c, by_component[c])) for c in hit[0]]
            hit[2] = JointRun(engines)  # after the engines: building one may have let the others go
        return hit[2]
