"""Citations of the 2017 Laws: parse, order, and check against the table of laws.

A citation is a law number, then optionally a section letter, a subsection
number and lettered/roman items: ``64``, ``64A``, ``64A2``, ``67B1(a)``,
``12C1(c)``, ``20F5(b)``.  ``parse`` raises ValueError; ``sort_key`` orders
citations as the law book does; ``LawsIndex`` (knowledge/laws.yaml) says which
laws, sections and finest units (subsections) exist, each titled in Russian
and English; ``check`` accepts a citation only if it is a unit of the table or a
whole holding some (``64B9``, ``12C9`` are refused, with the units nearby).
``REASONS`` is the closed list of why a unit may be left out of the knowledge.

knowledge/laws.yaml, per law: ``title: {ru, en}``, ``source`` or ``unread``,
``sections: {A: {en, ru}}``, ``subsections: [64A1, ..., "64C2(a)"]`` (the finest
units in book order; a section with no numbered parts is itself a unit) and
optional ``titles: {"12C1": {en, ru}}``.  A law without ``subsections`` is
checked to the section.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BridgelawError, Collector, Loc, Problem, suggest
from .yamlsafe import LocDict, LocList, load

_CITE = re.compile(r"^(?P<law>[1-9][0-9]?)(?P<sec>[A-H])?(?P<num>[1-9])?(?P<sub>[a-e])?"
                   r"(?:\((?P<item>[a-e])\))?(?:\((?P<roman>i|ii|iii|iv|v)\))?$")
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5}


@dataclass(frozen=True)
class Citation:
    law: int
    section: str | None
    number: int | None
    item: str | None
    roman: str | None
    text: str

    def sort_key(self) -> tuple:
        return (self.law, self.section or "", self.number or 0, self.item or "", _ROMAN.get(self.roman or "", 0))


def parse(text: str) -> Citation:
    """Parse a citation such as ``67B1(a)``; ValueError if it is not one."""
    m = _CITE.match(str(text))
    if not m:
        raise ValueError(f"'{text}' is not a law citation (write e.g. 64A2, 67B1(a), 12C1(c))")
    item = m.group("item") or m.group("sub")
    return Citation(int(m.group("law")), m.group("sec"), int(m.group("num")) if m.group("num") else None,
                    item, m.group("roman"), str(text))


def sort_key(text: str) -> tuple:
    try:
        return parse(text).sort_key()
    except ValueError:
        return (999, str(text))


def covers(prefix: str, cite: str) -> bool:
    """Whether citation ``prefix`` (e.g. ``64A``) includes ``cite`` (e.g. ``64A2``)."""
    if cite == prefix:
        return True
    if not cite.startswith(prefix):
        return False
    nxt, last = cite[len(prefix)], prefix[-1]
    return not (nxt.isdigit() and last.isdigit()) and not (nxt.isalpha() and last.isalpha())


# -- the table of the 2017 laws (knowledge/laws.yaml) -------------------------------------------

#: Why a unit of the Laws may be deliberately not encoded (a law file's ``left_out: {cite: {reason, note}}``).
#: A closed list: "not encoded yet" is no reason, such a unit counts as missing.
REASONS = {
    "definition": {"en": "a definition only: it rules on no incident by itself",
                   "ru": "только определение: само по себе ни по какому случаю не решает"},
    "procedure": {"en": "procedure of the game or the event that rules on no incident",
                  "ru": "организация игры или турнира: по конкретному случаю не решает"},
    "regulating_authority": {"en": "left to the Regulating Authority or the Tournament Organizer",
                             "ru": "оставлено регулирующему органу или организатору турнира"},
    "scoring": {"en": "scoring: computing the score, not a ruling at the table",
                "ru": "подсчёт результата, а не решение за столом"},
    "principle": {"en": "a general principle or objective, applied through the subsections that rule",
                  "ru": "общий принцип: применяется через конкретные пункты"},
    "applied_elsewhere": {"en": "applied through other subsections (the note names them)",
                          "ru": "применяется через другие пункты (их называет примечание)"},
}

_LAW_KEYS = ("title", "source", "unread", "unread_units", "sections", "subsections", "titles", "ra_options")
_LANGS = ("en", "ru")


@dataclass(frozen=True)
class Law:
    """One law of the table: its title, sections and finest units (in book order), each {en, ru} titled."""

    number: int
    title: dict
    sections: dict = field(default_factory=dict)  # letter -> {en, ru}
    units: tuple = ()  # the finest units, e.g. 64A1 ... 64C2(b); without a subsections list: the sections
    titles: dict = field(default_factory=dict)  # citation -> {en, ru}: headings of numbered parts
    listed: bool = False  # whether the table lists this law's subsections (else it is checked to the section)
    source: str | None = None
    unread: str | None = None  # the whole law's 2017 text was not read: why
    unread_units: dict = field(default_factory=dict)  # citation -> why its 2017 text was not read (the rest was)
    ra_options: dict = field(default_factory=dict)  # option -> RaOption: what this law leaves to the Regulating Authority

    def cites(self) -> list[str]:
        """Every valid citation of this law: the law, its sections and every prefix of a unit, in book order."""
        out = {str(self.number): None}
        for letter in self.sections:
            out[f"{self.number}{letter}"] = None
        for u in self.units:
            for p in prefixes(u):
                out[p] = None
        return sorted(out, key=sort_key)


def prefixes(text: str) -> list[str]:
    """The citations ``text`` lies in, outermost first, itself last: 64C2(a) -> 64, 64C, 64C2, 64C2(a)."""
    c = parse(text)
    out = [str(c.law)]
    for part in (c.section, c.number, c.item, c.roman):
        if part is None:
            continue
        last = out[-1]
        out.append(last + (f"({part})" if isinstance(part, str) and part.islower() else str(part)))
    return out


@dataclass(frozen=True)
class RaOption:
    """An option a subsection leaves to the Regulating Authority: the slot of ``regulations`` that holds its
    election, and the values the Law allows (a list, or ``{min, max}`` for a number)."""

    option: str
    cite: str
    values: tuple = ()  # the values allowed, as text ('true', 'weighted'); () with a range
    minimum: int | None = None
    maximum: int | None = None
    note: dict = field(default_factory=dict)  # {en, ru}
    default: str | None = None  # what the Law itself gives where no authority elects (as text)

    def allows(self, value) -> bool:
        if self.values:
            return str(value).lower() in self.values
        try:
            n = int(str(value))
        except ValueError:
            return False
        return (self.minimum is None or n >= self.minimum) and (self.maximum is None or n <= self.maximum)

    def allowed(self) -> str:
        if self.values:
            return ", ".join(self.values)
        low = f" at least {self.minimum}" if self.minimum is not None else ""
        high = f" at most {self.maximum}" if self.maximum is not None else ""
        return f"a number{low}{' and' if low and high else ''}{high}"


@dataclass(frozen=True)
class LawsIndex:
    """The table of the 2017 laws: number -> Law."""

    laws: dict

    def ra_options(self) -> dict:
        """Every option the Laws leave to the Regulating Authority, in book order: option -> RaOption."""
        return {name: o for n in sorted(self.laws) for name, o in self.laws[n].ra_options.items()}

    def check(self, text: str) -> str | None:
        """None if ``text`` cites a part of the 2017 Laws the table lists, else what is wrong (with a suggestion)."""
        try:
            c = parse(text)
        except ValueError as e:
            return str(e)
        law = self.laws.get(c.law)
        if law is None:
            return f"there is no Law {c.law} in the 2017 Laws (1-93)"
        if c.section and not law.sections:
            return f"Law {c.law} has no lettered sections: cite it as {c.law}"
        if c.section and c.section not in law.sections:
            return f"Law {c.law} has no section {c.section} (it has {', '.join(law.sections)})"
        canonical = prefixes(text)[-1]
        if canonical != text:
            return f"write {text} as {canonical}"
        if not law.listed or any(covers(text, u) for u in law.units):
            return None
        known = law.cites()
        parent = next(p for p in reversed(prefixes(text)[:-1]) if p in known)
        if parent in law.units:
            return f"{text} is finer than the 2017 table of Law {c.law}: cite {parent}, its finest unit there"
        near = [k for k in known if k != parent and covers(parent, k) and prefixes(k)[:-1][-1] == parent]
        import difflib  # only for a citation not known
        close = difflib.get_close_matches(text, near, n=1, cutoff=0.5)
        hint = f"did you mean {close[0]}? " if close else ""
        return f"{text} is not in the 2017 table of Law {c.law} ({hint}{parent} has {', '.join(near)})"

    def title(self, law: int, lang: str) -> str:
        return self.laws[law].title[lang] if law in self.laws else f"Law {law}"

    def unit_title(self, cite: str) -> dict:
        """The {en, ru} heading of a citation: its own if the table titles it, else its section's; {} if none."""
        try:
            c = parse(cite)
        except ValueError:
            return {}
        law = self.laws.get(c.law)
        if law is None:
            return {}
        if cite in law.titles:
            return law.titles[cite]
        return law.sections.get(c.section, {}) if cite == f"{c.law}{c.section}" else {}


