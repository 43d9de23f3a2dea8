"""Less per-incident overhead for experta: the same network and matching, less bookkeeping.

experta 1.9.4 spends most of a short run outside matching (profile in
bench/README.md): ``reset()`` finds deffacts with ``inspect.getmembers`` and
resets the network by walking every path through it, after every change
``changes()`` asks every rule's conflict-set node for activations, although
only the few a fact reached have any, and its nodes copy, freeze and thaw
tokens and log every test.  ``FastEngine`` (the base of the engine's run
class) keeps experta's network (the nodes experta builds from the rules, their
tests, the Rete it makes) and replaces how tokens go through it:

- ``FastMatcher`` lists the network's nodes once and rewires the calls between
  them (nodes.py): a fact goes straight to the nodes under its own template's
  type test (experta offers it to every template's); a one-fact test runs
  before the token is copied, as one call (experta copies first, and most
  tests fail); sibling tests ``slot == value`` on the same slot become one
  dict lookup (CLIPS hashes its alpha memories; experta tries each);
- join, not, conflict-set and test nodes get lean activations of their own
  (nodes.py): memories hold a token's facts and context as they came (no node
  changes a token it is given, so none is copied), a conflict-set node
  reports itself when a token reaches it so that ``changes()`` asks only
  those, and a reset clears only the memories a token reached since the
  last one;
- ``FastEngine.declare`` declares facts without experta's logging call and
  checks (bridgelaw's facts hold plain values under slot names), and
  ``reset_with`` declares the InitialFact and an incident's facts together;
  ``FastFact`` and ``new_fact`` make facts without Fact's item-by-item checks.

``run_together(engines)`` runs several engines as experta's ``run()`` runs
one: at each step every engine takes in its changes, and the one whose agenda
holds the best activation (by the strategy's key) fires it.  Engines that
share no facts they derive thus fire in the order one engine holding all
their rules would.

Activations, their order (StableStrategy) and so rulings and traces are those
of experta: tests/test_rete.py compares the activations with experta's own
matcher through declarations and retractions, tests/test_differential.py and
tests/test_determinism.py the rulings.
"""
from __future__ import annotations

import threading

from ._experta import (Agenda, ChildNode, ConflictSetNode, FactCapture, Fact, FactList, FeatureCheck, FeatureTesterNode,
                       InitialFact, KnowledgeEngine, NoMemory, NotNode, OrdinaryMatchNode, ReteMatcher, Token, TypeCheck,
                       WhereCheck, WhereNode, freeze)
from .nodes import (INVALID, VALID, callback_into, hashed, lean_conflict_set, lean_join, lean_not, lean_where,
                    make_token)

_PLAIN = (str, int, bool, float, type(None))  # values experta's freeze() leaves as they are
# experta interns its tests in class-level dicts that never shrink (``_instances``), so that building a network finds
# an alpha node already testing the same check (``child.node.matcher is check``).  Their keys hold what each compile
# makes anew (the closures of ``P``/``TEST`` tests, each engine's fact classes), so a process compiling parts of the
# knowledge over and over (a server meeting ever new combinations of kinds, its engines bounded) kept every test of
# every engine it ever built: the server's RSS grew without bound, all of it live Python objects (cells, closures,
# FeatureCheck, WhereCheck with its inspect.Signature), none of it reachable from the engines it kept.  A network is
# built with experta's interning, then the interned tests are let go (the network holds its own); one build at a
# time, as another thread's build would lose its interning half-way (tests/test_partition.py).
_INTERNED = (TypeCheck, FactCapture, FeatureCheck, WhereCheck)
_BUILDING = threading.Lock()


class FastFact(Fact):
    """A Fact made without Fact's item-by-item checks (a fact being made is not declared yet); values
    are frozen as experta freezes them (``freeze``), which leaves the plain ones as they are."""

    def __init__(self, *args, **kwargs):
        if args:
            Fact.__init__(self, *args, **kwargs)
            return
        for k, v in kwargs.items():
            dict.__setitem__(self, k, v if type(v) in _PLAIN else freeze(v))
        self._Fact__defaults = {}


def new_fact(cls, fid: str | None, values) -> "Fact":
    """``cls(id=fid, **dict(values))`` (no id when ``fid`` is None) without Fact's item-by-item checks (a
    fresh fact is not declared yet); values are frozen as experta freezes them (``freeze``), which leaves
    the plain ones as they are."""
    fact = dict.__new__(cls)
    if fid is not None:
        dict.__setitem__(fact, "id", fid)
    for k, v in values:
        dict.__setitem__(fact, k, v if type(v) in _PLAIN else freeze(v))
    fact._Fact__defaults = {}
    return fact


def _declare(facts: FactList, fact):
    """What ``FactList.declare`` does, without its logging call: the fact, or None if the same fact
    is there already.  The facts bridgelaw declares hold plain values under slot names, so
    KnowledgeEngine's checks for constraints and ``__`` keys have nothing to find, and their
    classes declare no fields to validate."""
    if type(fact).__fields__:
        fact.validate()
    fact_id = frozenset([fact.__class__] + [(k, v) for k, v in fact.items()
                                            if type(k) is not str or k[:2] != "__" or k[-2:] != "__"])
    if fact_id in facts.reference_counter:  # the same fact twice: declared once
        return None
    idx = facts.last_index
    fact.__factid__ = idx
    facts[idx] = fact
    facts.last_index += 1
    facts.added.append(fact)
    facts.reference_counter[fact_id] += 1
    return fact


