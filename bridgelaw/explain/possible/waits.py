"""What waits: the parts of a ruling that an answer still open could remove or change.

Shape: ``mark(knowledge, ruling, working)`` sets ``provisional`` on each element of ``ruling``
that rests on a firing some unknown slot could still undo, as a list of ``Unless``: never said as such.
split.py reads them: a slot the incident left out that one waits on is split as "?" is (one
mechanism: each element it changes said under each class); a choice not yet made becomes the element's
``when`` (``choice_conditions``: "if West chooses “refuse it”").  One rule for every law, read off the
productions:

- an exception waits: a production that overrides the one that fired could still match
  the same subject once an unknown slot is known (64B6 on a revoke whose trick is not known:
  "unless the trick is 12: then no transfer");
- an "unless" waits: a ``not`` condition of the production that fired could still hold
  once an unknown slot is known (75: "unless the explainer corrected it");
- a choice waits: a ``not`` condition on a choice (``not: {choice: {option: X, chosen: Y}}``)
  could still hold because option X is on offer in this ruling and nobody has chosen yet
  (27C: "unless West chooses to accept the insufficient bid: then 27B1(a) does not apply").
  The mark names the option, the seat (side, role) that chooses and the choice.

An element is provisional also when a firing it rests on is (an adjusted score resting on
a provisional infraction).  Slots without a question (nothing a director is asked) never
make an element provisional.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ... import values as V
from ...model import CHOICE, Knowledge, Production, Test
from ...ops import has_var
from ...read.incident import InFact, in_number_order
from ...words import LANGS, word
from ..describe import Describer
from ..ruling import Ruling
from ..why import _by_template, _derived, _match_pattern, _ways


@dataclass(frozen=True)
class Unless:
    """An open question whose answer would remove or change an element, and what it would change."""

    fact: str
    template: str
    slot: str
    question: dict  # {ru, en}
    would_change: dict  # {ru, en}: "unless <condition>: then <what applies instead> (<cite>)"
    option: str | None = None  # a choice still to be made: the option on offer (choice.option)
    chooser: str | None = None  # and who makes it: a seat, a side or a role
    choice: str | None = None  # the choice that would change it
    choices: tuple = ()  # every choice on offer, in order: ((value, ((lang, label), ...)), ...)
    split: bool = True  # False: the condition asks only that the slot be known (79C2 rules on the minutes where
    #                     the period is not stated): no value of it is a class that could change the element


def _only_known(knowledge: Knowledge, pat, slot: str) -> bool:
    """Whether ``pat`` tests ``slot`` only for being known (``known``, or one of every value it may have)."""
    s = knowledge.vocabulary.templates[pat.template].slots[slot]
    for t in pat.tests:
        if t.slot != slot:
            continue
        if t.op == "known":
            return True
        values = t.value if isinstance(t.value, tuple) else (t.value,)
        if t.op in ("in", "eq") and s.type in ("bool", "enum") and set(s.choices()) <= set(values):
            return True
    return False


def mark(knowledge: Knowledge, ruling: Ruling, working: list[InFact]) -> None:
    """Set ``provisional`` on every element of ``ruling`` an open answer could remove or change."""
    by_id = {f.id: f for f in working}
    derived = _derived(knowledge)
    overriders, ids = _overriders(knowledge)
    pending = _pending(ruling, working)
    by_t = _by_template(working)
    per_firing: dict[int, list[Unless]] = {}
    for f in ruling.firings:
        if f.production not in ids:
            continue
        prod = knowledge.production(f.production)
        per_firing[f.n] = (_exceptions(knowledge, prod, f, by_t, overriders.get(prod.id, ()))
                           + _unlesses(knowledge, prod, f, by_id, by_t, derived)
                           + _choices_waiting(knowledge, prod, pending))
    for el in ruling.elements:
        found: list[Unless] = []
        for n in reversed(el.how):  # the producing firing first, then what it rests on
            found += [u for u in per_firing.get(n, ()) if u not in found]
        el.provisional = sorted(found, key=lambda u: _asked(knowledge, u))
        extra = choice_conditions(knowledge, el.provisional)
        if extra:  # said under the choices it holds under (merge.py adds what is not known to them)
            el.when = {"text": {lang: word("possible.if", lang, condition=word("possible.and", lang).join(
                t[lang] for t, _ in extra)) for lang in LANGS}, "cases": [[dict(c) for _, c in extra]]}


def _overriders(knowledge: Knowledge) -> tuple[dict, set]:
    """Production id -> the productions that override it, and every production's id: worked out once per
    knowledge (a ruling under several possibilities marks each)."""
    got = knowledge.__dict__.get("_overriders")
    if got is None:
        overriders: dict[str, list[Production]] = {}
        for p in knowledge.productions:
            for q in p.overrides:
                overriders.setdefault(q, []).append(p)
        got = knowledge.__dict__["_overriders"] = (overriders, {p.id for p in knowledge.productions})
    return got


def _exceptions(knowledge: Knowledge, prod: Production, firing, by_t: dict, overriders) -> list[Unless]:
    """An overrider of ``prod`` that could still match the firing's subject once an unknown is known
    (``by_t``: the working facts by template)."""
    out: list[Unless] = []
    if not overriders:
        return out
    subject = firing.facts[0].id
    others = frozenset(f.id for f in by_t.get(prod.subject.template, ()) if f.id != subject)
    derived = _derived(knowledge)
    for q in overriders:
        if _effect(q) == _effect(prod):
            continue  # the same ruling on another ground (16B1(b) beside 16B1(a)): nothing would change
        for unknown in _ways(q, by_t, derived, others, None, frozenset()):
            for fid, template, slot in _ranked(q, unknown):
                u = _unless(knowledge, q, fid, template, slot, q.summary, q.cite)
                if u is not None and u not in out:
                    out.append(u)
                    break
    return out


def _effect(prod: Production) -> tuple:
    """What a production's firing does, its own words aside."""
    return tuple((e.kind, e.args) for e in prod.then), tuple(prod.derive)


