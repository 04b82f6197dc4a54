"""Tournament pairing, points and standings, pure: no I/O, no clock, no global
randomness; the same inputs (and seed) give the same tables.

An entry is a place in an event, named by a string id; the caller passes the entries
still playing and the results so far (``TableResult``), and keeps everything itself::

    tables = swiss_round(playing, ratings, results, round_no, table_size, seed)
    # ... each table's game is played; a bye's result is TableResult.bye(table)
    results.append(TableResult.from_ranking(table, ranking, scores, forfeits))
    lines = standings(every_entry, ratings, results)   # rank, points, tie-breaks
    text = translate(EXPLANATIONS["opponents"], lang)   # how a figure is counted

A round robin is fixed at the start: ``round_robin(entries, table_size, seed)`` gives
every round's tables, and ``without(tables, gone)`` a round's once places withdrew.
Points and tie-breaks: ``standings``; pairing rules: ``swiss``, ``groups`` and
``robin``, each module's docstring.
"""

from bot.service.events.groups import table_plan
from bot.service.events.robin import round_robin, without
from bot.service.events.standings import (
    CRITERIA,
    EXPLANATIONS,
    NAMES,
    TIEBREAKS,
    Standing,
    event_points,
    format_points,
    standings,
)
from bot.service.events.swiss import swiss_round
from bot.service.events.tables import (
    BYE_POINTS,
    EntryRecord,
    Table,
    TableResult,
    placing_points,
    records,
)

__all__ = [
    "BYE_POINTS",
    "CRITERIA",
    "EXPLANATIONS",
    "NAMES",
    "TIEBREAKS",
    "EntryRecord",
    "Standing",
    "Table",
    "TableResult",
    "event_points",
    "format_points",
    "placing_points",
    "records",
    "round_robin",
    "standings",
    "swiss_round",
    "table_plan",
    "without",
]
