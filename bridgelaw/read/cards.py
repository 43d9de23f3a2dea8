"""The cards as evidence: the facts a deal and its play record show, never asked when the cards say them.

    card_facts(cards, facts, file, c) -> {"deal": {...}, "revoke": [...], "defective_trick": [...],
                                          "claim": {...}, "claim_lines": (() -> dd.ClaimLines) | None}

An incident may carry ``cards:`` beside ``facts:`` — the deal (a PBN deal
string, ``N:AKQ2.J53.T95.K82 ...``) and the play trick by trick (each trick's
cards in the order played: ``"-"`` where a hand played none, a list where it
played several, ``{played: H5, replaced_by: C2}`` where it took a card back for
another in its turn, as a revoke corrected (62A)), or a PBN file (``pbn:
board.pbn``, its Deal and Play) or a
BBO LIN hand record (``lin: board.lin``, its deal, auction and cards played),
read with endplay.  Python works out only what the cards show — who held and
played what, who won each trick, each failure to follow suit and what the
offending side did next, each defective trick (Law 67), the tricks declarer's
side won, and at a claim the tricks still to play and whether an opponent holds
a trump — and states it in the vocabulary's own slots; whether a revoke is
established, and everything after, stays the productions'.  At a claim the
orders of play its statement allows are searched by double dummy (read/dd.py):
evidence shown beside the 70D1 question, never a fact the productions use.

A fact the director stated that the cards contradict is not overruled: the
slot is left open, and the ruling shows both values and asks which the
director finds established (Law 85).  A card the player never held is an
error naming the file, board, trick and card, unless a hand of the wrong
number of cards is stated (Laws 13, 14).  endplay is imported only here and in
read/dd.py, when an incident has cards.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import Collector, Loc
from ..values import SEATS, lho_of, partner_of, side_of
from .dd import trick_winner
from .yamlsafe import LocDict, LocList

RANKS = "23456789TJQKA"


@dataclass(frozen=True)
class Conflict:
    """A slot the director stated one way and the cards show another: left open for the director (85)."""

    template: str
    fact: str
    slot: str
    stated: object
    shown: object
    loc: Loc | None


@dataclass
class _Trick:
    n: int
    leader: str
    plays: list  # [(seat, card)], card as (suit, rank index); a hand's first card to the trick
    winner: str | None = None
    defects: list = field(default_factory=list)  # [(seat, "omitted_card" | "too_many_cards")]: Law 67
    extra: list = field(default_factory=list)  # [(seat, card)]: the cards a hand played to the trick beyond one
    taken_back: list = field(default_factory=list)  # [(seat, card)]: a card played, then replaced (back in hand)


def _card(text: str) -> tuple[str, int]:
    t = str(text).strip().upper().replace("10", "T")
    if len(t) == 2 and t[0] in "SHDC" and t[1] in RANKS:
        return t[0], RANKS.index(t[1])
    if len(t) == 2 and t[1] in "SHDC" and t[0] in RANKS:
        return t[1], RANKS.index(t[0])
    raise ValueError(f"'{text}' is no card (e.g. SA, H10, D7)")


def _name(card: tuple[str, int]) -> str:
    rank = RANKS[card[1]]
    return card[0] + ("10" if rank == "T" else rank)


def _hands(deal_text: str) -> dict[str, set]:
    """{seat: {(suit, rank)}} from a PBN deal string (endplay reads it; a '-' is a void)."""
    from endplay.types import Deal
    deal = Deal(deal_text)
    out = {}
    for seat, hand in zip(SEATS, (deal.north, deal.east, deal.south, deal.west)):
        cards = set()
        for suit, holding in zip("SHDC", str(hand).split(".")):
            cards |= {(suit, RANKS.index(r)) for r in holding.replace("-", "") if r in RANKS}
        out[seat] = cards
    return out


def _from_pbn(path: Path, c: Collector, loc: Loc) -> tuple[str | None, list, dict]:
    """(deal string, tricks as card texts in the order played, tags) from a PBN file's first board (endplay
    reads it: its Play section's columns are turned back into the order the cards were played)."""
    from endplay.parsers import pbn
    try:
        with open(path, encoding="utf-8") as f:
            board = pbn.load(f)[0]
    except (OSError, IndexError, ValueError, KeyError) as e:
        c.add(loc, f"{path.name}: cannot read a PBN board ({e})")
        return None, [], {}
    cards = ["SHDC"[card.suit.value] + str(card.rank.abbr) for card in board.play or []]
    return board.deal.to_pbn(), [cards[i:i + 4] for i in range(0, len(cards), 4)], _tags(board)


_LIN_PLAY = re.compile(r"\|pc\|([^|]*)", re.IGNORECASE)


