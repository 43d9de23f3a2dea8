"""The cards as evidence (bridgelaw/read/cards.py): what a deal and its play record show is stated for the
director, the ruling from the cards equals the ruling from the same facts typed by hand, a stated fact the
cards contradict is shown beside them and left to the director (85), and a card no one could have played
is an error naming the trick and the card."""
from __future__ import annotations

from pathlib import Path

import pytest

from bridgelaw.errors import BridgelawError
from bridgelaw.read.incident import load_incident

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "facts" / "incidents" / "revoke-from-the-cards.yaml"

BY_HAND = """\
source: the same board, every fact typed by the director
facts:
  deal: {declarer: S, contract: 4S, vulnerability: none, declarer_tricks: 12, play_ended: true}
  revoke:
    - offender: W
      trick: 2
      failure: failed_to_follow_suit
      establishing_act: played_to_next_trick
      revoke_trick_winner: non_offending_side
      offending_side_won_later_trick: true
      required_card_was_faced: false
      repeat_in_same_suit: false
      attention_drawn: after_play
      damage_beyond_rectification: false
"""


def _elements(ruling):
    return [(e.kind, e.args, e.cite, e.text["en"]) for e in ruling.elements]


def test_the_cards_state_what_they_show(knowledge):
    incident = load_incident(CARDS, knowledge.vocabulary)
    revoke = next(f for f in incident.facts if f.template == "revoke").known()
    assert revoke | {} == revoke and {k: revoke[k] for k in ("trick", "failure", "establishing_act",
                                                            "revoke_trick_winner", "offending_side_won_later_trick")} == {
        "trick": 2, "failure": "failed_to_follow_suit", "establishing_act": "played_to_next_trick",
        "revoke_trick_winner": "non_offending_side", "offending_side_won_later_trick": True}
    deal = next(f for f in incident.facts if f.template == "deal").known()
    assert deal["declarer_tricks"] == 12 and deal["play_ended"] is True
    assert incident.conflicts == ()


def test_the_ruling_from_the_cards_is_the_ruling_from_the_facts_typed_by_hand(knowledge, engine, tmp_path):
    typed = tmp_path / "typed.yaml"
    typed.write_text(BY_HAND, encoding="utf-8")
    from_cards = engine.rule(load_incident(CARDS, knowledge.vocabulary))
    by_hand = engine.rule(load_incident(typed, knowledge.vocabulary))
    assert _elements(from_cards) == _elements(by_hand)
    assert from_cards.result.text == by_hand.result.text
    assert "+510" in from_cards.result.text["en"]
    assert not from_cards.open_questions


def test_a_stated_fact_the_cards_contradict_is_left_to_the_director(knowledge, engine, tmp_path):
    text = CARDS.read_text(encoding="utf-8").replace("    - offender: W\n",
                                                     "    - offender: W\n      revoke_trick_winner: offender\n")
    (tmp_path / "i.yaml").write_text(text, encoding="utf-8")
    incident = load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    [conflict] = incident.conflicts
    assert (conflict.slot, conflict.stated, conflict.shown) == ("revoke_trick_winner", "offender", "non_offending_side")
    revoke = next(f for f in incident.facts if f.template == "revoke")
    assert revoke.get("revoke_trick_winner") is None  # neither overrules the other
    ruling = engine.rule(incident)
    out = ruling.render("en")
    assert "the director stated: the offending player himself" in out and "Law 85" in out
    assert any(q.slot == "revoke_trick_winner" for q in ruling.open_questions)
    [data] = ruling.to_dict()["conflicts"]
    assert (data["slot"], data["stated"], data["shown"]) == ("revoke_trick_winner", "offender", "non_offending_side")
    assert "Law 85" in data["text"]["en"]


@pytest.mark.parametrize("old,new,words", [
    ("[D7, C6, DA, D4]", "[D7, C6, DA, SA]", "i.yaml:21:7: cards.play, trick 2: E plays SA, which he never held"),
    ("[D7, C6, DA, D4]", "[D7, C1, DA, D4]", "trick 2: 'C1' is no card"),
    ("[S2, S4, SJ, S6]", "[S2, S4, SJ, C6]", "trick 3: W plays C6, which he has already played"),
])
def test_a_card_no_one_could_play_is_an_error_naming_the_trick_and_card(knowledge, tmp_path, old, new, words):
    source = CARDS.read_text(encoding="utf-8")
    (tmp_path / "i.yaml").write_text(source.replace(old, new), encoding="utf-8")
    with pytest.raises(BridgelawError) as e:
        load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert words in str(e.value) and "i.yaml:" in str(e.value)
    assert CARDS.read_text(encoding="utf-8") == source  # the input file is never changed


