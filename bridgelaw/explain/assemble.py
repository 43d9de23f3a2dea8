"""Assemble the Ruling from a run: elements in reading order, each naming its fact; then open questions.

``settle(knowledge, incident, run)`` gives what ``Engine.run`` returns from any
back end's run, with the laws it reaches that are not encoded (explain/not_encoded.py);
``complete(knowledge, ruling, working, fired)`` adds the open questions (WHY,
explain/why.py), a director_judgment element for each open judgment question,
finds the elements an open answer could still change (explain/possible/waits.py: explain/possible/
splits a slot left out that they wait on, and says what rests on a choice not yet made under it),
and computes the board's result from the elements (explain/result.py).
"""
from __future__ import annotations

import re

from ..model import Knowledge
from ..read.incident import Incident, InFact, in_number_order
from ..run.record import render_element
from .announce import announce, in_auction
from .evidence import claim_lines, revoke_tricks
from .result import board_result
from .ruling import OpenQuestion, Ruling, RulingElement
from .not_encoded import reached
from .possible.waits import mark
from .why import open_questions
from ..words import LANGS, inflect, word
from ..values import name_call


def settle(knowledge: Knowledge, incident: Incident, run) -> tuple[Ruling, list[InFact], set]:
    """What Engine.run returns, from a run of any back end (its firings, elements, derived())."""
    fired = {(f.production, f.facts[0].id) for f in run.firings}
    working = list(incident.facts) + [InFact(t, fid, values, None) for t, fid, values in run.derived()]
    elements = _in_reading_order(knowledge, run.elements, run.firings)
    # a preview of what a choice would lead to is said under the open choice only: once it is made, the
    # laws it previews give their own elements
    elements = [el for el in elements if not knowledge.vocabulary.elements[el.kind].offered_only]
    # say only what applies when the ruling is made: the auction is behind it (read/auction.py decides when)
    if any(f.template == "auction_over" for f in working):
        elements = _after_the_auction(knowledge, elements, _unmade_options(knowledge, elements, working),
                                      run.firings)
    elements = _alone(knowledge, elements)
    _name_facts(knowledge, elements, run.firings, working)
    _mark_chosen(knowledge, elements, run.firings)
    if any(f.template == "auction_over" for f in working):
        _left_unmade(knowledge, elements)
    for el in elements:
        el.label = knowledge.vocabulary.elements[el.kind].label
    titles = incident.titles()
    ruling = Ruling(incident=titles.get("en") or incident.name, elements=elements,
                    firings=list(run.firings), open_questions=[], title=titles,
                    not_encoded=reached(knowledge, incident.facts),
                    conflicts=[_conflict(knowledge, x) for x in getattr(incident, "conflicts", ())],
                    claim_lines=claim_lines(getattr(incident, "claim_lines", None)),
                    revoke_tricks=revoke_tricks(getattr(incident, "revoke_tricks", ())),
                    board=getattr(incident, "board", None))
    return ruling, working, fired


def _reworded(elements: list[RulingElement], say) -> list[RulingElement]:
    """Each element and each consequence of its options' choices, at every depth, in the words
    ``say(kind, args, text)`` gives it; one it gives None is not said."""
    out = []
    for el in elements:
        text = say(el.kind, el.args, el.text)
        if text is None:
            continue
        el.text = text
        if el.options:
            el.options = _options_reworded(el.options, say)
        out.append(el)
    return out


def _alone(knowledge: Knowledge, elements: list[RulingElement]) -> list[RulingElement]:
    """A kind with ``only_with`` (22A's "no call is irregular") is said only where every other element is of
    one of the kinds it names: beside a ruling on an irregularity it would not apply."""
    kinds = knowledge.vocabulary.elements

    def stays(el) -> bool:
        only = kinds[el.kind].only_with
        return only is None or all(o is el or o.kind in only for o in elements)
    return [el for el in elements if stays(el)]


def _options_reworded(options: dict, say) -> dict:
    choices = []
    for ch in options["choices"]:
        kept = []
        for c in ch["consequences"]:
            text = say(c["kind"], c["args"], c["text"])
            if text is not None:
                kept.append({**c, "text": text, **({"options": _options_reworded(c["options"], say)}
                                                   if c.get("options") else {})})
        choices.append({**ch, "consequences": kept})
    return {**options, "choices": choices}


