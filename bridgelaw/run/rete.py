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

from ._experta import (Activation, Agenda, ChildNode, ConflictSetNode, Fact, FactCapture, FactList, FeatureCheck,
                       FeatureTesterNode, freeze, InitialFact, KnowledgeEngine, NoMemory, NotNode, OneInputNode,
                       OrdinaryMatchNode, ReteMatcher, Token, TwoInputNode, TypeCheck, WhereNode)

VALID, INVALID = Token.TagType.VALID, Token.TagType.INVALID


_PLAIN = (str, int, bool, float, type(None))  # values experta's freeze() leaves as they are


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


def _token(tag, data: set, context: dict) -> Token:
    """A Token without Token.__new__'s validation (its facts are facts, its context a dict)."""
    return tuple.__new__(Token, (tag, data, context))


def _copy(token: Token) -> Token:
    """Token.copy without Token.__new__'s validation (the token was validated when made)."""
    return tuple.__new__(Token, (token.tag, token.data.copy(), token.context.copy()))


def _matcher(check):
    """A one-fact test doing what experta's check does, without its logging (common cases only)."""
    if type(check) is FeatureCheck and isinstance(check.what, str) and "__" not in check.what:
        what, test = check.what, _value_test(check)

        def feature(fact):
            try:
                value = fact[what]
            except (IndexError, KeyError, TypeError):
                return False
            return test(value)
        return feature
    if type(check) is FactCapture:
        bind = check.bind
        return lambda fact: {bind: fact}
    return check


def _value_test(check: FeatureCheck):
    """``value -> check.check(value, check.expected)``, as one call where experta makes three or four:
    a predicate (``P``), a literal (``L``), a wildcard (``W``), each binding its value or not, and
    several constraints on one slot (``and_match``)."""
    how, expected = getattr(check.check, "__name__", ""), check.expected
    if how in ("match_predicate", "equal_literal", "wildcard_match"):
        bind = expected.__bind__
        if how == "wildcard_match":
            return (lambda actual: True) if bind is None else (lambda actual: {bind: actual})
        if how == "match_predicate":
            pred = expected.match
            if bind is None:
                return lambda actual: True if pred(actual) else False
            return lambda actual: {bind: actual} if pred(actual) else False
        literal = expected.value
        if bind is None:
            return lambda actual: True if literal == actual else False
        return lambda actual: {bind: actual} if literal == actual else False
    if how == "and_match" and all(type(c) is FeatureCheck for c in expected):
        subs = tuple(_value_test(c) for c in expected)

        def and_match(actual):
            value = {}
            for test in subs:
                res = test(actual)
                if res is False:
                    return False
                if res is not True:
                    if type(res) is not dict and not isinstance(res, Mapping):
                        raise TypeError("Bad check value.")
                    value.update(res)
            return value or True
        return and_match
    test = check.check
    return lambda actual: test(actual, expected)


def _feature_tester(node: FeatureTesterNode):
    """FeatureTesterNode's activation, testing the fact before copying the token."""
    matcher, children = _matcher(node.matcher), node.children

    def activate(token: Token) -> None:
        (fact,) = token.data
        match = matcher(fact)
        if not match:
            return
        if match is not True and (type(match) is dict or isinstance(match, Mapping)):
            context = token.context
            for key, value in match.items():
                if isinstance(key, tuple):  # a negated condition
                    if key[1] in context and context[key[1]] == value:
                        return
                else:  # bound before to another value, or negated for this one (no value is NaN: each equals itself)
                    old = context.get(key, _NONE)
                    if old is not _NONE and old != value:
                        return
                    old = context.get((False, key), _NONE)
                    if old is not _NONE and old == value:
                        return
            token = tuple.__new__(Token, (token.tag, set(token.data), {**context, **match}))
        for _, callback in children:
            callback(token)
    return activate


_NONE = object()


def _join(node: OrdinaryMatchNode, touched: dict) -> tuple:
    """OrdinaryMatchNode's (left, right) activations.  Its memories hold (facts, context, bindings) as
    they came, not frozen copies thawed again at every comparison (no node changes a token it is
    given); ``bindings`` is the context less its negated values (keys ``(False, name)``: a context's
    keys are names or those), which a joined token does not carry further."""
    match, children = node.matcher, node.children
    left_memory: list = []
    right_memory: list = []

    def clear() -> None:
        left_memory.clear()
        right_memory.clear()

    def left(token: Token) -> None:
        touched[clear] = None
        tag, data, context = token
        bindings = {k: v for k, v in context.items() if isinstance(k, str)}
        if tag is VALID:
            left_memory.append((frozenset(data), context, bindings))
        else:
            _forget(left_memory, data, context)
        for other_data, other_context, other_bindings in right_memory:
            if match(context, other_context):
                out = _token(tag, data | other_data, {**bindings, **other_bindings})
                for _, callback in children:
                    callback(out)

    def right(token: Token) -> None:
        touched[clear] = None
        tag, data, context = token
        bindings = {k: v for k, v in context.items() if isinstance(k, str)}
        if tag is VALID:
            right_memory.append((frozenset(data), context, bindings))
        else:
            _forget(right_memory, data, context)
        for other_data, other_context, other_bindings in left_memory:
            if match(other_context, context):
                out = _token(tag, data | other_data, {**bindings, **other_bindings})
                for _, callback in children:
                    callback(out)

    return left, right, clear


