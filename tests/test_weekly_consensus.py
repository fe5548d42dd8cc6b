"""Consensus steps, placeholders, names and titles of the built-in distiller (pure functions, fast)."""

from __future__ import annotations

import numpy as np

from memdir.consolidation.weekly.consensus import Search, build_consensus, fold_searches
from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.placeholders import assign
from memdir.consolidation.weekly.run import is_task_type
from memdir.consolidation.weekly.spans import template_of
from memdir.consolidation.weekly.steps import Step, action_of
from memdir.consolidation.weekly.tasks import Task
from memdir.consolidation.weekly.titles import file_stem, render_title, title_template


def task(
    tid: str, intent: str, inputs: list[str], tool: str = "bash", failed: set[int] = frozenset()
) -> Task:  # type: ignore[assignment]
    steps = [Step(tool, x, action_of(tool, x), failed=i in failed) for i, x in enumerate(inputs)]
    return Task(tid, intent, tools=[tool] * len(inputs), steps=steps, outcome="success")


def draft_of(tasks: list[Task]):  # type: ignore[no-untyped-def]
    return distil_builtin(tasks, np.eye(len(tasks), dtype=np.float32))


DEPLOYS = [
    task(
        f"d{n}",
        f"Deploy the {svc} service to staging",
        [
            f"git pull && make build SERVICE={svc}",
            f"make deploy SERVICE={svc} ENV=staging",
            f"curl -fsS https://staging.example.com/{svc}/healthz",
        ],
    )
    for n, svc in enumerate(["billing", "search", "orders"])
]


def test_constants_stay_verbatim_and_what_varies_is_one_named_placeholder_everywhere() -> None:
    d = draft_of(DEPLOYS)
    assert d.title == "Deploy the {service} service to staging"
    assert d.steps == [
        "bash: `git pull && make build SERVICE={service}`",
        "bash: `make deploy SERVICE={service} ENV=staging`",
        "bash: `curl -fsS https://staging.example.com/{service}/healthz`",
    ]
    assert d.values == {"service": ["billing", "search", "orders"]}
    assert d.stem == "deploy-the-service-to-staging"


def test_a_value_that_varies_but_the_intent_does_not_name_becomes_a_placeholder() -> None:
    tasks = [
        task(
            f"s{n}",
            f"Scale the {svc} deployment for the sale",
            [f"kubectl scale deployment/{svc} --replicas={k}"],
        )
        for n, (svc, k) in enumerate([("cart", 12), ("search", 8), ("checkout", 10)])
    ]
    d = draft_of(tasks)
    assert d.steps == ["bash: `kubectl scale deployment/{deployment} --replicas={replicas}`"]
    assert d.values["replicas"] == ["12", "8", "10"]


def test_noise_in_a_minority_is_dropped_and_retries_are_one_step() -> None:
    base = ["make deploy ENV=staging", "curl -fsS https://staging.example.com/healthz"]
    tasks = [
        task("a", "Deploy to staging", ["ls", "git status", *base]),
        task("b", "Deploy to staging", [base[0], base[0], base[1]], failed={0}),  # a retried deploy
        task("c", "Deploy to staging", [base[0], "cat README.md", base[1]]),
    ]
    cons = build_consensus(tasks)
    assert cons.retries == 1
    d = draft_of(tasks)
    assert d.steps == [f"bash: `{base[0]}`", f"bash: `{base[1]}`"]
    assert d.dropped == 3  # ls, git status, cat README.md


def test_a_search_loop_over_numbered_places_is_one_item_and_its_last_visit_stays() -> None:
    steps = [Step("alfworld", x, action_of("alfworld", x)) for x in [
        "go to cabinet 1", "go to cabinet 2", "open cabinet 2", "go to drawer 1", "open drawer 1",
        "go to countertop 1", "take mug 1 from countertop 1", "go to shelf 1", "put mug 1 in/on shelf 1",
    ]]  # fmt: skip
    items = fold_searches(steps, "put a mug in shelf")
    assert isinstance(items[0], Search) and len(items[0].steps) == 5
    assert [s.input for s in items[1:] if isinstance(s, Step)] == [
        "go to countertop 1", "take mug 1 from countertop 1", "go to shelf 1", "put mug 1 in/on shelf 1",
    ]  # fmt: skip


