#!/usr/bin/env python3
"""Seeded random interval-join scenarios (Flink's IntervalJoinUtil / RowTimeIntervalJoin) for
differential testing of JoinLab against the real Flink oracle (../shared/oracle).

Each scenario has two tables A and B (a third table C now and then) with columns
`k INT, k2 INT, v INT, id STRING` and an event-time attribute `t`: a TIMESTAMP(3) or
TIMESTAMP_LTZ(3) column, or `ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3)`; `WATERMARK FOR t AS t -
INTERVAL 'd' SECOND` with d in 0..30 per table; B's key is sometimes BIGINT (INT = BIGINT keys).
Data: 2..25 `@` lines interleaving the tables on a shared clock in seconds, minutes or hours, with
rows out of order, late rows (behind their table's watermark) on both sides, several rows at the
same time and key, rows 1 ms either side of a bound, NULL keys and values (now and then INSERT
statements instead, arrival by-time or as-written). Settings now and then:
`table.exec.interval-join.min-cleanup-interval`, `joinlab.watermark-emit` = on-marker with
`@watermark T time` / `@watermark T` lines, explicit `@watermark` lines far ahead, `joinlab.mode`
unbounded / bounded, a session zone for TIMESTAMP_LTZ.
Queries (1..3 per scenario): INNER / LEFT / RIGHT / FULL interval joins (and the comma form with
the bounds in WHERE) with zero, one or two equi keys (`=` or IS NOT DISTINCT FROM); bounds as
BETWEEN, two range predicates (`<`, `<=`, `>`, `>=`, written with either time on either side,
`+`/`- INTERVAL 'n' SECOND|MINUTE|HOUR` on either side), or one equality of the two times; wide,
narrow, zero-width, asymmetric, one-sided-positive and negative (upper < lower) intervals;
residual conditions (comparisons across the sides, OR's, CASE, one-sided conjuncts); a WHERE over
the join; SELECT lists with both time columns, one (only from a side that is never padded, except
now and then on purpose: Flink's collecting sink fails on a NULL single rowtime), none, or
expressions over both; a second interval join chained after the first (also through a derived
table), or a regular join after it.

Usage (one oracle JVM for the whole batch; the JoinLab binary is any build of joinlab-cli):

    python3 scripts/fuzz/interval_joins.py --seed 1 --count 40 --out /tmp/fi/b1
    export ORACLE_JAVA_OPTS="-Doracle.quiet-polls=8 -Doracle.poll-ms=5 -Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
    /work/shared/oracle/run-scenario --write-expected /tmp/fi/b1/*.sql
    for f in /tmp/fi/b1/*.sql; do ./target/debug/joinlab run --dialect flink "$f" > "${f%.sql}.out" 2>&1; done
    /work/shared/oracle/compare --dir /tmp/fi/b1 /tmp/fi/b1            # also with --strict-errors
    /work/shared/oracle/run-scenario --check --repeat 3 /tmp/fi/b1/iv1_007.sql   # a failing one: deterministic?

or `scripts/fuzz/run_batch.sh SEED COUNT DIR interval_joins` (JOINLAB_BIN=... for another binary).
File names are `iv<seed>_<n>.sql`; the same seed (and --focus) always writes the same files.

Weights (Gen.w) steer the mix; `--focus NAME` replaces some of them (FOCUS below: outer, late,
chain, markers, cleanup, negative, residual, shapes = extra / non-interval time conditions and
compound INTERVAL literals, eq_offset, known). Shapes for which the first fuzz rounds found a
difference from Flink are off in the default mix and on in `--focus known`, so that a default
round shows new differences only: bounds in WHERE (an INNER join's WHERE is merged into the
interval join in Flink), an exact repeat of a bound (dropped by Flink's simplifier), an equality
of the times with an offset (an equi key in Flink), TIMESTAMPADD bounds, INTERVAL + TIMESTAMP_LTZ
(a CodeGenException in Flink), `rowtime + INTERVAL` selected (stays a rowtime in Flink),
expression equi keys (COALESCE(A.k, 0) = COALESCE(B.k, 0): a partitioning key in Flink),
one-sided conditions that Flink pushes below the join, and `A.t <> B.t` next to `A.t = B.t`.
"""

