"""JSON Schemas of bridgelaw's YAML files: the one source of truth for their shape.

``SCHEMAS`` maps a file kind (``vocabulary-index``, ``vocabulary`` (one part),
``knowledge``, ``incident``, ``cases``, ``score_table``, ``imp_scale``) to a
JSON Schema (draft 2020-12) dict.  ``validate(kind, data)`` checks loaded
YAML against it and returns Problems located at the file and line of the
offending value, with the allowed keys or values and a "did you mean"
suggestion.  Names that depend on the vocabulary (templates, slots, values)
are checked afterwards by the loaders, which know the vocabulary.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import Loc, Problem, suggest
from ..values import shown
from .citations import REASONS
from .yamlsafe import LocDict, LocList

I18N = {
    "type": "object",
    "description": "A text in Russian and English.",
    "properties": {"ru": {"type": "string", "minLength": 1}, "en": {"type": "string", "minLength": 1}},
    "required": ["ru", "en"],
    "additionalProperties": False,
}
I18N_TEMPLATE = {**I18N, "description": "A text template in Russian and English; {arg} is replaced by the argument's label;"
                 " it may be empty when productions give the text.",
                 "properties": {"ru": {"type": "string"}, "en": {"type": "string"}}}
NAME = {"type": "string", "pattern": "^[a-z][a-z0-9_]*$"}
CITE = {"type": "string", "pattern": r"^[1-9][0-9]?([A-H]([1-9]([a-e])?)?)?(\([a-e]\))?(\((i|ii|iii|iv|v)\))?$",
        "description": "A 2017 law subsection, e.g. 64A2, 67B1(a), 12C1(c)."}
PRODUCTION_ID = {"type": "string", "pattern": r"^[1-9][0-9]?[A-H0-9a-z]*\.[a-z0-9][a-z0-9-]*$",
                 "description": "the citation without brackets, a dot and a lower-case English slug: 64B2.second-revoke-same-suit"}
CITE_REF = {"anyOf": [CITE, {"type": "integer", "minimum": 1, "maximum": 93}],
            "description": "a law (59) or a subsection (64A2, 67B1(a))"}
TYPES = ["enum", "bool", "int", "seat", "side", "suit", "strain", "card", "contract", "call", "calls", "ref", "text"]

SLOT = {
    "type": "object",
    "properties": {
        "type": {"enum": TYPES},
        "label": I18N,
        "values": {"type": "object", "additionalProperties": I18N, "minProperties": 1,
                   "description": "for type enum: each value and its ru/en label"},
        "min": {"type": "integer"},
        "max": {"type": "integer"},
        "template": NAME,
        "question": I18N,
        "help": I18N,
        "said": {"type": "object", "minProperties": 1, "additionalProperties": False,
                 "properties": {"ru": {"type": "string", "pattern": "[{]value[}]"},
                                "en": {"type": "string", "pattern": "[{]value[}]"}},
                 "description": "the slot having a value, as a clause a ruling says it in ('if …'), {value} its label:"
                                " «на фальшренонс впервые обратили внимание {value}»; a language without one says"
                                " '<label> is <value>'"},
        "judgment": {"type": "boolean", "description": "the director's bridge judgment, not an observable fact"},
        "law": CITE,
        "required": {"type": "boolean"},
        "several": {"type": "boolean", "description": "takes several values of its domain at once (a list):"
                                                      " tested with contains / not_contains"},
        "later": {"type": "boolean", "description": "known only after the ruling at the table: the interview never"
                                                    " asks it (an incident written later states it)"},
        "after_result": {"type": "boolean", "description": "a yes/no judgment on the board's result (12B2's damage"
                                                          " after a rectification): the interview asks it last, with"
                                                          " the result its 'no' leaves shown first"},
        "settles": {"type": "object", "minProperties": 1,
                    "additionalProperties": {"type": "object", "minProperties": 1},
                    "description": "an answer that settles other slots of the same fact: value -> {slot: value}"
                                   " (nobody corrected it: it was never corrected); the interview fills them in"
                                   " rather than ask them"},
        "asked_when": {"type": "object", "minProperties": 1,
                       "additionalProperties": {"anyOf": [{"type": "array", "minItems": 1}, {"type": ["string", "boolean"]}]},
                       "description": "another slot of the same fact and values: the interview asks this slot"
                                      " wherever that slot holds one of them, though no production waits on it"
                                      " (the auction's reader does: an event's after_call)"},
        "tells": {"type": "object", "minProperties": 1,
                  "additionalProperties": {"type": "object", "required": ["template"], "additionalProperties": False,
                                           "properties": {"template": NAME, "asks": {"type": "array", "items": NAME}}},
                  "description": "value -> {template, asks}: a fact holding this value is told with a fact of that"
                                 " template (an event 'a choice made' with its choice); the interview states one"
                                 " and asks its slots named in asks, even where no ruling offers it"},
        "not_asked_when": {"type": "object", "minProperties": 1,
                           "description": "other slots of the same fact and a value each: while the fact has any of"
                                          " them, the interview does not ask this slot (it cannot matter: no trick is"
                                          " being played once play has ended)"},
    },
    "required": ["type"],
    "additionalProperties": False,
}
CALL_PATTERNS = {"type": "array", "items": {"type": "object", "minProperties": 1,
                                            "description": "a call's slots (template call) and the value, or values"}}
TEMPLATE = {
    "type": "object",
    "properties": {
        "label": I18N,
        "description": I18N,
        "derived": {"type": "boolean", "description": "asserted by productions only, never asked"},
        "many": {"type": "boolean", "description": "an incident may hold several facts of it"},
        "max": {"type": "integer", "minimum": 1, "maximum": 64,
                "description": "with many: at most this many facts of it in one incident, which describes one"
                               " board (default 13, one a trick)"},
        "context": {"type": "boolean", "description": "deal context, asked first"},
        "asked": {**I18N, "description": "whether a fact of it happened, as the interview asks it (default: the"
                                         " catalog's «Произошло ли также и это: label?»)"},
        "asked_again": {**I18N, "description": "with many: whether there was another one, as the interview asks it"
                                               " (default: «Был ли ещё один случай: label?»)"},
        "slots": {"type": "object", "additionalProperties": SLOT},
        "broken_by": {"type": "object", "additionalProperties": False,
                      "properties": {"calls": CALL_PATTERNS, "ruled_after": CALL_PATTERNS},
                      "description": "pass_obligation: the calls told that could break an obligation to pass stated"
                                     " before them (calls), and where the ruling gives one itself, the calls only after"
                                     " which another could be broken (ruled_after); each a call's slots and values"},
    },
    "required": ["label", "slots"],
    "additionalProperties": False,
}
ELEMENT_KIND = {
    "type": "object",
    "properties": {
        "label": I18N,
        "args": {"type": "object", "additionalProperties": SLOT},
        "text": I18N_TEMPLATE,
        "many": {"type": "boolean",
                 "description": "one ruling may give several of this kind for one fact, with different arguments"
                                " (otherwise two different ones for the same fact contradict each other)"},
        "contradicts": {"type": "array", "items": NAME,
                        "description": "element kinds that cannot stand with this one for the same fact"},
        "excludes": {"type": "array", "items": {"type": "string", "pattern": "^[a-z][a-z0-9_]*(:[a-z][a-z0-9_]*)?$"},
                     "description": "element kinds that cannot stand with this one anywhere in one ruling ('option:NAME':"
                                    " the option NAME of the choice template); `bridgelaw check` refuses a case or"
                                    " incident whose ruling holds both"},
        "text_last": {"type": "boolean",
                      "description": "the kind's standard text follows a production's own words instead of leading"
                                     " them (the facts first, then what the director may do about them)"},
        "while_auction": {"type": "boolean",
                          "description": "what it says happens in the auction (it proceeds; a player must pass): a ruling"
                                         " made once the auction has ended (a contract or declarer known) leaves it out;"
                                         " as a lasting fact it still holds for the productions"},
        "offered": {**I18N_TEMPLATE,
                    "description": "its standard text where it follows from a choice still to be made (read out as"
                                   " what that choice would give: 'East then calls 2♠'), instead of text"},
        "offered_only": {"type": "boolean",
                         "description": "what a choice still to be made would lead to, in the words of the laws that"
                                        " then rule (29B's preview of 30-32): said only among that choice's"
                                        " consequences, never once it is made (those laws then speak for"
                                        " themselves) nor once the auction has ended (its own words go with it)"},
        "place": {"enum": ["first", "last"],
                  "description": "where the ruling reads it: first (what the irregularity was: the call named) or last"
                                 " (what happens now: who calls next, who makes the opening lead); otherwise by what"
                                 " it rests on, then in the order of the Laws"},
        "only_with": {"type": "array", "items": NAME,
                      "description": "said only where every other element of the ruling is of one of these kinds"
                                     " (22A's 'no call is irregular' beside the contract and the opening leader, never"
                                     " beside a ruling on something else)"},
        "announce": {"type": "integer", "minimum": 1, "maximum": 9,
                     "description": "said in the announcement that opens the ruling (what the director tells the"
                                    " table now): the kind of the lowest number is the decisive element, read first;"
                                    " 1 for an open choice, 2 for what settles the board, 3 for what a player must or"
                                    " may now do, 4 for who calls or leads next"},
        "past_with": {"type": "array", "items": NAME,
                      "description": "its moment has passed where the ruling also holds one of these kinds (68D's"
                                     " 'play is suspended' once the claim is settled): kept in the JSON, marked past,"
                                     " not printed"},
        "past_with_same": {"type": "array", "items": NAME,
                           "description": "the arguments a past_with element must agree on for this one to be past"
                                          " (a penalty card is past once that same card is picked up); none: any"},
        "lasts": {"type": "boolean",
                  "description": "a consequence that lasts: giving it also states a fact of the template of the same"
                                 " name (its arguments as slots), which later productions test"},
    },
    "required": ["label", "text"],
    "additionalProperties": False,
}
def _relative_seats(of: str, description: str) -> dict:
    """Seats named relative to another seat the incident states (partly-known.yaml's ``seats`` and ``not_seats``)."""
    return {"type": "object", "required": ["of", "are"], "additionalProperties": False,
            "properties": {"of": {"type": "string", "pattern": "^[a-z_]+\\.[a-z_]+$", "description": of},
                           "are": {"type": "array", "minItems": 1, "items": {"enum": ["self", "partner", "lho", "rho"]}}},
            "description": description}


PARTLY_KNOWN = {
    "type": "object",
    "description": "a value known only in part: its label and the values it leaves possible",
    "properties": {
        "label": I18N,
        "values": {"type": "array", "minItems": 1, "items": {"type": ["string", "integer", "boolean"]},
                   "description": "the values it leaves possible"},
        "seats": _relative_seats("template.slot: the seat stated in the incident it is relative to",
                                 "for a seat: seats relative to another seat stated in the incident"
                                 " (a defender: declarer's lho and rho)"),
        "ranks": {"type": "array", "minItems": 1, "items": {"type": "string"},
                  "description": "for a card: the ranks it may have (an honour: 10 J Q K A)"},
    },
    "required": ["label"],
    "additionalProperties": False,
}
NOT_KNOWN_LEAVES = {
    "type": "object",
    "description": "what not known (\"?\") or a value known in part leaves out, given the rest of the incident",
    "properties": {
        "not_seats": _relative_seats("template.slot: the seat stated in the incident",
                                     "for a seat: the seats it cannot be, relative to another stated seat"
                                     " (a revoker is not dummy: not declarer's partner)"),
        "at_most": {"type": "string", "pattern": "^[a-z_]+\\.[a-z_]+$",
                    "description": "for a number: template.slot, a number stated in the incident it is never over"
                                   " (a trick is not after the one being played)"},
        "at_least": {"type": "string", "pattern": "^[a-z_]+\\.[a-z_]+$",
                     "description": "for a number: template.slot, a number stated in the incident it is never under"},
        "why": I18N,
    },
    "required": ["why"],
    "minProperties": 2,
    "additionalProperties": False,
}
VOCABULARY = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "bridgelaw vocabulary (a part of facts/vocabulary/, or a small project's facts/vocabulary.yaml)",
    "type": "object",
    "properties": {
        "title": I18N,
        "templates": {"type": "object", "additionalProperties": TEMPLATE, "propertyNames": NAME},
        "elements": {"type": "object", "additionalProperties": ELEMENT_KIND, "propertyNames": NAME},
        "partly_known": {"type": "object", "propertyNames": {"enum": ["seat", "card", "int", "enum", "suit"]},
                         "additionalProperties": {"type": "object", "propertyNames": {"pattern": "^[A-Za-z][A-Za-z0-9_]*$"},
                                                  "additionalProperties": PARTLY_KNOWN},
                         "description": "values a director may give where he knows only part of a value, by the"
                                        " type of slot: a name he writes in place of the value (offender: defender),"
                                        " and the values it leaves possible"},
        "not_known": {"type": "object", "propertyNames": {"pattern": "^[a-z_]+\\.[a-z_]+$"},
                      "additionalProperties": NOT_KNOWN_LEAVES,
                      "description": "template.slot -> the values the rest of the incident rules out where the"
                                     " slot is not known or known in part (a revoker is not dummy)"},
    },
    "additionalProperties": False,
}
VOCABULARY_INDEX = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "bridgelaw vocabulary index (facts/vocabulary/index.yaml)",
    "type": "object",
    "properties": {
        "parts": {"type": "array", "minItems": 1, "items": {"type": "string", "pattern": "^[a-z][a-z0-9-]*$"},
                  "description": "the parts (file names without .yaml), in the order the interview asks in"},
    },
    "required": ["parts"],
    "additionalProperties": False,
}

