"""The auction as a sequence, and the order of events: facts the engine derives once, while reading.

Shape: ``sequence_facts(facts, vocab, c) -> list[InFact]``, called by incident.py
on the facts an incident states.  From ``auction`` (dealer, the calls in order)
it derives one ``call`` fact per call: its number, who made it, whose turn it
was, the bid it had to beat, and whether it was insufficient, out of rotation,
after the final pass or above seven, with the lowest sufficient bid in its
denomination (values.py orders bids), who made the bid it had to beat and
whether that bid stood doubled or redoubled, by whom (so that productions
classify a double or redouble under Law 19), whether it ended the auction, and
whether a pass put in its place would have (37B2, 38C: who calls next), the number of the same player's
call before it (``own_previous``) and whether it is the last call told.
Where the calls end the auction, or the deal names a declarer or contract or says it has ended, it
derives ``auction_over`` (the one place this is decided; not where a pass out of rotation is among the
three that seem to end it, 17D3, or an unintended call is replaced after them, 25A5); where a finished
auction gives the contract and declarer (Law 22A; an irregular call the offender's LHO accepted by
calling, 27A1 or 29A, counts as regular), it states them in the deal, and a stated one they contradict
is an error at its line.
From each ``change_of_call`` (Law 25) it derives a ``call_change``: whose call
it was and whether his partner or his LHO has called since.  From each ``replacement`` of an
insufficient bid it derives a ``substitution`` saying what kind of call
replaced it.  It checks that stated ``event`` facts agree with their own order
(``seq``) and with the auction and the play they are tied to; a contradiction
goes to ``c`` at the event's line.  Productions then test these facts directly
instead of joining every call with every call.  A project whose vocabulary
lacks these templates derives nothing.
"""
from __future__ import annotations

from .. import values as V
from ..errors import Collector
from .infact import InFact
from .story import found_calls, refused, state_story

# templates derived here, while an incident is read, from the template they are derived from
DERIVED_WHILE_READING = {"call": "auction", "substitution": "replacement", "call_change": "change_of_call",
                         "auction_over": "deal"}
# templates that say nothing without the auction they refer to: picking one in the interview asks the auction too
READ_WITH = {"replacement": "auction", "change_of_call": "auction", "misstated_double": "auction",
             "simultaneous_call": "auction"}
# The director's findings about one call of several (what followed a cancelled call out of rotation: 23A
# comparable, 29C artificial, the RHO's call): the slot naming the call by its number.  Each call's
# rectification reads only its own finding (the productions join on the slot); where the auction has one
# call the finding can be about, a file may leave the slot out (it is filled here); with several it must
# say which (check_counts), and the interview asks it, offering only those calls.
CALL_FINDINGS = {"after_call_out_of_rotation": "of"}


def finding_calls(template: str, calls: list[dict]) -> list[dict]:
    """The calls of the auction a finding of ``template`` (CALL_FINDINGS) can be about: for what followed a
    call out of rotation, each call out of rotation before the final pass that was not accepted by the
    offender's LHO calling over it (29A) nor is a change of call (30B2, 31C)."""
    return [k for k in calls if k["out_of_rotation"] and not k["after_final_pass"]
            and not (k["at_turn_of"] == "lho" and k["called_before"])
            and k.get("next_seat") != V.lho_of(k["seat"])]


def stated_calls(facts: list) -> list[dict]:
    """The calls of the auction ``facts`` state, read (none where there is no auction or it cannot be read)."""
    auction = next((f for f in facts if f.template == "auction"), None)
    if auction is None or not auction.get("dealer") or not auction.get("calls"):
        return []
    together = frozenset(f.get("position") for f in facts if f.template == "simultaneous_call" and f.get("position"))
    try:
        return read_calls(auction.get("dealer"), found_calls(facts, auction), together)
    except ValueError:
        return []