def load_index(path: str | Path, display: str | None = None) -> LawsIndex:
    """Load knowledge/laws.yaml; BridgelawError listing every malformed entry at its file:line."""
    name = display or str(path)
    data = load(path, name)
    if not isinstance(data, LocDict) or not isinstance(data.get("laws"), LocDict):
        raise BridgelawError(Problem(Loc(name, 1, 1), "expected a mapping 'laws: {number: {title, sections,"
                                                      " subsections}}'"))
    c = Collector()
    laws = {}
    for n, entry in data["laws"].items():
        law = _law(n, entry, data["laws"], c)
        if law is not None:
            laws[law.number] = law
    c.raise_if_any()
    return LawsIndex(laws)


def _i18n(value, loc: Loc, what: str, c: Collector) -> dict | None:
    if isinstance(value, LocDict) and set(value) == set(_LANGS) and all(isinstance(v, str) and v for v in value.values()):
        return dict(value)
    c.add(loc, f"{what}: expected a title in both languages, {{en: \"...\", ru: \"...\"}}")
    return None


def _law(n, entry, parent: LocDict, c: Collector) -> Law | None:
    """One law's entry, checked: known keys, {en, ru} titles, units that belong to the law and its sections."""
    if not (str(n).isdigit() and 1 <= int(n) <= 93) or not isinstance(entry, LocDict) or "title" not in entry:
        c.add(parent.key_loc(n), f"law {n}: expected a law number 1-93 with a title, sections and subsections")
        return None
    n = int(n)
    crumb = f"law {n}"
    for key in entry:
        if key not in _LAW_KEYS:
            c.add(entry.key_loc(key), f"unknown key '{key}'", crumb, suggest(key, _LAW_KEYS, f"law {n}"))
    title = _i18n(entry["title"], entry.loc_of("title"), "title", c)
    sections = {}
    raw = entry.get("sections") or {}
    for letter, t in (raw.items() if isinstance(raw, LocDict) else []):
        if not (isinstance(letter, str) and len(letter) == 1 and "A" <= letter <= "H"):
            c.add(raw.key_loc(letter), f"section '{letter}' is not a capital letter A-H", crumb)
            continue
        sections[letter] = _i18n(t, raw.loc_of(letter), f"section {n}{letter}", c) or {}
    if raw and not isinstance(raw, LocDict):
        c.add(entry.loc_of("sections"), "sections: expected a mapping of letters to titles, e.g. A: {en: ..., ru: ...}",
              crumb)
    listed = "subsections" in entry
    units = _units(n, entry.get("subsections"), entry.loc_of("subsections"), sections, crumb, c) if listed else \
        tuple(f"{n}{letter}" for letter in sections) or (str(n),)
    law = Law(n, title or {}, sections, units, {}, listed, entry.get("source"), entry.get("unread"))
    raw = entry.get("titles") or {}
    for cite, t in (raw.items() if isinstance(raw, LocDict) else []):
        if str(cite) not in law.cites():
            c.add(raw.key_loc(cite), f"titles: {cite} is not a unit of Law {n} in this table", crumb,
                  suggest(str(cite), law.cites(), f"law {n}"))
            continue
        law.titles[str(cite)] = _i18n(t, raw.loc_of(cite), f"title of {cite}", c) or {}
    raw = entry.get("unread_units") or {}
    if raw and not isinstance(raw, LocDict):
        c.add(entry.loc_of("unread_units"), "unread_units: expected a mapping of citations to why their 2017 text"
              " was not read, e.g. 50E: \"...\"", crumb)
    for cite, why in (raw.items() if isinstance(raw, LocDict) else []):
        if str(cite) not in law.cites():
            c.add(raw.key_loc(cite), f"unread_units: {cite} is not a unit of Law {n} in this table", crumb,
                  suggest(str(cite), law.cites(), f"law {n}"))
        elif not (isinstance(why, str) and why):
            c.add(raw.loc_of(cite), f"unread_units: {cite}: expected why its 2017 text was not read", crumb)
        else:
            law.unread_units[str(cite)] = why
    raw = entry.get("ra_options") or {}
    for cite, spec in (raw.items() if isinstance(raw, LocDict) else []):
        option = _ra_option(str(cite), spec, raw.loc_of(cite), law, crumb, c)
        if option is not None:
            law.ra_options[option.option] = option
    return law


