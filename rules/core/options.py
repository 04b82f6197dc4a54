"""What a game is (``GameSpec``) and its documented variant switches (``OptionSpec``).

Every variant a game has is an ``OptionSpec`` whose value is stored with each game, so
changing a default never changes a game already being played. Kinds: one of a few
choices, an integer in a range, a yes/no switch, free text, or (``multiple``) a set of
choices (modules switched on together), where some words (``alone``, e.g. ``none`` and
``all``) may only be given by themselves and are then stored as that word. ``requires``
links an option to others: when it is set to anything but its default, each named option
must have the given value. ``aliases`` are former names of an option: games stored under
them, and options typed with them, still work (``GameSpec.validate_options`` stores the
current name).

What players read of an option is words, never its code: its short name (``label``) and
the words of each choice (``choice_text``), in the game's own catalogue;
``rules.core.option_words`` writes a game's options with them.

Typed text (``bear_on_cave=yes``, ``stones=20``) is read the same way by every front end
(``GameSpec.read_options``): a switch takes yes/no, true/false, oui/non, on/off or 1/0
(``SWITCH_WORDS``), a count takes digits.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.core.errors import InvalidOptions, RulesChanged
from rules.core.values import Seat, Text

OptionValue = str | int | bool | tuple[str, ...]

SWITCH_WORDS: Mapping[bool, frozenset[str]] = {
    True: frozenset({"yes", "y", "true", "on", "1", "oui", "o", "vrai"}),
    False: frozenset({"no", "n", "false", "off", "0", "non", "faux"}),
}
"""The words a yes/no option takes when typed, in English and French (any case)."""


@dataclass(frozen=True)
class OptionSpec:
    """A documented variant switch of a game.

    ``choices`` lists the allowed values; an empty tuple with an ``int`` default means
    any integer in ``[minimum, maximum]``. With ``multiple`` the value is a set of
    ``choices`` (stored as a sorted tuple; text ``a+b`` or a list is accepted).
    ``alone`` names choices of a ``multiple`` option that cannot be combined with others
    (``none``, ``all``): given by itself such a word is stored as that string.
    ``requires`` maps other option names to the value they must have whenever this
    option is not at its default.

    ``label`` is the option's short name as players read it in a list ("Stones",
    "Elders"; the ``description`` is the long sentence that explains it). A choice
    ``c`` reads as the catalogue's ``<words>.<c>``, ``words`` being the description's
    key unless given (L'Aube des Tribus' terrains take their names, ``tribes.special``).
    """

    name: str
    default: OptionValue
    choices: tuple[str | int | bool, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    description: Text = field(default_factory=lambda: Text("option.none"))
    multiple: bool = False
    requires: Mapping[str, str | int | bool] = field(default_factory=dict)
    alone: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    label: Text | None = None
    words: str = ""

    def choice_text(self, choice: str) -> Text:
        """The words of one of the option's choices (``random``: "at random")."""
        return Text(f"{self.words or self.description.key}.{choice}")

    def read(self, text: str) -> Any:
        """Typed ``text`` in the option's kind: a switch word as ``True``/``False``
        (``SWITCH_WORDS``), digits as an integer for a count; anything else as typed,
        for ``validate`` to refuse with the reason."""
        raw = text.strip()
        if isinstance(self.default, bool) and not self.choices:
            for value, words in SWITCH_WORDS.items():
                if raw.lower() in words:
                    return value
            return raw
        if isinstance(self.default, int) and not isinstance(self.default, bool):
            try:
                return int(raw)
            except ValueError:
                return raw
        return raw

    def validate(self, value: Any) -> OptionValue:
        """The value in its stored form, or ``InvalidOptions`` naming what is wrong."""
        if self.multiple:
            return self._validate_set(value)
        if self.choices:
            if value not in self.choices:
                raise InvalidOptions(
                    "options.bad_choice",
                    option=self.name,
                    value=str(value),
                    choices=", ".join(str(c) for c in self.choices),
                )
            return value  # type: ignore[no-any-return]
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise InvalidOptions(
                    "options.bad_choice", option=self.name, value=str(value), choices="yes, no"
                )
            return value
        if isinstance(self.default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise InvalidOptions("options.bad_type", option=self.name, value=str(value))
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise InvalidOptions(
                    "options.out_of_range",
                    option=self.name,
                    value=value,
                    minimum=self.minimum,
                    maximum=self.maximum,
                )
            return value
        if not isinstance(value, str):
            raise InvalidOptions("options.bad_type", option=self.name, value=str(value))
        return value

    def _validate_set(self, value: Any) -> tuple[str, ...] | str:
        if isinstance(value, str):
            items: list[Any] = [v for v in value.replace(",", "+").split("+") if v.strip()]
            items = [v.strip() for v in items]
        elif isinstance(value, list | tuple | set | frozenset):
            items = list(value)
        else:
            raise InvalidOptions("options.bad_type", option=self.name, value=str(value))
        for item in items:
            if item not in self.choices:
                raise InvalidOptions(
                    "options.bad_choice",
                    option=self.name,
                    value=str(item),
                    choices=", ".join(str(c) for c in self.choices),
                )
        chosen = tuple(sorted({str(i) for i in items}))
        lone = [c for c in chosen if c in self.alone]
        if lone and len(chosen) == 1:
            return lone[0]
        if lone:
            raise InvalidOptions(
                "options.alone", option=self.name, value=lone[0], words=", ".join(self.alone)
            )
        return chosen


@dataclass(frozen=True)
class GameSpec:
    """What a game is: id, seat range, options, rules version and the texts that present it.

    ``summary`` says what the game is about; ``tips`` say how its turns go in chat (shown
    by every front end's help); ``groups`` name the kinds of move (``Move.group``) in
    menus. All are keys of the game package's own catalogue.

    ``state_form`` numbers the layout of ``state.data``. Raise it when the layout changes
    while the rules do not (a key renamed, a part moved to ``rules/kit``): a stored
    snapshot of an older form is then only an old cache, which the service remakes from
    the log (the truth) instead of reporting it as differing from its replay.
    """

    id: str
    name: Text
    min_seats: int
    max_seats: int
    rules_version: int = 1
    state_form: int = 1
    options: tuple[OptionSpec, ...] = ()
    summary: Text = field(default_factory=lambda: Text("game.no_summary"))
    tips: tuple[Text, ...] = ()
    groups: Mapping[str, Text] = field(default_factory=dict)

    def option(self, name: str) -> OptionSpec:
        """The option of that name, or of that former name (``aliases``)."""
        for spec in self.options:
            if spec.name == name or name in spec.aliases:
                return spec
        raise InvalidOptions("options.unknown", option=name)

    def read_options(self, pairs: Sequence[tuple[str, str]]) -> dict[str, Any]:
        """Typed ``(name, value)`` pairs in each option's kind (``OptionSpec.read``); a
        name no option has keeps its text, for ``validate_options`` to refuse."""
        read: dict[str, Any] = {}
        for name, text in pairs:
            try:
                read[name] = self.option(name).read(text)
            except InvalidOptions:
                read[name] = text
        return read

    def validate_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Return the full option dict (defaults filled in, sets as lists, every option
        under its current name) or raise ``InvalidOptions`` (unknown name, an option
        given two values under two names, bad value, a ``requires`` link broken)."""
        given: dict[str, Any] = {}
        for name, value in (options or {}).items():
            current = self.option(name).name
            if current in given and given[current] != value:
                raise InvalidOptions("options.twice", option=current)
            given[current] = value
        valid = {o.name: o.validate(given.get(o.name, o.default)) for o in self.options}
        for spec in self.options:
            if valid[spec.name] == spec.validate(spec.default):
                continue
            for other, wanted in spec.requires.items():
                if valid.get(other) != wanted:
                    raise InvalidOptions(
                        "options.requires",
                        option=spec.name,
                        other=other,
                        value=str(wanted),
                    )
        # JSON keeps lists, not tuples: the stored form equals the validated one.
        return {k: list(v) if isinstance(v, tuple) else v for k, v in valid.items()}

    def validate_seats(self, seats: Sequence[Seat]) -> None:
        if not self.min_seats <= len(seats) <= self.max_seats:
            raise InvalidOptions(
                "options.seat_count", count=len(seats), min=self.min_seats, max=self.max_seats
            )
        if len(set(seats)) != len(seats):
            raise InvalidOptions("options.duplicate_seat")

    def group_label(self, group: str) -> Text:
        """The name of a kind of move, for menus (``move.group.other`` when unnamed)."""
        return self.groups.get(group) or Text("move.group.other", {"group": group})


def refuse_version(spec: GameSpec, version: int) -> RulesChanged:
    """The error for a stored game whose rules version the code cannot migrate."""
    return RulesChanged("game.rules_changed", game=spec.id, stored=version, now=spec.rules_version)