def calls_not_known(raw, dealer) -> tuple | str | None:
    """An auction with a call not known as the set of auctions it may be: ("one_of", each canonical auction);
    None where no call is written so; "error: ..." where the rest cannot be read, or nothing fits.

    - ``?:2S``, a call out of turn whose player nobody can name (at most two): one auction for each seat at
      which that call is out of rotation, the calls after it read with it;
    - ``P?`` (``S:P?``), a call that may or may not have been made there (one): the auction with it, its seat
      named, and the auction without it."""
    from itertools import product
    items = raw.split() if isinstance(raw, str) else list(raw) if isinstance(raw, list) else None
    items = [x.strip() if isinstance(x, str) else x for x in items or ()]
    unknown = [n for n, x in enumerate(items) if isinstance(x, str) and x.startswith("?:")]
    maybe = [n for n, x in enumerate(items) if isinstance(x, str) and len(x) > 1 and x.endswith("?")]
    if not unknown and not maybe:
        return None
    if len(unknown) > 2 or len(maybe) > 1 or (unknown and maybe):
        return "error:at most two calls may name their seat as not known (?:2S), or one call be made or not (P?)"
    try:  # each call as typed, less what is not known of it: a mistake names the item written
        V.coerce_calls([x[2:] if n in unknown else x[:-1] if n in maybe else x for n, x in enumerate(items)])
    except ValueError as e:
        return f"error:{e}"
    if maybe:
        n = maybe[0]
        made = items[:n] + [items[n][:-1]] + items[n + 1:]
        try:
            made = V.coerce_calls(made).split()
            if dealer in V.SEATS:  # its seat named: the auction without it must not give it another
                made[n] = f"{read_calls(dealer, ' '.join(made))[n]['seat']}:{made[n].rpartition(':')[2]}"
            return ("one_of", (" ".join(made), V.coerce_calls(items[:n] + items[n + 1:])))
        except ValueError as e:
            return f"error:{e}"
    out = []
    for seats in product(V.SEATS, repeat=len(unknown)):
        told = list(items)
        for n, seat in zip(unknown, seats):
            told[n] = f"{seat}:{items[n][2:]}"
        try:
            canonical = V.coerce_calls(told)
            read = read_calls(dealer, canonical) if dealer in V.SEATS else None
        except ValueError as e:
            return f"error:{e}"
        if read is None or all(read[n]["out_of_rotation"] for n in unknown):
            out.append(canonical)
    return ("one_of", tuple(out)) if out else "error:no seat makes the call named ?: one out of rotation"


def state_findings(facts: list) -> None:
    """The call a finding about one call (CALL_FINDINGS) is about, filled into ``facts`` where the stated
    auction has only one it can be (for the interview: that call is not asked)."""
    if any(f.template in CALL_FINDINGS for f in facts):
        _fill_findings(facts, stated_calls(facts))


def _fill_findings(facts: list, calls: list[dict]) -> None:
    """A finding about a call (CALL_FINDINGS) that does not name it, where only one call it can be about
    has no finding of its own and no other finding leaves it out: that call, filled into ``facts``
    (several: check_counts asks which)."""
    for template, slot in CALL_FINDINGS.items():
        mine = [n for n, f in enumerate(facts) if f.template == template]
        blank = [n for n in mine if facts[n].get(slot) is None]
        named = {facts[n].get(slot) for n in mine}
        left = [k for k in finding_calls(template, calls) if k["position"] not in named]
        if len(blank) == 1 and len(left) == 1:
            f = facts[blank[0]]
            values = tuple((k, left[0]["position"] if k == slot else v) for k, v in f.values)
            facts[blank[0]] = InFact(f.template, f.id, values, f.loc,
                                     tuple(p for p in f.possible if dict(values)[p[0]] is None))


def _fact(vocab, template: str, fid: str, loc, **values):
    return InFact(template, fid, tuple((s, values.get(s)) for s in vocab.templates[template].slots), loc)


def _relation(seat: str, turn: str) -> str:
    """Whose turn it was, seen from the seat that called: own, rho, partner or lho."""
    return {seat: "own", V.rho_of(seat): "rho", V.partner_of(seat): "partner", V.lho_of(seat): "lho"}[turn]


