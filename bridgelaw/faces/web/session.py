"""The state of one interview on the web: the answers so far, kept by the client, replayed here.

Shape::

    service = Service(knowledge)                 # one compiled engine, shared under a lock
    answers = decode(token)                      # [(key, value)], value None = "not known"
    snap = service.replay(answers)               # Snapshot: the questions asked, the step now
    token = encode(snap.answers)                 # what the page puts in its links

The server keeps no interview between requests: the page carries the answers
(a token in its links, the JSON API a list), and every request replays them
through a fresh Interview.  A token that does not decode is ``broken`` (400);
an answer naming a template or slot the vocabulary does not know, or a value
the question does not allow, is ``invalid`` (422); an answer that is not the
question the interview asks at that point (the knowledge changed, the token
was edited) is ``stale`` (409); a token or list over the limits is ``too
large`` (413).  Each is a StateError whose message says which answer and what
is allowed.  experta engines are not thread-safe: the replay holds the
service's lock, and a Snapshot holds only plain data.
"""
from __future__ import annotations

import base64
import binascii
import json
import threading
from collections import OrderedDict
import zlib
from dataclasses import dataclass
from typing import Any

from ...engine import Engine
from ...errors import suggest
from ...read.incident import incident_text
from ..interview import UNKNOWN, AnswerError, Interview, Question
from .. import keys
from ...model import Knowledge
from ...explain.ruling import Ruling

MAX_ANSWERS = 200
MAX_TOKEN = 16_384  # characters of a token in a link
MAX_STATE = 65_536  # bytes of a token's JSON once inflated
VERSION = "1"


class StateError(ValueError):
    """A state the server cannot continue: ``status`` (HTTP), ``kind`` and a message that says why."""

    STATUS = {"broken": 400, "invalid": 422, "stale": 409, "too_large": 413}

    def __init__(self, kind: str, reason: str, index: int | None = None, key: str | None = None):
        where = f"answer {index}" + (f" ({key})" if key else "") + ": " if index else ""
        super().__init__(where + reason)
        self.kind, self.reason, self.index = kind, reason, index
        self.status = self.STATUS[kind]


# -- the token ----------------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    if value is UNKNOWN:
        return None
    return list(value) if isinstance(value, tuple) else value


def encode(answers: list[tuple[str, Any]]) -> str:
    """The token for ``answers`` (empty string for none): version, then deflated JSON in base64url."""
    if not answers:
        return ""
    raw = json.dumps([[k, _plain(v)] for k, v in answers], ensure_ascii=False, separators=(",", ":"))
    return VERSION + base64.urlsafe_b64encode(zlib.compress(raw.encode("utf-8"), 9)).decode("ascii").rstrip("=")


def decode(token: str) -> list[tuple[str, Any]]:
    """The answers a token carries; StateError when it is broken or too large."""
    if not token:
        return []
    if len(token) > MAX_TOKEN:
        raise StateError("too_large", f"the interview state is {len(token)} characters; at most {MAX_TOKEN}")
    if token[0] != VERSION:
        raise StateError("broken", "the interview state was written by another version of this page: start again")
    try:
        packed = base64.urlsafe_b64decode(token[1:] + "=" * (-len(token[1:]) % 4))
        inflate = zlib.decompressobj()
        raw = inflate.decompress(packed, MAX_STATE)
        if inflate.unconsumed_tail:
            raise StateError("too_large", f"the interview state inflates past {MAX_STATE} bytes")
        data = json.loads(raw.decode("utf-8"))
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError) as e:
        if isinstance(e, StateError):
            raise
        raise StateError("broken", "the interview state is damaged (it does not decode): start again") from None
    if not isinstance(data, list) or not all(isinstance(x, list) and len(x) == 2 for x in data):
        raise StateError("broken", "the interview state is damaged (not a list of [question, answer]): start again")
    return check_shape([(k, v) for k, v in data])


def _scalar(v: Any) -> bool:
    return v is None or isinstance(v, (str, int, bool))


def check_shape(answers: list) -> list[tuple[str, Any]]:
    """Answers as (key, value) with a text key and a scalar or list value; StateError otherwise."""
    if len(answers) > MAX_ANSWERS:
        raise StateError("too_large", f"{len(answers)} answers; an interview has at most {MAX_ANSWERS}")
    out = []
    for i, (key, value) in enumerate(answers, 1):
        if not isinstance(key, str) or not key or len(key) > 200:
            raise StateError("broken", f"the question key must be a short text, found {key!r}", i)
        if not (_scalar(value) or (isinstance(value, list) and all(_scalar(x) and x is not None for x in value))):
            raise StateError("invalid", f"expected a value, a list of values or null, "
                             f"found {type(value).__name__}", i, key)
        out.append((key, value))
    return out


