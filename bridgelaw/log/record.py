"""One entry of the ruling log as plain data: what is kept, and the laws it cites (no database here).

An entry is a ruling (``kind: ruling``), a correction of one (``correction``: Laws 79C, 82C) or an
appeal's outcome (``appeal``: Laws 92, 93); the last two name the entry they are about (``links``,
its ``uid``).  The ruling is the versioned JSON ``bridgelaw rule --json`` gives, kept as compact
text in the order its keys came (``canonical``), so an export read back is the same text.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

KINDS = ("ruling", "correction", "appeal")
OUTCOMES = ("upheld", "changed", "withdrawn")  # an appeal's outcome (93B3: the committee may vary the ruling)
CORRECTION_LAWS = ("79C", "82C")
APPEAL_LAWS = ("92", "93")
EDITION = 2017  # the knowledge's laws edition: its files' headers admit only 2017 (read/schemas.py)
FORMAT = 1  # the JSON export's version: {"bridgelaw_log": 1, "entries": [...]} (transfer.py reads it)


@dataclass(frozen=True)
class Entry:
    """One record of the log, as exported (``FIELDS`` in this order)."""

    uid: str
    kind: str
    created: str  # UTC, 'YYYY-MM-DDTHH:MM:SS.ffffffZ' (sorts as it reads)
    event: str
    event_date: str | None = None  # ISO date
    scoring: str | None = None  # the event's form of scoring (pairs, teams, ...)
    session: str | None = None
    board: int | None = None
    table: str | None = None
    director: str | None = None
    links: str | None = None  # the uid of the entry a correction or an appeal is about
    law: str | None = None  # a correction's or an appeal's own law (79C, 82C, 92, 93)
    outcome: str | None = None  # an appeal's outcome (OUTCOMES)
    note: str | None = None  # what the director or the committee says of it
    incident: str | None = None  # the facts, as the incident YAML the program reads
    ruling: str | None = None  # the ruling's JSON (canonical text)
    result: str | None = None  # the result line, in the entry's language
    score: str | None = None  # the score for each side, JSON ({"NS": 420, "EW": -420})
    laws: tuple = field(default_factory=tuple)  # every law the entry cites, in the ruling's order
    knowledge: str | None = None  # SHA-256 of the knowledge and vocabulary files that ruled
    edition: int | None = EDITION
    lang: str = "ru"

    def to_dict(self) -> dict:
        d = asdict(self)
        d["laws"] = list(self.laws)
        return d

    @property
    def ruling_dict(self) -> dict | None:
        return json.loads(self.ruling) if self.ruling else None


FIELDS = tuple(f.name for f in fields(Entry))


def exported(e: Entry) -> dict:
    """An entry as the JSON export holds it: every field, the ruling as JSON (not text)."""
    d = e.to_dict()
    d["ruling"] = json.loads(e.ruling) if e.ruling else None
    return d


def export_json(entries: list[dict]) -> str:
    """The JSON export of entries given as ``exported`` makes them (``log export --json``, the offline page's
    export: ``log import`` reads both)."""
    return json.dumps({"bridgelaw_log": FORMAT, "entries": entries}, ensure_ascii=False, indent=1) + "\n"


def now() -> str:
    return dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def canonical(ruling: dict) -> str:
    return json.dumps(ruling, ensure_ascii=False, separators=(",", ":"))


def cites(ruling: dict | None) -> list[str]:
    """The laws a ruling cites, each once, in reading order: its elements, the result's steps, the laws
    reached but not encoded."""
    if not ruling:
        return []
    found = [e.get("cite") for e in ruling.get("elements") or []]
    found += [s.get("cite") for s in ((ruling.get("result") or {}).get("steps") or [])]
    found += [n.get("cite") for n in ruling.get("not_encoded") or []]
    return list(dict.fromkeys(c for c in found if c))


_PART = re.compile(r"\d+|[A-Za-z]+|\([^)]*\)|[^\s]")


def prefixes(cite: str) -> list[str]:
    """A cite and every law it falls under: '12C1(c)' -> 12, 12C, 12C1, 12C1(c) (a search for 12C finds it)."""
    parts = _PART.findall(cite)
    return ["".join(parts[:i]) for i in range(1, len(parts) + 1)]


def law_key(text: str) -> str:
    """What a director types for a law ('64a', 'Law 64A', ' 12C1(c) ') as the log keeps it."""
    t = re.sub(r"^(law|правило)\s*", "", text.strip(), flags=re.I).replace(" ", "")
    m = re.match(r"(\d+)([A-Za-z]?)(.*)$", t)
    return f"{m.group(1)}{m.group(2).upper()}{m.group(3)}" if m else t


def indexed(entry: Entry) -> list[str]:
    """The keys an entry is found by under ``--law``: every prefix of every law it cites."""
    return list(dict.fromkeys(p for c in entry.laws for p in prefixes(c)))


def knowledge_digest(root: Path) -> str:
    """SHA-256 over the files the engine loads (engine.load: the vocabulary, the laws' table, the law files,
    the irregularities a director can name), their names relative to the root and their contents."""
    from ..read.irregularities import FILE as IRREGULARITIES
    from ..read.knowledge import find_files
    from ..read.vocabulary import vocabulary_files
    vocabulary, index, _, law_files = find_files(root)
    h = hashlib.sha256()
    for path in [*vocabulary_files(vocabulary), index, *law_files, root / IRREGULARITIES]:
        try:
            h.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
        except (OSError, ValueError):
            h.update(str(path).encode() + b"\0missing\0")
    return h.hexdigest()


def new_uid() -> str:
    """A random (version 4) UUID as text, as ``str(uuid.uuid4())`` gives: the uuid module loads ``platform``,
    a tenth of what ``rule --log`` may add to a ruling."""
    b = bytearray(os.urandom(16))
    b[6] = b[6] & 0x0F | 0x40  # version 4
    b[8] = b[8] & 0x3F | 0x80  # the RFC 4122 variant
    h = b.hex()
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def entry(ruling: dict | None, incident: str | None, lang: str, *, event: str, kind: str = "ruling",
          links: str | None = None, law: str | None = None, outcome: str | None = None, note: str | None = None,
          event_date: str | None = None, scoring: str | None = None, session: str | None = None,
          board: int | None = None, table: str | None = None, director: str | None = None,
          knowledge: str | None = None) -> Entry:
    """A new entry (a fresh uid, stamped now) for a ruling given as its JSON dict."""
    result = (ruling or {}).get("result") or {}
    text = result.get("text") or {}
    laws = ([law] if law else []) + cites(ruling)
    return Entry(uid=new_uid(), kind=kind, created=now(), event=event, event_date=event_date,
                 scoring=scoring, session=session, board=board, table=table, director=director, links=links,
                 law=law, outcome=outcome, note=note, incident=incident,
                 ruling=canonical(ruling) if ruling is not None else None,
                 result=text.get(lang) if text else None,
                 score=json.dumps(result["score"], separators=(",", ":")) if result.get("score") else None,
                 laws=tuple(dict.fromkeys(laws)), knowledge=knowledge, edition=EDITION, lang=lang)
