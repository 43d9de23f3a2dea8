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

from ..errors import BridgelawError, Collector, Loc
from ..values import SEATS, lho_of, partner_of, side_of
from .dd import endplay_parts, trick_winner
from .yamlsafe import LocDict, LocList, read_text

RANKS = "23456789TJQKA"
BOARD_BYTES = 1024 * 1024  # a board file (PBN, LIN): a session's boards are a few hundred kilobytes
DEAL_CHARS = 200  # a PBN deal string of 52 cards is about 70 characters
TRICKS = 13  # a board's tricks: a play record of more is refused before it is read (endplay's reader is quadratic)


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
    raise ValueError(f"'{text}' is no card (e.g. SA, H10, D7; '-' where a hand played none)")


def _name(card: tuple[str, int]) -> str:
    rank = RANKS[card[1]]
    return card[0] + ("10" if rank == "T" else rank)


# A PBN deal string as the shipped incidents write it: the first seat, then four hands of four suits each
_PLAIN_DEAL = re.compile(r"([NESW]):((?:[2-9TJQKA]*\.){3}[2-9TJQKA]*(?: (?:[2-9TJQKA]*\.){3}[2-9TJQKA]*){3})")


def _hands(deal_text: str) -> dict[str, set]:
    """{seat: {(suit, rank)}} from a PBN deal string (a '-' is a void).  A plain one (``N:AKQ2.J53.T95.K82 ...``,
    four hands of four suits) is read here, the same cards endplay reads, so that a cold ``rule`` on an incident
    with its cards does not load DDS's library to read them (about 20 ms); any other text, endplay reads (and
    refuses, with its message)."""
    plain = _PLAIN_DEAL.fullmatch(deal_text)
    if plain:
        first, hands = SEATS.index(plain[1]), plain[2].split(" ")
        return {seat: {(suit, RANKS.index(r)) for suit, holding in zip("SHDC", hands[(i - first) % 4].split("."))
                       for r in holding} for i, seat in enumerate(SEATS)}
    deal = endplay_parts("types")[0].Deal(deal_text)
    out = {}
    for seat, hand in zip(SEATS, (deal.north, deal.east, deal.south, deal.west)):
        cards = set()
        for suit, holding in zip("SHDC", str(hand).split(".")):
            cards |= {(suit, RANKS.index(r)) for r in holding.replace("-", "") if r in RANKS}
        out[seat] = cards
    return out


def _wrong_hands(hands: dict) -> str:
    """What is wrong with a deal whose hands are not 13 cards each of 52 distinct ("" if nothing)."""
    counts = [f"{s} {len(hands[s])}" for s in SEATS if len(hands[s]) != 13]
    if counts:
        return f"each hand holds 13 cards; here {', '.join(counts)}"
    twice = sorted({card for s in SEATS for t in SEATS if s < t for card in hands[s] & hands[t]})
    if twice:
        card = twice[0]
        holders = [s for s in SEATS if card in hands[s]]
        return f"{_name(card)} is in two hands ({' and '.join(holders)})" + (
            f", and {len(twice) - 1} more card(s) like it" if len(twice) > 1 else "")
    return ""


def _from_file(path: Path, kind: str, c: Collector, loc: Loc, board: int | None = None) -> tuple | None:
    """(deal string, tricks, tags) of one board of a PBN or LIN file (see ``read_board``)."""
    try:  # a regular file of at most BOARD_BYTES, opened without blocking: never a FIFO, a device or a folder
        text = read_text(path, path.name, BOARD_BYTES, f"a {kind.upper()} board file",
                         "a PBN or LIN file of a session's boards is a few hundred kilobytes", regular=True)
    except BridgelawError as e:
        why = e.problems[0].message.removeprefix("cannot read: ")
        c.add(loc, f"{path.name}: cannot read a {kind.upper()} board: {why}", hint=e.problems[0].hint)
        return None
    return read_board(text, path.name, c, loc, board, kind)


def board_kind(text: str) -> str:
    """"lin" for a BBO hand record (``md|...``), "pbn" for PBN tags (``[Deal "..."]``), "deal" for a bare PBN
    deal string (``N:AKQ2.J53.T95.K82 ...``)."""
    if re.search(r"(^|\|)md\|", text, re.IGNORECASE):
        return "lin"
    return "pbn" if "[" in text else "deal"


