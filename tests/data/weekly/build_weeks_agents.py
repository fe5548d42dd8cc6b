"""Two more hand-made weeks, from agents whose loggers none of the other weeks resemble.

Written with their `expected.json` before the weekly run was tried on them:

- `browser`: a web agent (English) that logs BrowserGym-style calls as one `browser` tool
  (`goto('https://…')`, `click('1423')`, `fill('311', '#12')`, `press('311', 'Enter')`,
  `send_msg_to_user('…')`), its goal on `task_start.goal`, a `thought` before each action and
  an observation as `tool_result.observation`. Four kinds of task share the same navigation
  (`goto` a project, open Issues, search the issue): close an issue, label an issue, star a
  project, look an order up in the shop admin; noise (`scroll`, `go_back`) in single tasks, a
  fill retried after an error, a failed close, two one-off tasks that only share `goto`.
- `robot`: a household robot (Japanese intents) that logs OpenAI-style function calls:
  `type: tool_call`, `tool_name: robot`, `arguments` a JSON *string*
  (`{"action": "navigate", "target": "cabinet_1"}`), results as `tool_result.content`, the outcome
  on `task_end.status`-less `outcome`. Three kinds share their search (navigate / open the same
  places, in a different order each time) and differ in what follows: put the thing somewhere,
  cool it in the fridge first, wash it at the sink first. Objects and places are `name_n`
  ids; one failed task; one one-off.

Run `python tests/data/weekly/build_weeks_agents.py` to rewrite the two folders (deterministic).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_weeks import Week, at  # noqa: E402

# -- browser --------------------------------------------------------------------------------
GIT = "https://git.acme.test/acme"
SHOP = "https://shop.acme.test/admin/sales/order/"


def act(call: str, thought: str, obs: str = "ok", error: str = "") -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [
        {"type": "thought", "text": thought},
        {"type": "tool_use", "tool": "browser", "input": call},
    ]
    res: dict[str, Any] = {"type": "tool_result", "tool": "browser", "observation": obs}
    if error:
        res["error"] = error
    ev.append(res)
    return ev


def find_issue(repo: str, n: int, row: int, *, noise: str = "", retry: bool = False) -> list[dict[str, Any]]:
    ev = act(f"goto('{GIT}/{repo}')", f"Open the {repo} project")
    if noise == "scroll":
        ev += act("scroll(0, 400)", "Look around the project page")
    ev += act("click('1423')", "Open the Issues list", "Issues list")
    if retry:
        ev += act(f"fill('311', '{n}')", "Search the issue", error="element 311 is not visible")
    ev += act(f"fill('311', '#{n}')", "Search the issue")
    ev += act("press('311', 'Enter')", "Run the search", f"1 result: #{n}")
    ev += act(f"click('{row}')", f"Open issue #{n}", f"Issue #{n}")
    return ev


def close_issue(repo: str, n: int, row: int, **kw: Any) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "goal": f"Close issue #{n} in the {repo} project"}]
    ev += find_issue(repo, n, row, **kw)
    if kw.get("noise") == "back":
        ev += act("go_back()", "Wrong page, go back")
        ev += act(f"click('{row}')", f"Open issue #{n} again")
    ev += act("click('2210')", "Press Close issue", "Issue closed")
    ev += act(f"send_msg_to_user('Closed #{n} in {repo}')", "Tell the user")
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def close_issue_failed(repo: str, n: int, row: int) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "goal": f"Close issue #{n} in the {repo} project"}]
    ev += find_issue(repo, n, row)
    ev += act("click('2210')", "Press Close issue", error="403: you are not allowed to close this issue")
    ev.append({"type": "task_end", "outcome": "failure"})
    return ev


def label_issue(repo: str, n: int, row: int, label: str, **kw: Any) -> list[dict[str, Any]]:
    goal = f"Add the {label} label to issue #{n} in the {repo} project"
    ev: list[dict[str, Any]] = [{"type": "task_start", "goal": goal}]
    ev += find_issue(repo, n, row, **kw)
    ev += act("click('2304')", "Edit the labels", "Labels dropdown")
    ev += act(f"fill('2311', '{label}')", f"Type the {label} label")
    ev += act("press('2311', 'Enter')", "Apply it", f"Label {label} added")
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def star(repo: str, noise: bool = False) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "goal": f"Star the {repo} project for me"}]
    ev += act(f"goto('{GIT}/{repo}')", f"Open the {repo} project")
    if noise:
        ev += act("scroll(0, 400)", "Look for the star button")
    ev += act("click('512')", "Press Star", "Starred")
    ev += act(f"send_msg_to_user('Starred {repo}')", "Tell the user")
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def order_status(order: int, row: int, status: str) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [
        {"type": "task_start", "goal": f"What is the status of order {order} in the shop admin?"}
    ]
    ev += act(f"goto('{SHOP}')", "Open the orders grid")
    ev += act(f"fill('88', '{order}')", "Search the order")
    ev += act("press('88', 'Enter')", "Run the search", f"1 record: {order}")
    ev += act(f"click('{row}')", f"Open order {order}", f"Order {order}: {status}")
    ev += act(f"send_msg_to_user('Order {order} is {status}')", "Answer")
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def one_off_web(goal: str, calls: list[str]) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "goal": goal}]
    for c in [f"goto('{GIT}/handbook')", *calls]:
        ev += act(c, "Next step")
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def week_browser() -> None:
    w = Week("browser")
    w.task(at(0, 9), close_issue("api", 12, 5001), "web-close-1")
    w.task(at(1, 10), close_issue("billing", 87, 5120, noise="scroll"), "web-close-2")
    w.task(at(2, 11), close_issue_failed("search", 3, 5007), "web-close-3")
    w.task(at(3, 9), close_issue("frontend", 240, 5342, noise="back", retry=True), "web-close-4")
    w.task(at(0, 14), label_issue("api", 31, 5033, "bug"), "web-label-1")
    w.task(at(2, 14), label_issue("docs", 7, 5002, "documentation"), "web-label-2")
    w.task(at(4, 15), label_issue("billing", 55, 5077, "security", noise="scroll"), "web-label-3")
    w.task(at(1, 16), star("infra"), "web-star-1")
    w.task(at(3, 16), star("design-system", noise=True), "web-star-2")
    w.task(at(4, 10), star("mobile"), "web-star-3")
    w.task(at(0, 11), order_status(100234, 7711, "processing"), "web-order-1")
    w.task(at(2, 9), order_status(100871, 7712, "shipped"), "web-order-2")
    w.task(at(3, 13), order_status(101005, 7718, "canceled"), "web-order-3")
    w.task(at(1, 12), one_off_web("Find who maintains the onboarding page", ["click('640')"]), "web-odd-1")
    w.task(at(4, 12), one_off_web("Download the brand guidelines PDF", ["click('902')"]), "web-odd-2")
    w.write(
        {
            "procedures": [
                {
                    "type": "close an issue",
                    "sources": ["web-close-1", "web-close-2", "web-close-4"],
                    "must_contain": [f"goto('{GIT}/", "click('1423')", "fill('311', '#", "click('2210')"],
                    "must_not_contain": ["scroll", "go_back", "'240'", "frontend", "billing", "#87"],
                },
                {
                    "type": "label an issue",
                    "sources": ["web-label-1", "web-label-2", "web-label-3"],
                    "must_contain": [f"goto('{GIT}/", "click('1423')", "click('2304')", "fill('2311', '"],
                    "must_not_contain": ["scroll", "documentation", "security", "docs", "click('2210')"],
                },
                {
                    "type": "star a project",
                    "sources": ["web-star-1", "web-star-2", "web-star-3"],
                    "must_contain": [f"goto('{GIT}/", "click('512')"],
                    "must_not_contain": ["scroll", "infra", "design-system", "mobile"],
                },
                {
                    "type": "order status",
                    "sources": ["web-order-1", "web-order-2", "web-order-3"],
                    "must_contain": [f"goto('{SHOP}')", "fill('88', '", "press('88', 'Enter')"],
                    "must_not_contain": ["100234", "100871", "101005", "shipped", "canceled"],
                },
            ],
            "review_items": [],
        }
    )


# -- robot ----------------------------------------------------------------------------------
def call(action: str, **args: str) -> list[dict[str, Any]]:
    payload = json.dumps({"action": action, **args})
    return [
        {"type": "tool_call", "tool_name": "robot", "arguments": payload},
        {"type": "tool_result", "tool_name": "robot", "content": "done"},
    ]


def search(places: list[str]) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = []
    for p in places:
        ev += call("navigate", target=p)
        if p.startswith(("cabinet", "drawer")):
            ev += call("open", target=p)
    return ev


def chore(
    intent: str, places: list[str], obj: str, then: list[tuple[str, dict[str, str]]], dest: str
) -> list[dict[str, Any]]:
    ev: list[dict[str, Any]] = [{"type": "task_start", "summary": intent}]
    ev += search(places)
    ev += call("pick", object=obj, source=places[-1])
    for action, args in then:
        ev += call(action, **args)
    ev += call("navigate", target=dest)
    ev += call("place", object=obj, receptacle=dest)
    ev.append({"type": "task_end", "outcome": "success"})
    return ev


def cool(obj: str) -> list[tuple[str, dict[str, str]]]:
    return [("navigate", {"target": "fridge_1"}), ("cool", {"object": obj, "appliance": "fridge_1"})]


def wash(obj: str) -> list[tuple[str, dict[str, str]]]:
    return [("navigate", {"target": "sinkbasin_1"}), ("clean", {"object": obj, "appliance": "sinkbasin_1"})]


def week_robot() -> None:
    w = Week("robot")
    w.task(
        at(0, 9),
        chore("マグカップを棚に置いて", ["cabinet_1", "countertop_2"], "mug_2", [], "shelf_1"),
        "rb-put-1",
    )
    w.task(
        at(1, 9),
        chore("リンゴを机に置いて", ["drawer_3", "cabinet_2", "diningtable_1"], "apple_1", [], "desk_1"),
        "rb-put-2",
    )
    w.task(
        at(2, 9),
        chore("本をソファに置いて", ["countertop_1", "sidetable_2"], "book_3", [], "sofa_1"),
        "rb-put-3",
    )
    w.task(
        at(0, 15),
        chore(
            "トマトを冷やしてから調理台に置いて",
            ["countertop_2", "cabinet_1", "diningtable_1"],
            "tomato_1",
            cool("tomato_1"),
            "countertop_1",
        ),
        "rb-cool-1",
    )
    w.task(
        at(2, 15),
        chore(
            "レタスを冷やしてから食卓に置いて",
            ["drawer_3", "countertop_1"],
            "lettuce_2",
            cool("lettuce_2"),
            "diningtable_1",
        ),
        "rb-cool-2",
    )
    w.task(
        at(3, 15),
        chore(
            "ワインを冷やしてから棚に置いて",
            ["cabinet_2", "countertop_2"],
            "winebottle_1",
            cool("winebottle_1"),
            "shelf_2",
        ),
        "rb-cool-3",
    )
    w.task(
        at(1, 17),
        chore(
            "お皿を洗ってから食卓に置いて",
            ["cabinet_1", "drawer_3", "countertop_1"],
            "plate_2",
            wash("plate_2"),
            "diningtable_1",
        ),
        "rb-wash-1",
    )
    w.task(
        at(3, 17),
        chore(
            "フォークを洗ってから引き出しに入れて",
            ["countertop_2", "diningtable_1"],
            "fork_1",
            wash("fork_1"),
            "drawer_1",
        ),
        "rb-wash-2",
    )
    w.task(
        at(4, 17),
        chore(
            "コップを洗ってから棚に置いて",
            ["cabinet_2", "sidetable_2", "countertop_1"],
            "cup_3",
            wash("cup_3"),
            "shelf_1",
        ),
        "rb-wash-3",
    )
    failed = chore(
        "鍋を洗ってから調理台に置いて", ["cabinet_1", "countertop_2"], "pot_1", wash("pot_1"), "countertop_1"
    )
    failed[-1] = {"type": "task_end", "outcome": "failure"}
    w.task(at(4, 9), failed, "rb-wash-4")
    odd: list[dict[str, Any]] = [{"type": "task_start", "summary": "テレビをつけて"}]
    odd += call("navigate", target="cabinet_1") + call("toggle", object="television_1")
    odd.append({"type": "task_end", "outcome": "success"})
    w.task(at(4, 20), odd, "rb-odd-1")
    w.write(
        {
            "procedures": [
                {
                    "type": "put a thing somewhere (ja)",
                    "sources": ["rb-put-1", "rb-put-2", "rb-put-3"],
                    "must_contain": ["pick", "place"],
                    "must_not_contain": ["fridge", "sinkbasin", "mug_2", "book_3", "sofa_1", "マグカップ"],
                },
                {
                    "type": "cool then put (ja)",
                    "sources": ["rb-cool-1", "rb-cool-2", "rb-cool-3"],
                    "must_contain": ["fridge_1", "cool"],
                    "must_not_contain": ["sinkbasin", "tomato_1", "winebottle_1", "shelf_2", "トマト"],
                },
                {
                    "type": "wash then put (ja)",
                    "sources": ["rb-wash-1", "rb-wash-2", "rb-wash-3"],
                    "must_contain": ["sinkbasin_1", "clean"],
                    "must_not_contain": ["fridge", "plate_2", "fork_1", "drawer_1", "フォーク"],
                },
            ],
            "review_items": [],
        }
    )


if __name__ == "__main__":
    week_browser()
    week_robot()
