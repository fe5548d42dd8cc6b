"""Round 46: titles in the requests' language and words, a request in a script without spaces.

Written on other domains than set 46 (a laundry, an appliance shop, a bike workshop, a pottery studio): a
kind whose requests share no words is titled by its decisive call's name read as work ("Renew a warranty"),
never by its tool names; requests in a language other than the tools' (Indonesian, Thai) title the kind in
their own words; a Thai request is prose (its vowel signs are combining marks) and a Thai title keeps them
in its file name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from memdir import Memory
from memdir.consolidation.weekly.purpose import task_phrase
from memdir.consolidation.weekly.request_text import free_text
from memdir.paths import slugify

UNTIL = date(2026, 12, 7)


def _clock(day: int, hour: int) -> Callable[[], datetime]:
    def ticks() -> Iterator[datetime]:
        t = datetime(2026, 12, day, hour, tzinfo=timezone.utc)
        while True:
            t += timedelta(seconds=30)
            yield t

    it = ticks()
    return lambda: next(it)


def _week(
    tmp: Path, requests: Sequence[str], calls: Sequence[tuple[str, str]], others: Sequence[str] = ()
) -> tuple[str, str]:
    """One kind (each request with the same calls, a value per task), plus one-offs: its file and title."""
    mem = Memory(tmp / "root")
    mem.init()
    for k, text in enumerate(requests):
        with mem.task(text, clock=_clock(1 + k, 9), agent="desk") as t:
            for tool, args in calls:
                t.tool_use(tool, args.format(k=k, n=4100 + 37 * k))
            t.success()
    for k, text in enumerate(others):
        with mem.task(text, clock=_clock(1 + k, 15), agent="desk") as t:
            t.tool_use("notify", f"to=+6281100{k} template=info_v1")
            t.success()
    report = mem.consolidate_weekly(until=UNTIL)
    procs = [p for p in report.created if p.startswith("procedures/")]
    assert len(procs) == 1, report.created
    text = (mem.root / procs[0]).read_text(encoding="utf-8")
    title = next(line[2:] for line in text.splitlines() if line.startswith("# "))
    return procs[0], title


def test_calls_name_title_is_the_decisive_call_as_work(tmp_path: Path) -> None:
    # each customer in their own words, none of them "renew" or "warranty": the call's name says the work
    path, title = _week(
        tmp_path,
        [
            "The washer I got from you is out of cover next month, can we keep it covered?",
            "my fridge stopped cooling again, is the cover still good for another year?",
            "Bought the dishwasher in 2024 and the plan ran out last week. Extend it please",
            "can I keep the protection on my oven going? it lapses friday",
        ],
        [
            ("lookup_customer", "phone=+1555010{k}"),
            ("renew_warranty", "customer_id=C-{n} plan=EXT-12 term=12 months"),
            ("notify", "template=warranty_renewed_v2 to=+1555010{k}"),
        ],
    )
    assert title == "Renew a warranty", title
    assert path == "procedures/renew-a-warranty.md"


def test_calls_name_title_takes_the_requests_spelling(tmp_path: Path) -> None:
    # `tune_up`'s one word is written "tune-up" by a request: the title writes it so
    _, title = _week(
        tmp_path,
        [
            "Rear wheel wobbles a bit and shifting is noisy. Any slot on Tuesday?",
            "the gears on my road bike keep slipping, can you look at them before Sunday?",
            "brakes squeal and the chain is rusty, could it get a tune-up this week?",
            "my commuter rides rough lately, when could I drop it by",
        ],
        [
            ("find_rider", "email=r{k}@example.org"),
            ("schedule_tuneup", "rider_id=R-{n} service=TUNE-STD bay=2"),
            ("notify", "template=tuneup_booked_v1 to=r{k}@example.org"),
        ],
    )
    assert title == "Schedule a tune-up", title


def test_latin_requests_in_another_language_title_in_their_words(tmp_path: Path) -> None:
    # Indonesian requests over English tool names: the title is in the requests' words, not `Book pickup`
    _, title = _week(
        tmp_path,
        [
            "Karpet kamar anak kena tumpahan susu, tolong diambil minggu ini",
            "Halo, saya punya karpet besar yang perlu dicuci, bisa dijemput besok pagi?",
            "Mohon dijemput hari Sabtu, ada dua karpet ruang tamu",
            "kapan kurir bisa datang? karpetnya bau apek",
        ],
        [
            ("find_customer", "phone=0812000{k}"),
            (
                "book_pickup",
                "customer_id=C-{n} service.code=KRP-L service.name=Cuci karpet besar, antar-jemput",
            ),
            ("send_sms", "template=pickup_booked_v1 to=0812000{k}"),
        ],
    )
    assert "karpet" in title.lower(), title
    assert "pickup" not in title.lower(), title


def test_english_requests_are_english_by_their_function_words() -> None:
    from memdir.consolidation.weekly.request_language import english

    assert english(["can I keep the protection on my oven going? it lapses friday"])
    assert english(["consult pls, calf", "I want a consult for my arm", "book me in for the 5th"])
    assert not english(
        ["Halo, saya mau cuci karpet besar, bisa dijemput besok pagi?", "Cuci karpet ruang tamu"]
    )


def test_thai_request_is_prose() -> None:
    # its vowel signs are combining marks (`str.isalpha()` is False for สวัสดี): it was read as no text at all
    assert free_text("สวัสดีค่ะ อยากลงเรียนปั้นดินวันเสาร์ ได้ไหมคะ") > 0
    assert free_text("คอร์สปั้น เสาร์ 2 คน") > 0
    assert free_text("PT-2231") == 0


def test_thai_requests_share_a_stretch_of_one_request() -> None:
    from memdir.consolidation.weekly.request_language import unspaced_phrase

    asked = [
        "อยากลงคอร์สปั้นดินวันเสาร์ค่ะ",
        "ขอจองคอร์สปั้นดินเผาสองคนครับ",
        "คอร์สปั้นวันอาทิตย์ยังว่างไหม",
    ]
    said = unspaced_phrase(asked)
    assert "คอร์ส" in said and "ปั้น" in said, said
    assert unspaced_phrase(asked[:2]) == ""  # two requests are too few to share anything


def test_thai_title_reads_steps_for_and_keeps_its_marks_in_the_file_name() -> None:
    assert task_phrase("คอร์สปั้นดิน") == "Steps for: คอร์สปั้นดิน"
    assert slugify("คอร์สปั้นดิน") == "คอร์สปั้นดิน"
