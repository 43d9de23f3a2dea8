"""The vocabulary: what can be said about an incident (templates and slots) and
what a ruling can contain (element kinds), with Russian and English labels.

Shape: ``load_vocabulary(path) -> Vocabulary``, ``path`` being the folder
facts/vocabulary/ (``index.yaml`` states the order of its parts, one file per
area of the Laws; the order of templates across the parts is the order the
interview asks in) or, for a small project, one file facts/vocabulary.yaml.
What it is made of lives in slots.py (a :class:`Slot` knows its type and
turns authored values into canonical ones with ``coerce``; ``label_of(value,
lang)`` renders a value for a director).  A ``many`` template's ``max`` bounds
its facts in one incident (one board: MANY_MAX = 13 unless it says).  A slot marked ``several``
takes several values of its domain at once (a tuple).  Raises
BridgelawError (file:line) on any mistake in any part (an int slot's min over
its max among them), and on a part missing from the stated order.
"""
from __future__ import annotations

from pathlib import Path

from .. import values as V
from ..errors import BridgelawError, Collector, Loc, suggest
from ..words import spec_problem
from .schemas import validate
from .lasting import check_lasting
from .yamlsafe import LocDict, load
from .slots import ElementKind, LeavesOut, Part, PartlyKnown, Slot, Template, Vocabulary


SEVERAL_TYPES = ("enum", "seat", "side", "suit", "strain")  # a `several` slot picks from a closed list
MANY_MAX = 13  # a 'many' template's default limit: one fact a trick, a board has 13 tricks


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
    if raw.get("several") and t not in SEVERAL_TYPES:
        c.add(raw.key_loc("several"), f"slot {where}: only a slot with a closed list of values ({', '.join(SEVERAL_TYPES)})"
              f" may take several; this one is a {t}")
    if raw.get("judgment") and "question" not in raw:
        c.add(loc, f"slot {where} is a judgment but has no question for the director")
    if raw.get("after_result") and (not raw.get("judgment") or t != "bool"):
        c.add(raw.key_loc("after_result"), f"slot {where}: only a yes/no judgment is asked after the result"
              " (the result shown is the one its 'no' leaves)", hint="make it a bool judgment, or remove after_result")
    low, high = raw.get("min"), raw.get("max")
    if isinstance(low, int) and isinstance(high, int) and low > high:
        c.add(raw.loc_of("min"), f"slot {where}: min {low} is greater than max {high}: no value fits",
              hint=f"swap them (min: {high}, max: {low})?")
    return Slot(name=name, type=t, owner=owner, loc=loc, label=raw.get("label"), values=raw.get("values"),
                min=raw.get("min"), max=raw.get("max"), template=raw.get("template"),
                question=raw.get("question"), help=raw.get("help"), judgment=bool(raw.get("judgment")),
                law=raw.get("law"), required=bool(raw.get("required")), several=bool(raw.get("several")),
                later=bool(raw.get("later")), after_result=bool(raw.get("after_result")),
                settles=raw.get("settles"), said=raw.get("said"), asked_when=raw.get("asked_when"),
                tells=raw.get("tells"), not_asked_when=raw.get("not_asked_when"))


def _check_settles(t, s: Slot, c: Collector) -> None:
    """A slot's ``settles`` (an answer that settles another slot of the same fact) names one of its own values
    and, for each, other slots of the template with one of their values."""
    for value, others in (s.settles or {}).items():
        if s.type == "enum" and value not in (s.values or {}):
            c.add(s.loc, f"slot {t.name}.{s.name}: settles names '{value}', which is not one of its values",
                  hint=f"one of: {', '.join(s.allowed())}")
        for name, settled in (others or {}).items():
            other = t.slots.get(name)
            if other is None or other is s:
                c.add(s.loc, f"slot {t.name}.{s.name}: settles '{name}', which is not another slot of {t.name}",
                      hint=f"one of: {', '.join(n for n in t.slots if n != s.name)}")
            elif other.type == "enum" and settled not in (other.values or {}):
                c.add(s.loc, f"slot {t.name}.{s.name}: settles {name} as '{settled}', which is not one of its values",
                      hint=f"one of: {', '.join(other.allowed())}")


