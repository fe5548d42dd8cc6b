"""What an accepted rule says: the rule itself first, under one title, then the lesson's evidence.

A lesson's rule is what its "What worked instead" section says (a daily lesson's description is the
same sentence; a weekly one's names the failure). A candidate rule is written with that text right
under `# Rule: <title>`, then the lesson's "When it applies", "What failed" and "How to check"; its
"What worked instead" is not repeated and its own title (`# Lesson: …`) is dropped, so the note has
one H1. Accepting takes the rule's description from that first paragraph, so the line an agent sees
in `memdir context` is the rule. A candidate written before this layout (the rule only under "What
worked instead", a second H1) is put in this shape when accepted.
"""

from __future__ import annotations

import re

from memdir.notes.gist import clip

WORKED = "## What worked instead"
_DROP = (
    "## What worked instead",
    "## Notes",
)  # the rule itself; the episode's other facts stay in the lesson
_ITEM = re.compile(r"^\s*(?:[-*+]\s+|\d+[.)]\s+)")
MAX_DESCRIPTION = 200


def _sections(body: str) -> list[tuple[str, list[str]]]:
    """(heading, lines) in order; the lines before the first `## ` heading under heading ''."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for line in body.splitlines():
        if line.startswith("## "):
            out.append((line.strip(), []))
        else:
            out[-1][1].append(line)
    return out


def rule_lines(body: str) -> list[str]:
    """The items a lesson's "What worked instead" lists, without their bullets (else its first
    paragraph's lines; none: [])."""
    for head, lines in _sections(body):
        if head != WORKED:
            continue
        items = [_ITEM.sub("", ln).strip() for ln in lines if _ITEM.match(ln)]
        para = "\n".join(lines).strip().split("\n\n", 1)[0]
        return items or [ln.strip() for ln in para.splitlines() if ln.strip()]
    return []


def _rule_paragraph(rules: list[str]) -> str:
    return rules[0] if len(rules) == 1 else "\n".join(f"- {r}" for r in rules)


def candidate_body(title: str, lesson_body: str, lesson: str, contexts: list[str], fallback: str) -> str:
    """A candidate rule: `# Rule: <title>`, the rule, then the lesson's evidence sections (one H1)."""
    rules = rule_lines(lesson_body) or [fallback]
    kept = [
        "\n".join([head, *lines]).strip()
        for head, lines in _sections(lesson_body)
        if head and head not in _DROP
    ]
    confirmed = ", ".join(f"`{c}`" for c in contexts)
    parts = [
        f"# Rule: {title}",
        _rule_paragraph(rules),
        *kept,
        f"From the lesson `{lesson}`; confirmed in: {confirmed}",
    ]
    return "\n\n".join(p for p in parts if p) + "\n"


def _split(candidate: str, title: str) -> tuple[str, str, list[str]]:
    """(H1, the rule paragraph, the other sections) of a rule's text, in the layout above."""
    lines = candidate.strip().splitlines()
    h1 = next((ln for ln in lines if ln.startswith("# ")), f"# Rule: {title}")
    rest = [ln for ln in lines if not ln.startswith("# ")]
    sections = _sections("\n".join(rest))
    lead = "\n".join(sections[0][1]).strip()
    if not lead:  # the rule only under "What worked instead" (a candidate raised before this layout)
        rules = rule_lines("\n".join(rest))
        lead = _rule_paragraph(rules) if rules else ""
        sections = [s for s in sections if s[0] != WORKED]
    kept = ["\n".join([head, *body]).strip() for head, body in sections if head]
    return h1, lead, kept


def accepted_rule(candidate: str, title: str) -> tuple[str, str]:
    """(description, body) of the rule note from an accepted candidate, as a person may have edited it:
    one H1 (the first), the rule right under it, the description the rule's first sentence or item."""
    h1, lead, kept = _split(candidate, title)
    first = next((_ITEM.sub("", ln).strip() for ln in lead.splitlines() if ln.strip()), "")
    description = clip(" ".join(first.split()), MAX_DESCRIPTION) if first else title
    return description, "\n\n".join(p for p in [h1, lead, *kept] if p) + "\n"


def rule_evidence(body: str, title: str) -> str:
    """A rule's title and the sections after the rule itself (when it applies, what failed, how to check)."""
    h1, _, kept = _split(body, title)
    return "\n\n".join([h1, *kept]) + "\n"
