"""The interview: ask the director only what can change the ruling.

Shape::

    interview = Interview(knowledge)        # or Interview(knowledge, engine) to share a compiled engine
    interview = Interview(knowledge, engine, answers=saved)   # resume from interview.history()
    step = interview.step()                 # the next Question, or the final Ruling
    interview.answer(value)                 # a value, its label, its number in the list, or UNKNOWN
    interview.back()                        # take back the last answer
    interview.incident(); interview.facts_data()   # what is established (an Incident; a facts mapping)

No question is written by hand.  The director first names the kind of
incident: the templates that are the subject (first condition) of some
production, with their vocabulary labels.  Every later question is a slot (or
the existence of a fact) that the engine's explain stage (``engine.waiting``)
finds some production still waiting on: a slot already answered, said to be
unknown, or stated by a derived fact is never asked.  The deal context
(templates marked ``context``) is asked first, wherever a production that
could still fire tests it, in vocabulary order; then the slots of the
incident's facts; then whether a fact some production needs exists at all;
then, for a ``many`` template, whether there was another one; last, any
question the ruling would still list as open, unless the director said it is
not known; last of all, what the board's result still needs (explain/result.py:
the tricks as played, the vulnerability; 64C's tricks without the revoke,
asked with the result after the automatic rectification shown first).  When nothing is waiting, ``step()`` returns the Ruling of the
established facts, the same as ``bridgelaw rule`` on the saved incident.

An answer that cannot change the ruling is not asked for: whether the auction has ended only once a
production waits on the declarer and nothing else; no obligation to pass unless a later call could
break one (``_obligation_may_bind``), never one the ruling itself gives; whether a revoke repeats one
only once another revoke by that player is told (when none is, it is filled in as no); which offer a
choice made answers, where one only is not told yet (it is stated, and the interview goes on to what was
chosen); and an answer's values leave out those only productions that this fact, or a fact derived from
it, already rules out name (54's answers to an opening lead, for a lead to trick 5).

The compiled engine is built once; each step runs it once over the facts so
far (a few milliseconds) and walks the productions.  This module neither
parses YAML nor imports experta.  It is split by concern: told.py (what the
answers establish), choosing.py (which question comes next), asking.py (a
question's text and choices), telling.py (what the story told asks for though no production waits on it: an
event "a choice made" and its choice), director.py (a director answering from known facts, for tests and
measurements).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import Engine, waiting
from ..errors import Collector
from ..read.auction import DERIVED_WHILE_READING, sequence_facts
from ..read.incident import NOT_KNOWN, Incident, InFact, check_counts
from ..model import Knowledge
from ..explain.possible import waited_on
from ..explain.result import EQUITY
from ..explain.ruling import Ruling
from ..model import CHOICE
from . import keys, partly
from .asking import ADJUSTED, RESULT_WHY, Asking
from .choosing import (AUCTION_OVER, CATCH_ALL, DURING_AUCTION, PASS_OBLIGATION, Choosing, _fact_index,
                       _obligation_may_bind, _offered_only, _option_of)
from .director import answer_from, simulate  # noqa: F401  (the interview's API)
from .keys import SlotKey
from .question import UNKNOWN, AnswerError, Choice, Question  # noqa: F401  (the interview's API)
from .told import CARDS, Told, _State  # noqa: F401  (the interview's API)


class Interview(Told, Choosing, Asking):
    """One interview over a Knowledge; see the module docstring."""

    _offers: dict = {}  # option -> its offer in the ruling so far ({option, chooser, choices}), set by each step
    _auction_open: bool = False  # the calls stated so far do not end the auction (set by each step)
    _first_turn: bool = False  # every call stated was made at the dealer's first turn (set by each step)
    _may_bind: bool = True  # a stated obligation to pass could bind a later call (set by each step)
    _working: list = []  # the facts stated and derived at this step (set by each step)
    _offered_only: frozenset = frozenset()  # lasting kinds the ruling so far gives only in a choice's consequences

    def __init__(self, knowledge: Knowledge, engine: Engine | None = None, title: str = "interview",
                 answers: list | None = None):
        self.knowledge = knowledge
        self.vocab = knowledge.vocabulary
        self.engine = engine or Engine(knowledge)
        self.title = title
        self.answers: list[tuple[str, Any]] = []
        tables = _tables(knowledge)  # what every interview over this knowledge reads: built once, not per interview
        self.kinds, self._kind_set, self.context = tables.kinds, tables.kind_set, tables.context
        self._producers = tables.producers
        self._tables = tables
        self._cache: tuple | None = None
        self._back_to: tuple | None = None  # (the step cached before the last answer, the answers before it)
        self._implied: dict = {}  # choice fact id -> (the one option on offer, the answers when it was stated)
        self._cards_memo: dict = {}  # (deal pasted, facts) -> what the cards show (read once)
        obligation = self.vocab.templates.get(PASS_OBLIGATION)  # which calls could break one (the vocabulary's)
        self._broken_by = obligation.broken_by if obligation is not None else None
        for key, value in answers or ():
            self.answer(value, key)

    def history(self) -> list[tuple[str, Any]]:
        """The answers so far as (question key, answer), "?" for not known: ``Interview(..., answers=)`` resumes."""
        return [(k, "?" if v is UNKNOWN else list(v) if isinstance(v, tuple) else v) for k, v in self.answers]

    def answer(self, value: Any, key: str | None = None) -> Any:
        """Answer the current question (``key``, if given, must name it); returns the canonical answer.  The key
        ``cards`` gives the deal pasted in, at any question (``give_cards``)."""
        if key == CARDS:
            return self.give_cards(value)
        q = self.step()
        if not isinstance(q, Question):
            raise AnswerError("the ruling is determined: there is no question to answer")
        if key is not None and not question_named(key, q):
            raise AnswerError(f"the question asked is '{q.key}', not '{key}'")
        v = q.parse(value)
        before = self._cache  # the step this answer answers: what `back` returns to
        self.answers.append((q.key, v))
        problems = Collector()  # a count that contradicts another stated one is refused at the prompt,
        stated = self._infacts(self._state(), all_context=True)  # as is a declarer or contract the calls contradict
        check_counts(stated, problems, complete=False)
        sequence_facts(stated, self.vocab, problems)
        if problems.errors:
            self.answers.pop()
            e = problems.errors[0]
            raise AnswerError(f"{e.message}; {e.hint}" if e.hint else e.message)
        self._cache = None
        self._back_to = (before, self.answers[:-1])
        return v

    def back(self) -> bool:
        """Take back the last answer; False when there is none."""
        if not self.answers:
            return False
        self.answers.pop()
        back_to, self._back_to = self._back_to, None
        # the step before the last answer, as it was (no ruling again): each answer taken back costs nothing
        self._cache = back_to[0] if back_to and back_to[0] and back_to[0][0] == len(self.answers) \
            and back_to[1] == self.answers else None
        return True

    def incident(self) -> Incident:
        """The established facts as an Incident (what ``rule`` would read from the saved file)."""
        st = self._state()
        return Incident(name=self.title, facts=self._read(self._infacts(st)), title=self.title, **st.evidence)

    def kinds_chosen(self) -> tuple | None:
        """The encoded kinds of incident the director named (None before the first answer)."""
        kinds = self._state().kinds
        return kinds if kinds is None else tuple(k for k in kinds if k in self._kind_set)

    def facts_data(self) -> dict:
        """The established facts as an incident's ``facts`` mapping (template -> values, a list for ``many``).

        Several facts of one template keep their ids (``revoke-1``...): a file numbers facts
        without one by content, and a derived fact naming ``revoke-1`` must name the same revoke
        under ``ask`` and under ``rule`` on the saved file."""
        out: dict = {}
        st = self._state()
        facts = self._infacts(st, answered=True)  # with a deal pasted in, saved beside it: its facts are read again
        for f in facts:
            vals = f.known()
            t = self.vocab.templates[f.template]
            moot = f.template == CATCH_ALL and self._only_not_encoded(st)  # not asked: the law is not encoded
            vals |= {s: NOT_KNOWN for s, slot in t.slots.items()
                     if slot.required and s not in vals and ((f.id, s) in st.settled or moot)} | partly.written(st, f.id)
            if t.many:
                several = sum(1 for g in facts if g.template == f.template) > 1
                out.setdefault(f.template, []).append({"id": f.id, **vals} if several else vals)
            else:
                out[f.template] = vals
        return out

    # -- the next step ---------------------------------------------------------------------------
    def step(self) -> Question | Ruling:
        """The next question, or the final Ruling when no answer can change it."""
        if self._cache is None or self._cache[0] != len(self.answers):
            self._cache = (len(self.answers), self._step())
        return self._cache[1]

    def _step(self) -> Question | Ruling:
        st = self._state()
        if st.kinds is None:
            return self._incident_question()
        base = self._infacts(st)
        incident = Incident(name=self.title, facts=self._read(base), title=self.title, **st.evidence)
        self._auction_open = any(f.template in DURING_AUCTION for f in base) and not any(  # the reader's one
            f.template == AUCTION_OVER for f in incident.facts)                           # fact (read/auction.py)
        calls = [f for f in incident.facts if f.template == "call"]
        dealer = next((f.get("dealer") for f in base if f.template == "auction"), None)
        self._first_turn = bool(calls) and all(f.get("turn") == dealer for f in calls)
        ruling, working, fired = self.engine.run(incident)
        working = partly.with_derived(self, st, base, working)
        self._working = working
        given = [f for f in working if f.template == PASS_OBLIGATION and f.id not in {g.id for g in base}]
        self._may_bind = not calls or _obligation_may_bind(calls, bool(given), self._broken_by)
        if self._only_not_encoded(st):  # "Law 80 ... is not encoded yet", at once: nothing else to ask
            return self.engine.explain(ruling, working, fired)
        stated = {f.id for f in base}
        facts = [f for f in working if f.id not in stated] + self._infacts(st, all_context=True)
        blanks: dict = {}
        had = frozenset(f.template for f in facts)
        self._add_blanks(st, blanks, had, had)
        # derived facts that a production still waiting could yet state (their producers first)
        producers = self._tables.producing
        # a choice not yet on offer states nothing yet: what it would derive waits until its option is shown
        on_offer = {e.options["option"] for e in ruling.elements if e.options}
        while True:
            ids = frozenset(f.id for f in blanks.values())
            ways = waiting(self.knowledge, facts + list(blanks.values()), fired, st.settled, ids, producers)
            more = {d.template for ws in ways.values() for p, _ in ws for d in p.derive
                    if d.template in self._producers and d.template not in blanks
                    and (not p.choice_of or _option_of(p) in on_offer)}
            if not more:
                break
            for d in sorted(more):
                t = self.vocab.templates[d]
                blanks[d] = InFact(d, f"{d}?", tuple((s, None) for s in t.slots), None)
            self._add_blanks(st, blanks, more, had)
            ids = frozenset(f.id for f in blanks.values())
        # the producers' ways are the last round's (the same facts and blanks): only the others are looked at
        ways = _joined(ways, waiting(self.knowledge, facts + list(blanks.values()), fired, st.settled, ids,
                                     leave_out=producers))
        self._offers = {e.options["option"]: e.options for e in ruling.elements if e.options}
        self._offered_only = _offered_only(self.vocab, ruling.elements)
        question = self._choose(st, ways, blanks)
        if question is not None:
            return self._stated(question) or question
        ruling = self.engine.explain(ruling, working, fired)
        for oq in ruling.open_questions:  # what the ruling would leave open, unless said not known
            if (oq.fact, oq.slot) not in st.settled and self._askable(st, (oq.fact, oq.template, oq.slot), blanks) \
                    and not self._after_result(oq.template, oq.slot):
                question = self._slot_question(st, oq.fact, oq.template, oq.slot, tuple(oq.why))
                return self._stated(question) or question
        for need in map(keys.parse, ruling.result.missing if ruling.result else ()):  # what the result needs
            if need.fact in st.facts and need.slot in self.vocab.templates[st.facts[need.fact][0]].slots \
                    and (need.fact, need.slot) not in st.settled:
                return self._result_question(st, need.fact, need.slot, ruling)
        question = self._after_result_question(st, ways, blanks)  # 12B2: the result as it stands, first
        if question is not None:
            return question
        r = ruling.result
        if r is not None and r.status == "adjusted" and not r.outcomes and not r.artificial and not any(
                e.kind == "adjust_score" and e.cite in EQUITY for e in ruling.elements):  # 64C: the revoke's tricks
            for t in ADJUSTED:  # the score the director assigns (12C1(b), 12C2): asked once the ruling adjusts
                if t in self.vocab.templates and t not in st.closed and not any(x == t for x, _ in st.facts.values()):
                    return self._exists_question(st, t, RESULT_WHY)
        return self._figures_question(st, r) or self._each_side_question(st, ruling) or self._not_known(st, base, ruling)

    def _not_known(self, st: _State, base: list[InFact], ruling: Ruling) -> Ruling | Question:
        """The ruling once nothing is left to ask: a required fact the director said is not known (saved as "?")
        is ruled under each possibility (explain/possible/), as ``rule`` rules the saved incident."""
        marked = [replace(f, possible=partly.possible(self, st, f)) for f in base]
        stated = tuple(marked)  # (reading the calls fills the list it is given)
        incident = Incident(name=self.title, facts=self._read(marked), title=self.title, stated=stated, **st.evidence)
        if not any(f.possible for f in marked) and not waited_on(self.knowledge, incident, [ruling], set()):
            return ruling  # nothing said not known, and nothing left out that a production waits on
        question = self._bound_question(st, marked)
        if question is not None:
            return self._stated(question) or question
        first, ruling = ruling, self.engine.rule(incident)
        for oq in ruling.open_questions:  # what a possibility's ruling still needs: asked as when all is known
            if oq.slot is not None and (oq.fact, oq.slot) not in st.settled \
                    and self._askable(st, (oq.fact, oq.template, oq.slot), {}):
                question = self._slot_question(st, oq.fact, oq.template, oq.slot, tuple(oq.why))
                return self._stated(question) or question
        return partly.each_possibility_question(self, st, incident, first) or partly.result_question(self, st, ruling) or ruling

    def _bound_question(self, st: _State, marked: list[InFact]) -> Question | None:
        """The slot that bounds one said not known (the vocabulary's ``not_known``: a revoke's trick is at most the
        trick being played; a revoker is not dummy), asked before the possibilities are ruled, as ``rule`` reads it
        from the saved incident: unasked, a trick "?" would be split over tricks not yet played."""
        for f in marked:
            for slot in [s for s, v in f.values if v is None and ((f.id, s) in st.settled or (f.id, s) in st.partly)]:
                rule = self.vocab.not_known.get((f.template, slot))
                for bound in (rule.not_seats, rule.at_most, rule.at_least) if rule is not None else ():
                    g = next((g for g in marked if bound and g.template == bound[0]), None)
                    if g is None or g.get(bound[1]) is not None or (g.id, bound[1]) in st.settled \
                            or not self._askable(st, (g.id, g.template, bound[1]), {}):
                        continue  # (the vocabulary's not_asked_when: once play has ended no trick is being played)
                    why = tuple({"production": p.id, "cite": p.cite, "summary": p.summary}
                                for p in self.knowledge.testers.get(f.template, ())
                                if any(pat.template == f.template and not pat.negated and any(
                                    t.slot == slot and not t.names for t in pat.tests) for pat in p.when))
                    return self._slot_question(st, g.id, g.template, bound[1], why)
        return None

    def _stated(self, q: Question) -> Question | Ruling | None:
        """A choice made, of which one option only is on offer: that option is stated, not asked (a choice of
        one is no choice), and the interview goes on to what was chosen."""
        told = tuple(self.answers)
        if (q.template, q.slot) != (CHOICE, "option") or len(q.choices) != 1 or self._implied.get(q.fact) == (
                q.choices[0].value, told):  # stated already: asked after all (never twice round)
            return None
        self._implied[q.fact] = (q.choices[0].value, told)
        return self._step()


class _Tables:
    """What every interview over one Knowledge reads, built once: the kinds of incident (templates that are the
    subject of some production, in vocabulary order), the deal context, the derived templates' producers, the
    templates some production tests beside each template (``near``: where a blank may be waited on), and
    the first question's laws (those of the productions whose subject is a kind) and choices (made on first use)."""

    def __init__(self, knowledge: Knowledge):
        templates = knowledge.vocabulary.templates
        subjects = {p.subject.template for p in knowledge.productions}
        subjects |= {DERIVED_WHILE_READING[t] for t in subjects if t in DERIVED_WHILE_READING}  # the auction
        self.kinds = [n for n, t in templates.items() if n in subjects and not t.derived and not t.context]
        self.kind_set = frozenset(self.kinds)
        from ..read.regulations import TEMPLATE as STATED_BY_ENGINE  # the authority's elections: never asked
        self.context = [n for n, t in templates.items() if t.context and n != STATED_BY_ENGINE]
        self.producers = {t: ps for t, ps in knowledge.derivers.items() if templates[t].derived}
        self.producing = frozenset(p.id for ps in self.producers.values() for p in ps)
        self.kind_prods = [p for p in knowledge.productions if p.subject.template in self.kind_set]
        self.near = {t: frozenset(pat.template for p in ps for pat in p.when) for t, ps in knowledge.testers.items()}
        self.incident_choices: tuple | None = None  # (why, choices, groups) of the first question, once made


