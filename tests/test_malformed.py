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
     "facts: expected a mapping, found a list ['a', 'b']"),
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
    assert "Traceback" not in text and "internal error" not in text
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
    (["rule", "x.yaml", "--lang", "xx"], 2, "invalid choice: 'xx'"),  # U01
    (["rule"], 2, "the following arguments are required: incident"),  # U02
    (["serve", "--port", "99999"], 2, "port 99999: expected a whole number from 1 to 65535"),  # U03
    (["serve", "--port", "http"], 2, "port http"),
    (["serve", "--budget", "0"], 2, "0: expected a number of seconds"),
], ids=["U01", "U02", "U03", "U03b", "U03c"])
def test_bad_usage_is_exit_2(argv, code, fragment, capsys):
    got, text = run(capsys, ROOT, argv)
    assert (got, fragment in text, "Traceback" in text) == (code, True, False), text


def test_a_port_in_use_is_exit_1_with_a_message():  # U04
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        r = bridgelaw("serve", "--host", "127.0.0.1", "--port", str(port))
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
