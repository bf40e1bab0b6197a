#!/usr/bin/env python3
"""Seeded random scenarios for the operators that FEED joins (aggregations, Top-N, deduplication,
UNION ALL, window aggregation / Top-N / deduplication), alone and feeding joins, for differential
testing of JoinLab against the real Flink oracle (../shared/oracle).

Each scenario has 2-3 tables `A`, `B`, `C` with columns `id INT, k INT, v <INT | BIGINT |
DECIMAL(10, 2) | DOUBLE>, s STRING` (group / join key k in 1..3 with NULLs, v small numbers with
NULLs and fractions, s in a/b/c with NULLs) and, for the shapes that need one, an event-time
attribute `ts TIMESTAMP(3)` or `TIMESTAMP_LTZ(3)` (session zone UTC) with a bounded-delay
watermark; insert-only, upsert (PRIMARY KEY (id) or (k) NOT ENFORCED, 'changelog-mode' = 'upsert')
or retract tables; 5-15 rows as `@` lines with kinds valid for the table's mode (now and then
`@watermark` lines) or as INSERT statements (arrival by-time or as-written), out-of-order and late
rows. Then 1-3 queries of one shape (the file's first line names seed, scenario and shape):

  agg          GROUP BY k / (k, s) / nothing (a global aggregate), GROUPING SETS / ROLLUP / CUBE,
               SELECT DISTINCT: COUNT(*), COUNT(x), COUNT(DISTINCT x), SUM, MIN, MAX, AVG,
               FIRST_VALUE / LAST_VALUE, LISTAGG with and without separator, FILTER (WHERE ..),
               HAVING, a WHERE below; an aggregate over an aggregate
  agg_join     such an aggregate (or SELECT DISTINCT, or grouping sets) INNER / LEFT / RIGHT / FULL
               joined on the group key with a table or with an aggregate of another table; a
               global aggregate joined on a value; an aggregate over a regular join
  topn         Top-N (ROW_NUMBER() ... <= N, with and without rn, PARTITION BY k or none) over a
               table or over an aggregate, ORDER BY .. LIMIT n; alone or feeding a regular join
  dedup        ROW_NUMBER() OVER (PARTITION BY k ORDER BY ts ASC | DESC) = 1 (event time), alone,
               feeding a regular join or an aggregate
  union        UNION ALL of two tables or of two aggregates feeding an aggregation, a join or a
               Top-N
  win_agg      GROUP BY window_start, window_end[, window_time][, k] over TUMBLE / HOP /
               CUMULATE (HAVING, FILTER, a WHERE, an updating input, a UNION ALL input, now and
               then 'table.optimizer.agg-phase-strategy')
  win_join     a window join (INNER / LEFT / RIGHT / FULL) of two window aggregations, or of a
               window aggregation / window Top-N / window deduplication with another of them or
               with a plain window TVF; a window aggregation over a window join; a window
               aggregation in a regular join (on k only) with a table or a group aggregate
  win_rank     window Top-N (also over a window aggregation) and window deduplication alone; a
               window aggregation over a window Top-N
  win_cascade  a window aggregation over window_time of another (WITH), or grouped again by its
               window_start, window_end; a group aggregate over a window aggregation
Now and then `SET 'table.exec.state.ttl' = '1 h'` at the top (non-window shapes). Processing time
is never used (not deterministic in the oracle); no table is read twice by one query (a fan-out
of one source is a race in Flink, docs/flink-findings.md).

Seeds below 100 mix all shapes; seeds 100-199 write only the non-window shapes (agg .. union),
seeds 200-299 only the window shapes; seeds 300 and up all shapes with the harder variants of
class Gen2 (more updates, expression keys, joins on aggregate values, ...); `--shape NAME`
writes only that shape (`--shape probe`: only the forms JoinLab does not support yet, q_probe).

Usage (from the repository root; one oracle JVM for the whole batch):

    python3 scripts/fuzz/aggregations.py --seed 1 --count 40 --out /tmp/fa/b1
    export ORACLE_JAVA_OPTS="-Doracle.quiet-polls=8 -Doracle.poll-ms=5 -Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
    /work/shared/oracle/run-scenario --write-expected /tmp/fa/b1/*.sql
    for f in /tmp/fa/b1/*.sql; do ./target/debug/joinlab run --dialect flink "$f" > "${f%.sql}.out" 2>&1; done
    /work/shared/oracle/compare --dir /tmp/fa/b1 /tmp/fa/b1
    /work/shared/oracle/run-scenario --check --repeat 2 /tmp/fa/b1/ag1_007.sql   # a failing one: deterministic?

or `scripts/fuzz/run_batch.sh SEED COUNT DIR aggregations` (JOINLAB_BIN=... for another binary).
File names are `ag<seed>_<n>.sql`; the same seed (and --shape) always writes the same files.
"""

import argparse
import datetime
import os
import random
import re

BASE = datetime.datetime(2024, 1, 1)
EPOCH = datetime.datetime(1970, 1, 1)
VTYPES = ["INT", "BIGINT", "DECIMAL(10, 2)", "DOUBLE"]
REGULAR = ["agg", "agg", "agg_join", "agg_join", "agg_join", "topn", "topn", "dedup", "union", "union"]
WINDOW = ["win_agg", "win_agg", "win_join", "win_join", "win_join", "win_rank", "win_cascade"]
SHAPES = sorted(set(REGULAR + WINDOW)) + ["probe"]

# (expression, alias, numeric result?) over the columns v (a number) and s (a string)
AGGS = [
    ("COUNT(*)", "c", True),
    ("COUNT(v)", "cv", True),
    ("COUNT(DISTINCT v)", "cdv", True),
    ("COUNT(DISTINCT s)", "cds", True),
    ("SUM(v)", "sv", True),
    ("SUM(v)", "sv", True),
    ("MIN(v)", "mnv", True),
    ("MAX(v)", "mxv", True),
    ("AVG(v)", "av", True),
    ("FIRST_VALUE(v)", "fv", True),
    ("LAST_VALUE(v)", "lv", True),
    ("FIRST_VALUE(s)", "fs", False),
    ("LAST_VALUE(s)", "ls", False),
    ("LISTAGG(s)", "la", False),
    ("LISTAGG(s, '|')", "lb", False),
    ("LISTAGG(CAST(v AS STRING), ';')", "lc", False),
    ("LISTAGG(DISTINCT s)", "lds", False),
    ("MIN(s)", "mns", False),
    ("MAX(s)", "mxs", False),
    ("SUM(v) FILTER (WHERE v > 1)", "sf", True),
    ("COUNT(*) FILTER (WHERE s = 'a')", "cf", True),
    ("MAX(v) FILTER (WHERE s <> 'b')", "mf", True),
    ("SUM(DISTINCT v)", "sdv", True),
    ("AVG(v) FILTER (WHERE s IS NOT NULL)", "avf", True),
]
HAVING = ["COUNT(*) > 1", "SUM(v) > 2", "MAX(v) IS NOT NULL", "MIN(s) <> 'b'", "COUNT(DISTINCT s) >= 2",
          "AVG(v) < 3", "COUNT(v) = COUNT(*)"]
