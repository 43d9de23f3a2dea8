"""Precedence: ``overrides`` resolved to production ids, and a salience for each production by stratification.

Shape: ``resolve_overrides(prods, collector)`` then ``stratify(prods, collector)``,
each returning the productions anew (frozen); a reference naming no
production, an override across different facts and a cycle through a
``not`` or an override are reported to the collector.
"""
from __future__ import annotations

from dataclasses import replace

from .citations import covers
from ..errors import Collector, suggest
from ..model import NotLoaded, Production, derivers_of


def resolve_overrides(prods: list[Production], c: Collector, not_loaded: NotLoaded = NotLoaded()) -> list[Production]:
    """Replace each 'overrides' entry (an id or a citation prefix) by the production ids it names
    (one naming only what ``not_loaded`` holds is a consequence of an error reported there: a note)."""
    out = []
    by_id = {p.id: p for p in prods}
    ids = set(by_id)
    for p in prods:
        targets = []
        for ref in p.overrides:
            hit = [ref] if ref in ids else [q.id for q in prods if q.id != p.id and covers(ref, q.cite)]
            if not hit and not_loaded.names(ref):
                c.note(p.overrides_loc or p.loc, f"overrides '{ref}', which did not load (see above)",
                       f"production {p.id}")
            elif not hit:
                c.add(p.overrides_loc or p.loc, f"overrides '{ref}', which names no production", f"production {p.id}",
                      suggest(ref, sorted(ids)))
            for q_id in hit:
                q = by_id[q_id]
                if q.when and p.when and q.when[0].template != p.when[0].template:
                    c.add(p.overrides_loc or p.loc, f"overrides {q_id}, but the two are about different facts"
                          f" ({p.when[0].template} vs {q.when[0].template})", f"production {p.id}",
                          "an override applies to the fact both productions start from: begin both with the same template")
                targets.append(q_id)
        out.append(replace(p, overrides=tuple(sorted(set(targets)))))
    return out


def stratify(prods: list[Production], c: Collector) -> list[Production]:
    """Give each production a salience so that no production fires too early.

    A production that tests a template fires after every production deriving
    it; one that tests its absence (``not``) strictly after; one overridden
    strictly after its overrider.  Salience = -stratum.  A cycle through a
    ``not`` or an override is reported (the knowledge would contradict itself).
    """
    derivers = derivers_of(prods)
    by_id = {p.id: p for p in prods}
    edges = {p.id: [] for p in prods}  # p depends on q with strictness
    for p in prods:
        for pat in p.when:
            for q in derivers.get(pat.template, ()):
                if q.id != p.id or pat.negated:
                    edges[p.id].append((q.id, 1 if pat.negated else 0))
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
    return [replace(p, salience=-stratum[p.id]) for p in prods]