def test_a_sequence_of_different_subcommands_is_not_a_search() -> None:
    steps = [
        Step("bash", x, action_of("bash", x)) for x in ["make test", "make lint", "make build", "make deploy"]
    ]
    assert not any(isinstance(x, Search) for x in fold_searches(steps, "ship it"))


def test_alfworld_like_tasks_give_general_steps() -> None:
    trajectories = {
        "p1": ("put some mug on shelf", ["go to cabinet 1", "go to cabinet 2", "open cabinet 2", "go to drawer 3", "go to countertop 1", "take mug 2 from countertop 1", "go to shelf 1", "put mug 2 in/on shelf 1"]),
        "p2": ("put some apple on table", ["go to fridge 1", "open fridge 1", "go to sinkbasin 1", "go to garbagecan 1", "take apple 3 from garbagecan 1", "go to table 1", "put apple 3 in/on table 1"]),
        "p3": ("put some pen on desk", ["go to drawer 1", "take pen 1 from drawer 1", "go to desk 1", "put pen 1 in/on desk 1"]),
    }  # fmt: skip
    tasks = [task(k, i, s, tool="alfworld") for k, (i, s) in trajectories.items()]
    d = draft_of(tasks)
    assert d.title == "Put some {object} on {target}"
    assert len(d.steps) == 4, d.steps
    assert d.steps[0].startswith("Find {object}: search likely places one at a time")
    assert d.steps[1:] == [
        # every task took from a place numbered 1: the number is part of the place, not a constant
        "alfworld: `take {object} from {source}`",
        "alfworld: `go to {target}`",
        "alfworld: `put {object} in/on {target}`",
    ]
    for word in ("cabinet", "fridge", "sinkbasin", "mug", "apple"):  # one trajectory's path or object
        assert word not in " ".join(d.steps[1:]) + d.title
    from memdir.consolidation.weekly.render import legend

    # the title names the target, the steps take it with its number; the legend says both
    assert (
        "- `{target}`: a word (a thing and its number in the steps), different between the tasks (3 values seen)"
        in legend(d)
    )
    assert "- `{source}`: a thing and its number, different between the tasks (3 values seen)" in legend(d)


def test_japanese_intents_align_by_character_and_the_title_has_no_week_number() -> None:
    tasks = [
        task(
            f"r{w}",
            f"週次レポートを作成してチームに共有する（第{w}週）",
            [f"python scripts/weekly_report.py --week {w}"],
        )
        for w in (47, 48, 49)
    ]
    d = draft_of(tasks)
    assert d.title == "週次レポートを作成してチームに共有する（第{week}週）"
    assert d.steps == ["bash: `python scripts/weekly_report.py --week {week}`"]
    assert d.stem == "週次レポートを作成してチームに共有する"


def test_file_names_have_no_holes_where_placeholders_were() -> None:
    assert file_stem("Upgrade {object} to {version} and open a pull request") == (
        "upgrade-object-to-version-and-open-a-pull-request"
    )
    assert file_stem("Restart the {worker} worker on app-{number}") == "restart-the-worker-on-app-number"
    assert file_stem("{name}さんのVPN証明書を再発行する") == "vpn証明書を再発行する"
    assert file_stem("日次の売上レポートを投稿する（11月{day}日分）") == "日次の売上レポートを投稿する"
    # a bracketed placeholder inside Japanese text leaves no hyphen (was 在庫表-を更新, seen in trial 7)
    assert file_stem("在庫表（{month}分）を更新する") == "在庫表を更新する"
    assert file_stem("Deploy (release {version}) to staging") == "deploy-to-staging"
    assert file_stem("Fix flaky test test_{test} (issue {issue})") == "fix-flaky-test"
    assert file_stem("Close issue #{issue} in the {project} project") == "close-issue-in-the-project"
    # a placeholder before a Japanese case particle keeps its name: `置いて.md` would say nothing
    assert file_stem("{object}を冷やしてから{target}に置いて") == "object-を冷やしてから-target-に置いて"


