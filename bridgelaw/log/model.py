"""The log's tables (SQLAlchemy Core): ``entry``, one row per entry, and ``entry_law``, the laws each is
found by (every prefix of every law it cites: a search for 64A finds 64A2).  The migrations
(migrations/versions/) make them; HEAD names the newest, so opening a current database reads one row
and imports no Alembic."""
from __future__ import annotations

from sqlalchemy import Column, ForeignKey, Index, Integer, MetaData, String, Table, Text

from .lean import HEAD  # noqa: F401 (the newest migration: lean.py says it without SQLAlchemy)

metadata = MetaData()

entry = Table(
    "entry", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("uid", String(36), nullable=False, unique=True),
    Column("kind", String(12), nullable=False),
    Column("created", String(32), nullable=False),
    Column("event", String(200), nullable=False),
    Column("event_date", String(10)),
    Column("scoring", String(20)),
    Column("session", String(50)),
    Column("board", Integer),
    Column("table_no", String(20)),
    Column("director", String(100)),
    Column("links", String(36), ForeignKey("entry.uid")),
    Column("law", String(20)),
    Column("outcome", String(20)),
    Column("note", Text),
    Column("incident", Text),
    Column("ruling", Text),
    Column("result", Text),
    Column("score", String(200)),
    Column("laws", Text, nullable=False, server_default=""),
    Column("knowledge", String(64)),
    Column("edition", Integer),
    Column("lang", String(2), nullable=False),
    Index("ix_entry_event_board", "event", "board"),
    Index("ix_entry_board", "board"),
    Index("ix_entry_director", "director"),
    Index("ix_entry_created", "created"),
    Index("ix_entry_links", "links"),
)

entry_law = Table(
    "entry_law", metadata,
    Column("law", String(20), primary_key=True),
    Column("entry_id", Integer, ForeignKey("entry.id"), primary_key=True),
    Index("ix_entry_law_entry", "entry_id"),
)

event_token = Table(  # a token per event for the web page off loopback: its SHA-256 only
    "event_token", metadata,
    Column("event", String(200), primary_key=True),
    Column("hash", String(64), nullable=False),
    Column("created", String(32), nullable=False),
)
