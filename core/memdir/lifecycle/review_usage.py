"""Usage reports a daily run did not count: what their `evidence` item says and what accepting it does.

Trial 24 re-check N2: an item whose reason was "another scope: title "overseas order", report "Osaka orders""
said in its body "New work matches …; accepting adds the sources below to it as evidence", and accepting wrote
the domestic report into the overseas procedure as "Seen again". Now the daily run stores the reason in the
item (`usage`, and `other_scope: true` for another scope), the body says it and what accepting does, and
accepting an item of another scope writes nothing into the note: the report is another task than the note's,
so accepting only closes the item (as rejecting does); to count it for the procedure anyway, a person runs the
`memdir feedback` line the item gives. An item of the same scope (just under the cut-off, or in the other
language) is accepted as before: its episode joins the note's sources as evidence ("Seen again"), uncounted.
"""

from __future__ import annotations

from collections.abc import Mapping

USAGE_KEYS = ("usage", "other_scope")  # the item's frontmatter the daily run writes for a usage report


def usage_what(target: str, sim_txt: str, extra: Mapping[str, object]) -> str:
    """The body sentence of an `evidence` item: for a usage report, why it was not counted and what accepting does."""
    why = str(extra.get("usage") or "").strip()
    if not why:
        return f"New work matches `{target}`{sim_txt}; accepting adds the sources below to it as evidence."
    said = f"A usage report close to `{target}`{sim_txt}: {why}."
    if extra.get("other_scope"):
        return (
            f"{said} It tells another task than this procedure's, so accepting writes nothing into the note "
            "(it only closes this item, as rejecting does); to count it for this procedure anyway, run the "
            "`memdir feedback` line above."
        )
    return (
        f'{said} Accepting adds the sources below to the note as evidence (a dated "Seen again" section); '
        "it does not count the outcome: run the `memdir feedback` line above for that."
    )


def writes_nothing(kind: str, extra: Mapping[str, object]) -> str:
    """Why accepting this item writes nothing ("" when it writes): a usage report of another scope."""
    if kind == "evidence" and extra.get("other_scope") and extra.get("usage"):
        return f"another scope, not this note's task ({extra['usage']})"
    return ""
