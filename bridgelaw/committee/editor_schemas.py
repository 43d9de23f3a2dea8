"""Editor schemas: schemas/*.schema.json, generated from schemas.py and the vocabulary.

Shape: ``editor_schemas(vocabulary) -> {kind: schema dict}`` and
``write_schemas(root) -> [changed paths]`` / ``stale_schemas(root)``.

The shapes come from ``schemas.SCHEMAS`` (the one source of truth, also what
``bridgelaw check`` validates with); this module only *narrows* them with the
vocabulary's names, so that an editor running the YAML language server can
complete templates, slots, values and element kinds as a committee member
types, and show their ru/en labels and questions on hover.  The narrowing
never accepts less than the loaders do (tests/test_schemas.py checks that the
shipped files validate against it), and the files are never edited by hand:
run ``bridgelaw schemas`` after changing the vocabulary.  The same command
publishes the ruling's schema (explain/ruling_json.py) as schemas/ruling.schema.json.

The YAML language server supports JSON Schema draft 7, so the files declare it;
schemas.py uses no keyword that differs between draft 7 and 2020-12.
"""
from __future__ import annotations

import copy
import json
from pathlib import Path

from .. import values as V
from ..ops import WRITTEN
from ..read.files import write_atomic
from ..model import CHOICE
from ..read.productions import ORDER, ROLES, id_slot
from ..explain import ruling_json
from ..read.schemas import CITE, I18N, SCHEMAS
from ..read.slots import Slot, Vocabulary
from ..read.vocabulary import load_vocabulary, vocabulary_path

DRAFT = "http://json-schema.org/draft-07/schema#"
FILES = {kind: f"{kind}.schema.json" for kind in SCHEMAS}
# which files each schema is for (the editor settings and the modelines use these); "!" leaves a file out
GLOBS = {
    "vocabulary-index": ["facts/vocabulary/index.yaml"],
    "vocabulary": ["facts/vocabulary/*.yaml", "!facts/vocabulary/index.yaml", "facts/vocabulary.yaml"],
    "knowledge": ["knowledge/law-*.yaml"],
    "incident": ["facts/incidents/*.yaml"],
    "cases": ["tests/cases/*.yaml"],
    "regulations": ["regulations/*.yaml"],
}
VAR_PATTERN = r"^\$[a-z][a-z0-9_]*(\.(" + "|".join(V.ACCESSORS) + r"))?$"
VAR = {"type": "string", "pattern": VAR_PATTERN,
       "description": "a variable: $name, or $name." + " / .".join(V.ACCESSORS) + " on a seat or side"}
_FIXED = {"seat": V.SEATS, "side": V.SIDES, "suit": V.SUITS, "strain": V.STRAINS}
_OPERAND = {"anyOf": [{"type": "integer"}, {"$ref": "#/definitions/var"}, {"$ref": "#/definitions/arith"}]}
ARITH = {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
         "description": "arithmetic on whole numbers: {plus: [a, b, ...]} or {minus: [a, b, ...]} (a - b - ...)",
         "properties": {op: {"type": "array", "minItems": 2, "items": _OPERAND} for op in ("plus", "minus")}}


def _both(label: dict | None) -> str:
    return f"{label['en']} — {label['ru']}" if label else ""


def _describe(slot: Slot) -> str:
    parts = [_both(slot.label) or slot.name]
    if slot.question:
        parts.append(_both(slot.question))
    if slot.judgment:
        parts.append("(the director's judgment" + (f", Law {slot.law})" if slot.law else ")"))
    return "\n".join(parts)


def literal(slot: Slot) -> dict:
    """What an author may write for ``slot`` as a plain value (as loose as Slot.coerce): for a
    `several` slot, one value or a list of them."""
    if slot.several:
        one = _one_literal(slot)
        return {"anyOf": [one, {"type": "array", "items": one, "uniqueItems": True}],
                "description": "several values at once: a list (one value alone may be written)"}
    return _one_literal(slot)


