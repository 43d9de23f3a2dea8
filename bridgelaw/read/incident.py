"""Incidents: the facts a director established at the table, checked against the vocabulary.

Shape: ``load_incident(path, vocabulary) -> Incident`` (read-only: the file is
never written).  An incident file has ``source`` (where the incident comes
from), optional ``title``/``description`` and ``facts``: template -> slot
values, or a list of them for a template marked ``many`` ("?" or null: not known,
which a required slot must at least say).  Raises
BridgelawError with file:line for an unknown template, slot or value, a value
of the wrong type (a contract like ``8S``, 14 tricks), a missing required slot,
a derived template, a fact ``id`` that is not a name, more facts of a template
than one board can hold (its ``max`` in the vocabulary: an incident describes
one board), or counts that contradict each other (more tricks claimed than
remained, more won before a claim than were played, the weights of an adjusted
score's outcomes not adding to 100), or one card in two hands.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..errors import Collector, Loc, suggest
from .. import values as V
from ..values import name_call, shown
from .auction import CALL_FINDINGS, calls_not_known, finding_calls, sequence_facts, stated_calls
from .infact import InFact  # noqa: F401 (the fact of an incident; its home is infact.py, read by auction.py too)
from .schemas import validate
from .slots import Vocabulary
from .yamlsafe import LocDict, LocList, load


NOT_KNOWN = "?"  # a slot's value in a file: stated, but not known (a required slot may say so)
FACT_ID = re.compile(r"^[^\W\d][\w-]{0,63}$")  # a name: a letter, then letters, digits, _ or -


@lru_cache(maxsize=8192)
def in_number_order(fid: str) -> tuple:
    """A fact id's place among its kind: 'revoke-10' after 'revoke-9', the numbers in it read as numbers (a sort
    key, worked out once per id: every ruling sorts its facts by it)."""
    return tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in _NUMBERS.split(fid))


_NUMBERS = re.compile(r"(\d+)")


@dataclass(frozen=True)
class Incident:
    """A named set of facts in canonical order (template order, then content)."""

    name: str
    facts: tuple
    source: str = ""
    title: str | dict = ""  # a title, or {ru, en}: how the ruling is headed in each language
    description: str = ""
    conflicts: tuple = ()  # (cards.Conflict, ...): what the director stated and the cards contradict
    claim_search: object = None  # () -> dd.ClaimLines: a claim's lines from the cards, searched on first need
    board: dict | None = None  # the cards as a face shows them (read/cards.py _board): hands, tricks; None without
    revoke_search: object = None  # () -> (dd.RevokeTricks, ...): 64C's double-dummy reference, found on first need
    stated: tuple = ()  # where a slot is not known: the facts as stated, before the auction was read (Facts.stated)
    ra: str = ""  # the Regulating Authority it is ruled under (regulations/NAME.yaml; read/regulations.py)
    as_of: str | None = None  # the day (YYYY-MM-DD) whose regulations and amendments apply

    @property
    def claim_lines(self):
        """A claim's worst and best lines from the cards (dd.ClaimLines, evidence only), or None: searched when the
        ruling first needs them, not when the incident is read (`check` and a load need no search)."""
        return self.claim_search() if self.claim_search is not None else None

    @property
    def revoke_tricks(self) -> tuple:
        """64C's reference for each revoke the cards show (dd.RevokeTricks, evidence only), () without cards."""
        return self.revoke_search() if self.revoke_search is not None else ()

    def titles(self) -> dict:
        """{ru, en}: the title in each language (a plain title reads alike in both); {} without one."""
        if isinstance(self.title, dict):
            return dict(self.title)
        return dict.fromkeys(("ru", "en"), self.title) if self.title else {}

    def templates(self) -> frozenset:
        """The templates the incident states facts of."""
        return frozenset(f.template for f in self.facts)

    def find(self, template: str) -> list[InFact]:
        return [f for f in self.facts if f.template == template]


