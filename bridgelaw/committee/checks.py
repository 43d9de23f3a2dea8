"""``bridgelaw check``: load everything a committee edits and report every problem.

``check_path(path, root) -> (problems, summary {ru, en})``: ``path`` may be a project
folder (knowledge/, facts/, tests/cases/), a knowledge folder, one law file,
one incident or one case file (each checked against the project's vocabulary).  Loading stops at nothing: each
file's problems are collected, so one run shows them all.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..errors import BridgelawError, Collector, Loc, Problem, shown_path
from ..words import both


def _rel(p: Path) -> str:
    return shown_path(p)


def check_path(path: Path | None, default_root: Path, jobs: int = 1) -> tuple[list[Problem], dict]:
    from ..engine import engine_for
    from ..read.knowledge import LAW_FILE, find_files, load_knowledge
    from ..read.vocabulary import load_vocabulary, vocabulary_files, vocabulary_path

    files = None
    root = default_root
    if path is not None:
        if path.is_file():
            files = [path]
            root = next((p for p in path.resolve().parents if vocabulary_path(p).exists()), default_root)
        elif (path / "knowledge").is_dir():
            root = path
        elif path.is_dir():
            files = sorted(p for p in path.glob("law-*.y*ml") if LAW_FILE.match(p.name))
            root = path.parent if vocabulary_path(path.parent).exists() else default_root
        else:
            return [Problem(_loc(path), "no such file or folder")], both("check.check")
    problems: list[Problem] = []
    vpath, _, _, law_files = find_files(root)
    try:
        vocab = load_vocabulary(vpath, _rel(vpath))
    except BridgelawError as e:
        return e.problems, both("check.vocabulary_part")
    if files is not None and len(files) == 1 and files[0].resolve() in {f.resolve() for f in vocabulary_files(vpath)}:
        return [], both("check.vocabulary", n=len(vocab.parts))
    if files is not None and len(files) == 1 and files[0].resolve().parent == (root / "regulations").resolve():
        regs, found = _regulations(root, vocab)
        return [p for p in found if p.loc.file == _rel(files[0])], both("check.one_file", file=_rel(files[0]))
    if files is not None and len(files) == 1 and (not LAW_FILE.match(files[0].name) or _is_data(files[0])):
        return _check_one_file(files[0], vocab)
    law_files = files if files is not None else law_files
    loading = Collector()
    # the productions without errors are still linted, so one run shows every finding
    knowledge = load_knowledge(root, files=law_files, vocabulary=vocab, relative_to=Path.cwd(), collector=loading)
    problems.extend(loading.problems)
    complete = not loading.errors
    if files is None:  # the Regulating Authorities' elections, checked against the options the Laws give
        regs, found = _regulations(root, vocab)
        problems.extend(found)
        knowledge = replace(knowledge, regulations=regs)
    n_cases = n_incidents = 0
    incidents: list = []
    if files is None:
        from ..read.choices import check_choices
        from ..read.incident import load_incident
        for inc in sorted((root / "facts" / "incidents").glob("*.y*ml")):
            n_incidents += 1
            try:
                incident = load_incident(inc, vocab, _rel(inc))
                incidents.append((Loc(_rel(inc), 1, 1), incident))
                problems.extend(check_choices(knowledge, incident.facts))
                if not incident.source:  # a director's own note needs none; a shipped incident says where it is from
                    problems.append(Problem(Loc(_rel(inc), 1, 1), "a shipped incident needs its source",
                                            hint="add source: the thread, casebook or law book it is retold from"))
            except BridgelawError as e:
                problems.extend(e.problems)
        from .testrun import load_all
        cases, reading = load_all(sorted((root / "tests" / "cases").glob("*.y*ml")), vocab)
        problems.extend(reading)
        n_cases = len(cases)
        problems.extend(p for case in cases for p in check_choices(knowledge, case.incident.facts))
        from .editor_schemas import modeline_problems
        from .exclusions import ruling_problems
        from .lint import lint
        from .testrun import exercised
        problems.extend(cross_checks(knowledge, cases))
        problems.extend(modeline_problems(root))
        engine = engine_for(knowledge)
        outcomes, endless = endless_cases(engine, cases, jobs)
        problems.extend(endless)
        if not endless:  # a production no case fires: only where every case ran
            if complete:  # every ruling of a case and an incident: no contradiction, nothing twice
                from ..read.dd import on_disk
                with on_disk():  # an incident's search a case made (here or in the worker) is read back
                    problems.extend(ruling_problems(outcomes, incidents, engine, vocab))
            problems.extend(lint(knowledge, root, exercised(outcomes), complete))
        else:  # the cycles that may be the loop, asked about
            from .lint import cyclic
            problems.extend(cyclic(knowledge))
    else:  # some law files only: what they say may rest on others, so only contradictions are linted
        from .lint import conflicts
        problems.extend(conflicts(knowledge, complete=False))
    from .printed import printed_only
    problems.extend(printed_only(knowledge))  # a card, call or text a production tests only to name it
    summary = both("check.summary", laws=len(law_files), incidents=n_incidents, cases=n_cases)  # {ru, en}
    # an incident that several cases name is read again for each: its mistake is still one
    return list({(str(p.loc), p.message): p for p in problems}.values()), summary


def endless_cases(engine, cases: list, jobs: int = 1) -> tuple[list, list[Problem]]:
    """The cases' outcomes, each ruled to at most record.CHECK_LIMIT firings (the largest shipped case needs 18),
    and an error for the first case whose ruling never ends (a loop of productions): the cases after it are not
    run, so knowledge that loops is found in seconds, not in minutes at the engine's limit.  With ``jobs`` 2 or
    more and many cases, a second process (forked: it has the knowledge and the engine) rules every other case
    (``_forked``); the outcomes are the same, in the same order."""
    indexed = list(enumerate(cases))
    if jobs > 1 and len(cases) >= FORK_FROM and _can_fork():
        ruled = _forked(engine, indexed)
    else:
        ruled = _rule_cases(engine, indexed)
    outcomes = [o for _, o in sorted(ruled, key=lambda x: x[0])]
    for i, outcome in enumerate(outcomes):
        if _endless(outcome):
            loop = outcome.exception.problems[0]
            rest = len(cases) - i - 1
            return outcomes[:i + 1], [Problem(outcome.case.loc,
                                              f"case '{outcome.case.name}': its ruling never ends: {loop.message}",
                                              hint=f"at {loop.loc}: {loop.hint}" + (
                                                  f"; the {rest} case(s) after it were not run" if rest else ""))]
    return outcomes, []


FORK_FROM = 100  # cases: fewer are ruled in one process (a fork costs more than it saves)


def _endless(outcome) -> bool:
    from ..run import record
    return outcome.exception is not None and record.limit_reached(outcome.exception)


def _rule_cases(engine, indexed: list) -> list:
    """[(index, outcome)] of the (index, case) pairs in order, stopping after the first whose ruling never ends."""
    from ..run import record
    from .testrun import run_case
    out = []
    with record.firing_limit(record.CHECK_LIMIT):
        for i, case in indexed:
            out.append((i, run_case(engine, case)))
            if _endless(out[-1][1]):
                break
    return out


def _can_fork() -> bool:
    """Whether this process may fork a worker: a POSIX system, two cores or more, and no other thread running
    (a thread holding a lock at the fork would leave the child waiting on it for ever: a test runner's worker)."""
    import os
    import threading
    return (hasattr(os, "fork") and len(getattr(os, "sched_getaffinity", lambda _: range(os.cpu_count() or 1))(0)) > 1
            and threading.active_count() == 1 and os.environ.get("BRIDGELAW_JOBS", "") != "1")


def _forked(engine, indexed: list) -> list:
    """``_rule_cases`` over ``indexed``, the odd places ruled by a forked process that sends back its outcomes
    (pickled: the ruling, the failures, the error and, where it pickles, the exception), the even ones here.
    Each side stops at its first endless case; ``endless_cases`` reports the earlier, whose cases before it
    both sides ruled.  A worker that fails is replaced by ruling its cases here."""
    import multiprocessing
    import pickle
    from .testrun import Outcome
    ours, theirs = indexed[0::2], indexed[1::2]
    engine._partitions.warm()  # compiled once, before the fork: both processes rule on the same engines
    receive, send = multiprocessing.get_context("fork").Pipe(duplex=False)

    def work():
        sent = []
        for i, o in _rule_cases(engine, theirs):
            exception = o.exception
            if isinstance(exception, BridgelawError):  # its problems (it is made again from them)
                exception = ("problems", exception.problems)
            else:
                try:
                    pickle.loads(pickle.dumps(exception))
                except Exception:
                    exception = None
            sent.append((i, o.ruling, o.problems, o.error, exception))
        send.send_bytes(pickle.dumps(sent, protocol=pickle.HIGHEST_PROTOCOL))
    worker = multiprocessing.get_context("fork").Process(target=work, daemon=True)
    worker.start()
    send.close()
    out = _rule_cases(engine, ours)
    try:
        import gc
        gc.disable()  # the outcomes are kept to the end: no collection walks them (nor finds garbage in them)
        try:
            got = pickle.loads(receive.recv_bytes())
        finally:
            gc.freeze()
            gc.enable()
        by_index = {i: case for i, case in theirs}
        out += [(i, Outcome(by_index[i], ruling, problems, error,
                            BridgelawError(exception[1]) if isinstance(exception, tuple) else exception))
                for i, ruling, problems, error, exception in got]
    except Exception:  # the worker died, or sent what cannot be read: its cases are ruled here
        out += _rule_cases(engine, theirs)
    finally:
        receive.close()
        worker.join()
    return out


def refuse_endless(root: Path, knowledge) -> None:
    """BridgelawError where the knowledge's productions feed each other in a cycle (lint.cycles: the shipped
    knowledge has none, so this costs nothing there) and one of the project's cases then never ends: the server
    is not started on knowledge whose rulings never end."""
    from ..engine import Engine
    from .lint import cycles
    from .testrun import load_all
    if not cycles(knowledge):
        return
    cases, _ = load_all(sorted((root / "tests" / "cases").glob("*.y*ml")), knowledge.vocabulary)
    _, endless = endless_cases(Engine(knowledge), cases)
    if endless:
        raise BridgelawError(endless)


def _is_data(path: Path) -> bool:
    """Whether a file named like a law file is in fact a case file or an incident (tests/cases/law-64.yaml)."""
    from ..read.yamlsafe import load
    try:
        data = load(path)
    except BridgelawError:
        return False
    return isinstance(data, dict) and ("cases" in data or "facts" in data) and "productions" not in data


def _check_one_file(path: Path, vocab) -> tuple[list[Problem], str]:
    """An incident or a case file given by itself: checked against the vocabulary.

    A file holding ``facts`` (or ``source``) is an incident, one holding ``cases`` a case file;
    any other is read as a law file, whose name must then be law-NN.yaml."""
    from ..read.cases import load_cases
    from ..read.incident import load_incident
    from ..read.yamlsafe import load
    try:
        data = load(path, _rel(path))
    except BridgelawError as e:
        return e.problems, both("check.path", path=_rel(path))
    try:
        if isinstance(data, dict) and "cases" in data:
            n = len(load_cases(path, vocab, _rel(path)))
            return [], both("check.cases", path=_rel(path), n=n)
        if isinstance(data, dict) and ("facts" in data or "source" in data):
            load_incident(path, vocab, _rel(path))
            return [], both("check.incident", path=_rel(path))
    except BridgelawError as e:
        return e.problems, both("check.path", path=_rel(path))
    return [Problem(Loc(_rel(path), 1, 1), "not a law file (law-NN.yaml), an incident (facts:) or a case file (cases:)",
                    hint="a law file is named after its law, e.g. knowledge/law-64.yaml")], both("check.path", path=_rel(path))


def cross_checks(knowledge, cases) -> list[Problem]:
    """Names and citations one file uses and another defines: production ids and cites in the cases,
    the laws the vocabulary's questions cite (laws.yaml checks its own units as it loads)."""
    from ..read.cases import check_production_ids
    problems = check_production_ids(cases, knowledge)
    index = knowledge.index
    if index is None:
        return problems
    for case in cases:
        for exp in case.expect:
            if exp.cite and index.check(exp.cite):
                problems.append(Problem(exp.loc, f"cite: {index.check(exp.cite)}", f"case '{case.name}'"))
    for t in knowledge.vocabulary.templates.values():
        for s in t.slots.values():
            if s.law and index.check(str(s.law)):
                problems.append(Problem(s.loc, f"law: {index.check(str(s.law))}", f"slot {t.name}.{s.name}"))
    return problems


def _loc(path: Path):
    from ..errors import Loc
    return Loc(str(path))


def _regulations(root: Path, vocab) -> tuple[dict, list[Problem]]:
    """Every regulations/*.yaml, read against knowledge/laws.yaml's ra_options: (name -> Regulations, problems)."""
    from ..read.citations import load_index
    from ..read.regulations import load_regulations
    laws = root / "knowledge" / "laws.yaml"
    try:
        index = load_index(laws, _rel(laws))
    except BridgelawError as e:
        return {}, e.problems
    return load_regulations(root, index, vocab, _rel)
