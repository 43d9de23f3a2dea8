"""The auction as the table typed it: the calls as made, the director's arrival among them, and what followed.

Shape: ``as_found(facts) -> Story | None`` (pure) and ``state_story(facts, vocab)`` (fills ``facts``), both
called before the auction is read as a sequence (auction.py).  A director types every call the table made,
the calls after the irregularity and after he came included.  The laws rule on the auction as he found it;
what the players called afterwards, under his ruling (or, with no director, after the offender's LHO
refused an insufficient bid), is the continuation: it is never the acceptance of the irregular call, and
it gives only the contract the auction reached.

- The director's arrival is the first ``event`` ``director_called`` or ``director_ruled`` tied to a call
  (``after_call: k``): the auction as found is calls 1..k.
- An insufficient bid (call k) followed at once by a call of the same player, where the director came
  after it, its LHO's refusal is stated (a ``choice``) or the director states that call as its
  ``replacement``, is that bid's replacement (27B, 27C), not a
  change of call (25, 31C): it is stated as a ``replacement`` (filled into one the director began without
  its call), made before the director ruled (``premature``) where he came after a later call or a ``call_replaced``
  event places it before his ruling; the auction as found ends with the insufficient bid.
- After a call out of rotation at RHO's turn the director came after, the call of the player whose turn it
  was is the RHO's call of the findings about it (``after_call_out_of_rotation.rho_call``, 31A).
- Any other irregular call k the director came after, followed by its own player's call, is replaced by
  that call in the legal auction.
- A call its player replaced at once, told by an event ``call_replaced`` tied to it (``after_call: k``), with
  his new call typed next (a double taken back after a corrected explanation, 21B1(a)): the new call stands in
  its place in the legal auction and is no call out of rotation; the auction as found ends with call k.
- The legal auction is the calls with every call out of rotation that was not accepted left out (29B: the
  auction reverts to the player whose turn it was), each insufficient bid or other irregular call replaced
  by its replacement; where it ends, its contract and declarer (Law 22) are filled into the deal, with
  ``auction_ended``, unless the director stated them.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .. import values as V
from .infact import InFact

ARRIVAL = ("director_called", "director_ruled")
REFUSALS = {("insufficient_bid", "refuse"), ("call_out_of_rotation", "cancel_call")}


@dataclass(frozen=True)
class Story:
    found: str                 # the calls as the director found them (the auction the laws rule on)
    legal: str                 # the calls that stand, in order, every one in rotation
    replacement: tuple | None  # (call, of, premature): an insufficient bid's replacement typed as a call
    rho_call: tuple | None     # (of, call): after a call out of rotation at RHO's turn, the turn player's call
    substituted: tuple = ()    # (of, call): the irregular call and the offender's own call typed in its place


def _arrival(facts: list) -> int | None:
    """The call after which the director's ruling (or the LHO's refusal under him) came: the first
    ``director_ruled`` event tied to a call, or the first ``director_called`` where a refusal is stated.  A
    director called but not yet ruling leaves the LHO's call an acceptance (27A1, 29A: T03).  The refusal itself,
    where it is stated and tied to a call (an event ``choice_made``), ends the auction as found too: the players
    handled it before the director came (T04 (c))."""
    kinds = (*ARRIVAL, "choice_made") if refused(facts) else ("director_ruled",)
    events = [f for f in facts if f.template == "event" and f.get("kind") in kinds and f.get("after_call") is not None]
    if not events:
        return None
    return min(events, key=lambda f: (f.get("seq") or 0, f.get("after_call"))).get("after_call")


def _called(facts: list) -> int | None:
    """The call after which the director was first called or ruled (any event of his tied to a call)."""
    after = [f.get("after_call") for f in facts
             if f.template == "event" and f.get("kind") in ARRIVAL and f.get("after_call") is not None]
    return min(after, default=None)


def refused(facts: list) -> bool:
    """Whether the offender's LHO's refusal of the irregular call is stated (27A1, 29A)."""
    return any(f.template == "choice" and (f.get("option"), f.get("chosen")) in REFUSALS for f in facts)


def _stated(facts: list, of: int, call: str) -> bool:
    """Whether the director states a replacement of call ``of`` that is the call typed after it."""
    return any(f.template == "replacement" and f.get("of") in (None, of) and f.get("call") == call for f in facts)


def as_found(facts: list) -> Story | None:
    """The auction as the director found it, and the legal auction, where the typed calls go on past an
    irregularity the director came to (or an insufficient bid whose refusal is stated); None otherwise."""
    from .auction import read_calls
    auction = next((f for f in facts if f.template == "auction"), None)
    if auction is None or not auction.get("dealer") or not auction.get("calls"):
        return None
    items = str(auction.get("calls")).split()
    try:
        calls = read_calls(auction.get("dealer"), auction.get("calls"))
    except ValueError:
        return None
    arrival = _arrival(facts)
    if arrival is not None and not 1 <= arrival < len(items):
        arrival = None
    # the offender's own call at once after his insufficient bid: its replacement
    replaced = next((k for k in calls[:-1] if k["insufficient"] and calls[k["position"]]["seat"] == k["seat"]
                     and (arrival == k["position"] or (arrival is None or arrival > k["position"]) and refused(facts)
                          or _stated(facts, k["position"], calls[k["position"]]["call"]))),
                    None)
    own = _own_replacement(facts, calls) if replaced is None else None
    if replaced is None and arrival is None and own is None:
        return None
    end = replaced["position"] if replaced is not None else own if own is not None else arrival
    replacement = None
    legal_items = []
    substitute = {}  # call number -> the call that took its place
    chain = _changed(facts, calls, arrival) if replaced is None and own is None else {}
    if own is not None:
        substitute[own] = calls[own]["call"]
    elif replaced is not None:
        n = replaced["position"]
        replacement = (calls[n]["call"], n, arrival != n or _replaced_first(facts, n))
        substitute[n] = calls[n]["call"]
    elif chain:  # a change of call the director states, typed after he came, and the LHO's call typed again
        substitute.update(chain)
    elif calls[end - 1]["seat"] == calls[end]["seat"]:  # the offender's own call in place of his irregular one
        substitute[end] = calls[end]["call"]
    # each substitute's own typed place: at once after its call, or (a chain) the calls at once after the arrival
    skip = set(range(end + 1, end + 1 + len(chain))) if chain else {n + 1 for n in substitute}
    for k in calls:
        n = k["position"]
        if n in skip:
            continue
        if n in substitute:
            legal_items.append(substitute[n])
            continue
        nxt = calls[n] if n < len(calls) else None
        accepted = (nxt is not None and n != arrival and nxt["seat"] == V.lho_of(k["seat"])
                    and not nxt["out_of_rotation"])
        if k["out_of_rotation"] and not k["after_final_pass"] and not accepted:
            continue  # cancelled: the auction reverts to the player whose turn it was (29B)
        legal_items.append(k["call"])
    last, after = calls[end - 1], calls[end]
    rho_call = ((end, after["call"]) if last["out_of_rotation"] and last["at_turn_of"] == "rho"
                and after["seat"] == last["turn"] and replaced is None else None)
    # a chain stands for the change of call the director states: that finding stays (25A asks its questions)
    return Story(" ".join(items[:end]), " ".join(legal_items), replacement, rho_call,
                 () if chain else next(iter(substitute.items()), ()))


def _replaced_first(facts: list, n: int) -> bool:
    """Whether the events tell call n replaced before the director ruled: a ``call_replaced`` event tied to it
    placed before every ``director_ruled`` event (T22: the offender's pass on his insufficient bid, then the
    director's arrival, both after call n)."""
    events = [f for f in facts if f.template == "event"]
    mine = [f.get("seq") for f in events if f.get("kind") == "call_replaced" and f.get("after_call") in (None, n)]
    ruled = [f.get("seq") for f in events if f.get("kind") == "director_ruled"]
    return bool(mine) and all(s is not None for s in mine + ruled) and min(mine) < min(ruled, default=1000)


def _own_replacement(facts: list, calls: list) -> int | None:
    """A call its own player replaced at once, told by an event ``call_replaced`` tied to it (``after_call: m``,
    its ``player``) with the new call typed next by that player (a double taken back after a corrected
    explanation, 21B1(a)): call m, whose typed successor stands in its place; the auction as found ends with it.
    None otherwise (an insufficient bid's replacement is read before this)."""
    for f in facts:
        m = f.get("after_call") if f.template == "event" and f.get("kind") == "call_replaced" else None
        if m is not None and 1 <= m < len(calls) and calls[m - 1]["seat"] == calls[m]["seat"] \
                and f.get("player") in (None, calls[m - 1]["seat"]):
            return m
    return None


def _changed(facts: list, calls: list, arrival: int | None) -> dict:
    """A change of call the director states (``change_of_call: {of: m, call: c}``, 25A) of a call before the last
    he found, typed as a call at once after he came, by the player of call m: {m: c}; and where the next typed call is by the player of call m + 1
    (the LHO, who had called over call m: 25A6), his new call takes the place of that one too.  {} otherwise."""
    if arrival is None or arrival >= len(calls):
        return {}
    first = calls[arrival]  # the first call typed after the director came (calls are numbered from 1)
    m = next((f.get("of") for f in facts if f.template == "change_of_call" and f.get("of") is not None
              and f.get("of") < arrival and f.get("call") == first["call"]
              and calls[f.get("of") - 1]["seat"] == first["seat"]), None)
    if m is None:
        return {}
    out = {m: first["call"]}
    if arrival + 1 < len(calls) and calls[arrival + 1]["seat"] == calls[m]["seat"]:
        out[m + 1] = calls[arrival + 1]["call"]
    return out


def found_calls(facts: list, auction) -> str:
    """The calls the laws rule on: the auction as the director found it (as_found), else as stated."""
    story = as_found(facts)
    return story.found if story is not None else auction.get("calls")


def _premature(facts: list, vocab) -> None:
    """A replacement of an insufficient bid whose timing is not stated, where the director's first event is
    tied to a call: made before he ruled (27C) when he came after a later call, after it when he came at once."""
    called = _called(facts)
    if called is None or "replacement" not in vocab.templates or any(
            f.template == "event" and f.get("kind") == "call_replaced" for f in facts):
        return  # the replacement's own event places it (27C.replaced-before-ruling)
    from .auction import read_calls
    auction = next((f for f in facts if f.template == "auction"), None)
    try:
        calls = read_calls(auction.get("dealer"), auction.get("calls")) if auction is not None else []
    except (ValueError, AttributeError, TypeError, KeyError):  # no dealer, or calls not read: no timing found
        calls = []
    last = max((k["position"] for k in calls if k["insufficient"]), default=None)
    for i, f in enumerate(facts):
        of = f.get("of") or last if f.template == "replacement" else None
        if of is not None and f.get("premature") is None:
            facts[i] = replace(f, values=tuple((s, called > of if s == "premature" else v) for s, v in f.values))


def state_story(facts: list, vocab) -> None:
    """The replacement typed as a call and the contract of the legal auction, filled into ``facts``
    (as_found); the auction fact stays as typed (its calls are read with found_calls)."""
    story = as_found(facts)
    if story is None:
        _premature(facts, vocab)
        return
    from .auction import final_contract, read_calls
    old = next(f for f in facts if f.template == "auction")
    if story.replacement is not None and "replacement" in vocab.templates:
        call, of, premature = story.replacement
        fill = {"call": call, "of": of, "premature": premature}
        mine = [(i, f) for i, f in enumerate(facts) if f.template == "replacement"
                and f.get("of") in (None, of) and f.get("call") in (None, call)]
        slots = vocab.templates["replacement"].slots
        if not mine and not any(f.template == "replacement" and f.get("of") == of for f in facts):
            facts.append(InFact("replacement", f"replacement-{of}", tuple((s, fill.get(s)) for s in slots), old.loc))
        for i, f in mine[:1]:
            facts[i] = replace(f, values=tuple((s, fill.get(s) if v is None else v) for s, v in f.values))
    _premature(facts, vocab)
    if story.substituted:  # the call typed in place of the irregular one is no change of call (25, 31C), though
        # read before the director's arrival was known it looked like one; the director's own finding stays
        of, call = story.substituted
        facts[:] = [f for f in facts if not (f.template == "change_of_call" and f.get("of") == of
                                             and f.get("call") == call and f.get("unintended") is None)]
    if story.rho_call is not None:  # the RHO's call after the cancellation (31A), where the findings leave it out
        of, call = story.rho_call
        for i, f in enumerate(facts):
            if f.template == "after_call_out_of_rotation" and f.get("of") in (None, of) and f.get("rho_call") is None:
                facts[i] = replace(f, values=tuple((s, call if s == "rho_call" else v) for s, v in f.values))
    try:
        got = final_contract(read_calls(old.get("dealer"), story.legal)) if story.legal else None
    except (ValueError, KeyError):  # no dealer: the contract is not found from the calls
        got = None
    if got is None or "deal" not in vocab.templates:
        return
    contract, declarer = got
    fill = {"auction_ended": True}
    if contract:
        fill.update(contract=contract, declarer=declarer)
    slots = vocab.templates["deal"].slots
    i = next((i for i, f in enumerate(facts) if f.template == "deal"), None)
    if i is None:
        facts.append(InFact("deal", "deal", tuple((s, fill.get(s)) for s in slots), old.loc))
    else:
        d = facts[i]
        facts[i] = InFact(d.template, d.id, tuple((s, fill.get(s) if v is None else v) for s, v in d.values), d.loc)