def read_board(text: str, name: str, c: Collector, loc: Loc, board: int | None = None,
               kind: str | None = None) -> tuple | None:
    """(deal string, tricks as card texts in the order played, tags) of one board of a PBN or LIN text (a file's,
    or one pasted into the interview or the web page), or None with the problem in ``c``.  A text of several
    boards needs ``board`` (its number); tags: the contract, declarer, vulnerability and dealer it gives."""
    kind = kind or board_kind(text)
    if kind == "deal":
        return text.strip().strip('"'), [], {}
    boards = _pbn_boards(text, name, c, loc) if kind == "pbn" else _lin_boards(text, name, c, loc)
    if boards is None:
        return None
    numbers = [b[2].get("board") or i for i, b in enumerate(boards, 1)]
    if board is None and len(boards) > 1:
        c.add(loc, f"{name} holds {len(boards)} boards ({', '.join(map(str, numbers))}): say which one",
              hint="bridgelaw rule FILE --board N (or cards: {board: N} in the incident)")
        return None
    if board is not None and board not in numbers:
        c.add(loc, f"{name} has no board {board}: it holds {', '.join(map(str, numbers))}")
        return None
    return boards[numbers.index(board) if board is not None else 0]


def _pbn_boards(text: str, name: str, c: Collector, loc: Loc) -> list | None:
    """Every board of a PBN text (endplay reads it: a Play section's columns are turned back into the order the
    cards were played); a tag a board does not give (Vulnerable, Dealer) is not read as endplay's default (the
    board number's), and the Dealer is read here (endplay keeps it only where a Contract is given)."""
    pbn, = endplay_parts("parsers.pbn")
    for number, rows in enumerate(_play_rows(text), 1):
        if rows > TRICKS:  # refused before endplay reads it: its reader's time grows with the square of the rows
            c.add(loc, f"{name}: the Play section of its board {number} has {rows} tricks; a board has {TRICKS}")
            return None
    try:
        boards = pbn.loads(text)
        if not boards:
            raise ValueError("no board in it")
        found = [(b.deal.to_pbn(), [], {}) for b in boards]  # the deal of each, or the error
    except (IndexError, ValueError, KeyError, RuntimeError, AttributeError) as e:
        c.add(loc, f"{name}: cannot read a PBN board ({e})")
        return None
    parts = re.split(r"(?m)^(?=\[Board )", text)
    parts = [p for p in parts if "[Board " in p] if len([p for p in parts if "[Board " in p]) == len(boards) \
        else [text] * len(boards)
    out = []
    for (deal, _, _), b, part in zip(found, boards, parts):
        cards = ["SHDC"[card.suit.value] + str(card.rank.abbr) for card in b.play or []]
        tags = _tags(b, vul='[Vulnerable "' in part)
        dealer = re.search(r'\[Dealer "([NESW])', part, re.IGNORECASE)  # endplay reads it only beside a Contract
        if dealer:
            tags["dealer"] = dealer.group(1).upper()
        out.append((deal, [cards[i:i + 4] for i in range(0, len(cards), 4)], tags))
    return out


def _play_rows(text: str) -> list[int]:
    """The rows (tricks) of each Play section of a PBN text, counted line by line: each row up to the next tag."""
    out, inside = [], False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            inside = line[1:].lstrip().lower().startswith("play ")
            if inside:
                out.append(0)
        elif inside and line and line[0] not in ";%*":
            out[-1] += 1
    return out


_LIN_PLAY = re.compile(r"\|pc\|([^|]*)", re.IGNORECASE)


