"""The lean matcher (bridgelaw/run/rete.py) against experta's own, node by node.

FastEngine rewires experta's network (joins, not, conflict sets, tests) for speed; the
differential test compares whole rulings with CLIPS, but bridgelaw's productions never take a
fact back, so the paths a retraction or a cancelled `not` takes through the network are checked
here: the same rules, the same declarations and retractions, in experta's engine and in
FastEngine, must give the same activations at every step.
"""
from __future__ import annotations

import random

from bridgelaw.run._experta import AS, NOT, TEST, W, Fact, KnowledgeEngine, P, Rule
from bridgelaw.run.rete import FastEngine


class A(Fact):
    pass


class B(Fact):
    pass


class C(Fact):
    pass


def rules(base):
    class Engine(base):
        @Rule(AS.a << A(x=W("x")), NOT(B(x=W("x"))), AS.c << C(x=W("x")))
        def a_not_b_then_c(self, **_):
            pass

        @Rule(AS.a << A(x=W("x"), y=W("y")), AS.c << C(x=W("x")), TEST(lambda y: y is not None and y > 1))
        def a_and_c_where(self, **_):
            pass

        @Rule(NOT(B(x=2)), AS.a << A(y=P(lambda v: v is not None and v % 2 == 0)))
        def no_b2_then_even_a(self, **_):
            pass

        @Rule(AS.a << A(x=W("x")), NOT(C(x=W("x"))), NOT(B()))
        def a_alone(self, **_):
            pass

        @Rule(AS.b << B(x=1, y=W("y")), AS.c << C(y=W("y"), x=W("x")), AS.a << A(x=W("x")))
        def chain(self, **_):
            pass
    return Engine()


def activations(engine) -> list:
    """The agenda as (rule, fact ids, bound values), in a fixed order."""
    return sorted((a.rule.__name__, tuple(sorted(f["__factid__"] for f in a.facts)),
                   tuple(sorted((k, repr(v)) for k, v in a.context.items() if not k.startswith("__"))))
                  for a in engine.agenda.activations)


def test_fast_engine_keeps_experta_activations_through_declarations_and_retractions():
    rnd = random.Random(7)
    plain, fast = rules(KnowledgeEngine), rules(FastEngine)
    for e in (plain, fast):
        e.reset()
    steps = 0
    for _ in range(400):
        live = [f for f in plain.facts.values() if isinstance(f, (A, B, C))]
        if live and rnd.random() < 0.35:
            fact = rnd.choice(live)
            for e in (plain, fast):
                e.retract(fact["__factid__"])
        else:
            kind = rnd.choice((A, B, C))
            values = {"x": rnd.randint(1, 3), "y": rnd.choice((None, 1, 2, 4))}
            for e in (plain, fast):
                e.declare(kind(**values))
        assert activations(fast) == activations(plain)
        steps += bool(plain.agenda.activations)
    assert steps > 100, "the rules seldom matched: the test would prove little"