def test_spans_are_linked_across_title_and_steps_by_their_values_and_named_from_context() -> None:
    intents = {"a": "Close issue 12 in the Foo repository", "b": "Close issue 7 in the Bar repository"}
    steps = [template_of({"a": "gh issue close 12 --repo acme/foo", "b": "gh issue close 7 --repo acme/bar"})]
    title, _ = title_template(intents, [s for t in steps for s in t.spans])
    groups = assign(title, steps, intents)
    assert render_title(title) == "Close issue {issue} in the {repository} repository"
    assert steps[0].render() == "gh issue close {issue} --repo acme/{repository}"
    assert {g.name: g.values() for g in groups} == {"issue": ["12", "7"], "repository": ["Foo", "Bar"]}


def test_a_step_value_that_only_coincides_with_the_target_in_some_tasks_is_not_the_target() -> None:
    intents = {
        "a": "cool some pan and put it in stove",
        "b": "cool some pot and put it in table",
        "c": "cool a mug in shelf",
    }
    take = template_of(
        {"a": "take pan 1 from stove 3", "b": "take pot 2 from table 1", "c": "take mug 3 from cabinet 6"}
    )
    put = template_of(
        {"a": "put pan 1 in/on stove 1", "b": "put pot 2 in/on table 1", "c": "put mug 3 in/on shelf 1"}
    )
    title, _ = title_template(intents, [s for t in (take, put) for s in t.spans])
    assign(title, [take, put], intents)
    assert put.render() == "put {object} in/on {target}"  # `shelf 1`: the shared 1 goes with the target
    assert take.render() == "take {object} from {source}"  # stove/table in two tasks, cabinet in the third


def test_a_constant_instance_number_after_a_varying_noun_is_part_of_its_value() -> None:
    went = template_of({"a": "go to cabinet 1", "b": "go to drawer 1", "c": "go to shelf 1"})
    assert [s.seen() for s in went.spans] == [["cabinet 1", "drawer 1", "shelf 1"]]
    took = template_of(
        {"a": "take mug 1 from cabinet 1", "b": "take pen 1 from drawer 1", "c": "take cup 1 from shelf 1"}
    )
    assert [s.seen() for s in took.spans] == [
        ["mug 1", "pen 1", "cup 1"],
        ["cabinet 1", "drawer 1", "shelf 1"],
    ]
    # a number before a noun counts something, and a number after a number or a key stays verbatim
    scaled = template_of(
        {"a": "scale web to 3 replicas", "b": "scale api to 3 replicas", "c": "scale db to 3 replicas"}
    )
    assert scaled.render("<%s>") == "scale <value> to 3 replicas"
    tail = template_of({"a": "tail app.log 2>&1", "b": "tail db.log 2>&1", "c": "tail web.log 2>&1"})
    assert "2>&1" in tail.render()


def test_a_large_cluster_of_one_phrasing_is_a_task_type() -> None:
    tasks = [
        task(f"b{n}", f"Back up the {db} database", ["git pull", "make backup"])
        for n, db in enumerate(["users", "orders", "carts"] * 10)
    ]
    d = draft_of(tasks)  # 30 tasks; only the 12 most typical are aligned
    assert d.intents_agree and d.title == "Back up the {database} database"


def test_a_date_next_to_another_value_is_its_own_placeholder() -> None:
    runs = [("billing", "2026-11-23"), ("stock", "2026-11-24"), ("points", "2026-11-26")]
    tpl = template_of(
        {f"r{n}": f"airflow dags state nightly_{job} {day}" for n, (job, day) in enumerate(runs)}
    )
    assert len(tpl.spans) == 2  # before: one span "billing 2026-11-23"
    assert [s.seen() for s in tpl.spans] == [[j for j, _ in runs], [d for _, d in runs]]


