"""The catalogue of malformed inputs (../shared/reference/malformed-inputs.md) as a table: every kind gets
exit 1 (bad input) or 2 (bad usage) with a message naming the file and what is wrong, never exit 3, never
a hang, and no input file changed.

Each row: the catalogue's number, the files it needs (text, bytes, or a special: a folder, a symlink loop,
a FIFO), the command, the exit code and a fragment of the message.  Rows run in-process (``cli.main``)
unless they need a process of their own (a FIFO that could block, a server, a pipe), which then runs with
a timeout of a few seconds, so a hang fails instead of blocking.  The cycles of productions (K02-K05) are
held by tests/test_chaining.py, the full disk (A32, A33) by tests/test_saves.py, the web (W..) by
tests/test_web_api.py and tests/test_web_limits.py.
"""
from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bridgelaw.faces import cli

ROOT = Path(__file__).resolve().parent.parent
GOOD = (ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml").read_text(encoding="utf-8")
ANSWERS = ROOT / "tests" / "answers" / "defective-trick-two-cards.yaml"
HEAD = "title: t\nsource: t\nfacts:\n"
REVOKE = "  revoke:\n    - {offender: W, failure: failed_to_follow_suit, establishing_act: played_to_next_trick, %s}\n"
DEAL = "  deal: {declarer: S, contract: 4S, play_ended: true}\n"
TIMEOUT = 20  # seconds for a row run in its own process: a hang fails instead of blocking


def incident(extra: str = "", deal: str = DEAL) -> str:
    return HEAD + deal + extra


def revoke(slots: str = "revoke_trick_winner: non_offending_side") -> str:
    return incident(REVOKE % slots)


def nested(depth: int, open_: str = "[", close: str = "]") -> str:
    return incident() + "description: " + open_ * depth + close * depth + "\n"


def block(depth: int) -> str:
    return incident() + "description:\n" + "".join(" " * (i + 2) + f"a{i}:\n" for i in range(depth))


def many(n: int, template: str = "revoke") -> str:
    items = {"revoke": "    - {offender: %s, trick: %d}\n",
             "conduct": "    - {player: %s, breach: discourtesy, id: c%d}\n"}[template]
    return incident(f"  {template}:\n" + "".join(items % ("NESW"[i % 4], i % 13 + 1) for i in range(n)))


# (id, files {name: content | special}, argv ({d}: the row's folder), exit code, message fragment)
RULE = [
    ("I01", {"x.yaml": "title: x\nfacts: {deal: {declarer: S\n"}, "x.yaml:", 1, "YAML syntax"),
    ("I02", {"x.yaml": HEAD + "\tdeal: {declarer: S}\n"}, "x.yaml:4:1", 1, "YAML syntax"),
    ("I03", {"x.yaml": incident("  revokee: {offender: W}\n")}, "x.yaml:5:3", 1, "unknown template 'revokee'"),
    ("I04", {"x.yaml": incident(REVOKE.replace("offender", "ofender") % "trick: 2")}, "x.yaml:6", 1,
     "unknown slot 'ofender'"),
    ("I05", {"x.yaml": revoke("revoke_trick_winner: dummy")}, "x.yaml:6", 1, "unknown value 'dummy'"),
    ("I06", {"x.yaml": revoke("trick: five")}, "x.yaml:6", 1, "expected a whole number, found 'five'"),
    ("I07", {"x.yaml": revoke('trick: "5"')}, "x.yaml:6", 1, "expected a whole number, written without quotes"),
    ("I08", {"x.yaml": revoke("trick: 14")}, "x.yaml:6", 1, "14 is out of range 1..13"),
    ("I09", {"x.yaml": revoke("trick: -1")}, "x.yaml:6", 1, "-1 is out of range 1..13"),
    ("I10", {"x.yaml": revoke("trick: " + "9" * 38)}, "x.yaml:6", 1, "out of range 1..13"),
    ("I11", {"x.yaml": revoke("trick: 5.5")}, "x.yaml:6", 1, "expected a whole number, found '5.5'"),
    ("I12", {"x.yaml": incident(deal="  deal: {declarer: S, play_ended: yes}\n")}, "x.yaml:4", 1,
     "expected true or false"),
    ("I13", {"x.yaml": incident(deal="  deal: {declarer: S, play_ended: 'no'}\n")}, "x.yaml:4", 1,
     "written without quotes"),
    ("I14", {"x.yaml": incident(REVOKE.replace("offender: W", "offender: XZ") % "trick: 2")}, "x.yaml:6", 1,
     "unknown value 'XZ'"),
    ("I15", {"x.yaml": incident(REVOKE.replace("offender: W", "offender: 3") % "trick: 2")}, "x.yaml:6", 1,
     "unknown value '3'"),
    ("I16", {"x.yaml": incident(deal="  deal: {declarer: S, contract: 8NT}\n")}, "x.yaml:4", 1,
     "'8NT' is not a contract"),
    ("I17", {"x.yaml": ""}, "x.yaml:1:1", 1, "an incident is a mapping"),
    ("I18", {"x.yaml": "# nothing\n\n   \n"}, "x.yaml:1:1", 1, "an incident is a mapping"),
    ("I19", {"x.yaml": "- a\n- b\n"}, "x.yaml:1:1", 1, "an incident is a mapping"),
    ("I20", {"x.yaml": "just text\n"}, "x.yaml:1:1", 1, "an incident is a mapping"),
    ("I21", {"x.yaml": "title: t\nsource: t\nfacts: [a, b]\n"}, "x.yaml:3", 1,
     "facts: expected a mapping, found a list '[a, b]'"),
    ("I22", {"x.yaml": "title: t\nsource: t\nfacts:\n"}, "x.yaml:3", 1, "facts: expected a mapping, found nothing"),
    ("I23", {"x.yaml": "title: t\nsource: t\n"}, "x.yaml:1:1", 1, "facts"),
    ("I24", {"x.yaml": incident(DEAL)}, "x.yaml:5:3", 1, "duplicate key 'deal'"),
    ("I25", {"x.yaml": incident(deal="  deal: {declarer: S, declarer: N}\n")}, "x.yaml:4", 1,
     "duplicate key 'declarer'"),
    ("I26", {"x.yaml": incident() + "description: !!python/object/apply:os.system [ls]\n"}, "x.yaml:5", 1,
     "YAML tag"),
    ("I27", {"x.yaml": incident() + "description: !!binary aGVsbG8=\n"}, "x.yaml:5", 1, "YAML tag '!!binary'"),
    ("I28", {"x.yaml": incident() + "description: !foo bar\n"}, "x.yaml:5", 1, "YAML tag '!foo'"),
    ("I29", {"x.yaml": HEAD + "  deal: &d {declarer: S}\ndescription: *d\n"}, "x.yaml:4", 1, "anchors and aliases"),
    ("I30", {"x.yaml": HEAD + "  deal:\n    <<: {declarer: S}\n"}, "x.yaml:5", 1, "merge keys"),
    ("I31", {"x.yaml": "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{c}: &{c} [" + ", ".join([f"*{p}"] * 9) + "]\n" for p, c in zip("abcdefgh", "bcdefghi"))},
     "x.yaml:1:4", 1, "anchors and aliases (&name / *name) are not allowed\n  write the value out again where it is"
                      " needed\n  and 71 more like it\n"),
    ("I32", {"x.yaml": incident() + "description: " + "x" * (5 * 1024 * 1024) + "\n"}, "x.yaml", 1,
     "larger than 4 MiB"),
    ("I33", {"x.bin": bytes(range(256)) * 32}, "x.bin", 1, "not UTF-8 text"),
    ("I34", {"x.yaml": "title: caf\xe9\n".encode("latin-1")}, "x.yaml", 1, "not UTF-8 text"),
    ("I35", {"x.yaml": "\ufeff" + GOOD}, "x.yaml", 0, "64A2"),
    ("I36", {"x.yaml": GOOD.replace("\n", "\r\n")}, "x.yaml", 0, "64A2"),
    ("I37", {"x.yaml": 'title: "a\x00b"\n'}, "x.yaml", 1, "x.yaml"),
    ("I38", {"x.yaml": "<dir>"}, "x.yaml", 1, "x.yaml: cannot read"),
    ("I39", {}, "nope.yaml", 1, "nope.yaml: no such file"),
    ("I41", {"loop1.yaml": "<loop>"}, "loop1.yaml", 1, "loop1.yaml: cannot read: Too many levels of symbolic links"),
    ("I42", {"x.yaml": nested(100_000)}, "x.yaml:5", 1, "nested more than 64 levels deep"),
    ("I43", {"x.yaml": block(1200)}, "x.yaml:", 1, "nested more than 64 levels deep"),
    ("I44", {"x.yaml": nested(5000, "{a: ", "}")}, "x.yaml:5", 1, "nested more than 64 levels deep"),
    ("I44b", {"x.yaml": nested(500)}, "x.yaml:5", 1, "nested more than 64 levels deep"),
    ("I45", {"x.yaml": HEAD + "  ? [a, b]\n  : 1\n"}, "x.yaml:4", 1, "a key must be a plain name"),
    ("I46", {"x.yaml": HEAD + "  5: {}\n"}, "x.yaml:4:3", 1, "'5' is not of the right form"),
    ("I47", {"x.yaml": GOOD + "---\n" + GOOD}, "x.yaml:", 1, "YAML syntax"),
    ("I48", {"x.yaml": incident("  revoke_established: {}\n")}, "x.yaml:5", 1, "derived by the productions"),
    ("I49", {"x.yaml": incident("  revoke:\n    - {trick: 2}\n")}, "x.yaml:6", 1, "required slot 'offender'"),
    ("I50", {"x.yaml": incident("  revoke:\n    - {offender: W, id: r1}\n    - {offender: E, id: r1}\n")},
     "x.yaml:", 1, "two facts are named 'r1'"),
    ("I51", {"x.yaml": incident("  revoke: {offender: W, failure: failed_to_follow_suit}\n")}, "x.yaml", 0, ""),
    ("I52", {"x.yaml": HEAD + "  deal:\n    - {declarer: S}\n    - {declarer: N}\n"}, "x.yaml:4", 1,
     "takes one set of values, not a list"),
    ("I53", {"x.yaml": incident(REVOKE.replace("offender: W", "offender: [W, E]") % "trick: 2")}, "x.yaml:6", 1,
     "revoke.offender"),
    ("I54", {"x.yaml": incident(REVOKE.replace("offender: W", "offender: {seat: W}") % "trick: 2")}, "x.yaml:6",
     1, "revoke.offender"),
    ("I55", {"x.yaml": GOOD + "colour: red\n"}, "x.yaml:", 1, "colour"),
    ("I55b", {"x.yaml": incident("  withdrawn_card:\n    - {player: W, card: S7, reason: own_wish}\n"
                                 "  played_card:\n    - {player: E, card: S7, how: seen_by_partner}\n")},
     "x.yaml:6", 1, "S7 is in two hands: E's in played_card-1 and W's in withdrawn_card-1"),
    ("I56", {"x.yaml": HEAD + "  " + "k" * 1_000_000 + ": {}\n"}, "x.yaml:", 1, "YAML syntax"),
    ("I57", {"x.yaml": incident("  revoke:\n    - {offender: W, id: [a]}\n")}, "x.yaml:6", 1,
     "a fact's id is a name"),
    ("I57b", {"x.yaml": incident("  revoke:\n    - {offender: W, id: ../../etc/passwd}\n")}, "x.yaml:6", 1,
     "a fact's id is a name"),
    ("I59", {}, "/dev/zero", 1, "/dev/zero: larger than 4 MiB"),
    ("I60", {"x.yaml": many(1000)}, "x.yaml:5:3", 1, "1000 facts of revoke; one board holds at most 13"),
    ("I61", {"x.yaml": many(14)}, "x.yaml:5:3", 1, "14 facts of revoke; one board holds at most 13"),
    ("I61b", {"x.yaml": many(13)}, "x.yaml", 0, ""),
    ("I63", {"x.yaml": many(10_000, "conduct")}, "x.yaml:5:3", 1, "10000 facts of conduct; one board holds at most 64"),
    # turn 3: values quoted as written, never as Python's repr; the auction as calls bounded before any work
    ("I54r", {"x.yaml": incident(REVOKE.replace("offender: W", "offender: {seat: W}") % "trick: 2")}, "x.yaml:6",
     1, "revoke.offender: a partly known value is {one_of: [...]} or one of NS, EW, defender, declarer_side"),
    ("I54t", {"x.yaml": revoke("revoke_trick_winner: true")}, "x.yaml:6", 1, "unknown value 'true'"),
    ("AU05", {"x.yaml": incident("  auction: {dealer: N, calls: '" + " ".join(["1C", "X", "XX"] + ["P"] * 497)
                                 + "'}\n")}, "x.yaml:5", 1, "auction.calls: 500 calls: no auction the Laws allow"),
    ("AU05c", {"x.yaml": incident("  auction: {dealer: N, calls: '" + " ".join(["1C"] + ["P"] * 400) + "'}\n")},
     "x.yaml:5", 1, "401 calls: no auction the Laws allow has more than 319"),
    ("AU05e", {"x.yaml": incident("  auction: {dealer: N, calls: '" + " ".join(["P"] * 200_000) + "'}\n")},
     "x.yaml:5", 1, "320+ calls: no auction the Laws allow has more than 319"),
    ("AU07l", {"x.yaml": incident("  auction: {dealer: N, calls: [1C, " + "Z" * 100_000 + "]}\n")}, "x.yaml:5", 1,
     "call 2 ('ZZZZZZZZZZZZZZZZZZZZZZZZ…' (100000 characters)) is not a call"),
]


