"""The solver: is a position winnable, how many pyramid cards can be removed, and a hint.

The solver sees the whole position, **the order of the stock included**, as published solver
studies do; a player does not see the stock, so a win rate measured here is the share of deals
that *can* be won with perfect knowledge, an upper bound on what a player achieves.

It reads a position only through the public :class:`~pyramide_widget.engine.game.Game` API
(:meth:`~pyramide_widget.engine.game.Game.position` and ``game.rules``) and returns moves in engine
notation; the tests replay every solution through :meth:`Game.play`. Pure Python, standard
library only, so it also runs in Pyodide.

How the search stays small (each point is a reason a result stays exact, not a heuristic):

* **Compact state.** The waste and the stock are one sequence, the *talon*, in draw order
  (waste bottom to top, then stock top first): a recycle turns the waste over so that the first
  card drawn is drawn first again (R15), so removals never reorder it. A state is then a few
  small integers: a bit mask of the pyramid cards left (28 bits on the standard table), a mask of the talon cards left, how
  far the talon has been drawn, whether the waste top is fresh, and the recycles used.
* **Unlimited recycles make the talon a pool.** With no limit on recycles any talon card can be
  brought to the waste top by drawing and recycling, without changing anything else, so the draw
  position drops out of the state; talon cards of one rank are then interchangeable, and when
  only the pyramid must be cleared, removing talon cards without a pyramid card never helps.
  The line found is turned back into real draws and recycles.
* **Forced moves.** A free king in the pyramid, or a king on the waste top, is removed at once:
  removing it uses nothing and every other move stays possible afterwards.
* **Dead cards.** A pyramid card none of whose possible partners is left (a partner it covers or
  that covers it does not count, see R12) can never be removed, nor can any card under it: a
  state with such a card cannot be won, and the number of cards it blocks bounds how many
  pyramid cards can still be removed. Under strict win the same holds for talon cards.
* **The last pass.** When no recycle is left, a card can come to the waste top only if every
  card above it can go first, and a pyramid card only if the cards on it can go and a partner
  can meet it; the cards that pass both tests (a fixpoint, :meth:`.encoded.EncodedPosition.freeable`) bound what
  can still be removed, and waste cards that fail are dropped from the state.
* **Recycles to spend.** While recycles remain, the exact search's own bounds are weak, but
  the pool search (unlimited recycles, a relaxation) is nearly exact: it is consulted state by
  state and remembers what it proved, so a state it cannot win (or, counting, cannot take past
  the best line so far) is dropped.
* **Each state once.** Visited states are remembered, which also ends the cycles that unlimited
  recycles allow.

``solve(..., optimal=True)`` runs A* on the exact move-by-move state (every draw and recycle
costs one move, R20) with a consistent lower bound, so the first win it takes off the queue is
a shortest one; see :func:`.shortest.lower_bound`.

One module per part: ``answers`` (:func:`solve`, :func:`hint` and what they return), ``encoded``
(the encoded position and its bounds), ``search`` (what every search shares), ``sequence``
(limited recycles), ``pool`` (unlimited recycles, and the oracle), ``shortest`` (fewest moves),
``steps`` (the searches' steps back to engine moves) and ``compiled`` (the same searches ported
to C, ``_compiled_search.c``, and which engine runs).
"""

from .answers import (
    HINT_NODES,
    MAX_NODES,
    SearchLimitReached,
    SolveResult,
    check_node_budget,
    hint,
    solve,
)

__all__ = [
    "HINT_NODES",
    "MAX_NODES",
    "SearchLimitReached",
    "SolveResult",
    "check_node_budget",
    "hint",
    "solve",
]

# The public classes are documented (and printed in tracebacks) under the package's name.
SearchLimitReached.__module__ = SolveResult.__module__ = __name__
