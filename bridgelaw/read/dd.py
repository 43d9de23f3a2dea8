"""A claim's lines as evidence: the tricks the claimer's side takes on the orders of play its statement allows,
the defence answering double dummy (endplay's DDS).  Evidence beside the director's 70D1 finding, never the finding.

    claim_lines(hands, trick, leader, trump, claimer, stated=(), named=(), first_trick=1, budget=None,
                progress=None) -> ClaimLines

``hands`` are the cards each seat still holds at the claim ({seat: {(suit, rank)}}, rank 0 = two ... 12 = ace),
``trick`` the cards already played to the trick in progress ([(seat, card)], empty at a trick's start),
``leader`` who led (or leads) it.  A *line* is one order of play from the claim to the last trick:

- the claimer's side (the claimer and his partner: declarer plays dummy's cards) may play any legal card, equal
  cards counted once (two cards of a suit in one hand with no card between them still out);
- the cards the claimer stated in an order (``stated``) are played in that order, each as soon as its hand may
  play it; the cards he named as winners in no order (``named``) are led before any other card while the hand
  on lead holds one; neither is thrown away, nor a winner (the highest card still out in a side suit)
  discarded, while the hand has another card to discard: those are irrational, not careless, plays (footnote to
  Laws 70 and 71);
- the opponents play the card DDS finds best for them (most tricks for their side against best play).

The worst and best lines are searched with a memo on positions up to equal ranks (``_Search.shape``: a position
whose cards still in play lie as another's is searched once), so with up to 6 cards left in each hand every
line is covered well inside the budget; beyond, once ``budget`` seconds' work is done (counted in positions and
solves, WORK_PER_SECOND a second: the same on any machine), no further choice is tried: the line under way is finished on its double-dummy best cards and the result says the search was cut.  ``progress(n,
seconds)`` is called now and then past half a second, for a terminal to show (never in JSON or tests).
endplay is imported only here and in read/cards.py, when an incident gives its cards, and only the parts used
(``endplay_parts``: its package ``__init__`` would import its dealer, and with it matplotlib, for 1-1.7 s).
"""
from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
import threading
import time
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from . import cache
from ..values import SEATS, lho_of, side_of

RANKS = "23456789TJQKA"
COMPLETE = 6  # cards a hand: up to this, every line is searched (in sorted order); beyond, the best card first
PROGRESS_AFTER = 0.5  # seconds: a terminal shows the search's progress past this
BUDGET = 2.0  # seconds on one core, unless the caller gives another (`bridgelaw rule --dd-budget`)
# The budget counts work, not the clock, so that the same claim gives the same evidence on a busy machine and an
# idle one: a position searched is one unit, a double-dummy solve SOLVE_WORK (it costs about four times as much),
# and a second of the budget is WORK_PER_SECOND units (what one core of a small machine does in a second)
SOLVE_WORK = 4
WORK_PER_SECOND = 12_000
_OPTIONS: ContextVar = ContextVar("dd_options", default=(BUDGET, None))
_ONE_AT_A_TIME = threading.Lock()  # the solver serves one search at a time (the web server's threads queue)
FOUND = 64  # searches remembered: an interview rules again at each step, the web replays at each request
_FOUND: dict = {}  # key -> ClaimLines or RevokeTricks, oldest first (guarded by _ONE_AT_A_TIME)


def endplay_parts(*names: str) -> list:
    """endplay's submodules ``names`` (``"types"``, ``"dds"``, ``"parsers.pbn"``...), imported without the package's
    ``__init__``, which imports every part (its dealer and matplotlib: a second or more); where endplay is already
    imported whole, that is used."""
    if "endplay" not in sys.modules:
        spec = importlib.util.find_spec("endplay")
        if spec is None:
            raise ModuleNotFoundError("endplay", name="endplay")
        sys.modules.setdefault("endplay", importlib.util.module_from_spec(spec))  # the package, its __init__ not run
    return [importlib.import_module("endplay." + n) for n in names]


@contextmanager
def _private_folder():
    """The solver's working folder for the block: a temporary one of its own (DDS writes its error dump to
    ``dump.txt`` in the working folder and cannot be told not to; the user's folder never receives it).  Held under
    ``_ONE_AT_A_TIME``: the one place the working folder changes."""
    here = os.open(".", os.O_RDONLY)
    try:
        import tempfile  # only where the solver runs
        with tempfile.TemporaryDirectory(prefix="bridgelaw-dds-") as folder:
            os.chdir(folder)
            try:
                yield
            finally:
                os.fchdir(here)
    finally:
        os.close(here)


