"""Negative log-likelihoods of token sequences under a causal LM, for :mod:`.perplexity`.

:class:`TokenNLL` is the scoring half of :class:`~perturbkit.metrics.perplexity.Perplexity`, which
decides what a sequence is (start token, context, story) and turns NLLs into scores. Given
encoded sequences ``(ids, start)`` it returns per sequence the summed NLL of the tokens from
``start`` on and their count, either in right-padded batches (:meth:`TokenNLL._nll`) or with each
distinct token prefix run through the model once (:meth:`TokenNLL._nll_shared`: a prefix tree
packed into one forward pass, the last sequence's KV cache kept from one call to the next).

The class using it sets ``_lm`` and ``_tok`` (model and tokenizer), ``head_chunk``,
``max_tokens`` and ``pack_tokens``, and starts with ``_prev = None``, ``_prev_lock`` (a lock),
``_share_ok = None`` and ``token_counts = {"tokens": 0, "run": 0}``.
"""

from __future__ import annotations

import sys
from typing import Any


class TokenNLL:
    """Per-token NLLs of story tokens under ``self._lm``: batched, or sharing token prefixes."""

    def _nll(self, enc: list[tuple[list[int], int]]) -> tuple[Any, Any]:
        """Summed negative log-likelihood of story tokens and their count, per sequence (batched)."""
        import torch

        lm = self._lm
        dev = next(lm.parameters()).device
        n = len(enc)
        length = max((len(ids) for ids, _ in enc), default=0)
        nll_sum = torch.zeros(n, dtype=torch.float64)
        n_tok = torch.zeros(n, dtype=torch.long)
        if length < 2:
            return nll_sum, n_tok
        pad = self._tok.pad_token_id if self._tok.pad_token_id is not None else 0
        input_ids = torch.full((n, length), pad, dtype=torch.long)
        mask = torch.zeros((n, length), dtype=torch.long)
        rows, pos = [], []
        for i, (ids, start) in enumerate(enc):
            input_ids[i, : len(ids)] = torch.tensor(ids, dtype=torch.long)
            mask[i, : len(ids)] = 1
            for p in range(max(start, 1), len(ids)):  # token p is predicted from position p - 1
                rows.append(i)
                pos.append(p)
        if not rows:
            return nll_sum, n_tok
        self.token_counts["tokens"] += sum(len(ids) for ids, _ in enc)
        self.token_counts["run"] += n * length
        input_ids, mask = input_ids.to(dev), mask.to(dev)
        rows_t = torch.tensor(rows, dtype=torch.long, device=dev)
        pos_t = torch.tensor(pos, dtype=torch.long, device=dev)
        targets = input_ids[rows_t, pos_t]
        with torch.no_grad():
            hidden, head = self._hidden(input_ids, mask)
            tok_nll = self._head_nll(head, hidden[rows_t, pos_t - 1], targets)
        nll_sum.index_add_(0, rows_t.cpu(), tok_nll.cpu().double())
        n_tok.index_add_(0, rows_t.cpu(), torch.ones(len(rows), dtype=torch.long))
        return nll_sum, n_tok

    def _head_nll(self, head: Any, h: Any, targets: Any, rows: Any = None) -> Any:
        """-log p(target | hidden state), the LM head applied ``head_chunk`` hidden states at a
        time; ``rows`` (default: one target per hidden state) maps each target to its row of ``h``."""
        import torch

        if rows is None:
            rows = torch.arange(len(targets), device=h.device)
        tok_nll = torch.empty(len(targets), dtype=torch.float32, device=h.device)
        for a in range(0, len(h), self.head_chunk):
            logp = torch.log_softmax(head(h[a : a + self.head_chunk]).float(), dim=-1)
            sel = ((rows >= a) & (rows < a + self.head_chunk)).nonzero()[:, 0]
            tok_nll[sel] = -logp[rows[sel] - a, targets[sel]]
        return tok_nll

    def _body_only(self) -> bool:
        """True when the model body can run without its LM head (the head is then applied only at
        the scored positions); False for models whose logits need more than the output embedding
        (soft-capping, logit scaling): those run whole and return logits."""
        lm = self._lm
        cfg = lm.config
        return (
            lm.get_output_embeddings() is not None
            and lm.base_model is not lm
            and getattr(cfg, "final_logit_softcapping", None) is None
            and getattr(cfg, "logit_scale", None) is None
        )

    def _hidden(self, input_ids: Any, mask: Any) -> tuple[Any, Any]:
        """Final hidden states and a function mapping them to logits.

        Runs the model body without its LM head when the architecture allows, so the logits are
        computed only at story positions, in chunks (a full ``positions x vocab`` tensor for a
        batch of long stories would take gigabytes).
        """
        lm = self._lm
        if self._body_only():
            hidden = lm.base_model(input_ids=input_ids, attention_mask=mask).last_hidden_state
            return hidden, lm.get_output_embeddings()
        logits = lm(input_ids=input_ids, attention_mask=mask).logits
        return logits, lambda x: x

    # ------------------------------------------------------------------ prefix sharing
    def _can_share(self) -> bool:
        """Whether this model supports the prefix-sharing path: the body runs without its head,
        takes position ids, a custom 4D mask (eager or SDPA attention) and a KV cache, and has no
        sliding window shorter than the sequences. Other models take the batched path."""
        import inspect

        if self._share_ok is not None:
            return self._share_ok
        lm = self._lm
        cfg = lm.config
        self._share_ok = False
        if not self._body_only() or getattr(cfg, "_attn_implementation", None) not in ("sdpa", "eager"):
            return False
        window = getattr(cfg, "sliding_window", None)
        if window and getattr(cfg, "use_sliding_window", True) and window < self.max_tokens:
            return False
        params = inspect.signature(type(lm.base_model).forward).parameters
        self._share_ok = all(k in params for k in ("position_ids", "past_key_values", "attention_mask"))
        return self._share_ok

    def _nll_shared(self, enc: list[tuple[list[int], int]]) -> tuple[Any, Any]:
        """Like :meth:`_nll`, but each distinct token prefix runs through the model once.

        Sequences are taken in lexicographic order of their token ids and packed, about
        ``pack_tokens`` new tokens at a time, into one forward pass over their prefix tree: each
        tree node (a token after a given prefix) is one input position whose position id is its
        depth and which attends only to its ancestors (a 4D mask). The tree hangs below the kept
        sequence (the last sequence of the previous pack, kept across calls with its KV cache,
        per-token NLLs and final hidden states): a node whose prefix is in the kept sequence
        attends to its cache instead. Token p's NLL comes from the hidden state of its parent
        node (position p - 1) and depends on tokens 0..p only, so a shared node's NLL is
        computed once.
        """
        import torch

        n = len(enc)
        nll_sum = torch.zeros(n, dtype=torch.float64)
        n_tok = torch.zeros(n, dtype=torch.long)
        todo = sorted((i for i in range(n) if len(enc[i][0]) - max(enc[i][1], 1) >= 1), key=lambda i: enc[i][0])
        # the cache plus the new tokens stay within the model's window (some models, like GPT-2
        # with eager attention, keep a causal buffer of that size)
        window = max_positions(self._lm) or sys.maxsize
        with self._prev_lock, torch.no_grad():
            # new tokens per sequence: what follows its common prefix with the one before it
            before = self._prev.ids if self._prev is not None else []
            news = []
            for i in todo:
                news.append(len(enc[i][0]) - _common(enc[i][0], before))
                before = enc[i][0]
            # packs of about equal size, none much above pack_tokens (a small last pack would
            # waste a forward pass)
            n_packs = -(-sum(news) // self.pack_tokens)
            target = -(-sum(news) // max(1, n_packs))
            spine = len(self._prev.ids) if self._prev is not None else 0
            k = 0
            while k < len(todo):
                first, size = k, 0
                while k < len(todo) and (
                    k == first or (size + news[k] / 2 <= target and spine + size + news[k] <= window)
                ):
                    size += news[k]
                    k += 1
                pack = todo[first:k]
                spine = len(enc[pack[-1]][0])
                for i, nll in zip(pack, self._pack_nll([(enc[i][0], max(enc[i][1], 1)) for i in pack])):
                    nll_sum[i] = float(nll.double().sum())
                    n_tok[i] = len(nll)
        return nll_sum, n_tok

    def _pack_nll(self, seqs: list[tuple[list[int], int]]) -> list[Any]:
        """Per (ids, first scored position) in lexicographic order, the NLLs of tokens first.. .

        Rows 0..keep-1 are the kept sequence's positions (in its cache); then come the new tree
        nodes that have a child in the pack (the model runs on those), then the leaves. A leaf's
        hidden state would predict nothing and no node attends to it, so it never enters the
        model: its NLL comes from its parent's hidden state like any other node's.
        """
        import torch

        lm = self._lm
        dev = next(lm.parameters()).device
        prev, self._prev = self._prev, None  # cleared while its cache is cropped and extended
        spine = prev.ids if prev is not None else []
        shared = [_common(ids, spine) for ids, _ in seqs]
        keep = max(shared)
        # the prefix tree: new node j (a token after a given prefix) has parent parent[j], another
        # new node (>= 0) or kept row i (encoded -1 - i); nodes are made after their parents
        tokens: list[int] = []
        depth: list[int] = []
        parent: list[int | None] = []  # None: a first token (no kept sequence shares it)
        child: dict[tuple[int, int], int] = {}
        paths = []  # per sequence: its node per position (-1 - i: row i of the kept sequence)
        for (ids, _), l in zip(seqs, shared):
            path = [-1 - i for i in range(l)]
            up = path[-1] if l else None
            for d in range(l, len(ids)):
                j = child.get((up, ids[d]))
                if j is None:
                    j = child[(up, ids[d])] = len(tokens)
                    tokens.append(ids[d])
                    depth.append(d)
                    parent.append(up)
                path.append(j)
                up = j
            paths.append(path)
        has_child = [False] * len(tokens)
        for up in parent:
            if up is not None and up >= 0:
                has_child[up] = True
        inner = [j for j in range(len(tokens)) if has_child[j]]  # parents before children
        row = [0] * len(tokens)
        for r, j in enumerate(inner + [j for j in range(len(tokens)) if not has_child[j]]):
            row[j] = keep + r
        n_rows = keep + len(tokens)
        rows_of = [[(-p - 1) if p < 0 else row[p] for p in path] for path in paths]

        self.token_counts["tokens"] += sum(len(ids) for ids, _ in seqs)
        cache = prev.cache if (prev is not None and keep) else None
        if cache is not None:
            cache.crop(keep)
        hidden = prev.hidden[:keep] if keep else None
        if inner:
            m = len(inner)
            allowed = torch.zeros((m, keep + m), dtype=torch.bool)
            for r, j in enumerate(inner):  # a node attends to its ancestors and itself
                up = parent[j]
                if up is not None and up >= 0:
                    allowed[r] = allowed[row[up] - keep]  # the parent's ancestors (and the parent)
                elif up is not None:
                    allowed[r, :-up] = True  # kept rows 0..-up-1
                allowed[r, keep + r] = True
            if lm.config._attn_implementation == "sdpa":
                mask = allowed.to(dev)[None, None]
            else:  # eager attention adds the mask to the scores
                mask = torch.zeros(allowed.shape, dtype=lm.dtype)
                mask.masked_fill_(~allowed, torch.finfo(lm.dtype).min)
                mask = mask.to(dev)[None, None]
            out = lm.base_model(
                input_ids=torch.tensor([[tokens[j] for j in inner]], device=dev),
                position_ids=torch.tensor([[depth[j] for j in inner]], device=dev),
                attention_mask=mask,
                past_key_values=cache,
                use_cache=True,
            )
            cache = out.past_key_values
            new = out.last_hidden_state[0]
            hidden = new if hidden is None else torch.cat([hidden, new])
            self.token_counts["run"] += m
        nll = torch.full((n_rows,), float("nan"), dtype=torch.float32, device=dev)
        if keep:
            nll[:keep] = prev.nll[:keep]
        known = torch.isfinite(nll).tolist()
        need: dict[int, tuple[int, int]] = {}  # row -> (parent row, token)
        for (ids, first), path in zip(seqs, rows_of):
            for d in range(first, len(ids)):
                if not known[path[d]]:
                    need[path[d]] = (path[d - 1], ids[d])
        if need:
            # one LM-head row per parent: a branching node predicts several children
            ups = sorted({u for u, _ in need.values()})
            at = {u: i for i, u in enumerate(ups)}
            logp_rows = torch.tensor([at[u] for u, _ in need.values()], dtype=torch.long, device=dev)
            targets = torch.tensor([t for _, t in need.values()], dtype=torch.long, device=dev)
            values = self._head_nll(
                lm.get_output_embeddings(), hidden[torch.tensor(ups, device=dev)], targets, logp_rows
            )
            nll[torch.tensor(list(need), dtype=torch.long, device=dev)] = values
        out_nll = [
            nll[torch.tensor(path[first:], dtype=torch.long, device=dev)] for (_, first), path in zip(seqs, rows_of)
        ]
        # keep the last sequence (the next ones in order share most with it) for the next pack:
        # the part of it in the cache, i.e. all but a final leaf
        last_ids, last = seqs[-1][0], rows_of[-1]
        n_cached = sum(1 for r in last if r < keep + len(inner))
        index = torch.tensor(last[:n_cached], dtype=torch.long, device=dev)
        cache = _select_positions(cache, index) if (cache is not None and n_cached) else None
        if cache is not None:
            self._prev = KeptPrefix(list(last_ids[:n_cached]), cache, nll[index], hidden[index])
        return out_nll

    def reset_prefix(self) -> None:
        """Forget the sequence kept for prefix sharing (frees its KV cache)."""
        with self._prev_lock:
            self._prev = None


def _common(a: list[int], b: list[int]) -> int:
    """Length of the common prefix of two token lists."""
    n = min(len(a), len(b))
    i = 0
    while i < n and a[i] == b[i]:
        i += 1
    return i


class KeptPrefix:
    """The sequence kept for prefix sharing: token ids, KV cache (one entry per token), per-token
    NLLs (NaN where not scored) and final hidden states."""

    __slots__ = ("ids", "cache", "nll", "hidden")

    def __init__(self, ids: list[int], cache: Any, nll: Any, hidden: Any) -> None:
        self.ids, self.cache, self.nll, self.hidden = ids, cache, nll, hidden


def _select_positions(cache: Any, index: Any) -> Any:
    """The cache restricted to the given positions (in order), in place; None when its layout
    is unknown (the next pack then starts without a kept sequence)."""
    layers = getattr(cache, "layers", None)
    if layers is not None and hasattr(cache, "crop"):  # transformers >= 4.56: DynamicLayer per layer
        if any(type(layer).__name__ != "DynamicLayer" or layer.keys is None for layer in layers):
            return None
        for layer in layers:
            layer.keys = layer.keys.index_select(-2, index)
            layer.values = layer.values.index_select(-2, index)
        return cache
    return None


def max_positions(lm: Any) -> int | None:
    """The longest sequence the model takes (from its config), or None when it does not say."""
    cfg = lm.config
    for attr in ("max_position_embeddings", "n_positions", "n_ctx"):
        v = getattr(cfg, attr, None)
        if isinstance(v, int) and v > 0:
            return v
    return None
