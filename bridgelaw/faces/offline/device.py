"""The offline page's ruling log, kept on the device: the browser's IndexedDB holds the entries (app.js), this
module makes and shows them, in the log's own words and templates (bridgelaw/log/).

    /log/save?s=...&lang=ru                  the form: event, board, table, director
    /log/save?s=...&event=E&board=7&...      the entry made: the reply's ``keep`` (app.js stores it), then the list
    /log?event=E&law=64A&board=7             the entries kept, searched as the served log is
    /log/export                              every entry kept, as the file ``bridgelaw log import`` reads

What app.js keeps is an entry as the JSON export holds it (log/record.py ``exported``); it gives them all back
with each /log request as the parameter ``kept`` (a JSON list, oldest first)."""
from __future__ import annotations

import json
from types import SimpleNamespace
from urllib.parse import urlencode

from ...log.record import Entry, export_json, exported, indexed, law_key
from ...log.saving import render, ruled_entry
from ..web.render import Reply

FILENAME = "bridgelaw-log.json"


def _html(template: str, lang: str, **ctx) -> Reply:
    return Reply(render(template, lang, device=True, need_token=False, **ctx))


def _kept(one: dict) -> list[dict]:
    try:
        kept = json.loads(one.get("kept") or "[]")
    except ValueError:
        return []
    return [d for d in kept if isinstance(d, dict)] if isinstance(kept, list) else []


def request(service, path: str, one: dict, lang: str, knowledge: str | None) -> tuple[Reply, dict | None]:
    """The reply to a /log request, and the entry to keep (or None)."""
    kept = _kept(one)
    if path == "/log/save":
        if "board" not in one:
            return _html("web_save.html", lang, s=one.get("s", ""), event=one.get("event", ""), error=""), None
        e, error = ruled_entry(service, one, lang, knowledge)
        if e is None:
            return _html("web_save.html", lang, s=one.get("s", ""), event=one.get("event", "").strip(),
                         error=error), None
        where = "/log?" + urlencode({"event": e.event, "lang": lang, "saved": len(kept) + 1})
        return Reply(location=where), exported(e)
    if path == "/log/export":
        return Reply(export_json(kept), media_type="application/json; charset=utf-8", filename=FILENAME), None
    return listing(kept, one, lang), None


def listing(kept: list[dict], one: dict, lang: str) -> Reply:
    """The entries kept that match the search (event, law, board), newest first, numbered in the order kept."""
    event, law, board = one.get("event", "").strip(), one.get("law", "").strip(), one.get("board", "").strip()
    rows = []
    for n, d in enumerate(kept, 1):
        laws = tuple(d.get("laws") or ())
        if event and d.get("event") != event:
            continue
        if board and str(d.get("board")) != board:
            continue
        if law and law_key(law) not in indexed(Entry(uid="", kind="ruling", created="", event="", laws=laws)):
            continue
        rows.append(SimpleNamespace(id=n, created=d.get("created") or "", kind=d.get("kind") or "ruling",
                                    board=d.get("board"), table_no=d.get("table"), director=d.get("director"),
                                    laws=" ".join(laws), result=d.get("result")))
    rows.reverse()
    saved = one.get("saved")
    return _html("web_list.html", lang, event=event, law=law, board=board, rows=rows, total=len(rows),
                 saved=int(saved) if saved and saved.isdigit() else None, count=len(kept))
