"""The page's steps as HTML, with no web framework: what `bridgelaw serve` answers (pages.py wraps each
reply in HTTP) and what the offline page answers in the browser (faces/offline/).

    page(service, s, lang) -> Reply                 the step the answers in token ``s`` lead to
    answer(service, s, k, v, lang) -> Reply         a form's answer: a redirect to the next step
    incident_yaml(service, s, lang) -> Reply        the established facts as an incident file
    ruling_text(service, s, lang) -> Reply          the ruling as text, with HOW
    error_page(e, lang, ...) -> Reply               a request that cannot go on

Templates live in templates/ (the same for both), styles in static/.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from urllib.parse import urlencode

import jinja2

from ..interview import CARDS, Question
from ...explain.ruling import Ruling, about_words, choice_tree, regulations_line
from ...words import LANGS, word, words
from .session import SETTING_AS_OF, SETTING_RA, SETTINGS, Snapshot, StateError, decode, encode
from .view import asked_lines, title, titled

TEMPLATES = Path(__file__).parent / "templates"
ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True)

WORDS = {lang: words("page", lang) | words("ruling", lang) | {"judgment": word("question.judgment", lang)}
         for lang in LANGS}  # what the templates say (``w.NAME``), besides what the interview and the ruling say
SETTING = "setting"  # the first page's form: the Regulating Authority and the day (session.SETTINGS)
HTML, TEXT, YAML = "text/html; charset=utf-8", "text/plain; charset=utf-8", "application/yaml; charset=utf-8"


@dataclass(frozen=True)
class Reply:
    """What a request gets: a body (``status``, ``media_type``; ``filename`` for a download), or a redirect
    to ``location`` (HTTP 303: the browser's back button stays the interview's back)."""

    body: str = ""
    status: int = 200
    media_type: str = HTML
    location: str | None = None
    filename: str | None = None


def _html(template: str, ctx: dict, status: int = 200) -> Reply:
    return Reply(ENV.get_template(template).render(ctx), status)


def here(token: str, lang: str) -> str:
    """The page of the step ``token`` leads to."""
    return "/?" + urlencode({"s": token, "lang": lang} if token else {"lang": lang})


def page(service, s: str = "", lang: str = "ru") -> Reply:
    answers = []
    try:
        answers = decode(s)
        snap = service.replay(answers)
    except StateError as e:
        fit = answers[:e.index - 1] if e.index else []  # the answers before the one that does not fit
        return error_page(e, lang, keep=(len(fit), here(encode(fit), lang)) if fit else None)
    return step_page(service, snap, lang)


def answer(service, s: str, k: str, v: list[str], lang: str = "ru") -> Reply:
    try:
        answers = decode(s)
        snap = service.replay(answers)
        q = snap.step
        if k == SETTING:  # the authority and the day, before the first answer (session.SETTINGS)
            ra, day = (list(v) + ["", ""])[:2]
            told = [(key, x) for key, x in answers if key not in SETTINGS]
            if told:
                raise StateError("invalid", "the regulations are set before the first answer")
            chosen = ([(SETTING_RA, ra.strip().lower())] if ra.strip() and ra.strip().lower() != "wbf" else []) + (
                [(SETTING_AS_OF, day.strip())] if day.strip() else [])
            return Reply(status=303, location=here(service.replay(chosen).token, lang))
        if k == CARDS and isinstance(q, Question):  # the deal pasted into the page's text area, at any question
            value, empty = "\n".join(x for x in v if x).strip(), "page.paste_empty"
        else:
            if not isinstance(q, Question) or q.key != k:
                raise StateError("stale", f"the question asked now is not '{k}': the page was out of date")
            value, empty = [x for x in v if x] if q.multiple else (v[0].strip() if v else ""), "page.pick"
        if not value:
            return step_page(service, snap, lang, error=word(empty, lang), status=422)
        try:
            new = service.replay(answers + [(k, value)])
        except StateError as e:
            if e.kind != "invalid":
                raise
            return step_page(service, snap, lang, error=e.reason, status=422)
    except StateError as e:
        return error_page(e, lang)
    return Reply(status=303, location=here(new.token, lang))


def incident_yaml(service, s: str = "", lang: str = "ru") -> Reply:
    snap = _ruled(service, s, lang)
    if isinstance(snap, Reply):
        return snap
    head = titled(snap.step, service.vocab, snap.kinds, lang).incident if isinstance(snap.step, Ruling) else \
        title(service.vocab, snap.kinds, lang)  # headed as the ruling is
    return Reply(snap.incident_yaml(head), media_type=YAML, filename="incident.yaml")


def ruling_text(service, s: str = "", lang: str = "ru") -> Reply:
    snap = _ruled(service, s, lang)
    if isinstance(snap, Reply):
        return snap
    return Reply(titled(snap.step, service.vocab, snap.kinds, lang).render(lang, how=True), media_type=TEXT)


def _ruled(service, s: str, lang: str) -> Snapshot | Reply:
    try:
        snap = service.replay(decode(s))
    except StateError as e:
        return error_page(e, lang)
    if not isinstance(snap.step, Ruling):
        return error_page(StateError("stale", "the interview has not reached a ruling yet"), lang,
                          headline=word("page.no_ruling", lang))
    return snap


# -- rendering -----------------------------------------------------------------------------------


def _common(snap: Snapshot | None, lang: str) -> dict:
    token = snap.token if snap else ""
    other = "en" if lang == "ru" else "ru"
    return {"lang": lang, "w": SimpleNamespace(**WORDS[lang]), "switch": {"lang": other, "href": here(token, other)},
            "new_href": here("", lang), "asked": asked_lines(snap.asked, lang) if snap else [],
            "back_href": here(snap.back(), lang) if snap and snap.told else None}


def step_page(service, snap: Snapshot, lang: str, error: str = "", status: int = 200) -> Reply:
    ctx = _common(snap, lang)
    if isinstance(snap.step, Ruling):
        return _html("ruling.html", ctx | _ruling(service, snap, lang), status)
    q = snap.step
    labels = [c.label[lang] for c in q.choices]
    ctx |= {
        "q": q, "n": snap.told + 1, "error": error, "token": snap.token,
        "text": q.text[lang], "subject": _subject(q, service.vocab, lang), "help": q.help[lang] if q.help else "",
        "choices": [{"label": c.label[lang], "help": c.help[lang] if c.help else "", "group": c.group, "short": c.short,
                     "brief": (c.brief or c.label)[lang],
                     "value": _form_value(c.value), "href": here(snap.with_answer(q.key, c.value), lang)}
                    for c in q.choices],
        "groups": [{"id": g, "label": label[lang]} for g, label in q.groups],
        "layout": "grid" if labels and max(map(len, labels)) <= 14 else "stack",
        "unknown_href": here(snap.with_answer(q.key, None), lang) if q.allow_unknown else None,
        "why": [{"cite": w["cite"], "summary": w["summary"][lang]} for w in q.why],
        "paste": {"key": CARDS} if snap.offers_cards else None,
        "setting": _setting(service, snap, lang) if q.kind == "incident" else None,
    }
    return _html("question.html", ctx, status)


def _setting(service, snap: Snapshot, lang: str) -> dict | None:
    """Before the first answer: the Regulating Authority the ruling is made under (regulations/*.yaml, the WBF's
    the default) and the day "as of", as ``rule --ra NAME --as-of DAY``; sent as the answer SETTING."""
    known = service.knowledge.regulations or {}
    if not known:
        return None
    now = snap.settings
    return {"key": SETTING, "ra": now.get("ra", "wbf"), "as_of": now.get("as_of", ""),
            "authorities": [{"name": n, "label": f"{r.authority}" + (f" — {r.title[lang]}" if r.title.get(lang) else "")}
                            for n, r in sorted(known.items(), key=lambda x: (x[0] != "wbf", x[0]))]}


def _subject(q: Question, vocab, lang: str) -> str:
    """What the question is about: the fact (when there are several of its kind), else its template."""
    if q.subject:
        return q.subject[lang]
    return vocab.templates[q.template].label[lang] if q.template else ""


def _form_value(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _ruling(service, snap: Snapshot, lang: str) -> dict:
    vocab = service.vocab
    ruling = titled(snap.step, vocab, snap.kinds, lang)
    firings = {f.n: f for f in ruling.firings}
    elements, option = [], None
    for e, abouts in ruling.grouped(lang):  # the same words about several facts: one element, naming them
        made_by = e.how[-1] if e.how else None
        # what the same firing says after an option (what may be chosen) is shown as part of it
        part = option is not None and made_by == option and e.kind != "option"
        option = made_by if e.kind == "option" else (option if part else None)
        elements.append({"e": e, "label": vocab.elements[e.kind].label[lang], "text": e.text[lang], "part": part,
                         "choices": choice_tree(e.options, lang),
                         "about": about_words(abouts, lang, each=not ruling.joint(e, abouts)),
                         "how": [firings[n] for n in e.how if n in firings]})
        if part:
            elements[-2]["how"] = []  # the same firing: its trace is shown once, under the last part
    judged = {}  # an open judgment question shown as its element: the element's number on the page
    for i, x in enumerate(elements, 1):
        if x["e"].kind == "director_judgment":
            judged.setdefault((x["e"].args.get("fact"), x["e"].args.get("slot")), i)
    evidence = (ruling.claim_lines["text"][lang] if ruling.claim_lines else []) + [
        line for r in ruling.revoke_tricks for line in r["text"][lang]]
    return {"ruling": ruling, "elements": elements, "evidence": evidence, "board": board_view(ruling.board),
            "result": [line.strip() for line in ruling.result.render(lang)]
            if ruling.result and ruling.result.render(lang)[0] == ruling.outcome.get(lang, ruling.result.render(lang)[0])
            else [],
            "copy_text": ruling.render(lang, how=False),
            "regulations": regulations_line(ruling.regulations, lang) if ruling.regulations else "",
            "yaml_href": "/incident.yaml?" + urlencode({"s": snap.token, "lang": lang}),
            "text_href": "/ruling.txt?" + urlencode({"s": snap.token, "lang": lang}),
            "log_save": _log_save(service, snap, lang),
            "open": [{"text": _asked(q, judged, lang), "cites": ", ".join(dict.fromkeys(w["cite"] for w in q.why))}
                     for q in ruling.open_questions]}


def _log_save(service, snap: Snapshot, lang: str) -> dict | None:
    """The link to save the ruling to a log, where the page keeps one: the server's (serve --log) or the
    offline page's on the device; ``service.log_save`` names its words."""
    key = getattr(service, "log_save", None)
    if not key:
        return None
    from ...log.words import word as log_word
    return {"href": "/log/save?" + urlencode({"s": snap.token, "lang": lang}),
            "label": log_word(key if isinstance(key, str) else "web.save", lang)}


def _asked(q, judged: dict, lang: str) -> str:
    """An open question as the list says it: a judgment the elements already ask points to it (said once)."""
    if q.judgment and (q.fact, q.slot) in judged:
        return word("ruling.judged_above", lang).format(n=judged[q.fact, q.slot])
    return q.question[lang]


SUITS = "♠♥♦♣"


def board_view(board: dict | None) -> dict | None:
    """The cards given, as the ruling page shows them: the four hands (a line a suit) and the tricks (a row
    each, its cards in seat order N E S W, the leader's and the winner's marked)."""
    if not board:
        return None
    hands = {seat: [(SUITS[i], holding.replace("T", "10")) for i, holding in enumerate(board["hands"][seat])]
             for seat in "NESW"}
    tricks = []
    for t in board["tricks"]:
        by_seat = {}
        for seat, card in t["cards"]:
            shown = SUITS["SHDC".index(card[0])] + card[1:]
            by_seat[seat] = f"{by_seat[seat]} {shown}" if seat in by_seat else shown
        tricks.append({"n": t["n"], "leader": t["leader"], "winner": t["winner"],
                       "cards": [(seat, by_seat.get(seat, "—")) for seat in "NESW"]})
    return {"hands": hands, "tricks": tricks, "dealer": board.get("dealer"),
            "vulnerability": board.get("vulnerability"), "name": board.get("name")}


def error_page(e: StateError | None, lang: str, headline: str = "", status: int = 500,
               keep: tuple | None = None) -> Reply:
    """The page for a request that cannot go on (``e`` None: an internal error, said plainly);
    ``keep`` (count, link) offers the answers that still fit."""
    ctx = _common(None, lang) | {"headline": headline or word("page.state_error" if e else "page.internal", lang),
                                 "detail": _detail(e, lang),
                                 "reason": str(e) if e and _detail(e, lang) != str(e) else "",  # for a report
                                 "keep": {"href": keep[1], "label": word("page.keep", lang, n=keep[0])}
                                 if keep else None}
    return _html("error.html", ctx, e.status if e else status)


def _detail(e: StateError | None, lang: str) -> str:
    """What went wrong, in the page's language: the words of its kind (``page.error_KIND``); the
    exact English reason stays in English pages and in the JSON API."""
    if e is None:
        return ""
    if lang != "en" and f"error_{e.kind}" in WORDS[lang]:
        return WORDS[lang][f"error_{e.kind}"]
    return str(e)