def test_one_value_threaded_through_the_steps_makes_paraphrased_intents_a_task_type() -> None:
    phrasings = [
        "Rotate the payments API credentials",
        "billing's secret is old, give it a new one",
        "Key rotation for notifier",
    ]
    tasks = [
        task(
            f"k{n}",
            intent,
            [
                f"vault write -f auth/approle/role/{svc}/secret-id",
                f"kubectl -n prod rollout restart deployment/{svc}",
            ],
        )
        for n, (svc, intent) in enumerate(zip(["payments", "billing", "notifier"], phrasings, strict=True))
    ]
    d = draft_of(tasks)
    assert not d.intents_agree and d.threaded_steps == 2
    assert is_task_type(d)
    chores = [
        task(
            "c1", "Fix the typo in the guide", ["git pull", "sed -i 's/teh/the/' docs/guide.md", "git push"]
        ),
        task("c2", "Bump the copyright year", ["git pull", "sed -i 's/2025/2026/' LICENSE", "git push"]),
        task("c3", "Set the log level to info", ["git pull", "sed -i 's/debug/info/' app.yaml", "git push"]),
    ]
    d = draft_of(chores)
    assert d.threaded_steps == 0 and not is_task_type(d)  # one shape, nothing in common but git


def test_the_legend_says_what_a_placeholder_takes_and_shows_only_values_several_tasks_wrote() -> None:
    from memdir.consolidation.weekly.render import legend_line

    line = legend_line("version", ["2.32.3", "1.1.0", "8.1.7"], {"2.32.3": 1, "1.1.0": 1, "8.1.7": 1})
    assert line == "- `{version}`: a version, different between the tasks (3 values seen)"
    line = legend_line("host", ["lb1", "lb2", "lb3"], {"lb1": 2, "lb2": 1, "lb3": 1})
    assert line.endswith("(3 values seen); more than one task used `lb1`") and "lb2" not in line
    assert legend_line("day", ["2026-11-23", "2026-11-24"], {"2026-11-23": 1, "2026-11-24": 1}).startswith(
        "- `{day}`: a date"
    )
    assert legend_line("week", ["47", "48"], {"47": 2, "48": 2}) == "- `{week}`: seen as `47`, `48`"


def test_json_string_arguments_and_glued_ids_give_general_steps_under_japanese_intents() -> None:
    """OpenAI-style calls (`arguments` a JSON string), `name_n` ids, intents in Japanese: the kinds'
    shared search folds, and what acts on the found thing (two ids) ends it instead of joining it."""
    import json

    from memdir.consolidation.weekly.steps import input_text

    def call(action: str, **args: str) -> str:
        return input_text(json.dumps({"action": action, **args}))

    assert call("navigate", target="cabinet_1") == "navigate target=cabinet_1"
    assert action_of("robot", call("navigate", target="cabinet_1")) == "robot:navigate"
    runs = {
        "c1": ("トマトを冷やしてから調理台に置いて", ["countertop_2", "cabinet_1", "diningtable_1"], "tomato_1", "countertop_1"),
        "c2": ("レタスを冷やしてから食卓に置いて", ["drawer_3", "countertop_1"], "lettuce_2", "diningtable_1"),
        "c3": ("ワインを冷やしてから棚に置いて", ["cabinet_2", "countertop_2"], "winebottle_1", "shelf_2"),
    }  # fmt: skip
    tasks = []
    for tid, (intent, places, obj, dest) in runs.items():
        inputs = []
        for p in places:
            inputs.append(call("navigate", target=p))
            if p.startswith(("cabinet", "drawer")):
                inputs.append(call("open", target=p))
        inputs += [
            call("pick", object=obj, source=places[-1]),
            call("navigate", target="fridge_1"),
            call("cool", object=obj, appliance="fridge_1"),
            call("navigate", target=dest),
            call("place", object=obj, receptacle=dest),
        ]
        tasks.append(task(tid, intent, inputs, tool="robot"))
    d = draft_of(tasks)
    assert d.title == "{object}を冷やしてから{target}に置いて"
    assert d.steps[0].startswith("Find {object2}: search likely places one at a time")
    assert d.steps[1:] == [
        "robot: `pick object={object2} source={source}`",
        "robot: `navigate target=fridge_1`",
        "robot: `cool object={object2} appliance=fridge_1`",
        "robot: `navigate target={receptacle}`",
        "robot: `place object={object2} receptacle={receptacle}`",
    ]


