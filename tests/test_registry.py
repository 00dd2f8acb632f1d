"""The generic Registry: lazy built-ins, suggestions, duplicates, scopes, loading state."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from perturbkit import registry
from perturbkit.registry import DuplicateName, Registry, UnknownName


@pytest.fixture
def modules_dir(tmp_path, monkeypatch):
    """A folder on sys.path for modules the tests write; they are dropped from sys.modules after."""
    folder = tmp_path / "mods"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    before = set(sys.modules)
    yield folder
    for name in set(sys.modules) - before:
        if name.startswith("pkreg_"):
            del sys.modules[name]


def test_builtins_are_imported_only_when_asked_for(modules_dir):
    (modules_dir / "pkreg_lazy.py").write_text("class Thing:\n    pass\n")
    things = Registry("things", "thing", builtins={"thing": "pkreg_lazy:Thing", "pi": "math:pi"})
    assert things.names() == ["pi", "thing"] and "pkreg_lazy" not in sys.modules
    assert things.get("thing").__module__ == "pkreg_lazy"
    assert things.origin("thing") == "perturbkit" and dict(things.builtin_refs)["pi"] == "math:pi"


def test_unknown_names_suggest_near_ones():
    things = Registry("things", "thing", builtins={"pi": "math:pi", "tau": "math:tau"})
    with pytest.raises(UnknownName, match=r"unknown thing 'taw'; did you mean tau\?") as info:
        things.get("taw")
    assert info.value.suggestions == ["tau"] and isinstance(info.value, KeyError)
    with pytest.raises(UnknownName, match="unknown thing 'zzz'; known: pi, tau"):
        things.get("zzz")


def test_a_second_object_under_a_taken_name_is_refused():
    things = Registry("things", "thing", builtins={"pi": "math:pi"})

    def one():
        return 1

    def other():
        return 2

    assert things.register("one", one) is one
    things.register("one", one)  # the same object again: fine
    with pytest.raises(DuplicateName, match=r"thing name 'one' is already registered by .*test_registry.*one"):
        things.register("one", other)
    with pytest.raises(DuplicateName, match="thing name 'pi' is already registered"):
        things.register("pi", 3.0)  # a built-in not yet imported is still taken
    assert things.get("one") is one


def test_register_as_a_decorator_and_validation():
    def must_be_int(name, obj):
        if not isinstance(obj, int):
            raise TypeError(f"thing {name!r} must be an int")
        return obj

    things = Registry("things", "thing", validate=must_be_int)
    things.register("seven")(7)
    assert things.get("seven") == 7
    with pytest.raises(TypeError, match="'eight' must be an int"):
        things.register("eight", "8")
    assert things.names() == ["seven"]


def test_scoped_registrations_vanish_and_builtin_modules_stay(modules_dir):
    (modules_dir / "pkreg_holder.py").write_text("REG = None\n")
    (modules_dir / "pkreg_selfreg.py").write_text("import pkreg_holder\npkreg_holder.REG.register('builtin', 1)\n")
    import pkreg_holder

    things = pkreg_holder.REG = Registry("things", "thing", modules=["pkreg_selfreg"])
    with things.scoped():
        things.register("toy", 2)
        assert things.names() == ["builtin", "toy"]
        with pytest.raises(DuplicateName):
            things.register("builtin", 3)  # a scope cannot shadow the process-wide entries
    assert things.names() == ["builtin"]  # the module loaded inside the scope registered for good
    with pytest.raises(UnknownName):
        things.get("toy")


def test_scopes_must_close_in_order():
    things = Registry("things", "thing")
    outer, inner = things.scoped(), things.scoped()
    outer.__enter__()
    inner.__enter__()
    with pytest.raises(RuntimeError, match="out of order"):
        outer.__exit__(None, None, None)
    inner.__exit__(None, None, None)


def test_loaded_state_is_set_only_after_the_modules_imported(modules_dir):
    """A built-in module that fails to import is retried, not silently marked loaded."""
    (modules_dir / "pkreg_holder2.py").write_text("REG = None\n")
    (modules_dir / "pkreg_flaky.py").write_text(
        textwrap.dedent("""
        from pathlib import Path
        import pkreg_holder2
        if not Path(__file__).with_name("ready").exists():
            raise RuntimeError("not ready")
        pkreg_holder2.REG.register("late", 42)
        """)
    )
    import pkreg_holder2

    things = pkreg_holder2.REG = Registry("things", "thing", modules=["pkreg_flaky"])
    with pytest.raises(RuntimeError, match="not ready"):
        things.get("late")
    (modules_dir / "ready").write_text("")
    assert things.get("late") == 42


def test_every_kind_has_its_registry_and_entry_point_group():
    groups = {r.kind: r.group for r in registry.REGISTRIES}
    assert groups == {
        k: f"perturbkit.{k}"
        for k in ("transforms", "metrics", "suites", "recipes", "filters", "readers", "plot_transforms")
    }
    assert {"demo", "openmeva"} <= set(registry.suites.names())
    assert {"changed", "max_edits"} <= set(registry.filters.names())
    assert {"jsonl", "mans", "wp"} <= set(registry.readers.names())
    assert "plot_logic_reorder" in registry.plot_transforms.names()
    assert registry.recipes.names() == sorted(registry.shipped_files("recipes"))


def test_shipped_yaml_files_are_found_by_stem(modules_dir):
    recipes = modules_dir / "pkreg_data" / "data" / "recipes"
    recipes.mkdir(parents=True)
    (modules_dir / "pkreg_data" / "__init__.py").write_text("")
    for name in ("union_negatives.yaml", "mars_attacks.yml", "_draft.yaml", "notes.txt"):
        (recipes / name).write_text("name: x\n")
    found = registry.shipped_files("recipes", package="pkreg_data")
    assert sorted(found) == ["mars_attacks", "union_negatives"] and found["mars_attacks"].read_text() == "name: x\n"
    assert registry.shipped_files("no_such_folder", package="pkreg_data") == {}
    with registry.recipes.scoped():  # a recipe resource registers like a shipped one
        registry.recipes.register("mars_attacks", found["mars_attacks"])
        assert registry.recipes.get("mars_attacks") is found["mars_attacks"]
        with pytest.raises(TypeError, match="recipe 'bad' must be a YAML file path"):
            registry.recipes.register("bad", 42)


@pytest.mark.subprocess
def test_listing_names_imports_nothing_of_the_kinds():
    code = (
        "import sys; from perturbkit import registry\n"
        "for r in (registry.metrics, registry.filters, registry.readers, registry.suites, registry.recipes):\n"
        "    r.names()\n"
        "print(sorted(m for m in sys.modules if m.startswith('perturbkit')))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert (
        run.stdout.strip() == "['perturbkit', 'perturbkit.errors', 'perturbkit.registry', 'perturbkit.registry.base']"
    )
