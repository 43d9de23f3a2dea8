"""What the director does not know never loses what does not depend on it (explain/possible/).

For every shipped incident and every YAML case, each stated slot in turn is written "not known" ("?"), and each
seat also by its side (``{one_of: [E, W]}``): the ruling so blanked, read for the class of the value the incident
stated (its plain elements, and those said under a condition that holds for that value), must give exactly the
elements of the fully known ruling (an element naming the unknown value said once, unnamed, stands for it); an
element said under a condition names the slot blanked; and it never has fewer laws than the fully known one
unless it says which unknown it left not known.  The counts are printed (``pytest -s``).

Every shipped incident has each of its slots blanked; the cases, many more, one slot each in turn (the slot
rotating from case to case); each incident is its own test and the cases are split in parts, so that parallel
workers share them.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridgelaw import values as V
from bridgelaw.explain.possible import blanked, stated_slots
from bridgelaw.read.cases import load_cases
from bridgelaw.read.incident import load_incident

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))
COUNTS: dict = {"incidents": 0, "variants": 0, "plain": 0, "unnamed": 0, "conditional": 0, "classes": 0,
                "bounded": 0, "already": 0, "auction": 0, "ruled_out": 0}


def _slots(knowledge, incident) -> list[tuple]:
    """(fact, slot, form) of every stated slot that can be blanked: "?", and a seat by its side too."""
    out = []
    for fact, slot, value, type_ in stated_slots(knowledge, incident):
        out.append((fact, slot, "?"))
        if type_ == "seat":
            out.append((fact, slot, ("one_of", tuple(x for x in V.SEATS if V.side_of(x) == V.side_of(value)))))
    return out


def _key(e) -> str:
    return json.dumps([e.kind, e.cite, e.args, e.text], sort_keys=True, default=str, ensure_ascii=False)


def _unslotted(e, slot: str):
    """``e`` with the blanked slot's value taken out of the words that name a fact (``revoke(..., trick=6, ...)``)."""
    import dataclasses
    import re
    args = {a: re.sub(rf"\b{slot}=[^,)]*", f"{slot}=?", v) if isinstance(v, str) else v for a, v in e.args.items()}
    return dataclasses.replace(e, args=args)


def _holds(when, fact: str, slot: str, value) -> bool:
    """Whether an element's condition holds where the blanked slot has the value the incident stated."""
    return any(all(c["fact"] != fact or c["slot"] != slot or value in c["values"] for c in way) for way in when["cases"])


def check(engine, incident, fact: str, slot: str, form, base=None) -> list[str]:
    """What is wrong with the ruling of ``incident`` with (fact, slot) blanked, against its fully known ruling
    (``base``, ruled once per incident by the caller that blanks several of its slots)."""
    knowledge = engine.knowledge
    base = base if base is not None else engine.rule(incident)
    value = next(f for f in (incident.stated or incident.facts) if f.id == fact).get(slot)
    blank = blanked(knowledge, incident, fact, slot, form)
    got = engine.rule(blank)
    COUNTS["variants"] += 1
    over = [any(f.template == "auction_over" for f in i.facts) for i in (incident, blank)]
    if over == [True, False]:  # the slot stated (a declarer) is what said the auction had ended: not known, it
        COUNTS["auction"] += 1  # goes on (read/auction.py), and the laws of the auction rule
        return []
    possible = got.possible or {"slots": [], "bounded": []}
    if any(b["fact"] == fact and b["slot"] == slot for b in possible["bounded"]):
        COUNTS["bounded"] += 1
        return []  # said left not known: the ruling is as before
    COUNTS["classes"] += sum(len(s["classes"]) for s in possible["slots"])
    split = next((s for s in possible["slots"] if s["fact"] == fact and s["slot"] == slot), None)
    if split and not any(value in c["values"] for c in split["classes"]):
        COUNTS["ruled_out"] += 1  # the rest of the incident rules the stated value out of "not known" (the
        return []  # vocabulary's not_known: a revoker is not dummy): no class stands for it
    if got.possible and got.possible["bounded"] and not (base.possible or {}).get("bounded"):
        COUNTS["bounded"] += 1  # the bound was reached: the ruling says which slots it left not known
        return []
    if base.possible and not all(s["left_out"] for s in base.possible["slots"]):  # something was not known already: its conditions and this one's combine
        COUNTS["already"] += 1
        lost = {e.cite for e in base.elements} - {e.cite for e in got.elements}
        return [f"fewer laws ({', '.join(sorted(lost))})"] if lost else []
    problems = []
    view = []
    # the conditions the fully known ruling already says elements under: a slot it left out that a production
    # waits on, a choice not yet made (one mechanism with "?": explain/possible/)
    known_conditions = {(c["fact"], c["slot"]) for e in base.elements if e.when for way in e.when["cases"] for c in way}
    for e in got.elements:
        named = {(c["fact"], c["slot"]) for way in e.when["cases"] for c in way} if e.when else set()
        if e.when is None or (fact, slot) not in named and named <= known_conditions:
            view.append(e)  # plain, or under the conditions the fully known ruling says it under too
        else:
            COUNTS["conditional"] += 1
            if (fact, slot) not in named:
                problems.append(f"{e.cite} {e.kind} said under a condition not naming {fact}.{slot}: {e.when['text']['en']}")
            if _holds(e.when, fact, slot, value):
                view.append(e)
    want = [_key(e) for e in base.elements]
    left = list(view)
    for e, k in zip(base.elements, want):
        exact = next((x for x in left if _key(x) == k), None)
        if exact is None:  # said once with the unknown value unnamed
            exact = next((x for x in left if x.kind == e.kind and x.cite == e.cite and x.args.keys() == e.args.keys()
                          and all(x.args[a] == v or (x.args[a] is None and v is not None) for a, v in e.args.items())
                          and x.args != e.args), None)
            if exact is not None:
                COUNTS["unnamed"] += 1
        if exact is None:  # a judgment about the fact, which names it with the value its class was ruled by
            exact = next((x for x in left if x.when is not None and _key(_unslotted(x, slot)) == _key(_unslotted(e, slot))),
                         None)
        elif exact.when is None:
            COUNTS["plain"] += 1
        if exact is None:
            problems.append(f"lost: [{e.cite}] {e.kind} {e.args} {e.text['en']!r}")
        else:
            left.remove(exact)
    for x in left:
        if x.kind == "director_judgment" and (x.args.get("fact"), x.args.get("slot")) == (fact, slot):
            continue  # the judgment the director could not make, said as his to make
        problems.append(f"not in the fully known ruling: [{x.cite}] {x.kind} {x.args} {x.text['en']!r}"
                        + (f" ({x.when['text']['en']})" if x.when else ""))
    lost = {e.cite for e in base.elements} - {e.cite for e in got.elements}
    if lost:
        problems.append(f"fewer laws ({', '.join(sorted(lost))}) without saying which unknown removed them")
    return problems


