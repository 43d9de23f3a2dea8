"""Choices as data (read/choices.py) and consequences that last (read/lasting.py), on Law 50D2.

An option element lists its choices, each with its consequences; the ruling shows every choice
until one is made; the choice made is a ``choice`` fact, and the production that choice gives
fires on it like any other (so the CLIPS back end and the differential test cover it too).
"""
from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from bridgelaw.faces import cli
from bridgelaw.faces.interview import Interview, simulate
from bridgelaw.faces.web.session import encode
from bridgelaw.read.choices import check_choices, offered
from web_director import script

ROOT = Path(__file__).resolve().parent.parent
INCIDENTS = ROOT / "facts" / "incidents"



def facts(engine, **data):
    return engine.incident("t", {"deal": {"declarer": "S", "contract": "4H"},
                                 "penalty_card": {"player": "W", "card": "CK", "kind": "major"},
                                 "next_lead": {"player": "E"}, **data})


def test_each_choice_is_a_production_that_waits_for_the_choice(knowledge):
    parent = knowledge.production("50D2.lead-options")
    made = [p for p in knowledge.productions if p.choice_of == parent.id]
    assert sorted((p.id, p.cite) for p in made) == [
        ("50D2.lead-options--forbid-suit", "50D2(a)"), ("50D2.lead-options--no-restriction", "50D2(c)"),
        ("50D2.lead-options--require-suit", "50D2(a)")]
    for p in made:  # the offering production's conditions (its subject naming its id), then the choice fact of it
        assert p.when[1:-1] == parent.when[1:] and p.when[0].tests[1:] == parent.when[0].tests
        assert p.when[-1].template == "choice" and p.when[-1].tests[-1].slot == "of"
    assert offered(knowledge)["lead_after_penalty_card"] == ["require_suit", "forbid_suit", "no_restriction"]
    assert offered(knowledge)["card_instead_of_penalty_card"] == ["accept_card", "substitute_penalty_card"]  # 52B


def test_until_chosen_the_ruling_shows_every_choice_and_applies_none(engine):
    ruling = engine.rule(facts(engine))
    (option,) = [e for e in ruling.elements if e.kind == "option"]
    assert [c["value"] for c in option.options["choices"]] == ["require_suit", "forbid_suit", "no_restriction"]
    assert not {"lead_restriction", "pick_up_penalty_card", "penalty_card_remains"} & set(ruling.kinds())
    assert "require the lead of the penalty card's suit [50D2(a)]: East must lead clubs" in ruling.render("en")


def test_the_choice_made_is_a_fact_and_its_consequences_last(engine):
    ruling = engine.rule(facts(engine, choice={"option": "lead_after_penalty_card", "chosen": "forbid_suit"}))
    (restriction,) = [e for e in ruling.elements if e.kind == "lead_restriction"]
    assert restriction.args == {"player": "E", "suit": "C", "rule": "forbid", "duration": "while_on_lead"}
    # the restriction is also a fact later productions see (lasting); the picked-up card is no longer to be played
    derived = [d for f in ruling.firings for d in f.derived]
    assert "lead_restriction(player=E, suit=C, rule=forbid, duration=while_on_lead)" in derived
    assert "play_penalty_card" not in ruling.kinds()
    (option,) = [e for e in ruling.elements if e.kind == "option"]  # the choice made, no longer the three
    assert option.options["chosen"] == "forbid_suit" and len(option.options["choices"]) == 1
    assert "     - chosen: forbid the lead of the penalty card's suit" in ruling.render("en")


def test_what_follows_from_a_choice_made_is_said_once(engine, ruled):
    """A choice made: its production gives each consequence as an element with its law, so the option
    names the choice and points below instead of printing the same sentences a second time (the
    simultaneous calls out of rotation printed 29B's paragraph twice, under the option and as 29B)."""
    seen = 0
    for path in sorted(INCIDENTS.glob("*.yaml")):
        ruling = ruled.rule(ruled.load_incident(path))  # made once per test process (conftest's ruled)
        for lang in ("en", "ru"):
            text = ruling.render(lang, how=False).split("\n\n", 1)[1]  # less the announcement, which says it first
            for e in ruling.elements:
                for ch in (e.options or {}).get("choices", ()) if (e.options or {}).get("chosen") else ():
                    for c in ch["consequences"]:
                        if engine.knowledge.vocabulary.elements[c["kind"]].offered_only:
                            assert c["text"][lang] not in text, (path.name, c["text"][lang])  # a preview: gone
                            continue
                        if any(x.past and x.kind == c["kind"] and x.text[lang] == c["text"][lang] for x in ruling.elements):
                            assert c["text"][lang] not in text, (path.name, c["text"][lang])  # past (59): not printed
                            continue
                        seen += 1
                        assert text.count(c["text"][lang]) == 1, (path.name, c["text"][lang])
    assert seen >= 10
    ruling = engine.rule(engine.load_incident(INCIDENTS / "simultaneous-calls-out-of-rotation-before-dealer.yaml"))
    assert "[29B]: what follows from it is given below, each with its law" in ruling.render("en")