def _own_words(knowledge: Knowledge, kind: str, args: dict, text: dict) -> dict:
    """What a production added to its element's standard text (empty where it added nothing)."""
    standard = render_element(knowledge, kind, args, None)
    return {lang: text[lang][len(standard[lang]):].strip() if text[lang].startswith(standard[lang]) else text[lang]
            for lang in LANGS}


def _auction_options(knowledge: Knowledge) -> set:
    """The options of the auction: those the vocabulary's ``auction_ended`` excludes (no auction choice is left
    to make once it has ended)."""
    ended = knowledge.vocabulary.elements.get("auction_ended")
    return {x.partition(":")[2] for x in (ended.excludes if ended else ()) if x.startswith("option:")}


def _unmade_options(knowledge: Knowledge, elements: list[RulingElement], working: list[InFact]) -> set:
    """The auction's options offered in this ruling that no stated choice answers."""
    stated = {f.get("option") for f in working if f.template == "choice"}
    auction = _auction_options(knowledge) - stated
    return {o for el in elements if el.kind == "option" and el.options for o in [el.options.get("option")] if o in auction}


def _waits_on(knowledge: Knowledge, el: RulingElement, options: set) -> bool:
    """Whether the element's production waits on a choice of one of ``options`` (a ``not`` condition on it)."""
    prod = knowledge.by_id.get(el.production)
    return prod is not None and any(
        pat.negated and pat.template == "choice" and any(t.slot == "option" and t.value in options for t in pat.tests)
        for pat in prod.when)


def _after_the_auction(knowledge: Knowledge, elements: list[RulingElement], unmade: set = frozenset(),
                       firings: list = ()) -> list[RulingElement]:
    """A kind that says what happens in the auction (``while_auction``) says it no more: its standard words
    go, and an element with no words of its own goes with them (the fact stays for the productions).  The
    same holds for the consequences of an option's choices, at every depth (27B2's pass obligation, 29A's
    "calls next").  What rests on a choice of the auction nobody made (``unmade``) keeps its words: it says
    what that choice would have led to (T22: North's pass obligation had West refused 3♣), unless another law
    read it as a fact and says it in its own words (26B's option says the lead restrictions)."""
    read = {(fa.template, f.production) for f in firings for fa in f.facts}
    kept = {id(el) for el in elements if _waits_on(knowledge, el, unmade)
            and not any(t == el.kind and p != el.production for t, p in read)}
    said = {id(el) for el in _after_the_auction_said(knowledge, [el for el in elements if id(el) not in kept])}
    return [el for el in elements if id(el) in kept or id(el) in said]


def _after_the_auction_said(knowledge: Knowledge, elements: list[RulingElement]) -> list[RulingElement]:
    def say(kind, args, text):
        if knowledge.vocabulary.elements[kind].offered_only:  # a preview of later turns: its own words go too
            return None
        if not knowledge.vocabulary.elements[kind].while_auction:
            return text
        own = _own_words(knowledge, kind, args, text)
        return own if all(own.values()) else None
    return _reworded(elements, say)


def _conflict(knowledge: Knowledge, x) -> dict:
    """A stated fact the cards contradict: which, both values, and in words that the director decides (85)."""
    slot = knowledge.vocabulary.templates[x.template].slots[x.slot]
    return {"template": x.template, "fact": x.fact, "slot": x.slot, "stated": x.stated, "shown": x.shown,
            "text": {lang: word("ruling.conflict", lang, what=slot.title(lang), shown=slot.label_of(x.shown, lang),
                                stated=slot.label_of(x.stated, lang)) for lang in LANGS}}


def _in_reading_order(knowledge: Knowledge, elements: list[RulingElement], firings: list) -> list[RulingElement]:
    """Elements as a director reads them: what the irregularity was first and what happens now last (the
    kind's ``place``); between, what happened before what follows from it (a production comes after those
    whose derived facts it used: the infraction before the adjusted score, the defective trick before its
    deemed revoke), then in the order of the Laws.  The trace keeps firing order."""
    depth: dict[int, int] = {}
    for f in firings:  # firings only rest on earlier firings
        depth[f.n] = 1 + max((depth[k] for k in f.rests_on), default=-1)
    by_id = knowledge.by_id
    place = {"first": 0, None: 1, "last": 2}  # the kind's place: what the irregularity was, ..., what happens now
    return sorted(elements, key=lambda el: (place[knowledge.vocabulary.elements[el.kind].place],
                                            depth.get(el.how[-1], 0) if el.how else 0,
                                            by_id[el.production].order, el.how[-1] if el.how else 0))


