"""How :class:`~perturbkit.transform.similarity.SimilarityCheck` spends encoder calls: each distinct
sentence is embedded once (across pairs, calls and rounds), the cheap checks (empty candidate,
BLEU-1) run before the model, and ``first_accepted`` embeds nothing after a group's first accepted
pair yet answers as checking every pair would. A stub encoder records what it is asked."""

from __future__ import annotations

import random

import pytest

from perturbkit.transform import similarity as S


class RecordingEncoder:
    """Bag-of-words unit vectors (cosine is word overlap); remembers every text it encoded."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def encode(self, texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True):
        import numpy as np

        self.calls.append(list(texts))
        out = np.zeros((len(texts), 512))
        for i, t in enumerate(texts):
            for w in S.word_tokens(t):
                out[i, sum(map(ord, w)) % 512] += 1
            out[i] /= np.linalg.norm(out[i]) or 1
        return out

    @property
    def texts(self) -> list[str]:
        return [t for call in self.calls for t in call]


@pytest.fixture
def enc(monkeypatch):
    e = RecordingEncoder()
    monkeypatch.setattr(S, "load_sentence_encoder", lambda model=None, device="auto", **kw: e)
    return e


def test_each_distinct_sentence_is_embedded_once_per_call_and_across_calls(enc):
    check = S.SimilarityCheck(min_similarity=0.5, max_bleu1=1.0)
    src = "Tom went home after work."
    cos = check.cosines([src, src, src], ["Tom walked home after work.", src, "Tom walked home after work."])
    assert len(enc.calls) == 1 and sorted(enc.texts) == sorted({src, "Tom walked home after work."})
    assert cos[1] == pytest.approx(1.0) and cos[0] == cos[2]
    check.cosines([src], ["Tom walked home after work."])  # both known: no encoder call
    assert len(enc.calls) == 1
    check.cosines([src], ["Tom left for home."])
    assert enc.calls[-1] == ["Tom left for home."]  # only the new sentence


def test_cheap_checks_run_before_the_model(enc):
    check = S.SimilarityCheck(min_similarity=0.1, max_bleu1=0.6)
    src = "the dog barked at the mailman ."
    ok = check.accept_many([src, src, src], ["the dog barked at the mailman !", "   ", "a hound yelped at him ."])
    assert ok == [False, False, True]
    assert sorted(enc.texts) == sorted([src, "a hound yelped at him ."])  # the copy and the blank never embedded


def test_first_accepted_stops_at_each_group_s_first_accepted_pair(enc):
    check = S.SimilarityCheck(min_similarity=0.5, max_bleu1=1.0)
    a, b = "Tom bought a red car.", "She did not like the rain."
    groups = [
        [(a, "Tom purchased a red car."), (a, "Tom got a red car."), (a, "Tom bought a crimson auto.")],
        [(b, "Cats flew south."), (b, "She disliked the rain."), (b, "She hated the rain.")],
        [(b, "Nothing at all.")],
        [],
    ]
    assert check.first_accepted(groups) == [0, 1, None, None]
    assert "Tom got a red car." not in enc.texts and "She hated the rain." not in enc.texts
    assert len(enc.calls) == 2  # one call per round: round 1 all heads, round 2 group 1's next
    assert sorted(enc.texts) == sorted(set(enc.texts))  # no sentence embedded twice (b in both rounds)


def test_first_accepted_answers_as_checking_every_pair(enc):
    words = "tom went home she ran the dog cat barked slept early late".split()
    rng = random.Random(7)

    def sent() -> str:
        return " ".join(rng.sample(words, 4)) + " ."

    groups = [[(s, sent()) for _ in range(rng.randint(0, 5))] for s in (sent() for _ in range(40))]
    lazy = S.SimilarityCheck(min_similarity=0.4, max_bleu1=0.8).first_accepted(groups)
    full = S.SimilarityCheck(min_similarity=0.4, max_bleu1=0.8)
    expect = []
    for pairs in groups:
        ok = full.accept_many([p[0] for p in pairs], [p[1] for p in pairs])
        expect.append(next((i for i, k in enumerate(ok) if k), None))
    assert lazy == expect and any(e is None for e in expect) and any(e not in (None, 0) for e in expect)


def test_checks_of_one_encoder_share_its_sentences(enc):
    para = S.SimilarityCheck(min_similarity=0.75, max_bleu1=1.0)  # as the paraphrase transforms build it
    filt = S.SimilarityCheck(min_similarity=0.5, max_bleu1=0.6)  # as the similarity filter does
    src, cand = "Tom bought a red car.", "Tom purchased a red car."
    para.cosines([src], [cand])
    filt.cosines([cand, src], [src, "Tom got a new car."])
    assert sorted(enc.texts) == sorted([src, cand, "Tom got a new car."])


def test_encoding_caps_torch_threads_and_restores_them():
    torch = pytest.importorskip("torch")
    before = torch.get_num_threads()
    seen = []

    class ThreadEncoder:
        def encode(self, texts, **kw):
            import numpy as np

            seen.append(torch.get_num_threads())
            return np.ones((len(texts), 2)) / np.sqrt(2)

    enc = ThreadEncoder()
    S.SimilarityCheck(threads=1)._encode(enc, ["a"])
    S.SimilarityCheck(threads=None)._encode(enc, ["a"])
    assert seen == [1, before] and torch.get_num_threads() == before
