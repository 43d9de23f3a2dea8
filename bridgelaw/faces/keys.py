"""The interview's question keys: a small typed value, parsed once, written back the same way.

Shape::

    parse("incident")         -> Incident()             name the kinds of incident
    parse("exists:revoke")    -> Exists("revoke")       is there a (another) fact of a template
    parse("revoke-2.trick")   -> SlotKey("revoke-2", "trick")   a slot of one fact
    str(key)                  -> the text again: what the answers file, the web token and the JSON API carry

A fact's id is its template, numbered ``template-n`` when the template is
``many`` (``fact_id``, ``split_fact``).  ``parse`` raises ValueError for text
of none of the three shapes; the names in a key are checked against the
vocabulary by whoever reads it (the interview asks only what it knows; the web
session says which name is unknown).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

INCIDENT = "incident"
EXISTS = "exists:"


@dataclass(frozen=True)
class Incident:
    """The first question: which kinds of incident happened."""

    def __str__(self) -> str:
        return INCIDENT


@dataclass(frozen=True)
class Exists:
    """Whether there is a fact (or another fact) of ``template``."""

    template: str

    def __str__(self) -> str:
        return EXISTS + self.template


@dataclass(frozen=True)
class SlotKey:
    """A slot of one fact: ``fact`` is the fact's id (``revoke``, ``revoke-2``)."""

    fact: str
    slot: str

    def __str__(self) -> str:
        return f"{self.fact}.{self.slot}"

    @property
    def template(self) -> str:
        return split_fact(self.fact)[0]

    @property
    def number(self) -> int:
        """The fact's number among those of its template (0 for a template that is not ``many``)."""
        return split_fact(self.fact)[1]


Key = Incident | Exists | SlotKey


@lru_cache(maxsize=4096)
def parse(text: str) -> Key:
    """The key ``text`` names; ValueError if it is not ``incident``, ``exists:TEMPLATE`` or ``FACT.SLOT``."""
    if text == INCIDENT:
        return Incident()
    if text.startswith(EXISTS):
        return Exists(text[len(EXISTS):])
    fact, dot, slot = text.rpartition(".")
    if not dot:
        raise ValueError(f"'{text}' is not a question key (incident, exists:TEMPLATE or FACT.SLOT)")
    return SlotKey(fact, slot)


def fact_id(template: str, number: int | None = None) -> str:
    """The id of a fact of ``template``: the template itself, or ``template-n`` for the n-th of a ``many`` one."""
    return template if number is None else f"{template}-{number}"


def split_fact(fid: str) -> tuple[str, int]:
    """(template, number) of a fact id; number 0 when the id is not numbered."""
    head, _, tail = fid.rpartition("-")
    return (head, int(tail)) if head and tail.isdigit() else (fid, 0)