ONE_KEY = {"type": "object", "minProperties": 1, "maxProperties": 1}
PRODUCTION = {
    "type": "object",
    "properties": {
        "id": PRODUCTION_ID,
        "cite": CITE,
        "summary": I18N,
        "note": I18N,
        "chain_ends": dict(I18N, description="why this production, which derives a fact it tests itself (or that"
                           " its cycle tests), stops by the Laws' design: check then does not ask"),
        "names_value": dict(I18N, description="why this production tests a card, call or text that only its words"
                            " use (it names it to the table): check then does not warn (committee/printed.py)"),
        "see": {"type": "array", "items": CITE_REF},
        "when": {"type": "array", "minItems": 1, "items": ONE_KEY},
        "overrides": {"type": "array", "items": {"anyOf": [CITE_REF, PRODUCTION_ID]},
                      "description": "production ids, or citations covering productions (64A = 64A1 and 64A2)"},
        "then": {"type": "array", "items": ONE_KEY},
        "derive": {"type": "array", "items": ONE_KEY},
        "in_force": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                     "description": "an amendment: this text is in force from this day (YYYY-MM-DD); `--as-of` an"
                                    " earlier day rules without it"},
        "until": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                  "description": "a text an amendment replaced: in force until the day before this one"},
        "amendment": {**I18N, "description": "what the amendment changed, in our own words (named in every ruling"
                                             " that uses it)"},
    },
    "required": ["id", "cite", "summary", "when"],
    "additionalProperties": False,
}
LEFT_OUT = {
    "type": "object",
    "properties": {"reason": {"enum": list(REASONS), "description": "why: " + "; ".join(
                       f"{k}: {v['en']}" for k, v in REASONS.items())},
                   "note": I18N},
    "required": ["reason"],
    "additionalProperties": False,
}
KNOWLEDGE = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "bridgelaw knowledge file (one law)",
    "type": "object",
    "properties": {
        "law": {"type": "integer", "minimum": 1, "maximum": 93},
        "title": I18N,
        "edition": {"enum": [2017]},
        "note": I18N,
        "left_out": {"type": "object", "propertyNames": CITE, "additionalProperties": LEFT_OUT,
                     "description": "units of this law deliberately not encoded here, each with its reason"
                                    " ('not encoded yet' is no reason: such a unit is simply missing)"},
        "productions": {"type": "array", "items": PRODUCTION},
    },
    "required": ["law", "title", "productions"],
    "additionalProperties": False,
}
FACTS = {"type": "object", "propertyNames": NAME,
         "additionalProperties": {"type": ["object", "array"]},
         "description": "template: slot values (a mapping, or a list of mappings for a 'many' template)"}
