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
is allowed.

Bounded work: answers that would state more facts of a kind than one board
holds (the template's ``max``) are refused (413) before anything is replayed;
a replay runs to a per-request BUDGET of seconds and stops there (413, with the
answers checked so far remembered, so a retry goes on from them).  experta
engines are not thread-safe, so the service keeps a small pool of engines, one
per replay running at a time (at most POOL; a request that finds none free
within WAIT seconds gets 503); a Snapshot holds only plain data.  A request
that carries a deal may read a long PBN and search a claim's lines to their
work budget (the solver serves one search at a time), and one that replays
many answers not remembered runs to its budget: admission is by cost.  A
request is long when it carries a deal or its answers past the remembered
prefix weigh more than SHORT (an answer weighs 1, a long list or text more);
long requests hold at most POOL - 1 engines together, so one is always left
for the short ones (a page's next answer, the first question).
"""
from __future__ import annotations

import base64
import binascii
import json
import queue
import threading
import time
from collections import OrderedDict
import zlib
from dataclasses import dataclass, replace
from typing import Any

from ...engine import Engine
from ...errors import suggest
from ...values import shown
from ...read.incident import incident_text
from ..interview import CARDS, UNKNOWN, AnswerError, Interview, Question
from .. import keys
from ...model import Knowledge
from ...explain.ruling import Ruling

MAX_ANSWERS = 200
MAX_TOKEN = 16_384  # characters of a token in a link
MAX_STATE = 65_536  # bytes of a token's JSON once inflated
VERSION = "1"
BUDGET = 2.0  # seconds of replay one request may take
POOL = 4  # engines, so replays at most this many at a time
WAIT = 10.0  # seconds a request may wait for a free engine
# The page's settings, carried first in the answers like an answer (so every link keeps them): the Regulating
# Authority whose regulations the ruling is made under (regulations/NAME.yaml, as ``rule --ra``) and the day
# whose elections and amendments apply (``--as-of``).  No question asks them.
SETTING_RA, SETTING_AS_OF = "setting:ra", "setting:as_of"
SETTINGS = (SETTING_RA, SETTING_AS_OF)
RA_ENGINES = 8  # engines kept for authorities and days other than the default, the least recently used dropped
SHORT = 12  # the weight of new answers a short request replays at most (see ``weight``)


class StateError(ValueError):
    """A state the server cannot continue: ``status`` (HTTP), ``kind`` and a message that says why."""

    STATUS = {"broken": 400, "invalid": 422, "stale": 409, "too_large": 413, "busy": 503}

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
    except RecursionError:  # JSON nested thousands deep: no interview looks like that
        raise StateError("broken", "the interview state is damaged (nested far too deep): start again") from None
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
            raise StateError("broken", f"the question key must be a short text, found {shown(key)}", i)
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
    asked: tuple  # ((Question, value), ...) the question each answer settled, as the answers so far show it (_shown)
    step: Question | Ruling
    kinds: tuple | None  # the kinds of incident named
    facts: dict  # the established facts, as an incident's facts mapping
    cards: str | None = None  # the deal pasted in (PBN or LIN), if any
    offers_cards: bool = False  # a revoke, defective trick or claim is being told and no deal is given yet

    @property
    def token(self) -> str:
        return encode(list(self.answers))

    def with_answer(self, key: str, value: Any) -> str:
        """The token of these answers plus one more (not checked: the next replay checks it)."""
        return encode(list(self.answers) + [(key, value)])

    def back(self) -> str:
        told = [i for i, (k, _) in enumerate(self.answers) if k not in SETTINGS]
        return encode([a for i, a in enumerate(self.answers) if not told or i != told[-1]])

    @property
    def settings(self) -> dict:
        """The page's settings in force: {"ra": NAME, "as_of": DAY}, each only when set."""
        return {k.split(":", 1)[1]: v for k, v in self.answers if k in SETTINGS}

    @property
    def told(self) -> int:
        """How many answers the director gave (the settings are none)."""
        return sum(1 for k, _ in self.answers if k not in SETTINGS)

    def incident_yaml(self, title: str) -> str:
        """The incident file `bridgelaw rule` reads, stating the facts established."""
        text = incident_text(self.facts, source="bridgelaw serve (interview)", title=title,
                             cards={"text": self.cards} if self.cards else None)
        s = self.settings  # the page's authority and day: `rule` on the file rules under them too
        return text + (f"ra: {s['ra']}\n" if "ra" in s else "") + (f"as_of: \"{s['as_of']}\"\n" if "as_of" in s else "")


class Service:
    """The knowledge, loaded once, and a pool of engines compiled from it; interviews are replayed
    on an engine of the pool, several at a time.

    Replaying n answers runs the engine n+1 times; the answers a page sends
    usually extend answers replayed a moment before, so the service remembers
    the last ``CACHE`` prefixes it checked (as sent, with their canonical form
    and questions) and replays only what is new.
    """

    CACHE = 1024
    # Each engine of the pool (and each authority's) compiles the knowledge's components whole, each on its first need
    # (Engine(whole=True)): 28 engines, 10 MB an engine of the pool, then never compiled again.  Engines for the parts
    # incidents apply (what `rule` compiles) met ever new combinations of kinds under 50 sessions: kept 24 an engine,
    # the least recently used let go, they were compiled again 8 times a second (61% of the parts asked for, 27 ms
    # each: a quarter of the server's CPU) and the memory followed the compiles; a whole component's engine rules an
    # incident about as fast (12.7 ms a request against 12.3 without the compiles, 16.9 with them).

    # What the open questions remember per knowledge (explain/why.py: the ways a production waits over the same
    # facts, ~1 KB each, holding those facts): a process ruling a batch keeps 20,000, a server over 50 sessions
    # remembered them for every restricted knowledge of every pool engine, filling for many minutes (9.4 MB after 150
    # random interviews on one engine, no plateau): it keeps this many, emptied when full.
    MEMO = 2_000
    # The texts of ruling elements and HOW lines remembered per vocabulary (run/record.py; one vocabulary for the whole
    # pool): a batch keeps 20,000 each, filled by a server's wandering sessions (every card and number a new text) long
    # after the first minute; a text not remembered is made again in microseconds.
    TEXTS = 2_000

    def __init__(self, knowledge: Knowledge, budget: float = BUDGET, pool: int = POOL):
        memos = knowledge.memos  # the server's caps go with its knowledge (and its parts), not into module globals
        self.knowledge = knowledge = replace(knowledge, memos=replace(
            memos, ways=min(memos.ways, self.MEMO), texts=min(memos.texts, self.TEXTS)))
        self.vocab = knowledge.vocabulary
        self.budget, self.pool = budget, pool
        self.stopping = False  # set on SIGTERM (app.serve): a replay in flight ends with a 503 at its next answer
        self._engines: queue.LifoQueue = queue.LifoQueue()  # the free ones, the most recently used (warmest) first
        self._engines.put(self._new_engine())
        self._made = 1
        self._lock = threading.Lock()  # guards the pool's count and the remembered prefixes, never a replay
        self._long = threading.BoundedSemaphore(max(1, pool - 1))  # the engines long requests may hold together
        self._seen: OrderedDict = OrderedDict()  # frozen answers as sent -> (canonical answers, asked)

    def warm(self, compile: bool = False) -> None:
        """Fill the pool, each engine having asked the first question: a request that finds the warmest
        engine busy is then answered by another without compiling first.  ``compile``: every engine compiles
        every component now (`serve`: 2.2 CPU-s for 4 engines), so that the server's memory does not grow with
        the kinds of incident it meets later (compiled lazily, the pool's least used engines compiled theirs for
        minutes under 50 sessions: 129 -> 177 MB after the first minute)."""
        with self._lock:
            new, self._made = self.pool - self._made, self.pool
        for _ in range(new):
            engine = self._new_engine()
            Interview(self.knowledge, engine).step()
            self._engines.put(engine)
        if compile:
            engines = [self._engines.get() for _ in range(self.pool)]  # before any request: all free
            for engine in engines:
                engine._partitions.warm()
            for engine in reversed(engines):
                self._engines.put(engine)

    def _new_engine(self) -> Engine:
        return Engine(self.knowledge, whole=True)

    def _engine(self) -> Engine:
        """A free engine: one of the pool's, a new one while the pool is not full, else the first freed."""
        try:
            return self._engines.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            grow = self._made < self.pool
            self._made += grow
        if grow:
            return self._new_engine()
        try:
            return self._engines.get(timeout=WAIT)
        except queue.Empty:
            raise StateError("busy", f"every one of the server's {self.pool} engines is busy: try again"
                             " in a moment") from None

    def replay(self, answers: list[tuple[str, Any]]) -> Snapshot:
        """Replay ``answers`` (value None = not known) through a fresh Interview; StateError on the first misfit."""
        answers = check_shape(list(answers))
        self.check_counts(answers)
        if self.stopping:
            raise StateError("busy", "the server is stopping: send the answers again when it is back")
        done = self._remembered(answers)
        # slow work may follow: the cards read, a claim searched, or many answers replayed to the budget
        long = any(key == CARDS for key, _ in answers) or sum(map(weight, answers[done[0]:])) > SHORT
        if long and not self._long.acquire(timeout=WAIT):
            raise StateError("busy", f"{max(1, self.pool - 1)} long requests are being worked on: try again"
                             " in a moment")
        settings = self._settings(answers)
        try:
            if settings:  # another authority or day: its own engine, one request at a time
                engine, lock = self._engine_for(settings)
                if not lock.acquire(timeout=WAIT):
                    raise StateError("busy", "the engine for these regulations is busy: try again in a moment")
                try:
                    return self._replay(engine, answers, time.monotonic() + self.budget)
                finally:
                    lock.release()
            engine = self._engine()
            try:
                return self._replay(engine, answers, time.monotonic() + self.budget, done)
            finally:
                self._engines.put(engine)
        finally:
            if long:
                self._long.release()

    def _replay(self, engine: Engine, answers: list, deadline: float, done: tuple = (0, (), ())) -> Snapshot:
        interview = Interview(self.knowledge, engine)
        interview.answers = list(done[1])
        done, asked = done[0], list(done[2])
        for i, (key, value) in enumerate(answers[done:], done + 1):
            if key in SETTINGS:  # checked and applied before the replay (_settings): no question answers it
                continue
            if self.stopping:  # SIGTERM: the requests in flight are answered, not cut off
                raise StateError("busy", "the server is stopping: send the answers again when it is back", i, key)
            if time.monotonic() > deadline:
                raise StateError("too_large", f"replaying the answers takes over {self.budget:g} s, the"
                                 f" server's limit; {i - 1} were checked: send them again to go on", i, key)
            if key == CARDS:  # the deal pasted in, at any question (the cards then answer what they show)
                if not isinstance(value, str):
                    raise StateError("invalid", f"the deal pasted in is a text (a PBN or LIN record), not"
                                     f" {shown(value)}", i, key)
                try:
                    interview.give_cards(value)
                except AnswerError as e:
                    raise StateError("invalid", str(e), i, key) from None
                self._remember(answers[:i], interview.answers, asked)
                continue
            q = interview.step()
            self._check_key(i, key, q)
            if q.multiple and not value and not (value is None and q.allow_unknown):  # "not known" is null
                raise StateError("invalid", "pick at least one", i, key)
            try:
                v = interview.answer(UNKNOWN if value is None else value, key)
            except AnswerError as e:
                raise StateError("invalid", f"{e}; allowed: {allowed(q)}", i, key) from None
            asked.append((_shown(q, v), v))
            self._remember(answers[:i], interview.answers, asked)
        step = interview.step()
        facts = interview.facts_data() if isinstance(step, Ruling) else {}
        settings = tuple((k, v) for k, v in answers if k in SETTINGS)
        return Snapshot(settings + tuple(interview.answers), tuple(asked), step, interview.kinds_chosen(), facts,
                        interview.cards_given(), isinstance(step, Question) and interview.offers_cards())

    def _settings(self, answers: list) -> dict:
        """The page's settings the answers carry, checked: {"ra": name, "as_of": day}; StateError (invalid) naming
        what is allowed.  Only before the first answer: the answers told under one authority are its."""
        from ...read.regulations import valid_date
        out = {}
        for i, (key, value) in enumerate(answers, 1):
            if key not in SETTINGS:
                continue
            if any(k not in SETTINGS for k, _ in answers[:i]):
                raise StateError("invalid", "a setting comes before the answers", i, key)
            if key == SETTING_RA:
                known = self.knowledge.regulations or {}
                if not isinstance(value, str) or value.lower() not in known:
                    raise StateError("invalid", f"no regulations for {shown(value)}; "
                                     f"{suggest(str(value), known, 'the Regulating Authorities')}", i, key)
                out["ra"] = value.lower()
            elif not isinstance(value, str) or not valid_date(value):
                raise StateError("invalid", f"a day is written YYYY-MM-DD, found {shown(value)}", i, key)
            else:
                out["as_of"] = value
        return out

    def _engine_for(self, settings: dict) -> tuple:
        """The engine (and its lock) for an authority and day other than the default, compiled once."""
        key = (settings.get("ra"), settings.get("as_of"))
        with self._lock:
            kept = self.__dict__.setdefault("_ra_engines", OrderedDict())
            if key not in kept:
                kept[key] = (Engine(self.knowledge, *key, whole=True), threading.Lock())
                while len(kept) > RA_ENGINES:
                    kept.popitem(last=False)
            kept.move_to_end(key)
            return kept[key]

    def _remembered(self, answers: list) -> tuple[int, tuple, tuple]:
        """The longest prefix of ``answers`` already checked: (its length, its canonical answers, its questions)."""
        for n in range(len(answers), 0, -1):
            key = _frozen(answers[:n])
            with self._lock:
                hit = self._seen.get(key)
                if hit is not None:
                    self._seen.move_to_end(key)
            if hit is not None:
                return n, hit[0], hit[1]
        return 0, (), ()

    def _remember(self, sent: list, canonical: list, asked: list) -> None:
        with self._lock:
            self._seen[_frozen(sent)] = (tuple(canonical), tuple(asked))
            while len(self._seen) > self.CACHE:
                self._seen.popitem(last=False)

    def check_counts(self, answers: list) -> None:
        """StateError (too_large) when ``answers`` would state more facts of a kind than one board holds
        (its template's ``max``): found before any replay, so such a request costs nothing."""
        templates = self.vocab.templates
        counts: dict[str, int] = {}
        for i, (key, value) in enumerate(answers, 1):
            try:
                k = keys.parse(key)
            except ValueError:
                continue  # the replay says what is wrong with it
            if isinstance(k, keys.Incident) and isinstance(value, list):
                for name in {v for v in value if isinstance(v, str)}:
                    counts[name] = counts.get(name, 0) + 1
            elif isinstance(k, keys.Exists) and value is True:
                counts[k.template] = counts.get(k.template, 0) + 1
            elif isinstance(k, keys.SlotKey):  # the fact's number says how many there are (revoke-14: 14)
                counts[k.template] = max(counts.get(k.template, 0), k.number)
            else:
                continue
            over = [n for n, c in counts.items() if n in templates and c > templates[n].max]
            if over:
                raise StateError("too_large", f"more than {templates[over[0]].max} facts of {over[0]}: an"
                                 " interview is about one board, which holds no more", i, key)

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


def weight(answer: tuple[str, Any]) -> int:
    """The replay cost of one answer, roughly in answers: 1, and 1 more for each 10 items of a list or 100
    characters of a text (an auction's calls, a pasted deal)."""
    value = answer[1]
    if isinstance(value, list):
        return 1 + len(value) // 10
    if isinstance(value, str):
        return 1 + len(value) // 100
    return 1


def _shown(q: Question, value: Any) -> Question:
    """``q`` as the answers so far show it (view.asked_lines): its text and the choices ``value`` picked, without
    the rest of its choices, its help and why-list.  What the remembered prefixes keep: with whole questions (the first
    screen's carries every irregularity and every law waiting) 1,024 of them held 12 MB of a server's memory, 3.7 light."""
    picked = value if q.multiple and isinstance(value, tuple) else (value,)
    return replace(q, choices=tuple(c for c in q.choices if c.value in picked), why=(), groups=(), help=None,
                   coerce=None)


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
