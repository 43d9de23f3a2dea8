"""The ruling as JSON: one shape for `bridgelaw rule --json` and the web API, and its JSON Schema.

``ruling_json(ruling) -> dict`` is the only serializer of a Ruling; ``SCHEMA``
(JSON Schema 2020-12) documents every field it writes, and ``bridgelaw
schemas`` publishes it as schemas/ruling.schema.json.  ``VERSION`` is the
shape's version: adding a field keeps it; removing a field or changing what
one means bumps it.  ``result`` is the board's result (explain/result.py);
``not_encoded`` the laws the incident reaches that are not encoded yet; ``conflicts`` the stated facts the cards
contradict; ``claim_lines`` a claim's worst and best lines by double dummy (evidence only); ``revoke_tricks``
64C's double-dummy reference for each revoke the cards show (evidence only); ``board`` the cards given (the hands
and the tricks, for a face to show); an element's ``options``
its choices and what follows from each, its ``when`` the possibilities it holds under where something is
not known (a slot "?", a slot left out that a production waits on, a choice not yet made: one mechanism,
explain/possible/; version 2 took away the element's ``provisional`` mark it replaces).  Every field is always present, null or empty where it does not apply.  The schema uses no
``$ref``, so the web API can embed it whole in its OpenAPI document.
"""
from __future__ import annotations

import copy
from typing import Any

VERSION = 2
FILE = "ruling.schema.json"


def ruling_json(ruling) -> dict:
    """The JSON form of a Ruling (explain/ruling.py), exactly as SCHEMA describes it."""
    return {
        "version": VERSION,
        "incident": ruling.incident,
        "announcement": {"say": dict(ruling.announcement), "result": dict(ruling.outcome)} if ruling.announcement
        else None,
        "decisive": ruling.decisive,
        "result": _result(ruling.result) if ruling.result else None,
        "elements": [_element(e) for e in ruling.elements],
        "open_questions": [_question(q) for q in ruling.open_questions],
        "how": [_firing(f) for f in ruling.firings],
        "not_encoded": [{"cite": n.cite, "title": dict(n.title), "text": dict(n.text)} for n in ruling.not_encoded],
        "conflicts": [{**x, "text": dict(x["text"])} for x in ruling.conflicts],
        "claim_lines": _claim_lines(ruling.claim_lines),
        "revoke_tricks": [{**r, "by_card": [list(x) for x in r["by_card"]],
                           "text": {k: list(v) for k, v in r["text"].items()}} for r in ruling.revoke_tricks],
        "board": ruling.board,
        "possible": ruling.possible,
        "regulations": ruling.regulations,
        "amendments": ruling.amendments,
    }


def _claim_lines(x: dict | None) -> dict | None:
    if x is None:
        return None
    return {**{k: v for k, v in x.items() if k != "text"}, "worst_line": [list(p) for p in x["worst_line"]],
            "best_line": [list(p) for p in x["best_line"]], "text": {k: list(v) for k, v in x["text"].items()}}


def _element(e) -> dict:
    return {"kind": e.kind, "label": dict(e.label), "args": dict(e.args), "cite": e.cite, "production": e.production,
            "text": dict(e.text), "about": e.about, "how": list(e.how), "options": _options(e.options),
            "when": e.when, "past": e.past}


def _options(options: dict | None) -> dict | None:
    if not options:
        return None
    return {"chooser": options["chooser"],
            "choices": [{"value": ch["value"], "label": dict(ch["label"]),
                         "consequences": [{"kind": c["kind"], "args": dict(c["args"]), "cite": c["cite"],
                                           "text": dict(c["text"]), "options": _options(c.get("options"))}
                                          for c in ch["consequences"]]}
                        for ch in options["choices"]]}


