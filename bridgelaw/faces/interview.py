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
parses YAML nor imports experta.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import Engine, waiting
from ..errors import Collector
from ..read.auction import (CALL_FINDINGS, DERIVED_WHILE_READING, READ_WITH, finding_calls, sequence_facts,
                            state_changes, state_contract, state_findings, stated_calls)
from ..read.incident import NOT_KNOWN, Incident, InFact, check_counts, in_number_order
from ..model import Knowledge
from ..explain.not_encoded import law_not_encoded
from ..explain.result import EQUITY, FIGURES
from ..explain.ruling import Ruling, choice_lines
from ..model import CHOICE
from ..ops import compare, has_var
from ..values import BOOL_LABELS, SEAT_LABELS, SEATS, SIDE_LABELS, SIDES, name_call, side_of
from ..words import LANGS, both, same, word
from . import keys, partly
from .keys import Exists, SlotKey, fact_id, split_fact
from .question import UNKNOWN, AnswerError, Choice, Question  # noqa: F401  (the interview's API)

INCIDENT_KEY = keys.INCIDENT
ADJUSTED = ("adjusted_outcome", "artificial_score")  # what an adjusted score is, when the ruling adjusts
RESULT_WHY = ({"production": "", "cite": "77", "summary": both("question.result")},)  # the board's score, Law 77
CATCH_ALL = "irregularity"  # the first screen's "another infraction (name the law)": the law named in its slot
NOT_ENCODED = "not_encoded"  # the template stating an irregularity the knowledge does not encode
# What cannot be known yet is not asked: no declarer while the auction goes on.  Where the calls stated
# do not end the auction, whether it has ended is asked in the declarer's place (the director may be at
# the table during the auction, or after it with only the calls up to the irregularity written down),
# and only once a production waits on the declarer alone (26B once a replacement or a choice gives it).
# What happens during the auction (the calls, a card exposed in it, Law 24) leaves the auction open too.
DURING_AUCTION = ("auction", "card_exposed_in_auction")
CARDS = "cards"  # the answer key of a deal pasted in (PBN or LIN): the cards then answer what they show
CARD_KINDS = ("revoke", "defective_trick", "claim")  # where the interview offers to take the deal
DECLARER = ("deal", "deal", "declarer")
AUCTION_ENDED = ("deal", "deal", "auction_ended")
# An obligation to pass comes from something before the turn it binds: while every call stated was made at
# the dealer's first turn (a call out of rotation before he called, or two at once), no earlier call can
# have given one, so none is asked about (a card exposed before the auction is told as its own incident).
PASS_OBLIGATION = "pass_obligation"
# A later revoke in the same suit (64B2) is one player's second revoke: whether a revoke is one is asked only
# once the director has told of another revoke by the same player (or by a player not yet named), after
# "was there another revoke?"; when there is none, no revoke told is a repeat.
REPEAT = ("revoke", "repeat_in_same_suit", "offender")
# An answer that settles another slot: nobody corrected the explanation, so it was never corrected (the
# interview fills that in rather than ask "when was it corrected?" after "nobody").
IMPLIED = {("explanation", "corrected_by", "nobody"): ("correction_time", "never")}


@dataclass
class _State:
    """What the answers so far establish."""

    kinds: tuple | None = None
    facts: dict = field(default_factory=dict)  # fact id -> (template, {slot: value})
    settled: set = field(default_factory=set)  # (fact id, slot) said to be not known
    closed: set = field(default_factory=set)  # templates of which no (further) fact exists
    cards: str | None = None  # the deal pasted in (PBN or LIN), if any
    answered: dict | None = None  # with cards: the director's own answers (``facts`` then adds what they show)
    evidence: dict = field(default_factory=dict)  # the Incident's conflicts, claim_search, revoke_search, board
    partly: dict = field(default_factory=dict)  # (fact id, slot) -> an answer known in part (partly.py)


