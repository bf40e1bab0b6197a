#!/usr/bin/env python3
"""Seeded random process-table-function scenarios (Flink's `ProcessSetTableOperator`) for
differential testing of JoinLab against the real Flink oracle (../shared/oracle; issue 13,
SEMANTICS.md §8, the oracle README's "Process table functions").

Each scenario picks one family of the built-in PTFs (the oracle's `oracle.udf.*` classes, which
JoinLab builds in under the same names) and writes its tables, 4..16 `@` lines in a random
interleaving (now and then out of order, so some rows are late: at or behind the watermark) and
1..3 calls:

* `sensor`: `SensorFusionPtf` / `SensorFusionWatermarkPtf` over `temperature_readings` and
  `humidity_readings` (keys M1..M3, one key now and then in one table only), window 30 s..5 min,
  random thresholds (as `CAST(x AS DOUBLE)` or a DECIMAL literal), `SELECT *`, by name, or
  `WHERE needsMaintenance`; the watermark is the row time or 5 s behind it. No NULL readings
  (the oracle's classes would fail on them, the tutorial's skips them).
* `greeting`: `GreetingPtf` over `Visits` with and without `on_time`, NULL names now and then.
* `median`: `Median` positional or named, numTrailing 1..4, NULL temperatures now and then.
* `window`: `IncrementalOutputWindow` over `Trades` (tickers A..C), window 10 s..2 min, `SELECT *`
  or `WHERE isFinal`.
* `score`: `ScorePtf` over `Scores` (negative scores now and then), `SELECT *` or a GROUP BY over it.
* `checkout`: `CheckoutPtf` over `Events` (ADD / REMOVE / CHECKOUT / other), reminder and
  timeout 1 s..1 min, `ORDER BY ts` on the table argument now and then.

Usage: `scripts/fuzz/run_batch.sh SEED COUNT DIR ptf` (JOINLAB_BIN=... for another binary;
`PTF_FAMILIES=sensor,greeting` limits the families), then `scripts/fuzz/compare_round.py` to
compare query by query. File names are `ptf<seed>_<n>.sql`; the same seed writes the same files.
"""

import argparse
import os
import random

FAMILIES = ["sensor", "greeting", "median", "window", "score", "checkout"]
BASE = 1785574800  # 2026-08-01 09:00:00 UTC


def ts(sec):
    import datetime

    t = datetime.datetime.fromtimestamp(BASE + sec, datetime.timezone.utc)
    return t.strftime("%Y-%m-%d %H:%M:%S")


def interval(r, choices):
    n, unit = r.choice(choices)
    return "INTERVAL '%d' %s" % (n, unit)


def times(r, n, span):
    """n row times (seconds from BASE), mostly increasing, now and then out of order."""
    t = 0
    out = []
    for _ in range(n):
        if r.random() < 0.15 and out:
            out.append(max(0, t - r.randint(1, 40)))
        else:
            t += r.randint(0, span)
            out.append(t)
    return out


def watermark(r, col):
    return "%s - INTERVAL '5' SECOND" % col if r.random() < 0.3 else col


def double(r, lo, hi):
    v = r.randint(lo * 2, hi * 2) / 2.0
    return "CAST(%s AS DOUBLE)" % v if r.random() < 0.8 else "%s" % v


