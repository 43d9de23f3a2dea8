"""One home per idea: every operator's meaning lives in bridgelaw/ops.py, the indexes on Knowledge.

The table gives each operator a Python meaning and a CLIPS form; the two must
agree on every value, unknown included (unknown passes no test but ``known``).
No other module tells the comparison operators apart by name.  The indexes a
client reads (productions by id, who overrides whom, who derives what) are
those a scan of the productions gives, survive pickling (the knowledge cache)
and follow a restriction to some productions (the partitions).
"""
from __future__ import annotations

import ast
import pickle
from pathlib import Path

import pytest

from bridgelaw.engine import load
from bridgelaw.ops import OPS, WRITTEN, compare, predicate

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "bridgelaw"
KINDS = {"int": (1, 3, 5), "str": ("S", "N"), "bool": (True, False)}  # a slot holds values of one kind


def operands(kind: str, operand: str) -> tuple:
    v = KINDS[kind]
    return {"value": v, "list": ((), v[:1], v), "bool": (True, False), "values": (v[:1], v)}[operand]


CASES = [(op, x, y) for op, o in OPS.items() for kind, xs in KINDS.items() if (kind == "int" or not o.numeric)
         and not o.several for x in (None, *xs) for y in operands(kind, o.operand)]
# a `several` slot holds a tuple of values (none of them: the empty tuple), or is unknown
SEVERAL = (None, (), ("S",), ("S", "N"), ("N", "E"))
SEVERAL_CASES = [(op, x, y) for op, o in OPS.items() if o.several or op == "known" for x in SEVERAL
                 for y in ((("S",), ("E",), ("S", "E"), ("W",)) if o.several else (True, False))]


def test_the_table_names_every_operator_once():
    assert set(OPS) == {"eq", "ne", "in", "not_in", "lt", "le", "gt", "ge", "known", "answers", "contains", "not_contains"}
    assert len(WRITTEN) == len(OPS) and {o.name for o in WRITTEN.values()} == set(OPS)


@pytest.mark.parametrize("op", sorted(OPS))
def test_unknown_passes_no_test_but_known(op):
    for y in operands("int", OPS[op].operand):
        assert compare(op, None, y) == ((op == "known" and y is False) or op == "answers")  # answers: unknown, or y
        assert predicate(op, y)(None) == compare(op, None, y)


def test_the_meaning_on_known_values():
    assert [x for x in (1, 3, 5) if compare("lt", x, 3)] == [1]
    assert [x for x in (1, 3, 5) if compare("le", x, 3)] == [1, 3]
    assert [x for x in (1, 3, 5) if compare("gt", x, 3)] == [5]
    assert [x for x in (1, 3, 5) if compare("ge", x, 3)] == [3, 5]
    assert [x for x in (1, 3, 5) if compare("in", x, (1, 5))] == [1, 5]
    assert [x for x in (1, 3, 5) if compare("not_in", x, (1, 5))] == [3]
    assert [x for x in (1, 3, 5) if compare("ne", x, 3)] == [1, 5]
    assert compare("known", 3, True) and not compare("known", 3, False)
    assert compare("lt", 3, None) is False  # an operand bound to an unknown value: no match
    for op, x, y in CASES + SEVERAL_CASES:
        assert predicate(op, y)(x) == compare(op, x, y), (op, x, y)


def test_the_meaning_on_a_slot_taking_several_values():
    """contains: one of the operand's values is among the slot's; not_contains: none is; unknown passes neither."""
    held = [(), ("S",), ("S", "N"), ("N", "E")]
    assert [x for x in held if compare("contains", x, ("S",))] == [("S",), ("S", "N")]
    assert [x for x in held if compare("contains", x, ("S", "E"))] == [("S",), ("S", "N"), ("N", "E")]
    assert [x for x in held if compare("not_contains", x, ("S",))] == [(), ("N", "E")]
    assert [x for x in held if compare("not_contains", x, ("S", "E"))] == [()]
    assert not compare("contains", None, ("S",)) and not compare("not_contains", None, ("S",))
    assert compare("known", (), True)  # none of them is known, not unknown


def test_python_and_clips_agree_on_a_slot_taking_several_values():
    """A `several` slot is a CLIPS multislot (unknown: the one field nil): its tests say what compare says."""
    clips = pytest.importorskip("clips")
    from bridgelaw.ops import KNOWN_SEVERAL
    from bridgelaw.run.clips import lit

    env, wrong = _probes(clips, "(multislot s (default nil))"), []
    for n, (op, x, y) in enumerate(SEVERAL_CASES):
        pred = (OPS[op].clips_several or KNOWN_SEVERAL)("$?x", y, lit)
        probe = "(probe)" if x is None else f"(probe (s {' '.join(map(lit, x))}))"
        if _hits(env, n, f"$?x&:{pred}", probe) != compare(op, x, y):
            wrong.append((op, x, y))
    assert wrong == []