INCIDENT = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "bridgelaw incident",
    "type": "object",
    "properties": {
        "title": {"anyOf": [{"type": "string"}, I18N]},
        "source": {"type": "string", "minLength": 1,
                   "description": "where the incident is retold from (every shipped incident gives one; a director's"
                                  " own note need not)"},
        "description": {"type": "string"},
        "ra": {"type": "string", "description": "the Regulating Authority whose regulations it is ruled under:"
                                                " the name of a file in regulations/ (wbf, acbl, ebu, rbf; default wbf)"},
        "as_of": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                  "description": "the day (YYYY-MM-DD) whose regulations and amendments apply (default: as they stand)"},
        "facts": FACTS,
        "cards": {"type": "object", "description": "the deal and its play (read/cards.py): what they show is stated"
                  " where the facts say nothing, and a stated fact they contradict is left to the director",
                  "properties": {
                      "deal": {"type": "string", "description": "a PBN deal: N:AKQ2.J53.T95.K82 J9865.A6.K863.A5 ..."},
                      "play": {"type": "array", "description": "the tricks in order, each its cards as played, a"
                                                             " hand's card in its turn from the leader: '-' for"
                                                             " none, a list for several (a defective trick),"
                                                             " {played: H5, replaced_by: C2} for a card taken back"
                                                             " and replaced in its turn (a revoke corrected)",
                               "items": {"type": "array", "maxItems": 4, "items": {
                                   "anyOf": [{"type": ["string", "integer"]},
                                             {"type": "array", "items": {"type": ["string", "integer"]}},
                                             {"type": "object", "required": ["played", "replaced_by"],
                                              "additionalProperties": False,
                                              "properties": {"played": {"type": "string"},
                                                             "replaced_by": {"type": "string"}}}]}}},
                      "pbn": {"type": "string", "description": "a PBN file (its Deal and Play), beside the incident"},
                      "lin": {"type": "string", "description": "a BBO LIN file (its deal and play), beside the incident"},
                      "text": {"type": "string", "description": "a PBN or BBO LIN record pasted in (the"
                                                              " interview's or the web page's deal)"},
                      "board": {"type": "integer", "minimum": 1, "description": "which board of a PBN or LIN"
                                                                                " record holding several"},
                      "claim_line": {"type": "array", "items": {"type": "string"},
                                     "description": "the cards the claimer named, in the order he named them"
                                                    " (a claim's lines keep that order: read/dd.py)"},
                      "ending": {"type": "object", "description": "at a claim, the cards each hand still holds"
                                 " (N, E, S, W, each spades.hearts.diamonds.clubs: 'AK.-.Q2.-'), in place of"
                                 " the deal and its play; with on_lead and declarer_tricks",
                                 "properties": {s: {"type": "string"} for s in "NESW"},
                                 "required": list("NESW"), "additionalProperties": False},
                      "on_lead": {"enum": list("NESW"), "description": "who is on lead at the claim (an ending)"},
                      "declarer_tricks": {"type": "integer", "minimum": 0, "maximum": 13,
                                          "description": "the tricks declarer's side won before the claim (an"
                                                         " ending)"},
                      "claim_named": {"type": "array", "items": {"type": "string"},
                                      "description": "the cards the claimer named as winners, in no order (a claim's"
                                                     " lines lead them first and never throw them away)"}},
                  "additionalProperties": False},
    },
    "required": ["facts"],
    "additionalProperties": False,
}
CASE = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "minLength": 1},
        "description": {"type": "string"},
        "source": {"type": "string"},
        "keywords": {"type": "array", "items": {"type": "string"}},
        "incident": {"type": "string", "description": "path of an incident file, relative to the case file"},
        "ra": {"type": "string", "description": "the Regulating Authority whose regulations it is ruled under:"
                                                " the name of a file in regulations/ (wbf, acbl, ebu, rbf; default wbf)"},
        "as_of": {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
                  "description": "the day (YYYY-MM-DD) whose regulations and amendments apply (default: as they stand)"},

        "facts": FACTS,
        "expect": {"type": "array", "items": ONE_KEY},
        "expect_none": {"type": "array", "items": NAME,
                        "description": "element kinds the ruling must not contain"},
        "fired": {"type": "array", "items": {"type": "string"}},
        "not_fired": {"type": "array", "items": {"type": "string"}},
        "result": {"description": "the board's result the ruling must give (explain/result.py); null: none",
                   "anyOf": [{"type": "null"}, {
                       "type": "object", "additionalProperties": False, "minProperties": 1,
                       "properties": {
                           "status": {"enum": ["settled", "stands", "adjusted", "play_continues", "incomplete"]},
                           "tricks": {"type": "integer", "minimum": 0, "maximum": 13},
                           "made": {"type": "integer", "minimum": -13, "maximum": 7},
                           "NS": {"type": "integer"}, "EW": {"type": "integer"},
                           "text": {"type": "string", "description": "the result line in English"},
                           "note": {"type": "string",
                                    "description": "words one of the notes under the result line holds, in English"}}}]},
    },
    "required": ["name"],
    "oneOf": [{"required": ["facts"]}, {"required": ["incident"]}],
    "additionalProperties": False,
}
CASES = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "bridgelaw YAML cases",
    "type": "object",
    "properties": {"law": {"type": "integer"}, "cases": {"type": "array", "items": CASE}},
    "required": ["cases"],
    "additionalProperties": False,
}
BY_VULNERABILITY = {"type": "object", "additionalProperties": False, "required": ["not_vulnerable", "vulnerable"],
                    "properties": {"not_vulnerable": {"type": "integer", "minimum": 0},
                                   "vulnerable": {"type": "integer", "minimum": 0}}}