def test_one_tool_per_verb_with_a_place_as_its_only_argument_still_folds_the_search() -> None:
    """`tool: navigate`, `input: {"target": "cabinet-1"}`: the place is an argument, not a verb, and a
    hyphen-glued id is one thing; the search folds and the found thing is what the next step takes."""
    from memdir.consolidation.weekly.steps import input_text

    assert input_text({"target": "cabinet-1"}) == "target=cabinet-1"
    assert input_text({"cmd": "pytest -q"}) == "pytest -q"
    runs = {
        "p1": ("Put the mug on the shelf", ["cabinet-1", "countertop-2"], "mug-2", "shelf-1"),
        "p2": ("Put an apple on the desk", ["drawer-3", "cabinet-2", "diningtable-1"], "apple-1", "desk-1"),
        "p3": ("Put the book on the sofa", ["countertop-1", "sidetable-2"], "book-3", "sofa-1"),
    }  # fmt: skip
    tasks = []
    for tid, (intent, places, obj, dest) in runs.items():
        calls = []
        for p in places:
            calls.append(("navigate", {"target": p}))
            if p.startswith(("cabinet", "drawer")):
                calls.append(("open", {"target": p}))
        calls += [("pick", {"object": obj, "source": places[-1]}), ("navigate", {"target": dest})]
        calls.append(("place", {"object": obj, "receptacle": dest}))
        steps = [Step(t, input_text(a), action_of(t, input_text(a))) for t, a in calls]
        tasks.append(Task(tid, intent, tools=[t for t, _ in calls], steps=steps, outcome="success"))
    d = draft_of(tasks)
    assert len(d.steps) == 4, d.steps
    import re

    found = re.match(r"Find \{(\w+)\}: search likely places one at a time", d.steps[0])
    assert found and d.steps[0].endswith("then navigate: `target={source}` where it is"), d.steps[0]
    thing = found.group(1)  # what the search finds is what the next step picks up
    assert d.steps[1:] == [
        f"pick: `object={{{thing}}} source={{source}}`",
        "navigate: `target={receptacle}`",
        f"place: `object={{{thing}}} receptacle={{receptacle}}`",
    ]


def test_a_tool_only_one_task_used_is_not_listed_among_the_kinds_tools() -> None:
    tasks = [task(t.task_id, t.intent, [s.input for s in t.steps]) for t in DEPLOYS]
    noisy = Task(
        "d9", DEPLOYS[0].intent, tools=["bash", "scroll", "bash"], steps=[*tasks[0].steps], outcome="success"
    )
    d = draft_of([noisy, tasks[1], tasks[2]])
    assert d.tools == ["bash"]


def test_a_title_phrased_by_one_task_keeps_no_name_only_that_task_wrote() -> None:
    intents = {
        "a": "Onboard Tomás Ruiz to the payments team please",
        "b": "new hire: add priya to billing",
        "c": "give kenji access to search",
    }
    title, _ = title_template(intents, [])
    assign(title, [], intents)
    assert render_title(title) == "Onboard {name} to the payments team please"
    # a name several tasks wrote is no single task's value, and capitals alone (API) are terms
    intents = {"a": "Rotate the payments API credentials for Acme", "b": "acme billing key", "c": "x"}
    title, _ = title_template(intents, [])
    assert "API" in render_title(title) and "Acme" in render_title(title)
