"""The worked example of knowledge/README.md ("How to..."), step by step on a copy of the project.

The YAML blocks are taken from the README itself, so the example cannot drift
from what the program does.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bridgelaw.faces.cli import main

ROOT = Path(__file__).resolve().parent.parent
NEW = "64A2.revoke-card-won-later-trick"


def example_blocks() -> list[str]:
    text = (ROOT / "knowledge" / "README.md").read_text(encoding="utf-8")
    section = re.split(r"\n## ", text.split("## Worked example", 1)[1])[0]  # up to the next section
    return re.findall(r"```yaml\n(.*?)```", section, re.S)


def _copy(tmp_path, monkeypatch, cases=None):
    root = tmp_path / "p"
    for d in ("knowledge", "facts"):
        shutil.copytree(ROOT / d, root / d)
    shutil.copytree(ROOT / "tests" / "cases", root / "tests" / "cases",
                    ignore=None if cases is None else lambda _, names: [n for n in names if n not in cases])
    shutil.copytree(ROOT / "tests" / "fixtures", root / "tests" / "fixtures")  # the incidents cases name
    monkeypatch.chdir(root)
    return root


@pytest.fixture
def copy(tmp_path, monkeypatch):
    return _copy(tmp_path, monkeypatch)


@pytest.fixture
def copy_64(tmp_path, monkeypatch):
    """A copy whose only cases are Law 64's: `check` rules 23 cases, not some 800 (where what is checked is
    what a law file says, not which case shows each production at work)."""
    return _copy(tmp_path, monkeypatch, cases={"law-64.yaml"})


def run(capsys, *argv) -> tuple[int, str]:
    code = main(["--root", ".", *argv])
    return code, capsys.readouterr().out


def add_slot(root: Path, slot: str) -> None:
    """Step 1: the slot goes under revoke: -> slots: of the vocabulary's part on revokes."""
    vocab = root / "facts" / "vocabulary" / "revokes.yaml"
    text = vocab.read_text(encoding="utf-8")
    at = text.index("\n    slots:\n", text.index("\n  revoke:\n")) + len("\n    slots:\n")
    vocab.write_text(text[:at] + slot + text[at:], encoding="utf-8")


def add_production(root: Path, production: str) -> Path:
    """Step 2: the production goes after the 64A productions of law-64.yaml."""
    law = root / "knowledge" / "law-64.yaml"
    text = law.read_text(encoding="utf-8")
    at = text.index("  - id: 64B")
    law.write_text(text[:at] + production + "\n" + text[at:], encoding="utf-8")
    return law


def test_worked_example(copy, capsys):
    slot, production, overrides, case = example_blocks()
    add_slot(copy, slot)
    law = add_production(copy, production)
    code, out = run(capsys, "check", "--lang", "en", ".")
    assert code == 0
    assert f"production {NEW}: which applies? this production and 64A2.partner-won-revoke-trick" in out
    assert "transfer_tricks with count 1 and transfer_tricks with count 2" in out
    assert f"production {NEW}: which case shows this production at work?" in out

    text = law.read_text(encoding="utf-8")
    at = text.index("    then:", text.index(NEW))
    law.write_text(text[:at] + overrides.strip("\n") + "\n" + text[at:], encoding="utf-8")
    cases = copy / "tests" / "cases" / "law-64.yaml"
    cases.write_text(cases.read_text(encoding="utf-8").rstrip("\n") + "\n\n" + case, encoding="utf-8")
    code, out = run(capsys, "test", "knowledge/law-64.yaml", "-k", "should have been", "--lang", "en")
    assert code == 1
    assert re.search(r"DIFFERS +transfer_tricks \{count: 2, from_side: NS, to_side: EW\} \[64A2\] +"
                     r"transfer_tricks \{count: 2, from_side: EW, to_side: NS\} \[64A2\]", out), out
    assert f"{NEW} [64A2]" in out and "<- #" in out
    assert out.splitlines()[-1] == "0 passed, 1 failed"

    cases.write_text(cases.read_text(encoding="utf-8").replace("from_side: NS, to_side: EW, cite: 64A2}",
                                                               "from_side: EW, to_side: NS, cite: 64A2}"),
                     encoding="utf-8")
    code, out = run(capsys, "test", "knowledge/law-64.yaml", "-k", "should have been", "--lang", "en")
    assert code == 0 and out.splitlines()[-1] == "1 passed, 0 failed"
    code, out = run(capsys, "check", "--lang", "en", ".")
    assert code == 0 and NEW not in out, out


def test_misspelled_slot_of_the_example_is_an_error(copy_64, capsys):
    slot, production, _, _ = example_blocks()
    add_slot(copy_64, slot)
    add_production(copy_64, production.replace("revoke_card_won_later_trick", "revoke_card_won_later_trik"))
    code, out = run(capsys, "check", "--lang", "en", ".")
    assert code == 1
    assert "unknown slot 'revoke_card_won_later_trik' in revoke" in out
    assert "did you mean 'revoke_card_won_later_trick'?" in out


