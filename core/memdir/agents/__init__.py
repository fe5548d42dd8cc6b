"""Helpers for agents: prompt context and task logging."""
