"""Tournament pairing, points and standings, pure: no I/O, no clock, no global
randomness; the same inputs (and seed) give the same tables.

An entry is a place in an event, named by a string id; the caller passes the entries
still playing and the results so far (``TableResult``), and keeps everything itself.
"""

from bot.service.events.groups import table_plan
from bot.service.events.robin import round_robin
from bot.service.events.standings import (
    CRITERIA,
    EXPLANATIONS,
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
]
