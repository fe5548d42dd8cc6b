"""Which word of a tool's name is its verb: the first, unless a later word is an act and the first is none
(trial 28 #1).

Tools are named verb first (`create_inspection`, `book_extraction`) or system first (`pms_create_appointment`,
`calendar_find_slot`, `line_send`, `supplier_order`). Read verb first, the system's name was the verb and the
act its object: "Calendar a find slot", "Line a send", "Supplier an order". A word of the name that is an act
whatever the system (a read, a notice, a create, update, delete, cancel, book or order) and comes after a
first word that is none is the verb; the words before it name the system and no part of the work; the words
after it are its object (none for `line_send`: the call names no thing).
"""

from __future__ import annotations

from collections.abc import Sequence

from memdir.consolidation.weekly.action_titles import READS

ACTS = READS | frozenset(
    [
        "send",
        "post",
        "notify",
        "reply",
        "create",
        "add",
        "update",
        "delete",
        "remove",
        "cancel",
        "book",
        "order",
    ]
)


def verb_first(words: Sequence[str]) -> tuple[str, list[str]]:
    """A tool name's verb and object words (`words`: the name's words, lower-cased, at least one)."""
    at = 0 if words[0] in ACTS else next((i for i, w in enumerate(words) if w in ACTS), 0)
    return words[at], list(words[at + 1 :])
