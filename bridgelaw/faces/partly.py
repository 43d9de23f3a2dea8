"""What the director knows only in part, as the interview offers it: "a defender", "♠, rank not known", "one of 1–11".

Shape::

    q = offer(interview, st, q)      # a slot question with the partly known answers its vocabulary allows
    isinstance(value, Partly)        # such an answer: its text, the form explain/possible/ rules under,
                                     # what a saved incident writes (``written``) and its labels
    possible(interview, st, fact)    # the fact's slots not known or known in part, as a read incident marks them
    written(st, fact_id)             # {slot: what the saved incident writes} for the slots known in part

Nothing here knows a law: the forms are the vocabulary's (facts/vocabulary/partly-known.yaml, by slot type), read
as read/incident.py's ``partly_form`` reads them from a file.  A seat is offered each named set of seats the
incident makes smaller than every seat ("a defender" once the declarer is known; "North or South"), a number
each run of values the productions' tests do not tell apart (a revoke's trick: 1–11, where 12 and 13 are tested
by themselves; only a number that names a place in order, from 1: a count from 0 feeds the score, where a class
would be ruled by its first value), a card what may be typed in its place (a suit with ``?``, a class of ranks by its name, or
both), said in the question's help.  The slot is then not asked again and the ruling is made under each
possibility (the interview's last step, as ``rule`` rules the saved incident).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from .. import values as V
from ..read.auction import calls_not_known
from ..read.incident import NOT_KNOWN, partly_form
from ..words import LANGS, word
from .question import Choice, Question

SEAT_ORDER = ("seats", "values")  # a set named relative to a stated seat first ("a defender"), then the fixed ones


# a suit named in the singular ("a spade, rank not known"): values.NAMES has the plural
_YO = ("ё", "е")  # a Russian word typed with either letter

SINGULAR = {"SPADE": "S", "HEART": "H", "DIAMOND": "D", "CLUB": "C", "ПИКА": "S", "ЧЕРВА": "H", "БУБНА": "D", "ТРЕФА": "C"}


class Partly(str):
    """An answer known in part: the text it is typed and kept as (a str, so a page's link and a saved
    interview carry it), with ``written`` (the value an incident file writes) and ``label`` ({ru, en})."""

    written: Any
    label: dict

    def __new__(cls, text: str, written: Any, label: dict) -> "Partly":
        self = super().__new__(cls, text)
        self.written, self.label = written, label
        return self


def offer(interview, st, q: Question) -> Question:
    """``q`` (a slot's question) with the partly known answers its slot's type allows: seats and numbers as
    further choices, a card as forms typed in its place (said in the help); ``q`` itself where there are none."""
    if q.kind != "slot" or q.multiple or q.template is None:
        return q
    slot = interview.vocab.templates[q.template].slots[q.slot]
    if slot.type == "calls":  # a call's seat not known (?:2S), or a call made or not (P?)
        return replace(q, partly=_calls_reader(_dealer(interview, st)))
    if slot.type in ("seat", "bool", "enum") and q.choices:  # several of its values, typed with "or"
        extra = _seats(interview, st, slot, q) if slot.type == "seat" else ()
        q = replace(q, choices=q.choices + extra, partly=_one_of_reader(q))
        if q.judgment:  # a judgment not yet made: each answer's ruling (the test the law sets, and what follows)
            line = {lang: word("partly.one_of_help", lang) for lang in LANGS}
            q = replace(q, help={lang: ((q.help or {}).get(lang, "") + "\n" + line[lang]).strip() for lang in LANGS})
        return q
    if slot.type == "int" and q.choices and any(w["production"] for w in q.why) and (slot.min or 0) >= 1:
        extra = _ranges(interview, st, slot, q)
        return replace(q, choices=q.choices + extra, partly=_range_reader(q)) if extra else \
            replace(q, partly=_range_reader(q))
    if slot.type == "card" and not q.choices:
        forms = interview.vocab.partly_known.get("card", {})
        return replace(q, partly=_card_reader(forms), help=_card_help(q.help, forms))
    return q


def _seats(interview, st, slot, q: Question) -> tuple:
    from ..explain.possible.classes import domain
    facts = interview._infacts(st, all_context=True)
    offered = {c.value for c in q.choices}
    named = interview.vocab.partly_known.get("seat", {})
    out, seen = [], set()
    for name, pk in sorted(named.items(), key=lambda x: x[1].seats is None):  # "a defender" before "East or West"
        dom = tuple(v for v in domain(interview.vocab, slot, ("name", name), facts) or () if v in offered)
        if len(dom) < 2 or len(dom) >= len(V.SEATS) or dom in seen:
            continue
        if pk.seats is not None and not any(f.template == pk.seats[0] and f.get(pk.seats[1]) for f in facts):
            continue  # relative to a seat not stated: it would be any seat
        seen.add(dom)
        label = {lang: _capital(pk.label[lang].strip("()")) for lang in LANGS}
        out.append(Choice(Partly(name, name, label), label))
    return tuple(out)


def _dealer(interview, st):
    return next((f.get("dealer") for f in interview._infacts(st, all_context=True) if f.template == "auction"), None)


def _calls_reader(dealer):
    """The calls typed with what is not known of one (``?:2S``, ``P?``; read/auction.py calls_not_known): the
    auctions it may be.  None where nothing is typed so, or it cannot be read (the question then says why)."""
    def read(raw) -> Partly | None:
        if not isinstance(raw, str) or "?" not in raw or not isinstance(calls_not_known(raw, dealer), tuple):
            return None
        text = " ".join(raw.split())
        return Partly(text, text, {lang: text for lang in LANGS})
    return read


def _form(interview, st, slot, written):
    """The form a partly known answer is ruled under (read/incident.py reads a file so): the auctions a call typed
    with "?" may be, for the calls; else ``partly_form``."""
    if slot.type == "calls":
        return calls_not_known(written, _dealer(interview, st))
    return partly_form(written, slot, interview.vocab)


_OR = re.compile(r"\s+(?:or|или)\s+|\s*/\s*", re.IGNORECASE)


def _one_of_reader(q: Question):
    """Several of a question's values typed with "or" ("yes or no", "N or E or W", «да или нет»): the slot is one
    of them, and the ruling is given for each (``{one_of: [...]}`` in a saved incident)."""
    def read(raw) -> Partly | None:
        if not isinstance(raw, str) or len(parts := [p for p in _OR.split(raw.strip()) if p]) < 2:
            return None
        try:  # a value whose own name or label says "or" is that value
            q._one(raw)
            return None
        except Exception:
            pass
        try:
            values = [q._one(p) for p in parts]
        except Exception:  # a part that is no value: not this form (the question says what is allowed)
            return None
        if any(isinstance(v, Partly) for v in values) or len(set(values)) < 2:
            return None
        order = [c.value for c in q.choices]
        values = sorted(set(values), key=order.index)
        label = {lang: word("possible.or", lang).join(next(c.label[lang] for c in q.choices if c.value == v)
                                                      for v in values) for lang in LANGS}
        return Partly(" or ".join(_typed(v) for v in values), {"one_of": values}, label)
    return read


def _typed(v) -> str:
    return ("yes" if v else "no") if isinstance(v, bool) else str(v)


def _ranges(interview, st, slot, q: Question) -> tuple:
    """A run of two or more numbers the productions' tests do not tell apart, as one answer ("one of 1–11")."""
    from ..explain.possible.classes import classes_of
    facts = interview._infacts(st, all_context=True)
    values = [c.value for c in q.choices if isinstance(c.value, int) and not isinstance(c.value, bool)]
    out = []
    for _, vs in classes_of(interview.knowledge, q.template, slot, values, facts, q.fact):
        if len(vs) >= 2 and len(vs) < len(values) and list(vs) == list(range(vs[0], vs[-1] + 1)):
            out.append(_range(vs[0], vs[-1]))
    return tuple(Choice(p, p.label) for p in out)


def _range(low: int, high: int) -> Partly:
    label = {lang: word("partly.range", lang, low=low, high=high) for lang in LANGS}
    return Partly(f"{low}-{high}", {"at_least": low, "at_most": high}, label)


_RANGE = re.compile(r"^\s*(\d+)\s*(?:-|–|—|\.\.)\s*(\d+)\s*$")
_BELOW = re.compile(r"^\s*(?:<|before|до)\s*(?:trick|взятки)?\s*(\d+)\s*$", re.IGNORECASE)
_ABOVE = re.compile(r"^\s*(?:>|after|после)\s*(\d+)\s*$", re.IGNORECASE)


def _range_reader(q: Question):
    """A number's range typed: ``3-7``, ``<12`` / ``before 12`` (or the Russian word), ``>3`` / ``after 3``, within
    the numbers the question lists."""
    numbers = [c.value for c in q.choices if isinstance(c.value, int) and not isinstance(c.value, bool)]

    def read(raw) -> Partly | None:
        if not isinstance(raw, str) or not numbers:
            return None
        lo, hi = min(numbers), max(numbers)
        if m := _RANGE.match(raw):
            low, high = int(m.group(1)), int(m.group(2))
        elif m := _BELOW.match(raw):
            low, high = lo, int(m.group(1)) - 1
        elif m := _ABOVE.match(raw):
            low, high = int(m.group(1)) + 1, hi
        else:
            return None
        low, high = max(low, lo), min(high, hi)
        return _range(low, high) if low < high else None
    return read


def _card_reader(forms: dict):
    """A card known in part, typed: its suit and ``?`` (``♠?``, ``S?``, or the Russian letter), a class of ranks by
    its name in either language (``honour``, ``spot``), or both (``♠ honour``)."""
    names = {}
    for name, pk in forms.items():
        if pk.ranks is not None:
            names[name.lower()] = name
            for lang in LANGS:
                label = pk.label[lang].lower()
                names[label] = names[label.removeprefix("an ").removeprefix("a ")] = name
                names[label.replace(*_YO)] = name

    def suit(text: str) -> str | None:
        t = text.strip().upper()
        s = V.NAMES.get(t, SINGULAR.get(t, t))
        return s if s in V.SUITS else None

    def read(raw) -> Partly | None:
        if not isinstance(raw, str):
            return None
        text = raw.strip()
        if text.endswith("?") and (s := suit(text[:-1])):
            return _card(s, None, forms)
        words = text.lower().split()
        if len(words) == 1 and words[0] in names:
            return _card(None, names[words[0]], forms)
        if len(words) == 2:
            for a, b in (words, words[::-1]):
                if (s := suit(a)) and b in names:
                    return _card(s, names[b], forms)
        return None
    return read


def _card(suit: str | None, ranks: str | None, forms: dict) -> Partly:
    if suit is None:
        return Partly(ranks, ranks, {lang: _capital(forms[ranks].label[lang]) for lang in LANGS})
    sym = V.SUIT_SYMBOLS[suit]
    if ranks is None:
        return Partly(f"{suit}?", {"suit": suit}, {lang: word("partly.suit_only", lang, suit=sym) for lang in LANGS})
    return Partly(f"{suit} {ranks}", {"suit": suit, "rank": ranks},
                  {lang: f"{sym} {forms[ranks].label[lang].removeprefix('an ').removeprefix('a ')}" for lang in LANGS})


def _card_help(help_: dict | None, forms: dict) -> dict:
    classes = [n for n, pk in forms.items() if pk.ranks is not None]
    line = {lang: word("partly.card_help", lang, names=", ".join(forms[n].label[lang] for n in classes))
            for lang in LANGS}
    return {lang: (help_[lang] + "\n" if help_ else "") + line[lang] for lang in LANGS}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the interview's state ----------------------------------------------------------------------------

class Settled(set):
    """The (fact id, slot) pairs not to ask again, with ``may``: for those known in part, the values left possible.
    The interview's analysis (explain/why.py) passes a test on such a slot that some value passes, so that what
    else a production needs is still asked (a lead's card known only by its suit: what declarer did is asked)."""

    may: dict


def apply(interview, st, k, value: Any) -> bool:
    """Keep an answer known in part (the slot is then not asked again); False where ``value`` is not one."""
    from ..explain.possible.classes import domain
    if not isinstance(value, Partly):
        return False
    if not isinstance(st.settled, Settled):
        st.settled = Settled(st.settled)
        st.settled.may = {}
    slot = interview.vocab.templates[k.template].slots[k.slot]
    form = _form(interview, st, slot, value.written)
    facts = interview._infacts(st, all_context=True)
    st.settled.add((k.fact, k.slot))
    st.settled.may[(k.fact, k.slot)] = tuple(domain(interview.vocab, slot, form, facts) or ())
    st.partly[(k.fact, k.slot)] = value
    return True


def possible(interview, st, f) -> tuple:
    """The fact's slots to rule under each possibility, as a read incident marks them (InFact.possible): those
    known in part, with their form, and a required one said not known, "?"."""
    t = interview.vocab.templates[f.template]
    out = []
    for s, v in f.values:
        p = st.partly.get((f.id, s))
        if v is None and p is not None:
            form = _form(interview, st, t.slots[s], p.written)
            out.append((s, form if isinstance(form, tuple) else NOT_KNOWN))
        elif v is None and (f.id, s) in st.settled and t.slots[s].required:
            out.append((s, NOT_KNOWN))
    return tuple(sorted(out))


def with_derived(interview, st, base: list, working: list) -> list:
    """``working`` with the facts derived where each slot known in part takes the first value it leaves possible
    (a lead out of turn from a lead whose card is known by its suit only): what else a production needs of them
    is then asked as when all is known.  The ruling itself is made under each possibility at the end."""
    may = getattr(st.settled, "may", None)
    if not may:
        return working
    from ..read.incident import Incident
    filled = [replace(f, values=tuple((s, may[(f.id, s)][0] if v is None and may.get((f.id, s)) else v)
                                      for s, v in f.values)) for f in base]
    _, derived, _ = interview.engine.run(Incident(name=interview.title, facts=interview._read(filled),
                                                  title=interview.title, **st.evidence))
    have = {f.id for f in working}
    return working + [f for f in derived if f.id not in have and interview.vocab.templates[f.template].derived]


def result_question(interview, st, ruling):
    """What the board's result still needs once the ruling is made under each possibility (a transfer under
    every one needs the contract and the tricks), as the interview asks it when all is known; None if nothing."""
    from . import keys
    for need in map(keys.parse, ruling.result.missing if ruling.result else ()):
        if need.fact in st.facts and need.slot in interview.vocab.templates[st.facts[need.fact][0]].slots \
                and (need.fact, need.slot) not in st.settled:
            return interview._result_question(st, need.fact, need.slot, ruling)
    return None


def written(st, fact: str) -> dict:
    """{slot: the value a saved incident writes} for ``fact``'s slots known in part."""
    return {s: p.written for (f, s), p in st.partly.items() if f == fact}


def each_possibility_question(interview, st, incident, ruling):  # ruling: as one, before any split
    """What a possibility's ruling still needs that is no open question of the merged ruling: a choice offered
    only where the unknown value is one of its class (the dealer not known: which call out of rotation is
    offered to whom), and what it derives.  The interview is stepped once per combination of the classes, with
    each slot said not known answered by its class's first value; the first question one of them asks is
    asked (its answer holds whatever the value); None if none asks any."""
    from itertools import islice, product

    from ..explain.possible import MAX_COMBINATIONS, blanked_all, unknowns, waited_on
    from . import keys
    left = waited_on(interview.knowledge, incident, [ruling], set())  # left out, and a production waits on it
    slots = unknowns(interview.knowledge, blanked_all(interview.knowledge, incident, sorted(left)), (), left)
    if not slots:
        return None
    for combo in islice(product(*(u.classes for u in slots)), MAX_COMBINATIONS):
        given = {(u.fact, u.slot): cls[0] for u, cls in zip(slots, combo)}
        answers = []
        for k, v in interview.answers:
            key = keys.parse(k)
            slot = (getattr(key, "fact", None), getattr(key, "slot", None))
            answers.append((k, given[slot] if slot in given else v))
        # a class given to a slot no answer states (left out) changes no answer: that shadow is this interview, or
        # one up its chain, and stepping it would come back here for ever (a server's RecursionError, 7 s and 34 MB)
        chain = interview.__dict__.get("_shadowing", ())
        if answers == interview.answers or answers in chain:
            continue
        shadow = object.__new__(type(interview))
        shadow.__dict__.update(interview.__dict__)
        shadow.answers, shadow._cache, shadow._implied = answers, None, dict(interview._implied)
        shadow._shadowing = (*chain, interview.answers)
        q = shadow._step()
        if isinstance(q, Question):
            return q
    return None
