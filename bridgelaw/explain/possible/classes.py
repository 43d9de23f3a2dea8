"""The values a slot not known may have, and the classes the productions' tests tell apart (see the package).

``unknowns(knowledge, incident)``: each slot stated not known (``"?"``) or known in part, with its classes
[(the value ruled, the values)], less what the rest of the incident rules out (the vocabulary's ``not_known``).
"""
from __future__ import annotations

from dataclasses import dataclass

from ... import values as V
from ...model import Var, remembered
from ...ops import compare, variables
from ...read.incident import CALL_NUMBERS, NOT_KNOWN

MAX_COMBINATIONS = 32  # rulings made for one incident at most: the product of the classes of its unknown slots
TYPES = ("seat", "bool", "enum", "int", "suit", "side", "strain", "card")  # the types whose values can be listed


@dataclass(frozen=True)
class Among:
    """A value known only as one of ``values``: how an element names it (``label``: "a defender")."""

    values: tuple
    label: dict
    key: str | None = None  # the word it is declined as (words.FORMS), where there is one

    def __str__(self) -> str:
        return self.label["en"]


@dataclass(frozen=True)
class Unknown:
    """One slot not known: the fact, its template and slot, what was written, and its classes [(rep, values)]."""

    fact: str
    template: str
    slot: str
    written: object
    classes: tuple
    edges: tuple = ()  # a number too wide to list: each value stands for the numbers up to the next (_edges)
    left_out: bool = False  # the incident left it out (no value, not "?"), and a production waits on it

    def __hash__(self) -> int:  # worked out once: an Unknown keys the words said of it (merge.py), its classes deep
        got = self.__dict__.get("_hash")
        if got is None:
            got = hash((self.fact, self.template, self.slot, self.written, self.classes, self.edges, self.left_out))
            object.__setattr__(self, "_hash", got)
        return got


def unknowns(knowledge, incident, context: tuple = (), left: set = frozenset()) -> list[Unknown]:
    """The slots of ``incident`` stated not known or known in part, each with its classes (none split for a slot
    whose values cannot be listed: a contract, a text). ``context``: facts the ruling adds before it fires (the
    Regulating Authority's elections), whose numbers split a number too (45 minutes against a 30-minute period)."""
    vocab = knowledge.vocabulary
    out = []
    for f in incident.facts:
        for slot_name, form in f.possible:
            if (f.template, slot_name) in CALL_NUMBERS:
                continue  # which call it is about: the reader finds it from the calls under each possibility
            slot = vocab.templates[f.template].slots[slot_name]
            values, edges = domain(vocab, slot, form, incident.facts), ()
            if values is None:
                values = _edges(knowledge, f.template, slot, form, incident.facts + tuple(context), f.id)
                edges = (*values, slot.max if form == NOT_KNOWN else form[2]) if values else ()
            if values is None:
                continue
            values = _allowed(vocab, f.template, slot_name, values, incident.facts)
            classes = tuple(classes_of(knowledge, f.template, slot, values, incident.facts + tuple(context), f.id))
            out.append(Unknown(f.id, f.template, slot_name, form, classes, edges, (f.id, slot_name) in left))
    return out


LISTED = 1000  # the most whole numbers an unknown is split over (a trick: 13; a day would be millions)


def domain(vocab, slot, form, facts) -> list | None:
    """The values ``form`` leaves possible for ``slot`` in order, given the rest of the incident; None: not listed."""
    t = slot.type
    if t in ("call", "calls") and form != NOT_KNOWN and form[0] == "one_of":
        return list(form[1])  # a call (or an auction: a seat not known, ?:2S) known to be one of a few: those
    if t not in TYPES:
        return None
    if t == "int" and (slot.min is None or slot.max is None or slot.max - slot.min >= LISTED):
        return None  # a number with no small range (a day, a score): not split, left not known
    every = V.CARDS if t == "card" else slot.choices() if t != "strain" else list(V.STRAINS)
    if form == NOT_KNOWN:
        return list(every)
    kind = form[0]
    if kind == "one_of":
        return [v for v in every if v in form[1]]
    if kind == "versions":
        return [v for v in every if v in {x for _, x in form[1]}]
    if kind == "range":
        return [v for v in every if form[1] <= v <= form[2]]
    if kind == "card":
        _, suit, ranks = form
        return [c for c in every if (suit is None or c[0] == suit) and (ranks is None or c[1:] in ranks)]
    named = vocab.partly_known[t][form[1]]
    if named.values is not None:
        return [v for v in every if v in named.values]
    if named.ranks is not None:
        return [c for c in every if c[1:] in named.ranks]
    template, slot_name, are = named.seats
    seat = next((f.get(slot_name) for f in facts if f.template == template and f.get(slot_name)), None)
    if seat is None:
        return list(every)  # relative to a seat not stated: any seat
    rel = {"self": seat, "partner": V.partner_of(seat), "lho": V.lho_of(seat), "rho": V.rho_of(seat)}
    return [v for v in every if v in {rel[a] for a in are}]


