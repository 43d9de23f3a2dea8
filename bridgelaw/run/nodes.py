"""experta's Rete nodes, lean: the activations FastMatcher (rete.py) wires into experta's network.

Each function takes one of experta's nodes and returns what its activation does, without
experta's bookkeeping (tokens validated, copied, frozen and thawed; a logging call per test):

- ``callback_into(node, callback, lean)``: the call into a node from its parent; a
  FeatureTesterNode's one-fact test runs before the token is copied, as one call
  (``_matcher``, ``_value_test``); sibling tests ``slot == value`` become one dict
  lookup (``hashed``);
- ``lean_join``, ``lean_not``, ``lean_conflict_set``, ``lean_where``: the activations of
  OrdinaryMatchNode, NotNode, ConflictSetNode and WhereNode (with the ``clear`` of their
  memories), doing what experta's do; their memories hold a token's facts and context as
  they came, since no node changes a token it is given.

``touched`` (the memories a token reached since the last reset) and ``dirty`` (the
conflict-set nodes that have activations to report) are the matcher's.  tests/test_rete.py
compares the activations with experta's own matcher.
"""
from __future__ import annotations

from collections.abc import Mapping

from ._experta import (Activation, ChildNode, ConflictSetNode, FactCapture, FeatureCheck, FeatureTesterNode, NotNode,
                       OneInputNode, OrdinaryMatchNode, SameContextCheck, Token, TwoInputNode, WhereNode)

VALID, INVALID = Token.TagType.VALID, Token.TagType.INVALID


def make_token(tag, data: set, context: dict) -> Token:
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


def lean_join(node: OrdinaryMatchNode, touched: dict) -> tuple:
    """OrdinaryMatchNode's (left, right) activations.  Its memories hold (facts, context, bindings,
    plain) as they came, not frozen copies thawed again at every comparison (no node changes a token
    it is given); ``bindings`` is the context less its negated values (keys ``(False, name)``: a
    context's keys are names or those), which a joined token does not carry further, and ``plain``
    says it had none.  Two plain contexts join when every name they share has one value: what
    experta's SameContextCheck finds, without its per-name checks for negated values."""
    match, children = node.matcher, node.children
    same_context = type(match) is SameContextCheck
    left_memory: list = []
    right_memory: list = []

    def clear() -> None:
        left_memory.clear()
        right_memory.clear()

    def side(own: list, other: list, is_left: bool):
        """The activation of one input: remember the token, join it with each entry of the other memory."""
        def activate(token: Token) -> None:
            touched[clear] = None
            tag, data, context = token
            bindings = {k: v for k, v in context.items() if isinstance(k, str)}
            plain = same_context and len(bindings) == len(context)
            if tag is VALID:
                own.append((frozenset(data), context, bindings, plain))
            else:
                _forget(own, data, context)
            for other_data, other_context, other_bindings, other_plain in other:
                if plain and other_plain:
                    for name, value in bindings.items():
                        if name in other_bindings and other_bindings[name] != value:
                            break
                    else:
                        out = make_token(tag, data | other_data, {**bindings, **other_bindings})
                        for _, callback in children:
                            callback(out)
                elif match(context, other_context) if is_left else match(other_context, context):
                    out = make_token(tag, data | other_data, {**bindings, **other_bindings})
                    for _, callback in children:
                        callback(out)
        return activate

    return side(left_memory, right_memory, True), side(right_memory, left_memory, False), clear


def _forget(memory: list, data: set, context: dict) -> None:
    """Take the first entry for these facts and context out of a join's memory, if there is one."""
    data = frozenset(data)
    for i, (d, c, *_) in enumerate(memory):
        if d == data and c == context:
            del memory[i]
            return


def lean_not(node: NotNode, touched: dict) -> tuple:
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
                    out = make_token(VALID, set(key[0]), dict(state[1]))
                elif state[0] == 1 and inc == 1:
                    out = make_token(INVALID, set(key[0]), dict(state[1]))
                else:
                    continue
                for _, callback in children:
                    callback(out)

    return left, right, clear


def lean_conflict_set(node: ConflictSetNode, touched: dict, dirty: dict):
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


def lean_where(node: WhereNode):
    """WhereNode's activation (a test over the variables bound so far), without experta's logging."""
    test, names, children = node.matcher.test, tuple(node.matcher.parameters), node.children

    def activate(token: Token) -> None:
        context = token.context
        if test(**{k: context.get(k) for k in names}):
            for _, callback in children:
                callback(token)
    return activate


def callback_into(node, callback, lean: dict):
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


def hashed(children: list) -> list:
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
