"""LLM engines used by consolidation (litellm client behind a small protocol)."""
