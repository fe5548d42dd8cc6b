"""Which word of a tool's name is its verb: the first, unless a later word is an act and the first is none
(trial 28 #1).

Tools are named verb first (`create_inspection`, `book_extraction`) or system first (`pms_create_appointment`,
`calendar_find_slot`, `line_send`, `supplier_order`). Read verb first, the system's name was the verb and the
act its object: "Calendar a find slot", "Line a send", "Supplier an order". A word of the name that is an act
whatever the system (a read, a notice, a create, update, delete, cancel, book or order) and comes after a
first word that is none is the verb; the words before it name the system and no part of the work; the words
after it are its object (none for `line_send`: the call names no thing).

A call that prepares the work by signing in (`supplier_login`, `portal_auth`, `login_vendor`) is no act of
the kind, whatever its name's order (unless an act opens the name: `create_login` creates one): its preparation word is the verb and it has no object, so no
title is made of it (trial 29 #8: `supplier_login` read verb first was "Supplier login", the title of a kind
whose requests all said *order*).
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


# a preparation before the work: signing in (`supplier_login`, `portal_auth`); not a thing a call may act on
# (`book_session` books a session: weekly26's photo studio)
PREPARES = frozenset(["login", "logon", "logout", "signin", "signon", "auth", "authenticate", "authorize"])


def verb_first(words: Sequence[str]) -> tuple[str, list[str]]:
    """A tool name's verb and object words (`words`: the name's words, lower-cased, at least one); a call that
    prepares the work (`PREPARES`) has its preparation as verb and no object."""
    prep = next((w for w in words if w in PREPARES), None)
    if prep is not None and (words[0] not in ACTS or words[0] == prep):  # `create_login` creates one
        return prep, []
    at = 0 if words[0] in ACTS else next((i for i, w in enumerate(words) if w in ACTS), 0)
    return words[at], list(words[at + 1 :])
