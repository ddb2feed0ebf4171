"""The desktop window: the only package that imports PySide6."""

from .qt_fixes import install as _install_qt_fixes

_install_qt_fixes()
