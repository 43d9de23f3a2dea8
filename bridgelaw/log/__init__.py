"""The ruling log: every ruling of an event kept, searchable, printed for an appeals committee.

A client of the engine, as the faces are: it stores what ``bridgelaw rule --json`` already gives
(the versioned ruling JSON) beside the incident's facts as the YAML the program reads.

    record.py      one entry as plain data (no database): what is logged, the laws it cites
    model.py       the tables (SQLAlchemy Core)
    migrations/    Alembic's scripts, run by store.open() when the database is behind
    store.py       open a database (SQLite by default, PostgreSQL by URL), append, query
    lean.py        where the log is, and ``rule/ask --log``'s write to a current SQLite log on sqlite3 alone
    transfer.py    export (CSV, JSON) and import (JSON, CSV)
    printed.py     the printable HTML record for an appeals committee
    options.py     the command-line options (standard library only: a plain ``rule`` builds them quickly)
    cli.py         ``bridgelaw log ...`` and ``rule/ask --log``
    web.py         ``serve --log``: save to the event's log, search it, print; a token per event off loopback
    words.py       the log's Russian and English words

Nothing here is imported by ``bridgelaw rule`` without ``--log``; with it, SQLAlchemy loads only for a log
that is new, behind, or on PostgreSQL.
An entry is never changed once written: a correction (79C, 82C) or an appeal's outcome (92, 93)
is a new entry linked to the one it is about.
"""
