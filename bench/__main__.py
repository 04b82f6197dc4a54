"""Run every ``bench/bench_*.py`` module's ``main()`` in name order: ``python -m bench``.

``python -m bench service render`` runs only the modules whose names contain one of the
words; what follows the first option (``python -m bench load --quick``) is left for the
modules to read. A module that fails is reported and the others still run; the exit
status is 1 if any failed.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path


def bench_modules() -> list[str]:
    """Names of the benchmark modules found next to this file, sorted."""
    folder = Path(__file__).resolve().parent
    return sorted(
        f"bench.{info.name}"
        for info in pkgutil.iter_modules([str(folder)])
        if info.name.startswith("bench_")
    )


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    first = next((n for n, w in enumerate(given) if w.startswith("-")), len(given))
    words, options = given[:first], given[first:]
    names = [n for n in bench_modules() if not words or any(w in n for w in words)]
    failed = []
    sys.argv = sys.argv[:1] + options  # the modules' own argument parsers see no filter words
    for name in names:
        print(f"== {name}", flush=True)
        started = time.perf_counter()
        try:
            module = importlib.import_module(name)
            module.main()
        except Exception:
            traceback.print_exc()
            failed.append(name)
        print(f"== {name}: {time.perf_counter() - started:.1f} s", flush=True)
    if failed:
        print(f"failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
