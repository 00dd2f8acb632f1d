"""Character transforms: who does what. Pronoun swaps, subject/object swaps, consistent name
changes and entity replacement (OpenMEVA's character aspect, RoMe's entity case).

All work on normal text, on released-corpus text (lower-cased and tokenised) and on masked names
(``[MALE]``), keep the story's casing style, and return None whenever the parse does not let
them be sure of the result (the grammar helpers are in ``._persons``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..annotation import Annotator, Level, default_annotator, token_columns
from ..example import Example
from ..transform import Effect, Transform, register
from ._character.entities import (
    LABELS,
    NUMERIC,
    anchor_of,
    cased_entity,
    default_candidates,
    entity_pools,
    kept_mention_end,
    mention_changes,
    names_unnamed_people,
    replaceable_entities,
    replacement_pool,
)
from ._character.entity_pins import EITHER_GENDER, clause_pinned, kind_clash, narrative_mention, unmatched_casings
from ._character.entity_witness import list_member, number_witness
from ._character.name_allusions import renameable_names
from ._character.name_checks import draw_name, odd_words, period_pool
from ._character.name_setting import alliterates, same_initial
from ._character.names import cased_name, name_pool, rename_changes, renamed_context, story_words
from ._character.pronoun_bound import strict_targets
from ._character.pronoun_sites import context_referents, declined, long_story_referents
from ._character.pronoun_swaps import (
    fresh_targets,
    pronoun_changes,
    referent_identities,
    story_identities,
    swappable_pronouns,
    target_order,
)
from ._character.roles import role_swap, swappable_clauses
from ._persons import has_passive, name_gender, sid, text_style


@register
@dataclass(repr=False)
class PronounSwap(Transform):
    """Replace one personal pronoun with one of another person/gender in the same grammatical case,
    re-inflecting the verb when a subject changes ("he walks" -> "they walk"); "it" is left alone."""

    name = "pronoun_swap"
    aspect = "character"
    effect = Effect.BREAKS
    example = "Maria asked Tom for help. He said that she could borrow his car."

    # only to a person/gender nothing in the story or its context could be (he -> she only when the
    # story has no woman, no "we" in a long story), never "you" either way ("she called her" may be
    # the coworker, a generic "you" is nobody), and no pronoun in a quotation, bound by a quantifier
    # or first mentioning its referent; False: any other person/gender, those the story has first
    fresh: bool = True
    prefer_story: bool = True  # without ``fresh``: prefer a person/gender that occurs in the story
    # "they painted themselves" -> "yourself" breaks binding, which readers take for a grammar
    # error, not a character slip (round 103: 10 of 20 WP strict swaps were reflexives, all judged
    # ungrammatical): off by default, with or without ``strict``
    reflexives: bool = False
    # with ``fresh``, only the two kinds of swap readers judged breaks (round 102: a new "my"/"we"
    # in a third-person story reads as a narrator never introduced): he <-> she with no one of the
    # new gender in the story or context, or a possessive bound to its clause's subject (a body
    # part: "bile rising in his throat" -> "our throat"); see ``_character.pronoun_bound``.
    # False: round 101's fresh swaps (any person nobody could be)
    strict: bool = True

    def applicable(self, example: Example, doc) -> bool:
        """OpenMEVA's rule: pronouns/characters of several persons or genders, or a passive clause;
        with ``fresh``, any story with a personal pronoun the swap may replace (with ``strict``,
        one that has a target of the two kinds above)."""
        if self.fresh:
            return bool(self._fresh_sites(example, doc))
        return len(story_identities(doc)) >= 2 or has_passive(doc)

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        cands = self._candidates(doc)
        if not cands:
            return None
        story = story_identities(doc) if self.prefer_story else set()
        referents = self._referents(example, doc) if self.fresh else set()
        style = text_style(example.text)
        ctx = example.context or ""
        rng.shuffle(cands)
        for tok, ident, case in cands:
            order = fresh_targets(ident, referents, rng) if self.fresh else target_order(ident, story, rng)
            if self.fresh and declined(tok, ident, ctx):
                continue  # after drawing its order: the other pronouns get the same draws as before
            if self.fresh and self.strict:
                order = strict_targets(tok, ident, case, order, example.text, ctx)
            elif case == "refl" and not self.reflexives:
                continue
            for target in order:
                changes = pronoun_changes(tok, ident, case, target, style)
                if changes:
                    return self.rewrite(example, changes)
        return None

    def _candidates(self, doc) -> list[tuple]:
        """The pronouns to try: not "you" with ``fresh``; reflexives only when asked for (``strict``
        then decides per reflexive whether it is bound)."""
        cands = swappable_pronouns(doc, self.reflexives)
        return [c for c in cands if c[1] != "2"] if self.fresh else cands

    def _referents(self, example: Example, doc) -> set[str]:
        """Who the story, a long story's narrator (not with ``strict``, whose "we" is only ever
        bound) or the context could mean."""
        found = referent_identities(doc) | context_referents(example.context or "")
        return found if self.strict else found | long_story_referents(doc)

    def _fresh_sites(self, example: Example, doc) -> list[tuple]:
        """The pronouns a ``fresh`` swap may replace: not "you", and none where the new pronoun
        could be read as someone (quoted, bound by a quantifier, a referent's first mention; round
        101, see ``_character.pronoun_sites``); with ``strict`` only those with a strict target."""
        ctx = example.context or ""
        sites = [c for c in self._candidates(doc) if not declined(c[0], c[1], ctx)]
        if not self.strict:
            return sites
        referents = self._referents(example, doc)
        return [
            c for c in sites if strict_targets(*c, fresh_targets(c[1], referents, random.Random(0)), example.text, ctx)
        ]


@register
@dataclass(repr=False)
class SubjectObjectSwap(Transform):
    """Swap the subject and the direct object of one clause whose roles are unequal ("his parents
    enrolled him" -> "he enrolled his parents", "she fed the cat" -> "the cat fed her"), fixing
    pronoun case and verb agreement; in a passive clause the subject and the "by" agent swap."""

    name = "subject_object_swap"
    aspect = "character"
    effect = Effect.BREAKS
    example = "His parents enrolled him in boxing school. He went to his first lesson."

    def applicable(self, example: Example, doc) -> bool:
        return not {sid("dobj"), sid("agent")}.isdisjoint(token_columns(doc)["DEP"])

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        style = text_style(example.text)
        clauses = swappable_clauses(doc)
        rng.shuffle(clauses)
        for s, v, o in clauses:
            changes = role_swap(doc, s, v, o, style)
            if changes:
                return self.rewrite(example, changes)
        return None


@register
@dataclass(repr=False)
class NameChange(Transform):
    """Rename one character everywhere in the story (possessives, first-name mentions of a full
    name, and the context, each in its own casing) with another name of the same gender that the
    story does not use (a unisex name when the gender is unknown). Only first names of the name
    lists are renamed, never a famous person's or a name with a near spelling in the story."""

    name = "name_change"
    aspect = "character"
    effect = Effect.PRESERVES
    example = "Anna Smith bought a red bike. Anna's brother wanted to ride it."

    def applicable(self, example: Example, doc) -> bool:
        return bool(renameable_names(example, doc))

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        names = renameable_names(example, doc)
        if not names:
            return None
        old = rng.choice(sorted(names))
        used = story_words(example.text, example.context, example.reference)
        pool = period_pool([n for n in name_pool(names[old]) if n not in used], example.text, example.context)
        if alliterates(old, (example.text, example.context)):
            pool = same_initial(pool, old)  # round 116: "Wendy was a wacky , wonderful wizard"
        # round 115: not a name a reader could take for another of the story ("Farah" by "Sarah")
        others = odd_words((example.text, example.context), text_style(example.text) == "lower") - {old.lower()}
        pick = draw_name(pool, rng, others) if pool else None
        if pick is None:
            return None
        new = cased_name(pick, text_style(example.text))
        out = self.rewrite(example, rename_changes(example.text, old, new, f"name {old} -> {new}"))
        if out is None or not example.context:
            return out
        ctx = renamed_context(example.context, old, new)  # None: the context cannot follow
        return None if ctx is None else dataclasses.replace(out, context=ctx)


@register
@dataclass(repr=False)
class EntityReplacement(Transform):
    """Replace every mention of one named entity (a person by default; places, organisations,
    dates, numbers with ``labels``) with another entity of the same label and form, so the story no longer matches its context or
    reference (RoMe) or, without them, its own first sentence. ``fit(corpus)`` draws replacements
    from the data set's own entities."""

    name = "entity_replacement"
    aspect = "character"
    effect = Effect.BREAKS
    example = "Mary needed a new card. Mary blamed herself for losing the old one. She applied online."

    # only entities that also occur in the context or reference (or, when the example has neither,
    # in the first sentence, whose mentions are then kept), so the variant contradicts them
    anchored: bool = True
    min_count: int = 2  # fit(): corpus entities seen fewer times (often NER noise) are not used
    # persons only by default: readers judged a place, time or number swapped for another a changed
    # detail more often than a contradiction (validity round 54); the other labels are opt-in
    labels: tuple[str, ...] = ("PERSON",)
    pool: dict[str, list[str]] = field(default_factory=dict, init=False, repr=False)  # set by fit()

    def __post_init__(self) -> None:
        self.labels = tuple(self.labels)

    def validate(self) -> None:
        bad = [lab for lab in self.labels if lab not in LABELS]
        if self.min_count < 1:
            raise ValueError(f"min_count must be >= 1, got {self.min_count}")
        if bad:
            raise ValueError(f"unknown entity labels {bad}; valid: {', '.join(LABELS)}")

    def fit(self, corpus: Sequence[Example], annotator: Annotator | None = None) -> EntityReplacement:
        """Collect the corpus's entities by label (most frequent first) as the replacement pool.
        Only the stories are read (the parses ``batch`` needs anyway): parsing every context and
        reference as well would double the parsing for a slightly larger pool."""
        docs = (annotator or default_annotator()).pipe([ex.text for ex in corpus if ex.text.strip()], Level.PARSE)
        self.pool = entity_pools(docs, self.labels, self.min_count)
        return self

    def applicable(self, example: Example, doc) -> bool:
        return any(e.label_ in self.labels for e in doc.ents)

    def apply(self, example: Example, doc, rng: random.Random) -> Example | None:
        anchor, start_at = anchor_of(example, doc) if self.anchored else ("", 0)
        order = replaceable_entities(doc, self.labels, anchor if self.anchored else None, start_at)
        rng.shuffle(order)
        style = text_style(example.text)
        used = story_words(example.text, example.context, example.reference)
        unnamed = names_unnamed_people(example.text, anchor)
        outside = anchor if example.context or example.reference else ""  # a witness outside the story
        for label, old in order:
            if label == "PERSON" and (unnamed or old.split()[0].lower() in EITHER_GENDER):
                continue  # the new name may be one of the friends (or the wife) the story mentions
            candidates = self.pool.get(label, []) if self.pool else default_candidates(label)
            pool = replacement_pool(label, old, candidates, used)
            gender = name_gender(old.split()[0]) if label == "PERSON" else None
            if label == "PERSON":  # a name of the other gender only, so the old pronouns pin the break
                pool = [c for c in pool if name_gender(c.split()[0]) not in (None, gender)] if gender else []
                pool = [c for c in pool if c.split()[0].lower() not in EITHER_GENDER]
            if style == "lower" and label != "PERSON" and label not in NUMERIC:
                # round 611: NER on lower-cased text calls names places ("kia", "boston" -> "tina"): only
                # a place, group or organisation the project lists, by another it lists
                known = {c.lower() for c in default_candidates(label)}
                pool = [c for c in pool if c.lower() in known] if old.lower() in known else []
            at = kept_mention_end(example, old, label, start_at)
            kept = (outside, len(outside)) if outside else (example.text, at)
            if label == "PERSON" and self.anchored and not narrative_mention(old, *kept):
                continue  # the kept mention only calls the name ("`` Charles ! Charles !"): no witness
            if pool:
                new = cased_entity(rng.choice(pool), old, label, style)
                changes = mention_changes(doc, old, new, label, at)
                why = (
                    self._breaks(example.text, outside, doc, label, old, new, changes, at, gender) if changes else None
                )
                if why:
                    notes = [c._replace(note=f"{c.note}; {why}") if c.note.startswith("entity") else c for c in changes]
                    return self.rewrite(example, notes)
        return None

    @staticmethod
    def _breaks(
        text: str, outside: str, doc, label: str, old: str, new: str, changes: list, at: int, gender: str | None
    ) -> str | None:
        """What the replaced mentions contradict (for the provenance), or None when they do not
        really break the story: a person bound to the old character in its own clause; a number or
        date restated elsewhere about the same thing; a place or organisation of the same kind, not
        a list member, every mention replaced (its anchor mention is the witness)."""
        spans = [(c.start, c.end) for c in changes if c.note.startswith("entity")]
        if label == "PERSON":
            pin = clause_pinned(doc, spans, gender)
            return f"bound to the old character by the {pin}" if pin else None
        if label in NUMERIC:
            witness = number_witness(text, outside, old, spans)
            return f"witness {witness}" if witness else None
        if (
            list_member(doc, spans)
            or kind_clash(doc, label, spans, old, new)
            or unmatched_casings(text, old, at, spans)
        ):
            return None
        return f"witness '{old}' in the {'context' if outside else 'first sentence'}"
