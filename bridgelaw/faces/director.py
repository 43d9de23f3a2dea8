"""A director who answers from known facts (tests, measurements): ``simulate`` runs an interview with the
answers an incident gives."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..read.incident import Incident, InFact
from ..explain.ruling import Ruling
from .choosing import AUCTION_ENDED
from .question import UNKNOWN, Question
from .told import NOT_ENCODED, REPEAT

if TYPE_CHECKING:
    from .interview import Interview


def answer_from(incident: Incident, q: Question, interview: Interview) -> Any:
    """What a director who knows ``incident`` answers to ``q``."""
    by_t: dict[str, list[InFact]] = {}
    for f in incident.facts:
        by_t.setdefault(f.template, []).append(f)
    if q.kind == "incident":
        return tuple(k for k in interview.kinds if k in by_t) + tuple(
            _named(interview, f) for f in by_t.get(NOT_ENCODED, ()) if _named(interview, f))
    stated = sum(1 for t, _ in interview._state().facts.values() if t == q.template)
    if q.kind == "exists":
        return len(by_t.get(q.template, [])) > stated
    mine = [(fid, slots) for fid, (t, slots) in interview._state().facts.items() if t == q.template]
    theirs = by_t.get(q.template, [])
    allowed = {c.value for c in q.choices} if q.choices else None
    taken: dict = {}  # the interview's n-th fact of the template -> the incident's fact it is
    for fid, slots in mine:  # in order, each to the first fact not taken that agrees with what it says so far
        # (an incident lists its facts in its own order: two choices come in the order the ruling offers them)
        fits = [k for k, f in enumerate(theirs) if k not in taken.values()
                and all(f.get(s) == v for s, v in slots.items() if v is not UNKNOWN and not _inferred(f, s))
                and (fid != q.fact or allowed is None or _allows(_offered(f.get(q.slot), allowed), allowed))]
        if fits:
            taken[fid] = fits[0]
    value = _offered(theirs[taken[q.fact]].get(q.slot), allowed) if q.fact in taken else None
    if value is None and (q.fact, q.template, q.slot) == AUCTION_ENDED and theirs:  # he knows the contract or
        value = True if theirs[0].get("declarer") or theirs[0].get("contract") else None  # declarer: it ended
    return UNKNOWN if value is None and q.allow_unknown else value


OTHER = "other"  # an answer's catch-all value ("something else")


def _offered(value, allowed: set | None):
    """The choice a director picks for ``value``: itself, or where the question leaves it out (it cannot matter for
    this fact: dummy spoke of a lead from the wrong hand after it was made) the catch-all "something else"."""
    if allowed is not None and OTHER in allowed and isinstance(value, str) and value not in allowed:
        return OTHER
    return value


def _allows(value, allowed: set) -> bool:
    """Whether a question offering ``allowed`` can be answered ``value`` (unknown, one value, or several)."""
    if isinstance(value, tuple):
        return set(value) <= allowed
    return value in allowed | {None}


def _inferred(fact: InFact, slot: str) -> bool:
    """A slot the director answered from what else he knows though the incident does not state it (that the
    auction ended, from the contract or declarer it names), or that the interview filled in (a revoke that
    is no repeat: no other revoke by that player, REPEAT)."""
    return (fact.template, slot) in (AUCTION_ENDED[1:], REPEAT[:2]) and fact.get(slot) is None


def _named(interview: Interview, fact: InFact) -> str | None:
    """The first screen's irregularity a ``not_encoded`` fact names: by its id, or (``{law: 7}``) the
    one not encoded that names that law alone."""
    if fact.get("irregularity") or fact.get("law") is None or interview.knowledge.irregularities is None:
        return fact.get("irregularity")
    return next((i.id for i in interview.knowledge.irregularities.items
                 if i.kind is None and i.laws == (fact.get("law"),)), None)


def simulate(interview: Interview, incident: Incident) -> tuple[Ruling, list[Question]]:
    """Run ``interview`` with a director who answers from ``incident``: (final ruling, questions asked)."""
    asked = []
    while True:
        step = interview.step()
        if not isinstance(step, Question):
            return step, asked
        asked.append(step)
        interview.answer(answer_from(incident, step, interview))
