"""The games this house plays, one package each (see docs/architecture.md)."""
