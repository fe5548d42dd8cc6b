"""The operation of a generic HTTP call is its method and its path, not its method alone (round 42).

A week whose work all goes through one generic tool (`http_call {method, url, body}`) makes every write
`http_call:post`: a house wash (`POST …/v1/jobs/house-wash`) and an estimate (`POST …/v1/estimates`) were the
same actions in the same order, so the two kinds were compared by their wording alone and came out as one
kind (set 42's soft-wash desk). The tool says only how a call is made; what it does is the method and the
resource the URL names, as a tool of its own would (`create_job`, `create_estimate`).

Rules:
- Only an input that opens with an HTTP method and a URL or an absolute path (`POST https://host/v1/jobs`,
  `method=POST url=/v1/jobs`): the first argument of such a call is its operation.
- The operation is the method and the path's words, in order, joined by `/` (`post/jobs/house-wash`): a
  word is lowercase letters, `-` or `_`; a version (`v1`), an id (`J-60412`, `CU-4160`), a number or a hole
  is a value of the call, not its operation, and the query (`?date=…`) is its arguments. At most
  `MAX_WORDS` words.
- A path of no words gives the method alone, as before.
"""

from __future__ import annotations

import re

MAX_WORDS = 4
_CALL = re.compile(
    r"^\s*(?:method=)?(GET|POST|PUT|PATCH|DELETE|HEAD)\s+(?:url=)?((?:https?://[^/\s]+)?/\S*)", re.I
)
_WORD = re.compile(r"^[a-z][a-z_-]*[a-z]$")


def http_operation(text: str) -> str:
    """`post/jobs/house-wash` for `POST https://api.x/v1/jobs/house-wash body…`; '' for any other input."""
    m = _CALL.match(text)
    if m is None:
        return ""
    path = re.sub(r"^https?://[^/\s]+", "", m.group(2), flags=re.I).split("?", 1)[0].split("#", 1)[0]
    words = [p for p in path.split("/") if _WORD.match(p)][:MAX_WORDS]
    return "/".join([m.group(1).lower(), *words])
