"""The search of a claim's lines (read/dd.py ``_Search``) made cheaper, its evidence unchanged: positions alike up to
equal ranks are searched once (their lines read in each one's own cards), DDS is asked with its deal filled in
directly, and equal cards are found in one pass.  C16's eight-card ending is the yardstick (issue 18)."""
from __future__ import annotations

import random

import pytest

from bridgelaw.errors import Collector
from bridgelaw.read import dd
from bridgelaw.read.cards import _hands, _left, _play
from bridgelaw.values import lho_of, side_of

# C16 (shared case; the source's deal and its first five tricks): East on lead, eight cards each, West's ♠6 out
C16_DEAL = "N:84.KQJ8.AQJ82.Q4 T9.652.T74.KT652 KQJ732.A43.9.J87 A65.T97.K653.A93"
C16_PLAY = [["H10", "H8", "H6", "HA"], ["SK", "S5", "S4", "S10"], ["SQ", "SA", "S8", "S9"],
            ["CA", "C4", "C2", "C7"], ["C9", "CQ", "CK", "C8"]]


def _c16() -> dict:
    hands = _hands(C16_DEAL)
    return _left(hands, _play(C16_PLAY, hands, "W", "S", {}, "<c16>", Collector()))


def _endings(n: int, k: int, seed: int):
    rng = random.Random(seed)
    for _ in range(n):
        deck = [(s, r) for s in "SHDC" for r in range(13)]
        rng.shuffle(deck)
        hands = {seat: set(deck[i * k:(i + 1) * k]) for i, seat in enumerate("NESW")}
        ours = sorted(hands["S"] | hands["N"])
        named = rng.sample(ours, 3)
        stated = rng.sample(ours, 2)
        yield hands, rng.choice(["S", "H", None]), rng.choice("NESW"), named, stated


def _replay(hands, leader, trump, line, side) -> int:
    """The tricks ``side`` wins on ``line`` ((seat, "SA") from a trick's start), each card held and suit followed."""
    held = {s: set(h) for s, h in hands.items()}
    won, trick, seat = 0, [], leader
    for who, name in line:
        card = (name[0], "23456789TJQKA".index(name[1:].replace("10", "T")))
        assert who == seat and card in held[who], f"{who} cannot play {name}"
        assert not trick or card[0] == trick[0][1][0] or not any(c[0] == trick[0][1][0] for c in held[who])
        held[who].discard(card)
        trick.append((who, card))
        seat = lho_of(who)
        if len(trick) == 4:
            seat = dd.trick_winner(trick, trump)
            won += side_of(seat) == side
            trick = []
    assert not any(held.values())
    return won


def test_c16s_eight_card_ending_is_searched_whole_in_fewer_positions():
    """Before: 7,943 positions and 2,018 DDS calls with nothing named, 14,008 and 3,990 with all sixteen of
    North-South's cards named; positions alike now count once (the figures are in the README)."""
    left = _c16()
    for named, most_positions, most_calls in (((), 3500, 1100), (tuple(left["S"] | left["N"]), 6000, 2100)):
        s = dd._Search("S", "S", (), named, 600 * dd.WORK_PER_SECOND, None)
        worst, _, best, _, lines = s.search({k: frozenset(v) for k, v in left.items()}, (), "E")
        assert (worst, best) == (5, 8) and not s.cut
        assert s.nodes < most_positions and len(s.solved) < most_calls


def test_positions_alike_give_the_lines_of_a_search_that_shares_nothing(monkeypatch):
    """With named and stated cards and every trump: the same worst and best as a search keyed by the exact cards
    (nothing shared between positions), and each line, read in its own cards, is a legal play making its count."""
    shared = [dd.claim_lines(h, [], lead, t, "S", stated=st, named=nm, budget=60) for h, t, lead, nm, st
              in _endings(25, 5, 18)]

    def exact(self, hands, trick, leader):
        key, order, where = shape(self, hands, trick, leader)
        return (key, tuple(order)), order, where
    shape = dd._Search.shape
    monkeypatch.setattr(dd._Search, "shape", exact)
    alone = [dd.claim_lines(h, [], lead, t, "S", stated=st, named=nm, budget=60) for h, t, lead, nm, st
             in _endings(25, 5, 18)]
    for a, b, (hands, trump, leader, _, _) in zip(shared, alone, _endings(25, 5, 18)):
        assert a.complete and b.complete and (a.worst, a.best) == (b.worst, b.best)
        assert _replay(hands, leader, trump, a.worst_line, "NS") == a.worst
        assert _replay(hands, leader, trump, a.best_line, "NS") == a.best


