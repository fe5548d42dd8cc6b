"""Run machinery shared by consolidation and lifecycle: journal, JSON state, report, git commit, redaction."""