import argparse
import datetime
import os
import random

BASE = datetime.datetime(2024, 1, 1, 10, 0, 0)
EPOCH = datetime.datetime(1970, 1, 1)
UNITS = [("DAY", 86400000), ("HOUR", 3600000), ("MINUTE", 60000), ("SECOND", 1000)]
ZONES = ["UTC", "Asia/Kolkata", "America/Los_Angeles"]
# --focus: weights that replace the defaults of the full mix
FOCUS = {
    "outer": dict(kinds=["LEFT", "RIGHT", "FULL"]),
    "late": dict(late=0.35),
    "chain": dict(third=1.0, chain=0.8),
    "markers": dict(marker=0.6),
    "cleanup": dict(cleanup=0.7, kinds=["LEFT", "RIGHT", "FULL"]),
    "negative": dict(negative=0.5),
    "residual": dict(residual=0.8),
    "shapes": dict(extra_time=0.3, nonbound=0.25, compound=0.2),
    # shapes that showed a difference (fuzz report): bounds in WHERE, a repeated bound, an
    # equality with an offset, TIMESTAMPADD, INTERVAL + TIMESTAMP_LTZ, 3-digit INTERVAL values
    "known": dict(where_bound=0.3, dup_bound=0.2, eq_offset=0.2, tsadd=0.1, ival_first_ltz=0.2, precision=0.3,
                  shifted_select=0.2, key_expr=0.3, pushdown=0.5, false_cond=0.3),
}


def ts_text(ms):
    t = BASE + datetime.timedelta(milliseconds=ms)
    return t.strftime("%Y-%m-%d %H:%M:%S") + (".%03d" % (ms % 1000) if ms % 1000 else "")


def epoch_ms(ms):
    return int((BASE - EPOCH).total_seconds() * 1000) + ms