def _from_lin(path: Path, c: Collector, loc: Loc) -> tuple[str | None, list, dict]:
    """(deal string, tricks, tags) from a BBO LIN file's first board: endplay reads the deal and the auction
    (the contract and declarer follow from it); the cards played are its ``pc`` entries in order (endplay
    cannot read a trick left unfinished, as a claim leaves it: those are given to it whole tricks only)."""
    from endplay.parsers import lin
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        c.add(loc, f"{path.name}: cannot read a LIN board ({e})")
        return None, [], {}
    text = text.replace("\r", "").replace("\n", "")
    if "pn|" not in text:  # endplay's reader splits boards at their players' names: a record may have none
        text = "pn|?,?,?,?|" + text
    starts = [m.start() for m in re.finditer(r"pn\|", text)] + [len(text)]
    first = text[starts[0]:starts[1]]  # the first board
    played = [p.strip() for p in _LIN_PLAY.findall(first)]
    whole = first
    for _ in range(len(played) % 4):  # endplay's reader needs whole tricks
        whole = whole[:whole.lower().rindex("|pc|")] + "|"
    try:
        boards = lin.loads(whole)
    except Exception as e:  # noqa: BLE001 - endplay's reader raises what it meets (AttributeError, KeyError...)
        c.add(loc, f"{path.name}: cannot read a LIN board ({type(e).__name__}: {e})")
        return None, [], {}
    if not boards or boards[0].deal is None or "md|" not in first.lower():
        c.add(loc, f"{path.name}: cannot read a LIN board (no 'md|' deal in it)",
              hint="a BBO hand record: md|3S789TJH45AD7KC45A,S6H3678D689TJC678,S23KAH2QKD23AC23K,|mb|1S|...|pc|H3|...")
        return None, [], {}
    return boards[0].deal.to_pbn(), [played[i:i + 4] for i in range(0, len(played), 4)], _tags(boards[0])


def _tags(board) -> dict:
    """The contract and declarer a board file gives (endplay's Denom: spades 0 ... clubs 3, notrump 4;
    Penalty: 1, doubled 2, redoubled 4), and its number."""
    out = {"board": board.board_num} if board.board_num else {}
    if not board.contract or board.contract.level == 0:
        return out
    k = board.contract
    strain = "SHDC"[int(k.denom)] if int(k.denom) < 4 else "NT"
    doubled = {2: "X", 4: "XX"}.get(int(k.penalty), "")
    return out | {"declarer": "NESW"[int(k.declarer)], "contract": f"{k.level}{strain}{doubled}"}


def card_facts(cards: LocDict, facts: dict, file: str, c: Collector) -> dict:
    """What the cards show: {"deal": {slot: value}, "revoke": [{slot: value}, ...], "claim": {slot: value},
    "claim_lines": () -> ClaimLines, or None}; problems go to ``c``.  ``facts`` are the stated facts (the deal's
    declarer and contract, the claim's claimer)."""
    deal_fact = dict(facts.get("deal") or {}) if isinstance(facts, dict) else {}
    loc = cards.loc if isinstance(cards, LocDict) else Loc(file)
    what = "cards.play"  # where the play record is, as an error names it
    if "pbn" in cards or "lin" in cards:
        kind = "pbn" if "pbn" in cards else "lin"
        path = Path(file).parent / str(cards[kind])
        deal_text, tricks, tags = (_from_pbn if kind == "pbn" else _from_lin)(path, c, cards.loc_of(kind))
        board = tags.pop("board", None)
        what = path.name + (f", board {board}" if board else "")
        declarer = deal_fact.get("declarer") or tags.get("declarer")
        deal_fact = {**tags, **{k: v for k, v in deal_fact.items() if v is not None}}
    else:
        deal_text, tricks, declarer = cards.get("deal"), cards.get("play") or [], deal_fact.get("declarer")
    if deal_text is None:
        return {}
    try:
        hands = _hands(str(deal_text))
    except (ValueError, RuntimeError) as e:
        c.add(cards.loc_of("deal") if "deal" in cards else loc, f"cards.deal: not a PBN deal ({e})",
              hint="e.g. N:AKQ2.J53.T95.K82 J9865.A6.K863.A5 T7.KQT84.AQ.QT93 43.972.J742.J764")
        return {}
    if declarer not in SEATS:
        c.add(loc, "cards: the play record needs the declarer (deal: {declarer: ...})")
        return {}
    contract = deal_fact.get("contract") or ""
    trump = next((s for s in "SHDC" if len(contract) > 1 and contract[1] == s), None)
    # a hand of more or fewer than 13 cards (Laws 13, 14): the deal given is not what each held, so a card not in
    # it is no error, and no failure to follow suit is read from it
    wrong_hands = isinstance(facts, dict) and any(facts.get(t) for t in ("incorrect_hands", "surplus_card"))
    played = _play(tricks, hands, lho_of(declarer), trump, cards, file, c, what, wrong_hands)
    if played is None:
        return {}
    out_arrangement = None  # a card pointed wrongly (65B): whether its side won that trick, from the record
    pointed = facts.get("trick_arrangement") if isinstance(facts, dict) else None
    if isinstance(pointed, dict) and pointed.get("issue") == "card_pointed_wrongly" \
            and pointed.get("player") in SEATS and isinstance(pointed.get("trick"), int):
        won = next((t.winner for t in played if t.n == pointed["trick"] and t.winner), None)
        if won:  # whether the player's side won the trick his card is pointed for (65B)
            out_arrangement = {"trick_won_by_own_side": side_of(won) == side_of(pointed["player"])}
    claim = (facts.get("claim") if isinstance(facts, dict) else None) or None
    shown = {"declarer": declarer, "contract": deal_fact.get("contract")} | _deal(played, declarer)
    out = {"deal": shown, "revoke": [] if wrong_hands else _revokes(played, hands, partner_of(declarer)),
           "defective_trick": _defective(played, hands), "trick_arrangement": out_arrangement}
    if isinstance(claim, dict) and len([t for t in played if t.winner]) < 13:
        shown["play_ended"] = None  # play ended with the claim: the claim's laws say what follows (69-71)
        out["claim"], out["claim_lines"] = _claim(claim, cards, hands, played, lho_of(declarer), trump, c)
    return out


