"""The analysis: win rates of many deals (``estimate``), a player's statistics (``stats``), the
review of one game move by move (``analyze``) and the charts that draw them. Built on the engine and the solver; loaded on first use."""