def _lin_boards(text: str, name: str, c: Collector, loc: Loc) -> list | None:
    """Every board of a BBO LIN text: endplay reads the deal (``md|``: its first digit the dealer, 1 South,
    2 West, 3 North, 4 East), the vulnerability (``sv|``: o none, n North-South, e East-West, b both) and the
    auction (the contract and declarer follow from it); the cards played are its ``pc`` entries in order
    (endplay cannot read a trick left unfinished, as a claim leaves it: those are given to it whole tricks only)."""
    lin, = endplay_parts("parsers.lin")
    text = text.replace("\r", "").replace("\n", "")
    at = "qx|" if "qx|" in text.lower() else "pn|"  # a record of several boards: each from its qx| (or pn|)
    starts = [m.start() for m in re.finditer(re.escape(at), text, re.IGNORECASE)] or [0]
    segments = [text[a:b] for a, b in zip([0] + starts[1:], starts[1:] + [len(text)])]
    out = []
    for segment in segments:
        if "pn|" not in segment.lower():  # endplay's reader splits boards at their players' names
            segment = "pn|?,?,?,?|" + segment
        played = [p.strip() for p in _LIN_PLAY.findall(segment)]
        if len(played) > 4 * TRICKS:
            c.add(loc, f"{name}: a board of {len(played)} cards played ('pc|'); a board has {4 * TRICKS}")
            return None
        whole = segment
        for _ in range(len(played) % 4):  # endplay's reader needs whole tricks
            whole = whole[:whole.lower().rindex("|pc|")] + "|"
        try:
            boards = lin.loads(whole)
        except Exception as e:  # noqa: BLE001 - endplay's reader raises what it meets (AttributeError, KeyError...)
            c.add(loc, f"{name}: cannot read a LIN board: its deal (md|), auction (mb|) or cards played (pc|)"
                  " are not written as a BBO hand record writes them",
                  hint="a BBO hand record: md|3S789TJH45AD7KC45A,S6H3678D689TJC678,S23KAH2QKD23AC23K,|mb|1S|...|pc|H3|...")
            return None
        if not boards or boards[0].deal is None or "md|" not in segment.lower():
            c.add(loc, f"{name}: cannot read a LIN board (no 'md|' deal in it)",
                  hint="a BBO hand record: md|3S789TJH45AD7KC45A,S6H3678D689TJC678,S23KAH2QKD23AC23K,|mb|1S|...|pc|H3|...")
            return None
        md = re.search(r"md\|([1-4])", segment, re.IGNORECASE)
        tags = _tags(boards[0], vul=re.search(r"sv\|[oneb]", segment, re.IGNORECASE) is not None, dealer=md is not None)
        out.append((boards[0].deal.to_pbn(), [played[i:i + 4] for i in range(0, len(played), 4)], tags))
    return out


VULNERABILITY = ("none", "both", "NS", "EW")  # endplay's Vul: none 0, both 1, ns 2, ew 3


def _tags(board, vul: bool = False, dealer: bool = False) -> dict:
    """The contract and declarer a board gives (endplay's Denom: spades 0 ... clubs 3, notrump 4; Penalty: 1,
    doubled 2, redoubled 4), its vulnerability and dealer where it gives them, and its number."""
    out = {"board": board.board_num} if board.board_num else {}
    if vul and board.vul is not None:
        out["vulnerability"] = VULNERABILITY[int(board.vul)]
    if dealer and board.dealer is not None:
        out["dealer"] = "NESW"[int(board.dealer)]
    if not board.contract or board.contract.level == 0:
        return out
    k = board.contract
    strain = "SHDC"[int(k.denom)] if int(k.denom) < 4 else "NT"
    doubled = {2: "X", 4: "XX"}.get(int(k.penalty), "")
    return out | {"declarer": "NESW"[int(k.declarer)], "contract": f"{k.level}{strain}{doubled}"}


def board_cards(board: tuple, cards, incident: str, c: Collector) -> LocDict | None:
    """The ``cards:`` of an incident ruled with a board file given beside it (``bridgelaw rule board.pbn
    --incident notes.yaml``): ``board`` is (its path, its name as shown, the board's number or None).  An
    incident with cards of its own must show the same deal and play (those of the same file, or the same cards
    written out): else an error naming both.  The claimer's statement (claim_line, claim_named) stays the
    incident's."""
    path, shown, number = board
    kind = "lin" if Path(path).suffix.lower() == ".lin" else "pbn"
    out = LocDict({kind: str(Path(path).resolve())} | ({"board": number} if number is not None else {}))
    out.loc, out.key_locs, out.value_locs = Loc(shown), {}, {}
    if cards is None:
        return out
    for key in ("claim_line", "claim_named"):
        if key in cards:
            out[key] = cards[key]
            out.value_locs[key] = cards.loc_of(key)
    got = _from_file(Path(path), kind, c, Loc(shown), number)
    if got is None:
        return None
    mine = _cards_given(cards, Path(incident).parent, c)
    if mine is None:
        return None
    if not _same_cards(got[:2], mine[:2]):
        c.add(cards.loc, f"cards: the incident's deal and play are not those of {shown}"
              + (f", board {number}" if number is not None else ""),
              hint="leave out the incident's cards: (the board file gives them), or give the board they name")
        return None
    return out


