"""A WordNet folder both readers open, prepared offline from Debian's ``wordnet-base``.

nltk cannot read Debian's files in place: the ``lexnames`` file is missing and nltk >= 3.9 refuses
symlinks leaving its data root, so :func:`prepare_wordnet` copies them into
``<nltk_data>/corpora/wordnet/`` and writes the two files Debian omits: ``lexnames`` (from the
man page, else built in) and ``index.sense`` (derived from the data files).
"""

from __future__ import annotations

import gzip
import os
import re
import shutil
import tempfile
from pathlib import Path

from . import wndb
from .config import cache_dir
from .errors import ResourceMissing
from .wndb_synsets import _SS_NUMBER

DEBIAN_DIR = Path("/usr/share/wordnet")
LEXNAMES_MAN = Path("/usr/share/man/man5/lexnames.5WN.gz")
INSTALL = (
    "apt-get update && apt-get install -y --no-install-recommends wordnet-base"
    " && python -m perturbkit.resources prepare-wordnet"
)

#: Files the readers need (``cntlist.rev`` gives lemma counts; the ``*.vrb`` files are extras).
REQUIRED = tuple(f"{kind}.{pos}" for kind in ("index", "data") for pos in ("noun", "verb", "adj", "adv")) + tuple(
    f"{pos}.exc" for pos in ("noun", "verb", "adj", "adv")
)
OPTIONAL = ("cntlist.rev", "sentidx.vrb", "sents.vrb", "LICENSE")

#: The 45 lexicographer files of WordNet 3.0 (lexnames(5WN)), numbered from 00.
LEXNAMES = (
    "adj.all",
    "adj.pert",
    "adv.all",
    "noun.Tops",
    "noun.act",
    "noun.animal",
    "noun.artifact",
    "noun.attribute",
    "noun.body",
    "noun.cognition",
    "noun.communication",
    "noun.event",
    "noun.feeling",
    "noun.food",
    "noun.group",
    "noun.location",
    "noun.motive",
    "noun.object",
    "noun.person",
    "noun.phenomenon",
    "noun.plant",
    "noun.possession",
    "noun.process",
    "noun.quantity",
    "noun.relation",
    "noun.shape",
    "noun.state",
    "noun.substance",
    "noun.time",
    "verb.body",
    "verb.change",
    "verb.cognition",
    "verb.communication",
    "verb.competition",
    "verb.consumption",
    "verb.contact",
    "verb.creation",
    "verb.emotion",
    "verb.motion",
    "verb.perception",
    "verb.possession",
    "verb.social",
    "verb.stative",
    "verb.weather",
    "adj.ppl",
)
_CATEGORY = {"noun": 1, "verb": 2, "adj": 3, "adv": 4}


def source_dir() -> Path:
    """Where the raw WordNet database lives: ``$WNSEARCHDIR`` if set, else Debian's location."""
    return Path(os.environ.get("WNSEARCHDIR") or DEBIAN_DIR)


def default_target() -> Path:
    """The nltk data root perturbkit prepares into: ``<cache_dir>/nltk_data``."""
    return cache_dir("nltk_data", create=False)


def _lexnames_from_man(man: Path = LEXNAMES_MAN) -> tuple[str, ...] | None:
    """Lexicographer file names parsed from the man page table, or None if absent or odd."""
    try:
        text = gzip.decompress(man.read_bytes()).decode("utf-8", "replace")
    except (OSError, EOFError):
        return None
    rows = re.findall(r"^(\d\d)\t\s*([a-z]+\.[A-Za-z]+)\s", text, flags=re.M)
    names = tuple(name for _, name in rows)
    ok = [int(n) for n, _ in rows] == list(range(len(rows))) and all(n.split(".")[0] in _CATEGORY for n in names)
    return names if ok and len(names) == len(LEXNAMES) else None


def lexnames_text(man: Path = LEXNAMES_MAN) -> str:
    """Content of the ``lexnames`` file: ``NN<TAB>name<TAB>category`` lines (1 noun .. 4 adverb)."""
    names = _lexnames_from_man(man) or LEXNAMES
    return "".join(f"{i:02d}\t{n}\t{_CATEGORY[n.split('.')[0]]}\n" for i, n in enumerate(names))