_LADDER = {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0}}
_DOUBLING = ["undoubled", "doubled", "redoubled"]
_STRAINS = {"type": "object", "minProperties": 1,
            "propertyNames": {"enum": ["C", "D", "H", "S", "N"]},
            "additionalProperties": {"type": "integer", "minimum": 0}}
SCORE_TABLE = {
    "type": "object", "additionalProperties": False,
    "required": ["law", "title", "cite", "trick_score", "overtrick", "premiums", "undertricks"],
    "properties": {
        "law": {"const": 77}, "title": I18N, "cite": CITE,
        "trick_score": {"type": "object", "additionalProperties": False,
                        "required": ["per_trick", "first_trick", "multiplier"],
                        "properties": {"per_trick": {**_STRAINS, "required": ["C", "D", "H", "S", "N"]},
                                       "first_trick": _STRAINS,
                                       "multiplier": {"type": "object", "additionalProperties": False,
                                                      "required": _DOUBLING,
                                                      "properties": {d: {"type": "integer", "minimum": 1}
                                                                     for d in _DOUBLING}}}},
        "overtrick": {"type": "object", "additionalProperties": False, "required": _DOUBLING,
                      "properties": {d: {"type": "object", "additionalProperties": False,
                                         "required": ["not_vulnerable", "vulnerable"],
                                         "properties": {v: {"anyOf": [{"type": "integer", "minimum": 0},
                                                                      {"const": "trick"}]}
                                                        for v in ("not_vulnerable", "vulnerable")}}
                                     for d in _DOUBLING}},
        "premiums": {"type": "object", "additionalProperties": False,
                     "required": ["game_threshold", "game", "part_score", "small_slam", "grand_slam",
                                  "making_doubled", "making_redoubled"],
                     "properties": {"game_threshold": {"type": "integer", "minimum": 1},
                                    "game": BY_VULNERABILITY, "part_score": {"type": "integer", "minimum": 0},
                                    "small_slam": BY_VULNERABILITY, "grand_slam": BY_VULNERABILITY,
                                    "making_doubled": {"type": "integer", "minimum": 0},
                                    "making_redoubled": {"type": "integer", "minimum": 0}}},
        "undertricks": {"type": "object", "additionalProperties": False, "required": _DOUBLING,
                        "properties": {d: {"type": "object", "additionalProperties": False,
                                           "required": ["not_vulnerable", "vulnerable"],
                                           "properties": {"not_vulnerable": _LADDER, "vulnerable": _LADDER}}
                                       for d in _DOUBLING}},
    },
}
IMP_SCALE = {
    "type": "object", "additionalProperties": False, "required": ["law", "title", "cite", "imp_scale"],
    "properties": {
        "law": {"const": 78}, "title": I18N, "cite": CITE,
        "imp_scale": {"type": "array", "minItems": 1, "description": "rows [from, to (null: and above), IMPs]",
                      "items": {"type": "array", "minItems": 3, "maxItems": 3,
                                "prefixItems": [{"type": "integer", "minimum": 0},
                                                {"type": ["integer", "null"], "minimum": 0},
                                                {"type": "integer", "minimum": 0}]}},
        "vp_scales": {"type": "object", "description": "78D: IMP margins to Victory Points, by the scale's name",
                      "additionalProperties": {
                          "type": "object", "additionalProperties": False,
                          "required": ["title", "source", "max_vp", "blitz_per_sqrt_board", "tau_millionths"],
                          "properties": {"title": I18N, "source": {"type": "string"},
                                         "max_vp": {"type": "integer", "minimum": 2},
                                         "blitz_per_sqrt_board": {"type": "integer", "minimum": 1},
                                         "tau_millionths": {"type": "integer", "minimum": 1, "maximum": 999999}}}},
    },
}