def test_a_revoke_card_becomes_a_penalty_card_fact_that_law_50_acts_on(engine):
    """62B1 gives a penalty card; being lasting, it is a fact: 50D1(a) and 50E1 fire on it (no duplicated production)."""
    ruling = engine.rule(engine.incident("t", {
        "deal": {"declarer": "S", "contract": "4S"},
        "revoke": {"offender": "E", "trick": 8, "failure": "failed_to_follow_suit", "establishing_act": "none",
                   "revoke_card_was_faced": False}}))
    assert {"penalty_card", "play_penalty_card", "authorized_information"} <= set(ruling.kinds())
    assert not [e for e in ruling.elements if e.kind == "instruction" and e.cite == "62B1"]  # 62B1's prose ("play it at the first opportunity...") is 50D1(a) now
    assert [f.production for f in ruling.firings if f.production.startswith("50")] == [
        "50A.stays-face-up-card-unnamed", "50D1a.play-at-first-opportunity", "50E1.authorized-while-on-table",
        "50D2.lead-options-later"]


def test_a_choice_no_production_offers_is_an_error(knowledge, engine):
    inc = facts(engine, choice={"option": "lead_after_penalty_card", "chosen": "forbid_suit"})
    assert check_choices(knowledge, inc.facts) == []
    vocab = knowledge.vocabulary
    chosen = vocab.templates["choice"].slots["chosen"]
    assert {c for cs in offered(knowledge).values() for c in cs} == set(chosen.values)  # each declared choice offered
    bad = [f for f in inc.facts if f.template == "choice"]
    from dataclasses import replace
    bad = [replace(bad[0], values=tuple((k, "nobody's" if k == "chosen" else v) for k, v in bad[0].values))]
    (problem,) = check_choices(knowledge, bad)
    assert problem.message == "choice: 'nobody's' is not a choice of the option 'lead_after_penalty_card'"
    assert problem.hint == "its choices: require_suit, forbid_suit, no_restriction"


def test_the_interview_asks_what_declarer_chose_after_showing_the_choices(knowledge, engine):
    incident = engine.load_incident(INCIDENTS / "penalty-card-declarer-forbids-suit.yaml")
    ruling, asked = simulate(Interview(knowledge, engine), incident)
    keys = [q.key for q in asked]
    exists, chosen = asked[keys.index("exists:choice")], asked[keys.index("choice-1.chosen")]
    assert keys.index("next_lead.player") < keys.index("exists:choice") < keys.index("choice-1.chosen")
    assert "forbid the lead of the penalty card's suit while the partner keeps the lead [50D2(a)]" in exists.help["en"]
    assert chosen.text["en"] == "What did South choose?"
    assert [c.value for c in chosen.choices] == ["require_suit", "forbid_suit", "no_restriction"]
    assert "East must lead clubs" not in exists.help["en"]  # the ♠4: spades
    assert "East must lead spades" in exists.help["en"]
    # what follows from each choice is read out once, with "has the choice been made?", not again with "what?"
    assert not any(c.help for c in chosen.choices) and "East must lead spades" not in str(chosen.help)
    assert "lead_restriction" in ruling.kinds()


def test_the_cli_and_the_page_show_the_choices(web_app, knowledge, engine, capsys):
    assert cli.main(["rule", str(INCIDENTS / "penalty-card-partner-to-lead.yaml"), "--lang", "en", "--no-how"]) == 0
    out = capsys.readouterr().out
    assert "     - neither require nor forbid a lead [50D2(c)]: West's ♣K remains a penalty card. The partner may lead any card;" in out
    steps, _ = script(knowledge, engine, engine.load_incident(INCIDENTS / "penalty-card-partner-to-lead.yaml"))
    with TestClient(web_app) as client:
        page = client.get("/", params={"s": encode([(q.key, v) for q, v in steps]), "lang": "en"}).text
    assert '<ul class="choices"><li><b>require the lead of the penalty card&#39;s suit [50D2(a)]</b>' in page


