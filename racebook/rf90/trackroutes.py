"""Off-track routes (§18) and trajectories (§13.D, §19) of a track file: their tables, graphs and uses.

A route is a graph of nodes (a test, effects, re-entry, back on track, retire) from a start node; the validator checks
every node, that every path ends, and that the sections and trajectories naming a route agree with it.
"""

from __future__ import annotations

from typing import Any

from racebook.rf90.cards import CardTest, Colour, TestKind
from racebook.rf90.track import (
    Cost,
    Effect,
    EffectKind,
    NodeKind,
    Route,
    RouteNode,
    Trajectory,
    TrajectoryKind,
)
from racebook.rf90.trackexpansion import check_et_route, parse_check_value
from racebook.rf90.trackschema import (
    _COST_KEYS,
    _EFFECT_KEYS,
    _NODE_KEYS,
    _NODE_REQUIRED,
    _ROUTE_KEYS,
    _TRAJ_ID_RE,
    _TRAJ_KEYS,
    FieldReader,
    _allowed,
    _kind,
)


class RouteParser(FieldReader):
    """Reads the ``routes`` and ``trajectories`` tables (on top of the field readers)."""

    # -- routes -----------------------------------------------------------------

    def parse_routes(self, raw: Any, by_name: dict[str, dict[str, Any]]) -> dict[str, Route]:
        if not isinstance(raw, dict):
            self.fail("routes", f"must be a table of route-id = route, got {_kind(raw)} {raw!r}")
        routes: dict[str, Route] = {}
        for rid, item in raw.items():
            where = f"routes.{rid}"
            self.name(rid, where, "route id")
            t = self.table(item, where, _ROUTE_KEYS, ("start", "nodes"))
            src = self.provenance({k: v for k, v in t.items() if k != "nodes"}, where, f"routes.{rid}")
            nodes_raw = t["nodes"]
            if not isinstance(nodes_raw, dict) or not nodes_raw:
                self.fail(f"{where}.nodes", f"must be a non-empty table of node-id = node, got {nodes_raw!r}")
            nodes: dict[str, RouteNode] = {}
            for nid, node_raw in nodes_raw.items():
                nodes[nid] = self.parse_node(node_raw, f"{where}.nodes.{nid}", rid, nid, src, by_name)
            start = self.name(t["start"], f"{where}.start", "node id")
            if start not in nodes:
                self.fail(f"{where}.start", f"{start!r} is not a node of route {rid!r}; nodes: {', '.join(nodes)}")
            self.check_graph(rid, start, nodes)
            routes[rid] = Route(id=rid, start=start, nodes=nodes, source=src)
        return routes

    def parse_node(self, raw: Any, where: str, rid: str, nid: str, route_src: str,
                   by_name: dict[str, dict[str, Any]]) -> RouteNode:
        self.name(nid, where, "node id")
        if not isinstance(raw, dict):
            self.fail(where, f"must be a table, got {_kind(raw)} {raw!r}")
        if "kind" not in raw:
            self.fail(f"{where}.kind", f"missing; one of {_allowed(k.value for k in NodeKind)}")
        kind = self.enum(raw["kind"], f"{where}.kind", NodeKind)
        t = self.table(raw, where, _NODE_KEYS[kind], _NODE_REQUIRED[kind])
        self.provenance(t, where, f"routes.{rid}.nodes.{nid}", default=route_src)
        ref = {k: self.name(t[k], f"{where}.{k}", "node id") for k in ("on_pass", "on_fail", "next") if k in t}
        if kind is NodeKind.TEST:
            test = CardTest(self.enum(t["test"], f"{where}.test", TestKind),
                            self.integer(t["modifier"], f"{where}.modifier", -99, 99))
            if ref["on_pass"] == ref["on_fail"]:
                self.fail(f"{where}.on_fail", f"{ref['on_fail']!r} is also on_pass; a recovery test sends a pass "
                                              "(green arrow) and a fail (red arrow) to different nodes")
            return RouteNode(id=nid, kind=kind, test=test, on_pass=ref["on_pass"], on_fail=ref["on_fail"])
        if kind is NodeKind.EFFECTS:
            effects = []
            for j, e in enumerate(self.array(t["effects"], f"{where}.effects")):
                ew = f"{where}.effects[{j}]"
                et = self.table(e, ew, _EFFECT_KEYS, ("kind",))
                ek = self.enum(et["kind"], f"{ew}.kind", EffectKind)
                amount = self.integer(et.get("amount", 1), f"{ew}.amount", 1, 9)
                if ek is EffectKind.FORCED_PIT and amount != 1:
                    self.fail(f"{ew}.amount", f"{amount!r}: a forced pit stop has no amount (leave it out or use 1)")
                effects.append(Effect(ek, amount))
            return RouteNode(id=nid, kind=kind, effects=tuple(effects), next=ref["next"])
        if kind is NodeKind.REENTRY:
            section = self.string(t["section"], f"{where}.section")
            if section not in by_name:
                self.fail(f"{where}.section", f"{section!r} is not a section of this track")
            return RouteNode(id=nid, kind=kind, section=section)
        if kind is NodeKind.RETIRE:
            return RouteNode(
                id=nid,
                kind=kind,
                safety_car=self.boolean(t.get("safety_car", False), f"{where}.safety_car"),
                crash_out=self.boolean(t.get("crash_out", False), f"{where}.crash_out"),
            )
        return RouteNode(id=nid, kind=kind)

    def check_graph(self, rid: str, start: str, nodes: dict[str, RouteNode]) -> None:
        """Every reference resolves; every path from start ends at a terminal node; no cycles; no orphans."""
        for nid, node in nodes.items():
            for attr in ("on_pass", "on_fail", "next"):
                target = getattr(node, attr)
                if target is not None and target not in nodes:
                    self.fail(f"routes.{rid}.nodes.{nid}.{attr}",
                              f"{target!r} is not a node of route {rid!r}; nodes: {', '.join(nodes)}")
        state: dict[str, int] = {}  # 1 = on the current path, 2 = done

        def visit(nid: str, path: list[str], via: str) -> None:
            if state.get(nid) == 1:
                loop = " → ".join(path[path.index(nid):] + [nid])
                self.fail(via, f"{nid!r} leads back to an earlier node (cycle {loop}); every path from start must "
                               "end at a reentry, back_on_track or retire node")
            if state.get(nid) == 2:
                return
            state[nid] = 1
            node = nodes[nid]
            for attr in ("on_pass", "on_fail", "next"):
                target = getattr(node, attr)
                if target is not None:
                    visit(target, path + [nid], f"routes.{rid}.nodes.{nid}.{attr}")
            state[nid] = 2

        visit(start, [], f"routes.{rid}.start")
        for nid in nodes:
            if nid not in state:
                self.fail(f"routes.{rid}.nodes.{nid}", f"node {nid!r} cannot be reached from start {start!r}")

    def check_route_use(self, sections: list[dict[str, Any]], trajectories: tuple[Trajectory, ...],
                        routes: dict[str, Route]) -> None:
        n = len(sections)
        by_name = {s["name"]: s for s in sections}
        used: set[str] = set()
        for s in sections:
            rid = s["lb_route"]
            if rid is None:
                continue
            where = f"{s['where']}.lb_route"
            if rid not in routes:
                self.fail(where, f"{rid!r} is not a route of this track; routes: {', '.join(routes) or '(none)'}")
            used.add(rid)
            for nid, node in routes[rid].nodes.items():
                nw = f"routes.{rid}.nodes.{nid}"
                if node.kind is NodeKind.BACK_ON_TRACK:
                    self.fail(f"{nw}.kind", f"'back_on_track' ends ET recovery charts; route {rid!r} is the LB "
                                            f"route of {s['name']!r} and must end at 'reentry' or 'retire' (§18.3)")
                for j, e in enumerate(node.effects):
                    if e.kind is EffectKind.MP_LOSS:
                        self.fail(f"{nw}.effects[{j}].kind",
                                  f"'mp_loss' (MP lost this turn) is for ET recovery charts; LB fails after "
                                  f"movement, so route {rid!r} uses 'time_loss' (next turn, §18.1)")
                if node.kind is NodeKind.REENTRY:
                    d = (by_name[node.section]["index"] - s["index"]) % n
                    if not 1 <= d <= n // 2:
                        self.fail(f"{nw}.section",
                                  f"{node.section!r} does not lie after LB section {s['name']!r}; a re-entry "
                                  f"point is 1..{n // 2} sections ahead of where the car left the track")
        for t in trajectories:
            if t.recovery is None:
                continue
            where = f"trajectories.{t.id}.recovery"
            if t.recovery not in routes:
                self.fail(where, f"{t.recovery!r} is not a route of this track; routes: "
                                 f"{', '.join(routes) or '(none)'}")
            if t.recovery in used and any(s["lb_route"] == t.recovery for s in sections):
                self.fail(where, f"{t.recovery!r} is already an LB route; an ET recovery chart is its own route")
            check_et_route(self, t, routes[t.recovery], sections)  # Expansion #1: re-entry points on ET routes
            used.add(t.recovery)
        for rid in routes:
            if rid not in used:
                self.fail(f"routes.{rid}", f"route {rid!r} is used by no section (lb_route) or trajectory "
                                           "(recovery)")

    # -- trajectories -----------------------------------------------------------

    def parse_trajectories(self, raw: Any, by_name: dict[str, dict[str, Any]],
                           routes: dict[str, Route]) -> tuple[Trajectory, ...]:
        items = self.array(raw, "trajectories", nonempty=False)
        out: list[Trajectory] = []
        ids: dict[str, int] = {}
        laterals: dict[tuple[str, int], str] = {}
        for i, item in enumerate(items):
            where = f"trajectories[{i}]"
            t = self.table(item, where, _TRAJ_KEYS, ("id", "section", "kind", "colours", "bonus"))
            tid = self.name(t["id"], f"{where}.id", "trajectory id", _TRAJ_ID_RE)
            if tid in ids:
                self.fail(f"{where}.id", f"duplicate trajectory id {tid!r} (already trajectories[{ids[tid]}])")
            ids[tid] = i
            section = self.string(t["section"], f"{where}.section")
            if section not in by_name:
                self.fail(f"{where}.section", f"{section!r} is not a section of this track")
            kind = self.enum(t["kind"], f"{where}.kind", TrajectoryKind)
            cols = self.array(t["colours"], f"{where}.colours")
            colours = tuple(self.enum(c, f"{where}.colours[{j}]", Colour) for j, c in enumerate(cols))
            if len(colours) > 2 or len(set(colours)) != len(colours):
                self.fail(f"{where}.colours", f"{cols!r}: a trajectory shows one or two different colours (§3)")
            bonus = self.integer(t["bonus"], f"{where}.bonus", 1, 9)
            cost = Cost()
            if "cost" in t:
                if kind is TrajectoryKind.EXTREME:
                    self.fail(f"{where}.cost", "cost symbols belong to standard trajectories (§3 item 5)")
                ct = self.table(t["cost"], f"{where}.cost", _COST_KEYS)
                cost = Cost(**{k: self.integer(v, f"{where}.cost.{k}", 0, 3) for k, v in ct.items()})
                if not cost:
                    self.fail(f"{where}.cost", f"{t['cost']!r} costs nothing; leave cost out")
            lateral = self.integer(t.get("lateral", 0), f"{where}.lateral", 0, 9)
            if (section, lateral) in laterals:
                self.fail(f"{where}.lateral", f"{lateral} is also the lateral of {laterals[(section, lateral)]!r} "
                                              f"in section {section!r}; give each trajectory of a section its own "
                                              "lateral order (larger = further outside)")
            laterals[(section, lateral)] = tid
            test_mod = 0
            if "test_modifier" in t:
                if kind is not TrajectoryKind.EXTREME:
                    self.fail(f"{where}.test_modifier", "only an Extreme Trajectory has a blind-test modifier")
                test_mod = self.integer(t["test_modifier"], f"{where}.test_modifier", -99, 99)
            check_value = parse_check_value(self, t, where, kind)  # Expansion #1 (trackexpansion)
            recovery = None
            if kind is TrajectoryKind.EXTREME:
                if "recovery" not in t:
                    self.fail(f"{where}.recovery", "missing: an Extreme Trajectory prints a recovery chart (§3 item "
                                                   "6, §18.2); name its route")
                recovery = self.name(t["recovery"], f"{where}.recovery", "route id")
                if recovery not in routes:
                    self.fail(f"{where}.recovery", f"{recovery!r} is not a route of this track; routes: "
                                                   f"{', '.join(routes) or '(none)'}")
            elif "recovery" in t:
                self.fail(f"{where}.recovery", "only an Extreme Trajectory has a recovery chart")
            src = self.provenance(t, where, f"trajectories.{tid}", ids=("id",))
            out.append(Trajectory(
                id=tid, section=section, kind=kind, colours=colours, bonus=bonus, cost=cost, lateral=lateral,
                test_modifier=test_mod, recovery=recovery, source=src, check_value=check_value,
            ))
        return tuple(out)
