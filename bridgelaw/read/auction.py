"""The auction as a sequence, and the order of events: facts the engine derives once, while reading.

Shape: ``sequence_facts(facts, vocab, c) -> list[InFact]``, called by incident.py
on the facts an incident states.  From ``auction`` (dealer, the calls in order)
it derives one ``call`` fact per call: its number, who made it, whose turn it
was, the bid it had to beat, and whether it was insufficient, out of rotation,
after the final pass or above seven, with the lowest sufficient bid in its
denomination (values.py orders bids), who made the bid it had to beat and
whether that bid stood doubled or redoubled, by whom (so that productions
classify a double or redouble under Law 19), and whether it ended the auction.
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

# templates derived here, while an incident is read, from the template they are derived from
DERIVED_WHILE_READING = {"call": "auction", "substitution": "replacement", "call_change": "change_of_call"}
# templates that say nothing without the auction they refer to: picking one in the interview asks the auction too
READ_WITH = {"replacement": "auction", "change_of_call": "auction", "misstated_double": "auction"}


def _fact(vocab, template: str, fid: str, loc, **values):
    from .incident import InFact
    return InFact(template, fid, tuple((s, values.get(s)) for s in vocab.templates[template].slots), loc)


def read_calls(dealer: str, calls: str) -> list[dict]:
    """Each call of a canonical auction (values.coerce_calls) with what follows from its place."""
    out: list[dict] = []
    turn, last_bid, passes, ended, any_call = dealer, None, 0, False, False
    bid_by, standing, doubled_by = None, None, None  # the last bid's maker; undoubled/doubled/redoubled, by whom
    items = calls.split()
    for n, item in enumerate(items, 1):
        seat, _, call = item.rpartition(":")
        seat = seat or turn
        bid = V.is_bid(call)
        above = bid and V.bid_level(call) > 7
        insufficient = bid and not above and last_bid is not None and V.bid_rank(call) <= V.bid_rank(last_bid)
        out.append({
            "position": n, "seat": seat, "call": call, "turn": turn, "previous_bid": last_bid,
            "insufficient": insufficient, "out_of_rotation": seat != turn, "after_final_pass": ended,
            "above_seven": above,
            "lowest_sufficient": V.lowest_sufficient(V.bid_strain(call), last_bid) if insufficient else None,
            "bid_by": bid_by, "standing": standing, "doubled_by": doubled_by,
        })
        opponent = bid_by is not None and V.partner_of(seat) != bid_by and seat != bid_by
        if bid and not above:
            last_bid, bid_by, standing, doubled_by = call, seat, "undoubled", None
        elif call == "X" and opponent and standing == "undoubled":  # a double Law 19A1 permits
            standing, doubled_by = "doubled", seat
        elif (call == "XX" and standing == "doubled" and doubled_by is not None
              and seat not in (doubled_by, V.partner_of(doubled_by))):  # a redouble 19B1 permits
            standing = "redoubled"
        passes = passes + 1 if call == "P" else 0
        was_ended = ended
        ended = ended or (passes == 3 and any_call and call == "P") or passes == 4
        out[-1]["ends_auction"] = ended and not was_ended
        any_call = any_call or call != "P"
        turn = V.lho_of(seat)
    for this, nxt in zip(out, out[1:]):
        this["next_seat"] = nxt["seat"]
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


def check_events(events: list, n_calls: int | None, c: Collector) -> None:
    """Stated events must agree with their order: no two at one place, none before what precedes it."""
    seen: dict = {}
    latest = None  # (anchor, fact, words) of the latest-anchored event so far, in seq order
    for f in sorted((f for f in events if f.get("seq") is not None), key=lambda f: f.get("seq")):
        seq = f.get("seq")
        if seq in seen:
            c.add(f.loc, f"events {seen[seq].id} and {f.id} both have seq {seq}", "facts",
                  "give each event its own place in the order (seq 1, 2, 3...)")
        seen[seq] = f
        if n_calls is not None and (f.get("after_call") or 0) > n_calls:
            c.add(f.loc, f"event {f.id} is after call {f.get('after_call')}, but the auction has {n_calls} calls",
                  "facts", f"after_call: 0..{n_calls}")
        anchor, words = _anchor(f)
        if anchor is None:
            continue
        if latest and anchor < latest[0]:
            c.add(f.loc, f"the order of events contradicts itself: event {f.id} (seq {seq}, {words}) comes after"
                         f" event {latest[1].id} (seq {latest[1].get('seq')}, {latest[2]})", "facts",
                  "an event at an earlier call or trick must have a smaller seq")
        else:
            latest = (anchor, f, words)


def _call_changes(facts: list, calls: list[dict], vocab, c: Collector) -> list:
    """For each stated change of call (Law 25): who made the first call, and who has called since."""
    out = []
    for r in (f for f in facts if f.template == "change_of_call"):
        if r.get("call") is None or not calls or "call_change" not in vocab.templates:
            continue
        of = r.get("of") or len(calls)  # 'of' is required; not known: the last call
        if of > len(calls):
            c.add(r.loc, f"change of call {r.id} changes call {of}, but the auction has {len(calls)} calls", "facts",
                  f"of: 1..{len(calls)}")
            continue
        first, later = calls[of - 1], calls[of:]
        seat = first["seat"]
        partner_called = any(k["seat"] == V.partner_of(seat) for k in later)
        ended_at = next((k["position"] for k in calls[of - 1:] if k.get("ends_auction")), None)
        out.append(_fact(vocab, "call_change", f"call-change-{r.id}", r.loc, change=r.id, position=of, offender=seat,
                         partner_called=partner_called, lho_called=any(k["seat"] == V.lho_of(seat) for k in later),
                         auction_ended=ended_at is not None and not partner_called))
    return out


def sequence_facts(facts: list, vocab, c: Collector) -> list:
    """The call, substitution facts derived from the stated auction and replacements; events checked."""
    if "call" not in vocab.templates or "auction" not in vocab.templates:
        return []
    out: list = []
    auction = next((f for f in facts if f.template == "auction"), None)
    calls = []
    if auction is not None and auction.get("dealer") and auction.get("calls"):
        calls = read_calls(auction.get("dealer"), auction.get("calls"))
        out += [_fact(vocab, "call", f"call-{k['position']}", auction.loc, **k) for k in calls]
    for r in (f for f in facts if f.template == "replacement"):
        if r.get("call") is None or not calls:  # not yet stated: nothing to derive
            continue
        of = r.get("of") or max((k["position"] for k in calls if k["insufficient"]), default=None)
        target = calls[of - 1] if of and of <= len(calls) else None
        if target is None or not target["insufficient"]:
            c.add(r.loc, f"replacement {r.id} replaces call {of or '?'}, which is not an insufficient bid"
                         " of the stated auction", "facts",
                  "state the auction with the insufficient bid, and 'of:' its number")
            continue
        out.append(_fact(vocab, "substitution", f"substitution-{r.id}", r.loc, replacement=r.id, position=of,
                         offender=target["seat"], kind=_substitution_kind(r.get("call"), target["previous_bid"])))
    out += _call_changes(facts, calls, vocab, c)
    events = [f for f in facts if f.template == "event"]
    if events:
        check_events(events, len(calls) if auction is not None else None, c)
    return out