def _unlesses(knowledge: Knowledge, prod: Production, firing, by_id: dict, by_t: dict,
              derived: set) -> list[Unless]:
    """A ``not`` condition of ``prod`` that an unknown slot could still make hold (``by_id``,
    ``by_t``: the working facts by id and by template)."""
    neg = [p for p in prod.when if p.negated]
    if not neg:
        return []
    bindings: dict = {}
    for pat, use in zip([p for p in prod.when if not p.negated], firing.facts):
        fact = by_id.get(use.id)
        if fact is None:
            return []
        _, _, bindings = _match_pattern(pat, fact, bindings, derived)
    out = []
    for pat in neg:
        for fact in by_t.get(pat.template, ()):
            ok, unk, _ = _match_pattern(pat, fact, bindings, derived)
            for slot in [t.slot for t in pat.tests if t.slot in unk] if ok else ():
                cond = {lang: _condition(knowledge, pat, slot, lang) for lang in LANGS}
                then = {lang: word("ruling.unless_not", lang, condition=cond[lang]) for lang in LANGS}
                u = _unless(knowledge, prod, fact.id, fact.template, slot, None, None, then)
                if u is not None and _only_known(knowledge, pat, slot):
                    u = replace(u, split=False)
                if u is not None and u not in out:
                    out.append(u)
                    break
    return out


def _pending(ruling: Ruling, working: list[InFact]) -> dict:
    """Option name -> (the element offering it, its offer) for each option on offer that no choice
    fact answers yet (a choice stated with its answer unknown is an open question: ``_unlesses``)."""
    stated = {f.get("option") for f in working if f.template == CHOICE}
    by_n = {f.n: f for f in ruling.firings}
    out: dict = {}
    for el in ruling.elements:
        o = el.options
        if o and o.get("option") and o["option"] not in stated:
            offering = by_n.get(el.how[-1]) if el.how else None
            fid = offering.facts[0].id if offering is not None and offering.facts else ""
            out.setdefault(o["option"], (el, o, fid))
    return out


def _choices_waiting(knowledge: Knowledge, prod: Production, pending: dict) -> list[Unless]:
    """A ``not`` condition of ``prod`` on a choice that the chooser of an option on offer could still make."""
    out = []
    for pat in prod.when:
        if not pat.negated or pat.template != CHOICE:
            continue
        said = {t.slot: t.value if isinstance(t.value, tuple) else (t.value,)
                for t in pat.tests if t.op in ("eq", "in") and not has_var(t.value)}
        for option in said.get("option", ()):
            if option not in pending:
                continue
            el, offer, fid = pending[option]
            for ch in offer["choices"]:
                if "chosen" in said and ch["value"] not in said["chosen"]:
                    continue
                u = _choice_unless(knowledge, el, offer, ch, fid)
                if u not in out:
                    out.append(u)
    return out


