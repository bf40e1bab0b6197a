#!/usr/bin/env python3
"""Seeded random UNNEST scenarios (Flink's Correlate over `$UNNEST_ROWS$1`) for differential
testing of JoinLab against the real Flink oracle (../shared/oracle; issue 12, SEMANTICS.md §6).

Each scenario has a table `T (id INT, k INT, a ARRAY<INT>, m MAP<STRING, INT>, r ARRAY<ROW<x INT,
y STRING>>)` (MULTISETs come from COLLECT: neither the oracle nor JoinLab reads them in data) — insert-only, upsert (PRIMARY KEY (id)) or retract — whose
collections are empty, NULL, hold NULL elements, repeated elements or up to 5 elements, and a
table `P (k INT, name STRING)` to join with. Data: 3..12 `@` lines (valid change kinds for the
table's mode). Queries (1..3 per scenario): `CROSS JOIN UNNEST`, the comma form, `LEFT JOIN UNNEST
… ON TRUE` (or ON a condition on the element), `WITH ORDINALITY`, over each collection type (ARRAY
of scalars, ARRAY of ROW flattened, MAP as key/value, the MULTISET of a COLLECT), two UNNESTs in one query, UNNEST
of a literal ARRAY, a WHERE on the element, CARDINALITY / element access in the select list,
UNNEST feeding a regular join with P (INNER / LEFT) or an aggregation (COUNT, SUM, COLLECT then
UNNEST again), and now and then an invalid query (UNNEST of an INT).

Usage: `scripts/fuzz/run_batch.sh SEED COUNT DIR unnest` (JOINLAB_BIN=... for another binary),
or by hand as the head of interval_joins.py shows; `scripts/fuzz/compare_round.py` compares query
by query. File names are `un<seed>_<n>.sql`; the same seed always writes the same files.
"""

import argparse
import os
import random

WORDS = ["a", "b", "c", "dd", "x"]