def _result(r) -> dict:
    return {"status": r.status, "text": dict(r.text), "contract": r.contract, "declarer": r.declarer,
            "tricks": r.tricks, "table_tricks": r.table_tricks, "made": r.made,
            "score": dict(r.score) if r.score else None,
            "steps": [{"cite": s["cite"], "tricks": s["tricks"], "text": dict(s["text"])} for s in r.steps],
            "notes": [dict(n) for n in r.notes], "missing": list(r.missing),
            "provisional": _provisional(r.provisional),
            "outcomes": [{"weight": o["weight"], "for_side": o.get("for_side"), "contract": o["contract"],
                          "declarer": o["declarer"],
                          "tricks": o["tricks"], "made": o["made"], "score": dict(o["score"]) if o["score"] else None,
                          "text": dict(o["text"])} for o in r.outcomes],
            "imps": dict(r.imps) if r.imps else None,
            "artificial": {k: dict(v) for k, v in r.artificial.items()} if r.artificial else None}


def _provisional(p: dict | None) -> dict | None:
    return None if p is None else {"fact": p["fact"], "slot": p["slot"], "question": dict(p["question"]),
                                   "would_change": dict(p["would_change"]), "option": None, "chooser": None}


def _why(w: dict) -> dict:
    return {"production": w["production"], "cite": w["cite"], "summary": dict(w["summary"])}


def _question(q) -> dict:
    return {"fact": q.fact, "template": q.template, "slot": q.slot, "about": q.about, "question": dict(q.question),
            "judgment": q.judgment, "why": [_why(w) for w in q.why]}


def _firing(f) -> dict:
    return {"n": f.n, "production": f.production, "cite": f.cite, "summary": dict(f.summary),
            "facts": [{"template": u.template, "id": u.id, "slots": dict(u.slots), "text": dict(u.text)}
                      for u in f.facts],
            "derived": list(f.derived), "rests_on": list(f.rests_on)}


# -- the schema: every field above, described -------------------------------------------------------------------

def _obj(description: str, props: dict) -> dict:
    """An object with exactly these fields, all of them always present."""
    return {"type": "object", "description": description, "properties": props,
            "required": list(props), "additionalProperties": False}


def _texts(description: str) -> dict:
    return _obj(description + " In Russian and English.", {"ru": {"type": "string"}, "en": {"type": "string"}})


def _str(description: str) -> dict:
    return {"type": "string", "description": description}


def _list(description: str, items: dict) -> dict:
    return {"type": "array", "description": description, "items": items}


def _or_null(schema: dict) -> dict:
    return {"anyOf": [schema, {"type": "null"}], "description": schema.pop("description")}


SCALAR = {"type": ["string", "integer", "boolean", "null"]}
CITE = _str("A 2017 law subsection, e.g. 64A2, 68D2(a), 12C1(c).")
PRODUCTION = _str("The production (knowledge/law-NN.yaml) that fired, e.g. 64A2.later-trick-won: "
                  "its citation, a dot, a slug.")
SEAT = {"enum": ["N", "E", "S", "W"], "description": "A seat: N, E, S or W."}
SIDE = {"enum": ["NS", "EW"], "description": "A side: NS or EW."}
FIRING_N = {"type": "integer", "minimum": 1, "description": "A firing's number (how[].n)."}
WHY = _obj("A production waiting on the fact, with its law.", {
    "production": PRODUCTION, "cite": CITE, "summary": _texts("What the production says.")})
PROVISIONAL = _or_null(_obj(
    "Null when final.  Otherwise the open question whose answer would remove or change this part of the ruling"
    " (the first, when several could; on the result, what would change it).", {
        "fact": _str("The id of the fact not yet known."),
        "slot": _str("Its slot not yet known."),
        "question": _texts("The question that decides it."),
        "would_change": _texts("What the answer would change, e.g. 'unless the revoke was on trick 12: then no"
                               " transfer (64B6)'."),
        "option": _or_null(_str("Null unless a choice still to be made would change it: then the option on offer"
                                " (an option element's name, e.g. insufficient_bid), its `question` the choice's.")),
        "chooser": _or_null({"anyOf": [SEAT, SIDE, _str("A role, e.g. offender_lho.")],
                             "description": "With `option`: who makes the choice, a seat, a side or a role."})}))