def sensor(r):
    fn = r.choice(["SensorFusionPtf", "SensorFusionWatermarkPtf"])
    head = ["CREATE TEMPORARY FUNCTION %s AS 'oracle.udf.%s';" % (fn, fn)]
    tw, hw = watermark(r, "event_time"), watermark(r, "event_time")
    head.append(
        "CREATE TABLE temperature_readings (\n  machine_id STRING,\n  temperature DOUBLE,\n"
        "  event_time TIMESTAMP(3),\n  WATERMARK FOR event_time AS %s\n);" % tw
    )
    head.append(
        "CREATE TABLE humidity_readings (\n  sensor_id STRING,\n  humidity DOUBLE,\n"
        "  event_time TIMESTAMP(3),\n  WATERMARK FOR event_time AS %s\n);" % hw
    )
    keys = r.sample(["M1", "M2", "M3"], r.randint(1, 3))
    n = r.randint(4, 16)
    lines = []
    for t in times(r, n, 50):
        k = r.choice(keys)
        if r.random() < 0.5:
            lines.append("@temperature_readings %s | %s | %s" % (k, r.randint(50, 95) * 1.0, ts(t)))
        else:
            lines.append("@humidity_readings    %s | %s | %s" % (k, r.randint(40, 95) * 1.0, ts(t)))
    queries = []
    for _ in range(r.randint(1, 3)):
        win = interval(r, [(30, "SECOND"), (1, "MINUTE"), (2, "MINUTE"), (5, "MINUTE")])
        call = (
            "%s(\n    temperature_reading => TABLE temperature_readings PARTITION BY machine_id,\n"
            "    humidity_reading => TABLE humidity_readings PARTITION BY sensor_id,\n"
            "    windowInterval => %s,\n    temperatureThreshold => %s,\n    humidityThreshold => %s,\n"
            "    on_time => DESCRIPTOR(event_time)\n)" % (fn, win, double(r, 55, 85), double(r, 45, 85))
        )
        c = r.random()
        if c < 0.5:
            queries.append("SELECT * FROM %s;" % call)
        elif c < 0.8:
            queries.append("SELECT machine_id, windowStart, windowEnd, needsMaintenance FROM %s;" % call)
        elif c < 0.9:
            queries.append("SELECT machine_id, windowEnd FROM %s WHERE needsMaintenance;" % call)
        else:
            queries.append("SELECT machine_id, COUNT(*) AS windows FROM %s GROUP BY machine_id;" % call)
    return head, lines, queries


def greeting(r):
    head = ["CREATE TEMPORARY FUNCTION GreetingPtf AS 'oracle.udf.GreetingPtf';"]
    head.append(
        "CREATE TABLE Visits (\n  name STRING,\n  ts TIMESTAMP(3),\n  WATERMARK FOR ts AS %s\n);" % watermark(r, "ts")
    )
    lines = []
    for t in times(r, r.randint(3, 12), 20):
        name = "NULL" if r.random() < 0.1 else r.choice(["Bob", "Alice", "Eve"])
        lines.append("@Visits %s | %s" % (name, ts(t)))
    queries = []
    if r.random() < 0.3:
        # two calls in one statement: distinct uids (joined), or identical calls (sub-plan reuse)
        if r.random() < 0.5:
            queries.append(
                "SELECT v.name, v.`EXPR$0` AS a, w.`EXPR$0` AS b\n"
                "FROM GreetingPtf(input => TABLE Visits PARTITION BY name, uid => 'g1') AS v\n"
                "JOIN GreetingPtf(input => TABLE Visits PARTITION BY name, uid => 'g2') AS w ON v.name = w.name;"
            )
        else:
            queries.append(
                "SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name)\nUNION ALL\n"
                "SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name);"
            )
    for _ in range(r.randint(1, 2)):
        if r.random() < 0.5:
            queries.append("SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name);")
        else:
            queries.append(
                "SELECT * FROM GreetingPtf(input => TABLE Visits PARTITION BY name, on_time => DESCRIPTOR(ts));"
            )
    return head, lines, queries


def median(r):
    head = ["CREATE TEMPORARY FUNCTION Median AS 'oracle.udf.Median';"]
    head.append("CREATE TABLE Readings (\n  sensor_id STRING,\n  temperature DOUBLE\n);")
    lines = []
    for _ in range(r.randint(3, 12)):
        v = "NULL" if r.random() < 0.1 else "%s" % (r.randint(100, 300) / 4.0)
        lines.append("@Readings %s | %s" % (r.choice(["S1", "S2"]), v))
    queries = []
    for _ in range(r.randint(1, 2)):
        n = r.randint(1, 4)
        if r.random() < 0.5:
            queries.append("SELECT * FROM Median(TABLE Readings PARTITION BY sensor_id, %d);" % n)
        else:
            queries.append("SELECT * FROM Median(input => TABLE Readings PARTITION BY sensor_id, numTrailing => %d);" % n)
    return head, lines, queries