def _claim(claim: dict, cards, hands: dict, played: list, first: str, trump: str | None, c: Collector):
    """What the cards show at a claim (the tricks still to play, whether an opponent of the claimer holds a
    trump) and the search of the claim's lines by double dummy (read/dd.py, run on first need) when the
    claimer is known."""
    left = _left(hands, played)
    done = [t for t in played if t.winner]
    trick = played[-1].plays if played and not played[-1].winner else []
    leader = done[-1].winner if done else first
    claimer = claim.get("claimer")
    shown = {"tricks_remaining": 13 - len(done)}
    if claimer in SEATS:
        shown["trump_outstanding"] = trump is not None and any(
            card[0] == trump for s in (lho_of(claimer), partner_of(lho_of(claimer))) for card in left[s])
    if claimer not in SEATS:
        return shown, None
    said = {}
    for key in ("claim_line", "claim_named"):
        said[key] = []
        for i, text in enumerate(cards.get(key) or []):
            try:
                said[key].append(_card(text))
            except ValueError as e:
                c.add(cards.loc_of(key), f"cards.{key}, card {i + 1}: {e}")
                return shown, None
            if not any(said[key][-1] in left[s] for s in (claimer, partner_of(claimer))):
                c.add(cards.loc_of(key), f"cards.{key}, card {i + 1}: {_name(said[key][-1])} is not"
                      f" in {claimer}'s or his partner's hand at the claim")
                return shown, None
    from . import dd
    return shown, dd.Deferred(left, list(trick), leader, trump, claimer, said["claim_line"], said["claim_named"],
                              first_trick=len(done) + 1)


def _play(tricks: list, hands: dict, leader: str, trump: str | None, cards, file: str, c: Collector,
          what: str = "cards.play", wrong_hands: bool = False) -> list | None:
    held = {s: set(h) for s, h in hands.items()}
    seen: set = set()  # every card played so far
    out: list[_Trick] = []
    whole = next((cards.loc_of(k) for k in ("play", "pbn", "lin") if isinstance(cards, LocDict) and k in cards),
                 Loc(file))
    for n, trick in enumerate(tricks, 1):
        where = tricks.loc_of(n - 1) if isinstance(tricks, LocList) else whole  # the trick's own line
        t = _Trick(n, leader, [])
        seat = leader
        for entry in trick:
            if isinstance(entry, dict):  # {played: H5, replaced_by: C2}: taken back for another (a revoke corrected)
                if set(entry) != {"played", "replaced_by"}:
                    c.add(where, f"{what}, trick {n}: {seat}'s card taken back is written"
                          " {played: <the card taken back>, replaced_by: <the card played instead>}")
                    return None
                try:
                    back = _card(entry["played"])
                except ValueError as e:
                    c.add(where, f"{what}, trick {n}: {e}")
                    return None
                if back not in held[seat]:
                    c.add(where, f"{what}, trick {n}: {seat} takes back {_name(back)}, which he does not hold")
                    return None
                t.taken_back.append((seat, back))  # back in his hand: played later, or left over
                entry = entry["replaced_by"]
            # "-": this hand played no card to the trick; a list: it played several (a defective trick, Law 67)
            texts = [] if str(entry).strip() in ("-", "") else entry if isinstance(entry, list) else [entry]
            if not texts:
                t.defects.append((seat, "omitted_card"))
            elif len(texts) > 1:
                t.defects.append((seat, "too_many_cards"))
            for i, text in enumerate(texts):
                try:
                    card = _card(text)
                except ValueError as e:
                    c.add(where, f"{what}, trick {n}: {e}")
                    return None
                if card not in held[seat] and (not wrong_hands or card in seen):
                    owner = next((s for s, h in hands.items() if card in h), None)
                    c.add(where, f"{what}, trick {n}: {seat} plays {_name(card)}, which he "
                          + ("never held" if owner != seat else "has already played"),
                          hint=f"{_name(card)} was dealt to {owner}" if owner and owner != seat else None)
                    return None
                held[seat].discard(card)
                seen.add(card)
                (t.plays if i == 0 else t.extra).append((seat, card))  # the first counts for the trick
            seat = lho_of(seat)
        if len(trick) == 4 and t.plays:
            t.winner = leader = trick_winner(t.plays, trump)
        out.append(t)
    return out