class FastMatcher(ReteMatcher):
    """experta's Rete matcher; resets and collects activations only where there can be some."""

    def __init__(self, engine):
        with _BUILDING:
            try:
                super().__init__(engine)
            finally:
                for check in _INTERNED:
                    check._instances.clear()
        nodes, todo, seen = [], [self.root_node], set()
        while todo:  # each node once, in a fixed order (depth first, children in order)
            node = todo.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            nodes.append(node)
            todo.extend(reversed([c.node for c in node.children]))
        self._dirty: dict = {}  # conflict-set nodes a token reached since changes() last looked
        self._touched: dict = {}  # the clear() of each lean node a token reached since the last reset
        lean: dict = {}  # node -> its lean activations (and clear)
        for node in nodes:
            if type(node) is OrdinaryMatchNode:
                lean[node] = lean_join(node, self._touched)
            elif type(node) is NotNode:
                lean[node] = lean_not(node, self._touched)
            elif isinstance(node, ConflictSetNode):
                lean[node] = lean_conflict_set(node, self._touched, self._dirty)
            elif type(node) is WhereNode and type(node.matcher).__name__ == "WhereCheck":
                lean[node] = (lean_where(node),)
        # other nodes with a memory keep experta's, reset every time
        self._resets = [n._reset for n in nodes if type(n)._reset is not NoMemory._reset and n not in lean]
        for node in nodes:
            node.children[:] = [ChildNode(c.node, callback_into(c.node, c.callback, lean)) for c in node.children]
        for node in nodes:
            if type(node) is FeatureTesterNode:
                node.children[:] = hashed(node.children)
        self._by_type: dict = {}  # fact class -> the callbacks under its type test
        self._any: list = []  # callbacks under the root that are not a type test
        for c in self.root_node.children:
            if type(c.node) is FeatureTesterNode and isinstance(c.node.matcher, TypeCheck):
                self._by_type.setdefault(c.node.matcher.fact_type, []).extend(x.callback for x in c.node.children)
            else:
                self._any.append(c.callback)

    def changes(self, adding=None, deleting=None):
        for fact in deleting or ():
            self._dispatch(fact, make_token(INVALID, {fact}, {}))
        for fact in adding or ():
            self._dispatch(fact, make_token(VALID, {fact}, {}))
        added, removed = [], []
        for node in self._dirty:
            added += node.added
            removed += node.removed
            node.added, node.removed = [], []
        self._dirty.clear()
        return added, removed

    def _dispatch(self, fact, token: Token) -> None:
        for callback in self._by_type.get(type(fact), ()):
            callback(token)
        for callback in self._any:
            callback(token)

    def reset(self):
        for clear in self._touched:
            clear()
        self._touched.clear()
        for reset in self._resets:
            reset()
        self._dirty.clear()


class FastEngine(KnowledgeEngine):
    """A KnowledgeEngine with FastMatcher and a reset that declares only the InitialFact."""

    __matcher__ = FastMatcher

    def reset(self, **kwargs):
        self.reset_with(())

    def reset_with(self, facts) -> None:
        """reset(), then declare ``facts``: the InitialFact and they go through the network together."""
        self.agenda = Agenda()
        self.facts = FactList()
        self.matcher.reset()
        self.running = False
        self.declare(new_fact(InitialFact, None, ()), *facts)

    def declare(self, *facts):
        """KnowledgeEngine.declare (the facts into the network, the agenda updated unless running),
        each fact declared by ``_declare``."""
        last = None
        for fact in facts:
            last = _declare(self.facts, fact)
        if not self.running:
            added, removed = self.get_activations()
            self.strategy.update_agenda(self.agenda, added, removed)
        return last


def run_together(engines: list) -> None:
    """Run ``engines`` (reset, facts declared) to quiescence as one agenda: best activation first.

    A firing declares facts only into its own engine, so after it only that
    engine's agenda can change.
    """
    for e in engines:
        e.running = True
    try:
        changed = engines
        while True:
            for e in changed:
                added, removed = e.get_activations()
                if added or removed:
                    e.strategy.update_agenda(e.agenda, added, removed)
            best, best_key = None, None
            for e in engines:
                if e.agenda.activations:
                    key = e.agenda.activations[-1].key
                    if best is None or key > best_key:
                        best, best_key = e, key
            if best is None:
                return
            act = best.agenda.get_next()
            rule, context = act.rule, {k: v for k, v in act.context.items() if not k.startswith("__")}
            if rule._wrapped_args or rule._wrapped_self is not None:
                rule(best, **context)
            else:  # what Rule.__call__ does then, one call less
                rule._wrapped(best, **context)
            changed = (best,)
    finally:
        for e in engines:
            e.running = False