def _joined(ways: dict, more: dict) -> dict:
    """``waiting``'s answers for two sets of productions as one: each key's ways in canonical production order."""
    out = {key: list(ws) for key, ws in ways.items()}
    for key, ws in more.items():
        out.setdefault(key, []).extend(ws)
    for ws in out.values():
        ws.sort(key=lambda w: w[0].order)  # stable: one production's ways keep their order
    return out


_TABLES: dict[int, tuple[Knowledge, _Tables]] = {}  # id(knowledge) -> (that knowledge, its tables)
TABLES_KEPT = 8  # the knowledge sets a process interviews over (an authority and a day each): the oldest let go


def _tables(knowledge: Knowledge) -> _Tables:
    """The interview's tables for ``knowledge`` (held with it, so its id names it while kept)."""
    kept = _TABLES.get(id(knowledge))
    if kept is None or kept[0] is not knowledge:
        kept = _TABLES[id(knowledge)] = (knowledge, _Tables(knowledge))
        while len(_TABLES) > TABLES_KEPT:
            del _TABLES[next(iter(_TABLES))]
    return kept[1]


def question_named(key: str, q: Question) -> bool:
    """``key`` names ``q``: its exact key, or ``template.slot`` for the first fact of a template."""
    if key == q.key:
        return True
    try:
        k = keys.parse(key)
    except ValueError:
        return False
    return (q.kind == "slot" and isinstance(k, SlotKey) and k.slot == q.slot and k.fact == q.template
            and _fact_index(q.fact) in (0, 1))
