"""English titles a person would write for kinds whose requests share no phrase: the action the steps
took, as an imperative verb and its object ("Refund an order", "Unlock an account").

Rule (both for HTTP calls and command lines): the decisive step is the first write — an HTTP
POST/PUT/PATCH/DELETE whose path ends in a word (`titles.decisive_call`), or the first command whose
words are no read (`show`, `get`, `list`, …). Its thing (the path's last word, the subcommand's noun)
gives the verb: as the requests or replies write it when they do ("refund"), else by the noun's form
(`escalations` -> escalate, `reshipments` -> reship, `approvals` -> approve), else "Add a … to". Its
object is the thing the call or command acts on (the path word before, the command's own noun):
`POST /orders/ORD-{n}/refunds` -> "Refund an order", `POST /tickets/{t}/escalations` -> "Escalate a
ticket", `dirctl account unlock {account}` -> "Unlock an account", `dirctl group add-member {g} {u}`
-> "Add a member to a group". A step logged as a whole command line, the tool's name first (`tos plug
reserve {unit} --block …`), is read past that name when the requests or replies name its thing: `plug
reserve` -> "Reserve a plug", never "Booking the tos" (`hikkoshi job move`: nobody wrote `job`, no title).
"" when no step is a write or a command.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from memdir.consolidation.weekly.call_forms import as_command, named_action
from memdir.consolidation.weekly.titles import decisive_call

READS = frozenset(
    [
        "show",
        "get",
        "list",
        "ls",
        "view",
        "cat",
        "status",
        "describe",
        "search",
        "find",
        "read",
        "info",
        "history",
        "check",
        "lookup",
        "query",
        "diff",
        "log",
        "logs",
        "inspect",
        "print",
        "fetch",
        "open",
        "export",
    ]
)
_WORD = re.compile(r"[a-z][a-z-]*[a-z]")
SHELLS = frozenset({"shell", "bash", "sh", "zsh", "terminal", "cmd", "powershell", "console", "run"})


def singular(noun: str) -> str:
    """`orders` -> `order`, `entries` -> `entry`, `boxes` -> `box` (English plurals of things)."""
    for tail, repl in (("ies", "y"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh")):
        if noun.endswith(tail):
            return noun[: -len(tail)] + repl
    return noun[:-1] if noun.endswith("s") and not noun.endswith(("ss", "is", "us")) else noun  # analysis


def _article(noun: str) -> str:
    vowel = noun[:1] in ("a", "e", "i", "o") or noun[:1] == "u" and noun[1:2] not in ("s", "n", "r")
    return f"an {noun}" if vowel else f"a {noun}"  # `an order`, `a user`, `an update`


def _written(verb: str, texts: Sequence[str]) -> bool:
    """Whether the requests or replies use `verb` (or its -s/-ed/-ing form) as a word."""
    stem = verb[:-1] if verb.endswith("e") else verb
    pattern = rf"\b(?:{re.escape(verb)}|{re.escape(stem)}(?:e?s|e?d|ing))\b"
    return any(re.search(pattern, t.lower()) for t in texts)


def verb_of(noun: str, texts: Sequence[str]) -> str:
    """The verb a thing is made by (`refund`, `escalate`, `reship`); "" when its form gives none and no
    request or reply writes one."""
    n = singular(noun)
    forms: list[str] = [n]
    derived = ""
    if n.endswith("ation"):
        forms += [n[:-5] + "ate", n[:-5] + "e", n[:-5]]
        derived = n[:-5] + "ate"
    elif n.endswith("ment"):
        forms.append(n[:-4])
        derived = n[:-4]
    elif n.endswith("ion"):
        forms += [n[:-3] + "e", n[:-3]]
    elif n.endswith("al"):
        forms += [n[:-2] + "e", n[:-2]]
        derived = n[:-2] + "e" if n.endswith("val") else ""
    found = next((f for f in forms if len(f) >= 3 and _written(f, texts)), "")
    return found or derived


def _phrase(verb: str, noun: str, parent: str) -> str:
    """Verb and thing as a sentence: "Refund an order" (the thing is what the verb makes), else
    "Unlock an account"."""
    return f"{verb[:1].title()}{verb[1:]} {_article(singular(parent or noun))}"


def call_title(call: str, texts: Sequence[str], args: str = "", asked: Sequence[str] = ()) -> str:
    """`POST /orders/ORD-{n}/refunds` -> "Refund an order" (see the module); `args` is the call's body."""
    method, _, path = call.partition(" ")
    words = [s for s in path.split("/") if s and "{" not in s and _WORD.fullmatch(s)]
    ends_in_word = bool(re.search(r"/[A-Za-z][\w-]*/?$", path))
    if not words:
        return ""
    noun, parent = words[-1], (words[-2] if len(words) > 1 else "")
    thing = _article(singular(noun))
    if method == "DELETE":
        return f"Remove {thing} from {_article(singular(parent))}" if parent else f"Delete {thing}"
    if not ends_in_word:  # a write to one item: what it sets when the requests say it (`priority=rush`)
        return argument_title(args, texts, asked or texts, noun) or f"Update {thing}"
    verb = verb_of(noun, texts)
    if verb:
        return _phrase(verb, noun, parent)
    if said := argument_title(args, texts, asked or texts, parent):
        return said
    return f"Add {thing} to {_article(singular(parent))}" if parent else f"Create {thing}"


