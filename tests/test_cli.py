"""The command line as the README promises it: rule (ru, en, json) and check."""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from bridgelaw.faces import cli

ROOT = Path(__file__).resolve().parent.parent
REVOKE = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"
UNKNOWN_TRICK = ROOT / "facts" / "incidents" / "revoke-trick-unknown.yaml"  # the same revoke, its trick unknown


def run(capsys, *args) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_rule_in_russian_cites_64a(capsys):
    code, out, _ = run(capsys, "rule", str(REVOKE))
    assert code == 0
    assert "[Правило 64A2] После розыгрыша одна взятка переходит от пары Восток-Запад к паре Север-Юг." in out
    assert "фальшренонс" in out.lower()
    assert "Как получено:" in out


def test_rule_in_english(capsys):
    code, out, _ = run(capsys, "rule", str(REVOKE), "--lang", "en")
    assert code == 0
    assert "[Law 64A2] At the end of play 1 trick is transferred from East-West to North-South." in out
    assert "How:" in out


def test_rule_as_json(capsys):
    code, out, _ = run(capsys, "rule", str(REVOKE), "--json")
    assert code == 0
    data = json.loads(out)
    transfers = [e for e in data["elements"] if e["kind"] == "transfer_tricks"]
    assert data["version"] == 2  # the shape of schemas/ruling.schema.json
    assert data["result"]["text"]["en"] == "4♠ by South, 10 tricks (9 at the table, +1 by 64A2), made; N-S +420"
    assert (data["result"]["tricks"], data["result"]["score"]) == (10, {"NS": 420, "EW": -420})
    assert transfers == [{
        "kind": "transfer_tricks", "label": {"ru": "Передача взяток", "en": "Trick transfer"},
        "args": {"count": 1, "from_side": "EW", "to_side": "NS"}, "cite": "64A2",
        "production": "64A2.later-trick-won", "text": transfers[0]["text"], "about": "", "how": transfers[0]["how"],
        "options": None, "when": None,  # said whatever is not known
        "past": False}]
    assert data["decisive"] == data["elements"].index(transfers[0])  # read first, and said in the announcement
    assert data["announcement"]["say"]["en"] == "At the end of play 1 trick is transferred from East-West to North-South."
    assert set(transfers[0]["text"]) == {"ru", "en"}
    fired = [f["production"] for f in data["how"]]
    assert fired[transfers[0]["how"][-1] - 1] == "64A2.later-trick-won"
    assert "63A1.played-to-next-trick" in [fired[n - 1] for n in transfers[0]["how"]]
    # the trick not known: on trick 12 there is no transfer (64B6)
    code, out, _ = run(capsys, "rule", str(UNKNOWN_TRICK), "--json")
    [transfer] = [e for e in json.loads(out)["elements"] if e["kind"] == "transfer_tricks"]
    assert transfer["when"]["text"]["en"].startswith("if ") and "revoke trick is 1–11 or 13" in transfer["when"]["text"]["en"]
    assert {(c["fact"], c["slot"]) for way in transfer["when"]["cases"] for c in way} >= {("revoke-1", "trick")}


CLAIM = ROOT / "facts" / "incidents" / "claim-outstanding-trump-unmentioned.yaml"


def test_contested_claim_with_an_unmentioned_trump_prints_the_70c_award(capsys):
    code, out, _ = run(capsys, "rule", str(CLAIM), "--lang", "en")
    assert code == 0
    assert "[Law 70C] East-West is awarded 1 trick." in out
    assert "[Law 70A] Result for the remaining tricks: North-South 7, East-West 1." in out
    assert "[Law 70A] Doubtful points are resolved" in out
    for step in ("[Law 68D2(a)]", "[Law 70B2]", "[Law 70B3]"):  # the claim is settled: its procedure is past
        assert step not in out.partition("How:")[0] and f"[{step[5:-1]}]" in out  # (in HOW still)
    assert "[Law 70B1]" not in out  # "I have the rest" with no line: no statement to repeat
    assert "70C.outstanding-trump" not in out and "[70C] " in out  # HOW names the law, not the production
    code, out, _ = run(capsys, "rule", str(CLAIM), "--lang", "en", "--debug")
    assert "70C.outstanding-trump [70C]" in out  # --debug names the production
    code, out, _ = run(capsys, "rule", str(CLAIM))
    assert "[Правило 70C] Паре Восток-Запад присуждается одна взятка. Её при нормальной" in out


def test_open_questions_carry_why(capsys):
    code, out, _ = run(capsys, "rule", str(UNKNOWN_TRICK), "--json")
    questions = json.loads(out)["open_questions"]
    trick = next(q for q in questions if q["slot"] == "trick")
    assert {"64B6", "62D1"} <= {w["cite"] for w in trick["why"]}