def _one_literal(slot: Slot) -> dict:
    t = slot.type
    if t == "enum":
        names = list(slot.values)
        return {"enum": names, "enumDescriptions": [_both(slot.values[n]) for n in names]}
    if t == "bool":
        return {"type": "boolean"}
    if t == "int":
        out: dict = {"type": "integer"}
        if slot.min is not None:
            out["minimum"] = slot.min
        if slot.max is not None:
            out["maximum"] = slot.max
        return out
    if t in _FIXED:
        names = list(_FIXED[t])
        return {"anyOf": [{"enum": names}, {"enum": [n.lower() for n in names]}]}
    if t == "card":
        return {"type": "string", "description": "a card: suit letter and rank, e.g. H5, S10, DA"}
    if t == "contract":
        return {"type": "string", "description": "a contract, e.g. 4H, 3NT, 4SX"}
    if t == "call":
        return {"type": "string", "description": "a call: a bid 1C..7NT, P, X or XX"}
    if t == "calls":
        return {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                "description": "the calls in order from the dealer, e.g. [1H, P, 2H, P]; W:2S names the seat"}
    return {"type": ["string", "integer"]}


def _when_value(slot: Slot, defs: dict) -> dict:
    """A slot test in a condition: a value, a variable, a list of them, or {operator: operand}."""
    key = f"{slot.owner}.{slot.name}"
    defs[f"lit.{key}"] = literal(slot)
    defs[f"one.{key}"] = {"anyOf": [{"$ref": f"#/definitions/lit.{key}"}, {"$ref": "#/definitions/var"}]}
    one = {"$ref": f"#/definitions/one.{key}"}
    compared = {"anyOf": [one, {"$ref": "#/definitions/arith"}]} if slot.type == "int" else one
    operand = {"list": {"type": "array", "items": one}, "value": compared,
               "bool": {"type": "boolean", "description": "whether the director has established the value"}}
    if slot.several:  # a list slot: contains / not_contains one of its values (or known), nothing else
        vals = _one_literal(slot)
        operand["values"] = {"anyOf": [vals, {"type": "array", "items": vals, "minItems": 1}]}
        ops = {name: operand[op.operand] for name, op in WRITTEN.items() if op.several or op.name == "known"}
        return {"description": _describe(slot),
                "type": "object", "additionalProperties": False, "minProperties": 1, "properties": ops}
    ops = {name: operand[op.operand] for name, op in WRITTEN.items() if not op.several}
    arith = [{"$ref": "#/definitions/arith"}] if slot.type == "int" else []
    return {"description": _describe(slot),
            "anyOf": [{"$ref": f"#/definitions/lit.{key}"}, {"$ref": "#/definitions/var"}, *arith,
                      {"type": "array", "items": one, "description": "one of these values"},
                      {"type": "object", "additionalProperties": False, "minProperties": 1, "properties": ops}]}


def _given(slot: Slot) -> list:
    """What may stand where a value is given (an element's argument, a derived slot)."""
    return [literal(slot), {"$ref": "#/definitions/var"}] + ([{"$ref": "#/definitions/arith"}] if slot.type == "int" else [])


def _object(props: dict, required=(), description: str = "") -> dict:
    out = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        out["required"] = list(required)
    if description:
        out["description"] = description
    return out


def _one_of_keys(props: dict, what: str) -> dict:
    return {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
            "properties": props, "description": what}


def _element_text() -> dict:
    return {**copy.deepcopy(I18N), "description": "this production's own text, after the kind's standard text"}


def _choices(vocab: Vocabulary) -> dict:
    """An option element's ``option`` and ``choices`` (read/choices.py): names from the ``choice`` template."""
    slots = vocab.templates[CHOICE].slots
    consequence = {"type": "array", "items": {"$ref": "#/definitions/then_item"}}
    one = _object({"then": {**consequence, "description": "the ruling elements that follow from this choice"},
                   "derive": {"type": "array", "items": {"$ref": "#/definitions/derive_item"},
                              "description": "the facts that follow from this choice, for later productions"},
                   "cite": {"type": "string", "description": "its own subsection, if not the production's"}},
                  description="what follows from this choice")
    return {"option": {"description": _describe(slots["option"]), "anyOf": [literal(slots["option"])]},
            "choices": {"type": "object", "description": "each choice (a value of choice.chosen) with what follows from it",
                        "propertyNames": {"enum": list(slots["chosen"].values)},
                        "additionalProperties": {"anyOf": [one, {"type": "null"}]}}}


