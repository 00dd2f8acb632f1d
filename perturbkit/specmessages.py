"""Turning pydantic's validation errors (in suites and recipes) into one line per problem:
``file:line: key.path: message``, with pydantic's union tags removed from the path and the nearest
valid key suggested."""

from __future__ import annotations

import difflib
import json
import types
import typing
from collections.abc import Mapping, Sequence
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ValidationError

from .specfile import yaml_lines

__all__ = ["format_path", "format_validation_error", "yaml_lines"]


def _kinds() -> tuple[str, ...]:
    from .kinds import KINDS  # on use: recipes format their errors here without loading the kinds

    return tuple(KINDS)


def _tagged(union: Any, tag: str) -> Any:
    """The member of a tagged union whose ``Literal`` tag field is ``tag`` (None if there is none)."""
    for member in typing.get_args(union):
        member = _unwrap(member)
        if not (isinstance(member, type) and issubclass(member, BaseModel)):
            continue
        for field in member.model_fields.values():
            if typing.get_origin(field.annotation) is Literal and typing.get_args(field.annotation) == (tag,):
                return member
    return None


def _is_union(origin: Any) -> bool:
    """``Union[A, B]`` and ``A | B`` alike."""
    return origin is Union or origin is types.UnionType


def _unwrap(tp: Any) -> Any:
    """Strip Annotated/Optional wrappers."""
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
            continue
        if _is_union(origin):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) == 1:
                tp = args[0]
                continue
        return tp


def _walk(root: type[BaseModel], loc: Sequence[Any]) -> tuple[list[Any], Any]:
    """The key path without pydantic's union tags, and the type found at its end."""
    path: list[Any] = []
    tp: Any = root
    for part in loc:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            path.append(part)
            field = tp.model_fields.get(part) if isinstance(part, str) else None
            tp = field.annotation if field is not None else None
            continue
        origin = typing.get_origin(tp)
        if origin in (list, tuple) and isinstance(part, int):
            path.append(part)
            tp = typing.get_args(tp)[0] if typing.get_args(tp) else None
            continue
        if origin is dict:
            path.append(part)
            tp = typing.get_args(tp)[1] if typing.get_args(tp) else None
            continue
        if _is_union(origin) and isinstance(part, str) and _tagged(tp, part) is not None:
            tp = _tagged(tp, part)  # the discriminator tag: not part of the user's path
            continue
        path.append(part)
        tp = None
    return path, _unwrap(tp)


def format_path(path: Sequence[Any]) -> str:
    """``("tests", 2, "transforms", 0)`` -> ``tests[2].transforms[0]``."""
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top level)"


def _describe(err: Mapping[str, Any], root: type[BaseModel]) -> tuple[list[Any], str]:
    loc = list(err.get("loc") or ())
    typ = err.get("type", "")
    ctx = err.get("ctx") or {}
    if "at" in ctx:  # a model validator's error about a key below the model
        loc = loc + json.loads(ctx["at"])
    if typ == "extra_forbidden":
        parent_path, parent = _walk(root, loc[:-1])
        key = loc[-1]
        valid = list(parent.model_fields) if isinstance(parent, type) and issubclass(parent, BaseModel) else []
        valid = [v for v in valid if v not in ("source",)]
        near = difflib.get_close_matches(str(key), valid, n=1, cutoff=0.5)
        hint = f"; did you mean {near[0]!r}?" if near else (f"; valid keys: {', '.join(valid)}" if valid else "")
        return parent_path + [key], f"unknown key {key!r}{hint}"
    path, _ = _walk(root, loc)
    if typ == "missing":
        return path, f"missing required key {path[-1]!r}" if path else "missing value"
    if typ == "union_tag_invalid":
        tag = str(ctx.get("tag"))
        near = difflib.get_close_matches(tag, _kinds(), n=1, cutoff=0.5)
        hint = f"did you mean {near[0]!r}? " if near else ""
        return path + ["kind"], f"unknown kind {tag!r}; {hint}(kinds: {', '.join(_kinds())})"
    if typ == "union_tag_not_found":
        return path, f"missing 'kind' (one of: {', '.join(_kinds())})"
    msg = str(err.get("msg", ""))
    for prefix in ("Value error, ", "Assertion failed, "):
        if msg.startswith(prefix):
            msg = msg[len(prefix) :]
    if typ in ("unknown_transform", "missing_extra") and path and path[-1] == "name":
        path = path[:-1]
    if "msg" in ctx or typ in (  # ready messages (built with a "msg": the schemas' own checks)
        "unknown_transform",
        "missing_extra",
        "transform_param",
        "unknown_filter",
        "range",
        "originals",
        "negatives_of",
        "duplicate_test",
        "test_name",
        "combinator",
        "threshold_kind",
    ):
        return path, msg
    if (
        typ in ("model_type", "model_attributes_type", "dict_type")
        and len(path) >= 2
        and path[-2] in ("transforms", "filters")
        and isinstance(path[-1], int)
    ):
        what = "transform" if path[-2] == "transforms" else "filter"
        return (
            path,
            f"a {what} is a name or {{name: {{param: value}}}} (got {type(err.get('input')).__name__} "
            f"{err.get('input')!r})",
        )
    if "input" in err:
        inp = err["input"]
        shown = repr(inp) if not isinstance(inp, (dict, list)) or len(repr(inp)) < 60 else type(inp).__name__
        msg = f"{msg[:1].lower()}{msg[1:]} (got {type(inp).__name__} {shown})"
    return path, msg


def format_validation_error(
    exc: ValidationError,
    root: type[BaseModel],
    source: str | None = None,
    lines: Mapping[tuple[Any, ...], int] | None = None,
    *,
    noun: str = "suite",
) -> str:
    """One line per problem: ``file:line: key.path: message`` (``noun`` names what was invalid when
    there are several)."""
    items = []
    for err in exc.errors(include_url=False):
        path, msg = _describe(err, root)
        where = source or ""
        if lines:
            line = _line_for(lines, path)
            if line and where:
                where = f"{where}:{line}"
        prefix = f"{where}: " if where else ""
        items.append(f"{prefix}{format_path(path)}: {msg}")
    items = list(dict.fromkeys(items))
    if len(items) == 1:
        return items[0]
    head = f"invalid {noun}{' ' + source if source else ''} ({len(items)} problems):"
    return "\n".join([head] + [f"  {m}" for m in items])


def _line_for(lines: Mapping[tuple[Any, ...], int], path: Sequence[Any]) -> int | None:
    p = tuple(path)
    while True:
        if p in lines:
            return lines[p]
        if not p:
            return None
        p = p[:-1]
