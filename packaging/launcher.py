"""PyInstaller's entry script: the frozen ``arle`` executable is ``python -m arle``."""

from arle.__main__ import main

if __name__ == "__main__":
    raise SystemExit(main())