def _ra_option(cite: str, spec, loc: Loc, law: Law, crumb: str, c: Collector) -> RaOption | None:
    """``"12C1(c)": {option: NAME, values: [a, b] | {min, max}, note: {en, ru}}``, checked."""
    wrong = LawsIndex({law.number: law}).check(cite) if parse_ok(cite, law.number) else \
        f"{cite} is not a part of Law {law.number}"
    if wrong:
        c.add(loc, f"ra_options: {wrong}", crumb, suggest(cite, law.cites(), f"law {law.number}"))
        return None
    if not isinstance(spec, LocDict) or not isinstance(spec.get("option"), str) or "values" not in spec \
            or set(spec) - {"option", "values", "note", "default"}:
        c.add(loc, f"ra_options: {cite}: expected {{option: NAME, values: [...] or {{min, max}}, default: VALUE,"
                   " note: {{en, ru}}}}",
              crumb)
        return None
    values, note = spec["values"], spec.get("note")
    note = _i18n(note, spec.loc_of("note"), f"note of {cite}", c) or {} if note is not None else {}
    default = str(spec["default"]).lower() if "default" in spec else None
    out = None
    if isinstance(values, LocList) and values:
        out = RaOption(spec["option"], cite, tuple(str(v).lower() for v in values), note=note, default=default)
    elif isinstance(values, LocDict) and values and not set(values) - {"min", "max"} \
            and all(str(v).lstrip("-").isdigit() for v in values.values()):
        out = RaOption(spec["option"], cite, (), *(int(values[k]) if k in values else None for k in ("min", "max")),
                       note=note, default=default)
    if out is not None:
        if default is not None and not out.allows(default):
            c.add(spec.loc_of("default"), f"ra_options: {cite}: default '{default}' is not one of the values"
                                          f" allowed ({out.allowed()})", crumb)
        return out
    c.add(spec.loc_of("values"), f"ra_options: {cite}: values: expected a list of the values allowed, or"
                                 " {min: N, max: N}", crumb)
    return None


