"""What the vocabulary is made of (read/vocabulary.py loads it): a :class:`Slot` (its type, the values it
allows, ``coerce`` from authored values to canonical ones, raising ValueError with what is allowed, and
``label_of`` a value for a director), a :class:`Template` of slots, an :class:`ElementKind` of a ruling, a
:class:`Part` (one file), what a value known in part leaves possible (:class:`PartlyKnown`) and what a slot not
known cannot be (:class:`LeavesOut`), and the :class:`Vocabulary` holding them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import values as V
from ..errors import Loc
from ..words import WordError, word


LISTED = 1000  # the most whole numbers a slot lists as its values (a trick, a count); wider ranges are typed


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
    several: bool = False  # takes several values of its domain at once (a tuple; () for none of them)
    later: bool = False  # known only after the ruling at the table: never asked by the interview
    after_result: bool = False  # a judgment on the result so far: asked after it, with it shown first (12B2)
    settles: dict | None = None  # value -> {other slot of the fact: its value}: an answer that settles another
    not_asked_when: dict | None = None  # {other slot of the fact: value}: while the fact has it, not asked (cannot matter)
    said: dict | None = None  # {ru?, en?}: the slot having a value as a clause ("если …"), {value} its label
    asked_when: dict | None = None  # {other slot: [values]}: asked wherever the fact's other slot holds one of these
    tells: dict | None = None  # value -> {template, asks}: a fact with this value comes with one of that template

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
            low, high = self.min if self.min is not None else 0, self.max if self.max is not None else 13
            if high - low >= LISTED:  # a day, a number of minutes: the range, not its every value
                return [f"{low}..{high}"]
            return [str(i) for i in range(low, high + 1)]
        return []

    def choices(self) -> list:
        """Canonical values a director can pick from (empty for cards, text, refs)."""
        if self.type == "bool":
            return [True, False]
        if self.type == "int":
            return [int(x) for x in self.allowed() if ".." not in x]  # a wide range is typed, not picked
        return self.allowed()

    def coerce(self, value: Any) -> Any:
        """The canonical value for ``value``; ValueError saying what is allowed.

        A ``several`` slot's value is a tuple of canonical values in the order of its domain, each
        once (a list, or one value alone, may be written); any other slot takes one value, never a list."""
        t = self.type
        if value is None:
            return None
        if self.several:
            items = value if isinstance(value, (list, tuple)) else [value]
            got = set()
            for n, item in enumerate(items, 1):
                try:
                    got.add(self._one(item))
                except ValueError as e:
                    raise ValueError(f"item {n} of the list: {e}") from None
            return tuple(v for v in self.choices() if v in got)
        if isinstance(value, (list, tuple)) and t != "calls":
            raise ValueError(f"takes one value, found a list of {len(value)}"
                             + (f" ({self.owner}.{self.name} is not declared `several: true`)" if len(value) != 1 else ""))
        return self._one(value)

    def _one(self, value: Any) -> Any:
        """The canonical value for one value written."""
        t = self.type
        if t == "bool":
            if isinstance(value, bool):
                return value
            if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no", "да", "нет"):
                raise ValueError(f"expected true or false, written without quotes; found the text {V.shown(value)}")
            raise ValueError(f"expected true or false, found {V.shown(value)}")
        if t == "int":
            if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
                raise ValueError(f"expected a whole number, written without quotes; found the text {V.shown(value)}")
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"expected a whole number, found {V.shown(value)}")
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise WordError("error.range", value=value, low=self.min, high=self.max)
            return value
        if t in ("enum", "seat", "side", "suit", "strain"):
            s = str(value) if not isinstance(value, bool) else ("true" if value else "false")
            if t != "enum":
                s = V.NAMES.get(s.upper().replace(" ", ""), s.upper())
            if s in self.allowed():
                return s
            raise WordError("error.value", value=V.shown(value)[1:-1] if len(V.plain(value)) <= 24 else V.shown(value))
        if t == "card":
            c = V.coerce_card(str(value))
            if c is None:
                raise WordError("error.card", value=value)
            return c
        if t == "contract":
            c = V.coerce_contract(str(value))
            if c is None:
                raise WordError("error.contract", value=value)
            return c
        if t == "call":
            c = V.coerce_call(str(value)) if isinstance(value, (str, int)) and not isinstance(value, bool) else None
            if c is None:
                raise WordError("error.call", value=value)
            return c
        if t == "calls":
            return V.coerce_calls(value)
        if t in ("ref", "text"):
            if isinstance(value, (str, int)) and not isinstance(value, bool):
                return str(value)
            raise ValueError(f"expected a name, found {V.shown(value)}")
        raise ValueError(f"unknown type {t}")  # pragma: no cover - schema forbids

    def label_of(self, value: Any, lang: str) -> str:
        """How ``value`` reads for a director in ``lang`` (ru|en)."""
        if value is None:
            return "?" if lang == "en" else "?"
        if hasattr(value, "label") and hasattr(value, "values"):  # known in part (explain/possible/ Among)
            return value.label[lang]
        if self.several and isinstance(value, tuple):
            return ", ".join(self._label_one(v, lang) for v in value) or word("answer.none_of_them", lang)
        return self._label_one(value, lang)

    def _label_one(self, value: Any, lang: str) -> str:
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
            return V.render_card(value, lang)
        if t == "contract":
            return V.render_contract(value, lang)
        if t == "call":
            return V.render_call(value, lang)
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
    max: int = 1  # facts of it one incident (one board) can hold: a 'many' template's max, else MANY_MAX
    asked: dict | None = None  # {ru, en}: whether a fact of it happened, as the interview asks it
    asked_again: dict | None = None  # {ru, en}: whether there was another one
    broken_by: dict | None = None  # {calls: [...], ruled_after: [...]}: call patterns (slot -> value or values)


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
    excludes: tuple = ()  # kinds (or 'option:NAME', one option) that cannot stand with this one in a ruling
    lasts: bool = False  # giving it also states a fact of the template of its name (read/lasting.py)
    text_last: bool = False  # its standard text follows a production's own words (the facts first)
    while_auction: bool = False  # it says what happens in the auction: not said in a ruling made once it has ended
    only_with: tuple | None = None  # said only where every other element is of one of these kinds
    place: str | None = None  # 'first' (what the irregularity was) or 'last' (what happens now) in the ruling
    offered: dict | None = None  # {ru, en}: its text under a choice still to be made, in place of text
    offered_only: bool = False  # said only under a choice still to be made, and only while the auction lasts
    announce: int | None = None  # said in the announcement, the lower the sooner (1: the decisive element)
    past_with: tuple = ()  # its moment has passed where the ruling holds one of these kinds (not printed)
    past_with_same: tuple = ()  # the arguments that element must agree on (the same card picked up); none: any


@dataclass(frozen=True)
class Part:
    """One file of the vocabulary: its title and the names it defines, in authoring order."""

    name: str
    file: str
    title: dict | None
    templates: tuple
    elements: tuple


@dataclass(frozen=True)
class PartlyKnown:
    """A value a director knows only in part, written by its name in place of the value (``offender: defender``):
    its label and the values it leaves possible, as a list (``values``), as seats relative to another stated
    seat (``seats``: of deal.declarer, are lho and rho), or as a card's ranks (``ranks``).  explain/possible/
    reads it."""

    name: str
    type: str
    label: dict
    loc: Loc
    values: tuple | None = None
    seats: tuple | None = None  # (template, slot, (relation, ...))
    ranks: tuple | None = None


@dataclass(frozen=True)
class LeavesOut:
    """What a slot not known (or known in part) cannot be, given the rest of the incident (``not_known:`` in a
    part of the vocabulary): seats relative to a stated seat (a revoker is not dummy), or a number never over
    (``at_most``) or under (``at_least``) one the incident states (a trick is not after the one being played).
    Where the slot it refers to is not stated, it leaves nothing out.  explain/possible/ reads it."""

    template: str
    slot: str
    why: dict
    loc: Loc
    not_seats: tuple | None = None  # (template, slot, (relation, ...))
    at_most: tuple | None = None  # (template, slot)
    at_least: tuple | None = None  # (template, slot)


@dataclass(frozen=True)
class Vocabulary:
    """Templates and element kinds, as loaded from the parts of facts/vocabulary/, in the stated order."""

    templates: dict
    elements: dict
    file: str = ""
    parts: tuple = ()  # Part, in the stated order
    partly_known: dict = field(default_factory=dict)  # slot type -> {name: PartlyKnown}
    not_known: dict = field(default_factory=dict)  # (template, slot) -> LeavesOut

    def template(self, name: str) -> Template:
        return self.templates[name]

    def slot(self, template: str, slot: str) -> Slot:
        return self.templates[template].slots[slot]
