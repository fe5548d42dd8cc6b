"""A clean install: memdir's wheel in a fresh venv, next to another package that owns `import core`."""

from __future__ import annotations

import zipfile

from install_helper import REPO, InstalledVenv


def test_wheel_ships_only_the_memdir_package(installed_venv: InstalledVenv) -> None:
    names = zipfile.ZipFile(installed_venv.wheel).namelist()
    tops = {name.split("/", 1)[0] for name in names}
    assert tops == {"memdir", "memdir-0.1.0.dist-info"}
    assert "memdir/py.typed" in names and "memdir/__main__.py" in names


def test_memdir_and_a_foreign_core_both_import(installed_venv: InstalledVenv) -> None:
    code = (
        "import core, memdir\n"
        "from memdir import Memory\n"
        "assert memdir.Memory is Memory\n"
        "print(core.OWNER)\n"
        "print(memdir.__file__)\n"
    )
    res = installed_venv.run("python", "-c", code)
    assert res.returncode == 0, res.stderr
    owner, location = res.stdout.split()
    assert owner == "othercore"
    assert location.startswith(str(installed_venv.venv))  # the wheel's copy, not the checkout's editable one
    assert not location.startswith(str(REPO))


def test_console_script_and_python_m_run(installed_venv: InstalledVenv) -> None:
    for cmd in (("memdir", "--help"), ("python", "-m", "memdir", "--help")):
        res = installed_venv.run(*cmd)
        assert res.returncode == 0, res.stderr
        assert "Usage: memdir" in res.stdout or "Usage: python -m memdir" in res.stdout
        assert "consolidate" in res.stdout
