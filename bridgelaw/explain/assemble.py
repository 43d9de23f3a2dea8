"""Assemble the Ruling from a run: elements in reading order, each naming its fact; then open questions.

``settle(knowledge, incident, run)`` gives what ``Engine.run`` returns from any
back end's run; ``complete(knowledge, ruling, working, fired)`` adds the open
questions (WHY, explain/why.py) and a director_judgment element for each open
judgment question, and the board's result (explain/result.py) computed from the elements.
"""
from __future__ import annotations

from ..model import Knowledge
from ..read.incident import Incident, InFact
from ..run.record import render_element
from .result import board_result
from .ruling import OpenQuestion, Ruling, RulingElement
from .why import open_questions


def settle(knowledge: Knowledge, incident: Incident, run) -> tuple[Ruling, list[InFact], set]:
    """What Engine.run returns, from a run of any back end (its firings, elements, derived())."""
    fired = {(f.production, f.facts[0].id) for f in run.firings}
    working = list(incident.facts) + [InFact(t, fid, values, None) for t, fid, values in run.derived()]
    elements = _in_reading_order(knowledge, run.elements, run.firings)
    _name_facts(elements, run.firings, working)
    _mark_chosen(knowledge, elements, run.firings)
    for el in elements:
        el.label = knowledge.vocabulary.elements[el.kind].label
    ruling = Ruling(incident=incident.title or incident.name, elements=elements,
                    firings=list(run.firings), open_questions=[])
    return ruling, working, fired


def _in_reading_order(knowledge: Knowledge, elements: list[RulingElement], firings: list) -> list[RulingElement]:
    """Elements as a director reads them: what happened before what follows from it (a production
    comes after those whose derived facts it used: the infraction before the adjusted score, the
    defective trick before its deemed revoke), then in the order of the Laws.  The trace keeps
    firing order."""
    depth: dict[int, int] = {}
    for f in firings:  # firings only rest on earlier firings
        depth[f.n] = 1 + max((depth[k] for k in f.rests_on), default=-1)
    by_id = knowledge.by_id
    return sorted(elements, key=lambda el: (depth.get(el.how[-1], 0) if el.how else 0,
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


def _name_facts(elements: list[RulingElement], firings: list, working: list[InFact]) -> None:
    """Say which fact an element is about when the incident holds several of its kind."""
    count: dict[str, int] = {}
    for f in working:
        count[f.template] = count.get(f.template, 0) + 1
    for el in elements:
        subject = firings[el.how[-1] - 1].facts[0] if el.how else None
        if subject is not None and count.get(subject.template, 0) > 1:
            el.about = subject.id


def complete(knowledge: Knowledge, ruling: Ruling, working: list[InFact], fired: set) -> Ruling:
    """What Engine.explain does, seeking open questions in ``knowledge``."""
    ruling.open_questions = open_questions(knowledge, working, fired)
    ruling.elements = ruling.elements + _judgments(knowledge, ruling.open_questions)
    ruling.result = board_result(knowledge, working, ruling.elements, ruling.open_questions)
    return ruling


def _judgments(knowledge: Knowledge, questions: list[OpenQuestion]) -> list[RulingElement]:
    """A director_judgment element for each open judgment question, cited to the first law waiting on it."""
    out = []
    for q in questions:
        if not q.judgment:
            continue
        first = min(q.why, key=lambda w: knowledge.production(w["production"]).order)
        args = {"fact": q.fact, "slot": q.slot}
        out.append(RulingElement("director_judgment", args, first["cite"], first["production"],
                                 render_element(knowledge, "director_judgment", args, q.question), [],
                                 label=knowledge.vocabulary.elements["director_judgment"].label))
    return out


