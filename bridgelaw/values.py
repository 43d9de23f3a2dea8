"""The built-in value types of the vocabulary: seats, sides, suits, cards, contracts.

Each type turns what an author wrote into one canonical value (``coerce``),
and renders a canonical value for a director in Russian or English (``label``).
Seats are ``N E S W``; sides ``NS EW``; suits ``S H D C``; strains add ``NT``;
cards are a suit letter and a rank (``H5``, ``S10``, ``DA``; ``♥5``, ``HT`` and
``10H`` are accepted on input); contracts are ``4H``, ``3NT``, ``4SX``, ``6NTXX``.
"""
from __future__ import annotations

import re

from .words import WordError, both, word

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
SUITS = ("S", "H", "D", "C")
STRAINS = ("S", "H", "D", "C", "NT")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

SEAT_LABELS = {s: both(f"seat.{s}") for s in SEATS}  # {ru, en}: the words live in words.py
SIDE_LABELS = {s: both(f"side.{s}") for s in SIDES}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "NT": "БК"}
SUIT_LABELS = {s: both(f"suit.{s}") for s in STRAINS}
# names a director may write for a seat, a side or a suit, in English and Russian (upper case, no spaces)
NAMES = {
    "NORTH": "N", "EAST": "E", "SOUTH": "S", "WEST": "W",
    "СЕВЕР": "N", "ВОСТОК": "E", "ЮГ": "S", "ЗАПАД": "W",
    "NORTH-SOUTH": "NS", "EAST-WEST": "EW", "N-S": "NS", "E-W": "EW",
    "СЕВЕР-ЮГ": "NS", "ВОСТОК-ЗАПАД": "EW",
    "SPADES": "S", "HEARTS": "H", "DIAMONDS": "D", "CLUBS": "C", "♠": "S", "♥": "H", "♦": "D", "♣": "C",
    "ПИКИ": "S", "ЧЕРВЫ": "H", "БУБНЫ": "D", "ТРЕФЫ": "C", "БК": "NT",
}
BOOL_LABELS = {True: both("answer.yes"), False: both("answer.no")}

_SYMBOL_TO_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
# the Russian letters of a denomination in a bid or contract (1П, 2Ч, 3Б, 4Т; 3БК is notrump: read before Б);
# not in a card, where Т is the ace (туз)
_RUSSIAN_STRAINS = {"БК": "NT", "П": "S", "Ч": "H", "Б": "D", "Т": "C"}


def _strains(v: str) -> str:
    """``v`` (upper case) with a Russian denomination or a suit symbol written as its letter."""
    for ru, strain in _RUSSIAN_STRAINS.items():
        v = v.replace(ru, strain)
    for sym, suit in _SYMBOL_TO_SUIT.items():
        v = v.replace(sym, suit)
    return v
_CARD = re.compile(r"^(?P<suit>[SHDC])(?P<rank>10|[2-9TJQKA])$|^(?P<rank2>10|[2-9TJQKA])(?P<suit2>[SHDC])$")
_CONTRACT = re.compile(r"^(?P<level>[1-7])(?P<strain>NT|[SHDC])(?P<dbl>XX|X)?$")


def side_of(seat: str) -> str:
    """The side (NS or EW) a seat belongs to."""
    return "NS" if seat in ("N", "S") else "EW"


def other_side(side_or_seat: str) -> str:
    """The opposing side of a side, or of a seat's side."""
    side = side_or_seat if side_or_seat in SIDES else side_of(side_or_seat)
    return "EW" if side == "NS" else "NS"


def partner_of(seat: str) -> str:
    """The partner's seat."""
    return SEATS[(SEATS.index(seat) + 2) % 4]


def lho_of(seat: str) -> str:
    """The left-hand opponent's seat (next in rotation)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def rho_of(seat: str) -> str:
    """The right-hand opponent's seat."""
    return SEATS[(SEATS.index(seat) + 3) % 4]


CARDS = tuple(s + r for s in SUITS for r in RANKS)


def suit_of(card: str) -> str:
    """The suit of a card (``H10`` -> ``H``)."""
    return card[0]


ACCESSORS = {
    # name: (types it applies to, result type, function)
    "side": (("seat",), "side", side_of),
    "opponents": (("seat", "side"), "side", other_side),
    "partner": (("seat",), "seat", partner_of),
    "lho": (("seat",), "seat", lho_of),
    "rho": (("seat",), "seat", rho_of),
    "suit": (("card",), "suit", suit_of),
}


def coerce_card(value) -> str | None:
    """Canonical card (``H10``) from ``H10``, ``HT``, ``♥10``, ``10H``; None if not a card."""
    if not isinstance(value, str):
        return None
    v = value.strip().upper()
    if v and v[0] in _SYMBOL_TO_SUIT:
        v = _SYMBOL_TO_SUIT[v[0]] + v[1:]
    m = _CARD.match(v)
    if not m:
        return None
    suit = m.group("suit") or m.group("suit2")
    rank = m.group("rank") or m.group("rank2")
    return suit + ("10" if rank == "T" else rank)


def coerce_contract(value) -> str | None:
    """Canonical contract (``4H``, ``3NTX``) or None."""
    if not isinstance(value, str):
        return None
    v = _strains(value.strip().upper())
    return v if _CONTRACT.match(v) else None


def render_card(card: str) -> str:
    return SUIT_SYMBOLS[card[0]] + card[1:]


