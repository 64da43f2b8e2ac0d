"""Faeriell: a digital table for the board game Sons of Faeriell."""