@contextmanager
def options(budget: float = BUDGET, progress=None):
    """Within the block, a claim's lines are searched with this budget and report progress to ``progress``
    (the command sets both for its one incident; the defaults otherwise: 2 s, no progress)."""
    token = _OPTIONS.set((budget, progress))
    try:
        yield
    finally:
        _OPTIONS.reset(token)


@dataclass(frozen=True)
class ClaimLines:
    """What the claimer's side takes from the claim on its worst and best line, and how much was examined."""

    claimer: str
    remaining: int  # tricks still to be played at the claim (the trick in progress counts)
    worst: int  # tricks to the claimer's side on the worst line
    best: int
    worst_line: tuple  # ((seat, card), ...) from the claim: card as "SA", "H10"
    best_line: tuple
    diverge: int | None  # the index in the lines of their first different card (None: one line)
    first_trick: int  # the number of the trick in progress at the claim
    lines: int  # orders of play examined
    complete: bool  # every order the statement allows was examined (the budget did not cut it)
    budget: float
    seconds: float


def trick_winner(plays, trump: str | None) -> str:
    """The seat that wins a trick of (seat, (suit, rank)) plays: the highest trump, else the highest card of
    the suit led (read/cards.py for the play record, the search below for its lines)."""
    led = plays[0][1][0]
    return max(plays, key=lambda p: (p[1][0] == trump, p[1][0] == led, p[1][1]))[0]


def name(card: tuple) -> str:
    rank = RANKS[card[1]]
    return card[0] + ("10" if rank == "T" else rank)


def _pbn(hands: dict) -> str:
    def hand(cards):
        return ".".join("".join(RANKS[r] for r in sorted((r for s, r in cards if s == suit), reverse=True))
                        for suit in "SHDC")
    return "N:" + " ".join(hand(hands[s]) for s in SEATS)


def solve(dds, hands: dict, trick, leader: str, trump: str | None) -> list:
    """[(card, tricks for the side to play from this trick on)] for each card the seat to play may play, from DDS
    (``dds``: endplay's ``_dds``): ``hands`` the cards still held, ``trick`` the (seat, card) pairs played to this
    trick from its ``leader``.  The deal is filled in directly (the cards as bits, rank r at 1 << r + 2), and the
    answer read in the order endplay's ``solve_board`` lists it."""
    deal = dds.deal()
    deal.trump = "SHDC".index(trump) if trump else 4
    deal.first = SEATS.index(leader)
    for i, (_, c) in enumerate(trick):
        deal.currentTrickSuit[i], deal.currentTrickRank[i] = "SHDC".index(c[0]), c[1] + 2
    for h, s in enumerate(SEATS):
        for suit, rank in hands[s]:
            deal.remainCards[h]["SHDC".index(suit)] |= 1 << (rank + 2)
    fut = dds.futureTricks()
    dds.SolveBoard(deal, 0, 3, 1, fut, 0)  # every legal card with its score
    out = []
    for i in range(fut.cards):
        if fut.score[i] == -1:
            continue
        holding = (1 << fut.rank[i]) | fut.equals[i]
        out += [(("SHDC"[fut.suit[i]], r - 2), fut.score[i]) for r in range(2, 15) if holding >> r & 1]
    return out