_DOTTED = re.compile(
    r"^(?:(?:op|action|method)=)?([a-z][a-z_]*[a-z])\.([a-z][a-z_]*[a-z])(?:\s+([a-z][a-z_]*)=)?"
)
_MAKES = frozenset(["create", "add", "new", "post", "insert"])


def dotted_title(steps: Sequence[str], texts: Sequence[str]) -> str:
    """An API's `noun.verb` actions (`ticket.get`, `refunds.create charge=…`): the first write that makes a
    thing whose verb the requests or replies write -> "Refund a charge" (the thing it acts on is its
    first argument's name); "" otherwise (then `command_title` reads them as `noun verb` commands)."""
    for step in steps:
        if step.startswith("Reply") or step.count("`") < 2:
            continue
        m = _DOTTED.match(as_command(step.split("`")[1]))
        if m is None or m.group(2) not in _MAKES:
            continue
        noun, target = m.group(1).replace("_", "-"), (m.group(3) or "").replace("_", "-")
        verb = verb_of(noun, texts)
        if verb and verb != singular(noun) or verb and _written(verb, texts):
            return _phrase(verb, noun, target if target and target != noun else "")
    return ""


_NAMED_CALL = re.compile(
    r"^(?:name|action|op|operation|operationName|method|function|fn|call|cmd|command)=([a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b"
)
_NAMED_STEM = re.compile(r"[a-z]+")


def named_call_title(steps: Sequence[str], asked: Sequence[str]) -> str:
    """A call named by a key (`name=schedule_brew`, `action=amend_permit&…`, `op=renew_license`): the first
    that is no read and whose two words the requests write, one as the verb -> "Schedule a brew", "Amend a
    permit" (`coo_apply` with "apply" written nowhere gives nothing: extracted, never invented)."""
    from memdir.consolidation.weekly.recurring import stem

    written = {stem(w) for t in asked for w in _NAMED_STEM.findall(t.lower())}
    for step in steps:
        if step.startswith("Reply") or step.count("`") < 2:
            continue
        m = _NAMED_CALL.match(as_command(step.split("`")[1]))
        action = m.group(1) if m else named_action(step.split(":", 1)[0], step.split("`")[1])
        if not action:
            continue
        words = action.split("_")
        if len(words) != 2 or any(w in READS for w in words) or any(len(w) < 3 for w in words):
            continue
        for verb, noun in (words, words[::-1]):
            if _written(verb, asked) and (stem(singular(noun)) in written or stem(noun) in written):
                return _phrase(verb, noun, "")
    return ""


