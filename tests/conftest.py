"""Shared test setup.

Qt must not need a display: select the offscreen platform before anything imports Qt
(an explicit QT_QPA_PLATFORM in the environment still wins).
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
