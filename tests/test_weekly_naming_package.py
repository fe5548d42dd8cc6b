"""A value an installer adds, or a name before a version specifier, is a `{package}` (not `{object}`)."""

from __future__ import annotations

from memdir.consolidation.weekly.naming import candidates, choose


def _name(left: str, right: str, values: list[str], title: tuple[str, str] | None = None) -> str:
    evidence = candidates(left, right, values, False)
    if title:
        evidence += candidates(title[0], title[1], values, True)
    return choose(evidence, set())


def test_what_an_installer_adds_is_a_package() -> None:
    gems = ["rack", "puma", "sidekiq"]
    # `Update {} to {}` in the title alone would say `object`; the step says what it is
    assert _name("bash: `gem install ", "`", gems, ("Update ", " to the latest")) == "package"
    assert _name("bash: `pip install -U ", " && pytest`", ["httpx", "rich", "click"]) == "package"
    assert _name("bash: `poetry add ", "^2.1`", ["flask", "jinja2", "click"]) == "package"
    assert _name("bash: `uv add ", "==1.2`", ["attrs", "numpy", "polars"]) == "package"
    assert _name("shell: `npm install ", "`", ["eslint", "vitest", "tsx"]) == "package"


def test_a_key_before_equals_equals_in_a_filter_is_not_a_package_by_itself() -> None:
    # `status=={}`: the value after the operator is not what was added
    assert _name(
        "kubectl get pods --field-selector status.phase==", "", ["Running", "Pending", "Failed"]
    ) != ("package")