def _edges(knowledge, template: str, slot, form, facts, fid: str) -> list | None:
    """A number too wide to list (minutes after the score) told apart where it can matter: its least value and,
    on each side of every number it is tested against or the incident states (a 30-minute period), that number
    and its neighbours; the classes then stand for the ranges between. None: no least value to start from."""
    if slot.type != "int" or slot.min is None or (form != NOT_KNOWN and form[0] != "range"):
        return None
    low, high = (slot.min, slot.max) if form == NOT_KNOWN else (form[1], form[2])
    consts = _usage(knowledge).get((template, slot.name), ((),))[0]
    marks = {c for _, c in consts if isinstance(c, int) and not isinstance(c, bool)} | _stated(facts, fid, int)
    edges = {low} | ({high} if high is not None else set())
    edges |= {m + d for m in marks for d in (-1, 0, 1)}
    return sorted(v for v in edges if v >= low and (high is None or v <= high))


def _stated_value(facts, template: str, slot: str):
    """The value the incident states for ``template.slot`` (its first fact that states it), or None."""
    return next((f.get(slot) for f in facts if f.template == template and f.get(slot) is not None), None)


def _allowed(vocab, template: str, slot: str, values: list, facts, strict: bool = False) -> list:
    """``values`` less those the rest of the incident rules out (the vocabulary's ``not_known``: a revoker is not
    dummy; a trick is not after the one being played); all of them where that would leave none (the director's
    words stand)."""
    rule = vocab.not_known.get((template, slot))
    if rule is None:
        return values
    out = list(values)
    if rule.not_seats:
        t, s, are = rule.not_seats
        seat = _stated_value(facts, t, s)
        if seat is not None:
            rel = {"self": seat, "partner": V.partner_of(seat), "lho": V.lho_of(seat), "rho": V.rho_of(seat)}
            out = [v for v in out if v not in {rel[a] for a in are}]
    for bound, keep in ((rule.at_most, lambda v, n: v <= n), (rule.at_least, lambda v, n: v >= n)):
        n = bound and _stated_value(facts, *bound)
        if isinstance(n, int) and not isinstance(n, bool):
            out = [v for v in out if keep(v, n)]
    return out if strict else out or values


def _ruled_out(vocab, split: list, chosen: dict, known) -> bool:
    """Whether a combination's chosen values break what the rest of the incident allows, now that every slot
    has its value (a declarer not known either: the revoker his partner)."""
    for u in split:
        v = chosen.get((u.fact, u.slot))
        if v is not None and (u.template, u.slot) in vocab.not_known and \
                not _allowed(vocab, u.template, u.slot, [v], known.facts, strict=True):
            return True
    return False


def _usage(knowledge) -> dict:
    """(template, slot) -> (the constant tests on it [(op, value)], whether a test names or compares it through a
    variable), over every production; worked out once per knowledge."""
    got = knowledge.__dict__.get("_slot_usage")
    if got is not None:
        return got
    out: dict = {}
    flows: dict = {}  # (template, slot) -> the slots of derived or lasting facts its value is given to as it is
    for p in knowledge.productions:
        figures = _figures(p)
        given = _given(p)
        for pat in p.when:
            for t in pat.tests:
                consts, var = out.setdefault((pat.template, t.slot), ([], [False, False]))
                if t.names or variables(t.value) or t.depends:
                    var[0] = True
                    var[1] = var[1] or any(a is None or a != t.slot for a in figures.get(t.names, ()))
                    if pat.negated:
                        continue
                    flows.setdefault((pat.template, t.slot), set()).update(given.get(t.names, ()))
                elif t.op != "known":
                    consts.append((t.op, t.value))
    # a value given on to another fact is told apart by the tests on that fact too (a card that becomes a
    # penalty card: 50B tells an honour from a spot card)
    for key in list(out):
        seen, todo = {key}, list(flows.get(key, ()))
        while todo:
            nxt = todo.pop()
            if nxt in seen:
                continue
            seen.add(nxt)
            if nxt in out:
                out[key][0].extend(out[nxt][0])
            todo.extend(flows.get(nxt, ()))
    out = {k: (tuple(dict.fromkeys((op, v if not isinstance(v, list) else tuple(v)) for op, v in c)), var[0],
               var[1]) for k, (c, var) in out.items()}
    knowledge.__dict__["_slot_usage"] = out
    return out