def _options_schema(consequence: dict, description: str) -> dict:
    return _or_null(_obj(description, {
        "chooser": {"anyOf": [SEAT, SIDE, _str("A role, e.g. declarer, non_offending_side.")],
                    "description": "Who chooses: a seat, a side or a role."},
        "choices": _list("The choices, each with what follows from it.", _obj("One choice.", {
            "value": _str("The choice's name, as a later fact states it."),
            "label": _texts("The choice as the director reads it to the chooser."),
            "consequences": _list("What follows if it is chosen.", consequence)}))}))


def _consequence(options: dict) -> dict:
    return _obj("What follows from a choice: a ruling element, and the choice it offers in turn, if any.", {
        "kind": _str("The element's kind (facts/vocabulary/, elements)."),
        "args": {"type": "object", "additionalProperties": SCALAR, "description": "The element's arguments."},
        "cite": CITE,
        "text": _texts("The consequence as a director reads it."),
        "options": options})


NESTED = "the choice this consequence offers in turn (a choice nested under a choice: knowledge/README.md, Choices)"
CONSEQUENCE = _consequence(_options_schema(_consequence(_options_schema(_consequence(
    {"type": "null", "description": "Null: no deeper choice."}), NESTED)), NESTED))
OPTIONS = _options_schema(CONSEQUENCE,
    "Null unless the element offers a choice.  Otherwise who chooses and each choice with its consequences"
    " (an option element that lists its choices: knowledge/README.md, Choices; one that does not says the"
    " choice in prose in its text).")
POSSIBLE_SLOT = {"fact": _str("The id of the fact."), "template": _str("The fact's template."),
                 "slot": _str("The slot stated not known, or known in part.")}
WHEN = _or_null(_obj(
    "Under which possibilities of what the director does not know (a slot stated \"?\" or known in part, a slot"
    " left out that the ruling waits on, a choice not yet made) the element holds (explain/possible/): null"
    " where it holds whatever they are.", {
        "text": _texts("The condition as the ruling says it, e.g. 'if offender (revoke) is East or West'."),
        "cases": _list("The condition: any one of these ways, each a list of slots and the values it needs.",
                       {"type": "array", "items": _obj("A slot not known and the values it needs here.", {
                           **POSSIBLE_SLOT, "values": _list("The values.", SCALAR)})})}))
POSSIBLE = _or_null(_obj(
    "What the director does not know, ruled under each possibility that matters (explain/possible/): null where"
    " every slot is known.", {
        "slots": _list("Each slot split, with the classes its values fall into (values the productions' tests"
                       " cannot tell apart are one class).", _obj("A slot split.", {
                           **POSSIBLE_SLOT, "left_out": {"type": "boolean", "description": "True where the incident left"
                           " the slot out and a production waits on it (an exception or an 'unless' that could still"
                           " apply): split as '?' is."}, "classes": _list("Its classes.", _obj("A class.", {
                               "values": _list("The values.", SCALAR), "text": _texts("The class in words.")}))})),
        "combinations": {"type": "integer", "minimum": 1, "description": "How many combinations were ruled."},
        "bounded": _list("Slots left not known once the bound on combinations was reached (the ruling says so).",
                         _obj("A slot left not known.", POSSIBLE_SLOT)),
        "limit": {"type": "integer", "description": "The bound on combinations ruled for one incident."}}))
ELEMENT = _obj("One element of the ruling: what happens now, with the law it rests on and how it was reached.", {
    "kind": _str("The element's kind (facts/vocabulary/, elements), e.g. transfer_tricks, option, instruction."),
    "label": _texts("The kind's name."),
    "args": {"type": "object", "additionalProperties": SCALAR,
             "description": "The kind's arguments (facts/vocabulary/ says which), e.g. {count: 1, from_side: EW,"
                            " to_side: NS}; seats and sides as N/E/S/W and NS/EW."},
    "cite": CITE,
    "production": PRODUCTION,
    "text": _texts("The element as a director reads it."),
    "about": _str("The id of the fact it is about when the incident holds several of its kind (two revokes);"
                  " empty otherwise."),
    "how": _list("The firings it rests on (how[].n), the one that produced it last; empty for a director_judgment"
                 " element, which an open question produced.", FIRING_N),
    "options": OPTIONS,
    "when": WHEN,
    "past": {"type": "boolean", "description": "Its moment has passed when the director rules (68D's 'play is"
                                               " suspended' once the claim is settled): not printed."}})
