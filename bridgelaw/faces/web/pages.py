"""The page a director uses at the table, over HTTP: the routes; what each answers is render.py's.

    GET /?s=TOKEN&lang=ru          the step the answers in TOKEN lead to (no TOKEN: what happened?)
    GET /answer?s=TOKEN&k=KEY&v=…  a form's answer (several kinds, a contract, a card): 303 to the next step
    GET /incident.yaml?s=TOKEN     the established facts as an incident file, for `bridgelaw rule`
    GET /ruling.txt?s=TOKEN        the ruling as text, with HOW

An answer button is a link to the next token, so the browser's back button is
the interview's back too.
"""
from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from . import render
from .render import WORDS, Reply, here  # noqa: F401  (WORDS: what the templates say, for the words test)
from .session import StateError

Lang = Literal["ru", "en"]
router = APIRouter(include_in_schema=False)


def _service(request: Request):
    return request.app.state.service


def _response(r: Reply) -> Response:
    if r.location:
        return RedirectResponse(r.location, status_code=r.status)
    headers = {"Content-Disposition": f'attachment; filename="{r.filename}"'} if r.filename else None
    return Response(r.body, status_code=r.status, media_type=r.media_type, headers=headers)


@router.get("/", response_class=HTMLResponse)
def page(request: Request, s: str = "", lang: Lang = "ru") -> Response:
    return _response(render.page(_service(request), s, lang))


@router.get("/answer")
def answer(request: Request, s: str = "", k: str = Query(max_length=200),
           v: list[str] = Query([], max_length=50), lang: Lang = "ru") -> Response:
    return _response(render.answer(_service(request), s, k, v, lang))


@router.get("/incident.yaml")
def incident_yaml(request: Request, s: str = "", lang: Lang = "ru") -> Response:
    return _response(render.incident_yaml(_service(request), s, lang))


@router.get("/ruling.txt")
def ruling_text(request: Request, s: str = "", lang: Lang = "ru") -> Response:
    return _response(render.ruling_text(_service(request), s, lang))


def error_page(request: Request, e: StateError | None, lang: str, headline: str = "", status: int = 500,
               keep: tuple | None = None) -> Response:
    """The page for a request that cannot go on (``e`` None: an internal error, said plainly)."""
    return _response(render.error_page(e, lang, headline, status, keep))
