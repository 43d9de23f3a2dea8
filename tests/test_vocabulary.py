"""The vocabulary in parts (facts/vocabulary/): the stated order is the interview's; a small project's one file still reads.

The mistakes a committee can make with the parts (one missing from the order, one listed but absent,
a name defined in two parts) are pinned with their messages in tests/errors/.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.read.vocabulary import load_vocabulary, part_files
from bridgelaw.read.yamlsafe import load

ROOT = Path(__file__).resolve().parent.parent
PARTS = ROOT / "facts" / "vocabulary"


def test_the_parts_come_in_the_stated_order_and_so_do_their_templates():
    vocab = load_vocabulary(PARTS, "facts/vocabulary")
    stated = list(load(PARTS / "index.yaml")["parts"])
    assert [p.name for p in vocab.parts] == stated
    assert [p.file for p in vocab.parts] == [f"facts/vocabulary/{n}.yaml" for n in stated]
    across = [t for p in vocab.parts for t in p.templates]
    assert list(vocab.templates) == across
    assert [vocab.templates[t].order for t in across] == list(range(len(across)))
    assert list(vocab.elements) == [e for p in vocab.parts for e in p.elements]
    assert vocab.templates["deal"].loc.file == "facts/vocabulary/deal.yaml"  # locations name the part


def test_reordering_the_parts_reorders_the_interview(tmp_path):
    folder = tmp_path / "vocabulary"
    shutil.copytree(PARTS, folder)
    index = (folder / "index.yaml").read_text(encoding="utf-8")
    (folder / "index.yaml").write_text(index.replace("  - claims ", "  - claims-first ")
                                       .replace("  - deal ", "  - claims\n  - deal ")
                                       .replace("  - claims-first ", "  # claims moved first "), encoding="utf-8")
    vocab = load_vocabulary(folder)
    assert [p.name for p in vocab.parts][:2] == ["claims", "deal"]
    assert vocab.templates["claim"].order < vocab.templates["deal"].order < vocab.templates["revoke"].order


def test_a_small_project_may_keep_one_file(tmp_path):
    """The parts written one after the other into facts/vocabulary.yaml give the same vocabulary."""
    templates, elements = [], []
    for path, _ in part_files(PARTS):
        text = path.read_text(encoding="utf-8")
        sections = re.split(r"^(templates|elements):\n", text, flags=re.M)  # either may come first
        for key, body in zip(sections[1::2], sections[2::2]):
            (templates if key == "templates" else elements).append(body)
    one = tmp_path / "vocabulary.yaml"
    one.write_text("templates:\n" + "\n".join(templates) + "\nelements:\n" + "\n".join(elements), encoding="utf-8")
    single, parts = load_vocabulary(one), load_vocabulary(PARTS)
    assert list(single.templates) == list(parts.templates) and list(single.elements) == list(parts.elements)
    assert [p.name for p in single.parts] == ["vocabulary"]


def _problems(folder: Path) -> list[str]:
    with pytest.raises(BridgelawError) as e:
        load_vocabulary(folder, "facts/vocabulary")
    return [p.render() for p in e.value.problems]


def _edited(tmp_path: Path, part: str, *changes: tuple[str, str]) -> tuple[list[str], list[str]]:
    """(the problems of a copy of the vocabulary whose ``part`` has each (old, new) of ``changes`` made, the part's
    lines as edited: the lines the problems name)."""
    folder = tmp_path / "vocabulary"
    shutil.copytree(PARTS, folder)
    edited = (folder / part).read_text(encoding="utf-8")
    for old, new in changes:
        edited = edited.replace(old, new)
    (folder / part).write_text(edited, encoding="utf-8")
    return _problems(folder), edited.splitlines()


def _line(lines: list[str], stripped: str, start: int = 0) -> int:
    """The number of the first line from ``start`` that reads ``stripped`` once stripped."""
    return next(n for n, x in enumerate(lines[start:], start + 1) if x.strip() == stripped)


def test_a_stray_single_file_beside_the_parts_is_refused(tmp_path):
    folder = tmp_path / "facts" / "vocabulary"
    shutil.copytree(PARTS, folder)
    (tmp_path / "facts" / "vocabulary.yaml").write_text("templates: {}\n", encoding="utf-8")
    [problem] = _problems(folder)
    assert problem.startswith("facts/vocabulary.yaml:1:1: the vocabulary is in parts under facts/vocabulary/;"
                              " this file is not read")


def test_parts_without_their_order_are_refused(tmp_path):
    folder = tmp_path / "vocabulary"
    shutil.copytree(PARTS, folder)
    (folder / "index.yaml").unlink()
    [problem] = _problems(folder)
    assert problem.startswith("facts/vocabulary/index.yaml:1:1: no such file: it states the order of the"
                              " vocabulary's parts")
    parts = sorted(f.stem for f in PARTS.glob("*.yaml") if f.stem != "index")  # every part, named
    assert f"parts: [{', '.join(parts)}]" in problem


def _first_questions(root: Path, knowledge=None, engine=None) -> list[str]:
    """The templates of the questions asked about a revoke and a claim on the same board, in asking order (the
    knowledge at ``root``, or the one given with its engine)."""
    from bridgelaw.engine import Engine, load as load_knowledge
    from bridgelaw.faces.interview import Interview, simulate
    from bridgelaw.read.incident import incident_from_facts
    knowledge = knowledge or load_knowledge(root)
    revoke = load(ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml")["facts"]
    claim = load(ROOT / "facts" / "incidents" / "claim-outstanding-trump-unmentioned.yaml")["facts"]
    deal = {k: v for k, v in revoke["deal"].items() if k != "declarer_tricks"}  # the revoke board's count: not the claim's
    facts = {"deal": deal, "revoke": revoke["revoke"], "claim": claim["claim"]}
    incident = incident_from_facts("revoke and claim", facts, knowledge.vocabulary)
    _, asked = simulate(Interview(knowledge, engine or Engine(knowledge)), incident)
    return [t for t in dict.fromkeys(q.key.split(".")[0].split("-")[0].removeprefix("exists:") for q in asked)
            if t in ("revoke", "claim")]


def test_the_interview_asks_in_the_stated_order(tmp_path, monkeypatch, knowledge, engine):
    monkeypatch.setenv("BRIDGELAW_CACHE", "off")
    # revokes before claims in index.yaml: the shipped knowledge (the session's, conftest.py)
    assert _first_questions(ROOT, knowledge, engine) == ["revoke", "claim"]
    root = tmp_path / "p"
    shutil.copytree(ROOT / "facts" / "vocabulary", root / "facts" / "vocabulary")
    shutil.copytree(ROOT / "knowledge", root / "knowledge")
    index = root / "facts" / "vocabulary" / "index.yaml"
    text = index.read_text(encoding="utf-8")
    claims = next(line for line in text.splitlines() if line.startswith("  - claims "))
    index.write_text(text.replace(claims + "\n", "").replace("  - revokes ", claims + "\n  - revokes "),
                     encoding="utf-8")
    assert _first_questions(root) == ["claim", "revoke"]


def test_one_idea_has_one_name():
    """Template and element names that are the same words in another order (``call_cancelled`` beside
    ``cancelled_call``) would make a committee member ask whether they differ; and a call says in one slot
    that it was the pass that ended the auction (``ends_auction``, not a second ``final_pass``)."""
    vocabulary = load_vocabulary(ROOT / "facts" / "vocabulary")
    by_words: dict = {}
    for name in set(vocabulary.templates) | set(vocabulary.elements):
        by_words.setdefault(frozenset(name.split("_")), set()).add(name)
    # the play's pair, not yet unified: played_card (the fact: a card put down, is it played?) and
    # card_played (the ruling element: it is played)
    known = [["card_played", "played_card"]]
    assert [sorted(names) for names in by_words.values() if len(names) > 1] == known
    assert "ends_auction" in vocabulary.templates["call"].slots
    assert "final_pass" not in vocabulary.templates["call"].slots


def test_what_not_known_leaves_out_is_checked_at_its_line(tmp_path):
    """``not_known:`` (what "?" cannot be, given the rest of the incident): a slot that is none, a seat's rule
    on a number, a bound that is no number are each refused at their line."""
    folder = tmp_path / "vocabulary"
    shutil.copytree(PARTS, folder)
    part = folder / "partly-known.yaml"
    text = part.read_text(encoding="utf-8")
    part.write_text(text + "  revoke.nobody: {at_most: deal.current_trick, why: {ru: x, en: x}}\n"
                    "  claim.claimer: {at_most: deal.current_trick, why: {ru: x, en: x}}\n"
                    "  lead.card: {not_seats: {of: deal.declarer, are: [partner]}, why: {ru: x, en: x}}\n",
                    encoding="utf-8")
    problems = _problems(folder)
    assert any("not_known: 'revoke.nobody' is no slot of the vocabulary" in p for p in problems), problems
    assert any("not_known: claim.claimer: at_most is for a number slot" in p for p in problems), problems
    assert any("not_known: lead.card: not_seats is for a seat slot" in p for p in problems), problems
    assert all(p.startswith(str(part.relative_to(tmp_path)).replace("vocabulary/", "facts/vocabulary/"))
               or "partly-known.yaml:" in p for p in problems), problems
    assert load_vocabulary(PARTS).not_known[("revoke", "offender")].not_seats == ("deal", "declarer", ("partner",))


def test_what_an_answer_settles_is_the_vocabulary_s_and_checked(tmp_path):
    """``settles`` (nobody corrected the explanation: it was never corrected) is data a committee edits; a value
    or slot that is not there is refused at its line."""
    vocab = load_vocabulary(PARTS, "facts/vocabulary")
    assert vocab.slot("explanation", "corrected_by").settles == {"nobody": {"correction_time": "never"}}
    problems, lines = _edited(tmp_path, "proprieties.yaml", ("settles: {nobody: {correction_time: never}}",
                                                             "settles: {nobdy: {correction_time: someday, when: never}}"))
    at = f"facts/vocabulary/proprieties.yaml:{_line(lines, 'corrected_by:') + 1}:"  # the slot's body
    assert any(p.startswith(at) and "settles names 'nobdy', which is not one of its values" in p for p in problems)
    assert any(p.startswith(at) and "settles correction_time as 'someday'" in p for p in problems)
    assert any(p.startswith(at) and "settles 'when', which is not another slot of explanation" in p for p in problems)


def test_what_the_story_told_asks_for_is_the_vocabulary_s_and_checked(tmp_path):
    """An event "a choice made" tells its choice (``tells``), and its after_call is asked for that kind
    (``asked_when``): data a committee edits (faces/telling.py reads it); a value, template or slot that is not
    there is refused at the slot's line."""
    vocab = load_vocabulary(PARTS, "facts/vocabulary")
    assert vocab.slot("event", "kind").tells == {"choice_made": {"template": "choice", "asks": ["option", "chosen"]}}
    assert vocab.slot("event", "after_call").asked_when == {"kind": ["choice_made"]}
    problems, lines = _edited(
        tmp_path, "auction.yaml",
        ("choice_made: {template: choice, asks: [option, chosen]}",
         "choice_mad: {template: choise, asks: [option]}\n          call: {template: choice, asks: [chose]}"),
        ("asked_when: {kind: [choice_made]}", "asked_when: {kind: [choise_made], kinds: [x]}"))
    event = next(n for n, x in enumerate(lines) if x == "  event:")
    kind, after = _line(lines, "kind:", event) + 1, _line(lines, "after_call:", event) + 1  # the slots' bodies
    at, at2 = f"facts/vocabulary/auction.yaml:{kind}:", f"facts/vocabulary/auction.yaml:{after}:"
    assert any(p.startswith(at) and "tells names 'choice_mad', which is not one of its values" in p for p in problems)
    assert any(p.startswith(at) and "tells 'choice_mad' with 'choise'" in p for p in problems)
    assert any(p.startswith(at) and "tells 'call' asks choice.chose" in p for p in problems)
    assert any(p.startswith(at2) and "asked_when: kind has no value 'choise_made'" in p for p in problems)
    assert any(p.startswith(at2) and "asked_when names 'kinds'" in p for p in problems)


