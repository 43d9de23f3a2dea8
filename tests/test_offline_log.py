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
    assert listed.count('<tr class="entry">') == 2 and 'href="/log/2/print"' in listed
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


def test_print_view_and_delete_with_a_confirmation(page, s):
    """An entry kept on the device prints as `log print` prints it (in its ruling's language), with a bar the
    printout leaves out; deleting one asks first, naming it, and deletes only the entry it named."""
    one = page("/log/save", s=s, lang="en", event="Club night", board="7", table="3", kept="[]")["keep"]
    two = page("/log/save", s=s, lang="ru", event="Кубок", board="8", kept=json.dumps([one]))["keep"]
    kept = json.dumps([one, two])

    printed = page("/log/1/print", kept=kept)
    body = printed["body"]
    assert printed["status"] == 200 and '<html lang="en">' in body and "Director&#39;s ruling, entry 1" in body
    assert "The facts established" in body and "64A2" in body and "Club night" in body and "Кубок" not in body
    assert 'id="log-print"' in body and ">Print</button>" in body and 'href="/log?lang=en"' in body
    assert "@media print { .noprint { display: none; } }" in body and 'class="noprint"' in body
    ru = page("/log/2/print", kept=kept)["body"]
    assert '<html lang="ru">' in ru and "Запись о решении судьи № 2" in ru and "Установленные факты" in ru
    assert ">Печать</button>" in ru and "К журналу" in ru
    assert page("/log/3/print", kept=kept, lang="en")["status"] == 404

    asked = page("/log/1/delete", kept=kept, lang="en")
    assert "forget" not in asked and "<h1>Delete entry 1?</h1>" in asked["body"]
    assert "Club night" in asked["body"] and f'value="{one["uid"]}"' in asked["body"] and 'id="delete-no"' in asked["body"]
    assert "Удалить запись № 1?" in page("/log/1/delete", kept=kept, lang="ru")["body"]
    # the list changed meanwhile (another tab): entry 1 is now another one, so nothing is deleted, it asks again
    stale = page("/log/1/delete", kept=json.dumps([two]), lang="en", uid=one["uid"])
    assert "forget" not in stale and "<h1>Delete entry 1?</h1>" in stale["body"] and "Кубок" in stale["body"]
    done = page("/log/1/delete", kept=kept, lang="en", uid=one["uid"])
    assert done["forget"] == one["uid"] and done["location"] == "/log?lang=en&deleted=1"
    listed = page("/log", kept=json.dumps([two]), lang="en", deleted="1")["body"]
    assert "Entry 1 deleted." in listed and listed.count('<tr class="entry">') == 1
    assert "Запись № 1 удалена." in page("/log", kept=json.dumps([two]), lang="ru", deleted="1")["body"]


# -- in Chromium: the page saves to IndexedDB, keeps it over a reload, and downloads the export ---------------

from test_web_e2e import _shot  # noqa: E402  (the fixture first_visit: conftest.py)


def test_the_page_saves_to_indexeddb_downloads_prints_and_deletes(first_visit, s, tmp_path, capsys):
    """(In the browser of conftest.py's first_visit, its log empty: the test leaves it so, deleting what it saved.)"""
    page = first_visit[0].context.new_page()
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
    # the printable record, its bar left out of the printout; then a deletion, asked first, kept over a reload
    page.click("tr.entry a.print")
    page.wait_for_selector("#log-print", timeout=30_000)
    assert page.locator("h1").first.inner_text() == "Director's ruling, entry 1" and "64A2" in page.inner_text("body")
    page.emulate_media(media="print")
    assert not page.is_visible("#log-print") and page.is_visible("h1")
    page.emulate_media(media="screen")
    _shot(page, "offline-log-print", full=True)
    page.click(".noprint a")
    page.wait_for_selector("tr.entry a.delete", timeout=30_000)
    page.click("tr.entry a.delete")
    page.wait_for_selector("#delete-no", timeout=30_000)
    assert page.locator("h1").inner_text() == "Delete entry 1?" and "Club night" in page.inner_text("table.log")
    page.click("#delete-no")
    page.wait_for_selector("tr.entry a.delete", timeout=30_000)
    page.click("tr.entry a.delete")
    page.click("#delete-yes")
    page.wait_for_selector("p.saved", timeout=30_000)
    assert page.locator("p.saved").inner_text() == "Entry 1 deleted." and page.locator("tr.entry").count() == 0
    page.reload()
    page.wait_for_selector("#log-export", timeout=120_000)
    assert page.locator("tr.entry").count() == 0 and "(entries: 0)" in page.locator("#log-export").inner_text()
    page.close()
    url = f"sqlite:///{tmp_path / 'log.sqlite'}"
    assert cli.main(["log", "import", str(path), "--db", url, "--lang", "en"]) == 0
    assert "Entries imported: 1; already there: 0" in capsys.readouterr().out
    assert transfer.to_json(open_store(url).entries()) == path.read_text(encoding="utf-8")
    (e,) = open_store(url).entries()
    assert (e.event, e.board, e.table, e.lang) == ("Club night", 7, "3", "en") and "64A2" in e.laws
