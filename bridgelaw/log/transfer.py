"""Export and import: the log's entries as a JSON file (``{"bridgelaw_log": 1, "entries": [...]}``, each entry
with every field of record.Entry and its ruling as JSON) or as CSV (one row per entry, the same fields, the
ruling as its JSON text, the laws space-separated).  ``log import`` reads both, and the file the offline page
exports; an export read back into an empty log exports the same file again."""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from .record import FIELDS, FORMAT, Entry, canonical, export_json, exported
from .lean import LogError


def to_json(entries) -> str:
    return export_json([exported(e) for e in entries])


def to_csv(entries) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(FIELDS)
    for e in entries:
        d = e.to_dict()
        d["laws"] = " ".join(e.laws)
        w.writerow(["" if d[k] is None else d[k] for k in FIELDS])
    return buf.getvalue()


_INT = ("board", "edition")


def _entry(d: dict, where: str) -> Entry:
    if not isinstance(d, dict):
        raise LogError(where, "expected an entry (an object with uid, kind, created, event, ...)")
    unknown = sorted(set(d) - set(FIELDS))
    missing = [k for k in ("uid", "kind", "created", "event", "lang") if not d.get(k)]
    if unknown or missing:
        raise LogError(where, (f"unknown fields {', '.join(unknown)}" if unknown else "")
                       + ("; " if unknown and missing else "") + (f"missing {', '.join(missing)}" if missing else "")
                       + f"; an entry has the fields {', '.join(FIELDS)}")
    d = dict(d)
    ruling = d.get("ruling")
    d["ruling"] = canonical(ruling) if isinstance(ruling, dict) else ruling
    laws = d.get("laws") or ()
    d["laws"] = tuple(laws.split() if isinstance(laws, str) else laws)
    for k in _INT:
        if isinstance(d.get(k), str):
            try:
                d[k] = int(d[k])
            except ValueError:
                raise LogError(where, f"{k}: expected a whole number, got {d[k]!r}")
    from .record import KINDS
    if d["kind"] not in KINDS:
        raise LogError(where, f"kind: expected one of {', '.join(KINDS)}, got {d['kind']!r}")
    return Entry(**d)


def read(path: Path, shown: str) -> list[Entry]:
    """The entries of an exported file (JSON or CSV, told by its first character)."""
    text = path.read_text(encoding="utf-8-sig")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise LogError(f"{shown}:{e.lineno}:{e.colno}", f"not JSON: {e.msg}")
        if not isinstance(data, dict) or data.get("bridgelaw_log") != FORMAT or not isinstance(data.get("entries"), list):
            raise LogError(shown, f'expected a log export: {{"bridgelaw_log": {FORMAT}, "entries": [...]}}')
        return [_entry(d, f"{shown}: entry {i}") for i, d in enumerate(data["entries"], 1)]
    rows = list(csv.DictReader(io.StringIO(text, newline="")))
    out = []
    for i, row in enumerate(rows, 2):
        d = {k: (None if v == "" and k not in ("laws",) else v) for k, v in row.items()}
        if None in d:
            raise LogError(f"{shown}:{i}", "more cells than the header names")
        out.append(_entry(d, f"{shown}: row {i}"))
    return out
