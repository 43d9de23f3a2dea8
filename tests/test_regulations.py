"""The Regulating Authorities' elections (regulations/NAME.yaml): they rule, they are named, they are checked.

An incident with an adjusted score rules a weighted score (12C1(c)) under WBF and EBU, and the unweighted
method under the ACBL's regulations as they stood before 2016 (its election of the 2007 Laws' 12C1(e));
``check`` refuses an option the Laws do not give and a value they do not allow, at file:line.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bridgelaw.engine import PROJECT_ROOT, Engine
from bridgelaw.faces.cli import main

ROOT = PROJECT_ROOT
ADJUSTED = str(ROOT / "facts" / "incidents" / "tempo-with-k2-of-trumps.yaml")


def _cites(ruling) -> list[str]:
    return [e.cite for e in ruling.elements]


@pytest.mark.parametrize("ra, as_of, weighted", [
    ("wbf", None, True), ("ebu", None, True), ("acbl", None, True), ("rbf", None, True),
    ("acbl", "2015-06-01", False), ("acbl", "2015-12-31", False), ("acbl", "2016-01-01", True),
])
def test_adjusted_score_under_each_authority(knowledge, ra, as_of, weighted):
    engine = Engine(knowledge, ra, as_of)
    ruling = engine.rule(engine.load_incident(ADJUSTED))
    assert ("weighted_score" in ruling.kinds()) is weighted
    assert ("12C1c.most-favourable-likely" in ruling.fired()) is not weighted
    assert ruling.regulations["name"] == ra and ruling.regulations["as_of"] == as_of
    election = next(e for e in ruling.regulations["elections"] if e["option"] == "adjusted_score_method")
    assert election["cite"] == "12C1(c)"
    assert election["value"] == ("weighted" if weighted else "most_favourable_likely")


def test_the_ruling_names_its_authority(capsys):
    assert main(["rule", ADJUSTED, "--lang", "en", "--no-how", "--ra", "ebu"]) == 0
    out = capsys.readouterr().out
    assert "Regulations: EBU (English Bridge Union)" in out
    assert main(["rule", ADJUSTED, "--lang", "en", "--no-how"]) == 0
    assert "Regulations: WBF" in capsys.readouterr().out
    assert main(["rule", ADJUSTED, "--json", "--ra", "acbl", "--as-of", "2015-06-01"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["regulations"]["authority"] == "ACBL" and data["regulations"]["as_of"] == "2015-06-01"
    assert "weighted_score" not in [e["kind"] for e in data["elements"]]


def test_an_unknown_authority_or_day_is_a_clear_error(capsys):
    assert main(["rule", ADJUSTED, "--ra", "abcl", "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert "--ra: no regulations for 'abcl'" in err and "did you mean 'acbl'?" in err
    assert main(["rule", ADJUSTED, "--as-of", "2015-6-1"]) == 1
    assert "'2015-6-1' is not a date" in capsys.readouterr().err


def test_an_incident_names_its_authority(tmp_path, capsys):
    text = Path(ADJUSTED).read_text(encoding="utf-8")
    inc = tmp_path / "acbl.yaml"
    inc.write_text(text + 'ra: acbl\nas_of: "2015-06-01"\n', encoding="utf-8")
    assert main(["rule", str(inc), "--lang", "en", "--no-how"]) == 0
    out = capsys.readouterr().out
    assert "Regulations: ACBL" in out and "The score is not weighted" in out
    assert main(["rule", str(inc), "--lang", "en", "--no-how", "--ra", "ebu"]) == 0  # the command line wins
    assert "Regulations: EBU" in capsys.readouterr().out


@pytest.fixture()
def project(tmp_path):
    """A copy of what check reads (the program is the installed one)."""
    for part in ("knowledge", "facts", "regulations"):
        shutil.copytree(ROOT / part, tmp_path / part)
    (tmp_path / "tests").mkdir()
    shutil.copytree(ROOT / "tests" / "cases", tmp_path / "tests" / "cases")
    shutil.copytree(ROOT / "tests" / "fixtures", tmp_path / "tests" / "fixtures")  # the incidents cases name
    return tmp_path


def test_check_refuses_an_option_the_laws_do_not_give_and_a_value_they_do_not_allow(project, capsys):
    bad = project / "regulations" / "club.yaml"
    bad.write_text("authority: CLUB\nname: {en: \"A club\", ru: \"Клуб\"}\nelections:\n"
                   "  adjusted_score_metod: {value: weighted}\n"
                   "  defender_may_ask_partner: {value: sometimes}\n"
                   "  correction_period_minutes: {value: 10}\n"
                   "  adjusted_score_method: {value: averaged}\n", encoding="utf-8")
    before = bad.read_bytes()
    assert main(["check", "--lang", "en", str(bad)]) == 1
    out = capsys.readouterr().out
    assert ("club.yaml:4:3: regulations club: 'adjusted_score_metod' is not an option the Laws leave to the"
            " Regulating Authority") in out
    assert "did you mean 'adjusted_score_method'?" in out
    assert "club.yaml:5:37: regulations club: defender_may_ask_partner: the Laws (61B3) do not allow 'sometimes'" in out
    assert "allowed: true, false" in out
    assert "club.yaml:6:38: regulations club: correction_period_minutes: the Laws (79C1) do not allow '10'" in out
    assert "allowed: a number at least 30" in out
    assert "the Laws (12C1(c)) do not allow 'averaged'" in out and "allowed: weighted, most_favourable_likely" in out
    assert bad.read_bytes() == before  # an input file is never changed
    # the same errors stop a ruling made with that project, with their lines
    assert main(["--root", str(project), "rule", ADJUSTED]) == 1
    assert "club.yaml:4:3" in capsys.readouterr().err


def test_an_option_in_laws_yaml_that_the_vocabulary_does_not_hold_is_an_error(project, capsys):
    laws = project / "knowledge" / "laws.yaml"
    text = laws.read_text(encoding="utf-8")
    laws.write_text(text.replace("option: opening_lead_face_down", "option: opening_lead_face_dow"), encoding="utf-8")
    assert main(["check", "--lang", "en", str(project / "regulations" / "wbf.yaml")]) == 1
    out = capsys.readouterr().out
    assert "'opening_lead_face_down' is not an option the Laws leave" in out


def test_coverage_shows_every_option_and_the_election(capsys, cases_ruled_once):
    with cases_ruled_once():  # the cases' rulings the session's engine made (conftest.py)
        assert main(["coverage", "--encoded", "--lang", "en", "--ra", "acbl", "--as-of", "2015-06-01"]) == 0
    out = capsys.readouterr().out
    tail = out[out.index("What the Laws leave to the Regulating Authority, and ACBL's election:"):]
    for cite, option in (("12C1(c)", "adjusted_score_method"), ("41A", "opening_lead_face_down"),
                         ("61B3", "defender_may_ask_partner"), ("79C1", "correction_period_minutes"),
                         ("92B", "review_request_minutes")):
        assert f"  {cite:<9} {option:<28} " in tail
    assert "no weighting: the non-offenders get the most favourable likely result" in tail
    assert "tested by 12C1c.most-favourable-likely, 12C1c.weighted-score" in tail
    assert "yes (not elected: the Laws' default)" in tail


def test_the_book_shows_each_authority_and_its_elections(shipped_book):
    book, code, _ = shipped_book("en")
    assert code == 0 and (book / "regulations.html").is_file()
    html = (book / "regulations.html").read_text(encoding="utf-8")
    for ra in ("wbf", "acbl", "ebu", "rbf"):
        assert f'id="ra-{ra}"' in html
    assert "bridgewinners.com" in html and "2016-01-01" in html
    assert 'href="law-12.html#12C1c.weighted-score"' in html
