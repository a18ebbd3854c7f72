"""The analysis: win rates of many deals (``estimate``), a player's statistics (``stats``) and
the charts that draw them. Built on the engine and the solver; loaded on first use."""