QUESTION = _obj("A fact not yet known that could change the ruling, and WHY: the productions waiting on it.", {
    "fact": _str("The id of the fact (e.g. revoke-1), or the template's name when no such fact was stated."),
    "template": _str("The fact's template (facts/vocabulary/)."),
    "slot": _str("The slot not yet known."),
    "about": _str("The fact's id when the incident holds several of its kind; empty otherwise."),
    "question": _texts("The question to ask."),
    "judgment": {"type": "boolean", "description": "Whether it is the director's bridge judgment (then the ruling"
                                                   " also holds a director_judgment element for it)."},
    "why": _list("WHY: the productions waiting on the answer.", WHY)})
FIRING = _obj("One production firing, numbered from 1 in firing order.", {
    "n": FIRING_N,
    "production": PRODUCTION,
    "cite": CITE,
    "summary": _texts("What the production says."),
    "facts": _list("The facts it matched, in the order of its conditions.", _obj("A fact a firing matched.", {
        "template": _str("The fact's template."),
        "id": _str("The fact's id."),
        "slots": {"type": "object", "description": "The slot values its conditions tested.",
                  "additionalProperties": {"anyOf": [SCALAR, {"type": "array", "items": SCALAR}]}},
        "text": {"type": "object", "description": "The fact as a director reads it, in Russian and English.",
                 "properties": {"ru": {"type": "string"}, "en": {"type": "string"}},
                 "additionalProperties": False}})),
    "derived": _list("The facts it derived, as template(subject).", {"type": "string"}),
    "rests_on": _list("The earlier firings that derived facts it used.", FIRING_N)})

ARTIFICIAL_SIDE = _obj("One side's artificial score.", {
    "grade": {"enum": ["average_plus", "average", "average_minus"], "description": "By its share of fault."},
    "percent": {"type": ["integer", "null"], "description": "At pairs: 60, 50 or 40 (12C2(a)), or the regulations'"
                                                         " average-plus (at least 60) and average-minus (at most"
                                                         " 40); or the side's session percentage (12C2(c))."},
    "imps": {"type": ["integer", "null"], "description": "At teams: +3, 0 or -3 IMPs (12C2(b), Law 86A), or as the"
                                                      " organizer varies them."},
    "session": {"type": "boolean", "description": "The percentage is the side's session percentage (12C2(c)):"
                                                  " higher than its average-plus, or lower than its average-minus."}})

