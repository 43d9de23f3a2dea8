"""Regression tests for experta 1.9.4's agenda defects (shared reference: agenda_repro.py).

1. An activation cancelled by a NOT stays on experta's default agenda and fires when three or
   more equal-salience activations sit on the same facts.
2. Equal-salience activations fire in hash order, which changes between processes.
Our StableStrategy must fix both; the default strategy is checked too, so these tests show the
defect they guard against (if experta ever fixes it, the canary test says so).
"""
from __future__ import annotations

import os
import subprocess
import sys

import pytest
from experta import NOT, Fact, KnowledgeEngine, Rule
from experta.strategies import DepthStrategy

from bridgelaw.run.strategy import StableStrategy


def blocked_rules_that_fire(n: int, strategy) -> list[int]:
    fired, attrs = [], {}
    for i in range(n):
        def action(self, i=i):
            fired.append(i)
        action.__name__ = f"r{i:02d}"
        rule = Rule(Fact(a=1), NOT(Fact(block=i)))(action)
        rule.order = i
        attrs[f"r{i}"] = rule

    def blocker(self):
        self.declare(Fact(block=n - 1))
        self.declare(Fact(block=n // 2))
    attrs["blocker"] = Rule(Fact(a=1), salience=10)(blocker)
    attrs["__strategy__"] = strategy
    engine = type("E", (KnowledgeEngine,), attrs)()
    engine.reset()
    engine.declare(Fact(a=1))
    engine.run()
    return sorted(x for x in fired if x in (n - 1, n // 2))


@pytest.mark.parametrize("n", [3, 5, 10, 20])
def test_blocked_rules_do_not_fire(n):
    assert blocked_rules_that_fire(n, StableStrategy) == []


def test_default_strategy_has_the_defect():
    """Canary: experta's own strategy lets a blocked rule fire (why StableStrategy exists)."""
    assert any(blocked_rules_that_fire(n, DepthStrategy) for n in (3, 5, 10, 20))


ORDER_SCRIPT = """
from experta import Fact, KnowledgeEngine, Rule
from bridgelaw.run.strategy import StableStrategy
fired, attrs = [], {"__strategy__": StableStrategy}
for i in range(8):
    def action(self, i=i):
        fired.append(i)
    action.__name__ = f"rule_{i}"
    r = Rule(Fact(a=1))(action)
    r.order = i
    attrs[f"rule_{i}"] = r
e = type("E", (KnowledgeEngine,), attrs)()
e.reset(); e.declare(Fact(a=1)); e.run()
print(fired)
"""


def test_equal_rules_fire_in_authoring_order_whatever_the_hash_seed():
    orders = {subprocess.run([sys.executable, "-c", ORDER_SCRIPT], capture_output=True, text=True, check=True,
                             env={**os.environ, "PYTHONHASHSEED": str(seed)}).stdout.strip()
              for seed in range(6)}
    assert orders == {"[0, 1, 2, 3, 4, 5, 6, 7]"}
