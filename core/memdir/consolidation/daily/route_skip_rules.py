"""The rule layer's reasons a text the model reads as skip is knowledge, in the order the router asks them.

A decision under its label (`STATED_DECISION`, docs/daily.md "Rule layer") or told in prose (route_decided,
round 27), a fix, a rule adopted "from now on" or results told (route_fix_note), a part number or a price
(route_reference), a term, a contact or a rule (route_standing). Moved out of router.py unchanged.
"""

from __future__ import annotations

import re

from memdir.consolidation.daily.route_decided import states_a_decision
from memdir.consolidation.daily.route_fix_note import records_a_fix, reports_results, states_a_rule
from memdir.consolidation.daily.route_reference import states_a_reference
from memdir.consolidation.daily.route_standing import states_standing_fact

# rule layer: a line that states a decision under its label ("- Decided: from now on …", "Agreed at the
# review: …", 「決定：」「決定事項：」) makes a text the model reads as skip (minutes, a status post) knowledge
STATED_DECISION = re.compile(
    r"(?im)^[ \t]*(?:[-*•・][ \t]*|\d+[.)][ \t]*)?(?:\*\*)?(?:(?:decided|decisions?|agreed|resolved)\b[^:：\n]{0,40}|"
    r"決定事項|決定|決まったこと|決めたこと|合意事項|合意)(?:\*\*)?[ \t]*[:：](?:\*\*)?\s*\S"
)


def skip_rule(body: str) -> str:
    """The name of the first rule that makes a skip knowledge (decision, decided, fix_note, reference,
    standing), or '' when none does."""
    if STATED_DECISION.search(body) or states_a_decision(body):
        # a decision under its label (docs/daily.md, "Rule layer") or told in prose (route_decided, round 27)
        return "decision" if STATED_DECISION.search(body) else "decided"
    if records_a_fix(body) or states_a_rule(body) or reports_results(body):
        # a fix, a rule adopted "from now on", results told (route_fix_note)
        return "fix_note"
    if states_a_reference(body):  # a part number, a price (route_reference)
        return "reference"
    if states_standing_fact(body):  # a term, a contact, a rule (route_standing)
        return "standing"
    return ""
