"""Artificial adjusted scores in figures (12C2, issue 13): the tournament's own average-plus/minus
(12C2(a): at least 60%, at most 40%; 12C2(b): IMPs as the organizer varies them) and a side's session
percentage when it is better for a non-offender or worse for an offender (12C2(c)).  The cases in
tests/cases/law-12.yaml hold the rulings; here: the figures themselves, the interview asking them only where
the ruling shows artificial figures, and a figure out of the law's range refused."""
import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.explain.result import _figure
from bridgelaw.faces.interview import Interview, simulate

ERROR_NO_RESULT = {"deal": {"scoring": "pairs"}, "director_error": {"wrong": True, "scored_normally": False, "result_assignable": False, "side_caused": False}}


@pytest.mark.parametrize("grade,side,figs,percent,session", [
    ("average_plus", "NS", {}, 60, False),
    ("average_minus", "EW", {}, 40, False),
    ("average", "NS", {"NS_session_percent": 70}, 50, False),          # 12C2(c) is for average-plus/minus only
    ("average_plus", "NS", {"NS_session_percent": 64}, 64, True),      # better than average-plus: the session
    ("average_plus", "NS", {"NS_session_percent": 58}, 60, False),     # worse: average-plus
    ("average_plus", "NS", {"NS_session_percent": 60}, 60, False),     # equal: not "exceeding"
    ("average_minus", "EW", {"EW_session_percent": 31}, 31, True),     # worse than average-minus: the session
    ("average_minus", "EW", {"EW_session_percent": 45}, 40, False),
    ("average_plus", "EW", {"average_plus_percent": 65, "EW_session_percent": 62}, 65, False),
    ("average_plus", "EW", {"NS_session_percent": 80}, 60, False),     # the other side's session is not this one's
])
def test_percent_at_pairs(grade, side, figs, percent, session):
    got = _figure(grade, side, "pairs", figs)
    assert (got["percent"], got["session"], got["imps"]) == (percent, session, None)


def test_imps_at_teams_and_no_figure_without_the_form_of_scoring():
    assert _figure("average_plus", "NS", "teams", {})["imps"] == 3
    assert _figure("average_minus", "NS", "teams", {"average_minus_imps": -2, "NS_session_percent": 20}) == \
        {"grade": "average_minus", "percent": None, "imps": -2, "session": False}
    assert _figure("average_plus", "NS", None, {"average_plus_percent": 70}) == \
        {"grade": "average_plus", "percent": None, "imps": None, "session": False}


def test_the_interview_asks_the_figures_of_an_artificial_score_and_reaches_rules_result(knowledge, engine):
    incident = engine.incident("t", {**ERROR_NO_RESULT, "artificial_figures": {"NS_session_percent": 64}})
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    keys = [q.key for q in asked]
    assert "exists:artificial_figures" in keys and "artificial_figures.NS_session_percent" in keys
    assert not [k for k in keys if k.endswith("_imps")]  # pairs: percentages only
    assert ruling.result.text == engine.rule(incident).result.text
    assert ruling.result.artificial["NS"]["percent"] == 64


def test_no_figures_asked_where_no_artificial_score_is_shown(knowledge, engine):
    _, asked = simulate(Interview(knowledge, engine), engine.incident("t", {"director_error": {
        "wrong": True, "scored_normally": False, "result_assignable": False, "side_caused": False}}))   # no form of scoring: no figures shown
    assert not [q for q in asked if q.template == "artificial_figures"]


def test_average_plus_below_60_is_refused(engine):
    with pytest.raises(BridgelawError, match="average_plus_percent"):
        engine.incident("t", {**ERROR_NO_RESULT, "artificial_figures": {"average_plus_percent": 55}})
