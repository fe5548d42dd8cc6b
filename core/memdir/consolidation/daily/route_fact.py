"""A short stated fact the router reads as nothing to keep is asked about, not dropped (trial 21 #2).

"Replaced the entrance light in the lobby; LED tube type T8 1200mm, spare kept in the store room." was skipped at
p=0.74 with no review item (an unsure skip is one below `router.UNSURE_SKIP`, 0.55): the model learnt a line of
work done as a status. Yet where a thing is kept and which part or type is used are what a person looks up the
next time (the labelling guideline's "configuration facts": knowledge). Such a skip below `UNSURE_FACT_SKIP`
raises the same `file_candidate` review item as an unsure skip (`route_unsure.py`); routing is not changed.

A text states a lookup fact when it tells
- where something is kept: "kept in/at", "stored in", "located in", "spare(s) … in the" (not "now lives at":
  a page that has moved),
  「…に保管」「置いてある」「しまってある」「収納」; or
- which part or type is used: a type, model, size or part label with a code ("type T8", "model X200",
  "size M8"), a part number labelled so ("part no.", "P/N", "SKU"), 「型番」「品番」「規格」. A bare code ("B-12",
  "PROJ-123") is no such mark: tickets and rooms are named so in every status line.
"""

from __future__ import annotations

import re

UNSURE_FACT_SKIP = 0.8  # a skip below this that states a lookup fact raises a review item (docs/daily.md)

KEPT = re.compile(
    r"(?i)\b(?:kept|stored|stashed|located|housed|filed)\s+(?:away\s+)?(?:in|at|on|under|behind|inside|"
    r"next to|beside|above|below)\b|\bspares?\b[^.;\n]{0,40}\b(?:in|at|on|under)\s+the\b|"
    r"保管|置いてあ|置いて(?:いる|います|おく|おきます)|しまってあ|しまって(?:いる|います|おく)|収納|備え付け"
)
TYPE_USED = re.compile(
    r"(?i)\b(?:type|model|size|part|spec|grade|gauge)\s+[A-Z]{0,4}\d[\w./-]*|"
    r"\b(?:part|catalog(?:ue)?|model|item)\s*(?:no\b\.?|number|#)|\bp/n\b|\bsku\b|型番|品番|規格|型式|部品番号"
)


def states_a_fact(body: str) -> bool:
    """Whether `body` tells where something is kept or which part or type is used (see the module)."""
    return bool(KEPT.search(body) or TYPE_USED.search(body))