def _cases(knowledge):
    out = []
    for f in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        out += load_cases(f, knowledge.vocabulary, str(f.relative_to(ROOT)))
    return out


@pytest.mark.parametrize("path", INCIDENTS, ids=[p.stem for p in INCIDENTS])
def test_incidents_keep_what_does_not_depend_on_the_blank(path, engine, knowledge, ruled):
    problems = []
    incident = load_incident(path, knowledge.vocabulary, str(path.relative_to(ROOT)))
    if incident.board is not None:
        return  # the cards state what they show: blanking a slot they fill changes nothing
    COUNTS["incidents"] += 1
    base = ruled.rule(incident)  # the fully known ruling, once for all its slots (the session's: test_differential's)
    for fact, slot, form in _slots(knowledge, incident):
        problems += [f"{path.name} {fact}.{slot}={form}: {p}" for p in check(engine, incident, fact, slot, form, base)]
    assert not problems, "\n".join(problems[:40]) + f"\n... {len(problems)} in all"


# Known gaps, each a defect to mend, not a behaviour.
KNOWN_GAPS: set = set()
# Mended (issue 28's closing note named them), and held whatever slot the rotation gives their cases: the dealer
# not known with two calls out of rotation made together (an element said as it is, "North calls next", held
# also where the same words were said unnamed as "the dealer calls next"); a claim's tricks "?" (a figure 70A
# gives of its own: each count its class, never ruled by 0 for 0-2); T11 (d)'s finding that names the ♠2 (the
# class of spot spades ruled by a card the incident's words do not name).
MENDED = {("a natural pass at the RHO's turn beside an artificial bid out of rotation: the pass stays under 30A",
           "dealer"),
          ("the suit order was left open and the regulations fix 'from the top down'", "tricks_to_claimer"),
          ("T11 (d) the ♠2 found dropped by accident (85A1): no revoke, a minor penalty card, North leads freely",
           "card"),
          # found when the rotation moved: a card given on to a penalty card told apart by 50B's tests on it (an
          # honour, a spot card); two elements of one law alike once the seat is unnamed said twice, not once
          ("a defender's ♠7 played with the ♠Q stuck behind it showing: he plays the ♠7, the ♠Q is a major penalty"
           " card (58B2, 50B)", "other_card"),
          ("67B2: a restored card that could have followed to an earlier trick leads to the revoke's questions",
           "offender"),
          # a slot the incident left out split inside a class whose ruling never waits on it: an element it gave
          # there was said under the left-out slot's condition alone ("if found after the next trick is yes"), as
          # if it held in every class; now a left-out slot is split only under the classes whose ruling waits on
          # it (explain/possible/split.py), each other class ruled as its fully known incident is
          ("declarer plays a card and another drops face up beside it: he says which he plays, the other goes back"
           " (58B2)", "declarer"),
          ("a defender says he still holds the ♠5: the named card is a major penalty card, with declarer's lead options",
           "card"),
          ("established when the offending side agrees to the opponents' claim", "revoke_trick_winner"),
          ("dummy who looked at a defender's hand points out the defender's established revoke: no trick is transferred"
           " (43B3)", "what"),
          ("dummy who looked at a defender's hand points out the defender's established revoke: no trick is transferred"
           " (43B3)", "irregularity_by"),
          ("dummy who looked at a defender's hand points out the defender's established revoke: no trick is transferred"
           " (43B3)", "timing")}