class _Search:
    def __init__(self, trump, claimer, stated, named, limit, progress):
        self._dds, = endplay_parts("_dds")  # DDS itself: its deal filled in directly (``dd``)
        self.trump, self.side, self.stated = trump, side_of(claimer), tuple(stated)
        self.named = frozenset(named) | frozenset(stated)
        self.limit, self.progress, self.start = limit, progress, time.monotonic()
        self.memo: dict = {}
        self.solved: dict = {}
        self.cut = False
        self.shown = self.start + PROGRESS_AFTER
        self.nodes = 0
        self.said = {c: self.stated.index(c) if c in self.stated else -1 for c in self.named}  # -1: named, no order

    def spent(self) -> bool:
        """Whether the work done (positions searched, solves: never the clock) has reached the budget's."""
        return self.nodes + SOLVE_WORK * len(self.solved) > self.limit

    def tick(self) -> float:
        """The time now, reporting progress past PROGRESS_AFTER (every 0.2 s after that)."""
        now = time.monotonic()
        if self.progress and now > self.shown:
            self.progress(self.nodes, now - self.start)
            self.shown = now + 0.2
        return now

    def dd(self, hands, trick, leader) -> list:
        """[(card, tricks for the side to play)] for the seat to play (``solve``), each position solved once."""
        key = (tuple(frozenset(hands[s]) for s in SEATS), trick, leader)
        if key not in self.solved:
            self.solved[key] = solve(self._dds, hands, trick, leader, self.trump)
            self.tick()  # a solve with many cards left may itself take longer than the progress interval
        return self.solved[key]

    def search(self, hands, trick, leader):
        """(worst, worst line, best, best line, lines) for the claimer's side from this position."""
        seat = leader
        for _ in trick:
            seat = lho_of(seat)
        if not hands[seat]:
            return 0, None, 0, None, 1
        key, order, where = self.shape(hands, trick, leader)
        if key in self.memo:  # this position, or one of its shape: its lines in this position's cards
            w, wl, b, bl, n, cards = self.memo[key]
            if cards != order:  # one of its shape: its lines, their cards read as this position's
                wl, bl = (_MOVED, wl, cards, order), (_MOVED, bl, cards, order)
            return w, wl, b, bl, n
        self.nodes += 1
        self.tick()
        legal = [c for c in hands[seat] if trick and c[0] == trick[0][1][0]] or sorted(hands[seat])
        head = self.runs(hands, trick, seat, order, where)
        classes = self.equal_once(hands, trick, seat, sorted(legal, reverse=True), head)
        if side_of(seat) == self.side:
            if self.spent():  # past the budget: each open position on its double-dummy best card
                self.cut = self.cut or len(classes) > 1
                scored = sorted(self.dd(hands, trick, leader), key=lambda x: -x[1])
                choices = self.choices(hands, trick, seat, [c for c, _ in scored], head)[:1]
            elif max(len(h) for h in hands.values()) > COMPLETE:  # a cut is likely: the best card first
                scored = sorted(self.dd(hands, trick, leader), key=lambda x: -x[1])
                choices = self.choices(hands, trick, seat, [c for c, _ in scored], head)
            else:
                choices = self.choices(hands, trick, seat, classes, head)
        elif len(classes) == 1:
            choices = classes
        else:  # the opponents: DDS's best card for them (the first of equal scores, as DDS lists them)
            choices = [max(self.dd(hands, trick, leader), key=lambda x: x[1])[0]]
        result = None
        for card in choices:
            if result is not None and self.spent():  # the budget is spent: no more siblings
                self.cut = True
                break
            r = self.play(hands, trick, leader, seat, card)
            if result is None:
                result = r
                continue
            result = (min(result[0], r[0]), result[1] if result[0] <= r[0] else r[1],
                      max(result[2], r[2]), result[3] if result[2] >= r[2] else r[3], result[4] + r[4])
        self.memo[key] = result + (order,)
        return result

    def shape(self, hands, trick, leader) -> tuple:
        """(key, cards, where): the position up to equal ranks — each suit's cards still in play (held, or in the trick in
        progress), highest first, as who holds each (a card in the trick by its place in it) and whether the
        claimer named it (and where in his stated order) — with those cards in that order.  Two positions of one
        shape have the same lines, card for card in that order: cards played earlier no longer part them.  ``where``:
        {card: its holder, or its place in the trick}."""
        where = {c: s for s in SEATS for c in hands[s]}
        where.update((c, i) for i, (_, c) in enumerate(trick))
        order = sorted(where, reverse=True)  # by suit, each highest first
        said = self.said.get
        if self.said:
            return (leader, tuple([(c[0], where[c], said(c)) for c in order])), order, where
        return (leader, tuple([(c[0], where[c]) for c in order])), order, where

    def play(self, hands, trick, leader, seat, card):
        after = dict(hands)
        after[seat] = hands[seat] - {card}
        now = trick + ((seat, card),)
        won = 0
        if len(now) == 4:
            winner = trick_winner(now, self.trump)
            won, leader, now = int(side_of(winner) == self.side), winner, ()
        w, wl, b, bl, n = self.search(after, now, leader)
        return w + won, (seat, card, wl), b + won, (seat, card, bl), n

    @staticmethod
    def equal_once(hands, trick, seat, ordered, head=None) -> list:
        """``ordered`` with equal cards once: two cards of a suit in the hand with no card between them still out
        (in another hand or in the trick in progress); the first of each kept.  ``head``: ``runs``, if found."""
        head = head or _Search.runs(hands, trick, seat)
        kept, seen = [], set()
        for c in ordered:
            if head[c] not in seen:
                seen.add(head[c])
                kept.append(c)
        return kept

    @staticmethod
    def runs(hands, trick, seat, order=None, where=None) -> dict:
        """{each of the seat's cards: the highest of its run}: a run is the seat's cards of a suit with no card
        between them still out (in another hand or in the trick in progress).  ``order``, ``where``: as ``shape``
        gives them, if found."""
        if order is None:
            where = {c: s for s in SEATS for c in hands[s]}
            where.update((c, i) for i, (_, c) in enumerate(trick))
            order = sorted(where, reverse=True)
        head, top = {}, None
        for c in order:
            mine = where[c] == seat
            if not mine:
                top = None
            elif top is None or top[0] != c[0]:
                top = c
            if mine:
                head[c] = top
        return head

    def choices(self, hands, trick, seat, ordered, head=None) -> list:
        """The claimer's side's cards at this turn, of ``ordered`` (legal ones): equal cards once, the stated
        order kept, no named card or side-suit winner thrown away while another card can go."""
        mine = hands[seat]
        out_cards = {c for s in SEATS if s != seat for c in hands[s]} | {c for _, c in trick}
        ours = {c for s in SEATS if side_of(s) == self.side for c in hands[s]}
        pending = [c for c in self.stated if c in ours]
        follows = bool(trick) and any(c[0] == trick[0][1][0] for c in mine)
        if pending and pending[0] in mine and (not follows or pending[0][0] == trick[0][1][0]):
            return [pending[0]]
        kept = self.equal_once(hands, trick, seat, ordered, head)
        if not trick:  # a lead: a named card only in its turn; a named winner before any other card
            kept = [c for c in kept if c not in pending[1:]] or kept
            kept = [c for c in kept if c in self.named] or kept
        elif not follows:  # a discard (or a ruff)
            high = {}  # the highest card still out in each suit
            for o in out_cards:
                high[o[0]] = max(high.get(o[0], -1), o[1])
            master = {c for c in mine if c[0] != self.trump and c[1] > high.get(c[0], -1)}
            sensible = [c for c in kept if c not in pending and c not in self.named and c not in master]
            kept = sensible if any(c[0] != self.trump for c in sensible) else kept  # a ruff is no discard
        return kept


