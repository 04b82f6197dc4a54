"""The test game Wide is registered before any test module is collected.

So ``rules.registry.ids()`` is the same in every run, whichever tests it selects, and in
every pytest-xdist worker (they must all collect the same items): the shared random-game
test covers the test game too, and the Discord command tree offers it as rules.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from rules import registry
from tests.wide import WIDE

# pytest keeps each test module's rewritten assertions in __pycache__ (ignored by git)
# unless bytecode writing is off: where PYTHONDONTWRITEBYTECODE is set, every run rewrote
# every module again, about 13 s of each worker's collection. The tests turn it back on
# for their own process; nothing else reads it.
sys.dont_write_bytecode = False

if WIDE.spec.id not in registry.ids():
    registry.register(WIDE)


@pytest.fixture(autouse=True, scope="session")
def user_data_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """A data folder of the tests' own, so ``campfire console`` without ``--db`` (and
    anything started from a test) never writes in the user's (``XDG_DATA_HOME``)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))
        yield


PG_FIXTURES = frozenset({"pg_cluster", "pg_migrated"})
"""A test that asks for one of these runs on the private PostgreSQL cluster."""

SLOW_MODULES = frozenset(
    {
        "tests/ai/test_contract.py",
        "tests/bot/test_fortnight.py",
        "tests/bot/test_shards_processes.py",
        "tests/bot/test_store_outage.py",
        "tests/docs/test_code_blocks.py",
        "tests/e2e/test_discord_twin.py",
        "tests/e2e/test_follow_twin.py",
        "tests/rules/test_random_games.py",
        "tests/rules/test_undo_reveals.py",
        "tests/render/test_card_sheet.py",
    }
)
"""Modules of long tests only: random-game sweeps, AI games, processes, the twin, the
docs' shell lines (demos)."""
SLOW_TESTS = frozenset(
    {
        "tests/ai/test_purity.py::test_no_module_level_random_functions",
        "tests/ai/test_purity.py::test_pure_packages_import_no_front_end_and_no_io",
        "tests/bot/discord/test_discord_limits.py::test_every_payload_of_a_whole_game_fits_discord",
        "tests/bot/discord/test_hidden_information.py::test_classic_public_messages_never_name_a_card_of_a_hand",
        "tests/bot/discord/test_hidden_information.py::test_junior_boards_are_drawn_from_the_public_view_only",
        "tests/bot/discord/test_orbis.py::test_help_for_orbis_in_english_and_french",
        "tests/bot/discord/test_orbis.py::test_orbis_from_lobby_to_final_scores",
        "tests/bot/discord/test_origin_classic.py::test_classic_cards_are_reachable_through_the_kinds_of_moves",
        "tests/bot/discord/test_origin_classic.py::test_origin_classic_from_lobby_to_final_scores",
        "tests/bot/discord/test_origin_junior.py::test_origin_junior_from_lobby_to_final_scores",
        "tests/bot/discord/test_sapiens.py::test_sapiens_from_lobby_to_final_scores",
        "tests/bot/discord/test_tribes.py::test_tribes_from_lobby_to_final_scores",
        "tests/bot/discord/test_turn_message_picture.py::test_full_size_picture_fits_the_readme_budget",
        "tests/docs/test_pictures.py::test_every_game_picture_of_the_docs_is_made_by_the_script",
        "tests/docs/test_pictures.py::test_the_readme_turn_message_is_made_by_the_script",
        "tests/docs/test_pictures.py::test_each_game_page_describes_its_picture_at_the_right_round",
        "tests/bot/test_animation.py::test_a_whole_classic_game_gives_one_frame_per_round_within_the_budget",
        "tests/bot/test_animation.py::test_the_real_classic_replay_fits_discord",
        "tests/bot/test_console.py::test_campfire_console_reads_its_moves_from_stdin",
        "tests/bot/test_console.py::test_console_commands_and_errors_in_french",
        "tests/bot/test_console.py::test_console_plays_a_whole_game_by_numbers",
        "tests/bot/test_days_simulation.py::test_ten_days_of_reminders_and_timeouts",
        "tests/bot/test_game_jobs.py::test_services_with_overlapping_shards_catch_up_and_play_each_game_once",
        "tests/bot/test_game_jobs.py::test_two_stores_claiming_at_once_get_disjoint_games",
        "tests/bot/test_hint_words.py::test_the_why_says_no_estimate_no_decimal_and_no_key",
        "tests/bot/test_hint_words.py::test_two_moves_with_different_effects_get_different_whys",
        "tests/bot/test_orbis_service.py::test_console_plays_orbis",
        "tests/bot/test_orbis_service.py::test_demo_of_orbis_draws_real_pictures",
        "tests/bot/test_orbis_service.py::test_demo_of_orbis_writes_its_files",
        "tests/bot/test_orbis_service.py::test_whole_orbis_game_through_the_service",
        "tests/bot/test_origin_classic_service.py::test_console_plays_origin_classic_and_shows_the_hand",
        "tests/bot/test_origin_classic_service.py::test_demo_of_origin_classic_writes_its_files",
        "tests/bot/test_origin_classic_service.py::test_whole_origin_classic_game_through_the_service",
        "tests/bot/test_origin_junior_service.py::test_demo_of_origin_junior_writes_its_files",
        "tests/bot/test_origin_junior_service.py::test_whole_origin_junior_game_through_the_service",
        "tests/bot/test_pg_backup.py::test_a_backup_of_a_url_is_restored_by_pg_restore_and_plays_on",
        "tests/bot/test_pgcluster.py::test_a_cluster_whose_owner_is_gone_is_stopped_and_removed",
        "tests/bot/test_pgcluster.py::test_sigterm_stops_the_cluster_before_the_process_ends",
        "tests/bot/test_pictures.py::test_a_render_process_exits_when_the_bot_is_killed",
        "tests/bot/test_ratings.py::test_stored_ratings_match_a_recomputation_from_the_results",
        "tests/bot/test_record.py::test_a_record_whose_seed_was_edited_is_refused_at_its_end",
        "tests/bot/test_record.py::test_a_record_whose_totals_or_places_were_edited_names_the_first_difference",
        "tests/bot/test_record.py::test_record_of_a_demo_replays_to_the_same_end",
        "tests/bot/test_record.py::test_replay_animate_writes_the_animated_webp_the_bot_posts",
        "tests/bot/test_record.py::test_replay_command_writes_pictures_and_refuses_edits",
        "tests/bot/test_sapiens_service.py::test_demo_of_sapiens_writes_its_files",
        "tests/bot/test_sapiens_service.py::test_whole_sapiens_game_through_the_service",
        "tests/bot/test_service_stateful.py::TestServiceStateful::runTest",
        "tests/bot/test_store_unreadable.py::test_every_front_end_refuses_a_newer_schema_in_one_line",
        "tests/bot/test_store_unreadable.py::test_every_front_end_refuses_an_unreadable_file_in_one_line_and_exits",
        "tests/bot/test_store_v2.py::test_an_old_resignation_becomes_a_log_entry",
        "tests/bot/test_stored_games.py::test_games_stored_in_the_first_layouts_load_audit_and_play_on",
        "tests/bot/test_tournament_simulation.py::test_a_swiss_of_sixteen_survives_a_withdrawal_a_restart_and_a_deadline",
        "tests/bot/test_tournament_simulation.py::test_three_player_round_robin_of_twelve_with_a_process_stopped_mid_opening",
        "tests/bot/test_tournaments.py::test_two_processes_on_one_database_do_each_step_once",
        "tests/bot/test_tribes_service.py::test_console_plays_tribes_and_shows_the_goals",
        "tests/bot/test_tribes_service.py::test_demo_of_tribes_writes_its_files",
        "tests/bot/test_tribes_service.py::test_the_defenders_fortifications_question_pings_him_and_runs_on_his_clock",
        "tests/bot/test_tribes_service.py::test_whole_tribes_game_through_the_service",
        "tests/bot/web/test_abuse.py::test_a_flood_above_the_caps_leaves_the_pages_answering",
        "tests/bot/web/test_abuse.py::test_a_reader_who_stops_reading_is_dropped_after_the_send_limit",
        "tests/bot/web/test_abuse.py::test_a_request_dripped_a_byte_at_a_time_is_cut_at_the_idle_limit",
        "tests/bot/web/test_abuse.py::test_the_probes_inputs_at_every_route",
        "tests/bot/web/test_cli.py::test_campfire_web_serves_from_its_own_process",
        "tests/bot/web/test_cli.py::test_campfire_web_stops_at_once_with_readers_connected",
        "tests/docs/test_typing_counts.py::test_every_package_is_counted_and_the_wholes_hold_their_parts",
        "tests/render/kit/test_animate.py::test_over_the_size_bound_frames_shrink_then_thin_out",
        "tests/render/test_cards.py::test_a_new_turn_shows_the_area_of_the_seat_now_to_act",
        "tests/render/test_cards.py::test_a_stopped_game_never_says_who_is_to_play",
        "tests/render/test_cards.py::test_both_pictures_at_once_are_the_two_pictures",
        "tests/render/test_cards.py::test_card_draws_the_essentials_large",
        "tests/render/test_cards.py::test_the_close_up_holds_every_declared_region_whole_and_readable",
        "tests/render/test_cards.py::test_the_end_says_who_won_and_why_whole",
        "tests/render/test_orbis.py::test_pictures_have_the_layout_size_and_fit_the_budget",
        "tests/render/test_orbis.py::test_the_games_reach_every_phase",
        "tests/render/test_origin_classic.py::test_deck_counts_and_reserve_are_drawn",
        "tests/render/test_origin_classic.py::test_game_over_names_the_winners_by_the_rules_ranking",
        "tests/render/test_origin_classic.py::test_pictures_have_the_layout_size_and_fit_the_budget",
        "tests/render/test_origin_classic.py::test_the_games_reach_every_phase",
        "tests/render/test_origin_classic.py::test_the_registry_dispatches_origin_to_the_classic_renderer",
        "tests/render/test_origin_draw.py::test_every_view_of_a_whole_game_draws",
        "tests/render/test_sapiens.py::test_real_games_draw_at_every_kind_of_step",
        "tests/render/test_tribes.py::test_every_view_of_a_whole_game_draws_within_budget",
        "tests/render/test_tribes.py::test_the_games_reach_every_phase",
        "tests/render/test_tribes_chiefs.py::test_a_chiefs_game_draws_every_view_within_budget",
        "tests/render/test_tribes_chiefs.py::test_the_chief_chip_changes_the_panel",
        "tests/render/test_tribes_values.py::test_the_board_follows_whose_turn_it_is",
        "tests/render/test_twin.py::test_the_public_twin_holds_no_more_than_the_public_view",
        "tests/rules/orbis/test_texts.py::test_a_note_never_repeats_the_move_it_follows",
        "tests/rules/orbis/test_texts.py::test_labels_and_notes_of_random_games_read_in_both_languages",
        "tests/rules/origin/classic/test_random_ends.py::test_random_games_end_in_the_rulebook_ways_and_reach_several",
        "tests/rules/test_table_voice.py::test_public_texts_speak_of_players_by_name_in_the_third_person",
        "tests/rules/origin/classic/test_view.py::test_hands_and_dealt_objectives_never_leak",
        "tests/rules/sapiens/test_heuristic_room.py::test_greedy_seats_seldom_abandon_their_tribes",
        "tests/rules/sapiens/test_view_and_texts.py::test_every_label_and_note_of_random_games_reads_in_both_languages",
        "tests/rules/sapiens/test_view_and_texts.py::test_every_seat_in_a_label_or_note_is_a_seat_parameter",
        "tests/rules/test_contract_v2.py::test_a_card_drawn_from_a_deck_shuffled_at_set_up_cannot_be_undone",
        "tests/rules/test_contract_v2.py::test_a_move_that_moves_the_seeded_generator_cannot_be_undone",
        "tests/rules/tribes/test_chiefs.py::test_every_chief_text_exists_in_en_and_fr",
        "tests/rules/tribes/test_texts.py::test_every_refusal_says_why_in_the_games_words",
        "tests/rules/tribes/test_texts.py::test_every_text_of_random_games_exists_in_en_and_fr",
        "tests/rules/tribes/test_texts.py::test_every_text_of_the_advanced_modules_exists_in_en_and_fr",
    }
)
"""Tests of about a second or more (with every parametrization) in a whole run on the
2-core development machine: whole games drawn, played through Discord or replayed,
texts of random games, demos."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``pg`` every test on the PostgreSQL cluster (the ``postgresql`` runs of the
    store and service tests are marked where they are parametrized) and ``slow`` the
    long ones, so that ``pytest -m "not slow"`` is a quick loop."""
    for item in items:
        if PG_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.pg)
        path, _, name = item.nodeid.partition("::")
        if path in SLOW_MODULES or f"{path}::{name.partition('[')[0]}" in SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