def test_which_calls_could_break_an_obligation_to_pass_is_the_vocabulary_s(tmp_path):
    """pass_obligation's broken_by (the calls that could break an obligation told before them) names the call's
    slots and values; one that is not there is refused at broken_by's line."""
    vocab = load_vocabulary(PARTS, "facts/vocabulary")
    assert {"out_of_rotation": True} in vocab.templates["pass_obligation"].broken_by["calls"]
    problems, lines = _edited(tmp_path, "rulings.yaml", ("- {out_of_rotation: true}   ", "- {out_of_turn: true}   "),
                              ("side_called_before: true}", "side_called_before: maybe}"))
    at = f"facts/vocabulary/rulings.yaml:{_line(lines, 'broken_by:')}:"
    assert any(p.startswith(at) and "broken_by.calls names 'out_of_turn', which is not a slot of call" in p
               for p in problems)
    assert any(p.startswith(at) and "call.side_called_before has no value 'maybe'" in p for p in problems)


def test_what_is_not_asked_while_another_slot_has_a_value_is_the_vocabulary_s_and_checked(tmp_path):
    """``not_asked_when`` (no trick is being played once play has ended) is data a committee edits; a slot or
    value that is not there is refused at the slot's line."""
    vocab = load_vocabulary(PARTS, "facts/vocabulary")
    assert vocab.slot("deal", "current_trick").not_asked_when == {"play_ended": True}
    problems, lines = _edited(tmp_path, "deal.yaml", ("not_asked_when: {play_ended: true}",
                                                      "not_asked_when: {play_ended: maybe, play_over: true}"))
    at = f"facts/vocabulary/deal.yaml:{_line(lines, 'current_trick:') + 1}:"  # the slot's body
    assert any(p.startswith(at) and "not_asked_when: play_ended has no value 'maybe'" in p for p in problems)
    assert any(p.startswith(at) and "not_asked_when names 'play_over', which is not another slot of deal" in p
               for p in problems), problems