_MOVED = "moved"  # a line found from another position of the same shape: (_MOVED, line, its cards, these cards)


def _plays(line) -> tuple:
    """((seat, "SA"), ...) from a line as the search keeps it: (seat, card, rest of the line), None at its end, or
    (_MOVED, line, cards, cards) where a position's lines were found from another of its shape (``_Search.shape``)."""
    out, to = [], {}
    while line is not None:
        if line[0] is _MOVED:
            _, line, was, now = line
            to = {c: to.get(d, d) for c, d in zip(was, now)}
            continue
        seat, card, line = line
        out.append((seat, name(to.get(card, card))))
    return tuple(out)


@dataclass(frozen=True)
class RevokeTricks:
    """64C's double-dummy reference for one revoke: the tricks declarer's side would have taken from the revoke
    trick on, had the offender followed suit with each card of it he held (the rest played double dummy)."""

    offender: str
    trick: int
    suit: str  # the suit led, which he held
    declarer_side: str
    before: int  # tricks declarer's side won before the revoke trick
    by_card: tuple  # ((card as "H5", tricks to declarer's side from the revoke trick on), ...), most first
    at_table: int | None  # the tricks it took from the revoke trick on as played (None: play has not ended)


def revoke_tricks(revokes: tuple, trump: str | None, declarer: str) -> tuple:
    """RevokeTricks for each revoke of ``revokes``: (offender, trick number, the hands at the trick's start
    (((seat, cards), ...)), the
    cards played to it before his, its leader, declarer's side's tricks before it, those after it as played or
    None).  The solver is used by one search at a time, like a claim's."""
    side = side_of(declarer)
    out = []
    key = ("revokes", revokes, trump, declarer)
    with _ONE_AT_A_TIME:
        if (found := _recall(key)) is not None:  # found before: DDS's library is not even loaded
            return found
        dds, = endplay_parts("_dds")
        with _private_folder():
            for offender, n, hands, before_him, leader, before, at_table in revokes:
                played = {c for _, c in before_him}
                held = {s: [c for c in cards if c not in played] for s, cards in hands}
                remaining = 14 - n
                scored = {}
                for card, tricks in solve(dds, held, before_him, leader, trump):  # to the offender's side from here on
                    scored[name(card)] = tricks if side_of(offender) == side else remaining - tricks
                ranked = tuple(sorted(scored.items(),
                                      key=lambda x: (-x[1], -RANKS.index(x[0][1:].replace("10", "T")))))
                out.append(RevokeTricks(offender, n, before_him[0][1][0], side, before, ranked, at_table))
            _keep(key, tuple(out))
    return tuple(out)


