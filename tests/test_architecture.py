"""The package rules of docs/architecture.md, checked on the source tree.

- nothing under bot/ imports discord or telegram (statically, and when every module loads);
- bot/domain imports nothing of the project outside bot/domain (no storage, catalog, play,
  text or config: rules without I/O);
- adapters open stores through bot.storage.opening, never a backend module directly;
- no import cycle among bot/ and adapters/ modules, counting every import: at module level,
  inside functions and under `if TYPE_CHECKING:` (a lazy or type-only cycle still ties two
  modules into one);
- tests import their helpers from tests/support/ (or tests/e2e's helper modules), never from
  a conftest or another test module.

Each detector has a self-test on a synthetic input, so a rule cannot pass by seeing nothing.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from tests.support.paths import ROOT

FORBIDDEN = ("discord", "telegram")
PROJECT = ("bot", "adapters")
BACKENDS = ("bot.storage.sqlite", "bot.storage.postgres")


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


def project_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of bot/ and adapters/ by dotted name (a package by its own name)."""
    return {
        ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__"): path
        for top in PROJECT
        for path in sorted((root / top).rglob("*.py"))
    }


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a `from` import names, relative levels resolved."""
    if node.level == 0:
        return node.module or ""
    parts = module.split(".")[: len(module.split(".")) - node.level + is_package]
    return ".".join([*parts, node.module] if node.module else parts)


def imported_names(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> set[str]:
    """What an import statement may load: `from x import y` names both x and x.y (y may be a
    submodule; callers keep the names that are modules)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names}
    base = _base(module, is_package, node)
    return {base} | {f"{base}.{alias.name}" for alias in node.names}


def all_imports(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every name imported anywhere in the module: functions and TYPE_CHECKING included."""
    return {
        name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for name in imported_names(node, module, is_package)
    }


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _run_at_import(nodes: Iterable[ast.AST]) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements executed when the module loads: not in functions, not under
    `if TYPE_CHECKING:` (its `else:` does run)."""
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif isinstance(node, ast.If) and _is_type_checking(node):
            yield from _run_at_import(node.orelse)
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield from _run_at_import(ast.iter_child_nodes(node))


def import_graph(
    sources: Mapping[str, tuple[str, bool]], every: bool = False
) -> dict[str, set[str]]:
    """Module name -> the project modules it imports at load time (with `every`: anywhere,
    functions and TYPE_CHECKING included).

    `sources` maps a module name to (its source, whether it is a package's __init__).
    """
    graph: dict[str, set[str]] = {}
    for module, (source, is_package) in sources.items():
        if every:
            names = all_imports(source, module, is_package)
        else:
            names = set()
            for node in _run_at_import(ast.parse(source).body):
                names |= imported_names(node, module, is_package)
        graph[module] = {name for name in names if name in sources and name != module}
    return graph


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for target in sorted(graph.get(module, ())):
            if target not in index:
                visit(target)
                low[module] = min(low[module], low[target])
            elif target in stack:
                low[module] = min(low[module], index[target])
        if low[module] == index[module]:
            component = []
            while (top := stack.pop()) != module:
                component.append(top)
            component.append(module)
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


def outside_domain(imports: set[str]) -> set[str]:
    """Project modules outside bot/domain among a domain module's imports."""
    return {
        name
        for name in imports
        if name.split(".")[0] in PROJECT
        and not (name == "bot.domain" or name.startswith("bot.domain."))
    }


def backend_imports(imports: set[str]) -> set[str]:
    """Storage backend modules among an adapter's imports."""
    return {name for name in imports if name in BACKENDS or name.startswith(_dotted(BACKENDS))}


def imports_of_test_modules(imports: set[str]) -> set[str]:
    """Conftests and test modules among a test file's imports: what they share belongs in
    tests/support/."""
    return {
        name
        for name in imports
        if name.split(".")[0] == "tests"
        and any(part == "conftest" or part.startswith("test_") for part in name.split(".")[1:])
    }


def _dotted(prefixes: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"{prefix}." for prefix in prefixes)


def _sources(prefix: str) -> dict[str, tuple[str, bool]]:
    return {
        name: (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for name, path in project_modules().items()
        if name == prefix or name.startswith(f"{prefix}.")
    }


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
    modules = sorted(name for name in project_modules() if name.split(".")[0] == "bot")
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


def test_domain_detector_sees_relative_lazy_and_type_only_imports() -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "from bot.domain.clock import Clock\n"
        "from .models import Quiz\n"
        "from .. import config\n"
        "if TYPE_CHECKING:\n"
        "    from bot.storage.interface import Store\n"
        "def load():\n"
        "    import bot.catalog.loader\n"
    )
    imports = all_imports(source, "bot.domain.rules")
    assert "bot.domain.models.Quiz" in imports  # `.models` resolved inside the package
    assert outside_domain(imports) == {
        "bot",
        "bot.config",
        "bot.storage.interface",
        "bot.storage.interface.Store",
        "bot.catalog.loader",
    }


def test_domain_imports_nothing_of_the_project_outside_the_domain() -> None:
    offenders = {
        module: sorted(names)
        for module, (source, is_package) in _sources("bot.domain").items()
        if (names := outside_domain(all_imports(source, module, is_package)))
    }
    assert offenders == {}
    assert len(_sources("bot.domain")) > 5


def test_backend_detector_sees_every_way_to_reach_a_backend() -> None:
    source = (
        "from bot.storage.opening import open_store\n"
        "from bot.storage import sqlite\n"
        "import bot.storage.postgres.errors\n"
        "def lazily():\n"
        "    from bot.storage.sqlite.store import SQLiteStore\n"
        "from bot.storage.sqlite_helpers import nothing\n"  # a name that merely starts alike
    )
    found = backend_imports(all_imports(source, "adapters.cli"))
    assert found == {
        "bot.storage.sqlite",
        "bot.storage.postgres.errors",
        "bot.storage.sqlite.store",
        "bot.storage.sqlite.store.SQLiteStore",
    }


def test_adapters_open_stores_only_through_storage_opening() -> None:
    offenders = {
        module: sorted(names)
        for module, (source, is_package) in _sources("adapters").items()
        if (names := backend_imports(all_imports(source, module, is_package)))
    }
    assert offenders == {}, "adapters use bot.storage.opening (open_store, describe)"


def test_cycle_detector_follows_submodules_and_skips_lazy_and_type_only_imports() -> None:
    sources = {
        "pkg": ("", True),
        "pkg.a": ("from pkg import b\nfrom pkg import d, e\n", False),
        "pkg.b": ("import pkg.c\n", False),
        "pkg.c": ("from .a import VALUE\n", False),
        "pkg.d": ("import typing\nif typing.TYPE_CHECKING:\n    import pkg.a\n", False),
        "pkg.e": ("def later():\n    from pkg import a\n", False),
        "pkg.f": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    pass\n"
            "else:\n    from pkg import g\n",
            False,
        ),
        "pkg.g": ("class G:\n    from pkg import f\n", False),
    }
    graph = import_graph(sources)
    assert graph["pkg.a"] == {"pkg", "pkg.b", "pkg.d", "pkg.e"}
    assert graph["pkg.d"] == graph["pkg.e"] == set()
    assert cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"], ["pkg.f", "pkg.g"]]


