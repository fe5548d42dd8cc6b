"""What `memdir lint` says about a note's `tags`: the forms read otherwise than written, with a fix to paste.

`notes.model.tag_list` is the one reading of `tags` (a list; one string split at commas and spaces,
as Obsidian splits it; a leading `#` dropped). A list of strings, and one string that is one tag (`tags: daily`, the frontmatter of
every Obsidian daily note), are read as written: no line. A string of several tags, a number or a
map gets a warning whose suggested `tags: [...]` is parsed back here before it is shown: it is valid
YAML and reads as the same tags (items YAML would read otherwise are quoted: `"#a"`, `"a: b"`). An
unquoted `tags: #daily` is a YAML comment, so the key is empty: that is named too.
"""

from __future__ import annotations

import json
import re

from memdir.errors import NoteError
from memdir.notes.frontmatter import parse_yaml
from memdir.notes.model import tag_list

# `tags: #daily #work`: the value is a YAML comment (`#` after a space starts one)
_COMMENT_ONLY = re.compile(r"^tags:[ \t]+#(?P<rest>.*)$", re.M)


def tags_problem(value: object, yaml_text: str) -> str | None:
    """The lint warning for a `tags` value (without the line), or None when it reads as written."""
    if value is None:
        m = _COMMENT_ONLY.search(yaml_text)
        if not m:
            return None
        meant = [t for t in re.split(r"[\s,]+", m.group("rest")) if t.strip("#")]
        fix = suggestion(tag_list(meant))
        return "`tags` is empty: `#` starts a YAML comment, so the tags after it are not read" + (
            f"; write `{fix}`" if fix else ""
        )
    if isinstance(value, list) and all(isinstance(t, str) for t in value):
        return None
    read = tag_list(value)
    if isinstance(value, str) and len(read) == 1 and value.strip().lstrip("#") == read[0]:
        return None  # `tags: daily`: one string that is one tag
    if not read:
        return "`tags` should be a list of strings; read as no tag"
    shown = ", ".join(f"`{t}`" for t in read)
    fix = suggestion(read)
    return (
        f"`tags` should be a list of strings; read as {len(read)} tag{'s' if len(read) > 1 else ''} ({shown})"
        + (f": write `{fix}`" if fix else "")
    )


def suggestion(tags: list[str]) -> str:
    """`tags: [a, b]` that parses back (by the notes' own reader) as exactly these tags; '' if none does."""
    if not tags:
        return ""
    line = f"tags: [{', '.join(_item(t) for t in tags)}]"
    return line if _reads_as(line, tags) else ""


def _item(tag: str) -> str:
    """A tag as a flow-list item: bare when YAML reads it back as this text, else double-quoted."""
    bare = f"tags: [{tag}]"
    return tag if _reads_as(bare, [tag], exact=True) else json.dumps(tag, ensure_ascii=False)


def _reads_as(line: str, tags: list[str], exact: bool = False) -> bool:
    try:
        value = parse_yaml(line + "\n").get("tags")
    except NoteError:
        return False
    if exact:
        return bool(value == tags)
    return isinstance(value, list) and all(isinstance(t, str) for t in value) and tag_list(value) == tags