def _cards_given(cards, folder: Path, c: Collector) -> tuple | None:
    """(deal string, tricks, tags) an incident's own ``cards:`` give."""
    if "pbn" in cards or "lin" in cards:
        kind = "pbn" if "pbn" in cards else "lin"
        return _from_file(folder / str(cards[kind]), kind, c, cards.loc_of(kind), cards.get("board"))
    if "text" in cards:
        return read_board(str(cards["text"]), "cards.text", c, cards.loc_of("text"), cards.get("board"))
    return cards.get("deal"), cards.get("play") or [], {}


def _same_cards(a: tuple, b: tuple) -> bool:
    """Whether two (deal string, tricks) give the same hands and the same cards played."""
    try:
        if _hands(str(a[0])) != _hands(str(b[0])):
            return False
        def cards(tricks):
            return [[[_card(x) for x in (e if isinstance(e, list) else [e]) if str(x).strip() not in ("-", "")]
                     for e in t] for t in tricks]
        return cards(a[1]) == cards(b[1])
    except (ValueError, RuntimeError):
        return False


def card_facts(cards: LocDict, facts: dict, file: str, c: Collector) -> dict:
    """What the cards show: {"deal": {slot: value}, "revoke": [{slot: value}, ...], "claim": {slot: value},
    "claim_lines": () -> ClaimLines, or None}; problems go to ``c``.  ``facts`` are the stated facts (the deal's
    declarer and contract, the claim's claimer)."""
    deal_fact = dict(facts.get("deal") or {}) if isinstance(facts, dict) else {}
    loc = cards.loc if isinstance(cards, LocDict) else Loc(file)
    what = "cards.play"  # where the play record is, as an error names it
    tags: dict = {}
    given = [k for k in ("pbn", "lin", "text", "deal", "ending") if isinstance(cards, dict) and k in cards]
    if len(given) > 1:  # one is never dropped without a word
        c.add(loc, f"cards: the deal is given twice ({' and '.join(given)}): give it one way")
        return {}
    if "ending" in cards:  # the cards still held at a claim, as the director sees them
        return _ending(cards, facts, deal_fact, loc, c)
    if "text" in cards and ENDING_TEXT.match(str(cards["text"])):  # the same, pasted into the interview or page
        where = cards.loc_of("text") if isinstance(cards, LocDict) else loc
        told = _ending_text(str(cards["text"]), where, c)
        return {} if told is None else _ending(told, facts, deal_fact, where, c)
    if "pbn" in cards or "lin" in cards or "text" in cards:
        kind = next(k for k in ("pbn", "lin", "text") if k in cards)
        number = cards.get("board")
        if kind == "text":  # a deal pasted into the interview or the web page
            name = "cards.text"
            got = read_board(str(cards["text"]), name, c, cards.loc_of(kind), number)
        else:
            path = Path(file).parent / str(cards[kind])
            name = path.name
            got = _from_file(path, kind, c, cards.loc_of(kind), number)
        if got is None:
            return {}
        deal_text, tricks, tags = got
        tags = dict(tags)
        board = tags.pop("board", None)
        what = name + (f", board {board}" if board else "")
        declarer = deal_fact.get("declarer") or tags.get("declarer")
        deal_fact = {**{k: v for k, v in tags.items() if k != "dealer"},
                     **{k: v for k, v in deal_fact.items() if v is not None}}
    else:
        deal_text, tricks, declarer = cards.get("deal"), cards.get("play") or [], deal_fact.get("declarer")
    if deal_text is None:
        return {}
    deal_loc = cards.loc_of("deal") if "deal" in cards else loc
    deal_name = "cards.deal" if what == "cards.play" else what
    example = "e.g. N:AKQ2.J53.T95.K82 J9865.A6.K863.A5 T7.KQT84.AQ.QT93 43.972.J742.J764"
    if len(str(deal_text)) > DEAL_CHARS:
        c.add(deal_loc, f"{deal_name}: a deal of {len(str(deal_text))} characters is no deal of 52 cards",
              hint=example)
        return {}
    try:
        hands = _hands(str(deal_text))
    except (ValueError, RuntimeError, IndexError, KeyError) as e:
        c.add(deal_loc, f"{deal_name}: not a PBN deal ({e})", hint=example)
        return {}
    # a hand of more or fewer than 13 cards (Laws 13, 14): the deal given is not what each held, so a card not in
    # it is no error, and no failure to follow suit is read from it
    wrong_hands = isinstance(facts, dict) and any(facts.get(t) for t in ("incorrect_hands", "surplus_card"))
    if not wrong_hands:  # 13 cards a hand, 52 distinct: else no deal to read the play from (nor for DDS)
        wrong = _wrong_hands(hands)
        if wrong:
            c.add(deal_loc, f"{deal_name}: {wrong}",
                  hint="the cards still held at a claim are given as ending: {N: .., E: .., S: .., W: ..} with on_lead"
                       " and declarer_tricks; a hand of the wrong number of cards is a fact of its own"
                       " (incorrect_hands: Laws 13, 14)")
            return {}
    if declarer not in SEATS:
        c.add(loc, "cards: the play record needs the declarer (deal: {declarer: ...})")
        return {}
    contract = deal_fact.get("contract") or ""
    trump = next((s for s in "SHDC" if len(contract) > 1 and contract[1] == s), None)
    if len(tricks) > TRICKS:
        c.add(tricks.loc if isinstance(tricks, LocList) and getattr(tricks, "loc", None) else loc,
              f"{what}: {len(tricks)} tricks; a board has {TRICKS}")
        return {}
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
    # what the board gives (its contract, declarer, vulnerability) is shown too: a stated fact that differs is
    # left to the director like any other
    shown = {"declarer": tags.get("declarer") or declarer, "contract": tags.get("contract") or deal_fact.get("contract"),
             **({"vulnerability": tags["vulnerability"]} if tags.get("vulnerability") else {})} | _deal(played, declarer)
    revokes = [] if wrong_hands else _revokes(played, hands, partner_of(declarer))
    out = {"deal": shown, "revoke": revokes, "revoke_tricks": _revoke_tricks(played, hands, revokes, trump, declarer),
           "defective_trick": _defective(played, hands), "trick_arrangement": out_arrangement,
           "board": _board(what if what != "cards.play" else None, tags, hands, played)}
    if tags.get("dealer") and isinstance(facts, dict) and isinstance(facts.get("auction"), dict):
        out["auction"] = {"dealer": tags["dealer"]}  # the dealer a LIN or PBN board gives, where an auction is told
    if isinstance(claim, dict) and len([t for t in played if t.winner]) < 13:
        shown["play_ended"] = None  # play ended with the claim: the claim's laws say what follows (69-71)
        out["claim"], out["claim_lines"] = _claim(claim, cards, hands, played, lho_of(declarer), trump, c)
        if wrong_hands:  # no double-dummy search of hands not of 13 cards each (the solver refuses them)
            out["claim_lines"] = None
    return out