class Interview:
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
        templates = self.vocab.templates
        subjects = {p.subject.template for p in knowledge.productions}
        subjects |= {DERIVED_WHILE_READING[t] for t in subjects if t in DERIVED_WHILE_READING}  # the auction
        self.kinds = [n for n, t in templates.items() if n in subjects and not t.derived and not t.context]
        from ..read.regulations import TEMPLATE as STATED_BY_ENGINE  # the authority's elections: never asked
        self.context = [n for n, t in templates.items() if t.context and n != STATED_BY_ENGINE]
        self._producers = {t: ps for t, ps in knowledge.derivers.items() if templates[t].derived}
        producing = {p.id for ps in self._producers.values() for p in ps}
        self._producer_list = [p for p in knowledge.productions if p.id in producing]
        self._cache: tuple | None = None
        self._back_to: tuple | None = None  # (the step cached before the last answer, the answers before it)
        self._implied: dict = {}  # choice fact id -> (the one option on offer, the answers when it was stated)
        self._cards_memo: dict = {}  # (deal pasted, facts) -> what the cards show (read once)
        for key, value in answers or ():
            self.answer(value, key)

    def history(self) -> list[tuple[str, Any]]:
        """The answers so far as (question key, answer), "?" for not known: ``Interview(..., answers=)`` resumes."""
        return [(k, "?" if v is UNKNOWN else list(v) if isinstance(v, tuple) else v) for k, v in self.answers]

    # -- the answers -------------------------------------------------------------------------
    def _state(self) -> _State:
        st = _State(facts={n: (n, {}) for n in self.context})
        for key, value in self.answers:
            self._apply(st, key, value)
        for fid, (option, told) in self._implied.items():  # a choice with one option on offer: that option
            if fid in st.facts and st.facts[fid][1].get("option") is None and tuple(self.answers[:len(told)]) == told:
                st.facts[fid][1]["option"] = option
        if st.cards:
            self._with_cards(st)
        for fid, (tt, vals) in st.facts.items():
            for (it, islot, ivalue), (oslot, ovalue) in IMPLIED.items():
                if tt == it and vals.get(islot) == ivalue and vals.get(oslot) is None and (fid, oslot) not in st.settled:
                    vals[oslot] = ovalue
        self._changes_shown(st)
        t, slot, _ = REPEAT
        if t in st.closed and t in self.vocab.templates:  # no other revoke to come: none told is a repeat
            for fid, (tt, vals) in st.facts.items():
                if tt == t and vals.get(slot) is None and (fid, slot) not in st.settled and not self._second(st, fid):
                    vals[slot] = False
        return st

    def _changes_shown(self, st: _State) -> None:
        """A change of call the calls show (31C) is a fact asked about as one the director named (Law 25)."""
        told = [InFact(t, fid, tuple((s, vals.get(s)) for s in self.vocab.templates[t].slots), None)
                for fid, (t, vals) in st.facts.items() if t in ("auction", "change_of_call")]
        state_changes(told, self.vocab)
        for f in told:
            if f.template == "change_of_call":
                st.facts[f.id] = (f.template, {**st.facts.get(f.id, (None, {}))[1], **f.known()})

    def _second(self, st: _State, fid: str, named: bool = False) -> bool:
        """Whether another fact of ``fid``'s kind names the same player (unless ``named``, also one where
        either player is not named): only then can ``fid`` be that player's repeated revoke (REPEAT)."""
        t, _, who = REPEAT
        seat = st.facts[fid][1].get(who)
        return any(tt == t and f != fid and (vals.get(who) == seat is not None if named
                                             else seat is None or vals.get(who) in (None, seat))
                   for f, (tt, vals) in st.facts.items())

    def _apply(self, st: _State, key: str, value: Any) -> None:
        templates = self.vocab.templates
        if key == CARDS:
            st.cards = value
            return
        k = keys.parse(key)
        if isinstance(k, keys.Incident):
            st.kinds = tuple(value)
            wanted = set(st.kinds) | {READ_WITH[t] for t in st.kinds if t in READ_WITH}  # a change of call: its auction
            for k in self.kinds:
                if k in wanted:
                    self._new_fact(st, k)
                    if not templates[k].many:
                        st.closed.add(k)
                else:
                    st.closed.add(k)
            for name in st.kinds:
                if name not in self.kinds:  # an irregularity not encoded: stated, so that the ruling says so
                    st.facts[self._new_fact(st, NOT_ENCODED)][1]["irregularity"] = name
            st.closed.add(NOT_ENCODED)
        elif isinstance(k, Exists):
            t = k.template
            if value:
                self._new_fact(st, t)
                if not templates[t].many:
                    st.closed.add(t)
            else:
                st.closed.add(t)
        elif value is UNKNOWN or partly.apply(self, st, k, value):
            st.settled.add((k.fact, k.slot))
        else:  # a fact the cards show (a second revoke) is answered about before the cards are read again
            st.facts.setdefault(k.fact, (k.template, {}))[1][k.slot] = value

    # -- a deal pasted in: the cards answer what they show ------------------------------------------
    def offers_cards(self) -> bool:
        """Whether to offer "paste the deal": a revoke, defective trick or claim is being told, with no deal yet."""
        st = self._state()
        return st.cards is None and bool(st.kinds) and any(k in CARD_KINDS for k in st.kinds)

    def give_cards(self, text: str) -> str:
        """Take the deal pasted in (a PBN or BBO LIN record); AnswerError naming what does not read (a card no
        one held, a file that is no board).  A deal without its declarer waits for him to be answered."""
        text = str(text).strip()
        if not text:
            raise AnswerError("paste a PBN or LIN record of the board")
        c = Collector()
        self._cards_read(text, self._data(self._state().facts), c)
        problems = [p for p in c.errors if "needs the declarer" not in p.message]
        if problems:
            raise AnswerError(problems[0].message + (f"; {problems[0].hint}" if problems[0].hint else ""))
        self.answers.append((CARDS, text))
        self._cache = None
        return text

    def cards_given(self) -> str | None:
        """The deal pasted in, if any (saved with the facts as ``cards: {text: ...}``)."""
        return self._state().cards

    def _data(self, facts: dict) -> dict:
        """``facts`` (fact id -> (template, values)) as an incident's facts mapping, a list for ``many``."""
        out: dict = {}
        for fid, (t, vals) in sorted(facts.items(), key=lambda x: (self.vocab.templates[x[1][0]].order,
                                                                   split_fact(x[0])[1])):
            vals = {k: v for k, v in vals.items() if v is not None}
            if self.vocab.templates[t].many:
                out.setdefault(t, []).append(vals)
            elif vals or t not in self.context:
                out[t] = vals
        return out

    def _cards_read(self, text: str, data: dict, c: Collector) -> tuple:
        """(facts with what the cards show, conflicts, evidence), kept for the same text and facts: a claim's
        search and 64C's reference run once, not at every step."""
        from ..read.incident import _located, _with_cards
        key = (text, repr(data))
        memo = self._cards_memo
        if key not in memo:
            got = _with_cards(data, _located({"text": text}, "cards"), "cards", c)
            if c.errors:
                return data, (), {}
            memo[key] = got
        return memo[key]

    def _with_cards(self, st: _State) -> None:
        """What the cards show fills the facts (never asked); a slot the director answered otherwise is left
        open and not asked again (the ruling shows both: Law 85)."""
        c = Collector()
        merged, conflicts, evidence = self._cards_read(st.cards, self._data(st.facts), c)
        if c.errors:  # the deal waits for what it needs (its declarer)
            return
        shown = {fid: (t, dict(v)) for fid, (t, v) in st.facts.items()}
        for t, body in merged.items():
            if t not in self.vocab.templates:
                continue
            for i, vals in enumerate(body if isinstance(body, list) else [body], 1):
                fid = fact_id(t, i) if self.vocab.templates[t].many else fact_id(t)
                shown[fid] = (t, {k: v for k, v in vals.items() if v is not None})
        st.answered, st.facts = st.facts, shown
        st.closed |= {"revoke", "defective_trick"}  # the play record shows every one: "was there another?" is not asked
        st.settled |= {(x.fact, x.slot) for x in conflicts}
        st.evidence = {"conflicts": conflicts, **evidence}

    def _new_fact(self, st: _State, template: str) -> str:
        if not self.vocab.templates[template].many:
            fid = fact_id(template)
        else:
            n = 1 + sum(1 for t, _ in st.facts.values() if t == template)
            fid = fact_id(template, n)
            if n >= self.vocab.templates[template].max:  # one board holds no more: never ask for another
                st.closed.add(template)
        st.facts[fid] = (template, {})
        return fid

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

    # -- what is established ---------------------------------------------------------------------
    def _infacts(self, st: _State, all_context: bool = False, answered: bool = False) -> list[InFact]:
        """The facts established (with what pasted cards show, unless ``answered``: the director's answers)."""
        out = []
        for fid, (t, vals) in (st.answered if answered and st.answered is not None else st.facts).items():
            if t in self.context and not all_context and not vals and not any(f == fid for f, _ in st.settled):
                continue  # the deal context enters the incident once something about it is answered
            slots = self.vocab.templates[t].slots
            out.append(InFact(t, fid, tuple((s, vals.get(s)) for s in slots), None))
        if not answered:
            state_contract(out, self.vocab)  # a declarer and contract the calls give are not asked
            state_findings(out)  # nor the call a finding is about, where the calls give only one
        out.sort(key=lambda f: (self.vocab.templates[f.template].order, in_number_order(f.id)))
        return out

    def _read(self, facts: list[InFact]) -> tuple:
        """The facts as ``rule`` reads them: with those derived while reading (the calls of an auction)."""
        return tuple(facts + sequence_facts(facts, self.vocab, Collector()))

    def incident(self) -> Incident:
        """The established facts as an Incident (what ``rule`` would read from the saved file)."""
        st = self._state()
        return Incident(name=self.title, facts=self._read(self._infacts(st)), title=self.title, **st.evidence)

    def kinds_chosen(self) -> tuple | None:
        """The encoded kinds of incident the director named (None before the first answer)."""
        kinds = self._state().kinds
        return kinds if kinds is None else tuple(k for k in kinds if k in self.kinds)

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

    def _add_blanks(self, st, blanks: dict, present) -> None:
        """Facts that may yet be stated ("was there also ...?"), all slots unknown: only of templates some
        production tests beside one of ``present`` (a production waits only where its subject is stated or
        derived), so a step costs what the incident's laws cost, not the whole vocabulary."""
        near = {pat.template for t in present for p in self.knowledge.testers.get(t, ()) for pat in p.when}
        for name in sorted(near - blanks.keys(), key=lambda n: self.vocab.templates[n].order):
            t = self.vocab.templates[name]
            if t.derived or t.context or name in st.closed:
                continue
            if name in self.kinds and (name not in st.kinds or not t.many):
                continue
            if name in CALL_FINDINGS and self._findings_told(st, name):
                continue
            blanks[name] = InFact(name, f"{name}?", tuple((s, None) for s in t.slots), None)

    def _findings_told(self, st: _State, template: str) -> bool:
        """Whether every call a finding of ``template`` can be about (CALL_FINDINGS) has one already: then
        no other is asked about ("was there another?"), one set of findings per call."""
        told = sum(1 for t, _ in st.facts.values() if t == template)
        return told >= len(finding_calls(template, stated_calls(self._infacts(st, all_context=True))))

    def _step(self) -> Question | Ruling:
        st = self._state()
        if st.kinds is None:
            return self._incident_question()
        base = self._infacts(st)
        incident = Incident(name=self.title, facts=self._read(base), title=self.title, **st.evidence)
        self._auction_open = any(f.template in DURING_AUCTION for f in base) and not any(
            f.template == "call" and f.get("ends_auction") for f in incident.facts)
        calls = [f for f in incident.facts if f.template == "call"]
        dealer = next((f.get("dealer") for f in base if f.template == "auction"), None)
        self._first_turn = bool(calls) and all(f.get("turn") == dealer for f in calls)
        ruling, working, fired = self.engine.run(incident)
        working = partly.with_derived(self, st, base, working)
        self._working = working
        given = [f for f in working if f.template == PASS_OBLIGATION and f.id not in {g.id for g in base}]
        self._may_bind = not calls or _obligation_may_bind(calls, bool(given))
        if self._only_not_encoded(st):  # "Law 80 ... is not encoded yet", at once: nothing else to ask
            return self.engine.explain(ruling, working, fired)
        stated = {f.id for f in base}
        facts = [f for f in working if f.id not in stated] + self._infacts(st, all_context=True)
        blanks: dict = {}
        self._add_blanks(st, blanks, {f.template for f in facts})
        # derived facts that a production still waiting could yet state (their producers first)
        producers = self._producer_list
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
            self._add_blanks(st, blanks, more)
            ids = frozenset(f.id for f in blanks.values())
        ways = waiting(self.knowledge, facts + list(blanks.values()), fired, st.settled, ids)
        self._offers = {e.options["option"]: e.options for e in ruling.elements if e.options}
        self._offered_only = _offered_only(self.vocab, ruling.elements)
        question = self._choose(st, ways, blanks)
        if question is not None:
            return self._stated(question) or question
        ruling = self.engine.explain(ruling, working, fired)
        for oq in ruling.open_questions:  # what the ruling would leave open, unless said not known
            if (oq.fact, oq.slot) not in st.settled and self._askable(st, (oq.fact, oq.template, oq.slot), blanks):
                question = self._slot_question(st, oq.fact, oq.template, oq.slot, tuple(oq.why))
                return self._stated(question) or question
        for need in map(keys.parse, ruling.result.missing if ruling.result else ()):  # what the result needs
            if need.fact in st.facts and need.slot in self.vocab.templates[st.facts[need.fact][0]].slots \
                    and (need.fact, need.slot) not in st.settled:
                return self._result_question(st, need.fact, need.slot, ruling)
        r = ruling.result
        if r is not None and r.status == "adjusted" and not r.outcomes and not r.artificial and not any(
                e.kind == "adjust_score" and e.cite in EQUITY for e in ruling.elements):  # 64C: the revoke's tricks
            for t in ADJUSTED:  # the score the director assigns (12C1(b), 12C2): asked once the ruling adjusts
                if t in self.vocab.templates and t not in st.closed and not any(x == t for x, _ in st.facts.values()):
                    return self._exists_question(st, t, RESULT_WHY)
        return self._figures_question(st, r) or self._each_side_question(st, ruling) or self._not_known(st, base, ruling)

    def _not_known(self, st: _State, base: list[InFact], ruling: Ruling) -> Ruling | Question:
        """The ruling once nothing is left to ask: a required fact the director said is not known (saved as "?")
        is ruled under each possibility (explain/possible.py), as ``rule`` rules the saved incident."""
        marked = [replace(f, possible=partly.possible(self, st, f)) for f in base]
        if not any(f.possible for f in marked):
            return ruling
        stated = tuple(marked)  # (reading the calls fills the list it is given)
        ruling = self.engine.rule(Incident(name=self.title, facts=self._read(marked), title=self.title,
                                           stated=stated, **st.evidence))
        for oq in ruling.open_questions:  # what a possibility's ruling still needs: asked as when all is known
            if oq.slot is not None and (oq.fact, oq.slot) not in st.settled \
                    and self._askable(st, (oq.fact, oq.template, oq.slot), {}):
                question = self._slot_question(st, oq.fact, oq.template, oq.slot, tuple(oq.why))
                return self._stated(question) or question
        return partly.result_question(self, st, ruling) or ruling

    def _stated(self, q: Question) -> Question | Ruling | None:
        """A choice made, of which one option only is on offer: that option is stated, not asked (a choice of
        one is no choice), and the interview goes on to what was chosen."""
        told = tuple(self.answers)
        if (q.template, q.slot) != (CHOICE, "option") or len(q.choices) != 1 or self._implied.get(q.fact) == (
                q.choices[0].value, told):  # stated already: asked after all (never twice round)
            return None
        self._implied[q.fact] = (q.choices[0].value, told)
        return self._step()

    def _each_side_question(self, st: _State, ruling: Ruling) -> Question | None:
        """Where the ruling treats both sides as non-offending (82C) and the director states outcomes: which side
        each outcome is for (each side its own score, 12C1(b)), whether there is another (the other side's, or a
        weighted score's next), and the weight of a side's several outcomes (12C1(c))."""
        r, t = ruling.result, ADJUSTED[0]
        sides = {e.args.get("side") for e in ruling.elements if e.kind == "non_offending"}
        if r is None or r.status != "adjusted" or not r.outcomes or not sides >= set(SIDES) \
                or "for_side" not in self.vocab.templates[t].slots:
            return None
        mine = [(fid, vals) for fid, (tt, vals) in st.facts.items() if tt == t]
        for fid, vals in mine:
            if vals.get("for_side") is None and (fid, "for_side") not in st.settled:
                return self._slot_question(st, fid, t, "for_side", RESULT_WHY)
        if t not in st.closed:
            return self._exists_question(st, t, RESULT_WHY)
        for fid, vals in mine:
            several = sum(1 for _, v in mine if v.get("for_side") in (vals.get("for_side"), None)) > 1
            if several and vals.get("weight") is None and (fid, "weight") not in st.settled:
                return self._slot_question(st, fid, t, "weight", RESULT_WHY)
        return None

    def _figures_question(self, st: _State, r) -> Question | None:
        """An artificial score shown in figures (12C2): whether the tournament's figures or a side's session
        percentage change them, then each figure the form of scoring uses (percentages at pairs, IMPs at teams)."""
        if r is None or not r.artificial or FIGURES not in self.vocab.templates:
            return None
        shown = {k for side in SIDES for k in ("percent", "imps") if r.artificial[side].get(k) is not None}
        if not shown:
            return None  # no form of scoring: no figures to change
        mine = next((fid for fid, (t, _) in st.facts.items() if t == FIGURES), None)
        if mine is None:
            return None if FIGURES in st.closed else self._exists_question(st, FIGURES, RESULT_WHY)
        unit = "_imps" if "imps" in shown else "_percent"
        for slot in self.vocab.templates[FIGURES].slots:
            if slot.endswith(unit) and (mine, slot) not in st.settled and st.facts[mine][1].get(slot) is None:
                return self._slot_question(st, mine, FIGURES, slot, RESULT_WHY)
        return None

    def _result_question(self, st: _State, fid: str, slot: str, ruling: Ruling) -> Question:
        """A fact the board's result needs: a deal slot (Law 77), or a judgment such as 64C's tricks without
        the revoke, asked with the result so far shown first (the automatic rectification)."""
        template = st.facts[fid][0]
        if template == "deal":
            return self._slot_question(st, fid, template, slot, RESULT_WHY)
        law = self.vocab.templates[template].slots[slot].law
        q = self._slot_question(st, fid, template, slot, ({**RESULT_WHY[0], "cite": law or "77"},))
        shown = {lang: f"{word('result.result', lang)}: {ruling.result.text[lang]}\n{q.text[lang]}" for lang in LANGS}
        return replace(q, text=shown)

    def _only_not_encoded(self, st: _State) -> bool:
        """The director named only infractions (the catch-all ``irregularity``) under laws no production
        rules on: the ruling says so at once, without Law 72's questions about them (issue 14 item 6)."""
        told = [(t, vals) for t, vals in st.facts.values() if t not in self.context and t != NOT_ENCODED]
        return bool(told) and all(t == CATCH_ALL and law_not_encoded(self.knowledge, vals.get("law")) is not None
                                  for t, vals in told)

    def _declarer_unknowable(self, st: _State) -> bool:
        """While the calls stated do not end the auction and the director has not said it ended, there is
        no declarer yet to ask about."""
        return self._auction_open and st.facts.get(DECLARER[0], (None, {}))[1].get("auction_ended") is not True

    def _gate(self, st: _State, key: tuple) -> tuple:
        """The question to ask in ``key``'s place: whether the auction has ended, in the declarer's place
        while that is open (asked once; "no" or "not known" and the declarer is not asked)."""
        if key == DECLARER and self._declarer_unknowable(st) and AUCTION_ENDED[2] in self.vocab.templates["deal"].slots \
                and (AUCTION_ENDED[0], AUCTION_ENDED[2]) not in st.settled \
                and st.facts.get("deal", (None, {}))[1].get("auction_ended") is None:
            return AUCTION_ENDED
        return key

    def _declarer_next(self, ways: list) -> bool:
        """Whether the auction has ended matters only through the declarer it would name: it is asked once
        a production waits on nothing else the director has still to tell (26B's lead restriction once a
        replacement or a choice has given it), never while what happened after the calls is untold and
        may give no such production at all (a call out of rotation with its LHO's choice still open)."""
        return any(all(self.vocab.templates[t].context for _, t, _ in keys) for _, keys in ways)

    def _askable(self, st: _State, key: tuple, blanks: dict) -> bool:
        fid, t, slot = key
        if key == DECLARER and self._declarer_unknowable(st):
            return False
        if slot is None:  # a consequence the ruling offers is its own, not something that happened too; a choice
            # is asked only while one the ruling offers is not stated
            return fid == f"{t}?" and t in blanks and not self.vocab.templates[t].derived \
                and t not in self._offered_only and (t != CHOICE or bool(self._pending(st))) \
                and not (t == PASS_OBLIGATION and (self._first_turn or not self._may_bind))
        if (t, slot) == REPEAT[:2] and fid in st.facts and not self._second(st, fid, named=True):
            return False  # a repeat needs another revoke by the same player: "was there another?" first
        s = self.vocab.templates[t].slots[slot]
        return fid in st.facts and s.question is not None and not s.later  # what happens later is not asked now

    def _choose(self, st: _State, ways: dict, blanks: dict) -> Question | None:
        """The question to ask first, by rank: the deal context (wherever a production that could
        still fire tests it); a required slot (the incident file needs it); a slot some production
        is ready to use; whether a fact exists; whether there is another fact of a named kind."""
        vocab = self.vocab
        best = None
        keys = set(ways) | {(fid, t, name) for fid, (t, vals) in st.facts.items()
                            for name, slot in vocab.templates[t].slots.items()
                            if slot.required and vals.get(name) is None and (fid, name) not in st.settled}
        for key in keys:
            ws = ways.get(key, [])
            key = self._gate(st, key)
            if not self._askable(st, key, blanks) or key == AUCTION_ENDED and not self._declarer_next(ws):
                continue
            fid, t, slot = key
            tmpl = vocab.templates[t]
            ready = [w for w in ws if all(self._askable(st, k, blanks) for k in w[1])]
            if key == AUCTION_ENDED:  # it matters through the declarer alone: asked once what happened is told
                rank = (1, len(vocab.templates), 0, 0, 0)
            elif tmpl.context:
                rank = (0, tmpl.order, 0, 0, _slot_index(tmpl, slot))
            elif slot is not None and tmpl.slots[slot].required:
                rank = (1, tmpl.order, _fact_index(fid), 0, _slot_index(tmpl, slot))
            elif not ready:
                continue
            elif slot is not None:
                rank = (1, tmpl.order, _fact_index(fid), 1, _slot_index(tmpl, slot))
            elif t in self.kinds:
                rank = (3, tmpl.order, 0, 0, 0)
            else:
                rank = (2, tmpl.order, 0, 0, 0)
            rank += (fid, slot or "")  # never a tie: the same order under every hash seed
            if best is None or rank < best[0]:
                best = (rank, key, ws)
        if best is None:
            return None
        _, (fid, t, slot), ws = best
        why = _why(self.knowledge, [p for p, _ in ws])
        if slot is None:
            return self._exists_question(st, t, why)
        if not why:
            why = ({"production": "", "cite": "", "summary": both("question.required")},)
        return self._slot_question(st, fid, t, slot, why)

    # -- questions -------------------------------------------------------------------------------
    def _incident_question(self) -> Question:
        why = _laws_why(self.knowledge, [p for p in self.knowledge.productions if p.subject.template in self.kinds])
        choices, groups = self._incident_choices()
        return Question(key=INCIDENT_KEY, kind="incident", text=both("question.incident"), choices=choices,
                        multiple=True, why=why, groups=groups)

    def _incident_choices(self) -> tuple[tuple, tuple]:
        """What can happen: every irregularity the Laws name (facts/irregularities.yaml), the short list
        first, then the rest by group; an encoded one is its template (the kinds), one not encoded its
        name.  Without the list: the kinds, ungrouped."""
        templates = self.vocab.templates
        irr = self.knowledge.irregularities
        if irr is None or NOT_ENCODED not in templates:
            return tuple(Choice(k, templates[k].label, templates[k].description) for k in self.kinds), ()
        listed: list = []
        for i in irr.items:
            if i.kind is None or i.kind in self.kinds:
                value = i.kind or i.id
                same = next((n for n, c in enumerate(listed) if c.value == value), None)
                if same is not None:  # two irregularities one template states (the auction): one choice naming both
                    c = listed[same]
                    label = {lang: f"{c.label[lang]}; {i.label[lang][:1].lower()}{i.label[lang][1:]}" for lang in c.label}
                    listed[same] = Choice(value, label, c.help, c.group, c.short or i.short, c.brief or i.brief)
                    continue
                listed.append(Choice(value, i.label, templates[i.kind].description if i.kind else None, i.group, i.short,
                                     i.brief))
        named = {c.value for c in listed}
        listed += [Choice(k, templates[k].label, templates[k].description, None, True) for k in self.kinds
                   if k not in named]
        order = {g: n for n, g in enumerate(irr.groups)}
        choices = [c for c in listed if c.short] + sorted((c for c in listed if not c.short),
                                                          key=lambda c: order.get(c.group, len(order)))
        return tuple(choices), tuple(irr.groups.items())

    def _exists_question(self, st: _State, template: str, why: tuple) -> Question:
        t = self.vocab.templates[template]
        has = any(tt == template for tt, _ in st.facts.values())
        key = "question.another" if has else "question.exists"
        text = (t.asked_again if has else t.asked) or \
            {lang: word(key, lang, label=t.label[lang][:1].lower() + t.label[lang][1:]) for lang in LANGS}
        help_ = t.description
        choices = _yes_no()
        if template == CHOICE and self._pending(st):  # the seat and the option, what follows; "not yet" an answer
            text, help_, choices = self._choice_made(st)
        return Question(key=str(Exists(template)), kind="exists", text=text, template=template,
                        choices=choices, type="bool", help=help_, why=why)

    def _pending(self, st: _State) -> list:
        """The offers of the ruling so far whose choice is not stated yet."""
        made = {vals.get("option") for t, vals in st.facts.values() if t == CHOICE}
        return [o for o in self._offers.values() if o["option"] not in made and not o.get("chosen")]

    def _choice_made(self, st: _State) -> tuple:
        """Whether the choice the ruling offers is made: "Has North already made the choice: whether to accept
        the insufficient bid (27A1)?", its choices and what follows from each under it (read to
        the chooser before he chooses), answered yes or "not yet"."""
        offers = self._pending(st)
        option = self.vocab.templates[CHOICE].slots["option"]
        text = {lang: "\n".join(word("question.choice_made", lang, who=self._who(o["chooser"], lang),
                                     option=option.label_of(o["option"], lang)) for o in offers) for lang in LANGS}
        help_ = {lang: textwrap.dedent("\n".join(line for o in offers for line in choice_lines(o, lang)))
                 for lang in LANGS}  # read to the chooser before he chooses: what follows from each choice
        return text, help_, (Choice(True, BOOL_LABELS[True]), Choice(False, both("answer.not_yet")))

    def _slot_question(self, st: _State, fid: str, template: str, slot: str, why: tuple) -> Question:
        t = self.vocab.templates[template]
        s = t.slots[slot]
        if s.type == "ref":
            choices = tuple(Choice(f, same(f)) for f, (tt, _) in st.facts.items() if tt == s.template)
        elif s.type == "bool":
            choices = _yes_no()
        else:
            values = s.choices()
            if s.type == "int":  # a count's real range: the numbers no other count stated contradicts
                values = [v for v in values if self._count_fits(st, fid, slot, v)] or values
            elif s.type == "enum" and not s.several:
                values = self._values_that_matter(fid, template, slot, values)
            choices = tuple(Choice(v, {lang: s.label_of(v, lang) for lang in ("ru", "en")}) for v in values)
        text, help_ = s.question, s.help
        subject = None
        if template in CALL_FINDINGS:  # the call a finding is about, named as the director knows it
            choices, subject = self._finding_call(st, fid, template, slot, choices)
        if template == CHOICE:  # only the options on offer, and their choices with what follows from each
            choices, text, help_ = self._choice_question(st, fid, slot, choices, text, help_)
        if subject is None and t.many and sum(1 for tt, _ in st.facts.values() if tt == template) > 1:
            subject = {lang: word("ruling.about_n", lang, label=t.label[lang], n=split_fact(fid)[1]) for lang in LANGS}
        return partly.offer(self, st, Question(
            key=str(SlotKey(fid, slot)), kind="slot", text=text, template=template, slot=slot, fact=fid,
            subject=subject, choices=choices, multiple=s.several, allow_unknown=True, judgment=s.judgment,
            type=s.type, help=help_, law=s.law, why=why, coerce=s.coerce))

    def _finding_call(self, st: _State, fid: str, template: str, slot: str, choices: tuple) -> tuple:
        """A finding about one call (CALL_FINDINGS): the calls it may be about, each named ("West's 1♥ (call
        1)"), where the question is which; otherwise the call it is about, as the question's subject."""
        facts = self._infacts(st, all_context=True)
        calls = {k["position"]: k for k in stated_calls(facts)}
        name = {lang: {n: name_call(k["seat"], k["call"], n, lang) for n, k in calls.items()} for lang in LANGS}
        if slot == CALL_FINDINGS[template]:
            return tuple(Choice(c.value, {lang: name[lang].get(c.value, str(c.value)) for lang in LANGS})
                         for c in choices), None
        of = next((f.get(CALL_FINDINGS[template]) for f in facts if f.id == fid), None)
        return choices, ({lang: name[lang][of][:1].upper() + name[lang][of][1:] for lang in LANGS} if of in calls else None)

    def _values_that_matter(self, fid: str, template: str, slot: str, values: list) -> list:
        """An answer's values less those that cannot matter for this fact: a value every production naming
        it needs this fact, or a fact derived from it, to say what it does not say (54's answers to an
        opening lead out of turn, for a lead to trick 5: the lead is to trick 5 and the lead out of turn
        derived from it too, where 54 needs trick 1).  Values no production names, or that one could still
        use, stay; so do all where a production joins the slot with a variable."""
        derived = [f for f in self._working if f.id != fid and any(
            v == fid and f.template in self.vocab.templates and k in self.vocab.templates[f.template].slots
            and self.vocab.templates[f.template].slots[k].type == "ref" for k, v in f.values)]

        def dead(p) -> bool:  # a condition on a fact derived from this one that no such fact meets
            for pat in p.when:
                mine = [f for f in derived if f.template == pat.template]
                if pat.negated or not mine:
                    continue
                tests = [t for t in pat.tests if not has_var(t.value)]
                if tests and all(any(f.get(t.slot) is not None and not compare(t.op, f.get(t.slot), t.value)
                                     for t in tests) for f in mine):
                    return True
            return False
        this = next((f for f in self._working if f.id == fid), None)

        def other(pat) -> bool:  # the pattern's other tests, on what is stated of this fact, fail
            return this is not None and any(t.slot != slot and not has_var(t.value) and this.get(t.slot) is not None
                                            and not compare(t.op, this.get(t.slot), t.value) for t in pat.tests)
        naming: dict = {}
        for p in self.knowledge.testers.get(template, ()):
            for pat in (pat for pat in p.when if pat.template == template):
                for t in (t for t in pat.tests if t.slot == slot):
                    if has_var(t.value):
                        return values  # joined with a variable: any value may matter
                    for v in values:
                        if compare(t.op, v, t.value):
                            naming.setdefault(v, []).append(other(pat) or dead(p))
        return [v for v in values if v not in naming or not all(naming[v])] or values

    def _count_fits(self, st: _State, fid: str, slot: str, value: int) -> bool:
        """Whether ``value`` in ``fid``'s ``slot`` stands with the counts stated (check_counts: no more tricks
        claimed than remain, no more won before a claim than were played)."""
        facts = {f: (t, dict(vals)) for f, (t, vals) in st.facts.items()}
        facts[fid][1][slot] = value
        problems = Collector()
        check_counts(self._infacts(replace(st, facts=facts), all_context=True), problems, complete=False)
        return not problems.errors

    def _choice_question(self, st: _State, fid: str, slot: str, choices: tuple, text: dict, help_: dict | None) -> tuple:
        """A ``choice`` fact's question (read/choices.py): which option among those the ruling offers whose
        choice is not told yet; then what the chooser chose, among that option's choices, each shown with what
        follows from it."""
        offers, values = self._offers, st.facts[fid][1]
        if slot == "option" and offers:
            offered = tuple(c for c in choices if c.value in offers)
            pending = {o["option"] for o in self._pending(st)}
            return tuple(c for c in offered if c.value in pending) or offered, text, help_
        offer = offers.get(values.get("option"))
        if slot != "chosen" or offer is None:
            return choices, text, help_
        names = [ch["value"] for ch in offer["choices"]]
        # what follows from each choice was read out with "has the choice been made?" just before: said once
        said = any(k == str(Exists(CHOICE)) and v for k, v in self.answers)  # the choice told after it was shown
        shown = tuple(Choice(c.value, c.label, None if said else {
                          lang: " ".join(x["text"][lang] for x in ch["consequences"]) for lang in LANGS})
                      for ch in offer["choices"] for c in choices if c.value == ch["value"])
        who = offer["chooser"]
        who_label = {lang: self._who(who, lang) for lang in LANGS}
        text = {lang: word("question.chosen", lang, who=who_label[lang]) for lang in LANGS}
        if not said:
            help_ = {lang: "\n".join(choice_lines(offer, lang)) for lang in LANGS}
        return (shown if len(shown) == len(names) else choices), text, help_

    def _who(self, who: str | None, lang: str) -> str:
        if who in SEATS:
            return SEAT_LABELS[who][lang]
        if who in SIDES:
            return SIDE_LABELS[who][lang]
        return self.vocab.elements["option"].args["chooser"].label_of(who, lang) if who else "?"


