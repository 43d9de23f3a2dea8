"""Less per-incident overhead for experta: the same network and matching, less bookkeeping.

experta 1.9.4 spends most of a short run outside matching (profile in
bench/README.md): ``reset()`` finds deffacts with ``inspect.getmembers`` and
resets the network by walking every path through it, and after every change
``changes()`` asks every rule's conflict-set node for activations, although
only the few a fact reached have any.  ``FastEngine`` (the base of the
engine's run class) keeps the rest of experta as it is and replaces just that:

- ``FastMatcher`` lists the network's nodes once, resets each once, and has
  each conflict-set node report itself when a token reaches it, so that
  ``changes()`` asks only those;
- ``FastEngine.reset()`` declares the InitialFact directly (the engine has no
  other deffacts).

``run_together(engines)`` runs several engines as experta's ``run()`` runs
one: at each step every engine takes in its changes, and the one whose agenda
holds the best activation (by the strategy's key) fires it.  Engines that
share no facts they derive thus fire in the order one engine holding all
their rules would.

Activations, their order (StableStrategy) and so rulings and traces are those
of experta: tests/test_differential.py and tests/test_determinism.py hold it.
"""
from __future__ import annotations

from ._experta import Agenda, ConflictSetNode, FactList, InitialFact, KnowledgeEngine, ReteMatcher


class FastMatcher(ReteMatcher):
    """experta's Rete matcher; resets and collects activations only where there can be some."""

    def __init__(self, engine):
        super().__init__(engine)
        nodes, todo, seen = [], [self.root_node], set()
        while todo:  # each node once, in a fixed order (depth first, children in order)
            node = todo.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            nodes.append(node)
            todo.extend(reversed([c.node for c in node.children]))
        self._nodes = nodes
        self._dirty: dict = {}
        for node in nodes:
            if isinstance(node, ConflictSetNode):
                node._activate = self._reporting(node, node._activate)

    def _reporting(self, node, activate):
        dirty = self._dirty

        def _activate(token):
            dirty[node] = None
            activate(token)
        return _activate

    def changes(self, adding=None, deleting=None):
        for fact in deleting or ():
            self.root_node.remove(fact)
        for fact in adding or ():
            self.root_node.add(fact)
        added, removed = [], []
        for node in list(self._dirty):
            a, r = node.get_activations()
            added.extend(a)
            removed.extend(r)
        self._dirty.clear()
        return added, removed

    def reset(self):
        for node in self._nodes:
            node._reset()
            if isinstance(node, ConflictSetNode):
                node.added, node.removed = set(), set()
        self._dirty.clear()


class FastEngine(KnowledgeEngine):
    """A KnowledgeEngine with FastMatcher and a reset that declares only the InitialFact."""

    __matcher__ = FastMatcher

    def reset(self, **kwargs):
        self.agenda = Agenda()
        self.facts = FactList()
        self.matcher.reset()
        self._KnowledgeEngine__declare(InitialFact())
        self.running = False


def run_together(engines: list) -> None:
    """Run ``engines`` (reset, facts declared) to quiescence as one agenda: best activation first."""
    for e in engines:
        e.running = True
    try:
        while True:
            best, best_key = None, None
            for e in engines:
                added, removed = e.get_activations()
                if added or removed:
                    e.strategy.update_agenda(e.agenda, added, removed)
                if e.agenda.activations:
                    key = e.agenda.activations[-1].key
                    if best is None or key > best_key:
                        best, best_key = e, key
            if best is None:
                return
            act = best.agenda.get_next()
            act.rule(best, **{k: v for k, v in act.context.items() if not k.startswith("__")})
    finally:
        for e in engines:
            e.running = False