RESULT = _or_null(_obj(
    "The board's result after the ruling, as the table writes it on the scoresheet (explain/result.py): null when"
    " the ruling settles no tricks.  Computed from the ruling's own elements and the tricks the director stated as"
    " played, never a number echoed unchecked.", {
        "status": {"enum": ["settled", "stands", "adjusted", "play_continues", "incomplete", "depends"],
                   "description": "settled: the ruling moves tricks or settles a claim; stands: nothing changes;"
                                  " adjusted: an adjusted score replaces the table result; play_continues: the"
                                  " board is not finished (no result yet); incomplete: facts are missing (see"
                                  " missing); depends: it differs by what the director does not know (the text"
                                  " gives each possibility's result)."},
        "text": _texts("The result line, e.g. '4♠ by South, 10 tricks (9 at the table, +1 by 64A2), made;"
                       " N-S +420'."),
        "contract": _or_null(_str("The contract, e.g. 4S, 3NTX.")),
        "declarer": {"anyOf": [SEAT, {"type": "null"}], "description": "Declarer's seat."},
        "tricks": _or_null({"type": "integer", "minimum": 0, "maximum": 13,
                             "description": "The tricks declarer's side ends with, every transfer and award"
                                            " counted."}),
        "table_tricks": _or_null({"type": "integer", "minimum": 0, "maximum": 13,
                                   "description": "The tricks declarer's side won as played (before the claim,"
                                                  " if play ended with one), as the director stated them."}),
        "made": _or_null({"type": "integer", "minimum": -13, "maximum": 7,
                           "description": "Tricks over the contract (0 or more: made), or minus the tricks"
                                          " down."}),
        "score": _or_null(_obj("The score for each side (Law 77): an adjusted score's where"
                               " the director states one outcome (each side's own where they differ, which need not"
                               " balance: 12C1(b), 82C); else the table's.",
                                {"NS": {"type": "integer"}, "EW": {"type": "integer"}})),
        "steps": _list("Each way the ruling moves tricks, in reading order.", _obj("One step.", {
            "cite": CITE,
            "tricks": {"type": "integer", "description": "Tricks to declarer's side (negative: from it); for a"
                                                        " claim, declarer's side's share of the remaining tricks."},
            "text": _texts("The step as the result line shows it, e.g. '+1 by 64A2'.")})),
        "notes": _list("What the director must know about the figures, e.g. a judged number that contradicts the"
                       " program's own award.", _texts("A note.")),
        "missing": _list("The facts the result still needs, as FACT.SLOT (e.g. deal.declarer_tricks,"
                         " deal.vulnerability, revoke-1.tricks_without_revoke).",
                         {"type": "string"}),
        "provisional": PROVISIONAL,
        "outcomes": _list("An adjusted score's outcomes as the director states them (12C1(b); several, each with its"
                          " weight: 12C1(c)), each scored; empty otherwise.", _obj("One outcome.", {
                              "weight": {"type": "integer", "minimum": 1, "maximum": 100,
                                         "description": "Its weight in percent (100 for a single outcome)."},
                              "for_side": {"enum": ["NS", "EW", None],
                                           "description": "The side the outcome is for, when the two sides get"
                                                          " different scores (12C1(b), 82C); null: for both."},
                              "contract": _str("The outcome's contract."),
                              "declarer": SEAT,
                              "tricks": {"type": "integer", "minimum": 0, "maximum": 13,
                                         "description": "Tricks to declarer's side."},
                              "made": {"type": "integer", "minimum": -13, "maximum": 7,
                                       "description": "Tricks over the contract, or minus the tricks down."},
                              "score": _or_null(_obj("Its score for each side (null without the vulnerability).",
                                                     {"NS": {"type": "integer"}, "EW": {"type": "integer"}})),
                              "text": _texts("The outcome as a result line.")})),
        "imps": _or_null(_obj("A weighted score at teams with the other table's score given: the weighted IMPs"
                              " (Law 78B) for each side.", {"NS": {"type": "number"}, "EW": {"type": "number"}})),
        "artificial": _or_null(_obj("An artificial adjusted score (12C2), each side by its share of fault.", {
            "NS": ARTIFICIAL_SIDE, "EW": ARTIFICIAL_SIDE}))}))
NOT_ENCODED = _obj("A law the incident reaches that bridgelaw does not encode yet.", {
    "cite": CITE, "title": _texts("What it is about: the irregularity, or the law's title."),
    "text": _texts("What to do, e.g. 'Law 54 is not encoded yet: rule from the law book'.")})
CONFLICT = _obj("A fact the director stated that the cards contradict (read/cards.py): neither overrules the other;"
                " the fact is left open and the director decides which is established (Law 85).", {
                    "template": _str("The fact's template."),
                    "fact": _str("The fact's id."),
                    "slot": _str("The slot the two disagree on."),
                    "stated": {**SCALAR, "description": "What the director stated."},
                    "shown": {**SCALAR, "description": "What the cards and the play record show."},
                    "text": _texts("Both, as the ruling says them.")})
PLAY = {"type": "array", "prefixItems": [SEAT, _str("The card, e.g. SA, H10.")], "minItems": 2, "maxItems": 2,
        "description": "One card played: [seat, card]."}
