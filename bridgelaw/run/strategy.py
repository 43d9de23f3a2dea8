"""Our agenda strategy for experta: fixes the two defects that change rulings.

experta 1.9.4's DepthStrategy (1) lets an activation that a ``NOT`` has
cancelled stay on the agenda and fire when three or more equal-salience
activations sit on the same facts, and (2) orders equal-salience activations
by hash, so firing order (and so traces) change between processes.

``StableStrategy`` keys every activation uniquely and deterministically:
(salience, -canonical order of the production, -matched fact ids, then the
rule's name), and really removes a cancelled activation.
The agenda is a list sorted ascending; experta pops the last (highest) key.
"""
from __future__ import annotations

import bisect

from ._experta import Strategy


class StableStrategy(Strategy):
    """Deterministic agenda; cancelled activations are really removed."""

    @staticmethod
    def key(activation) -> tuple:
        rule = activation.rule
        head = rule.__dict__.get("_stable_key")
        if head is None:  # what the key takes from the rule, worked out once per rule
            order = getattr(rule, "order", None)
            if order is None:  # a Rule experta rebuilt (new_conditions) keeps only the wrapped function
                order = getattr(getattr(rule, "_wrapped", None), "order", 0)
            name = getattr(rule, "__name__", "")
            head = rule.__dict__["_stable_key"] = (rule.salience, -order, tuple(-ord(c) for c in name))
        fact_ids = tuple(sorted([-f["__factid__"] for f in activation.facts]))  # the ids, highest first, negated
        # the facts in pattern order (f0, f1, ...) tell apart two matches of one rule on the same facts
        bound = sorted((int(k[1:]), -v["__factid__"]) for k, v in activation.context.items()
                       if k[:1] == "f" and k[1:].isdigit() and hasattr(v, "get"))
        return (head[0], head[1], fact_ids, tuple(i for _, i in bound), head[2])

    def _update_agenda(self, agenda, added, removed):
        # An activation's key tells it apart (same rule, same facts in the same patterns: same
        # bindings), so the agenda, sorted by key, is searched by bisection, not compared item by item.
        acts = agenda.activations
        for act in removed:
            act.key = self.key(act)
            i = bisect.bisect_left(acts, act.key, key=_key)
            if i < len(acts) and acts[i].key == act.key:
                del acts[i]
        for act in added:
            act.key = self.key(act)
            i = bisect.bisect_left(acts, act.key, key=_key)
            if i == len(acts) or acts[i].key != act.key:
                acts.insert(i, act)


def _key(activation) -> tuple:
    return activation.key
