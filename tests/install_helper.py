"""Build memdir's wheel and install it into a fresh venv, offline (shared by install tests).

The fresh venv gets the project's dependencies without downloading them: a `.pth` file in its
site-packages points at this checkout's `.venv` site-packages. Python processes `.pth` files only
in site directories, not in folders a `.pth` file adds, so the editable memdir installed in the
checkout's `.venv` (itself a `.pth` file) stays invisible to the fresh venv.
"""

from __future__ import annotations

import base64
import hashlib
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class InstalledVenv:
    """A fresh venv with memdir's wheel and a dummy top-level `core` package installed."""

    venv: Path
    python: Path
    bin: Path
    wheel: Path
    workdir: Path  # a folder outside the checkout to run commands from

    def run(self, *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
        """Run a command from `bin/` (or the venv's python) in `workdir`, with a clean environment."""
        exe = str(self.python) if args[0] == "python" else str(self.bin / args[0])
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        env["PATH"] = f"{self.bin}{os.pathsep}{env.get('PATH', '')}"
        return subprocess.run(
            [exe, *args[1:]], capture_output=True, text=True, cwd=str(self.workdir), env=env, timeout=timeout
        )


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def build_dummy_core_wheel(folder: Path) -> Path:
    """A minimal wheel `othercore` whose only module is a top-level `core` package."""
    name, version = "othercore", "1.0"
    dist = f"{name}-{version}.dist-info"
    files = {
        "core/__init__.py": b'"""Another project\'s top-level core package."""\nOWNER = "othercore"\n',
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n".encode(),
        f"{dist}/WHEEL": b"Wheel-Version: 1.0\nGenerator: memdir-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = "".join(f"{path},{_record_hash(data)},{len(data)}\n" for path, data in files.items())
    record += f"{dist}/RECORD,,\n"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for path, data in files.items():
            zf.writestr(path, data)
        zf.writestr(f"{dist}/RECORD", record)
    return wheel


def build_wheel(out: Path) -> Path:
    """`pip wheel --no-deps --no-build-isolation` into `out`; returns the wheel's path.

    Builds from a copy of the sources, so setuptools' `build/` and `*.egg-info` never land in the
    checkout (tests running in parallel would race on them).
    """
    src = out.parent / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(REPO / name, src / name)
    shutil.copytree(REPO / "core", src / "core", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            str(src),
            "-w",
            str(out),
        ],
        check=True,
        capture_output=True,
        text=True,
        timeout=300,
    )
    (wheel,) = out.glob("memdir-*.whl")
    return wheel


def make_installed_venv(base: Path) -> InstalledVenv:
    """Build the wheel, create a venv under `base`, install the wheel and the dummy `core` there."""
    wheels = base / "wheels"
    wheels.mkdir(parents=True)
    wheel = build_wheel(wheels)
    dummy = build_dummy_core_wheel(wheels)
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    (site / "memdir-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8")
    for whl in (wheel, dummy):
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "--python",
                str(python),
                "install",
                "--quiet",
                "--no-deps",
                "--no-index",
                str(whl),
            ],
            check=True,
            capture_output=True,
            text=True,
            timeout=300,
        )
    workdir = base / "work"
    workdir.mkdir()
    return InstalledVenv(venv=venv, python=python, bin=venv / "bin", wheel=wheel, workdir=workdir)
