"""`memdir eval`: memdir on standard memory benchmarks, as a baseline other systems compare against.

A data set (LoCoMo, LongMemEval or the generic JSONL format) is written as a memory root of
plain Markdown notes, one per session or document; memdir indexes that root, every query is
ranked by memdir hybrid, lexical-only and vector-only search and by a grep baseline that
reads nothing but the files, and recall@k and MRR are reported per question category.

Modules: `dataset` (the model every loader fills), `locomo`, `longmemeval`, `jsonl` (the
loaders), `export` (the root on disk), `grep` (the baseline), `rankers` (memdir's three
rankings, also restricted to a per-query haystack), `metrics`, `run` (the whole evaluation),
`report` (the table, the JSON document and the per-query lines). Nothing here prints.
"""