def _make(folder: Path, files: dict) -> None:
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if content == "<dir>":
            path.mkdir()
        elif content == "<loop>":
            os.symlink(path.with_name("loop2.yaml").name, path)
            os.symlink(path.name, path.with_name("loop2.yaml"))
        elif content == "<fifo>":
            os.mkfifo(path)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")


def _snapshot(folder: Path) -> dict:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_symlink() or not p.is_file():
            out[str(p)] = "special"
        else:
            out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def run(capsys, folder: Path, argv: list[str]) -> tuple[int, str]:
    try:
        code = cli.main(argv)
    except SystemExit as e:  # argparse: bad usage
        code = e.code
    out = capsys.readouterr()
    return code, out.out + out.err


def check(capsys, monkeypatch, folder: Path, argv: list[str], code: int, fragment: str) -> str:
    """Run ``argv`` in ``folder``: its exit code and message as the row says, no traceback, no file changed."""
    monkeypatch.chdir(folder)
    before = _snapshot(folder)
    got, text = run(capsys, folder, argv)
    assert got == code, text[-3000:]
    assert fragment in text, text[-3000:]
    assert "Traceback" not in text and "internal error" not in text and "внутренняя ошибка" not in text
    assert _snapshot(folder) == before, "a file was changed or left behind"
    return text