def window(r):
    head = ["CREATE TEMPORARY FUNCTION IncrementalOutputWindow AS 'oracle.udf.IncrementalOutputWindow';"]
    head.append(
        "CREATE TABLE Trades (\n  ticker STRING,\n  price DOUBLE,\n  ts TIMESTAMP(3),\n  WATERMARK FOR ts AS %s\n);"
        % watermark(r, "ts")
    )
    lines = []
    for t in times(r, r.randint(3, 14), 25):
        lines.append("@Trades %s | %s | %s" % (r.choice(["A", "B", "C"]), r.randint(10, 80) / 2.0, ts(t)))
    queries = []
    for _ in range(r.randint(1, 2)):
        win = interval(r, [(10, "SECOND"), (30, "SECOND"), (1, "MINUTE"), (2, "MINUTE")])
        call = "IncrementalOutputWindow(input => TABLE Trades PARTITION BY ticker, windowInterval => %s, on_time => DESCRIPTOR(ts))" % win
        if r.random() < 0.6:
            queries.append("SELECT * FROM %s;" % call)
        else:
            queries.append("SELECT ticker, windowStart, numTrades, avgPrice FROM %s WHERE isFinal;" % call)
    return head, lines, queries


def score(r):
    head = ["CREATE TEMPORARY FUNCTION ScorePtf AS 'oracle.udf.ScorePtf';"]
    head.append("CREATE TABLE Scores (\n  name STRING,\n  score INT\n);")
    lines = []
    for _ in range(r.randint(3, 12)):
        s = -r.randint(1, 5) if r.random() < 0.15 else r.randint(0, 20)
        lines.append("@Scores %s | %d" % (r.choice(["Bob", "Alice", "Eve"]), s))
    queries = ["SELECT * FROM ScorePtf(input => TABLE Scores PARTITION BY name);"]
    if r.random() < 0.4:
        queries.append("SELECT name, `sum` FROM ScorePtf(input => TABLE Scores PARTITION BY name) WHERE `sum` > %d;" % r.randint(0, 15))
    if r.random() < 0.5:
        queries.append("SELECT COUNT(*) AS names, SUM(`sum`) AS total FROM ScorePtf(input => TABLE Scores PARTITION BY name);")
    return head, lines, queries


def checkout(r):
    head = ["CREATE TEMPORARY FUNCTION CheckoutPtf AS 'oracle.udf.CheckoutPtf';"]
    head.append(
        "CREATE TABLE Events (\n  `user` STRING,\n  eventType STRING,\n  productId BIGINT,\n  ts TIMESTAMP(3),\n"
        "  WATERMARK FOR ts AS %s\n);" % watermark(r, "ts")
    )
    lines = []
    for t in times(r, r.randint(4, 14), 20):
        e = r.choice(["ADD", "ADD", "ADD", "REMOVE", "CHECKOUT", "VIEW"])
        p = "NULL" if e in ("CHECKOUT", "VIEW") else str(r.randint(1, 4))
        lines.append("@Events %s | %s | %s | %s" % (r.choice(["Bob", "Alice"]), e, p, ts(t)))
    queries = []
    for _ in range(r.randint(1, 2)):
        order = " ORDER BY ts" if r.random() < 0.25 else ""
        queries.append(
            "SELECT * FROM CheckoutPtf(\n  events => TABLE Events PARTITION BY `user`%s,\n  on_time => DESCRIPTOR(ts),\n"
            "  reminderInterval => %s,\n  timeoutInterval => %s\n);"
            % (
                order,
                interval(r, [(1, "SECOND"), (10, "SECOND"), (30, "SECOND")]),
                interval(r, [(20, "SECOND"), (1, "MINUTE")]),
            )
        )
    return head, lines, queries


def scenario(r, families):
    fam = r.choice(families)
    head, lines, queries = globals()[fam](r)
    out = ["-- fuzz: %s" % fam, "SET 'table.local-time-zone' = 'UTC';", ""]
    out += [h + "\n" for h in head]
    out += lines + [""]
    out += [q + "\n" for q in queries]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    fams = [f for f in os.environ.get("PTF_FAMILIES", ",".join(FAMILIES)).split(",") if f in FAMILIES]
    os.makedirs(a.out, exist_ok=True)
    r = random.Random(a.seed)
    for i in range(a.count):
        with open(os.path.join(a.out, "ptf%d_%d.sql" % (a.seed, i)), "w") as f:
            f.write(scenario(r, fams))


if __name__ == "__main__":
    main()
