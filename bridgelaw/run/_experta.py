"""The one place bridgelaw imports experta.

experta calls ``logging.basicConfig()`` when imported, which would configure the
root logger of any program that imports bridgelaw.  A handler placed on the root
logger for the duration of the import makes that call a no-op; only the command
line configures logging.
"""
from __future__ import annotations

import logging

_root = logging.getLogger()
_guard = logging.NullHandler()
_root.addHandler(_guard)
try:
    from experta import AS, NOT, TEST, W, Fact, KnowledgeEngine, P, Rule  # noqa: F401
    from experta.abstract import Strategy  # noqa: F401
    from experta.agenda import Agenda  # noqa: F401
    from experta.fact import InitialFact  # noqa: F401
    from experta.factlist import FactList  # noqa: F401
    from experta.matchers import ReteMatcher  # noqa: F401
    from experta.matchers.rete.abstract import OneInputNode, TwoInputNode  # noqa: F401
    from experta.matchers.rete.check import FactCapture, FeatureCheck, TypeCheck, WhereCheck  # noqa: F401
    from experta.matchers.rete.mixins import NoMemory  # noqa: F401
    from experta.matchers.rete.mixins import ChildNode  # noqa: F401
    from experta.matchers.rete.nodes import ConflictSetNode, FeatureTesterNode, NotNode, OrdinaryMatchNode, WhereNode  # noqa: F401
    from experta.matchers.rete.check import SameContextCheck  # noqa: F401
    from experta.activation import Activation  # noqa: F401
    from experta.utils import freeze  # noqa: F401
    from experta.matchers.rete.token import Token  # noqa: F401
    from experta.fieldconstraint import FieldConstraint  # noqa: F401
finally:
    _root.removeHandler(_guard)
