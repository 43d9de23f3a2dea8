"""Alembic's environment for the ruling log: always run by store.open() on a connection it gives,
inside the transaction that holds the database's write lock (so two openers never migrate at once)."""
from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection, transactional_ddl=True)
with context.begin_transaction():
    context.run_migrations()
