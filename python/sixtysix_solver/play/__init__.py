"""Whole games and matches: the arena (duplicate matches, statistics, Elo) and reviews."""
