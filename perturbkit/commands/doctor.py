"""`perturbkit doctor`: which resources are installed, which transforms they make usable, and which
plugins (entry points of the ``perturbkit.*`` groups) loaded."""

from __future__ import annotations

import argparse
import json
import sys
import warnings


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("doctor", help="check installed resources (spaCy model, WordNet, ConceptNet, extras)")
    p.add_argument("--json", action="store_true", help="machine-readable output")
    p.set_defaults(func=run)


def usable_transforms(status: dict[str, tuple[bool, str]]) -> dict[str, list[str]]:
    """``{transform name: missing resource names}`` for every registered transform."""
    from ..resources.status import missing_requirements
    from ..transform import registry

    return {name: missing_requirements(tuple(cls.requires), status) for name, cls in registry().items()}


def usable_adapters(status: dict[str, tuple[bool, str]]) -> dict[str, list[str]]:
    """``{"prefix:*": missing resource names}`` for every adapter prefix (``textattack:``...): the
    extra its resolver's transforms require (docs/adapters.md)."""
    from ..resources.status import missing_requirements
    from ..transform import prefixes

    out = {}
    for prefix, resolve in prefixes().items():
        owner = getattr(resolve, "__self__", None)  # the adapter class whose classmethod resolves
        out[f"{prefix}:*"] = missing_requirements(tuple(getattr(owner, "requires", ())), status)
    return out


def install_hint(missing: list[str]) -> str:
    """The install commands for missing extras, joined."""
    from ..resources.extras import missing_extra

    return "; ".join(dict.fromkeys(missing_extra(m) or m for m in missing))


def plugin_status() -> dict[str, dict[str, tuple[bool, str]]]:
    """``{kind: {name: (loaded, distribution or why it failed)}}`` for every installed plugin."""
    from .. import registry

    with warnings.catch_warnings():  # reported below instead
        warnings.simplefilter("ignore", registry.PluginWarning)
        return {r.kind: r.plugins() for r in registry.REGISTRIES}


def run(args: argparse.Namespace) -> int:
    """Print the report; exit 1 only if the core (a spaCy model) is missing."""
    from ..resources.status import CORE, resource_status

    status = resource_status()
    plugins = plugin_status()
    transforms = usable_transforms(status)
    adapters = usable_adapters(status)
    core_ok = status["spacy"][0]
    if args.json:
        json.dump(
            {
                "resources": {k: {"present": ok, "detail": d} for k, (ok, d) in status.items()},
                "transforms": {k: {"usable": not m, "missing": m} for k, m in transforms.items()},
                "adapters": {k: {"usable": not m, "missing": m} for k, m in adapters.items()},
                "plugins": {
                    kind: {n: {"loaded": ok, "detail": d} for n, (ok, d) in found.items()}
                    for kind, found in plugins.items()
                },
                "ok": core_ok,
            },
            sys.stdout,
            indent=2,
        )
        print()
        return 0 if core_ok else 1
    for title, names in (("Resources", CORE), ("Optional extras", [k for k in status if k not in CORE])):
        print(f"{title}:")
        for name in names:
            ok, detail = status[name]
            print(f"  [{'ok' if ok else '--'}] {name:22} {detail}")
    usable = [k for k, m in transforms.items() if not m]
    print(f"Transforms: {len(usable)} of {len(transforms)} usable")
    for name, missing in transforms.items():
        if missing:
            print(f"  [--] {name:30} needs {', '.join(missing)}")
    print(f"Adapters: {', '.join(adapters) or 'none'} ({sum(not m for m in adapters.values())} usable)")
    for name, missing in adapters.items():
        if missing:
            print(f"  [--] {name:30} needs {', '.join(missing)}; install it with: {install_hint(missing)}")
    found = [(kind, n, ok, d) for kind, entries in plugins.items() for n, (ok, d) in entries.items()]
    print(f"Plugins: {len(found) or 'none installed'}")
    for kind, name, ok, detail in found:
        print(f"  [{'ok' if ok else '--'}] {kind:10} {name:20} {detail}")
    if not core_ok:
        print("perturbkit cannot parse text without a spaCy model; see docs/resources.md", file=sys.stderr)
    return 0 if core_ok else 1
