"""The options the Laws leave to the Regulating Authority, and each authority's election of them.

Shape: ``elections(knowledge, ra, as_of) -> [OptionRow]`` (book order: each option's subsection, the values the
Law allows, the election in force with its source and day, and the productions that test it);
``render(rows, lang)`` is the table ``bridgelaw coverage --ra NAME`` prints; the book shows the same rows
for every shipped authority (committee/book.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..read.regulations import DEFAULT
from ..words import word


@dataclass(frozen=True)
class OptionRow:
    option: str
    cite: str
    allowed: str
    label: dict  # {ru, en}: the option in words (the vocabulary's slot)
    value: str  # the election in force ('' where none)
    value_label: dict  # {ru, en}
    inherited: bool  # the authority says nothing: the Laws' default (regulations/wbf.yaml) holds
    in_force: str | None
    source: str
    productions: tuple  # ids of the productions that test it


def elections(knowledge, ra: str = DEFAULT, as_of: str | None = None) -> list[OptionRow]:
    regs = knowledge.regulations or {}
    own = regs[ra].in_force(as_of) if ra in regs else {}
    base = regs[DEFAULT].in_force(as_of) if DEFAULT in regs else {}
    template = knowledge.vocabulary.templates.get("regulations")
    rows = []
    for name, o in knowledge.index.ra_options().items():
        e = own.get(name) or base.get(name)
        slot = template.slots.get(name) if template else None
        value = e.value if e else ""
        labels = {}
        if slot is not None and slot.values and value in slot.values:
            labels = dict(slot.values[value])
        elif slot is not None and slot.type == "bool" and str(value).lower() in ("true", "false"):  # «да», never "true"
            labels = {lang: slot.label_of(str(value).lower() == "true", lang) for lang in ("ru", "en")}
        testers = tuple(p.id for p in knowledge.productions
                        if any(c.template == "regulations" and name in _slots(c) for c in p.when))
        rows.append(OptionRow(name, o.cite, o.allowed(), dict(slot.label) if slot else {}, value, labels,
                              name not in own and ra != DEFAULT, e.in_force if e else None,
                              e.source if e else "", testers))
    return rows


def _slots(condition) -> set:
    tests = getattr(condition, "tests", None) or getattr(condition, "slots", None) or ()
    return {getattr(t, "slot", t) for t in tests}


def render(rows: list[OptionRow], authority: str, lang: str = "en") -> str:
    lines = ["", word("options.heading", lang, authority=authority)]
    for r in rows:
        said = r.value_label.get(lang) or r.value or "—"
        tail = [word("options.default", lang)] if r.inherited else []
        if r.in_force:
            tail.append(word("options.since", lang, day=r.in_force))
        lines.append(f"  {r.cite:<9} {r.option:<28} {said}" + (f" ({'; '.join(tail)})" if tail else ""))
        lines.append(f"  {'':<9} {word('options.allowed', lang)}: {r.allowed}; "
                     + (word("options.tested_by", lang, ids=", ".join(r.productions)) if r.productions
                        else word("options.untested", lang)))
        if r.source:
            lines.append(f"  {'':<9} {r.source}")
    return "\n".join(lines)
