"""The vocabulary: what can be said about an incident (templates and slots) and
what a ruling can contain (element kinds), with Russian and English labels.

Shape: ``load_vocabulary(path) -> Vocabulary``.  A :class:`Slot` knows its type
and turns authored values into canonical ones with ``coerce`` (raising
ValueError with what is allowed); ``label(value, lang)`` renders a value for a
director.  Raises BridgelawError (file:line) on any mistake in the file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import values as V
from ..errors import BridgelawError, Collector, Loc, suggest
from .schemas import validate
from .yamlsafe import LocDict, load


@dataclass(frozen=True)
class Slot:
    """One slot of a template (or one argument of an element kind).

    ``type`` is one of schemas.TYPES; ``values`` (enum) maps value -> {ru, en};
    ``min``/``max`` bound ints; ``template`` names the target of a ref;
    ``question``/``help`` are what a director is asked; ``judgment`` marks the
    director's bridge judgment; ``law`` is the subsection that needs it.
    """

    name: str
    type: str
    owner: str
    loc: Loc
    label: dict | None = None
    values: dict | None = None
    min: int | None = None
    max: int | None = None
    template: str | None = None
    question: dict | None = None
    help: dict | None = None
    judgment: bool = False
    law: str | None = None
    required: bool = False

    def allowed(self) -> list[str]:
        """The allowed values, as text, for messages and answer lists."""
        t = self.type
        if t == "enum":
            return list(self.values)
        if t == "bool":
            return ["true", "false"]
        if t == "seat":
            return list(V.SEATS)
        if t == "side":
            return list(V.SIDES)
        if t == "suit":
            return list(V.SUITS)
        if t == "strain":
            return list(V.STRAINS)
        if t == "int":
            return [str(i) for i in range(self.min if self.min is not None else 0,
                                          (self.max if self.max is not None else 13) + 1)]
        return []

    def choices(self) -> list:
        """Canonical values a director can pick from (empty for cards, text, refs)."""
        if self.type == "bool":
            return [True, False]
        if self.type == "int":
            return [int(x) for x in self.allowed()]
        return self.allowed()

    def coerce(self, value: Any) -> Any:
        """The canonical value for ``value``; ValueError saying what is allowed."""
        t = self.type
        if value is None:
            return None
        if t == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no", "да", "нет"):
                raise ValueError(f"expected true or false, written without quotes; found the text {value!r}")
            raise ValueError(f"expected true or false, found {value!r}")
        if t == "int":
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"expected a whole number, found {value!r}")
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise ValueError(f"{value} is out of range {self.min}..{self.max}")
            return value
        if t in ("enum", "seat", "side", "suit", "strain"):
            s = str(value) if not isinstance(value, bool) else ("true" if value else "false")
            if t != "enum":
                s = V.NAMES.get(s.upper().replace(" ", ""), s.upper())
            if s in self.allowed():
                return s
            raise ValueError(f"unknown value '{value}'")
        if t == "card":
            c = V.coerce_card(str(value))
            if c is None:
                raise ValueError(f"'{value}' is not a card (write e.g. H5, S10, DA)")
            return c
        if t == "contract":
            c = V.coerce_contract(str(value))
            if c is None:
                raise ValueError(f"'{value}' is not a contract (write e.g. 4H, 3NT, 4SX)")
            return c
        if t in ("ref", "text"):
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return str(value)
            raise ValueError(f"expected a name, found {value!r}")
        raise ValueError(f"unknown type {t}")  # pragma: no cover - schema forbids

    def label_of(self, value: Any, lang: str) -> str:
        """How ``value`` reads for a director in ``lang`` (ru|en)."""
        if value is None:
            return "?" if lang == "en" else "?"
        t = self.type
        if t == "bool":
            return V.BOOL_LABELS[value][lang]
        if t == "enum":
            return self.values[value][lang]
        if t == "seat":
            return V.SEAT_LABELS[value][lang]
        if t == "side":
            return V.SIDE_LABELS[value][lang]
        if t in ("suit", "strain"):
            return V.SUIT_LABELS[value][lang]
        if t == "card":
            return V.render_card(value)
        if t == "contract":
            return V.render_contract(value, lang)
        return str(value)

    def title(self, lang: str) -> str:
        if self.label:
            return self.label[lang]
        return self.name.replace("_", " ")


@dataclass(frozen=True)
class Template:
    """A fact template: its slots in authoring order, and how it is used."""

    name: str
    label: dict
    slots: dict  # name -> Slot, in authoring order
    loc: Loc
    order: int
    derived: bool = False
    many: bool = False
    context: bool = False
    description: dict | None = None


@dataclass(frozen=True)
class ElementKind:
    """A kind of ruling element: its typed arguments and its ru/en text template."""

    name: str
    label: dict
    args: dict  # name -> Slot
    text: dict
    loc: Loc
    many: bool = False  # several of this kind, with different arguments, may stand for one fact
    contradicts: tuple = ()  # kinds that cannot stand with this one for the same fact


@dataclass(frozen=True)
class Vocabulary:
    """Templates and element kinds, as loaded from facts/vocabulary.yaml."""

    templates: dict
    elements: dict
    file: str = ""

    def template(self, name: str) -> Template:
        return self.templates[name]

    def slot(self, template: str, slot: str) -> Slot:
        return self.templates[template].slots[slot]


def _slot(name: str, raw: LocDict, owner: str, c: Collector) -> Slot:
    t = raw["type"]
    loc = raw.loc
    where = f"{owner}.{name}"
    if t == "enum" and "values" not in raw:
        c.add(loc, f"slot {where} is an enum but has no 'values'", hint="add values: {value: {ru: ..., en: ...}}")
    if t != "enum" and "values" in raw:
        c.add(raw.key_loc("values"), f"slot {where}: 'values' is only for type enum")
    if t == "ref" and "template" not in raw:
        c.add(loc, f"slot {where} is a ref but does not say which template it refers to")
    if raw.get("judgment") and "question" not in raw:
        c.add(loc, f"slot {where} is a judgment but has no question for the director")
    return Slot(name=name, type=t, owner=owner, loc=loc, label=raw.get("label"), values=raw.get("values"),
                min=raw.get("min"), max=raw.get("max"), template=raw.get("template"),
                question=raw.get("question"), help=raw.get("help"), judgment=bool(raw.get("judgment")),
                law=raw.get("law"), required=bool(raw.get("required")))


def load_vocabulary(path: str | Path, display: str | None = None) -> Vocabulary:
    """Load and check facts/vocabulary.yaml; BridgelawError lists every mistake."""
    name = display or str(path)
    data = load(path, name)
    c = Collector()
    if not isinstance(data, LocDict):
        c.add(Loc(name, 1, 1), "the vocabulary must be a mapping with 'templates' and 'elements'")
        c.raise_if_any()
    c.problems.extend(validate("vocabulary", data, name))
    c.raise_if_any()
    templates: dict[str, Template] = {}
    for order, (tname, traw) in enumerate(data["templates"].items()):
        slots = {s: _slot(s, sraw, tname, c) for s, sraw in traw["slots"].items()}
        if "id" in slots:
            c.add(slots["id"].loc, f"template {tname}: 'id' is reserved (it names a fact of a 'many' template)")
        templates[tname] = Template(name=tname, label=traw["label"], slots=slots, loc=traw.loc, order=order,
                                    derived=bool(traw.get("derived")), many=bool(traw.get("many")),
                                    context=bool(traw.get("context")), description=traw.get("description"))
    for t in templates.values():
        for s in t.slots.values():
            if s.type == "ref" and s.template and s.template not in templates:
                c.add(s.loc, f"slot {t.name}.{s.name} refers to unknown template '{s.template}'")
            if s.question is None and not t.derived:
                c.add(s.loc, f"slot {t.name}.{s.name} has no question for the director",
                      hint="add question: {ru: ..., en: ...} (derived templates need none)")
    elements = {}
    for ename, eraw in data["elements"].items():
        args = {a: _slot(a, araw, ename, c) for a, araw in (eraw.get("args") or {}).items()}
        for lang in ("ru", "en"):
            for placeholder in _placeholders(eraw["text"][lang]):
                if placeholder not in args:
                    c.add(eraw.loc_of("text"), f"element {ename}: text ({lang}) uses {{{placeholder}}}, "
                          "which is not one of its args", hint=f"args: {', '.join(args) or 'none'}")
        elements[ename] = ElementKind(name=ename, label=eraw["label"], args=args, text=eraw["text"], loc=eraw.loc,
                                      many=bool(eraw.get("many")), contradicts=tuple(eraw.get("contradicts") or ()))
    for ek in elements.values():
        for other in ek.contradicts:
            if other not in elements:
                c.add(ek.loc, f"element {ek.name}: contradicts unknown element '{other}'",
                      hint=suggest(other, elements, "the vocabulary's elements"))
    c.raise_if_any()
    return Vocabulary(templates=templates, elements=elements, file=name)


def _placeholders(text: str) -> list[str]:
    import string
    return [f for _, f, _, _ in string.Formatter().parse(text) if f]
