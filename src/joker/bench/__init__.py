"""Benchmarks: ``python -m joker.bench engine``.  Each prints rates measured in
one run and ratios against a reference measured in the same run."""
