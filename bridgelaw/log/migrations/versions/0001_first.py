"""The first schema: entries and the laws they are found by.

Revision ID: 0001
Revises:
"""
from alembic import op
import sqlalchemy as sa

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "entry",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("uid", sa.String(36), nullable=False, unique=True),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
        sa.Column("event", sa.String(200), nullable=False),
        sa.Column("event_date", sa.String(10)),
        sa.Column("scoring", sa.String(20)),
        sa.Column("session", sa.String(50)),
        sa.Column("board", sa.Integer),
        sa.Column("table_no", sa.String(20)),
        sa.Column("director", sa.String(100)),
        sa.Column("links", sa.String(36), sa.ForeignKey("entry.uid")),
        sa.Column("law", sa.String(20)),
        sa.Column("outcome", sa.String(20)),
        sa.Column("note", sa.Text),
        sa.Column("incident", sa.Text),
        sa.Column("ruling", sa.Text),
        sa.Column("result", sa.Text),
        sa.Column("score", sa.String(200)),
        sa.Column("laws", sa.Text, nullable=False, server_default=""),
        sa.Column("knowledge", sa.String(64)),
        sa.Column("edition", sa.Integer),
        sa.Column("lang", sa.String(2), nullable=False),
    )
    op.create_index("ix_entry_event_board", "entry", ["event", "board"])
    op.create_index("ix_entry_board", "entry", ["board"])
    op.create_index("ix_entry_director", "entry", ["director"])
    op.create_index("ix_entry_created", "entry", ["created"])
    op.create_index("ix_entry_links", "entry", ["links"])
    op.create_table(
        "entry_law",
        sa.Column("law", sa.String(20), primary_key=True),
        sa.Column("entry_id", sa.Integer, sa.ForeignKey("entry.id"), primary_key=True),
    )
    op.create_index("ix_entry_law_entry", "entry_law", ["entry_id"])


def downgrade() -> None:
    op.drop_table("entry_law")
    op.drop_table("entry")
