"""The derived index: embeddings in Chroma, a lexical ranker, sync from files, hybrid search."""