def render_contract(contract: str, lang: str) -> str:
    m = _CONTRACT.match(contract)
    strain = m.group("strain")
    s = m.group("level") + (SUIT_SYMBOLS[strain] if strain != "NT" else word("contract.NT", lang))
    dbl = m.group("dbl")
    return s + (word(f"contract.{dbl}", lang) if dbl else "")


# ---- calls (Law 18): bids ordered by level then strain; pass, double, redouble
# A bid of any level from 1 up is a call (8C is a call above seven, an irregularity to rule on);
# level 0 or an unknown strain is no call at all.  Canonical: ``1C`` ... ``7NT``, ``P``, ``X``, ``XX``.
STRAIN_ORDER = ("C", "D", "H", "S", "NT")  # lowest first (Law 18E)
CALL_WORDS = {"P": "P", "PASS": "P", "ПАС": "P", "X": "X", "DBL": "X", "DOUBLE": "X", "КОНТРА": "X",
              "XX": "XX", "RDBL": "XX", "REDOUBLE": "XX", "РЕКОНТРА": "XX"}
_BID = re.compile(r"^(?P<level>[1-9][0-9]?)(?P<strain>NT|N|[SHDC])$")


def coerce_call(value) -> str | None:
    """Canonical call (``3NT``, ``P``, ``X``, ``XX``) from ``3nt``, ``3♥``, ``pass``, ``dbl``; None if no call."""
    if not isinstance(value, str):
        return None
    v = value.strip().upper().replace(" ", "")
    if v in CALL_WORDS:
        return CALL_WORDS[v]
    m = _BID.match(_strains(v))
    if not m:
        return None
    strain = "NT" if m.group("strain") in ("N", "NT") else m.group("strain")
    return f"{int(m.group('level'))}{strain}"


def is_bid(call: str) -> bool:
    return call not in ("P", "X", "XX")


def bid_rank(bid: str) -> int:
    """The order of bids (1C = 0 < 1D < ... < 7NT = 34 < 8C ...): a bid supersedes any of lower rank."""
    m = _BID.match(bid)
    return (int(m.group("level")) - 1) * 5 + STRAIN_ORDER.index(m.group("strain"))


def bid_level(bid: str) -> int:
    return int(_BID.match(bid).group("level"))


def bid_strain(bid: str) -> str:
    return _BID.match(bid).group("strain")


def lowest_sufficient(strain: str, over: str | None) -> str:
    """The lowest bid in ``strain`` that is sufficient over bid ``over`` (None: no bid yet)."""
    level = 1
    while over is not None and bid_rank(f"{level}{strain}") <= bid_rank(over):
        level += 1
    return f"{level}{strain}"


def render_call(call: str, lang: str) -> str:
    if not is_bid(call):
        return word(f"call.{call}", lang)
    strain = bid_strain(call)
    return str(bid_level(call)) + (SUIT_SYMBOLS[strain] if strain != "NT" else word("contract.NT", lang))


def name_call(seat: str, call: str, n: int, lang: str) -> str:
    """A call of the auction as a director names it: "West's 1♥ (call 2)", «1♥ Запада (заявка 2)»."""
    from .words import inflect
    return word("ruling.about_call", lang, seat=inflect(f"seat.{seat}", "gen", lang), call=render_call(call, lang), n=n)


_RUSSIAN_SEAT_LETTERS = {"С": "N", "В": "E", "Ю": "S", "З": "W"}  # З:2П, as a Russian director writes W:2S


MAX_CALLS = 319  # the longest auction the Laws allow (every bid doubled and redoubled) has 319 calls


def shown(value, most: int = 24) -> str:
    """A value a user wrote, as a message quotes it: its text (a list or mapping as YAML writes it inline), cut
    after ``most`` characters; never Python's repr."""
    text = plain(value)
    return f"'{text}'" if len(text) <= most else f"'{text[:most]}…' ({len(text)} characters)"


def plain(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(plain(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {plain(v)}" for k, v in value.items()) + "}"
    return str(value)


def coerce_calls(value) -> str:
    """Canonical auction (calls in order, space-separated; ``W:2S`` names the seat that called) from a
    list or a text; ValueError naming the first item that is no call at all."""
    if isinstance(value, str) and len(value) > MAX_CALLS * 8:  # refused before it is split: no call is that long
        raise WordError("error.calls_many", n=f"{len(value.split(maxsplit=MAX_CALLS + 1)) - 1}+", most=MAX_CALLS)
    items = value.split() if isinstance(value, str) else value
    if not isinstance(items, list) or not items:
        raise WordError("error.calls")
    if len(items) > MAX_CALLS:  # before any work: each call is a fact the productions reason about
        raise WordError("error.calls_many", n=len(items), most=MAX_CALLS)
    out = []
    for n, item in enumerate(items, 1):
        text = str(item).strip() if isinstance(item, (str, int)) and not isinstance(item, bool) else None
        seat, _, call = (text or "").rpartition(":")
        seat = NAMES.get(seat.upper(), _RUSSIAN_SEAT_LETTERS.get(seat.upper(), seat.upper()))
        c = coerce_call(call) if text else None
        if c is None or (seat and seat not in SEATS):
            raise WordError("error.calls_item", n=n, item=shown(item))
        out.append(f"{seat}:{c}" if seat else c)
    return " ".join(out)
