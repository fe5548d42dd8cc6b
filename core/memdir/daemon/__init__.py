"""The memdir daemon: scheduled consolidation, catch-up, single instance, live index, status."""
