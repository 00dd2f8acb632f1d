"""random_word_replacement leaves fixed phrases whole and draws no word that needs one (round
112: ROC 16/20, WP 17/20): no noun of an adjective and noun collocation ("hit walton full speed"
-> "full golf", roc-2070; "creative writing" -> "creative completion", wp-1086), no noun with its
particle ("a great night out" -> "a great girl out", roc-675), no word of a title in quotation
marks ("... on the way to the forum '" -> "to the sauce", roc-2786), no word of a hyphenated
WordNet entry written apart or an idiom ("the closest hole in the wall", "give a shit", wp-595),
no noun the corpus uses only in a fixed phrase drawn ("His avail glowed", wp-549), and no vague
noun ("brandished knives" -> "brandished items", roc-777)."""

from __future__ import annotations

from perturbkit import get_transform
from perturbkit.example import Example
from perturbkit.transforms._substitution.corpus_phrases import collocations, gloss_collocations, phrase_bound_nouns
from perturbkit.transforms._substitution.corpus_sites import cited_tokens
from perturbkit.transforms._substitution.keywords import keyword_slot

_FILLER = """boat house tree river road cloud stone bridge garden window table chair lamp horse bird
field valley city forest mountain island market church school street village farm barn fence gate
wall roof door floor kitchen bottle glass plate spoon knife fork cup bowl basket box bag coat hat
shoe boot glove ring watch clock book paper letter pen pencil map picture candle mirror bed pillow
blanket towel soap brush comb rope chain wheel engine train truck plane ship harbor beach desert
lake pond hill cave tower castle palace prison office factory bank shop hotel hospital station"""
CORPUS = [
    Example("He drank water. She poured water all day. They wanted water from the well.", id="c1"),
    Example("He begged to no avail. She called to no avail. We searched to no avail.", id="c2"),
    Example("The serial killer ran. A serial killer hid. A red apple fell.", id="c3"),
    # nouns enough for "serial killer" to stand out (PMI over the corpus's nouns)
    Example(" ".join(f"He saw the {w}." for w in _FILLER.split()), id="c4"),
    Example(" ".join(f"She saw a {w}." for w in _FILLER.split()), id="c5"),
    Example("She washed it with water.", id="c6"),  # "with water": a bare noun the corpus puts after "with"
]
USES = {"brandish": (20, 18, 0)}


def _fixed(annotator, text, words, only=None):
    """The transform fitted on CORPUS, every noun slot of ``text`` (or of the words ``only``) drawing from ``words``."""
    t = get_transform("random_word_replacement", min_count=1, min_similarity=0.0, rate=1.0, min_short=1)
    t.fit(CORPUS, annotator)
    doc = annotator.parse(text)
    t._vocab = {keyword_slot(doc, tok.i): list(words) for tok in doc if tok.pos_ == "NOUN" and tok.text in only}
    t._uses = USES
    return t


def _outs(t, text, annotator):
    return {None if o is None else o.text for o in (t(text, seed=seed, annotator=annotator) for seed in range(8))}


def test_no_noun_of_a_collocation(annotator):
    """ "it hit walton full speed" (roc-2070), "new to creative writing" (wp-1086): WordNet's
    glosses pair the words ("at full speed"); the corpus pairs "serial killer"."""
    text = "the car braked but it hit walton full speed . it was late ."
    assert _outs(_fixed(annotator, text, [("water", "water")], {"speed"}), text, annotator) == {None}
    text = "it hit walton with speed . it was late ."
    assert _outs(_fixed(annotator, text, [("water", "water")], {"speed"}), text, annotator) == {
        "it hit walton with water . it was late ."
    }
    text = "I 'm brand new to creative writing so be kind . It was late ."
    assert _outs(_fixed(annotator, text, [("water", "water")], {"writing"}), text, annotator) == {None}
    text = "The police found the serial killer at home . It was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"killer"}), text, annotator) == {None}
    text = "The police found the red killer at home . It was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"killer"}), text, annotator) == {
        "The police found the red sauce at home . It was late ."
    }


def test_collocations_are_read_from_the_corpus_and_the_glosses(annotator):
    pairs = collocations([annotator.parse(ex.text) for ex in CORPUS])
    assert ("serial", "killer") in pairs and ("old", "killer") not in pairs
    glossed = gloss_collocations()
    assert "full speed" in glossed and "creative writing" in glossed and "great night" not in glossed


def test_no_noun_with_its_particle(annotator):
    """ "she could n't wait for a great night out" -> "a great sauce out" never (roc-675)."""
    text = "she could n't wait for a great night out ! it was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"night"}), text, annotator) == {None}
    text = "she could n't wait for a great night ! it was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"night"}), text, annotator) == {
        "she could n't wait for a great sauce ! it was late ."
    }


def test_no_word_of_a_cited_title(annotator):
    """ "my favorite is 'a funny thing happened on the way to the forum '" keeps its title
    (roc-2786); a line of dialogue is no title."""
    text = "my favorite is 'a funny thing happened on the way to the forum ' . it was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"forum"}), text, annotator) == {
        "my sauce is 'a funny thing happened on the way to the forum ' . it was late ."
    }
    doc = annotator.parse(text)
    assert [doc[i].text for i in cited_tokens(doc)][-2:] == ["the", "forum"]
    text = "a funny thing happened on the way to the forum . it was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"forum"}), text, annotator) == {
        "a funny thing happened on the way to the sauce . it was late ."
    }
    doc = annotator.parse("`` Honey , come back to bed '' , Elise said .")
    assert cited_tokens(doc) == ()


def test_no_word_of_a_hyphenated_entry_or_an_idiom(annotator):
    """ "the closest hole in the wall" (WordNet's "hole-in-the-wall") and "hard to give a shit"
    (idioms.txt) stay whole (wp-595)."""
    text = "I walked to the closest hole in the wall I could find . It was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"hole"}), text, annotator) == {None}
    text = "I walked to the closest hole . It was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"hole"}), text, annotator) == {
        "I walked to the closest sauce . It was late ."
    }
    text = "So many faces come and go that it is hard to give a shit really . It was late ."
    assert _outs(_fixed(annotator, text, [("sauce", "sauce")], {"shit"}), text, annotator) == {None}


def test_no_phrase_bound_or_vague_noun_is_drawn(annotator):
    """ "His cigarette glowed" -> "His avail glowed" never (wp-549): the corpus says only "to no
    avail"; "they brandished knives" -> "items" never (roc-777)."""
    assert "avail" in phrase_bound_nouns([annotator.parse(ex.text) for ex in CORPUS])
    text = "His cigarette glowed gently as he puffed on it . It was late ."
    t = _fixed(annotator, text, [("avail", "avail"), ("sauce", "sauce")], {"cigarette"})
    assert _outs(t, text, annotator) == {"His sauce glowed gently as he puffed on it . It was late ."}
    text = "they brandished knives and asked for her wallet . it was late ."
    t = _fixed(annotator, text, [("items", "item"), ("sauces", "sauce")], {"knives"})
    assert _outs(t, text, annotator) == {"they brandished sauces and asked for her wallet . it was late ."}
