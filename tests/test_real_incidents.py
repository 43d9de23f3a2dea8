"""The auction laws keep their real incidents: issue 15's floors, counted per law, cannot silently fall.

A real incident is a thread, article or appeal where it happened at a table, told in our own words:
a shipped incident (facts/incidents/) with a ``source:`` whose ruling cites the law, or a YAML case with
a ``source:`` (its own or its incident's) that is filed under the law (tests/cases/law-N.yaml), expects an
element cited to it, or names one of its productions as fired.  One thread counts once per law however
many cases retell it (the same thread under two addresses too), and a page of the Laws' own text is
no incident.

The floors: three for each law directors are commonly called for (16C, 20, 21A, 24-32), one for every
other law of 16D and 17-39.  ``SHORT`` lists a law still under its floor, with the count it has: that
count may not fall, and the entry must go once the floor is reached.

    uv run python tests/test_real_incidents.py     # the table: each law, its floor, its incidents
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bridgelaw.committee.testrun import case_files, load_all

ROOT = Path(__file__).resolve().parent.parent

COMMON = ["16C", "20", "21A", "24", "25", "26", "27", "28", "29", "30", "31", "32"]
FLOORS = {**{law: 1 for law in ["16D"] + [str(n) for n in range(17, 40)]}, **{law: 3 for law in COMMON}}
# under its floor for want of a real incident found so far: law -> the count it has
SHORT = {"32": 1}

# pages of the Laws themselves (2017 or earlier), which tell no incident
_LAW_TEXT = re.compile(r"pzbs\.pl/sedziowie/mpb|hellasbridge\.org/law_|thesmolens\.com/LawsDupBridge"
                       r"|bridgecode2017|lovboka\.org")


def thread(source: str) -> str | None:
    """One key per thread: the address without scheme, host prefix, fragment or note; BBO and EBU
    threads by their number, whatever mirror or page of the thread the address names."""
    url = source.split()[0] if source.split() else ""
    if not url or _LAW_TEXT.search(url):
        return None
    if m := re.search(r"bridgebase\.com/forums/topic/(\d+)", url):
        return f"bbo-topic-{m[1]}"
    if m := re.search(r"bridgebase\.com/forums/.*pid=(\d+)", url):
        return f"bbo-post-{m[1]}"
    if m := re.search(r"ebu\.co\.uk/(?:forum/)?discussion/(comment/)?(\d+)", url):
        return f"ebu-{'comment' if m[1] else 'discussion'}-{m[2]}"
    url = re.sub(r"^[a-z]+://", "", url).split("#")[0].rstrip("/")
    return re.sub(r"^(www\d*|preview|forumstest)\.", "", url)


def _laws_of(cite: str) -> set[str]:
    """'28B' -> {'28', '28B'}; '12C1(b)' -> {'12', '12C'}."""
    m = re.match(r"(\d+)([A-Z]?)", str(cite))
    if not m:
        return set()
    return {m[1], m[1] + m[2]} if m[2] else {m[1]}


def real_incidents(engine, knowledge) -> dict[str, dict[str, list[str]]]:
    """law -> thread -> what tells it (shipped incidents and cases), for the laws with floors."""
    out: dict[str, dict[str, list[str]]] = {}

    def add(laws: set[str], source: str, what: str) -> None:
        key = thread(source)
        if key is None:
            return
        for law in laws & FLOORS.keys():
            out.setdefault(law, {}).setdefault(key, []).append(what)

    for f in sorted((ROOT / "facts" / "incidents").glob("*.yaml")):
        incident = engine.load_incident(f)
        if incident.source:
            cited = set().union(*(_laws_of(e.cite) for e in engine.rule(incident).elements if e.cite))
            add(cited, incident.source, f"facts/incidents/{f.name}")
    cases, _ = load_all(case_files(ROOT), knowledge.vocabulary)
    for c in cases:
        laws = {str(c.law)} if c.law is not None else set()
        laws |= set().union(*(_laws_of(e.cite) for e in c.expect if e.cite), set())
        laws |= set().union(*(_laws_of(pid.split(".")[0]) for pid in c.fired), set())
        add(laws, c.source or c.incident.source, f"{Path(c.file).name}: {c.name}")
    return out


@pytest.fixture(scope="module")
def found(ruled, knowledge):
    return real_incidents(ruled, knowledge)  # the shipped incidents' rulings made once per test process


def test_every_law_holds_its_floor(found):
    under = {law: len(found.get(law, {})) for law, floor in FLOORS.items()
             if len(found.get(law, {})) < floor and law not in SHORT}
    assert not under, f"laws under issue 15's floor of real incidents (law: threads found): {under}"


def test_a_short_law_neither_falls_nor_stays_listed_once_it_reaches_its_floor(found):
    fell = {law: (len(found.get(law, {})), n) for law, n in SHORT.items() if len(found.get(law, {})) < n}
    assert not fell, f"a short law lost real incidents (law: (now, before)): {fell}"
    reached = [law for law in SHORT if len(found.get(law, {})) >= FLOORS[law]]
    assert not reached, f"these laws have reached their floor: take them out of SHORT: {reached}"


def test_one_thread_counts_once():
    assert thread("https://forums.ebu.co.uk/discussion/440/end-of-auction") \
        == thread("https://www.ebu.co.uk/forum/discussion/440/end-of-auction")
    assert thread("https://www3.dal13.sl.bridgebase.com/forums/topic/52283-north-wales-congress-2/page__p__626874") \
        == thread("https://bridgebase.com/forums/topic/52283-x")
    assert thread("https://forums.ebu.co.uk/discussion/92/illegal-bid (shared case C49)") == "ebu-discussion-92"
    assert thread("https://www.pzbs.pl/sedziowie/mpb/2017/en/l22.html") is None
    assert thread("https://www.nzbridge.co.nz/forums,forum,11,94,Unintended+call%3F.html") \
        == thread("https://nzbridge.co.nz/forums,forum,11,94,Unintended+call%3F.html")


if __name__ == "__main__":
    from bridgelaw.engine import Engine, load
    knowledge = load(ROOT)
    found = real_incidents(Engine(knowledge), knowledge)
    order = ["16C", "16D"] + [str(n) for n in range(17, 40) if str(n) != "21"] + ["21", "21A"]
    for law in order:
        threads = found.get(law, {})
        mark = "" if len(threads) >= FLOORS.get(law, 0) else "  UNDER"
        print(f"{law:>4}  floor {FLOORS.get(law, '-')}  threads {len(threads)}{mark}")
        if "-v" in sys.argv:
            for key, whats in sorted(threads.items()):
                print(f"        {key}: {'; '.join(whats)}")
