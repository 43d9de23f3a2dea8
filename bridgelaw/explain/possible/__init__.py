"""What the director does not know is a set of possibilities: ruled under each that matters, and merged.

One mechanism for what is not known, whether the director said "?" (or known in part) or the incident left a slot
out that a production waits on:

- waits.py: ``mark`` finds what each element of a ruling waits on (an exception or an "unless" an unknown slot
  could still make hold; a choice not yet made), and ``choice_conditions`` says a choice's condition in words;
- classes.py: ``unknowns``, the values a slot not known may have, split into the classes the tests tell apart;
- split.py: ``rule_each`` rules every combination of the classes (a slot left out that something waits on,
  ``waited_on``, split as "?" is, but only under the other unknowns' classes whose ruling waits on it: each
  other class ruled as its fully known incident, the slot left out), ``blanked`` writes a slot not known;
- alike.py: classes a production cannot tell apart (a slot only the result reads, as the vulnerability; or,
  on the incident at hand, one no production that tests it could match) are ruled once, each with its own
  result (``retold``);
- merge.py: ``merge`` makes one ruling of the combinations' rulings.

Shape: ``rule_each(knowledge, incident, rule_one) -> Ruling``, ``rule_one`` being either back end's ruling of a
fully known incident (engine.py, run/clips.py) before its announcement: the split is made before either engine
runs, so both see only known facts; ``rule_each`` announces the one ruling it returns (explain/announce.py), the
merged one or the only one, never each combination's.

- A slot stated not known (``"?"``) leaves possible every value of its type (seats, true/false, an enum's values,
  a number's range, suits, cards); one known in part (read/incident.py ``partly_form``: a name the vocabulary
  declares in ``partly_known``, ``{one_of: [...]}``, a range, a card's suit or ranks) fewer; either less what the
  rest of the incident rules out (the vocabulary's ``not_known``: a revoker is not dummy, a trick is not after
  the one being played).
- ``classes``: the values a slot may have, split into the classes the productions' tests can tell apart: by the
  constants it is tested against (``is``, ``in``, ``less``...), and those on the facts its value is given on to
  (a card that becomes a penalty card); where a test names or compares it through a variable, each value a
  class (a seat, a suit), a number by how it stands to the numbers the incident states (each apart where a
  production gives it as a figure of its own), a card each card the incident names, then one class a suit.
  A class is ruled by its first value (a card: its first the incident's words do not name); a class of several
  numbers has its result worked out for each, said from the first to the last where they differ.
- the classes of every unknown slot are combined, at most MAX_COMBINATIONS (a slot past the bound stays not
  known, as before, and the ruling says so), each ruled as a fully known incident.  A combination the rest of
  the incident rules out (one card in two hands; dummy's revoke where the declarer was not known either) is
  left out.
- ``merge``: an element the same under every combination is said plainly; one that differs only by naming
  the unknown value is said once, naming it by what is known of it ("a defender"); any other is said under
  the combinations that give it, its ``when`` naming the unknown and the class ("if the revoke trick is 12").
  The result gives each combination's result where they differ; an unknown that changes the ruling is asked.
"""
from __future__ import annotations

from .classes import MAX_COMBINATIONS, TYPES, Among, Unknown, unknowns
from .merge import merge
from .split import blanked, blanked_all, rule_each, stated_slots, waited_on
from .waits import Unless, choice_conditions, mark

__all__ = ["MAX_COMBINATIONS", "TYPES", "Among", "Unknown", "Unless", "blanked", "blanked_all", "choice_conditions",
           "mark", "merge", "rule_each", "stated_slots", "unknowns", "waited_on"]
