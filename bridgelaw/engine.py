"""The inference core: load -> validate -> compile -> run -> explain.

Public API::

    knowledge = load(root)               # Knowledge; BridgelawError (file:line) on any mistake
    engine = Engine(knowledge)           # compiles productions into experta rules, each once, on first need
    ruling = engine.rule(incident)       # Ruling: elements, HOW, open questions (WHY)

``root`` is a folder holding knowledge/ and facts/ (default: this project).
The stages live in their own modules (yamlsafe, schemas, vocabulary,
knowledge, cache, incident, compiler, strategy, partition, rete, ruling);
this module joins them and is the one place where productions fire.  An
incident runs only the productions that can apply to it (partition.py).  An Engine is not thread-safe: use
one per thread.  The same facts give the same ruling and trace whatever the
order of files or facts (canonical production order, canonical fact order,
StableStrategy).
"""
from __future__ import annotations

import string
from pathlib import Path

from .run.compiler import FiredMarker, _vars, compare, compile_engine, fact_classes, has_var, resolve
from .errors import BridgelawError, Problem
from .read.incident import Incident, InFact, incident_from_facts, load_incident
from .read.cache import cached
from .read.knowledge import find_files, load_knowledge
from .model import Knowledge, Production, Var
from .run.partition import Partitions
from .run.rete import FastEngine
from .explain.ruling import FactUse, Firing, OpenQuestion, Ruling, RulingElement

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def load(root: str | Path | None = None) -> Knowledge:
    """Load and validate vocabulary and knowledge under ``root`` (default: the project).

    Knowledge that loaded before from the same files is read back from a cache (cache.py).
    """
    root = Path(root) if root else PROJECT_ROOT
    vocabulary, index, _, law_files = find_files(root)
    return cached(root, [vocabulary, index, *law_files], lambda: load_knowledge(root))


def _label(slot, value, lang: str) -> str:
    return slot.label_of(value, lang)


def render_element(knowledge: Knowledge, kind: str, args: dict, own_text: dict | None) -> dict:
    """The ru/en text of a ruling element: its kind's template, then the production's own text."""
    ek = knowledge.vocabulary.elements[kind]
    out = {}
    for lang in ("ru", "en"):
        labels = {name: (_label(slot, args.get(name), lang) if args.get(name) is not None else "—")
                  for name, slot in ek.args.items()}
        text = string.Formatter().vformat(ek.text[lang], (), labels).strip()
        if own_text:
            extra = string.Formatter().vformat(own_text[lang], (), labels).strip()
            text = f"{text} {extra}".strip() if text else extra
        out[lang] = text
    return out