_DAY = {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "a day, YYYY-MM-DD"}
ELECTION = {"type": "object", "required": ["value"], "additionalProperties": False,
            "properties": {"value": {"description": "the value elected: one the Law allows (knowledge/laws.yaml"
                                                    " ra_options)"},
                           "source": {"type": "string", "description": "where the authority's regulation says so"},
                           "in_force": {**_DAY, "description": "in force from this day (YYYY-MM-DD)"},
                           "note": I18N}}
REGULATIONS = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "bridgelaw regulations of a Regulating Authority (regulations/NAME.yaml)",
    "type": "object",
    "properties": {
        "authority": {"type": "string", "description": "how a ruling names the authority (WBF, EBU, ...)"},
        "name": I18N,
        "source": {"type": "string", "description": "the authority's regulations"},
        "elections": {"type": "object", "description": "option: {value, source} (or a list of them, each with"
                                                       " in_force, in the order they came into force)",
                      "additionalProperties": {"anyOf": [ELECTION, {"type": "array", "items": ELECTION}]}},
    },
    "required": ["authority", "name", "elections"],
    "additionalProperties": False,
}
SCHEMAS = {"vocabulary-index": VOCABULARY_INDEX, "vocabulary": VOCABULARY, "knowledge": KNOWLEDGE,
           "incident": INCIDENT, "cases": CASES, "score_table": SCORE_TABLE, "imp_scale": IMP_SCALE,
           "regulations": REGULATIONS}
