"""The interview asks only what can change the ruling, and ends with the ruling `rule` gives.

Two halves: the project's own incidents and cases, each answered by a
simulated director who knows the incident; and a small knowledge of its own
(tests/interview/) that pins how questions are chosen whatever the Laws say.
"""
from __future__ import annotations

import copy
import time
from dataclasses import replace
from pathlib import Path

import pytest

from bridgelaw.read.cases import load_cases
from bridgelaw.faces.cli import main
from bridgelaw.engine import Engine, load
from bridgelaw.read.incident import incident_text, load_incident
from bridgelaw.explain.result import BOARD, FIGURES
from bridgelaw.faces.interview import ADJUSTED, RESULT_WHY, UNKNOWN, AnswerError, Interview, Question, answer_from, simulate
from bridgelaw.explain.ruling import Ruling
from bridgelaw.words import word

ROOT = Path(__file__).resolve().parent.parent
MINI = ROOT / "tests" / "interview"
_KNOWLEDGE = load(ROOT)
_VOCAB = _KNOWLEDGE.vocabulary


def _project_incidents() -> list:
    out = [(f"incidents/{p.name}", load_incident(p, _VOCAB, str(p.relative_to(ROOT))))
           for p in sorted((ROOT / "facts" / "incidents").glob("*.yaml"))]
    for f in sorted((ROOT / "tests" / "cases").glob("*.yaml")):
        out += [(f"{f.stem}:{c.name}", c.incident) for c in load_cases(f, _VOCAB, str(f.relative_to(ROOT)))]
    return out


INCIDENTS = _project_incidents()


def relevant(knowledge, engine: Engine, incident) -> tuple[set, set]:
    """The (template, slot) pairs and the templates that the productions about ``incident`` test.

    A production is about the incident when each of its positive conditions names a
    template the incident states, the deal context, or a derived template that a
    production about the incident states: the productions that fired and their
    blocked alternatives.
    """
    from itertools import islice, product

    from bridgelaw.explain.possible.split import MAX_COMBINATIONS, _known, unknowns
    split = unknowns(knowledge, incident)  # a slot not known: what each possibility's ruling is about (the dealer
    working = []                           # not known: a call out of rotation, and the choice it offers)
    for combo in islice(product(*(u.classes for u in split)), MAX_COMBINATIONS) if split else [()]:
        known = _known(knowledge, incident, {(u.fact, u.slot): c[0] for u, c in zip(split, combo)}) if split \
            else incident
        working += engine.run(known)[1]
    present = {f.template for f in working} | {n for n, t in knowledge.vocabulary.templates.items() if t.context}
    needs = _positive_templates(knowledge)
    about: list = []
    left = list(knowledge.productions)
    changed = True
    while changed:  # to a fixed point: a production about the incident may state what another one tests
        changed, waiting_still = False, []
        for p in left:
            if needs[id(p)] <= present:
                about.append(p)
                present |= {d.template for d in p.derive}
                changed = True
            else:
                waiting_still.append(p)
        left = waiting_still
    slots = {(c.template, t.slot) for p in about for c in p.when for t in c.tests}
    slots |= {(f.template, s) for f in incident.facts for s, slot in _VOCAB.templates[f.template].slots.items()
              if slot.required}
    for f in incident.facts:  # what bounds a slot said not known (the vocabulary's not_known: a trick not yet played)
        for s, _ in f.possible:
            rule = knowledge.vocabulary.not_known.get((f.template, s))
            slots |= {b[:2] for b in (rule.not_seats, rule.at_most, rule.at_least) if b} if rule else set()
    # whether a fact of a template happened at all is worth asking where it is all a production lacks
    # (12C1(e) on a damaging infraction needs only the director's finding on the adjustment)
    lacking = {missing.pop() for p in knowledge.productions if len(missing := set(needs[id(p)] - present)) == 1}
    return slots, {c.template for p in about for c in p.when} | lacking


_NEEDS: dict = {}


def _positive_templates(knowledge) -> dict:
    """Each production (by identity) -> the templates its positive conditions name, worked out once a knowledge."""
    if id(knowledge) not in _NEEDS:
        _NEEDS[id(knowledge)] = (knowledge, {id(p): frozenset(c.template for c in p.when if not c.negated)
                                             for p in knowledge.productions})
    return _NEEDS[id(knowledge)][1]


def _interview(knowledge, engine):
    return Interview(knowledge, engine)


