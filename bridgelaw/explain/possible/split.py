"""Rule under every combination of the unknowns' classes (see the package): ``rule_each``, and the slots a
production waits on that the incident left out (``waited_on``), split as "?" is.
"""
from __future__ import annotations

from dataclasses import replace
from itertools import product

from ...read.incident import CALL_NUMBERS, NOT_KNOWN, Incident, InFact, check_cards, read_again, read_by_reader
from ...errors import Collector
from ...words import LANGS, word
from ..announce import announce, in_auction
from . import alike as _alike
from .alike import retold, unread_key
from .classes import MAX_COMBINATIONS, TYPES, _ruled_out, unknowns
from .merge import _frozen, merge

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
        if not less and _over(incident):  # read with none of them (as the incident itself is): over all the same
            continue
        fewer = known_of(less) if known_of else _known(knowledge, incident, less)
        if any(f.template == "call" for f in fewer.facts) and not _over(fewer):
            chosen, known = less, fewer
    return chosen, known


PASSES = 3  # rulings of an incident made at most while answers left out are found waited on (waited_on)


def rule_each(knowledge, incident, rule_one, context: tuple = ()):
    """The ruling of ``incident`` under every combination of its unknowns' classes that matters, merged
    (``context``: see unknowns).  A slot the incident left out that a production waits on (waits.py:
    an exception or an "unless" that could still apply once it is known) is not known either: it is split as
    "?" is (the ruling made again with it so), and said the same way, an element it could change said under
    each class that gives it ("if the revoke trick is 12: ..."), never marked provisional.  It is split only
    under the classes of the other unknowns whose ruling waits on it: under any other, the ruling is the one
    made with it left out, as the fully known ruling of that class leaves it (``_rule_each``)."""
    left: set = set()
    told = incident  # as stated: what a ruling waits on is found against it (waited_on)
    ruled: dict = {}  # the ruling of each set of chosen values, kept across the passes
    for _ in range(PASSES):
        got = _rule_each(knowledge, incident, rule_one, context, left, told, ruled)
        more = waited_on(knowledge, incident, got[3], left)
        if not more:
            break
        left |= more
        incident = blanked_all(knowledge, incident, sorted(more))
    ruling, split, combos, rulings, bounded, active = got
    if ruling is None:
        return merge(knowledge, split, combos, rulings, bounded, active)
    return announce(knowledge, ruling, in_auction(ruling.working or ()))


def waited_on(knowledge, incident, rulings: list, left: set) -> set:
    """(fact, slot) of each slot the incident left out (stated no value, not "?") that a production waits on
    in some ruling of ``rulings`` (an element's mark, waits.py) and that can be split."""
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


def _rule_each(knowledge, incident, rule_one, context: tuple, left: set, told=None, ruled: dict | None = None) -> tuple:
    """(the ruling where nothing is split or None, the unknowns split, their combinations, each one's ruling,
    the unknowns left not known past the bound, and for each combination the indices of the unknowns its ruling
    was made with a value of).  A slot left out (``left``) is given its class's value only where the ruling made
    without it waits on it (waited_on, against ``told``, the incident as stated): elsewhere every class of it
    shares that ruling, so that each class of what the director did not know is ruled as its fully known
    incident would be, never split on a slot that ruling leaves out (``ruled``: rulings by chosen values)."""
    slots = unknowns(knowledge, incident, context, left)
    if not slots:
        one = rule_one(incident)
        return one, [], [], [one], [], []
    told = incident if told is None else told
    ruled = {} if ruled is None else ruled
    split, bounded, n = [], [], 1
    for u in sorted(slots, key=lambda u: u.left_out):  # what the director said he does not know first
        if n * len(u.classes) <= MAX_COMBINATIONS:
            split.append(u)
            n *= len(u.classes)
        else:
            bounded.append(u)
    combos, rulings, active, done, waits = [], [], [], {}, {}
    read: dict = {}  # the incident read under chosen values, each once (_not_yet reads it less each value in turn)
    out_slots = {(u.fact, u.slot) for u in split if u.left_out}

    def known_of(chosen: dict):
        key = _chosen_key(chosen)
        if key not in read:
            read[key] = _known(knowledge, incident, chosen)
        return read[key]

    alike: dict = {}  # the facts ruled, less the values of slots no production reads -> (those facts, the ruling)
    moot: list = []  # the slots only the result reads here (alike.py's moot_slots), once the first ruling is made

    settled: dict = {}  # chosen values -> what _not_yet leaves of them, and the incident read so

    def not_yet(chosen: dict) -> tuple[dict, object]:
        key = _chosen_key(chosen)
        if key not in settled:
            kept, known = _not_yet(knowledge, incident, dict(chosen), known_of(chosen), known_of)
            settled[key] = tuple(kept.items()), known
        kept, known = settled[key]
        return dict(kept), known  # a dict of its own: the caller adds to it

    def ruling_of(chosen: dict):
        chosen, known = not_yet(chosen)
        key = _chosen_key(chosen)
        if key not in ruled:
            got = alike.get(unread_key(known, moot[0])) if moot and moot[0] else None
            ruled[key] = retold(knowledge, *got, known) if got else rule_one(known)
            if not moot:  # the first ruling made tells whether any production could read the unknowns here
                moot.append(_alike.moot_slots(knowledge, split, ruled[key]))
            if moot[0] and not got:
                alike.setdefault(unread_key(known, moot[0]), (known, ruled[key]))
        return key, ruled[key]
    for combo in product(*(range(len(u.classes)) for u in split)):
        if not _one_story(split, combo):
            continue
        chosen = {(u.fact, u.slot): u.classes[i][0] for u, i in zip(split, combo)}
        chosen, known = not_yet(chosen)
        c = Collector()
        check_cards(list(known.facts), knowledge.vocabulary, c)
        if c.problems or _ruled_out(knowledge.vocabulary, split, chosen, known):  # the rest of the incident rules it out
            continue
        given = {k: v for k, v in chosen.items() if k not in out_slots}
        while True:  # each slot left out given its value where the ruling made without it waits on it
            key, one = ruling_of(given)
            if key not in waits:
                waits[key] = waited_on(knowledge, told, [one], set()) if out_slots else set()
            more = {k for k in waits[key] if k in chosen and k not in given}
            if not more:
                break
            given.update((k, chosen[k]) for k in more)
        at = frozenset(j for j, u in enumerate(split) if (u.fact, u.slot) in dict(key))
        if key not in done:
            done[key] = _each_value(knowledge, split, combo, one, at)
        combos.append(combo)
        rulings.append(done[key])
        active.append(at)
    if not rulings:
        one = rule_one(known_of({}))
        return one, [], [], [one], [], []
    return None, split, combos, rulings, bounded, active


