"""The ``bridgelaw`` command: a client of the engine (it parses no YAML itself).

    bridgelaw rule INCIDENT.yaml [--lang ru|en] [--json] [--no-how]
    bridgelaw rule BOARD.pbn|BOARD.lin --incident NOTES.yaml [--board N] [...]
    bridgelaw check [PATH] [--strict]
    bridgelaw test [PATH...] [-k TEXT] [--lang ru|en]
    bridgelaw rule INCIDENT.yaml [--ra NAME] [--as-of YYYY-MM-DD] [...]
    bridgelaw coverage [--lang ru|en] [--encoded] [--ids] [--ra NAME [--as-of YYYY-MM-DD]]
    bridgelaw diff [REV | DIR] [--json] [--lang ru|en]
    bridgelaw book [--lang ru|en] OUT_DIR
    bridgelaw schemas [--check]
    bridgelaw ask [--lang ru|en] [--answers FILE.yaml] [--save FILE.yaml [--force]] [--no-how] [--debug]
    bridgelaw serve [--host 127.0.0.1] [--port 8000] [--budget SECONDS] [--log [--db URL]]
    bridgelaw rule|ask ... --log --event NAME --board N [--table T] [--director D] [--db URL]
    bridgelaw log list|show|print|export|import|correct|appeal|stats ...   (bridgelaw/log/)

Exit codes: 0 success; 1 findings (check), a bad input file (rule) or a file or port the
command cannot use (an OSError naming it); 2 bad usage; 3 internal error (a defect of ours).
Errors are printed as ``file:line:col: what`` with a suggestion, never a traceback.  Output
piped into a reader that stops early (``| head``) ends the command quietly.
"""
from __future__ import annotations

import argparse
import atexit
import gc
import json
import os
import sys
from contextlib import contextmanager
from pathlib import Path

from ..errors import BridgelawError, Loc, Problem, shown_path
from ..words import word
from .usage import current, language_of, speaking, tr


def _root(arg: str | None) -> Path:
    from ..engine import PROJECT_ROOT
    return Path(arg) if arg else PROJECT_ROOT


def _display(path: Path) -> str:
    return shown_path(path)


def _dd_options(args):
    """A claim's lines (read/dd.py) within ``--dd-budget``, their progress shown past half a second on a terminal
    (not with --json, not when stderr is a file)."""
    from contextlib import contextmanager

    @contextmanager
    def block():
        shown = []

        def progress(n: int, seconds: float) -> None:
            shown.append(1)
            sys.stderr.write("\r" + word("lines.progress", args.lang, n=n, seconds=seconds))
            sys.stderr.flush()
        from ..read import dd  # no endplay: it is imported only when a claim's cards are searched
        with dd.options(args.dd_budget, progress if sys.stderr.isatty() and not args.json else None), dd.on_disk():
            yield
        if shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()
    return block()


def _log_usage(args) -> str | None:
    from ..log.options import log_usage
    why = log_usage(args)
    if why:
        print(tr("%(prog)s: error: %(message)s\n") % {"prog": f"bridgelaw {args.command}", "message": why},
              end="", file=sys.stderr)
    return why


