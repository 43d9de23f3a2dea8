"""A CLIPS back end (clipspy): the same model, compiled to CLIPS, as oracle and yardstick.

``ClipsEngine(knowledge).rule(incident) -> Ruling`` gives the ruling the
experta engine (engine.py) gives, from the same validated model (model.py):
no second parser.  tests/test_differential.py asserts the two agree on every
case and incident; bench/run.py measures bridgelaw against it.  clipspy is a
development dependency: import this module only where it is installed.

How the model becomes CLIPS (``constructs(knowledge)`` returns the text):

- one ``deftemplate t_<name>`` per vocabulary template, with an ``id`` slot;
  unknown is the symbol ``nil``, and every test but ``known: false``
  excludes it (a first ``$var`` binding too: unknown never matches);
- one ``defrule`` per production: positive patterns in authored order, then
  ``not`` patterns, then a ``not`` on a ``bl-fired`` marker per overrider
  (overrides are scoped to the subject fact, as in compiler.py);
- salience: CLIPS has no tie-break by authoring order, so productions are
  ranked by (salience, canonical order) and each gets its own salience from
  that rank; with the breadth strategy equal ranks fire oldest facts first,
  which is the order StableStrategy gives;
- the right-hand side calls back into Python (``bl-fire``), which runs the
  very code the experta engine runs on a firing (run/record.py: Recorder.fire): ruling
  elements, HOW, derived facts and override markers are recorded the same way.
"""
from __future__ import annotations

import clips

from .. import values as V
from ..errors import BridgelawError
from ..explain.assemble import complete, settle
from ..explain.possible import rule_each
from .record import Recorder
from .compiler import FiredMarker
from ..read.incident import Incident
from ..model import Expr, Knowledge, Pattern, Production, Var
from ..ops import ARITHMETIC, KNOWN_SEVERAL, OPS, has_var
from ..explain.ruling import Ruling

MAX_SALIENCE = 10000  # CLIPS salience runs from -10000 to 10000
_NIL = clips.Symbol("nil")
_DOMAINS = {"seat": V.SEATS, "side": V.SIDES, "card": V.CARDS}


def tname(template: str) -> str:
    """The CLIPS name of a vocabulary template (prefixed: no clash with CLIPS's own words)."""
    return f"t_{template}"


def lit(value) -> str:
    """A canonical value as a CLIPS constant: nil for unknown, TRUE/FALSE, integers, strings."""
    if value is None:
        return "nil"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    return '"' + str(value).replace("\\", "\\\\").replace('"', '\\"') + '"'


def from_clips(value):
    """A CLIPS value back as a canonical Python value."""
    if isinstance(value, clips.Symbol):
        return {"nil": None, "TRUE": True, "FALSE": False}.get(value, str(value))
    return value


def accessor_functions() -> list[str]:
    """One deffunction per accessor (values.ACCESSORS), tabulated over its domain."""
    out = []
    for name, (types, _, fn) in sorted(V.ACCESSORS.items()):
        cases = " ".join(f"(case {lit(x)} then {lit(fn(x))})" for t in types for x in _DOMAINS[t])
        out.append(f"(deffunction bl-{name} (?x) (switch ?x {cases} (default nil)))")
    return out


def _expr(value) -> str:
    """A literal, a variable (through its accessor), arithmetic or a tuple of them, as a CLIPS expression.

    Arithmetic operands are bound variables of int slots (never nil) and whole numbers.
    """
    if isinstance(value, tuple):
        return "(create$ " + " ".join(_expr(v) for v in value) + ")"
    if isinstance(value, Expr):
        return f"({ARITHMETIC[value.op].clips} " + " ".join(_expr(v) for v in value.operands) + ")"
    if isinstance(value, Var):
        return f"(bl-{value.accessor} ?v_{value.name})" if value.accessor else f"?v_{value.name}"
    return lit(value)


def _predicate(op: str, x: str, value) -> str:
    """A CLIPS predicate: slot variable ``x`` passes test ``op value`` (ops.OPS); unknown never passes
    but ``known``."""
    o = OPS[op]
    y = _expr(value)
    body = o.clips.format(x=x, y=y)
    if o.sees_unknown:
        return body
    if o.numeric:
        return f"(and (integerp {x}) (integerp {y}) {body})"
    guard = f"(neq {x} nil)" if not isinstance(value, Var) else f"(neq {x} nil) (neq {y} nil)"
    return f"(and {guard} {body})"


def _simple(test) -> str | None:
    """The idiomatic CLIPS constraint for one literal test (ops.OPS), or None if it needs a predicate."""
    constraint = OPS[test.op].constraint
    if has_var(test.value) or constraint is None:
        return None
    return constraint(test.value, lit)


