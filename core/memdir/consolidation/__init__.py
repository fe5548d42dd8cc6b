"""Consolidation: daily (episodes -> knowledge | procedures | skip) and weekly (activity -> procedures)."""
