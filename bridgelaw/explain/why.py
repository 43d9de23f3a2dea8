"""WHY and why not: which unknown facts productions still wait on.

``open_questions`` (the ruling's questions, each with the productions waiting
on it), ``why_not`` (the ways a production could still match) and ``waiting``
(what the interview may still ask) test facts against patterns with the same
meaning of a test as the compilers (ops.py: ``compare``, ``resolve``).
Each looks only at the productions that test a template of the facts at hand
(``candidates``, from ``Knowledge.testers``), so its time follows the facts,
not the size of the knowledge.
"""
from __future__ import annotations

from ..model import Knowledge, Production
from ..read.incident import InFact, in_number_order
from ..ops import OPS, compare, resolve, variables
from .ruling import OpenQuestion


def _match_pattern(pat, fact: InFact, bindings: dict, derived: set, settled=None, blanks=frozenset(),
                   deferred: list | None = None, soft: set | None = None) -> tuple[bool, set, dict]:
    """Test one fact against a pattern: (possible, unknown slots, new bindings).

    A test on a variable that a later pattern names is put on ``deferred`` (test, slot value),
    to be decided once every pattern has bound its variables (see ``_deferred_fail``).

    ``settled`` (the interview's analysis; None for the classic one) holds the
    (fact id, slot) pairs known to be unknown: a test on one of them fails (or,
    for ``known``, is decided), while any other unknown slot is open, a
    ``known`` test on it included.  A fact in ``blanks`` may yet be stated:
    every slot of it is open, whatever its template.

    With ``soft`` (the interview's ``waiting``), a test an unknown value already passes because it
    means "not said" (``unknown_or``: a choice that does not say which fact it answers answers each)
    is passed, (slot, the value it would have to be) put on ``soft``: an answer could only
    narrow the match, not make it.
    """
    unknown, new = set(), dict(bindings)
    complete = fact.template in derived and fact.id not in blanks
    may = getattr(settled, "may", None)  # (fact id, slot) -> the values an answer known in part leaves possible
    for t in pat.tests:
        x = fact.get(t.slot)
        if x is None and may and (fact.id, t.slot) in may and not complete:
            passes = _may_pass(t, may[(fact.id, t.slot)], new)
            if passes is False or (passes is None and pat.negated):
                return False, set(), {}
            continue
        is_open = x is None and not complete and (settled is None or (fact.id, t.slot) not in settled)
        if t.names and t.names not in new:
            if x is None:
                if not is_open:
                    return False, set(), {}
                unknown.add(t.slot)
            new[t.names] = x
            continue
        y = resolve(t.value, new) if t.depends else t.value
        if x is None and soft is not None and is_open and t.op == "answers":
            soft.add((t.slot, y if not isinstance(y, list) else tuple(y)))
            continue
        if x is None and (not OPS[t.op].sees_unknown or (settled is not None and is_open)):
            if not is_open:
                return False, set(), {}
            unknown.add(t.slot)
            continue
        if t.depends and (y is None or (isinstance(y, tuple) and None in y)):
            if deferred is not None and any(v.name not in new for v in variables(t.value)):
                deferred.append((t, x))  # named by a later pattern: decide at the end
            continue  # depends on an unknown bound earlier
        if not compare(t.op, x, y):
            return False, set(), {}
    return True, unknown, new


def _may_pass(t, values: tuple, bindings: dict) -> bool | None:
    """A test on a slot known only in part (``values``): True if every value passes, False if none does, None if
    some do (a condition that may hold: a production is waited on through it, a ``not`` condition does not
    block).  A variable it names stays unbound; one it compares with, if unbound, decides nothing."""
    if t.names and t.names not in bindings:
        bindings[t.names] = None
        return True
    y = resolve(t.value, bindings) if t.depends else t.value
    if t.depends and (y is None or (isinstance(y, tuple) and None in y)):
        return True
    passing = {bool(compare(t.op, v, y)) for v in values}
    return True if passing == {True} else False if passing == {False} else None


