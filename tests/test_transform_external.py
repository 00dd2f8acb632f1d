"""perturbkit.transforms.external: the adapters' home is documented, and the registry's built-in
scan imports a sub-package's modules (the adapters'), never an empty sub-package."""

from __future__ import annotations

import importlib
import sys

import perturbkit.registry as pk_registry
import perturbkit.transforms as builtin
from perturbkit.registry import _transform_modules
from perturbkit.transform import registry

ADAPTER = '''
from dataclasses import dataclass
from perturbkit.transform import Change, Effect, Level, Transform, register


@register
@dataclass(repr=False)
class Upper(Transform):
    """Toy adapter: upper-cases the text."""

    name = "toy_adapter_upper"
    aspect = "surface"
    effect = Effect.PRESERVES
    level = Level.NONE

    def apply(self, example, doc, rng):
        return self.rewrite(example, [Change(0, len(example.text), example.text.upper())])
'''


def test_the_external_package_modules_are_scanned():
    modules = _transform_modules()
    assert "perturbkit.transforms.repetition" in modules or any("reorder" in m for m in modules)
    for lib in ("textattack", "nlpaug", "checklist"):
        assert f"perturbkit.transforms.external.{lib}" in modules
    assert not any(m.startswith("perturbkit.transforms.external._") for m in modules)


def test_an_empty_sub_package_is_not_imported_by_the_scan(tmp_path, monkeypatch):
    (tmp_path / "emptyplug").mkdir()
    (tmp_path / "emptyplug" / "__init__.py").write_text(
        "raise RuntimeError('an empty sub-package is never imported')\n"
    )
    monkeypatch.setattr(builtin, "__path__", [*builtin.__path__, str(tmp_path)])
    assert not any("emptyplug" in m for m in _transform_modules())
    assert "perturbkit.transforms.emptyplug" not in sys.modules


def test_the_external_package_says_how_adapters_register():
    doc = importlib.import_module("perturbkit.transforms.external").__doc__
    for word in ("TextAttack", "nlpaug", "CheckList", "register_prefix", "requires", "entry-point"):
        assert word in doc


def test_a_sub_package_with_modules_is_scanned(tmp_path, monkeypatch):
    registry()  # the built-ins load first, so the toy below registers inside the scoped block only
    (tmp_path / "toyplug").mkdir()
    (tmp_path / "toyplug" / "__init__.py").write_text('"""Toy adapters."""\n')
    (tmp_path / "toyplug" / "upper.py").write_text(ADAPTER)
    (tmp_path / "toyplug" / "_private.py").write_text("raise RuntimeError('private modules are not scanned')\n")
    monkeypatch.setattr(builtin, "__path__", [*builtin.__path__, str(tmp_path)])
    modules = _transform_modules()
    assert "perturbkit.transforms.toyplug.upper" in modules
    assert not any("_private" in m for m in modules)
    for mod in ("perturbkit.transforms.toyplug", "perturbkit.transforms.toyplug.upper"):
        monkeypatch.delitem(sys.modules, mod, raising=False)
    with pk_registry.transforms.scoped():
        try:
            importlib.import_module("perturbkit.transforms.toyplug.upper")
            assert registry()["toy_adapter_upper"]()("he left.").text == "HE LEFT."
        finally:
            for mod in ("perturbkit.transforms.toyplug.upper", "perturbkit.transforms.toyplug"):
                sys.modules.pop(mod, None)
    assert "toy_adapter_upper" not in registry()
