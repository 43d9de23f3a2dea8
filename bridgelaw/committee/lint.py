"""Static checks of the knowledge: warnings phrased as questions, each at the file:line it is about.

``lint(knowledge, root, outcomes=None) -> [Problem]`` (all warnings):

- a production that can never fire: it tests a template nothing states or
  derives, or a slot value no incident or production can give (the fixpoint
  follows chains: a production fed only by dead ones is dead too);
- a ``not`` condition that always holds, and a derived template nothing tests;
- two productions that can fire on the same fact and give contradictory ruling
  elements (the same kind with different arguments or texts, unless the kind is marked
  ``many``, or kinds one of which ``contradicts`` the other) with no
  ``overrides`` between them; and two productions of one subsection with the same conditions;
- productions that derive facts for each other in a cycle (P derives what Q
  tests, ..., and something on the way derives what P tests): a cycle ends
  when it derives nothing new, but one that keeps deriving new values (arithmetic)
  runs to the engine's firing limit;
- a production no case fires (``outcomes``: the cases' results, testrun.py);
- the units of an encoded law (its subsections in the 2017 table of
  knowledge/laws.yaml) that no production cites, no judgment question names
  and the law file does not list under ``left_out`` (one warning per law).

The analysis errs on "possible": it warns only where it can show the problem.
"""
from __future__ import annotations

from collections import Counter
from itertools import combinations
from pathlib import Path

from .coverage import judgment_slots, left_out_reason, related, units
from .domains import ANY, Producible, literal_tests, satisfiable
from ..errors import Loc, Problem, shown_path
from ..model import CHOICE, Expr, Var
from ..ops import OPS, has_var
from ..read.precedence import strongly_connected


def _warn(loc: Loc, crumb: str, message: str, hint: str = "") -> Problem:
    return Problem(loc, message, crumb, hint, "warning")


def _where(p) -> str:
    return f"{p.file}:{p.loc.line}"


def _test_text(t) -> str:
    v = t.value
    shown = "[" + ", ".join(map(str, v)) + "]" if isinstance(v, tuple) else str(v).lower() if isinstance(v, bool) else v
    return f"{t.slot} {OPS[t.op].words} {shown}"


# -- productions that can never fire ---------------------------------------------------------

def _never(p, prod: Producible) -> tuple[Loc, str] | None:
    for pat in p.when:
        if pat.negated:
            continue
        if not prod.exists(pat.template):
            return pat.loc, f"it needs a {pat.template} fact, but no production derives {pat.template}" \
                            " (and an incident cannot state it)"
        for slot, tests in literal_tests(pat).items():
            dom = prod.values(pat.template, slot)
            if satisfiable(tests, dom):
                continue
            said = " and ".join(_test_text(t) for t in tests)
            if prod.stated(pat.template):
                why = f"{pat.template}: '{said}' cannot hold for any value"
            else:
                why = (f"{pat.template}: '{said}', but the productions deriving {pat.template} give {slot} only:"
                       f" {', '.join(prod.derived_values(pat.template, slot))}")
            return tests[0].loc, why
    return None


def dead_productions(knowledge) -> dict:
    """Production id -> (loc, reason) for each production that can never fire."""
    dead: dict = {}
    while True:
        prod = Producible(knowledge, set(dead))
        new = {p.id: r for p in knowledge.productions if p.id not in dead for r in [_never(p, prod)] if r}
        if not new:
            return dead
        dead.update(new)


def never_fire(knowledge) -> list[Problem]:
    out = []
    dead = dead_productions(knowledge)
    for p in knowledge.productions:
        if p.id in dead:
            loc, why = dead[p.id]
            out.append(_warn(loc, f"production {p.id}", f"can this production ever fire? {why}",
                             "check the spelling of the value against the vocabulary, or the production that"
                             " should derive it"))
    prod = Producible(knowledge, set(dead))
    for p in knowledge.productions:
        for pat in p.when:
            if pat.negated and not prod.exists(pat.template):
                out.append(_warn(pat.loc, f"production {p.id}",
                                 f"is this condition needed? 'not {pat.template}' always holds: no production"
                                 f" derives {pat.template}"))
    tested = {pat.template for p in knowledge.productions for pat in p.when}
    for t in knowledge.vocabulary.templates.values():
        if t.derived and t.name not in tested:
            out.append(_warn(t.loc, f"template {t.name}",
                             f"which production should use {t.name}? It is derived, but no production tests it"))
    return out


