"""The offline page's ruling log, kept on the device: the browser's IndexedDB holds the entries (app.js), this
module makes and shows them, in the log's own words and templates (bridgelaw/log/).

    /log/save?s=...&lang=ru                  the form: event, board, table, director
    /log/save?s=...&event=E&board=7&...      the entry made: the reply's ``keep`` (app.js stores it), then the list
    /log?event=E&law=64A&board=7             the entries kept, searched as the served log is
    /log/export                              every entry kept, as the file ``bridgelaw log import`` reads
    /log/N/print                             entry N's printable record, in its ruling's language (log/printed.py)
    /log/N/delete?lang=ru                    asks to confirm the deletion of entry N, naming it
    /log/N/delete?uid=U&lang=ru              deletes it: the reply's ``forget`` (app.js deletes it), then the list

What app.js keeps is an entry as the JSON export holds it (log/record.py ``exported``); it gives them all back
with each /log request as the parameter ``kept`` (a JSON list, oldest first).  N is an entry's place in that
list, from 1; a deletion names the entry's uid too, so a list that changed meanwhile never loses another."""
from __future__ import annotations

import json
import re
from html import escape
from types import SimpleNamespace
from urllib.parse import urlencode

from ...log.lean import LogError
from ...log.record import Entry, export_json, exported, indexed, law_key
from ...log.saving import render, ruled_entry
from ...log.words import word
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
    """The reply to a /log request, and what app.js is to do with the device's store: {"keep": entry} or
    {"forget": uid} (or None)."""
    kept = _kept(one)
    if path == "/log/save":
        if "board" not in one:
            return _html("web_save.html", lang, s=one.get("s", ""), event=one.get("event", ""), error=""), None
        e, error = ruled_entry(service, one, lang, knowledge)
        if e is None:
            return _html("web_save.html", lang, s=one.get("s", ""), event=one.get("event", "").strip(),
                         error=error), None
        where = "/log?" + urlencode({"event": e.event, "lang": lang, "saved": len(kept) + 1})
        return Reply(location=where), {"keep": exported(e)}
    if path == "/log/export":
        return Reply(export_json(kept), media_type="application/json; charset=utf-8", filename=FILENAME), None
    m = re.fullmatch(r"/log/(\d+)/(print|delete)", path)
    if m:
        n = int(m.group(1))
        entry = _entry(kept, n)
        if entry is None:
            return Reply(f'<p class="error" role="alert">{escape(word("web.no_entry", lang, id=n))}</p>'
                         f'<p><a class="btn" href="/log?lang={lang}">{escape(word("device.log", lang))}</a></p>',
                         status=404), None
        if m.group(2) == "print":
            return printed(kept, n, one.get("lang") or None), None
        if one.get("uid") == entry.uid:
            where = "/log?" + urlencode({"lang": lang, "deleted": n})
            return Reply(location=where), {"forget": entry.uid}
        return _html("device_delete.html", lang, n=n, e=entry), None
    return listing(kept, one, lang), None


def _entry(kept: list[dict], n: int) -> Entry | None:
    """Entry ``n`` (from 1) of those kept, or None (no such entry, or one this page cannot read)."""
    from ...log.transfer import _entry as read
    if not 1 <= n <= len(kept):
        return None
    try:
        return read(kept[n - 1], f"#{n}")
    except (LogError, TypeError):
        return None


def printed(kept: list[dict], n: int, lang: str | None) -> Reply:
    """Entry ``n``'s printable record with the corrections and appeals kept beside it, as ``log print`` gives it
    (in its ruling's language unless ``lang``), under a bar the printout leaves out: back to the list, print."""
    from ...log.printed import page
    entries = {i: e for i in range(1, len(kept) + 1) if (e := _entry(kept, i)) is not None}
    by_uid = {e.uid: i for i, e in entries.items()}
    first, seen = n, {n}
    while (up := by_uid.get(entries[first].links)) is not None and up not in seen:  # up to the first ruling
        first = up
        seen.add(up)
    members, todo = {first, n}, {entries[first].uid}
    while todo:  # every correction and appeal after it
        new = {i for i, e in entries.items() if e.links in todo and i not in members}
        members |= new
        todo = {entries[i].uid for i in new}
    lang = lang if lang in ("ru", "en") else None
    body = page([(i, entries[i]) for i in sorted(members)], n, lang)
    said = lang or entries[n].lang
    bar = (f'<p class="noprint"><a class="btn" href="/log?lang={said}">{escape(word("device.back", said))}</a> '
           f'<button class="btn primary" type="button" id="log-print">{escape(word("device.print", said))}</button>'
           '</p>\n')
    return Reply(body.replace("<body>\n", "<body>\n" + bar, 1)
                 .replace("</style>", " @media print { .noprint { display: none; } }\n</style>", 1))


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
    saved, deleted = one.get("saved"), one.get("deleted")
    return _html("web_list.html", lang, event=event, law=law, board=board, rows=rows, total=len(rows),
                 saved=int(saved) if saved and saved.isdigit() else None, count=len(kept),
                 deleted=int(deleted) if deleted and deleted.isdigit() else None)
