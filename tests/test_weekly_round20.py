"""Round 20: a title says what most of the kind's tasks have in common, in domains other than the
development data (a greenhouse and a ferry desk asked in English and Japanese through gRPC calls, a dental
clinic asked in Japanese through snake_case actions).

- every content word of a title is written by at least two of the kind's tasks, in their requests or their
  calls (`title_support.unsupported`, judged by `title_guard.fit_title`);
- when no candidate passes, the title is the decisive call's verb and object, read from its method name
  (`title_support.call_title`).
"""

from __future__ import annotations

import numpy as np

from memdir.consolidation.weekly.distill import distil_builtin
from memdir.consolidation.weekly.steps import Step
from memdir.consolidation.weekly.tasks import Task


def _task(tid: str, intent: str, calls: list[str]) -> Task:
    steps = [Step("grpc", c) for c in calls]
    return Task(tid, intent, tools=["grpc"] * len(calls), steps=steps, outcome="success")


def _greenhouse() -> list[Task]:
    requests = [
        "Bench 4 tomatoes are wilting, please water them tonight",
        "ベンチ7のトマトが乾いています。水やりをお願いします",
        "House C seedlings look dry, irrigate before the frost",
        "ベンチ2の苗に水をあげてください",
    ]
    tasks = []
    for n, text in enumerate(requests):
        calls = [
            f"method=garden.v1.ZoneService/GetZone message=zone_id=Z-{40 + n}",
            f"method=garden.v1.ValveService/ListValves message=zone=Z-{40 + n}",
            f"method=garden.v1.IrrigationService/CreateRun message=zone=Z-{40 + n} minutes={10 + n} mode=DRIP",
        ]
        tasks.append(_task(f"gh-{n}", text, calls))
    return tasks


def _clinic() -> list[Task]:
    requests = [
        "佐藤様、来週の予約を金曜に変えたいとのこと",
        "明日の検診、患者さんの都合で日付変更お願いします",
        "P-2231 の予約を来月に移してください",
        "鈴木さんから電話、歯石取りの日を別の日にしてほしい",
    ]
    tasks = []
    for n, text in enumerate(requests):
        calls = [
            f"action=get_patient patient=P-{2230 + n}",
            f"action=move_appointment patient=P-{2230 + n} slot=S-{81 + n}",
        ]
        tasks.append(_task(f"dc-{n}", text, calls))
    return tasks


def _title(tasks: list[Task]) -> str:
    return distil_builtin(tasks, np.eye(len(tasks), dtype=np.float32)).title


def test_a_title_word_one_request_writes_is_unsupported_en() -> None:
    from memdir.consolidation.weekly.title_support import task_source, unsupported  # main: no such rule

    sources = [task_source(t) for t in _greenhouse()]
    assert unsupported("Water the tomatoes", sources) == ["Water", "tomatoes"]  # one English request
    assert unsupported("Irrigate the seedlings", sources) == ["Irrigate", "seedlings"]
    assert unsupported("Create an irrigation run", sources) == []  # every task's calls write it


def test_a_title_word_one_request_writes_is_unsupported_ja() -> None:
    from memdir.consolidation.weekly.title_support import task_source, unsupported

    sources = [task_source(t) for t in _clinic()]
    assert unsupported("予約の変更", sources) == ["変更"]  # 予約 twice, 変更 once (変え is another word)
    assert unsupported("歯石取り", sources) == ["歯石取"]  # one request's words


def test_the_call_says_what_all_tasks_did() -> None:
    from memdir.consolidation.weekly.title_support import call_title

    assert call_title(["grpc: `garden.v1.IrrigationService/CreateRun zone=Z-{z}`"]) == "Create a run"
    assert call_title(["api: `action=get_patient p=1`", "api: `action=move_appointment p=1`"]) == (
        "Move an appointment"
    )
    assert call_title(['press: `op = "job.get" id = 1`', 'press: `op = "proof.create" job = 1`']) == (
        "Create a proof"
    )
    assert call_title(["api: `ListDonors near=1`"]) == ""  # a read names no work


def _ferry() -> list[Task]:
    requests = [
        "Car deck on the 7:40 sailing is overbooked, please bump two cars to the next boat",
        "The 9:10 ferry has no room left on the vehicle deck",
        "7時40分便の車両甲板が満杯です。次の便に振り替えてください",
        "11時の便、予約超過なので後続便へ回してください",
    ]
    calls = [
        "method=ferry.v1.SailingService/GetSailing message=sailing=S-{n}",
        "method=ferry.v1.BookingService/ListOverflow message=sailing=S-{n}",
        "method=ferry.v1.TransferService/CreateTransfer message=from=S-{n} to=S-9{n} vehicles={n}",
    ]
    return [_task(f"fy-{n}", r, [c.format(n=70 + n) for c in calls]) for n, r in enumerate(requests)]


def test_one_requests_words_give_way_to_what_all_tasks_did_en_ja() -> None:
    # main: "Car deck", the words of one English request; the Japanese requests share them only by the calls
    assert _title(_ferry()) == "Create a transfer"


def test_a_title_the_tasks_share_stays() -> None:
    # "予約" is written by two of the clinic's requests: supported, kept (as on main)
    assert _title(_clinic()) == "予約"
