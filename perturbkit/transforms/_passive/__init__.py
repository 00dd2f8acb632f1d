"""The passive rewrite behind ``passive_voice``: which active clauses can be rewritten exactly
(:mod:`.clauses`: one nominal subject, one direct object, a plain auxiliary chain), and the rewrite
with the right participle, auxiliaries, agreement, particles and casing (:mod:`.rewrite`)."""

from __future__ import annotations

from .clauses import object_verbs
from .rewrite import passive_change

__all__ = ["object_verbs", "passive_change"]
