"""What the interview's answers establish: the facts stated so far (``_State``), read from the answers in
order, with what a deal pasted in shows; the facts as ``rule`` would read them.  A mixin of ``Interview``
(faces/interview.py)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import Collector
from ..read.auction import READ_WITH, sequence_facts, state_changes, state_contract, state_findings
from ..read.incident import InFact, in_number_order
from . import keys, partly
from .keys import Exists, fact_id, split_fact
from .telling import state_told
from .question import UNKNOWN, AnswerError

NOT_ENCODED = "not_encoded"  # the template stating an irregularity the knowledge does not encode
CARDS = "cards"  # the answer key of a deal pasted in (PBN or LIN): the cards then answer what they show
CARD_KINDS = ("revoke", "defective_trick", "claim")  # where the interview offers to take the deal
# A later revoke in the same suit (64B2) is one player's second revoke: whether a revoke is one is asked only
# once the director has told of another revoke by the same player (or by a player not yet named), after
# "was there another revoke?"; when there is none, no revoke told is a repeat.
REPEAT = ("revoke", "repeat_in_same_suit", "offender")


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
    told: dict = field(default_factory=dict)  # fact id -> the fact whose answer told it (telling.py: a choice made)


class Told:
    """The answers read into facts (a mixin of ``Interview``)."""

    # -- the answers -------------------------------------------------------------------------
    def _state(self) -> _State:
        st = _State(facts={n: (n, {}) for n in self.context})
        for key, value in self.answers:
            self._apply(st, key, value)
            state_told(self.vocab, st, self._new_fact)  # an event "a choice made" comes with its choice
        for fid, (option, told) in self._implied.items():  # a choice with one option on offer: that option
            if fid in st.facts and st.facts[fid][1].get("option") is None and tuple(self.answers[:len(told)]) == told:
                st.facts[fid][1]["option"] = option
        if st.cards:
            self._with_cards(st)
        for fid, (tt, vals) in st.facts.items():  # an answer that settles another slot (the vocabulary's settles)
            for slot in self.vocab.templates[tt].slots.values():
                for oslot, ovalue in (slot.settles or {}).get(vals.get(slot.name), {}).items():
                    if vals.get(oslot) is None and (fid, oslot) not in st.settled:
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
            kinds = self._kind_set
            st.closed |= kinds - wanted
            for k in sorted(kinds & wanted, key=self.kinds.index):  # in the vocabulary's order
                self._new_fact(st, k)
                if not templates[k].many:
                    st.closed.add(k)
            for name in st.kinds:
                if name not in kinds:  # an irregularity not encoded: stated, so that the ruling says so
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