def _offered_only(vocab, elements) -> frozenset:
    """The lasting kinds (a pass obligation, a penalty card...) that ``elements`` give only as what follows
    from a choice not made yet: a fact of such a kind is not asked about as something that happened too
    (the director would take the ruling's own obligation for an earlier one)."""
    given = {e.kind for e in elements}
    offered: set = set()
    todo = [e.options for e in elements if e.options]
    while todo:
        for ch in todo.pop().get("choices", ()):
            for c in ch["consequences"]:
                offered.add(c["kind"])
                if c.get("options"):
                    todo.append(c["options"])
    return frozenset(k for k in offered - given if k in vocab.elements and vocab.elements[k].lasts)


IRREGULAR_CALL = ("out_of_rotation", "insufficient", "above_seven", "after_final_pass")


def _obligation_may_bind(calls: list, ruled: bool) -> bool:
    """Whether an obligation to pass the director might state (from something before the calls told) could
    bind a call: a call in the auction (not after the final pass) after some earlier call, either made by
    a player whose side called before it (the obligation comes from his own side's act: 35A, 35B) or made
    out of rotation at another player's turn (that player's obligation: 28A, 31B1, 32B1).  Where the ruling
    itself gives an obligation (``ruled``) for the irregular call told, that call and those before it are
    its source: only a call after them could break another one."""
    after = max((c.get("position") or 0 for c in calls if any(c.get(s) for s in IRREGULAR_CALL)), default=0) \
        if ruled else 0
    for c in calls:
        p, seat = c.get("position"), c.get("seat")
        if p is None or p <= after or c.get("after_final_pass"):
            continue
        earlier = [d.get("seat") for d in calls if (d.get("position") or 0) < p]
        if not earlier:
            continue
        if c.get("out_of_rotation") and c.get("turn") not in (None, seat):
            return True
        if c.get("kind") != "pass" and seat in SEATS and any(
                s in SEATS and side_of(s) == side_of(seat) for s in earlier):
            return True
    return False