def test_dds_asked_directly_answers_as_endplays_solve_board():
    """The deal filled in as DDS's own structure gives the cards and scores endplay's solve_board lists, in its
    order (the opponents' first best card depends on it), with and without a trick in progress."""
    from endplay import dds
    from endplay.types import Card, Deal, Denom, Player
    rng = random.Random(7)
    for hands, trump, _, _, _ in _endings(20, 4, 7):
        trick = []
        if rng.random() < 0.5:  # West has led a card, North follows if he can
            lead = next(iter(hands["W"]))
            north = [c for c in hands["N"] if c[0] == lead[0]] or sorted(hands["N"])
            trick = [("W", lead), ("N", north[0])]
        left = {s: frozenset(h - {c for _, c in trick}) for s, h in hands.items()}
        s = dd._Search(trump, "S", (), (), 60 * dd.WORK_PER_SECOND, None)
        deal = Deal(dd._pbn(hands))
        deal.trump = {"S": Denom.spades, "H": Denom.hearts, None: Denom.nt}[trump]
        deal.first = Player.west
        for _, c in trick:
            deal.play(Card(c[0] + dd.RANKS[c[1]]))
        theirs = [(("SHDC"[int(card.suit)], dd.RANKS.index(card.rank.abbr)), n) for card, n in dds.solve_board(deal)]
        assert s.dd(left, tuple(trick), "W") == theirs


@pytest.mark.parametrize("seed", range(3))
def test_equal_cards_in_one_pass_as_by_their_definition(seed):
    """Two cards of a suit in one hand are equal when no card still out lies between them (the trick's cards are
    out): the one-pass runs give the groups the definition gives."""
    rng = random.Random(seed)
    for _ in range(50):
        deck = [(s, r) for s in "SH" for r in range(13)]
        rng.shuffle(deck)
        hands = {seat: set(deck[i * 5:(i + 1) * 5]) for i, seat in enumerate("NESW")}
        trick = (("W", deck[20]), ("N", deck[21]))
        mine = hands["E"]
        out = {c for s in "NSW" for c in hands[s]} | {c for _, c in trick}
        head = dd._Search.runs(hands, trick, "E")
        for x in mine:
            for y in mine:
                alike = x[0] == y[0] and not any(o[0] == x[0] and min(x[1], y[1]) < o[1] < max(x[1], y[1])
                                                 for o in out)
                assert (head[x] == head[y]) == alike


def test_positions_alike_only_where_the_claimer_named_alike():
    """Two positions whose cards lie alike share their lines only if the cards the claimer named (and his stated
    order) lie alike too: a named ♠5 left is not an unnamed ♠3 left (he must lead the one, not the other)."""
    five_left = {"S": {("S", 3)}, "W": {("S", 2)}, "N": {("H", 0)}, "E": {("H", 1)}}
    three_left = {"S": {("S", 1)}, "W": {("S", 0)}, "N": {("H", 0)}, "E": {("H", 1)}}
    named = dd._Search(None, "S", (), {("S", 3)}, 60 * dd.WORK_PER_SECOND, None)
    assert named.shape(five_left, (), "S")[0] != named.shape(three_left, (), "S")[0]
    stated = dd._Search(None, "S", (("H", 0), ("S", 3)), (), 60 * dd.WORK_PER_SECOND, None)
    assert stated.shape(five_left, (), "S")[0] != stated.shape(three_left, (), "S")[0]
    in_order = dd._Search(None, "S", (("S", 1), ("S", 3), ("S", 7), ("S", 5)), (), 60 * dd.WORK_PER_SECOND, None)
    low_first = {"S": {("S", 3), ("S", 1)}, "W": {("S", 2)}, "N": {("H", 0), ("H", 2)}, "E": {("H", 1), ("H", 3)}}
    high_first = {"S": {("S", 7), ("S", 5)}, "W": {("S", 6)}, "N": {("H", 0), ("H", 2)}, "E": {("H", 1), ("H", 3)}}
    assert in_order.shape(low_first, (), "S")[0] != in_order.shape(high_first, (), "S")[0]  # ♠3 5 9 7 stated
    unnamed = dd._Search(None, "S", (), (), 60 * dd.WORK_PER_SECOND, None)
    assert unnamed.shape(five_left, (), "S")[0] == unnamed.shape(three_left, (), "S")[0]
