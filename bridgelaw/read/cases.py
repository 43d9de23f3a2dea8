"""YAML cases: an incident and the ruling elements expected, written by a committee.

Shape of tests/cases/law-NN.yaml::

    law: 64
    cases:
      - name: C03 revoke trick not won by the offender
        source: https://...
        facts: {deal: {...}, revoke: {...}}     # or  incident: ../../facts/incidents/x.yaml
        expect:                                 # each must be in the ruling
          - transfer_tricks: {count: 1, from_side: EW, to_side: NS, cite: 64A2}
                                                # when: its condition's words, beside cite, or false: plainly
        expect_none: [penalty_card]             # element kinds that must not appear
        fired: [64A2.offending-side-won-a-trick]
        not_fired: [64A1.offender-won-revoke-trick]
        result: {status: settled, tricks: 10, NS: 420, text: "4♠ by South, 10 tricks (...), made; N-S +420"}
                                                # the board's result (explain/result.py): any of status,
                                                # tricks, made, NS, EW, text (English); null: no result

``load_cases(path, vocabulary) -> [Case]`` (BridgelawError with file:line on
mistakes); ``failures(case, ruling) -> [str]`` lists what does not hold.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import BridgelawError, Collector, Loc, suggest
from .incident import Incident, check_counts, facts_from_data, load_incident
from .schemas import validate
from .yamlsafe import LocDict, LocList, load


@dataclass(frozen=True)
class Expected:
    """An expected ruling element: kind, the args given, optionally the cite."""

    kind: str
    args: tuple
    cite: str | None
    loc: Loc
    when: str | bool | None = None  # the condition it is said under, in English (explain/possible/); false: plainly

    def matches(self, element) -> bool:
        if element.kind != self.kind or (self.cite and element.cite != self.cite):
            return False
        said = (element.when or {}).get("text", {}).get("en")
        if self.when is False and said or isinstance(self.when, str) and (not said or self.when not in said):
            return False
        return all(element.args.get(k) == v for k, v in self.args)

    def __str__(self) -> str:
        args = ", ".join(f"{k}: {v}" for k, v in self.args)
        cite = f" [{self.cite}]" if self.cite else ""
        when = {None: "", False: " (plainly)"}.get(self.when, f" ({self.when})") if not isinstance(self.when, str) \
            else f" ({self.when})"
        return f"{self.kind} {{{args}}}{cite}{when}"


@dataclass(frozen=True)
class Case:
    name: str
    file: str
    loc: Loc
    incident: Incident
    expect: tuple = ()
    expect_none: tuple = ()
    fired: tuple = ()
    not_fired: tuple = ()
    description: str = ""
    source: str = ""
    keywords: tuple = ()
    law: int | None = None
    result: Any = ()  # () not asserted; None: no result; else {status, tricks, made, NS, EW, text} as given


def load_cases(path: str | Path, vocab, display: str | None = None, collector: Collector | None = None) -> list[Case]:
    """Load and check a case file against the schema and the vocabulary.

    Raises BridgelawError listing every problem; with a ``collector`` the problems
    go there instead and the cases without a mistake are returned, so one bad
    value hides no other case (``bridgelaw check`` counts and runs them)."""
    path = Path(path)
    name = display or str(path)
    c = collector if collector is not None else Collector()
    try:
        data = load(path, name)
    except BridgelawError as e:
        if collector is None:
            raise
        c.problems.extend(e.problems)
        return []
    if not isinstance(data, LocDict):
        c.add(Loc(name, 1, 1), "a case file is a mapping: law, cases")
        c.raise_if_any()
        return []
    schema = validate("cases", data, name)
    c.problems.extend(schema)
    bad = _cases_with(schema, data)
    if bad is None or collector is None:
        c.raise_if_any()
    if bad is None:
        return []
    out = []
    names = {}
    for i, raw in enumerate(data["cases"]):
        if i in bad:
            continue
        before = len(c.errors)
        cname = raw["name"]
        crumb = f"case '{cname}'"
        if cname in names:
            c.add(raw.loc_of("name"), f"two cases are named '{cname}'", crumb, f"the first is at line {names[cname].line}")
        names[cname] = raw.loc_of("name")
        if "incident" in raw:
            ipath = (path.parent / raw["incident"])
            try:
                incident = load_incident(ipath, vocab, str(Path(name).parent / raw["incident"]))
            except BridgelawError as e:
                c.problems.extend(e.problems)
                continue
        else:
            before = len(c.errors)
            facts = facts_from_data(raw["facts"], vocab, name, c, raw.loc_of("facts"))
            check_counts(facts, c)
            if len(c.errors) > before:
                continue
            incident = Incident(name=cname, facts=tuple(facts), stated=facts.stated)
        if "ra" in raw or "as_of" in raw:  # the case rules under another authority, or on another day
            from dataclasses import replace
            from .regulations import valid_date
            if "as_of" in raw and not valid_date(raw["as_of"]):
                c.add(raw.loc_of("as_of"), "as_of: expected a date YYYY-MM-DD, such as 2017-06-01", crumb)
                continue
            incident = replace(incident, ra=str(raw.get("ra") or incident.ra),
                               as_of=str(raw["as_of"]) if "as_of" in raw else incident.as_of)
        expect = []
        for j, item in enumerate(raw.get("expect") or []):
            (kind, body), = item.items()
            if kind not in vocab.elements:
                c.add(item.key_loc(kind), f"unknown ruling element '{kind}'", crumb,
                      suggest(kind, vocab.elements, "the vocabulary's elements"))
                continue
            ek = vocab.elements[kind]
            args, cite, when = [], None, None
            for k, v in (body or {}).items():
                if k == "cite":
                    cite = str(v)
                    continue
                if k == "when" and "when" not in ek.args:
                    if v is not False and not isinstance(v, str):
                        c.add(body.loc_of(k), f"{kind}.when: the condition's words (English), or false: said plainly",
                              crumb)
                    when = v
                    continue
                if k not in ek.args:
                    c.add(body.key_loc(k), f"unknown argument '{k}' of {kind}", crumb,
                          suggest(k, list(ek.args) + ["cite"], kind))
                    continue
                try:
                    args.append((k, ek.args[k].coerce(v)))
                except ValueError as e:
                    c.add(body.loc_of(k), f"{kind}.{k}: {e}", crumb)
            expect.append(Expected(kind, tuple(args), cite, item.key_loc(kind), when))
        for k in raw.get("expect_none") or []:
            if k not in vocab.elements:
                c.add(raw.loc_of("expect_none"), f"unknown ruling element '{k}'", crumb,
                      suggest(k, vocab.elements, "the vocabulary's elements"))
        if len(c.errors) > before:
            continue
        out.append(Case(name=cname, file=name, loc=raw.loc, incident=incident, expect=tuple(expect),
                        expect_none=tuple(raw.get("expect_none") or ()), fired=tuple(raw.get("fired") or ()),
                        not_fired=tuple(raw.get("not_fired") or ()), description=raw.get("description") or "",
                        source=raw.get("source") or "", keywords=tuple(raw.get("keywords") or ()),
                        law=data.get("law"), result=dict(raw["result"]) if raw.get("result") else
                        (None if "result" in raw else ())))
    if collector is None:
        c.raise_if_any()
    return out


def _cases_with(problems: list, data: LocDict) -> set[int] | None:
    """The indexes of the cases holding ``problems`` (each case runs from its line to the next case's),
    or None when a problem lies outside every case: the file as a whole is wrong."""
    cases = data.get("cases")
    if not problems:
        return set()
    if not isinstance(cases, LocList) or not cases:
        return None
    starts = [cases.loc_of(i).line for i in range(len(cases))]
    bad = set()
    for p in problems:
        if p.loc.file != cases.loc.file or p.loc.line < starts[0]:
            return None
        bad.add(max(i for i, line in enumerate(starts) if line <= p.loc.line))
    return bad


def check_production_ids(cases: list[Case], knowledge) -> list:
    """Problems for fired/not_fired entries that name no production; one naming a production
    that did not load (knowledge.not_loaded) is a consequence of that error: a note, with no hint."""
    from ..errors import Problem
    ids = {p.id for p in knowledge.productions}
    out = []
    for case in cases:
        for pid in case.fired + case.not_fired:
            if pid in ids:
                continue
            if knowledge.not_loaded.names(pid):
                out.append(Problem(case.loc, f"names production '{pid}', which did not load (see above)",
                                   f"case '{case.name}'", severity="note"))
            else:
                out.append(Problem(case.loc, f"names unknown production '{pid}'", f"case '{case.name}'",
                                   suggest(pid, ids)))
    return out


def failures(case: Case, ruling) -> list[str]:
    """What the ruling gets wrong against the case: empty when the case passes."""
    out = []
    for exp in case.expect:
        if not any(exp.matches(e) for e in ruling.elements):
            out.append(f"expected {exp}")
    for kind in case.expect_none:
        for e in ruling.elements:
            if e.kind == kind:
                out.append(f"expected no {kind}, got {kind} {e.args} [{e.cite}]")
    out += _result_failures(case.result, ruling.result)
    fired = set(ruling.fired())
    for pid in case.fired:
        if pid not in fired:
            out.append(f"expected {pid} to fire")
    for pid in case.not_fired:
        if pid in fired:
            out.append(f"expected {pid} not to fire")
    return out


def _result_failures(want, got) -> list[str]:
    """What the ruling's result gets wrong against the case's ``result`` (explain/result.py)."""
    if want == ():
        return []
    if want is None or got is None:
        return [] if want is got else [f"expected the result {want or 'none'}, got {got.text['en'] if got else 'none'}"]
    actual = {"status": got.status, "tricks": got.tricks, "made": got.made, "text": got.text["en"],
              **(got.score or {"NS": None, "EW": None})}
    notes = [n["en"] for n in got.notes]
    wrong = {k: v for k, v in want.items() if k != "note" and actual[k] != v}
    out = [f"expected the result's {k} {v!r}, got {actual[k]!r}" for k, v in wrong.items()]
    if "note" in want and not any(want["note"] in n for n in notes):
        out.append(f"expected a note under the result holding {want['note']!r}, got {notes!r}")
    return out


def report(case: Case, ruling, problems: list[str], lang: str = "en") -> str:
    """A failure report: the case, expected vs actual elements, and the HOW trace."""
    lines = [f"{case.loc}: case '{case.name}'"]
    lines += [f"  - {p}" for p in problems]
    lines.append("  actual elements:")
    for e in ruling.elements or []:
        lines.append(f"    {e.kind} {e.args} [{e.cite}]")
    if not ruling.elements:
        lines.append("    (none)")
    lines.append(ruling.render(lang, debug=True).replace("\n", "\n    "))
    return "\n".join(lines)
