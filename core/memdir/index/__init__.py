"""The derived index: lexical terms and vectors from the files (a Chroma server optional), hybrid search."""
