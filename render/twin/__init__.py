"""The text twin of a picture: the board in words, for screen readers and slow links.

Every picture Campfire draws has a text twin built from the same view (``render.registry
.describe``): the **short** form (at most ``SHORT_LIMIT`` characters, what Discord reads
out as an attachment's description: who is to play, the last move and what it did,
every seat's score and the one or two facts that matter most now) and the **long**
form (the whole public board, section by section, in reading order, with the names
the move labels use). A seat's own view has a long form too (``describe_private``).

A game gives its words as a module beside its renderer (``render.<game>.twin``) with:

- ``facts(view, lang, names) -> list[str]``: the short form's facts, most important first;
- ``board(view, lang, names) -> list[Section]``: the long form's sections (shared board
  first, then one per seat in seat order);
- ``private(view, seat, lang, names) -> list[Section]``: what ``seat``'s own view adds;
- optionally ``last_parts(view, lang, names) -> list[str]``: the last move's label and
  notes in words (default: ``render.kit.frame.last_parts``).

This kit writes the envelope's part (round and turn, who is to play or who won, the
last move, the scores) the same way for every game. Words are in ``render/twin/locales``
(keys ``render.twin.*``), with plurals through ``rules.i18n``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from render.kit import frame
from render.kit.names import seat_name, seat_names, tr
from rules import i18n

i18n.register_package("render.twin")

View = Mapping[str, Any]
Names = Mapping[str, str] | None

SHORT_LIMIT = 1000
"""Discord reads an attachment's description up to 1,024 characters; the short form
keeps under 1,000."""
MESSAGE_LIMIT = 2000
"""One Discord message holds 2,000 characters: the long form is split at lines."""
ELLIPSIS = "…"


@dataclass(frozen=True)
class Section:
    """One part of the long form: a title and its lines, in reading order."""

    title: str
    lines: tuple[str, ...] = field(default_factory=tuple)


def section(title: str, lines: Iterable[str]) -> Section:
    return Section(title, tuple(line for line in lines if line))


# ---------------------------------------------------------------- the envelope's part


def status(view: View, lang: str, names: Names) -> str:
    """``Round 3 · Turn 12. To play: Bob.``, or ``Game over. Won by Amélie.``"""
    if view.get("over"):
        winners = frame.winners_of(view)
        if winners:
            return tr("render.twin.over_won", lang, names=seat_names(winners, names))
        return tr("render.twin.over", lang)
    when = frame.round_turn(view, lang)
    players = frame.acting(view)
    if not players:
        return tr("render.twin.when", lang, when=when)
    return tr(
        "render.twin.to_play", lang, when=when, names=seat_names(players, names), n=len(players)
    )


def scores_line(view: View, lang: str, names: Names) -> str:
    """``Scores: Amélie 12 points, Bob about 9 points (out).``"""
    out = frame.out_of(view)
    scores = view.get("scores") or {}
    parts = []
    for seat in frame.seats_of(view):
        score = scores.get(seat) if isinstance(scores, Mapping) else None
        if not isinstance(score, Mapping):
            continue
        total = score.get("total", 0)
        key = "render.twin.score_partial" if score.get("partial") else "render.twin.score"
        text = tr(key, lang, player=seat_name(seat, names), points=total)
        if seat in out:
            text = tr("render.twin.out", lang, text=text)
        parts.append(text)
    return tr("render.twin.scores", lang, scores=", ".join(parts)) if parts else ""


def points(view: View, seat: str, lang: str) -> str:
    """``12 points``; ``about 12 points`` when part of the score is hidden."""
    score = (view.get("scores") or {}).get(seat) or {}
    key = "render.twin.points_partial" if score.get("partial") else "render.twin.points"
    return tr(key, lang, points=score.get("total", 0))


def last_move(parts: Sequence[str], lang: str) -> str:
    """``Last move: Bob: take 2 · 8 stones left.``"""
    if not parts:
        return ""
    return tr("render.twin.last", lang, move=" · ".join(parts))


def sentence(text: str) -> str:
    """``text`` ending with a full stop (unless it ends with a mark already)."""
    text = text.strip()
    if not text or text[-1] in ".!?…:":
        return text
    return text + "."


# ---------------------------------------------------------------- the two forms


def short_form(
    view: View,
    lang: str,
    names: Names,
    *,
    facts: Sequence[str] = (),
    last: Sequence[str] = (),
    limit: int = SHORT_LIMIT,
) -> str:
    """The short form, in this order: the status, the last move (its label, then its
    notes), the scores, the facts. What does not fit in ``limit`` characters is left
    out, whole parts only, the notes first, then the facts from the last one; the
    status and the scores always stay (cut to ``limit`` if need be)."""
    head = sentence(status(view, lang, names))
    scores = sentence(scores_line(view, lang, names))
    label = [sentence(last_move(last[:1], lang))] if last else []
    notes = [sentence(n) for n in last[1:] if n]
    said = [sentence(f) for f in facts if f]
    ordered = [head, *label, *notes, scores, *said]  # the order of the text
    first, after = 1 + len(label), 1 + len(label) + len(notes)
    # the order parts are given room: status, scores, label, facts, notes
    wanted = [0, after, *range(1, first), *range(after + 1, len(ordered)), *range(first, after)]
    kept: set[int] = set()
    for index in wanted:
        if not ordered[index]:
            continue
        trial = " ".join(ordered[i] for i in sorted(kept | {index}) if ordered[i])
        if len(trial) <= limit or index in (0, after):
            kept.add(index)
    text = " ".join(ordered[i] for i in sorted(kept) if ordered[i])
    return text if len(text) <= limit else cut(text, limit)


def cut(text: str, limit: int) -> str:
    """``text`` cut at a word's end to at most ``limit`` characters, with an ellipsis."""
    if len(text) <= limit:
        return text
    head = text[: limit - len(ELLIPSIS)]
    if " " in head:
        head = head[: head.rindex(" ")]
    return head.rstrip(" ·,;:") + ELLIPSIS


