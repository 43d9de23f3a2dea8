"""A production from YAML: one raw production of a knowledge file, checked against the vocabulary.

Shape: ``KnowledgeLoader(vocab, index, collector).production(raw, law, file) -> Production``.
Every mistake goes to the collector as ``file:line:col: production ID: what``
with a suggestion; variables are checked where they are named and used
(``_Scope``), slot tests read through the operator table (ops.py), values
typed by the vocabulary's slots.
"""
from __future__ import annotations

import re
from typing import Any, NamedTuple

from .. import values as V
from . import choices, lasting
from .citations import LawsIndex
from ..errors import Collector, Loc, suggest
from ..model import Derive, Element, Expr, Pattern, Production, Test, Var
from ..ops import ARITHMETIC, WRITTEN
from .slots import Slot, Vocabulary
from .yamlsafe import LocDict, LocList, located

_VAR = re.compile(r"^\$([a-z][a-z0-9_]*)(?:\.([a-z_]+))?$")
_ROLE = re.compile(r"^\$[a-z][a-z0-9_]*\.role$")
# a seat's role in the deal -> the seats, relative to it, the declarer is then in (None: the seat itself)
ROLES = {"declarer": (None,), "dummy": ("partner",), "defender": ("lho", "rho")}
ROLE_TESTS = {"is": (True, True), "in": (True, False), "not": (False, True), "not_in": (False, False)}  # (keep, one role)


def is_expr(raw: Any) -> bool:
    """Whether ``raw`` is written as arithmetic: ``{plus: [...]}`` or ``{minus: [...]}``."""
    return isinstance(raw, dict) and len(raw) == 1 and next(iter(raw)) in ARITHMETIC


def parse_var(value: Any) -> Var | None:
    if isinstance(value, str):
        m = _VAR.match(value.strip())
        if m:
            return Var(m.group(1), m.group(2))
    return None


def id_slot(template: str) -> Slot:
    """The implicit ``id`` slot every template has: the name of one fact."""
    return Slot(name="id", type="ref", owner=template, loc=Loc(""), template=template)


ORDER = {"after": "gt", "before": "lt"}  # a fact's place in the order of events, against another's


def order_var(name: str) -> str:
    """The hidden variable holding the ``seq`` of the fact named ``$name`` (``after: $name``)."""
    return f"{name}__seq"


def order_names(when: tuple, loc: Loc, crumb: str, c: Collector) -> tuple:
    """The conditions, with the ``seq`` of each fact that a ``before``/``after`` names bound on that fact's
    pattern; an order that contradicts itself (a after b and b after a) is an error at the condition."""
    wanted = {t.value.name for p in when for t in p.tests
              if t.slot == "seq" and isinstance(t.value, Var) and t.value.name.endswith("__seq")}
    out = []
    for p in when:
        add = tuple(Test("seq", "eq", Var(order_var(t.value.name)), t.loc) for t in p.tests
                    if t.slot == "id" and t.names and not p.negated and order_var(t.value.name) in wanted)
        out.append(Pattern(p.template, add + p.tests, p.negated, p.loc) if add else p)
    later: dict = {}  # fact -> the facts it comes after (positive patterns naming their id)
    for p in out:
        me = next((t.value.name for t in p.tests if t.slot == "id" and t.names), None)
        for t in p.tests:
            if me and t.slot == "seq" and t.op in ORDER.values() and isinstance(t.value, Var) and t.value.name.endswith("__seq"):
                other = t.value.name[:-len("__seq")]
                a, b = (me, other) if t.op == ORDER["after"] else (other, me)
                later.setdefault(a, set()).add(b)
                if _reaches(later, b, a):
                    c.add(t.loc, f"the order of events contradicts itself: ${a} comes after ${b} and ${b} after ${a}",
                          crumb, "a production can never fire on events in a circle; fix one before/after")
    return tuple(out)