def read_calls(dealer: str, calls: str, simultaneous: frozenset = frozenset()) -> list[dict]:
    """Each call of a canonical auction (values.coerce_calls) with what follows from its place.

    A call out of rotation moves the turn on from the seat that made it (29A: as if it had been in
    rotation), unless the player whose turn it was calls next, before anyone else (and he is not the
    offender's LHO, whose call accepts it): then that call is in rotation (28B; 31B1 for the offender's
    partner) and the auction goes on as though the call out of rotation had not been made.

    ``simultaneous`` holds the numbers of calls made at the same time as the call before them (Law 33).
    When that call before was itself out of rotation, neither was made by the player whose turn it was:
    both were made at his turn (each is then a call out of rotation of its own, 29-32), and who called
    after the pair is who called after each of them."""
    out: list[dict] = []
    # turn, last bid, passes in a row, ended, any call but pass; the last bid's maker, undoubled/doubled/
    # redoubled, and by whom it was doubled
    state = (dealer, None, 0, False, False, None, None, None)
    before_oor = None   # the state before the last call, when that call was out of rotation
    called: set = set()
    own: dict = {}      # seat -> the number of his last call so far
    items = calls.split()
    for n, item in enumerate(items, 1):
        seat, _, call = item.rpartition(":")
        if n in simultaneous and before_oor is not None:
            state = before_oor      # made at the same time as a call out of rotation: at the same turn
        elif seat and before_oor is not None and seat == before_oor[0] and out[-1]["seat"] != V.rho_of(seat):
            state = before_oor      # the player whose turn it was calls: the call out of rotation is set aside
        turn, last_bid, passes, ended, any_call, bid_by, standing, doubled_by = state
        seat = seat or turn
        bid = V.is_bid(call)
        above = bid and V.bid_level(call) > 7
        insufficient = bid and not above and last_bid is not None and V.bid_rank(call) <= V.bid_rank(last_bid)
        out.append({
            "position": n, "seat": seat, "call": call, "turn": turn, "previous_bid": last_bid,
            "insufficient": insufficient, "out_of_rotation": seat != turn, "after_final_pass": ended,
            "above_seven": above,
            "lowest_sufficient": V.lowest_sufficient(V.bid_strain(call), last_bid) if insufficient else None,
            "kind": "pass" if call == "P" else "double_or_redouble" if call in ("X", "XX") else "bid",
            "at_turn_of": _relation(seat, turn), "called_before": seat in called,
            "own_previous": own.get(seat), "last": n == len(items),
            "side_called_before": seat in called or V.partner_of(seat) in called,
            "bid_by": bid_by, "standing": standing, "doubled_by": doubled_by,
            # a pass put in this call's place (37B2, 38C) ends the auction: three passes after a call, or four
            "pass_ends_auction": not ended and ((passes == 2 and any_call) or passes == 3),
        })
        called.add(seat)
        own[seat] = n
        before_oor = state if seat != turn and not ended else None
        opponent = bid_by is not None and V.partner_of(seat) != bid_by and seat != bid_by
        if bid and not above:
            last_bid, bid_by, standing, doubled_by = call, seat, "undoubled", None
        elif call == "X" and opponent and standing == "undoubled":  # a double Law 19A1 permits
            standing, doubled_by = "doubled", seat
        elif (call == "XX" and standing == "doubled" and doubled_by is not None
              and seat not in (doubled_by, V.partner_of(doubled_by))):  # a redouble 19B1 permits
            standing = "redoubled"
        passes = passes + 1 if call == "P" else 0
        final = not ended and ((passes == 3 and any_call and call == "P") or passes == 4)
        out[-1]["ends_auction"] = final
        ended = ended or final
        any_call = any_call or call != "P"
        state = (V.lho_of(seat), last_bid, passes, ended, any_call, bid_by, standing, doubled_by)
    for k in out:  # 17D3: one of the three passes out of rotation, the auction has not ended (the one place it is
        end = k["position"]  # decided; 17D3's and 34's productions find the pass that seemed to end it by pass_ends_auction)
        if k["ends_auction"] and any(j["out_of_rotation"] for j in out[max(end - 3, 0):end]):
            k["ends_auction"] = False
    for this, nxt in zip(out, out[1:]):
        this["next_seat"] = nxt["seat"]
    for k in reversed(out):  # the first of a pair made at one turn: what followed the pair followed it
        if k["position"] + 1 in simultaneous and k["position"] < len(out) and k["out_of_rotation"] \
                and not k["after_final_pass"]:  # (a position past the calls: check_counts says so)
            k["next_seat"] = out[k["position"]].get("next_seat")
    return out


def _substitution_kind(call: str, over: str | None) -> str:
    if call == "P":
        return "pass"
    if call in ("X", "XX"):
        return "double_or_redouble"
    return "sufficient_bid" if over is None or V.bid_rank(call) > V.bid_rank(over) else "insufficient_bid"


# the order of an event in the incident: during the auction (after call k), then the play (at trick t)
def _anchor(f):
    if f.get("trick") is not None:
        return (1, f.get("trick")), f"trick {f.get('trick')}"
    if f.get("after_call") is not None:
        return (0, f.get("after_call")), f"after call {f.get('after_call')}"
    return None, ""


