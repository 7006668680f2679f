"""Building the compiled hot path into its own folder (see `analytics.native`).

A build that cannot be made (no C compiler, no mypy, a module mypyc rejects) leaves plain
Python and says so in one line; the compiler's own output goes to a log beside the build.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from importlib import import_module
from importlib.util import find_spec
from pathlib import Path

from analytics.native import (
    BUILD_DIR,
    MANIFEST,
    OFF_VARIABLE,
    ROOT,
    SUFFIX,
    build_status,
    compiled_sources,
    file_hash,
    module_name,
)

PLAIN = "the hot path runs as plain Python (slower, same games)"
# The child process that compiles (its arguments: the staging folder, then the sources).
COMPILE_COMMAND = [sys.executable, "-m", "analytics.native.build"]


def imported_sources(sources: list[str], root: Path = ROOT) -> list[str]:
    """`sources` and every `analytics` source they import, directly or not, with the packages'
    `__init__` files: what mypy reads to compile them."""
    seen: set[str] = set()
    pending = list(sources)
    while pending:
        source = pending.pop()
        if source in seen:
            continue
        seen.add(source)
        for name in module_imports(source, root):
            if name.split(".")[0] == "analytics":
                pending += _files_of(name, root)
    return sorted(seen)


def module_imports(source: str, root: Path) -> list[str]:
    """Module names a source imports (`from m import x` gives m and m.x: x may be a module)."""
    package = module_name(source).split(".")
    if not source.endswith("__init__.py"):
        package = package[:-1]
    names = []
    for node in ast.walk(ast.parse((root / source).read_text(), source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[:len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            names += [module] + [f"{module}.{alias.name}" for alias in node.names]
    return names


def _files_of(name: str, root: Path) -> list[str]:
    """The source of module `name` and the `__init__` files of its packages (those that exist)."""
    parts = name.split(".")
    files = [f"{'/'.join(parts[:i])}/__init__.py" for i in range(1, len(parts) + 1)]
    files.append(f"{'/'.join(parts)}.py")
    return [f for f in files if (root / f).is_file()]


def compiler_problem() -> str | None:
    """Why no build can be tried here (no mypy, no C compiler), or None."""
    if find_spec("mypyc") is None:
        return "mypy (its mypyc compiles the hot path) is not installed"
    command = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    program = (shlex.split(command) or ["cc"])[0]
    if shutil.which(program) is None:
        return f"no C compiler ({program} not found)"
    return None


def build(root: Path = ROOT, build_dir: Path = BUILD_DIR) -> str:
    """Bring the compiled build up to date with the sources; one line says what happened."""
    status = build_status(root, build_dir)
    if status.state == "off":
        return f"{OFF_VARIABLE} is not 1: {PLAIN}"
    if status.state == "current":
        return f"compiled hot path is current ({status.detail})"
    remove(root, build_dir)  # an old build no longer matches: it would never run again
    problem = compiler_problem()
    if problem:
        return f"{problem}: {PLAIN}"
    sources = compiled_sources(root)
    read = imported_sources(sources, root)
    hashes = {name: file_hash(root / name) for name in read}
    build_dir.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".building-", dir=build_dir.parent))
    log = build_dir.with_name(f"{build_dir.name}.log")
    try:
        failure = _compile(root, staging, sources, log)
        if not failure and hashes != {name: file_hash(root / name) for name in read}:
            failure = "sources changed during the build"
        if failure:
            return f"could not compile the hot path ({failure}; log: {log}): {PLAIN}"
        _write_manifest(staging, sources, hashes)
        staging.rename(build_dir)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return f"compiled {len(sources)} modules with mypyc into {build_dir}"


def _compile(root: Path, staging: Path, sources: list[str], log: Path) -> str | None:
    """Compile `sources` into `staging` in a child process (its output to `log`); why not."""
    env = {**os.environ, OFF_VARIABLE: "0",
           "PYTHONPATH": os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])}
    with open(log, "w") as out:
        proc = subprocess.run([*COMPILE_COMMAND, str(staging), *sources], cwd=root, env=env,
                              stdout=out, stderr=subprocess.STDOUT, check=False)
    if proc.returncode != 0:
        return _first_error(log.read_text()) or f"exit {proc.returncode}"
    missing = [s for s in sources if not (staging / f"{s.removesuffix('.py')}{SUFFIX}").exists()]
    return f"no module built for {', '.join(missing)}" if missing else None


def _first_error(text: str) -> str | None:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line for line in lines if re.search(r"\berror\b", line, re.IGNORECASE)]
    found = errors or lines[-1:]
    return found[0][:200] if found else None


def _write_manifest(staging: Path, sources: list[str], hashes: dict[str, str]) -> None:
    from mypy.version import __version__ as mypy_version

    modules = {module_name(path.relative_to(staging).as_posix().removesuffix(SUFFIX) + ".py"):
               path.relative_to(staging).as_posix() for path in staging.rglob(f"*{SUFFIX}")}
    manifest = {"python": sys.version.split()[0], "mypy": mypy_version, "suffix": SUFFIX,
                "compiled": sources, "sources": hashes, "modules": dict(sorted(modules.items()))}
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")


def remove(root: Path = ROOT, build_dir: Path = BUILD_DIR) -> int:
    """Delete the build and any module left beside its source by the old in-place build;
    returns how many files went."""
    strays = [path for source in compiled_sources(root)
              for path in (root / f"{source.removesuffix('.py')}{SUFFIX}",
                           root / f"{source.removesuffix('.py')}__mypyc{SUFFIX}")
              if path.exists()]
    built = [path for path in build_dir.rglob("*") if path.is_file()] if build_dir.exists() else []
    for path in strays:
        path.unlink()
    shutil.rmtree(build_dir, ignore_errors=True)
    return len(strays) + len(built)


def check(root: Path = ROOT, build_dir: Path = BUILD_DIR) -> str | None:
    """None when this process runs every compiled module from the build; else why not."""
    status = build_status(root, build_dir)
    if status.state != "current":
        return f"the compiled build is not in use: {status.detail}"
    for source in compiled_sources(root):
        path = Path(import_module(module_name(source)).__file__ or "")
        if build_dir not in path.parents:
            return f"{module_name(source)} was imported from {path}, not from the build"
    return None


def compile_into(staging: Path, sources: list[str]) -> None:
    """The child process's work: mypyc's C, then setuptools' extensions under `staging`."""
    import warnings

    from mypyc.build import mypycify
    from setuptools import setup  # type: ignore[import-untyped]

    temp = Path(tempfile.mkdtemp(prefix="dicelab-mypyc-"))
    try:
        modules = mypycify(sources, separate=True, target_dir=str(temp / "c"))
        warnings.filterwarnings("ignore", module="setuptools")  # its notes on our pyproject
        # No packages: the extensions alone (setuptools would otherwise look for packages in
        # the project's folder and refuse its several top-level folders).
        setup(name="dicelab-native", ext_modules=modules, packages=[], py_modules=[],
              script_args=["--quiet", "build_ext", "--build-lib", str(staging), "--build-temp",
                           str(temp / "obj"), "--parallel", str(os.cpu_count() or 1)])
    finally:
        shutil.rmtree(temp, ignore_errors=True)


if __name__ == "__main__":
    compile_into(Path(sys.argv[1]), sys.argv[2:])