# -- the project's incidents and cases ------------------------------------------------------------


def _at_the_table(incident):
    """``incident`` as told at the table: without what happens only after the ruling (a ``later`` slot, 15A2's
    call on the board the cards came from), which the interview never asks."""
    later = {(t.name, s.name) for t in _VOCAB.templates.values() for s in t.slots.values() if s.later}
    # a slot not known: the interview rules under each possibility a required one only (saved as "?"); another
    # said not known is left out of what it saves, as an answer not yet established (explain/possible/); a value
    # known in part ("a defender") it cannot take yet: the director says not known
    required = {(t.name, s.name) for t in _VOCAB.templates.values() for s in t.slots.values() if s.required}
    facts = tuple(replace(f, values=tuple((k, None if (f.template, k) in later else v) for k, v in f.values),
                          possible=tuple((p[0], "?") for p in f.possible if (f.template, p[0]) in required))
                  for f in incident.facts)
    stated = tuple(replace(f, possible=tuple((p[0], "?") for p in f.possible if (f.template, p[0]) in required))
                   for f in incident.stated)
    return replace(incident, facts=facts, stated=stated)


_ENGINES: dict = {}  # (knowledge, authority, day) -> the engine ruling for that setting, compiled once


def _engine_for(knowledge, ra, as_of) -> Engine:
    key = (id(knowledge), ra, as_of)
    if key not in _ENGINES:
        _ENGINES[key] = (knowledge, Engine(knowledge, ra, as_of))
    return _ENGINES[key][1]


# The interview after each sequence of answers, its next step taken, per engine: the simulated directors of
# incidents that begin alike (what happened, the deal context) share those answers' steps.  An interview is a
# function of its answers (tests/test_determinism.py replays answers under several hash seeds), so a copy of the
# interview at a prefix is the interview a director who gave those answers would have; each incident's
# interview is still run to its own end, answered from its own facts, and checked whole below.
_PREFIXES: dict = {}


def _copy(iv: Interview) -> Interview:
    c = copy.copy(iv)
    for name, value in vars(iv).items():  # its own answers, memos and step: the copy goes on alone
        if isinstance(value, (list, dict, set)):
            setattr(c, name, copy.copy(value))
    return c


def _simulate_sharing(knowledge, engine, incident) -> tuple[Ruling, list, Interview]:
    """``simulate`` (faces/director.py) from the steps already taken after the same answers, if any:
    (the final ruling, the questions asked, the interview at its end)."""
    seen = _PREFIXES.setdefault((id(knowledge), id(engine)), ({}, knowledge, engine))[0]
    iv, asked = Interview(knowledge, engine), []
    while True:
        key = repr(iv.answers)
        if key in seen:
            iv = _copy(seen[key])
        step = iv.step()
        if key not in seen:
            seen[key] = _copy(iv)
        if not isinstance(step, Question):
            return step, asked, iv
        asked.append(step)
        iv.answer(answer_from(incident, step, iv))


# The interview's own defects, each named until mended: the ruling ``rule`` gives on the saved incident is right.
INTERVIEW_GAPS: set = set()  # none left: the last were a trick "?" whose bound (the trick being played) was never
# asked, a single revoke split on being a repeat by `rule` (64B2 now needs his first revoke told beside it), and a
# value the question leaves out as unable to matter (dummy spoke of a lead from the wrong hand) answered "not known"
# by the simulated director instead of "something else"


