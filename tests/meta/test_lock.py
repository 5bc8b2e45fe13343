"""The install that CI tested is the install a school gets.

requirements.lock pins every dependency (direct and transitive, the test tools and the build
backend included) with hashes; the README's install command installs exactly it. These tests
check that the lock covers what pyproject.toml asks for, within its ranges, and that the
environment running the suite is the locked one, so a suite that passes against other versions
(a developer's older PyYAML, say) cannot pass for the locked install.
"""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
LOCK = ROOT / "requirements.lock"
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _entries() -> dict[str, Requirement]:
    """The lock's entries by canonical name: 'name==version ; marker' with its hashes."""
    text = LOCK.read_text(encoding="utf-8").replace("\\\n", " ")
    entries: dict[str, Requirement] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        hashes = re.findall(r"--hash=sha256:([0-9a-f]{64})", line)
        spec = line.split("--hash", 1)[0].strip()
        req = Requirement(spec)
        assert hashes, f"{req.name} is pinned without a hash"
        (pin,) = req.specifier
        assert pin.operator == "==", f"{req.name} is not pinned to one version: {spec}"
        entries[canonicalize_name(req.name)] = req
    return entries


def _asked() -> list[Requirement]:
    """Everything pyproject.toml asks for: run time, the test extra, the build backend."""
    project = PYPROJECT["project"]
    specs = [
        *project["dependencies"],
        *project["optional-dependencies"]["test"],
        *PYPROJECT["dependency-groups"]["build"],
        *PYPROJECT["build-system"]["requires"],
    ]
    return [Requirement(spec) for spec in specs]


def _pinned(req: Requirement) -> Version:
    (pin,) = req.specifier
    return Version(pin.version)


def test_the_lock_pins_everything_pyproject_asks_for_within_its_ranges() -> None:
    entries = _entries()
    for asked in _asked():
        name = canonicalize_name(asked.name)
        assert name in entries, f"{asked} is not in requirements.lock: run bash .ci/lock"
        version = _pinned(entries[name])
        assert asked.specifier.contains(version, prereleases=True), (
            f"requirements.lock pins {name} {version}, outside pyproject's {asked}: "
            "run bash .ci/lock"
        )
        for extra in asked.extras:  # psycopg[binary] needs psycopg-binary locked too
            wanted = [r for r in metadata.requires(asked.name) or [] if f'extra == "{extra}"' in r]
            for spec in wanted:
                assert canonicalize_name(Requirement(spec).name) in entries


def test_this_environment_is_the_locked_one() -> None:
    """Every locked package that applies to this platform is installed at the locked version."""
    env = {**default_environment(), "extra": ""}
    wrong = []
    for name, req in _entries().items():
        if req.marker is not None and not req.marker.evaluate(env):
            continue
        try:
            installed = Version(metadata.version(name))
        except metadata.PackageNotFoundError:
            wrong.append(f"{name}: not installed")
            continue
        if installed != _pinned(req):
            wrong.append(f"{name}: {installed} installed, {_pinned(req)} locked")
    assert not wrong, "not the locked install (README, Set up and run): " + "; ".join(wrong)


def test_ezbac_itself_is_installed_from_this_checkout() -> None:
    """The README installs ezbac editable from the clone, without resolving anything more."""
    import trainer

    assert Path(trainer.__file__).resolve().is_relative_to(ROOT)
    assert metadata.version("ezbac") == PYPROJECT["project"]["version"]


@pytest.mark.parametrize(
    "option", ["--require-hashes -r requirements.lock", "--no-deps --no-build-isolation -e ."]
)
def test_the_readme_installs_from_the_lock(option: str) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    setup = readme.split("## Set up and run\n", 1)[1].split("```sh\n", 1)[1].splitlines()[0]
    assert option in setup
