"""The shipped knowledge leaves `bridgelaw check` no "which applies?" to ask: every pair of productions that
can fire on one fact with contradicting elements is settled in the knowledge (an override, or conditions that
exclude each other, or elements that do not contradict).  The three pairs issue 14 left are each held by a
case: 15A1(a)/15A2 (tests/cases/law-15.yaml, an adjusted score on each board), 66A's two reasons and 66C/61C
(tests/cases/law-66.yaml, law-61.yaml)."""
from bridgelaw.committee.lint import conflicts


def test_no_pair_of_productions_is_left_to_ask_which_applies(knowledge):
    assert [p.message for p in conflicts(knowledge)] == []
