"""Pyramide in marimo: the table as a marimo UI element, and Python reading the game.

pip install marimo pyramide-widget
marimo edit examples/play_marimo.py      # or: marimo run examples/play_marimo.py
"""

import marimo

__generated_with = "0.25.2"
app = marimo.App()


@app.cell
def _():
    import marimo as mo

    from pyramide_widget import PyramideWidget

    return PyramideWidget, mo


@app.cell
def _(PyramideWidget, mo):
    w = PyramideWidget("PY1-N-AAAAAAS")
    table = mo.ui.anywidget(w)
    table
    return (w,)


@app.cell
def _(mo):
    ask = mo.ui.run_button(label="Ask Python")
    ask
    return (ask,)


@app.cell
def _(ask, mo, w):
    # Runs again at each press of the button: the game as Python holds it.
    ask.value
    mo.md(f"Python sees **{w.game.moves}** moves and a score of **{w.game.score}**.")
    return


if __name__ == "__main__":
    app.run()