@pytest.mark.parametrize("row", RULE, ids=[r[0] for r in RULE])
def test_rule_on_a_malformed_incident(row, tmp_path, monkeypatch, capsys):
    _, files, target, code, fragment = row
    _make(tmp_path, files)
    text = check(capsys, monkeypatch, tmp_path, ["rule", target.split(":")[0], "--lang", "en", "--no-how"], code,
                 fragment)
    if code:
        assert text.startswith(target), f"the message does not open with {target}: {text[:300]}"


@pytest.mark.parametrize("value", ["XZ", "3", "[W, E]"], ids=["I14", "I15", "I53"])
def test_a_wrong_value_in_a_required_slot_is_not_also_missing(value, tmp_path, monkeypatch, capsys):
    _make(tmp_path, {"x.yaml": incident(REVOKE.replace("offender: W", f"offender: {value}") % "trick: 2")})
    text = check(capsys, monkeypatch, tmp_path, ["rule", "x.yaml"], 1, "revoke.offender")
    assert "missing" not in text and len([line for line in text.splitlines() if line.startswith("x.yaml")]) == 1


# -- the cards: board files, pasted PBN, deals and play records (the turn-3 rows) --------------------------------

DEALT = "N:AK32.KQ2.A32.K32 Q54.JT9.Q54.QJT9 JT987.A54.K7.A54 6.8763.JT986.876"
PLAYED = "[[H3, H2, H9, HA], [D7, C6, DA, D4], [S2, S4, SJ, S6]]"