def _units(n: int, raw, loc: Loc, sections: dict, crumb: str, c: Collector) -> tuple:
    """The ``subsections`` list, each unit checked: a citation of Law n, of one of its sections, finest and in order."""
    if not isinstance(raw, LocList):
        c.add(loc, "subsections: expected a list of the law's finest units, e.g. [64A1, 64A2, \"64C2(a)\"]", crumb)
        return ()
    units = []
    for i, u in enumerate(raw):
        u, where = str(u), raw.loc_of(i)
        try:
            cu = parse(u)
        except ValueError as e:
            c.add(where, f"subsections: {e}", crumb)
            continue
        if cu.law != n:
            c.add(where, f"subsections: {u} is not a part of Law {n}", crumb, f"write e.g. {n}A1, {n}B2(a)")
        elif sections and cu.section not in sections:
            c.add(where, f"subsections: Law {n} has no section {cu.section or '(none named)'} for {u}", crumb,
                  f"its sections are {', '.join(sections)}; add the section, or write e.g. {n}{next(iter(sections))}1")
        elif not sections and cu.section:
            c.add(where, f"subsections: Law {n} has no lettered sections, so {u} cannot be one of its units", crumb)
        elif u in units or any(covers(u, v) or covers(v, u) for v in units):
            other = next(v for v in units if covers(u, v) or covers(v, u))
            c.add(where, f"subsections: {u} overlaps {other} (list each finest unit once, not its whole too)", crumb)
        elif units and sort_key(u) < sort_key(units[-1]):
            c.add(where, f"subsections: {u} comes after {units[-1]}; list the units in book order", crumb)
        else:
            units.append(u)
    for letter in sections:
        if units and not any(covers(f"{n}{letter}", u) for u in units):
            c.add(loc, f"subsections: section {n}{letter} has no unit (list it as {n}{letter} if it has no numbered"
                       " parts)", crumb)
    return tuple(units)


def parse_ok(cite: str, law: int) -> bool:
    """Whether ``cite`` reads as a citation of Law ``law``."""
    try:
        return parse(cite).law == law
    except ValueError:
        return False
