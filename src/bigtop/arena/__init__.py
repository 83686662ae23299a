"""Tournaments between bots: seeded games in worker processes or on Ray, ratings, reports."""