def cmd_rule(args) -> int:
    if _log_usage(args):
        return 2
    with _started_up():
        from ..engine import Engine, loaded
        knowledge, engine = loaded(_root(args.root))
        if args.ra or args.as_of:  # another authority, or another day: an engine of its own
            engine = Engine(knowledge, args.ra, args.as_of)
        first = Path(args.incident)
        if first.suffix.lower() in (".pbn", ".lin"):  # the board gives the cards, the notes the director's facts
            if not args.notes:
                raise BridgelawError(Problem(Loc(_display(first)), word("cli.board_needs_notes", args.lang)))
            from ..read.incident import load_incident
            incident = load_incident(args.notes, knowledge.vocabulary, _display(Path(args.notes)),
                                     board=(first, _display(first), args.board))
        else:
            if args.notes or (args.board is not None and not args.log):  # with --log: the event's board
                raise BridgelawError(Problem(Loc(_display(first)), word("cli.notes_need_board", args.lang)))
            incident = engine.load_incident(args.incident, _display(first))
    with _dd_options(args):  # a claim's lines are searched as the ruling is made
        ruling = engine.rule(incident)
    if args.json:
        print(json.dumps(ruling.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(ruling.render(args.lang, how=not args.no_how, debug=args.debug))
    if args.log:
        from ..log.cli import log_ruling
        sys.stdout.flush()
        log_ruling(args, ruling.to_dict(), Path(args.notes or args.incident).read_text(encoding="utf-8"),
                   _root(args.root))
    return 0


@contextmanager
def _started_up():
    """A cold ``rule`` without the cyclic garbage collector's walks over what starting up makes (the
    modules, the knowledge, the incident: all kept to the end, so no walk finds garbage in
    them): the collector is paused while they are made, then they are moved
    to its oldest generation without a walk (``gc.freeze`` and ``unfreeze``), and the collector
    is on again as before."""
    on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.unfreeze()
        if on:
            gc.enable()


def _many() -> None:
    """This command rules every case (and incident): each part of the knowledge compiled about once."""
    from ..run.partition import many
    many()


def cmd_check(args) -> int:
    _many()
    from ..committee.checks import check_path
    problems, summary = check_path(Path(args.path) if args.path else None, _root(args.root), jobs=2)  # both cores
    for p in problems:
        print(p.render(args.lang))
    errors = [p for p in problems if p.severity == "error"]
    warnings = [p for p in problems if p.severity == "warning"]
    print(word("cli.checked", args.lang, summary=summary[args.lang], errors=len(errors), warnings=len(warnings)))
    return 1 if errors or (args.strict and warnings) else 0


def _paths_root(args, paths: list[str]) -> Path:
    from ..read.knowledge import find_root
    if args.root:
        return Path(args.root)
    return find_root(Path(paths[0]) if paths else None, _root(None))


def cmd_test(args) -> int:
    _many()
    from ..committee.testrun import run_tests
    run = run_tests(_paths_root(args, args.paths), [Path(p) for p in args.paths] or None, args.k)
    print(run.render(args.lang))
    if not run.outcomes and not run.problems and args.paths:
        return 1
    return 0 if run.ok else 1


def cmd_coverage(args) -> int:
    _many()
    from ..committee.coverage import coverage, render
    from ..engine import loaded
    from ..committee.testrun import case_files, exercised, load_all, run_cases
    root = _root(args.root)
    knowledge, engine = loaded(root)
    cases, problems = load_all(case_files(root), knowledge.vocabulary)
    for p in problems:
        print(p.render(args.lang), file=sys.stderr)
    rows = coverage(knowledge, exercised(run_cases(engine, cases)))
    print(render(rows, args.lang, all_laws=not args.encoded, ids=args.ids))
    if args.ra:  # every option the Laws leave to the Regulating Authority, and this one's election
        from ..committee.options import elections, render as options
        if args.ra.lower() not in (knowledge.regulations or {}):
            from ..errors import suggest
            raise BridgelawError(Problem(Loc("--ra"), f"no regulations for '{args.ra}'", "",
                                         suggest(args.ra, knowledge.regulations or {}, "the Regulating Authorities")))
        ra = knowledge.regulations[args.ra.lower()]
        print(options(elections(knowledge, ra.name, args.as_of), ra.authority, args.lang))
    return 0


def cmd_diff(args) -> int:
    _many()
    from ..committee.diff import compare
    from ..read.dd import on_disk
    with on_disk():  # a claim's search made before (by either tree's rulings, or an earlier run) is read back
        report = compare(_root(args.root), args.against, args.lang)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
    else:
        print(report.render(args.lang))
    return 1 if report.changes else 0


def cmd_book(args) -> int:
    from ..committee.book import write_book
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise BridgelawError(Problem(Loc(_display(out)), word("cli.not_a_folder", args.lang)))
    pages = write_book(_root(args.root), Path(args.out), args.lang)
    print(word("cli.book_written", args.lang, n=len(pages), out=_display(Path(args.out)),
               index=_display(Path(args.out) / "index.html")))
    return 0


def cmd_schemas(args) -> int:
    from ..committee.editor_schemas import stale_schemas, write_schemas
    root = _root(args.root)
    if args.check:
        stale = stale_schemas(root)
        for p in stale:
            print(word("cli.schema_stale", args.lang, path=_display(p)))
        return 1 if stale else 0
    changed = write_schemas(root)
    print(word("cli.schemas_written", args.lang, n=len(changed)) + "".join(f"\n  {_display(p)}" for p in changed))
    return 0


def cmd_ask(args) -> int:
    from .prompt import ask
    if _log_usage(args):
        return 2
    logged = None
    if args.log:
        from ..log.cli import log_ruling
        from ..log.lean import open_writer
        store = open_writer(args.db)  # before the interview: a director's answers are never lost to a bad log

        def logged(ruling, incident: str) -> None:
            sys.stdout.flush()
            log_ruling(args, ruling.to_dict(), incident, _root(args.root), store)
    return ask(_root(args.root), args.lang, Path(args.answers) if args.answers else None,
               Path(args.save) if args.save else None, args.force, _display, how=not args.no_how, debug=args.debug,
               logged=logged)


def cmd_serve(args) -> int:
    from .web import serve
    if args.db and not args.log:
        print(tr("%(prog)s: error: %(message)s\n") % {"prog": "bridgelaw serve", "message": tr("%s: only with --log") % "--db"},
              end="", file=sys.stderr)
        return 2
    serve(_root(args.root), args.host, args.port, args.budget, args.log, args.db)
    return 0


def cmd_page(args) -> int:
    from .offline.build import build
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        raise BridgelawError(Problem(Loc(_display(out)), word("cli.not_a_folder", args.lang)))
    written = build(_root(args.root), out, args.force)
    print(word("cli.page_written", args.lang, n=len(written), out=_display(out)))
    return 0


def port(text: str) -> int:
    """A TCP port number, 1-65535 (argparse: anything else is bad usage, exit 2)."""
    try:
        n = int(text)
    except ValueError:
        n = -1
    if not 0 < n < 65536:
        raise argparse.ArgumentTypeError(word("cli.bad_port", current(), port=text))
    return n


def seconds(text: str) -> float:
    """A time budget: a positive number of seconds, at most an hour (anything else is bad usage)."""
    try:
        n = float(text)
    except ValueError:
        n = -1.0
    if not 0 < n <= 3600:
        raise argparse.ArgumentTypeError(word("cli.bad_seconds", current(), value=text))
    return n


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="bridgelaw", description=tr("Rulings under the 2017 Laws of Duplicate Bridge."))
    ap.add_argument("--root", metavar=tr("ROOT"), help=tr("folder holding knowledge/ and facts/ (default: this project)"))
    sub = ap.add_subparsers(dest="command", required=True, metavar=tr("COMMAND"))

    r = sub.add_parser("rule", help=tr("print the ruling for an incident file"))
    r.add_argument("incident", metavar=tr("incident"), help=tr("incident YAML file (see facts/incidents/), or a PBN or LIN board file"
                                       " with --incident"))
    r.add_argument("--incident", dest="notes", metavar=tr("NOTES.yaml"),
                   help=tr("with a board file: the director's facts (an incident with no cards: of its own,"
                           " or naming the same board)"))
    r.add_argument("--board", type=int, metavar=tr("N"), help=tr("the board of a file holding several; with --log, the"
                                                                 " event's board the ruling is for"))
    r.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the ruling (default ru)"))
    r.add_argument("--json", action="store_true", help=tr("print the ruling as JSON (schemas/ruling.schema.json)"))
    r.add_argument("--no-how", action="store_true", help=tr("leave out the HOW trace"))
    r.add_argument("--debug", action="store_true", help=tr("name each firing's production (its id) in the HOW trace"))
    r.add_argument("--ra", metavar=tr("NAME"), help=tr("rule under this Regulating Authority's regulations"
                                                       " (regulations/NAME.yaml: wbf, acbl, ebu, rbf; default: the incident's ra:, else wbf)"))
    r.add_argument("--as-of", metavar=tr("YYYY-MM-DD"), help=tr("rule under the regulations and amendments in force that day"))
    r.add_argument("--dd-budget", type=seconds, default=2.0, metavar=tr("SECONDS"),
                   help=tr("work for a claim's double-dummy lines, in seconds of one core (counted in positions"
                           " searched, not on the clock: the same on any machine; default 2)"))
    from ..log.options import add_parser as add_log, add_rule_options
    add_rule_options(r)
    r.set_defaults(func=cmd_rule)

    a = sub.add_parser("ask", help=tr("interview: asks only what can change the ruling, then gives it"))
    a.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the questions (default ru)"))
    a.add_argument("--answers", metavar=tr("FILE.yaml"), help=tr("replay answers from a file (no terminal needed)"))
    a.add_argument("--save", metavar=tr("FILE.yaml"), help=tr("write the established facts as an incident file for 'rule'"))
    a.add_argument("--force", action="store_true", help=tr("with --save: replace an existing file"))
    a.add_argument("--no-how", action="store_true", help=tr("leave out the HOW trace (as rule does)"))
    a.add_argument("--debug", action="store_true", help=tr("name each firing's production (its id) in the HOW trace"))
    add_rule_options(a, board=True)
    a.set_defaults(func=cmd_ask)

    w = sub.add_parser("serve", help=tr("the interview and the ruling as a web page (and JSON under /api)"))
    w.add_argument("--host", default="127.0.0.1", help=tr("address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)"))
    w.add_argument("--port", type=port, default=8000, help=tr("port (default 8000)"))
    w.add_argument("--budget", type=seconds, metavar=tr("SECONDS"),
                   help=tr("seconds of work one request may take; a request past it is refused (default 2)"))
    w.add_argument("--log", action="store_true", help=tr("keep rulings in events' logs (save, search, print on the"
                                                         " page; off loopback each event's token is needed)"))
    w.add_argument("--db", metavar=tr("URL"), help=tr("with --log: the log's database (as for rule --log)"))
    w.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the messages (default ru)"))
    w.set_defaults(func=cmd_serve)

    g = sub.add_parser("page", help=tr("write the offline page's engine bundle (Pyodide, the app, the validated knowledge)"))
    g.add_argument("out", metavar=tr("OUT_DIR"), help=tr("folder to write the site into (new, empty, or a previous site)"))
    g.add_argument("--force", action="store_true", help=tr("write into a folder holding other files (they are kept)"))
    g.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the messages (default ru)"))
    g.set_defaults(func=cmd_page)

    c = sub.add_parser("check", help=tr("validate vocabulary, knowledge, incidents and cases; list every error"))
    c.add_argument("path", nargs="?", metavar=tr("path"), help=tr("a project folder, knowledge folder or law file (default: the project)"))
    c.add_argument("--strict", action="store_true", help=tr("exit 1 on warnings too"))
    c.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the summary and labels (default ru)"))
    c.set_defaults(func=cmd_check)

    t = sub.add_parser("test", help=tr("run the YAML cases; a table per law, expected vs actual for each failure"))
    t.add_argument("paths", nargs="*", metavar=tr("PATH"),
                   help=tr("case files or folders, or knowledge/law-NN.yaml for its cases (default: tests/cases)"))
    t.add_argument("-k", metavar=tr("TEXT"), help=tr("only the cases whose name contains TEXT"))
    t.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the rulings shown (default ru)"))
    t.set_defaults(func=cmd_test)

    v = sub.add_parser("coverage", help=tr("laws 1-93 and their subsections: encoded or not, and by how many cases"))
    v.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the titles (default ru)"))
    v.add_argument("--encoded", action="store_true", help=tr("only the laws that have productions"))
    v.add_argument("--ids", action="store_true", help=tr("name the productions and judgment questions a unit rests on"))
    v.add_argument("--ra", metavar=tr("NAME"), help=tr("also every option the Laws leave to the Regulating Authority, and"
                                                       " this one's election (regulations/NAME.yaml)"))
    v.add_argument("--as-of", metavar=tr("YYYY-MM-DD"), help=tr("with --ra: the elections in force that day"))
    v.set_defaults(func=cmd_coverage)

    d = sub.add_parser("diff", help=tr("rule every incident and case with the knowledge at REV (or in DIR) and with"
                                       " this one; list each ruling that changed (exit 0: none, 1: some)"))
    d.add_argument("against", nargs="?", default="HEAD", metavar=tr("REV|DIR"),
                   help=tr("a git revision (default HEAD) or a project folder holding knowledge/ and facts/"))
    d.add_argument("--json", action="store_true", help=tr("print the changes as JSON (for a CI job)"))
    d.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the report (default ru)"))
    d.set_defaults(func=cmd_diff)

    b = sub.add_parser("book", help=tr("write the knowledge as static HTML, law by law, for review"))
    b.add_argument("out", metavar=tr("OUT_DIR"), help=tr("folder to write index.html and one page per law into"))
    b.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the book (default ru)"))
    b.set_defaults(func=cmd_book)

    s = sub.add_parser("schemas", help=tr("regenerate schemas/*.schema.json (editor validation and completion; the ruling's JSON)"))
    s.add_argument("--check", action="store_true", help=tr("only say whether the shipped files are up to date"))
    s.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language of the messages (default ru)"))
    s.set_defaults(func=cmd_schemas)

    add_log(sub)
    return ap


def main(argv: list[str] | None = None) -> int:
    # At exit the interpreter collects once more, walking every object left (a third of a cold
    # `rule`'s CPU time), to free what the process is about to give back whole: set them aside first.
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
    argv = sys.argv[1:] if argv is None else argv
    lang = language_of(argv)
    with speaking(lang):  # --help and argparse's usage errors in the command's language
        args = build_parser().parse_args(argv)
    try:
        with speaking(lang):  # `log` parses its own commands when it runs
            return args.func(args)
    except BridgelawError as e:  # in the command's language (--lang), where the catalog has the words
        print("\n".join(p.render(getattr(args, "lang", None) or "ru") for p in e.problems), file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (`| head`): stop, and say nothing more to it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as e:  # a file, folder or port the command cannot use: the environment, not a defect
        where = _display(e.filename) if e.filename is not None else "bridgelaw"
        print(f"{where}: {e.strerror or e}", file=sys.stderr)
        return 1
    except Exception as e:  # a defect of ours: say so in one line, keep the traceback for BRIDGELAW_DEBUG=1
        if os.environ.get("BRIDGELAW_DEBUG"):
            raise
        print(word("cli.internal", getattr(args, "lang", None) or "ru", error=f"{type(e).__name__}: {e}"), file=sys.stderr)
        return 3


if __name__ == "__main__":
    sys.exit(main())
