"""The engine stays platform-neutral: nothing under bot/ may import discord or telegram."""

from __future__ import annotations

import ast
import subprocess
import sys

from tests.conftest import ROOT

FORBIDDEN = ("discord", "telegram")


def forbidden_imports(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name.split(".")[0] in FORBIDDEN]
    return found


def test_detector_sees_every_import_form() -> None:
    source = "import discord\nfrom telegram.ext import Application\nimport os\n"
    assert forbidden_imports(source) == ["discord", "telegram.ext"]


def test_no_module_under_bot_imports_a_platform_library() -> None:
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in sorted((ROOT / "bot").rglob("*.py"))
        if (names := forbidden_imports(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


def test_importing_every_bot_module_loads_no_platform_library() -> None:
    modules = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for path in (ROOT / "bot").rglob("*.py")
    )
    script = (
        "import importlib, sys\n"
        f"for name in {modules!r}: importlib.import_module(name)\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "[]"
    assert len(modules) > 10