def _knowledge(vocab: Vocabulary, base: dict) -> dict:
    s = copy.deepcopy(base)
    defs = {"var": VAR, "arith": ARITH}
    patterns = {}
    for name, t in vocab.templates.items():
        slots = {"id": id_slot(name), **t.slots}
        tests = {k: _when_value(x, defs) for k, x in slots.items()}
        if "seq" in t.slots:  # its place in the order of events against another's (knowledge/README.md)
            tests.update({w: {"$ref": "#/definitions/var", "description": f"this {name} comes {w} the {name} named"
                              f" so (id: $name)"} for w in ORDER if w not in t.slots})
        defs[f"when.{name}"] = _object(tests, description=_both(t.label))
        patterns[name] = {"$ref": f"#/definitions/when.{name}"}
    negated = _one_of_keys(dict(patterns), "no fact of this template with these values exists")
    defs["when_item"] = _one_of_keys({**patterns, "not": negated}, "a condition: a template and its slot tests")
    roles = {"enum": list(ROLES), "description": "a seat's role in the deal: " + ", ".join(ROLES)}
    defs["when_item"]["patternProperties"] = {r"^\$[a-z][a-z0-9_]*\.role$": {
        "description": "the role of this seat in the deal, from the deal's declarer (knowledge/README.md, Roles)",
        "anyOf": [roles, {"type": "array", "items": roles, "minItems": 1, "description": "one of these roles"},
                  {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                   "properties": {"in": {"type": "array", "items": roles}, "not_in": {"type": "array", "items": roles},
                                  "not": roles}}]}}
    elements = {}
    for name, ek in vocab.elements.items():
        props = {a: {"description": _describe(x), "anyOf": _given(x)} for a, x in ek.args.items()}
        props["text"] = _element_text()
        if name == "option" and CHOICE in vocab.templates:
            props.update(_choices(vocab))
        req = [a for a, x in ek.args.items() if x.required]
        body = _object(props, req, _both(ek.label))
        elements[name] = body if req else {"anyOf": [body, {"type": "null"}], "description": _both(ek.label)}
    defs["then_item"] = _one_of_keys(elements, "a ruling element: its kind and arguments")
    derived = {}
    for name, t in vocab.templates.items():  # a derived template, or one a law deems to hold (67B1)
        props = {k: {"description": _describe(x), "anyOf": _given(x)} for k, x in t.slots.items()}
        derived[name] = _object(props, [k for k, x in t.slots.items() if x.required], _both(t.label))
    defs["derive_item"] = _one_of_keys(derived, "a derived fact this production states")
    prod = s["properties"]["productions"]["items"]["properties"]
    for key in ("when", "then", "derive"):
        prod[key]["items"] = {"$ref": f"#/definitions/{key}_item"}
    s["definitions"] = defs
    return s


PARTLY = {"type": "object", "minProperties": 1, "maxProperties": 2,
          "propertyNames": {"enum": ["one_of", "at_least", "at_most", "suit", "rank", "versions"]},
          "description": "known in part: {one_of: [values]}; a number {at_least: n, at_most: m}; a card"
                         " {suit: C, rank: honour}; told two ways (Law 85) {versions: {NS: value, EW: value}}"
                         " (knowledge/README.md)"}


def _partly(vocab: Vocabulary, slot: Slot) -> list:
    """What an author may write for a value known only in part (read/incident.py partly_form, which checks it)."""
    if slot.several or slot.type not in ("enum", "bool", "int", "seat", "side", "suit", "strain", "card", "call"):
        return []
    forms = vocab.partly_known.get(slot.type, {})
    return [{"$ref": "#/definitions/partly_known"}] + (
        [{"$ref": f"#/definitions/partly_known.{slot.type}"}] if forms else [])


def _partly_defs(vocab: Vocabulary) -> dict:
    """The definitions ``_partly`` refers to: the forms written in place, and each type's named forms."""
    return {"partly_known": PARTLY, **{f"partly_known.{t}": {"enum": list(forms), "description": "known in part: "
                                                             + "; ".join(f"{n}: {f.label['en']}" for n, f in forms.items())}
                                       for t, forms in vocab.partly_known.items()}}


def _facts(vocab: Vocabulary) -> dict:
    props = {}
    for name, t in vocab.templates.items():
        if t.derived:
            continue
        unknown = [{"type": "null"}, {"const": "?", "description": "not known"}]
        slot_props = {k: {"description": _describe(x), "anyOf": [literal(x), *unknown, *_partly(vocab, x)]}
                      for k, x in t.slots.items()}
        slot_props["id"] = {"type": ["string", "integer"], "description": "a name for this fact (optional)"}
        one = _object(slot_props, [k for k, x in t.slots.items() if x.required], _both(t.label))
        props[name] = {"anyOf": [one, {"type": "array", "items": one}]} if t.many else one
    return {"type": "object", "additionalProperties": False, "properties": props,
            "description": "template: slot values (a mapping, or a list of mappings for a 'many' template)"}


