"""The web face of the interview: ``bridgelaw serve`` (a page for directors, and JSON under /api).

    app = create_app(root)        # loads the knowledge and compiles the engine once
    serve(root, host, port)       # runs it with uvicorn

Modules: app.py (the FastAPI app and ``serve``), session.py (the answers a client carries, replayed on a pool of engines
within a time budget per request),
view.py (questions and rulings as plain data), api.py (the JSON API and its
schema), pages.py (the page, with templates/ and static/).  The web layer asks
the Interview and renders what it answers; it knows no law.  No request ever
shows a traceback: a bad one gets a 4xx with what was wrong, an internal error
a 500 with a plain message (the traceback goes to the server's log only).
"""

_APP = ("create_app", "serve", "listen", "MAX_BODY", "GRACE", "BodyLimit")


def __getattr__(name: str):
    """``create_app``, ``serve``... from app.py, imported on first use: importing the service (session.py,
    view.py) never imports FastAPI."""
    if name in _APP:
        from . import app
        return getattr(app, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
