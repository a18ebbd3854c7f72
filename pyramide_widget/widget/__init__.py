"""The Jupyter widget: the anywidget model (``model.py``), the messages it takes
(``protocol.py``), and the front end it ships (``static/widget.js``, one ES module bundled from
the repository's ``js/src``). ``docs/widget.md`` lists every module and its job."""

from .model import STATIC, PyramideWidget

__all__ = ["STATIC", "PyramideWidget"]