class Gen:
    def __init__(self, rnd):
        self.r = rnd

    def scalar_array(self):
        r = self.r
        c = r.random()
        if c < 0.12:
            return "NULL"
        if c < 0.25:
            return "[]"
        n = r.randint(1, 5)
        els = [("NULL" if r.random() < 0.12 else str(r.randint(-2, 9))) for _ in range(n)]
        return "[" + ", ".join(els) + "]"

    def map_value(self):
        r = self.r
        c = r.random()
        if c < 0.12:
            return "NULL"
        if c < 0.22:
            return "{}"
        keys = r.sample(WORDS, r.randint(1, 4))
        return "{" + ", ".join("%s=%s" % (k, "NULL" if r.random() < 0.1 else r.randint(0, 9)) for k in keys) + "}"

    def multiset_value(self):
        r = self.r
        c = r.random()
        if c < 0.12:
            return "NULL"
        if c < 0.22:
            return "{}"
        keys = r.sample(WORDS, r.randint(1, 3))
        return "{" + ", ".join("%s=%d" % (k, r.randint(1, 3)) for k in keys) + "}"

    def row_array(self):
        r = self.r
        c = r.random()
        if c < 0.12:
            return "NULL"
        if c < 0.22:
            return "[]"
        els = []
        for _ in range(r.randint(1, 3)):
            y = "NULL" if r.random() < 0.15 else r.choice(WORDS)
            els.append("(%d, %s)" % (r.randint(0, 5), y))
        return "[" + ", ".join(els) + "]"

    def t_row(self, i):
        k = "NULL" if self.r.random() < 0.1 else str(self.r.randint(1, 3))
        return [str(i), k, self.scalar_array(), self.map_value(), self.row_array()]

    def data(self, mode):
        r = self.r
        lines = []
        live = {}
        ids = list(range(1, r.randint(3, 6) + 1))
        for _ in range(r.randint(3, 12)):
            i = r.choice(ids)
            row = self.t_row(i)
            if mode == "insert":
                lines.append("@T " + " | ".join(row))
                continue
            if i in live:
                c = r.random()
                if c < 0.25:
                    kind = "-D"
                    old = live.pop(i)
                    lines.append("@T %s %s" % (kind, " | ".join(old if mode == "retract" else old)))
                    continue
                if mode == "retract":
                    lines.append("@T -U " + " | ".join(live[i]))
                    lines.append("@T +U " + " | ".join(row))
                else:
                    lines.append("@T +U " + " | ".join(row))
                live[i] = row
            else:
                lines.append("@T +I " + " | ".join(row))
                live[i] = row
        for k in range(1, 4):
            if r.random() < 0.8:
                lines.append("@P %d | p%d" % (k, k))
        r.shuffle(lines) if r.random() < 0.2 and mode == "insert" else None
        return lines

    def unnest_source(self):
        """(FROM-item SQL after T, the element column names, the collection's kind)."""
        r = self.r
        kind = r.choice(["a", "a", "m", "r", "lit"])
        ordi = r.random() < 0.4
        if kind == "a":
            src, cols = "T.a", ["e"]
        elif kind == "m":
            src, cols = "T.m", ["mk", "mv"]
        elif kind == "ms":
            src, cols = "T.ms", ["e"]
        elif kind == "r":
            src, cols = "T.r", ["x", "y"]
        else:
            src, cols = "ARRAY[T.k, T.id, 7]", ["e"]
        if ordi:
            cols = cols + ["o"]
        w = " WITH ORDINALITY" if ordi else ""
        return "UNNEST(%s)%s AS u(%s)" % (src, w, ", ".join(cols)), cols, kind

    def element_pred(self, cols, kind):
        r = self.r
        c = cols[0]
        if kind in ("m",):
            return "u.mv > %d" % r.randint(0, 5)
        if kind == "r":
            return "u.x > %d" % r.randint(0, 3)
        if kind == "ms":
            return "u.e <> '%s'" % r.choice(WORDS)
        return "u.%s > %d" % (c, r.randint(0, 5))

    def query(self):
        r = self.r
        item, cols, kind = self.unnest_source()
        sel = ["T.id"] + ["u." + c for c in cols]
        shape = r.random()
        where = ""
        if r.random() < 0.25:
            where = " WHERE " + self.element_pred(cols, kind)
        if shape < 0.35:
            return "SELECT %s FROM T CROSS JOIN %s%s;" % (", ".join(sel), item, where)
        if shape < 0.45:
            return "SELECT %s FROM T, %s%s;" % (", ".join(sel), item, where)
        if shape < 0.65:
            cond = "TRUE" if r.random() < 0.7 else self.element_pred(cols, kind)
            if "WITH ORDINALITY" in item and cond != "TRUE":
                cond = "TRUE"
            return "SELECT %s FROM T LEFT JOIN %s ON %s%s;" % (", ".join(sel), item, cond, where)
        if shape < 0.72:
            extra = r.choice(["CARDINALITY(T.a)", "T.a[1]", "CARDINALITY(T.m)", "T.m['a']"])
            return "SELECT %s, %s FROM T CROSS JOIN %s;" % (", ".join(sel), extra, item)
        if shape < 0.8:
            return "SELECT T.id, u.e, v.f FROM T CROSS JOIN UNNEST(T.a) AS u(e) CROSS JOIN UNNEST(ARRAY[T.k, 1]) AS v(f);"
        if shape < 0.9:
            jk = r.choice(["INNER", "LEFT"])
            key = "u.e" if kind in ("a", "lit") else "T.k"
            q = "SELECT %s, P.name FROM T CROSS JOIN %s %s JOIN P ON P.k = %s;"
            return q % (", ".join(sel), item, "" if jk == "INNER" else "LEFT", key)
        if shape < 0.97:
            if kind in ("a", "lit"):
                return "SELECT T.k, COUNT(*) AS n, SUM(u.e) AS s FROM T CROSS JOIN %s GROUP BY T.k;" % item
            return "SELECT k, x FROM (SELECT k, COLLECT(id) AS c FROM T GROUP BY k) CROSS JOIN UNNEST(c) AS w(x);"
        return "SELECT T.id, u.e FROM T CROSS JOIN UNNEST(T.k) AS u(e);"

    def scenario(self, seed, n):
        r = self.r
        mode = r.choice(["insert", "insert", "upsert", "retract"])
        out = ["-- unnest fuzz seed %d scenario %d (%s)" % (seed, n, mode), "SET 'joinlab.arrival' = 'as-written';"]
        with_ = {"insert": "", "upsert": " WITH ('changelog-mode' = 'upsert')", "retract": " WITH ('changelog-mode' = 'retract')"}[mode]
        pk = ", PRIMARY KEY (id) NOT ENFORCED" if mode == "upsert" else ""
        out.append(
            "CREATE TABLE T (id INT NOT NULL, k INT, a ARRAY<INT>, m MAP<STRING, INT>, r ARRAY<ROW<x INT, y STRING>>%s)%s;"
            % (pk, with_)
        )
        out.append("CREATE TABLE P (k INT, name STRING);")
        out.extend(self.data(mode))
        for _ in range(r.randint(1, 3)):
            out.append(self.query())
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for n in range(a.count):
        g = Gen(random.Random(a.seed * 100003 + n))
        with open(os.path.join(a.out, "un%d_%03d.sql" % (a.seed, n)), "w") as f:
            f.write(g.scenario(a.seed, n))


if __name__ == "__main__":
    main()
