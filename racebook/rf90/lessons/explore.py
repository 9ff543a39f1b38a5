"""What-if explorations for the notebooks on trajectories (06) and on flags, weather and tyres (08).

Nothing here decides a rule. Each function builds a small real race state (a scenario dict, Race Position
Notation) and asks the engine's own functions: :func:`racebook.rf90.turn.legal_plays` and the turn machine
(:func:`racebook.rf90.turn.apply`) for trajectories (§13.D, §13.E.1, §19.3, §27 FLAT OUT, §22/AMB-14), the robot
turn for the robots' trajectory choice (§17.3 F, §15.4), :func:`racebook.rf90.setup.weather_space` and
:func:`racebook.rf90.setup.robot_tyre_for` for the weather table (§9.1, §9.2),
:func:`racebook.rf90.rules.movement.tyre_penalty`
for wrong tyres (§16.2, AMB-5) and :func:`racebook.rf90.rules.checks.modifiers` for the rain modifier (§13.D.2). Every
number shown comes from the engine's events or return values.

    from racebook.rf90.lessons import explore
    explore.play_outcomes(explore.TrajectorySetup("teaching", "F.t1", ("R15", "R22")))
    explore.weather_reading("silverstone", 38)      # Ex. 9: intermediate, robots on Rain

Pure: the standard library and racebook only.

The functions live in :mod:`racebook.rf90.lessons.explore_trajectories` (notebook 06) and
:mod:`racebook.rf90.lessons.explore_weather` (notebook 08); this module exports them all.
"""

from __future__ import annotations

from racebook.rf90.lessons.explore_common import CAR, MAX_STEPS, _track  # noqa: F401
from racebook.rf90.lessons.explore_trajectories import (  # noqa: F401 - the explorations, exported here
    PlayOutcome,
    RobotEnd,
    Run,
    TrajectorySetup,
    card_combinations,
    cost_text,
    outcome_rows,
    play_outcomes,
    plays_table,
    plays_tables,
    robot_choice_line,
    robot_turn,
    setup_sentence,
    spot_rows,
    trajectory_label,
    trajectory_state,
    why_no_trajectory,
    with_trajectory,
)
from racebook.rf90.lessons.explore_weather import (  # noqa: F401
    D4_POSITION,
    TEST_KINDS,
    TYRES,
    WeatherReading,
    WeatherStep,
    d4_choices,
    robot_tyres,
    space_reading,
    stable_distances,
    test_targets,
    tyre_penalties,
    weather_reading,
    weather_step,
    wrong_tyre_table,
)