def why_not(knowledge: Knowledge, prod: Production, facts: list[InFact], skip_subjects=frozenset(),
            settled=None, blanks=frozenset()) -> list[set]:
    """For each way ``prod`` could still match ``facts``, the set of (fact id, template, slot) left unknown.

    Matches whose subject (first fact) is in ``skip_subjects`` are left out.

    An empty list: it cannot fire on these facts whatever the unknowns.  A
    derived fact's slots are never unknown (derived facts are complete).

    With ``settled`` (a set of (fact id, slot) known to be unknown; see
    _match_pattern) the analysis is the interview's: a way also lists what
    could still make one of its ``not`` conditions hold, and a way through a
    fact in ``blanks`` (ids of facts that may yet be stated) lists
    (blank id, template, None) instead of the blank's slots.
    """
    return _ways(prod, _by_template(facts), _derived(knowledge), skip_subjects, settled, blanks)


def candidates(knowledge: Knowledge, templates) -> list[Production]:
    """The productions every positive pattern of which tests one of ``templates`` (the only ones
    that can match facts of those templates), in canonical order: looked up by template, not scanned."""
    key = frozenset(templates)
    seen = knowledge.__dict__.setdefault("_candidates", {})
    if key in seen:
        return seen[key]
    if len(seen) >= knowledge.memos.ways:
        seen.clear()
    seen[key] = _candidates(knowledge, key)
    return seen[key]


def _candidates(knowledge: Knowledge, templates: frozenset) -> list[Production]:
    found: dict[str, Production] = {}
    for t in templates:
        for p in knowledge.testers.get(t, ()):
            found[p.id] = p
    return sorted((p for p in found.values() if all(c.template in templates for c in p.when if not c.negated)),
                  key=lambda p: p.order)


def _derived(knowledge: Knowledge) -> frozenset:
    """The derived templates, worked out once per vocabulary (shared by a Knowledge and its parts)."""
    vocab = knowledge.vocabulary
    derived = vocab.__dict__.get("_derived")
    if derived is None:
        derived = vocab.__dict__["_derived"] = frozenset(n for n, t in vocab.templates.items() if t.derived)
    return derived


def _by_template(facts: list[InFact]) -> dict[str, list[InFact]]:
    by_t: dict[str, list[InFact]] = {}
    for f in facts:
        by_t.setdefault(f.template, []).append(f)
    return by_t


def _subjects(fired: set) -> dict[str, list]:
    """Production id -> the subject fact ids it fired on, from (production id, subject id) pairs."""
    out: dict[str, list] = {}
    for pid, subj in fired:
        out.setdefault(pid, []).append(subj)
    return out


def _ways(prod: Production, by_t: dict, derived: set, skip_subjects, settled, blanks, softs: list | None = None,
          one: bool = False) -> list[set]:
    """why_not over facts grouped by template; with ``softs``, each way's passed-but-not-said keys
    (see _match_pattern) are appended to it, one set a way; ``one``: the first way found only (whether any is)."""
    pos = [p for p in prod.when if not p.negated]
    neg = [p for p in prod.when if p.negated]
    results = []

    def found(f: InFact, unk: set) -> set:
        if f.id in blanks:
            return {(f.id, f.template, None)}
        return {(f.id, f.template, s) for s in unk}

    def walk(i: int, bindings: dict, unknown: set, deferred: list, said: frozenset = frozenset()) -> None:
        if i == len(pos):
            if _deferred_fail(deferred, bindings):
                return
            for n in neg:
                for f in by_t.get(n.template, []):
                    ok, unk, _ = _match_pattern(n, f, bindings, derived, settled, blanks)
                    if ok and not unk and f.id not in blanks:
                        return
                    if ok and settled is not None:
                        unknown = unknown | found(f, unk)
            results.append(unknown)
            if softs is not None:
                softs.append(said)
            return
        for f in by_t.get(pos[i].template, []):
            if i == 0 and f.id in skip_subjects:
                continue
            later = list(deferred)
            soft: set | None = set() if softs is not None else None
            ok, unk, new = _match_pattern(pos[i], f, bindings, derived, settled, blanks, later, soft)
            if ok:
                walk(i + 1, new, unknown | found(f, unk), later,
                     said | {((f.id, f.template, slot), y) for slot, y in soft or ()})
                if one and results:
                    return
    walk(0, {}, set(), [])
    return results


def _deferred_fail(deferred: list, bindings: dict) -> bool:
    """Whether a deferred test certainly fails now that every variable is named."""
    for t, x in deferred:
        y = resolve(t.value, bindings)
        if x is None or y is None or (isinstance(y, tuple) and None in y):
            continue
        if not compare(t.op, x, y):
            return True
    return False