WHERE = ["v > 0", "s IS NOT NULL", "k <> 2", "v IS NOT NULL", "s <> 'c'", "v <= 3"]


def ts_text(ms):
    t = BASE + datetime.timedelta(milliseconds=ms)
    return t.strftime("%Y-%m-%d %H:%M:%S") + (".%03d" % (ms % 1000) if ms % 1000 else "")


class Table:
    def __init__(self, name, mode, pk, vtype, rowtime, delay):
        self.name, self.mode, self.pk, self.vtype = name, mode, pk, vtype
        self.rowtime, self.delay = rowtime, delay  # rowtime: None | TIMESTAMP(3) | TIMESTAMP_LTZ(3)
        self.live = []  # retract: live rows; upsert: one row per key
        self.next_id = 1

    def ddl(self):
        cols = ["id INT", "k INT", "v %s" % self.vtype, "s STRING"]
        if self.rowtime:
            cols += ["ts %s" % self.rowtime, "WATERMARK FOR ts AS ts - INTERVAL '%d' SECOND" % self.delay]
        if self.pk:
            cols.append("PRIMARY KEY (%s) NOT ENFORCED" % self.pk)
        with_ = " WITH ('changelog-mode' = '%s')" % self.mode if self.mode != "insert" else ""
        return "CREATE TABLE %s (%s)%s;" % (self.name, ", ".join(cols), with_)

    def updating(self):
        return self.mode != "insert"


class Rel:
    """A query block usable as a join input: its SQL (a table name or a SELECT), the columns
    besides the key k (name -> numeric?), whether it has k, and its window properties."""

    def __init__(self, sql, cols, keyed=True, label="", window=False, table=None):
        self.sql, self.cols, self.keyed, self.label, self.window = sql, cols, keyed, label, window
        self.table = table

    def ref(self, alias):
        if self.table is not None and self.sql == self.table:
            return "%s %s" % (self.sql, alias)
        return "(%s) %s" % (self.sql, alias)


