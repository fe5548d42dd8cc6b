"""A usage report under every cut-off whose closest procedure is also the one sharing its words: asked, never
silent (trial 29 re-check #2).

「いつもの手順で予約確認メールを送ろうとしたが…送れなかった」 of the English "Send a booking confirmation" scored 0.44
(across languages whole texts sit as near as unrelated ones), shared one word with the steps only as a loanword
(メール / "email"), and its work phrase sat no nearer that title's act than another's: no rule named it, no item
was left, and the one failure of the procedure in two weeks was recorded nowhere. A person reads two things that
agree: the procedure the whole report is closest to is the only one that holds the report's words. So a report
that tells a usual way of working (route_usage_fit.tells_usual_work) and that no rule named nor offered gets an
`evidence` item (not counted) on the closest procedure when

- the report and the procedure are in other languages (in one language the rules above read the report's words
  and act; one shared word there, "renewed" of "Renew the TLS certificate", 発注 of 「ワクチンの発注方法」, named
  other work in `bench_usage_cross.py`, while across scripts a shared word is a Latin term or a loanword),
- its match score is the best of all procedures (skills are read-only and asked otherwise),
- its text shares at least one of the report's subject words (route_usage_match.subject_words, loanwords across
  languages included) and every other procedure and skill shares none,
- and the report tells no act that the procedure does not name (route_usage_act.act_differs).

Two readings that disagree (the closest by meaning is not the one sharing words) ask nothing: the summary line
"which procedure?" stays the only trace, as before.
"""

from __future__ import annotations

from memdir.consolidation.daily.route_lang import language
from memdir.consolidation.daily.route_rag import Match
from memdir.consolidation.daily.route_usage_act import act_differs
from memdir.consolidation.daily.route_usage_fit import tells_usual_work
from memdir.consolidation.daily.route_usage_match import subject_words
from memdir.consolidation.daily.route_usage_near import Near


def agreed_near(
    scored: list[tuple[float, Match]], report: str, texts: dict[str, str], loans: dict[str, set[str]]
) -> Near | None:
    """The closest procedure when it alone shares the report's words (`texts`: path -> procedure_text;
    `loans`: per procedure, the report's words it says as loanwords), else None."""
    if not scored or not tells_usual_work(report):
        return None
    score, best = max(scored, key=lambda x: x[0])
    text = texts.get(best.path, best.title)
    if (
        best.path.startswith("skills/")
        or language(report) == language(text)
        or act_differs(report, text, best.title)
    ):
        return None
    shared = {p: subject_words(report, t) | loans.get(p, set()) for p, t in texts.items()}
    words = shared.get(best.path, set())
    if not words or any(ws for p, ws in shared.items() if p != best.path):
        return None
    said = ", ".join(sorted(words)[:6])
    why = f"match score {score:.2f}, under the cut-off, but the closest procedure is the only one sharing its words ({said})"
    return Near(best, score, why)