def test_the_gaps_once_known_stay_mended(engine, knowledge, ruled):
    problems, seen = [], set()
    for case in _cases(knowledge):
        for fact, slot, form in _slots(knowledge, case.incident):
            if (case.name, slot) in MENDED:
                seen.add((case.name, slot))
                problems += [f"{case.name!r} {fact}.{slot}={form}: {p}"
                             for p in check(engine, case.incident, fact, slot, form, ruled.rule(case.incident))]
    assert seen == MENDED and not problems, "\n".join(problems)


# the cases are ruled in PARTS tests (every PARTS-th case each), so that parallel workers share them
PARTS = 8


@pytest.fixture(scope="module")
def rotated(knowledge) -> list[tuple]:
    """(case, fact, slot, form) of every case whose slots can be blanked, the slot rotating from case to case."""
    out, n = [], 0
    for case in _cases(knowledge):
        if case.incident.board is not None:
            continue
        slots = _slots(knowledge, case.incident)
        if not slots:
            continue
        out.append((case, *slots[n % len(slots)]))
        n += 1
    return out


@pytest.mark.parametrize("part", range(PARTS))
def test_cases_keep_what_does_not_depend_on_the_blank(part, rotated, engine, knowledge, ruled):
    problems = []
    for case, fact, slot, form in rotated[part::PARTS]:
        if (case.name, slot) in KNOWN_GAPS:
            continue
        COUNTS["incidents"] += 1
        base = ruled.rule(case.incident)  # the fully known ruling: the session's, made once per process
        problems += [f"{case.file} {case.name!r} {fact}.{slot}={form}: {p}"
                     for p in check(engine, case.incident, fact, slot, form, base)]
    print("\nnot known, cases:", COUNTS)
    assert not problems, "\n".join(problems[:40]) + f"\n... {len(problems)} in all"


def test_a_slot_a_class_was_ruled_without_is_never_named(engine):
    """The exposed card's owner and the declarer not known while the auction goes on: a declarer given would
    end it, so no class is ruled with one (split.py's _not_yet), and no condition names the declarer ("if declarer
    is North and whose card is South" was said of rulings made with no declarer)."""
    ruling = engine.rule(engine.incident("dropped", {
        "deal": {"declarer": "?"}, "auction": {"dealer": "N", "calls": ["1D", "P", "2D"]},
        "card_exposed_in_auction": {"player": "?", "count": 1, "card": "SA"}}))
    named = {c["slot"] for e in ruling.elements for way in (e.when or {}).get("cases", ()) for c in way}
    assert named == {"player"}, named
    [north] = [e for e in ruling.elements if e.kind == "pass_obligation" and e.args["player"] == "N"]
    assert north.when["text"]["en"] == "if whose card is South"


def test_the_bound_is_said_and_kept(engine, knowledge):
    """Three cards not named, eight classes each (suit, honour or not): past MAX_COMBINATIONS the last slots stay
    not known, the ruling says so, and it is made in well under half a second."""
    import time
    from bridgelaw.explain.possible import MAX_COMBINATIONS
    incident = engine.incident("three cards", {
        "deal": {"declarer": "S", "contract": "4S"},
        "exposed_card": [{"player": "W", "card": "?", "how": "dropped", "another_card_exposed": True}] * 3})
    engine.rule(incident)  # compiled
    t = time.process_time()
    ruling = engine.rule(incident)
    took = time.process_time() - t
    assert ruling.possible["combinations"] <= MAX_COMBINATIONS
    assert [b["fact"] for b in ruling.possible["bounded"]], ruling.possible
    assert "Not every possibility was ruled" in ruling.render("en") and "Рассмотрены не все" in ruling.render("ru")
    assert took < 0.5, f"{took:.2f} s"
    print(f"\nthree cards not named: {ruling.possible['combinations']} combinations ruled in {took * 1000:.0f} ms")