def with_cards(cards: str) -> str:
    return ("title: t\nsource: t\nfacts:\n  deal: {declarer: S, contract: 4S}\n"
            "  revoke:\n    - {offender: W, attention_drawn: after_play}\ncards: " + cards + "\n")


def pbn(play_rows: int) -> str:
    return ('[Board "1"]\n[Dealer "N"]\n[Contract "4S"]\n[Declarer "S"]\n[Deal "' + DEALT + '"]\n'
            '[Play "W"]\n' + "- - - -\n" * play_rows)


def sparse(size: int):
    def make(path: Path) -> None:
        with open(path, "wb") as f:
            f.truncate(size)  # a regular file of that size, written in no time
    return make


CARDS = [  # (id, files, incident, exit code, fragment): ``rule x.yaml``, or argv given as a list
    ("N13c", {}, with_cards("{pbn: /dev/zero}"), 1, "zero: cannot read a PBN board: a device, not a file"),
    ("N13d", {}, with_cards("{lin: /dev/urandom}"), 1, "urandom: cannot read a LIN board: a device, not a file"),
    ("N13g", {"b.pbn": "<dir>"}, with_cards("{pbn: b.pbn}"), 1, "b.pbn: cannot read a PBN board: a folder"),
    ("N13h", {"big.pbn": sparse(50 * 1024 * 1024)}, with_cards("{pbn: big.pbn}"), 1,
     "big.pbn: cannot read a PBN board: larger than 1 MiB: not a PBN board file"),
    ("N19d", {"zero.pbn": "<zero>", "notes.yaml": with_cards("{}").replace("cards: {}", "")},
     ["rule", "zero.pbn", "--incident", "notes.yaml"], 1, "cannot read a PBN board: a device, not a file"),
    ("N30", {"p.pbn": pbn(7000)}, with_cards("{pbn: p.pbn}"), 1,
     "p.pbn: the Play section of its board 1 has 7000 tricks; a board has 13"),
    ("N30b", {}, with_cards("\n  text: |\n" + "".join("    " + line + "\n" for line in pbn(20000).splitlines())), 1,
     "the Play section of its board 1 has 20000 tricks"),
    ("N10b", {}, with_cards(f"{{deal: '{DEALT}', play: [" + ", ".join(["[-, -, -, -]"] * 20000) + "]}"), 1,
     "cards.play: 20000 tricks; a board has 13"),
    ("N05", {}, with_cards(f"{{deal: '{DEALT.replace('AK32.', 'AK532.').replace('Q54.JT9', 'Q4.JT9')}', play: {PLAYED}}}"),
     1, "cards.deal: each hand holds 13 cards; here N 14, E 12"),
    ("N05b", {"dump.txt": "mine\n"},
     with_cards(f"{{deal: '{DEALT.replace('.K32 ', '.K532 ')}', play: {PLAYED}}}"), 1,
     "cards.deal: each hand holds 13 cards; here N 14"),
    ("N05d", {}, with_cards(f"{{deal: '{DEALT.replace('.K32 ', '.Q32 ')}', play: {PLAYED}}}"), 1,
     "cards.deal: CQ is in two hands (N and E)"),
    ("N05i", {}, with_cards(f"{{deal: '{DEALT.replace('.K32 ', '.K532 ')}'}}"), 1, "here N 14"),
    ("N04c", {}, with_cards("{deal: '', play: [[H3, H2, H9, HA]]}"), 1, "each hand holds 13 cards; here N 0, E 0"),
    ("N26b", {}, with_cards("{deal: 'N:" + "A" * 3_000_000 + "'}"), 1,
     "cards.deal: a deal of 3000002 characters is no deal of 52 cards"),
    ("N17d", {"b.lin": "md|||||\n"}, with_cards("{lin: b.lin}"), 1, "b.lin: cannot read a LIN board: its deal"),
    ("N17c", {"b.lin": "md|5S789TJH45AD7KC45A,S6H3678D689TJC678,S23KAH2QKD23AC23K,|\n"}, with_cards("{lin: b.lin}"),
     1, "b.lin: cannot read a LIN board: its deal"),
    ("N24", {"b.pbn": pbn(2)}, with_cards(f"{{pbn: b.pbn, deal: '{DEALT}'}}"), 1,
     "cards: the deal is given twice (pbn and deal): give it one way"),
    ("N24c", {"b.pbn": pbn(2)}, with_cards("{text: 'x', pbn: b.pbn}"), 1, "the deal is given twice (pbn and text)"),
    ("N12.5", {}, with_cards(f"{{deal: '{DEALT}', play: [[H3, '', H9, HA]]}}"), 1,
     "cards.play, trick 1: '' is no card (e.g. SA, H10, D7; '-' where a hand played none)"),
    ("N13i", {"b.pbn": bytes([0x5b, 0xd8, 0xff, 0x00]) * 50}, with_cards("{pbn: b.pbn}"), 1,
     "b.pbn: cannot read a PBN board: not UTF-8 text"),
]


