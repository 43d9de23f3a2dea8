"""The inference core: load -> validate -> compile -> run -> explain.

Public API::

    knowledge = load(root)               # Knowledge; BridgelawError (file:line) on any mistake
    engine = Engine(knowledge)           # compiles productions into experta rules, each once, on first need
    ruling = engine.rule(incident)       # Ruling: elements, HOW, open questions (WHY)

``root`` is a folder holding knowledge/ and facts/ (default: this project).
The stages live in their own folders: read/ (YAML to the validated model),
run/ (compile, match, record each firing), explain/ (assemble the Ruling, WHY);
this module joins them and is the one place where productions fire.  An
incident runs only the productions that can apply to it (run/partition.py).
An Engine is not thread-safe: use one per thread.  The same facts give the same ruling and trace whatever the
order of files or facts (canonical production order, canonical fact order,
StableStrategy).
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .explain.assemble import complete, settle
from .explain.possible import rule_each
from .explain.ruling import Ruling
from .explain.why import open_questions, waiting, why_not  # noqa: F401  (the explain stage, re-exported)
from .model import Knowledge
from .errors import BridgelawError
from .read.cache import cached, caching, key
from .read.irregularities import FILE as IRREGULARITIES, load_irregularities
from .read.incident import Incident, InFact, incident_from_facts, load_incident
from .read.knowledge import find_files, load_knowledge
from .read.regulations import amendments_used, elections, load_regulations, regulated, regulation_files
from .read.vocabulary import vocabulary_files
from .run.compiler import compile_engine, fact_classes
from .run.partition import Partitions
from .run.record import Recorder
from .run.rete import FastEngine, FastFact

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def load(root: str | Path | None = None, digest: str | None = None) -> Knowledge:
    """Load and validate vocabulary and knowledge under ``root`` (default: the project).

    Knowledge that loaded before from the same files is read back from a cache (cache.py; ``digest``: its key,
    where the caller has worked it out).
    """
    root = Path(root) if root else PROJECT_ROOT
    irr = root / IRREGULARITIES
    return cached(root, _read_files(root),
                  lambda: _with_regulations(_with_irregularities(load_knowledge(root), irr, root), root), Knowledge,
                  digest)


def _read_files(root: Path) -> list[Path]:
    """Every file ``load(root)`` reads."""
    vocabulary, index, _, law_files = find_files(root)
    irr = root / IRREGULARITIES
    return [*vocabulary_files(vocabulary), index, *law_files, *[irr][:irr.exists()], *regulation_files(root)]


def _with_regulations(knowledge: Knowledge, root: Path) -> Knowledge:
    """The knowledge with the Regulating Authorities' elections (regulations/*.yaml), checked against the Laws."""
    regs, problems = load_regulations(root, knowledge.index, knowledge.vocabulary,
                                      lambda p: str(p.relative_to(root)) if p.is_relative_to(root) else str(p))
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise BridgelawError(errors)
    return replace(knowledge, regulations=regs)


_KEPT: dict[str, tuple[Knowledge, "Engine"]] = {}  # cache key -> the knowledge and its engine, in this process
KEPT = 4


def loaded(root: str | Path | None = None) -> tuple[Knowledge, "Engine"]:
    """``load(root)`` and an Engine for it, both kept for this process while the files and the program are
    unchanged: a process that rules, asks or checks again (a test suite, a committee's session) compiles
    each part of the knowledge once.  The engine is for one thread at a time (the web server keeps a pool)."""
    root = Path(root) if root else PROJECT_ROOT
    if not caching():
        knowledge = load(root)
        return knowledge, Engine(knowledge)
    try:
        key_ = key(root, _read_files(root))
    except BridgelawError:  # a project whose files cannot be found: load says so, with where
        key_ = None
    if key_ in _KEPT:
        return _KEPT[key_]
    knowledge = load(root, key_)  # the key once: it reads every file of the knowledge and the program
    kept = knowledge, Engine(knowledge)
    if key_ is not None:
        _KEPT[key_] = kept
        while len(_KEPT) > KEPT:
            del _KEPT[next(iter(_KEPT))]
    return kept


