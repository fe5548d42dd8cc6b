"""A note that sets to one fixed amount what each of the kind's requests asks for is other work (trial 19).

The desk's note 「クォータを戻す手順」 resets a group's quota to the standard: `lfs setquota -g <グループ> -B 10T
/lustre/projects`. The week's kind raises it to what each ticket asks ("Please bump the storage quota for lab-hayashi
to 18 TB"): `lfs setquota -g lab-{lab} -B {value} /lustre`, `{value}` 18T, 25T, 40T. Its read, its set call and its
flags are the note's, so the steps held it (2 of 3) and the run proposed the reply as the note's missing step; an
agent given the merged note sets 10T when asked to raise. The call is the same, the work is not: one sets the amount
the request asks for, the other a fixed one.

A draft step and a note line are the same call when the line writes the step's command (its first two bare words,
`lfs setquota`; a call written only as arguments, its tool). A parameter (`-B …`, `--qty …`, `limit=…`) the step
writes with a placeholder whose values are amounts (a number, a unit of up to three letters: `18T`, `500`, `2.5GB`)
that differ between the tasks, and the line writes as one constant amount, is **fixed against asked** when at least
half of the kind's requests (two or more) write one of those amounts as a number (`18 TB`, `３０TB`). The note is then
no candidate for the kind by any way. An amount the requests do not ask for (a backup's `--retention 14d` an agent
chose, trial 16) is the note's stale constant, proposed as a placeholder on it (`stale.py`), never a new note.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence

from memdir.consolidation.weekly.named import PLACEHOLDER

_CODE = re.compile(r"`+([^`]+)`+")
_TOOL = re.compile(r"^\s*(?:\d+[.)]\s*)?([\w.:/-]{1,60}): `")
_AMOUNT = re.compile(r"^(\d+(?:[.,]\d+)?)[^\W\d_]{0,3}%?$")
_KEYED = re.compile(r"^(-{0,2}[^\W\d][\w.-]{0,40})=(.+)$")
_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _params(tokens: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    """A call's bare words (command, subcommand, positional words) and its parameters (name -> value)."""
    words: list[str] = []
    params: dict[str, str] = {}
    n = 0
    while n < len(tokens):
        tok = tokens[n]
        keyed = _KEYED.match(tok)
        if keyed:
            params[keyed.group(1).lstrip("-")] = keyed.group(2)
        elif (
            tok.startswith("-") and len(tok) > 1 and n + 1 < len(tokens) and not tokens[n + 1].startswith("-")
        ):
            params[tok.lstrip("-")] = tokens[n + 1]
            n += 1
        elif not tok.startswith("-"):
            words.append(tok)
        n += 1
    return words, params


def _command(words: Sequence[str]) -> list[str]:
    """The first two bare words with no placeholder and no digit: the command and its subcommand."""
    return [w for w in words if not PLACEHOLDER.search(w) and not re.search(r"\d", w)][:2]


def _amounts(token: str, values: Mapping[str, Sequence[str]]) -> set[str]:
    """The numbers of the amounts a token with one placeholder took (empty: not an amount that varies)."""
    holes = PLACEHOLDER.findall(token)
    if len(holes) != 1 or not holes[0].startswith("{"):
        return set()
    seen = {token.replace(holes[0], v) for v in values.get(holes[0][1:-1], [])}
    found = {m.group(1).replace(",", ".") for v in seen if (m := _AMOUNT.match(v))}
    return found if len(seen) >= 2 and len(found) == len(seen) else set()


def _asked(numbers: set[str], requests: Sequence[str]) -> bool:
    """At least half of the requests (two or more) write one of the amounts as a number."""
    asked = 0
    for text in requests:
        written = {m.replace(",", ".") for m in _NUMBER.findall(unicodedata.normalize("NFKC", text))}
        asked += bool(written & numbers)
    return asked >= 2 and 2 * asked >= len(requests)


def fixed_against_asked(
    steps: Sequence[str], values: Mapping[str, Sequence[str]], lines: Sequence[str], requests: Sequence[str]
) -> list[str]:
    """The parameters (`-B`) a note's line sets to one amount where the kind's steps set the amount each request
    asks for; empty when there is none."""
    coded = []
    for line in lines:
        tokens = " ".join(_CODE.findall(line)).split()
        if tokens:
            coded.append((set(tokens) | set(re.findall(r"[\w.:/-]+", line)), _params(tokens)[1]))
    out: list[str] = []
    for step in steps:
        words, params = _params(" ".join(_CODE.findall(step)).split())
        tool = _TOOL.match(step)
        command = _command(words) or ([tool.group(1)] if tool else [])
        varying = {k: nums for k, v in params.items() if (nums := _amounts(v, values))}
        if not command or not varying:
            continue
        for names, theirs in coded:
            if not all(w in names for w in command):
                continue
            for key, nums in varying.items():
                fixed = theirs.get(key, "")
                if _AMOUNT.match(fixed) and not PLACEHOLDER.search(fixed) and _asked(nums, requests):
                    out.append(key)
    return list(dict.fromkeys(out))