def facts_from_data(data: Any, vocab: Vocabulary, file: str, c: Collector, where: Loc | None = None) -> list[InFact]:
    """Check and canonicalise a ``facts:`` mapping; problems go to ``c``."""
    out: list[InFact] = []
    if data is None:
        return out
    if not isinstance(data, dict):
        c.add(where or Loc(file), "facts: expected template: slot values")
        return out
    for tname, body in data.items():
        kloc = data.key_loc(tname) if isinstance(data, LocDict) else Loc(file)
        t = vocab.templates.get(tname)
        if t is None:
            c.add(kloc, f"unknown template '{tname}'", "facts", suggest(tname, vocab.templates, "the vocabulary"))
            continue
        if t.derived:
            c.add(kloc, f"{tname} is derived by the productions; an incident cannot state it", "facts",
                  "state the facts it is derived from instead")
            continue
        items = body if isinstance(body, list) else [body]
        if isinstance(body, list) and not t.many:
            c.add(kloc, f"{tname} takes one set of values, not a list", "facts",
                  f"only templates marked 'many' may hold several facts")
            continue
        if len(items) > t.max:
            c.add(kloc, f"{len(items)} facts of {tname}; one board holds at most {t.max}", "facts",
                  "an incident describes one board: split it into one incident per board")
            continue
        raw_facts = []
        for i, item in enumerate(items):
            iloc = body.loc_of(i) if isinstance(body, LocList) else (data.loc_of(tname) if isinstance(data, LocDict) else kloc)
            if item is None:
                item = {}
            if not isinstance(item, dict):
                c.add(iloc, f"{tname}: expected slot: value pairs, found {shown(item)}", "facts")
                continue
            vals, fid, wrong, possible = {}, None, set(), []
            for sname, raw in item.items():
                sloc = item.loc_of(sname) if isinstance(item, LocDict) else iloc
                if sname == "id":
                    if isinstance(raw, str) and FACT_ID.match(raw):
                        fid = raw
                    else:
                        c.add(sloc, f"{tname}: a fact's id is a name (a letter, then letters, digits, _ or -),"
                              f" found {shown(raw)}", "facts", "for example: id: r1")
                    continue
                slot = t.slots.get(sname)
                if slot is None:
                    c.add(item.key_loc(sname) if isinstance(item, LocDict) else iloc,
                          f"unknown slot '{sname}' in {tname}", "facts", suggest(sname, t.slots, tname))
                    continue
                if raw is None or raw == NOT_KNOWN:  # stated as not known: the slot stays unknown
                    vals[sname] = None
                    if not slot.several:
                        possible.append((sname, NOT_KNOWN))
                    continue
                form = partly_form(raw, slot, vocab) if slot.type != "calls" else \
                    calls_not_known(raw, _dealer(item.get("dealer"), t.slots.get("dealer")))
                if form is not None:  # known in part: a set of possibilities (explain/possible/)
                    if isinstance(form, str) and form.startswith("error:"):
                        wrong.add(sname)
                        c.add(sloc, f"{tname}.{sname}: {form[6:]}", "facts",
                              "write a value, \"?\" (not known) or a partly known value (knowledge/README.md)")
                    else:
                        vals[sname] = None
                        possible.append((sname, form))
                    continue
                try:
                    vals[sname] = slot.coerce(raw)
                except ValueError as e:
                    wrong.add(sname)  # given, and said wrong: not missing too
                    allowed = slot.allowed() if slot.type != "int" else []
                    c.add(sloc, f"{tname}.{sname}: {e}", "facts",
                          suggest(str(raw), allowed, f"{tname}.{sname}") if allowed else "")
            for sname, slot in t.slots.items():
                if slot.required and sname not in vals and sname not in wrong:
                    c.add(iloc, f"{tname}: required slot '{sname}' is missing", "facts",
                          f"{sname}: {slot.question['en'] if slot.question else ''}")
            raw_facts.append((fid, tuple((s, vals.get(s)) for s in t.slots), iloc, tuple(sorted(possible))))
        # a canonical order whatever the file's, numbers read as numbers (the revoke on trick 2 before trick 10)
        raw_facts.sort(key=lambda x: (in_number_order(x[0] or ""), in_number_order(repr(x[1])), repr(x[3])))
        for n, (fid, values, iloc, possible) in enumerate(raw_facts, 1):
            fid = fid or (tname if not t.many else f"{tname}-{n}")
            out.append(InFact(tname, fid, values, iloc, possible))
    stated = tuple(out)  # what explain/possible/ reads again, class by class, where a slot is not known
    out += sequence_facts(out, vocab, c)  # the auction as a sequence; events in order (auction.py)
    ids = {}
    for f in out:
        if f.id in ids:
            c.add(f.loc, f"two facts are named '{f.id}'", "facts", "give each fact of a 'many' template its own id")
        ids[f.id] = f
    out.sort(key=lambda f: (vocab.templates[f.template].order, in_number_order(f.id)))
    return Facts(out, stated)


