"""What the served page (web.py) and the offline page (faces/offline/device.py) share when a director saves a
ruling to a log: the save form read, the interview's answers replayed, the entry made.  No web framework and
no database here: the offline page runs it in the browser."""
from __future__ import annotations

from pathlib import Path

import jinja2

from .record import Entry, entry
from .words import word

ENV = jinja2.Environment(loader=jinja2.FileSystemLoader(str(Path(__file__).parent / "templates")), autoescape=True)


def render(template: str, lang: str, **ctx) -> str:
    """One of the log's page templates (templates/web_*.html) in ``lang``."""
    return ENV.get_template(template).render(w=lambda k, **f: word(k, lang, **f), lang=lang, **ctx)


def wanted(form: dict) -> tuple[str, int | None]:
    """The form's event and board number (None when it is not a number from 1)."""
    try:
        board = int(form.get("board", ""))
    except ValueError:
        board = None
    return (form.get("event") or "").strip(), board if board is not None and board >= 1 else None


def ruled_entry(service, form: dict, lang: str, knowledge: str | None) -> tuple[Entry | None, str]:
    """The entry for the ruling the form's answers (``s``) reach, or None and what is wrong, said in ``lang``."""
    from ..explain.ruling import Ruling
    from ..faces.web.session import StateError, decode
    from ..faces.web.view import title, titled
    event, board = wanted(form)
    if not event or board is None:
        return None, word("web.need", lang)
    try:
        snap = service.replay(decode(form.get("s", "")))
    except StateError as e:
        return None, str(e)
    if not isinstance(snap.step, Ruling):
        return None, word("web.no_ruling", lang)
    ruling = titled(snap.step, service.vocab, snap.kinds, lang)
    return entry(ruling.to_dict(), snap.incident_yaml(title(service.vocab, snap.kinds, lang)), lang, event=event,
                 board=board, table=(form.get("table") or "").strip() or None,
                 director=(form.get("director") or "").strip() or None, knowledge=knowledge), ""