if TYPE_CHECKING:
    import jsonschema
_VALIDATORS: dict = {}  # kind -> its validator, made on first use: importing jsonschema is a fifth of a start
_CHECKERS: dict = {}  # kind -> jsonschema-rs's validator (None where it is not installed, as in the browser)


def _validator(kind: str):
    if kind not in _VALIDATORS:
        import jsonschema
        _VALIDATORS[kind] = jsonschema.Draft202012Validator(SCHEMAS[kind])
    return _VALIDATORS[kind]


def _valid_at_once(kind: str, data: Any) -> bool:
    """Whether ``data`` is valid by jsonschema-rs, which loads in a tenth of the time jsonschema takes
    (a cold ``bridgelaw rule`` of a valid incident never imports jsonschema).  False when it is not
    installed or cannot take the data: jsonschema then decides, and words what is wrong
    (tests/test_schemas.py holds the two to the same verdict on every shipped file and error snippet)."""
    if kind not in _CHECKERS:
        try:
            import jsonschema_rs
            _CHECKERS[kind] = jsonschema_rs.Draft202012Validator(SCHEMAS[kind], validate_formats=False)
        except Exception:  # not installed (the offline page), or a schema it cannot take
            _CHECKERS[kind] = None
    try:
        return _CHECKERS[kind] is not None and _CHECKERS[kind].is_valid(data)
    except Exception:  # a value it cannot convert (a key that is not a text...): jsonschema decides
        return False