def test_check_is_clean_on_the_shipped_project(shipped_check):
    code, out = shipped_check  # `check --lang en`, run once for the run (conftest.py; tests/test_lint.py reads it too)
    assert code == 0, out
    assert "0 error(s)" in out


def test_check_on_one_law_file_with_a_misspelled_slot(tmp_path, capsys, monkeypatch):
    shutil.copytree(ROOT / "facts", tmp_path / "facts")
    shutil.copytree(ROOT / "knowledge", tmp_path / "knowledge")
    law = tmp_path / "knowledge" / "law-64.yaml"
    text = law.read_text(encoding="utf-8")
    law.write_text(text.replace("revoke_trick_winner: offender_partner}", "revoke_trick_winer: offender_partner}", 1),
                   encoding="utf-8")
    line = next(i for i, l in enumerate(law.read_text(encoding="utf-8").splitlines(), 1) if "revoke_trick_winer" in l)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run(capsys, "check", "--lang", "en", "knowledge/law-64.yaml")
    assert code == 1
    assert f"knowledge/law-64.yaml:{line}:" in out
    assert "unknown slot 'revoke_trick_winer' in revoke" in out
    assert "did you mean 'revoke_trick_winner'?" in out


def test_usage_error_exits_2(capsys):
    try:
        cli.main(["rule"])
    except SystemExit as e:
        assert e.code == 2
    else:  # pragma: no cover
        raise AssertionError("argparse should exit")


def test_check_one_incident_file_names_its_line(tmp_path, capsys):
    mine = tmp_path / "mine.yaml"
    mine.write_text("source: my club\nfacts:\n  revoke: {offender: West, trick: six, establishing_act: \"true\"}\n",
                    encoding="utf-8")
    code, out, _ = run(capsys, "check", "--lang", "en", str(mine))
    assert code == 1
    assert "mine.yaml:3:35: facts: revoke.trick: expected a whole number, found 'six'" in out
    assert "mine.yaml:3:58: facts: revoke.establishing_act: unknown value 'true'" in out
    assert "unknown value 'West'" not in out  # full seat names are understood
    assert "checked the incident" not in out and "2 error(s)" in out


def test_check_one_case_file(capsys):
    code, out, _ = run(capsys, "check", "--lang", "en", str(ROOT / "tests" / "cases" / "law-64.yaml"))
    assert code == 0
    assert "case(s): 0 error(s)" in out


def test_quoted_true_is_explained():
    from bridgelaw.engine import load
    slot = load(ROOT).vocabulary.slot("revoke", "repeat_in_same_suit")
    try:
        slot.coerce("true")
    except ValueError as e:
        assert "without quotes" in str(e)
    else:  # pragma: no cover
        raise AssertionError("a quoted true must be refused")


def test_a_directors_own_note_needs_no_source_but_a_shipped_incident_does(tmp_path, capsys):
    note = tmp_path / "note.yaml"
    note.write_text("facts:\n  revoke: {offender: W, trick: 6}\n", encoding="utf-8")
    code, out, _ = run(capsys, "rule", str(note), "--lang", "en", "--no-how")
    assert code == 0 and "Ruling:" in out and "source" not in out
    for part in ("facts", "knowledge"):  # of the shipped incidents, the one without its source (each is ruled)
        shutil.copytree(ROOT / part, tmp_path / "project" / part, ignore=lambda folder, names: [
            n for n in names if Path(folder).name == "incidents" and n != "revoke-trick-unknown.yaml"])
    shipped = tmp_path / "project" / "facts" / "incidents" / "revoke-trick-unknown.yaml"
    shipped.write_text("\n".join(l for l in shipped.read_text(encoding="utf-8").splitlines()
                                 if not l.startswith("source:")) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "check", "--lang", "en", str(tmp_path / "project"))
    assert code == 1 and "revoke-trick-unknown.yaml:1:1: a shipped incident needs its source" in out
    assert "1 error(s)" in out, out


def test_check_speaks_russian_by_default(capsys, tmp_path):
    """The committee's tools say their own words in Russian unless --lang en (the summary, 'warning')."""
    code, out, _ = run(capsys, "check", str(ROOT / "tests" / "cases" / "law-64.yaml"))
    assert code == 0
    assert re.search(r"^Проверено: tests/cases/law-64\.yaml, тестов — \d+; ошибок: 0, предупреждений: 0$", out, re.M), out
    assert "error(s)" not in out and ": warning:" not in out