class Facts(list):
    """The facts of an incident, and where some are not known, the facts as stated before the auction was read
    from them (``stated``): explain/possible/ reads the auction again under each possibility."""

    def __init__(self, items=(), stated: tuple = ()):
        super().__init__(items)
        self.stated = stated


# The slots the auction's reader (read/auction.py, read/story.py: sequence_facts) reads, fills or derives: every
# slot of these templates, and of the deal those three: a value given to any other slot leaves what it reads as it
# was (explain/possible/ gives such a value without reading the auction again; tests/test_not_known_reads.py
# checks it on every incident and case, and that the reader names no other template or deal slot).
READ_BY_READER = frozenset({"auction", "call", "event", "choice", "replacement", "change_of_call", "simultaneous_call",
                            "after_call_out_of_rotation", "substitution", "auction_over", "call_change", *CALL_FINDINGS})
DEAL_READ = frozenset({"declarer", "contract", "auction_ended"})


def read_by_reader(template: str | None, slot: str) -> bool:
    """Whether the auction's reader reads or fills ``template.slot`` (READ_BY_READER, DEAL_READ)."""
    return template in READ_BY_READER or template == "deal" and slot in DEAL_READ


def read_again(stated: list, vocab: Vocabulary) -> list:
    """The facts stated (``Facts.stated``, values given) with the auction read from them again."""
    out = list(stated)
    out += sequence_facts(out, vocab, Collector())
    out.sort(key=lambda f: (vocab.templates[f.template].order, in_number_order(f.id)))
    return out


def _dealer(raw, slot):
    """The dealer an auction states, read (None where not stated, not known or not a seat)."""
    try:
        return slot.coerce(raw) if slot is not None and raw not in (None, NOT_KNOWN) else None
    except ValueError:
        return None