def _expect_item(vocab: Vocabulary) -> dict:
    kinds = {}
    for name, ek in vocab.elements.items():
        props = {a: {"description": _describe(x), **literal(x)} for a, x in ek.args.items()}
        props["cite"] = copy.deepcopy(CITE)
        props["when"] = {"anyOf": [{"type": "string"}, {"const": False}],
                         "description": "the condition it is said under where something is not known (its English"
                                        " words, or a part of them); false: said plainly, whatever it is"}
        kinds[name] = {"anyOf": [_object(props, description=_both(ek.label)), {"type": "null"}]}
    return _one_of_keys(kinds, "an element the ruling must contain (only the arguments given are compared)")


def editor_schemas(vocab: Vocabulary) -> dict:
    """Each kind's schema, narrowed by the vocabulary's names, in draft 7."""
    out = {}
    for kind, base in SCHEMAS.items():
        if kind == "knowledge":
            s = _knowledge(vocab, base)
        else:
            s = copy.deepcopy(base)
        if kind in ("incident", "cases"):
            s.setdefault("definitions", {}).update(_partly_defs(vocab))
        if kind == "incident":
            s["properties"]["facts"] = _facts(vocab)
        if kind == "cases":
            case = s["properties"]["cases"]["items"]
            case["properties"]["facts"] = _facts(vocab)
            case["properties"]["expect"]["items"] = _expect_item(vocab)
            case["properties"]["expect_none"]["items"] = {"enum": list(vocab.elements)}
        if kind == "regulations" and "regulations" in vocab.templates:  # each option, its values typed
            elections = s["properties"]["elections"]
            elections["properties"] = {}
            for name, slot in vocab.templates["regulations"].slots.items():
                if name in ("authority", "day"):
                    continue
                one = copy.deepcopy(base["properties"]["elections"]["additionalProperties"]["anyOf"][0])
                one["properties"]["value"] = {**literal(slot), "description": _describe(slot)}
                elections["properties"][name] = {"anyOf": [one, {"type": "array", "items": one}]}
            elections["additionalProperties"] = False
        s["$schema"] = DRAFT
        s["$comment"] = ("Generated by `bridgelaw schemas` from bridgelaw/read/schemas.py and facts/vocabulary/;"
                         " do not edit by hand.")
        out[kind] = s
    return out


def render(schema: dict) -> str:
    return json.dumps(schema, ensure_ascii=False, indent=2) + "\n"


def _wanted(root: Path) -> dict[Path, str]:
    path = vocabulary_path(root)
    vocab = load_vocabulary(path, path.relative_to(root).as_posix())
    out = {root / "schemas" / FILES[k]: render(s) for k, s in editor_schemas(vocab).items()}
    out[root / "schemas" / ruling_json.FILE] = render(ruling_json.SCHEMA)  # published beside them, not for editors
    return out


def stale_schemas(root: Path) -> list[Path]:
    """The schema files under ``root`` that differ from what would be generated."""
    return [p for p, text in _wanted(root).items()
            if not p.exists() or p.read_text(encoding="utf-8") != text]


def write_schemas(root: Path) -> list[Path]:
    """(Re)write root/schemas/*.schema.json; returns the files that changed."""
    changed = []
    for p, text in _wanted(root).items():
        if not p.exists() or p.read_text(encoding="utf-8") != text:
            p.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(p, text)
            changed.append(p)
    return changed


def modeline(kind: str, file: Path, root: Path) -> str:
    """The first line that ties ``file`` to its schema for the YAML language server."""
    import os
    rel = os.path.relpath(root / "schemas" / FILES[kind], file.parent)
    return f"# yaml-language-server: $schema={Path(rel).as_posix()}"


def schema_files(kind: str, root: Path) -> list[Path]:
    """The files under ``root`` that GLOBS ties to ``kind``'s schema."""
    take = [g for g in GLOBS[kind] if not g.startswith("!")]
    leave = {p for g in GLOBS[kind] if g.startswith("!") for p in root.glob(g[1:])}
    return sorted({p for g in take for p in root.glob(g)} - leave)


def modeline_problems(root: Path) -> list:
    """Warnings for edited files whose first line does not tie them to their schema."""
    from ..errors import Loc, Problem, shown_path
    out = []
    for kind in GLOBS:
        for f in schema_files(kind, root):
            want = modeline(kind, f, root)
            with f.open(encoding="utf-8") as fh:
                first = fh.readline().rstrip("\n")
            if first != want:
                out.append(Problem(Loc(shown_path(f), 1, 1), "is this file checked as you type? Its first line does not"
                                   " name its schema", hint=f"make the first line: {want}", severity="warning"))
    return out

