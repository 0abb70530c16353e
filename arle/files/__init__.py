"""Arle's files, without Qt: saves, the autosave journals and their locks, the settings, the
statistics, the translation catalogues, and where all of these live (the platform folders; the
bundled resources are ``arle.resources``'s). The game being played (its history, undo and redo)
is ``arle.match``'s; this layer saves it."""
