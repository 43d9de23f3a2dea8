"""No contradictions, nothing twice: what a ruling must never hold, checked on the rulings themselves.

Shape: ``clashes(ruling, vocab) -> list[str]`` (each in plain words), and ``ruling_problems(outcomes,
incidents, engine, vocab) -> list[Problem]`` for `bridgelaw check`, which runs every case and incident.

A ruling contradicts itself when it holds, as firm (said under no condition: explain/possible/), an element of a kind and one of a kind
the vocabulary says it ``excludes`` (facts/vocabulary/: the result stands and an adjusted score; play
continues and play has ended); ``option:NAME`` there names one option (the choice of the choice template),
still on offer (not yet chosen), so that a retraction can exclude the option to accept it.  It says a thing twice when it holds two elements of
one kind about the same fact with the same arguments, or the same option twice (offered and made, or
offered twice), whatever the productions that gave them.
"""
from __future__ import annotations

from itertools import combinations

from ..errors import Problem


def _option(e) -> str | None:
    return (e.options or {}).get("option") if e.kind == "option" else None


def _matches(entry: str, e) -> bool:
    """Whether element ``e`` is what an ``excludes`` entry names: a kind, or an option still on offer."""
    kind, _, option = entry.partition(":")
    return e.kind == kind and (not option or (_option(e) == option and not e.options.get("chosen")
                                              and not e.options.get("unmade")))  # no longer on offer


def _identity(e) -> tuple:
    """What makes two elements the same thing said: an option by its option and the fact; any other kind by
    its arguments, its words and the fact."""
    if _option(e):
        return ("option", _option(e), e.about)
    return (e.kind, tuple(sorted((k, str(v)) for k, v in e.args.items())), e.text.get("en"), e.about)


def clashes(ruling, vocab) -> list[str]:
    """The contradictions and repetitions of ``ruling``: two firm elements one of which excludes the other,
    and the same element (or option) twice."""
    firm = [e for e in ruling.elements if e.when is None]
    out: list[str] = []
    for a, b in combinations(firm, 2):
        if not _together(a, b):  # said under possibilities that cannot both be (explain/possible/)
            continue
        ka, kb = vocab.elements.get(a.kind), vocab.elements.get(b.kind)
        if (ka and any(_matches(x, b) for x in ka.excludes)) or (kb and any(_matches(x, a) for x in kb.excludes)):
            out.append(f"{_named(a)} ({a.production}) and {_named(b)} ({b.production}) exclude each other")
        elif _identity(a) == _identity(b) and a.production != b.production:  # one production's firings on
            # one fact joined with several others (64B7: each revoke of the other side) read as one line
            out.append(f"{_named(a)} is said twice ({a.production} and {b.production})")
    return list(dict.fromkeys(out))


def _together(a, b) -> bool:
    """Whether two elements can hold in one ruling: each said whatever is not known, or under possibilities
    (``when``) of which one way of each agrees on every slot both name."""
    if a.when is None or b.when is None:
        return True

    def agree(x: list, y: list) -> bool:
        named = {(c["fact"], c["slot"]): set(map(str, c["values"])) for c in x}
        return all(named[(c["fact"], c["slot"])] & set(map(str, c["values"]))
                   for c in y if (c["fact"], c["slot"]) in named)
    return any(agree(x, y) for x in a.when["cases"] for y in b.when["cases"])


def _named(e) -> str:
    return f"{e.kind} {_option(e)}" if _option(e) else e.kind


HINT = ("one ruling may not hold both, nor say one thing twice: an overrides or a condition settles which"
        " production applies (knowledge/README.md, 'Which elements can stand together')")


def ruling_problems(outcomes, incidents, engine, vocab) -> list[Problem]:
    """Every case's ruling (from its outcome) and every incident's, checked for clashes, each at its line."""
    out = []
    for o in outcomes:
        if o.ruling is not None:
            out += [Problem(o.case.loc, what, f"case '{o.case.name}'", HINT) for what in clashes(o.ruling, vocab)]
    for loc, incident in incidents:
        try:
            ruling = engine.rule(incident)
        except Exception:  # the engine's own failures are reported by the cases and the CLI
            continue
        out += [Problem(loc, what, "incident", HINT) for what in clashes(ruling, vocab)]
    return out