class Gen:
    UPD = 0.5  # share of updating tables (non-window shapes)
    NROWS = (5, 15)
    HAVING_P = 0.25
    TTL_P = 0.15
    ALL_COLS = 0.8  # a join selects every column of its inputs

    def __init__(self, r, shape):
        self.r, self.shape = r, shape
        self.window = shape.startswith("win_")

    # ------------------------------------------------------------------ tables and data

    def tables(self):
        r = self.r
        n = 3 if (self.shape in ("union", "agg_join") and r.random() < 0.5) or r.random() < 0.2 else 2
        rowtime = None
        if self.window:
            rowtime = "TIMESTAMP_LTZ(3)" if r.random() < 0.3 else "TIMESTAMP(3)"
        elif self.shape in ("dedup", "probe") or r.random() < 0.25:
            rowtime = "TIMESTAMP(3)"
        # window joins, window Top-N and deduplication need insert-only inputs; a window
        # aggregation accepts an updating one
        upd_p = {"win_agg": 0.25, "win_join": 0.15, "win_cascade": 0.1, "win_rank": 0.0}.get(self.shape, self.UPD)
        out = []
        for name in "ABC"[:n]:
            mode, pk = "insert", None
            if r.random() < upd_p:
                mode = r.choice(["upsert", "retract"])
                if mode == "upsert":
                    pk = "id" if r.random() < 0.75 else "k"
            out.append(Table(name, mode, pk, r.choice(VTYPES), rowtime, r.randint(0, 3)))
        return out

    def val(self, t):
        r = self.r
        if r.random() < 0.08:
            return None
        base = r.choice([-1, 0, 1, 1, 2, 2, 3, 4, 5])
        if t.vtype.startswith("DECIMAL") and r.random() < 0.4:
            return "%.2f" % (base + r.choice([0.25, 0.5, 0.75]))
        if t.vtype == "DOUBLE" and r.random() < 0.4:
            return repr(round(base + r.choice([0.1, 0.2, 0.5]), 2))
        return str(base)

    def key(self, nullable=True):
        return None if nullable and self.r.random() < 0.12 else self.r.randint(1, 3)

    def new_row(self, t, ms):
        r = self.r
        s = None if r.random() < 0.1 else r.choice(["a", "b", "b", "c"])
        if t.pk == "id":
            return [r.randint(1, 4), self.key(), self.val(t), s, ms]
        if t.pk == "k":
            return [r.randint(1, 9), self.key(nullable=False), self.val(t), s, ms]
        i = t.next_id
        t.next_id += 1
        return [i, self.key(), self.val(t), s, ms]

    def data_step(self, t, ms):
        """The data lines (kind, row) of one step for table t, valid for its mode."""
        r = self.r
        if t.mode == "insert":
            return [("+I", self.new_row(t, ms))]
        if t.mode == "retract":
            if t.live and r.random() < 0.4:
                old = r.choice(t.live)
                t.live.remove(old)
                if r.random() < 0.4:
                    return [("-D", old)]
                new = list(old)
                if r.random() < 0.5:
                    new[1] = self.key()
                if r.random() < 0.7:
                    new[2] = self.val(t)
                if r.random() < 0.3:
                    new[3] = r.choice(["a", "b", "c"])
                new[4] = ms
                t.live.append(new)
                return [("-U", old), ("+U", new)]
            row = self.new_row(t, ms)
            t.live.append(row)
            return [("+I", row)]
        pki = 0 if t.pk == "id" else 1
        if t.live and r.random() < 0.2:
            old = r.choice(t.live)
            t.live.remove(old)
            return [("-D", old)]
        row = self.new_row(t, ms)
        existing = [x for x in t.live if x[pki] == row[pki]]
        for x in existing:
            t.live.remove(x)
        t.live.append(row)
        if existing:
            return [("+U" if r.random() < 0.7 else "+I", row)]
        return [("+I" if r.random() < 0.85 else "+U", row)]

    def data(self, tables):
        """Lines in written order: ("row", table, kind, row) and ("wm", target, ms)."""
        r = self.r
        out, clock, nrows = [], 0, r.randint(*self.NROWS)
        late = 0.3 if self.window or r.random() < 0.5 else 0.1
        while sum(1 for x in out if x[0] == "row") < nrows:
            t = r.choice(tables)
            clock += r.choice([0, 500, 1000, 1000, 2000, 2000, 3000])
            ms = clock
            if r.random() < late:
                ms = max(0, clock - r.randint(1, 8) * 1000)
            if r.random() < 0.1:
                ms = max(0, ms + r.choice([-1, 1, 999]))
            for kind, row in self.data_step(t, ms):
                out.append(("row", t, kind, row))
            if r.random() < 0.08 and tables[0].rowtime:
                out.append(("wm", r.choice([x.name for x in tables] + ["*"]), max(0, clock + r.randint(-2, 4) * 1000)))
        return out

    def fmt_at(self, t, row):
        vals = ["NULL" if x is None else str(x) for x in row[:4]]
        if t.rowtime:
            vals.append(ts_text(row[4]))
        return " | ".join(vals)

    def fmt_insert(self, t, row):
        def lit(x, ty):
            return "CAST(NULL AS %s)" % ty if x is None else x

        vals = [str(row[0]), lit(None if row[1] is None else str(row[1]), "INT"), lit(row[2], t.vtype),
                lit(None if row[3] is None else "'%s'" % row[3], "STRING")]
        if t.rowtime == "TIMESTAMP(3)":
            vals.append("TIMESTAMP '%s'" % ts_text(row[4]))
        elif t.rowtime:
            if self.r.random() < 0.5:
                vals.append("CAST('%s' AS TIMESTAMP_LTZ(3))" % ts_text(row[4]))
            else:
                ms = int((BASE - EPOCH).total_seconds() * 1000) + row[4]
                vals.append("TO_TIMESTAMP_LTZ(%d, 3)" % ms)
        return "(%s)" % ", ".join(vals)

    # ------------------------------------------------------------------ aggregate pieces

    def aggs(self, lo=1, hi=4, only_v=False):
        """Distinct aggregate calls: (sql 'EXPR AS alias', {alias: numeric?})."""
        r = self.r
        pool = [a for a in AGGS if "s" not in a[0].replace("DISTINCT", "").replace("CAST", "").replace(" AS ", "")
                ] if only_v else AGGS
        picks, seen = [], set()
        for _ in range(r.randint(lo, hi)):
            e, a, num = r.choice(pool)
            if a in seen:
                continue
            seen.add(a)
            picks.append((e, a, num))
        if not picks:
            picks = [AGGS[0]]
        return ", ".join("%s AS %s" % (e, a) for e, a, _ in picks), {a: n for _, a, n in picks}

    def where(self, p=0.2):
        return " WHERE %s" % self.r.choice(WHERE) if self.r.random() < p else ""

    def rel_table(self, t):
        return Rel(t.name, {"id": True, "v": True, "s": False}, label="table %s(%s)" % (t.name, t.mode), table=t.name)

    def group_keys(self):
        return self.r.choice([["k"], ["k"], ["k"], ["k", "s"]])

    def rel_agg(self, t, src=None, keys=None):
        """GROUP BY over table t (or src: a FROM clause with columns k, v, s)."""
        r = self.r
        frm = src or t.name
        if keys is None:
            keys = self.group_keys()
        items, cols = self.aggs()
        # a key may be an expression: selected as `expr AS k`, grouped by expr
        sel = ", ".join(keys)
        grp = ", ".join(x.split(" AS ")[0] for x in keys)
        keys = [x.split(" AS ")[-1] for x in keys]
        sql = "SELECT %s, %s FROM %s%s GROUP BY %s" % (sel, items, frm, self.where(), grp)
        if r.random() < self.HAVING_P:
            sql += " HAVING " + r.choice(HAVING)
        if "s" in keys:
            cols["s"] = False
        return Rel(sql, cols, label="GROUP BY %s over %s" % (grp, t.name if t else "union"))

    def rel_global(self, t):
        items, cols = self.aggs()
        return Rel("SELECT %s FROM %s%s" % (items, t.name, self.where()), cols, keyed=False,
                   label="global aggregate over %s" % t.name)

    def rel_distinct(self, t):
        cols = self.r.choice([["k", "s"], ["k"], ["k", "v"]])
        return Rel("SELECT DISTINCT %s FROM %s%s" % (", ".join(cols), t.name, self.where()),
                   {c: c == "v" for c in cols if c != "k"}, label="SELECT DISTINCT over %s" % t.name)

    def rel_grouping(self, t):
        r = self.r
        g = r.choice(["GROUPING SETS ((k, s), (k), ())", "GROUPING SETS ((k), (s))", "ROLLUP (k, s)", "CUBE (k, s)"])
        # (an aggregate over a rolled-up key column reads the real value in Flink, NULL in JoinLab:
        # fuzz report; mostly aggregates over v only)
        items, cols = self.aggs(1, 2, only_v=r.random() < 0.8)
        extra = ""
        if r.random() < 0.3:
            extra = ", GROUPING(k) AS gk" if r.random() < 0.5 else ", GROUPING_ID(k, s) AS gid"
            cols["gk" if "gk" in extra else "gid"] = True
        cols["s"] = False
        return Rel("SELECT k, s, %s%s FROM %s%s GROUP BY %s" % (items, extra, t.name, self.where(0.1), g), cols,
                   label="%s over %s" % (g.split(" (")[0], t.name))

    def rel_agg_of_agg(self, t):
        r = self.r
        inner = "SELECT k, s, COUNT(*) AS c, SUM(v) AS sv FROM %s GROUP BY k, s" % t.name
        outer = r.choice(["SELECT k, COUNT(*) AS n, SUM(c) AS tc, MAX(sv) AS msv FROM (%s) GROUP BY k",
                          "SELECT k, MAX(c) AS mc, MIN(sv) AS nsv FROM (%s) GROUP BY k",
                          "SELECT k, LISTAGG(s) AS ls, SUM(c) AS tc FROM (%s) GROUP BY k"])
        sql = outer % inner
        cols = {}
        for a in ("n", "tc", "msv", "mc", "nsv", "ls"):
            if re.search(r" AS %s\b" % a, sql):
                cols[a] = a != "ls"
        return Rel(sql, cols, label="aggregate over aggregate of %s" % t.name)

    def rel_topn(self, t, over_agg=False):
        r = self.r
        n = r.randint(1, 3)
        part = "PARTITION BY k " if r.random() < 0.75 else ""
        if over_agg:
            src = "(SELECT k, s, COUNT(*) AS c, SUM(v) AS sv FROM %s GROUP BY k, s)" % t.name
            cols = {"s": False, "c": True, "sv": True}
            order = r.choice(["c DESC", "sv DESC", "sv ASC", "c DESC, s", "sv DESC, c ASC"])
            inner_cols = "k, s, c, sv"
        else:
            src = t.name
            cols = {"id": True, "v": True, "s": False}
            order = r.choice(["v DESC", "v ASC", "v DESC, id", "s DESC", "v ASC, id DESC", "id DESC"])
            inner_cols = "id, k, v, s"
        filt = r.choice(["rn <= %d" % n, "rn <= %d" % n, "rn < %d" % (n + 1), "rn = 1", "rn BETWEEN 2 AND 3"])
        with_rn = r.random() < 0.5
        if with_rn:
            cols["rn"] = True
        sql = "SELECT %s%s FROM (SELECT %s, ROW_NUMBER() OVER (%sORDER BY %s) AS rn FROM %s) WHERE %s" % (
            inner_cols, ", rn" if with_rn else "", inner_cols, part, order, src, filt)
        return Rel(sql, cols, label="Top-N (%s%s) over %s%s" % (part, order, "agg of " if over_agg else "", t.name))

    def rel_limit(self, t):
        r = self.r
        if r.random() < 0.4:
            sql = "SELECT k, COUNT(*) AS c, SUM(v) AS sv FROM %s GROUP BY k ORDER BY %s LIMIT %d" % (
                t.name, r.choice(["c DESC", "sv DESC", "c DESC, k", "sv ASC"]), r.randint(1, 3))
            return Rel(sql, {"c": True, "sv": True}, label="ORDER BY .. LIMIT over agg of %s" % t.name)
        sql = "SELECT id, k, v, s FROM %s ORDER BY %s LIMIT %d" % (
            t.name, r.choice(["v DESC", "v", "v DESC, id", "s, v DESC", "id DESC"]), r.randint(1, 4))
        return Rel(sql, {"id": True, "v": True, "s": False}, label="ORDER BY .. LIMIT over %s" % t.name)

    def rel_dedup(self, t):
        r = self.r
        d = r.choice(["ASC", "DESC"])
        part = r.choice(["k", "k", "s"])
        sql = "SELECT id, k, v, s FROM (SELECT *, ROW_NUMBER() OVER (PARTITION BY %s ORDER BY ts %s) AS rn FROM %s) WHERE rn = 1" % (
            part, d, t.name)
        return Rel(sql, {"id": True, "v": True, "s": False}, label="dedup %s by ts %s over %s" % (part, d, t.name))

    def rel_union(self, a, b):
        r = self.r
        fa, fb = self.where(0.2), self.where(0.2)
        sql = "SELECT k, v, s FROM %s%s UNION ALL SELECT k, v, s FROM %s%s" % (a.name, fa, b.name, fb)
        return Rel(sql, {"v": True, "s": False}, label="UNION ALL of %s, %s" % (a.name, b.name))

    def rel_union_agg(self, a, b):
        r = self.r
        e = r.choice([("COUNT(*)", True), ("SUM(v)", True), ("MAX(v)", True), ("LISTAGG(s)", False)])
        sql = "SELECT k, %s AS x FROM %s GROUP BY k UNION ALL SELECT k, %s AS x FROM %s GROUP BY k" % (
            e[0], a.name, e[0], b.name)
        return Rel(sql, {"x": e[1]}, label="UNION ALL of aggregates of %s, %s" % (a.name, b.name))

    # ------------------------------------------------------------------ query forms

    def pick_cols(self, rel, side, lo=1, hi=3):
        names = list(rel.cols)
        # mostly every column: Flink prunes an aggregate call nobody reads (an update that changes
        # only it emits nothing), which JoinLab does not (fuzz report); a subset now and then
        picks = names if self.r.random() < self.ALL_COLS else self.r.sample(names, min(len(names), self.r.randint(lo, hi)))
        return ["%s.%s AS %s_%s" % (side, c, side.lower(), c) for c in picks]

    def q_join(self, L, R, jt=None):
        r = self.r
        jt = jt or r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        on = "L.k = R.k" if r.random() < 0.88 else "L.k IS NOT DISTINCT FROM R.k"
        if "s" in L.cols and "s" in R.cols and r.random() < 0.2:
            on += " AND L.s = R.s"
        ln = [c for c, n in L.cols.items() if n]
        rn = [c for c, n in R.cols.items() if n]
        if ln and rn and r.random() < 0.25:
            on += " AND L.%s %s R.%s" % (r.choice(ln), r.choice(["<", ">=", "<>"]), r.choice(rn))
        sel = ["L.k AS lk"] + self.pick_cols(L, "L") + ["R.k AS rk"] + self.pick_cols(R, "R")
        q = "SELECT %s\nFROM %s\n%s %s\nON %s" % (", ".join(sel), L.ref("L"), jt, R.ref("R"), on)
        if r.random() < 0.15:
            if L.cols and r.random() < 0.5:
                q += "\nWHERE L.%s IS NOT NULL" % r.choice(list(L.cols))
            else:
                q += "\nWHERE R.k IS NULL OR R.k <> 2"
        return q + ";", "%s %s %s" % (L.label, jt, R.label)

    def q_global_join(self, t, u):
        """Rows of t whose v equals a global aggregate of u."""
        r = self.r
        e = r.choice(["MAX(v)", "MIN(v)", "COUNT(*)", "SUM(v)"])
        jt = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        q = "SELECT L.id, L.k, L.v, G.x\nFROM %s L\n%s (SELECT %s AS x FROM %s) G\nON L.v = G.x;" % (t.name, jt, e, u.name)
        return q, "table %s %s global %s of %s" % (t.name, jt, e, u.name)

    def q_agg_over_join(self, a, b):
        r = self.r
        jt = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        key = "L.k" if jt != "RIGHT JOIN" else "R.k"
        aggs = r.sample(["COUNT(*) AS c", "COUNT(R.id) AS cr", "SUM(L.v) AS sl", "MAX(R.v) AS mr",
                         "LISTAGG(R.s) AS lr", "COUNT(DISTINCT L.s) AS cds"], r.randint(1, 3))
        q = "SELECT %s AS k, %s\nFROM %s L %s %s R ON L.k = R.k\nGROUP BY %s;" % (
            key, ", ".join(aggs), a.name, jt, b.name, key)
        return q, "aggregate over %s %s %s" % (a.name, jt, b.name)

    def q_alone(self, rel):
        return rel.sql + ";", rel.label

    # ------------------------------------------------------------------ window pieces

    def spec(self):
        r = self.r
        kind = r.choice(["TUMBLE", "TUMBLE", "HOP", "CUMULATE"])
        if kind == "TUMBLE":
            args = [r.choice([3, 5, 5, 10])]
            if r.random() < 0.15:
                args.append(r.choice([1, 2]))
        elif kind == "HOP":
            slide = r.choice([2, 3, 5])
            args = [slide, slide * r.choice([2, 2, 3])]
        else:
            step = r.choice([2, 3, 5])
            args = [step, step * r.choice([2, 3, 4])]
        return kind, args

    def tvf(self, spec, table):
        kind, args = spec
        return "TABLE(%s(TABLE %s, DESCRIPTOR(ts), %s))" % (
            kind, table, ", ".join("INTERVAL '%d' SECOND" % a for a in args))

    def wrel_agg(self, t, spec, keyed=None, src=None):
        r = self.r
        keyed = r.random() < 0.8 if keyed is None else keyed
        wt = r.random() < 0.25
        win = "window_start, window_end" + (", window_time" if wt else "")
        items, cols = self.aggs(1, 3)
        keys = win + (", k" if keyed else "")
        sel = ("k, " if keyed else "") + win
        sql = "SELECT %s, %s FROM %s%s GROUP BY %s" % (sel, items, self.tvf(spec, src or t.name), self.where(0.15), keys)
        if r.random() < 0.15:
            sql += " HAVING " + r.choice(HAVING)
        name = src or t.name
        return Rel(sql, cols, keyed=keyed, window=True,
                   label="window agg %s %s%s over %s" % (spec[0], spec[1], "" if keyed else " (no key)", name))

    def wrel_topn(self, t, spec, over_agg=False):
        r = self.r
        n = r.randint(1, 3)
        keyed = r.random() < 0.5
        part = "PARTITION BY window_start, window_end" + (", k" if keyed else "")
        if over_agg:
            src = "(SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS sv FROM %s GROUP BY k, window_start, window_end)" % self.tvf(spec, t.name)
            order = r.choice(["c DESC", "sv DESC", "sv ASC", "c DESC, sv"])
            inner = "k, c, sv, window_start, window_end"
            cols = {"c": True, "sv": True, "rn": True}
        else:
            src = self.tvf(spec, t.name)
            order = r.choice(["v DESC", "v ASC", "v DESC, id", "s", "id DESC"])
            inner = "id, k, v, s, window_start, window_end"
            cols = {"id": True, "v": True, "s": False, "rn": True}
        filt = r.choice(["rn <= %d" % n, "rn <= %d" % n, "rn < %d" % (n + 1)])
        sql = "SELECT * FROM (SELECT %s, ROW_NUMBER() OVER (%s ORDER BY %s) AS rn FROM %s) WHERE %s" % (
            inner, part, order, src, filt)
        return Rel(sql, cols, keyed=True, window=True,
                   label="window Top-N (%s, %s) %sover %s" % (part.split("BY ")[1], order, "agg " if over_agg else "", t.name))

    def wrel_dedup(self, t, spec):
        r = self.r
        d = r.choice(["ASC", "DESC"])
        sql = ("SELECT * FROM (SELECT id, k, v, s, window_start, window_end, ROW_NUMBER() OVER (PARTITION BY "
               "window_start, window_end, k ORDER BY ts %s) AS rn FROM %s) WHERE rn = 1") % (d, self.tvf(spec, t.name))
        return Rel(sql, {"id": True, "v": True, "s": False}, window=True,
                   label="window dedup by ts %s over %s" % (d, t.name))

    def wrel_tvf(self, t, spec):
        return Rel("SELECT id, k, v, s, window_start, window_end FROM %s" % self.tvf(spec, t.name),
                   {"id": True, "v": True, "s": False}, window=True, label="window TVF over %s" % t.name)

    def q_win_join(self, L, R):
        r = self.r
        jt = r.choice(["JOIN", "JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        on = "L.window_start = R.window_start AND L.window_end = R.window_end"
        if L.keyed and R.keyed:
            on += " AND L.k = R.k" if r.random() < 0.9 else " AND L.k IS NOT DISTINCT FROM R.k"
        ln = [c for c, n in L.cols.items() if n]
        rn = [c for c, n in R.cols.items() if n]
        if ln and rn and r.random() < 0.2:
            on += " AND L.%s %s R.%s" % (r.choice(ln), r.choice(["<", ">=", "<>"]), r.choice(rn))
        sel = []
        if L.keyed:
            sel.append("L.k AS lk")
        sel += self.pick_cols(L, "L", 1, 2)
        if R.keyed:
            sel.append("R.k AS rk")
        sel += self.pick_cols(R, "R", 1, 2)
        sel.append(r.choice(["COALESCE(L.window_start, R.window_start) AS ws", "L.window_start AS lws",
                             "R.window_end AS rwe", "L.window_end AS lwe"]))
        q = "SELECT %s\nFROM %s\n%s %s\nON %s;" % (", ".join(sel), L.ref("L"), jt, R.ref("R"), on)
        return q, "%s %s %s" % (L.label, jt, R.label)

    def q_cascade(self, t):
        r = self.r
        a = r.choice([2, 3, 5])
        keyed = r.random() < 0.6
        tvf = self.tvf(("TUMBLE", [a]), t.name)
        if r.random() < 0.3:
            # the same windows again (window-attached WindowAggregate)
            first = ("SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS sv FROM %s "
                     "GROUP BY k, window_start, window_end") % tvf
            q = ("SELECT window_start, window_end, SUM(c) AS total, COUNT(*) AS n, MAX(sv) AS msv FROM (%s) "
                 "GROUP BY window_start, window_end;") % first
            return q, "window agg over the windows of window agg TUMBLE %d of %s" % (a, t.name)
        first = ("SELECT k, window_time AS wt, COUNT(*) AS c, SUM(v) AS sv FROM %s "
                 "GROUP BY k, window_start, window_end, window_time") % tvf
        kind = r.choice(["TUMBLE", "TUMBLE", "HOP", "CUMULATE"])
        args = {"TUMBLE": [a * r.choice([2, 3])], "HOP": [a, 2 * a], "CUMULATE": [a, a * r.choice([2, 3])]}[kind]
        ivs = ", ".join("INTERVAL '%d' SECOND" % x for x in args)
        sel = ("k, " if keyed else "") + "window_start, window_end"
        q = "WITH w1 AS (%s)\nSELECT %s, SUM(c) AS total, COUNT(*) AS n, MAX(sv) AS msv FROM TABLE(%s(TABLE w1, DESCRIPTOR(wt), %s)) GROUP BY %s;" % (
            first, sel, kind, ivs, sel)
        return q, "cascade: %s %s over window_time of TUMBLE %d of %s" % (kind, args, a, t.name)

    def q_wagg_regular_join(self, a, b, spec):
        """A window aggregation (insert-only output) in a regular join on k with a table or a
        group aggregate: no window join, the window columns are plain columns there."""
        r = self.r
        L = self.wrel_agg(a, spec, keyed=True)
        L.cols.update({"window_start": False, "window_end": False})
        R = self.rel_table(b) if r.random() < 0.5 else self.rel_agg(b, keys=["k"])
        q, label = self.q_join(L, R, r.choice(["JOIN", "LEFT JOIN", "FULL JOIN"]))
        return q, "regular join: " + label

    def q_wagg_over_wjoin(self, a, b, spec):
        """A window aggregation over a window join of two TVFs (window-attached)."""
        r = self.r
        jt = r.choice(["JOIN", "JOIN", "LEFT JOIN"])
        aggs = r.sample(["COUNT(*) AS n", "SUM(L.v) AS sl", "MAX(R.v) AS mr", "COUNT(R.id) AS cr",
                         "LISTAGG(R.s) AS lr", "COUNT(DISTINCT L.s) AS cds"], r.randint(1, 3))
        keyed = r.random() < 0.6
        g = ("L.k, " if keyed else "") + "L.window_start, L.window_end"
        q = ("SELECT %s, %s\nFROM (SELECT * FROM %s) L\n%s (SELECT * FROM %s) R\n"
             "ON L.k = R.k AND L.window_start = R.window_start AND L.window_end = R.window_end\nGROUP BY %s;") % (
            g, ", ".join(aggs), self.tvf(spec, a.name), jt, self.tvf(spec, b.name), g)
        return q, "window agg over window %s of %s, %s (%s %s)" % (jt, a.name, b.name, spec[0], spec[1])

    def q_wagg_over_wtopn(self, t, spec):
        rel = self.wrel_topn(t, spec)
        extra = "SUM(v) AS sv" if "v" in rel.cols else "SUM(sv) AS ssv"
        q = "SELECT window_start, window_end, COUNT(*) AS n, %s FROM (%s) GROUP BY window_start, window_end;" % (
            extra, rel.sql)
        return q, "window agg over " + rel.label

    def q_agg_over_wagg(self, t, spec):
        """A regular GROUP BY over a window aggregation's output."""
        r = self.r
        inner = "SELECT k, window_start, window_end, COUNT(*) AS c, SUM(v) AS sv FROM %s GROUP BY k, window_start, window_end" % (
            self.tvf(spec, t.name))
        outer = r.choice(["SELECT k, COUNT(*) AS windows, SUM(c) AS total, MAX(sv) AS msv FROM (%s) GROUP BY k;",
                          "SELECT c, COUNT(*) AS n, LISTAGG(CAST(k AS STRING)) AS ks FROM (%s) GROUP BY c;"])
        return outer % inner, "group agg over window agg %s %s of %s" % (spec[0], spec[1], t.name)

    def q_rank_over_union(self, a, b):
        r = self.r
        U = self.rel_union(a, b)
        part = "PARTITION BY k " if r.random() < 0.7 else ""
        order = r.choice(["v DESC", "v ASC", "s DESC, v"])
        n = r.randint(1, 3)
        q = "SELECT k, v, s%s FROM (SELECT k, v, s, ROW_NUMBER() OVER (%sORDER BY %s) AS rn FROM (%s)) WHERE rn <= %d;" % (
            ", rn" if r.random() < 0.5 else "", part, order, U.sql, n)
        return q, "Top-N (%s%s) over %s" % (part, order, U.label)

    def extra(self, a, b):
        """A query of Gen2's (seeds >= 300) extra forms for this shape, or None."""
        return None

    def q_probe(self, a, b):
        """Forms Flink runs and JoinLab is known not to (not supported yet): other aggregate
        functions, an OVER aggregation, SESSION windows, grouping sets in a window aggregation,
        the legacy GROUP BY TUMBLE(..), a temporal sort, a VALUES query."""
        r = self.r
        rt = a.rowtime
        forms = ["agg", "values"] + (["over", "session", "wsets", "legacy", "tsort"] if rt else [])
        f = r.choice(forms)
        if f == "agg":
            e = r.choice(["STDDEV_POP(v)", "VAR_SAMP(v)", "COLLECT(s)", "VARIANCE(v)"])
            return "SELECT k, %s AS x, COUNT(*) AS c FROM %s GROUP BY k;" % (e, a.name), "probe: " + e.split("(")[0]
        if f == "values":
            return "SELECT * FROM (VALUES (1, 'a'), (2, 'b')) AS t (k, s);", "probe: VALUES query"
        if f == "over":
            return ("SELECT k, v, SUM(v) OVER (PARTITION BY k ORDER BY ts ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS rs FROM %s;"
                    % a.name), "probe: OVER aggregation"
        if f == "session":
            return ("SELECT k, window_start, window_end, COUNT(*) AS c FROM TABLE(SESSION(TABLE %s PARTITION BY k, DESCRIPTOR(ts), INTERVAL '3' SECOND)) GROUP BY k, window_start, window_end;"
                    % a.name), "probe: SESSION window"
        if f == "wsets":
            return ("SELECT k, window_start, window_end, COUNT(*) AS c FROM %s GROUP BY window_start, window_end, GROUPING SETS ((k), ());"
                    % self.tvf(("TUMBLE", [5]), a.name)), "probe: window GROUPING SETS"
        if f == "legacy":
            return ("SELECT k, TUMBLE_START(ts, INTERVAL '5' SECOND) AS ws, COUNT(*) AS c FROM %s GROUP BY k, TUMBLE(ts, INTERVAL '5' SECOND);"
                    % a.name), "probe: legacy GROUP BY TUMBLE"
        return "SELECT id, k, v FROM %s ORDER BY ts;" % a.name, "probe: ORDER BY rowtime (temporal sort)"

    # ------------------------------------------------------------------ scenarios

    def queries(self, tables):
        r = self.r
        sh = self.shape
        ins = [t for t in tables if not t.updating()]
        out = []
        for _ in range(r.randint(1, 3)):
            a, b = r.sample(tables, 2)
            x = self.extra(a, b)
            if x:
                out.append(x)
            elif sh == "probe":
                out.append(self.q_probe(a, b))
            elif sh == "agg":
                f = r.choice([self.rel_agg, self.rel_agg, self.rel_global, self.rel_distinct, self.rel_grouping,
                              self.rel_agg_of_agg])
                out.append(self.q_alone(f(a)))
            elif sh == "agg_join":
                x = r.random()
                if x < 0.1:
                    out.append(self.q_global_join(a, b))
                    continue
                if x < 0.2:
                    out.append(self.q_agg_over_join(a, b))
                    continue
                L = r.choice([self.rel_agg, self.rel_agg, self.rel_agg, self.rel_distinct, self.rel_grouping,
                              self.rel_agg_of_agg])(a)
                R = self.rel_table(b) if r.random() < 0.45 else r.choice([self.rel_agg, self.rel_agg, self.rel_distinct])(b)
                if r.random() < 0.5:
                    L, R = R, L
                out.append(self.q_join(L, R))
            elif sh == "topn":
                x = r.random()
                L = self.rel_limit(a) if x < 0.25 else self.rel_topn(a, over_agg=x > 0.65)
                if r.random() < 0.4:
                    out.append(self.q_alone(L))
                else:
                    R = self.rel_table(b) if r.random() < 0.6 else self.rel_agg(b)
                    if r.random() < 0.3:
                        L, R = R, L
                    out.append(self.q_join(L, R))
            elif sh == "dedup":
                L = self.rel_dedup(a)
                x = r.random()
                if x < 0.25:
                    out.append(self.q_alone(L))
                elif x < 0.45:
                    items, _ = self.aggs(1, 3)
                    out.append(("SELECT k, %s FROM (%s) GROUP BY k;" % (items, L.sql), "aggregate over " + L.label))
                else:
                    R = self.rel_table(b) if r.random() < 0.5 else r.choice([self.rel_agg, self.rel_dedup])(b) \
                        if b.rowtime else self.rel_agg(b)
                    if r.random() < 0.3:
                        L, R = R, L
                    out.append(self.q_join(L, R))
            elif sh == "union":
                if r.random() < 0.15:
                    out.append(self.q_rank_over_union(a, b))
                    continue
                U = self.rel_union(a, b) if r.random() < 0.6 else self.rel_union_agg(a, b)
                rest = [t for t in tables if t not in (a, b)]
                if rest and r.random() < 0.6:
                    R = self.rel_table(rest[0]) if r.random() < 0.5 else self.rel_agg(rest[0])
                    L = U
                    if r.random() < 0.3:
                        L, R = R, L
                    out.append(self.q_join(L, R))
                elif "v" in U.cols:
                    keys = r.choice([["k"], ["k"], ["k", "s"]])
                    out.append(self.q_alone(self.rel_agg(None, src="(%s) u" % U.sql, keys=keys)))
                else:
                    e = "SUM(x)" if U.cols["x"] else "LISTAGG(x, ',')"
                    out.append(("SELECT k, %s AS total, COUNT(*) AS n FROM (%s) GROUP BY k;" % (e, U.sql),
                                "aggregate over " + U.label))
            elif sh == "win_agg":
                spec = self.spec()
                if r.random() < 0.2 and a.rowtime == b.rowtime:
                    src = "u"
                    rel = self.wrel_agg(a, spec, src=src)
                    union = "SELECT id, k, v, s, ts FROM %s UNION ALL SELECT id, k, v, s, ts FROM %s" % (a.name, b.name)
                    out.append(("WITH u AS (%s)\n%s;" % (union, rel.sql), rel.label.replace("over u", "over UNION ALL of %s, %s" % (a.name, b.name))))
                else:
                    out.append(self.q_alone(self.wrel_agg(a, spec)))
            elif sh == "win_join":
                spec = self.spec()
                x = r.random()
                if x < 0.12:
                    out.append(self.q_wagg_regular_join(a, b, spec))
                    continue
                if x < 0.22 and not a.updating() and not b.updating():
                    out.append(self.q_wagg_over_wjoin(a, b, spec))
                    continue
                kinds = ["agg", "agg", "agg", "topn", "dedup", "tvf", "topn_agg"]
                ka = r.choice(kinds)
                kb = r.choice(kinds if ka != "tvf" else kinds[:-2])
                if a.updating():
                    ka = "agg"
                if b.updating():
                    kb = "agg"
                build = {"agg": self.wrel_agg, "topn": self.wrel_topn, "dedup": self.wrel_dedup, "tvf": self.wrel_tvf,
                         "topn_agg": lambda t, s: self.wrel_topn(t, s, over_agg=True)}
                out.append(self.q_win_join(build[ka](a, spec), build[kb](b, spec)))
            elif sh == "win_rank":
                spec = self.spec()
                t = r.choice(ins) if ins else a
                x = r.random()
                if x < 0.12:
                    out.append(self.q_wagg_over_wtopn(t, spec))
                    continue
                rel = self.wrel_dedup(t, spec) if x < 0.35 else self.wrel_topn(t, spec, over_agg=x > 0.7)
                out.append(self.q_alone(rel))
            elif sh == "win_cascade":
                out.append(self.q_cascade(a) if r.random() < 0.8 else self.q_agg_over_wagg(a, self.spec()))
        return out

    def scenario(self, title):
        r = self.r
        tables = self.tables()
        data = self.data(tables)
        use_at = any(t.updating() for t in tables) or r.random() < 0.5
        out = [title]
        if self.window:
            out.append("SET 'table.local-time-zone' = 'UTC';")
            if r.random() < 0.15:
                out.append("SET 'table.optimizer.agg-phase-strategy' = '%s';" % r.choice(["ONE_PHASE", "TWO_PHASE"]))
        elif r.random() < self.TTL_P:
            out.append("SET 'table.exec.state.ttl' = '1 h';")
        rowtime = tables[0].rowtime
        if not use_at and (not rowtime or r.random() < 0.3):
            out.append("SET 'joinlab.arrival' = 'as-written';")
        if use_at and rowtime and r.random() < 0.08:
            out.append("SET 'oracle.watermark-emit' = 'on-marker';")
        if rowtime and r.random() < 0.2:
            out.append("SET 'oracle.mode' = '%s';" % r.choice(["bounded", "unbounded"]))
        for t in tables:
            out.append(t.ddl())
        if use_at:
            for x in data:
                if x[0] == "wm":
                    out.append("@watermark %s %s" % (x[1], ts_text(x[2])))
                else:
                    _, t, kind, row = x
                    out.append("@%s%s %s" % (t.name, "" if kind == "+I" else " " + kind, self.fmt_at(t, row)))
        else:
            runs = []
            for x in data:
                if x[0] != "row":
                    continue
                t, row = x[1], x[3]
                if runs and runs[-1][0] is t:
                    runs[-1][1].append(self.fmt_insert(t, row))
                else:
                    runs.append((t, [self.fmt_insert(t, row)]))
            for t, vals in runs:
                out.append("INSERT INTO %s VALUES %s;" % (t.name, ", ".join(vals)))
        qs = self.queries(tables)
        out[0] += ": " + self.shape + " -- " + " | ".join(label for _, label in qs)
        for q, _ in qs:
            out.append(q)
        return "\n".join(out) + "\n"


class Gen2(Gen):
    """Seeds >= 300: more updating tables and rows, HAVING and state TTL more often, expression
    group keys (COALESCE / MOD / CASE, selected `AS k` or `AS s`), joins of two aggregates on an
    aggregate value (L.c = R.c) or ON TRUE (global aggregates), Top-N over Top-N, window Top-N
    without rn in a window join, a window deduplication feeding a window aggregation. Seeds below
    300 write what they always wrote. Now and then (4 %) a probe query of q_probe (a form JoinLab
does not support yet)."""

    UPD = 0.7
    NROWS = (9, 15)
    HAVING_P = 0.4
    TTL_P = 0.3
    ALL_COLS = 0.95

    def group_keys(self):
        r = self.r
        if r.random() < 0.4:
            return r.choice([["COALESCE(k, 0) AS k"], ["MOD(k, 2) AS k"], ["k + 1 AS k"],
                             ["k", "CASE WHEN v > 2 THEN 'hi' ELSE 'lo' END AS s"], ["k", "COALESCE(s, '-') AS s"]])
        return Gen.group_keys(self)

    def extra(self, a, b):
        r = self.r
        sh = self.shape
        if r.random() < 0.04 and not self.window:
            return self.q_probe(a, b)
        if r.random() > 0.3:
            return None
        if sh == "agg_join":
            if r.random() < 0.5:
                L, R = self.rel_global(a), self.rel_global(b)
                sel = self.pick_cols(L, "L") + self.pick_cols(R, "R")
                jt = r.choice(["JOIN", "LEFT JOIN", "FULL JOIN"])
                return ("SELECT %s\nFROM %s\n%s %s\nON TRUE;" % (", ".join(sel), L.ref("L"), jt, R.ref("R")),
                        "%s %s ON TRUE %s" % (L.label, jt, R.label))
            L = Rel("SELECT k, COUNT(*) AS c, SUM(v) AS sv FROM %s GROUP BY k" % a.name, {"c": True, "sv": True},
                    label="GROUP BY k over %s" % a.name)
            R = Rel("SELECT k, COUNT(*) AS c, MAX(s) AS ms FROM %s GROUP BY k" % b.name, {"c": True, "ms": False},
                    label="GROUP BY k over %s" % b.name)
            jt = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
            q = ("SELECT L.k AS lk, L.c AS lc, L.sv AS lsv, R.k AS rk, R.c AS rc, R.ms AS rms\nFROM (%s) L\n%s (%s) R\n"
                 "ON L.c = R.c;") % (L.sql, jt, R.sql)
            return q, "%s %s %s on the counts" % (L.label, jt, R.label)
        if sh == "topn":
            inner = self.rel_topn(a)
            cols = [c for c in inner.cols if c != "rn"]
            q = "SELECT * FROM (SELECT k, %s, ROW_NUMBER() OVER (ORDER BY %s DESC) AS rn2 FROM (%s)) WHERE rn2 <= 2;" % (
                ", ".join(cols), cols[0], inner.sql)
            return q, "global Top-2 over " + inner.label
        if sh == "win_join" and not a.updating() and not b.updating():
            spec = self.spec()
            L = self.wrel_topn(a, spec)
            L.sql = L.sql.replace("SELECT * FROM (SELECT id, k, v, s, window_start, window_end,",
                                  "SELECT id, k, v, s, window_start, window_end FROM (SELECT id, k, v, s, window_start, window_end,")
            L.cols.pop("rn", None)
            R = self.wrel_agg(b, spec) if r.random() < 0.6 else self.wrel_dedup(b, spec)
            return self.q_win_join(L, R)
        if sh == "win_rank" and not a.updating():
            spec = self.spec()
            D = self.wrel_dedup(a, spec)
            q = "SELECT k, window_start, window_end, COUNT(*) AS n, SUM(v) AS sv, LISTAGG(s) AS ls FROM (%s) GROUP BY k, window_start, window_end;" % D.sql
            return q, "window agg over " + D.label
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--out", required=True)
    ap.add_argument("--shape", choices=SHAPES, help="write only this shape")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    pool = REGULAR + WINDOW if args.seed < 100 or args.seed >= 300 else REGULAR if args.seed < 200 else WINDOW
    for n in range(args.count):
        rng = random.Random("agg-%d-%d" % (args.seed, n))
        shape = args.shape or rng.choice(pool)
        text = (Gen2 if args.seed >= 300 else Gen)(rng, shape).scenario("-- aggregations.py --seed %d, scenario %d" % (args.seed, n))
        with open(os.path.join(args.out, "ag%d_%03d.sql" % (args.seed, n)), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
