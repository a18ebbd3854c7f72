"""The analysis: win rates of many deals (``estimate``) and the published ones
(``published_rates``), playing strategies (the ``expert`` among them), the chance to win from
what a player sees (``chance``, over a game ``chance_review``), a player's statistics
(``stats``), the review of one game move by move (``analyze``), a class's own rate pooled
from its students' result codes (``classroom``) and the charts that draw them.
Built on the engine and the solver; loaded on first use."""
