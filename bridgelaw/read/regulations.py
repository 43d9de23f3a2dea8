"""The Regulating Authorities' elections: regulations/NAME.yaml, one file per authority.

Shape::

    authority: EBU                                    # how a ruling names it
    name: {en: "English Bridge Union", ru: "..."}
    source: "https://..."                             # the authority's regulations
    elections:
      adjusted_score_method: {value: weighted, source: "https://..."}
      opening_lead_face_down:                         # dated: each entry in force from its day
        - {value: true, source: "...", in_force: "2008-09-01"}

Every option is one the Laws leave to the Regulating Authority (knowledge/laws.yaml ``ra_options``: its
subsection and the values it allows); an election of anything else, or of a value the Law does not allow,
is an error at its file:line with a suggestion.  regulations/wbf.yaml elects every option: an authority
that says nothing about an option follows it.  ``regulated`` states the elections as the ``regulations``
fact of an incident before anything runs (the facts an incident states itself win), and says which
authority and which elections the ruling was made under.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import date
from pathlib import Path

from ..errors import BridgelawError, Collector, Loc, Problem, suggest
from ..model import remembered
from .yamlsafe import LocDict, LocList, load, located

FOLDER = "regulations"
TEMPLATE = "regulations"  # the fact the engine states from the authority's file (regulated): never asked
DEFAULT = "wbf"
AS_THEY_STAND = 99991231  # the day ruled for when none is given: every amendment in force
_KEYS = ("authority", "name", "source", "elections")
_ENTRY = ("value", "source", "in_force", "note")


@dataclass(frozen=True)
class Election:
    option: str
    value: str  # as text: 'weighted', 'true', '30'
    source: str = ""
    in_force: str | None = None  # YYYY-MM-DD: in force from that day (None: from the start)
    loc: Loc | None = None


@dataclass(frozen=True)
class Regulations:
    name: str  # the file's stem: wbf, acbl, ebu, rbf
    authority: str
    title: dict
    source: str
    file: str
    elections: dict = field(default_factory=dict)  # option -> (Election, ...) in date order

    def in_force(self, as_of: str | None = None) -> dict:
        """option -> the Election in force on ``as_of`` (YYYY-MM-DD; None: the latest, as they stand now)."""
        out = {}
        for option, dated in self.elections.items():
            now = [e for e in dated if as_of is None or e.in_force is None or e.in_force <= as_of]
            if now:
                out[option] = now[-1]
        return out


def valid_date(text) -> bool:
    try:
        date.fromisoformat(str(text))
    except ValueError:
        return False
    return len(str(text)) == 10


def regulation_files(root: Path) -> list[Path]:
    folder = Path(root) / FOLDER
    return sorted(folder.glob("*.yaml")) if folder.is_dir() else []


def load_regulations(root: Path, index, vocabulary, shown=str) -> tuple[dict, list[Problem]]:
    """name -> Regulations for every regulations/*.yaml under ``root``, and the problems found."""
    c = Collector()
    out = {}
    for path in regulation_files(root):
        r = _one(path, shown(path), index, c)
        if r is not None:
            out[r.name] = r
    options = index.ra_options()
    template = vocabulary.templates.get("regulations") if vocabulary is not None else None
    for name, o in options.items():
        if template is not None and name not in template.slots:
            c.add(Loc("knowledge/laws.yaml"), f"ra_options: {o.cite}: option '{name}' is no slot of 'regulations'"
                  " in the vocabulary", "", suggest(name, template.slots, "regulations"))
    if DEFAULT in out:
        missing = [o for o in options if o not in out[DEFAULT].elections]
        if missing:
            c.add(Loc(out[DEFAULT].file, 1, 1), f"the default authority elects every option; it says nothing of"
                  f" {', '.join(missing)}", DEFAULT)
    return out, c.problems


def _one(path: Path, name: str, index, c: Collector) -> Regulations | None:
    try:
        data = load(path, name)
    except BridgelawError as e:
        c.problems.extend(e.problems)
        return None
    crumb = f"regulations {path.stem}"
    if not isinstance(data, LocDict) or not isinstance(data.get("elections"), LocDict):
        c.add(Loc(name, 1, 1), "expected a mapping: authority, name: {en, ru}, source, elections: {option: value}",
              crumb)
        return None
    for key in data:
        if key not in _KEYS:
            c.add(data.key_loc(key), f"unknown key '{key}'", crumb, suggest(key, _KEYS, "a regulations file"))
    title = data.get("name")
    if not (isinstance(title, LocDict) and set(title) == {"en", "ru"}):
        c.add(data.loc_of("name") if "name" in data else Loc(name, 1, 1),
              "name: expected the authority's name in both languages, {en: \"...\", ru: \"...\"}", crumb)
        title = {}
    options = index.ra_options()
    elections = {}
    raw = data["elections"]
    for option, spec in raw.items():
        where = raw.key_loc(option)
        if option not in options:
            c.add(where, f"'{option}' is not an option the Laws leave to the Regulating Authority", crumb,
                  suggest(option, options, "the options (knowledge/laws.yaml ra_options)"))
            continue
        entries = spec if isinstance(spec, LocList) else [spec]
        dated = []
        for i, entry in enumerate(entries):
            at = spec.loc_of(i) if isinstance(spec, LocList) else raw.loc_of(option)
            e = _entry(option, entry, at, options[option], crumb, c)
            if e is not None:
                dated.append(e)
        if len(dated) > 1 and any(e.in_force is None for e in dated[1:]):
            c.add(raw.loc_of(option), f"{option}: every election after the first needs in_force: YYYY-MM-DD", crumb)
        elif any(a.in_force and b.in_force and a.in_force >= b.in_force for a, b in zip(dated, dated[1:])):
            c.add(raw.loc_of(option), f"{option}: list the elections in the order they came into force", crumb)
        elections[option] = tuple(dated)
    return Regulations(path.stem, str(data.get("authority") or path.stem.upper()), dict(title or {}),
                       str(data.get("source") or ""), name, elections)


def _entry(option: str, entry, at: Loc, ra_option, crumb: str, c: Collector) -> Election | None:
    if not isinstance(entry, (LocDict, LocList)) and entry is not None:  # a bare value: {value: it}
        entry = located({"value": entry}, at)
    if entry is None or "value" not in entry:
        c.add(at, f"{option}: expected {{value: ..., source: \"...\"}} (or a list of them, each with in_force)", crumb)
        return None
    for key in entry:
        if key not in _ENTRY:
            c.add(entry.key_loc(key), f"{option}: unknown key '{key}'", crumb, suggest(key, _ENTRY, "an election"))
    value = str(entry["value"]).lower()
    if not ra_option.allows(value):
        c.add(entry.loc_of("value"), f"{option}: the Laws ({ra_option.cite}) do not allow '{entry['value']}'",
              crumb, f"allowed: {ra_option.allowed()}" + (f"; did you mean {_near(value, ra_option.values)}?"
                                                           if _near(value, ra_option.values) else ""))
        return None
    in_force = entry.get("in_force")
    if in_force is not None and not valid_date(in_force):
        c.add(entry.loc_of("in_force"), f"{option}: in_force: expected a date YYYY-MM-DD, such as 2017-06-01", crumb)
        return None
    return Election(option, value, str(entry.get("source") or ""), str(in_force) if in_force else None,
                    entry.loc_of("value"))


def _near(value: str, known) -> str:
    import difflib
    close = difflib.get_close_matches(value, list(known), n=1, cutoff=0.6)
    return close[0] if close else ""


def amendments_used(knowledge, ruling) -> list:
    """The dated texts (amendments, and texts an amendment replaced) the ruling's firings used, each once."""
    out = {}
    for f in ruling.firings:
        p = knowledge.by_id.get(f.production)
        if p is not None and (p.in_force or p.until):
            out.setdefault(p.id, {"production": p.id, "cite": p.cite, "in_force": p.in_force, "until": p.until,
                                  "amendment": dict(p.amendment) if p.amendment else None})
    return list(out.values())


def regulated(incident, knowledge, ra: str | None = None, as_of: str | None = None):
    """(the incident with its ``regulations`` fact, what the ruling says of it) under the authority named by
    ``ra``, else the incident's ``ra:``, else WBF; elections in force on ``as_of`` (None: as they stand now).
    A slot the incident states itself is kept."""
    made = _regulations_fact(incident, knowledge, ra, as_of)
    if made is None:
        return incident, None
    name, as_of, stated, fact, values = made  # ``stated``: the incident's own fact (not an equal one ruled before)
    options, used, chosen = _in_force(knowledge, knowledge.regulations or {}, name, as_of)
    order_of = knowledge.vocabulary.templates
    from .incident import in_number_order  # the incident's own order: revoke-2 before revoke-10
    facts = tuple(sorted((*(f for f in incident.facts if f is not stated), fact),
                         key=lambda f: (order_of[f.template].order, in_number_order(f.id))))
    said = {"name": name, "authority": chosen.authority, "title": dict(chosen.title), "as_of": as_of,
            "file": chosen.file,
            "elections": [{"option": o, "cite": options[o].cite,
                           "value": values.get(o) if stated is not None and o in stated.known() else e.value,
                           "in_force": e.in_force, "source": e.source,
                           "stated": stated is not None and o in stated.known()}
                          for o, e in used.items() if o in options]}
    return replace(incident, facts=facts), said


def _regulations_fact(incident, knowledge, ra: str | None, as_of: str | None) -> tuple | None:
    """(the authority's name, the day, the incident's own ``regulations`` fact or None, the fact a ruling of
    ``incident`` is made under, its values) as ``regulated`` says; None where the vocabulary has no such
    template.  The fact is made once per authority, day and stated fact (per knowledge, the stated fact by its
    content): every ruling under them, and each possibility of what is not known (explain/possible/), is made
    under the same."""
    regs = getattr(knowledge, "regulations", None) or {}
    name = (ra or getattr(incident, "ra", "") or DEFAULT).lower()
    as_of = as_of or getattr(incident, "as_of", None)
    if name not in regs and (regs or name != DEFAULT):
        raise BridgelawError(Problem(Loc(ra and "--ra" or incident.name), f"no regulations for '{name}'", "",
                                     suggest(name, regs, "the Regulating Authorities (regulations/)")))
    if as_of is not None and not valid_date(as_of):
        raise BridgelawError(Problem(Loc("--as-of"), f"'{as_of}' is not a date", "", "write it YYYY-MM-DD, such as"
                                                                                    " 2017-06-01"))
    template = knowledge.vocabulary.templates.get("regulations")
    if template is None:
        return None
    stated = next((f for f in incident.facts if f.template == "regulations"), None)

    def made() -> tuple:
        _, used, chosen = _in_force(knowledge, regs, name, as_of)
        values = {"authority": chosen.authority, "day": int(as_of.replace("-", "")) if as_of else AS_THEY_STAND}
        for option, e in used.items():
            if option in template.slots:
                slot = template.slots[option]
                values[option] = slot.coerce({"bool": e.value == "true", "int": int(e.value) if slot.type == "int"
                                              else None}.get(slot.type, e.value))
        if stated is not None:
            values.update(stated.known())
        fact = InFactType(template="regulations", id=stated.id if stated else "regulations",
                          values=tuple((s, values.get(s)) for s in template.slots),
                          loc=stated.loc if stated else Loc(incident.name))
        return fact, values
    try:
        got = remembered(knowledge, "_regulations_facts", (name, as_of, stated, None if stated else incident.name),
                         made, knowledge.memos.texts)
    except TypeError:  # a stated value that cannot be a key (a list): made afresh
        got = made()
    return (name, as_of, stated, *got)


def _in_force(knowledge, regs: dict, name: str, as_of: str | None) -> tuple:
    """(the options the Laws leave to a Regulating Authority, the elections in force on ``as_of`` under ``name``,
    its Regulations): the same for every ruling under them, worked out once per knowledge."""
    memo = knowledge.__dict__.setdefault("_in_force", {})
    key = (name, as_of)
    if key not in memo:
        options = knowledge.index.ra_options() if knowledge.index else {}
        used = {o: Election(o, opt.default, "knowledge/laws.yaml") for o, opt in options.items()
                if opt.default is not None}
        used.update(regs[DEFAULT].in_force(as_of) if DEFAULT in regs else {})
        used.update(regs[name].in_force(as_of) if name in regs else {})
        memo[key] = options, used, regs.get(name) or Regulations(DEFAULT, DEFAULT.upper(), {}, "", "knowledge/laws.yaml")
    return memo[key]


def elections(incident, knowledge, ra: str | None = None, as_of: str | None = None) -> tuple:
    """The ``regulations`` fact a ruling of ``incident`` is made under, as a tuple (empty where nothing in the
    incident is not known): its numbers tell apart a number not known (explain/possible/) before either back
    end rules the possibilities."""
    if not any(f.possible for f in incident.facts):
        return ()
    made = _regulations_fact(incident, knowledge, ra, as_of)
    return () if made is None else (made[3],)


from .incident import InFact as InFactType  # noqa: E402  (incident.py imports nothing of this module)
