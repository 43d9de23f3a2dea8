"""The offline page's ruling log (faces/offline/device.py, kept in IndexedDB by app.js): the ruling page offers
to save to this device's log; the entry made is the log's own; the list finds it by law and board; the export
is the file `bridgelaw log import` reads, and it round-trips exactly.  The runtime runs natively here, as
Pyodide runs it in the page (test_offline.py holds the two to the same rulings)."""
from __future__ import annotations

import json
import pickle
from dataclasses import replace
from pathlib import Path

import pytest

from bridgelaw.faces import cli
from bridgelaw.faces.offline import runtime
from bridgelaw.faces.web.session import encode
from bridgelaw.log import transfer
from bridgelaw.log.record import FIELDS, knowledge_digest
from bridgelaw.log.store import open_store
from bridgelaw.read.incident import load_incident
from bridgelaw.read.scoring import load_scoring
from web_director import script

ROOT = Path(__file__).resolve().parent.parent
REVOKE = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"


@pytest.fixture(scope="module")
def page(knowledge):
    """The offline page's Python, started as worker.js starts it; request(path, params) -> its reply."""
    runtime.start(pickle.dumps(replace(knowledge, scoring=load_scoring(ROOT)), protocol=4), knowledge_digest(ROOT))
    return lambda path, **params: json.loads(runtime.request(path, json.dumps(params)))


@pytest.fixture(scope="module")
def s(knowledge, engine) -> str:
    steps, _ = script(knowledge, engine, load_incident(REVOKE, knowledge.vocabulary))
    return encode([(q.key, v) for q, v in steps])


def test_save_list_and_export_round_trip_through_log_import(page, s, tmp_path, capsys):
    ruling = page("/", s=s, lang="en")["body"]
    assert 'id="log-save"' in ruling and "Save to this device&#39;s log" in ruling
    assert "Записать в журнал на этом устройстве" in page("/", s=s, lang="ru")["body"]
    form = page("/log/save", s=s, lang="en", kept="[]")
    assert "<h1>Save to this device&#39;s log</h1>" in form["body"] and 'name="token"' not in form["body"]
    assert "keep" not in form
    bad = page("/log/save", s=s, lang="en", event="Club night", board="x", kept="[]")
    assert "keep" not in bad and "board number" in bad["body"]

    saved = page("/log/save", s=s, lang="en", event="Club night", board="7", table="3", director="Ann", kept="[]")
    entry = saved["keep"]
    assert saved["location"].startswith("/log?") and "saved=1" in saved["location"]
    assert list(entry) == list(FIELDS) and (entry["event"], entry["board"], entry["table"]) == ("Club night", 7, "3")
    assert "64A2" in entry["laws"] and entry["knowledge"] == knowledge_digest(ROOT) and entry["lang"] == "en"
    later = page("/log/save", s=s, lang="ru", event="Club night", board="8", kept=json.dumps([entry]))["keep"]
    kept = json.dumps([entry, later])  # what app.js gives back: the entries kept, oldest first

    listed = page("/log", lang="en", kept=kept, saved="2")["body"]
    assert "This device&#39;s ruling log" in listed and "Saved: entry 2." in listed and 'id="log-export"' in listed
    assert listed.count('<tr class="entry">') == 2 and "/print" not in listed
    assert page("/log", lang="en", kept=kept, law="64a")["body"].count('<tr class="entry">') == 2
    assert page("/log", lang="en", kept=kept, law="65")["body"].count('<tr class="entry">') == 0
    assert page("/log", lang="en", kept=kept, board="8")["body"].count('<tr class="entry">') == 1
    assert "Журнал решений на этом устройстве" in page("/log", lang="ru", kept=kept)["body"]

    exported = page("/log/export", lang="en", kept=kept)
    assert exported["filename"] == "bridgelaw-log.json" and exported["media_type"].startswith("application/json")
    path = tmp_path / exported["filename"]
    path.write_text(exported["body"], encoding="utf-8")
    url = f"sqlite:///{tmp_path / 'log.sqlite'}"
    assert cli.main(["log", "import", str(path), "--db", url, "--lang", "en"]) == 0
    assert "Entries imported: 2; already there: 0" in capsys.readouterr().out
    assert transfer.to_json(open_store(url).entries()) == exported["body"]  # the log exports the same file
    assert cli.main(["log", "list", "--db", url, "--law", "64A", "--board", "7"]) == 0
    assert "Club night" in capsys.readouterr().out


# -- in Chromium: the page saves to IndexedDB, keeps it over a reload, and downloads the export ---------------

from test_offline import served, site  # noqa: E402,F401  (the site built once, served on loopback)
from test_web_e2e import PHONE, _shot, browser  # noqa: E402,F401  (Debian's Chromium driven by Playwright)


def test_the_page_saves_to_indexeddb_and_downloads_what_log_import_reads(served, browser, s, tmp_path, capsys):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="en-US",
                                  accept_downloads=True, base_url=served)
    page = context.new_page()
    page.goto(f"/#/?s={s}&lang=en")
    page.wait_for_selector("section.ruling", timeout=120_000)
    page.click("#log-save")
    page.wait_for_selector("form.log #event")
    assert page.locator("h1").inner_text() == "Save to this device's log"
    page.fill("#event", "Club night")
    page.fill("#board", "7")
    page.fill("#table", "3")
    page.click("#save")
    page.wait_for_selector("p.saved", timeout=30_000)
    assert page.locator("tr.entry").count() == 1 and "64A2" in page.locator("tr.entry").inner_text()
    _shot(page, "offline-log", full=True)
    page.goto("/#/log?lang=en&law=64A")  # the entry is the browser's, kept over a new visit
    page.reload()
    page.wait_for_selector("#log-export", timeout=120_000)
    assert page.locator("tr.entry").count() == 1
    with page.expect_download() as download:
        page.click("#log-export")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    context.close()
    url = f"sqlite:///{tmp_path / 'log.sqlite'}"
    assert cli.main(["log", "import", str(path), "--db", url, "--lang", "en"]) == 0
    assert "Entries imported: 1; already there: 0" in capsys.readouterr().out
    assert transfer.to_json(open_store(url).entries()) == path.read_text(encoding="utf-8")
    (e,) = open_store(url).entries()
    assert (e.event, e.board, e.table, e.lang) == ("Club night", 7, "3", "en") and "64A2" in e.laws