def partly_form(raw, slot, vocab: Vocabulary):
    """A value known in part, as written, in the form explain/possible/ reads; None where ``raw`` is not one
    (a plain value), "error: ..." where it is one written wrong.  Forms: a name the vocabulary declares for the
    slot's type (``defender``) -> ("name", name); ``{one_of: [...]}`` -> ("one_of", values); a fact the two sides
    tell differently (Law 85) ``{versions: {NS: a, EW: b}}`` -> ("versions", ((side, value), ...)); a number's
    ``{at_least: a, at_most: b}`` -> ("range", a, b); a card's ``{suit: C, rank: spot}`` -> ("card", suit, ranks)."""
    forms = vocab.partly_known.get(slot.type, {})
    if isinstance(raw, str) and raw in forms:
        return ("name", raw)
    if not isinstance(raw, dict) or slot.several:
        return None
    keys = set(raw)
    try:
        if keys == {"versions"} and isinstance(raw["versions"], dict):  # told two ways (85): each side's version
            told = []
            for side, v in raw["versions"].items():
                if str(side).upper() not in V.SIDES:
                    return f"error:a version is told by a side (NS or EW), found {side!r}"
                told.append((str(side).upper(), slot.coerce(v)))
            if len(told) < 2 or len({v for _, v in told}) < 2:
                return "error:versions need the two sides' different values ({versions: {NS: ..., EW: ...}})"
            return ("versions", tuple(sorted(told)))
        if keys == {"one_of"} and isinstance(raw["one_of"], list) and raw["one_of"]:
            return ("one_of", tuple(sorted({slot.coerce(v) for v in raw["one_of"]}, key=repr)))
        if slot.type == "int" and keys and keys <= {"at_least", "at_most"}:
            low, high = slot.coerce(raw.get("at_least", slot.min or 0)), slot.coerce(raw.get("at_most", slot.max or 13))
            return ("range", low, high) if low <= high else f"error:at_least {low} is over at_most {high}"
        if slot.type == "card" and keys and keys <= {"suit", "rank"}:
            suit = raw.get("suit")
            if suit is not None:
                suit = V.NAMES.get(str(suit).upper(), str(suit).upper())
                if suit not in V.SUITS:
                    return f"error:suit {raw['suit']!r} is not a suit (S H D C)"
            rank = raw.get("rank")
            ranks = None
            if isinstance(rank, str) and rank in forms and forms[rank].ranks:
                ranks = forms[rank].ranks
            elif rank is not None:
                ranks = tuple("10" if str(r).upper() == "T" else str(r).upper()
                              for r in (rank if isinstance(rank, list) else [rank]))
                if not set(ranks) <= set(V.RANKS):
                    return f"error:rank {rank!r} is not a rank ({' '.join(V.RANKS)}) nor a name of ranks"
            return ("card", suit, ranks)
    except ValueError as e:
        return f"error:{e}"
    return f"error:a partly known value is {{one_of: [...]}}" + (", {at_least: n, at_most: m}" if slot.type == "int"
                                                                  else ", {suit: S, rank: honour}" if slot.type == "card"
                                                                  else "") + (f" or one of {', '.join(forms)}" if forms else "")


# The slots that name a call of the stated auction by its number, each with the lowest number it takes (0: before
# the first call; a simultaneous call is at least the second).
CALL_NUMBERS = {("change_of_call", "of"): 1, ("misstated_double", "of"): 1, ("replacement", "of"): 1,
                ("simultaneous_call", "position"): 2, ("event", "after_call"): 0, ("pass_obligation", "after_call"): 0,
                **{(t, slot): 1 for t, slot in CALL_FINDINGS.items()}}


