"""The experta engine and the CLIPS back end (bridgelaw/run/clips.py) give the same ruling.

Both are compiled from the same model; CLIPS is the oracle.  Every YAML case,
every shipped incident and a few hundred synthetic incidents over synthetic
knowledge (bench/synthetic.py: every construct of the language) must give
identical rulings: elements, HOW trace and open questions.  A difference is a
defect of the experta compiler, of experta's agenda or of the CLIPS back end.
"""
from __future__ import annotations

from pathlib import Path

import pytest

clips = pytest.importorskip("clips")

from bench import synthetic  # noqa: E402
from bridgelaw.read.cases import load_cases  # noqa: E402
from bridgelaw.run.clips import ClipsEngine  # noqa: E402
from bridgelaw.engine import Engine, load  # noqa: E402
from bridgelaw.read.incident import load_incident  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
_VOCAB = load(ROOT).vocabulary
CASES = [c for f in sorted((ROOT / "tests" / "cases").glob("*.yaml"))
         for c in load_cases(f, _VOCAB, str(f.relative_to(ROOT)))]
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))


def assert_same(expected, got) -> None:
    """Same elements (in order) and firings first, for a readable failure; then the whole ruling."""
    def elements(r):
        return [(e.kind, e.args, e.cite, e.production) for e in r.elements]
    assert elements(got) == elements(expected), "ruling elements differ (left: experta, right: CLIPS)"
    assert got.fired() == expected.fired(), "firing order differs (left: experta, right: CLIPS)"
    assert got.to_dict() == expected.to_dict()


@pytest.fixture(scope="module")
def clips_engine(knowledge):
    return ClipsEngine(knowledge)


@pytest.mark.parametrize("case", CASES, ids=[f"{Path(c.file).stem}:{c.name}" for c in CASES])
def test_case(case, engine, clips_engine):
    assert_same(clips_engine.rule(case.incident), engine.rule(case.incident))


@pytest.mark.parametrize("path", INCIDENTS, ids=[p.stem for p in INCIDENTS])
def test_incident(path, engine, clips_engine, knowledge):
    incident = load_incident(path, knowledge.vocabulary, str(path.relative_to(ROOT)))
    assert_same(clips_engine.rule(incident), engine.rule(incident))


@pytest.fixture(scope="module")
def synthetic_project(tmp_path_factory):
    root, groups = synthetic.write_project(tmp_path_factory.mktemp("synthetic"), 150, seed=8)
    knowledge = load(root)
    return knowledge, synthetic.incidents(knowledge.vocabulary, groups, 300, seed=8, dense=True)


def test_synthetic_knowledge(synthetic_project):
    knowledge, incidents = synthetic_project
    engine, oracle = Engine(knowledge), ClipsEngine(knowledge)
    fired = 0
    for incident in incidents:
        expected = oracle.rule(incident)
        assert_same(expected, engine.rule(incident))
        fired += len(expected.firings)
    assert fired > 3 * len(incidents), "the synthetic incidents should make productions fire"
