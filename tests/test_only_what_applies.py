"""Only what applies: one line for the same words about several facts, each element saying what it is
about, and an open question only where some answer could change the ruling."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgelaw.run.record import bare

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = sorted((ROOT / "facts" / "incidents").glob("*.yaml"))


def _rule(engine, name):
    return engine.rule(engine.load_incident(ROOT / "facts" / "incidents" / name))


def test_two_revokes_print_each_line_once_with_the_facts_it_concerns(engine):
    ruling = _rule(engine, "both-sides-revoke.yaml")
    lines = ruling.render("en", how=False).splitlines()
    assert "4. [Law 63B] (each: revoke by East and revoke by South) The revoke is established: it is not corrected and the trick stands as" \
           " played; Law 64 applies at the end of play." in lines
    assert sum("[Law 64B7]" in line for line in lines) == 1
    assert len(ruling.to_dict()["elements"]) == 8  # the JSON keeps one element per fact
    e, s = "revoke by East", "revoke by South"
    # the decisive element (64C2(b)'s adjusted score) first, then the others in reading order
    assert [about for _, about in ruling.grouped("en")] == [[e, s], [e], [s], [e, s], [e, s]]


@pytest.mark.parametrize("path", INCIDENTS, ids=[p.stem for p in INCIDENTS])
def test_no_line_is_printed_twice(path, ruled):
    text = ruled.rule(ruled.load_incident(path)).render("en", how=False)  # made once per process (conftest's ruled)
    body = [re.sub(r"^\d+\. ", "", line) for line in text.splitlines()[2:]  # elements and open questions
            if re.match(r"\d+\. |  - ", line)]
    assert len(body) == len(set(body)), text


def test_a_bare_element_says_what_it_is_about(engine, ruled):
    ruling = _rule(engine, "dummy-asks-to-see-trick.yaml")
    [el] = [e for e in ruling.elements if e.kind == "not_permitted"]
    assert el.text["en"] == "Dummy has no right to have the current trick faced or to look at his own card."
    for path in INCIDENTS:  # no element anywhere is only its kind's words, where those say nothing of what
        for e in ruled.rule(ruled.load_incident(path)).elements:
            kind = engine.knowledge.vocabulary.elements[e.kind]
            assert e.text["en"].strip() and (e.text["en"] != kind.text["en"] or not bare(kind.text["en"], kind.args)), \
                f"{path.stem}: {e.production} says only '{kind.text['en']}'"


def test_a_full_sentence_is_not_said_twice(engine):
    """A kind whose own text already says what it is about gets no summary beside it (12C1(c))."""
    ruling = _rule(engine, "slow-3s-raised-to-game.yaml")
    [el] = [e for e in ruling.elements if e.kind == "weighted_score"]
    assert el.text["en"].count("weighted") == 1, el.text["en"]


def test_no_open_question_once_the_deciding_production_fired(engine):
    """64B7 gave both revokes "no transfer": whether either was a repeat (64B2) or noticed late (64B4,
    64B5) would give the same, so neither is asked; for the first of two revokes by one player, being
    noticed late would take away the transfer, so it is (its cards show it no repeat and no faced card)."""
    assert _rule(engine, "both-sides-revoke.yaml").open_questions == []
    repeated = _rule(engine, "repeated-revoke-same-suit.yaml")
    assert {(q.fact, q.slot) for q in repeated.open_questions} == {("first", "attention_drawn")}
    assert [(s["fact"], s["slot"]) for s in repeated.possible["slots"]] == [("first", "attention_drawn")]


def test_an_agreed_claim_reopened_says_nothing_of_the_claim_at_the_table(engine):
    ruling = _rule(engine, "claim-agreed-then-disputed.yaml")
    assert not {"play_suspended", "procedure_step"} & set(ruling.kinds())
    online = _rule(engine, "online-claim-accepted-then-disputed.yaml")
    assert "68D1.agreed" not in online.fired() and "69A.objection-before-agreement" in online.fired()


def test_play_suspended_is_said_under_the_objection_while_it_is_not_known(engine):
    facts = {"deal": {"declarer": "S", "contract": "3NT"},
             "claim": {"claimer": "S", "about_current_trick_only": False, "action": "stated_tricks_won",
                       "tricks_remaining": 4, "tricks_claimed": 4, "statement": "complete", "hand_faced": True,
                       "response": "agreed"}}
    ruling = engine.rule(engine.incident("claim", facts))
    [el] = [e for e in ruling.elements if e.kind == "play_suspended"]
    assert {c["slot"] for way in el.when["cases"] for c in way} == {"objection"}


def _rule_facts(engine, facts):
    return engine.rule(engine.incident("x", facts))


def test_a_line_that_names_its_call_carries_no_label_of_the_calls_seat(engine):
    # 22A's subject is the final pass (North's here): "(a call by North)" beside "the final pass, call 6" misleads
    ruling = _rule_facts(engine, {"auction": {"dealer": "N", "calls": "1D P 2D P P P W:2H"}})
    [ended] = [e for e in ruling.elements if e.kind == "auction_ended"]
    assert not ended.about and not ended.subject
    assert "(a call" not in ruling.render("en", how=False)


def test_the_contract_says_whether_it_is_doubled_only_as_the_calls_decide(engine):
    undoubled = _rule_facts(engine, {"auction": {"dealer": "N", "calls": "1D P 2D P P P W:2H"}})
    doubled = _rule_facts(engine, {"auction": {"dealer": "N", "calls": "1D X P P P W:2H"}})
    for ruling, said in ((undoubled, "2♦, undoubled."), (doubled, "1♦, doubled.")):
        text = ruling.render("en", how=False)
        assert said in text and "if it was" not in text, text


def test_how_names_facts_in_words_not_ids_and_says_nothing_of_an_unsaid_answer(engine):
    change = _rule_facts(engine, {"auction": {"dealer": "N", "calls": "1H P 2S P 3S"},
                                  "change_of_call": {"of": 3, "call": "2H"}})
    how = change.render("en", how=True)
    assert "Who has called since the changed call № 1" in how and "change_of_call" not in how, how
    chosen = _rule_facts(engine, {"deal": {"declarer": "S", "contract": "4H"},
                                  "penalty_card": {"player": "W", "card": "CK", "kind": "major"},
                                  "next_lead": {"player": "E"},
                                  "choice": {"option": "lead_after_penalty_card", "chooser": "S",
                                             "chosen": "require_suit"}})
    how = chosen.render("en", how=True)
    assert "what was chosen = require the lead" in how and "answers the offer about" not in how, how


def test_an_admissibility_the_calls_decide_is_not_left_open(engine):
    # East opens 1♠, North doubles it at West's turn: admissible, so its 29A choice says nothing of admissibility
    admissible = _rule_facts(engine, {"auction": {"dealer": "E", "calls": "1S P N:X"}})
    text = admissible.render("en", how=False)
    assert "[Law 29A]" in text and "admissible" not in text, text


def test_a_ruling_made_after_the_auction_does_not_say_what_happens_in_it(knowledge, engine):
    """C44 is ruled at the opening lead: 27B2's "North must pass ... for the rest of the auction" and "the
    auction proceeds" no longer apply.  A kind marked ``while_auction`` loses its standard words once the
    auction has ended (the auction_over fact: a contract or declarer known, the end stated, or the final pass
    among the calls); an element with no words of its own goes, though its fact still reaches the productions
    (26B's option here)."""
    from bridgelaw.run.record import render_element
    kinds = [k for k, ek in knowledge.vocabulary.elements.items() if ek.while_auction]
    assert {"auction_proceeds", "pass_obligation"} <= set(kinds)
    after = 0
    for path in INCIDENTS:
        incident = engine.load_incident(path)
        _, working, _ = engine.run(incident)
        if not any(f.template == "auction_over" for f in working):  # derived on every ground (read/auction.py)
            continue
        after += 1
        ruling = engine.rule(incident)
        for e in _with_consequences(ruling.elements):
            if e["kind"] in kinds:
                standard = render_element(knowledge, e["kind"], e["args"], None)
                assert not any(e["text"][lang].startswith(standard[lang]) for lang in ("en", "ru")), (path.name, e)
    assert after >= 20
    ruling = _rule(engine, "insufficient-2h-replaced-by-pass.yaml")
    text = ruling.render("en", how=False)
    assert "for the rest of the auction" not in text and "[Law 26B] The choice is for declarer (West)" in text


def _with_consequences(elements):
    """Every element and every consequence of its options' choices, at every depth, as {kind, args, text}."""
    def under(options):
        for ch in (options or {}).get("choices", ()):
            for c in ch["consequences"]:
                yield c
                yield from under(c.get("options"))
    for e in elements:
        yield {"kind": e.kind, "args": e.args, "text": e.text}
        yield from under(e.options)


@pytest.mark.parametrize("facts", [
    {"deal": {"auction_ended": True}, "auction": {"dealer": "N", "calls": "2C P 2D P 3D P 3C"}},    # 27A1, 27B
    {"deal": {"auction_ended": True}, "auction": {"dealer": "N", "calls": "1C S:1H"}},              # 29A, 31A
    {"deal": {"auction_ended": True}, "auction": {"dealer": "N", "calls": "1C P W:X"}},             # 29A, 32A
])
def test_the_choices_of_an_option_say_nothing_of_the_auction_once_it_has_ended(engine, facts):
    """An option still to be chosen, ruled after the auction (the director says it has ended, no declarer
    named): none of its choices says who calls next, what the offender now calls or who must pass."""
    ruling = _rule_facts(engine, facts)
    for lang, words in (("en", ("calls next", "now calls", "now passes", "whenever it is his turn",
                                "for the rest of the auction", "auction proceeds")),
                        ("ru", ("Следующим заявляет", "теперь", "всякий раз", "до конца торговли",
                                "Торговля продолжается"))):
        said = [c["text"][lang] for c in _with_consequences(ruling.elements)]
        assert not [t for t in said if any(w in t for w in words)], said
    # while it goes on, they are said
    going = _rule_facts(engine, {**facts, "deal": {"auction_ended": False}}).render("en", how=False)
    assert "calls next" in going, going


def test_a_pass_the_offender_now_makes_reads_as_a_pass():
    from bridgelaw.words import Said
    assert "{p} now {c:made}.".format(p="South", c=Said("pass", "en", key="call.P")) == "South now passes."
    assert "{p} теперь {c:made}.".format(p="Юг", c=Said("пас", "ru", key="call.P")) == "Юг теперь пасует."
    assert "{p} now {c:made}.".format(p="South", c=Said("4♣", "en", key="call.4C")) == "South now calls 4♣."


def test_the_calls_end_nothing_where_17d3_or_25a5_opens_the_auction_again(engine):
    # a pass out of rotation among the three that seem to end it: the auction reverts (17D3), it is not over
    _, working, _ = engine.run(engine.load_incident(ROOT / "facts" / "incidents" / "pass-out-of-turn-three-passes.yaml"))
    assert not any(f.template == "auction_over" for f in working)
    # West's unintended pass replaced after the auction ended before it reached East (25A5): East calls next
    ruling = _rule_facts(engine, {"auction": {"dealer": "W", "calls": "1NT P 2D P P P"},
                                  "change_of_call": {"of": 5, "call": "2H", "unintended": True,
                                                     "after_opening_lead": False}})
    assert "East calls next." in ruling.render("en", how=False)


def test_lead_restrictions_that_may_apply_are_not_said_if_once_declarer_is_known(engine):
    """27B2's 'if South becomes a defender' (26B) once the auction has ended with declarer named: South is a
    defender in C44 (West declares), and 26B's option says so, once; were his side declaring, nothing is said."""
    text = _rule(engine, "insufficient-2h-replaced-by-pass.yaml").render("en", how=False)
    assert "becomes a defender" not in text and "[Law 26B] The choice is for declarer (West)" in text, text
    facts = {"auction": {"dealer": "N", "calls": "2S 3H 2NT"},
             "replacement": {"call": "6S", "same_denominations": False, "comparable": False}}
    going = _rule_facts(engine, {**facts, "deal": {"auction_ended": False}}).render("en", how=False)
    assert "If South becomes a defender" in going, going
    declares = _rule_facts(engine, {**facts, "deal": {"declarer": "N", "contract": "6S"}}).render("en", how=False)
    assert "defender" not in declares.split("Open questions")[0], declares


def test_a_contract_alone_says_the_auction_has_ended(engine):
    """A contract is there only once the final pass is made: with the calls written down only up to a pass
    out of rotation at the RHO's turn (30A), the pass at the offender's next turn is past and not said."""
    facts = {"auction": {"dealer": "N", "calls": "1C S:P"}, "after_call_out_of_rotation": {"artificial": False},
             "choice": {"option": "call_out_of_rotation", "chooser": "W", "chosen": "cancel_call"}}
    _, working, _ = engine.run(engine.incident("x", {**facts, "deal": {"contract": "3NT"}}))
    assert any(f.template == "auction_over" for f in working)
    kinds = [e.kind for e in _rule_facts(engine, {**facts, "deal": {"contract": "3NT"}}).elements]
    assert "pass_obligation" not in kinds and "pass_obligation" in [e.kind for e in _rule_facts(engine, facts).elements]


@pytest.mark.parametrize("facts", [
    {"deal": {"auction_ended": True}, "auction": {"dealer": "N", "calls": "1C S:P"}},           # 29A's preview (30A)
    {"deal": {"auction_ended": True}, "auction": {"dealer": "N", "calls": "1C W:P"}},           # 29A's preview (30B1)
    {"deal": {"declarer": "N", "contract": "4H"},                                               # 31B1 after the auction
     "auction": {"dealer": "N", "calls": ["1H", "W:2S", "E:P", "S:2H", "W:3C", "N:4H", "P", "P", "P"]},
     "after_call_out_of_rotation": {"artificial": False, "comparable": False}},
    {"deal": {"declarer": "S", "contract": "4H"},                                               # 26A
     "withdrawn_action": {"player": "N", "action": "call", "offending": True, "comparable": True}},
])
def test_no_later_turn_is_spoken_of_once_the_auction_has_ended(engine, facts):
    """Once the auction has ended, no line (nor any choice's consequence) speaks of a turn to call still to
    come: who may make any legal call, whom the auction reverts to, who must pass at his next turn, or what
    holds "if he becomes a defender" when declarer is known."""
    ruling = _rule_facts(engine, facts)
    for lang, words in (("en", ("next turn", "reverts", "any legal call", "becomes a defender", "calls next")),
                        ("ru", ("следующую очередь", "возвращается к", "любую законную заявку", "станет вистующим",
                                "Следующим заявляет"))):
        said = [c["text"][lang] for c in _with_consequences(ruling.elements)]
        assert not [t for t in said if any(w in t for w in words)], said


def test_who_is_free_to_call_and_who_calls_next_are_said_while_the_auction_lasts(engine):
    text = _rule_facts(engine, {"auction": {"dealer": "N", "calls": "1S S:X"}}).render("en", how=False)  # 36B4
    assert "South may make any legal call at his turn" in text and "East calls next" in text, text