def command_title(steps: Sequence[str], texts: Sequence[str] = ()) -> str:
    """`dirctl account unlock {account}` -> "Unlock an account" (see the module); an API's dotted
    actions (`ticket.link`) read as `ticket link`."""
    if said := dotted_title(steps, texts):
        return said
    commands: list[list[str]] = []
    api: list[bool] = []  # an API's dotted action: its nouns are words joined by `_` (`model_versions`)
    keys: list[str] = []  # its first argument's key: the thing it acts on (`queue.remove ob=…`)
    holes: list[set[str]] = []  # the placeholders it passes
    past: list[bool] = []  # read past the program's name (`tos plug reserve`)
    for step in steps:
        if step.startswith("Reply") or step.count("`") < 2:
            continue
        tool = step.split(":", 1)[0].strip().lower()
        skip = 1 if tool in SHELLS else 0  # `shell: dirctl account unlock`; `idpctl: factors reset`
        code = as_command(step.split("`")[1])
        passed = set(re.findall(r"\{\w+\}", code))
        if dotted := _DOTTED.match(code):
            code, skip = f"{dotted.group(1)} {dotted.group(2)}".replace("_", "-"), 0
        elif (
            step.startswith("`")
            and all(_WORD.fullmatch(t) for t in code.split()[:3][-3:])
            and len(code.split()) > 2
        ):
            skip = 1  # a command line logged whole (`tos plug reserve …`): its first word is the program
        words = []
        for token in code.split()[skip : skip + 2]:
            if not _WORD.fullmatch(token):
                break
            words.append(token)
        if words:
            commands.append(words)
            api.append(dotted is not None)
            keys.append((dotted.group(3) or "").replace("_", "-") if dotted else "")
            holes.append(passed)
            past.append(skip == 1 and tool not in SHELLS)
    if not commands:
        return ""
    verb_first = any(c[0] in READS for c in commands) and not any(
        len(c) > 1 and c[1] in READS for c in commands
    )
    # what the kind looked at first (`users show {x}`): the thing a write on something else is for
    looked = next((w for c in commands if len(c) > 1 and set(c) & READS for w in c if w not in READS), "")
    seen = next((h for c, h in zip(commands, holes, strict=True) if set(c) & READS), set())
    for c, dotted_api, key, mine in zip(commands, api, keys, holes, strict=True):
        if any(w in READS for w in c):
            continue
        if len(c) == 1:
            verb, noun = c[0], ""
        else:
            verb, noun = (c[0], c[1]) if verb_first else (c[1], c[0])
        parent = ""
        # ... unless the key passes the very thing the kind read first (`ticket.get id={id}`, then
        # `pickup.book ticket={id}`) and the verb moves nothing into or out of it: the action is for it
        moves = verb in ("add", "remove", "delete")
        read_first = not moves and singular(key) == singular(looked) and bool(mine & seen)
        if key and key not in _PLAIN_KEYS and singular(key) != singular(noun) and not read_first:
            noun, parent = key, noun  # `queue.remove ob=…`: an OB from the queue, not the queue
        if "-" in verb:  # `group add-member`: add a member to the group
            verb, _, thing = verb.partition("-")
            noun, parent = thing, noun
        if not noun:
            return ""
        if not parent and looked and singular(looked) != singular(noun):
            parent = looked  # `factors reset` after `users show`: the factors of a user
        if verb in _GENERIC and (done := _status_verb(steps)):  # `sku update --status discontinued`
            verb, parent = done, ""
        if said := _thing_changed(verb, noun, texts):  # `reefer setpoint`: "change setpoint" asks it
            return said
        if past[commands.index(c)] and not _written(singular(noun), texts) and not _written(noun, texts):
            return ""  # past the program, a thing no request or reply names (`job move`) is the tool's word
        thing = f"the {noun}" if singular(noun) != noun else _article(noun)
        prep = {"add": "to", "remove": "from", "delete": "from"}.get(verb, "for")
        tail = f" {prep} {_article(singular(parent))}" if parent else ""
        if dotted_api:
            thing, tail = thing.replace("-", " "), tail.replace("-", " ")
        return f"{verb[:1].title()}{verb[1:]} {thing}{tail}"
    return ""


