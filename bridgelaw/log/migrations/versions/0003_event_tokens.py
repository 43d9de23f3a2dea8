"""Event tokens: the credential a director gives the web page to write to or read an event's log when the
server listens on more than loopback; kept as a SHA-256 of the token, never the token.

Revision ID: 0003
Revises: 0002
"""
from alembic import op
import sqlalchemy as sa

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_token",
        sa.Column("event", sa.String(200), primary_key=True),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("created", sa.String(32), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("event_token")