def _given(p) -> dict:
    """Each variable a production gives as it is to a derived fact's slot or to a lasting element's argument (a
    lasting element states a fact of its own name): variable name -> {(template, slot), ...}."""
    out: dict = {}
    items = [(e.kind, a, v) for e in p.then for a, v in e.args] + \
            [(x.kind, a, v) for e in p.then for ch in e.choices for x in ch.then for a, v in x.args] + \
            [(d.template, a, v) for d in p.derive for a, v in d.slots] + \
            [(d.template, a, v) for e in p.then for ch in e.choices for d in ch.derive for a, v in d.slots]
    for template, a, v in items:
        if isinstance(v, Var) and v.accessor is None:
            out.setdefault(v.name, set()).add((template, a))
    return out


def _figures(p) -> dict:
    """Each variable a production's elements (its choices' too) or derived facts give: the arguments it is given
    under, None where it is given in arithmetic.  Given under another name than its slot's (``claimer_tricks:
    $w`` from ``tricks_to_claimer: $w``) or in arithmetic, a number is a figure of its own: each value a class."""
    out: dict = {}
    items = [(a, v) for e in p.then for a, v in e.args] + \
            [(a, v) for e in p.then for ch in e.choices for x in ch.then for a, v in x.args] + \
            [(a, v) for d in p.derive for a, v in d.slots]
    for a, v in items:
        for var in variables(v):
            out.setdefault(var.name, set()).add(a if v == var else None)
    return out


def classes_of(knowledge, template: str, slot, values: list, facts, fid: str) -> list:
    """``values`` split into the classes the productions' tests tell apart: [(first value, values), ...]."""
    # a slot no production tests is read by the readers (the dealer gives the calls their seats): each value
    consts, var, figure = _usage(knowledge).get((template, slot.name), ((), True, False))
    if slot.type == "card" or var and slot.type == "int":  # read against the incident's own words or numbers
        return _grouped(slot, values, consts, var, figure, facts, fid)
    # the tests alone tell them apart: the same on any incident, worked out once per knowledge
    return list(remembered(knowledge, "_classes_of", (template, slot.name, tuple(values)),
                           lambda: tuple(_grouped(slot, values, consts, var, figure, (), fid)), knowledge.memos.texts))


def _grouped(slot, values: list, consts: tuple, var: bool, figure: bool, facts, fid: str) -> list:
    """``classes_of``, with the slot's tests (``_usage``) at hand."""
    numbers = _stated(facts, fid, int) if var and slot.type == "int" and not figure else ()
    cards = _stated(facts, fid, str) if var and slot.type == "card" else ()

    def signature(v) -> tuple:
        sig = tuple(compare(op, v, c) for op, c in consts)
        if not var:
            return sig
        if slot.type == "int" and figure:  # a figure an element gives of its own (a claim's tricks): each value
            return sig, v
        if slot.type == "int":  # how it stands to each number the incident states
            return sig, tuple((v > n) - (v < n) for n in numbers)
        if slot.type == "card":  # a card the incident names is its own class; the rest by suit (and by the tests
            # on the facts its value is given to: _usage's flows, 58B2's other card to 50B's honours)
            return sig, (v if v in cards else v[0])
        return sig, v
    groups: dict = {}
    for v in values:
        groups.setdefault(signature(v), []).append(v)
    said = _words(facts) if slot.type == "card" else ""
    # a class is ruled by its first value, or, for a card, by its first the incident's own words do not name (a
    # finding that says "the ♠2" keeps saying it when the card is ruled by its class)
    return [(next((v for v in vs if V.render_card(v) not in said), vs[0]) if said else vs[0], tuple(vs))
            for vs in groups.values()]


def _words(facts) -> str:
    """The words the incident's facts state (a finding's text), together."""
    out = []
    for f in facts:
        for _, v in f.values:
            if isinstance(v, str) and " " in v:
                out.append(v)
            elif isinstance(v, dict):
                out += [x for x in v.values() if isinstance(x, str)]
    return "\n".join(out)


def _stated(facts, fid: str, kind) -> set:
    """The values of one kind (numbers; card names) the incident's other slots state."""
    out = set()
    for f in facts:
        for s, v in f.values:
            if f.id == fid and v is None:
                continue
            for x in (v if isinstance(v, tuple) else (v,)):
                if isinstance(x, kind) and not isinstance(x, bool) and (kind is int or V.coerce_card(x) == x):
                    out.add(x)
    return out
