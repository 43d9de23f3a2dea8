"""WHY looks only where it can find something (bridgelaw/explain/why.py): the productions testing
the templates of the facts at hand, so that the interview's step and the ruling's open questions
follow the incident, not the size of the knowledge."""
from __future__ import annotations

from pathlib import Path

import pytest

from bench import synthetic
from bridgelaw.engine import Engine, load
from bridgelaw.explain import why
from bridgelaw.faces.interview import Interview, simulate
from bridgelaw.run.partition import positive_templates


def test_candidates_are_exactly_the_productions_the_facts_can_match(knowledge, engine):
    """For every template set an incident's working facts have, the index finds what a scan finds, in order."""
    seen = set()
    for path in sorted((Path(__file__).resolve().parent.parent / "facts" / "incidents").glob("*.yaml")):
        _, working, _ = engine.run(engine.load_incident(path))
        templates = frozenset(f.template for f in working)
        if templates in seen:
            continue
        seen.add(templates)
        scan = [p.id for p in knowledge.productions if positive_templates(p) <= templates]
        assert [p.id for p in why.candidates(knowledge, templates)] == scan, sorted(templates)
    assert len(seen) > 5


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    root, groups = synthetic.write_project(tmp_path_factory.mktemp("synthetic"), 100, seed=5)
    return load(root), groups


def test_interview_and_open_questions_look_only_at_the_incidents_group(project, monkeypatch):
    """A simulated interview on an incident of one group of laws never examines another group's productions."""
    knowledge, groups = project
    looked_at = set()
    ways = why._ways
    monkeypatch.setattr(why, "_ways", lambda prod, *a: looked_at.add(prod.id) or ways(prod, *a))
    engine = Engine(knowledge)
    for incident in (x for x in synthetic.incidents(knowledge.vocabulary, groups, 50, 5)
                     if all(f.template.endswith(f"_{groups[0]}") or knowledge.vocabulary.templates[f.template].context
                            for f in x.facts) and len(x.facts) > 1):
        looked_at.clear()
        ruling, asked = simulate(Interview(knowledge, engine), incident)
        if len(asked) > 1 and looked_at:  # an interview that asks, from the productions, beyond what happened
            break
    why.open_questions(knowledge, *engine.run(incident)[1:])  # over all the knowledge, not the incident's part
    assert asked and looked_at
    context = {n for n, t in knowledge.vocabulary.templates.items() if t.context}
    by_id = {p.id: p for p in knowledge.productions}
    strangers = [pid for pid in looked_at
                 if not all(t.endswith(f"_{groups[0]}") or t in context for t in positive_templates(by_id[pid]))]
    assert not strangers
    assert len(looked_at) < len(knowledge.productions) / 2
