"""A director who knows an incident and answers the interview from it (the web tests' stand-in).

``script(knowledge, engine, incident)`` runs the interview in-process as
``interview.simulate`` does and returns the questions in order with the answer
for each, and the ruling reached: the web tests then put the same answers
through the JSON API or click them on the page, and expect the same questions.
"""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from bridgelaw.faces.interview import UNKNOWN, Interview, Question, answer_from


def script(knowledge, engine, incident) -> tuple[list, object]:
    interview = Interview(knowledge, engine)
    steps = []
    while isinstance(q := interview.step(), Question):
        value = answer_from(incident, q, interview)
        interview.answer(value)
        steps.append((q, value))
    return steps, interview.step()


def as_json(value):
    """An answer as the JSON API takes it."""
    if value is UNKNOWN:
        return None
    return list(value) if isinstance(value, tuple) else value


@contextmanager
def serving(*options: str):
    """``bridgelaw serve`` with ``options`` on a free loopback port, started and awaited (60 s at most), then
    ended: its base URL."""
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    import pytest
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = Path(__file__).resolve().parent.parent
    proc = subprocess.Popen([sys.executable, "-m", "bridgelaw.faces.cli", "serve", *options, "--port", str(port)],
                            cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=2)
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() - started > 60:
                proc.kill()
                pytest.fail(f"bridgelaw serve {' '.join(options)} did not start:\n{proc.stdout.read()}")
            time.sleep(0.2)
    print(f"\nbridgelaw serve ready in {time.monotonic() - started:.1f} s")
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