def check_events(events: list, c: Collector) -> None:
    """Stated events must agree with their order: no two at one place, none before what precedes it."""
    seen: dict = {}
    latest = None  # (anchor, fact, words) of the latest-anchored event so far, in seq order
    for f in sorted((f for f in events if f.get("seq") is not None), key=lambda f: f.get("seq")):
        seq = f.get("seq")
        if seq in seen:
            c.add(f.loc, f"events {seen[seq].id} and {f.id} both have seq {seq}", "facts",
                  "give each event its own place in the order (seq 1, 2, 3...)")
        seen[seq] = f
        anchor, words = _anchor(f)
        if anchor is None:
            continue
        if latest and anchor < latest[0]:
            c.add(f.loc, f"the order of events contradicts itself: event {f.id} (seq {seq}, {words}) comes after"
                         f" event {latest[1].id} (seq {latest[1].get('seq')}, {latest[2]})", "facts",
                  "an event at an earlier call or trick must have a smaller seq")
        else:
            latest = (anchor, f, words)


def _final_pass(calls: list[dict]) -> int | None:
    """The number of the pass that ended the auction (the call's ``ends_auction``: read_calls decides it, 17D3
    included); None while it goes on."""
    return next((k["position"] for k in calls if k["ends_auction"]), None)


def _accepted(k: dict, nxt: dict) -> bool:
    """Whether an insufficient bid (27A1) or a call out of rotation (29A) was accepted: the offender's
    LHO called next, at his own turn."""
    return nxt["seat"] == V.lho_of(k["seat"]) and not nxt["out_of_rotation"]


def _permitted(k: dict) -> bool:
    """Whether a double or redouble is one Law 19 permits (19A1, 19B1): else Law 36 rules on it."""
    own = (k["seat"], V.partner_of(k["seat"]))
    if k["call"] == "X":
        return k["standing"] == "undoubled" and k["bid_by"] is not None and k["bid_by"] not in own
    return k["standing"] == "doubled" and k["doubled_by"] is not None and k["doubled_by"] not in own


def final_contract(calls: list[dict]) -> tuple[str, str] | None:
    """The contract and declarer a finished auction arrives at (Law 22), from the calls that stand: an
    insufficient bid or a call out of rotation the offender's LHO accepted by calling (27A1, 29A) is one
    of them, as if it had been regular.  None while the auction is not over, or when an irregular call
    that was not accepted (or cannot be: above seven, a double 19 does not permit) leaves it to the laws."""
    end = _final_pass(calls)
    if end is None:
        return None
    played = calls[:end]
    for k, nxt in zip(played, played[1:]):
        if k["above_seven"] or (k["call"] in ("X", "XX") and not _permitted(k)):
            return None
        if (k["out_of_rotation"] or k["insufficient"]) and not _accepted(k, nxt):
            return None
    bids = [k for k in played if k["kind"] == "bid"]
    if not bids:
        return ("", "")  # passed out
    last = bids[-1]
    strain, side = V.bid_strain(last["call"]), V.side_of(last["seat"])
    declarer = next(k["seat"] for k in bids if V.bid_strain(k["call"]) == strain and V.side_of(k["seat"]) == side)
    return last["call"] + {"doubled": "X", "redoubled": "XX"}.get(played[-1]["standing"], ""), declarer


def _check_contract(facts: list, calls: list[dict], c: Collector) -> None:
    """A stated contract (and declarer) must be the one the stated calls arrive at, when they are over."""
    deal = next((f for f in facts if f.template == "deal"), None)
    got = final_contract(calls)
    if deal is None or got is None or (deal.get("contract") is None and deal.get("declarer") is None):
        return
    contract, declarer = got
    said = f"the calls stated end the auction {'passed out' if not contract else f'in {contract} by {declarer}'}"
    if not contract and deal.get("contract") is not None:
        c.add(deal.loc, f"contract {deal.get('contract')} does not follow from the auction: {said}", "facts",
              "state the calls as they were made, or leave the contract out")
    elif contract and deal.get("contract") not in (None, contract):
        c.add(deal.loc, f"contract {deal.get('contract')} does not follow from the auction: {said}", "facts",
              f"contract: {contract}, or state the calls as they were made")
    elif contract and deal.get("declarer") not in (None, declarer):
        c.add(deal.loc, f"declarer {deal.get('declarer')} does not follow from the auction: {said}", "facts",
              f"declarer: {declarer}, or state the calls as they were made")