def _mark_chosen(knowledge: Knowledge, elements: list[RulingElement], firings: list) -> None:
    """An option whose choice was made (a production its choice gives fired on the same fact) keeps
    only that choice: the ruling says what was chosen and what follows, no longer what might be."""
    made = {(knowledge.by_id[f.production].choice_of, f.facts[0].id): knowledge.by_id[f.production]
            for f in firings if knowledge.by_id[f.production].choice_of}
    for el in elements:
        if not el.options or not el.how:
            continue
        p = made.get((el.production, firings[el.how[-1] - 1].facts[0].id))
        if p is not None:
            chosen = p.when[-1].tests[1].value  # the choice fact's 'chosen' (read/choices.py)
            el.options = {**el.options, "chosen": chosen,
                          "choices": [c for c in el.options["choices"] if c["value"] == chosen]}


def _left_unmade(knowledge: Knowledge, elements: list[RulingElement]) -> None:
    """A choice of the auction (an option the vocabulary's ``auction_ended`` excludes: no auction choice is left
    to make once it has ended) that nobody made before the auction ended can no longer be made (T22: West never
    offered 27C's choice): it is marked ``unmade``, its words say so, and nobody is told to choose now; its
    choices stay, as what each would have led to (the director's ruling on what would have happened, 82C)."""
    auction = _auction_options(knowledge)
    for el in elements:
        if el.kind == "option" and el.options and el.options.get("option") in auction and not el.options.get("chosen"):
            el.options = {**el.options, "unmade": True}
            standard = render_element(knowledge, el.kind, el.args, None)
            el.text = {lang: " ".join(t for t in (standard[lang], word("ruling.choice_unmade", lang),
                                                  _own_words(knowledge, el.kind, el.args, el.text)[lang]) if t)
                       for lang in LANGS}


def _name_facts(knowledge: Knowledge, elements: list[RulingElement], firings: list, working: list[InFact]) -> None:
    """Say which fact an element is about when the incident holds several of its kind."""
    words = SubjectWords(knowledge, working)
    for el in elements:
        subject = firings[el.how[-1] - 1].facts[0] if el.how else None
        if subject is not None and words.several(subject.template) and not _names_its_call(el, subject):
            el.about = subject.id
            el.subject = words(subject.id)


def _names_its_call(el: RulingElement, subject) -> bool:
    """Whether the element names its subject's call itself ("the pass at call 6", "Call 7 (West: 2♥)"): a
    label beside it ("a call by West": the seat of the final pass, say) would only mislead."""
    position = subject.slots.get("position") if isinstance(subject.slots, dict) else None
    return position is not None and el.args.get("position") == position


class SubjectWords:
    """{ru, en} for one of several facts of a kind, in words, never its id: by its seat when that
    tells it from the others ("revoke by East"), else by its place ("revoke no. 2"); words
    ruling.about_*; the place counts the facts of its kind in the order of their ids' numbers.
    ``words(fid)``; each fact's words are worked out once (a fresh dict each call)."""

    def __init__(self, knowledge: Knowledge, working: list[InFact]):
        self.knowledge = knowledge
        self.by_id: dict[str, InFact] = {}
        self.kin: dict[str, list[InFact]] = {}
        for f in working:
            self.by_id.setdefault(f.id, f)
            self.kin.setdefault(f.template, []).append(f)
        self.done: dict[str, dict] = {}
        self.in_order: set[str] = set()  # templates whose facts are sorted by their ids' numbers

    def several(self, template: str) -> bool:
        return len(self.kin.get(template, ())) > 1

    def __call__(self, fid: str) -> dict:
        if fid not in self.done:
            self.done[fid] = self._words(self.by_id[fid])
        return dict(self.done[fid])

    def _words(self, fact: InFact) -> dict:
        t = self.knowledge.vocabulary.templates[fact.template]
        seats = [k for k in t.slots if t.slots[k].type == "seat"]

        def seat_of(f: InFact):
            return next((v for k, v in f.values if v is not None and k in seats), None)
        kin = self.kin[fact.template]
        if fact.template not in self.in_order:
            kin.sort(key=lambda f: in_number_order(f.id))  # held in the order of their ids as text
            self.in_order.add(fact.template)
        seat = seat_of(fact)
        if [seat_of(f) for f in kin].count(seat) > 1:  # two revokes by one player: by place
            seat = None
        n = [f.id for f in kin].index(fact.id) + 1
        call = [fact.get(s) for s in ("seat", "call", "position")] if {"seat", "call", "position"} <= set(t.slots) else ()
        out = {}
        for lang in LANGS:
            label = t.label[lang][:1].lower() + t.label[lang][1:]
            out[lang] = (word("ruling.about_seat", lang, label=label, seat=inflect(f"seat.{seat}", "gen", lang))
                         if seat else name_call(*call, lang) if call and all(call)  # two calls by one player: the call
                         else word("ruling.about_n", lang, label=label, n=n))
        return out


