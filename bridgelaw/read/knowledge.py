"""Load and validate the knowledge: knowledge/law-NN.yaml against the vocabulary.

Shape: ``load_knowledge(root) -> Knowledge`` where ``root`` holds knowledge/
and facts/vocabulary/.  Every mistake is collected and raised together as
BridgelawError, each ``file:line:col: production ID: what`` with a suggestion.
After validation, productions are put in canonical order (by citation, then
id: independent of file names and positions) and given a salience by
stratification (see ``stratify``).
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from .. import values as V
from . import choices, lasting
from .citations import LawsIndex, covers, load_index, sort_key
from ..errors import BridgelawError, Collector, Loc, suggest
from ..model import Derive, Element, Expr, Knowledge, LawFile, LeftOut, Pattern, Production, Test, Var
from .schemas import validate
from .vocabulary import Slot, Vocabulary, load_vocabulary, vocabulary_path
from .yamlsafe import LocDict, LocList, load

_VAR = re.compile(r"^\$([a-z][a-z0-9_]*)(?:\.([a-z_]+))?$")
_OPS = {"is": "eq", "not": "ne", "in": "in", "not_in": "not_in", "less": "lt", "at_most": "le",
        "greater": "gt", "at_least": "ge", "known": "known"}
LAW_FILE = re.compile(r"^law-(\d{1,2})\.ya?ml$")
ARITHMETIC = ("plus", "minus")


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
            sloc = raw.loc_of(slot_name)
            slot = self._slot_of(template, slot_name, raw.key_loc(slot_name), crumb)
            if slot is None:
                continue
            if is_expr(test):  # equal to a computed value
                if negated:
                    self.c.add(sloc, "inside 'not', arithmetic cannot be used", crumb,
                               "move the comparison into a positive pattern")
                    continue
                ok, v = self._expr(slot, test, crumb, scope)
                if ok:
                    tests.append(Test(slot_name, "eq", v, sloc))
            elif isinstance(test, LocList):  # one of
                vals = self._list(slot, test, crumb, scope)
                if negated and any(isinstance(v, Var) for v in vals):
                    self.c.add(sloc, "inside 'not', a list of values cannot hold variables", crumb)
                tests.append(Test(slot_name, "in", vals, sloc))
            elif isinstance(test, LocDict):
                for opname, operand in test.items():
                    oloc = test.loc_of(opname)
                    if opname not in _OPS:
                        self.c.add(test.key_loc(opname), f"unknown test '{opname}' on {template}.{slot_name}", crumb,
                                   suggest(opname, _OPS, "tests"))
                        continue
                    op = _OPS[opname]
                    if op == "known":
                        if not isinstance(operand, bool):
                            self.c.add(oloc, "known: takes true or false", crumb)
                            continue
                        tests.append(Test(slot_name, op, operand, oloc))
                    elif op in ("in", "not_in"):
                        items = operand if isinstance(operand, LocList) else None
                        if items is None:
                            self.c.add(oloc, f"{opname}: takes a list of values", crumb)
                            continue
                        tests.append(Test(slot_name, op, self._list(slot, items, crumb, scope), oloc))
                    else:
                        if negated and is_expr(operand):
                            self.c.add(oloc, "inside 'not', arithmetic cannot be used", crumb,
                                       "move the comparison into a positive pattern")
                            continue
                        if negated and op != "eq" and parse_var(operand):
                            self.c.add(oloc, f"inside 'not', a variable can only be matched as equal (slot: $name)",
                                       crumb, "move the comparison into a positive pattern or a derived fact")
                            continue
                        if op in ("lt", "le", "gt", "ge") and slot.type != "int":
                            self.c.add(oloc, f"'{opname}' compares numbers, but {template}.{slot_name} is a {slot.type}",
                                       crumb)
                            continue
                        ok, v = self._value(slot, operand, oloc, crumb, scope, binding=(op == "eq" and not negated))
                        if ok:
                            tests.append(Test(slot_name, op, v, oloc))
            else:
                ok, v = self._value(slot, test, sloc, crumb, scope, binding=not negated)
                if ok:
                    tests.append(Test(slot_name, "eq", v, sloc))
        return tuple(tests)

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
        if key not in self.vocab.templates:
            self.c.add(kloc, f"unknown template '{key}'", crumb, suggest(key, self.vocab.templates, "the vocabulary"))
            return None
        return Pattern(key, self._tests(key, body, vloc, crumb, scope, negated), negated, kloc)

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
                          note=raw.get("note"), see=tuple(map(str, raw.get("see") or ())), overrides_loc=raw.loc_of("overrides") if "overrides" in raw else None)


def _resolve_overrides(prods: list[Production], c: Collector) -> list[Production]:
    """Replace each 'overrides' entry (an id or a citation prefix) by the production ids it names."""
    out = []
    ids = {p.id for p in prods}
    for p in prods:
        targets = []
        for ref in p.overrides:
            hit = [ref] if ref in ids else [q.id for q in prods if q.id != p.id and covers(ref, q.cite)]
            if not hit:
                c.add(p.overrides_loc or p.loc, f"overrides '{ref}', which names no production", f"production {p.id}",
                      suggest(ref, sorted(ids)))
            for q_id in hit:
                q = next(x for x in prods if x.id == q_id)
                if q.when and p.when and q.when[0].template != p.when[0].template:
                    c.add(p.overrides_loc or p.loc, f"overrides {q_id}, but the two are about different facts"
                          f" ({p.when[0].template} vs {q.when[0].template})", f"production {p.id}",
                          "an override applies to the fact both productions start from: begin both with the same template")
                targets.append(q_id)
        out.append(_replace(p, overrides=tuple(sorted(set(targets)))))
    return out


def _replace(p: Production, **kw) -> Production:
    from dataclasses import replace
    return replace(p, **kw)


def stratify(prods: list[Production], c: Collector) -> list[Production]:
    """Give each production a salience so that no production fires too early.

    A production that tests a template fires after every production deriving
    it; one that tests its absence (``not``) strictly after; one overridden
    strictly after its overrider.  Salience = -stratum.  A cycle through a
    ``not`` or an override is reported (the knowledge would contradict itself).
    """
    derives = {}
    for p in prods:
        for d in p.derive:
            derives.setdefault(d.template, []).append(p.id)
    by_id = {p.id: p for p in prods}
    edges = {p.id: [] for p in prods}  # p depends on q with strictness
    for p in prods:
        for pat in p.when:
            for q in derives.get(pat.template, []):
                if q != p.id or pat.negated:
                    edges[p.id].append((q, 1 if pat.negated else 0))
        for q in p.overrides:
            edges[q].append((p.id, 1))
    stratum = {pid: 0 for pid in by_id}
    n = len(prods)
    for _ in range(n + 1):
        changed = False
        for pid, deps in edges.items():
            for q, strict in deps:
                want = stratum[q] + strict
                if want > stratum[pid]:
                    stratum[pid] = want
                    changed = True
        if not changed:
            break
    else:
        bad = sorted(pid for pid, s in stratum.items() if s > n)
        for pid in bad[:5]:
            c.add(by_id[pid].loc, "this production depends on its own outcome through a 'not' or an override",
                  f"production {pid}", "break the cycle: a production cannot be blocked by what it derives")
        return prods
    return [_replace(p, salience=-stratum[p.id]) for p in prods]


def _left_out(data: LocDict, law: int, index: LawsIndex | None, c: Collector) -> dict:
    """The file's ``left_out`` (cite -> LeftOut), each cite checked: it exists and belongs to this law
    (the schema has checked that each reason is one of REASONS)."""
    raw = data.get("left_out") or {}
    out = {}
    for cite, why in raw.items():
        cite = str(cite)
        problem = index.check(cite) if index else None
        if problem:
            c.add(raw.key_loc(cite), f"left_out: {problem}", f"law {law}")
            continue
        if not covers(str(law), cite):
            c.add(raw.key_loc(cite), f"left_out: {cite} is not a part of Law {law}, which this file encodes",
                  f"law {law}", "list here only sections of this file's law")
            continue
        out[cite] = LeftOut(why["reason"], why.get("note"))
    return out


def _check_left_out(laws: dict, prods: list, raw: dict, c: Collector) -> None:
    """A section cannot be both left out and encoded: a production citing (part of) it is an error."""
    for law, lf in laws.items():
        for cite in lf.left_out:
            for p in prods:
                if p.law == law and (covers(cite, p.cite) or covers(p.cite, cite)):
                    c.add(raw[law].key_loc(cite), f"{cite} is listed as left out, but production {p.id}"
                          f" ({p.file}:{p.loc.line}) cites {p.cite}", f"law {law}",
                          "remove it from left_out, or list only the parts no production encodes")


def find_files(root: Path) -> tuple[Path, Path, Path, list[Path]]:
    """Vocabulary, laws index, knowledge dir and law files under a project root."""
    kdir = root / "knowledge"
    return vocabulary_path(root), kdir / "laws.yaml", kdir, sorted(
        (p for p in kdir.glob("law-*.y*ml") if LAW_FILE.match(p.name)), key=lambda p: int(LAW_FILE.match(p.name)[1]))


def load_knowledge(root: str | Path, files: list[Path] | None = None, vocabulary: Vocabulary | None = None,
                   relative_to: Path | None = None, collector: Collector | None = None) -> Knowledge:
    """Load, validate and order the knowledge under ``root``.

    ``files`` restricts the law files read (default: every knowledge/law-NN.yaml).
    Raises BridgelawError listing every problem found, each with file:line.
    With a ``collector`` the problems go there instead and the Knowledge holds
    only the productions without errors (``bridgelaw check`` lints the rest).
    """
    root = Path(root)
    vpath, ipath, kdir, law_files = find_files(root)
    if files is not None:
        law_files = files
    rel = relative_to or root

    def show(p: Path) -> str:
        try:
            return str(p.resolve().relative_to(rel.resolve()))
        except ValueError:
            return str(p)

    c = collector if collector is not None else Collector()
    vocab = vocabulary or load_vocabulary(vpath, show(vpath))
    index = load_index(ipath, show(ipath)) if ipath.exists() else None
    loader = KnowledgeLoader(vocab, index, c)
    prods: list[Production] = []
    laws: dict[int, LawFile] = {}
    raw_left_out: dict[int, LocDict] = {}
    seen_ids: dict[str, Loc] = {}
    for path in law_files:
        name = show(path)
        try:
            data = load(path, name)
        except BridgelawError as e:
            c.problems.extend(e.problems)
            continue
        if not isinstance(data, LocDict):
            c.add(Loc(name, 1, 1), "a knowledge file is a mapping: law, title, productions")
            continue
        problems = validate("knowledge", data, name)
        if problems:
            c.problems.extend(problems)
            continue
        law = data["law"]
        m = LAW_FILE.match(path.name)
        if m and int(m[1]) != law:
            c.add(data.loc_of("law"), f"this file is {path.name} but says law {law}",
                  hint=f"a file's name is its law: rename it law-{law}.yaml or fix 'law'")
        if law in laws:
            c.add(data.loc_of("law"), f"Law {law} is already encoded in {laws[law].file}")
        if "left_out" in data:
            raw_left_out[law] = data["left_out"]
        laws[law] = LawFile(law, data["title"], name, data.get("note"), _left_out(data, law, index, c))
        for raw in data["productions"]:
            pid = raw["id"]
            if pid in seen_ids:
                c.add(raw.loc_of("id"), f"duplicate production id '{pid}'", f"production {pid}",
                      f"first defined at {seen_ids[pid]}; ids are unique and never reused")
                continue
            seen_ids[pid] = raw.loc_of("id")
            before = len(c.errors)
            p = loader.production(raw, law, name)
            if p is not None and len(c.errors) == before:
                prods.append(p)
    _check_left_out(laws, prods, raw_left_out, c)
    prods = choices.expand(prods, vocab, c)
    if collector is None:
        c.raise_if_any()
    prods = _resolve_overrides(prods, c)
    prods.sort(key=lambda p: (sort_key(p.cite), p.id))
    prods = [_replace(p, order=i) for i, p in enumerate(prods)]
    prods = stratify(prods, c)
    if collector is None:
        c.raise_if_any()
    return Knowledge(vocabulary=vocab, productions=tuple(prods), laws=laws, index=index)


def find_root(path: Path | None, default: Path) -> Path:
    """The project folder (holding facts/vocabulary/ and knowledge/) that ``path`` lies in, else ``default``."""
    if path is None:
        return default
    path = Path(path).resolve()
    for p in [path] + list(path.parents):
        if vocabulary_path(p).exists() and (p / "knowledge").is_dir():
            return p
    return default
