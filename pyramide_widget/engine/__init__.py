"""The engine: the rules of play, the table, codes and records, and the state as plain data;
how a game looks is in :mod:`.view`.

Standard library only, so it runs in Pyodide. It imports nothing from the layers above it
(the solver, the analysis, the widget); they call it.
"""
