"""``bridgelaw log ...`` and the ``--log`` options of ``rule`` and ``ask`` (wired in faces/cli.py).

    bridgelaw rule FILE --log --event NAME --board N [--table T] [--director D] [--session S] [--date D]
                        [--scoring pairs|teams|...] [--db URL]
    bridgelaw log list [--event E] [--board N] [--law 64A] [--director D] [--since DATE] [--until DATE]
    bridgelaw log show ID | print ID [-o FILE.html] | stats [--event E]
    bridgelaw log export --csv|--json [-o FILE] [filters] | import FILE
    bridgelaw log correct ID --note TEXT [--law 79C|82C] [--incident FILE]
    bridgelaw log appeal ID --outcome upheld|changed|withdrawn [--note TEXT] [--law 92|93] [--incident FILE]

The options are options.py's; this module (and SQLAlchemy) loads only when a log is asked for.
"""
from __future__ import annotations

import datetime as dt
import sys
from pathlib import Path

from ..errors import BridgelawError, Loc, Problem, shown_path
from .record import Entry, entry, knowledge_digest
from .words import word


def log_ruling(args, ruling: dict, incident: str | None, root: Path, store=None) -> None:
    """Append the ruling just given to the log (``store``, else the one ``--db`` names; a line on stderr says
    where)."""
    from .lean import open_writer
    store = store or open_writer(args.db)
    e = entry(ruling, incident, args.lang, event=args.event, event_date=args.date or dt.date.today().isoformat(),
              scoring=args.scoring, session=args.session, board=args.board, table=args.table,
              director=args.director, knowledge=knowledge_digest(root))
    n = _write(store, e)
    print(word("written", args.lang, id=n, db=store.shown), file=sys.stderr)


def _write(store, e: Entry) -> int:
    from .lean import Writer
    if isinstance(store, Writer):  # SQLite at HEAD, on sqlite3: its errors are said already
        return store.add(e)
    from sqlalchemy.exc import SQLAlchemyError
    from .store import LogError, _reason
    try:
        return store.add(e)
    except SQLAlchemyError as x:
        raise LogError(store.shown, f"not logged: {_reason(x)}")


def _open(args):
    from .store import open_store
    return open_store(args.db)


def _filters(args) -> dict:
    return {k: getattr(args, k) for k in ("event", "board", "law", "director", "kind", "since", "until")}


def _table(rows: list[list[str]]) -> str:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return "\n".join("  ".join(c.ljust(widths[i]) for i, c in enumerate(r)).rstrip() for r in rows)


def cmd_list(args) -> int:
    store = _open(args)
    rows, total = store.listing(limit=args.limit, **_filters(args))
    lang = args.lang
    if not rows:
        print(word("list.none", lang))
        return 0
    head = [word(f"col.{k}", lang) for k in ("id", "when", "kind", "event", "board", "table", "director", "laws",
                                             "result")]
    body = [[str(r.id), r.created[:16].replace("T", " "), word(f"kind.{r.kind}", lang), r.event,
             "" if r.board is None else str(r.board), r.table_no or "", r.director or "", r.laws,
             (r.result or "")[:60]] for r in rows]
    print(_table([head] + body))
    if total > len(rows):
        print(word("list.more", lang, n=total - len(rows), limit=args.limit))
    return 0


def _missing(store, n: int) -> BridgelawError:
    return BridgelawError(Problem(Loc(store.shown), f"no entry {n} in the log"))