class Later:
    """``fn(*args, **kwargs)``, run on the first call and kept: a search costs up to its budget, so a claim's lines
    (and 64C's reference) are found when a ruling shows them, not when the incident is read (budget and progress
    are those ``options`` set at that first call).  Pickled, it runs first and carries what it found (the offline
    page rules pickled incidents where there is no solver)."""

    def __init__(self, fn, *args, **kwargs):
        self.fn, self.args, self.kwargs, self.found = fn, args, kwargs, None

    def __call__(self):
        if self.found is None:
            self.found = self.fn(*self.args, **self.kwargs)
        return self.found

    def __getstate__(self) -> dict:
        return {"fn": None, "args": (), "kwargs": {}, "found": self()}


def claim_lines(hands: dict, trick: list, leader: str, trump: str | None, claimer: str, stated=(), named=(),
                first_trick: int = 1, budget: float | None = None, progress=None) -> ClaimLines:
    """The worst and best lines from the claim (see the module's docstring); budget and progress default to
    those ``options`` set."""
    default_budget, default_progress = _OPTIONS.get()
    budget = default_budget if budget is None else budget
    progress = default_progress if progress is None else progress
    key = ("claim", tuple(frozenset(hands[k]) for k in SEATS), tuple(trick), leader, trump, claimer, tuple(stated),
           tuple(named), first_trick, budget)
    with _ONE_AT_A_TIME:
        if (found := _recall(key)) is not None:  # the same claim again (the interview's next step, the web page's)
            return found
        with _private_folder():
            start = time.monotonic()
            s = _Search(trump, claimer, stated, named, budget * WORK_PER_SECOND, progress)
            worst, wl, best, bl, n = s.search({k: frozenset(v) for k, v in hands.items()}, tuple(trick), leader)
            s.tick()  # a search past the progress interval says so at its end too (it may end on a spent budget)
            wl, bl = _plays(wl), _plays(bl)
            diverge = next((i for i, (a, b) in enumerate(zip(wl, bl)) if a != b), None)
            remaining = (sum(len(v) for v in hands.values()) + len(trick)) // 4
            found = ClaimLines(claimer, remaining, worst, best, wl, bl, diverge, first_trick, n, not s.cut, budget,
                               time.monotonic() - start)
            _keep(key, found)
    return found


def _keep(key, found) -> None:
    """Remember a search's result (the last FOUND of them), under the solver's lock; on disk too within
    ``on_disk()``."""
    _FOUND[key] = found
    while len(_FOUND) > FOUND:
        _FOUND.pop(next(iter(_FOUND)))
    if _DISK.get():
        cache.keep("dd", _digest(key), found)


def _recall(key):
    """A search's result remembered in this process, or, within ``on_disk()``, by an earlier one; else None."""
    found = _FOUND.get(key)
    if found is None and _DISK.get():
        found = cache.recall("dd", _digest(key))
        if found is not None:
            _FOUND[key] = found
            while len(_FOUND) > FOUND:
                _FOUND.pop(next(iter(_FOUND)))
    return found


DISK = True  # whether ``on_disk()`` turns it on (a test of the search itself turns it off)
_DISK: ContextVar = ContextVar("dd_on_disk", default=False)
_CODE: list = []  # the digest of what a search's result rests on besides its key: this file and DDS's files


@contextmanager
def on_disk():
    """Within the block, searches are remembered on disk too (read/cache.py), so that a process ruling the
    same claims again (``check``, ``test``) finds them there: a result rests only on the cards, the claim, the
    budget (counted in work, not time), this file and DDS, all of which its key holds."""
    token = _DISK.set(DISK)
    try:
        yield
    finally:
        _DISK.reset(token)


def _digest(key) -> str:
    if not _CODE:  # DDS's files named with their size and time (importlib.metadata would cost a cold rule 40 ms)
        dds = Path(importlib.util.find_spec("endplay").submodule_search_locations[0]) / "_dds"  # found, not imported
        shown = sorted((p.name, p.stat().st_size, p.stat().st_mtime_ns) for p in dds.iterdir() if p.is_file())
        _CODE.append(hashlib.sha256(Path(__file__).read_bytes() + repr(shown).encode()).hexdigest())
    return hashlib.sha256((_CODE[0] + repr(_canonical(key))).encode()).hexdigest()


def _canonical(x):
    """``x`` with its sets as sorted tuples: a repr the same in every process (a set's order follows the hash seed)."""
    if isinstance(x, (set, frozenset)):
        return ("set",) + tuple(sorted((_canonical(i) for i in x), key=repr))
    if isinstance(x, (tuple, list)):
        return tuple(_canonical(i) for i in x)
    return x