def index_sense_lines(src: Path) -> list[str]:
    """The ``index.sense`` file (senseidx(5WN)), derived from the data/index files and cntlist.

    Debian's wordnet-base omits it, but nltk's reader opens it on start-up (and for
    ``lemma_from_key``). Lines are ``sense_key offset sense_number tag_cnt``, sorted by key.
    """
    senses: dict[tuple[str, str], list[int]] = {}  # (lemma, index pos) -> synset offsets in order
    for pos in ("noun", "verb", "adj", "adv"):
        for line in wndb.lines(src / f"index.{pos}"):
            f = line.split()
            n_syn, n_ptr = int(f[2]), int(f[3])
            senses[f[0], pos] = [int(o) for o in f[6 + n_ptr : 6 + n_ptr + n_syn]]
    counts = wndb.read_sense_counts(src / "cntlist.rev") if (src / "cntlist.rev").is_file() else {}
    heads: dict[int, tuple[str, int]] = {}  # adjective head synset offset -> (first word, lex_id)
    synsets = []
    for pos in ("noun", "verb", "adj", "adv"):
        for line in wndb.lines(src / f"data.{pos}"):
            f = line.split(" | ", 1)[0].split()
            offset, lexfile, ss_type, n_words = int(f[0]), int(f[1]), f[2], int(f[3], 16)
            words = [(wndb.strip_marker(f[4 + 2 * i]).lower(), int(f[5 + 2 * i], 16)) for i in range(n_words)]
            i = 4 + 2 * n_words
            ptrs = [f[i + 1 + 4 * k : i + 5 + 4 * k] for k in range(int(f[i]))]
            head = next((int(p[1]) for p in ptrs if p[0] == "&"), None) if ss_type == "s" else None
            if ss_type == "a":
                heads[offset] = words[0]
            synsets.append((offset, lexfile, ss_type, words, head))
    out = []
    for offset, lexfile, ss_type, words, head in synsets:
        head_word, head_id = ("", "") if head is None else (heads[head][0], f"{heads[head][1]:02d}")
        for word, lex_id in words:
            key = f"{word}%{_SS_NUMBER[ss_type]}:{lexfile:02d}:{lex_id:02d}:{head_word}:{head_id}"
            order = senses.get((word, wndb._FILE[ss_type]), [])
            number = order.index(offset) + 1 if offset in order else 0
            out.append(f"{key} {offset:08d} {number} {counts.get(key, 0)}\n")
    return sorted(set(out))


def is_prepared(corpus: Path) -> bool:
    """True if ``corpus`` (a ``.../corpora/wordnet`` folder) has every file nltk needs."""
    return all((corpus / f).is_file() for f in REQUIRED + ("lexnames", "index.sense"))


def prepare_wordnet(target: Path | str | None = None, *, source: Path | str | None = None, force: bool = False) -> Path:
    """Copy the raw WordNet files into ``<target>/corpora/wordnet`` with a ``lexnames`` file.

    Atomic (built in a temporary folder, then renamed) and idempotent (a complete folder is
    kept unless ``force``). Returns the ``corpora/wordnet`` folder.
    """
    root = Path(target) if target is not None else default_target()
    src = Path(source) if source is not None else source_dir()
    corpus = root / "corpora" / "wordnet"
    if is_prepared(corpus) and not force:
        return corpus
    missing = [f for f in REQUIRED if not (src / f).is_file()]
    if missing:
        raise ResourceMissing(
            "WordNet", INSTALL, f"{src} lacks {', '.join(missing[:3])}" + ("..." if len(missing) > 3 else "")
        )
    corpus.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".wordnet-", dir=corpus.parent))
    try:
        for name in REQUIRED + OPTIONAL:
            if (src / name).is_file():
                shutil.copyfile(src / name, tmp / name)  # a copy, never a symlink (nltk >= 3.9)
        if (src / "lexnames").is_file():
            shutil.copyfile(src / "lexnames", tmp / "lexnames")
        else:
            (tmp / "lexnames").write_text(lexnames_text(), encoding="utf-8")
        if (src / "index.sense").is_file():
            shutil.copyfile(src / "index.sense", tmp / "index.sense")
        else:  # nltk's reader opens it at start-up
            (tmp / "index.sense").write_text("".join(index_sense_lines(src)), encoding="utf-8")
        tmp.chmod(0o755)  # mkdtemp makes it private; the prepared copy is shared read-only data
        if force or not is_prepared(corpus):  # another process may have finished meanwhile: keep its copy
            _replace_dir(tmp, corpus)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    if not is_prepared(corpus):  # lost a race against another, broken, writer
        raise ResourceMissing("WordNet", INSTALL, f"could not prepare {corpus}")
    return corpus


def _replace_dir(new: Path, dest: Path) -> None:
    """Move ``new`` to ``dest``, replacing an old (incomplete) ``dest``; tolerate a racing writer."""
    old = None
    if dest.exists():
        old = Path(tempfile.mkdtemp(prefix=".wordnet-old-", dir=dest.parent))
        os.rename(dest, old / "wordnet")
    try:
        os.rename(new, dest)
    except OSError:
        if not is_prepared(dest):  # someone else won only if the result is complete
            raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
