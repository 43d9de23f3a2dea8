"""The command line's own words in the director's language: ``--help`` and argparse's usage errors in Russian by
default, in English with ``--lang en``.

Shape::

    lang = language_of(argv)          # "en" only when the command line says --lang en
    with speaking(lang):              # argparse's gettext hook answers from ARGPARSE_RU while the parser is built and used
        parser = build_parser()       # whose help texts are tr("...") of their English
        args = parser.parse_args(argv)

argparse asks gettext for every text of its own ("usage: ", "options", "the following arguments are required:
%s"); Python ships no Russian catalog for it, so ``speaking`` points argparse's hook at ARGPARSE_RU (as i18nparse does for
the languages it has).  The Russian follows the wording of the GNU tools' Russian translations («Использование:»,
«показать эту справку и выйти»).  Each English text is its own key, as in a gettext catalog; a text of ours with
no Russian here is said in English, and tests/test_russian.py fails on it.
"""
from __future__ import annotations

import argparse
from contextlib import contextmanager

# argparse's own texts (Python 3.11-3.13), then ours; the key is the English, as gettext's msgid
ARGPARSE_RU: dict[str, str] = {
    "usage: ": "Использование: ",
    "positional arguments": "позиционные аргументы",
    "options": "параметры",
    "optional arguments": "параметры",
    "show this help message and exit": "показать эту справку и выйти",
    "subcommands": "команды",
    "%(prog)s: error: %(message)s\n": "%(prog)s: ошибка: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "аргумент %(argument_name)s: %(message)s",
    "the following arguments are required: %s": "не указаны обязательные аргументы: %s",
    "one of the arguments %s is required": "нужен один из аргументов: %s",
    "unrecognized arguments: %s": "неизвестные аргументы: %s",
    "not allowed with argument %s": "нельзя указывать вместе с аргументом %s",
    "ignored explicit argument %r": "лишнее значение аргумента: %r",
    "expected one argument": "нужно одно значение",
    "expected at most one argument": "нужно не больше одного значения",
    "expected at least one argument": "нужно хотя бы одно значение",
    "expected %s argument": "нужно значений: %s",
    "expected %s arguments": "нужно значений: %s",
    "ambiguous option: %(option)s could match %(matches)s":
        "неоднозначный параметр: %(option)s может означать %(matches)s",
    "unexpected option string: %s": "неожиданный параметр: %s",
    "invalid %(type)s value: %(value)r": "недопустимое значение: %(value)r",
    "invalid choice: %(value)r (choose from %(choices)s)": "недопустимое значение: %(value)r (допустимо: %(choices)s)",
    "unknown parser %(parser_name)r (choices: %(choices)s)": "нет команды %(parser_name)r (есть: %(choices)s)",
    "can't open '%(filename)s': %(error)s": "не удаётся открыть «%(filename)s»: %(error)s",

    # -- bridgelaw (faces/cli.py)
    "Rulings under the 2017 Laws of Duplicate Bridge.": "Решения по Правилам спортивного бриджа 2017 года.",
    "folder holding knowledge/ and facts/ (default: this project)":
        "папка, в которой лежат knowledge/ и facts/ (по умолчанию — этот проект)",
    "COMMAND": "КОМАНДА",
    "ROOT": "ПАПКА",
    "path": "ПУТЬ",
    "file": "ФАЙЛ",
    "print the ruling for an incident file": "напечатать решение по файлу случая",
    "incident": "СЛУЧАЙ",
    "incident YAML file (see facts/incidents/), or a PBN or LIN board file with --incident":
        "файл случая в YAML (см. facts/incidents/) или файл сдачи PBN или LIN вместе с --incident",
    "NOTES.yaml": "ЗАМЕТКИ.yaml",
    "with a board file: the director's facts (an incident with no cards: of its own, or naming the same board)":
        "к файлу сдачи: факты, записанные судьёй (случай без карт — отдельный или с номером той же сдачи)",
    "N": "N",
    "the board of a file holding several; with --log, the event's board the ruling is for":
        "номер сдачи в файле, где их несколько; с --log — сдача турнира, к которой относится решение",
    "language of the ruling (default ru)": "язык решения (по умолчанию ru)",
    "print the ruling as JSON (schemas/ruling.schema.json)": "напечатать решение в JSON (schemas/ruling.schema.json)",
    "leave out the HOW trace": "не печатать раздел «Как получено»",
    "name each firing's production (its id) in the HOW trace":
        "в разделе «Как получено» называть закодированное положение каждого шага (его id)",
    "NAME": "ИМЯ",
    "rule under this Regulating Authority's regulations (regulations/NAME.yaml: wbf, acbl, ebu, rbf; default: the"
    " incident's ra:, else wbf)":
        "решать по регламенту этого регулирующего органа (regulations/ИМЯ.yaml: wbf, acbl, ebu, rbf; по умолчанию —"
        " ra: из файла случая, иначе wbf)",
    "YYYY-MM-DD": "ГГГГ-ММ-ДД",
    "rule under the regulations and amendments in force that day":
        "решать по регламенту и поправкам, действовавшим в этот день",
    "SECONDS": "СЕКУНДЫ",
    "work for a claim's double-dummy lines, in seconds of one core (counted in positions searched, not on the clock:"
    " the same on any machine; default 2)":
        "сколько работать над линиями розыгрыша претензии (двойной болван), в секундах одного ядра (считается по"
        " числу перебранных позиций, а не по часам: на любой машине одинаково; по умолчанию 2)",
    "interview: asks only what can change the ruling, then gives it":
        "опрос: задаёт только вопросы, от ответа на которые зависит решение, затем выносит решение",
    "language of the questions (default ru)": "язык вопросов (по умолчанию ru)",
    "FILE.yaml": "ФАЙЛ.yaml",
    "replay answers from a file (no terminal needed)": "взять ответы из файла (терминал не нужен)",
    "write the established facts as an incident file for 'rule'":
        "записать установленные факты в файл случая для команды rule",
    "with --save: replace an existing file": "с --save: заменить существующий файл",
    "leave out the HOW trace (as rule does)": "не печатать раздел «Как получено» (как у rule)",
    "the interview and the ruling as a web page (and JSON under /api)":
        "опрос и решение на веб-странице (и JSON по адресам /api)",
    "address to listen on (default 127.0.0.1; 0.0.0.0 for the local network)":
        "адрес, на котором принимать запросы (по умолчанию 127.0.0.1; 0.0.0.0 — для локальной сети)",
    "port (default 8000)": "порт (по умолчанию 8000)",
    "seconds of work one request may take; a request past it is refused (default 2)":
        "сколько секунд работы может занять один запрос; запрос сверх этого отклоняется (по умолчанию 2)",
    "keep rulings in events' logs (save, search, print on the page; off loopback each event's token is needed)":
        "вести журналы решений турниров (запись, поиск и печать на странице; при доступе не с этого компьютера"
        " нужен ключ турнира)",
    "URL": "URL",
    "with --log: the log's database (as for rule --log)": "с --log: база данных журнала (как для rule --log)",
    "write the offline page's engine bundle (Pyodide, the app, the validated knowledge)":
        "записать всё, что нужно офлайн-странице (Pyodide, приложение, проверенную базу знаний)",
    "OUT_DIR": "ПАПКА",
    "folder to write the site into (new, empty, or a previous site)":
        "папка, в которую записать сайт (новая, пустая или с прежним сайтом)",
    "write into a folder holding other files (they are kept)":
        "записывать в папку, где есть другие файлы (они сохраняются)",
    "language of the messages (default ru)": "язык сообщений (по умолчанию ru)",
    "validate vocabulary, knowledge, incidents and cases; list every error":
        "проверить словарь, базу знаний, случаи и тесты; перечислить все ошибки",
    "PATH": "ПУТЬ",
    "a project folder, knowledge folder or law file (default: the project)":
        "папка проекта, папка базы знаний или файл Правила (по умолчанию — весь проект)",
    "exit 1 on warnings too": "завершаться с кодом 1 и при предупреждениях",
    "language of the summary and labels (default ru)": "язык итогов и названий (по умолчанию ru)",
    "run the YAML cases; a table per law, expected vs actual for each failure":
        "прогнать тесты в YAML; таблица по каждому Правилу, для каждого непрошедшего теста — ожидалось и получено",
    "case files or folders, or knowledge/law-NN.yaml for its cases (default: tests/cases)":
        "файлы или папки тестов либо knowledge/law-NN.yaml — для тестов этого Правила (по умолчанию tests/cases)",
    "TEXT": "ТЕКСТ",
    "only the cases whose name contains TEXT": "только тесты, в названии которых есть ТЕКСТ",
    "language of the rulings shown (default ru)": "язык показанных решений (по умолчанию ru)",
    "laws 1-93 and their subsections: encoded or not, and by how many cases":
        "Правила 1–93 и их пункты: закодированы ли и сколько тестов их проверяют",
    "language of the titles (default ru)": "язык названий (по умолчанию ru)",
    "only the laws that have productions": "только Правила, у которых есть закодированные положения",
    "name the productions and judgment questions a unit rests on":
        "называть закодированные положения и вопросы на усмотрение судьи, на которых держится пункт",
    "also every option the Laws leave to the Regulating Authority, and this one's election (regulations/NAME.yaml)":
        "также всё, что Правила оставляют регулирующему органу, и выбор этого органа (regulations/ИМЯ.yaml)",
    "with --ra: the elections in force that day": "с --ra: выбор, действовавший в этот день",
    "rule every incident and case with the knowledge at REV (or in DIR) and with this one; list each ruling that"
    " changed (exit 0: none, 1: some)":
        "вынести решение по каждому случаю и тесту с базой знаний из РЕВИЗИИ (или из ПАПКИ) и с этой; перечислить"
        " изменившиеся решения (код 0 — изменений нет, 1 — есть)",
    "REV|DIR": "РЕВИЗИЯ|ПАПКА",
    "a git revision (default HEAD) or a project folder holding knowledge/ and facts/":
        "ревизия git (по умолчанию HEAD) или папка проекта с knowledge/ и facts/",
    "print the changes as JSON (for a CI job)": "напечатать изменения в JSON (для CI)",
    "language of the report (default ru)": "язык отчёта (по умолчанию ru)",
    "write the knowledge as static HTML, law by law, for review":
        "записать базу знаний статическими страницами HTML, по Правилу на страницу, для проверки",
    "folder to write index.html and one page per law into":
        "папка, в которую записать index.html и по странице на каждое Правило",
    "language of the book (default ru)": "язык книги (по умолчанию ru)",
    "regenerate schemas/*.schema.json (editor validation and completion; the ruling's JSON)":
        "пересоздать schemas/*.schema.json (проверка и подсказки в редакторе; JSON решения)",
    "only say whether the shipped files are up to date": "только сказать, актуальны ли файлы в проекте",

    # -- the ruling log (log/options.py)
    "the ruling log (bridgelaw log --help)": "журнал решений (bridgelaw log --help)",
    "keep the ruling in the event's log": "записать решение в журнал турнира",
    "the log's database: sqlite:///PATH or postgresql://USER@HOST/DB (default: BRIDGELAW_DB, else log.sqlite in the"
    " user's data folder)":
        "база данных журнала: sqlite:///ПУТЬ или postgresql://ПОЛЬЗОВАТЕЛЬ@ХОСТ/БАЗА (по умолчанию BRIDGELAW_DB,"
        " иначе log.sqlite в папке данных пользователя)",
    "with --log: the event's name": "с --log: название турнира",
    "T": "СТОЛ",
    "with --log: the table": "с --log: стол",
    "with --log: the director": "с --log: судья",
    "S": "СЕССИЯ",
    "with --log: the session": "с --log: сессия",
    "with --log: the event's date (default today)": "с --log: дата турнира (по умолчанию сегодня)",
    "FORM": "ФОРМА",
    "with --log: the event's form of scoring (pairs, teams, ...)":
        "с --log: форма счёта турнира (парный, командный, …)",
    "with --log: the board": "с --log: сдача",
    "the ruling log: list, show, print, export, import, correct, appeal, token, stats":
        "журнал решений: list, show, print, export, import, correct, appeal, token, stats",
    "sqlite:///PATH or postgresql://USER@HOST/DB (default: BRIDGELAW_DB, else log.sqlite in the user's data folder)":
        "sqlite:///ПУТЬ или postgresql://ПОЛЬЗОВАТЕЛЬ@ХОСТ/БАЗА (по умолчанию BRIDGELAW_DB, иначе log.sqlite"
        " в папке данных пользователя)",
    "language (default ru)": "язык (по умолчанию ru)",
    "LAW": "ПРАВИЛО",
    "entries citing this law or a subsection of it (64A finds 64A2)":
        "записи со ссылкой на это Правило или его пункт (64A находит и 64A2)",
    "DATE": "ДАТА",
    "logged on or after (UTC)": "записанные в этот день или позже (UTC)",
    "logged on or before (UTC; a date: all that day)": "записанные в этот день или раньше (UTC; дата — весь день)",
    "the entries that match, newest first": "подходящие записи, сначала новые",
    "at most N (default 50; 0: all)": "не больше N (по умолчанию 50; 0 — все)",
    "one entry, whole, and the corrections and appeals of its ruling":
        "одна запись целиком, с исправлениями и апелляциями по её решению",
    "id": "НОМЕР",
    "the printable HTML record for an appeals committee (in the ruling's language)":
        "запись в HTML для печати, для апелляционного комитета (на языке решения)",
    "language (default: the ruling's)": "язык (по умолчанию — язык решения)",
    "FILE.html": "ФАЙЛ.html",
    "write to a file (default: standard output)": "записать в файл (по умолчанию — на стандартный вывод)",
    "the entries as CSV or JSON (log import reads both)": "записи в CSV или JSON (log import читает оба)",
    "FILE": "ФАЙЛ",
    "add the entries of an exported file (those already here are kept as they are)":
        "добавить записи из выгруженного файла (уже имеющиеся остаются как есть)",
    "add a correction of entry id (79C, 82C), linked to it":
        "добавить исправление записи НОМЕР (79C, 82C), связанное с ней",
    "add an appeal's outcome for entry id (92, 93), linked to it":
        "добавить итог апелляции по записи НОМЕР (92, 93), связанный с ней",
    "default %(default)s": "по умолчанию %(default)s",
    "what was corrected or decided": "что исправлено или решено",
    "the facts as now established: ruled again and kept": "факты в том виде, как они теперь установлены: решение выносится заново и сохраняется",
    "who adds it (default: the entry's director)": "кто добавляет (по умолчанию — судья этой записи)",
    "a new token for an event: what the web page asks for to write to or read its log when the server listens on"
    " more than loopback (the old one stops working)":
        "новый ключ турнира: его спрашивает веб-страница, чтобы записать в журнал турнира или прочитать его, когда"
        " сервер доступен не только с этого компьютера (прежний ключ перестаёт действовать)",
    "EVENT": "ТУРНИР",
    "rulings per law per event": "число решений по каждому Правилу в каждом турнире",
    "%s: only with --log": "%s: только вместе с --log",
    "--log needs --event NAME": "для --log нужен --event ИМЯ",
    "--log needs --board N": "для --log нужен --board N",
    "%r: expected a date as YYYY-MM-DD": "%r: нужна дата в виде ГГГГ-ММ-ДД",
    "%r: expected YYYY-MM-DD or YYYY-MM-DDTHH:MM (UTC)": "%r: нужна дата ГГГГ-ММ-ДД или ГГГГ-ММ-ДДTЧЧ:ММ (UTC)",
    "%r: expected a whole number, 0 or more": "%r: нужно целое число, 0 или больше",
}

_lang = ["ru"]


def language_of(argv: list[str]) -> str:
    """The language a command line asks for: English only with ``--lang en`` (``--lang=en``), else Russian."""
    for i, a in enumerate(argv):
        if a == "--lang=en" or (a == "--lang" and argv[i + 1:i + 2] == ["en"]):
            return "en"
    return "ru"


def tr(text: str) -> str:
    """``text`` (our English) in the language being spoken."""
    return ARGPARSE_RU.get(text, text) if _lang[-1] == "ru" else text


def _gettext(text):
    return tr(text) if text else text


def _ngettext(one: str, many: str, n: int) -> str:
    return tr(one if n == 1 else many)


@contextmanager
def speaking(lang: str):
    """argparse and ``tr`` speak ``lang`` inside (argparse's gettext hook, put back after)."""
    saved = argparse._, argparse.ngettext
    _lang.append(lang)
    if lang == "ru":
        argparse._, argparse.ngettext = _gettext, _ngettext
    try:
        yield
    finally:
        _lang.pop()
        argparse._, argparse.ngettext = saved


def current() -> str:
    """The language the command line speaks now."""
    return _lang[-1]
