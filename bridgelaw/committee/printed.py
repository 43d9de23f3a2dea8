"""Slots a production tests only to name them: ``printed_only(knowledge) -> [Problem]`` (warnings).

A condition ``card: $c`` on a fact the director states needs the card to be known before the production can
fire.  Where ``$c`` is used nowhere else in the conditions (no other test joins or compares it) and no derived
fact takes it, only an element's words do ("♦A is a major penalty card"): nothing in the production depends on
which card it was, yet "not known" would stop it firing but for the split into possibilities
(explain/possible/), which rules it once per class of card only to name it.  Only the types that name a thing
are looked at (a card, a call, a text): a seat or a side says to whom a rectification applies, a number is a
count the ruling gives.  `check` warns at the condition, unless the production says why it names the value
(``names_value: {ru, en}``, as ``chain_ends`` says why a cycle ends).
"""
from __future__ import annotations

from ..errors import Problem
from ..ops import variables

HINT = ("say it in words that need no value (\"the card led\"); or, where the ruling should name it to the table, say"
        " why in 'names_value: {ru, en}'")
NAMING = ("card", "call", "text")  # the slot types whose value a ruling names rather than uses


def printed_only(knowledge) -> list[Problem]:
    """One warning per (production, slot) whose variable only an element's words use."""
    templates = knowledge.vocabulary.templates
    out = []
    for p in knowledge.productions:
        if p.choice_of:  # a choice's consequences: the offering production is warned about
            continue
        if p.names_value:
            continue
        used = _used_in_conditions(p) | _used_in_derived(p)
        for pat in p.when:
            if pat.negated or pat.template not in templates or templates[pat.template].derived:
                continue
            for t in pat.tests:
                name = t.names
                slot = templates[pat.template].slots.get(t.slot)
                if name is None or name in used or slot is None or slot.type not in NAMING:
                    continue
                if not _used_in_elements(p, name):
                    continue  # bound and never used: another warning's business (an unused variable)
                out.append(Problem(t.loc, f"{p.id} tests {pat.template}.{t.slot} only to say it (${name} is"
                                   " used only in an element's words): \"not known\" would stop it firing though"
                                   " nothing in it depends on the value", f"production {p.id}", HINT, "warning"))
    return out


def _used_in_conditions(p) -> set:
    """The variables a condition uses other than by naming them once: a join (named twice) or a comparison."""
    named: dict = {}
    out = set()
    for pat in p.when:
        for t in pat.tests:
            if t.names:
                named[t.names] = named.get(t.names, 0) + 1
            else:
                out |= {v.name for v in variables(t.value)}
    return out | {n for n, count in named.items() if count > 1}


def _values(items) -> list:
    return [v for _, v in items]


def _used_in_derived(p) -> set:
    out = {v.name for d in p.derive for v in variables(tuple(_values(d.slots)))}
    for e in p.then:
        for c in e.choices:
            out |= {v.name for d in c.derive for v in variables(tuple(_values(d.slots)))}
    return out


def _used_in_elements(p, name: str) -> bool:
    def uses(elements) -> bool:
        return any(name in {v.name for v in variables(tuple(_values(e.args)))} or uses(
            [x for c in e.choices for x in c.then]) for e in elements)
    return uses(p.then)