def test_the_whole_graph_counts_lazy_and_type_only_imports_too() -> None:
    """The two cycles the project had (issue 27), in miniature: a client whose commands name
    it for their types only, an app whose routes it imports inside a function."""
    sources = {
        "bot": ("", True),
        "bot.client": ("from bot.report import register\n", False),
        "bot.report": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from bot.client import X\n",
            False,
        ),
        "bot.app": ("def build():\n    from bot import routes\n", False),
        "bot.routes": ("from bot.app import KEY\n", False),
    }
    assert cycles(import_graph(sources)) == []  # invisible at load time
    assert cycles(import_graph(sources, every=True)) == [
        ["bot.app", "bot.routes"],
        ["bot.client", "bot.report"],
    ]


def test_no_import_cycle_among_project_modules() -> None:
    """Not even through an import in a function or under TYPE_CHECKING: what both sides of a
    cycle need goes in a small module they both import (discord_bot/context.py,
    web/context.py)."""
    sources = {
        name: (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for name, path in project_modules().items()
    }
    graph = import_graph(sources, every=True)
    assert sum(len(targets) for targets in graph.values()) > 100  # the graph saw the imports
    assert cycles(graph) == [], "modules that import each other"


def test_helper_detector_sees_conftests_and_test_modules() -> None:
    source = (
        "from tests.conftest import ROOT\n"
        "from tests.e2e.test_telegram_process import start_bot\n"
        "from .test_store import new_post\n"
        "from tests.support.paths import QUIZZES\n"
        "from tests.e2e.discord_helpers import World\n"
    )
    found = imports_of_test_modules(all_imports(source, "tests.test_x"))
    assert found == {
        "tests.conftest",
        "tests.conftest.ROOT",
        "tests.e2e.test_telegram_process",
        "tests.e2e.test_telegram_process.start_bot",
        "tests.test_store",
        "tests.test_store.new_post",
    }


def test_tests_share_helpers_through_tests_support_only() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(names)
        for path in sorted((ROOT / "tests").rglob("*.py"))
        if (
            names := imports_of_test_modules(
                all_imports(
                    path.read_text(encoding="utf-8"),
                    ".".join(path.relative_to(ROOT).with_suffix("").parts),
                )
            )
        )
    }
    assert offenders == {}, "move what they share to tests/support/"