def _locate(data: Any, path, file: str) -> tuple[Loc, bool]:
    """Loc of the value at ``path``; second item: whether the last step was a key."""
    node, loc = data, getattr(data, "loc", Loc(file))
    for step in path:
        if isinstance(node, LocDict) and step in node:
            loc, node = node.loc_of(step), node[step]
        elif isinstance(node, LocList) and isinstance(step, int) and step < len(node):
            loc, node = node.loc_of(step), node[step]
        else:
            break
    return loc, False


def _where(path) -> str:
    return "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path).lstrip(".")


def _message(err: jsonschema.ValidationError, data: Any, file: str) -> Problem:
    path = list(err.absolute_path)
    loc, _ = _locate(data, path, file)
    where = _where(path) or "top level"
    v = err.validator
    if v == "additionalProperties":
        extra = [k for k in err.instance if k not in err.schema.get("properties", {})]
        key = extra[0] if extra else "?"
        node = err.instance
        if isinstance(node, LocDict):
            loc = node.key_loc(key)
        hint = suggest(key, err.schema.get("properties", {}).keys(), where)
        if " " in key:
            hint += "\nif this is part of a text with a comma inside { }, put the whole text in quotes"
        return Problem(loc, f"unknown key '{key}' in {where}", hint=hint)
    if v == "required":
        return Problem(loc, f"{where}: {err.message.replace('is a required property', 'is missing')}")
    if v == "enum":
        return Problem(loc, f"{where}: {shown(err.instance)} is not allowed",
                       hint=suggest(str(err.instance), map(str, err.validator_value)))
    if v == "pattern":
        desc = err.schema.get("description", f"a name matching {err.validator_value}")
        return Problem(loc, f"{where}: {shown(err.instance)} is not of the right form", hint=f"expected {desc}")
    if v == "type":
        want = err.validator_value
        found = _KINDS.get(type(err.instance).__name__, type(err.instance).__name__)
        said = "" if err.instance is None else f" {shown(err.instance, 60)}"
        return Problem(loc, f"{where}: expected {_kind(want)}, found {found}{said}")
    if v in ("minProperties", "maxProperties") and err.schema is ONE_KEY:
        return Problem(loc, f"{where}: each item must have exactly one key (a name, then its content)")
    if v == "oneOf" and err.schema is CASE:
        return Problem(loc, f"{where}: give either 'facts' or 'incident' (one of them)")
    if v == "anyOf":
        return Problem(loc, f"{where}: {shown(err.instance)} is none of what may be written here",
                       hint="expected " + "; or ".join(_alternatives(err.validator_value)))
    return Problem(loc, f"{where}: {err.message}"[:300])


