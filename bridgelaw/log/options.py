"""The log's command-line options: ``--log`` and where a ruling was made (``rule``, ``ask``), and the
``bridgelaw log`` commands.  Imports nothing but the standard library: building the parser of a plain
``bridgelaw rule`` stays as quick as it was; the commands (log/cli.py) load when one runs."""
from __future__ import annotations

import argparse

from ..faces.usage import current, speaking, tr


def _later(name: str):
    def run(args) -> int:
        from . import cli
        return getattr(cli, name)(args)
    return run



def add_rule_options(p: argparse.ArgumentParser, board: bool = False) -> None:
    """``--log`` and where the ruling was made (rule, ask; ``rule`` has its own --board)."""
    g = p.add_argument_group(tr("the ruling log (bridgelaw log --help)"))
    if board:
        g.add_argument("--board", type=int, metavar=tr("N"), help=tr("with --log: the board"))
    g.add_argument("--log", action="store_true", help=tr("keep the ruling in the event's log"))
    g.add_argument("--db", metavar=tr("URL"), help=tr("the log's database: sqlite:///PATH or postgresql://USER@HOST/DB"
                                                      " (default: BRIDGELAW_DB, else log.sqlite in the user's data folder)"))
    g.add_argument("--event", metavar=tr("NAME"), help=tr("with --log: the event's name"))
    g.add_argument("--table", metavar=tr("T"), help=tr("with --log: the table"))
    g.add_argument("--director", metavar=tr("NAME"), help=tr("with --log: the director"))
    g.add_argument("--session", metavar=tr("S"), help=tr("with --log: the session"))
    g.add_argument("--date", metavar=tr("YYYY-MM-DD"), type=_date, help=tr("with --log: the event's date (default today)"))
    g.add_argument("--scoring", metavar=tr("FORM"), help=tr("with --log: the event's form of scoring (pairs, teams, ...)"))


def log_usage(args) -> str | None:
    """What is wrong with the log options given (a usage error), or None."""
    if not args.log:
        given = [f"--{k}" for k in ("db", "event", "table", "director", "session", "date", "scoring")
                 if getattr(args, k, None)]
        return tr("%s: only with --log") % ", ".join(given) if given else None
    if not args.event:
        return tr("--log needs --event NAME")
    if getattr(args, "board", None) is None:
        return tr("--log needs --board N")
    return None


def _date(text: str) -> str:
    import datetime as dt
    try:
        return dt.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(tr("%r: expected a date as YYYY-MM-DD") % text)


