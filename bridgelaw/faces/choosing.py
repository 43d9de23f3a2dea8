"""Which question the interview asks next: the slots and facts some production still waits on, ranked
(the deal context first, then required slots, slots ready to use, whether a fact exists), less those that
cannot be known yet or cannot change the ruling.  A mixin of ``Interview`` (faces/interview.py)."""
from __future__ import annotations

from dataclasses import replace

from ..model import CHOICE, Knowledge
from ..read.auction import CALL_FINDINGS, finding_calls, stated_calls
from ..read.incident import Incident, InFact
from ..read.vocabulary import call_fits
from ..explain.not_encoded import law_not_encoded
from ..words import LANGS, both, word
from .keys import parse as parse_key, split_fact
from .question import Question
from .telling import asked_anyway
from .told import NOT_ENCODED, REPEAT, _State

CATCH_ALL = "irregularity"  # the first screen's "another infraction (name the law)": the law named in its slot
# What cannot be known yet is not asked: no declarer while the auction goes on.  Where the calls stated
# do not end the auction, whether it has ended is asked in the declarer's place (the director may be at
# the table during the auction, or after it with only the calls up to the irregularity written down),
# and only once a production waits on the declarer alone (26B once a replacement or a choice gives it).
# What happens during the auction (the calls, a card exposed in it, Law 24) leaves the auction open too.
DURING_AUCTION = ("auction", "card_exposed_in_auction")
AUCTION_OVER = "auction_over"  # whether the auction has ended: derived once, while reading (read/auction.py)
DECLARER = ("deal", "deal", "declarer")
AUCTION_ENDED = ("deal", "deal", "auction_ended")
# An obligation to pass comes from something before the turn it binds: while every call stated was made at
# the dealer's first turn (a call out of rotation before he called, or two at once), no earlier call can
# have given one, so none is asked about (a card exposed before the auction is told as its own incident).
PASS_OBLIGATION = "pass_obligation"