def _name_used_facts(knowledge: Knowledge, firings: list, words: SubjectWords) -> None:
    """HOW names a fact the incident gave its own id ("east", "second") in the ruling lines' words
    (revoke by East, revoke no. 2), never by that id."""
    for f in firings:
        for u in f.facts:
            t = knowledge.vocabulary.templates[u.template]
            if not t.many or u.id not in words.by_id:
                continue
            for lang in LANGS:
                head = f"{t.label[lang]} ({u.id})"
                said = u.text.get(lang, "")
                if said.startswith(head):
                    name = words(u.id)[lang]
                    u.text[lang] = name[:1].upper() + name[1:] + said[len(head):]


def complete(knowledge: Knowledge, ruling: Ruling, working: list[InFact], fired: set, announced: bool = True) -> Ruling:
    """What Engine.explain does, seeking open questions in ``knowledge`` (``announced``: with the announcement,
    made last; without it, for explain/possible/'s rule_each, which announces the one ruling it returns)."""
    ruling.open_questions = _could_change(knowledge, ruling, open_questions(knowledge, working, fired))
    words = SubjectWords(knowledge, working)
    _name_used_facts(knowledge, ruling.firings, words)
    for q in ruling.open_questions:
        if q.about:
            q.subject = words(q.about)
    ruling.elements = ruling.elements + _judgments(knowledge, ruling.open_questions)
    mark(knowledge, ruling, working)
    ruling.result = board_result(knowledge, working, ruling.elements, ruling.open_questions)
    ruling.working = working
    if not announced:
        return ruling
    return announce(knowledge, ruling, in_auction(working))  # last: what the director tells the table now, from all above


def _could_change(knowledge: Knowledge, ruling: Ruling, questions: list[OpenQuestion]) -> list[OpenQuestion]:
    """The open questions some answer could change the ruling by: a production waiting on one is
    left out of its WHY when, fired on the question's fact, it would neither take away what fired
    there (it overrides nothing that did), nor derive a fact, nor give an element that fact does
    not already have (64B4's "no transfer" once 64B7 gave it); a question left with no WHY is dropped."""
    fired = {(f.production, f.facts[0].id) for f in ruling.firings}
    has: dict[str, set] = {}
    for el in ruling.elements:
        if el.how:
            subject = ruling.firings[el.how[-1] - 1].facts[0].id
            has.setdefault(subject, set()).update(_gives(knowledge.production(el.production)))

    def changes(pid: str, q: OpenQuestion) -> bool:
        prod = knowledge.production(pid)
        if prod.subject.template != q.template:
            return True  # about another fact: not decided here
        return bool(prod.derive) or any((o, q.fact) in fired for o in prod.overrides) \
            or not _gives(prod) <= has.get(q.fact, set())
    out = []
    for q in questions:
        why = [w for w in q.why if changes(w["production"], q)]
        if why:
            q.why = why
            out.append(q)
    return out


def _gives(prod) -> set:
    """The elements a production gives, as written (kind, arguments, own words)."""
    return {(e.kind, e.args, tuple(sorted(e.text.items())) if e.text else None) for e in prod.then}


def _judgments(knowledge: Knowledge, questions: list[OpenQuestion]) -> list[RulingElement]:
    """A director_judgment element for each open judgment question, cited to the first law waiting on it."""
    out = []
    for q in questions:
        if not q.judgment:
            continue
        first = min(q.why, key=lambda w: knowledge.production(w["production"]).order)
        args = {"fact": q.fact, "slot": q.slot}
        out.append(RulingElement("director_judgment", args, first["cite"], first["production"],
                                 render_element(knowledge, "director_judgment", args,
                                                {lang: t[:1].lower() + t[1:] for lang, t in q.question.items()}), [],
                                 label=knowledge.vocabulary.elements["director_judgment"].label))
    return out