class _Run(FastEngine):
    """The experta engine the compiled rules run in; records every firing."""

    def setup(self, knowledge: Knowledge) -> None:
        self.knowledge = knowledge
        self.vocab = knowledge.vocabulary

    def start(self) -> None:
        self.firings: list[Firing] = []
        self.elements: list[RulingElement] = []
        self.derived_by: dict[str, int] = {}
        self.derived_ids: dict[str, tuple] = {}

    def fire(self, prod: Production, context: dict) -> None:
        facts = [context[f"f{i}"] for i, p in enumerate(prod.when) if not p.negated]
        bindings = {k[2:]: v for k, v in context.items() if k.startswith("v_")}
        n = len(self.firings) + 1
        uses = []
        rests = set()
        pos = [p for p in prod.when if not p.negated]
        for pat, fact in zip(pos, facts):
            tested = {t.slot: (fact["id"] if t.slot == "id" else fact.get(t.slot)) for t in pat.tests}
            uses.append(FactUse(pat.template, fact["id"], tested, self._fact_text(pat.template, fact["id"], tested)))
            if fact["id"] in self.derived_by:
                rests.add(self.derived_by[fact["id"]])
        firing = Firing(n, prod.id, prod.cite, prod.summary, uses, [], sorted(rests))
        self.firings.append(firing)
        how = sorted(self._ancestors(firing)) + [n]
        for el in prod.then:
            args = {name: resolve(v, bindings) for name, v in el.args}
            self._check_range(prod, el.loc, el.kind, self.vocab.elements[el.kind].args, args)
            self.elements.append(RulingElement(el.kind, args, prod.cite, prod.id,
                                               render_element(self.knowledge, el.kind, args, el.text), how))
        for d in prod.derive:
            t = self.vocab.templates[d.template]
            vals = {name: resolve(v, bindings) for name, v in d.slots}
            self._check_range(prod, d.loc, d.template, t.slots, vals)
            fid = self._derived_id(d.template, facts[0]["id"], vals)
            cls = self.__classes__[d.template]
            fact = cls(id=fid, **{s: vals.get(s) for s in t.slots})
            if self.declare(fact) is not None or fid not in self.derived_by:
                self.derived_by.setdefault(fid, n)
                firing.derived.append(fid)
        if prod.id in self.__overriders__:
            self.declare(FiredMarker(production=prod.id, subject=facts[0]["id"]))

    def _check_range(self, prod: Production, loc, owner: str, slots: dict, values: dict) -> None:
        """A computed whole number (arithmetic) must fit its slot's range: if not, the facts contradict
        each other (e.g. more tricks claimed than remain) and no ruling is given."""
        for name, v in values.items():
            s = slots[name]
            if s.type == "int" and v is not None and not (
                    (s.min is None or v >= s.min) and (s.max is None or v <= s.max)):
                raise BridgelawError(Problem(
                    loc, f"{owner}.{name} computes to {v}, outside {s.min}..{s.max}", f"production {prod.id}",
                    "the incident's facts contradict each other (e.g. more tricks than remain),"
                    " or the production needs a guard such as at_most"))

    def _derived_id(self, template: str, subject: str, vals: dict) -> str:
        """A readable, deterministic id for a derived fact: ``template(subject)``, numbered if that
        subject yields several different facts of the template."""
        key = tuple(sorted((k, v) for k, v in vals.items() if v is not None))
        base = f"{template}({subject})"
        fid, n = base, 1
        while self.derived_ids.get(fid, key) != key:
            n += 1
            fid = f"{base}#{n}"
        self.derived_ids[fid] = key
        return fid

    def _fact_text(self, template: str, fid: str, slots: dict) -> dict:
        t = self.vocab.templates[template]
        out = {}
        for lang in ("ru", "en"):
            parts = [f"{t.slots[k].title(lang)} = {t.slots[k].label_of(v, lang)}"
                     for k, v in slots.items() if k in t.slots and t.slots[k].type != "ref"]
            name = t.label[lang] + (f" ({fid})" if t.many else "")
            out[lang] = name + (": " + "; ".join(parts) if parts else "")
        return out

    def _ancestors(self, firing: Firing) -> set:
        seen, todo = set(), list(firing.rests_on)
        while todo:
            k = todo.pop()
            if k not in seen:
                seen.add(k)
                todo.extend(self.firings[k - 1].rests_on)
        return seen


