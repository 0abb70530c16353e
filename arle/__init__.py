"""Arle: a desktop edition of the board game Fields of Arle."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("arle")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.0.0"

__all__ = ["__version__"]
