"""Less per-incident overhead for experta: the same network and matching, less bookkeeping.

experta 1.9.4 spends most of a short run outside matching (profile in
bench/README.md): ``reset()`` finds deffacts with ``inspect.getmembers`` and
resets the network by walking every path through it, and after every change
``changes()`` asks every rule's conflict-set node for activations, although
only the few a fact reached have any.  ``FastEngine`` (the base of the
engine's run class) keeps the rest of experta as it is and replaces just that:

- ``FastMatcher`` lists the network's nodes once, resets each once, and has
  each conflict-set node report itself when a token reaches it, so that
  ``changes()`` asks only those.  It also rewires the calls between nodes:
  a fact goes straight to the nodes under its own template's type test
  (experta offers it to every template's), a one-fact test runs before the
  token is copied (experta copies first, and most tests fail), and tokens are
  copied without re-validating them, and sibling tests ``slot == value`` on
  the same slot become one dict lookup (CLIPS hashes its alpha memories;
  experta tries each).  The nodes, their tests and memories are experta's own;
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

from collections.abc import Mapping

from ._experta import (Agenda, ChildNode, ConflictSetNode, FactCapture, FactList, FeatureCheck, FeatureTesterNode,
                       InitialFact, KnowledgeEngine, NoMemory, OneInputNode, ReteMatcher, Token, TwoInputNode,
                       TypeCheck)


def _copy(token: Token) -> Token:
    """Token.copy without Token.__new__'s validation (the token was validated when made)."""
    return tuple.__new__(Token, (token.tag, token.data.copy(), token.context.copy()))


def _matcher(check):
    """A one-fact test doing what experta's check does, without its logging (common cases only)."""
    if type(check) is FeatureCheck and isinstance(check.what, str) and "__" not in check.what:
        what, test, expected = check.what, check.check, check.expected

        def feature(fact):
            try:
                value = fact[what]
            except (IndexError, KeyError, TypeError):
                return False
            return test(value, expected)
        return feature
    if type(check) is FactCapture:
        bind = check.bind
        return lambda fact: {bind: fact}
    return check


def _feature_tester(node: FeatureTesterNode):
    """FeatureTesterNode's activation, testing the fact before copying the token."""
    matcher, children = _matcher(node.matcher), node.children

    def activate(token: Token) -> None:
        (fact,) = token.data
        match = matcher(fact)
        if not match:
            return
        if match is not True and isinstance(match, Mapping):
            context = token.context
            for key, value in match.items():
                if isinstance(key, tuple):  # a negated condition
                    if key[1] in context and context[key[1]] == value:
                        return
                elif context.get(key, value) != value or context.get((False, key), _NONE) == value:
                    return
            token = tuple.__new__(Token, (token.tag, set(token.data), {**context, **match}))
        for child in children:
            child.callback(token)
    return activate


_NONE = object()


def _fast(node, callback):
    """A faster callback into ``node`` doing what experta's does."""
    func = getattr(callback, "__func__", None)
    if func is OneInputNode.activate:
        if type(node) is FeatureTesterNode:
            return _feature_tester(node)
        return lambda token: node._activate(_copy(token))
    if func is TwoInputNode.activate_left:
        return lambda token: node._activate_left(_copy(token))
    if func is TwoInputNode.activate_right:
        return lambda token: node._activate_right(_copy(token))
    return callback


def _literal_test(node) -> tuple | None:
    """(slot, value) if ``node`` tests ``slot == value`` on one fact and binds nothing, else None."""
    check = getattr(node, "matcher", None)
    if type(node) is not FeatureTesterNode or type(check) is not FeatureCheck:
        return None
    if not isinstance(check.what, str) or "__" in check.what or check.check.__name__ != "equal_literal":
        return None
    if check.expected.__bind__ is not None:
        return None
    try:
        hash(check.expected.value)
    except TypeError:
        return None
    return check.what, check.expected.value


def _hashed(children: list) -> list:
    """Sibling tests ``slot == value`` on one slot made one dict lookup, as CLIPS hashes its alpha memories."""
    out, tables = [], {}
    for c in children:
        test = _literal_test(c.node)
        if test is None:
            out.append(c)
            continue
        slot, value = test
        if slot not in tables:
            tables[slot] = {}
            out.append(ChildNode(c.node, _lookup(slot, tables[slot])))
        tables[slot].setdefault(value, []).append(c.node.children)  # the list itself: later rewiring shows
    return out


def _lookup(slot: str, table: dict):
    def activate(token: Token) -> None:
        (fact,) = token.data
        try:
            passed = table.get(fact[slot])
        except (IndexError, KeyError, TypeError):
            return
        for children in passed or ():
            for child in children:
                child.callback(token)
    return activate


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
        self._resets = [n._reset for n in nodes if type(n)._reset is not NoMemory._reset]  # nodes with a memory
        self._conflict_sets = [n for n in nodes if isinstance(n, ConflictSetNode)]
        self._dirty: dict = {}
        for node in nodes:
            if isinstance(node, ConflictSetNode):
                node._activate = self._reporting(node, node._activate)
            node.children[:] = [ChildNode(c.node, _fast(c.node, c.callback)) for c in node.children]
        for node in nodes:
            if type(node) is FeatureTesterNode:
                node.children[:] = _hashed(node.children)
        self._by_type: dict = {}  # fact class -> the callbacks under its type test
        self._any: list = []  # callbacks under the root that are not a type test
        for c in self.root_node.children:
            if type(c.node) is FeatureTesterNode and isinstance(c.node.matcher, TypeCheck):
                self._by_type.setdefault(c.node.matcher.fact_type, []).extend(x.callback for x in c.node.children)
            else:
                self._any.append(c.callback)

    def _reporting(self, node, activate):
        dirty = self._dirty

        def _activate(token):
            dirty[node] = None
            activate(token)
        return _activate

    def changes(self, adding=None, deleting=None):
        for fact in deleting or ():
            self._dispatch(fact, Token.invalid(fact))
        for fact in adding or ():
            self._dispatch(fact, Token.valid(fact))
        added, removed = [], []
        for node in list(self._dirty):
            a, r = node.get_activations()
            added.extend(a)
            removed.extend(r)
        self._dirty.clear()
        return added, removed

    def _dispatch(self, fact, token: Token) -> None:
        for callback in self._by_type.get(type(fact), ()):
            callback(token)
        for callback in self._any:
            callback(token)

    def reset(self):
        for reset in self._resets:
            reset()
        for node in self._conflict_sets:
            node.added, node.removed = set(), set()
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
        self._KnowledgeEngine__declare(InitialFact(), *facts)


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
            act.rule(best, **{k: v for k, v in act.context.items() if not k.startswith("__")})
            changed = (best,)
    finally:
        for e in engines:
            e.running = False
