#!/usr/bin/env python3
"""Seeded random event-time temporal-join scenarios (Flink's TemporalRowTimeJoinOperator:
`FROM probe [LEFT] JOIN versioned FOR SYSTEM_TIME AS OF probe.rowtime ON key = ...`) for
differential testing of JoinLab against the real Flink oracle (../shared/oracle; issue 11,
SEMANTICS.md §4 and §10.4).

Each scenario has a probe table `O` (`id STRING, k INT, k2 INT, v INT` and an event-time attribute
`t`) and a versioned side, one of:
  * `R (k INT, r INT, t, PRIMARY KEY (k) NOT ENFORCED)` with 'changelog-mode' = 'upsert' (+I / +U
    / -D lines: updates, deletes that end a version, re-inserts) or 'retract' (+I, -U/+U pairs, -D;
    a retraction stamped with the new time, as in Flink's "meta time" ITCase data, or with the old
    version's time, the "before time" variant); now and then PRIMARY KEY (k, k2);
  * `H (k INT, r INT, t)` insert-only, read through a deduplication view `WITH V AS (SELECT * FROM
    (SELECT *, ROW_NUMBER() OVER (PARTITION BY k ORDER BY t DESC|ASC) AS rn FROM H) WHERE rn = 1)`
    (last-row and first-row versioned views);
plus, for chains, a second versioned table `S (k2 INT, s INT, t, PRIMARY KEY (k2))` (upsert) or an
append table `X (id STRING, w INT, t)` for a regular join after the temporal one.
The probe is append-only, upsert (PRIMARY KEY (id)) or retract (consistent -U/+U/-D of live rows).
The event time is TIMESTAMP(3) on all tables, TIMESTAMP_LTZ(3), or `ms BIGINT, t AS
TO_TIMESTAMP_LTZ(ms, 3)`; `WATERMARK FOR t AS t - INTERVAL 'd' SECOND|MINUTE` with d in 0..3
ticks per table. Data: 4..26 `@` lines on a shared clock (seconds or minutes) with versions at
equal times (same key and time twice: the later arrival wins), out-of-order and late rows on
both sides (behind their table's watermark, and behind the combined watermark: probe rows that
are late for the join), NULL keys and values; now and then INSERT statements (arrival by-time or
as-written; upsert tables then see only +I rows), explicit `@watermark` lines far ahead, or
'joinlab.watermark-emit' = 'on-marker' with `@watermark T time` / `@watermark T` lines;
'joinlab.mode' bounded / unbounded; a session zone for TIMESTAMP_LTZ.
Queries (1..3 per scenario): INNER / LEFT temporal joins with the key equality written either way
round (plus an extra equality on k2 or on a value), residual conditions (comparisons across the
sides, OR, CASE, one-sided ones on either side, the two times), an outer WHERE, a filtered
derived probe table, a projected/filtered view of the versioned table, `AS r` aliases, SELECT
lists with the probe time, the version time, expressions; chains: a second temporal join AS OF
the same probe time (keyed by a probe column or by a column of the first version), or a regular
join after the temporal join (also through a derived table). Now and then a control query that is
not a temporal join (a regular join of the same tables), and now and then a query Flink rejects:
versioned table without a primary key, without a rowtime (no WATERMARK), AS OF a non-time or a
non-rowtime column or an expression, RIGHT / FULL, `ON TRUE`, an equality on a non-key column
only, TIMESTAMP vs TIMESTAMP_LTZ rowtimes, AS OF the versioned table's own time; and a probe
that is a regular join (its rowtime CAST in the plan), which Flink 2.3 accepts after all.

Usage (one oracle JVM for the whole batch; the JoinLab binary is any build of joinlab-cli):

    python3 scripts/fuzz/temporal_joins.py --seed 1 --count 40 --out /tmp/ft/r1
    export ORACLE_JAVA_OPTS="-Doracle.quiet-polls=8 -Doracle.poll-ms=5 -Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
    python3 scripts/fuzz/oracle_batch.py /tmp/ft/r1/*.sql        # or run-scenario --write-expected
    for f in /tmp/ft/r1/*.sql; do ./target/debug/joinlab run --dialect flink "$f" > "${f%.sql}.out" 2>&1; done
    /work/shared/oracle/compare --strict-errors --dir /tmp/ft/r1 /tmp/ft/r1
    /work/shared/oracle/run-scenario --check --repeat 3 /tmp/ft/r1/tj1_007.sql   # a failing one: deterministic?

or `scripts/fuzz/run_batch.sh SEED COUNT DIR temporal_joins` (JOINLAB_BIN=... for another binary).
File names are `tj<seed>_<n>.sql`; the same seed (and --focus) always writes the same files.

Weights (Gen.w) steer the mix; `--focus NAME` replaces some of them (FOCUS below: late, updates
(updating probe and retract versions), dedup, chain, markers, invalid, residual).
"""

