"""Options read the same everywhere: switch words in both languages, counts as numbers,
and former option names still accepted (stored games, typed options)."""

from __future__ import annotations

import pytest

from rules import registry
from rules.base import InvalidOptions, OptionSpec, Text
from rules.sapiens import SAPIENS

SWITCH = OptionSpec("bear_on_cave", False, description=Text("option.none"))
COUNT = OptionSpec("stones", 15, minimum=5, maximum=60)


@pytest.mark.parametrize(
    ("typed", "value"),
    [
        ("yes", True),
        ("YES", True),
        ("true", True),
        ("oui", True),
        ("on", True),
        ("1", True),
        ("no", False),
        ("false", False),
        ("Non", False),
        ("off", False),
        ("0", False),
    ],
)
def test_a_switch_reads_yes_no_true_false_oui_non(typed: str, value: bool) -> None:
    assert SWITCH.validate(SWITCH.read(typed)) is value


def test_a_word_no_switch_knows_is_refused_naming_yes_and_no() -> None:
    with pytest.raises(InvalidOptions) as refused:
        SWITCH.validate(SWITCH.read("perhaps"))
    assert refused.value.key == "options.bad_choice"
    assert refused.value.params["choices"] == "yes, no"


def test_a_count_reads_digits() -> None:
    assert COUNT.read(" 20 ") == 20
    assert COUNT.read("many") == "many"


def test_options_have_english_names() -> None:
    """Every option of every game is named in English (the former French name of
    Sapiens' Gathering option is an alias)."""
    names = {o.name for g in registry.ids() for o in registry.get(g).spec.options}
    assert "gathering_optional" in names
    assert not any("cueillette" in n for n in names)


def test_the_former_name_still_works_and_is_stored_under_the_new_one() -> None:
    spec = SAPIENS.spec
    read = spec.read_options([("cueillette_optional", "non")])
    assert read == {"cueillette_optional": False}
    options = spec.validate_options(read)
    assert options["gathering_optional"] is False and "cueillette_optional" not in options
    # a game stored under the former name replays with it (the loader's path)
    assert SAPIENS.check_rules_version(3, {"cueillette_optional": False}) == options
    # both names with the same value is one option; two values are refused
    assert spec.validate_options({"cueillette_optional": False, "gathering_optional": False})
    with pytest.raises(InvalidOptions) as refused:
        spec.validate_options({"cueillette_optional": True, "gathering_optional": False})
    assert refused.value.key == "options.twice"


def test_a_game_set_up_under_the_former_name_plays_as_with_the_new_one() -> None:
    old = SAPIENS.setup(["a", "b"], "names", {"cueillette_optional": False})
    new = SAPIENS.setup(["a", "b"], "names", {"gathering_optional": False})
    assert old == new


def test_the_rules_read_the_option_under_either_name() -> None:
    from rules.sapiens.options import gathering_optional

    assert gathering_optional({"cueillette_optional": False}) is False
    assert gathering_optional({"gathering_optional": False}) is False
    assert gathering_optional({}) is True