def _probes(clips, slot: str):
    """A CLIPS environment with a ``probe`` template of one slot ``s`` and a ``hit`` a rule asserts."""
    env = clips.Environment()
    env.build(f"(deftemplate probe {slot})")
    env.build("(deftemplate hit (slot n))")
    return env


def _hits(env, n: int, constraint: str, probe: str) -> bool:
    """Whether a rule with ``constraint`` on the probe's slot fires on the fact ``probe``."""
    env.reset()
    env.build(f"(defrule r{n} (probe (s {constraint})) => (assert (hit (n {n}))))")
    env.assert_string(probe)
    env.run()
    hit = any(f.template.name == "hit" for f in env.facts())
    env.eval(f"(undefrule r{n})")
    return hit


def test_python_and_clips_agree_on_every_operator():
    """Each operator's CLIPS predicate and its field constraint (clips.py) say what compare says."""
    clips = pytest.importorskip("clips")
    from bridgelaw.run.clips import _predicate, _simple, lit
    from bridgelaw.model import Test
    from bridgelaw.errors import Loc

    env, wrong = _probes(clips, "(slot s)"), []
    for n, (op, x, y) in enumerate(CASES):
        env.build(f"(deffunction p{n} (?x) {_predicate(op, '?x', y)})")
        if env.eval(f"(p{n} {lit(x)})") != clips.Symbol("TRUE" if compare(op, x, y) else "FALSE"):
            wrong.append(("predicate", op, x, y))
        constraint = _simple(Test("s", op, y, Loc("")))
        if constraint is not None and _hits(env, n, constraint, f"(probe (s {lit(x)}))") != compare(op, x, y):
            wrong.append(("constraint", op, x, y))
    assert wrong == []


# -- no second ladder ----------------------------------------------------------------------------

# the operators whose meaning only the table gives ("eq" names a variable, "in" is the short list form,
# "known" is worded apart by the describer: those names appear in the model's own reasoning)
TABLE_ONLY = {"ne", "not_in", "lt", "le", "gt", "ge"}


def operator_ladders(path: Path, root: Path = PKG) -> list[str]:
    """Comparisons against an operator's name (``op == "lt"``, ``op in ("lt", "le")``) in one file."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            for side in [node.left, *node.comparators]:
                consts = side.elts if isinstance(side, (ast.Tuple, ast.List, ast.Set)) else [side]
                if any(isinstance(c, ast.Constant) and c.value in TABLE_ONLY for c in consts):
                    out.append(f"{path.relative_to(root)}:{node.lineno}")
    return out


def test_no_module_tells_operators_apart_but_the_table():
    found = [hit for p in sorted(PKG.rglob("*.py")) if p.name != "ops.py" for hit in operator_ladders(p)]
    assert found == []


def test_the_ladder_check_bites(tmp_path):
    bad = tmp_path / "ladder.py"
    bad.write_text('def f(t):\n    if t.op == "lt":\n        return 1\n    return t.op in ("ge", "x")\n')
    assert operator_ladders(bad, tmp_path) == ["ladder.py:2", "ladder.py:4"]


# -- indexes built once on the knowledge -------------------------------------------------------

def scanned(knowledge) -> tuple[dict, dict]:
    """(overridden_by, derivers) found by scanning every production, as the clients used to."""
    over, derive = {}, {}
    for p in knowledge.productions:
        for q in p.overrides:
            over.setdefault(q, []).append(p.id)
        for d in p.derive:
            if p not in derive.setdefault(d.template, []):
                derive[d.template].append(p)
    return ({q: tuple(ps) for q, ps in over.items()}, {t: tuple(ps) for t, ps in derive.items()})


def test_the_indexes_are_those_a_scan_gives():
    k = load(ROOT)
    over, derive = scanned(k)
    assert over and derive
    assert k.overridden_by == over
    assert k.overriders == frozenset(p.id for p in k.productions if p.overrides)
    assert k.derivers == derive
    assert all(k.production(p.id) is p for p in k.productions)
    with pytest.raises(KeyError):
        k.production("64Z9.no-such-production")
    tested = {t for p in k.productions for t in (pat.template for pat in p.when)}
    assert set(k.testers) == tested


def test_the_indexes_survive_pickling_and_follow_a_restriction():
    k = load(ROOT)
    k.overridden_by, k.derivers  # built before pickling, as the cache may find them
    again = pickle.loads(pickle.dumps(k))
    assert again.overridden_by == k.overridden_by and again.derivers == scanned(again)[1]
    assert again.production(k.productions[0].id) == k.productions[0]
    overriding = next(p for p in k.productions if p.overrides)
    part = k.only([p for p in k.productions if p.id != overriding.id])
    assert overriding.id not in part.overriders
    assert part.overridden_by == scanned(part)[0] != k.overridden_by
    with pytest.raises(KeyError):
        part.production(overriding.id)


def test_every_written_operator_is_documented():
    readme = (ROOT / "knowledge" / "README.md").read_text(encoding="utf-8")
    assert [w for w in WRITTEN if f"{w}:" not in readme] == []