import argparse
import datetime
import os
import random

BASE = datetime.datetime(2024, 1, 1, 10, 0, 0)
EPOCH = datetime.datetime(1970, 1, 1)
ZONES = ["UTC", "Asia/Kolkata", "America/Los_Angeles"]
FOCUS = {
    "late": dict(late=0.35, far_wm=0.2),
    "updates": dict(probe_modes=["upsert", "retract"], vmodes=["retract", "retract", "upsert"]),
    "dedup": dict(dedup=0.8),
    "chain": dict(chain=0.8),
    "markers": dict(marker=0.7),
    "invalid": dict(invalid=0.6),
    "residual": dict(residual=0.8),
}


def ts_text(ms):
    t = BASE + datetime.timedelta(milliseconds=ms)
    return t.strftime("%Y-%m-%d %H:%M:%S") + (".%03d" % (ms % 1000) if ms % 1000 else "")


def epoch_ms(ms):
    return int((BASE - EPOCH).total_seconds() * 1000) + ms


class Table:
    def __init__(self, name, cols, mode, pk=None, delay=0, wm=True):
        self.name, self.cols, self.mode, self.pk, self.delay, self.wm = name, cols, mode, pk, delay, wm
        self.live = {}  # pk tuple (or id) -> current row (values without time, ms)