CLAIM_LINES = _or_null(_obj(
    "Null unless the incident gives the cards up to a claim with its claimer.  Otherwise the claim's lines by"
    " double dummy (read/dd.py): the tricks the claimer's side takes from the claim on the worst and the best"
    " order of play the statement allows, the defence playing double dummy.  Evidence beside the 70D1 question,"
    " never the finding: the director judges whether the worst is a normal line.", {
        "claimer": SEAT,
        "side": SIDE,
        "first_trick": {"type": "integer", "minimum": 1, "maximum": 13,
                        "description": "The trick in progress at the claim."},
        "remaining": {"type": "integer", "minimum": 1, "maximum": 13, "description": "Tricks still to play."},
        "worst": {"type": "integer", "minimum": 0, "maximum": 13,
                  "description": "Tricks to the claimer's side on the worst line."},
        "best": {"type": "integer", "minimum": 0, "maximum": 13,
                 "description": "Tricks to the claimer's side on the best line."},
        "worst_line": _list("The worst line's cards from the claim, in the order played.", PLAY),
        "best_line": _list("The best line's cards from the claim, in the order played.", PLAY),
        "diverge": _or_null(_obj("Null when there is one line.  Otherwise where the two first differ.", {
            "trick": {"type": "integer", "minimum": 1, "maximum": 13, "description": "The trick."},
            "seat": SEAT,
            "best": _str("The card the best line plays there."),
            "worst": _str("The card the worst line plays there.")})),
        "lines": {"type": "integer", "minimum": 1, "description": "Orders of play examined."},
        "complete": {"type": "boolean", "description": "Whether every order the statement allows was examined"
                                                       " (false: the search stopped at its time budget)."},
        "text": _obj("The lines as the ruling says them, a list of lines in each language.",
                     {"ru": {"type": "array", "items": {"type": "string"}},
                      "en": {"type": "array", "items": {"type": "string"}}})}))

TEXTS = _obj("Said in each language, a list of lines.", {"ru": {"type": "array", "items": {"type": "string"}},
                                                         "en": {"type": "array", "items": {"type": "string"}}})
REVOKE_TRICKS = _obj(
    "64C's reference for one revoke the cards show: the tricks declarer's side would have taken from the revoke"
    " trick on had the offender followed suit with each card of it he held, the rest double dummy.  Evidence"
    " beside the 64C1 question, never the finding.", {
        "offender": SEAT,
        "trick": {"type": "integer", "minimum": 1, "maximum": 13, "description": "The revoke trick."},
        "side": SIDE,
        "before": {"type": "integer", "minimum": 0, "maximum": 12,
                   "description": "Tricks declarer's side won before the revoke trick."},
        "by_card": _list("Each card of the suit led he held, with declarer's side's tricks from the revoke trick on"
                         " had he played it; most first.",
                         {"type": "array", "prefixItems": [_str("The card, e.g. H5."),
                                                           {"type": "integer", "minimum": 0, "maximum": 13}],
                          "minItems": 2, "maxItems": 2}),
        "at_table": {"type": ["integer", "null"], "minimum": 0, "maximum": 13,
                     "description": "The tricks declarer's side took from the revoke trick on as played (null:"
                                    " play has not ended)."},
        "text": TEXTS})
TRICK = _obj("One trick of the play record.", {
    "n": {"type": "integer", "minimum": 1, "maximum": 13, "description": "The trick's number."},
    "leader": SEAT,
    "cards": _list("The cards played to it, from its leader (a hand's second card to it after the first ones).",
                   PLAY),
    "winner": {"anyOf": [SEAT, {"type": "null"}], "description": "Who won it (null: unfinished)."}})
BOARD = _or_null(_obj("Null unless the incident gives the cards.  Otherwise the deal and the play as given.", {
    "name": {"type": ["string", "null"], "description": "The board file (and board) they come from, if any."},
    "dealer": {"anyOf": [SEAT, {"type": "null"}], "description": "The dealer, where the board gives it."},
    "vulnerability": {"enum": ["none", "NS", "EW", "both", None], "description": "Where the board gives it."},
    "hands": _obj("Each hand as dealt: its four holdings, spades first, as PBN writes them ('-' a void).",
                  {s: {"type": "array", "items": {"type": "string"}, "minItems": 4, "maxItems": 4,
                       "description": f"The hand of {s}: spades, hearts, diamonds, clubs."} for s in "NESW"}),
    "tricks": _list("The tricks played, in order.", TRICK)}))

