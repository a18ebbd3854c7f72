"""The Jupyter widget: the anywidget model (``model.py``), its texts (``ui_text.py``) and the
front end it ships (``static/widget.js``, one ES module with no build step)."""

from .model import STATIC, PyramideWidget

__all__ = ["STATIC", "PyramideWidget"]
