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
def test_case(case, ruled, clips_engine):
    """experta's ruling is the session engine's, made once per process (test_cases.py and others rule the cases)."""
    assert_same(clips_engine.rule(case.incident), ruled.rule(case.incident))


@pytest.mark.parametrize("path", INCIDENTS, ids=[p.stem for p in INCIDENTS])
def test_incident(path, ruled, clips_engine, knowledge):
    incident = load_incident(path, knowledge.vocabulary, str(path.relative_to(ROOT)))
    assert_same(clips_engine.rule(incident), ruled.rule(incident))  # the session's (test_not_known's too)


@pytest.fixture(scope="module")
def synthetic_project(tmp_path_factory):
    root, groups = synthetic.write_project(tmp_path_factory.mktemp("synthetic"), 150, seed=8)
    knowledge = load(root)
    incidents = synthetic.incidents(knowledge.vocabulary, groups, 300, seed=8, dense=True)
    return incidents, Engine(knowledge), ClipsEngine(knowledge)


# the 300 incidents are ruled in PARTS tests (every PARTS-th incident each), so that parallel workers share them
PARTS = 4


@pytest.mark.parametrize("part", range(PARTS))
def test_synthetic_knowledge(part, synthetic_project):
    incidents, engine, oracle = synthetic_project
    mine = incidents[part::PARTS]
    fired = 0
    for incident in mine:
        expected = oracle.rule(incident)
        assert_same(expected, engine.rule(incident))
        fired += len(expected.firings)
    assert fired > 3 * len(mine), "the synthetic incidents should make productions fire"


# a slot taking several values, unknown, empty and full, under every test on it (contains, not_contains, known)
_SEVERAL = [{"deal": {"declarer": "S", "contract": "4S"},
             "claim": {"claimer": "S", "about_current_trick_only": False, "hand_faced": False, "tricks_remaining": 3,
                       "tricks_claimed": 3, "response": "doubted", "after_doubt": "director_called",
                       "demonstrably_not_intended": True, **said}}
            for said in ({}, {"action": []}, {"action": ["showed_cards"]}, {"statement": []},
                         {"action": ["stated_tricks_won", "showed_cards"], "statement": ["complete", "late"]},
                         {"action": ["stated_tricks_won"], "statement": ["none"]})]


@pytest.mark.parametrize("facts", _SEVERAL, ids=[str(f["claim"].get("action", "?")) + str(f["claim"].get("statement", "?"))
                                                  for f in _SEVERAL])
def test_a_slot_taking_several_values_unknown_empty_or_full(facts, engine, clips_engine):
    incident = engine.incident("several", facts)
    assert_same(clips_engine.rule(incident), engine.rule(incident))


def test_an_unknown_several_slot_is_the_one_field_nil_in_clips(engine, clips_engine):
    """Unknown is nil in CLIPS; for a multislot, the one field nil (an empty multislot is "none of them", known)."""
    clips_engine.infer(engine.incident("several", _SEVERAL[0]))
    [claim] = [f for f in clips_engine.env.facts() if f.template.name == "t_claim"]
    assert list(claim["action"]) == [clips.Symbol("nil")] and list(claim["statement"]) == [clips.Symbol("nil")]
    clips_engine.infer(engine.incident("several", _SEVERAL[1]))
    [claim] = [f for f in clips_engine.env.facts() if f.template.name == "t_claim"]
    assert list(claim["action"]) == []