def _reaches(later: dict, start: str, goal: str) -> bool:
    seen, todo = set(), [start]
    while todo:
        x = todo.pop()
        if x == goal:
            return True
        if x not in seen:
            seen.add(x)
            todo.extend(later.get(x, ()))
    return False


class _At(NamedTuple):
    """Where a slot test is read: its template and slot, the production, its variables, inside 'not' or not."""

    template: str
    slot_name: str
    slot: Slot
    crumb: str
    scope: "_Scope"
    negated: bool


class _Scope:
    """Variables bound so far in one production: name -> (Slot, Loc of binding)."""

    def __init__(self) -> None:
        self.vars: dict[str, tuple[Slot, Loc]] = {}

    def type_of(self, var: Var) -> str | None:
        if var.name not in self.vars:
            return None
        base = self.vars[var.name][0]
        if var.accessor is None:
            return base.type
        return V.ACCESSORS[var.accessor][1]


class KnowledgeLoader:
    """Turns raw YAML of knowledge files into Productions, collecting Problems."""

    def __init__(self, vocab: Vocabulary, index: LawsIndex | None, c: Collector):
        self.vocab, self.index, self.c = vocab, index, c

    # -- values ---------------------------------------------------------------
    def _slot_of(self, template: str, slot: str, loc: Loc, crumb: str) -> Slot | None:
        t = self.vocab.templates[template]
        if slot == "id":
            return id_slot(template)
        if slot not in t.slots:
            self.c.add(loc, f"unknown slot '{slot}' in {template}", crumb,
                       suggest(slot, list(t.slots) + ["id"], template))
            return None
        return t.slots[slot]

    def _check_var(self, var: Var, slot: Slot, scope: _Scope, loc: Loc, crumb: str, binding: bool) -> bool:
        """Check a variable's use against the slot it meets; bind it if new and allowed.

        A variable named at a slot that is itself wrong is 'poisoned': its later uses are not
        reported again, so one misspelling gives one message."""
        if var.name in scope.vars and scope.vars[var.name][0] is None:
            return False
        if var.accessor and var.accessor not in V.ACCESSORS:
            self.c.add(loc, f"unknown accessor '.{var.accessor}' on ${var.name}", crumb,
                       suggest(var.accessor, V.ACCESSORS, "accessors"))
            return False
        if var.name not in scope.vars:
            if binding and var.accessor is None:
                scope.vars[var.name] = (slot, loc)
                return True
            self.c.add(loc, f"variable ${var.name} is not named in any condition", crumb,
                       f"name it in a positive condition first (slot: ${var.name});"
                       f" named so far: {', '.join('$' + v for v in scope.vars) or 'none'}")
            return False
        base = scope.vars[var.name][0]
        if var.accessor:
            types, _, _ = V.ACCESSORS[var.accessor]
            if base.type not in types:
                self.c.add(loc, f"${var.name} is a {base.type}; '.{var.accessor}' applies to {', '.join(types)}", crumb)
                return False
        have = scope.type_of(var)
        want = slot.type
        if have != want:
            self.c.add(loc, f"${var.name} holds a value of type {have} ({base.owner}.{base.name}) but"
                       f" {slot.owner}.{slot.name} is of type {want}", crumb)
            return False
        if var.accessor is None and want == "enum" and not (set(base.values) <= set(slot.values)
                                                            or set(slot.values) <= set(base.values)):
            self.c.add(loc, f"${var.name} holds a value of {base.owner}.{base.name}, whose values"
                       f" ({', '.join(base.values)}) do not fit {slot.owner}.{slot.name} ({', '.join(slot.values)})", crumb)
            return False
        if var.accessor is None and want == "ref" and base.template != slot.template:
            self.c.add(loc, f"${var.name} names a {base.template} fact but {slot.owner}.{slot.name} refers to"
                       f" {slot.template}", crumb)
            return False
        return True

    def _literal(self, slot: Slot, value: Any, loc: Loc, crumb: str) -> tuple[bool, Any]:
        try:
            v = slot.coerce(value)
        except ValueError as e:
            allowed = slot.allowed() if slot.type != "int" else []
            hint = suggest(str(value), allowed, f"{slot.owner}.{slot.name}") if allowed else ""
            self.c.add(loc, f"{slot.owner}.{slot.name}: {e}", crumb, hint)
            return False, None
        if v is None:
            self.c.add(loc, f"{slot.owner}.{slot.name}: a value is needed here", crumb,
                       "to ask whether a value is known, write `{known: true}` or `{known: false}`")
            return False, None
        return True, v

    def _expr(self, slot: Slot, raw: LocDict, crumb: str, scope: _Scope) -> tuple[bool, Any]:
        """Arithmetic giving a value of int ``slot``: operands are whole numbers, int variables named
        earlier, or arithmetic again."""
        (op, items), = raw.items()
        loc = raw.loc_of(op)
        if slot.type != "int":
            self.c.add(raw.key_loc(op), f"'{op}' gives a whole number, but {slot.owner}.{slot.name} is a {slot.type}",
                       crumb)
            return False, None
        if not isinstance(items, LocList) or len(items) < 2:
            self.c.add(loc, f"{op}: takes a list of two or more whole numbers or variables", crumb,
                       f"e.g. {op}: [$remaining, $claimed]")
            return False, None
        ok, operands = True, []
        for i, x in enumerate(items):
            xloc = items.loc_of(i)
            if is_expr(x):
                good, v = self._expr(slot, x, crumb, scope)
            elif parse_var(x) is not None:
                good, v = self._check_var(parse_var(x), slot, scope, xloc, crumb, binding=False), parse_var(x)
            elif isinstance(x, int) and not isinstance(x, bool):
                good, v = True, x
            else:
                self.c.add(xloc, f"{op}: {x!r} is not a whole number, a variable or arithmetic", crumb)
                good, v = False, None
            ok = ok and good
            operands.append(v)
        return ok, Expr(op, tuple(operands))

    def _value(self, slot: Slot, raw: Any, loc: Loc, crumb: str, scope: _Scope, binding: bool) -> tuple[bool, Any]:
        if is_expr(raw):
            return self._expr(slot, raw, crumb, scope)
        var = parse_var(raw)
        if var is not None:
            return self._check_var(var, slot, scope, loc, crumb, binding), var
        if isinstance(raw, str) and raw.startswith("$"):
            self.c.add(loc, f"'{raw}' is not a variable name", crumb, "write $name with lower-case letters, digits, _")
            return False, None
        return self._literal(slot, raw, loc, crumb)

    def _list(self, slot: Slot, items: LocList, crumb: str, scope: _Scope) -> tuple:
        """Values of a one-of list: literals, or variables bound earlier."""
        vals = []
        for i, x in enumerate(items):
            if is_expr(x):
                self.c.add(items.loc_of(i), "a list of values cannot hold arithmetic", crumb,
                           "compare with the computed value instead, e.g. at_most: {minus: [$a, $b]}")
                continue
            ok, v = self._value(slot, x, items.loc_of(i), crumb, scope, binding=False)
            if ok:
                vals.append(v)
        return tuple(vals)

    def _prebind(self, items: LocList, scope: _Scope, crumb: str) -> None:
        """Name every `slot: $var` of the positive conditions first, so a condition may use a
        variable that a later condition names (the order of conditions does not matter)."""
        for item in items:
            if not isinstance(item, LocDict) or len(item) != 1:
                continue
            (tname, body), = item.items()
            if tname == "not" or tname not in self.vocab.templates or not isinstance(body, LocDict):
                continue
            for slot_name, test in body.items():
                if slot_name in ORDER and slot_name not in self.vocab.templates[tname].slots:
                    continue  # after: $e uses a fact's name, never names one
                var = parse_var(test) if not isinstance(test, (LocDict, LocList)) else None
                if var and var.accessor is None and var.name not in scope.vars:
                    t = self.vocab.templates[tname]
                    slot = id_slot(tname) if slot_name == "id" else t.slots.get(slot_name)
                    scope.vars[var.name] = (slot, body.loc_of(slot_name))  # None: poisoned

    # -- patterns ---------------------------------------------------------------
    def _tests(self, template: str, raw: Any, loc: Loc, crumb: str, scope: _Scope, negated: bool) -> tuple:
        if raw is None:
            return ()
        if not isinstance(raw, LocDict):
            self.c.add(loc, f"{template}: expected slot tests (slot: value), found {raw!r}", crumb)
            return ()
        tests = []
        for slot_name, test in raw.items():
            if slot_name in ORDER and slot_name not in self.vocab.templates[template].slots:
                t = self._order(template, slot_name, test, raw.loc_of(slot_name), crumb, scope, negated)
                if t is not None:
                    tests.append(t)
                continue
            slot = self._slot_of(template, slot_name, raw.key_loc(slot_name), crumb)
            if slot is None:
                continue
            at = _At(template, slot_name, slot, crumb, scope, negated)
            if isinstance(test, LocDict) and not is_expr(test):  # {operator: operand, ...}
                for written, operand in test.items():
                    if written not in WRITTEN:
                        self.c.add(test.key_loc(written), f"unknown test '{written}' on {template}.{slot_name}",
                                   crumb, suggest(written, WRITTEN, "tests"))
                        continue
                    op = WRITTEN[written]
                    if self._fits_several(op, written, test.key_loc(written), at):
                        tests.append(self._OPERAND[op.operand](self, op, written, operand, test.loc_of(written), at))
                continue
            # written short: a list is one of its values, anything else (a value, a variable, arithmetic) equal
            sloc = raw.loc_of(slot_name)
            one_of = isinstance(test, LocList)
            op = WRITTEN["in" if one_of else "is"]
            if not self._fits_several(op, "a plain list (one of)" if one_of else "a plain value (is)", sloc, at):
                continue
            tests.append(self._OPERAND[op.operand](self, op, op.written, test, sloc, at))
            if one_of and negated and any(isinstance(v, Var) for v in tests[-1].value):
                self.c.add(sloc, "inside 'not', a list of values cannot hold variables", crumb)
        return tuple(t for t in tests if t is not None)

    def _order(self, template: str, word: str, raw: Any, loc: Loc, crumb: str, scope: _Scope,
               negated: bool = False) -> Test | None:
        """``after: $e`` / ``before: $e``: this fact's place in the order of events (its ``seq``) compared with
        that of the fact named ``$e`` (``id: $e`` of the same template), whose ``seq`` the production then
        names under a hidden variable (``order_names``).  A test on ``seq`` like any other, for every back end."""
        t = self.vocab.templates[template]
        if "seq" not in t.slots or t.slots["seq"].type != "int":
            self.c.add(loc, f"'{word}' orders events: {template} has no 'seq' (its place in the order of events)", crumb,
                       "before/after compare two facts of a template with a seq slot, e.g. event")
            return None
        if negated:
            self.c.add(loc, f"inside 'not', '{word}' cannot be used", crumb,
                       "name the event in a positive condition, or test the other event's absence the other way round")
            return None
        var = parse_var(raw)
        if var is None or var.accessor:
            self.c.add(loc, f"{word}: takes a variable naming another {template} (id: $name)", crumb,
                       f"e.g. - {template}: {{id: $first, ...}} then - {template}: {{{word}: $first, ...}}")
            return None
        bound = scope.vars.get(var.name)
        if bound is None or bound[0] is None or bound[0].name != "id" or bound[0].template != template:
            self.c.add(loc, f"{word}: ${var.name} must name another {template} fact (id: ${var.name} in a positive condition)", crumb)
            return None
        return Test("seq", ORDER[word], Var(order_var(var.name)), loc)

    # the operand of each operator (ops.Op.operand), checked and made canonical: a Test, or None after an error
    def _known_operand(self, op, written: str, operand: Any, loc: Loc, at: "_At") -> Test | None:
        if not isinstance(operand, bool):
            self.c.add(loc, f"{written}: takes true or false", at.crumb)
            return None
        return Test(at.slot_name, op.name, operand, loc)

    def _list_operand(self, op, written: str, operand: Any, loc: Loc, at: "_At") -> Test | None:
        if not isinstance(operand, LocList):
            self.c.add(loc, f"{written}: takes a list of values", at.crumb)
            return None
        return Test(at.slot_name, op.name, self._list(at.slot, operand, at.crumb, at.scope), loc)

    def _value_operand(self, op, written: str, operand: Any, loc: Loc, at: "_At") -> Test | None:
        equal = op.name == "eq"
        if at.negated and is_expr(operand):
            self.c.add(loc, "inside 'not', arithmetic cannot be used", at.crumb,
                       "move the comparison into a positive pattern")
            return None
        if at.negated and not equal and parse_var(operand):
            self.c.add(loc, "inside 'not', a variable can only be matched as equal (slot: $name)",
                       at.crumb, "move the comparison into a positive pattern or a derived fact")
            return None
        var = parse_var(operand) if at.negated else None
        if var is not None and var.accessor:  # experta cannot join through a function inside NOT: it never matched
            self.c.add(loc, f"inside 'not', ${var.name}.{var.accessor} cannot be matched: only a variable as it is named",
                       at.crumb, f"name the value in a positive condition first ({at.slot_name}: {{is: $x, in: "
                       f"[${var.name}.{var.accessor}]}} on a fact that holds it), then not: {{{at.template}: "
                       f"{{{at.slot_name}: $x}}}}")
            return None
        if op.numeric and at.slot.type != "int":
            self.c.add(loc, f"'{written}' compares numbers, but {at.template}.{at.slot_name} is a {at.slot.type}",
                       at.crumb)
            return None
        ok, v = self._value(at.slot, operand, loc, at.crumb, at.scope, binding=equal and not at.negated)
        return Test(at.slot_name, op.name, v, loc) if ok else None

    def _fits_several(self, op, written: str, loc: Loc, at: "_At") -> bool:
        """Whether test ``op`` fits the slot: a `several` slot (its value a list) is tested with
        contains / not_contains or known, any other slot with the rest."""
        if at.slot.several and not op.several and op.name != "known":
            self.c.add(loc, f"{at.template}.{at.slot_name} takes several values (a list): {written} cannot test it",
                       at.crumb, f"write {at.slot_name}: {{contains: value}} (or a list: one of them),"
                       f" {{not_contains: ...}} or {{known: true}}")
            return False
        if op.several and not at.slot.several:
            self.c.add(loc, f"'{written}' tests a slot that takes several values; {at.template}.{at.slot_name}"
                       " takes one", at.crumb, f"write {at.slot_name}: value, or in: [values]")
            return False
        return True

    def _values_operand(self, op, written: str, operand: Any, loc: Loc, at: "_At") -> Test | None:
        """contains / not_contains: one value of the slot's domain, or a list of them (literals only)."""
        items = list(operand) if isinstance(operand, LocList) else [operand]
        vals = []
        for i, x in enumerate(items):
            xloc = operand.loc_of(i) if isinstance(operand, LocList) else loc
            if is_expr(x) or (isinstance(x, str) and x.startswith("$")) or isinstance(x, (LocDict, LocList)):
                self.c.add(xloc, f"{written}: takes values of {at.template}.{at.slot_name}, not variables"
                           " or arithmetic", at.crumb)
                return None
            try:
                vals.append(at.slot._one(x))
            except ValueError as e:
                self.c.add(xloc, f"{at.template}.{at.slot_name}: {e}", at.crumb,
                           suggest(str(x), at.slot.allowed(), f"{at.template}.{at.slot_name}"))
                return None
        if not vals:
            self.c.add(loc, f"{written}: takes a value or a list of values", at.crumb)
            return None
        return Test(at.slot_name, op.name, tuple(dict.fromkeys(vals)), loc)

    _OPERAND = {"bool": _known_operand, "list": _list_operand, "value": _value_operand, "values": _values_operand}

    def _pattern(self, item: LocDict, loc: Loc, crumb: str, scope: _Scope) -> Pattern | None:
        (key, body), = item.items()
        negated = key == "not"
        kloc = item.key_loc(key)
        if negated:
            if not isinstance(body, LocDict) or len(body) != 1:
                self.c.add(item.loc_of(key), "'not' takes exactly one template with its slot tests", crumb,
                           "e.g. not: {revoke_corrected: {revoke: $r}}")
                return None
            (key, inner), = body.items()
            kloc, vloc, body = body.key_loc(key), body.loc_of(key), inner
        else:
            vloc = item.loc_of(key)
        if _ROLE.match(str(key)):
            return self._role(key, body, kloc, vloc, crumb, scope, negated)
        if key not in self.vocab.templates:
            self.c.add(kloc, f"unknown template '{key}'", crumb, suggest(key, self.vocab.templates, "the vocabulary"))
            return None
        return Pattern(key, self._tests(key, body, vloc, crumb, scope, negated), negated, kloc)

    def _role(self, key: str, body: Any, kloc: Loc, vloc: Loc, crumb: str, scope: _Scope, negated: bool) -> Pattern | None:
        """``$p.role: defender`` (or a list of roles, ``{in: [...]}``, ``{not: ...}``, ``{not_in: [...]}``): the
        role of the seat ``$p`` in the deal, read as a test on the deal context's declarer (ROLES), so every
        back end runs it as an ordinary condition; an unknown declarer is the open question."""
        name = key[1:].split(".")[0]
        deal = next((t for t in self.vocab.templates.values() if t.context and "declarer" in t.slots), None)
        if deal is None or deal.slots["declarer"].type != "seat":
            self.c.add(kloc, f"{key}: roles need the deal context's declarer (a seat slot 'declarer' of the context template)",
                       crumb)
            return None
        if negated:
            self.c.add(kloc, f"{key}: a role cannot be tested inside 'not'", crumb,
                       "write the roles it may have: {not: defender} or [declarer, dummy]")
            return None
        var = Var(name)
        if name not in scope.vars:
            self.c.add(kloc, f"variable ${name} is not named in any condition", crumb,
                       f"name it in a positive condition first (slot: ${name})")
            return None
        slot = scope.vars[name][0]
        if slot is None:
            return None
        if slot.type != "seat":
            self.c.add(kloc, f"${name} is a {slot.type}; '.role' applies to a seat", crumb)
            return None
        if isinstance(body, LocDict) and len(body) == 1 and next(iter(body)) in ROLE_TESTS:
            (written, roles), = body.items()
        else:
            written, roles = ("in" if isinstance(body, LocList) else "is"), body
        keep, single = ROLE_TESTS[written]
        roles = list(roles) if isinstance(roles, LocList) else [roles]
        bad = [r for r in roles if r not in ROLES]
        if bad or not roles or (single and len(roles) != 1):
            self.c.add(vloc, f"{key}: {bad[0] if bad else body!r} is not a role", crumb,
                       suggest(str(bad[0]), ROLES, "roles") if bad else
                       "write a role (declarer, dummy, defender), a list of them, {not: role} or {not_in: [...]}")
            return None
        if not keep:
            roles = [r for r in ROLES if r not in roles]
        seats = tuple(Var(name, accessor) for r in roles for accessor in ROLES[r])
        test = Test("declarer", "in", seats, vloc) if len(seats) > 1 else Test("declarer", "eq", seats[0], vloc)
        if test.names:  # `declarer: $p` compares with $p, never names it again
            test = Test("declarer", "in", seats, vloc)
        return Pattern(next(n for n, t in self.vocab.templates.items() if t is deal), (test,), False, kloc)

    # -- right-hand side ---------------------------------------------------------
    def _assign(self, slots: dict, raw: Any, loc: Loc, crumb: str, scope: _Scope, what: str) -> tuple:
        if raw is None:
            raw = LocDict()
            raw.loc, raw.key_locs, raw.value_locs = loc, {}, {}
        if not isinstance(raw, LocDict):
            self.c.add(loc, f"{what}: expected name: value pairs", crumb)
            return ()
        out = []
        for name, value in raw.items():
            if (name == "text" and what.startswith("element")) or (what == "element option" and name in choices.KEYS):
                continue
            if name not in slots:
                self.c.add(raw.key_loc(name), f"unknown {'argument' if what.startswith('element') else 'slot'}"
                           f" '{name}' in {what}", crumb, suggest(name, slots, what))
                continue
            ok, v = self._value(slots[name], value, raw.loc_of(name), crumb, scope, binding=False)
            if ok:
                out.append((name, v))
        given = {n for n, _ in out} | set(raw)
        for name, slot in slots.items():
            if slot.required and name not in given:
                self.c.add(loc, f"{what}: '{name}' is required", crumb)
        return tuple(out)

    def _element(self, item: LocDict, crumb: str, scope: _Scope) -> Element | None:
        (kind, body), = item.items()
        if kind not in self.vocab.elements:
            self.c.add(item.key_loc(kind), f"unknown ruling element '{kind}'", crumb,
                       suggest(kind, self.vocab.elements, "the vocabulary's elements"))
            return None
        ek = self.vocab.elements[kind]
        args = self._assign(ek.args, body, item.loc_of(kind), crumb, scope, f"element {kind}")
        text = body.get("text") if isinstance(body, dict) else None
        if text is not None and not (isinstance(text, dict) and set(text) == {"ru", "en"}
                                     and all(isinstance(x, str) and x for x in text.values())):
            self.c.add(body.loc_of("text"), f"element {kind}: text must give ru and en", crumb)
            text = None
        option, offered = (choices.read_choices(self, body, item.loc_of(kind), crumb, scope) if kind == "option"
                           else (None, ()))
        return Element(kind, args, text, item.key_loc(kind), option, offered)

    def _derive(self, item: LocDict, crumb: str, scope: _Scope) -> Derive | None:
        (tname, body), = item.items()
        if tname not in self.vocab.templates:
            self.c.add(item.key_loc(tname), f"unknown template '{tname}'", crumb,
                       suggest(tname, self.vocab.templates, "the vocabulary"))
            return None
        t = self.vocab.templates[tname]
        slots = self._assign(t.slots, body, item.loc_of(tname), crumb, scope, f"derived {tname}")
        return Derive(tname, slots, item.key_loc(tname))

    def _dated(self, raw: LocDict, crumb: str) -> LocDict:
        """An amended text's days as conditions on the day ruled for (the ``regulations`` fact's ``day``, YYYYMMDD):
        ``in_force: D`` holds from D, ``until: D`` before D; so every back end runs them as ordinary tests."""
        from .regulations import valid_date
        days = [(k, raw[k]) for k in ("in_force", "until") if k in raw]
        if not days:
            return raw
        extra = []
        for key, day in days:
            if not valid_date(day):
                self.c.add(raw.loc_of(key), f"{key}: expected a date YYYY-MM-DD, such as 2017-06-20", crumb)
                continue
            if "regulations" not in self.vocab.templates:
                self.c.add(raw.loc_of(key), f"{key}: the vocabulary has no 'regulations' template to date it by", crumb)
                continue
            test = located({"at_least" if key == "in_force" else "less": int(str(day).replace("-", ""))},
                           raw.loc_of(key))
            extra.append(located({"regulations": located({"day": test}, raw.loc_of(key))}, raw.loc_of(key)))
        if "in_force" in raw and "until" in raw and str(raw["until"]) <= str(raw["in_force"]):
            self.c.add(raw.loc_of("until"), "until: the day a text was replaced comes after the day it came into force",
                       crumb)
        when = LocList([*raw["when"], *extra])
        when.loc, when.item_locs = raw["when"].loc, [*raw["when"].item_locs, *(raw.loc_of(k) for k, _ in days)][:len(when)]
        out = LocDict(raw)
        out.loc, out.key_locs, out.value_locs = raw.loc, raw.key_locs, {**raw.value_locs, "when": raw.loc_of("when")}
        out["when"] = when
        return out

    # -- productions -------------------------------------------------------------
    def production(self, raw: LocDict, law: int, file: str) -> Production | None:
        pid = raw["id"]
        crumb = f"production {pid}"
        cite = raw["cite"]
        problem = self.index.check(cite) if self.index else None
        if problem:
            self.c.add(raw.loc_of("cite"), problem, crumb)
        if not cite.startswith(str(law)) or (len(cite) > len(str(law)) and cite[len(str(law))].isdigit()):
            self.c.add(raw.loc_of("cite"), f"cite {cite} is not a subsection of Law {law}, which this file encodes",
                       crumb, "a production lives in the file of the law it cites (knowledge/law-NN.yaml)")
        if not pid.startswith(cite.replace(" ", "").split("(")[0]):
            self.c.add(raw.loc_of("id"), f"id should begin with its citation without brackets ({cite})", crumb,
                       f"e.g. {re.sub(r'[()]', '', cite)}.short-english-slug")
        for see in raw.get("see") or []:
            if self.index and self.index.check(str(see)):
                self.c.add(raw.loc_of("see"), f"see: {self.index.check(str(see))}", crumb)
        raw = self._dated(raw, crumb)
        scope = _Scope()
        self._prebind(raw["when"], scope, crumb)
        when = []
        # positive patterns bind before negated ones use their variables
        items = list(enumerate(raw["when"]))
        for i, item in sorted(items, key=lambda x: "not" in x[1]):
            p = self._pattern(item, raw["when"].loc_of(i), crumb, scope)
            if p:
                when.append((i, p))
        when = tuple(p for _, p in sorted(when, key=lambda x: x[0]))
        when = order_names(when, raw.loc_of("when"), crumb, self.c)
        if when and when[0].negated:
            self.c.add(when[0].loc, "the first condition must be a positive pattern (the fact the production is about)",
                       crumb)
        then = tuple(e for i, item in enumerate(raw.get("then") or []) for e in [self._element(item, crumb, scope)] if e)
        derive = tuple(d for item in raw.get("derive") or [] for d in [self._derive(item, crumb, scope)] if d)
        derive += lasting.derives(then, self.vocab)
        if not raw.get("then") and not raw.get("derive"):
            self.c.add(raw.loc, "the production gives nothing: add 'then' (ruling elements) or 'derive' (facts)", crumb)
        return Production(id=pid, cite=cite, law=law, summary=raw["summary"], when=when, then=then, derive=derive,
                          overrides=tuple(map(str, raw.get("overrides") or ())), loc=raw.loc, file=file,
                          note=raw.get("note"), chain_ends=raw.get("chain_ends"), names_value=raw.get("names_value"), see=tuple(map(str, raw.get("see") or ())),
                          overrides_loc=raw.loc_of("overrides") if "overrides" in raw else None,
                          in_force=raw.get("in_force"), until=raw.get("until"), amendment=raw.get("amendment"))
