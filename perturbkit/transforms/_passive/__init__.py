"""The passive rewrite behind ``passive_voice``: which active clauses can be rewritten exactly
(:mod:`.clauses`: one nominal subject, one direct object, a plain auxiliary chain), and the rewrite
with the right participle, auxiliaries, agreement, particles and casing (:mod:`.rewrite`), clauses
whose passive would misplace a part of the sentence (:mod:`.structure`), and where a passive reads
naturally in the story (:mod:`.topic`, with the series and pronouns around it in :mod:`.discourse`)."""

from __future__ import annotations

from .clauses import clause, object_verbs
from .rewrite import passive_change
from .topic import topical

__all__ = ["clause", "object_verbs", "passive_change", "topical"]
