"""Append-only: the database itself refuses to change or remove an entry or its laws.

A correction or an appeal's outcome is a new entry linking to the one it is about; so the
history stays whatever program writes to the database.

Revision ID: 0002
Revises: 0001
"""
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

TABLES = ("entry", "entry_law")
MESSAGE = "the ruling log is append-only: add a correction or an appeal instead"


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(f"""CREATE FUNCTION bridgelaw_append_only() RETURNS trigger AS $$
                       BEGIN RAISE EXCEPTION '{MESSAGE}'; END $$ LANGUAGE plpgsql""")
        for t in TABLES:
            op.execute(f"CREATE TRIGGER {t}_append_only BEFORE UPDATE OR DELETE ON {t}"
                       " FOR EACH ROW EXECUTE FUNCTION bridgelaw_append_only()")
        return
    for t in TABLES:
        for what in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER {t}_no_{what.lower()} BEFORE {what} ON {t}"
                       f" BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END")


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for t in TABLES:
            op.execute(f"DROP TRIGGER {t}_append_only ON {t}")
        op.execute("DROP FUNCTION bridgelaw_append_only()")
        return
    for t in TABLES:
        for what in ("update", "delete"):
            op.execute(f"DROP TRIGGER {t}_no_{what}")
