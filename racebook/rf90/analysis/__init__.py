"""Built on the RF90 engine, never beside it: exact odds, computer drivers, Monte Carlo races, the fuel planner,
experiments. Every number here comes from the engine's own rules."""