@pytest.mark.parametrize("name,incident", INCIDENTS, ids=[n for n, _ in INCIDENTS])
def test_simulated_director_reaches_the_same_ruling(name, incident, knowledge, engine, ruled, request):
    if name in INTERVIEW_GAPS:  # still run: once mended, the test fails until the name is taken out
        request.applymarker(pytest.mark.xfail(strict=True, reason="a known defect of the interview (INTERVIEW_GAPS)"))
    if any(f.template == "regulations" for f in incident.facts):
        pytest.skip("an election stated in the incident: the interview takes the authority as a setting (--ra),"
                    " never as a question")
    if incident.ra or incident.as_of:  # the director's setting: the authority and the day ruled for
        engine = ruled = _engine_for(knowledge, incident.ra or None, incident.as_of)
    ruling, asked, iv = _simulate_sharing(knowledge, engine, incident)
    # what `rule` gives: most incidents are as told at the table already, their ruling made once per test process
    # with test_cases', test_differential's... (conftest's ruled)
    full = ruled.rule(_at_the_table(incident))
    # the interview names the n-th fact of a template template-n (or template); the incident may name it otherwise
    ids, seen = {}, {}
    for f in incident.facts:
        seen[f.template] = seen.get(f.template, 0) + 1
        ids[f.id] = f"{f.template}-{seen[f.template]}" if _VOCAB.templates[f.template].many else f.template
    got = [(e.kind, e.args, e.cite) for e in ruling.elements]
    want = [(e.kind, {k: ids.get(v, v) if isinstance(v, str) else v for k, v in e.args.items()}, e.cite)
            for e in full.elements]
    assert sorted(map(repr, got)) == sorted(map(repr, want)), (
        f"{name}: asked {[q.key for q in asked]}\n--- interview\n{ruling.render('en')}\n--- rule\n{full.render('en')}")
    keys = {q.key for q in asked}
    stated = {f.id for f in iv.incident().facts}  # a derived fact's slots cannot be asked
    left = [f"{q.fact}.{q.slot}" for q in ruling.open_questions
            if q.fact in stated and f"{q.fact}.{q.slot}" not in keys
            and not (f"{q.fact}.{q.slot}" == "deal.declarer" and "deal.auction_ended" in keys)]  # none yet
    assert not left, f"{name}: the ruling leaves open what was never asked: {left}"
    slots, templates = relevant(knowledge, engine, incident)
    for q in asked:
        if q.template == FIGURES:  # the tournament's figures and the sessions, only for artificial scores (12C2)
            assert full.result and full.result.artificial, f"{name}: asked {q.key} for no artificial score"
        elif q.template in ADJUSTED and q.kind == "slot":  # an outcome's side or weight (82C, 12C1(c))
            assert full.result and full.result.status == "adjusted", f"{name}: asked {q.key} for no adjusted score"
        elif q.kind == "slot" and q.why and q.why[0]["summary"] == RESULT_WHY[0]["summary"]:  # asked last, for the
            # board's result (explain/result.py): the board, 64C's tricks without the revoke, and the form of
            # scoring only where the ruling gives artificial scores (their figures, 12C2)
            assert full.result and q.slot in (*BOARD, "vulnerability", "tricks_without_revoke", "scoring"), (
                f"{name}: asked {q.key} for no result")
            assert q.slot != "scoring" or full.result.artificial, (
                f"{name}: asked {q.key} for no result")
        elif q.template in ADJUSTED:  # what the adjusted score is, asked once the ruling adjusts (issue 13)
            assert full.result and full.result.status == "adjusted", f"{name}: asked {q.key} for no adjusted score"
        elif q.kind == "slot":
            gate = (q.template, q.slot) == ("deal", "auction_ended")  # asked in the declarer's place (auction open)
            assert (q.template, q.slot) in slots or gate and ("deal", "declarer") in slots, (
                f"{name}: asked {q.key}, which the ruling does not depend on")
        elif q.kind == "exists":
            assert q.template in templates, f"{name}: asked {q.key}, which the ruling does not depend on"


def test_average_questions_and_step_time(knowledge, engine, capsys):
    """Prints the average number of questions per incident and the time of one step, over a spread of every
    twelfth incident and case (each one's interview is tested above; the time of a step is measured on a sample),
    in CPU seconds: what a step costs, not how busy the machine is."""
    if not INCIDENTS:
        pytest.skip("no incidents or cases yet")
    counts, times = [], []
    for _, incident in INCIDENTS[::12]:
        iv = _interview(knowledge, engine)
        t0 = time.process_time()
        _, asked = simulate(iv, incident)
        times.append((time.process_time() - t0) / (len(asked) + 1))
        counts.append(len(asked))
    avg, per_step = sum(counts) / len(counts), sum(times) / len(times)
    with capsys.disabled():
        print(f"\ninterview: {len(counts)} incidents, {avg:.1f} questions on average "
              f"(min {min(counts)}, max {max(counts)}), {per_step * 1000:.1f} ms per step "
              f"(slowest incident {max(times) * 1000:.1f} ms)")
    assert per_step < 0.05


# -- a small knowledge of the interview's own -------------------------------------------------------


@pytest.fixture(scope="module")
def mini():
    k = load(MINI)
    return k, Engine(k)


def _run(mini, facts: dict) -> tuple[Ruling, list]:
    k, e = mini
    return simulate(Interview(k, e), e.incident("t", facts))