def _choice_unless(knowledge: Knowledge, el, offer: dict, ch: dict, fid: str) -> Unless:
    """The mark of a choice still to be made: the offering fact, the chooser's question, what it would change."""
    who = offer.get("chooser")
    label = {lang: chooser_label(knowledge.vocabulary, who, lang) for lang in LANGS}
    then = {lang: word("ruling.unless_chosen", lang, chooser=label[lang], chosen=ch["label"][lang], cite=el.cite)
            for lang in LANGS}
    question = {lang: word("question.chosen", lang, who=label[lang]) for lang in LANGS}
    return Unless(fid, CHOICE, "chosen", question, then, option=offer["option"], chooser=who, choice=ch["value"],
                  choices=tuple((c["value"], tuple(sorted(c["label"].items()))) for c in offer["choices"]))


def choice_conditions(knowledge: Knowledge, marks: list) -> list[tuple[dict, dict]]:
    """The choices still to be made that an element holds under, each as a condition said in words and its case
    ({fact, template, slot, values}: the choices it holds under): "if South chooses “neither require nor forbid
    a lead”".  A choice not yet made is said by the option offering it; what rests on it, under the condition."""
    out, by_option = [], {}
    for u in marks:
        if u.option:
            by_option.setdefault((u.option, u.fact), []).append(u)
    for (option, fid), us in by_option.items():
        away = {u.choice for u in us}
        held = [(v, dict(label)) for v, label in us[0].choices if v not in away]
        who = {lang: chooser_label(knowledge.vocabulary, us[0].chooser, lang) for lang in LANGS}
        text = {lang: word("possible.chooses", lang, chooser=who[lang],
                           choices=word("possible.or", lang).join(word("possible.choice", lang, label=label[lang])
                                                          for _, label in held))
                if held else word("possible.not_yet_chosen", lang, chooser=who[lang]) for lang in LANGS}
        out.append((text, {"fact": fid, "template": CHOICE, "slot": "chosen", "values": [v for v, _ in held]}))
    return out


def chooser_label(vocab, who, lang: str) -> str:
    """Who chooses, in words: a seat, a side, or a role of the option element (offender_lho)."""
    if who in V.SEATS:
        return V.SEAT_LABELS[who][lang]
    if who in V.SIDES:
        return V.SIDE_LABELS[who][lang]
    return vocab.elements["option"].args["chooser"].label_of(who, lang) if who else "?"


def _asked(knowledge: Knowledge, u: Unless) -> tuple:
    """The order the ruling lists open questions in: by template, fact, then slot."""
    t = knowledge.vocabulary.templates[u.template]
    return t.order, u.fact, list(t.slots).index(u.slot)


def _ranked(prod: Production, unknown: set) -> list:
    """The unknowns of one way of matching ``prod``, in the order its conditions test them."""
    rank = {}
    for i, pat in enumerate(prod.when):
        for j, t in enumerate(pat.tests):
            rank.setdefault((pat.template, t.slot), (i, j))
    return sorted(unknown, key=lambda k: (rank.get((k[1], k[2]), (99, 99)), in_number_order(k[0]), k))


def _condition(knowledge: Knowledge, prod_or_pattern, slot: str, lang: str) -> str:
    """The test a production's pattern makes on ``slot``, in plain words ("trick is 12")."""
    pats = prod_or_pattern.when if isinstance(prod_or_pattern, Production) else (prod_or_pattern,)
    d = Describer(knowledge.vocabulary, lang)
    for pat in pats:
        for t in pat.tests:
            if t.slot == slot:
                if t.names:  # naming a value (card: $c) asks only that it be known: "revoke card is known"
                    t = Test(t.slot, "known", True, t.loc)
                return d.test(pat.template, t).striptags()
    return ""


def _unless(knowledge: Knowledge, prod: Production, fid: str, template: str, slot: str | None,
            summary: dict | None, cite: str | None, then: dict | None = None) -> Unless | None:
    s = knowledge.vocabulary.templates[template].slots.get(slot) if slot else None
    if s is None or s.question is None:
        return None
    if then is None:
        cond = {lang: _condition(knowledge, prod, slot, lang) for lang in LANGS}
        then = {lang: word("ruling.unless", lang, condition=cond[lang] or s.question[lang],
                           then=summary[lang], cite=cite) for lang in LANGS}
    return Unless(fid, template, slot, dict(s.question), then)