class Gen:
    def __init__(self, r, focus=None):
        self.r = r
        self.w = dict(kinds=["INNER", "LEFT", "RIGHT", "FULL"], late=0.1, third=0.25, chain=0.5,
                      marker=0.12, cleanup=0.15, negative=0.08, residual=0.35,
                      precision=0.05, ival_first=0.2, ival_first_ltz=0.0, shifted_select=0.0,
                      compound=0.03, extra_time=0.06, eq_offset=0.0, nonbound=0.05, where_bound=0.0,
                      key_expr=0.0, tsadd=0.0, dup_bound=0.0,
                      pushdown=0.0, false_cond=0.0)
        if focus:
            self.w.update(FOCUS[focus])

    # ------------------------------------------------------------------ literals and bounds

    def interval(self, ms):
        """INTERVAL literal for ms >= 0 (a multiple of 500 ms). Flink's default leading precision is
        2 digits (`INTERVAL '180' SECOND` is a ValidationException): larger values get an explicit
        precision, `SECOND(3)`, now and then."""
        r = self.r
        if ms % 1000:
            return "INTERVAL '%s' SECOND" % (("%.3f" % (ms / 1000.0)).rstrip("0").rstrip("."))
        fits = [(u, f) for u, f in UNITS if ms % f == 0]
        big = [(u, f) for u, f in fits if 99 < ms // f <= 999]  # SECOND(4) is a TableException
        fits = [(u, f) for u, f in fits if ms // f <= 99]
        if not fits and not big or r.random() < self.w["compound"]:  # e.g. '17:30' MINUTE TO SECOND
            sec = ms // 1000
            if sec < 6000:
                return "INTERVAL '%d:%02d' MINUTE TO SECOND" % (sec // 60, sec % 60)
            return "INTERVAL '%d:%02d:%02d' HOUR TO SECOND" % (sec // 3600, sec // 60 % 60, sec % 60)
        if big and (not fits or r.random() < self.w["precision"]):
            u, f = r.choice(big)
            return "INTERVAL '%d' %s(%d)" % (ms // f, u, len(str(ms // f)))
        u, f = fits[0] if r.random() < 0.75 else r.choice(fits)
        return "INTERVAL '%d' %s" % (ms // f, u)

    def off(self, t, ms):
        """An expression for time t + ms."""
        r = self.r
        if ms and ms % 1000 == 0 and r.random() < self.w["tsadd"]:
            return "TIMESTAMPADD(SECOND, %d, %s)" % (ms // 1000, t)
        if ms == 0:
            if r.random() < 0.9:
                return t
            return "%s %s %s" % (t, r.choice("+-"), self.interval(0))
        if ms > 0:
            iv = self.interval(ms)
            # INTERVAL + TIMESTAMP_LTZ is a CodeGenException in Flink ("Unsupported temporal
            # arithmetic"): interval first mostly with TIMESTAMP(3)
            first = self.w["ival_first"] if self.tkind == "ts" else self.w["ival_first_ltz"]
            return "%s + %s" % (iv, t) if r.random() < first else "%s + %s" % (t, iv)
        if r.random() < 0.06:
            return "%s + INTERVAL '-%s" % (t, self.interval(-ms)[len("INTERVAL '"):])
        return "%s - %s" % (t, self.interval(-ms))

    def bounds_ms(self, tick):
        """(lo, hi) for d = right.t - left.t, in ms."""
        r = self.r
        h = tick // 2
        if r.random() < self.w["negative"]:
            a = r.randint(0, 4) * h
            return a + r.randint(1, 3) * h, a if r.random() < 0.5 else -a
        c = r.choice(["sym", "sym", "asym", "asym", "zero", "pos", "neg", "half", "wide", "point"])
        if c == "sym":
            n = r.randint(1, 5) * tick
            return -n, n
        if c == "asym":
            return tuple(x * tick for x in r.choice([(-2, 5), (-5, 1), (-1, 3), (-3, 2), (0, 4), (-4, 0)]))
        if c == "zero":
            return 0, 0
        if c == "pos":
            a = r.randint(1, 2) * tick
            return a, a + r.randint(1, 3) * tick
        if c == "neg":
            a = r.randint(1, 2) * tick
            return -a - r.randint(1, 3) * tick, -a
        if c == "half":
            return -r.randint(0, 3) * h, r.randint(1, 3) * h
        if c == "wide":
            return -r.randint(10, 30) * tick, r.randint(10, 30) * tick
        a = r.randint(-2, 2) * tick  # [a, a]: one point, not zero
        return a, a

    def time_conds(self, L, R, lo, hi, col="t", col_r=None):
        """Conjuncts bounding R.t - L.t to [lo, hi] in one of Flink's recognised forms."""
        r = self.r
        lt, rt = "%s.%s" % (L, col), "%s.%s" % (R, col_r or col)
        if lo == 0 and hi == 0 and r.random() < 0.5:
            return [r.choice(["%s = %s" % (lt, rt), "%s = %s" % (rt, lt)])]
        form = r.choice(["between_r", "between_r", "between_l", "ranges", "ranges", "ranges"])
        if form == "between_r":
            return ["%s BETWEEN %s AND %s" % (rt, self.off(lt, lo), self.off(lt, hi))]
        if form == "between_l":
            return ["%s BETWEEN %s AND %s" % (lt, self.off(rt, -hi), self.off(rt, -lo))]
        strict_lo, strict_hi = r.random() < 0.3, r.random() < 0.3
        ge, le = (">" if strict_lo else ">="), ("<" if strict_hi else "<=")
        gl, lg = ("<" if strict_lo else "<="), (">" if strict_hi else ">=")
        lower = r.choice(["%s %s %s" % (rt, ge, self.off(lt, lo)), "%s %s %s" % (self.off(lt, lo), gl, rt),
                          "%s %s %s" % (lt, gl, self.off(rt, -lo)), "%s %s %s" % (self.off(rt, -lo), ge, lt)])
        upper = r.choice(["%s %s %s" % (rt, le, self.off(lt, hi)), "%s %s %s" % (self.off(lt, hi), lg, rt),
                          "%s %s %s" % (lt, lg, self.off(rt, -hi)), "%s %s %s" % (self.off(rt, -hi), le, lt)])
        conds = [lower, upper]
        if r.random() < self.w["extra_time"]:  # a third time predicate: looser, tighter or duplicate bound
            w = r.choice([-2, -1, 1, 2]) * (self.tick // 2)
            conds.append(r.choice(["%s >= %s" % (rt, self.off(lt, lo + w)), "%s <= %s" % (rt, self.off(lt, hi + w)),
                                   "%s < %s" % (lt, self.off(rt, -lo + self.tick))]))
        if r.random() < self.w["dup_bound"]:  # an exact repeat: Flink's simplifier drops it
            conds.append(r.choice([lower, upper]))
        if r.random() < self.w["eq_offset"]:  # B.t = A.t + x: an equi key in Flink, not a bound
            conds.append("%s = %s" % (rt, self.off(lt, r.randint(lo // 1000, max(lo, hi) // 1000) * 1000)))
        r.shuffle(conds)
        return conds

    def nonbound_conds(self, L, R):
        """Time conditions that are not an interval join in Flink (a regular join with a non-equi
        condition): one bound only, an OR of two intervals, bounds over CAST times."""
        r = self.r
        lt, rt, tick = "%s.t" % L, "%s.t" % R, self.tick
        c = r.choice(["one", "one", "or", "cast"] + (["eq_off"] if self.w["eq_offset"] else []))
        if c == "one":
            return [r.choice(["%s >= %s" % (rt, self.off(lt, -tick)), "%s < %s" % (lt, self.off(rt, 2 * tick)),
                              "%s <= %s" % (rt, lt)])]
        if c == "or":
            return ["(%s BETWEEN %s AND %s OR %s BETWEEN %s AND %s)" % (
                rt, lt, self.off(lt, tick), rt, self.off(lt, 3 * tick), self.off(lt, 4 * tick))]
        if c == "eq_off":
            return ["%s = %s" % (rt, self.off(lt, r.choice([-1, 1, 2]) * tick))]
        typ = "TIMESTAMP(3)" if self.tkind == "ts" else "TIMESTAMP_LTZ(3)"
        return ["CAST(%s AS %s) BETWEEN %s AND %s" % (rt, typ, self.off(lt, -tick), self.off(lt, tick))]

    # ------------------------------------------------------------------ tables and data

    def tables(self):
        r = self.r
        names = ["A", "B"] + (["C"] if r.random() < self.w["third"] else [])
        self.tkind = r.choice(["ts", "ts", "ltz_ms", "ltz_ms", "ltz"])
        self.unit = r.choice(["SECOND", "SECOND", "MINUTE", "MINUTE", "HOUR"])
        self.tick = dict(UNITS)[self.unit]
        self.ktype = {n: "INT" for n in names}
        if r.random() < 0.2:
            self.ktype["B"] = "BIGINT"
        self.delay = {n: r.choice([0, 0, 1, 2, 5, 10, 30]) for n in names}
        if self.unit == "SECOND":
            self.delay = {n: min(d, r.choice([0, 1, 2, 3])) for n, d in self.delay.items()}
        return names

    def ddl(self, n):
        cols = "k %s, k2 INT, v INT, id STRING, " % self.ktype[n]
        if self.tkind == "ltz_ms":
            cols += "ms BIGINT, t AS TO_TIMESTAMP_LTZ(ms, 3)"
        else:
            cols += "t %s" % ("TIMESTAMP(3)" if self.tkind == "ts" else "TIMESTAMP_LTZ(3)")
        d = self.delay[n]
        wm = "t" if d == 0 and self.r.random() < 0.5 else "t - INTERVAL '%d' SECOND" % d
        return "CREATE TABLE %s (%s, WATERMARK FOR t AS %s);" % (n, cols, wm)

    def rows(self, names):
        r = self.r
        tick, h = self.tick, self.tick // 2
        kmax = r.choice([1, 2, 3, 3])
        out, clock = [], 0
        for i in range(r.choice([r.randint(2, 8), r.randint(6, 16), r.randint(10, 25)])):
            t = r.choice(names)
            x = r.random()
            k = None if r.random() < 0.1 else r.randint(1, kmax)
            if x < 0.12 and out:  # same time and key as an earlier row (either table)
                prev = r.choice(out[-4:])
                ms, k = prev[5], prev[1] if r.random() < 0.8 else k
            elif x < 0.12 + self.w["late"]:  # behind the clock: out of order, often late
                ms = clock - r.randint(1, 12) * h
            elif x < 0.16 + self.w["late"]:  # far behind
                ms = clock - r.randint(8, 20) * tick
            else:
                clock += r.choice([0, h, tick, tick, 2 * tick, 3 * tick, 5 * tick])
                ms = clock
            if r.random() < 0.1:
                ms += r.choice([-1, 1])
            k2 = None if r.random() < 0.05 else r.randint(1, 2)
            v = None if r.random() < 0.06 else r.randint(0, 5)
            out.append((t, k, k2, v, "%s%d" % (t.lower(), i), ms))
        return out

    def tval(self, ms, at):
        if self.tkind == "ltz_ms":
            return str(epoch_ms(ms))
        if at:
            return ts_text(ms) + ("Z" if self.tkind == "ltz" else "")  # an instant for TIMESTAMP_LTZ
        if self.tkind == "ltz":
            return "TO_TIMESTAMP_LTZ(%d, 3)" % epoch_ms(ms)
        return "TIMESTAMP '%s'" % ts_text(ms)

    # ------------------------------------------------------------------ queries

    def keys(self, L, R, nkeys):
        r = self.r
        out = []
        if nkeys >= 1:
            same = self.ktype[L] == self.ktype[R]
            if same and r.random() < 0.15:
                out.append("%s.k IS NOT DISTINCT FROM %s.k" % (L, R))
            elif r.random() < self.w["key_expr"]:
                out.append(r.choice(["%s.k + 1 = %s.k", "%s.k = %s.v", "CAST(%s.k AS BIGINT) = %s.k",
                                     "COALESCE(%s.k, 0) = COALESCE(%s.k, 0)"]) % (L, R))
            else:
                out.append("%s.k = %s.k" % ((L, R) if r.random() < 0.7 else (R, L)))
        if nkeys >= 2:
            out.append("%s.k2 = %s.k2" % (L, R) if r.random() < 0.85 else "%s.k2 IS NOT DISTINCT FROM %s.k2" % (L, R))
        return out

    def residual(self, L, R, kind="INNER"):
        """A residual conjunct. One-sided ones that Flink pushes below the join (on the
        null-producing side of an outer join, either side of an inner one) only with the
        `pushdown` weight: JoinLab evaluates them in the join, where the rows they drop still
        evict state and set cleanup timers (fuzz report, d12)."""
        r = self.r
        two = ["%s.v < %s.v" % (L, R), "%s.v <> %s.v" % (L, R), "%s.v + %s.v > 4" % (L, R),
               "(%s.v < %s.v OR %s.v = 1)" % (L, R, R), "(%s.v = 0 OR %s.v = 0)" % (L, R),
               "CASE WHEN %s.v > 2 THEN %s.v < 3 ELSE %s.v >= 1 END" % (L, R, R),
               "CASE %s.k2 WHEN 1 THEN TRUE ELSE %s.v > %s.v END" % (L, L, R),
               "%s.id <> %s.id" % (L, R), "%s.k2 <= %s.k2" % (L, R),
               "TIMESTAMPDIFF(SECOND, %s.t, %s.t) <> 1" % (L, R)]
        if r.random() < self.w["false_cond"]:  # with A.t = B.t Flink simplifies it to FALSE (d10)
            two.append("%s.t <> %s.t" % (L, R))
        stays = {"INNER": set(), "LEFT": {L}, "RIGHT": {R}, "FULL": {L, R}}[kind]
        one = [(L, "%s.v > 1" % L), (R, "%s.v >= 2" % R), (R, "%s.v IS NOT NULL" % R),
               (r.choice([L, R]), None)]
        opts = list(two)
        for side, c in one:
            if side in stays or r.random() < self.w["pushdown"]:
                opts.append(c or "%s.t >= %s" % (side, self.literal()))
        return r.choice(opts)

    def literal(self):
        """A time literal a bit after the scenario's start."""
        ms = self.r.randint(1, 6) * self.tick
        if self.tkind == "ts":
            return "TIMESTAMP '%s'" % ts_text(ms)
        return "TO_TIMESTAMP_LTZ(%d, 3)" % epoch_ms(ms)

    def preserved(self, kind, left, right):
        """Tables never NULL-padded in the output of `left kind JOIN right`."""
        if kind == "INNER":
            return left | right
        if kind == "LEFT":
            return left
        if kind == "RIGHT":
            return right
        return set()

    def select(self, names, safe, kind):
        r = self.r
        if r.random() < 0.05:
            return "*"
        items = ["%s.id AS %sid" % (n, n.lower()) for n in names]
        extras = ["%s.k AS %sk" % (names[0], names[0].lower()), "%s.v AS %sv" % (names[-1], names[-1].lower()),
                  "%s.v + %s.v AS sv" % (names[0], names[1]), "COALESCE(%s.k, %s.k) AS ck" % (names[0], names[1]),
                  "CASE WHEN %s.id IS NULL THEN 'pad' ELSE 'hit' END AS tag" % names[1],
                  "TIMESTAMPDIFF(SECOND, %s.t, %s.t) AS dsec" % (names[0], names[1])]
        items += r.sample(extras, r.choice([0, 0, 1, 2]))
        if r.random() < self.w["shifted_select"]:  # a rowtime + INTERVAL stays a rowtime in Flink
            items.append("%s.t + INTERVAL '1' SECOND AS t1" % r.choice(names))
        x = r.random()
        if x < 0.3:
            items += ["%s.t AS %s_t" % (n, n.lower()) for n in r.sample(names, 2)]
        elif x < 0.6 and safe:
            n = r.choice(sorted(safe))
            items.append("%s.t AS %s_t" % (n, n.lower()))
        elif x < 0.63:  # one rowtime column that may be padded: Flink's sink fails on a NULL one
            n = r.choice(names)
            items.append("%s.t AS %s_t" % (n, n.lower()))
        r.shuffle(items)
        return ", ".join(items)

    def ref(self, n):
        r = self.r
        if r.random() < 0.08:
            return "(SELECT * FROM %s WHERE %s) %s" % (n, r.choice(["v > 0", "k IS NOT NULL", "v <> 3"]), n)
        return n

    def join_conds(self, L, R, kind="INNER", allow_residual=True):
        r = self.r
        nkeys = r.choice([0, 1, 1, 1, 2])
        lo, hi = self.bounds_ms(self.tick)
        if r.random() < self.w["nonbound"]:
            conds = self.keys(L, R, nkeys) + self.nonbound_conds(L, R)
        else:
            conds = self.keys(L, R, nkeys) + self.time_conds(L, R, lo, hi)
        if allow_residual and r.random() < self.w["residual"]:
            conds.append(self.residual(L, R, kind))
            if r.random() < 0.2:
                conds.append(self.residual(L, R, kind))
        r.shuffle(conds)
        return conds

    def binary(self, names):
        r = self.r
        L, R = r.sample(names[:2], 2) if r.random() < 0.3 else names[:2]
        kind = r.choice(self.w["kinds"])
        conds = self.join_conds(L, R, kind)
        safe = self.preserved(kind, {L}, {R})
        sel = self.select([L, R], safe, kind)
        if kind == "INNER" and r.random() < 0.2:
            q = "SELECT %s\nFROM %s, %s\nWHERE %s" % (sel, self.ref(L), self.ref(R), " AND ".join(conds))
        elif r.random() < self.w["where_bound"]:  # keys in ON, the rest (bounds) in WHERE
            on = [c for c in conds if ".k" in c and ".t" not in c] or ["TRUE"]
            rest = [c for c in conds if c not in on]
            jt = "JOIN" if kind == "INNER" else kind + " JOIN"
            q = "SELECT %s\nFROM %s %s %s\nON %s\nWHERE %s" % (sel, self.ref(L), jt, self.ref(R), " AND ".join(on),
                                                           " AND ".join(rest))
        else:
            jt = {"INNER": r.choice(["JOIN", "INNER JOIN"]), "LEFT": "LEFT JOIN", "RIGHT": "RIGHT JOIN",
                  "FULL": r.choice(["FULL JOIN", "FULL OUTER JOIN"])}[kind]
            q = "SELECT %s\nFROM %s %s %s\nON %s" % (sel, self.ref(L), jt, self.ref(R), " AND ".join(conds))
            if r.random() < 0.12:
                # a WHERE on the null-producing side that Flink cannot push below the join; others
                # (pushed in Flink, after the join in JoinLab: d12b) with the `pushdown` weight
                null_side = {"LEFT": [R], "RIGHT": [L], "FULL": [L, R]}.get(kind, [])
                opts = ["%s.id IS NULL" % x for x in null_side] + ["COALESCE(%s.v, 0) < 4" % x for x in null_side]
                if r.random() < self.w["pushdown"] or not opts:
                    opts += ["%s.v IS NOT NULL" % L, "%s.k2 = 1" % L, "%s.v > 0" % R]
                q += "\nWHERE " + r.choice(opts)
        return q + ";"

    def chain(self, names):
        r = self.r
        A, B, C = names
        k1 = r.choice(self.w["kinds"] if r.random() < 0.5 else ["INNER", "LEFT"])
        k2 = r.choice(["INNER", "LEFT", "LEFT", "RIGHT", "FULL"] if r.random() < 0.7 else self.w["kinds"])
        c1 = self.join_conds(A, B, k1)
        p = r.choice([A, B])
        interval = r.random() < 0.7
        if interval:
            lo, hi = self.bounds_ms(self.tick)
            c2 = ["%s.k = %s.k" % (p, C)] + self.time_conds(p, C, lo, hi)
        else:
            c2 = ["%s.k = %s.k" % (p, C)]
        if r.random() < 0.2:
            c2.append(self.residual(p, C, k2))
        r.shuffle(c2)
        jt = lambda k: "JOIN" if k == "INNER" else k + " JOIN"
        if interval and r.random() < 0.3:  # through a derived table
            inner = "SELECT %s.id AS aid, %s.id AS bid, %s.k AS k, %s.v AS v, %s.t AS t, %s.t AS t_other FROM %s %s %s ON %s" % (
                A, B, p, p, p, B if p == A else A, A, jt(k1), B, " AND ".join(c1))
            c2 = [c.replace("%s." % p, "x.") for c in c2]
            safe = {"x"} if k2 in ("INNER", "LEFT") else set()
            sel = ["x.aid", "x.bid", "%s.id AS cid" % C]
            x = r.random()
            if x < 0.3:
                sel += ["x.t AS xt", "%s.t AS ct" % C]
            elif x < 0.5:
                sel.append("x.t_other AS ot" if safe and k1 == "INNER" else "%s.v AS cv" % C)
            r.shuffle(sel)
            return "SELECT %s\nFROM (%s) x\n%s %s ON %s;" % (", ".join(sel), inner, jt(k2), C, " AND ".join(c2))
        s1 = self.preserved(k1, {A}, {B})
        safe = self.preserved(k2, s1, {C}) if interval else set()
        sel = self.select([A, B, C], safe, k2)
        return "SELECT %s\nFROM %s %s %s ON %s\n%s %s ON %s;" % (
            sel, A, jt(k1), B, " AND ".join(c1), jt(k2), C, " AND ".join(c2))

    # ------------------------------------------------------------------ scenario

    def scenario(self):
        r = self.r
        names = self.tables()
        out = []
        if self.tkind != "ts" and r.random() < 0.4:
            out.append("SET 'table.local-time-zone' = '%s';" % r.choice(ZONES))
        at = r.random() < 0.85
        marker = at and r.random() < self.w["marker"]
        if marker:
            out.append("SET 'joinlab.watermark-emit' = 'on-marker';")
        if not at:
            out.append("SET 'joinlab.arrival' = '%s';" % r.choice(["by-time", "by-time", "as-written"]))
        mode = r.choice(["both"] * 6 + ["unbounded", "unbounded", "bounded"])
        if mode != "both":
            out.append("SET 'joinlab.mode' = '%s';" % mode)
        if r.random() < self.w["cleanup"]:
            v = r.choice([1, 2, 5, 10, 30]) * self.tick // r.choice([1, 2])
            out.append("SET 'table.exec.interval-join.min-cleanup-interval' = '%s';" % (
                "%d ms" % v if v % 1000 else "%d s" % (v // 1000) if v < 60000 or v % 60000 else "%d min" % (v // 60000)))
        if r.random() < 0.04:
            out.append("SET 'joinlab.trace' = 'false';")
        for n in names:
            out.append(self.ddl(n))
        rows = self.rows(names)
        if at:
            hi = 0
            for t, k, k2, v, i, ms in rows:
                f = lambda x: "NULL" if x is None else str(x)
                out.append("@%s %s | %s | %s | %s | %s" % (t, f(k), f(k2), f(v), i, self.tval(ms, True)))
                hi = max(hi, ms)
                if marker and r.random() < 0.35:
                    w = r.choice(names + ["*"])
                    if r.random() < 0.25:
                        out.append("@watermark %s" % w)
                    else:
                        wm = max(-3600000, hi - r.randint(-2, 6) * (self.tick // 2))
                        out.append("@watermark %s %s" % (w, self.wm_text(wm)))
                elif not marker and r.random() < 0.06:  # far ahead: later rows are late
                    out.append("@watermark %s %s" % (r.choice(names + ["*"]), self.wm_text(hi + r.randint(3, 20) * self.tick)))
            if marker and r.random() < 0.5:
                out.append("@watermark * %s" % self.wm_text(hi + 50 * self.tick))
        else:
            runs = []
            for t, k, k2, v, i, ms in rows:
                f = lambda x: "CAST(NULL AS INT)" if x is None else str(x)
                val = "(%s, %s, %s, '%s', %s)" % (f(k), f(k2), f(v), i, self.tval(ms, False))
                if runs and runs[-1][0] == t:
                    runs[-1][1].append(val)
                else:
                    runs.append((t, [val]))
            for t, vals in runs:
                out.append("INSERT INTO %s VALUES %s;" % (t, ", ".join(vals)))
        for _ in range(r.randint(1, 3)):
            if len(names) == 3 and r.random() < self.w["chain"]:
                out.append(self.chain(names))
            else:
                out.append(self.binary(names))
        return "\n".join(out) + "\n"

    def wm_text(self, ms):
        if self.tkind == "ts":
            return ts_text(ms)
        return ts_text(ms) + "Z"  # an instant: independent of the session zone


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--out", required=True)
    ap.add_argument("--focus", choices=sorted(FOCUS), default=None)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for n in range(a.count):
        rng = random.Random("interval-%d-%s-%d" % (a.seed, a.focus or "", n))
        text = Gen(rng, a.focus).scenario()
        tag = " --focus %s" % a.focus if a.focus else ""
        with open(os.path.join(a.out, "iv%d_%03d.sql" % (a.seed, n)), "w") as f:
            f.write("-- interval_joins.py --seed %d%s, scenario %d\n" % (a.seed, tag, n) + text)


if __name__ == "__main__":
    main()