def waiting(knowledge: Knowledge, facts: list[InFact], fired: set, settled: set, blanks=frozenset(),
            productions=None, leave_out=frozenset()) -> dict:
    """What the interview may still ask: (fact id, template, slot) -> the ways waiting on it.

    ``facts`` are the working facts plus the blanks (facts that may yet be
    stated, all slots unknown, ids in ``blanks``); ``fired`` as in
    open_questions; ``settled``: (fact id, slot) pairs the director said are
    not known; ``productions``: those to look at (default: all; Productions, or a set of their ids);
    ``leave_out``: the ids of productions not to look at.  A key with
    slot None asks whether its blank exists.  Each way is (production, the
    keys it waits on): a production that fired is asked about only where an
    answer could unmake or repeat its match, one whose overrider fired on a
    subject never about that subject.  A slot an unknown value already passes
    (``unknown_or``) is waited on only where the production's ways through it would
    need it to be different values (two stated facts offer the option a choice answers):
    the answer then says which; with one value, not saying is answer enough.
    """
    by_t = _by_template(facts)
    prods = candidates(knowledge, by_t)
    if productions is not None:
        only = productions if isinstance(productions, (set, frozenset)) else {p.id for p in productions}
        prods = [p for p in prods if p.id in only]
    if leave_out:
        prods = [p for p in prods if p.id not in leave_out]
    derived = _derived(knowledge)
    subjects = _subjects(fired)
    memo, cap = _memo(knowledge, "_waiting_memo"), knowledge.memos.ways
    told: dict = {}  # template -> what a way through its facts depends on (the memo's key)
    out: dict[tuple, list] = {}
    for prod in prods:
        skip = frozenset(subj for pid in knowledge.overridden_by.get(prod.id, ()) for subj in subjects.get(pid, ()))
        # the same production over the same facts of its templates, said not known or blank alike, waits on the
        # same: an interview's next step looks again only at the productions that test what the answer changed
        key = (prod.id, skip, tuple(told[t] if t in told else told.setdefault(t, _told(by_t, t, settled, blanks))
                                    for t in _templates(prod)))
        try:
            got = memo.get(key)
        except TypeError:  # a value that cannot be a key (none of the vocabulary's types; never remembered)
            key, got = None, None
        if got is None:
            softs: list = []
            got = _ways(prod, by_t, derived, skip, settled, blanks, softs), softs
            if key is not None:
                if len(memo) >= cap:
                    memo.clear()
                memo[key] = got
        ways, softs = got
        through: dict = {}  # a key passed unsaid -> the values it would have to be, one a way
        for said in softs:
            for key, y in said:
                if y not in blanks:  # a fact that may yet be stated offers nothing yet
                    through.setdefault(key, set()).add(y)
        for unknown, said in zip(ways, softs):
            unknown = unknown | {key for key, _ in said if len(through.get(key, ())) > 1}
            if not unknown:
                continue
            frozen = frozenset(unknown)
            for key in unknown:
                out.setdefault(key, []).append((prod, frozen))
    return out


def _first_asked(prod: Production, unknown: set) -> list:
    """Of the unknowns one way of matching ``prod`` waits on, the one its conditions test first:
    a director is asked the trick number before whether the hands of a trick-12 revoke are back
    in the board.  (The interview, which asks one question at a time, uses ``waiting``.)"""
    rank = {}
    for i, pat in enumerate(prod.when):
        for j, t in enumerate(pat.tests):
            rank.setdefault((pat.template, t.slot), (i, j))
    ranked = sorted(unknown, key=lambda k: (rank.get((k[1], k[2]), (99, 99)), in_number_order(k[0]), k))
    return ranked[:1]


def _memo(knowledge: Knowledge, name: str) -> dict:
    got = knowledge.__dict__.get(name)
    if got is None:
        got = knowledge.__dict__[name] = {}
    return got


def _ways_memo(knowledge: Knowledge) -> dict:
    """The ways open_questions remembers: one memo per vocabulary, shared by a Knowledge and its parts (a ruling's
    ways do not depend on which part holds the production: its templates' facts, what overrides it and the derived
    templates make them), so a server's restricted knowledge sets (some 34 after a minute of 24 sessions) do not
    each fill a memo of their own for minutes.  An entry keeps its production: one of the same id in another
    knowledge over the same vocabulary misses."""
    vocab = knowledge.vocabulary
    got = vocab.__dict__.get("_ways_memo")
    if got is None:
        got = vocab.__dict__["_ways_memo"] = {}
    return got


