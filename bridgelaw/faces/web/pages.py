"""The page a director uses at the table: one question at a time, then the ruling.

    GET /?s=TOKEN&lang=ru          the step the answers in TOKEN lead to (no TOKEN: what happened?)
    GET /answer?s=TOKEN&k=KEY&v=…  a form's answer (several kinds, a contract, a card): 303 to the next step
    GET /incident.yaml?s=TOKEN     the established facts as an incident file, for `bridgelaw rule`
    GET /ruling.txt?s=TOKEN        the ruling as text, with HOW

An answer button is a link to the next token, so the browser's back button is
the interview's back too.  Templates live in templates/, styles in static/.
"""
from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Literal
from urllib.parse import urlencode

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from fastapi.templating import Jinja2Templates

from ..interview import Question
from ...explain.ruling import Ruling, choice_items
from ...words import LANGS, word, words
from .session import Snapshot, StateError, decode, encode
from .view import asked_lines, title, titled

Lang = Literal["ru", "en"]
TEMPLATES = Jinja2Templates(directory=str(Path(__file__).parent / "templates"))

WORDS = {lang: words("page", lang) | words("ruling", lang) | {"judgment": word("question.judgment", lang)}
         for lang in LANGS}  # what the templates say (``w.NAME``), besides what the interview and the ruling say

router = APIRouter(include_in_schema=False)


def here(token: str, lang: str) -> str:
    """The page of the step ``token`` leads to."""
    return "/?" + urlencode({"s": token, "lang": lang} if token else {"lang": lang})


def _service(request: Request):
    return request.app.state.service


@router.get("/", response_class=HTMLResponse)
def page(request: Request, s: str = "", lang: Lang = "ru") -> Response:
    answers = []
    try:
        answers = decode(s)
        snap = _service(request).replay(answers)
    except StateError as e:
        fit = answers[:e.index - 1] if e.index else []  # the answers before the one that does not fit
        return error_page(request, e, lang, keep=(len(fit), here(encode(fit), lang)) if fit else None)
    return step_page(request, snap, lang)


@router.get("/answer")
def answer(request: Request, s: str = "", k: str = Query(max_length=200),
           v: list[str] = Query([], max_length=50), lang: Lang = "ru") -> Response:
    service = _service(request)
    try:
        answers = decode(s)
        snap = service.replay(answers)
        q = snap.step
        if not isinstance(q, Question) or q.key != k:
            raise StateError("stale", f"the question asked now is not '{k}': the page was out of date")
        value = [x for x in v if x] if q.multiple else (v[0].strip() if v else "")
        if not value:
            return step_page(request, snap, lang, error=word("page.pick", lang), status=422)
        try:
            new = service.replay(answers + [(k, value)])
        except StateError as e:
            if e.kind != "invalid":
                raise
            return step_page(request, snap, lang, error=e.reason, status=422)
    except StateError as e:
        return error_page(request, e, lang)
    return RedirectResponse(here(new.token, lang), status_code=303)


@router.get("/incident.yaml")
def incident_yaml(request: Request, s: str = "", lang: Lang = "ru") -> Response:
    snap = _ruled(request, s, lang)
    if isinstance(snap, Response):
        return snap
    text = snap.incident_yaml(title(_service(request).vocab, snap.kinds, lang))
    return PlainTextResponse(text, media_type="application/yaml; charset=utf-8",
                             headers={"Content-Disposition": 'attachment; filename="incident.yaml"'})


@router.get("/ruling.txt")
def ruling_text(request: Request, s: str = "", lang: Lang = "ru") -> Response:
    snap = _ruled(request, s, lang)
    if isinstance(snap, Response):
        return snap
    return PlainTextResponse(titled(snap.step, _service(request).vocab, snap.kinds, lang).render(lang, how=True))


def _ruled(request: Request, s: str, lang: str) -> Snapshot | Response:
    try:
        snap = _service(request).replay(decode(s))
    except StateError as e:
        return error_page(request, e, lang)
    if not isinstance(snap.step, Ruling):
        return error_page(request, StateError("stale", "the interview has not reached a ruling yet"), lang,
                          headline=word("page.no_ruling", lang))
    return snap