def _alternatives(schemas: list) -> list[str]:
    """What each alternative of an anyOf accepts, in words (its description where it has one)."""
    out = []
    for schema in schemas:
        if "anyOf" in schema:
            out += _alternatives(schema["anyOf"])
        elif "description" in schema:
            text = schema["description"].rstrip(".")
            out.append(text[:1].lower() + text[1:])
        elif schema.get("type") == "integer" and "minimum" in schema and "maximum" in schema:
            out.append(f"a whole number from {schema['minimum']} to {schema['maximum']}")
        else:
            out.append(_kind(schema.get("type", "a value")))
    return out


# what a YAML reader calls the kinds of value (never the loader's class names)
_KINDS = {"LocDict": "a mapping", "dict": "a mapping", "LocList": "a list", "list": "a list", "str": "a text",
          "int": "a whole number", "float": "a number", "bool": "true or false", "NoneType": "nothing"}
_WANTS = {"object": "a mapping", "array": "a list", "string": "a text", "integer": "a whole number",
          "number": "a number", "boolean": "true or false", "null": "nothing"}


def _kind(want) -> str:
    return " or ".join(_WANTS.get(w, w) for w in ([want] if isinstance(want, str) else want))


def validate(kind: str, data: Any, file: str) -> list[Problem]:
    """Problems (empty when valid) for ``data`` loaded from ``file`` against schema ``kind``.  Data found valid
    before (by any process: ``_valid_before``) is not validated again."""
    digest = _digest(kind, data)
    if digest is not None and _valid_before(digest):
        return []
    if _valid_at_once(kind, data):
        _found_valid(digest)
        return []
    errors = sorted(_validator(kind).iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    problems, seen = [], set()
    for err in errors:
        # report the deepest error of a oneOf/anyOf at its place, once per place
        if err.context and err.validator not in ("oneOf",):
            deepest = max(err.context, key=lambda e: len(e.absolute_path))
            if len(deepest.absolute_path) > len(err.absolute_path) or err.validator != "anyOf":
                err = deepest
        p = _message(err, data, file)
        if (str(p.loc), p.message) not in seen:
            seen.add((str(p.loc), p.message))
            problems.append(p)
    if not problems:
        _found_valid(digest)
    return problems


_CODE: list = []  # the digest of this file, which holds the schemas (computed once a process)


def _digest(kind: str, data: Any) -> str | None:
    """A SHA-256 of the schema's code, its kind and the data (JSON, keys sorted), or None for data holding
    anything but JSON's values (whose text could stand for another value)."""
    import hashlib
    import json

    def refuse(x):
        raise TypeError(type(x).__name__)
    try:
        text = json.dumps(data, sort_keys=True, ensure_ascii=False, default=refuse)
    except (TypeError, ValueError):
        return None
    if not _CODE:
        from pathlib import Path
        _CODE.append(hashlib.sha256(Path(__file__).read_bytes()).hexdigest())
    return hashlib.sha256(f"{_CODE[0]}\0{kind}\0{text}".encode()).hexdigest()


def _valid_before(digest: str) -> bool:
    """Whether data of this digest was found valid before (a cold ``rule`` of an incident it ruled before then
    loads no validator: some 40 ms)."""
    from . import cache
    return cache.recall("valid", digest) is True


def _found_valid(digest: str | None) -> None:
    if digest is not None:
        from . import cache
        cache.keep("valid", digest, True)