_GENERIC = frozenset(["update", "set", "change", "modify", "edit", "patch"])
# keys that name no thing of their own: the action's noun is what they point at (`ticket.close id=…`)
_PLAIN_KEYS = frozenset(
    ["id", "name", "ref", "key", "uid", "uuid", "value", "text", "query", "q", "data", "body"]
)
_STATUS = re.compile(r"(?:--|\b)(?:status|state)[= ]([a-z]+ed)\b")


def _thing_changed(word: str, noun: str, texts: Sequence[str]) -> str:
    """ "Change the setpoint of a reefer" when the requests write the command's word as the thing a generic
    verb changes ("change setpoint", "update the setpoint"): it is no verb there; "" otherwise."""
    found = re.compile(
        rf"\b({'|'.join(sorted(_GENERIC | {'adjust'}))})\s+(?:the\s+|its\s+)?{re.escape(word)}s?\b", re.I
    )
    said = next((m.group(1).lower() for t in texts if (m := found.search(t))), "")
    if not said or said == word:
        return ""
    return (
        f"{said.title()} the {word} of {_article(singular(noun))}" if noun else f"{said.title()} the {word}"
    )


def _status_verb(steps: Sequence[str]) -> str:
    """The verb of the state a generic write sets (`--status discontinued` -> discontinue, `state=archived`
    -> archive, `--status cancelled` -> cancel): what the update does, as a person names it."""
    m = next((m for s in steps if (m := _STATUS.search(s.lower()))), None)
    if m is None:
        return ""
    word = m.group(1)
    stem = word[:-2]
    if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "ls":  # submitted -> submit
        return stem[:-1]
    if stem.endswith("ll"):  # cancelled -> cancel
        return stem[:-1]
    if re.search(r"(?:[vuczg]|[^aeiou]l|[aiou][srtkp]|e[st])$", stem):  # archived, closed, deleted
        return stem + "e"
    return stem  # locked, suspended, published


def action_title(steps: Sequence[str], texts: Sequence[str], asked: Sequence[str] = ()) -> str:
    """The kind's decisive write as an imperative phrase ("" when the steps hold none); `asked` are the
    requests among `texts` (the rest are replies)."""
    call = decisive_call(steps)
    args = next((s.split(call, 1)[1] for s in steps if call and call in s), "")
    title = call_title(call, texts, args, asked) if call else ""
    title = title or named_call_title(steps, asked or texts) or ("" if call else command_title(steps, texts))
    return _as_written(title, texts)


_VALUE = re.compile(r"(?:^|(?<==)|(?<=\s))([A-Za-z][A-Za-z_-]*[A-Za-z])(?=[\s`,;]|$)")
_NOUN = re.compile(r"(?:tion|sion|ment|ance|ence|ity|ness|age|ure)$")  # a thing, never a request's verb
_COURTESY = frozenset(["please", "pls", "plz", "can", "could", "would", "will", "kindly", "hey", "hi", "ok"])


