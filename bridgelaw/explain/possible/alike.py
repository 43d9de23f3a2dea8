"""Classes of the unknowns that rule alike, ruled once (see the package): the slots only the board's result
reads, whatever the incident (``unread``: no production tests them, the vulnerability) or on this incident
(``_moot``: every production that tests the one unknown fails on its other facts, whatever its value).  Two
combinations whose incidents differ in such slots alone have the same firings and elements: ``retold`` gives
the second the first's ruling with its own result (split.py keys them by ``unread_key``).
"""
from __future__ import annotations

from dataclasses import replace

from ...read.infact import InFact
from ..why import _by_template, _derived, _ways
from .classes import _usage


def moot_slots(knowledge, split: list, ruling) -> frozenset:
    """The slots only the result reads on this incident (``ruling``: the first made under its unknowns), or
    none where no unknown split is one: combinations then differ in what a production reads."""
    skip = unread(knowledge) | _moot(knowledge, split, ruling)
    return skip if any((u.template, u.slot) in skip for u in split) else frozenset()


def unread(knowledge) -> frozenset:
    """(template, slot) of each slot whose value only the board's result reads: no production tests it (so no
    firing, element or derived fact can tell its values apart), nor names facts by it (a seat), nor is it a card,
    nor is its fact read by a reader of its own (a choice, the laws not encoded, the regulations).  Worked out
    once per knowledge."""
    got = knowledge.__dict__.get("_unread")
    if got is None:
        used = _usage(knowledge)
        got = knowledge.__dict__["_unread"] = frozenset(
            (t, s) for t, tmpl in knowledge.vocabulary.templates.items() if t not in _READ_WHOLE and not tmpl.derived
            for s, slot in tmpl.slots.items() if (t, s) not in used and slot.type in ("bool", "enum", "int"))
    return got


_READ_WHOLE = ("choice", "not_encoded", "irregularity", "regulations", "auction", "call")


def _moot(knowledge, split: list, ruling) -> frozenset:
    """{(template, slot)} of the one unknown split where, on this incident, no production could read it: every
    production that tests it (in any condition, a ``not`` one too) fails on the ruling's other facts with the
    slot left open (why.py's ways: none), so no value of it makes one fire, stop one firing or wait; else {}.
    Only a slot whose fact the readers take as it is (not a choice, a call; a seat only of a fact of which
    there is one, as a seat names one fact among several) and only where it alone is not known: under another
    unknown's other values a production might read it."""
    if len(split) != 1 or split[0].left_out or not ruling.working:
        return frozenset()
    u = split[0]
    t = knowledge.vocabulary.templates[u.template]
    kind = t.slots[u.slot].type
    if u.template in _READ_WHOLE or t.derived or kind not in ("bool", "enum", "int", "seat", "side") or \
            kind == "seat" and t.many:
        return frozenset()
    if any(use.id == u.fact and u.slot in use.slots for firing in ruling.firings for use in firing.facts):
        return frozenset()  # a production tested it and fired: it reads it (its ways below would say so too)
    facts = [InFact(f.template, f.id, tuple((s, None if s == u.slot else v) for s, v in f.values), f.loc, f.possible)
             if f.id == u.fact and f.template == u.template else f for f in ruling.working]
    by_t, derived = _by_template(facts), _derived(knowledge)
    present = by_t.keys()
    for p in knowledge.slot_testers.get((u.template, u.slot), ()):
        if _needs(p) <= present and _ways(p, by_t, derived, frozenset(), None, frozenset(), one=True):
            return frozenset()
    return frozenset({(u.template, u.slot)})


def _needs(prod) -> frozenset:
    """The templates a production's positive conditions test: without a fact of each, it cannot match."""
    got = prod.__dict__.get("_needs")
    if got is None:
        got = prod.__dict__["_needs"] = frozenset(pat.template for pat in prod.when if not pat.negated)
    return got


def unread_key(known, skip: frozenset) -> tuple:
    """The facts of ``known`` less the values of the slots ``skip`` holds (only the result reads them:
    ``moot_slots``): two incidents alike but for those are ruled alike, the result apart (``retold``)."""
    templates = {t for t, _ in skip}  # a fact of any other template as it is
    return tuple((f.template, f.id, tuple((s, None if (f.template, s) in skip else v) for s, v in f.values)
                  if f.template in templates else f.values) for f in known.facts)


def retold(knowledge, before, ruling, known):
    """``ruling``, made for the incident ``before``, for ``known``, which differs from it only in slots no
    production reads: the same firings and elements, its result worked out from ``known``'s facts (what it
    announces is the merge's: a class ruled so is never the first, whose announcement the merge reads)."""
    from ..result import board_result
    was = {f.id: f for f in before.facts}
    now = {f.id: f for f in known.facts}
    working = [now[f.id] if f.id in now and was.get(f.id) is f else f for f in ruling.working or ()]
    return replace(ruling, working=working,
                   result=board_result(knowledge, working, ruling.elements, ruling.open_questions))