def _defective(played: list, hands: dict) -> list:
    """Each hand that played no card, or more than one, to a trick (Law 67), with what the record shows: who won
    the trick, whether both sides played to the next one, whether the offending side won a later trick, and
    whether the offender holds the suit led now (at the end of the record)."""
    out = []
    now = _left(hands, played)
    ended = len([u for u in played if u.winner]) == 13 or not any(now.values())
    for t in played:
        for seat, fault in t.defects:
            side = side_of(seat)
            nxt = played[t.n] if t.n < len(played) else None
            led = t.plays[0][1][0] if t.plays else None
            won_later = any(side_of(u.winner) == side for u in played[t.n:] if u.winner)
            out.append({"offender": seat, "trick": t.n, "fault": fault,
                        "trick_winner": None if t.winner in (None, seat) else
                        "offender_partner" if t.winner == partner_of(seat) else "non_offending_side",
                        "both_sides_played_to_next_trick": nxt is not None and {side_of(p) for p, _ in nxt.plays}
                        == {"NS", "EW"},
                        "offending_side_won_later_trick": True if won_later else False if ended else None,
                        "offender_has_card_of_suit_led": None if led is None else any(
                            s == led for s, _ in now[seat])})
    return out


def _left(hands: dict, played: list) -> dict:
    """{seat: the cards it still holds} at the end of the play record."""
    return {s: set(h) - {card for t in played for p, card in t.plays + t.extra if p == s} for s, h in hands.items()}


def _holding_before(hands: dict, played: list, seat: str, n: int, play_index: int) -> set:
    gone = {card for t in played[:n - 1] for s, card in t.plays + t.extra if s == seat}
    gone |= {card for s, card in played[n - 1].plays[:play_index] if s == seat}
    return hands[seat] - gone


def _revokes(played: list, hands: dict, dummy: str) -> list:
    out = []
    for t in played:
        if not t.plays:
            continue
        led = t.plays[0][1][0]
        order = [p for p, _ in t.plays]
        taken_back = [(order.index(p), p, card, True) for p, card in t.taken_back if p in order[1:]]
        for i, seat, card, corrected in sorted(taken_back + [(i, p, card, False) for i, (p, card)
                                                              in enumerate(t.plays[1:], 1)]):
            if card[0] == led or not any(s == led for s, _ in _holding_before(hands, played, seat, t.n, i)):
                continue
            side = side_of(seat)
            later = [u for u in played[t.n:] if u.winner]
            nxt = played[t.n] if t.n < len(played) else None
            # a card taken back in its turn for one that follows: corrected before his side played on (62A)
            acted = not corrected and nxt is not None and any(s in (seat, partner_of(seat)) for s, _ in nxt.plays)
            winner = None if t.winner is None else ("offender" if t.winner == seat else
                                                    "offender_partner" if t.winner == partner_of(seat)
                                                    else "non_offending_side")
            ended = len([u for u in played if u.winner]) == 13
            out.append({"offender": seat, "trick": t.n, "failure": "failed_to_follow_suit",
                        "revoke_trick_winner": winner,
                        "offending_side_won_later_trick": True if any(side_of(u.winner) == side for u in later)
                        else False if ended else None,
                        "establishing_act": "played_to_next_trick" if acted else "none",
                        # the card he should have played lay faced only in dummy (the record shows no exposed card)
                        "required_card_was_faced": seat == dummy,
                        "repeat_in_same_suit": any(r["offender"] == seat and r["suit"] == led for r in out)})
            out[-1]["suit"] = None if corrected else led  # a corrected revoke: no later one repeats it
    for r in out:
        del r["suit"]
    return out


def _deal(played: list, declarer: str) -> dict:
    done = [t for t in played if t.winner]
    return {"declarer_tricks": sum(1 for t in done if side_of(t.winner) == side_of(declarer)),
            "play_ended": len(done) == 13}
