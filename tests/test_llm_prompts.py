"""The model prompts: shipped in the package, named like the schemas, with examples that validate."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest
from pydantic import BaseModel

from memdir.consolidation.daily.route_answer import DailyAnswer, parse_daily
from memdir.consolidation.weekly.llm_distill import WeeklyAnswer
from memdir.errors import ConfigError
from memdir.llm.prompts import PROMPT_NAMES, load_prompt, render


def _fields(model: type[BaseModel]) -> set[str]:
    out = set(model.model_fields)
    for f in model.model_fields.values():
        inner = getattr(f.annotation, "__args__", ())
        for arg in inner:
            if isinstance(arg, type) and issubclass(arg, BaseModel):
                out |= _fields(arg)
    return out


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


def _json_objects(text: str) -> list[dict[str, object]]:
    """Every top-level JSON object in a text (the prompt's shape line and its examples)."""
    decoder, out, i = json.JSONDecoder(), [], 0
    while (i := text.find("{", i)) >= 0:
        try:
            value, end = decoder.raw_decode(text, i)
        except ValueError:
            i += 1
            continue
        if isinstance(value, dict):
            out.append(value)
        i = end
    return out


def test_prompts_load_from_the_package_not_the_checkout() -> None:
    folder = resources.files("memdir.llm.prompts")
    for name in PROMPT_NAMES:
        assert folder.joinpath(f"{name}.md").is_file()
        system, user = load_prompt(name)
        assert "JSON" in system and "{{" in user
    assert not (Path(__file__).resolve().parents[1] / "prompts" / "daily_route.md").exists()


def test_daily_prompt_names_exactly_the_schema_fields() -> None:
    system, user = load_prompt("daily_route")
    assert "{{episodes}}" in user
    keys = {k for o in _json_objects(system) for k in _keys(o)}
    assert (
        keys
        == _fields(DailyAnswer)
        == {"episodes", "id", "parts", "kind", "title", "description", "text", "update"}
    )
    assert "`note`" not in system  # the old prompt asked for `note` while the parser read `update`


def test_daily_prompt_examples_validate_and_cover_english_japanese_and_skip() -> None:
    system, _ = load_prompt("daily_route")
    answers = [o for o in _json_objects(system) if "episodes" in o]
    assert len(answers) == 2  # the shape line and the worked example
    example = answers[-1]
    DailyAnswer.model_validate(example)
    parsed = parse_daily(json.dumps(example), {"E1": {"N1", "N2"}, "E2": set(), "E3": {"N2"}}, 100_000)
    assert not parsed.errors
    kinds = [p.kind for parts in parsed.parts.values() for p in parts]
    assert kinds == ["knowledge", "procedures", "knowledge", "skip"]
    assert re.search(r"[\u3040-\u30ff]", parsed.parts["E2"][0].text)  # the Japanese episode stays Japanese
    assert "{service}" in parsed.parts["E1"][1].text  # a parameter generalised
    for rule in (
        "Keep the episode's language",
        "one-off fix",
        "placeholder",
        "listed under that same episode",
    ):
        assert rule in system


def test_weekly_prompt_names_the_schema_fields_and_its_example_validates() -> None:
    system, user = load_prompt("weekly_distill")
    assert "{{tasks}}" in user
    keys = {k for o in _json_objects(system) for k in _keys(o)}
    assert keys == _fields(WeeklyAnswer)
    examples = [o for o in _json_objects(system) if "steps" in o]
    assert examples
    for ex in examples[1:]:
        WeeklyAnswer.model_validate(ex)
    for asked in ("preconditions", "verification", "failed task", "closest"):
        assert asked in system


def test_prompt_override_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "daily_route.md").write_text("sys\r\n---user---\r\nuser {{episodes}}\r\n", encoding="utf-8")
    monkeypatch.setenv("MEMDIR_PROMPTS_DIR", str(tmp_path))
    assert load_prompt("daily_route") == ("sys", "user {{episodes}}")
    with pytest.raises(ConfigError, match="MEMDIR_PROMPTS_DIR"):
        load_prompt("weekly_distill")  # missing from the override: an error, not the shipped prompt
    with pytest.raises(ConfigError):
        load_prompt("../etc/passwd")


def test_render_fills_slots_once() -> None:
    out = render("A {{episodes}} B {{other}}", episodes="quoted {{episodes}} {{tasks}}")
    assert out == "A quoted {{episodes}} {{tasks}} B {{other}}"
