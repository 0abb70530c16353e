"""Arle's files, without Qt: the game history (undo/redo), saves, the autosave journals and their
locks, the settings, and where all of these live (platform folders, the bundled resources)."""
