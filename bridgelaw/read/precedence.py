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
    why = {}  # a strict edge (p, q) -> where it is written and what it says
    for p in prods:
        for pat in p.when:
            for q in derivers.get(pat.template, ()):
                if q.id != p.id or pat.negated:
                    edges[p.id].append((q.id, 1 if pat.negated else 0))
                    if pat.negated:
                        why.setdefault((p.id, q.id), (pat.loc, p.id, f"tests that there is no {pat.template}, which {q.id} derives"))
        for q in p.overrides:
            edges[q].append((p.id, 1))
            why.setdefault((q, p.id), (p.overrides_loc or p.loc, p.id, f"overrides {q}"))
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
        loops = _loops(edges, why)
        if not loops:  # cannot happen (every strict edge says why); never pass a loop over in silence
            first = min(pid for pid, s in stratum.items() if s > n)
            c.add(by_id[first].loc, "this production depends on its own outcome through a 'not' or an override",
                  f"production {first}", "break the loop: a production cannot be blocked by what follows from it")
        for (pid, q), (loc, who, what) in loops:
            c.add(loc, f"{what} (so {pid} is decided after {q}), but {q} must itself be decided after {pid}:"
                  f" {' after '.join(_path(edges, q, pid))}",
                  f"production {who}",
                  "break the loop: a production cannot be blocked by what follows from it; if one is the exception,"
                  " drop the 'overrides' (or the 'not') that points back")
        return prods
    return [replace(p, salience=-stratum[p.id]) for p in prods]


def _loops(edges: dict, why: dict) -> list:
    """The strict edges (an override or a 'not') that lie on a cycle, one per group of productions that
    depend on each other, each with where it is written: these are what no order can satisfy."""
    comp, out, seen = strongly_connected({v: [w for w, _ in es] for v, es in edges.items()}), [], set()
    for (pid, q), w in sorted(why.items(), key=lambda kv: (str(kv[1][0]), kv[0])):
        if comp[pid] == comp[q] and comp[pid] not in seen and (pid != q or (q, 1) in edges[pid]):
            seen.add(comp[pid])
            out.append(((pid, q), w))
    return out


def strongly_connected(graph: dict) -> dict:
    """Strongly connected components of a graph ({node: its successors}; iterative Tarjan): node -> the node
    naming its component.  Here for the loops of precedence; committee/lint.py finds derivation cycles with it."""
    index, low, comp, stack, on, counter = {}, {}, {}, [], set(), [0]
    for root in graph:
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter[0]; counter[0] += 1
        stack.append(root); on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]; counter[0] += 1
                    stack.append(w); on.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    while True:
                        w = stack.pop(); on.discard(w); comp[w] = v
                        if w == v:
                            break
    return comp


def _path(edges: dict, start: str, goal: str) -> list[str]:
    """The shortest chain of dependencies from ``start`` to ``goal`` (breadth first), both included."""
    back, todo = {start: None}, [start]
    while todo and goal not in back:
        nxt = []
        for v in todo:
            for w, _ in edges[v]:
                if w not in back:
                    back[w] = v
                    nxt.append(w)
        todo = nxt
    out, v = [], goal
    while v is not None:
        out.append(v)
        v = back.get(v)
    return out[::-1] if out[-1] == start else [start, goal]