def check_counts(facts: list[InFact], c: Collector, complete: bool = True) -> None:
    """Counts in a file that cannot stand together (the board's result needs them right): a claim of more
    tricks than remain, or an award (70A) of more; more tricks won before a claim than were played before it; weights not adding to 100
    (``complete`` false, in an interview: only once every outcome of the side has its weight); a call named by its
    number (CALL_NUMBERS) that the auction stated does not have; a finding about one call (CALL_FINDINGS) that
    names no call the auction has for it, or (``complete``: not while an interview has still to ask) none where
    there are several, or that another finding names too."""
    check_call_numbers(facts, c)
    check_findings(facts, c, complete)
    claims = [f for f in facts if f.template == "claim" and f.get("tricks_remaining") is not None]
    for f in claims:
        r, n = f.get("tricks_remaining"), f.get("tricks_claimed")
        if n is not None and n > r:
            c.add(f.loc, f"claim.tricks_claimed: {n} tricks claimed, but only {r} remained", "facts",
                  f"tricks_claimed is at most tricks_remaining ({r})")
        w = f.get("tricks_to_claimer")
        if w is not None and w > r:
            c.add(f.loc, f"claim.tricks_to_claimer: {w} tricks to the claimer's side, but only {r} remained", "facts",
                  f"tricks_to_claimer is at most tricks_remaining ({r})")
    every = [f for f in facts if f.template == "adjusted_outcome"]
    for side in sorted({f.get("for_side") for f in every} - {None}) or [None]:  # each side its own (82C)
        outcomes = [f for f in every if f.get("for_side") in (side, None)]
        weights = [f.get("weight") or (100 if len(outcomes) == 1 else 0) for f in outcomes]
        pending = not complete and len(outcomes) > 1 and any(f.get("weight") is None for f in outcomes)
        if outcomes and sum(weights) != 100 and not pending:
            whose = f" for {side}" if side else ""
            c.add(outcomes[0].loc, f"adjusted_outcome.weight: the weights{whose} add to {sum(weights)}, not 100",
                  "facts", "give every outcome of a weighted score (12C1(c)) its weight in percent, 100 in all"
                           + (" for each side" if side else ""))
    for d in (f for f in facts if f.template == "deal" and f.get("declarer_tricks") is not None):
        won = d.get("declarer_tricks")
        for f in claims:
            played = 13 - f.get("tricks_remaining")
            if won > played:
                c.add(d.loc, f"deal.declarer_tricks: {won} tricks won before the claim, but only {played} were"
                             f" played", "facts", f"declarer_tricks counts the tricks before the claim: 0 to {played}")


def check_call_numbers(facts: list[InFact], c: Collector) -> None:
    """A call named by its number (CALL_NUMBERS) must be one of the calls the auction states (part of
    check_counts; on its own where facts are given as a mapping, incident_from_facts)."""
    auction = next((f for f in facts if f.template == "auction" and f.get("calls")), None)
    if auction is None:
        return
    n = len(str(auction.get("calls")).split())
    for f in facts:
        for (template, slot), lowest in CALL_NUMBERS.items():
            k = f.get(slot) if f.template == template else None
            if isinstance(k, int) and k > n:
                c.add(f.loc, f"{template}.{slot}: call {k}, but the auction stated has {n} calls", "facts",
                      f"{slot}: {lowest}..{n}, a call of the auction (1: the dealer's first call)")


def check_findings(facts: list[InFact], c: Collector, complete: bool = True) -> None:
    """Each finding about one call of several (CALL_FINDINGS) names one call it can be about, its own: part of
    check_counts.  A file without the slot is read where the auction has one such call (auction.py fills it).
    A replacement of an insufficient bid names the one it replaces where the auction has several."""
    findings = [f for f in facts if f.template in CALL_FINDINGS]
    replacements = [f for f in facts if f.template == "replacement" and f.get("of") is None]
    calls = stated_calls(facts) if findings or replacements else []
    if not calls:
        return
    insufficient = [k for k in calls if k["insufficient"]]
    if complete and len(insufficient) > 1:  # a replacement (27B) names the insufficient bid it replaces
        for f in replacements:
            c.add(f.loc, f"replacement: 'of:' is missing, and the auction has {len(insufficient)} insufficient bids: "
                         + ", ".join(name_call(k["seat"], k["call"], k["position"], "en") for k in insufficient),
                  "facts", "of: the number of the insufficient bid it replaces")
    named: dict = {}
    for f in findings:
        slot = CALL_FINDINGS[f.template]
        about = finding_calls(f.template, calls)
        allowed = ", ".join(name_call(k["seat"], k["call"], k["position"], "en") for k in about)
        k = f.get(slot)
        if k is None:  # read.auction has filled it where one call is left for it
            if complete and len(about) > 1:
                c.add(f.loc, f"{f.template}: '{slot}:' is missing, and the auction has {len(about)} calls it can be"
                             f" about: {allowed}", "facts",
                      f"say which call these findings are about ({slot}: its number), one {f.template} per call")
            continue
        if k > len(calls):  # a call the auction does not have: check_call_numbers says so
            continue
        if k not in {a["position"] for a in about}:
            this = calls[k - 1]
            c.add(f.loc, f"{f.template}.{slot}: {name_call(this['seat'], this['call'], k, 'en')} is not a call"
                         f" these findings can be about", "facts",
                  f"{slot}: the number of one of {allowed}" if about else
                  f"the auction stated has no call these findings can be about: state it as it was made")
        elif (f.template, k) in named:
            c.add(f.loc, f"{f.template}.{slot}: call {k} has two sets of findings ({named[f.template, k]} and {f.id})",
                  "facts", f"one {f.template} per call: join them into one")
        else:
            named[f.template, k] = f.id


