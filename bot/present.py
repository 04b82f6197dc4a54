"""What only one seat may see, as short localised sections for any front end.

``private_sections(rules_id, private_view, seat, lang)`` turns a seat's own view into a
few ``Section``s (a title and a handful of plain-text lines). The console prints them;
the Discord layer makes one embed field of each. Each game with hidden information has
its formatter (Origin Junior: token values, tile levels, cards, hidden score; Origin
Classic: the hand by deck with each card's title and effect, the objectives dealt at
set-up, the stacks); any other game gets a generic summary of the parts of its view
that the public view does not show. Only the seat's own part of the view is read, so
nothing of another seat can leak through here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.base import Move, Text
from rules.i18n import has_key, register_package, translate

register_package("bot")

MAX_GENERIC_SECTIONS = 20
CLASSIC_DECKS = ("action", "permanent", "objective")
JUNIOR_COLOURS = ("yellow", "orange", "violet")
# The hidden tokens of Origin Junior: (part of the seat's view, message key, key prefix
# of the place's name, field naming the place).
JUNIOR_TOKENS = (
    ("hunting", "present.origin.hunting", "origin.terr", "territory"),
    ("straits", "present.origin.strait", "origin.strait", "strait"),
)


@dataclass(frozen=True)
class Section:
    """One block of a private view: a title and short plain-text lines."""

    title: str
    lines: tuple[str, ...]


Formatter = Callable[[Mapping[str, Any], str, str, frozenset[str]], list[Section]]


def private_sections(
    rules_id: str,
    private_view: Mapping[str, Any],
    seat: str,
    lang: str,
    *,
    public_view: Mapping[str, Any] | None = None,
    moves: Iterable[Move] = (),
) -> list[Section]:
    """The sections ``seat`` sees of its own ``private_view`` (``view(state, seat)``).

    ``moves`` are the seat's legal moves right now (empty when it is not to act): a
    card whose ``play:<card>`` move is among them is marked playable. ``public_view``
    is only used by the generic formatter, to show what differs from the table's view.
    An empty list means the seat has nothing hidden.
    """
    codes = frozenset(m.code for m in moves)
    formatter = FORMATTERS.get(rules_id)
    if formatter is not None:
        return formatter(private_view, seat, lang, codes)
    return generic_sections(private_view, public_view, lang)


def section_text(section: Section, *, bullet: str = "- ") -> str:
    """A section's lines as one text block (bulleted when there are several)."""
    if len(section.lines) == 1:
        return section.lines[0]
    return "\n".join(f"{bullet}{line}" for line in section.lines)


def group_name(group: str, lang: str) -> str:
    """The localised name of a kind of move (``Move.group``), or the group itself."""
    if not group:
        return translate("present.group.other", lang)
    key = f"present.group.{group}"
    return translate(key, lang) if has_key(key) else group


def _t(key: str, lang: str, **params: Any) -> str:
    return translate(Text(key, params), lang)


def _value(value: object) -> str:
    return "?" if value is None else str(value)


def _or_none(lines: Sequence[str], lang: str) -> tuple[str, ...]:
    """The lines of a section, or the one line that says there is nothing."""
    return tuple(lines) or (_t("present.none", lang),)


def _score_section(view: Mapping[str, Any], seat: str, key: str, lang: str) -> list[Section]:
    """The seat's total under ``key`` as a one-line section; none when the view has no
    score for the seat."""
    score = (view.get("scores") or {}).get(seat)
    if not isinstance(score, Mapping):
        return []
    return [Section(_t("present.score", lang), (_t(key, lang, total=score.get("total", 0)),))]


def _own(view: Mapping[str, Any], seat: str) -> Mapping[str, Any]:
    players = view.get("players")
    if isinstance(players, Mapping):
        own = players.get(seat)
        if isinstance(own, Mapping):
            return own
    return {}


# --------------------------------------------------------------------------- Origin Junior


def junior_sections(
    view: Mapping[str, Any], seat: str, lang: str, codes: frozenset[str]
) -> list[Section]:
    """Origin Junior: token values and tile levels (hidden from the others), the cards
    per colour, and the score with those hidden points counted."""
    own = _own(view, seat)
    tokens = [
        _t(key, lang, place=_t(f"{places}.{tok.get(field)}", lang), value=_value(tok.get("value")))
        for part, key, places, field in JUNIOR_TOKENS
        for tok in own.get(part) or []
    ]
    tiles = [_value(tile.get("level")) for tile in own.get("tiles") or []]
    cards = own.get("cards") or {}
    colours = [
        _t("present.count", lang, name=_t(f"origin.colour.{c}", lang), n=cards.get(c, 0))
        for c in JUNIOR_COLOURS
    ]
    sections = [
        Section(_t("present.origin.tokens", lang), _or_none(tokens, lang)),
        Section(
            _t("present.origin.tiles", lang),
            (
                _t("present.origin.tile_levels", lang, n=len(tiles), levels=", ".join(tiles))
                if tiles
                else _t("present.none", lang),
            ),
        ),
        Section(_t("present.origin.cards", lang), (" · ".join(colours),)),
    ]
    return sections + _score_section(view, seat, "present.score.hidden_included", lang)