def cmd_show(args) -> int:
    store = _open(args)
    thread = store.thread(args.id)
    if not thread:
        raise _missing(store, args.id)
    lang = args.lang
    ids = {e.uid: i for i, e in thread}
    for i, e in thread:
        mark = "▶ " if i == args.id else "  "
        about = f" {word('show.of', lang, id=ids[e.links])}" if e.links in ids else ""
        print(f"{mark}№ {i} · {word(f'kind.{e.kind}', lang)}{about} · {e.created}")
        if i != args.id:
            bits = [e.law, e.outcome and word(f"outcome.{e.outcome}", lang), e.note, e.result]
            print("    " + " · ".join(b for b in bits if b))
    e = dict(thread)[args.id]
    ruling = e.ruling_dict
    result = (((ruling or {}).get("result") or {}).get("text") or {}).get(lang) or e.result
    print()
    for key, value in (("event", e.event), ("date", e.event_date), ("scoring", e.scoring), ("session", e.session),
                       ("board", e.board), ("table", e.table), ("director", e.director), ("law", e.law),
                       ("outcome", e.outcome and word(f"outcome.{e.outcome}", lang)), ("note", e.note),
                       ("laws", " ".join(e.laws)), ("result", result), ("lang", e.lang),
                       ("knowledge", e.knowledge and f"{e.knowledge} ({word('field.edition', lang, edition=e.edition)})")):
        if value not in (None, ""):
            print(f"{word(f'field.{key}', lang)}: {value}")
    if ruling:
        print(f"\n{word('print.ruling', lang)}:")
        for k, el in enumerate(ruling.get("elements") or [], 1):
            print(f"  {k}. [{el['cite']}] {el['text'][lang]}")
    if e.incident:
        print(f"\n{word('print.facts', lang)}:\n{e.incident.rstrip()}")
    return 0


def cmd_print(args) -> int:
    from .printed import page
    store = _open(args)
    thread = store.thread(args.id)
    if not thread:
        raise _missing(store, args.id)
    html = page(thread, args.id, args.lang)
    if args.out:
        from ..read.files import write_atomic
        write_atomic(Path(args.out), html.encode())
        print(word("printed", args.lang or dict(thread)[args.id].lang, out=shown_path(args.out)), file=sys.stderr)
    else:
        sys.stdout.write(html)
    return 0


def cmd_export(args) -> int:
    from .transfer import to_csv, to_json
    store = _open(args)
    entries = list(store.entries(**_filters(args)))
    text = (to_csv if args.fmt == "csv" else to_json)(entries)
    if args.out:
        from ..read.files import write_atomic
        write_atomic(Path(args.out), text.encode())
        print(word("exported", args.lang, n=len(entries), out=shown_path(args.out)), file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_import(args) -> int:
    from sqlalchemy.exc import SQLAlchemyError
    from .store import LogError, _reason
    from .transfer import read
    entries = read(Path(args.file), shown_path(args.file))
    store = _open(args)
    try:
        added, same = store.add_all(entries)
    except SQLAlchemyError as x:
        raise LogError(store.shown, f"nothing imported: {_reason(x)}")
    print(word("imported", args.lang, n=added, same=same))
    return 0


def cmd_add(args) -> int:
    store = _open(args)
    target = store.get(args.id)
    if target is None:
        raise _missing(store, args.id)
    ruling = incident = knowledge = None
    if args.incident:
        from ..engine import PROJECT_ROOT, Engine, load
        root = Path(args.root) if args.root else PROJECT_ROOT
        engine = Engine(load(root))
        incident_file = engine.load_incident(args.incident, shown_path(args.incident))
        ruling = engine.rule(incident_file).to_dict()
        incident = Path(args.incident).read_text(encoding="utf-8")
        knowledge = knowledge_digest(root)
    e = entry(ruling, incident, args.lang, kind=args.kind, links=target.uid, law=args.law,
              outcome=getattr(args, "outcome", None), note=args.note or None, event=target.event,
              event_date=target.event_date, scoring=target.scoring, session=target.session, board=target.board,
              table=target.table, director=args.director or target.director, knowledge=knowledge)
    n = _write(store, e)
    print(word("written", args.lang, id=n, db=store.shown))
    return 0


def cmd_stats(args) -> int:
    store = _open(args)
    rows = store.stats(args.event)
    lang = args.lang
    if not rows:
        print(word("stats.none", lang))
        return 0
    head = [word("col.event", lang), word("col.law", lang), word("col.count", lang)]
    print(_table([head] + [[e, law, str(n)] for e, law, n in rows]))
    return 0


def cmd_token(args) -> int:
    store = _open(args)
    token = store.new_token(args.event)
    print(word("token", args.lang, event=args.event))
    print(token)
    return 0