# -- productions that can fire together and contradict -----------------------------------------

def _var_names(p) -> dict:
    """Variable name -> a name comparable across productions: '@slot' if bound on the subject fact."""
    out = {}
    for t in p.when[0].tests if p.when else ():
        if t.names:
            out.setdefault(t.names, "@" + t.slot)
    k = 0
    for pat in p.when[1:]:
        for name in pat.binds():
            if name not in out:
                out[name] = f"#{k}"
                k += 1
    return out


def _norm(value, names: dict):
    if isinstance(value, tuple):
        return tuple(_norm(v, names) for v in value)
    if isinstance(value, Expr):
        return Expr(value.op, tuple(_norm(v, names) for v in value.operands))
    if isinstance(value, Var):
        return Var(names.get(value.name, value.name), value.accessor)
    return value


def _pattern_key(pat, names: dict) -> tuple:
    return (pat.template, pat.negated, frozenset((t.slot, t.op, _norm(t.value, names)) for t in pat.tests))


def _comparable(value) -> bool:
    """A normalised operand means the same in two productions: a literal or a subject-bound variable."""
    vals = value if isinstance(value, tuple) else (value,)
    return all(_comparable(v.operands) if isinstance(v, Expr) else (not isinstance(v, Var) or v.name.startswith("@"))
               for v in vals)


def _excludes(a, b, na: dict, nb: dict) -> bool:
    """Whether a positive condition of one production makes a negated one of the other fail."""
    for pos in a.when[1:]:
        if pos.negated:
            continue
        kpos = _pattern_key(pos, na)[2]
        for neg in b.when:
            if not neg.negated or neg.template != pos.template:
                continue
            kneg = _pattern_key(neg, nb)[2]
            if all(_comparable(v) for _, _, v in kneg) and kneg <= kpos:
                return True
    return False


def can_overlap(a, b, prod: Producible) -> bool:
    """Whether ``a`` and ``b`` can fire on the same subject fact (as far as can be shown statically)."""
    if not a.when or not b.when or a.when[0].template != b.when[0].template:
        return False
    sa, sb = literal_tests(a.when[0]), literal_tests(b.when[0])
    for slot in set(sa) | set(sb):
        if not satisfiable(sa.get(slot, []) + sb.get(slot, []), prod.values(a.when[0].template, slot)):
            return False
    if _unknown_against_known(a.when[0], b.when[0]) or _other_choices(a, b):
        return False
    na, nb = _var_names(a), _var_names(b)
    return not (_excludes(a, b, na, nb) or _excludes(b, a, nb, na))


def _unknown_against_known(pa, pb) -> bool:
    """One subject pattern asks a slot to be unknown (``known: false``), the other compares it with a
    variable (which an unknown value never passes): they cannot hold of one fact."""
    for x, y in ((pa, pb), (pb, pa)):
        unknown = {t.slot for t in x.tests if t.op == "known" and t.value is False}
        if any(t.slot in unknown and has_var(t.value) for t in y.tests):
            return True
    return False


def _other_choices(a, b) -> bool:
    """Two productions a choice gives, on two different choices of one option: one option is answered once."""
    ca = {_choice_key(p) for p in a.when if p.template == CHOICE and not p.negated} - {None}
    cb = {_choice_key(p) for p in b.when if p.template == CHOICE and not p.negated} - {None}
    return any(o1 == o2 and c1 != c2 for o1, c1 in ca for o2, c2 in cb)