@pytest.mark.parametrize("row", CARDS, ids=[r[0] for r in CARDS])
def test_cards_that_are_no_board_are_an_error(row, tmp_path, monkeypatch, capsys):
    """No FIFO, device or folder read, no file over the cap read whole, no endless Play read, no deal of other than
    13 cards a hand and 52 distinct handed to the solver (which writes dump.txt where it runs): each a located
    error, in a second, no file changed or added."""
    _, files, incident_or_argv, code, fragment = row
    for name, content in files.items():
        if callable(content):
            content(tmp_path / name)
        elif content == "<zero>":
            os.symlink("/dev/zero", tmp_path / name)
        else:
            _make(tmp_path, {name: content})
    argv = incident_or_argv if isinstance(incident_or_argv, list) else ["rule", "x.yaml"]
    if not isinstance(incident_or_argv, list):
        (tmp_path / "x.yaml").write_text(incident_or_argv, encoding="utf-8")
    text = check(capsys, monkeypatch, tmp_path, argv + ["--lang", "en", "--no-how"], code, fragment)
    assert "Error" not in text and "codec" not in text, text


def test_a_board_file_that_is_a_fifo_is_refused_at_once(tmp_path):  # N13k: open() once blocked for ever
    os.mkfifo(tmp_path / "f.pbn")
    (tmp_path / "x.yaml").write_text(with_cards("{pbn: f.pbn}"), encoding="utf-8")
    r = bridgelaw("rule", str(tmp_path / "x.yaml"), "--lang", "en")
    assert r.returncode == 1 and "f.pbn: cannot read a PBN board: a pipe, not a file" in r.stderr, r.stderr


