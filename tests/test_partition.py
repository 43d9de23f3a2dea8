"""Partitioning (bridgelaw/run/partition.py): which productions an incident runs, and in which engines."""
from __future__ import annotations

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