def _check_when(t, s: Slot, key: str, c: Collector) -> None:
    """A slot's ``asked_when`` or ``not_asked_when`` (asked, or not asked, while another slot of the same fact
    holds one of some values) names other slots of its template, each with values of its own."""
    for name, values in (getattr(s, key) or {}).items():
        other = t.slots.get(name)
        if other is None or other is s:
            c.add(s.loc, f"slot {t.name}.{s.name}: {key} names '{name}', which is not another slot of {t.name}",
                  hint=f"one of: {', '.join(n for n in t.slots if n != s.name)}")
            continue
        allowed = other.allowed()
        for v in values if isinstance(values, list) else [values]:
            if allowed and (str(v).lower() if isinstance(v, bool) else str(v)) not in allowed:
                c.add(s.loc, f"slot {t.name}.{s.name}: {key}: {name} has no value '{v}'",
                      hint=f"one of: {', '.join(allowed)}")


def _check_tells(t, s: Slot, templates: dict, c: Collector) -> None:
    """A slot's ``tells``: each of its own values tells a fact of another template, not derived, whose named
    slots are asked."""
    for value, told in (s.tells or {}).items():
        if s.type != "enum" or value not in (s.values or {}):
            c.add(s.loc, f"slot {t.name}.{s.name}: tells names '{value}', which is not one of its values",
                  hint=f"one of: {', '.join(s.allowed())}" if s.allowed() else "tells is for an enum slot")
        other = templates.get(told.get("template"))
        if other is None or other.derived or other is t:
            c.add(s.loc, f"slot {t.name}.{s.name}: tells '{value}' with '{told.get('template')}', which is not"
                  " another template the director states", hint="name a template that is not derived")
            continue
        if not other.many:
            c.add(s.loc, f"slot {t.name}.{s.name}: tells '{value}' with {other.name}, which holds one fact only",
                  hint="one told fact per telling fact: the told template is 'many'")
        for name in told.get("asks") or ():
            if name not in other.slots or other.slots[name].question is None:
                c.add(s.loc, f"slot {t.name}.{s.name}: tells '{value}' asks {other.name}.{name}, which is not"
                      " a slot of it with a question", hint=f"one of: {', '.join(other.slots)}")


def _check_broken_by(t, raw, call, c: Collector) -> None:
    """A template's ``broken_by``: call patterns, each naming slots of the ``call`` template with their values (a
    project without the auction's ``call`` reads no call to match them against)."""
    if call is None:
        return
    for key, patterns in (t.broken_by or {}).items():
        for pattern in patterns or ():
            for name, value in pattern.items():
                slot = call.slots.get(name)
                if slot is None:
                    c.add(raw.key_loc("broken_by"), f"template {t.name}: broken_by.{key} names '{name}', which is not"
                          " a slot of call", hint=f"one of: {', '.join(call.slots)}")
                    continue
                allowed = slot.allowed()
                for v in value if isinstance(value, list) else [value]:
                    if allowed and (str(v).lower() if isinstance(v, bool) else str(v)) not in allowed:
                        c.add(raw.key_loc("broken_by"), f"template {t.name}: broken_by.{key}: call.{name} has no"
                              f" value '{v}'", hint=f"one of: {', '.join(allowed)}")


def call_fits(call, patterns) -> bool:
    """Whether a call (an InFact or a mapping) fits one of ``patterns`` (slot -> value, or a list of values)."""
    return any(all(call.get(k) in (v if isinstance(v, list) else [v]) for k, v in p.items()) for p in patterns or ())


INDEX = "index.yaml"


def vocabulary_path(root: Path) -> Path:
    """A project's vocabulary: the folder facts/vocabulary/ (index.yaml and its parts), or
    the one file facts/vocabulary.yaml of a small project (the tests', the benchmark's)."""
    folder = Path(root) / "facts" / "vocabulary"
    return folder if folder.is_dir() else folder.with_name("vocabulary.yaml")


def vocabulary_files(path: Path) -> list[Path]:
    """Every file the vocabulary at ``path`` reads or must refuse (for the cache's key)."""
    path = Path(path)
    return sorted(path.glob("*.yaml")) if path.is_dir() else [path]