ENDING_KEYS = ("on_lead", "declarer_tricks", "claim_line", "claim_named")
ENDING_TEXT = re.compile(r"\s*(ending|окончание)(\s|$)", re.IGNORECASE)  # Russian words too: окончание, ход, взято
ENDING_EXAMPLE = "ending N:-.AK.-.2 E:-.Q.-.AK S:Q.-.A2.- W:K.-.KQ.- lead:S won:10"


def _ending_text(text: str, where: Loc, c: Collector) -> dict | None:
    """An ending pasted as one line ('ending N:.. E:.. S:.. W:.. lead:S won:10', won: declarer's side's tricks;
    in Russian 'окончание ... ход:S взято:10')
    as ``cards: {ending, on_lead, declarer_tricks}``; None with the problem in ``c``."""
    out: dict = {"ending": {}}
    for token in text.split()[1:]:
        key, sep, value = token.partition(":")
        key = key.strip().upper()
        if sep and key in SEATS and key not in out["ending"]:
            out["ending"][key] = value
        elif sep and key in ("LEAD", "ХОД"):
            out["on_lead"] = value.strip().upper()
        elif sep and key in ("WON", "ВЗЯТО") and value.strip().isdigit():
            out["declarer_tricks"] = int(value)
        else:
            c.add(where, f"cards.text: '{token}' is not part of an ending", hint=ENDING_EXAMPLE)
            return None
    return out