def _option_of(p) -> str | None:
    """The option whose choice a production a choice gives waits on (its last condition: read/choices.py)."""
    return next((t.value for t in p.when[-1].tests if t.slot == "option"), None)


def _yes_no() -> tuple:
    return (Choice(True, BOOL_LABELS[True]), Choice(False, BOOL_LABELS[False]))


def _slot_index(template, slot: str | None) -> int:
    return list(template.slots).index(slot) if slot in template.slots else 0


def _fact_index(fid: str) -> int:
    return split_fact(fid)[1]


def _why(knowledge: Knowledge, prods: list) -> tuple:
    seen, out = set(), []
    for p in sorted(prods, key=lambda p: p.order):
        if p.id not in seen:
            seen.add(p.id)
            out.append({"production": p.id, "cite": p.cite, "summary": p.summary})
    return tuple(out)


def _laws_why(knowledge: Knowledge, prods: list) -> tuple:
    """The first question's why: the laws waiting on it, one line each, by the first screen's groups
    (facts/irregularities.yaml), then by number; not the hundreds of productions behind them."""
    irr = knowledge.irregularities
    groups = dict(irr.groups) if irr is not None else {}
    group_of: dict[int, str] = {}
    for i in irr.items if irr is not None else ():
        for law in i.laws:
            group_of.setdefault(law, i.group)
    rank = {g: n for n, g in enumerate(groups)}
    laws = sorted({p.law for p in prods}, key=lambda n: (rank.get(group_of.get(n), len(rank)), n))
    out = []
    for n in laws:
        title = knowledge.laws[n].title if n in knowledge.laws else {lang: "" for lang in LANGS}
        g = groups.get(group_of.get(n))
        out.append({"production": "", "cite": str(n),
                    "summary": {lang: f"{g[lang]}: {title[lang]}" if g else title[lang] for lang in LANGS}})
    return tuple(out)


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


# -- a director who answers from known facts (tests, measurements) -------------------------------


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
                and (fid != q.fact or allowed is None or _allows(f.get(q.slot), allowed))]
        if fits:
            taken[fid] = fits[0]
    value = theirs[taken[q.fact]].get(q.slot) if q.fact in taken else None
    if value is None and (q.fact, q.template, q.slot) == AUCTION_ENDED and theirs:  # he knows the contract or
        value = True if theirs[0].get("declarer") or theirs[0].get("contract") else None  # declarer: it ended
    return UNKNOWN if value is None and q.allow_unknown else value


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
