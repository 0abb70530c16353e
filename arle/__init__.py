"""Arle: a desktop edition of the board game Fields of Arle."""

#: The one place the version is written (pyproject.toml reads it from here). A literal, not
#: ``importlib.metadata.version("arle")``: importing that costs a sixth of a bare Qt start.
__version__ = "0.1.0"

__all__ = ["__version__"]