def long_form(
    view: View,
    lang: str,
    names: Names,
    *,
    title: str,
    sections: Sequence[Section],
    last: Sequence[str] = (),
    facts: Sequence[str] = (),
) -> str:
    """The long form: the game's title with the status, the last move with all its
    notes, the scores and facts, then every section (a title line, then one line each,
    bulleted)."""
    lines = [f"{title} · {sentence(status(view, lang, names))}"]
    if last:
        lines.append(sentence(last_move(last, lang)))
    lines.append(sentence(scores_line(view, lang, names)))
    lines += [sentence(f) for f in facts if f]
    blocks = ["\n".join(line for line in lines if line)]
    blocks += [block(s, lang) for s in sections if s.lines]
    return "\n\n".join(blocks)


def block(part: Section, lang: str) -> str:
    title = tr("render.twin.section", lang, title=part.title)
    return "\n".join([title, *(f"- {line[:1].upper()}{line[1:]}" for line in part.lines)])


def private_form(title: str, sections: Sequence[Section], lang: str) -> str:
    """A seat's own long form: a title, then its sections."""
    blocks = [title, *(block(s, lang) for s in sections if s.lines)]
    return "\n\n".join(blocks)


def chunks(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """``text`` in pieces of at most ``limit`` characters, split between sections, else
    between lines, else between words (what one Discord message holds)."""
    out: list[str] = []
    current = ""
    for piece in _pieces(text, limit):
        joined = f"{current}\n{piece}" if current else piece
        if len(joined) <= limit:
            current = joined
        else:
            if current:
                out.append(current)
            current = piece
    if current:
        out.append(current)
    return [part.strip("\n") for part in out if part.strip()]


def _pieces(text: str, limit: int) -> Iterable[str]:
    for line in text.split("\n"):
        while len(line) > limit:
            head = line[:limit]
            at = head.rfind(" ")
            at = at if at > 0 else limit
            yield line[:at]
            line = line[at:].lstrip(" ")
        yield line


# ---------------------------------------------------------------- a game's words


Describer = Callable[..., Any]


def describe(module: ModuleType, view: View, lang: str, names: Names, form: str) -> str:
    """The ``short`` or ``long`` form of a public ``view`` with a game's ``module``."""
    last = _last(module, view, lang, names)
    facts = list(module.facts(view, lang, names))
    if form == "short":
        return short_form(view, lang, names, facts=facts, last=last)
    if form != "long":
        raise ValueError(f"unknown form {form!r}: short, long")
    title = tr(str(getattr(module, "TITLE", "render.twin.board")), lang)
    return long_form(
        view,
        lang,
        names,
        title=title,
        sections=module.board(view, lang, names),
        last=last,
        facts=facts,
    )


def describe_private(module: ModuleType, view: View, seat: str, lang: str, names: Names) -> str:
    """The long form of ``seat``'s own ``view`` (what it sees that the table does not, and
    its own panel); empty when the game gives nothing."""
    sections = list(module.private(view, seat, lang, names))
    if not any(s.lines for s in sections):
        return ""
    title = tr("render.twin.yours", lang, player=seat_name(seat, names))
    return private_form(title, sections, lang)


def _last(module: ModuleType, view: View, lang: str, names: Names) -> list[str]:
    custom = getattr(module, "last_parts", None)
    parts = custom(view, lang, names) if custom is not None else frame.last_parts(view, lang, names)
    return [p for p in parts if p]


# ---------------------------------------------------------------- small words


def counted(key: str, n: int, lang: str, **params: Any) -> str:
    """A catalogue sentence with its count (``render.twin.x`` with ``{n}``)."""
    return tr(key, lang, n=n, **params)


def joined(parts: Iterable[str], lang: str) -> str:
    """Parts of one line, separated by semicolons (spaced the French way in French)."""
    return tr("render.twin.semicolon", lang).join(p for p in parts if p)


def listing(items: Iterable[str], lang: str) -> str:
    """``a, b and c`` (``a, b et c``); ``none`` when empty."""
    items = [i for i in items if i]
    if not items:
        return tr("render.twin.none", lang)
    if len(items) == 1:
        return items[0]
    return tr("render.twin.and", lang, first=", ".join(items[:-1]), last=items[-1])