def _holding(text, seat: str, where: str) -> set:
    """{(suit, rank)} of one hand written S.H.D.C ('AK.-.Q2.' or 'AK..Q2.': '-' or nothing a void)."""
    parts = str(text).strip().upper().replace("10", "T").split(".")
    if len(parts) != 4:
        raise ValueError(f"{where}: {seat}'s cards are written spades.hearts.diamonds.clubs (e.g. AK.-.Q2.-),"
                         f" four holdings; '{text}' has {len(parts)}")
    out: set = set()
    for suit, holding in zip("SHDC", parts):
        for r in holding.replace("-", "").strip():
            if r not in RANKS:
                raise ValueError(f"{where}: {seat}'s {suit} holding '{holding}': '{r}' is no rank (AKQJT98765432)")
            if (suit, RANKS.index(r)) in out:
                raise ValueError(f"{where}: {seat} holds {_name((suit, RANKS.index(r)))} twice")
            out.add((suit, RANKS.index(r)))
    return out


def _ending(cards, facts: dict, deal_fact: dict, loc: Loc, c: Collector) -> dict:
    """A claim told by the cards still held (``cards: {ending: {N: .., E: .., S: .., W: ..}, on_lead: W,
    declarer_tricks: 7}``): checked as a partial deal (each hand as many cards, no card twice, the leader named,
    the tricks won and still to play at most 13), never read as a whole deal with the opening leader on lead.
    The claim's lines are searched from it at once: the claimer's side's tricks on the worst line his statement
    allows are the split the cards give (70A, 70D1), stated where the director said nothing."""
    where = cards.loc_of("ending") if isinstance(cards, LocDict) else loc
    ending = cards.get("ending")
    other = [k for k in cards if k != "ending" and k not in ENDING_KEYS]
    if other:
        c.add(loc, f"cards: an ending (the cards held at a claim) is given with {', '.join(map(str, other))};"
              f" an ending takes only {', '.join(ENDING_KEYS)}")
        return {}
    if not isinstance(ending, dict) or sorted(map(str, ending)) != sorted(SEATS):
        c.add(where, "cards.ending: each hand's cards still held, under N, E, S and W",
              hint="ending: {N: 'AK.-.-.-', E: 'Q2.-.-.-', S: '-.AK.-.-', W: '-.QJ.-.-'}; pasted: " + ENDING_EXAMPLE)
        return {}
    try:
        hands = {s: _holding(ending[s], s, "cards.ending") for s in SEATS}
    except ValueError as e:
        c.add(where, str(e))
        return {}
    both = sorted({card for s in SEATS for t in SEATS if s < t for card in hands[s] & hands[t]})
    if both:
        holders = [s for s in SEATS if both[0] in hands[s]]
        c.add(where, f"cards.ending: {_name(both[0])} is in two hands ({' and '.join(holders)})")
        return {}
    sizes = {s: len(hands[s]) for s in SEATS}
    n = sizes["N"]
    if len(set(sizes.values())) > 1 or not 1 <= n <= 13:
        c.add(where, "cards.ending: every hand holds as many cards at a claim (the tricks still to play); here "
              + ", ".join(f"{s} {k}" for s, k in sizes.items()))
        return {}
    leader = cards.get("on_lead")
    if leader not in SEATS:
        c.add(cards.loc_of("on_lead") if isinstance(cards, LocDict) and "on_lead" in cards else where,
              "cards.on_lead: who is on lead at the claim (N, E, S or W): an ending is never read with the"
              " opening leader on lead")
        return {}
    won = cards.get("declarer_tricks")
    if not isinstance(won, int) or isinstance(won, bool) or not 0 <= won <= 13 - n:
        c.add(cards.loc_of("declarer_tricks") if isinstance(cards, LocDict) and "declarer_tricks" in cards else where,
              f"cards.declarer_tricks: the tricks declarer's side has won before the claim, 0 to {13 - n}"
              f" ({n} still to play)")
        return {}
    declarer = deal_fact.get("declarer")
    if declarer not in SEATS:
        c.add(loc, "cards: an ending needs the declarer (deal: {declarer: ...})")
        return {}
    contract = deal_fact.get("contract") or ""
    trump = next((s for s in "SHDC" if len(contract) > 1 and contract[1] == s), None)
    claim = (facts.get("claim") if isinstance(facts, dict) else None) or None
    shown = {"declarer_tricks": won, "play_ended": None if isinstance(claim, dict) else False}
    out = {"deal": shown, "revoke": [], "revoke_tricks": None, "defective_trick": [], "trick_arrangement": None,
           "board": {"name": None, "dealer": None, "vulnerability": None,
                     "hands": {s: ["".join(RANKS[r] for r in sorted((r for x, r in hands[s] if x == suit),
                                                                    reverse=True)) or "-" for suit in "SHDC"]
                               for s in SEATS}, "tricks": []}}
    if isinstance(claim, dict):
        played = [_Trick(k, leader, [], winner=leader) for k in range(1, 14 - n)]  # the tricks before: done
        got, lines = _claim(claim, cards, hands, played, leader, trump, c)
        got["tricks_remaining"] = n
        if lines is not None:
            found = lines()
            if found.complete:  # the split the cards give: the claimer's side's tricks on the worst line
                got["tricks_to_claimer"] = found.worst
        out["claim"], out["claim_lines"] = got, lines
    return out