def test_no_deal_no_endplay(tmp_path):
    """A cold `rule` on an incident without cards does not import endplay (half a second)."""
    import subprocess
    import sys
    code = ("import sys; from bridgelaw.faces import cli; cli.main(['rule', "
            f"'{ROOT / 'facts' / 'incidents' / 'revoke-trick-unknown.yaml'}', '--no-how']);"
            "print('endplay' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT).stdout
    assert out.strip().endswith("False")


def test_a_board_imports_only_the_parts_of_endplay_it_uses():
    """endplay's package __init__ imports its dealer and matplotlib (a second or more): a cold `rule` on a PBN
    board with a claim's search imports endplay's types, parsers and DDS itself (``_dds``: its Python wrapper
    ``endplay.dds`` is not needed), never those."""
    import subprocess
    import sys
    code = ("import sys; from bridgelaw.faces import cli; cli.main(['rule', "
            f"'{ROOT / 'facts' / 'incidents' / 'revoke-from-a-pbn-file.yaml'}', '--no-how']);"
            f"cli.main(['rule', '{CLAIM}', '--no-how']);"
            "print(sorted(m for m in ('endplay.types', 'endplay._dds', 'endplay.dds', 'endplay.parsers.pbn',"
            " 'endplay.dealer', 'matplotlib') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT).stdout
    assert out.strip().splitlines()[-1] == "['endplay._dds', 'endplay.parsers.pbn', 'endplay.types']"


def test_a_pbn_file_rules_as_the_same_cards_written_in_the_incident(knowledge, engine, tmp_path):
    """The PBN fixture was written by endplay from revoke-from-the-cards.yaml's deal and play."""
    pbn = load_incident(ROOT / "facts" / "incidents" / "revoke-from-a-pbn-file.yaml", knowledge.vocabulary)
    yaml_ = load_incident(CARDS, knowledge.vocabulary)
    assert _elements(engine.rule(pbn)) == _elements(engine.rule(yaml_))
    assert engine.rule(pbn).result.text == engine.rule(yaml_).result.text
    (tmp_path / "bad.pbn").write_text('[Board "x"]\n[Deal "N:AKQ"]\n', encoding="utf-8")
    (tmp_path / "i.yaml").write_text("source: t\nfacts: {deal: {declarer: S}}\ncards: {pbn: bad.pbn}\n",
                                     encoding="utf-8")
    with pytest.raises(BridgelawError) as e:
        load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert "i.yaml:3:" in str(e.value) and "bad.pbn: cannot read a PBN board" in str(e.value)


# -- a claim from the cards: what they show at the claim, and the lines by double dummy (read/dd.py) -----------

CLAIM = ROOT / "facts" / "incidents" / "claim-from-the-cards.yaml"


def _claim_variant(tmp_path, old: str, new: str):
    text = CLAIM.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "c.yaml").write_text(text.replace(old, new), encoding="utf-8")
    return tmp_path / "c.yaml"


def test_at_a_claim_the_cards_state_the_tricks_left_and_whether_an_opponent_holds_a_trump(knowledge, tmp_path):
    claim = next(f for f in load_incident(CLAIM, knowledge.vocabulary).facts if f.template == "claim").known()
    assert claim["tricks_remaining"] == 4 and claim["trump_outstanding"] is False  # 3NT: no trump at all
    in_hearts = _claim_variant(tmp_path, "contract: 3NT", "contract: 3S")  # West still holds four spades
    claim = next(f for f in load_incident(in_hearts, knowledge.vocabulary).facts if f.template == "claim").known()
    assert claim["trump_outstanding"] is True
    in_clubs = _claim_variant(tmp_path, "contract: 3NT", "contract: 3C")  # East's ♣2; North-South hold no club
    claim = next(f for f in load_incident(in_clubs, knowledge.vocabulary).facts if f.template == "claim").known()
    assert claim["trump_outstanding"] is True
    deal = next(f for f in load_incident(CLAIM, knowledge.vocabulary).facts if f.template == "deal").known()
    assert deal["declarer_tricks"] == 6 and "play_ended" not in deal  # play ended with the claim: 69-71 say what follows


def test_the_claims_worst_and_best_lines_stand_beside_the_70D1_question(knowledge, engine):
    ruling = engine.rule(load_incident(CLAIM, knowledge.vocabulary))
    lines = ruling.claim_lines
    assert (lines["worst"], lines["best"], lines["remaining"], lines["complete"]) == (3, 4, 4, True)
    assert lines["diverge"] == {"trick": 10, "seat": "S", "best": "DA", "worst": "HJ"}  # the blocked hearts
    out = ruling.render("en").splitlines()
    at = next(i for i, line in enumerate(out) if line.startswith("  - ") and "(needed by 70D1)" in line)
    assert out[at + 1].strip().startswith("From the cards (double dummy; evidence for the director, not a finding)")
    assert sum("From the cards" in line for line in out) == 1
    assert "North-South take 4 on the best order of play the statement allows and 3 on the worst" in out[at + 1]
    assert out[at + 3].strip().startswith("Best: 10 (S): ♦A") and out[at + 4].strip().startswith("Worst: 10 (S): ♥J")
    assert "every one the statement allows" in out[at + 5] and "director's finding (Law 70D1)" in out[at + 6]
    assert not any(e.kind == "award_tricks" for e in ruling.elements)  # the lines decide nothing: 70A still asks
    assert any(q.slot == "less_successful_normal_line" for q in ruling.open_questions)
    data = ruling.to_dict()
    assert data["claim_lines"]["worst"] == 3 and data["claim_lines"]["best_line"][0] == ["S", "DA"]
    assert "Лучшая: 10 (Ю): ♦Т" in ruling.render("ru")  # the Russian letters for the ranks


def test_once_the_director_has_found_70D1_the_lines_stay_as_evidence(knowledge, engine, tmp_path):
    found = _claim_variant(tmp_path, "    suit_order_open: false\n",
                           "    suit_order_open: false\n    less_successful_normal_line: true\n")
    out = engine.rule(load_incident(found, knowledge.vocabulary)).render("en", how=False)
    assert "From the cards (double dummy" in out and "70D1" not in out.split("Open questions:")[-1]


def test_a_stated_order_is_kept_and_named_winners_are_not_thrown_away(knowledge, tmp_path):
    ordered = _claim_variant(tmp_path, "  claim_named: [DA, DK, DQ, HJ, HA, HK, HQ]",
                             "  claim_line: [DA, DK, DQ, HJ]")
    lines = load_incident(ordered, knowledge.vocabulary).claim_lines
    assert (lines.worst, lines.best, lines.diverge) == (4, 4, None)  # diamonds first, as he said: one line
    unnamed = _claim_variant(tmp_path, "  claim_named: [DA, DK, DQ, HJ, HA, HK, HQ]", "")
    lines = load_incident(unnamed, knowledge.vocabulary).claim_lines
    assert lines.worst == 1  # nothing named: dummy may lead his spade while holding two good hearts


@pytest.mark.parametrize("line,words", [
    ("[DA, D1]", "cards.claim_line, card 2: 'D1' is no card"),
    ("[DA, SA]", "cards.claim_line, card 2: SA is not in S's or his partner's hand at the claim"),
    ("[DA, DK, DA]", "cards.claim_line, card 3: DA is named twice"),  # N21c: 1,000 cards once accepted
    ("[" + ", ".join(["DA"] * 1000) + "]", "cards.claim_line: 1000 cards; the claimer and his partner hold at most 26"),
])
def test_a_named_card_no_one_could_play_is_an_error(knowledge, tmp_path, line, words):
    bad = _claim_variant(tmp_path, "  claim_named: [DA, DK, DQ, HJ, HA, HK, HQ]", f"  claim_line: {line}")
    with pytest.raises(BridgelawError) as e:
        load_incident(bad, knowledge.vocabulary)
    assert words in str(e.value) and "c.yaml:" in str(e.value)


def test_the_search_keeps_to_its_budget_and_says_what_it_covered(knowledge):
    """Claimed at trick one (13 cards each): the search stops at its budget, finishes each open position on its
    double-dummy best card, and says so; past half a second it reports progress (a terminal shows it)."""
    import time
    from bridgelaw.read import dd
    from bridgelaw.read.cards import _hands
    hands = _hands("N:642.AKQ98.72.T74 75.T53.JT95.J852 83.J64.AKQ83.AKQ AKQJT9.72.64.963")
    calls = []
    start = time.process_time()
    lines = dd.claim_lines(hands, [], "W", None, "S", budget=0.6, progress=lambda n, s: calls.append(s))
    assert not lines.complete and lines.lines >= 1 and lines.worst <= lines.best
    # past the budget only the line under way is finished (the whole search is minutes): CPU time, with room,
    # so that a loaded or slow machine does not fail it
    assert time.process_time() - start < 0.6 + 10
    assert all(s >= dd.PROGRESS_AFTER for s in calls)  # shown only past PROGRESS_AFTER of the clock (the budget is work)
    from bridgelaw.explain.evidence import claim_lines
    assert "the search stopped at its budget (0.6 s)" in " ".join(claim_lines(lines)["text"]["en"])


def test_six_cards_a_hand_are_searched_whole_within_the_default_budget():
    """With up to 6 cards left in each hand every order is covered (a made-up ending; the budget is widened so
    that a loaded machine does not cut it: the figures are in the README)."""
    from bridgelaw.read import dd
    from bridgelaw.read.cards import _hands
    ending = _hands("N:AK2.A2.A2.A N:QJ.KQ.KQ.K2 N:T9.JT.JT.QJ N:87.98.98.T9".replace(" N:", " "))
    calls = []
    lines = dd.claim_lines(ending, [], "S", None, "S", budget=dd.BUDGET * 10, progress=lambda n, s: calls.append(s))
    assert lines.complete and lines.lines > 10 and lines.worst < lines.best  # (about 0.3 s on a quiet machine)


def test_a_ruling_without_cards_has_no_lines_and_no_conflicts_in_its_json(knowledge, engine):
    data = engine.rule(load_incident(ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml",
                                     knowledge.vocabulary)).to_dict()
    assert data["claim_lines"] is None and data["conflicts"] == []


# -- a BBO LIN hand record, and board files that do not read ---------------------------------------------------

def test_a_lin_file_rules_as_the_same_cards_written_in_the_incident(knowledge, engine):
    """The LIN fixture (the project's own) gives the deal, the auction (4♠ by South follows from it) and the play."""
    lin = load_incident(ROOT / "facts" / "incidents" / "revoke-from-a-lin-file.yaml", knowledge.vocabulary)
    yaml_ = load_incident(CARDS, knowledge.vocabulary)
    assert _elements(engine.rule(lin)) == _elements(engine.rule(yaml_))
    assert engine.rule(lin).result.text == engine.rule(yaml_).result.text


LIN_DEAL = ("md|3S789TJH45AD7KC45A,S6H3678D689TJC678,S23KAH2QKD23AC23K,|mb|p|mb|p|mb|1S|mb|p|mb|4S|mb|p|mb|p|"
            "mb|p|")  # North deals; South opens 1♠ and plays 4♠


@pytest.mark.parametrize("kind,text,words", [
    ("pbn", '[Board "7"]\n[Deal "X:ZZZ"]\n', "b.pbn: cannot read a PBN board"),
    ("lin", "this is no hand record\n", "b.lin: cannot read a LIN board (no 'md|' deal in it)"),
    ("lin", "md|3SZZZ,,,|\n", "b.lin: cannot read a LIN board"),
    ("lin", LIN_DEAL + "pc|H3|pc|H2|pc|H9|pc|HA|pc|D7|pc|SA|\n", "b.lin, board 1, trick 2: W plays SA, which he never held"),
    ("lin", LIN_DEAL + "pc|H3|pc|H2|pc|HX|\n", "b.lin, board 1, trick 1: 'HX' is no card"),
    ("lin", b"\xff\xfe md|".decode("latin-1") + "\n", "b.lin: cannot read a LIN board"),
])
def test_a_board_file_that_does_not_read_is_an_error_naming_the_board_trick_and_card(knowledge, tmp_path, kind,
                                                                                    text, words):
    """Never a traceback, and the files are never changed."""
    (tmp_path / f"b.{kind}").write_text(text.replace("md|3S", "ah|Board 1|md|3S", 1), encoding="latin-1")
    (tmp_path / "i.yaml").write_text(f"source: t\nfacts: {{deal: {{declarer: S, contract: 4S}}}}\ncards: {{{kind}: b.{kind}}}\n",
                                     encoding="utf-8")
    before = (tmp_path / f"b.{kind}").read_bytes()
    with pytest.raises(BridgelawError) as e:
        load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert "i.yaml:3:" in str(e.value) and words in str(e.value)
    assert (tmp_path / f"b.{kind}").read_bytes() == before


def test_a_claim_at_an_unfinished_trick_in_a_lin_file(knowledge, tmp_path):
    """endplay's LIN reader cannot take a trick left unfinished (as a claim leaves it): the cards of that trick
    are read all the same, and the lines start from it."""
    (tmp_path / "b.lin").write_text(LIN_DEAL + "pc|H3|pc|H2|pc|H9|pc|HA|pc|D7|pc|C6|\n", encoding="utf-8")
    (tmp_path / "i.yaml").write_text("source: t\nfacts: {deal: {vulnerability: none}, claim: {claimer: S}}\n"
                                     "cards: {lin: b.lin}\n", encoding="utf-8")
    incident = load_incident(tmp_path / "i.yaml", knowledge.vocabulary, )
    claim = next(f for f in incident.facts if f.template == "claim").known()
    assert claim["tricks_remaining"] == 12 and claim["trump_outstanding"] is True
    lines = incident.claim_lines
    assert lines.first_trick == 2 and lines.best_line[0][0] == "N" and lines.remaining == 12


def test_a_card_never_held_is_no_error_where_laws_13_or_14_explain_it(knowledge, tmp_path):
    """With a hand of the wrong number of cards stated (Laws 13, 14) the deal given is not what each held: a card
    not in it is read as played, and no failure to follow suit is read from such hands; a card played twice stays
    an error."""
    source = CARDS.read_text(encoding="utf-8").replace("[D7, C6, DA, D4]", "[D7, C6, DA, D2]")
    source = source[:source.index("    - [H4, H7, HQ, HJ]")]  # three tricks: North's D2 is not played again
    stated = "  incorrect_hands: {most_cards: 13, fewest_cards: 12, player: E, found: among_played_cards}\n"
    explained = source.replace("  revoke:\n", stated + "  revoke:\n")
    (tmp_path / "i.yaml").write_text(explained, encoding="utf-8")
    incident = load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert next(f for f in incident.facts if f.template == "revoke").get("trick") is None  # stated, not read
    twice = explained.replace("[S2, S4, SJ, S6]", "[S2, S4, SJ, C6]")
    (tmp_path / "i.yaml").write_text(twice, encoding="utf-8")
    with pytest.raises(BridgelawError) as e:
        load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert "trick 3: W plays C6, which he has already played" in str(e.value)
    (tmp_path / "i.yaml").write_text(source, encoding="utf-8")  # no Law 13/14 fact: an error
    with pytest.raises(BridgelawError) as e:
        load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    assert "trick 2: E plays D2, which he never held" in str(e.value)


# -- a defective trick from the cards (Law 67) --------------------------------------------------------------------

DEFECTIVE = ROOT / "facts" / "incidents" / "defective-trick-from-the-cards.yaml"


def test_a_defective_trick_from_the_cards_rules_as_c07_typed_by_hand(knowledge, engine):
    from_cards = load_incident(DEFECTIVE, knowledge.vocabulary)
    d = next(f for f in from_cards.facts if f.template == "defective_trick").known()
    assert d == {"offender": "N", "trick": 9, "fault": "omitted_card", "both_sides_played_to_next_trick": True,
                 "offender_has_card_of_suit_led": True, "trick_winner": "non_offending_side",
                 "offending_side_won_later_trick": True}
    typed = load_incident(ROOT / "facts" / "incidents" / "defective-trick-card-left-over.yaml", knowledge.vocabulary)
    assert _elements(engine.rule(from_cards)) == _elements(engine.rule(typed))
    assert engine.rule(from_cards).result.text == engine.rule(typed).result.text
    assert not from_cards.find("revoke")  # the card kept back is no failure to follow suit: 67B1(a) deems one


def test_two_cards_from_one_hand_make_a_defective_trick(knowledge, tmp_path):
    """A list in a hand's place: it played several cards to the trick (the first counts for the trick)."""
    text = DEFECTIVE.read_text(encoding="utf-8").replace('[HJ, "-", H6, C8]', "[HJ, [H5, H8], H6, C8]")
    text = text.replace("[CA, SA, C6, H8]", "[CA, SA, C6]")  # North has no card left for the last trick
    (tmp_path / "i.yaml").write_text(text, encoding="utf-8")
    incident = load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
    [d] = [f.known() for f in incident.find("defective_trick")]
    assert (d["trick"], d["fault"], d["both_sides_played_to_next_trick"]) == (9, "too_many_cards", True)


def test_with_no_statement_the_best_line_is_the_double_dummy_result():
    """The opponents play double dummy: with nothing stated, the best order the claimer's side can find makes the
    double-dummy number of tricks, and the worst makes no more (40 made-up 4-card endings, fixed seed)."""
    import random
    from endplay import dds
    from endplay.types import Deal, Denom, Player
    from bridgelaw.read import dd
    rng = random.Random(18)
    for _ in range(40):
        deck = [(s, r) for s in "SHDC" for r in range(13)]
        rng.shuffle(deck)
        hands = {seat: set(deck[i * 4:(i + 1) * 4]) for i, seat in enumerate("NESW")}
        trump = rng.choice(["S", "H", None])
        deal = Deal(dd._pbn(hands))
        deal.trump, deal.first = {"S": Denom.spades, "H": Denom.hearts, None: Denom.nt}[trump], Player.south
        lines = dd.claim_lines(hands, [], "S", trump, "S", budget=60)
        assert lines.complete and lines.best == max(t for _, t in dds.solve_board(deal)) >= lines.worst


def test_a_discard_keeps_named_cards_and_side_suit_winners_while_another_card_can_go():
    """Throwing away a winner is irrational, not careless (footnote to Laws 70 and 71): not a line to examine."""
    import time
    from bridgelaw.read import dd
    s = dd._Search("S", "S", (), {("D", 0)}, time.monotonic() + 60, None)
    hands = {"N": {("H", 12)}, "E": {("H", 0), ("C", 11)}, "W": {("H", 1), ("C", 10)},
             "S": {("C", 12), ("D", 0), ("C", 2), ("S", 5)}}  # ♣A a winner, ♦2 named, ♣4, ♠7 (a trump)
    # dummy cashes the ♥A, East follows: South has no heart
    ordered = [("C", 12), ("D", 0), ("C", 2), ("S", 5)]
    assert s.choices(hands, (("N", ("H", 12)), ("E", ("H", 0))), "S", ordered) == [("C", 2), ("S", 5)]
    only_winners = {**hands, "S": {("C", 12), ("D", 0)}}
    assert s.choices(only_winners, (("N", ("H", 12)), ("E", ("H", 0))), "S", [("C", 12), ("D", 0)]) == [
        ("C", 12), ("D", 0)]  # nothing else to throw: either may go


@pytest.mark.parametrize("from_cards,typed", [
    ("repeated-revoke-from-the-cards.yaml", "repeated-revoke-same-suit.yaml"),
    ("defective-trick-from-the-cards.yaml", "defective-trick-card-left-over.yaml"),
])
def test_a_shipped_incident_told_by_its_cards_rules_as_typed_by_hand(knowledge, engine, from_cards, typed):
    """The same elements and result; the cards may settle more (a slot the typed incident left open)."""
    incidents = ROOT / "facts" / "incidents"
    a = engine.rule(load_incident(incidents / from_cards, knowledge.vocabulary))
    b = engine.rule(load_incident(incidents / typed, knowledge.vocabulary))
    assert _elements(a) == _elements(b) and a.result.text == b.result.text
    assert {q.slot for q in a.open_questions} <= {q.slot for q in b.open_questions}


def test_a_card_pointed_wrongly_the_cards_say_whether_its_side_won_the_trick(knowledge, engine, tmp_path):
    """65B: West's card of trick 2 pointed wrongly (North's ♦A won that trick), East's of trick 5 (East won it),
    North's of trick 1 (South won it): the record says whether the player's side won the trick."""
    head = CARDS.read_text(encoding="utf-8").split("\ncards:")[1]
    for seat, trick, won in (("W", 2, False), ("E", 5, True), ("N", 1, True)):
        (tmp_path / "i.yaml").write_text(
            "source: t\nfacts:\n  deal: {declarer: S, contract: 4S}\n"
            f"  trick_arrangement: {{issue: card_pointed_wrongly, player: {seat}, trick: {trick}}}\ncards:" + head,
            encoding="utf-8")
        incident = load_incident(tmp_path / "i.yaml", knowledge.vocabulary)
        assert incident.find("trick_arrangement")[0].get("trick_won_by_own_side") is won
        fired = engine.rule(incident).fired()
        assert ("65B1.own-side-won" if won else "65B2.opponents-won") in fired


# -- 64C's double-dummy reference (read/dd.py revoke_tricks): evidence beside the 64C1 question ------------------

def test_a_revoke_from_the_cards_shows_64Cs_double_dummy_reference_as_evidence(knowledge, engine, tmp_path):
    """West showed out of diamonds at trick 2 holding J10986: had he followed, North-South would have taken 10
    tricks from trick 2 on (11 in all) whichever he played; at the table they took 11 (12 in all)."""
    ruling = engine.rule(load_incident(CARDS, knowledge.vocabulary))
    [ref] = ruling.to_dict()["revoke_tricks"]
    assert {k: ref[k] for k in ("offender", "trick", "side", "before", "at_table")} == {
        "offender": "W", "trick": 2, "side": "NS", "before": 1, "at_table": 11}
    assert ref["by_card"] == [["DJ", 10], ["D10", 10], ["D9", 10], ["D8", 10], ["D6", 10]]
    # evidence, never a ruling element: the only 64C element is the director's own judgment (damage: false) said
    assert [e.production for e in ruling.elements if "64C" in e.cite] == ["64C1.automatic-result-stands"]
    out = ruling.render("en", how=False)
    assert "had West followed suit at trick 2, North-South would have taken from that trick on 10 (had West played ♦J," \
           " ♦10, ♦9, ♦8 or ♦6), 11 in all" in out and "At the table they took 11 from that trick on, 12 in all." in out
    # while the 64C1 question is open, the reference stands beside it
    text = CARDS.read_text(encoding="utf-8").replace("      damage_beyond_rectification: false\n", "")
    (tmp_path / "i.yaml").write_text(text, encoding="utf-8")
    lines = engine.rule(load_incident(tmp_path / "i.yaml", knowledge.vocabulary)).render("en", how=False).splitlines()
    asked = next(i for i, line in enumerate(lines) if line.startswith("  - ") and "64C1" in line)
    assert lines[asked + 1].strip().startswith("For 64C, from the cards")
    assert sum("For 64C" in line for line in lines) == 1


def test_64Cs_reference_scores_each_card_as_endplays_own_deal_and_solve_board():
    """64C's reference asks DDS the way the claim search does (dd.solve: the deal filled in directly); on random
    endings with one to three cards played to the revoke trick before the offender, each card he could play
    scores what endplay's Deal, its play() and solve_board give."""
    import random
    from endplay import dds
    from endplay.types import Card, Deal, Denom, Player
    from bridgelaw.read import dd
    from bridgelaw.values import lho_of, side_of
    rng = random.Random(64)
    for _ in range(12):
        deck = [(s, r) for s in "SHDC" for r in range(13)]
        rng.shuffle(deck)
        k = rng.randint(3, 6)
        hands = {seat: frozenset(deck[i * k:(i + 1) * k]) for i, seat in enumerate("NESW")}
        trump, leader, declarer = rng.choice(["S", "H", None]), rng.choice("NESW"), rng.choice("NESW")
        before, seat = [], leader
        for _ in range(rng.randint(1, 3)):
            held = sorted(hands[seat])
            follow = [c for c in held if c[0] == before[0][1][0]] if before else held
            before.append((seat, rng.choice(follow or held)))
            seat = lho_of(seat)
        [ref] = dd.revoke_tricks(((seat, 14 - k, tuple(hands.items()), tuple(before), leader, 0, None),),
                                 trump, declarer)
        deal = Deal(dd._pbn(hands))
        deal.trump = {"S": Denom.spades, "H": Denom.hearts, None: Denom.nt}[trump]
        deal.first = getattr(Player, {"N": "north", "E": "east", "S": "south", "W": "west"}[leader])
        for _, c in before:
            deal.play(Card(c[0] + dd.RANKS[c[1]]))
        theirs = {dd.name(("SHDC"[int(card.suit)], dd.RANKS.index(card.rank.abbr))):
                  n if side_of(seat) == side_of(declarer) else k - n for card, n in dds.solve_board(deal)}
        assert dict(ref.by_card) == theirs


def test_64Cs_reference_says_which_card_gives_what():
    from bridgelaw.explain.evidence import revoke_tricks
    from bridgelaw.read.dd import RevokeTricks
    [ref] = revoke_tricks([RevokeTricks("E", 5, "H", "NS", 3, (("H2", 9), ("HK", 8), ("H10", 8)), None)])
    assert ref["text"]["en"][0].endswith("taken from that trick on 9 (had East played ♥2); 8 (had East played ♥K or ♥10),"
                                         " 11–12 in all"
                                         " (the rest of the play double dummy).")
    assert len(ref["text"]["en"]) == 2  # no line for the table while play goes on
    assert revoke_tricks(()) == []


# -- a card taken back in its turn and replaced: a revoke corrected (62A) -------------------------------------

CORRECTED = ROOT / "facts" / "incidents" / "dummy-looked-then-asked-revoke.yaml"


def _shown_revokes(cards_text: str, contract: str = "4H") -> list:
    from bridgelaw.errors import Collector
    from bridgelaw.read.cards import card_facts
    from bridgelaw.read.yamlsafe import loads
    c = Collector()
    shown = card_facts(loads(cards_text, "<cards>"), {"deal": {"declarer": "S", "contract": contract}},
                       "<cards>", c)
    assert not c.problems, c.problems
    return shown["revoke"]


def test_a_revoke_corrected_in_its_turn_is_shown_not_established(knowledge):
    """C34: South's ♥2 on a club lead, taken back for the ♣A: a failure to follow suit his side has not played on
    from (62A), the trick won by the ♣A, and the ♥2 back in his hand for trick 8.  Written as played (the ♥2 left
    on trick 7, the ♣A led to trick 8), the same failure is established."""
    [revoke] = [f.known() for f in load_incident(CORRECTED, knowledge.vocabulary).find("revoke")]
    assert (revoke["trick"], revoke["establishing_act"], revoke["revoke_trick_winner"]) == (7, "none", "offender")
    cards = CORRECTED.read_text(encoding="utf-8").split("\ncards:\n")[1]
    kept = cards.replace("{played: H2, replaced_by: CA}", "H2").replace("[H2, HK, H10, H9]", "[CA, HK, H10, H9]")
    revoke = next(r for r in _shown_revokes(kept) if r["trick"] == 7)  # (the clubs after it are a story of their own)
    assert (revoke["trick"], revoke["establishing_act"], revoke["revoke_trick_winner"]) == (
        7, "played_to_next_trick", "offender")


# West leads clubs; South, with two clubs, shows a diamond at trick 1 (taken back) and at trick 2 (kept)
TAKEN_BACK = """\
deal: "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT987654.32 ..32.AKQJT987654"
play:
  - [CA, S2, H2, {played: DA, replaced_by: C2}]
  - [CK, S3, H3, DA]
  - [CQ, S4, H4, C3]
"""


def test_a_revoke_corrected_is_none_a_later_one_repeats():
    """64B2: a repeated revoke is one after the same player's first in the suit was established: a first one
    corrected in its turn does not count (the same first one kept does)."""
    first, second = _shown_revokes(TAKEN_BACK, "3NT")
    assert (first["trick"], first["establishing_act"], first["repeat_in_same_suit"]) == (1, "none", False)
    assert (second["trick"], second["establishing_act"], second["repeat_in_same_suit"]) == (
        2, "played_to_next_trick", False)
    kept = TAKEN_BACK.replace("{played: DA, replaced_by: C2}", "DK").replace("CQ, S4, H4, C3", "CQ, S4, H4, C2")
    assert [r["repeat_in_same_suit"] for r in _shown_revokes(kept, "3NT")] == [False, True]


@pytest.mark.parametrize("entry,words", [
    ("{played: DA}", "trick 1: S's card taken back is written {played: <the card taken back>, replaced_by:"),
    ("{played: SA, replaced_by: C2}", "trick 1: S takes back SA, which he does not hold"),
    ("{played: D1, replaced_by: C2}", "trick 1: 'D1' is no card"),
])
def test_a_card_taken_back_that_cannot_be_is_an_error_naming_the_trick(entry, words):
    from bridgelaw.errors import Collector
    from bridgelaw.read.cards import card_facts
    from bridgelaw.read.yamlsafe import loads
    c = Collector()
    text = TAKEN_BACK.replace("{played: DA, replaced_by: C2}", entry)
    assert card_facts(loads(text, "<cards>"), {"deal": {"declarer": "S", "contract": "3NT"}}, "<cards>", c) == {}
    assert any(words in p.message for p in c.problems), [p.message for p in c.problems]


def test_a_plain_deal_is_read_as_endplay_reads_it_without_loading_dds():
    """cards._hands reads a plain PBN deal string itself (a cold rule loads no DDS library for it): the same hands
    endplay reads, for every first seat, voids, hands of other sizes and ranks out of order; any other text goes to
    endplay as before."""
    import random

    from bridgelaw.read import cards
    from bridgelaw.read.dd import endplay_parts
    from bridgelaw.values import SEATS

    def endplay_hands(text: str) -> dict:
        deal = endplay_parts("types")[0].Deal(text)
        return {seat: {(suit, cards.RANKS.index(r)) for suit, holding in zip("SHDC", str(hand).split("."))
                       for r in holding if r in cards.RANKS}
                for seat, hand in zip(SEATS, (deal.north, deal.east, deal.south, deal.west))}

    rng = random.Random(7)
    for n in range(300):
        deck = [(s, r) for s in "SHDC" for r in cards.RANKS]
        rng.shuffle(deck)
        sizes = [13] * 4 if n % 3 else [rng.randint(0, 13) for _ in range(4)]
        hands, start = [], 0
        for size in sizes:
            held = deck[start:start + size]
            start += size
            hands.append(".".join("".join(r for s, r in held if s == suit) for suit in "SHDC"))  # any rank order
        text = rng.choice(SEATS) + ":" + " ".join(hands)
        assert cards._PLAIN_DEAL.fullmatch(text), text
        assert cards._hands(text) == endplay_hands(text), text
    for other in ("AKQ2.J53.T95.K82 J9865.A6.K863.A5 T7.KQT84.AQ.QT93 43.972.J742.J764",
                  "n:AKQ2.J53.T95.K82 J9865.A6.K863.A5 T7.KQT84.AQ.QT93 43.972.J742.J764"):
        assert not cards._PLAIN_DEAL.fullmatch(other)
        assert cards._hands(other) == endplay_hands(other)  # read by endplay, as before
