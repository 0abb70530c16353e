"""A Qt class made in Python must not hide one of Qt's methods behind an attribute of the same
name: Qt calls the method (``shape()`` to find the items under the mouse, ``size()``...), finds a
string or a number and PySide6 crashes the whole app (a Worker's ``self.shape = "circle"`` did, at
every drop on the game board)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import textwrap

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QGraphicsItem

import arle.gui


def _qt_classes() -> list[type]:
    found = []
    for info in pkgutil.walk_packages(arle.gui.__path__, "arle.gui."):
        module = importlib.import_module(info.name)
        for _name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, (QGraphicsItem, QObject)):
                found.append(cls)
    return found


def _assigned(cls: type) -> set[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    return {t.attr for node in ast.walk(tree) if isinstance(node, (ast.Assign, ast.AnnAssign))
            for t in (node.targets if isinstance(node, ast.Assign) else [node.target])
            if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) and t.value.id == "self"}


def test_no_attribute_hides_a_qt_method() -> None:
    classes = _qt_classes()
    assert len(classes) > 20
    clashes = []
    for cls in classes:
        qt_bases = [b for b in cls.__mro__ if b.__module__.startswith("PySide6")]
        for name in _assigned(cls):
            if any(callable(getattr(b, name, None)) for b in qt_bases):
                clashes.append(f"{cls.__module__}.{cls.__name__}.{name}")
    assert clashes == []


#: The Qt methods a view may override: Qt's virtual functions, which Qt itself calls (painting,
#: events, sizes, a translator's lookup). Any other Qt method redefined in Python runs only when
#: Python calls it, and hides what it adds from a reader who knows Qt (``GameScene.items()``
#: redrew the scene and cut its glides short): such a method gets a name of its own.
QT_VIRTUALS = frozenset({
    "boundingRect", "paint", "shape", "event", "eventFilter", "sizeHint", "minimumSizeHint",
    "hasHeightForWidth", "heightForWidth", "drawBackground", "scrollContentsBy", "sliderChange",
    "isEmpty", "translate", "reject",  # (QDialog::reject: Escape and the close button call it)
})


def test_only_qt_virtuals_are_overridden() -> None:
    overridden = {}
    for cls in _qt_classes():
        qt = [b for b in cls.__mro__ if b.__module__.startswith(("PySide6", "Shiboken"))]
        for name, value in vars(cls).items():
            if callable(value) and not name.startswith("__") and any(name in vars(b) for b in qt):
                overridden.setdefault(name, []).append(cls.__name__)
    hidden = {name: owners for name, owners in overridden.items()
              if name not in QT_VIRTUALS and not name.endswith("Event")}
    assert "paint" in overridden and hidden == {}