def _board(name: str | None, tags: dict, hands: dict, played: list) -> dict:
    """The board as a face shows it: the four hands as dealt (each its four holdings, spades first), its dealer and
    vulnerability where given, and each trick from its leader with its winner."""
    def holding(cards):
        return ["".join(RANKS[r] for r in sorted((r for s, r in cards if s == suit), reverse=True)) or "-"
                for suit in "SHDC"]
    return {"name": name, "dealer": tags.get("dealer"), "vulnerability": tags.get("vulnerability"),
            "hands": {s: holding(hands[s]) for s in SEATS},
            "tricks": [{"n": t.n, "leader": t.leader, "cards": [[p, _name(card)] for p, card in t.plays + t.extra],
                        "winner": t.winner} for t in played]}


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
        if len(cards.get(key) or []) > 26:  # the claimer's side holds 26 cards at most
            c.add(cards.loc_of(key), f"cards.{key}: {len(cards[key])} cards; the claimer and his partner hold at"
                  f" most 26")
            return shown, None
        for i, text in enumerate(cards.get(key) or []):
            try:
                said[key].append(_card(text))
            except ValueError as e:
                c.add(cards.loc_of(key), f"cards.{key}, card {i + 1}: {e}")
                return shown, None
            if said[key][-1] in said[key][:-1]:
                c.add(cards.loc_of(key), f"cards.{key}, card {i + 1}: {_name(said[key][-1])} is named twice")
                return shown, None
            if not any(said[key][-1] in left[s] for s in (claimer, partner_of(claimer))):
                c.add(cards.loc_of(key), f"cards.{key}, card {i + 1}: {_name(said[key][-1])} is not"
                      f" in {claimer}'s or his partner's hand at the claim")
                return shown, None
    from . import dd
    return shown, dd.Later(dd.claim_lines, left, list(trick), leader, trump, claimer, said["claim_line"],
                           said["claim_named"], first_trick=len(done) + 1)


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
            texts = [] if str(entry).strip() == "-" else entry if isinstance(entry, list) else [entry]  # '': no card
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


def _revoke_tricks(played: list, hands: dict, revokes: list, trump: str | None, declarer: str):
    """64C's reference for the revokes the record shows (read/dd.py revoke_tricks, run on first need), or None:
    for each, the hands at the start of its trick, the cards played to it before the offender's, and declarer's
    side's tricks before it and (where play has ended) from it on as played."""
    if not revokes:
        return None
    from . import dd
    side = side_of(declarer)
    ended = len([t for t in played if t.winner]) == 13
    given = []
    for r in revokes:
        t = played[r["trick"] - 1]
        i = next(k for k, (seat, _) in enumerate(t.plays) if seat == r["offender"])
        at_start = tuple((s, frozenset(_holding_before(hands, played, s, t.n, 0))) for s in SEATS)
        won = [side_of(u.winner) == side for u in played if u.winner]
        given.append((r["offender"], t.n, at_start, tuple(t.plays[:i]), t.leader, sum(won[:t.n - 1]),
                      sum(won[t.n - 1:]) if ended else None))
    return dd.Later(dd.revoke_tricks, tuple(given), trump, declarer)


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