def check_cards(facts: list[InFact], vocab: Vocabulary, c: Collector) -> None:
    """A card no table could produce: one card in two hands (a fact's card slots belong to its ``player``:
    a card played, withdrawn, exposed or a penalty card of North cannot also be East's)."""
    held: dict = {}
    for f in facts:
        t = vocab.templates[f.template]
        player = f.get("player") if "player" in t.slots and t.slots["player"].type == "seat" else None
        if player is None:
            continue
        for sname, slot in t.slots.items():
            card = f.get(sname) if slot.type == "card" else None
            if card is None:
                continue
            other = held.setdefault(card, (player, f))
            if other[0] != player:
                c.add(f.loc, f"{f.template}.{sname}: {card} is in two hands: {other[0]}'s in {other[1].id}"
                             f" and {player}'s in {f.id}", "facts",
                      "a card belongs to one hand: check whose card it is")


def load_incident(path: str | Path, vocab: Vocabulary, display: str | None = None,
                  board: tuple | None = None) -> Incident:
    """Load and check an incident file; BridgelawError lists every mistake with file:line.  ``board``:
    (a PBN or LIN file, its display name, the board's number or None) giving the cards of an incident that
    has no ``cards:`` of its own or names the same board (``bridgelaw rule board.pbn --incident notes.yaml``)."""
    name = display or str(path)
    data = load(path, name)
    c = Collector()
    if not isinstance(data, LocDict):
        c.add(Loc(name, 1, 1), "an incident is a mapping: source, facts")
        c.raise_if_any()
    c.problems.extend(validate("incident", data, name))
    c.raise_if_any()
    cards = data.get("cards")
    if board is not None:
        from .cards import board_cards
        cards = board_cards(board, cards, name, c)
        c.raise_if_any()
    stated, conflicts, evidence = data["facts"], (), {}
    if cards is not None:  # the deal and its play: what they show is stated for the director (read/cards.py)
        stated, conflicts, evidence = _with_cards(data["facts"], cards, name, c)
        c.raise_if_any()
    facts = facts_from_data(stated, vocab, name, c, data.loc_of("facts"))
    check_counts(facts, c)
    check_cards(facts, vocab, c)
    c.raise_if_any()
    return Incident(name=name, facts=tuple(facts), stated=facts.stated, source=data.get("source") or "",
                    title=data.get("title") or "",
                    description=data.get("description") or "", conflicts=conflicts, ra=str(data.get("ra") or ""),
                    as_of=_day(data, name, c), **evidence)


def _day(data, name: str, c: Collector) -> str | None:
    """The incident's ``as_of:`` day, checked (YYYY-MM-DD)."""
    from .regulations import valid_date
    day = data.get("as_of")
    if day is not None and not valid_date(day):
        c.add(data.loc_of("as_of"), f"as_of: expected a date YYYY-MM-DD, such as 2017-06-01; found {day!r}")
        c.raise_if_any()
    return str(day) if day is not None else None


