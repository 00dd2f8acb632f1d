#!/bin/sh
# Prepare perturbkit's offline data. Idempotent; called by `make setup`.
#   scripts/prepare_data.sh [PYTHON [NLTK_DATA_DIR]]
#       PYTHON         default .venv/bin/python
#       NLTK_DATA_DIR  default <venv>/nltk_data (on nltk's default search path)
# WordNet 3.0 comes from Debian's wordnet-base (installed here when missing and we are root),
# or from $WNSEARCHDIR if set (never installed then)
# and is copied into the venv's nltk data folder (<venv>/nltk_data/corpora/wordnet), where
# nltk, perturbkit and TextAttack all find it.
set -eu

PY=${1:-.venv/bin/python}
WN=${WNSEARCHDIR:-/usr/share/wordnet}
APT="apt-get update && apt-get install -y --no-install-recommends wordnet-base"

if [ ! -x "$PY" ] && ! command -v "$PY" >/dev/null 2>&1; then
    echo "prepare_data: no python at $PY (create the venv first: make setup)" >&2
    exit 1
fi

if [ ! -f "$WN/data.noun" ]; then
    if [ -n "${WNSEARCHDIR:-}" ]; then
        echo "prepare_data: WNSEARCHDIR=$WNSEARCHDIR holds no WordNet database (data.noun)" >&2
        exit 1
    elif [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "prepare_data: installing wordnet-base"
        apt-get update
        DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends wordnet-base
    else
        echo "prepare_data: WordNet is missing ($WN). Run as root:" >&2
        echo "    sudo sh -c '$APT'" >&2
        echo "then run this script again." >&2
        exit 1
    fi
fi

TARGET=${2:-$("$PY" -c 'import sys; print(sys.prefix)')/nltk_data}
"$PY" -m perturbkit.resources prepare-wordnet --target "$TARGET"