def part_files(path: str | Path, display: str | None = None, c: Collector | None = None) -> list[tuple[Path, str]]:
    """(file, name shown in messages) of each part, in the stated order (index.yaml's ``parts``).

    A single-file vocabulary is its own one part.  A part in the folder but not
    in the order, one listed but absent or listed twice, and a stray
    facts/vocabulary.yaml beside the folder are errors at file:line (raised,
    or added to ``c``)."""
    path, shown = Path(path), display or str(path)
    if not path.is_dir():
        return [(path, shown)]
    own = c is None
    c = Collector() if own else c
    stray = path.with_name(path.name + ".yaml")
    if stray.exists():
        c.add(Loc(shown + ".yaml", 1, 1), f"the vocabulary is in parts under {shown}/; this file is not read",
              hint=f"move what it says into a part in {shown}/ and remove it")
    present = {f.stem for f in vocabulary_files(path) if f.name != INDEX}
    if not (path / INDEX).exists():
        c.add(Loc(f"{shown}/{INDEX}", 1, 1), "no such file: it states the order of the vocabulary's parts",
              hint=f"write it: parts: [{', '.join(sorted(present))}], in the order the interview should ask")
        c.raise_if_any()
    index = load(path / INDEX, f"{shown}/{INDEX}")
    if not isinstance(index, LocDict):
        c.add(Loc(f"{shown}/{INDEX}", 1, 1), "the vocabulary's index is a mapping: parts: [part, ...]")
        c.raise_if_any()
    c.problems.extend(validate("vocabulary-index", index, f"{shown}/{INDEX}"))
    c.raise_if_any()
    names = index["parts"]
    out, seen = [], {}
    for i, name in enumerate(names):
        at = names.loc_of(i)
        if name in seen:
            c.add(at, f"part '{name}' is listed twice", hint=f"first listed at line {seen[name].line}; keep one")
        elif name not in present:
            c.add(at, f"part '{name}' is listed, but there is no {shown}/{name}.yaml",
                  hint=suggest(name, present, f"{shown}/"))
        else:
            out.append((path / f"{name}.yaml", f"{shown}/{name}.yaml"))
        seen.setdefault(name, at)
    for name in sorted(present - set(names)):
        c.add(index.key_loc("parts"), f"part '{name}' ({shown}/{name}.yaml) is missing from the stated order",
              hint="list it under parts: where the interview should ask its questions"
                   f" (now: {', '.join(dict.fromkeys(names))})")
    if own:
        c.raise_if_any()
    return out


