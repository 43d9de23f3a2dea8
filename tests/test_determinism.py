"""The same facts give the same ruling and trace whatever the hash seed, the order of facts or of files."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from bridgelaw.engine import Engine, load
from bridgelaw.read.incident import load_incident

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ["both-sides-revoke.yaml", "repeated-revoke-same-suit.yaml", "declarer-revoke-corrected.yaml",
             "defective-trick-card-left-over.yaml"]


# one process per seed rules every incident, each by the command line's own entry, and prints its rulings
_RULE_ALL = ("import sys\nfrom bridgelaw.faces.cli import main\n"
             "for p in sys.argv[1:]:\n    assert main(['rule', p, '--json']) == 0, p\n    print('\\f', flush=True)")


def test_same_ruling_under_several_hash_seeds():
    paths = [str(ROOT / "facts" / "incidents" / name) for name in INCIDENTS]
    outs = set()
    for seed in ("0", "1", "2", "17", "4242"):
        r = subprocess.run([sys.executable, "-c", _RULE_ALL, *paths],
                           capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed}, cwd=ROOT)
        assert r.returncode == 0, r.stderr
        assert r.stdout.count("\f") == len(paths) and r.stdout.count('"elements"') >= len(paths), r.stdout[:400]
        outs.add(r.stdout)
    assert len(outs) == 1


def test_order_of_facts_does_not_matter(engine):
    a = {"deal": {"declarer": "S"},
         "revoke": [{"id": "x", "offender": "E", "trick": 5, "establishing_act": "played_to_next_trick",
                     "revoke_trick_winner": "non_offending_side", "offending_side_won_later_trick": True},
                    {"id": "y", "offender": "S", "trick": 5, "establishing_act": "played_to_next_trick",
                     "revoke_trick_winner": "offender", "offending_side_won_later_trick": True}]}
    b = {"revoke": list(reversed(a["revoke"])), "deal": a["deal"]}
    ra, rb = engine.rule(engine.incident("a", a)), engine.rule(engine.incident("a", b))
    assert ra.to_dict() == rb.to_dict()


def test_facts_of_a_kind_are_numbered_in_number_order(engine):
    """Eleven revokes, one on each of tricks 1-11, listed backwards: revoke no. 2 is the one on trick 2 (never
    trick 10, as when the values were sorted as text), and the ruling names them 1, 2, ... 10, 11."""
    revokes = [{"offender": "W", "trick": n, "failure": "failed_to_follow_suit", "establishing_act": "played_to_next_trick",
                "revoke_trick_winner": "non_offending_side", "offending_side_won_later_trick": True,
                "repeat_in_same_suit": False, "required_card_was_faced": False, "attention_drawn": "after_play"}
               for n in range(11, 0, -1)]
    incident = engine.incident("many", {"deal": {"declarer": "S", "contract": "4S", "play_ended": True},
                                        "revoke": revokes})
    assert [(f.id, f.get("trick")) for f in incident.facts if f.template == "revoke"] == [
        (f"revoke-{n}", n) for n in range(1, 12)]
    text = engine.rule(incident).render("en")
    assert ", ".join(f"revoke no. {n}" for n in range(1, 12)) in text
    firings = [line for line in text.splitlines() if "facts: Revoke №" in line]
    assert [int(line.split("№ ")[1].split(":")[0].split(";")[0]) for line in firings][:11] == list(range(1, 12))


def test_order_of_files_and_of_productions_does_not_matter(tmp_path, engine, ruled):
    """Productions written in another order (each law file's list reversed) give the same rulings and traces:
    the loader puts them in canonical order, whatever order the files are read or written in."""
    shutil.copytree(ROOT / "facts", tmp_path / "facts")
    shutil.copytree(ROOT / "knowledge", tmp_path / "knowledge")
    shutil.copytree(ROOT / "regulations", tmp_path / "regulations")
    for f in (tmp_path / "knowledge").glob("law-*.yaml"):
        data = yaml.safe_load(f.read_text(encoding="utf-8"))
        data["productions"] = list(reversed(data["productions"]))
        f.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    other = Engine(load(tmp_path))
    assert [p.id for p in other.knowledge.productions] == [p.id for p in engine.knowledge.productions]
    for path in sorted((ROOT / "facts" / "incidents").glob("*.yaml")):  # read as test_differential reads them:
        incident = load_incident(path, engine.knowledge.vocabulary, str(path.relative_to(ROOT)))
        # the shipped order's ruling made once per test process (conftest's ruled), the other one here
        assert other.rule(incident).to_dict() == ruled.rule(incident).to_dict(), path.name


def test_names_of_files_do_not_matter(tmp_path, engine):
    """Law files named .yml instead of .yaml are read the same (the order is the other test's)."""
    shutil.copytree(ROOT / "facts", tmp_path / "facts")
    shutil.copytree(ROOT / "knowledge", tmp_path / "knowledge")
    shutil.copytree(ROOT / "regulations", tmp_path / "regulations")
    files = sorted((tmp_path / "knowledge").glob("law-*.yaml"))
    for f in files:
        f.rename(f.with_suffix(".yml"))
    other = Engine(load(tmp_path))
    incident = engine.load_incident(ROOT / "facts" / "incidents" / "both-sides-revoke.yaml")
    assert other.rule(incident).to_dict() == engine.rule(incident).to_dict()


# -- the interview: the same questions in the same order under every hash seed ---------------------

SEEDS = ("0", "1", "2", "3", "4")


def _list_answers(name: str, tmp_path: Path, knowledge, engine) -> Path:
    """A director's answers to the interview on a shipped incident, bare, in the order asked (the session's
    knowledge and engine: the runs under each seed below are processes of their own)."""
    from bridgelaw.faces.interview import Interview, Question, UNKNOWN, answer_from
    incident = load_incident(ROOT / "facts" / "incidents" / name, knowledge.vocabulary)
    iv, lines = Interview(knowledge, engine), []
    while isinstance(q := iv.step(), Question):
        value = answer_from(incident, q, iv)
        iv.answer(value)
        if value is UNKNOWN:
            value = "?"
        lines.append(repr(list(value) if isinstance(value, tuple) else value).replace("'", '"')
                     .replace("True", "true").replace("False", "false"))
    path = tmp_path / f"{name}.answers.yaml"
    path.write_text("answers:\n" + "".join(f"  - {x}\n" for x in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("answers", ["tests/answers/slow-3s-raised-to-game-list.yaml",
                                     "both-sides-revoke.yaml", "2d-misexplained-nobody-corrects.yaml"])
def test_list_answers_replay_the_same_under_several_hash_seeds(answers, tmp_path, knowledge, engine):
    """Bare answers in the order asked fit only if every run asks in that order; the saved incident
    then names its facts as the interview did, and `rule` on it gives the interview's ruling."""
    path = ROOT / answers if "/" in answers else _list_answers(answers, tmp_path, knowledge, engine)
    runs = []
    for seed in SEEDS:
        save = tmp_path / f"saved-{seed}.yaml"
        runs.append((save, subprocess.Popen(
            [sys.executable, "-m", "bridgelaw.faces.cli", "ask", "--lang", "en", "--answers", str(path),
             "--save", str(save)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, "PYTHONHASHSEED": seed}, cwd=ROOT)))
    outs, saved = set(), set()
    for save, p in runs:
        out, err = p.communicate()
        assert p.returncode == 0, err
        outs.add(out.replace(str(save), "SAVED"))
        saved.add(save.read_text(encoding="utf-8"))
    assert len(outs) == 1 and len(saved) == 1
    out = outs.pop()
    heading = out.index("\nRuling:")
    said = out.rfind("\nTell the table:", 0, heading)  # the announcement stands first, then the result line
    ruling = out[said if said >= 0 else heading:out.index("\nHow:")]
    r = subprocess.run([sys.executable, "-m", "bridgelaw.faces.cli", "rule", str(tmp_path / "saved-0.yaml"),
                        "--lang", "en", "--no-how"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert _without_heading(r.stdout) == _without_heading(ruling)


def _without_heading(text: str) -> str:
    """A ruling's text less its "Ruling: <title>" line (the interview's title is not the saved file's)."""
    return "\n".join(line for line in text.strip().splitlines() if not line.startswith("Ruling:")).strip()


def test_a_ruling_does_not_depend_on_what_was_ruled_before():
    """What the knowledge remembers between rulings (the regulations fact, a slot's classes, the conditions in
    words) is keyed by what it is made from: an incident ruled after another whose facts are equal but not the
    same objects (a case's regulations fact, stated, then written not known) is ruled as in a fresh process."""
    from bridgelaw.explain.possible import blanked
    from bridgelaw.explain.ruling_json import ruling_json
    from bridgelaw.read.cases import load_cases
    path = ROOT / "tests" / "cases" / "law-41.yaml"

    def case(knowledge):
        return next(c.incident for c in load_cases(path, knowledge.vocabulary, "law-41.yaml")
                    if c.name.startswith("Regulations (41A): an event whose regulations have opening leads made face up"))

    def ruled(engine, incident, fact, slot):
        return ruling_json(engine.rule(blanked(engine.knowledge, incident, fact, slot)))
    fresh = load(ROOT)
    alone = ruled(Engine(fresh), case(fresh), "regulations", "opening_lead_face_down")
    after = load(ROOT)
    engine, incident = Engine(after), case(after)
    ruled(engine, incident, "auction", "dealer")  # the regulations fact as stated, remembered
    assert ruled(engine, incident, "regulations", "opening_lead_face_down") == alone
    assert any(e["kind"] == "opening_leader" and e["args"].get("face") == "down" for e in alone["elements"])
