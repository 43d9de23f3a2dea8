"""Consequences that last: ruling elements that are also facts later productions see.

Shape::

    check_lasting(elements, templates, c)    # the vocabulary: each lasting kind has its template
    derives(then, vocab) -> (Derive, ...)     # a production: the facts its lasting elements state

An element kind marked ``lasts: true`` (a penalty card, a lead restriction,
unauthorized information) names a template of the same name whose slots
include each of its arguments, of the same type.  A production that gives
such an element also states that fact, its arguments as slots, so later
productions (Law 50 on a penalty card from Law 62B1, a lead on a later trick)
test it as they test any fact; an incident may state it too (a penalty card
left from an earlier trick).
"""
from __future__ import annotations

from ..errors import Collector
from ..model import Derive


def check_lasting(elements: dict, templates: dict, c: Collector) -> None:
    """A lasting element kind needs a template of its name holding its arguments, typed alike."""
    for ek in elements.values():
        if not ek.lasts:
            continue
        t = templates.get(ek.name)
        if t is None:
            c.add(ek.loc, f"element {ek.name} lasts, but there is no template '{ek.name}' for the fact it states",
                  hint=f"declare a template {ek.name} whose slots hold its arguments ({', '.join(ek.args) or 'none'})")
            continue
        for name, arg in ek.args.items():
            slot = t.slots.get(name)
            if slot is None or slot.type != arg.type or (arg.values and not set(arg.values) <= set(slot.values)):
                c.add(arg.loc, f"element {ek.name} lasts: its argument '{name}' ({arg.type}) needs a slot"
                      f" '{name}' of type {arg.type} (with its values) in template {ek.name}",
                      hint=f"add the slot to template {ek.name} (declared at {t.loc})")


def derives(then: tuple, vocab) -> tuple:
    """The facts that the lasting elements among ``then`` state (arguments as slots)."""
    return tuple(Derive(e.kind, e.args, e.loc) for e in then if vocab.elements[e.kind].lasts)