# -- the replay ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Snapshot:
    """An interview replayed: canonical answers, the questions they answered, and where it stands."""

    answers: tuple  # ((key, value), ...) canonical; UNKNOWN for "not known"
    asked: tuple  # ((Question, value), ...) the question each answer settled
    step: Question | Ruling
    kinds: tuple | None  # the kinds of incident named
    facts: dict  # the established facts, as an incident's facts mapping

    @property
    def token(self) -> str:
        return encode(list(self.answers))

    def with_answer(self, key: str, value: Any) -> str:
        """The token of these answers plus one more (not checked: the next replay checks it)."""
        return encode(list(self.answers) + [(key, value)])

    def back(self) -> str:
        return encode(list(self.answers[:-1]))

    def incident_yaml(self, title: str) -> str:
        """The incident file `bridgelaw rule` reads, stating the facts established."""
        return incident_text(self.facts, source="bridgelaw serve (interview)", title=title)


class Service:
    """The knowledge and one compiled engine, loaded once; interviews are replayed under a lock.

    Replaying n answers runs the engine n+1 times; the answers a page sends
    usually extend answers replayed a moment before, so the service remembers
    the last ``CACHE`` prefixes it checked (as sent, with their canonical form
    and questions) and replays only what is new.
    """

    CACHE = 1024

    def __init__(self, knowledge: Knowledge):
        self.knowledge = knowledge
        self.vocab = knowledge.vocabulary
        self.engine = Engine(knowledge)
        self.lock = threading.Lock()
        self._seen: OrderedDict = OrderedDict()  # frozen answers as sent -> (canonical answers, asked)

    def replay(self, answers: list[tuple[str, Any]]) -> Snapshot:
        """Replay ``answers`` (value None = not known) through a fresh Interview; StateError on the first misfit."""
        answers = check_shape(list(answers))
        with self.lock:
            interview = Interview(self.knowledge, self.engine)
            done, asked = self._resume(interview, answers)
            for i, (key, value) in enumerate(answers[done:], done + 1):
                q = interview.step()
                self._check_key(i, key, q)
                if q.multiple and not value:
                    raise StateError("invalid", "pick at least one", i, key)
                try:
                    v = interview.answer(UNKNOWN if value is None else value, key)
                except AnswerError as e:
                    raise StateError("invalid", f"{e}; allowed: {allowed(q)}", i, key) from None
                asked.append((q, v))
                self._remember(answers[:i], interview.answers, asked)
            step = interview.step()
            facts = interview.facts_data() if isinstance(step, Ruling) else {}
            return Snapshot(tuple(interview.answers), tuple(asked), step, interview.kinds_chosen(), facts)

    def _resume(self, interview: Interview, answers: list) -> tuple[int, list]:
        """Start ``interview`` from the longest prefix of ``answers`` already checked: (its length, its questions)."""
        for n in range(len(answers), 0, -1):
            hit = self._seen.get(_frozen(answers[:n]))
            if hit is not None:
                self._seen.move_to_end(_frozen(answers[:n]))
                interview.answers = list(hit[0])
                return n, list(hit[1])
        return 0, []

    def _remember(self, sent: list, canonical: list, asked: list) -> None:
        self._seen[_frozen(sent)] = (tuple(canonical), tuple(asked))
        while len(self._seen) > self.CACHE:
            self._seen.popitem(last=False)

    def _check_key(self, i: int, key: str, q: Question | Ruling) -> None:
        self.check_names(i, key)
        if isinstance(q, Ruling):
            raise StateError("stale", f"the ruling was already reached after {i - 1} answer(s); "
                             "there is no question to answer", i, key)
        if key != q.key:
            raise StateError("stale", f"the question asked at this point is '{q.key}' "
                             "(the answers do not fit the interview: start again, or go back)", i, key)

    def check_names(self, i: int, key: str) -> None:
        """StateError (invalid) when ``key`` names a template or slot the vocabulary does not know."""
        templates = self.vocab.templates
        try:
            k = keys.parse(key)
        except ValueError as e:
            raise StateError("invalid", str(e), i) from None
        if isinstance(k, keys.Incident):
            return
        name = k.template
        if name not in templates:
            raise StateError("invalid", f"unknown template '{name}'; "
                             + suggest(name, templates, "the vocabulary").replace("\n", "; "), i, key)
        if isinstance(k, keys.SlotKey) and k.slot not in templates[name].slots:
            raise StateError("invalid", f"unknown slot '{k.slot}' in {name}; "
                             + suggest(k.slot, templates[name].slots, name).replace("\n", "; "), i, key)


def _frozen(answers: list) -> tuple:
    """A hashable form of answers as sent; the type is kept, for True == 1 in Python."""
    def one(v):
        return (type(v).__name__, tuple(map(one, v)) if isinstance(v, list) else v)
    return tuple((k, one(v)) for k, v in answers)


def allowed(q: Question) -> str:
    """What ``q`` accepts, in the canonical form the JSON API uses."""
    if q.choices:
        text = ", ".join(json.dumps(c.value, ensure_ascii=False) for c in q.choices)
        text = f"a list of {text}" if q.multiple else text
    else:
        text = f"a {q.type} written as text"
    return text + (", or null (not known)" if q.allow_unknown else "")