def state_contract(facts: list, vocab) -> None:
    """The contract and declarer a stated, finished auction gives, filled into ``facts``' deal (for the
    interview: a declarer the calls give is not asked); the calls read as ``sequence_facts`` reads them."""
    auction = next((f for f in facts if f.template == "auction"), None)
    if auction is None or "call" not in vocab.templates or any(f.template == "replacement" for f in facts):
        return
    calls = stated_calls(facts)
    if calls and not _reopened(facts, calls):
        _fill_contract(facts, calls, vocab, auction.loc)


def _fill_contract(facts: list, calls: list[dict], vocab, loc) -> None:
    """Where the stated calls end the auction (final_contract), the contract and declarer they give (Law 22A:
    declarer is the first of the side to name the denomination) are stated for the director, in the
    deal fact (made if there is none), unless he stated them (a contradiction is _check_contract's)."""
    got = final_contract(calls)
    if not got or not got[0] or "deal" not in vocab.templates:
        return
    slots = vocab.templates["deal"].slots
    if "declarer" not in slots or "contract" not in slots:
        return
    contract, declarer = got
    n = next((i for i, f in enumerate(facts) if f.template == "deal"), None)
    old = facts[n] if n is not None else _fact(vocab, "deal", "deal", loc)
    values = tuple((k, v if v is not None else {"declarer": declarer, "contract": contract}.get(k)) for k, v in old.values)
    if n is None:
        facts.append(InFact("deal", old.id, values, old.loc))
    else:  # what the calls give is known; a slot still not known stays so
        facts[n] = InFact("deal", old.id, values, old.loc, tuple(p for p in old.possible if dict(values)[p[0]] is None))


def _since(calls: list[dict], of: int) -> tuple[str, bool, bool, bool]:
    """Who made call ``of``, and since: whether his partner called, whether his LHO called, whether the
    auction ended before it reached his partner."""
    seat, later = calls[of - 1]["seat"], calls[of:]
    partner_called = any(k["seat"] == V.partner_of(seat) for k in later)
    ended = any(k.get("ends_auction") for k in calls[of - 1:])
    return seat, partner_called, any(k["seat"] == V.lho_of(seat) for k in later), ended and not partner_called


def _reopened(facts: list, calls: list[dict]) -> bool:
    """Whether an unintended call the director lets be replaced after the auction ended before it reached
    the offender's partner (25A5: until the opening lead is faced) opens the auction again: the calls as
    stated then end nothing."""
    return any(r.get("unintended") is True and r.get("after_opening_lead") is False
               and 1 <= (r.get("of") or len(calls)) <= len(calls) and _since(calls, r.get("of") or len(calls))[3]
               for r in facts if r.template == "change_of_call")


def _auction_over(facts: list, calls: list[dict], vocab) -> list:
    """The auction is over (Law 22) when the calls end it, or the deal names a declarer or a contract (there
    is one only once the final pass is made), or says it has ended: one fact, the one place this is
    decided, so that the auction laws, and the ruling's words, say nothing of turns to call that are past.
    The calls end it unless one of the three passes was out of rotation (17D3) or an unintended call is
    replaced after them (25A5).  Derived here rather than by a production on the deal, which the interview
    would take as a reason to ask the declarer while the auction may still be going on."""
    if "auction_over" not in vocab.templates:
        return []
    deal = next((f for f in facts if f.template == "deal"), None)
    said = deal is not None and (deal.get("declarer") is not None or deal.get("contract") is not None
                                 or deal.get("auction_ended") is True)
    if said or (_final_pass(calls) is not None and not _reopened(facts, calls)):
        return [_fact(vocab, "auction_over", "auction-over", deal.loc if deal is not None else None)]
    return []


def state_changes(facts: list, vocab) -> None:
    """The changes of call a stated auction shows (Laws 31C and 32C, ``deem_changes``), filled into ``facts`` (for the
    interview: it asks Law 25's questions about such a change as about one the director named)."""
    if "call" in vocab.templates:
        deem_changes(facts, stated_calls(facts), vocab)