def _when(text: str) -> str:
    """--since/--until: a date or a date and time (UTC), as a prefix of the log's timestamps."""
    import datetime as dt
    try:
        if len(text) == 10:
            return dt.date.fromisoformat(text).isoformat()
        t = dt.datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise argparse.ArgumentTypeError(tr("%r: expected YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC)") % text)
    if t.tzinfo:
        t = t.astimezone(dt.timezone.utc)
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def _positive(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        n = -1
    if n < 0:
        raise argparse.ArgumentTypeError(tr("%r: expected a whole number, 0 or more") % text)
    return n


HELP = "the ruling log: list, show, print, export, import, correct, appeal, token, stats"


def add_parser(sub) -> None:
    """``bridgelaw log``, its commands parsed only when it runs (a plain ``rule`` builds none of them)."""
    lg = sub.add_parser("log", help=tr(HELP), add_help=False)
    lg.add_argument("-h", "--help", action="store_true", dest="log_help")
    lg.add_argument("rest", nargs=argparse.REMAINDER)
    lg.set_defaults(func=_run_log)


def _run_log(args) -> int:
    with speaking(current()):  # the language the whole command line asked for
        ap = argparse.ArgumentParser(prog="bridgelaw log", description=tr(HELP))
        log_parsers(ap)
        parsed = ap.parse_args((["--help"] if args.log_help else []) + args.rest)
    parsed.root = args.root
    return parsed.func(parsed)


def log_parsers(lg: argparse.ArgumentParser) -> None:
    """The commands of ``bridgelaw log``."""
    ls = lg.add_subparsers(dest="log_command", required=True, metavar=tr("COMMAND"))

    def common(p, lang=True):
        p.add_argument("--db", metavar=tr("URL"), help=tr("sqlite:///PATH or postgresql://USER@HOST/DB (default:"
                                                          " BRIDGELAW_DB, else log.sqlite in the user's data folder)"))
        if lang:
            p.add_argument("--lang", choices=["ru", "en"], default="ru", help=tr("language (default ru)"))

    def filters(p):
        p.add_argument("--event", metavar=tr("NAME"))
        p.add_argument("--board", type=int, metavar=tr("N"))
        p.add_argument("--law", metavar=tr("LAW"), help=tr("entries citing this law or a subsection of it (64A finds 64A2)"))
        p.add_argument("--director", metavar=tr("NAME"))
        p.add_argument("--kind", choices=["ruling", "correction", "appeal"])
        p.add_argument("--since", type=_when, metavar=tr("DATE"), help=tr("logged on or after (UTC)"))
        p.add_argument("--until", type=_when, metavar=tr("DATE"), help=tr("logged on or before (UTC; a date: all that day)"))

    p = ls.add_parser("list", help=tr("the entries that match, newest first"))
    common(p), filters(p)
    p.add_argument("--limit", type=_positive, default=50, metavar=tr("N"), help=tr("at most N (default 50; 0: all)"))
    p.set_defaults(func=_later('cmd_list'))

    p = ls.add_parser("show", help=tr("one entry, whole, and the corrections and appeals of its ruling"))
    common(p)
    p.add_argument("id", type=int, metavar=tr("id"))
    p.set_defaults(func=_later('cmd_show'))

    p = ls.add_parser("print", help=tr("the printable HTML record for an appeals committee (in the ruling's language)"))
    common(p, lang=False)
    p.add_argument("id", type=int, metavar=tr("id"))
    p.add_argument("--lang", choices=["ru", "en"], help=tr("language (default: the ruling's)"))
    p.add_argument("-o", "--out", metavar=tr("FILE.html"), help=tr("write to a file (default: standard output)"))
    p.set_defaults(func=_later('cmd_print'))

    p = ls.add_parser("export", help=tr("the entries as CSV or JSON (log import reads both)"))
    common(p), filters(p)
    f = p.add_mutually_exclusive_group(required=True)
    f.add_argument("--csv", dest="fmt", action="store_const", const="csv")
    f.add_argument("--json", dest="fmt", action="store_const", const="json")
    p.add_argument("-o", "--out", metavar=tr("FILE"), help=tr("write to a file (default: standard output)"))
    p.set_defaults(func=_later('cmd_export'))

    p = ls.add_parser("import", help=tr("add the entries of an exported file (those already here are kept as they are)"))
    common(p)
    p.add_argument("file", metavar=tr("file"))
    p.set_defaults(func=_later('cmd_import'))

    for name, laws, default, what in (("correct", ('79C', '82C'), "79C", "add a correction of entry id (79C, 82C),"
                                                                       " linked to it"),
                                      ("appeal", ('92', '93'), "93", "add an appeal's outcome for entry id (92, 93),"
                                                                     " linked to it")):
        p = ls.add_parser(name, help=tr(what))
        common(p)
        p.add_argument("id", type=int, metavar=tr("id"))
        p.add_argument("--law", choices=laws, default=default, help=tr("default %(default)s"))
        p.add_argument("--note", metavar=tr("TEXT"), required=name == "correct", help=tr("what was corrected or decided"))
        p.add_argument("--incident", metavar=tr("FILE.yaml"), help=tr("the facts as now established: ruled again and kept"))
        p.add_argument("--director", metavar=tr("NAME"), help=tr("who adds it (default: the entry's director)"))
        if name == "appeal":
            p.add_argument("--outcome", choices=('upheld', 'changed', 'withdrawn'), required=True)
        p.set_defaults(func=_later('cmd_add'), kind="correction" if name == "correct" else "appeal")

    p = ls.add_parser("token", help=tr("a new token for an event: what the web page asks for to write to or read its"
                                       " log when the server listens on more than loopback (the old one stops working)"))
    common(p)
    p.add_argument("event", metavar=tr("EVENT"))
    p.set_defaults(func=_later("cmd_token"))

    p = ls.add_parser("stats", help=tr("rulings per law per event"))
    common(p)
    p.add_argument("--event", metavar=tr("NAME"))
    p.set_defaults(func=_later('cmd_stats'))


