"""The irregularities a director can name: facts/irregularities.yaml, the interview's first screen.

Shape::

    irr = load_irregularities(path, vocabulary, index)   # Irregularities; BridgelawError (file:line)
    irr.groups                  # {group id: {ru, en}} in file order
    irr.items                   # (Irregularity, ...) in file order: id, group, laws, label, kind, short
    irr.get("opening_lead_out_of_turn"); irr.label(item, "en")

An irregularity the knowledge encodes names its vocabulary template (``kind``, whose label it
shows); one it does not encode has its own ``label``.  Whether a law is encoded is the
knowledge's to say (a knowledge/law-NN.yaml file), not this file's.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..errors import Collector, Loc, suggest
from .yamlsafe import LocDict, LocList, load

FILE = Path("facts") / "irregularities.yaml"


@dataclass(frozen=True)
class Irregularity:
    id: str
    group: str
    laws: tuple  # law numbers, e.g. (54,)
    label: dict  # {ru, en}
    kind: str | None = None  # the vocabulary template the interview asks about, when encoded
    short: bool = False  # on the short list the first screen shows first
    brief: dict | None = None  # {ru, en}: its words on the phone's short list (two short lines), where the label is long


@dataclass(frozen=True)
class Irregularities:
    groups: dict  # group id -> {ru, en}
    items: tuple

    def get(self, name: str) -> Irregularity | None:
        return next((i for i in self.items if i.id == name), None)

    def of_kind(self, kind: str) -> Irregularity | None:
        return next((i for i in self.items if i.kind == kind), None)


def _texts(raw, loc: Loc, where: str, c: Collector) -> dict | None:
    if isinstance(raw, LocDict) and set(raw) == {"ru", "en"} and all(isinstance(v, str) and v for v in raw.values()):
        return {"ru": raw["ru"], "en": raw["en"]}
    c.add(loc, "a label is {ru: ..., en: ...}, both given", where)
    return None


def load_irregularities(path: Path, vocabulary, index=None, display: str | None = None) -> Irregularities:
    """Read and check the file; every mistake is reported with its file:line."""
    name = display or str(path)
    data = load(path, name)
    c = Collector()
    if not isinstance(data, LocDict) or not isinstance(data.get("groups"), LocDict) \
            or not isinstance(data.get("irregularities"), LocList):
        c.add(Loc(name, 1, 1), "the file holds 'groups' (a mapping) and 'irregularities' (a list)")
        c.raise_if_any()
    groups = {}
    for g, raw in data["groups"].items():
        label = _texts(raw, data["groups"].loc_of(g), f"groups.{g}", c)
        if label:
            groups[str(g)] = label
    items, seen = [], set()
    for i, raw in enumerate(data["irregularities"]):
        loc = data["irregularities"].loc_of(i)
        if not isinstance(raw, LocDict) or not isinstance(raw.get("id"), str):
            c.add(loc, "an irregularity is a mapping with an 'id'", f"irregularities[{i}]")
            continue
        loc, where = raw.loc, f"irregularities.{raw['id']}"
        unknown = set(raw) - {"id", "group", "laws", "label", "kind", "short", "brief"}
        for k in sorted(unknown):
            c.add(raw.loc_of(k), f"unknown key '{k}'", where, "keys: id, group, laws, label, kind, short, brief")
        if raw["id"] in seen:
            c.add(loc, f"'{raw['id']}' is listed twice", where)
        seen.add(raw["id"])
        if raw.get("group") not in groups:
            c.add(raw.loc_of("group") if "group" in raw else loc, f"group '{raw.get('group')}' is not one of the groups",
                  where, suggest(str(raw.get("group")), groups, "groups"))
        laws = raw.get("laws")
        if not isinstance(laws, LocList) or not laws or not all(isinstance(n, int) for n in laws):
            c.add(raw.loc_of("laws") if "laws" in raw else loc, "laws is a list of law numbers, e.g. [54]", where)
            laws = []
        for n in laws:
            if index is not None and n not in index.laws:
                c.add(raw.loc_of("laws"), f"there is no Law {n} in the 2017 Laws (1-93)", where)
        kind = raw.get("kind")
        templates = vocabulary.templates
        if kind is not None and (kind not in templates or templates[kind].derived or templates[kind].context):
            c.add(raw.loc_of("kind"), f"kind '{kind}' is not a template a director states", where,
                  suggest(str(kind), [n for n, t in templates.items() if not t.derived and not t.context], "templates"))
            kind = None
        if "label" in raw:
            label = _texts(raw["label"], raw.loc_of("label"), where, c)
        elif kind is not None:
            label = dict(templates[kind].label)
        else:
            c.add(loc, "an irregularity without a 'kind' needs a 'label' {ru, en}", where)
            label = None
        brief = _texts(raw["brief"], raw.loc_of("brief"), where, c) if "brief" in raw else None
        if label is not None:
            items.append(Irregularity(str(raw["id"]), str(raw.get("group")), tuple(laws), label, kind,
                                      bool(raw.get("short", False)), brief))
    c.raise_if_any()
    return Irregularities(groups, tuple(items))