def engine_for(knowledge: Knowledge) -> "Engine":
    """The Engine ``loaded`` keeps for ``knowledge``, or a new one for knowledge it does not keep."""
    return next((e for k, e in _KEPT.values() if k is knowledge), None) or Engine(knowledge)


def _with_irregularities(knowledge: Knowledge, path: Path, root: Path) -> Knowledge:
    """The knowledge with the irregularities a director can name (none where the file is missing)."""
    if not path.exists():
        return knowledge
    shown = str(path.relative_to(root)) if path.is_relative_to(root) else str(path)
    return replace(knowledge, irregularities=load_irregularities(path, knowledge.vocabulary, knowledge.index, shown))


class _Run(Recorder, FastEngine):
    """The experta engine the compiled rules run in: matching from rete.py, firing from record.py."""


class Engine:
    """Runs the knowledge over incidents.  Build once per process and reuse: each part of the
    knowledge is compiled on the first incident that needs it (compiling is the slow part)."""

    def __init__(self, knowledge: Knowledge, ra: str | None = None, as_of: str | None = None, keep: int | None = None,
                 whole: bool = False):
        """``ra``: the Regulating Authority whose regulations every ruling is made under (regulations/NAME.yaml;
        default: the incident's ``ra:``, else WBF); ``as_of``: the day (YYYY-MM-DD) whose elections apply;
        ``keep``: the compiled parts kept at most (default partition.KEEP), the least recently used let go;
        ``whole``: compile each component whole on its first need instead (a long-running server meeting ever new
        combinations: one engine a component, never compiled again; partition.Partitions)."""
        self.knowledge, self.ra, self.as_of = knowledge, ra, as_of
        self._partitions = Partitions(knowledge, self._compile, keep, whole)
        self._classes = fact_classes(knowledge.vocabulary, FastFact)  # one Fact class per template, shared by the parts

    def _compile(self, productions) -> _Run:
        e = compile_engine(self.knowledge, productions, base=_Run, classes=self._classes)()
        e.setup(self.knowledge)
        return e

    def load_incident(self, path: str | Path, display: str | None = None) -> Incident:
        """Read and check an incident file (never written)."""
        return load_incident(path, self.knowledge.vocabulary, display)

    def incident(self, name: str, facts: dict) -> Incident:
        """An Incident from a plain facts mapping (template -> slot values)."""
        return incident_from_facts(name, facts, self.knowledge.vocabulary)

    def infer(self, incident: Incident):
        """Run the productions that can apply to an incident (partition.py): its firings, elements, derived facts."""
        return self._partitions.runner(incident.templates()).run(incident.facts)

    def rule(self, incident: Incident) -> Ruling:
        """The Ruling for an incident: elements with citations and HOW, and open questions with WHY."""
        return rule_each(self.knowledge, incident, lambda known: self.explain(*self.run(known), announced=False),
                         elections(incident, self.knowledge, self.ra, self.as_of))

    def run(self, incident: Incident) -> tuple[Ruling, list[InFact], set]:
        """Fire the productions over ``incident`` without the open questions.

        Returns the Ruling (``open_questions`` left empty), the working facts
        (stated and derived) and the (production id, subject fact id) pairs
        that fired: what the explain stage (open_questions, waiting) reads.
        """
        incident, said = regulated(incident, self.knowledge, self.ra, self.as_of)
        ruling, working, fired = settle(self.knowledge, incident, self.infer(incident))
        ruling.regulations = said
        ruling.amendments = amendments_used(self.knowledge, ruling)
        return ruling, working, fired

    def explain(self, ruling: Ruling, working: list[InFact], fired: set, announced: bool = True) -> Ruling:
        """Complete a Ruling from ``run``: its open questions (WHY), and a director_judgment element
        for each open judgment question, then what the director announces (``announced``: rule_each
        announces the ruling it returns itself).  Only productions that could wait on these facts are
        looked at (partition.py)."""
        where = self._partitions.part(frozenset(f.template for f in working))[1]
        return complete(where, ruling, working, fired, announced)