def _forget(memory: list, data: set, context: dict) -> None:
    """Take the first entry for these facts and context out of a join's memory, if there is one."""
    data = frozenset(data)
    for i, (d, c, _) in enumerate(memory):
        if d == data and c == context:
            del memory[i]
            return


def _not(node: NotNode, touched: dict) -> tuple:
    """NotNode's (left, right) activations: a left token passes while no right token matches it."""
    match, children = node.matcher, node.children
    left_memory: dict = {}  # (facts, context items) -> [matches on the right, context]
    right_memory: list = []  # (facts, context)

    def clear() -> None:
        left_memory.clear()
        right_memory.clear()

    def left(token: Token) -> None:
        touched[clear] = None
        tag, data, context = token
        key = (frozenset(data), frozenset(context.items()))
        if not right_memory:
            if tag is VALID:
                left_memory[key] = [0, context]
            else:
                del left_memory[key]
            for _, callback in children:
                callback(token)
            return
        count = 0
        for _, other in right_memory:
            if match(context, other):
                count += 1
                if tag is not VALID:
                    break
        if count == 0:
            for _, callback in children:
                callback(token)
        if tag is VALID:
            left_memory[key] = [count, context]
        else:
            del left_memory[key]

    def right(token: Token) -> None:
        touched[clear] = None
        tag, data, context = token
        if tag is VALID:
            right_memory.append((frozenset(data), context))
            inc = 1
        else:
            right_memory.remove((frozenset(data), context))
            inc = -1
        for key, state in left_memory.items():
            if match(state[1], context):
                state[0] += inc
                if state[0] == 0 and inc == -1:
                    out = _token(VALID, set(key[0]), dict(state[1]))
                elif state[0] == 1 and inc == 1:
                    out = _token(INVALID, set(key[0]), dict(state[1]))
                else:
                    continue
                for _, callback in children:
                    callback(out)

    return left, right, clear


def _conflict_set(node: ConflictSetNode, touched: dict, dirty: dict):
    """ConflictSetNode's activation: an Activation of its rule added (or taken back) for ``changes()``,
    which collects them from the nodes marked ``dirty``.  ``added`` and ``removed`` are lists (an
    activation is added once: the memory keeps out a second)."""
    rule = node.rule
    memory: set = set()
    node.added, node.removed = [], []

    def clear() -> None:
        memory.clear()
        node.added, node.removed = [], []

    def activate(token: Token) -> None:
        touched[clear] = None
        dirty[node] = None
        tag, data, context = token
        data = frozenset(data)
        info = (data, frozenset(context.items()))
        if tag is VALID:
            if info in memory:
                return
            memory.add(info)
            activation = Activation(rule, data, {k: v for k, v in context.items() if isinstance(k, str)})
            if node.removed and activation in node.removed:
                node.removed.remove(activation)
            else:
                node.added.append(activation)
        elif info in memory:
            memory.remove(info)
            activation = Activation(rule, data, {k: v for k, v in context.items() if isinstance(k, str)})
            if activation in node.added:
                node.added.remove(activation)
            else:
                node.removed.append(activation)

    return activate, clear


def _where(node: WhereNode):
    """WhereNode's activation (a test over the variables bound so far), without experta's logging."""
    test, names, children = node.matcher.test, tuple(node.matcher.parameters), node.children

    def activate(token: Token) -> None:
        context = token.context
        if test(**{k: context.get(k) for k in names}):
            for _, callback in children:
                callback(token)
    return activate


def _fast(node, callback, lean: dict):
    """A faster callback into ``node`` doing what experta's does (``lean``: node -> its lean activations)."""
    func = getattr(callback, "__func__", None)
    if func is OneInputNode.activate:
        if type(node) is FeatureTesterNode:
            return _feature_tester(node)
        if node in lean:
            return lean[node][0]
        return lambda token: node._activate(_copy(token))
    if func is TwoInputNode.activate_left:
        return lean[node][0] if node in lean else lambda token: node._activate_left(_copy(token))
    if func is TwoInputNode.activate_right:
        return lean[node][1] if node in lean else lambda token: node._activate_right(_copy(token))
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
            for _, callback in children:
                callback(token)
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
        self._dirty: dict = {}  # conflict-set nodes a token reached since changes() last looked
        self._touched: dict = {}  # the clear() of each lean node a token reached since the last reset
        lean: dict = {}  # node -> its lean activations (and clear)
        for node in nodes:
            if type(node) is OrdinaryMatchNode:
                lean[node] = _join(node, self._touched)
            elif type(node) is NotNode:
                lean[node] = _not(node, self._touched)
            elif isinstance(node, ConflictSetNode):
                lean[node] = _conflict_set(node, self._touched, self._dirty)
            elif type(node) is WhereNode and type(node.matcher).__name__ == "WhereCheck":
                lean[node] = (_where(node),)
        # other nodes with a memory keep experta's, reset every time
        self._resets = [n._reset for n in nodes if type(n)._reset is not NoMemory._reset and n not in lean]
        for node in nodes:
            node.children[:] = [ChildNode(c.node, _fast(c.node, c.callback, lean)) for c in node.children]
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

    def changes(self, adding=None, deleting=None):
        for fact in deleting or ():
            self._dispatch(fact, _token(INVALID, {fact}, {}))
        for fact in adding or ():
            self._dispatch(fact, _token(VALID, {fact}, {}))
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