REGULATIONS = _or_null(_obj("The Regulating Authority whose regulations the ruling was made under (regulations/NAME.yaml),"
                             " and its election of every option the Laws leave to it.", {
    "name": _str("The file's name: wbf, acbl, ebu, rbf."),
    "authority": _str("How the ruling names the authority."),
    "title": _obj("Its name in each language.", {"ru": {"type": "string"}, "en": {"type": "string"}}),
    "as_of": {"type": ["string", "null"], "description": "The day whose elections apply (YYYY-MM-DD); null: as they stand."},
    "file": _str("The regulations file."),
    "elections": _list("Each option, its subsection and the value in force.", _obj("One election.", {
        "option": _str("The option (a slot of the regulations fact)."),
        "cite": _str("The subsection that leaves it to the Regulating Authority."),
        "value": {**SCALAR, "description": "The value in force."},
        "in_force": {"type": ["string", "null"], "description": "The day it came into force; null: from the start."},
        "source": _str("Where the authority's regulation says so."),
        "stated": {"type": "boolean", "description": "The incident stated it itself (it wins over the file)."}}))}))

SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": f"bridgelaw ruling, version {VERSION}",
    **_obj("A ruling under the 2017 Laws of Duplicate Bridge, as `bridgelaw rule --json` prints it and"
           " `POST /api/interview` returns it.  Every field is always present.  Version rule: a new field keeps the"
           " version; removing a field or changing what one means bumps it.", {
               "version": {"const": VERSION, "description": "The version of this shape."},
               "incident": _str("The incident's title."),
               "announcement": _or_null(_obj(
                   "What the director tells the table now, read aloud before anything else (explain/announce.py):"
                   " null only for a ruling not built by the engine.", {
                       "say": _texts("One or two sentences: who chooses what now, or what happens next."),
                       "result": _texts("The line after it: the board's result line, or that play (the auction)"
                                        " continues.")})),
               "decisive": _or_null({"type": "integer", "minimum": 0,
                                     "description": "The index in elements of the decisive element, printed first"
                                                    " (null: none)."}),
               "result": RESULT,
               "elements": _list("The ruling's elements in reading order.", ELEMENT),
               "open_questions": _list("Facts not yet known that could change the ruling, each with WHY.", QUESTION),
               "how": _list("HOW: every firing in firing order (elements[].how and rests_on refer to n).", FIRING),
               "not_encoded": _list("Laws the incident reaches that are not encoded yet, each said plainly.",
                                    NOT_ENCODED),
               "conflicts": _list("Facts the director stated that the cards contradict, each left to him (Law 85).",
                                  CONFLICT),
               "claim_lines": CLAIM_LINES,
               "revoke_tricks": _list("64C's double-dummy reference for each revoke the cards show (evidence only).",
                                      REVOKE_TRICKS),
               "board": BOARD,
               "possible": POSSIBLE,
               "regulations": REGULATIONS,
               "amendments": _list("The dated texts the ruling used: an amendment (in force from a day) or a text"
                                   " an amendment replaced (in force before a day).", _obj("One dated text.", {
                                       "production": _str("The production that holds it."),
                                       "cite": _str("Its subsection."),
                                       "in_force": {"type": ["string", "null"], "description": "In force from."},
                                       "until": {"type": ["string", "null"], "description": "In force before."},
                                       "amendment": _or_null(_obj("What the amendment changed.", {
                                           "ru": {"type": "string"}, "en": {"type": "string"}}))}))}),
    "$comment": "Generated by `bridgelaw schemas` from bridgelaw/explain/ruling_json.py; do not edit by hand.",
}


def embedded() -> dict:
    """SCHEMA without its document keywords, to sit inside another document (the OpenAPI components)."""
    out = copy.deepcopy(SCHEMA)
    for key in ("$schema", "$comment"):
        out.pop(key)
    return out
