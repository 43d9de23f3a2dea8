"""Every shipped incident that carries its cards is told two true ways: by the facts the director typed, and by
the cards with those facts left out.  Both give one ruling (issue 18: the cards reproduce the incident), and the
cards contradict nothing the director stated.  Every shipped revoke, defective-trick and claim incident carries
its deal and play record, save the few named below with the reason the cards cannot tell them."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.errors import Collector
from bridgelaw.read.cards import card_facts
from bridgelaw.read.incident import _located, load_incident
from bridgelaw.read.yamlsafe import dumps, load

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ROOT / "facts" / "incidents"
TOLD_BY_CARDS = ("revoke", "defective_trick", "claim")

# incidents of those kinds the cards cannot tell, each with why (an empty reason is no reason: the test says so)
WITHOUT_CARDS: dict[str, str] = {
    # the source tells no board (not the contract, the tricks left or what was claimed) and its ruling turns only on
    # when the objection came (69A): made-up cards would settle slots the story leaves open and change the ruling
    "online-claim-accepted-then-disputed.yaml": "no board in the source; the ruling turns on when the objection came",
    "revoke-trick-unknown.yaml": "what it is about is that no one knows the revoke trick: a play record would say it",
}

# the slots a fact keeps when what the cards show is left out: what ties it to the stated one (what the play
# record cannot say, such as when attention was drawn or the director's judgment, is never dropped)
KEEP = {"deal": {"declarer", "contract"}, "revoke": {"id", "offender", "trick"},
        "defective_trick": {"id", "offender", "trick"}, "claim": {"claimer"},
        "trick_arrangement": {"player", "trick", "issue"}}


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _with_cards() -> list[Path]:
    return sorted(p for p in INCIDENTS.glob("*.yaml") if "cards" in (load(p) or {}))


def _states_what_the_cards_show(path: Path) -> bool:
    """A file that types its facts and adds the cards (not one that leaves what the cards show to them)."""
    data = load(path)
    return any(_shown_slots(data, template) & _stated_slots(data["facts"].get(template)) - KEEP[template]
               for template in KEEP)


def _shown_slots(data, template: str) -> set:
    values = card_facts(data["cards"], data["facts"], "<cards>", Collector()).get(template) or {}
    return set().union(*(v.keys() for v in values)) if isinstance(values, list) else set(values)


def _stated_slots(fact) -> set:
    facts = fact if isinstance(fact, list) else [fact] if fact else []
    return set().union(*(f.keys() for f in facts)) if facts else set()


def _elements(ruling):
    return [(e.kind, e.args, e.cite, e.text["en"]) for e in ruling.elements]


def _ruling(engine, knowledge, path: Path):
    return engine.rule(load_incident(path, knowledge.vocabulary))


def _rewritten(path: Path, tmp_path: Path, keep_cards: bool, drop_shown: bool) -> Path:
    data = load(path)
    facts = _plain(data["facts"])
    cards = _plain(data["cards"])
    if drop_shown:
        for template in (t for t in KEEP if t in facts):
            for fact in facts[template] if isinstance(facts[template], list) else [facts[template]]:
                for slot in _shown_slots(data, template) - KEEP[template]:
                    fact.pop(slot, None)
    for kind in ("pbn", "lin"):  # a board file named beside the incident: named by its whole path
        if kind in cards:
            cards[kind] = str(path.parent / cards[kind])
    out = {"title": _plain(data.get("title")), "source": data["source"], "facts": facts}
    if keep_cards:
        out["cards"] = cards
    tmp_path.mkdir()
    target = tmp_path / path.name
    target.write_text(dumps(out), encoding="utf-8")
    return target


def test_every_revoke_defective_trick_and_claim_incident_carries_its_cards():
    missing = []
    for path in sorted(INCIDENTS.glob("*.yaml")):
        data = load(path)
        if any(t in data["facts"] for t in TOLD_BY_CARDS) and "cards" not in data \
                and not WITHOUT_CARDS.get(path.name):
            missing.append(path.name)
    assert not missing, f"no deal and play record: {missing}"
    assert all(WITHOUT_CARDS.values()) and all((INCIDENTS / n).exists() for n in WITHOUT_CARDS)


@pytest.mark.parametrize("path", [p for p in _with_cards() if _states_what_the_cards_show(p)], ids=lambda p: p.stem)
def test_the_cards_alone_rule_as_the_facts_typed_by_hand(knowledge, engine, path, tmp_path):
    shipped = load_incident(path, knowledge.vocabulary)
    assert shipped.conflicts == (), "the cards contradict what the director stated"
    typed = _ruling(engine, knowledge, _rewritten(path, tmp_path / "typed", keep_cards=False, drop_shown=False))
    by_cards = _ruling(engine, knowledge, _rewritten(path, tmp_path / "cards", keep_cards=True, drop_shown=True))
    assert _elements(by_cards) == _elements(typed)
    assert getattr(by_cards.result, "text", None) == getattr(typed.result, "text", None)  # None: no result yet
    assert {q.slot for q in by_cards.open_questions} <= {q.slot for q in typed.open_questions}


# -- a claim told by the cards still held (an ending): checked as a partial deal, the split from the cards --------

ENDING_FACTS = {"deal": {"declarer": "S", "contract": "4S"}, "claim": {"claimer": "S"}}
ENDING = {"N": "-.AK.-.2", "E": "-.Q.-.AK", "S": "Q.-.A2.-", "W": "K.-.KQ.-"}


def _ending(**cards) -> tuple[dict, list[str]]:
    c = Collector()
    got = card_facts(_located({"ending": ENDING, "on_lead": "S", "declarer_tricks": 10, **cards}, "<x>"),
                     ENDING_FACTS, "<x>", c)
    return got, [p.message for p in c.problems]


def test_a_three_card_ending_gives_the_split_on_the_worst_line():
    got, problems = _ending()
    assert problems == []
    assert got["deal"]["declarer_tricks"] == 10
    assert got["claim"]["tricks_remaining"] == 3 and got["claim"]["trump_outstanding"] is True
    assert got["claim"]["tricks_to_claimer"] == 1  # ♠Q into West's ♠K, a diamond lost at the end
    lines = got["claim_lines"]()
    assert (lines.first_trick, lines.worst, lines.best) == (11, 1, 1) and lines.worst_line[0] == ("S", "SQ")


@pytest.mark.parametrize("cards, said", [
    ({"ending": {**ENDING, "N": "-.AK.-.-"}}, "every hand holds as many cards at a claim (the tricks still to play);"
                                              " here N 2, E 3, S 3, W 3"),
    ({"ending": {**ENDING, "N": "-.AK.-.K"}}, "CK is in two hands (N and E)"),
    ({"ending": {**ENDING, "N": "-.AA.-.2"}}, "N holds HA twice"),
    ({"ending": {**ENDING, "N": "-.AK.2"}}, "four holdings"),
    ({"ending": {k: v for k, v in ENDING.items() if k != "W"}}, "each hand's cards still held, under N, E, S and W"),
    ({"on_lead": None}, "never read with the opening leader on lead"),
    ({"declarer_tricks": 11}, "0 to 10 (3 still to play)"),
    ({"deal": "N:AKQ2.J53.T95.K82 J9865.A6.K863.A5 T7.KQT84.AQ.QT93 43.972.J742.J764"}, "the deal is given twice"),
    ({"play": [["C3", "C4", "C5", "CA"]]}, "an ending takes only"),
])
def test_a_partial_deal_is_checked_with_a_located_error(cards, said):
    got, problems = _ending(**cards)
    assert got == {} and len(problems) == 1 and said in problems[0], problems


def test_a_three_card_deal_given_as_a_whole_deal_is_an_error_naming_the_ending():
    c = Collector()
    got = card_facts(_located({"deal": "N:.AK..2 .Q..AK Q..A2. K..KQ."}, "<x>"), ENDING_FACTS, "<x>", c)
    assert got == {} and "each hand holds 13 cards" in c.problems[0].message
    assert "ending" in (c.problems[0].hint or "")


def test_an_ending_pasted_as_one_line_reads_as_the_ending_given_in_yaml():
    c = Collector()
    got = card_facts(_located({"text": "ending N:-.AK.-.2 E:-.Q.-.AK S:Q.-.A2.- W:K.-.KQ.- lead:S won:10"}, "<x>"),
                     ENDING_FACTS, "<x>", c)
    assert c.problems == [] and got["claim"]["tricks_to_claimer"] == 1 and got["deal"]["declarer_tricks"] == 10
    c = Collector()
    assert card_facts(_located({"text": "ending N:-.AK.-.2 E:-.Q.-.AK S:Q.-.A2.- W:K.-.KQ.- won:10"}, "<x>"),
                      ENDING_FACTS, "<x>", c) == {}
    assert "never read with the opening leader on lead" in c.problems[0].message
    c = Collector()
    card_facts(_located({"text": "ending N:-.AK.-.2 trumps"}, "<x>"), ENDING_FACTS, "<x>", c)
    assert "'trumps' is not part of an ending" in c.problems[0].message
    c = Collector()
    got = card_facts(_located({"text": "Окончание N:-.AK.-.2 E:-.Q.-.AK S:Q.-.A2.- W:K.-.KQ.- ход:S взято:10"}, "<x>"),
                     ENDING_FACTS, "<x>", c)
    assert c.problems == [] and got["claim"]["tricks_to_claimer"] == 1
