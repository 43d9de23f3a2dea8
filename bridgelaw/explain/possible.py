"""What the director does not know is a set of possibilities: ruled under each that matters, and merged.

Shape: ``rule_each(knowledge, incident, rule_one) -> Ruling``, ``rule_one`` being either back end's ruling of a
fully known incident (engine.py, run/clips.py): the split is made before either engine runs, so both see only
known facts.

- A slot stated not known (``"?"``) leaves possible every value of its type (seats, true/false, an enum's values,
  a number's range, suits, cards); one known in part (read/incident.py ``partly_form``: a name the vocabulary
  declares in ``partly_known``, ``{one_of: [...]}``, a range, a card's suit or ranks) fewer; either less what the
  rest of the incident rules out (the vocabulary's ``not_known``: a revoker is not dummy, a trick is not after
  the one being played).
- ``classes``: the values a slot may have, split into the classes the productions' tests can tell apart: by the
  constants it is tested against (``is``, ``in``, ``less``...), and those on the facts its value is given on to
  (a card that becomes a penalty card); where a test names or compares it through a variable, each value a
  class (a seat, a suit), a number by how it stands to the numbers the incident states (each apart where a
  production gives it as a figure of its own), a card each card the incident names, then one class a suit.
  A class is ruled by its first value (a card: its first the incident's words do not name); a class of several
  numbers has its result worked out for each, said from the first to the last where they differ.
- the classes of every unknown slot are combined, at most MAX_COMBINATIONS (a slot past the bound stays not
  known, as before, and the ruling says so), each ruled as a fully known incident.  A combination the rest of
  the incident rules out (one card in two hands; dummy's revoke where the declarer was not known either) is
  left out.
- ``merge``: an element the same under every combination is said plainly; one that differs only by naming
  the unknown value is said once, naming it by what is known of it ("a defender"); any other is said under
  the combinations that give it, its ``when`` naming the unknown and the class ("if the revoke trick is 12").
  The result gives each combination's result where they differ; an unknown that changes the ruling is asked.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from itertools import product

from .. import values as V
from ..model import Var
from ..ops import compare, variables
from ..read.incident import CALL_NUMBERS, NOT_KNOWN, check_cards, read_again
from ..errors import Collector
from ..run.record import _own_text, render_element
from ..words import LANGS, both, inflect, word
from .provisional import choice_conditions
from .ruling import Firing, OpenQuestion, Ruling

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
            values, edges = _domain(vocab, slot, form, incident.facts), ()
            if values is None:
                values = _edges(knowledge, f.template, slot, form, incident.facts + tuple(context), f.id)
                edges = (*values, slot.max if form == NOT_KNOWN else form[2]) if values else ()
            if values is None:
                continue
            values = _allowed(vocab, f.template, slot_name, values, incident.facts)
            classes = tuple(_classes(knowledge, f.template, slot, values, incident.facts + tuple(context), f.id))
            out.append(Unknown(f.id, f.template, slot_name, form, classes, edges, (f.id, slot_name) in left))
    return out


def _over(incident) -> bool:
    return any(f.template == "auction_over" for f in incident.facts)


def _not_yet(knowledge, incident, chosen: dict, known, known_of=None) -> tuple[dict, object]:
    """The values chosen, less any that can have none yet: given one, the auction would be over (a declarer, a
    contract: the reader's rule, read/auction.py) though the calls stated do not end it.  Such a slot stays not
    known, as the laws of the auction rule on it (24D/24E say what follows if the offender declares).
    ``known_of(chosen)``: ``_known`` of ``incident``, remembered across the combinations of one ruling."""
    if not incident.stated or not _over(known):
        return chosen, known
    for key in list(chosen):
        if not _over(known):
            break
        less = {k: v for k, v in chosen.items() if k != key}
        fewer = known_of(less) if known_of else _known(knowledge, incident, less)
        if any(f.template == "call" for f in fewer.facts) and not _over(fewer):
            chosen, known = less, fewer
    return chosen, known


LISTED = 1000  # the most whole numbers an unknown is split over (a trick: 13; a day would be millions)


def _domain(vocab, slot, form, facts) -> list | None:
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


def _classes(knowledge, template: str, slot, values: list, facts, fid: str) -> list:
    """``values`` split into the classes the productions' tests tell apart: [(first value, values), ...]."""
    # a slot no production tests is read by the readers (the dealer gives the calls their seats): each value
    consts, var, figure = _usage(knowledge).get((template, slot.name), ((), True, False))
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


def announce_words(key: str) -> dict:
    from ..words import LANGS, word
    return {lang: word(key, lang) for lang in LANGS}


PASSES = 3  # rulings of an incident made at most while answers left out are found waited on (waited_on)


def rule_each(knowledge, incident, rule_one, context: tuple = ()):
    """The ruling of ``incident`` under every combination of its unknowns' classes that matters, merged
    (``context``: see unknowns).  A slot the incident left out that a production waits on (explain/provisional.py:
    an exception or an "unless" that could still apply once it is known) is not known either: it is split as
    "?" is (the ruling made again with it so), and said the same way, an element it could change said under
    each class that gives it ("if the revoke trick is 12: ..."), never marked provisional."""
    left: set = set()
    for _ in range(PASSES):
        got = _rule_each(knowledge, incident, rule_one, context, left)
        more = waited_on(knowledge, incident, got[3], left)
        if not more:
            break
        left |= more
        incident = blanked_all(knowledge, incident, sorted(more))
    ruling, split, combos, rulings, bounded = got
    return ruling if ruling is not None else merge(knowledge, split, combos, rulings, bounded)


def waited_on(knowledge, incident, rulings: list, left: set) -> set:
    """(fact, slot) of each slot the incident left out (stated no value, not "?") that a production waits on
    in some ruling of ``rulings`` (an element's mark, explain/provisional.py) and that can be split."""
    stated = {f.id: f for f in incident.stated or incident.facts}
    out = set()
    for r in rulings:
        given = {f.id: f for f in r.working or ()}  # a slot the regulations give (79C1's period) is not left out
        # a card left out is split only where nothing was ruled on its fact: a ruling that stands without naming
        # it (62B1: "the revoke card becomes a major penalty card") is not made again once per card
        ruled = {u.id for x in r.firings for u in x.facts}
        for e in r.elements:
            for u in e.provisional:
                f = stated.get(u.fact)
                if u.option or not u.split or f is None or f.template != u.template or (u.fact, u.slot) in left or \
                        u.fact in given and given[u.fact].get(u.slot) is not None:
                    continue
                slot = knowledge.vocabulary.templates[u.template].slots.get(u.slot)
                if slot is None or slot.several or slot.type not in TYPES or f.get(u.slot) is not None \
                        or slot.type == "card" and u.fact in ruled \
                        or u.slot in dict(f.possible) or (u.template, u.slot) in CALL_NUMBERS:
                    continue
                out.add((u.fact, u.slot))
        for q in r.open_questions:  # a card a waiting production needs only to name it (the card led: 54's
            f = stated.get(q.fact)  # choices whatever it was): the production fires under each class of card
            if f is None or f.template != q.template or (q.fact, q.slot) in left or f.get(q.slot) is not None \
                    or q.slot in dict(f.possible) or u_given(given, q.fact, q.slot) or q.fact in ruled:
                continue
            slot = knowledge.vocabulary.templates[q.template].slots.get(q.slot)
            if slot is not None and slot.type == "card" and not slot.several and q.why and all(
                    _names_only(knowledge.production(w["production"]), q.template, q.slot) for w in q.why):
                out.add((q.fact, q.slot))
    return out


def u_given(given: dict, fact: str, slot: str) -> bool:
    """Whether the working facts give ``fact.slot`` a value (the regulations, the cards)."""
    return fact in given and given[fact].get(slot) is not None


def _names_only(prod, template: str, slot: str) -> bool:
    """Whether ``prod`` tests ``template.slot`` only by naming its value (``card: $c``)."""
    tests = [t for pat in prod.when if pat.template == template and not pat.negated for t in pat.tests if t.slot == slot]
    return bool(tests) and all(t.names for t in tests)


def blanked_all(knowledge, incident, slots: list):
    """``incident`` with each (fact, slot) of ``slots`` written not known (blanked)."""
    for fact, slot in slots:
        incident = blanked(knowledge, incident, fact, slot)
    return incident


def _rule_each(knowledge, incident, rule_one, context: tuple, left: set) -> tuple:
    """(the ruling where nothing is split or None, the unknowns split, their combinations, each one's ruling,
    the unknowns left not known past the bound)."""
    slots = unknowns(knowledge, incident, context, left)
    if not slots:
        one = rule_one(incident)
        return one, [], [], [one], []
    split, bounded, n = [], [], 1
    for u in sorted(slots, key=lambda u: u.left_out):  # what the director said he does not know first
        if n * len(u.classes) <= MAX_COMBINATIONS:
            split.append(u)
            n *= len(u.classes)
        else:
            bounded.append(u)
    combos, rulings, done = [], [], {}
    read: dict = {}  # the incident read under chosen values, each once (_not_yet reads it less each value in turn)

    def known_of(chosen: dict):
        key = tuple(sorted(chosen.items(), key=repr))
        if key not in read:
            read[key] = _known(knowledge, incident, chosen)
        return read[key]
    for combo in product(*(range(len(u.classes)) for u in split)):
        if not _one_story(split, combo):
            continue
        chosen = {(u.fact, u.slot): u.classes[i][0] for u, i in zip(split, combo)}
        chosen, known = _not_yet(knowledge, incident, chosen, known_of(chosen), known_of)
        c = Collector()
        check_cards(list(known.facts), knowledge.vocabulary, c)
        if c.problems or _ruled_out(knowledge.vocabulary, split, chosen, known):  # the rest of the incident rules it out
            continue
        key = tuple(sorted(chosen.items(), key=repr))
        if key not in done:
            done[key] = _each_value(knowledge, split, combo, rule_one(known))
        combos.append(combo)
        rulings.append(done[key])
    if not rulings:
        one = rule_one(known_of({}))
        return one, [], [], [one], []
    return None, split, combos, rulings, bounded


def _each_value(knowledge, split: list, combo: tuple, ruling):
    """``ruling``, made for a combination whose class of several numbers was ruled by its first value, with its
    result worked out for every value of the class (the elements are the same for each: the productions' tests
    cannot tell them apart) and said as the range from the first to the last where they differ ("3♠ by North,
    from 0 tricks, down 9; E-W +450 to 9 tricks, made; N-S +140"), never the first value's figures alone."""
    if ruling.result is None or not ruling.working:
        return ruling
    from .result import board_result
    for u, i in zip(split, combo):
        values = u.classes[i][1]
        if len(values) < 2 or knowledge.vocabulary.templates[u.template].slots[u.slot].type != "int":
            continue
        results = []
        for v in values if len(values) <= 14 else (values[0], values[-1]):  # a wide range: its ends
            working = [replace(f, values=tuple((s, v if s == u.slot else x) for s, x in f.values))
                       if f.id == u.fact and f.template == u.template else f for f in ruling.working]
            results.append(board_result(knowledge, working, ruling.elements, ruling.open_questions))
        if len({_key(r.text if r else None) for r in results}) > 1:
            ruling = replace(ruling, result=_range(results))
    return ruling


def _range(results: list):
    """One result for a class of numbers whose values give different results: the line from the first value's
    to the last's (what they share said once), the figures kept only where every value gives the same."""
    import re
    first, last = results[0], results[-1]
    base = next(r for r in results if r is not None)
    text = {}
    for lang in LANGS:
        a, b = ((r.text[lang] if r else word("possible.no_result", lang)) for r in (first, last))
        sa, sb = re.split(r"(, |; )", a), re.split(r"(, |; )", b)
        p = 0
        while p < min(len(sa), len(sb)) and sa[p] == sb[p]:
            p += 1
        q = 0
        while q < min(len(sa), len(sb)) - p and sa[-1 - q] == sb[-1 - q]:
            q += 1
        middle = [x[p:len(x) - q] for x in (sa, sb)]
        text[lang] = "".join(sa[:p]) + word("possible.range", lang, first="".join(middle[0]),
                                                last="".join(middle[1])) + "".join(sa[len(sa) - q:])
    same = {k: getattr(base, k) if len({_key(getattr(r, k, None)) for r in results}) == 1
            else ([] if k == "outcomes" else None)
            for k in ("contract", "declarer", "tricks", "table_tricks", "made", "score", "outcomes", "imps")}
    return replace(base, text=text, steps=[], **same)


def _one_story(split, combo) -> bool:
    """Slots told two ways (Law 85) are each side's one story: a combination takes all of them from one side."""
    sides = None
    for u, i in zip(split, combo):
        if u.written != NOT_KNOWN and u.written[0] == "versions":
            told = {side for side, v in u.written[1] if v in u.classes[i][1]}
            sides = told if sides is None else sides & told
    return sides is None or bool(sides)


def stated_slots(knowledge, incident) -> list[tuple]:
    """(fact, slot, value, type) of every slot the incident states that a director could say he does not know
    (a listable type, not `several`, not a call named by its number, which the reader finds from the calls)."""
    out = []
    for f in incident.stated or incident.facts:
        t = knowledge.vocabulary.templates[f.template]
        for s, v in f.values:
            slot = t.slots[s]
            if v is None or slot.several or slot.type not in TYPES or t.derived or (f.template, s) in CALL_NUMBERS:
                continue
            out.append((f.id, s, v, slot.type))
    return out


def blanked(knowledge, incident, fact: str, slot: str, form=NOT_KNOWN):
    """``incident`` with one stated slot written not known (``form``: "?", or known in part as
    read/incident.py's partly_form gives it): what a director who could not find it out would have stated."""
    facts = []
    for f in incident.stated or incident.facts:
        if f.id == fact:
            f = replace(f, values=tuple((s, None if s == slot else v) for s, v in f.values),
                        possible=tuple(sorted((*[p for p in f.possible if p[0] != slot], (slot, form)))))
        facts.append(f)
    if incident.stated:
        return replace(incident, stated=tuple(facts), facts=tuple(read_again(facts, knowledge.vocabulary)))
    return replace(incident, facts=tuple(facts))


def _known(knowledge, incident, chosen: dict):
    """The incident with each chosen (fact, slot) given its value, and no slot left to split (the auction read
    again from the facts as stated: a dealer given gives the calls their seats)."""
    facts = []
    for f in incident.stated or incident.facts:
        if f.possible:
            values = tuple((s, chosen.get((f.id, s), v)) for s, v in f.values)
            f = replace(f, values=values, possible=())
        facts.append(f)
    if incident.stated:
        facts = read_again(facts, knowledge.vocabulary)
    return replace(incident, facts=tuple(facts), stated=())


# -- merging ----------------------------------------------------------------------------------------

def _key(x) -> str:
    return json.dumps(x, sort_keys=True, default=str, ensure_ascii=False)


def _interleave(lists: list[list], key) -> tuple[list, list[dict]]:
    """One list holding each item of ``lists`` once by ``key`` (the first list's order, others' items after
    the item they follow), and for each list, its index -> the index in the merged list."""
    head = object()  # the merged list linked by key: each key's next and previous, the first after ``head``
    after, before, item, last, maps = {head: None}, {}, {}, head, []
    for items in lists:
        keys = [key(x) for x in items]
        at, m = None, {}
        for i, (k, x) in enumerate(zip(keys, items)):
            if k not in item:
                if at is None:  # before the first item of this list already placed, else last
                    placed = next((kk for kk in keys[i:] if kk in item), None)
                    at = last if placed is None else before[placed]
                nxt = after[at]
                after[at], after[k], before[k], item[k] = k, nxt, at, x
                if nxt is None:
                    last = k
                else:
                    before[nxt] = k
            at = k
            m[i] = k
        maps.append(m)
    order, merged, k = {}, [], after[head]
    while k is not None:
        order[k] = len(merged)
        merged.append(item[k])
        k = after[k]
    return merged, [{i: order[k] for i, k in m.items()} for m in maps]


def merge(knowledge, split: list[Unknown], combos: list, rulings: list[Ruling], bounded: list) -> Ruling:
    """One ruling from the rulings of every combination (see the module docstring)."""
    firings, fmaps = _firings(rulings)
    every = frozenset(range(len(combos)))
    # the elements of each combination, by what they say; and by what they say with the unknown value unnamed
    general: dict = {}
    keyed = []  # each combination's elements with their keys; the same said twice (two productions) stays twice
    plain: dict = {}  # id(element) -> _element_key(element), each worked out once
    for ci, r in enumerate(rulings):
        reps = _subs(knowledge, split, combos[ci])
        seen: dict = {}
        row = []
        for e in r.elements:
            # said under a choice not yet made in one class and plainly in another: two things (the choice's
            # condition joins the class's where it is made)
            options = [(u.option, u.fact, u.choice) for u in e.provisional if u.option]
            chosen = _key(sorted(options)) if options else "[]"
            k = plain[id(e)] = _element_key(e)
            k, g = k + chosen, _element_key(e, reps, k) + chosen
            n = seen[k] = seen.get(k, 0) + 1
            m = seen[("g", g)] = seen.get(("g", g), 0) + 1  # two elements alike once unnamed stay two (67B2)
            k, g = f"{k}#{n}", f"{g}#{m}"
            row.append((k, g, e))
            general.setdefault(g, {}).setdefault(k, set()).add(ci)
        keyed.append(row)
    unnamed = []  # for each combination, whether each element is said once unnamed
    for ci, r in enumerate(rulings):
        # a class of several values is ruled by its first: an element naming that value names the class
        several = [x for x, (u, i) in zip(_subs(knowledge, split, combos[ci]), zip(split, combos[ci]))
                   if len(u.classes[i][1]) > 1]
        unnamed.append([len(general[g]) > 1 or bool(several and _element_key(e, several, plain[id(e)]) != plain[id(e)])
                        for k, g, e in keyed[ci]])
    # an element said as it is holds where it is said so, not where the same words were said unnamed (North
    # calls next when North deals is "the dealer calls next"; when West deals, North calls next as such)
    raw = {}
    for ci, row in enumerate(keyed):
        for (k, _, _), u in zip(row, unnamed[ci]):
            if not u:
                raw.setdefault(k, set()).add(ci)
    items = []
    for ci, r in enumerate(rulings):
        row = []
        for (k, g, e), u in zip(keyed[ci], unnamed[ci]):
            if u:  # differs only by naming the unknown value: said once, naming what is known
                where = frozenset().union(*general[g].values())
                row.append((("g", g), ci, e, where, True))
            else:
                row.append((("r", k), ci, e, frozenset(raw[k]), False))
        items.append(row)
    merged, _ = _interleave(items, key=lambda x: x[0])
    elements = []
    memo: dict = {}  # (unknown, classes, language) -> its condition in words (_condition), each worked out once
    for key, ci, e, where, generalized in merged:
        e = replace(e, how=[fmaps[ci][n - 1] + 1 for n in e.how])
        if generalized:
            e = _unnamed(knowledge, e, split, combos, where, ci)
        extra = choice_conditions(knowledge, e.provisional)
        if where != every or extra:
            e.when = _when(knowledge, split, combos, where, extra, memo)
        elements.append(e)
    first = rulings[0]
    questions = _questions(knowledge, split, combos, rulings, elements)
    out = replace(first, elements=elements, firings=firings, open_questions=questions,
                  not_encoded=list({n.cite: n for r in rulings for n in r.not_encoded}.values()),
                  result=_result(knowledge, split, combos, rulings, memo))
    out.possible = _possible_json(knowledge, split, bounded, len(combos))
    from .announce import announce  # what the director tells the table, from the merged elements and result
    return announce(knowledge, out, first.outcome == announce_words("announce.auction_continues"))


PRINTED = ("seat", "suit", "card", "int")  # the types an element may name the unknown value of, to be said once unnamed


def _subs(knowledge, split: list, combo: tuple) -> list:
    """(slot type, the value ruled) of each unknown of one combination whose value an element may name."""
    out = []
    for u, i in zip(split, combo):
        t = knowledge.vocabulary.templates[u.template].slots[u.slot].type
        if t in PRINTED:
            out.append((t, u.classes[i][0], u.slot))
    return out


def _names(t: str, arg: str, slot: str) -> bool:
    """Whether an element's argument ``arg`` may name the unknown value of a slot of type ``t``: a number only
    by the slot's own name (a trick: ``trick``), never a count that happens to be equal."""
    return t != "int" or arg == slot


def _element_key(e, subs: list | None = None, plain: str | None = None) -> str:
    """What an element says, for telling elements apart; with ``subs`` (``_subs``), an argument holding the
    unknown's value counts as the unknown, whatever its value, and the words that name it go (a card's name is
    taken out of the words wherever it is said, its choices' consequences too)."""
    args = dict(e.args)
    for t, rep, slot in subs or ():
        if t != "card":
            args = {k: ("<unknown>" if v == rep and not isinstance(v, bool) and _names(t, k, slot) else v)
                    for k, v in args.items()}
    if plain is not None and args == e.args and not any(t == "card" for t, _, _ in subs or ()):
        return plain  # ``plain``: _element_key(e), the same where nothing is substituted
    text = e.text if args == e.args else None
    out = _key([e.kind, e.cite, args, text, e.options, e.about])  # which production of the law said it aside
    for t, rep, _ in subs or ():
        if t == "card":
            out = out.replace(V.render_card(rep), "<unknown>").replace(f'"{rep}"', '"<unknown>"')
    return out


def _unnamed(knowledge, e, split, combos, where, ci):
    """An element that differs only by naming the unknown value, said once: the value as what is known of it."""
    args = dict(e.args)
    cards = []
    for j, u in enumerate(split):
        t = knowledge.vocabulary.templates[u.template].slots[u.slot].type
        if t not in PRINTED:
            continue
        reps = {u.classes[combos[c][j]][0] for c in where}
        values = tuple(x for cls in u.classes for x in cls[1] if cls[0] in reps)
        label = _label_of(knowledge, u, values, whole=True)
        rep = u.classes[combos[ci][j]][0]
        key = "seat.not_known" if t == "seat" and u.written == NOT_KNOWN and \
            set(values) == {x for cls in u.classes for x in cls[1]} else None
        if t == "card":
            cards.append((rep, label))
            continue
        for k, v in args.items():
            if v == rep and not isinstance(v, bool) and _names(t, k, u.slot):
                args[k] = Among(values, {lang: inflect(key, "nom", lang) for lang in LANGS} if key else label, key)
    text, options = e.text, e.options
    if any(isinstance(v, Among) for v in args.values()):
        prod = knowledge.production(e.production)
        spec = next((x for x in prod.then if x.kind == e.kind), None)
        own = _own_text(knowledge.vocabulary, spec, prod) if spec is not None else None
        if own is not None and e.text == render_element(knowledge, e.kind, e.args, None):
            own = None
        text = render_element(knowledge, e.kind, args, own)
    for rep, label in cards:
        def put(x, lang=None):
            if isinstance(x, dict):
                return {k: put(v, k if k in LANGS else lang) for k, v in x.items()}
            if isinstance(x, list):
                return [put(v, lang) for v in x]
            if isinstance(x, str) and lang:
                return x.replace(V.render_card(rep), label[lang])
            return None if x == rep else x
        text, options = put(text), put(options)
        args = {k: (None if v == rep else v) for k, v in args.items()}
    return replace(e, args={k: (None if isinstance(v, Among) else v) for k, v in args.items()}, text=text,
                   options=options)


def _label_of(knowledge, u: Unknown, values: tuple, whole: bool = False) -> dict:
    """Values of an unknown slot in words: what was written where they are all it leaves ("a defender", "not
    known"), else the values ("12", "1–11", "East or West", "♠x")."""
    slot = knowledge.vocabulary.templates[u.template].slots[u.slot]
    everything = tuple(x for cls in u.classes for x in cls[1])
    if whole and set(values) == set(everything):
        if u.written == NOT_KNOWN:
            card = slot.type == "card"
            return {lang: word("possible.not_known_card" if card else "possible.not_known", lang) for lang in LANGS}
        if u.written[0] == "name":
            return dict(knowledge.vocabulary.partly_known[slot.type][u.written[1]].label)
        if u.written[0] == "versions":
            return both("possible.either_version")
    out = {}
    for lang in LANGS:
        if slot.type == "int":
            runs: list = []
            for v in sorted(values):
                # an edge of a number too wide to list stands for the numbers up to the next edge
                top = v if not u.edges else (u.edges[u.edges.index(v) + 1] - 1 if u.edges[u.edges.index(v) + 1]
                                             is not None and v != u.edges[-2] else u.edges[-1])
                if not runs or v != runs[-1][1] + 1:
                    runs.append([v, top])
                else:
                    runs[-1][1] = top
            said = [str(a) if a == b else (word("possible.or_more", lang, n=a) if b is None else f"{a}–{b}")
                    for a, b in runs]
        elif slot.type == "card" and len(values) > 2:
            ranks = {c[1:] for c in values}
            form = next((f for f in knowledge.vocabulary.partly_known.get("card", {}).values()
                         if f.ranks and set(f.ranks) == ranks), None)
            suits = [V.SUIT_SYMBOLS[s] for s in dict.fromkeys(c[0] for c in values)]
            said = [f"{s} ({form.label[lang]})" if form else s + "x" for s in suits]
        else:
            said = [slot.label_of(v, lang) for v in values]
        out[lang] = word("possible.or", lang).join(said)
    return out


def _when(knowledge, split, combos, where, extra: list = (), memo: dict | None = None) -> dict:
    """The condition under which an element holds: the combinations ``where`` in words, by slot, and with each,
    the ``extra`` conditions (provisional.choice_conditions: a choice still to be made) [(text, case)]."""
    per_slot = [sorted({combos[ci][j] for ci in where}) for j in range(len(split))]
    cross = {c for c in product(*per_slot)}
    alts = [[combos[ci] for ci in sorted(where)]] if cross != {combos[ci] for ci in where} else None
    conds = []
    if alts is None:
        for j, u in enumerate(split):
            if len(per_slot[j]) < len(u.classes):
                conds.append([(u, per_slot[j])])
        ways = [[c for c in conds for c in c]]
    elif any(_told(u) for u in split):  # each side's story whole
        ways = [[(u, [combo[j]]) for j, u in enumerate(split)] for combo in alts[0]]
    else:
        ways = [[(u, sorted(cube[j])) for j, u in enumerate(split) if len(cube[j]) < len(u.classes)]
                for cube in _cubes(split, combos, where)]
    text = {}
    for lang in LANGS:
        said = []
        for way in ways:
            said.append(word("possible.and", lang).join(_story(knowledge, way, lang)
                                                        + [_condition(knowledge, u, idx, lang, memo) for u, idx in way
                                                           if not _told(u) or not _story(knowledge, way, lang)]
                                                        + [t[lang] for t, _ in extra]))
        text[lang] = word("possible.if", lang, condition=word("possible.or_else", lang).join(said))
    return {"text": text, "cases": [[{"fact": u.fact, "template": u.template, "slot": u.slot,
                                      "values": [v for i in idx for v in u.classes[i][1]]} for u, idx in way]
                                    + [dict(c) for _, c in extra] for way in ways]}


def _cubes(split, combos, where) -> list[list[set]]:
    """The combinations ``where`` as few conditions as a greedy cover finds, each a class set per slot that holds
    no other combination ruled (a combination the incident rules out may fall in one): "if all four hands were
    returned; or if the trick is 1–11 or 13", never each combination one by one."""
    inside = [combos[ci] for ci in sorted(where)]
    outside = [c for ci, c in enumerate(combos) if ci not in where]

    def clean(cube) -> bool:
        return not any(all(x in cube[j] for j, x in enumerate(c)) for c in outside)
    cubes: list = []
    for combo in inside:
        if any(all(x in cube[j] for j, x in enumerate(combo)) for cube in cubes):
            continue
        cube = [{x} for x in combo]
        for j, u in enumerate(split):
            for k in range(len(u.classes)):
                if k not in cube[j]:
                    cube[j].add(k)
                    if not clean(cube):
                        cube[j].discard(k)
        cubes.append(cube)
    return cubes


def _told(u: Unknown) -> bool:
    """Whether ``u`` is a slot the two sides tell differently (Law 85: ``{versions: {NS: ..., EW: ...}}``)."""
    return u.written != NOT_KNOWN and u.written[0] == "versions"


def _story(knowledge, way, lang: str) -> list[str]:
    """The slots told two ways in one condition, said as one side's version when they are all that side's:
    ["North-South's version is right (how: ...; what followed: ...)"]; else []."""
    told = [(u, idx) for u, idx in way if _told(u)]
    sides = None
    for u, idx in told:
        values = {v for i in idx for v in u.classes[i][1]}
        got = {side for side, v in u.written[1] if v in values}
        sides = got if sides is None else sides & got
    if not told or not sides or len(sides) != 1:
        return []
    side = next(iter(sides))
    details = "; ".join(
        word("possible.version_detail", lang, what=knowledge.vocabulary.templates[u.template].slots[u.slot].title(lang),
             value=knowledge.vocabulary.templates[u.template].slots[u.slot].label_of(dict(u.written[1])[side], lang))
        for u, _ in told)
    return [word("possible.version_story", lang, side=word(f"side.{side}", lang), details=details)]


def _condition(knowledge, u: Unknown, idx: list, lang: str, memo: dict | None = None) -> str:
    """``u`` having one of the values of its classes ``idx``, in words (``memo``: the conditions worked out)."""
    if memo is None:
        return _conditioned(knowledge, u, idx, lang)
    key = (u, tuple(idx), lang)
    if key not in memo:
        memo[key] = _conditioned(knowledge, u, idx, lang)
    return memo[key]


def _conditioned(knowledge, u: Unknown, idx: list, lang: str) -> str:
    slot = knowledge.vocabulary.templates[u.template].slots[u.slot]
    values = tuple(v for i in idx for v in u.classes[i][1])
    what = slot.title(lang)
    if u.written != NOT_KNOWN and u.written[0] == "versions":  # "North-South's version (how: ...) is right"
        told = [word("possible.version", lang, side=word(f"side.{side}", lang), what=what,
                     value=slot.label_of(v, lang)) for side, v in u.written[1] if v in values]
        return word("possible.version_right", lang, versions=word("possible.or", lang).join(told))
    if slot.type == "calls" and u.written != NOT_KNOWN:  # a call whose seat is not known (?:2S): who made it
        return _call_by(u.written[1], values, lang)
    phrase = (slot.said or {}).get(lang)  # the slot's own clause (G7): «на фальшренонс впервые обратили внимание …»
    if phrase and u.written == NOT_KNOWN and slot.type not in ("int", "card"):
        return phrase.replace("{value}", word("said.or", lang).join(slot.label_of(v, lang) for v in values))
    return word("possible.is", lang, what=what, values=_label_of(knowledge, u, values)[lang])


def _call_by(auctions: tuple, values: tuple, lang: str) -> str:
    """The auctions a call whose seat is not known (``?:2S``) may be, said as who made that call: "North or East
    made the 2♠ (call 1)"; a call of each such place where there are two."""
    told = [a.split() for a in auctions]
    if len({len(t) for t in told}) > 1:  # a call made or not (P?): the auction with it, and without
        made = max(told, key=len)
        n = next(n for n, (a, b) in enumerate(zip(made, min(told, key=len) + [None])) if a != b)
        seat, _, call = made[n].partition(":")
        said = [word("possible.call_made" if len(v.split()) == len(made) else "possible.call_not_made", lang, n=n + 1,
                     seat=V.SEAT_LABELS[seat][lang] if seat in V.SEATS else "?", call=V.render_call(call, lang))
                for v in values]
        return word("possible.or", lang).join(said)
    said = []
    for n in (n for n in range(len(told[0])) if len({t[n] for t in told}) > 1):
        seats = list(dict.fromkeys(v.split()[n].partition(":")[0] for v in values))
        said.append(word("possible.call_by", lang, n=n + 1, call=V.render_call(told[0][n].partition(":")[2], lang),
                         seats=word("possible.or", lang).join(V.SEAT_LABELS[s][lang] for s in seats)))
    return word("possible.and", lang).join(said)


def _firings(rulings: list[Ruling]) -> tuple[list, list[dict]]:
    """Every combination's firings, each once (by production, facts used and what it derived), renumbered."""
    def key(f):
        return _key([f.production, [[u.template, u.id, u.slots] for u in f.facts], f.derived])
    merged, maps = _interleave([[(ci, f) for f in r.firings] for ci, r in enumerate(rulings)], lambda x: key(x[1]))
    return [replace(f, n=n, rests_on=[maps[ci][k - 1] + 1 for k in f.rests_on])
            for n, (ci, f) in enumerate(merged, 1)], maps


def _questions(knowledge, split, combos, rulings, elements) -> list:
    """Each combination's open questions once; and first, each unknown whose answer changes the ruling, with
    the laws of the elements that depend on it."""
    out, seen = [], set()
    vocab = knowledge.vocabulary
    for j, u in enumerate(split):
        why = []
        for e in elements:
            if e.when and any(c["fact"] == u.fact and c["slot"] == u.slot for way in e.when["cases"] for c in way):
                entry = {"production": e.production, "cite": e.cite, "summary": _waiting(knowledge.production(e.production))}
                if entry not in why:
                    why.append(entry)
        s = vocab.templates[u.template].slots[u.slot]
        if why and s.question:
            out.append(OpenQuestion(u.template, u.slot, u.fact, dict(s.question), s.judgment, why))
            seen.add((u.fact, u.slot))
    for r in rulings:
        for q in r.open_questions:
            if (q.fact, q.slot) not in seen:
                seen.add((q.fact, q.slot))
                out.append(q)
    return out


def _result(knowledge, split, combos, rulings, memo: dict | None = None):
    """The board's result: the same under every combination, or each combination's (grouped by its line)."""
    results = [r.result for r in rulings]
    lines: dict = {}
    for ci, res in enumerate(results):
        lines.setdefault(_key(res.text if res else None), []).append(ci)
    if len(lines) == 1:
        return results[0]
    base = next((r for r in results if r is not None), None)
    text = {}
    whens = [_when(knowledge, split, combos, frozenset(cis), memo=memo)["text"] for cis in lines.values()]
    for lang in LANGS:
        told = []
        for cis, when in zip(lines.values(), whens):
            res = results[cis[0]]
            line = res.text[lang] if res else word("possible.no_result", lang)
            told.append(f"{when[lang]}: {line}")
        text[lang] = "; ".join(told)
    same = {k: getattr(base, k) for k in ("contract", "declarer", "tricks", "table_tricks", "made", "score")
            if len({_key(getattr(r, k, None)) for r in results}) == 1}
    return replace(base, text=text, **{k: same.get(k) for k in ("contract", "declarer", "tricks", "table_tricks",
                                                                "made", "score")},
                   steps=[], status="depends" if len({r.status if r else None for r in results}) > 1 else base.status)


def _possible_json(knowledge, split, bounded, combinations: int) -> dict:
    """What the ruling says of its unknowns: each slot split and its classes, how many combinations were
    ruled, and the slots left not known once MAX_COMBINATIONS was reached."""
    def slot(u: Unknown, classes: bool) -> dict:
        return {"fact": u.fact, "template": u.template, "slot": u.slot, "left_out": u.left_out,
                **({"classes": [{"values": list(vs), "text": _label_of(knowledge, u, vs)} for _, vs in u.classes]}
                   if classes else {})}
    return {"slots": [slot(u, True) for u in split], "combinations": combinations,
            "bounded": [slot(u, False) for u in bounded], "limit": MAX_COMBINATIONS}


def _waiting(prod) -> dict:
    """What a production waiting on an answer says: a choice's, on the choice still to be made (read/choices.py)."""
    return prod.waiting or prod.summary