def _keys(asked) -> list[str]:
    return [q.key for q in asked]


def test_kinds_are_the_subjects_of_productions(mini):
    k, e = mini
    q = Interview(k, e).step()
    assert q.key == "incident" and q.multiple
    assert [c.value for c in q.choices] == ["revoke", "claim"]  # not the deal, a derived fact, or objection
    assert q.choices[0].label["ru"] == "Фальшренонс" and q.choices[0].help["en"].startswith("A player")


def test_deal_context_first_then_required_then_what_productions_wait_on(mini):
    ruling, asked = _run(mini, {"deal": {"declarer": "S"},
                                "revoke": [{"offender": "W", "trick": 3, "established": True, "winner": "partner"}]})
    assert _keys(asked) == ["incident", "deal.declarer", "revoke-1.offender", "revoke-1.trick",
                            "revoke-1.established", "revoke-1.winner", "exists:revoke"]
    assert ruling.kinds() == ["transfer_tricks"]
    assert "revoke-1.colour" not in _keys(asked)  # no production tests it


def test_an_override_that_fired_ends_the_questions_its_exceptions_wait_on(mini):
    _, asked = _run(mini, {"revoke": [{"offender": "N", "trick": 12, "established": True, "winner": "partner"}]})
    assert "revoke-1.winner" not in _keys(asked) and "revoke-1.later_trick" not in _keys(asked)


def test_a_chained_fact_is_asked_only_once_its_premise_holds(mini):
    _, asked = _run(mini, {"deal": {"declarer": "N"},
                           "revoke": [{"offender": "W", "trick": 3, "established": False, "winner": "partner"}]})
    assert "revoke-1.winner" not in _keys(asked)  # the revoke is not established: 64A cannot apply


def test_known_false_is_asked_and_not_known_is_an_answer(mini):
    facts = {"deal": {"declarer": "N"},
             "revoke": [{"offender": "W", "trick": 3, "established": True, "winner": "offender"}]}
    ruling, asked = _run(mini, facts)
    assert "revoke-1.later_trick" in _keys(asked)
    assert ruling.fired()[-1] == "64A3.later-trick-not-known"
    assert [q.slot for q in ruling.open_questions] == ["later_trick"]


def test_existence_asked_only_where_a_production_needs_it(mini):
    _, asked = _run(mini, {"claim": {"claimer": "S", "disputed": False}})
    assert _keys(asked) == ["incident", "claim.claimer", "claim.disputed", "exists:objection"]
    _, asked = _run(mini, {"revoke": [{"offender": "W", "trick": 12}]})
    assert not [k for k in _keys(asked) if "claim" in k or "objection" in k]


def test_another_fact_of_a_many_kind(mini):
    ruling, asked = _run(mini, {"deal": {"declarer": "N"}, "revoke": [
        {"offender": "E", "trick": 12}, {"offender": "W", "trick": 4, "established": True, "winner": "partner"}]})
    assert _keys(asked).count("exists:revoke") == 2
    assert sorted(ruling.kinds()) == ["no_rectification", "transfer_tricks"]


def test_why_names_the_productions_waiting(mini):
    k, e = mini
    iv = Interview(k, e)
    iv.answer(["revoke"])
    iv.answer("S")
    iv.answer("W")
    q = iv.step()
    assert q.key == "revoke-1.trick" and q.cites() == ["64B6"]
    assert q.why[0]["summary"]["en"] == "Trick twelve."


def test_answers_by_value_label_number_and_back(mini):
    k, e = mini
    iv = Interview(k, e)
    assert iv.answer("revoke, claim") == ("revoke", "claim")
    assert iv.answer("Юг") == "S"
    assert iv.answer(4) == "W"                  # the fourth seat in the list
    assert iv.answer("12") == 12                 # a number slot takes the number itself
    assert iv.step().key == "revoke-1.established"
    with pytest.raises(AnswerError, match="not one of"):
        iv.answer("maybe")
    assert iv.answer("yes") is True
    assert iv.back() and iv.step().key == "revoke-1.established"
    assert iv.answer("?") is UNKNOWN
    assert iv.step().key == "claim.claimer"
    with pytest.raises(AnswerError, match="not 'revoke.winner'"):
        iv.answer("S", key="revoke.winner")


