"""What a director reads: the laws and findings in words, never the productions' internal ids (issue 19).

The ids (``64A1.offender-won-...``) are the committee's: `rule --debug`, `bridgelaw test`'s failure
reports and the JSON keep them; the HOW trace a director reads in the terminal and on the page does not.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaw.faces import cli

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ROOT / "facts" / "incidents"


def ids_in(text: str, knowledge) -> set[str]:
    found = set(re.findall(r"[0-9]{1,2}[A-Z][0-9A-Za-z()]*\.[a-z0-9-]+", text))
    return found & {p.id for p in knowledge.productions}


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_how_trace_names_no_production(knowledge, ruled, lang):
    seen = {}
    for path in sorted(INCIDENTS.glob("*.yaml")):
        ruling = ruled.rule(ruled.load_incident(path))  # made once per test process (conftest's ruled)
        if ids := ids_in(ruling.render(lang, how=True), knowledge):
            seen[path.name] = sorted(ids)
    assert seen == {}


def test_debug_names_each_firing_production(capsys, knowledge):
    revoke = str(INCIDENTS / "revoke-trick-not-won-by-offender.yaml")
    cli.main(["rule", revoke, "--lang", "en"])
    plain = capsys.readouterr().out
    cli.main(["rule", revoke, "--lang", "en", "--debug"])
    debug = capsys.readouterr().out
    assert not ids_in(plain, knowledge) and "How:" in plain
    assert "64A2.later-trick-won" in ids_in(debug, knowledge)
    assert re.sub(r" [0-9]{1,2}[A-Z][0-9A-Za-z()]*\.[a-z0-9-]+ \[", " [", debug) == plain


def test_the_ruling_page_names_no_production(web_app, knowledge, engine):
    from fastapi.testclient import TestClient

    from bridgelaw.faces.web.session import encode
    from bridgelaw.read.incident import load_incident
    from web_director import script
    incident = load_incident(INCIDENTS / "revoke-trick-not-won-by-offender.yaml", knowledge.vocabulary)
    steps, _ = script(knowledge, engine, incident)
    with TestClient(web_app, follow_redirects=True) as c:  # a loaded machine
        r = c.get("/", params={"s": encode([(q.key, v) for q, v in steps]), "lang": "en"})
    assert r.status_code == 200 and 'class="fold how"' in r.text
    assert not ids_in(r.text, knowledge)


# -- a law not encoded, named by its number or by what happened: the same sentence everywhere ----------

LAW_7 = ("Law 7 (placement of the board, cards taken out or put back wrongly) is not encoded yet:"
         " rule from the law book.")


@pytest.mark.parametrize("facts", [
    {"not_encoded": [{"law": 7}]},  # a law whose file leaves every subsection out
    {"not_encoded": [{"irregularity": "board_and_cards_control"}]},  # the first screen's item naming it
    {"deal": {"declarer": "S"}, "irregularity": [{"law": "7: the board placed wrongly", "offender": "N"}]},
])
def test_a_law_only_left_out_reads_the_same_however_it_is_named(knowledge, engine, facts):
    from bridgelaw.faces.interview import Interview, simulate
    incident = engine.incident("x", facts)
    ruling = engine.rule(incident)
    assert [n.text["en"] for n in ruling.not_encoded] == [LAW_7]
    assert [n.cite for n in ruling.not_encoded] == ["7"]
    if "not_encoded" in facts:  # ask (and the page, which runs the same interview) says it too
        asked, _ = simulate(Interview(knowledge, engine), incident)
        assert [n.text["en"] for n in asked.not_encoded] == [LAW_7]


def test_a_law_only_left_out_on_the_command_line_and_the_page(web_app, knowledge, engine, tmp_path, capsys):
    from fastapi.testclient import TestClient

    from bridgelaw.faces.web.session import encode
    path = tmp_path / "law-7.yaml"
    path.write_text("title: {ru: Коробка, en: The board}\nsource: a test\nfacts:\n  not_encoded:\n"
                    "    - law: 7\n", encoding="utf-8")
    assert cli.main(["rule", str(path), "--lang", "en"]) == 0 and LAW_7 in capsys.readouterr().out
    answers = tmp_path / "a.yaml"
    answers.write_text("answers:\n  incident: [board_and_cards_control]\n", encoding="utf-8")
    assert cli.main(["ask", "--answers", str(answers), "--lang", "en"]) == 0
    assert LAW_7 in capsys.readouterr().out
    with TestClient(web_app, follow_redirects=True) as c:  # a loaded machine
        page = c.get("/", params={"s": encode([("incident", ["board_and_cards_control"])]), "lang": "en"})
    assert f'<p class="element not-encoded">{LAW_7}</p>' in page.text


# -- Laws 13 and 14: the director gives the counts, the productions tell which law applies ------------


def _asked_after_counts(knowledge, engine, most: int, fewest: int, answers: dict) -> tuple[list, object]:
    from bridgelaw.faces.interview import UNKNOWN, Interview, Question
    iv = Interview(knowledge, engine)
    first = iv.step()
    assert "missing_card" not in {c.value for c in first.choices}  # one item on the first screen, not two
    iv.answer(("incorrect_hands",))
    asked = []
    while isinstance(q := iv.step(), Question):
        asked.append(q.key)
        if q.key == "incorrect_hands.most_cards":
            iv.answer(most)
        elif q.key == "incorrect_hands.fewest_cards":
            iv.answer(fewest)
        else:
            iv.answer(answers.get(q.key, UNKNOWN if q.allow_unknown else q.choices[0].value))
    return asked, q


def test_a_hand_short_of_a_card_is_classified_from_the_counts(knowledge, engine):
    """Twelve in one hand and thirteen in every other: Law 14, and nothing of Law 13 is asked."""
    asked, ruling = _asked_after_counts(knowledge, engine, 13, 12, {
        "incorrect_hands.player": "E", "incorrect_hands.opening_lead_faced": True,
        "incorrect_hands.found": "elsewhere"})
    assert asked[:2] == ["incorrect_hands.most_cards", "incorrect_hands.fewest_cards"]
    assert not {"incorrect_hands.discovered", "incorrect_hands.playable", "incorrect_hands.card_seen"} & set(asked)
    assert {e.cite[:2] for e in ruling.elements} == {"14"}
    assert ("instruction", "14B4") in {(e.kind, e.cite) for e in ruling.elements}


def test_fourteen_and_twelve_is_classified_from_the_counts(knowledge, engine):
    """Fourteen in one hand, twelve in another: Law 13, and nothing of Law 14 is asked."""
    asked, ruling = _asked_after_counts(knowledge, engine, 14, 12, {
        "incorrect_hands.discovered": "auction_or_play", "incorrect_hands.playable": True})
    assert asked[:2] == ["incorrect_hands.most_cards", "incorrect_hands.fewest_cards"]
    assert not {"incorrect_hands.player", "incorrect_hands.opening_lead_faced", "incorrect_hands.found"} & set(asked)
    assert [(e.kind, e.cite) for e in ruling.elements] == [("instruction", "13B1"), ("play_continues", "13B1")]


# -- the first screen: twelve things that happen most, the rest one tap away ---------------------------


def test_the_short_list_holds_twelve_in_a_few_words_each(knowledge, engine):
    from bridgelaw.faces.interview import Interview
    from bridgelaw.faces.prompt import listed
    q = Interview(knowledge, engine).step()
    short = [c for c in q.choices if c.short]
    assert len(short) == 12 and len({c.value for c in short}) == 12
    for c in short:  # two short lines on a phone; the whole label and its description one tap away
        assert c.brief and all(0 < len(c.brief[lang]) <= 45 for lang in ("ru", "en")), c.value
    assert "incorrect_hands" in {c.value for c in short} and "missing_card" not in {c.value for c in q.choices}
    for lang in ("ru", "en"):  # the terminal's list: the same twelve first, then everything else by group
        lines = listed(q, lang)
        first_group = next(n for n, line in enumerate(lines) if line.startswith("  -- "))
        assert first_group == 12 and lines[11].startswith("  12. ")


# -- what cannot be known yet is not asked: no declarer while the auction goes on ----------------------


def _asked(knowledge, engine, path):
    from bridgelaw.faces.interview import Interview, simulate
    incident = engine.load_incident(path)
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    return incident, ruling, [q.key for q in asked]


def test_no_declarer_is_asked_during_the_auction(knowledge, engine):
    """An insufficient bid with the auction still going on and the LHO's choice not made: neither who is
    declarer (there is none yet) nor whether the auction has ended is asked, since no law yet waits on a
    declarer; every shipped incident whose calls stop short of the final pass alike asks no declarer."""
    _, _, keys = _asked(knowledge, engine, INCIDENTS / "insufficient-3c-over-3d.yaml")
    assert "deal.declarer" not in keys and "deal.auction_ended" not in keys
    unfinished = 0
    for path in sorted(INCIDENTS.glob("*.yaml")):
        incident = engine.load_incident(path)
        calls = [f for f in incident.facts if f.template == "call"]
        deal = next((f for f in incident.facts if f.template == "deal"), None)
        if not calls or any(c.get("ends_auction") for c in calls) or (deal and deal.get("declarer")):
            continue
        unfinished += 1
        assert "deal.declarer" not in _asked(knowledge, engine, path)[2], path.name
    assert unfinished >= 10


def test_after_the_auction_the_declarer_is_asked(knowledge, engine):
    """C44: the calls written down stop at the irregularity, but the director rules at the opening lead:
    the auction has ended, so who is declarer is asked and 26B rules as under `rule`."""
    incident, ruling, keys = _asked(knowledge, engine, INCIDENTS / "insufficient-2h-replaced-by-pass.yaml")
    assert keys.index("deal.auction_ended") < keys.index("deal.declarer")
    full = engine.rule(incident)
    assert [(e.kind, e.cite) for e in ruling.elements] == [(e.kind, e.cite) for e in full.elements]
    assert "26B" in {e.cite for e in ruling.elements}


# -- a slot an unknown value already passes (unknown_or) is not waited on, unless it must say which -------


def test_an_unsaid_of_is_not_waited_on_where_one_fact_offers_the_option(knowledge, engine):
    """One penalty card offers 50D2's options: the choice need not say which fact it answers, so `of` is
    never asked; the rule is why.waiting's (an unknown_or test an unknown passes), not the interview's."""
    from bridgelaw.engine import waiting
    from bridgelaw.faces.interview import Interview, Question, answer_from
    incident = engine.load_incident(INCIDENTS / "penalty-card-declarer-forbids-suit.yaml")
    iv = Interview(knowledge, engine)
    keys = []
    while isinstance(q := iv.step(), Question):
        keys.append(q.key)
        iv.answer(answer_from(incident, q, iv))
    assert "choice-1.chosen" in keys and not any(k.endswith(".of") for k in keys)
    stated = iv.incident()
    _, working, fired = engine.run(stated)
    ways = waiting(knowledge, list(working), fired, set())
    assert not any(slot == "of" for _, _, slot in ways)


def test_an_unsaid_of_is_asked_where_two_facts_offer_the_option(knowledge, engine):
    """Two defenders' leads out of turn each offer declarer Law 56's choice: which one a choice answers
    is asked (the `of` of test_choices.TWO), as before the rule moved into why.waiting."""
    from test_choices import TWO
    from bridgelaw.faces.interview import Interview, simulate
    incident = engine.incident("two leads", {**TWO, "choice": {"option": "defender_lead_out_of_turn",
                                                               "chosen": "refuse_lead", "of": "lead-2"}})
    _, asked = simulate(Interview(knowledge, engine), incident)
    assert any(q.key.endswith(".of") for q in asked)

def test_whether_the_auction_ended_is_asked_only_when_a_declarer_would_matter(knowledge, engine):
    """A bid out of rotation, its LHO's choice not made: the calls cannot have ended the auction and no law
    waits on a declarer, so it is not asked; C44 (a replacement gives 26B) still asks it, then declarer
    (test_after_the_auction_the_declarer_is_asked)."""
    incident, ruling, keys = _asked(knowledge, engine, INCIDENTS / "opening-bid-out-of-turn-at-rho-turn.yaml")
    assert "deal.auction_ended" not in keys and "deal.declarer" not in keys
    assert [(e.kind, e.cite) for e in ruling.elements] == [(e.kind, e.cite) for e in engine.rule(incident).elements]
    # both calls cancelled: East's later call, if not comparable, gives 26B (31B2), which needs a declarer:
    # whether the auction has ended is asked, and the declarer only if it has
    incident, ruling, keys = _asked(knowledge, engine, INCIDENTS / "simultaneous-calls-out-of-rotation-before-dealer.yaml")
    assert "deal.auction_ended" in keys and "deal.declarer" not in keys
    assert [(e.kind, e.cite) for e in ruling.elements] == [(e.kind, e.cite) for e in engine.rule(incident).elements]


def test_no_pass_obligation_is_asked_before_any_call_could_give_one(knowledge, engine):
    """E:1H as the first call (or two calls at once at the dealer's turn): nothing before it can oblige anyone
    to pass, so "was there also an obligation to pass?" is not asked; after earlier calls it still is."""
    for name in ("opening-bid-out-of-turn-at-rho-turn.yaml", "simultaneous-calls-out-of-rotation-before-dealer.yaml"):
        assert "exists:pass_obligation" not in _asked(knowledge, engine, INCIDENTS / name)[2], name
    assert "exists:pass_obligation" in _asked(knowledge, engine, INCIDENTS / "pass-out-of-turn-three-passes.yaml")[2]


def test_a_repeated_revoke_is_asked_after_another_revoke_by_the_same_player(knowledge, engine):
    """One revoke: 'was there another revoke?' (no), and then it cannot be a repeat: not asked (and the
    ruling is rule's). Two by West: the second revoke's offender first, then whether a revoke repeats."""
    incident, ruling, keys = _asked(knowledge, engine, INCIDENTS / "revoke-trick-not-won-by-offender.yaml")
    assert "exists:revoke" in keys and not any(k.endswith("repeat_in_same_suit") for k in keys)
    assert [(e.kind, e.cite, e.args) for e in ruling.elements] == [
        (e.kind, e.cite, e.args) for e in engine.rule(incident).elements]
    assert not ruling.open_questions
    _, _, keys = _asked(knowledge, engine, INCIDENTS / "repeated-revoke-same-suit.yaml")
    asked = [k for k in keys if k.endswith("repeat_in_same_suit")]
    assert asked and keys.index("revoke-2.offender") < min(map(keys.index, asked))
    assert keys.index("exists:revoke") < min(map(keys.index, asked))


def test_a_lead_to_a_later_trick_is_not_offered_the_opening_leads_answers(knowledge, engine):
    """A defender's lead out of turn to trick 6: what followed is asked without 54's answers to an opening
    lead (declarer spread his hand, dummy spread, played from dummy) nor a face-down lead taken back;
    an opening lead out of turn is offered them."""
    from web_director import script

    def offered(name):
        steps, _ = script(knowledge, engine, engine.load_incident(INCIDENTS / name))
        return next({c.value for c in q.choices} for q, _ in steps if q.key == "lead-1.response")
    opening = {"declarer_spread_hand", "dummy_spread_hand", "played_from_dummy"}
    later = offered("defender-lead-out-of-turn.yaml")
    assert not (opening | {"leader_took_it_back"}) & later and {"none", "accepted", "next_hand_played"} <= later
    assert opening <= offered("opening-lead-out-of-turn.yaml")