class Gen:
    def __init__(self, r, focus=None):
        self.r = r
        self.w = dict(probe_modes=["insert", "insert", "insert", "upsert", "retract"],
                      vmodes=["upsert", "upsert", "retract"], dedup=0.25, chain=0.25, late=0.12,
                      far_wm=0.06, marker=0.12, invalid=0.1, residual=0.35, control=0.12,
                      inserts=0.12, pk2=0.1, before_time=0.4, equal_time=0.15)
        if focus:
            self.w.update(FOCUS[focus])

    # ------------------------------------------------------------------ schema

    def setup(self):
        r = self.r
        self.tkind = r.choice(["ts", "ts", "ts", "ltz", "ltz_ms"])
        self.unit, self.tick = r.choice([("SECOND", 1000)] * 3 + [("MINUTE", 60000)])
        self.kmax = r.choice([1, 2, 2, 3])
        self.probe = Table("O", ["id", "k", "k2", "v"], r.choice(self.w["probe_modes"]),
                           pk=["id"], delay=self.delay())
        if self.probe.mode == "insert":
            self.probe.pk = None
        self.dedup = r.random() < self.w["dedup"]
        if self.dedup:
            self.ver = Table("H", ["k", "r"], "insert", delay=self.delay())
            self.order = r.choice(["DESC", "DESC", "ASC"])
        else:
            pk = ["k", "k2"] if r.random() < self.w["pk2"] else ["k"]
            cols = ["k", "k2", "r"] if len(pk) == 2 else ["k", "r"]
            self.ver = Table("R", cols, r.choice(self.w["vmodes"]), pk=pk, delay=self.delay())
            self.before = r.random() < self.w["before_time"]
        self.third = None
        self.chained = r.random() < self.w["chain"]
        if self.chained:
            if r.random() < 0.5:
                self.third = Table("S", ["k2", "s"], "upsert", pk=["k2"], delay=self.delay())
            else:
                self.third = Table("X", ["id", "w"], "insert", delay=self.delay())
        self.tables = [self.probe, self.ver] + ([self.third] if self.third else [])
        if r.random() < 0.5:  # CREATE TABLE order decides by-time ties and end-of-input order
            self.tables[0], self.tables[1] = self.tables[1], self.tables[0]

    def delay(self):
        return self.r.choice([0, 0, 0, 1, 1, 2, 3])

    def ttype(self):
        return "TIMESTAMP(3)" if self.tkind == "ts" else "TIMESTAMP_LTZ(3)"

    def ddl(self, t, extra_cols=""):
        types = dict(id="STRING", k="INT", k2="INT", v="INT", r="INT", s="INT", w="INT")
        cols = ["%s %s" % (c, types[c]) for c in t.cols]
        if self.tkind == "ltz_ms":
            cols += ["ms BIGINT", "t AS TO_TIMESTAMP_LTZ(ms, 3)"]
        else:
            cols.append("t %s" % self.ttype())
        if extra_cols:
            cols.append(extra_cols)
        if t.wm:
            d = t.delay
            cols.append("WATERMARK FOR t AS %s" % ("t" if d == 0 else "t - INTERVAL '%d' %s" % (d, self.unit)))
        if t.pk:
            cols.append("PRIMARY KEY (%s) NOT ENFORCED" % ", ".join(t.pk))
        w = "" if t.mode == "insert" else " WITH ('changelog-mode' = '%s')" % t.mode
        return "CREATE TABLE %s (%s)%s;" % (t.name, ", ".join(cols), w)

    # ------------------------------------------------------------------ data

    def key(self):
        r = self.r
        return None if r.random() < 0.07 else r.randint(1, self.kmax)

    def when(self, clock, tstate):
        """(ms, new clock): mostly advancing, sometimes behind (out of order / late)."""
        r = self.r
        x = r.random()
        if x < self.w["late"]:
            return clock - r.randint(1, 8) * self.tick // 2, clock
        if x < self.w["late"] + 0.04:
            return clock - r.randint(6, 15) * self.tick, clock
        clock += r.choice([0, self.tick // 2, self.tick, self.tick, 2 * self.tick, 3 * self.tick])
        return clock, clock

    def rows(self):
        """A list of (table, kind, values dict, ms) in arrival order."""
        r = self.r
        out, clock = [], 0
        n = r.choice([r.randint(4, 10), r.randint(8, 18), r.randint(14, 26)])
        vt = self.ver
        vtimes = {}  # versioned key -> list of version times (for equal-time versions)
        weights = [(self.probe, 4), (vt, 4)] + ([(self.third, 2)] if self.third else [])
        pid = 0
        for _ in range(n):
            t = r.choices([x for x, _ in weights], [w for _, w in weights])[0]
            ms, clock = self.when(clock, t)
            if t is vt and vt.mode != "insert" or t is self.third and t.mode == "upsert":
                out += self.version_rows(t, ms, vtimes)
            elif t is vt:  # dedup history: insert-only versions
                k = self.key()
                if k in vtimes and r.random() < self.w["equal_time"] * 2:
                    ms = r.choice(vtimes[k])
                vtimes.setdefault(k, []).append(ms)
                out.append((t, "+I", dict(k=k, r=r.randint(0, 9)), ms))
            elif t is self.probe:
                pid += 1
                out += self.probe_rows(ms, pid)
            else:  # X: append table for a regular join
                out.append((t, "+I", dict(id="o%d" % r.randint(1, max(1, pid)), w=r.randint(0, 5)), ms))
        return out

    def version_rows(self, t, ms, vtimes):
        r = self.r
        kcols = t.pk
        # primary-key columns are NOT NULL: versioned keys never NULL
        key = tuple(r.randint(1, self.kmax) if c == "k" else r.randint(1, 2) for c in kcols)
        seen = vtimes.setdefault((t.name,) + key, [])
        if seen and r.random() < self.w["equal_time"]:
            ms = r.choice(seen)  # a version at the same time as an earlier one
        seen.append(ms)
        val = "r" if "r" in t.cols else "s"
        new = dict(zip(kcols, key))
        new[val] = r.randint(0, 9)
        old = t.live.get(key)
        if old is None:
            t.live[key] = (new, ms)
            return [(t, "+I", new, ms)]
        ovals, oms = old
        if r.random() < 0.2:  # delete: ends the version
            del t.live[key]
            dms = oms if t.mode == "retract" and self.before else ms
            return [(t, "-D", ovals, dms)]
        t.live[key] = (new, ms)
        if t.mode == "retract":
            ums = oms if self.before else ms
            return [(t, "-U", ovals, ums), (t, "+U", new, ms)]
        return [(t, "+U" if r.random() < 0.8 else "+I", new, ms)]

    def probe_rows(self, ms, pid):
        r = self.r
        t = self.probe
        new = dict(id="o%d" % pid, k=self.key(), k2=None if r.random() < 0.05 else r.randint(1, 2),
                   v=None if r.random() < 0.06 else r.randint(0, 5))
        if t.mode == "insert" or not t.live or r.random() < 0.5:
            if t.mode != "insert":
                t.live[new["id"]] = (new, ms)
            return [(t, "+I", new, ms)]
        pk = r.choice(sorted(t.live))
        ovals, oms = t.live[pk]
        if r.random() < 0.3:
            del t.live[pk]
            return [(t, "-D", ovals, oms if t.mode == "retract" else r.choice([oms, ms]))]
        new["id"] = pk
        t.live[pk] = (new, ms)
        if t.mode == "retract":
            return [(t, "-U", ovals, oms), (t, "+U", new, ms)]
        return [(t, "+U", new, ms)]

    def tval(self, ms, at):
        if self.tkind == "ltz_ms":
            return str(epoch_ms(ms))
        if at:
            return ts_text(ms) + ("Z" if self.tkind == "ltz" else "")
        if self.tkind == "ltz":
            return "TO_TIMESTAMP_LTZ(%d, 3)" % epoch_ms(ms)
        return "TIMESTAMP '%s'" % ts_text(ms)

    def wm_text(self, ms):
        return ts_text(ms) + ("" if self.tkind == "ts" else "Z")

    # ------------------------------------------------------------------ queries

    def vref(self):
        """(FROM text of the versioned side before FOR SYSTEM_TIME, WITH clause or None, alias)."""
        r = self.r
        if self.dedup:
            rn = r.choice(["rn", "row_num"])
            cols = r.choice(["*", "k, r, t"])
            inner = "SELECT %s, ROW_NUMBER() OVER (PARTITION BY k ORDER BY t %s) AS %s FROM H" % (
                cols, self.order, rn)
            cond = r.choice(["%s = 1" % rn, "%s = 1" % rn, "%s <= 1" % rn, "%s < 2" % rn])
            return "V", "V AS (SELECT * FROM (%s) WHERE %s)" % (inner, cond), "V"
        if r.random() < 0.15:  # a projected / filtered view keeps the primary key
            body = r.choice(["SELECT k, %s r + 1 AS r, t FROM R" % ("k2," if "k2" in self.ver.cols else ""),
                             "SELECT * FROM R WHERE r > 2", "SELECT * FROM R WHERE r IS NOT NULL"])
            return "W", "W AS (%s)" % body, "W"
        return "R", None, "R"

    def keys(self, P, V):
        r = self.r
        out = [r.choice(["%s.k = %s.k" % (P, V), "%s.k = %s.k" % (V, P)])]
        if "k2" in self.ver.cols and not self.dedup:
            out.append("%s.k2 = %s.k2" % (P, V))
        elif r.random() < 0.1:
            out.append("%s.v = %s.r" % (P, V))  # an extra equality on a non-key column
        return out

    def residual(self, P, V, kind):
        r = self.r
        opts = ["%s.v < %s.r" % (P, V), "%s.v + %s.r > 5" % (P, V), "(%s.r > 3 OR %s.v = 1)" % (V, P),
                "CASE WHEN %s.v > 2 THEN %s.r < 5 ELSE %s.r >= 1 END" % (P, V, V),
                "%s.r <> %s.v" % (V, P), "%s.r >= 2" % V, "%s.r IS NOT NULL" % V,
                "%s.t < %s.t" % (V, P), "%s.t >= %s.t - INTERVAL '2' %s" % (V, P, self.unit)]
        if kind == "INNER" or r.random() < 0.3:
            opts += ["%s.v > 0" % P, "%s.id <> 'o2'" % P]
        return r.choice(opts)

    def select(self, P, V, kind, extra=()):
        r = self.r
        if r.random() < 0.04:
            return "*"
        items = ["%s.id" % P, "%s.r" % V] + list(extra)
        items += r.sample(["%s.k AS pk" % P, "%s.v" % P, "%s.k AS vk" % V, "%s.v + %s.r AS vr" % (P, V),
                           "CASE WHEN %s.r IS NULL THEN 'pad' ELSE 'hit' END AS tag" % V,
                           "COALESCE(%s.r, -1) AS cr" % V], r.choice([0, 0, 1, 2]))
        x = r.random()
        if x < 0.45:
            items.append("%s.t AS pt" % P)
        elif x < 0.6:
            items += ["%s.t AS pt" % P, "%s.t AS vt" % V]
        elif x < 0.65:
            items.append("%s.t AS vt" % V)
        r.shuffle(items)
        return ", ".join(items)

    def temporal(self, kind=None):
        r = self.r
        kind = kind or r.choice(["INNER", "LEFT"])
        vname, with_, V = self.vref()
        P = "O"
        alias = ""
        if r.random() < 0.25:
            alias, V = " AS r", "r"
        probe = "O"
        if r.random() < 0.12:
            P = "o"
            probe = "(SELECT * FROM O WHERE %s) o" % r.choice(["v > 0", "k IS NOT NULL", "v <> 3", "k2 = 1"])
        conds = self.keys(P, V)
        if r.random() < self.w["residual"]:
            conds.append(self.residual(P, V, kind))
        r.shuffle(conds)
        jt = {"INNER": r.choice(["JOIN", "INNER JOIN"]), "LEFT": r.choice(["LEFT JOIN", "LEFT OUTER JOIN"])}[kind]
        q = "SELECT %s\nFROM %s %s %s FOR SYSTEM_TIME AS OF %s.t%s\nON %s" % (
            self.select(P, V, kind), probe, jt, vname, P, alias, " AND ".join(conds))
        if r.random() < 0.1:
            q += "\nWHERE " + r.choice(["%s.r IS NULL" % V, "COALESCE(%s.r, 0) < 5" % V, "%s.v >= 1" % P])
        return ("WITH %s\n" % with_ if with_ else "") + q + ";"

    def chain(self):
        r = self.r
        k1 = r.choice(["INNER", "LEFT"])
        vname, with_, V = self.vref()
        c1 = self.keys("O", V)
        if r.random() < 0.2:
            c1.append(self.residual("O", V, k1))
        jt = lambda k: "JOIN" if k == "INNER" else "LEFT JOIN"
        k2 = r.choice(["INNER", "LEFT", "LEFT"])
        T = self.third
        if T.name == "S":
            on = r.choice(["O.k2 = S.k2", "S.k2 = O.k2", "%s.r = S.k2" % V])
            if r.random() < 0.2:
                on += " AND S.s >= %s" % r.choice(["O.v", "1"])
            sel = ["O.id", "%s.r" % V, "S.s"] + (["O.t AS pt"] if r.random() < 0.4 else [])
            r.shuffle(sel)
            q = "SELECT %s\nFROM O %s %s FOR SYSTEM_TIME AS OF O.t ON %s\n%s S FOR SYSTEM_TIME AS OF O.t ON %s" % (
                ", ".join(sel), jt(k1), vname, " AND ".join(c1), jt(k2), on)
        elif r.random() < 0.6:
            k2 = r.choice(["INNER", "LEFT", "RIGHT", "FULL"])
            sel = ["O.id", "%s.r" % V, "X.w"]
            r.shuffle(sel)
            q = "SELECT %s\nFROM O %s %s FOR SYSTEM_TIME AS OF O.t ON %s\n%s X ON X.id = O.id" % (
                ", ".join(sel), jt(k1), vname, " AND ".join(c1), k2 + " JOIN" if k2 != "INNER" else "JOIN")
        else:  # through a derived table, then a regular join
            q = ("SELECT j.id, j.r, X.w\nFROM (SELECT O.id, O.k, %s.r AS r, O.t FROM O %s %s FOR SYSTEM_TIME AS OF O.t ON %s) j\n"
                 "%s X ON X.id = j.id%s") % (V, jt(k1), vname, " AND ".join(c1), jt(k2),
                                              r.choice(["", "", " AND X.w >= COALESCE(j.r, 0) - 5"]))
        return ("WITH %s\n" % with_ if with_ else "") + q + ";"

    def control(self):
        """Not a temporal join: a regular join of the same tables (JoinLab runs these today)."""
        r = self.r
        vname, with_, V = self.vref()
        kind = r.choice(["JOIN", "LEFT JOIN"])
        q = "SELECT O.id, %s.r\nFROM O %s %s ON O.k = %s.k" % (V, kind, vname, V)
        return ("WITH %s\n" % with_ if with_ else "") + q + ";"

    def invalid(self):
        """A query Flink rejects (the reason is the file's comment)."""
        r = self.r
        vname, with_, V = self.vref()
        W = ("WITH %s\n" % with_) if with_ else ""
        c = r.choice(["nopk", "norowtime", "asof_int", "asof_plain", "asof_expr", "right", "full", "on_true",
                      "nonkey", "mixed", "lost_rowtime", "asof_version"])
        self.extra_tables.add(c)
        if c == "nopk":
            return "-- invalid: no primary key\nSELECT O.id, N.r FROM O JOIN N FOR SYSTEM_TIME AS OF O.t ON O.k = N.k;"
        if c == "norowtime":
            return "-- invalid: versioned table without a rowtime\nSELECT O.id, Z.r FROM O LEFT JOIN Z FOR SYSTEM_TIME AS OF O.t ON O.k = Z.k;"
        if c == "mixed":
            return "-- invalid: TIMESTAMP vs TIMESTAMP_LTZ rowtimes\nSELECT O.id, M.r FROM O JOIN M FOR SYSTEM_TIME AS OF O.t ON O.k = M.k;"
        if c == "asof_int":
            return "-- invalid: AS OF an INT column\n%sSELECT O.id, %s.r FROM O JOIN %s FOR SYSTEM_TIME AS OF O.v ON O.k = %s.k;" % (W, V, vname, V)
        if c == "asof_plain":
            return "-- invalid: AS OF a timestamp that is not the rowtime\n%sSELECT o.id, %s.r FROM (SELECT *, CAST(t AS %s) AS t2 FROM O) o JOIN %s FOR SYSTEM_TIME AS OF o.t2 ON o.k = %s.k;" % (
                W, V, self.ttype(), vname, V)
        if c == "asof_expr":
            return "-- invalid: AS OF an expression\n%sSELECT O.id, %s.r FROM O JOIN %s FOR SYSTEM_TIME AS OF O.t - INTERVAL '1' SECOND ON O.k = %s.k;" % (
                W, V, vname, V)
        if c == "asof_version":
            return "-- invalid: AS OF the versioned table's own time\n%sSELECT O.id, %s.r FROM O JOIN %s FOR SYSTEM_TIME AS OF %s.t ON O.k = %s.k;" % (
                W, V, vname, V, V)
        if c in ("right", "full"):
            return "-- invalid: %s temporal join\n%sSELECT O.id, %s.r FROM O %s JOIN %s FOR SYSTEM_TIME AS OF O.t ON O.k = %s.k;" % (
                c.upper(), W, V, c.upper(), vname, V)
        if c == "on_true":
            return "-- invalid: no equi-key\n%sSELECT O.id, %s.r FROM O JOIN %s FOR SYSTEM_TIME AS OF O.t ON %s;" % (
                W, V, vname, r.choice(["TRUE", "O.v < %s.r" % V, "%s.k = 1" % V]))
        if c == "nonkey":
            return "-- invalid: equality on a non-key column only\n%sSELECT O.id, %s.r FROM O LEFT JOIN %s FOR SYSTEM_TIME AS OF O.t ON O.v = %s.r;" % (
                W, V, vname, V)
        # lost_rowtime: NOT rejected by Flink 2.3 (kept here as a planner edge case): the regular
        # join CASTs O.t to a plain TIMESTAMP(3) in the plan, yet the temporal join still runs on
        # event time, its rows waiting for min(wm O, wm N, wm versioned)
        return ("-- accepted: a regular join as the probe (its rowtime is CAST in the plan)\n%sSELECT j.id, j.n, %s.r FROM (SELECT O.id, O.k, N.r AS n, O.t FROM O JOIN N ON O.k = N.k) j "
                "%s %s FOR SYSTEM_TIME AS OF j.t ON j.k = %s.k;") % (W, V, r.choice(["JOIN", "LEFT JOIN"]), vname, V)

    # ------------------------------------------------------------------ scenario

    def scenario(self):
        r = self.r
        self.setup()
        self.extra_tables = set()
        out = []
        if self.tkind != "ts" and r.random() < 0.4:
            out.append("SET 'table.local-time-zone' = '%s';" % r.choice(ZONES))
        rows = self.rows()
        kinds_ok = all(k == "+I" for _, k, _, _ in rows)
        at = not kinds_ok or r.random() > self.w["inserts"]
        marker = at and r.random() < self.w["marker"]
        if marker:
            out.append("SET 'joinlab.watermark-emit' = 'on-marker';")
        if not at:
            out.append("SET 'joinlab.arrival' = '%s';" % r.choice(["by-time", "by-time", "as-written"]))
        mode = r.choice(["both"] * 6 + ["unbounded", "unbounded", "bounded"])
        if mode != "both":
            out.append("SET 'joinlab.mode' = '%s';" % mode)
        if r.random() < 0.04:
            out.append("SET 'joinlab.trace' = 'false';")
        for t in self.tables:
            out.append(self.ddl(t))
        # queries first (they decide which extra tables the rejections need), appended after the data
        queries = []
        for _ in range(r.randint(1, 3)):
            x = r.random()
            if x < self.w["invalid"]:
                queries.append(self.invalid())
            elif x < self.w["invalid"] + self.w["control"]:
                queries.append(self.control())
            elif self.third and r.random() < 0.7:
                queries.append(self.chain())
            else:
                queries.append(self.temporal())
        ex = self.extra_tables
        if ex & {"nopk", "lost_rowtime"}:
            out.append(self.ddl(Table("N", ["k", "r"], "insert", delay=0)))
        if "norowtime" in ex:
            out.append(self.ddl(Table("Z", ["k", "r"], "upsert", pk=["k"], wm=False)))
        if "mixed" in ex:
            keep = self.tkind
            self.tkind = "ltz" if keep == "ts" else "ts"
            out.append(self.ddl(Table("M", ["k", "r"], "upsert", pk=["k"], delay=0)))
            self.tkind = keep
        if ex & {"nopk", "lost_rowtime"}:  # a few N rows at the times of earlier rows
            ntab = Table("N", ["k", "r"], "insert")
            for i in sorted(r.sample(range(len(rows)), min(3, len(rows))), reverse=True):
                rows.insert(i + 1, (ntab, "+I", dict(k=r.randint(1, self.kmax), r=r.randint(0, 9)), rows[i][3]))
        hi = 0
        if at:
            for t, kind, vals, ms in rows:
                f = lambda x: "NULL" if x is None else str(x)
                cells = [f(vals.get(c)) for c in t.cols] + [self.tval(ms, True)]
                out.append("@%s %s%s" % (t.name, "" if kind == "+I" and r.random() < 0.7 else kind + " ", " | ".join(cells)))
                hi = max(hi, ms)
                names = [x.name for x in self.tables]
                # `*` would also reach the rejection-only TIMESTAMP table M of the "mixed" shape
                # with a `...Z` time: a runtime error in the oracle, a harness error in JoinLab
                star = [] if "mixed" in ex else ["*"]
                if marker and r.random() < 0.35:
                    w = r.choice(names + star)
                    if r.random() < 0.25:
                        out.append("@watermark %s" % w)
                    else:
                        out.append("@watermark %s %s" % (w, self.wm_text(max(-3600000, hi - r.randint(-2, 6) * self.tick // 2))))
                elif not marker and r.random() < self.w["far_wm"]:
                    out.append("@watermark %s %s" % (r.choice(names + star), self.wm_text(hi + r.randint(3, 20) * self.tick)))
            if marker and r.random() < 0.5:
                for w in star or [x.name for x in self.tables]:
                    out.append("@watermark %s %s" % (w, self.wm_text(hi + 50 * self.tick)))
        else:
            runs = []
            for t, kind, vals, ms in rows:
                f = lambda x: "CAST(NULL AS INT)" if x is None else ("'%s'" % x if isinstance(x, str) else str(x))
                val = "(%s)" % ", ".join([f(vals.get(c)) for c in t.cols] + [self.tval(ms, False)])
                if runs and runs[-1][0] == t.name:
                    runs[-1][1].append(val)
                else:
                    runs.append((t.name, [val]))
            for name, vals in runs:
                out.append("INSERT INTO %s VALUES %s;" % (name, ", ".join(vals)))
        if r.random() < 0.04:
            out.append("EXPLAIN CHANGELOG_MODE\n" + self.temporal())
        out += queries
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--out", required=True)
    ap.add_argument("--focus", choices=sorted(FOCUS), default=None)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for n in range(a.count):
        rng = random.Random("temporal-%d-%s-%d" % (a.seed, a.focus or "", n))
        text = Gen(rng, a.focus).scenario()
        tag = " --focus %s" % a.focus if a.focus else ""
        with open(os.path.join(a.out, "tj%d_%03d.sql" % (a.seed, n)), "w") as f:
            f.write("-- temporal_joins.py --seed %d%s, scenario %d\n" % (a.seed, tag, n) + text)


if __name__ == "__main__":
    main()
