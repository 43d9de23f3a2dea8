"""The HTTP app: ``create_app(root)`` (FastAPI: the page under /, JSON under /api) and ``serve``.

The interview service it serves (session.py, view.py) knows no HTTP and is
imported without FastAPI: the offline page (faces/offline/) runs it in the
browser.
"""
from __future__ import annotations

import errno
import logging
import os
import socket
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from ...errors import BridgelawError, Loc, Problem
from ...words import word
from ..usage import current
from . import api
from . import pages
from .session import BUDGET, Service, StateError

MAX_BODY = 64 * 1024
GRACE = 5  # seconds the requests still running at shutdown are given
log = logging.getLogger("bridgelaw.faces.web")


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes answers 413 before the app reads it."""

    def __init__(self, app, limit: int = MAX_BODY):
        self.app, self.limit = app, limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        length = dict(scope.get("headers") or ()).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            return await self._too_large(send)
        if scope["method"] not in ("POST", "PUT", "PATCH"):
            return await self.app(scope, receive, send)
        body, more = b"", True  # read the whole (small) body first, so a long chunked one never reaches the app
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                return await self._too_large(send)
        sent = False

        async def replay():
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

    async def _too_large(self, send):
        await _send_json(send, 413, {"detail": f"the request body is over {self.limit} bytes", "kind": "too_large"})


async def _send_json(send, status: int, body: dict) -> None:
    response = JSONResponse(body, status_code=status)
    await send({"type": "http.response.start", "status": status, "headers": response.raw_headers})
    await send({"type": "http.response.body", "body": response.body})


def _wants_json(request: Request) -> bool:
    return request.url.path.startswith("/api") or request.url.path == "/openapi.json"


def _lang(request: Request) -> str:
    return "en" if request.query_params.get("lang") == "en" else "ru"


def create_app(root: Path | None = None, budget: float = BUDGET, ruling_log: tuple | None = None,
               compile: bool = False) -> FastAPI:
    """The application over the knowledge in ``root`` (default: this project), loaded once here;
    ``budget``: the seconds of replay one request may take; ``ruling_log``: (database URL or None, the host
    listened on) to keep the event's log (bridgelaw/log/web.py), None for none; ``compile``: every engine of the
    pool compiled whole now (Service.warm: a long-running server), not on each part's first need."""
    from ...engine import PROJECT_ROOT, load
    app = FastAPI(title="bridgelaw", version="0.1.0",
                  summary="Rulings under the 2017 Laws of Duplicate Bridge: the director's interview over JSON.",
                  description=api.__doc__, docs_url="/api/docs", redoc_url=None)
    from ...committee.checks import refuse_endless
    knowledge = load(root or PROJECT_ROOT)
    refuse_endless(root or PROJECT_ROOT, knowledge)  # knowledge whose rulings never end is not served
    app.state.service = Service(knowledge, budget=budget)
    app.state.service.warm(compile)
    app.mount("/static", StaticFiles(directory=str(Path(__file__).parent / "static")), name="static")
    app.include_router(api.router)
    app.include_router(pages.router)
    if ruling_log is not None:
        from ...log.web import attach
        attach(app, ruling_log[0], ruling_log[1], root or PROJECT_ROOT)

    @app.exception_handler(StateError)
    def state_error(request: Request, e: StateError) -> Response:
        if _wants_json(request):
            return JSONResponse(api.error_body(e), status_code=e.status)
        return pages.error_page(request, e, _lang(request))

    @app.exception_handler(RequestValidationError)
    def bad_request(request: Request, e: RequestValidationError) -> Response:
        where = "; ".join(f"{'.'.join(map(str, err['loc']))}: {err['msg']}" for err in e.errors())
        if _wants_json(request):
            return JSONResponse({"detail": where, "kind": "invalid", "index": None}, status_code=422)
        return pages.error_page(request, StateError("invalid", where), _lang(request))

    @app.exception_handler(HTTPException)
    def http_error(request: Request, e: HTTPException) -> Response:
        kind = "not_found" if e.status_code == 404 else "invalid"
        if _wants_json(request) or e.status_code != 404:
            return JSONResponse({"detail": str(e.detail), "kind": kind, "index": None}, status_code=e.status_code,
                                headers=getattr(e, "headers", None))
        return PlainTextResponse(f"{request.url.path}: no such page", status_code=404)

    @app.exception_handler(Exception)
    def internal(request: Request, e: Exception) -> Response:
        log.exception("internal error on %s", request.url.path)
        if not _wants_json(request):
            return pages.error_page(request, None, _lang(request))
        return JSONResponse({"detail": "internal error in bridgelaw (logged on the server); please report it",
                             "kind": "internal", "index": None}, status_code=500)

    app.add_middleware(BodyLimit)
    return app


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on ``host:port``; BridgelawError saying why not (the port taken, no such address)."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family, backlog=2048)
    except OSError as e:
        reason = os.strerror(e.errno) if e.errno else str(e)
        key = "cli.no_such_host" if isinstance(e, socket.gaierror) else "cli.not_this_machine" \
            if e.errno == errno.EADDRNOTAVAIL else "cli.port_privileged" if e.errno == errno.EACCES and port < 1024 \
            else "cli.cannot_listen"  # the port taken, or what the system says
        raise BridgelawError(Problem(Loc(f"{host}:{port}"), word(key, current(), host=host, port=port,
                                                                  reason=reason))) from None


TRIM = 10.0  # seconds between giving the C allocator's freed memory back to the system


def lean_malloc() -> None:
    """On glibc, keep the server's memory near what it uses: its request threads allocate at once, each in an arena
    of its own (up to 8 a core), and what they free stays with the process, so the RSS followed the heaviest moments
    for many minutes.  Two arenas, and what is freed given back every TRIM seconds (3 minutes of 24 sessions: 162 MB
    after 4,706 requests, flat from 80 s, against 176 MB after 4,142 and still climbing).  Elsewhere nothing."""
    import ctypes
    import threading
    import time
    try:
        libc = ctypes.CDLL("libc.so.6")
        trim = libc.malloc_trim
        libc.mallopt(-8, 2)  # M_ARENA_MAX, before the request threads start
    except (OSError, AttributeError):  # not glibc
        return

    def trimming() -> None:
        while True:
            time.sleep(TRIM)
            trim(0)

    threading.Thread(target=trimming, name="malloc-trim", daemon=True).start()


def serve(root: Path | None, host: str, port: int, budget: float | None = None, keep_log: bool = False,
          db: str | None = None) -> None:
    """Run the app with uvicorn until interrupted (Ctrl-C) or terminated (SIGTERM).

    The knowledge is loaded and the port taken before anything else, so a mistake in
    either is one message and exit 1 (a port in use is said before the pool compiles); the pool is compiled
    before the first request is answered; requests still running at shutdown get GRACE seconds.
    """
    import uvicorn
    app = create_app(root, budget or BUDGET, (db, host) if keep_log else None)
    sock = listen(host, port)
    app.state.service.warm(compile=True)
    lean_malloc()
    class Server(uvicorn.Server):
        def handle_exit(self, sig, frame) -> None:  # SIGTERM, Ctrl-C: replays in flight end with a 503
            app.state.service.stopping = True
            super().handle_exit(sig, frame)

    server = Server(uvicorn.Config(app, log_level="info", timeout_graceful_shutdown=GRACE))
    log.warning("bridgelaw serving on http://%s:%s/ (Ctrl-C to stop)", *sock.getsockname()[:2])
    server.run(sockets=[sock])