class _RuleText:
    """The text of one defrule; collects the variables the right-hand side passes back."""

    def __init__(self, prod: Production, rank: int, overriders: list[str], several: frozenset = frozenset()):
        self.prod, self.bound, self.ids, self.tests = prod, [], [], []
        self.several = several  # (template, slot) of each `several` slot: a multislot
        self.hidden = 0
        pos = [(i, p) for i, p in enumerate(prod.when) if not p.negated]
        neg = [p for p in prod.when if p.negated]
        ces = [self._pattern(p, i) for i, p in pos] + [f"(test {t})" for t in self.tests]
        ces += ["(not " + self._pattern(p, None) + ")" for p in neg]
        ces += [f'(not (bl-fired (production {lit(q)}) (subject {self.ids[0]})))' for q in overriders]
        args = " ".join(self.ids + [f"?v_{n}" for n in self.bound])
        self.text = (f"(defrule r{prod.order} (declare (salience {MAX_SALIENCE - rank}))\n  "
                     + "\n  ".join(ces) + f"\n  =>\n  (bl-fire {prod.order} {args}))")

    def _fresh(self) -> str:
        self.hidden += 1
        return f"?h{self.hidden}"

    def _pattern(self, pat: Pattern, index: int | None) -> str:
        per_slot: dict = {}
        for t in pat.tests:
            per_slot.setdefault(t.slot, []).append(t)
        if index is not None:
            per_slot.setdefault("id", [])
        fields = []
        for slot, tests in per_slot.items():
            is_id = slot == "id" and index is not None
            if (pat.template, slot) in self.several:
                fields.append(f"({slot} {self._several(tests)})")
                continue
            fields.append(f"({slot} {self._field(tests, is_id, pat.negated)})")
        return f"({tname(pat.template)} {' '.join(fields)})"

    def _several(self, tests: list) -> str:
        """The constraint on a `several` slot (a multislot; unknown is the one field nil): its tests
        (contains, not_contains, known: literals only) on a multifield variable."""
        var = "$" + self._fresh()
        preds = [(OPS[t.op].clips_several or KNOWN_SEVERAL)(var, t.value, lit) for t in tests]
        return "&".join([var] + [f":{p}" for p in preds])

    def _field(self, tests: list, is_id: bool, negated: bool) -> str:
        """The constraint on one slot; ``is_id``: the subject's id is passed to bl-fire."""
        if len(tests) == 1 and not is_id and _simple(tests[0]) is not None:
            return _simple(tests[0])
        rest = list(tests)
        var, head = None, None
        for t in tests:  # a plain $name names the slot's value
            if t.names:
                var = f"?v_{t.names}"
                if t.names not in self.bound and not negated:
                    self.bound.append(t.names)
                    head = f"{var}&~nil"
                else:
                    head = var
                rest.remove(t)
                break
        if var is None:
            var = self._fresh()
            head = var
        if is_id:
            self.ids.append(var)
        inline = [t for t in rest if negated or not has_var(t.value)]
        # a comparison with a variable waits until every positive pattern has bound its variables
        self.tests += [_predicate(t.op, var, t.value) for t in rest if t not in inline]
        return "&".join([head] + [f":{_predicate(t.op, var, t.value)}" for t in inline])


def constructs(knowledge: Knowledge, productions=None) -> list[str]:
    """Every CLIPS construct for ``productions`` (default: all) of ``knowledge``, in build order."""
    part = knowledge if productions is None else knowledge.only(productions)
    out = [f"(deftemplate {tname(n)} (slot id) "
           + " ".join((f"(multislot {s} (default nil))" if sl.several else f"(slot {s})") for s, sl in t.slots.items()) + ")"
           for n, t in knowledge.vocabulary.templates.items()]
    out.append("(deftemplate bl-fired (slot production) (slot subject))")
    out += accessor_functions()
    return out + [r.text for r in rules(part)]


def rules(knowledge: Knowledge) -> list[_RuleText]:
    """One defrule per production of ``knowledge``, ranked by (salience, canonical order)."""
    prods = knowledge.productions
    if len(prods) > 2 * MAX_SALIENCE:
        raise ValueError(f"CLIPS can rank at most {2 * MAX_SALIENCE} productions")
    overridden_by = knowledge.overridden_by
    ranked = sorted(prods, key=lambda p: (-p.salience, p.order))
    several = several_slots(knowledge.vocabulary)
    return [_RuleText(p, rank, sorted(overridden_by.get(p.id, ())), several) for rank, p in enumerate(ranked)]


def several_slots(vocab) -> frozenset:
    """(template, slot) of every `several` slot: a CLIPS multislot."""
    return frozenset((n, s) for n, t in vocab.templates.items() for s, sl in t.slots.items() if sl.several)


class _Pending(dict):
    """A fact to be asserted: its template and slot values (id first)."""

    def __init__(self, template: str, **values):
        super().__init__(**values)
        self.template = template