class Choosing:
    """The next question's choice (a mixin of ``Interview``)."""

    def _add_blanks(self, st, blanks: dict, present, had=frozenset()) -> None:
        """Facts that may yet be stated ("was there also ...?"), all slots unknown: only of templates some
        production tests beside one of ``present`` (a production waits only where its subject is stated or
        derived), so a step costs what the incident's laws cost, not the whole vocabulary.  A template of one
        fact that ``had`` names (a fact of it stated, or derived by the ruling: 54D's "West leads") is not
        asked about again."""
        near_of = self._tables.near
        near = set().union(*(near_of.get(t, ()) for t in present))
        for name in sorted(near - blanks.keys(), key=lambda n: self.vocab.templates[n].order):
            t = self.vocab.templates[name]
            if t.derived or t.context or name in st.closed or (name in had and not t.many):
                continue
            if name in self._kind_set and (name not in st.kinds or not t.many):
                continue
            if name in CALL_FINDINGS and self._findings_told(st, name):
                continue
            blanks[name] = InFact(name, f"{name}?", tuple((s, None) for s in t.slots), None)

    def _findings_told(self, st: _State, template: str) -> bool:
        """Whether every call a finding of ``template`` can be about (CALL_FINDINGS) has one already: then
        no other is asked about ("was there another?"), one set of findings per call."""
        told = sum(1 for t, _ in st.facts.values() if t == template)
        return told >= len(finding_calls(template, stated_calls(self._infacts(st, all_context=True))))

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
        return fid in st.facts and s.question is not None and not s.later and not (  # what happens later is not asked now
            s.not_asked_when and any(st.facts[fid][1].get(k) == v for k, v in s.not_asked_when.items()))

    def _choose(self, st: _State, ways: dict, blanks: dict) -> Question | None:
        """The question to ask first, by rank: the deal context (wherever a production that could
        still fire tests it); a required slot (the incident file needs it); a slot some production
        is ready to use; whether a fact exists; whether there is another fact of a named kind."""
        vocab = self.vocab
        best = None
        anyway = asked_anyway(vocab, st)  # what the story told asks for (telling.py): asked as a required slot
        keys = set(ways) | anyway | {(fid, t, name) for fid, (t, vals) in st.facts.items()
                                     for name, slot in vocab.templates[t].slots.items()
                                     if slot.required and vals.get(name) is None and (fid, name) not in st.settled}
        for key in keys:
            ws = ways.get(key, [])
            key = self._gate(st, key)
            if not self._askable(st, key, blanks) or key == AUCTION_ENDED and not self._declarer_next(ws):
                continue
            fid, t, slot = key
            tmpl = vocab.templates[t]
            if slot is not None and tmpl.slots[slot].after_result:
                continue  # a judgment on the result: asked once the result is known (_after_result_question)
            ready = [w for w in ws if all(self._askable(st, k, blanks) for k in w[1])]
            if key == AUCTION_ENDED:  # it matters through the declarer alone: asked once what happened is told
                rank = (1, len(vocab.templates), 0, 0, 0)
            elif tmpl.context:
                rank = (0, tmpl.order, 0, 0, _slot_index(tmpl, slot))
            elif slot is not None and (tmpl.slots[slot].required or key in anyway):
                rank = (1, tmpl.order, _fact_index(fid), 0, _slot_index(tmpl, slot))
            elif not ready:
                continue
            elif slot is not None:
                rank = (1, tmpl.order, _fact_index(fid), 1, _slot_index(tmpl, slot))
            elif t in self._kind_set:
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


    def _after_result(self, template: str, slot: str | None) -> bool:
        """A judgment on the result so far (the vocabulary's ``after_result``: 12B2's damage after a rectification)."""
        return slot is not None and self.vocab.templates[template].slots[slot].after_result

    def _after_result_question(self, st: _State, ways: dict, blanks: dict) -> Question | None:
        """A judgment on the result so far (a yes/no slot marked ``after_result``: 12B2's damage after the Laws'
        rectification), once nothing else is waiting: the board is ruled as if the answer were no (the result as
        it stands, the rectification applied); what that result still needs is asked first, then the judgment,
        with that result shown above it.  The ruling then says whether the judgment changed it (12B2)."""
        keys = [k for k in ways if self._after_result(k[1], k[2]) and self._askable(st, k, blanks)]
        if not keys:
            return None
        vocab = self.vocab
        fid, t, slot = min(keys, key=lambda k: (vocab.templates[k[1]].order, _fact_index(k[0]),
                                                _slot_index(vocab.templates[k[1]], k[2]), k[0], k[2]))
        base = [replace(f, values=tuple((n, False if n == slot else v) for n, v in f.values)) if f.id == fid else f
                for f in self._infacts(st)]
        as_it_stands = self.engine.rule(Incident(name=self.title, facts=self._read(base), title=self.title,
                                                 **st.evidence))
        standing = as_it_stands.result
        for need in map(parse_key, standing.missing if standing else ()):  # the result as it stands needs these
            if need.fact in st.facts and need.slot in vocab.templates[st.facts[need.fact][0]].slots \
                    and (need.fact, need.slot) not in st.settled:
                return self._result_question(st, need.fact, need.slot, as_it_stands)
        q = self._slot_question(st, fid, t, slot, _why(self.knowledge, [p for p, _ in ways[(fid, t, slot)]]))
        if standing is None:
            return q
        return replace(q, text={lang: f"{word('result.so_far', lang)}: {standing.text[lang]}\n{q.text[lang]}"
                                for lang in LANGS})


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


def _obligation_may_bind(calls: list, ruled: bool, broken_by: dict | None) -> bool:
    """Whether an obligation to pass the director might state (from something before the calls told) could
    bind a call: a call in the auction (not after the final pass) after some earlier call, that fits the
    vocabulary's ``broken_by.calls`` (pass_obligation, facts/vocabulary/rulings.yaml).  Where the ruling
    itself gives an obligation (``ruled``) for the irregular call told, that call and those before it are
    its source: only a call after the last that fits ``broken_by.ruled_after`` could break another one."""
    broken_by = broken_by or {}
    after = max((c.get("position") or 0 for c in calls if call_fits(c, broken_by.get("ruled_after"))), default=0) \
        if ruled else 0
    for c in calls:
        p = c.get("position")
        if p is None or p <= after or c.get("after_final_pass"):
            continue
        if any((d.get("position") or 0) < p for d in calls) and call_fits(c, broken_by.get("calls")):
            return True
    return False


def _option_of(p) -> str | None:
    """The option whose choice a production a choice gives waits on (its last condition: read/choices.py)."""
    return next((t.value for t in p.when[-1].tests if t.slot == "option"), None)


def _slot_index(template, slot: str | None) -> int:
    return list(template.slots).index(slot) if slot in template.slots else 0


def _fact_index(fid: str) -> int:
    return split_fact(fid)[1]


def _why(knowledge: Knowledge, prods: list) -> tuple:
    seen, out = set(), []
    for p in sorted(prods, key=lambda p: p.order):
        if p.id not in seen:
            seen.add(p.id)
            # a production a choice gives, waited on while the choice is still to be made: "if … is chosen"
            out.append({"production": p.id, "cite": p.cite, "summary": p.waiting or p.summary})
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