def test_the_solver_writes_nothing_where_it_runs(tmp_path, monkeypatch, capsys):
    """N05j: 64C's double-dummy reference runs the solver in a folder of its own: a dump.txt of the user's is kept,
    and none is written beside the incident."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "dump.txt").write_text("mine\n", encoding="utf-8")
    from bridgelaw.read import dd
    seen = []
    real = dd.solve

    def solve(*a, **k):
        seen.append(os.getcwd())
        Path("dump.txt").write_text("the solver's", encoding="utf-8")  # as DDS does on an error
        return real(*a, **k)

    monkeypatch.setattr(dd, "solve", solve)
    monkeypatch.setattr(dd, "_FOUND", {})  # a search another test of this process made is not made again
    monkeypatch.setattr(dd, "DISK", False)  # nor one an earlier run kept on disk
    shutil.copy(ROOT / "facts" / "incidents" / "revoke-from-the-cards.yaml", tmp_path / "x.yaml")
    code, text = run(capsys, tmp_path, ["rule", "x.yaml", "--lang", "en", "--no-how"])
    assert code == 0, text
    assert seen and str(tmp_path) not in seen[0]
    assert (tmp_path / "dump.txt").read_text(encoding="utf-8") == "mine\n" and os.getcwd() == str(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dump.txt", "x.yaml"]


# -- `bridgelaw page OUT`: never into the project's own folders, never over someone's files ---------------------


PAGE = [  # (id, files in the row's folder, OUT (``{root}``: the project), exit code, fragment)
    ("P03", {"p/index.html": "<h1>mine</h1>\n", "p/precious.txt": "x"}, "p", 1,
     "not empty, and not a site `bridgelaw page` wrote"),
    ("P06a", {}, "{root}/bridgelaw/faces/offline/site", 1, "inside the project's own folders"),
    ("P06b", {}, "{root}", 1, "inside the project's own folders"),
    ("P06c", {}, "{root}/knowledge", 1, "inside the project's own folders"),
    ("P06d", {}, "{root}/bridgelaw/faces/web/static", 1, "inside the project's own folders"),
    ("P06e", {}, "{root}/bridgelaw", 1, "inside the project's own folders"),
    ("P06g", {}, "{root}/tests/site", 1, "inside the project's own folders"),
    ("P07", {"f.html": "mine"}, "f.html", 1, "is a file, not a folder"),
]


@pytest.mark.parametrize("row", PAGE, ids=[r[0] for r in PAGE])
def test_page_refuses_an_out_it_may_not_write_before_any_work(row, tmp_path, monkeypatch, capsys):
    """Refused before the knowledge is checked (20-30 s): the check is never reached, no file written anywhere."""
    _, files, out, code, fragment = row
    _make(tmp_path, files)
    from bridgelaw.faces.offline import build
    monkeypatch.setattr(build, "knowledge_bundle", lambda root: pytest.fail("checked the knowledge first"))
    project = _snapshot(ROOT / "bridgelaw") | _snapshot(ROOT / "knowledge")
    check(capsys, monkeypatch, tmp_path, ["--root", str(ROOT), "page", "--lang", "en", out.replace("{root}", str(ROOT))], code,
          fragment)
    assert _snapshot(ROOT / "bridgelaw") | _snapshot(ROOT / "knowledge") == project


@pytest.fixture
def quick_build(monkeypatch):
    """``build`` without Pyodide, the knowledge check or the zip: a few small files, in a second."""
    from bridgelaw.faces.offline import build
    monkeypatch.setattr(build, "pyodide_dir", lambda root: ROOT / "package.json")
    monkeypatch.setattr(build, "PYODIDE_FILES", ())
    monkeypatch.setattr(build, "knowledge_bundle", lambda root: (b"k", "0" * 64))
    monkeypatch.setattr(build, "app_zip", lambda: b"zip")
    monkeypatch.setattr(build, "compiled", lambda source, files, app: (b"stdlib", app))
    monkeypatch.setattr(build, "first_pages", lambda knowledge, files: b"{}")
    return build


def test_page_replaces_a_previous_site_whole_and_keeps_others_files_with_force(quick_build, tmp_path):
    out = tmp_path / "site"
    quick_build.build(ROOT, out)
    (out / "stale.js").write_text("from an older build", encoding="utf-8")
    quick_build.build(ROOT, out)  # a previous site: replaced whole
    assert not (out / "stale.js").exists() and quick_build.is_site(out)
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "index.html").write_text("<h1>mine</h1>", encoding="utf-8")
    (mine / "notes.txt").write_text("notes", encoding="utf-8")
    with pytest.raises(Exception, match="not empty"):
        quick_build.build(ROOT, mine)
    assert (mine / "index.html").read_text(encoding="utf-8") == "<h1>mine</h1>"
    quick_build.build(ROOT, mine, force=True)
    assert (mine / "notes.txt").read_text(encoding="utf-8") == "notes" and quick_build.is_site(mine)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine", "site"]  # no temporary folder left


def test_page_on_a_full_disk_leaves_no_partial_site_and_names_the_file(quick_build, tmp_path, monkeypatch):  # P05c
    import errno
    out = tmp_path / "site"
    quick_build.build(ROOT, out)
    before = _snapshot(out)
    written = []

    def full(path, data):
        written.append(path)
        if len(written) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")
        (Path(path)).write_bytes(data if isinstance(data, bytes) else data.encode())

    monkeypatch.setattr(quick_build, "write_atomic", full)
    with pytest.raises(Exception) as e:
        quick_build.build(ROOT, out)
    assert "cannot write: No space left on device" in str(e.value) and str(out) in str(e.value)
    assert _snapshot(out) == before and sorted(p.name for p in tmp_path.iterdir()) == ["site"]


# -- the knowledge, the vocabulary and --root ------------------------------------------------------


def _root(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    shutil.copytree(ROOT / "knowledge", root / "knowledge")
    shutil.copytree(ROOT / "facts" / "vocabulary", root / "facts" / "vocabulary")
    return root


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{path.name} no longer holds {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _cite_66e(root: Path) -> None:
    law = root / "knowledge" / "law-66.yaml"
    _edit(law, "cite: 66A", "cite: 66E")


KNOWLEDGE = [  # (id, change to a copy of the project, command after --root, exit code, fragment)
    ("K12", lambda r: shutil.rmtree(r / "knowledge"), ["rule", "{good}"], 1,
     "knowledge: no knowledge/ folder: there are no productions to rule with"),
    ("K12c", lambda r: shutil.rmtree(r / "knowledge"), ["check"], 1, "no knowledge/ folder"),
    ("K13", lambda r: (r / "knowledge" / "laws.yaml").unlink(), ["rule", "{good}"], 1,
     "knowledge/laws.yaml: no such file: the table of the laws"),
    ("K13b", lambda r: ((r / "knowledge" / "laws.yaml").unlink(), _cite_66e(r)), ["rule", "{good}"], 1,
     "knowledge/laws.yaml: no such file"),
    ("K13c", lambda r: ((r / "knowledge" / "laws.yaml").unlink(), _cite_66e(r)), ["check"], 1,
     "knowledge/laws.yaml: no such file"),
    ("K08", _cite_66e, ["rule", "{good}"], 1, "66E"),
    ("K07b", lambda r: _edit(r / "knowledge" / "law-16.yaml", "overrides: [16B1a.not-suggested]", "overrides: [99Z]"),
     ["rule", "{good}"], 1, "'99Z' is none of what may be written here\n  expected a 2017 law subsection, e.g. 64A2"),
    ("K11", lambda r: shutil.rmtree(r / "facts" / "vocabulary"), ["rule", "{good}"], 1,
     "the vocabulary, which every fact is checked against"),
    ("K16", lambda r: shutil.rmtree(r), ["rule", "{good}"], 1, "root: no such folder"),
    ("K21", lambda r: _edit(r / "knowledge" / "law-65.yaml", "law: 65", "law: 65\nnote: " + "[" * 2000 + "]" * 2000),
     ["rule", "{good}"], 1, "nested more than 64 levels deep"),
    ("K22", lambda r: _edit(r / "facts" / "vocabulary" / "revokes.yaml", "min: 1\n        max: 13",
                            "min: 13\n        max: 1"), ["rule", "{good}"], 1,
     "slot revoke.trick: min 13 is greater than max 1: no value fits"),
    ("K22c", lambda r: _edit(r / "facts" / "vocabulary" / "revokes.yaml", "min: 1\n        max: 13",
                             "min: 13\n        max: 1"), ["check"], 1, "min 13 is greater than max 1"),
    ("K28", lambda r: _edit(r / "facts" / "vocabulary" / "revokes.yaml", "    many: true\n    max: 13",
                            "    many: true\n    max: 99"), ["rule", "{good}"], 1, "max"),
    ("K29", lambda r: _edit(r / "facts" / "vocabulary" / "deal.yaml", "  deal:\n", "  deal:\n    max: 2\n"),
     ["rule", "{good}"], 1, "'max' is for a 'many' template"),
]


@pytest.mark.parametrize("row", KNOWLEDGE, ids=[r[0] for r in KNOWLEDGE])
def test_broken_knowledge_is_an_error_never_a_ruling(row, tmp_path, monkeypatch, capsys):
    _, change, argv, code, fragment = row
    monkeypatch.setenv("BRIDGELAW_CACHE", "off")
    root = _root(tmp_path)
    good = tmp_path / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    change(root)
    check(capsys, monkeypatch, tmp_path, ["--root", str(root)] + [a.replace("{good}", str(good)) for a in argv],
          code, fragment)


# -- ask --answers and --save ----------------------------------------------------------------------


ASK = [  # (id, files, argv ({d} the folder), exit code, fragment)
    ("A01", {"a.yaml": "answers:\n  incident: [defective_trick]\n  deal.declarer: Q\n"}, ["--answers", "a.yaml"], 1,
     "a.yaml"),
    ("A02", {"a.yaml": "answers:\n  incident: [defective_trick]\n  deal.declarr: S\n"}, ["--answers", "a.yaml"], 1,
     "a.yaml:3:17: no answer for 'deal.declarer' (Who is declarer?): is 'deal.declarr' meant for it?"),
    ("A07", {"a.yaml": ""}, ["--answers", "a.yaml"], 1, "a.yaml"),
    ("A08", {"a.yaml": "- 1\n- 2\n"}, ["--answers", "a.yaml"], 1, "a.yaml"),
    ("A15", {}, ["--answers", "nope.yaml"], 1, "nope.yaml: no such file"),
    ("A16", {"a.yaml": bytes(range(256))}, ["--answers", "a.yaml"], 1, "not UTF-8 text"),
    ("A17", {"a.yaml": "<dir>"}, ["--answers", "a.yaml"], 1, "a.yaml: cannot read"),
    ("A18", {"loop1.yaml": "<loop>"}, ["--answers", "loop1.yaml"], 1, "Too many levels of symbolic links"),
    ("A18b", {"a.yaml": "answers: " + "[" * 3000 + "]" * 3000 + "\n"}, ["--answers", "a.yaml"], 1,
     "nested more than 64 levels deep"),
    ("A19", {"old.yaml": GOOD}, ["--answers", str(ANSWERS), "--save", "old.yaml"], 1, "old.yaml"),
    ("A22", {}, ["--answers", str(ANSWERS), "--save", "no/such/dir/x.yaml"], 2,
     "no/such/dir/x.yaml: cannot save there: its folder no/such/dir does not exist"),
    ("A23", {"out.yaml": "<dir>"}, ["--answers", str(ANSWERS), "--save", "out.yaml"], 2,
     "out.yaml: cannot save there: is a folder, not a file"),
    ("A24", {"out.yaml": "<dir>"}, ["--answers", str(ANSWERS), "--save", "out.yaml", "--force"], 2,
     "out.yaml: cannot save there: is a folder, not a file"),
    # A25 (/dev/full: a full disk) is tests/test_saves.py's; a device or a pipe is never replaced
    ("A25b", {"out.yaml": "<fifo>"}, ["--answers", str(ANSWERS), "--save", "out.yaml", "--force"], 2,
     "out.yaml: cannot save there: is not a regular file"),
    ("A26", {"a.yaml": "answers:\n  incident: [defective_trick]\n  deal.declarer: Q\n"},
     ["--answers", "a.yaml", "--save", "new.yaml"], 1, "a.yaml"),
]


@pytest.mark.parametrize("row", ASK, ids=[r[0] for r in ASK])
def test_ask_on_malformed_answers_or_targets(row, tmp_path, monkeypatch, capsys):
    _, files, argv, code, fragment = row
    _make(tmp_path, files)
    check(capsys, monkeypatch, tmp_path, ["ask", "--lang", "en"] + argv, code, fragment)


# -- the knowledge cache ---------------------------------------------------------------------------


def _cache_file(cache: Path) -> Path:
    files = sorted((cache / "bridgelaw").glob("knowledge-*.pickle"))
    assert len(files) == 1
    return files[0]


class Evil:
    def __reduce__(self):
        return (dict, ())


CACHE = [  # (id, what to put in the cache file's place)
    ("C01", lambda p: p.write_bytes(os.urandom(5000))),
    ("C02", lambda p: p.write_bytes(p.read_bytes()[: p.stat().st_size // 2])),
    ("C03", lambda p: p.write_bytes(pickle.dumps({"vocabulary": 1}))),
    ("C04", lambda p: p.write_bytes(b"")),
    ("C05", lambda p: p.write_bytes(pickle.dumps(Evil()))),
    ("C06", lambda p: (p.unlink(), p.mkdir())),
    ("C07", lambda p: (p.unlink(), os.mkfifo(p))),
    ("C08", lambda p: (p.unlink(), p.symlink_to("/dev/urandom"))),
]


@pytest.fixture(scope="module")
def cached_ruling(tmp_path_factory):
    """A cache filled by one run, and the ruling that run gave."""
    cache = tmp_path_factory.mktemp("cache")
    env = dict(os.environ, XDG_CACHE_HOME=str(cache), BRIDGELAW_CACHE="on")
    good = cache.parent / "good.yaml"
    good.write_text(GOOD, encoding="utf-8")
    argv = [sys.executable, "-m", "bridgelaw.faces.cli", "rule", str(good), "--json"]
    first = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert first.returncode == 0, first.stderr
    path = _cache_file(cache)
    return path, path.read_bytes(), env, argv, first.stdout


@pytest.mark.parametrize("row", CACHE, ids=[r[0] for r in CACHE])
def test_a_broken_cache_is_passed_over(row, cached_ruling):
    """Each in a process of its own, with a timeout: a FIFO once blocked the command forever."""
    _, spoil = row
    path, good, env, argv, ruling = cached_ruling
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    path.unlink(missing_ok=True)
    path.write_bytes(good)
    spoil(path)
    r = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ruling


# -- the command line and the server's start -------------------------------------------------------


def bridgelaw(*args: str, timeout: float = TIMEOUT, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bridgelaw.faces.cli", *args], capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT, **kw)


@pytest.mark.parametrize("argv,code,fragment", [
    (["rule", "x.yaml", "--lang", "xx"], 2, "недопустимое значение: 'xx' (допустимо: 'ru', 'en')"),  # U01
    (["rule", "--lang", "en"], 2, "the following arguments are required: incident"),  # U02
    (["rule"], 2, "не указаны обязательные аргументы: СЛУЧАЙ"),
    (["serve", "--port", "99999", "--lang", "en"], 2, "port 99999: expected a whole number from 1 to 65535"),  # U03
    (["serve", "--port", "http"], 2, "порт http: нужно целое число"),
    (["serve", "--budget", "0"], 2, "0: нужно число секунд"),
], ids=["U01", "U02", "U02ru", "U03", "U03b", "U03c"])
def test_bad_usage_is_exit_2(argv, code, fragment, capsys):
    got, text = run(capsys, ROOT, argv)
    assert (got, fragment in text, "Traceback" in text) == (code, True, False), text


def test_a_port_in_use_is_exit_1_with_a_message():  # U04
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = bridgelaw("serve", "--host", "127.0.0.1", "--port", str(port), "--lang", "en")
    assert r.returncode == 1, r.stderr
    assert f"127.0.0.1:{port}: cannot listen on 127.0.0.1:{port}: Address already in use" in r.stderr
    assert "Traceback" not in r.stderr


def test_book_into_a_file_is_exit_1(tmp_path, capsys):  # U05
    out = tmp_path / "book.html"
    out.write_text("mine", encoding="utf-8")
    got, text = run(capsys, tmp_path, ["book", str(out), "--lang", "en"])
    assert got == 1 and "is a file, not a folder" in text and "Traceback" not in text
    assert out.read_text(encoding="utf-8") == "mine"


def test_output_into_a_closed_pipe_ends_quietly():
    """`bridgelaw rule ... | head -1`: the reader goes away; no traceback, no 'internal error'."""
    good = ROOT / "facts" / "incidents" / "revoke-trick-not-won-by-offender.yaml"
    proc = subprocess.Popen([sys.executable, "-m", "bridgelaw.faces.cli", "rule", str(good), "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()  # before the ruling is written: the write meets a closed pipe
    _, err = proc.communicate(timeout=TIMEOUT)
    assert proc.returncode in (0, 1) and err == b"", err


def test_many_answers_taken_back_cost_one_step_each(knowledge, engine, monkeypatch):
    """A14: 5,000 (answer, back) pairs took 117 s, each `back` ruling the interview again.  The step before an answer
    is kept: taking the answer back returns to it without a ruling, and the interview is where it was."""
    from bridgelaw.faces.interview import Interview
    interview = Interview(knowledge, engine)
    interview.answer(["defective_trick"], "incident")
    interview.answer("S", "deal.declarer")
    asked = interview.step()
    steps = []
    real = Interview._step
    monkeypatch.setattr(Interview, "_step", lambda self: steps.append(1) or real(self))
    for _ in range(200):
        interview.answer("E")
        interview.step()  # the next question, as the prompt shows it
        assert interview.back()
        assert interview.step() is asked
    assert len(steps) == 200  # one for each answer's next question; none for taking it back


@pytest.mark.parametrize("host,port,fragment", [
    ("no.such.host.invalid", 0, "no such host (give --host 127.0.0.1"),  # U07: was 'Unknown error -2' + the port hint
    ("203.0.113.1", 0, "the address is not one of this machine's"),  # U13
], ids=["U07", "U13"])
def test_serve_says_why_it_cannot_listen(host, port, fragment):
    from bridgelaw.errors import BridgelawError
    from bridgelaw.faces.usage import speaking
    from bridgelaw.faces.web.app import listen
    with pytest.raises(BridgelawError) as e, speaking("en"):
        listen(host, port)
    assert fragment in str(e.value) and "another program" not in str(e.value), str(e.value)


def test_a_privileged_port_is_named_as_such(monkeypatch):  # U14: 'Permission denied' + the port hint
    import errno
    import socket

    from bridgelaw.errors import BridgelawError
    from bridgelaw.faces.web.app import listen

    def refuse(*a, **k):
        raise PermissionError(errno.EACCES, "Permission denied")
    monkeypatch.setattr(socket, "create_server", refuse)
    from bridgelaw.faces.usage import speaking
    with pytest.raises(BridgelawError, match="ports below 1024 are for the administrator only"), speaking("en"):
        listen("127.0.0.1", 80)