def test_change_how_a_ruling_reads_as_the_howto_says(copy, capsys):
    """The How-to 'Change how a ruling reads': the standard text is the vocabulary's, found by grepping the
    kind under facts/vocabulary/; a production's own text is appended after it, never replacing it."""
    readme = (ROOT / "knowledge" / "README.md").read_text(encoding="utf-8")
    howto = readme.split("## Change how a ruling reads", 1)[1].split("\n## ", 1)[0]
    assert 'grep -n "transfer_tricks:" facts/vocabulary/*.yaml' in howto and "appended" in howto
    part = next(p for p in (copy / "facts" / "vocabulary").glob("*.yaml")
                if "\n  transfer_tricks:\n" in p.read_text(encoding="utf-8"))
    text = part.read_text(encoding="utf-8")
    standard = re.search(r'\n  transfer_tricks:\n.*?\n      en: "([^"]*)"', text, re.S)
    part.write_text(text[:standard.start(1)] + "{count} trick(s) go from {from_side} to {to_side}."
                    + text[standard.end(1):], encoding="utf-8")
    law = copy / "knowledge" / "law-64.yaml"
    text = law.read_text(encoding="utf-8")
    element = "transfer_tricks: {count: 1, from_side: $o.side, to_side: $o.opponents}"
    at = text.index(element, text.index("id: 64A2.partner-won-revoke-trick"))
    law.write_text(text[:at] + element[:-1] + ', text: {ru: "Только одна.", en: "Only one."}}'
                   + text[at + len(element):], encoding="utf-8")
    incident = copy / "partner.yaml"
    incident.write_text("source: a test\nfacts:\n  deal: {declarer: S}\n  revoke:\n"
                        "    - {offender: W, trick: 3, failure: failed_to_follow_suit,"
                        " establishing_act: played_to_next_trick, revoke_trick_winner: offender_partner,"
                        " repeat_in_same_suit: false, required_card_was_faced: false, attention_drawn: after_play}\n",
                        encoding="utf-8")
    code = main(["--root", ".", "rule", "partner.yaml", "--lang", "en", "--no-how"])
    out = capsys.readouterr()
    assert code == 0, out.err
    out = out.out
    assert "[Law 64A2] 1 trick(s) go from East-West to North-South. Only one." in out, out


# -- "The auction and the order of events": its examples, run ------------------------------------

def auction_blocks() -> list[str]:
    text = (ROOT / "knowledge" / "README.md").read_text(encoding="utf-8")
    section = text.split("## The auction and the order of events", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```yaml\n(.*?)```", section, re.S)


def _rule_block(engine, tmp_path, block: str, name: str):
    """The block as an incident, ruled by the session's engine (the shipped knowledge, conftest.py)."""
    path = tmp_path / name
    path.write_text(block, encoding="utf-8")
    return engine.rule(engine.load_incident(path))


def test_readme_auction_example_is_ruled_from_the_calls_alone(tmp_path, engine):
    incident, production, _, _, double, _, events, _typed = auction_blocks()[:8]
    ruling = _rule_block(engine, tmp_path, incident, "auction.yaml")
    kinds = {(e.kind, e.cite) for e in ruling.elements}
    assert ("irregular_call", "27A1") in kinds and ("option", "27A1") in kinds
    # the productions shown are the ones law-27.yaml and law-19.yaml hold, word for word
    assert production.strip() in (ROOT / "knowledge" / "law-27.yaml").read_text(encoding="utf-8")
    assert double.strip() in (ROOT / "knowledge" / "law-19.yaml").read_text(encoding="utf-8")


def test_readme_findings_example_rules_each_call_by_its_own(tmp_path, engine):
    _, _, condition, facts, *_ = auction_blocks()
    assert condition.strip() in (ROOT / "knowledge" / "law-31.yaml").read_text(encoding="utf-8")
    ruling = _rule_block(engine, tmp_path, facts, "findings.yaml")
    got = {(e.kind, e.cite, e.args.get("player")) for e in ruling.elements}
    assert ("auction_proceeds", "31A2(a)", None) in got and ("pass_obligation", "30B1(b)(ii)", "W") in got
    assert not any(cite.startswith("31A2(b)") for _, cite, _ in got)


def test_readme_events_example_reads_the_order(tmp_path, engine):
    *_, order, events, _typed = auction_blocks()[:8]
    assert order.strip() in (ROOT / "knowledge" / "law-27.yaml").read_text(encoding="utf-8")  # after: as law-27 says it
    fired = {f.production for f in _rule_block(engine, tmp_path, events, "events.yaml").firings}
    assert "27C.replaced-before-ruling" in fired
    swapped = events.replace("seq: 1, after_call: 7, player: S", "seq: 3, after_call: 7, player: S")
    fired = {f.production for f in _rule_block(engine, tmp_path, swapped, "e2.yaml").firings}
    assert "27C.replaced-before-ruling" not in fired


def test_readme_typed_auction_example_rules_on_the_auction_as_the_director_found_it(tmp_path, engine):
    *_, typed = auction_blocks()[:8]
    fired = {f.production for f in _rule_block(engine, tmp_path, typed, "typed.yaml").firings}
    assert {"27A1.called-after-ruling", "27B1b.comparable-call"} <= fired, fired
    assert not fired & {"31C.later-bid-is-change-of-call", "25B1.lho-may-accept-change"}, fired


def test_readme_told_choice_example_is_the_vocabulary_s_own():
    *_, told = auction_blocks()
    vocabulary = (ROOT / "facts" / "vocabulary" / "auction.yaml").read_text(encoding="utf-8")
    assert "tells:" in told and all(line in vocabulary for line in told.splitlines())  # an excerpt of event's slots
