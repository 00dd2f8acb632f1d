"""The one YAML loader for user files (suites, recipes, ``--param`` values): safe and bounded.

PyYAML's ``safe_load`` refuses ``!!python`` tags but not aliases: a 412-byte document of nested
aliases ("billion laughs") expands to billions of nodes once anything walks it (a line map, a
validator, a copy) and takes gigabytes before a MemoryError. This loader composes the document
(aliases stay shared references, so composing is cheap), then counts aliases, nesting depth and
the size of the document once every alias is expanded, and refuses documents past the limits with
an error naming the file and line. Bad UTF-8 is reported with line and byte offset too.

>>> load_yaml("a: &x [1, 2]\\nb: *x\\n", "s.yaml")
{'a': [1, 2], 'b': [1, 2]}
"""

from __future__ import annotations

import os
from typing import Any

import yaml

from .errors import InputError
from .textfiles import decode_utf8, read_text

__all__ = ["MAX_ALIASES", "MAX_DEPTH", "MAX_NODES", "load_yaml", "load_yaml_file"]

MAX_ALIASES = 1_000  # alias uses (``*name``) in one document
MAX_NODES = 200_000  # nodes once every alias is expanded (a large suite has a few hundred)
MAX_DEPTH = 200  # nesting levels


class _Limit(yaml.YAMLError):
    def __init__(self, message: str, mark: Any) -> None:
        super().__init__(message)
        self.message, self.mark = message, mark


class _BoundedLoader(yaml.SafeLoader):
    """SafeLoader counting alias uses and nesting depth while composing."""

    def __init__(self, stream: Any) -> None:
        super().__init__(stream)
        self._aliases = 0
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise _Limit(f"more than {MAX_ALIASES:,} aliases", self.peek_event().start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise _Limit(f"nested more than {MAX_DEPTH} levels deep", self.peek_event().start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _check_expansion(root: yaml.Node) -> None:
    """Raise _Limit when the document, aliases expanded, has more than MAX_NODES nodes or an alias
    refers to a node that contains it (a recursive structure no schema can validate)."""
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:  # iterative post-order walk, each distinct node once (aliases share nodes)
        node, done = stack.pop()
        key = id(node)
        children = _children(node)
        if done:
            open_nodes.discard(key)
            total = 1 + sum(sizes[id(c)] for c in children)
            if total > MAX_NODES:
                raise _Limit(
                    f"aliases expand this document to more than {MAX_NODES:,} nodes (a 'billion laughs' document?)",
                    node.start_mark,
                )
            sizes[key] = total
            continue
        if key in sizes:
            continue
        if key in open_nodes:
            raise _Limit("an alias refers to a node that contains it (recursive structure)", node.start_mark)
        open_nodes.add(key)
        stack.append((node, True))
        for c in children:
            if id(c) in open_nodes:
                raise _Limit("an alias refers to a node that contains it (recursive structure)", c.start_mark)
            if id(c) not in sizes:
                stack.append((c, False))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    return []


def load_yaml(text: str | bytes, source: str = "<string>", *, error: type[Exception] = InputError) -> Any:
    """Parse one YAML document safely (plain data only, aliases and size bounded). Every problem
    raises ``error`` (default :class:`~perturbkit.errors.InputError`) as ``source:line: message``."""
    if isinstance(text, bytes):
        try:
            text = decode_utf8(text, source)
        except InputError as exc:
            raise error(str(exc)) from None
    loader = _BoundedLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        _check_expansion(root)
        return loader.construct_document(root)
    except _Limit as exc:
        raise error(f"{source}:{exc.mark.line + 1}: YAML refused: {exc.message}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        raise error(f"{source}{line}: invalid YAML: {exc.problem or exc}") from None
    except yaml.YAMLError as exc:
        raise error(f"{source}: invalid YAML: {exc}") from None
    except RecursionError:
        raise error(f"{source}: YAML refused: nested too deeply") from None
    finally:
        loader.dispose()


def load_yaml_file(path: str | os.PathLike[str] | Any, *, error: type[Exception] = InputError) -> tuple[Any, str]:
    """(data, text) of a YAML file (a path or a package resource); the text is returned for
    callers that map key paths to lines."""
    try:
        text = read_text(path)
    except InputError as exc:
        raise error(str(exc)) from None
    except OSError as exc:
        raise error(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    return load_yaml(text, str(path), error=error), text
