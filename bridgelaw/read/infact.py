"""One fact of an incident, the shape every reader shares (incident.py reads them, auction.py and story.py
derive and fill them): its own module, so that the readers need not import one another."""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from ..errors import Loc


@dataclass(frozen=True)
class InFact:
    """One fact of an incident: template, id, every slot's canonical value (None = unknown)."""

    template: str
    id: str
    values: tuple  # ((slot, value), ...) in vocabulary order
    loc: Loc
    possible: tuple = ()  # ((slot, form), ...): slots stated not known ("?") or known in part (partly_form)

    def get(self, slot: str):
        return self.id if slot == "id" else self._slots.get(slot)

    @cached_property
    def _slots(self) -> dict:
        """The values by slot, made on the first ``get``."""
        return dict(self.values)

    def known(self) -> dict:
        return {k: v for k, v in self.values if v is not None}
