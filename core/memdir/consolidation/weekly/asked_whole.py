"""A title every request writes word for word around its values is theirs, whatever language it reads as.

`fragment_titles.fragment_title` gives a title the kind's decisive call when the title is a fragment; one of
its reasons is that the requests' language is not known (too few English or Romance function words:
"Publish digitisation batch DG-2026-21 (30 images) to IIIF" has one, `to`). When every request of the
kind is the same template filled with its own values (`title_template` aligned all of them, two or more)
and the template has three words or more outside its holes, that template is what they all ask, in their
words (the reason `said_by_all` keeps a title without holes): it stays unless its form makes it a
fragment with the language known (a question, one word, tool names). Without this, the title depended on
whether the calls' arguments were read (trial 27 #3): a call of arguments (`image_qc: batch=…`) made
`image_qc` the decisive call and the title "Image qc"; bare calls left the request's title.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.fragment_titles import is_fragment, tool_call

MIN_WORDS = 3  # words outside the holes: `Publish {batch}` is no template every request writes
_HOLE = re.compile(r"\{[^{}]*\}")
_WORD = re.compile(r"\w+", re.U)


def written_by_all(
    title: str, asked: Sequence[str], aligned: int, steps: Sequence[str], shared: frozenset[str] = frozenset()
) -> bool:
    """Whether `title` is a template all `asked` requests fill (`aligned` of them did) and no fragment by its
    form, with the calls' decisive verb and object (`tool_call`) as `fragment_title` reads them."""
    if len(asked) < 2 or aligned < len(asked) or "{" not in title:
        return False
    if len(_WORD.findall(_HOLE.sub(" ", title))) < MIN_WORDS:
        return False
    verb, noun = tool_call(steps, asked, shared)
    return not is_fragment(title, verb, noun, True)