class _ClipsRun:
    """What a firing does, the same Recorder as the experta engine, so both record alike."""

    def __init__(self, knowledge: Knowledge, env, overriders: frozenset):
        self.knowledge, self.vocab, self.env = knowledge, knowledge.vocabulary, env
        self.__classes__ = {n: (lambda n: lambda **kw: _Pending(n, **kw))(n) for n in self.vocab.templates}
        self.__overriders__ = overriders
        self.templates = {n: env.find_template(tname(n)) for n in self.vocab.templates}
        self.several = {n: [s for s, sl in t.slots.items() if sl.several] for n, t in self.vocab.templates.items()}
        self.marker = env.find_template("bl-fired")

    def begin(self) -> None:
        self.start()
        self.by_id: dict[str, dict] = {}
        self.asserted: set = set()
        self.error: BridgelawError | None = None

    def derived(self) -> list:
        """The derived facts, as (template, id, ((slot, value), ...)), in the order they were first derived."""
        return [(self.by_id[fid].template, fid, tuple((k, v) for k, v in self.by_id[fid].items() if k != "id"))
                for fid in self.derived_by if fid in self.by_id]

    def declare(self, fact):
        """Assert ``fact`` in CLIPS; None if an equal fact was already there (as experta's declare)."""
        if isinstance(fact, FiredMarker):
            self.marker.assert_fact(production=fact["production"], subject=fact["subject"])
            return fact
        key = (fact.template, tuple(fact.items()))
        if key in self.asserted:
            return None
        self.asserted.add(key)
        self.by_id.setdefault(fact["id"], fact)
        several = self.several[fact.template]
        if several:  # a multislot: unknown (absent, or None) is the one field nil, its default
            self.templates[fact.template].assert_fact(**{k: (_NIL,) if k in several and v is None else v
                                                         for k, v in fact.items()})
        else:
            self.templates[fact.template].assert_fact(**fact)
        return fact


for _name, _fn in vars(Recorder).items():  # start, fire and their helpers: every method Recorder defines
    if callable(_fn) and not _name.startswith("__"):
        setattr(_ClipsRun, _name, _fn)


class ClipsEngine:
    """Runs the knowledge over incidents in CLIPS.  One per thread; build once, reuse.

    CLIPS 6.4 through clipspy slows down as an environment is reused: the same
    incidents take about 5% longer every 200 runs, whatever way facts are
    asserted and reset.  ``refresh()`` builds a new environment; the benchmark
    calls it every few hundred runs (outside the time it measures) so that
    CLIPS is measured at its best.
    """

    def __init__(self, knowledge: Knowledge, productions=None, explain_in=None):
        """``explain_in(templates of the working facts) -> Knowledge``: where to seek open questions
        (default: all the knowledge)."""
        self.knowledge, self.explain_in = knowledge, explain_in
        self._part = knowledge if productions is None else knowledge.only(productions)
        self.refresh()

    def refresh(self) -> None:
        """Build the environment afresh."""
        self.env = clips.Environment()
        self.env.define_function(self._fire, "bl-fire")
        for text in constructs(self.knowledge, []):
            self.env.build(text)
        self._rules = {}
        for r in rules(self._part):
            self.env.build(r.text)
            self._rules[r.prod.order] = (r.prod, [i for i, p in enumerate(r.prod.when) if not p.negated], r.bound)
        self.env.strategy = clips.Strategy.BREADTH
        self._run = _ClipsRun(self.knowledge, self.env, self._part.overriders)
        self.runs = 0  # incidents run in this environment

    def _fire(self, order, *args):
        """bl-fire: one firing.  An error (the firing limit) is kept for ``infer`` to raise, and no
        later firing does anything, so the agenda drains and CLIPS stops."""
        prod, positions, names = self._rules[order]
        run = self._run
        if run.error is not None:
            return
        context = {f"f{i}": run.by_id[fid] for i, fid in zip(positions, args)}
        context.update((f"v_{n}", from_clips(v)) for n, v in zip(names, args[len(positions):]))
        try:
            run.fire(prod, context)
        except BridgelawError as e:
            run.error = e

    def infer(self, incident: Incident) -> _ClipsRun:
        """Run the productions over an incident: the run, holding its firings, elements and facts."""
        run = self._run
        self.runs += 1
        self.env.reset()
        run.begin()
        for f in incident.facts:
            run.declare(_Pending(f.template, id=f.id, **dict(f.values)))
        self.env.run()
        if run.error is not None:
            raise run.error
        return run

    def rule(self, incident: Incident) -> Ruling:
        """The Ruling for an incident, as engine.Engine.rule gives it: what is not known split before it runs
        (explain/possible/), so CLIPS too sees only known facts."""
        from ..read.regulations import elections
        return rule_each(self.knowledge, incident, self._rule_known, elections(incident, self.knowledge))

    def _rule_known(self, incident: Incident) -> Ruling:
        from ..read.regulations import amendments_used, regulated
        incident, said = regulated(incident, self.knowledge)
        ruling, working, fired = settle(self.knowledge, incident, self.infer(incident))
        ruling.regulations, ruling.amendments = said, amendments_used(self.knowledge, ruling)
        where = self.explain_in(frozenset(f.template for f in working)) if self.explain_in else self.knowledge
        return complete(where, ruling, working, fired, announced=False)  # rule_each announces