def _with_cards(facts, cards, file: str, c: Collector) -> tuple[dict, tuple, dict]:
    """The stated facts with what the cards show added where the director said nothing; a slot stated
    otherwise than the cards show is left open (and listed), never overruled either way; the search of a
    claim's lines by double dummy (read/dd.py, run on first need), 64C's reference for the revokes, and the
    board as a face shows it (the Incident's claim_search, revoke_search and board)."""
    from .cards import Conflict, card_facts
    deal = dict(facts.get("deal") or {}) if isinstance(facts, dict) else {}
    shown = card_facts(cards, facts, file, c)
    merged, conflicts = dict(facts), []

    def put(template: str, fid: str, stated: dict, values: dict, loc) -> dict:
        out = dict(stated)
        for slot, v in values.items():
            if v is None:
                continue
            if slot not in stated or stated[slot] is None or stated[slot] == NOT_KNOWN:
                out[slot] = v  # said nothing, or said he did not know: the cards show it
            elif stated[slot] != v:
                conflicts.append(Conflict(template, fid, slot, stated[slot], v, loc))
                del out[slot]
        return out

    if shown.get("deal"):
        merged["deal"] = put("deal", "deal", deal, shown["deal"], facts.loc_of("deal") if isinstance(facts, LocDict) and "deal" in facts else None)
    for template in ("revoke", "defective_trick"):  # many a board: matched to the stated ones by offender and trick
        if not shown.get(template):
            continue
        stated = list(facts.get(template) or [])
        out = []
        for r in shown[template]:
            match = next((j for j, s in enumerate(stated) if s is not None
                          and s.get("offender") in (None, NOT_KNOWN, r["offender"])
                          and s.get("trick") in (None, NOT_KNOWN, r["trick"])),
                         None)  # (no offender yet: a fact the interview has opened, matched in order)
            if match is None:
                out.append(dict(r))
                continue
            s = stated[match]
            stated[match] = None
            out.append(put(template, f"{template}-{len(out) + 1}", s, r, getattr(s, "loc", None)))
        out += [dict(s) for s in stated if s is not None]  # stated facts the cards do not show stay stated
        merged[template] = out
    if shown.get("trick_arrangement"):
        stated = facts["trick_arrangement"]
        merged["trick_arrangement"] = put("trick_arrangement", "trick_arrangement", stated,
                                          shown["trick_arrangement"], getattr(stated, "loc", None))
    for template in ("claim", "auction"):
        if shown.get(template):
            stated = facts[template]
            merged[template] = put(template, template, stated, shown[template], getattr(stated, "loc", None))
    return merged, tuple(conflicts), {"claim_search": shown.get("claim_lines"),
                                      "revoke_search": shown.get("revoke_tricks"), "board": shown.get("board")}


def incident_from_facts(name: str, data: dict, vocab: Vocabulary, file: str = "<facts>",
                        cards: dict | None = None) -> Incident:
    """An Incident from a plain ``facts`` mapping (cases, the interview, the web API), with the ``cards`` a
    director pasted ({"text": PBN or LIN}) where given; BridgelawError on mistakes."""
    c = Collector()
    conflicts, evidence = (), {}
    if cards:
        data, conflicts, evidence = _with_cards(data, _located(cards, file), file, c)
        c.raise_if_any()
    facts = facts_from_data(data, vocab, file, c)
    check_call_numbers(facts, c)
    c.raise_if_any()
    return Incident(name=name, facts=tuple(facts), conflicts=conflicts, stated=facts.stated, **evidence)


def _located(data: dict, file: str) -> LocDict:
    """A plain mapping as the readers take it (every place the file itself)."""
    out = LocDict(data)
    out.loc, out.key_locs, out.value_locs = Loc(file), {}, {}
    return out


def incident_text(facts: dict, source: str, title: str | dict = "", description: str = "",
                  cards: dict | None = None) -> str:
    """The text of an incident file stating ``facts`` (template -> slot values, a list for 'many'), and the
    ``cards`` given (a deal pasted into the interview: ``{text: ...}``)."""
    from .yamlsafe import dumps
    data: dict = {"source": source}
    if title:
        data["title"] = title
    if description:
        data["description"] = description
    data["facts"] = facts
    if cards:
        data["cards"] = cards
    return dumps(data)
