"""Kept so ``perturbkit.suite.messages`` still imports: the formatting of validation errors is shared
by suites and recipes and lives in :mod:`perturbkit.specmessages`."""

from __future__ import annotations

from ..specmessages import format_path, format_validation_error, yaml_lines

__all__ = ["format_path", "format_validation_error", "yaml_lines"]