class Engine:
    """Runs the knowledge over incidents.  Build once per process and reuse: each part of the
    knowledge is compiled on the first incident that needs it (compiling is the slow part)."""

    def __init__(self, knowledge: Knowledge):
        self.knowledge = knowledge
        self._partitions = Partitions(knowledge, self._compile)
        self._classes = fact_classes(knowledge.vocabulary)  # one Fact class per template, shared by the parts

    def _compile(self, productions) -> _Run:
        e = compile_engine(self.knowledge, productions, base=_Run, classes=self._classes)()
        e.setup(self.knowledge)
        return e

    def load_incident(self, path: str | Path, display: str | None = None) -> Incident:
        """Read and check an incident file (never written)."""
        return load_incident(path, self.knowledge.vocabulary, display)

    def incident(self, name: str, facts: dict) -> Incident:
        """An Incident from a plain facts mapping (template -> slot values)."""
        return incident_from_facts(name, facts, self.knowledge.vocabulary)

    def infer(self, incident: Incident):
        """Run the productions that can apply to an incident (partition.py): its firings, elements, derived facts."""
        return self._partitions.runner(incident.templates()).run(incident.facts)

    def rule(self, incident: Incident) -> Ruling:
        """The Ruling for an incident: elements with citations and HOW, and open questions with WHY."""
        return self.explain(*self.run(incident))

    def run(self, incident: Incident) -> tuple[Ruling, list[InFact], set]:
        """Fire the productions over ``incident`` without the open questions.

        Returns the Ruling (``open_questions`` left empty), the working facts
        (stated and derived) and the (production id, subject fact id) pairs
        that fired: what the explain stage (open_questions, waiting) reads.
        """
        return settle(self.knowledge, incident, self.infer(incident))

    def explain(self, ruling: Ruling, working: list[InFact], fired: set) -> Ruling:
        """Complete a Ruling from ``run``: its open questions (WHY), and a director_judgment element
        for each open judgment question.  Only productions that could wait on these facts are
        looked at (partition.py)."""
        where = self._partitions.part(frozenset(f.template for f in working))[1]
        return complete(where, ruling, working, fired)


def settle(knowledge: Knowledge, incident: Incident, run) -> tuple[Ruling, list[InFact], set]:
    """What Engine.run returns, from a run of any back end (its firings, elements, derived())."""
    fired = {(f.production, f.facts[0].id) for f in run.firings}
    working = list(incident.facts) + [InFact(t, fid, values, None) for t, fid, values in run.derived()]
    elements = _in_reading_order(knowledge, run.elements, run.firings)
    _name_facts(elements, run.firings, working)
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
    order = {p.id: p.order for p in knowledge.productions}
    return sorted(elements, key=lambda el: (depth.get(el.how[-1], 0) if el.how else 0,
                                            order[el.production], el.how[-1] if el.how else 0))


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
                                 render_element(knowledge, "director_judgment", args, q.question), []))
    return out


# -- explain: why a production did not fire --------------------------------------------------


def _match_pattern(pat, fact: InFact, bindings: dict, derived: set, settled=None, blanks=frozenset(),
                   deferred: list | None = None) -> tuple[bool, set, dict]:
    """Test one fact against a pattern: (possible, unknown slots, new bindings).

    A test on a variable that a later pattern names is put on ``deferred`` (test, slot value),
    to be decided once every pattern has bound its variables (see ``_deferred_fail``).

    ``settled`` (the interview's analysis; None for the classic one) holds the
    (fact id, slot) pairs known to be unknown: a test on one of them fails (or,
    for ``known``, is decided), while any other unknown slot is open, a
    ``known`` test on it included.  A fact in ``blanks`` may yet be stated:
    every slot of it is open, whatever its template.
    """
    unknown, new = set(), dict(bindings)
    complete = fact.template in derived and fact.id not in blanks
    for t in pat.tests:
        x = fact.get(t.slot)
        is_open = x is None and not complete and (settled is None or (fact.id, t.slot) not in settled)
        if isinstance(t.value, Var) and t.op == "eq" and t.value.accessor is None and t.value.name not in new:
            if x is None:
                if not is_open:
                    return False, set(), {}
                unknown.add(t.slot)
            new[t.value.name] = x
            continue
        y = resolve(t.value, new)
        if x is None and (t.op != "known" or (settled is not None and is_open)):
            if not is_open:
                return False, set(), {}
            unknown.add(t.slot)
            continue
        if has_var(t.value) and (y is None or (isinstance(y, tuple) and None in y)):
            if deferred is not None and any(v.name not in new for v in _vars(t.value)):
                deferred.append((t, x))  # named by a later pattern: decide at the end
            continue  # depends on an unknown bound earlier
        if not compare(t.op, x, y):
            return False, set(), {}
    return True, unknown, new


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
    derived = {n for n, t in knowledge.vocabulary.templates.items() if t.derived}
    return _ways(prod, _by_template(facts), derived, skip_subjects, settled, blanks)