# -- rendering -----------------------------------------------------------------------------------


def _common(snap: Snapshot | None, lang: str) -> dict:
    token = snap.token if snap else ""
    other = "en" if lang == "ru" else "ru"
    return {"lang": lang, "w": SimpleNamespace(**WORDS[lang]), "switch": {"lang": other, "href": here(token, other)},
            "new_href": here("", lang), "asked": asked_lines(snap.asked, lang) if snap else [],
            "back_href": here(snap.back(), lang) if snap and snap.answers else None}


def step_page(request: Request, snap: Snapshot, lang: str, error: str = "", status: int = 200) -> Response:
    ctx = _common(snap, lang)
    if isinstance(snap.step, Ruling):
        return TEMPLATES.TemplateResponse(request, "ruling.html", ctx | _ruling(request, snap, lang), status_code=status)
    q = snap.step
    labels = [c.label[lang] for c in q.choices]
    ctx |= {
        "q": q, "n": len(snap.answers) + 1, "error": error, "token": snap.token,
        "text": q.text[lang], "subject": _subject(q, _service(request).vocab, lang), "help": q.help[lang] if q.help else "",
        "choices": [{"label": c.label[lang], "help": c.help[lang] if c.help else "",
                     "value": _form_value(c.value), "href": here(snap.with_answer(q.key, c.value), lang)}
                    for c in q.choices],
        "layout": "grid" if labels and max(map(len, labels)) <= 14 else "stack",
        "unknown_href": here(snap.with_answer(q.key, None), lang) if q.allow_unknown else None,
        "why": [{"cite": w["cite"], "summary": w["summary"][lang]} for w in q.why],
    }
    return TEMPLATES.TemplateResponse(request, "question.html", ctx, status_code=status)


def _subject(q: Question, vocab, lang: str) -> str:
    """What the question is about: the fact (when there are several of its kind), else its template."""
    if q.subject:
        return q.subject[lang]
    return vocab.templates[q.template].label[lang] if q.template else ""


def _form_value(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _ruling(request: Request, snap: Snapshot, lang: str) -> dict:
    vocab = _service(request).vocab
    ruling = titled(snap.step, vocab, snap.kinds, lang)
    firings = {f.n: f for f in ruling.firings}
    elements, option = [], None
    for e in ruling.elements:
        made_by = e.how[-1] if e.how else None
        # what the same firing says after an option (what may be chosen) is shown as part of it
        part = option is not None and made_by == option and e.kind != "option"
        option = made_by if e.kind == "option" else (option if part else None)
        elements.append({"e": e, "label": vocab.elements[e.kind].label[lang], "text": e.text[lang], "part": part,
                         "choices": choice_items(e.options, lang),
                         "how": [firings[n] for n in e.how if n in firings]})
        if part:
            elements[-2]["how"] = []  # the same firing: its trace is shown once, under the last part
    return {"ruling": ruling, "elements": elements,
            "result": [line.strip() for line in ruling.result.render(lang)] if ruling.result else [],
            "copy_text": ruling.render(lang, how=False),
            "yaml_href": "/incident.yaml?" + urlencode({"s": snap.token, "lang": lang}),
            "text_href": "/ruling.txt?" + urlencode({"s": snap.token, "lang": lang}),
            "open": [{"text": q.question[lang], "cites": ", ".join(dict.fromkeys(w["cite"] for w in q.why))}
                     for q in ruling.open_questions]}


def error_page(request: Request, e: StateError | None, lang: str, headline: str = "", status: int = 500,
               keep: tuple | None = None) -> Response:
    """The page for a request that cannot go on (``e`` None: an internal error, said plainly);
    ``keep`` (count, link) offers the answers that still fit."""
    ctx = _common(None, lang) | {"headline": headline or word("page.state_error" if e else "page.internal", lang),
                                 "detail": str(e) if e else "",
                                 "keep": {"href": keep[1], "label": word("page.keep", lang, n=keep[0])}
                                 if keep else None}
    return TEMPLATES.TemplateResponse(request, "error.html", ctx, status_code=e.status if e else status)