def test_the_readme_example_is_the_shipped_production_and_rules_as_shown(knowledge, engine, tmp_path, capsys):
    """knowledge/README.md, "Choices": its production is law-50.yaml's 50D2.lead-options (bar the summary and
    own text), its ruling lines are what `rule` prints, and its choice fact gives the choice's consequences."""
    import re

    from bridgelaw.read.yamlsafe import load as load_yaml
    text = (ROOT / "knowledge" / "README.md").read_text(encoding="utf-8")
    section = text.split("## Choices (`option` with `choices`)", 1)[1].split("\n## ", 1)[0]
    production, facts_block = re.findall(r"```yaml\n(.*?)```", section, re.S)
    (shown,) = re.findall(r"```text\n(.*?)```", section, re.S)
    example = tmp_path / "example.yaml"
    example.write_text("productions:\n" + production, encoding="utf-8")
    (mine,) = load_yaml(example, "example")["productions"]
    shipped = next(p for p in load_yaml(ROOT / "knowledge" / "law-50.yaml", "law-50")["productions"]
                   if p["id"] == mine["id"])
    option = dict(shipped["then"][0]["option"])
    option.pop("text")
    assert mine["when"] == shipped["when"] and mine["then"][0]["option"] == option
    assert cli.main(["rule", str(INCIDENTS / "penalty-card-partner-to-lead.yaml"), "--lang", "en", "--no-how"]) == 0
    out = capsys.readouterr().out
    assert all(line in out.splitlines() for line in shown.strip("\n").splitlines())
    incident = tmp_path / "incident.yaml"
    incident.write_text("source: README\n" + facts_block, encoding="utf-8")
    ruling = engine.rule(engine.load_incident(incident))
    assert "50D2.lead-options--require-suit" in ruling.fired()


def test_the_lasting_kinds_state_their_facts(knowledge):
    """Each lasting element kind has its template; a production giving it states the fact (read/lasting.py)."""
    vocab = knowledge.vocabulary
    assert sorted(n for n, ek in vocab.elements.items() if ek.lasts) == [
        "lead_restriction", "lead_restrictions_may_apply", "pass_obligation", "penalty_card", "trick_winner",
        "unauthorized_information"]
    p = knowledge.production("62B1.defender-card-major-penalty")
    assert [(d.template, dict(d.slots)) for d in p.derive] == [
        ("penalty_card", {"player": p.then[0].args[0][1], "kind": "major"})]


# -- a choice that offers the next choice (nested): Law 27A1, LHO's choice, then the offender's replacement --

IB = {"auction": {"dealer": "N", "calls": ["2C", "P", "2D", "P", "3D", "P", "3C"]}}


def test_a_choice_may_offer_the_next_choice(knowledge):
    made = {p.id: p for p in knowledge.productions if p.id.startswith("27A1.lho-may-accept--")}
    assert sorted(made) == [
        "27A1.lho-may-accept--accept", "27A1.lho-may-accept--refuse",
        "27A1.lho-may-accept--refuse--comparable-call", "27A1.lho-may-accept--refuse--double-or-redouble",
        "27A1.lho-may-accept--refuse--lowest-same-denominations", "27A1.lho-may-accept--refuse--other-bid-or-pass"]
    nested = made["27A1.lho-may-accept--refuse--other-bid-or-pass"]
    assert nested.choice_of == "27A1.lho-may-accept--refuse" and nested.cite == "27B2"
    # the offering production's conditions, LHO's refusal, then the offender's choice
    assert nested.when[:-1] == made["27A1.lho-may-accept--refuse"].when
    assert [p.template for p in nested.when[-2:]] == ["choice", "choice"]


def test_until_chosen_the_ruling_shows_the_nested_choices_under_their_choice(engine):
    ruling = engine.rule(engine.incident("t", IB))
    text = ruling.render("en")
    refuse = "     - refuse it [27B]: South must replace the call (3♣) with a legal call."
    barred = ("        - any other sufficient bid, or a pass [27B2]: North must pass whenever it is his turn"
              " to call, for the rest of the auction.")
    assert refuse in text and barred in text and text.index(refuse) < text.index(barred)
    assert not {"pass_obligation", "replace_call", "auction_proceeds"} & set(ruling.kinds())
    (option,) = [e for e in ruling.elements if e.kind == "option"]
    refused = option.options["choices"][1]["consequences"]
    assert [c["kind"] for c in refused] == ["replace_call", "option"]
    assert [c["value"] for c in refused[1]["options"]["choices"]] == [
        "lowest_same_denominations", "comparable_call", "other_bid_or_pass", "double_or_redouble"]
    from bridgelaw.explain.ruling_json import ruling_json
    nested = ruling_json(ruling)["elements"][1]["options"]["choices"][1]["consequences"][1]["options"]
    assert nested["chooser"] == "S" and nested["choices"][2]["consequences"][0]["kind"] == "pass_obligation"


