"""What every room uses: the colours, names and labels (``style``), the window's language (``texts``),
the pictures and their caches (``art``, ``pictures``, ``looks``), wrapped text, the bubble at the
mouse, the background worker and the garbage collector's timing.
"""
