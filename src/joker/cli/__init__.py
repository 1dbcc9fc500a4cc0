"""Command-line interface (``joker ...``)."""
