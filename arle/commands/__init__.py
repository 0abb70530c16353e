"""The commands behind ``python -m arle COMMAND``: simulate, bench, fuzz, verify, self-test,
screenshot, and the gesture driver that plays through the real window for tests and fuzzing."""
