"""The ruling log on the web page (``bridgelaw serve --log``): save a ruling to its event's log, the event's
log searched by law and board, the printable record.

    GET  /log/save?s=ANSWERS&lang=ru      the form: event, board, table, director (and the event's token)
    POST /log/save                        replays the answers, logs the ruling: 303 to the event's log
    GET  /log?event=E&law=64A&board=7     the event's log (the newest 200 that match)
    GET  /log/ID/print                    the printable record (log/printed.py)

On loopback the log is open (one director's laptop).  When the server listens on anything else, writing to
and reading an event's log needs that event's token (``bridgelaw log token EVENT``; the database keeps its
SHA-256 only), given in the form or the address once and then kept in a cookie for the page.
"""
from __future__ import annotations

import ipaddress
from pathlib import Path
from urllib.parse import parse_qs, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from .printed import page as printed_page
from .saving import render, ruled_entry, wanted
from .words import word

router = APIRouter(include_in_schema=False)
COOKIE = "bridgelaw_log_token"
SHOWN = 200


def loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class WebLog:
    """What the routes share: the store, whether the log is open (loopback), the knowledge's digest."""

    def __init__(self, store, open_: bool, knowledge: str):
        self.store, self.open, self.knowledge = store, open_, knowledge


def attach(app, db: str | None, host: str, root: Path) -> None:
    """Give the app its log (``serve --log``): the database opened (and migrated) now, the routes added, and
    the ruling page's link to save."""
    from .record import knowledge_digest
    from .store import open_store
    app.state.log = WebLog(open_store(db), loopback(host), knowledge_digest(root))
    app.state.service.log_save = "web.save"  # the ruling page's link, its words
    app.include_router(router)


def _log(request: Request) -> WebLog:
    return request.app.state.log


def _lang(value: str | None) -> str:
    return value if value in ("ru", "en") else "ru"


def _html(template: str, status: int = 200, lang: str = "ru", **ctx) -> HTMLResponse:
    return HTMLResponse(render(template, lang, **ctx), status)


def _refused(lang: str, event: str | None) -> HTMLResponse:
    return _html("web_refused.html", 403, lang=lang, event=event or "")


def _allowed(request: Request, log: WebLog, event: str | None, token: str | None) -> str | None:
    """The token that let the request in ('' when the log is open), or None: refused."""
    if log.open:
        return ""
    token = token or request.cookies.get(COOKIE)
    return token if event and log.store.token_ok(event, token) else None


def _keep(response: Response, token: str) -> Response:
    if token:
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict")
    return response


@router.get("/log/save", response_class=HTMLResponse)
def save_form(request: Request, s: str = "", lang: str = "ru", event: str = "") -> Response:
    lang = _lang(lang)
    return _html("web_save.html", lang=lang, s=s, event=event, need_token=not _log(request).open, error="")


@router.post("/log/save")
async def save(request: Request) -> Response:
    form = {k: v[0] for k, v in parse_qs((await request.body()).decode("utf-8", "replace")).items()}
    lang, log = _lang(form.get("lang")), _log(request)
    event, board = wanted(form)
    again = {"lang": lang, "s": form.get("s", ""), "event": event, "need_token": not log.open}
    if not event or board is None:
        return _html("web_save.html", 400, **again, error=word("web.need", lang))
    token = _allowed(request, log, event, form.get("token"))
    if token is None:
        return _refused(lang, event)
    e, error = ruled_entry(request.app.state.service, form, lang, log.knowledge)
    if e is None:
        return _html("web_save.html", 400, **again, error=error)
    n = log.store.add(e)
    where = "/log?" + urlencode({"event": event, "lang": lang, "saved": n})
    return _keep(RedirectResponse(where, status_code=303), token)


@router.get("/log", response_class=HTMLResponse)
def listing(request: Request, event: str = "", law: str = "", board: str = "", lang: str = "ru",
            token: str = "", saved: int | None = None) -> Response:
    lang, log = _lang(lang), _log(request)
    allowed = _allowed(request, log, event, token)
    if allowed is None:
        return _refused(lang, event)
    try:
        n = int(board) if board.strip() else None
    except ValueError:
        n = None
    rows, total = log.store.listing(limit=SHOWN, event=event or None, law=law.strip() or None, board=n)
    return _keep(_html("web_list.html", lang=lang, event=event, law=law, board=board, rows=rows, total=total,
                       saved=saved, need_token=not log.open), allowed)


@router.get("/log/{n}/print", response_class=HTMLResponse)
def printed(request: Request, n: int, lang: str = "", token: str = "") -> Response:
    log = _log(request)
    thread = log.store.thread(n)
    here = dict(thread).get(n)
    shown = _lang(lang or (here.lang if here else "ru"))
    allowed = _allowed(request, log, here.event if here else None, token)
    if allowed is None:
        return _refused(shown, None)
    if here is None:
        return HTMLResponse(word("web.no_entry", shown, id=n), 404)
    return _keep(HTMLResponse(printed_page(thread, n, lang or None)), allowed)
