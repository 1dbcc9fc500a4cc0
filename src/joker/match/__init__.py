"""Running matches for any game: duplicate-deal arena, simulation, worker processes."""