def _by_template(facts: list[InFact]) -> dict[str, list[InFact]]:
    by_t: dict[str, list[InFact]] = {}
    for f in facts:
        by_t.setdefault(f.template, []).append(f)
    return by_t


def _ways(prod: Production, by_t: dict, derived: set, skip_subjects, settled, blanks) -> list[set]:
    """why_not over facts grouped by template."""
    pos = [p for p in prod.when if not p.negated]
    neg = [p for p in prod.when if p.negated]
    results = []

    def found(f: InFact, unk: set) -> set:
        if f.id in blanks:
            return {(f.id, f.template, None)}
        return {(f.id, f.template, s) for s in unk}

    def walk(i: int, bindings: dict, unknown: set, deferred: list) -> None:
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
            return
        for f in by_t.get(pos[i].template, []):
            if i == 0 and f.id in skip_subjects:
                continue
            later = list(deferred)
            ok, unk, new = _match_pattern(pos[i], f, bindings, derived, settled, blanks, later)
            if ok:
                walk(i + 1, new, unknown | found(f, unk), later)
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
            productions=None) -> dict:
    """What the interview may still ask: (fact id, template, slot) -> the ways waiting on it.

    ``facts`` are the working facts plus the blanks (facts that may yet be
    stated, all slots unknown, ids in ``blanks``); ``fired`` as in
    open_questions; ``settled``: (fact id, slot) pairs the director said are
    not known; ``productions``: those to look at (default: all).  A key with
    slot None asks whether its blank exists.  Each way is (production, the
    keys it waits on): a production that fired is asked about only where an
    answer could unmake or repeat its match, one whose overrider fired on a
    subject never about that subject.
    """
    overriders: dict[str, list] = {}
    for p in knowledge.productions:
        for q in p.overrides:
            overriders.setdefault(q, []).append(p.id)
    derived = {n for n, t in knowledge.vocabulary.templates.items() if t.derived}
    by_t = _by_template(facts)
    out: dict[tuple, list] = {}
    for prod in knowledge.productions if productions is None else productions:
        if any(c.template not in by_t for c in prod.when if not c.negated):
            continue
        skip = {subj for pid, subj in fired if pid in overriders.get(prod.id, ())}
        for unknown in _ways(prod, by_t, derived, frozenset(skip), settled, blanks):
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
    ranked = sorted(unknown, key=lambda k: (rank.get((k[1], k[2]), (99, 99)), k))
    return ranked[:1]


def open_questions(knowledge: Knowledge, facts: list[InFact], fired: set) -> list[OpenQuestion]:
    """Unknown slots of stated facts that would let a production fire where it did not.

    ``fired`` holds (production id, subject fact id) pairs; a production is not
    waiting on a subject it already fired on, or on which an overrider fired.
    """
    waiting: dict[tuple, list] = {}
    overriders: dict[str, list] = {}
    for p in knowledge.productions:
        for q in p.overrides:
            overriders.setdefault(q, []).append(p.id)
    for prod in knowledge.productions:
        skip = {subj for pid, subj in fired if pid == prod.id or pid in overriders.get(prod.id, ())}
        for unknown in why_not(knowledge, prod, facts, frozenset(skip)):
            for key in _first_asked(prod, unknown):
                entry = {"production": prod.id, "cite": prod.cite, "summary": prod.summary}
                if entry not in waiting.setdefault(key, []):
                    waiting[key].append(entry)
    out = []
    vocab = knowledge.vocabulary
    count: dict[str, int] = {}
    for f in facts:
        count[f.template] = count.get(f.template, 0) + 1
    for (fid, template, slot), why in sorted(waiting.items(), key=lambda kv: (
            vocab.templates[kv[0][1]].order, kv[0][0], list(vocab.templates[kv[0][1]].slots).index(kv[0][2])
            if kv[0][2] in vocab.templates[kv[0][1]].slots else 99)):
        s = vocab.templates[template].slots.get(slot)
        if s is None or s.question is None:
            continue
        out.append(OpenQuestion(template, slot, fid, s.question, s.judgment, why,
                                about=fid if count.get(template, 0) > 1 else ""))
    return out
