"""Procedure lifecycle: outcome reports, the review queue, forgetting."""
