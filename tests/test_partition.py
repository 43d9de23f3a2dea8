"""Partitioning (bridgelaw/run/partition.py): which productions an incident runs, and in which engines."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench import synthetic
from bridgelaw.engine import load
from bridgelaw.run.partition import Partitions, applicable, mentioned, positive_templates


def test_applicable_follows_derived_facts(knowledge):
    """A production over a derived template applies once something that can fire derives it."""
    stated = frozenset({"revoke"})
    chosen = applicable(knowledge.productions, stated)
    reachable = stated | {d.template for p in chosen for d in p.derive}
    assert {p.id for p in chosen} == {p.id for p in knowledge.productions if positive_templates(p) <= reachable}
    assert any(t not in stated for p in chosen for t in positive_templates(p)), "no chaining exercised"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root, groups = synthetic.write_project(tmp_path_factory.mktemp("synthetic"), 75, seed=3)
    return load(root), groups


def test_components_share_only_context_templates(project):
    knowledge, groups = project
    parts = Partitions(knowledge)
    context = {n for n, t in knowledge.vocabulary.templates.items() if t.context}
    seen: dict = {}
    for p in knowledge.productions:
        for t in set(mentioned(p)) - context:
            assert seen.setdefault(t, parts.component[p.id]) == parts.component[p.id], t
    group_of = {}  # component -> the group its templates belong to: never two
    for p in knowledge.productions:
        for t in set(mentioned(p)) - context:
            assert group_of.setdefault(parts.component[p.id], t.rsplit("_", 1)[1]) == t.rsplit("_", 1)[1]
    assert set(group_of.values()) == set(groups)


def test_an_incident_runs_only_its_groups(project):
    knowledge, groups = project
    parts = Partitions(knowledge)
    stated = frozenset(n for n in knowledge.vocabulary.templates if n.endswith(f"_{groups[1]}") or n == "deal")
    prods = parts.productions(stated)
    assert prods and all(any(t.endswith(f"_{groups[1]}") for t in mentioned(p)) for p in prods)


def test_an_engine_holds_only_what_can_fire(knowledge):
    """An incident's engines are compiled from the productions that apply to it, not their whole components
    (fewer nodes to pass and less to compile), and an engine is kept for the next incident needing the same."""
    from bridgelaw.engine import Engine
    built, compile_ = [], Engine(knowledge)._compile
    parts = Partitions(knowledge, lambda prods: built.append(prods) or compile_(prods))
    stated = frozenset({"revoke"})
    run = parts.runner(stated)
    can = {p.id for p in applicable(knowledge.productions, stated)}
    assert {p.id for prods in built for p in prods} == can
    assert len(can) < len(parts.productions(stated)), "the component holds productions that cannot fire here"
    assert parts.runner(frozenset({"revoke"})) is run and len(built) == len(run.engines)


def test_applicable_is_the_fixpoint(knowledge):
    """applicable() finds what the plain fixpoint finds, in canonical order, for many stated sets."""
    import random
    names = sorted(knowledge.vocabulary.templates)
    rng = random.Random(5)
    for _ in range(40):
        stated = frozenset(rng.sample(names, rng.randint(1, 8)))
        available, changed, chosen = set(stated), True, set()  # (productions by identity)
        while changed:
            changed = False
            for p in knowledge.productions:
                if id(p) not in chosen and positive_templates(p) <= available:
                    chosen.add(id(p))
                    available.update(d.template for d in p.derive)
                    changed = True
        assert applicable(knowledge.productions, stated) == [p for p in knowledge.productions if id(p) in chosen]


def test_engines_kept_are_bounded(knowledge, monkeypatch):
    """Past KEEP engines the least recently used goes (rebuilt on need), and the rulings do not change."""
    import glob

    from bridgelaw.engine import Engine
    from bridgelaw.run import partition
    monkeypatch.setattr(partition, "KEEP", 3)
    bounded, free = Engine(knowledge), Engine(knowledge)
    monkeypatch.setattr(partition, "KEEP", 10**6)  # read when an engine is built: free keeps all it builds
    paths = sorted(glob.glob(str(partition.__file__).rsplit("bridgelaw", 1)[0] + "facts/incidents/*.yaml"))[:25]
    most = 0
    for path in paths * 2:
        monkeypatch.setattr(partition, "KEEP", 3)
        a = bounded.rule(bounded.load_incident(path))
        most = max(most, len(bounded._partitions._engines))
        monkeypatch.setattr(partition, "KEEP", 10**6)
        b = free.rule(free.load_incident(path))
        assert [e.text for e in a.elements] == [e.text for e in b.elements], path
    assert most <= 3 < len(free._partitions._engines)


def test_parts_kept_are_bounded_and_the_common_ones_stay(knowledge, monkeypatch):
    """The third run of the catalogue: 1,200 distinct pairs of kinds left 1,622 parts and 305 engines in one engine's
    Partitions, RSS 41 -> 202 MB, with no bound on the parts.  Now both are bounded, least recently used going first:
    a part used at every other incident stays while a stream of rare ones passes through."""
    from bridgelaw.engine import Engine
    from bridgelaw.run import partition
    monkeypatch.setattr(partition, "PARTS", 6)
    monkeypatch.setattr(partition, "KEEP", 8)
    engine = Engine(knowledge)
    kinds = sorted(t for t, v in knowledge.vocabulary.templates.items() if not getattr(v, "derived", False))[:40]
    common = frozenset({"deal", "revoke"})
    engine._partitions.runner(common)
    common_part = engine._partitions._parts[common]
    for a, b in zip(kinds, kinds[1:]):
        engine._partitions.runner(frozenset({"deal", a, b}))
        engine._partitions.runner(common)
        assert len(engine._partitions._parts) <= 6 and len(engine._partitions._engines) <= 8
    assert engine._partitions._parts[common] is common_part
    ruling = engine.rule(engine.load_incident(Path(__file__).resolve().parent.parent / "facts" / "incidents"
                                              / "revoke-trick-not-won-by-offender.yaml"))
    assert any(e.cite == "64A2" for e in ruling.elements)


def test_a_component_met_often_is_built_whole_and_rules_alike(knowledge, monkeypatch):
    """Past WHOLE_AFTER engines built for parts of a component, its next part runs the whole component (each
    production compiled about once in a process that rules many kinds of incident), and the rulings and their
    HOW are those of the engines of applicable productions alone."""
    import glob

    from bridgelaw.engine import Engine
    from bridgelaw.explain.ruling_json import ruling_json
    from bridgelaw.run import partition
    paths = sorted(glob.glob(str(Path(partition.__file__).parents[2] / "facts" / "incidents" / "*.yaml")))[:30]
    monkeypatch.setattr(partition, "WHOLE_AFTER", 10**6)
    parts_only = Engine(knowledge)
    expected = [ruling_json(parts_only.rule(parts_only.load_incident(p))) for p in paths]
    monkeypatch.setattr(partition, "WHOLE_AFTER", 1)
    whole = Engine(knowledge)
    assert [ruling_json(whole.rule(whole.load_incident(p))) for p in paths] == expected
    built = {prods for prods in whole._partitions._engines}
    wholes = {tuple(p.id for p in ps) for ps in whole._partitions._whole.values()}
    assert built & wholes, "no component was built whole"


def test_an_engine_of_whole_components_builds_each_once_and_rules_alike(knowledge, ruled):
    """Engine(whole=True) (the server's): each component compiled whole on its first need and never again, however
    many combinations of kinds come (no engine let go, none rebuilt), and the rulings those of `rule`'s engines."""
    import glob

    from bridgelaw.engine import Engine
    from bridgelaw.explain.ruling_json import ruling_json
    from bridgelaw.run import partition
    paths = sorted(glob.glob(str(Path(partition.__file__).parents[2] / "facts" / "incidents" / "*.yaml")))[::4]
    whole = Engine(knowledge, whole=True, keep=2)  # keep does not bound whole components (rebuilt they would churn)
    incidents = [ruled.load_incident(p) for p in paths]  # `rule`'s engines: the session's (conftest's ruled)
    assert [ruling_json(whole.rule(i)) for i in incidents] == [ruling_json(ruled.rule(i)) for i in incidents]
    wholes = {tuple(p.id for p in ps) for ps in whole._partitions._whole.values()}
    built = whole._partitions.builds
    assert set(whole._partitions._engines) <= wholes and built == len(whole._partitions._engines) > 2
    for i in reversed(incidents):
        whole.rule(i)
    assert whole._partitions.builds == built, "an engine of whole components compiled again"


def test_engines_let_go_leave_nothing_behind(knowledge):
    """experta interns every test a network is built from in class-level dicts that never shrink (their keys hold
    each compile's own closures), so a server rebuilding parts it had let go kept every test it ever built: RSS grew
    without bound while its engines stayed within their bound.  Rebuilding the same two parts over and over now holds
    no more memory, and experta's dicts are empty once a network is built."""
    import gc
    import tracemalloc

    from bridgelaw.engine import Engine
    from bridgelaw.run.rete import _INTERNED
    engine = Engine(knowledge, keep=1)  # each part's engine lets the other's go

    def cycle() -> None:
        for stated in (frozenset({"deal", "revoke"}), frozenset({"deal", "claim"})):
            engine._partitions.runner(stated)

    cycle()
    tracemalloc.start()  # what the engine kept now was built while tracing, as what it keeps at the end
    try:
        kept = []
        for _ in range(3):  # a leak kept about 0.75 MB a rebuild: the last cycle's two rebuilds show it 15 times
            cycle()
            gc.collect()
            kept.append(tracemalloc.get_traced_memory()[0])
    finally:
        tracemalloc.stop()
    grown = kept[-1] - kept[1]
    assert all(not check._instances for check in _INTERNED)
    assert grown < 100_000, f"{grown:,} bytes kept by 2 rebuilt engines: {kept}"