def load_vocabulary(path: str | Path, display: str | None = None) -> Vocabulary:
    """Load and check the vocabulary (facts/vocabulary/, or one file); BridgelawError lists every mistake.

    Templates and element kinds are taken part by part in the stated order, so a
    template's ``order`` (the interview's) runs across the parts."""
    name = display or str(path)
    c = Collector()
    parts = []
    for file, shown in part_files(path, name, c):
        try:
            data = load(file, shown)
        except BridgelawError as e:
            c.problems.extend(e.problems)
            continue
        if not isinstance(data, LocDict):
            c.add(Loc(shown, 1, 1), "the vocabulary must be a mapping with 'templates' and 'elements'")
            continue
        c.problems.extend(validate("vocabulary", data, shown))
        parts.append((file, shown, data))
    c.raise_if_any()
    raws: dict[str, dict[str, LocDict]] = {"templates": {}, "elements": {}}  # name -> raw, across the parts
    first: dict[tuple[str, str], Loc] = {}
    defined = []
    for file, shown, data in parts:
        kept: dict[str, list] = {"templates": [], "elements": []}
        for key, what in (("templates", "template"), ("elements", "element")):
            section = data.get(key) or LocDict()
            for n, raw in section.items():
                if (key, n) in first:
                    c.add(section.key_loc(n), f"{what} '{n}' is defined twice",
                          hint=f"first defined at {first[key, n]}; a name lives in one part")
                    continue
                raws[key][n], first[key, n] = raw, section.key_loc(n)
                kept[key].append(n)
        defined.append(Part(name=file.stem, file=shown, title=data.get("title"),
                            templates=tuple(kept["templates"]), elements=tuple(kept["elements"])))
    templates: dict[str, Template] = {}
    for order, (tname, traw) in enumerate(raws["templates"].items()):
        slots = {s: _slot(s, sraw, tname, c) for s, sraw in traw["slots"].items()}
        if "id" in slots:
            c.add(slots["id"].loc, f"template {tname}: 'id' is reserved (it names a fact of a 'many' template)")
        if "max" in traw and not traw.get("many"):
            c.add(traw.key_loc("max"), f"template {tname}: 'max' is for a 'many' template (one fact otherwise)")
        templates[tname] = Template(name=tname, label=traw["label"], slots=slots, loc=traw.loc, order=order,
                                    derived=bool(traw.get("derived")), many=bool(traw.get("many")),
                                    context=bool(traw.get("context")), description=traw.get("description"),
                                    max=traw.get("max") or (MANY_MAX if traw.get("many") else 1),
                                    asked=traw.get("asked"), asked_again=traw.get("asked_again"),
                                    broken_by=traw.get("broken_by"))
    for t in templates.values():
        _check_broken_by(t, raws["templates"][t.name], templates.get("call"), c)
        for s in t.slots.values():
            if s.type == "ref" and s.template and s.template not in templates:
                c.add(s.loc, f"slot {t.name}.{s.name} refers to unknown template '{s.template}'")
            if s.question is None and not t.derived:
                c.add(s.loc, f"slot {t.name}.{s.name} has no question for the director",
                      hint="add question: {ru: ..., en: ...} (derived templates need none)")
            _check_settles(t, s, c)
            _check_when(t, s, "asked_when", c)
            _check_tells(t, s, templates, c)
            _check_when(t, s, "not_asked_when", c)
    elements = {}
    for ename, eraw in raws["elements"].items():
        args = {a: _slot(a, araw, ename, c) for a, araw in (eraw.get("args") or {}).items()}
        for lang in ("ru", "en"):
            for placeholder, spec in _placeholders(eraw["text"][lang] + " " + (eraw.get("offered") or {}).get(lang, ""),
                                                   specs=True):
                if spec_problem(spec):
                    c.add(eraw.loc_of("text"), f"element {ename}: text ({lang}) {{{placeholder}:{spec}}}: "
                          + spec_problem(spec))
                if placeholder not in args:
                    c.add(eraw.loc_of("text"), f"element {ename}: text ({lang}) uses {{{placeholder}}}, "
                          "which is not one of its args", hint=f"args: {', '.join(args) or 'none'}")
        elements[ename] = ElementKind(name=ename, label=eraw["label"], args=args, text=eraw["text"], loc=eraw.loc,
                                      many=bool(eraw.get("many")), contradicts=tuple(eraw.get("contradicts") or ()),
                                      excludes=tuple(eraw.get("excludes") or ()),
                                      lasts=bool(eraw.get("lasts")), text_last=bool(eraw.get("text_last")),
                                      while_auction=bool(eraw.get("while_auction")),
                                      only_with=tuple(eraw["only_with"]) if eraw.get("only_with") is not None else None,
                                      place=eraw.get("place"), offered=eraw.get("offered"),
                                      offered_only=bool(eraw.get("offered_only")),
                                      announce=eraw.get("announce"), past_with=tuple(eraw.get("past_with") or ()),
                                      past_with_same=tuple(eraw.get("past_with_same") or ()))
    for ek in elements.values():
        for other in ek.contradicts:
            if other not in elements:
                c.add(ek.loc, f"element {ek.name}: contradicts unknown element '{other}'",
                      hint=suggest(other, elements, "the vocabulary's elements"))
        options = templates["choice"].slots["option"].values if "choice" in templates and \
            "option" in templates["choice"].slots else {}
        for other in ek.excludes:
            kind, _, option = other.partition(":")
            if kind not in elements:
                c.add(ek.loc, f"element {ek.name}: excludes unknown element '{kind}'",
                      hint=suggest(kind, elements, "the vocabulary's elements"))
            elif option and (kind != "option" or option not in (options or {})):
                c.add(ek.loc, f"element {ek.name}: excludes '{other}', but only an option of the choice template"
                              " can follow a colon", hint=suggest(option, options or {}, "the choice template's options"))
        for other in (*(ek.only_with or ()), *ek.past_with):
            if other not in elements:
                c.add(ek.loc, f"element {ek.name}: {'only_with' if other in (ek.only_with or ()) else 'past_with'} names unknown element '{other}'",
                      hint=suggest(other, elements, "the vocabulary's elements"))
        for arg in ek.past_with_same:
            for kind in (ek.name, *(k for k in ek.past_with if k in elements)):
                if arg not in (elements[kind].args or {}):
                    c.add(ek.loc, f"element {ek.name}: past_with_same names '{arg}', not an argument of {kind}")
    check_lasting(elements, templates, c)
    partly = _partly_known(parts, templates, c)
    leaves = _not_known(parts, templates, c)
    c.raise_if_any()
    return Vocabulary(templates=templates, elements=elements, file=name, parts=tuple(defined), partly_known=partly,
                      not_known=leaves)