def test_a_required_slot_may_be_not_known_and_is_not_asked_again(mini, tmp_path):
    k, e = mini
    iv = Interview(k, e)
    iv.answer(["revoke"])
    iv.answer(UNKNOWN)  # declarer: not known
    q = iv.step()
    assert q.key == "revoke-1.offender" and q.allow_unknown  # asked first, but "not known" is an answer
    iv.answer("?")
    assert not isinstance(q := iv.step(), Question) or q.key != "revoke-1.offender"
    assert iv.facts_data()["revoke"] == [{"offender": "?"}]  # the saved file says so: required, not known
    saved = tmp_path / "saved.yaml"
    saved.write_text(incident_text(iv.facts_data(), source="test"), encoding="utf-8")
    assert load_incident(saved, k.vocabulary).facts[0].get("offender") is None


def test_nothing_asked_twice(mini):
    _, asked = _run(mini, {"deal": {"declarer": "N"}, "revoke": [{"offender": "W", "trick": 3}],
                           "claim": {"claimer": "S"}})
    keys = [k for k in _keys(asked) if not k.startswith("exists:")]
    assert len(keys) == len(set(keys))


# -- the command ------------------------------------------------------------------------------------


def test_ask_replays_answers_and_saves_an_incident_rule_reads(tmp_path, capsys):
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n  - incident: [revoke]\n  - deal.declarer: N\n  - revoke.offender: W\n"
                       "  - why\n  - 3\n  - back\n  - revoke.trick: 4\n  - yes\n  - why\n  - partner\n  - no\n",
                       encoding="utf-8")
    save = tmp_path / "incident.yaml"
    rc = main(["--root", str(MINI), "ask", "--lang", "en", "--answers", str(answers), "--save", str(save)])
    out = capsys.readouterr().out
    assert rc == 0, out
    assert "This answer is needed by:\n  64B6 Trick twelve." in out
    assert "Ruling:" in out and "1 trick(s) are transferred." in out and "How:" in out
    assert main(["--root", str(MINI), "rule", str(save), "--lang", "en", "--no-how"]) == 0
    ruled = capsys.readouterr().out
    assert "1. [Law 64A2] 1 trick(s) are transferred." in ruled
    text = save.read_text(encoding="utf-8")
    assert "trick: 4" in text and "trick: 3" not in text

    assert main(["--root", str(MINI), "ask", "--answers", str(answers), "--save", str(save)]) == 1
    assert "уже есть: не заменён" in capsys.readouterr().err  # the interview's language, Russian by default
    assert main(["--root", str(MINI), "ask", "--lang", "en", "--answers", str(answers), "--save", str(save)]) == 1
    assert "exists: not replaced" in capsys.readouterr().err
    assert main(["--root", str(MINI), "ask", "--answers", str(answers), "--save", str(save), "--force"]) == 0
    assert "прежний файл заменён" in capsys.readouterr().out


def test_ask_reports_a_replayed_answer_that_does_not_fit(tmp_path, capsys):
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n  - incident: [revoke]\n  - revoke.trick: 3\n", encoding="utf-8")
    assert main(["--root", str(MINI), "ask", "--answers", str(answers)]) == 1
    err = capsys.readouterr().err
    assert "answers.yaml:3:" in err and "the question asked is 'deal.declarer'" in err