def _each_value(knowledge, split: list, combo: tuple, ruling, at: frozenset | None = None):
    """``ruling``, made for a combination whose class of several numbers was ruled by its first value, with its
    result worked out for every value of the class (the elements are the same for each: the productions' tests
    cannot tell them apart) and said as the range from the first to the last where they differ ("3♠ by North,
    from 0 tricks, down 9; E-W +450 to 9 tricks, made; N-S +140"), never the first value's figures alone
    (``at``: the indices of the unknowns the ruling was made with a value of; the others it leaves out)."""
    if ruling.result is None or not ruling.working:
        return ruling
    from ..result import board_result
    for j, (u, i) in enumerate(zip(split, combo)):
        values = u.classes[i][1]
        if at is not None and j not in at or len(values) < 2 or knowledge.vocabulary.templates[u.template].slots[u.slot].type != "int":
            continue
        def result_of(v, u=u, ruling=ruling):
            working = [replace(f, values=tuple((s, v if s == u.slot else x) for s, x in f.values))
                       if f.id == u.fact and f.template == u.template else f for f in ruling.working]
            return board_result(knowledge, working, ruling.elements, ruling.open_questions)
        results = _Results(values if len(values) <= 14 else (values[0], values[-1]), result_of)  # wide: its ends
        if _said(results[0]) != _said(results[-1]) or len({_said(r) for r in results.every()}) > 1:
            ruling = replace(ruling, result=_range(results))
    return ruling


class _Results:
    """The board's result under each value of a class of numbers, each worked out on its first need: the ends
    first, those between only where the ends agree (where they differ, nothing said depends on the others)."""

    def __init__(self, values: tuple, result_of):
        self.values, self.result_of, self.got = values, result_of, {}

    def __getitem__(self, n: int):
        n %= len(self.values)
        if n not in self.got:
            self.got[n] = self.result_of(self.values[n])
        return self.got[n]

    def every(self) -> list:
        return [self[n] for n in range(len(self.values))]


def _said(result):
    """A result's line, as a key."""
    return _frozen(result.text if result else None)


def _range(results: "_Results"):
    """One result for a class of numbers whose values give different results: the line from the first value's
    to the last's (what they share said once), the figures kept only where every value gives the same."""
    import re
    first, last = results[0], results[-1]
    base = first if first is not None else next(r for r in results.every() if r is not None)
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
    same = {k: getattr(base, k) if _frozen(getattr(first, k, None)) == _frozen(getattr(last, k, None)) and
            len({_frozen(getattr(r, k, None)) for r in results.every()}) == 1 else ([] if k == "outcomes" else None)
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


def _chosen_key(chosen: dict) -> tuple:
    """Chosen values as a key, in one order whatever the order they were chosen in."""
    return tuple(chosen.items()) if len(chosen) < 2 else tuple(sorted(chosen.items(), key=repr))


def _known(knowledge, incident, chosen: dict, again: bool = False):
    """The incident with each chosen (fact, slot) given its value, and no slot left to split (the auction read
    again from the facts as stated: a dealer given gives the calls their seats; not where no value is given to
    a fact of a template the reader reads: the incident as read, each value put in; ``again``: read it all the
    same)."""
    by_id = {f.id: f.template for f in incident.stated}
    same = incident.stated and not again and not any(read_by_reader(by_id.get(fid), slot) for fid, slot in chosen)
    facts = []
    for f in incident.facts if same else incident.stated or incident.facts:
        if f.possible:
            values = tuple((s, chosen.get((f.id, s), v)) for s, v in f.values)
            f = InFact(f.template, f.id, values, f.loc)  # what replace(f, values=values, possible=()) makes
        facts.append(f)
    if incident.stated and not same:
        facts = read_again(facts, knowledge.vocabulary)
    out = object.__new__(Incident)  # what replace(incident, facts=..., stated=()) makes: no __post_init__
    out.__dict__.update(incident.__dict__, facts=tuple(facts), stated=())
    return out