def _not_known(parts: list, templates: dict, c: Collector) -> dict:
    """What the parts say a slot not known cannot be (``not_known: {template.slot: ...}``), each checked: the
    slot a slot of the vocabulary, a seat's rule on a seat, a number's bounds numbers of the vocabulary."""
    out: dict = {}

    def slot_of(ref: str):
        tname, _, sname = str(ref).partition(".")
        return templates.get(tname) and templates[tname].slots.get(sname), (tname, sname)

    for _, shown, data in parts:
        for ref, raw in (data.get("not_known") or {}).items():
            at = data["not_known"].key_loc(ref)
            slot, key = slot_of(ref)
            if not slot:
                c.add(at, f"not_known: '{ref}' is no slot of the vocabulary (template.slot)")
                continue
            if key in out:
                c.add(at, f"not_known: '{ref}' is said twice")
                continue
            not_seats = at_most = at_least = None
            if "not_seats" in raw:
                of, of_key = slot_of(raw["not_seats"]["of"])
                if slot.type != "seat" or not of or of.type != "seat":
                    c.add(raw.loc_of("not_seats"), f"not_known: {ref}: not_seats is for a seat slot, relative to a"
                          f" seat slot ({raw['not_seats']['of']})")
                not_seats = (*of_key, tuple(raw["not_seats"]["are"]))
            for bound in ("at_most", "at_least"):
                if bound in raw:
                    other, other_key = slot_of(raw[bound])
                    if slot.type != "int" or not other or other.type != "int":
                        c.add(raw.loc_of(bound), f"not_known: {ref}: {bound} is for a number slot, bounded by a"
                              f" number slot ({raw[bound]})")
                    if bound == "at_most":
                        at_most = other_key
                    else:
                        at_least = other_key
            out[key] = LeavesOut(key[0], key[1], raw["why"], at, not_seats, at_most, at_least)
    return out


def _partly_known(parts: list, templates: dict, c: Collector) -> dict:
    """The partly known values the parts declare (``partly_known: {type: {name: ...}}``), each checked: its
    values of its type, the seat it is relative to a seat slot of the vocabulary, its ranks ranks."""
    out: dict = {}
    for _, shown, data in parts:
        for type_, forms in (data.get("partly_known") or {}).items():
            probe = Slot(name="value", type=type_, owner=type_, loc=Loc(shown), values={})
            for fname, raw in forms.items():
                at = forms.key_loc(fname)
                if fname in out.get(type_, {}):
                    c.add(at, f"partly known {type_} '{fname}' is declared twice")
                    continue
                values = seats = ranks = None
                if "values" in raw:
                    try:
                        values = tuple(probe.coerce(v) for v in raw["values"]) if type_ != "enum" else tuple(raw["values"])
                    except ValueError as e:
                        c.add(raw.loc_of("values"), f"partly known {type_} '{fname}': {e}")
                if "seats" in raw:
                    tname, _, sname = raw["seats"]["of"].partition(".")
                    slot = templates.get(tname) and templates[tname].slots.get(sname)
                    if type_ != "seat" or not slot or slot.type != "seat":
                        c.add(raw.loc_of("seats"), f"partly known {type_} '{fname}': seats are relative to a seat slot"
                              f" of a seat ({raw['seats']['of']} is not one)")
                    seats = (tname, sname, tuple(raw["seats"]["are"]))
                if "ranks" in raw:
                    ranks = tuple("10" if str(r).upper() == "T" else str(r).upper() for r in raw["ranks"])
                    if type_ != "card" or not set(ranks) <= set(V.RANKS):
                        c.add(raw.loc_of("ranks"), f"partly known {type_} '{fname}': ranks are a card's: "
                              + " ".join(V.RANKS))
                if [values, seats, ranks].count(None) != 2:
                    c.add(at, f"partly known {type_} '{fname}': say the values it leaves possible with one of"
                          " values, seats (a seat) or ranks (a card)")
                out.setdefault(type_, {})[fname] = PartlyKnown(fname, type_, raw["label"], at, values, seats, ranks)
    return out


def _placeholders(text: str, specs: bool = False) -> list:
    """The fields a text names (with their specs, ``{player:gen}``, when ``specs``)."""
    import string
    return [(f, spec or "") if specs else f for _, f, spec, _ in string.Formatter().parse(text) if f]