def test_ask_without_a_terminal_reads_numbered_answers(tmp_path, capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n?\n2\n12\nwhy\n2\n2\n"))
    assert main(["--root", str(MINI), "ask", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "  1. Revoke" in out and "No rectification." in out


def test_ask_stops_when_the_answers_run_out(tmp_path, capsys, monkeypatch):
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n  - [claim]\n", encoding="utf-8")
    assert main(["--root", str(MINI), "ask", "--answers", str(answers)]) == 1
    assert "no answer for 'claim.claimer'" in capsys.readouterr().err


# -- the command on the project's knowledge ---------------------------------------------------------

DEFECTIVE = sorted((ROOT / "facts" / "incidents").glob("defective-trick-*.yaml"))


def _texts(template: str) -> set:
    return {s.question["en"] for s in _VOCAB.templates[template].slots.values() if s.question}


def test_ask_on_a_defective_trick_asks_only_about_it_and_rules_as_rule(tmp_path, capsys):
    """The shipped answers (a mapping: any order) replay C08; the saved incident rules the same."""
    save = tmp_path / "c08.yaml"
    assert main(["ask", "--lang", "en", "--answers", str(ROOT / "tests/answers/defective-trick-two-cards.yaml"),
                 "--save", str(save)]) == 0
    out = capsys.readouterr().out
    asked = [line[2:] for line in out.splitlines() if line.startswith("? ")]
    allowed = _texts("deal") | _texts("defective_trick")
    assert [q for q in asked[1:-1] if q not in allowed] == []
    assert asked[-1] == "Was there another: defective trick?"
    ruling = out[out.index("Ruling:"):out.index("How:")].split("\n", 1)[1].strip()
    said = out[out.index("Tell the table:"):out.index("Ruling:")]  # the announcement and the result line first
    assert main(["rule", str(save), "--lang", "en", "--no-how"]) == 0
    got = capsys.readouterr().out
    assert got.split("Ruling:", 1)[1].split("\n", 1)[1].strip() == ruling and got.startswith(said)
    assert main(["rule", str(ROOT / "facts/incidents/defective-trick-two-cards.yaml"), "--lang", "en", "--no-how"]) == 0
    assert capsys.readouterr().out.split("Ruling:", 1)[1].split("\n", 1)[1].strip() == ruling


@pytest.mark.parametrize("path", DEFECTIVE, ids=[p.stem for p in DEFECTIVE])
def test_ask_replays_a_director_with_why_and_back(path, tmp_path, capsys, knowledge, engine):
    """A director's answers in order, with `why` at the first defective-trick question and a `back`."""
    incident = load_incident(path, _VOCAB)
    iv = Interview(knowledge, engine)
    lines = []
    while isinstance(q := iv.step(), Question):
        value = answer_from(incident, q, iv)
        if q.template == "defective_trick" and "why" not in lines:
            lines.append("why")
        if len(iv.answers) == 2:  # answer, take it back, answer again
            lines += [_yaml(value), "back"]
        lines.append(_yaml(value))
        iv.answer(value)
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n" + "".join(f"  - {x}\n" for x in lines), encoding="utf-8")
    save = tmp_path / "incident.yaml"
    assert main(["ask", "--lang", "en", "--answers", str(answers), "--save", str(save)]) == 0, lines
    out = capsys.readouterr().out
    why = out[out.index("This answer is needed by:"):].split("\n? ", 1)[0]
    assert "\n  67" in why and "\n  6" in why
    assert not [line for line in why.splitlines()[1:] if not line.startswith("  67")]
    saved = load_incident(save, _VOCAB)
    assert [e.args for e in engine.rule(saved).elements] == [e.args for e in engine.rule(incident).elements]


def _yaml(value) -> str:
    if value is UNKNOWN:
        return '"?"'
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(value) + "]"
    return f'"{value}"' if isinstance(value, str) else str(value)


def test_a_malformed_answers_file_is_reported_with_its_line(tmp_path, capsys):
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n  - incident: [revoke]\n  - {a: 1, b: 2}\n", encoding="utf-8")
    assert main(["--root", str(MINI), "ask", "--answers", str(answers)]) == 1
    assert "answers.yaml:3:5: an answer names one question, found 2 keys" in capsys.readouterr().err


def test_answers_by_question_in_any_order(tmp_path, capsys):
    answers = tmp_path / "answers.yaml"
    answers.write_text("answers:\n  revoke-2.offender: E\n  exists:revoke: [true, false]\n  revoke.offender: W\n"
                       "  revoke-1.trick: 12\n  revoke-2.trick: 12\n  deal.declarer: N\n  incident: [revoke]\n"
                       "  revoke-1.established: '?'\n  revoke-2.established: false\n",
                       encoding="utf-8")
    assert main(["--root", str(MINI), "ask", "--lang", "en", "--answers", str(answers)]) == 0
    out = capsys.readouterr().out
    assert "1. [Law 64B6] (each: revoke by West and revoke by East) No rectification." in out  # one line for the two revokes


def test_labels_with_spaces_numbers_and_resuming_from_history(mini):
    import json
    k, e = mini
    iv = Interview(k, e)
    assert iv.step().parse("Revoke, Claim") == ("revoke", "claim")
    assert iv.step().parse("1 2") == ("revoke", "claim")
    iv.answer("1")
    iv.answer("?")
    iv.answer("West")
    again = Interview(k, e, answers=json.loads(json.dumps(iv.history())))
    assert again.answers == iv.answers and again.step().key == iv.step().key == "revoke-1.trick"
    data = json.loads(json.dumps(again.step().to_dict()))
    assert data["choices"][11] == {"value": 12, "label": {"ru": "12", "en": "12"}, "help": None, "group": None,
                                   "short": True}
    assert data["why"][0]["cite"] == "64B6"


def test_an_answer_no_question_asked_for_is_reported(tmp_path, capsys):
    from bridgelaw.faces import cli
    answers = tmp_path / "a.yaml"
    answers.write_text((ROOT / "tests" / "answers" / "defective-trick-two-cards.yaml").read_text(encoding="utf-8")
                       + "  defective_trick.trick_won_by: offender_partner\n", encoding="utf-8")
    assert cli.main(["ask", "--answers", str(answers), "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "warning: answer 'defective_trick.trick_won_by' was not used: no question asked for it" in err


def test_a_count_that_contradicts_another_is_refused_at_the_prompt(knowledge, engine):
    """Issue 13: more tricks claimed than remain is refused when it is answered, saying why; the
    interview goes on with the same question."""
    incident = engine.load_incident(ROOT / "facts" / "incidents" / "claim-agreed-then-disputed.yaml")
    interview = Interview(knowledge, engine)
    for _ in range(40):
        q = interview.step()
        if q.key == "claim.tricks_claimed":
            break
        interview.answer(answer_from(incident, q, interview))
    remaining = dict(incident.find("claim")[0].values)["tricks_remaining"]
    # issue 19: the question offers only the counts that can stand (0 to the tricks remaining), so 13 is refused
    # as no count on offer, naming those that are
    assert [c.value for c in interview.step().choices] == list(range(remaining + 1))
    with pytest.raises(AnswerError, match=rf"'13' is not one of: 0, 1, .*, {remaining}$"):
        interview.answer(13)
    assert interview.step().key == "claim.tricks_claimed"  # asked again
    interview.answer(remaining)
    assert interview.step().key != "claim.tricks_claimed"


def test_an_adjusted_score_asks_what_the_score_is(knowledge, engine):
    """Issue 13: once the ruling adjusts the score, the interview asks for the outcome the director
    assigns (12C1(b)) and so reaches the scored result, as `rule` does from the file."""
    incident = engine.load_incident(ROOT / "facts" / "incidents" / "slow-3s-raised-to-game.yaml")
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    keys = [q.key for q in asked]
    assert "exists:adjusted_outcome" in keys and "adjusted_outcome-1.contract" in keys
    assert ruling.result.outcomes and ruling.result.outcomes[0]["contract"] == "3S"


@pytest.mark.parametrize("damaged,changed", [(True, "12B2.rectified-result-replaced"),
                                               (False, "12B2.rectified-result-kept")])
def test_12b2_damage_is_asked_after_the_rectified_result_is_shown(knowledge, engine, damaged, changed):
    """Issue 30: after the Laws' rectification (27B1(a)'s lowest sufficient bid, 27D), the damage judgment (12B2) is
    asked last, with the result as it stands shown above it (its board asked first); the ruling then says whether
    the judgment changed that result."""
    f = ROOT / "tests" / "cases" / "law-12.yaml"
    case = next(c for c in load_cases(f, _VOCAB, str(f)) if c.name.startswith("12B2:")
                and c.incident.facts and any(x.get("damaged") is damaged for x in c.incident.facts))
    ruling, asked = simulate(Interview(knowledge, engine), case.incident)
    keys = [q.key for q in asked]
    judged = keys.index("replacement-1.damaged")
    assert {"deal.contract", "deal.declarer", "deal.declarer_tricks", "deal.vulnerability"} <= set(keys[:judged])
    for lang in ("ru", "en"):
        shown = asked[judged].text[lang]
        assert shown.startswith(word("result.so_far", lang)) and "+400" in shown.split("\n")[0], shown
    assert changed in ruling.fired()


def test_the_first_questions_why_names_the_laws_by_group_not_the_productions(knowledge, engine):
    """The why of "what happened?" is one line per law (a phone shows it), grouped as the first screen is."""
    q = _interview(knowledge, engine).step()
    laws = sorted({p.law for p in knowledge.productions if p.subject.template in _interview(knowledge, engine).kinds})
    assert sorted(int(w["cite"]) for w in q.why) == laws  # each law once, no production ids
    assert not any(w["production"] for w in q.why)
    groups = [w["summary"]["en"].split(":")[0] for w in q.why]
    assert groups == sorted(groups, key=groups.index)  # a group's laws stand together
    assert all(knowledge.laws[int(w["cite"])].title["ru"] in w["summary"]["ru"] for w in q.why)
