"""What already happened at the table is a fact the interview asks, never assumes (issue 29, table state):
an earlier ruling at this table is asked whether it was wrong before anything 82C does with it, and
which side caused it before 12C2(a)'s average-minus.  The rulings are held by tests/cases/law-82.yaml."""
from bridgelaw.faces.interview import Interview, simulate


def _asked(knowledge, engine, error):
    ruling, asked = simulate(Interview(knowledge, engine), engine.incident("t", {"director_error": error}))
    return ruling, [q.key for q in asked]


def test_an_earlier_ruling_is_asked_whether_it_was_wrong_first(knowledge, engine):
    ruling, keys = _asked(knowledge, engine, {"wrong": False})
    assert "director_error.wrong" in keys
    assert not [k for k in keys if k.startswith("director_error.") and k != "director_error.wrong"]
    assert [e.kind for e in ruling.elements] == ["instruction"] and ruling.elements[0].cite == "82C"


def test_the_side_that_caused_it_is_asked_before_average_minus(knowledge, engine):
    error = {"wrong": True, "scored_normally": False, "result_assignable": False, "side_caused": True, "at_fault": "EW"}
    ruling, keys = _asked(knowledge, engine, error)
    assert keys.index("director_error.wrong") < keys.index("director_error.scored_normally")
    assert {"director_error.side_caused", "director_error.at_fault"} <= set(keys)
    levels = {e.args["side"]: e.args["level"] for e in ruling.elements if e.kind == "artificial_score"}
    assert levels == {"EW": "average_minus", "NS": "average_plus"}
