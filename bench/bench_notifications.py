"""A fortnight of notices: what six players in six time zones are sent, day by day.

Run: ``.venv/bin/python -m bench notifications`` (``--days N`` for another length,
``--seed S`` for other game seeds). Plays ``campfire_testing.fortnight``: three servers,
six players with their own zones, quiet hours and frequencies, twelve Nim games with
turn clocks and AI seats, 14 days on a moving clock through the service (the turn
pings, the reminder loop, the notices' outbox), then prints what happened, the table of
direct messages and pings per day per player (``m/p``), and each broken promise: a
message or ping in quiet hours, a digest that misses a waiting game or lists one twice,
a deadline whose turn reached half time without a reminder outside quiet hours, a
timeout. Target: none (the module fails otherwise).
"""

from __future__ import annotations

import argparse
import asyncio
import time

from campfire_testing.fortnight import DAYS, check, fortnight, summary, table


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench notifications")
    parser.add_argument("--days", type=int, default=DAYS)
    parser.add_argument("--seed", type=int, default=7)
    args, _ = parser.parse_known_args()
    started = time.perf_counter()
    record = asyncio.run(fortnight(args.days, args.seed))
    print(f"{args.days} days in {time.perf_counter() - started:.1f} s: {summary(record)}")
    print()
    print(table(record, args.days))
    print()
    broken = check(record)
    for name, problems in broken.items():
        print(f"{name}: {'; '.join(problems) if problems else 'every promise kept'}")
    if any(broken.values()):
        raise SystemExit("notices: broken promises (above)")


if __name__ == "__main__":
    main()