def argument_title(args: str, texts: Sequence[str], asked: Sequence[str], parent: str) -> str:
    """The kind named by the call's own values when the path's nouns are an API's (`sanctions`, `bulk`).

    A word of a value of the call (`type=ban`, `template=outage_compensation`; not an option's name, not
    an id such as `INC-{number}`) that two or more requests or replies write names the kind: as the verb
    when a request starts with it and it has no noun's ending ("Ban player 8812345 ..." -> "Ban a player";
    `-tion`, `-ment`, `-ance`, … are things), else as the noun a
    request puts after its own verb ("Grant the outage compensation ..." -> "Grant the outage
    compensation"). "" when no value is written so (the call's nouns then make the title).
    """
    words = [w for m in _VALUE.finditer(args) for w in m.group(1).lower().replace("_", "-").split("-")]
    best, count = "", 1
    for w in dict.fromkeys(w for w in words if len(w) >= 3):
        n = sum(1 for t in texts if _written(w, [t]))
        if n > count:
            best, count = w, n
    if not best:
        return ""
    for request in asked if not _NOUN.search(best) else ():
        first = request.split()[:1]
        if first and first[0].lower().strip(",.!:") == best:
            return f"{best[:1].title()}{best[1:]} {_article(singular(parent))}" if parent else best.title()
    for request in asked:
        lead = [w for w in request.split()]
        while lead and lead[0].lower().strip(",.!:") in _COURTESY:
            lead = lead[1:]
        at = next(
            (i for i, w in enumerate(lead[:8]) if re.fullmatch(rf"{best}s?", w.lower().strip(",.!:"))), -1
        )
        if at >= 1 and _WORD.fullmatch(lead[0].lower()):
            while at + 1 < len(lead) and lead[at + 1].lower().strip(",.!:") in words:
                at += 1  # the rest of the value's noun: "the rain credit"
            phrase = " ".join(lead[: at + 1]).strip(",.!:")
            return f"{phrase[:1].title()}{phrase[1:]}"
    return ""


def _as_written(title: str, texts: Sequence[str]) -> str:
    """A word of the title the requests write in capitals (`SKU`, `VPN`) is written so."""
    words = title.split(" ")
    for i, w in enumerate(words[1:], 1):
        up = w.upper()
        if len(w) >= 2 and any(re.search(rf"\b{re.escape(up)}s?\b", t) for t in texts):
            words[i] = up
    return " ".join(words)


_REPLY = re.compile(r"^Reply: “(.+?)”$")
_DONE = re.compile(r"([A-Z][a-z]+?)(ied|ed|d)\b")


def reply_title(steps: Sequence[str], asked: Sequence[str]) -> str:
    """The kind as its replies report it, when they all share one wording that opens with a verb in the past
    a request writes (`Closed HD-{number} as a duplicate of HD-{number2}.` and "close it as a dupe" ->
    "Close HD-{number} as a duplicate of HD-{number2}"); "" otherwise."""
    said = next((m.group(1) for s in steps if (m := _REPLY.match(s))), "")
    m = _DONE.match(said)
    if m is None:
        return ""
    stem, tail = m.group(1), m.group(2)
    forms = [stem + "y"] if tail == "ied" else [stem + "e", stem] if tail == "ed" else [stem]
    if tail == "ed" and len(stem) > 2 and stem[-1] == stem[-2]:
        forms.append(stem[:-1])  # stopped -> stop
    verb = next((f for f in forms if re.search(rf"\b{re.escape(f.lower())}\b", " ".join(asked).lower())), "")
    rest = re.split(r"[;:—]| - |[.!](?:\s|$)", said[m.end() :])[0].strip()  # its first clause
    if not verb or not re.search(r"(?<![{\w])[A-Za-z]{3,}(?![\w}])", rest):
        return ""
    return f"{verb} {rest}"


def titled_by_work(steps: Sequence[str], texts: Sequence[str], asked: Sequence[str]) -> str:
    """The decisive write's title (`action_title`) when the requests write its verb, else the replies'
    (`reply_title`: "Close … as a duplicate" beats "Link a ticket" that no request asked for), else either."""
    act = action_title(steps, texts, asked)
    verb = act.split(" ", 1)[0].lower()
    if act.lower().split()[-1:] == [verb]:  # "Credit a credit": the verb is the thing, nothing said
        act = ""
    if act and _written(verb, asked):
        return act
    return reply_title(steps, asked) or act