# --------------------------------------------------------------------------- Origin Classic


def card_line(card: Mapping[str, Any], lang: str, codes: frozenset[str]) -> str:
    """``Title (needs level 3): effect — playable now`` from a card entry of the view."""
    texts = card.get(lang) or card.get("en") or {}
    title = texts.get("title") or _t(str(card.get("title", "")), lang)
    text = texts.get("text") or _t(str(card.get("text", "")), lang)
    notes = []
    if card.get("level") is not None:
        notes.append(_t("present.classic.level", lang, level=card["level"]))
    if card.get("points") is not None:
        notes.append(_t("present.classic.points", lang, points=card["points"]))
    head = f"{title} ({', '.join(notes)})" if notes else title
    line = _t("present.classic.card", lang, card=head, text=text)
    if f"play:{str(card.get('id', '')).lower()}" in codes:
        line += " " + _t("present.classic.playable", lang)
    return line


def classic_sections(
    view: Mapping[str, Any], seat: str, lang: str, codes: frozenset[str]
) -> list[Section]:
    """Origin Classic: the objectives dealt at set-up (while choosing), the hand by deck
    with each card's title and effect, the Permanent cards in play, the stacks."""
    me = view.get("me")
    if not isinstance(me, Mapping) or me.get("seat") != seat:
        return []
    sections = []
    dealt = me.get("dealt") or []
    if dealt:
        sections.append(
            Section(
                _t("present.classic.dealt", lang),
                tuple(card_line(c, lang, codes) for c in dealt),
            )
        )
    hand = me.get("hand") or {}
    for deck in CLASSIC_DECKS:
        cards = hand.get(deck) or []
        if dealt and not any(hand.get(d) for d in CLASSIC_DECKS):
            break  # choosing at set-up with an empty hand: the objectives are the news
        title = _t("present.classic.deck", lang, deck=_t(f"origin.classic.deck.{deck}", lang))
        lines = [card_line(c, lang, codes) for c in cards]
        sections.append(Section(f"{title} ({len(cards)})", _or_none(lines, lang)))
    own = _own(view, seat)
    permanents = [_t(f"origin.classic.card.{c}.title", lang) for c in own.get("permanents") or []]
    if permanents:
        sections.append(Section(_t("present.classic.in_play", lang), (", ".join(permanents),)))
    stacks = own.get("tile_ids") or []
    levels = own.get("tiles") or []
    lines = []
    for n, stack in enumerate(stacks, 1):
        stack_levels = levels[n - 1] if n - 1 < len(levels) else []
        tiles = " > ".join(
            f"{tile} ({_value(stack_levels[i] if i < len(stack_levels) else None)})"
            for i, tile in enumerate(stack)
        )
        lines.append(_t("present.classic.stack", lang, n=n, tiles=tiles))
    sections.append(Section(_t("present.classic.stacks", lang), _or_none(lines, lang)))
    return sections + _score_section(view, seat, "present.score.total", lang)


# --------------------------------------------------------------------------- any game


def generic_sections(
    private_view: Mapping[str, Any], public_view: Mapping[str, Any] | None, lang: str
) -> list[Section]:
    """The top-level parts of the view that differ from the public one, described."""
    public = public_view or {}
    sections = []
    for key, value in private_view.items():
        if key in public and public[key] == value:
            continue
        lines = describe(value, lang).splitlines() or ["—"]
        sections.append(Section(_t(str(key), lang), tuple(lines)))
        if len(sections) >= MAX_GENERIC_SECTIONS:
            break
    return sections


def describe(value: object, lang: str) -> str:
    """A compact human text for a piece of a view (lists, dicts, message keys)."""
    if isinstance(value, str):
        return _t(value[1:], lang) if value.startswith("@") else value
    if isinstance(value, bool):
        return _t("present.yes" if value else "present.no", lang)
    if isinstance(value, Mapping):
        return "\n".join(f"{_t(str(k), lang)}: {describe(v, lang)}" for k, v in value.items())
    if isinstance(value, Sequence):
        return ", ".join(describe(v, lang) for v in value)
    return str(value)


FORMATTERS: dict[str, Formatter] = {
    "origin-junior": junior_sections,
    "origin": classic_sections,
}

__all__ = [
    "FORMATTERS",
    "Section",
    "card_line",
    "classic_sections",
    "describe",
    "generic_sections",
    "group_name",
    "junior_sections",
    "private_sections",
    "section_text",
]