def test_the_nested_choice_made_gives_its_lasting_consequences(engine):
    ruling = engine.rule(engine.incident("t", {**IB, "choice": [
        {"option": "insufficient_bid", "chosen": "refuse"},
        {"option": "insufficient_bid_replacement", "chosen": "other_bid_or_pass"}]}))
    (barred,) = [e for e in ruling.elements if e.kind == "pass_obligation"]
    # from the insufficient bid (call 7) on
    assert barred.args == {"player": "N", "duration": "every_turn", "after_call": 7} and barred.cite == "27B2"
    derived = {d for f in ruling.firings for d in f.derived}
    assert {"pass_obligation(player=N, duration=every_turn, after_call=7)", "lead_restrictions_may_apply(offender=S)"} <= derived
    options = [e for e in ruling.elements if e.kind == "option"]  # each shows what was chosen
    assert [o.options["chosen"] for o in options] == ["refuse", "other_bid_or_pass"]


def test_two_choices_of_one_option_are_not_asked_which_applies(knowledge):
    from bridgelaw.committee.lint import conflicts
    assert not [p for p in conflicts(knowledge) if "27A1.lho-may-accept--" in p.message]


# -- a choice says which offer it answers (of): two offers of one option on two facts do not mix ----------

TWO = {"deal": {"declarer": "S", "contract": "4H"},   # two defenders' leads out of turn, each with its own 56 offer
       "lead": [{"trick": 5, "player": "E", "card": "DQ", "previous_trick_winner": "S", "response": "none"},
                {"trick": 3, "player": "W", "card": "CK", "previous_trick_winner": "S", "response": "none"}]}


def test_a_choice_of_one_fact_answers_only_that_offer(engine):
    both = engine.rule(engine.incident("t", {**TWO, "choice": {"option": "defender_lead_out_of_turn", "chosen": "refuse_lead"}}))
    assert sorted(e.args["card"] for e in both.elements if e.kind == "penalty_card") == ["CK", "DQ"]  # says no fact: both
    one = engine.rule(engine.incident("t", {**TWO, "choice": {"option": "defender_lead_out_of_turn", "chosen": "refuse_lead",
                                                               "of": "lead-2"}}))
    assert [e.args["card"] for e in one.elements if e.kind == "penalty_card"] == ["CK"]
    offers = [e.options for e in one.elements if e.kind == "option" and e.cite == "56"]
    assert sorted(len(o["choices"]) for o in offers) == [1, 2]  # the other lead's offer still stands


def test_a_choice_of_no_fact_is_an_error(knowledge, engine):
    inc = engine.incident("t", {**TWO, "choice": {"option": "defender_lead_out_of_turn", "chosen": "refuse_lead",
                                                   "of": "lead-9"}})
    (problem,) = check_choices(knowledge, inc.facts)
    assert problem.message == "choice: 'of: lead-9' names no fact of the incident"
    assert "lead-1, lead-2" in problem.hint


# -- knowledge/README.md: "Roles" and "A choice under a choice", their examples run ---------------------

def _section(title: str) -> str:
    text = (ROOT / "knowledge" / "README.md").read_text(encoding="utf-8")
    return text.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_readme_roles_example_is_law_62_and_rules_as_told(engine, tmp_path):
    import re
    production, incident = re.findall(r"```yaml\n(.*?)```", _section("Roles (`$x.role`)"), re.S)
    assert production in (ROOT / "knowledge" / "law-62.yaml").read_text(encoding="utf-8")
    path = tmp_path / "c60.yaml"
    path.write_text(incident, encoding="utf-8")
    ruling = engine.rule(engine.load_incident(path))
    (card,) = [e for e in ruling.elements if e.kind == "penalty_card"]
    assert card.args == {"player": "S", "card": "S2", "kind": "major"} and card.cite == "62B1"
    assert ("option", "50D2") in {(e.kind, e.cite) for e in ruling.elements}


def test_readme_nested_choice_lines_are_what_rule_prints(capsys):
    import re
    (shown,) = re.findall(r"```text\n(.*?)```", _section("A choice under a choice, and which fact a choice answers"), re.S)
    assert cli.main(["rule", str(INCIDENTS / "insufficient-3c-over-3d.yaml"), "--lang", "en", "--no-how"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert all(line in out for line in shown.strip("\n").splitlines())


def test_the_page_nests_a_choice_under_the_choice_that_offers_it(web_app, knowledge, engine):
    """27B's replacements are a list inside "refuse it", as the text indents them, not run into its line."""
    steps, _ = script(knowledge, engine, engine.incident("t", IB))
    with TestClient(web_app) as client:
        page = client.get("/", params={"s": encode([(q.key, v) for q, v in steps]), "lang": "en"}).text
    refuse = page.index("<b>refuse it [27B]</b>")
    inner = page.index('<ul class="choices">', refuse)
    assert inner < page.index("</li>", refuse) and page.index("any other sufficient bid, or a pass [27B2]") > inner
    assert "(if any other sufficient bid" not in page and "(any other sufficient bid" not in page