class _Hashed(tuple):
    """A memo key's part that many keys share (a template's facts): its hash worked out once, not at every lookup
    (a fact's hash is its every value's)."""

    def __hash__(self) -> int:
        h = self.__dict__.get("hash")
        if h is None:
            h = self.__dict__["hash"] = tuple.__hash__(self)
        return h


def _told(by_t: dict, template: str, settled, blanks) -> tuple:
    """What ``waiting`` reads of the facts of one template: the facts, which are blanks, which of their slots are
    said not known, and the values left possible for those known in part (``settled.may``)."""
    facts = tuple(by_t.get(template, ()))
    ids = {f.id for f in facts}
    said = frozenset(k for k in settled if k[0] in ids) if settled else frozenset()
    may = getattr(settled, "may", None)
    return _Hashed((facts, frozenset(ids & blanks), said,
                    tuple(sorted((k, v) for k, v in may.items() if k in said)) if may else ()))


def _templates(prod: Production) -> tuple:
    """The templates a production's conditions test, each once, in order."""
    got = prod.__dict__.get("_templates")
    if got is None:
        got = prod.__dict__["_templates"] = tuple(dict.fromkeys(p.template for p in prod.when))
    return got


def open_questions(knowledge: Knowledge, facts: list[InFact], fired: set) -> list[OpenQuestion]:
    """Unknown slots of stated facts that would let a production fire where it did not.

    ``fired`` holds (production id, subject fact id) pairs; a production is not
    waiting on a subject it already fired on, or on which an overrider fired.
    """
    waiting: dict[tuple, list] = {}
    by_t = _by_template(facts)
    derived = _derived(knowledge)
    subjects = _subjects(fired)
    memo, cap = _ways_memo(knowledge), knowledge.memos.ways
    told: dict = {}  # template -> its facts, as a key hashed once
    for prod in candidates(knowledge, by_t):
        skip = frozenset(subj for pid in (prod.id, *knowledge.overridden_by.get(prod.id, ()))
                         for subj in subjects.get(pid, ()))
        # the same production over the same facts of its templates waits on the same: a ruling made under each
        # possibility of an unknown asks it again only of the productions that test what changed
        key = (prod.id, skip, tuple(told[t] if t in told else told.setdefault(t, _Hashed(by_t.get(t, ())))
                                    for t in _templates(prod)))
        try:
            got = memo.get(key)
        except TypeError:  # a value that cannot be a key (none of the vocabulary's types; never remembered)
            key, got = None, None
        if got is not None and got[0] is prod:
            ways = got[1]
        else:
            ways = _ways(prod, by_t, derived, skip, None, frozenset())
            if key is not None:
                if len(memo) >= cap:
                    memo.clear()
                memo[key] = (prod, ways)
        for unknown in ways:
            for key in _first_asked(prod, unknown):
                entry = {"production": prod.id, "cite": prod.cite, "summary": prod.waiting or prod.summary}
                if entry not in waiting.setdefault(key, []):
                    waiting[key].append(entry)
    out = []
    vocab = knowledge.vocabulary
    count: dict[str, int] = {}
    for f in facts:
        count[f.template] = count.get(f.template, 0) + 1
    # while the director says the auction goes on there is no declarer yet: what needs one is said
    # conditionally by the laws of the auction (26B through lead_restrictions_may_apply, 24D/24E)
    going = any(f.template == "deal" and f.get("auction_ended") is False for f in facts)
    for (fid, template, slot), why in sorted(waiting.items(), key=lambda kv: (
            vocab.templates[kv[0][1]].order, in_number_order(kv[0][0]), list(vocab.templates[kv[0][1]].slots).index(kv[0][2])
            if kv[0][2] in vocab.templates[kv[0][1]].slots else 99)):
        s = vocab.templates[template].slots.get(slot)
        if s is None or s.question is None or s.later or (going and template == "deal" and slot == "declarer"):
            continue  # what happens only after this ruling (``later``) is said by the productions as a condition
        out.append(OpenQuestion(template, slot, fid, s.question, s.judgment, why,
                                about=fid if count.get(template, 0) > 1 else ""))
    return out