def _choice_key(pat):
    tests = {t.slot: t.value for t in pat.tests if t.op == "eq" and not has_var(t.value)}
    return (tests["option"], tests["chosen"]) if {"option", "chosen"} <= set(tests) else None


def _shown(v) -> str:
    return str(v).lower() if isinstance(v, bool) else str(v)


def contradiction(e1, e2, vocab, n1: dict, n2: dict) -> str | None:
    """How two ruling elements of one fact contradict each other, or None."""
    k1, k2 = vocab.elements[e1.kind], vocab.elements[e2.kind]
    if e2.kind in k1.contradicts or e1.kind in k2.contradicts:
        return f"{e1.kind} and {e2.kind}"
    if e1.kind != e2.kind or k1.many:
        return None
    a1, a2 = dict(e1.args), dict(e2.args)
    for name in a1.keys() & a2.keys():
        x, y = _norm(a1[name], n1), _norm(a2[name], n2)
        if has_var(x) != has_var(y) or not (_comparable(x) and _comparable(y)):
            continue  # a variable may or may not equal a value: not shown to differ
        if x != y:
            return f"{e1.kind} with {name} {_shown(a1[name])} and {e2.kind} with {name} {_shown(a2[name])}"
    if e1.text != e2.text:
        return f"{e1.kind} with two different texts"
    return None


def _related(a, b) -> bool:
    return a.id in b.overrides or b.id in a.overrides


def conflicts(knowledge, complete: bool = True) -> list[Problem]:
    """Pairs that can fire on one fact and contradict each other.  With ``complete`` false (some productions
    were left out) no production is taken for dead because what it rests on is missing."""
    out = []
    dead = dead_productions(knowledge) if complete else {}
    prod = Producible(knowledge, set(dead))
    vocab = knowledge.vocabulary
    live = [p for p in knowledge.productions if p.id not in dead]
    for a, b in combinations(live, 2):
        if _related(a, b) or not can_overlap(a, b, prod):
            continue
        na, nb = _var_names(a), _var_names(b)
        what = next((w for e1 in a.then for e2 in b.then for w in [contradiction(e1, e2, vocab, na, nb)] if w), None)
        subject = a.when[0].template
        if what:
            out.append(_warn(b.loc, f"production {b.id}",
                             f"which applies? this production and {a.id} ({_where(a)}) can fire on the same"
                             f" {subject} and give {what}",
                             f"if one is an exception to the other, say so on it: overrides: [{a.id}]"
                             f" (or [{b.id}] on {a.id}); else make their conditions exclude each other"))
        elif a.cite == b.cite and {_pattern_key(x, na) for x in a.when} == {_pattern_key(x, nb) for x in b.when}:
            out.append(_warn(b.loc, f"production {b.id}",
                             f"are these one production? this production and {a.id} ({_where(a)}) have the same"
                             " conditions", "merge them, or say which overrides the other"))
    return out


# -- productions that feed each other in a cycle -----------------------------------------------

def cycles(knowledge) -> list[list]:
    """The groups of productions that can derive facts for each other in a cycle (a production
    feeding itself is a group of one), each in canonical order, in the order of their first member."""
    prods = knowledge.productions
    testers: dict = {}
    for q in prods:
        for pat in q.when:
            if not pat.negated:
                testers.setdefault(pat.template, []).append(q.id)
    feeds = {p.id: sorted({q for d in p.derive for q in testers.get(d.template, ())}) for p in prods}
    comp = strongly_connected(feeds)
    size = Counter(comp.values())
    groups: dict = {}
    for p in prods:
        if size[comp[p.id]] > 1 or p.id in feeds[p.id]:
            groups.setdefault(comp[p.id], []).append(p)
    # a cycle every production of which says why it ends (chain_ends) is the Laws' own: not asked about
    return [g for g in groups.values() if not all(p.chain_ends for p in g)]