def deem_changes(facts: list, calls: list[dict], vocab) -> None:
    """Laws 31C and 32C: a bid, double or redouble at his LHO's turn by a player who has called before is
    a change of his last call (Law 25); a double or redouble Law 19 does not permit is not (Law 36 rules
    on it).  It is stated in ``facts`` as the change_of_call it is (of: his last call, call: the later
    one), filled into one the director began without them, unless he stated that change himself; Law 25's
    productions then ask whether the first call was unintended and rule on it."""
    if "change_of_call" not in vocab.templates or not calls:
        return
    for k in calls:
        if not (k["out_of_rotation"] and k["at_turn_of"] == "lho" and k["called_before"] and not k["after_final_pass"]
                and (k["kind"] == "bid" or k["kind"] == "double_or_redouble" and _permitted(k))):
            continue
        last = max(j["position"] for j in calls[:k["position"] - 1] if j["seat"] == k["seat"])
        changes = [(n, f) for n, f in enumerate(facts) if f.template == "change_of_call"]
        if any(f.get("of") == last for _, f in changes):
            continue
        fill = {"of": last, "call": k["call"]}
        n, old = next(((n, f) for n, f in changes if f.get("of") is None and f.get("call") is None), (None, None))
        if old is None:
            ids = {f.id for _, f in changes}
            fid = next(f"change_of_call-{i}" for i in range(1, len(ids) + 2) if f"change_of_call-{i}" not in ids)
            facts.append(_fact(vocab, "change_of_call", fid, None, **fill))
        else:
            values = tuple((s, fill.get(s) if v is None else v) for s, v in old.values)
            facts[n] = InFact(old.template, old.id, values, old.loc,
                              tuple(p for p in old.possible if dict(values)[p[0]] is None))


def _call_changes(facts: list, calls: list[dict], vocab, c: Collector) -> list:
    """For each stated change of call (Law 25): who made the first call, and who has called since."""
    out = []
    for r in (f for f in facts if f.template == "change_of_call"):
        if r.get("call") is None or not calls or "call_change" not in vocab.templates:
            continue
        of = r.get("of") or len(calls)  # 'of' is required; not known: the last call
        if of > len(calls):  # a call the auction does not have: check_counts says so
            continue
        seat, partner_called, lho_called, ended = _since(calls, of)
        if r.get("partner_called") is not None:  # stated where the calls typed stop short of it (the director's word)
            partner_called = r.get("partner_called")
            ended = ended and not partner_called
        out.append(_fact(vocab, "call_change", f"call_change-{r.id}", r.loc, change=r.id, position=of, offender=seat,
                         partner_called=partner_called, lho_called=lho_called, auction_ended=ended))
    return out


def sequence_facts(facts: list, vocab, c: Collector) -> list:
    """The call, substitution facts derived from the stated auction and replacements; events checked."""
    if "call" not in vocab.templates or "auction" not in vocab.templates:
        return []
    out: list = []
    state_story(facts, vocab)  # the calls as typed: the director's arrival, a replacement typed as a call
    auction = next((f for f in facts if f.template == "auction"), None)
    calls = []
    if auction is not None and auction.get("dealer") and auction.get("calls"):
        together = frozenset(f.get("position") for f in facts if f.template == "simultaneous_call" and f.get("position"))
        calls = read_calls(auction.get("dealer"), found_calls(facts, auction), together)
        out += [_fact(vocab, "call", f"call-{k['position']}", auction.loc, **k) for k in calls]
        _fill_findings(facts, calls)
        if not any(f.template == "replacement" for f in facts) and not _reopened(facts, calls):
            _check_contract(facts, calls, c)
            _fill_contract(facts, calls, vocab, auction.loc)
    for r in (f for f in facts if f.template == "replacement"):
        if r.get("call") is None or not calls:  # not yet stated: nothing to derive
            continue
        of = r.get("of") or max((k["position"] for k in calls if k["insufficient"]), default=None)
        if of and of > len(calls):  # a call the auction does not have: check_counts says so
            continue
        target = calls[of - 1] if of else None
        if target is None or not target["insufficient"]:
            c.add(r.loc, f"replacement {r.id} replaces call {of or '?'}, which is not an insufficient bid"
                         " of the stated auction", "facts",
                  "state the auction with the insufficient bid, and 'of:' its number")
            continue
        if of < len(calls) and _accepted(target, calls[of]) and not refused(facts):
            continue  # its LHO called over it, no refusal told: accepted (27A1), a replacement told is none it had
        out.append(_fact(vocab, "substitution", f"substitution-{r.id}", r.loc, replacement=r.id, position=of,
                         offender=target["seat"], kind=_substitution_kind(r.get("call"), target["previous_bid"])))
    deem_changes(facts, calls, vocab)
    out += _call_changes(facts, calls, vocab, c)
    out += _auction_over(facts, calls, vocab)
    events = [f for f in facts if f.template == "event"]
    if events:
        check_events(events, c)  # a call number the auction lacks: check_counts
    return out
