"""Troll Fest (Bruno Faidutti & Camille Mathieu), 3-6 players."""