def cyclic(knowledge) -> list[Problem]:
    out = []
    for group in cycles(knowledge):
        first, rest = group[0], group[1:]
        how = "; ".join(f"{p.id} ({_where(p)}) derives {', '.join(sorted({d.template for d in p.derive}))}"
                        for p in group)
        what = (f"this production with {', '.join(q.id for q in rest)} can derive facts for each other in a cycle"
                if rest else "this production can derive a fact it tests itself")
        out.append(_warn(first.loc, f"production {first.id}", f"does this chain end? {what}: {how}",
                         "a fact derived again is the same fact, so the cycle ends unless it keeps deriving"
                         " new values (arithmetic that grows): then the engine stops at its firing limit."
                         " If the Laws chain this way, leave it"))
    return out


# -- productions no case fires -------------------------------------------------------------------

def unexercised(knowledge, exercised: dict) -> list[Problem]:
    return [_warn(p.loc, f"production {p.id}",
                  f"which case shows this production at work? No case in tests/cases/ fires it",
                  f"add a case to tests/cases/law-{p.law}.yaml with facts that fire it")
            for p in knowledge.productions if p.id not in exercised]


# -- gaps: subsections with no production ------------------------------------------------------

def _law_line(file: str, root: Path) -> Loc:
    """The Loc of the 'law:' line of a knowledge file (line 1 if it cannot be read)."""
    path = Path(file) if Path(file).is_absolute() else None
    for cand in ([path] if path else [Path.cwd() / file, root / file]):
        if cand.exists():
            for i, line in enumerate(cand.read_text(encoding="utf-8").splitlines(), 1):
                if line.startswith("law:"):
                    return Loc(file, i, 1)
    return Loc(file, 1, 1)


def gaps(knowledge, root: Path) -> list[Problem]:
    """One warning per encoded law at its 'law:' line, naming the units of the 2017 table that no
    production cites, no judgment question names and the file does not leave out with a reason."""
    index = knowledge.index
    if index is None:
        return []
    judged = judgment_slots(knowledge.vocabulary)
    cites = {}
    for p in knowledge.productions:
        cites.setdefault(p.law, []).append(p.cite)
    out = []
    for n in sorted(knowledge.laws):
        missing = [(unit, title) for unit, title in units(index, n)
                   if not any(related(unit, c) for c in cites.get(n, []))
                   and not any(related(unit, j) for _, j in judged) and not left_out_reason(knowledge, n, unit)]
        if not missing:
            continue
        if len(missing) == 1:
            unit, title = missing[0]
            named, tail = (f"is {unit} ({title['en']})" if title else f"is {unit}"), "No production cites it"
        else:
            named, tail = f"are {', '.join(u for u, _ in missing)}", "No production cites them"
        out.append(_warn(_law_line(knowledge.laws[n].file, root), f"law {n}",
                         f"{named} left to the director, or still to be written? {tail}",
                         "write their productions here, a judgment question in the vocabulary naming them"
                         " (law: ...) if the director decides, or list them under left_out with a reason"))
    return out


def lint(knowledge, root: Path, exercised: dict | None = None, complete: bool = True) -> list[Problem]:
    """Every warning about the knowledge under ``root``; ``exercised``: production id -> cases firing it
    (omitted: the cases under root/tests/cases are run to find out).  When productions were left out for
    errors (``complete`` false), the checks that reason from what is absent are skipped: they would
    blame the productions that depend on the broken ones."""
    if exercised is None:
        exercised = _run_cases(knowledge, root)
    found = conflicts(knowledge, complete) + unexercised(knowledge, exercised) + cyclic(knowledge)
    if complete:
        found += never_fire(knowledge) + gaps(knowledge, root)
    return sorted(found, key=lambda p: (p.loc.file, p.loc.line, p.loc.col))


def _run_cases(knowledge, root: Path) -> dict:
    from ..engine import engine_for
    from .testrun import case_files, exercised, load_all, run_cases
    cases, _ = load_all(case_files(root), knowledge.vocabulary)
    return exercised(run_cases(engine_for(knowledge), cases))
