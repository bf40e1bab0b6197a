#!/usr/bin/env python3
"""Seeded random scenarios for regular (unbounded) joins and MULTI_JOIN, for differential
testing of JoinLab against the real Flink oracle (../shared/oracle).

Each scenario has 2-4 tables (columns `id INT, k INT, v INT`; join keys in 1..3 with some
NULLs), each insert-only, upsert (PRIMARY KEY NOT ENFORCED, 'changelog-mode' = 'upsert', the key
being `id` or `k`) or retract; 6-15 `@` data lines whose kinds are valid for the table's mode (a
retract -U/-D retracts a live row, an upsert -D deletes a live key); and 1-3 queries: binary
INNER / LEFT / RIGHT / FULL joins (residual non-equi conditions, IS NOT DISTINCT FROM, a WHERE on
one side, projected expressions), 3-table chains, SEMI / ANTI subqueries (IN, EXISTS, NOT
EXISTS, NOT IN) and MULTI_JOIN-hinted INNER / LEFT chains on a common key. No table is read twice
by one query (a self-join fan-out is a race in Flink, see docs/flink-findings.md).
Seeds >= 100 (class Gen2) add mixed key types (INT / BIGINT / DECIMAL), comma joins, RIGHT joins
in MULTI_JOIN chains, CASE / COALESCE / CAST in ON, derived tables over joins with an outer WHERE
and SEMI / ANTI over filtered upsert subqueries; seeds below 100 write what they always wrote.

Usage (from the repository root; one cargo build, one oracle JVM at a time):
`scripts/fuzz/run_batch.sh SEED COUNT DIR` does all of the following for one batch, or by hand:

    python3 scripts/fuzz/regular_joins.py --seed 1 --count 40 --out /tmp/fuzz/b1
    export ORACLE_JAVA_OPTS="-Doracle.quiet-polls=8 -Doracle.poll-ms=5 -Xmx2g -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
    /work/shared/oracle/run-scenario --write-expected /tmp/fuzz/b1/*.sql      # one JVM for all
    cargo build -p joinlab-cli
    for f in /tmp/fuzz/b1/*.sql; do
      ./target/debug/joinlab run --dialect flink "$f" > "${f%.sql}.out"
    done
    /work/shared/oracle/compare --dir /tmp/fuzz/b1 /tmp/fuzz/b1

    # a failing case: check the golden is deterministic before trusting it
    /work/shared/oracle/run-scenario --check --repeat 3 /tmp/fuzz/b1/s0007.sql

Scenario file names are `s<seed>_<n>.sql`; the same seed always writes the same files.
"""

import argparse
import os
import random

TABLES = ["A", "B", "C", "D"]


class Table:
    def __init__(self, name, mode, pk):
        self.name = name
        self.mode = mode  # insert | upsert | retract
        self.pk = pk  # None | "id" | "k"
        self.live = []  # retract: live rows (multiset); upsert: rows, one per pk
        self.any_rows = False

    def ddl(self):
        cols = ["  id INT", "  k INT", "  v INT"]
        if self.pk:
            cols.append(f"  PRIMARY KEY ({self.pk}) NOT ENFORCED")
        body = ",\n".join(cols)
        with_ = ""
        if self.mode != "insert":
            with_ = f" WITH ('changelog-mode' = '{self.mode}')"
        return f"CREATE TABLE {self.name} (\n{body}\n){with_};"


def fmt(v):
    return "NULL" if v is None else str(v)


def line(t, kind, row):
    k = "" if kind == "+I" else f" {kind}"
    return f"@{t.name}{k} " + " | ".join(fmt(x) for x in row)


class Gen:
    def __init__(self, rng):
        self.r = rng
        self.kmax = rng.choice([2, 3])

    def key(self, nullable=True):
        if nullable and self.r.random() < 0.12:
            return None
        return self.r.randint(1, self.kmax)

    def val(self):
        if self.r.random() < 0.08:
            return None
        return self.r.randint(1, 4)

    def new_row(self, t):
        if t.pk == "id":
            return [self.r.randint(1, 4), self.key(), self.val()]
        if t.pk == "k":
            return [self.r.randint(1, 6), self.key(nullable=False), self.val()]
        return [self.r.randint(1, 6), self.key(), self.val()]

    def pk_of(self, t, row):
        return row[0] if t.pk == "id" else row[1]

    def data_step(self, t):
        """One or two data lines for table t, valid for its mode."""
        r = self.r
        if t.mode == "insert":
            return [line(t, "+I", self.new_row(t))]
        if t.mode == "retract":
            if t.live and r.random() < 0.45:
                old = r.choice(t.live)
                t.live.remove(old)
                if r.random() < 0.4:
                    return [line(t, "-D", old)]
                new = list(old)
                # change the key or the value (or both), keep the id
                if r.random() < 0.5:
                    new[1] = self.key()
                if r.random() < 0.7:
                    new[2] = self.val()
                t.live.append(new)
                return [line(t, "-U", old), line(t, "+U", new)]
            row = self.new_row(t)
            t.live.append(row)
            return [line(t, "+I", row)]
        # upsert (upsert-partial-delete: a -D carries the key only)
        if t.live and r.random() < 0.25:
            old = r.choice(t.live)
            t.live.remove(old)
            if t.mode == "upsert-partial-delete":
                old = [x if i == (0 if t.pk == "id" else 1) else None for i, x in enumerate(old)]
            return [line(t, "-D", old)]
        row = self.new_row(t)
        pk = self.pk_of(t, row)
        existing = [x for x in t.live if self.pk_of(t, x) == pk]
        for x in existing:
            t.live.remove(x)
        t.live.append(row)
        if existing:
            kind = "+U" if r.random() < 0.7 else "+I"
        else:
            kind = "+I" if r.random() < 0.8 else "+U"
        return [line(t, kind, row)]

    # ---------------------------------------------------------------- queries

    def residual(self, a, b, allow_or=True):
        options = [c for c in self._residuals(a, b) if allow_or or not (" OR " in c or "DISTINCT" in c)]
        return self.r.choice(options)

    def _residuals(self, a, b):
        return (
            [
                f"{a}.v < {b}.v",
                f"{a}.v <> {b}.v",
                f"{a}.v + {b}.v > 4",
                f"{b}.v >= 2",
                f"{a}.id <= {b}.id",
                f"({a}.v = 1 OR {b}.v = 1)",
                f"{a}.v > 1",
                f"{b}.id IS NOT NULL",
                f"{a}.v IS NOT DISTINCT FROM {b}.v",
            ]
        )

    def where_one_side(self, t):
        return self.r.choice(
            [f"{t}.v > 1", f"{t}.v IS NULL", f"{t}.v <= 2", f"{t}.k <> 2", f"{t}.id IS NOT NULL", f"{t}.v IN (1, 3)"]
        )

    def projection(self, names):
        r = self.r
        if r.random() < 0.08:
            return "*"
        items = []
        for n in names:
            cols = r.sample(["id", "k", "v"], r.randint(1, 2))
            for c in cols:
                items.append(f"{n}.{c} AS {n.lower()}_{c}")
        if r.random() < 0.4 and len(names) >= 2:
            a, b = r.sample(names, 2)
            items.append(
                r.choice(
                    [
                        f"{a}.v + {b}.v AS sv",
                        f"COALESCE({b}.v, -1) AS cv",
                        f"CASE WHEN {b}.id IS NULL THEN 'none' ELSE 'some' END AS tag",
                        f"{a}.v * 10 AS v10",
                    ]
                )
            )
        r.shuffle(items)
        return ", ".join(items)

    def eq(self, a, b, col="k"):
        r = self.r
        x = r.random()
        if x < 0.15:
            return f"{a}.{col} IS NOT DISTINCT FROM {b}.{col}"
        if x < 0.2:
            return f"{a}.{col} = {b}.{col} AND {a}.v = {b}.v"
        if x < 0.25:
            return f"{a}.{col} = {b}.v"
        if x < 0.3:
            return f"{a}.{col} + 1 = {b}.{col}"
        return f"{a}.{col} = {b}.{col}"

    def src(self, t):
        """A table reference: the table itself, or now and then a derived table under its name."""
        r = self.r
        x = r.random()
        if x < 0.1:
            return f"(SELECT id, k, v * 2 AS v FROM {t} WHERE {self.where_one_side(t)}) {t}"
        if x < 0.17:
            return f"(SELECT id, k, v FROM {t} WHERE {self.where_one_side(t)}) {t}"
        return t

    def q_binary(self, names):
        r = self.r
        a, b = r.sample(names, 2)
        jt = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        cond = self.eq(a, b)
        if r.random() < 0.35:
            cond += f" AND {self.residual(a, b)}"
        q = f"SELECT {self.projection([a, b])} FROM {self.src(a)} {jt} {self.src(b)} ON {cond}"
        if r.random() < 0.3:
            q += f" WHERE {self.where_one_side(r.choice([a, b]))}"
        return q + ";"

    def q_chain(self, names):
        r = self.r
        a, b, c = r.sample(names, 3)
        jt1 = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        jt2 = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        c1 = self.eq(a, b)
        src = r.choice([a, b])
        col = "k" if r.random() < 0.8 else "v"
        c2 = self.eq(src, c, col)
        if r.random() < 0.2:
            c2 += f" AND {self.residual(src, c)}"
        q = f"SELECT {self.projection([a, b, c])} FROM {self.src(a)} {jt1} {self.src(b)} ON {c1} {jt2} {self.src(c)} ON {c2}"
        if r.random() < 0.2:
            q += f" WHERE {self.where_one_side(r.choice([a, b, c]))}"
        return q + ";"

    def q_semi(self, names):
        r = self.r
        a, b = r.sample(names, 2)
        proj = self.projection([a])
        kind = r.choice(["IN", "NOT IN", "EXISTS", "NOT EXISTS"])
        inner_where = ""
        if kind in ("IN", "NOT IN"):
            if r.random() < 0.3:
                inner_where = f" WHERE {self.where_one_side(b)}"
            cond = f"{a}.k {kind} (SELECT {b}.k FROM {b}{inner_where})"
        else:
            extra = ""
            if r.random() < 0.3:
                # (an OR or IS NOT DISTINCT FROM reading the outer query is decorrelated with
                # aggregates: not modelled)
                extra = f" AND {self.residual(a, b, allow_or=False)}"
            cond = f"{kind} (SELECT 1 FROM {b} WHERE {b}.k = {a}.k{extra})"
        q = f"SELECT {proj} FROM {a} WHERE {cond}"
        if r.random() < 0.2:
            q += f" AND {self.where_one_side(a)}"
        return q + ";"

    def q_multi(self, names):
        r = self.r
        n = r.randint(3, len(names)) if len(names) >= 3 else 2
        ts = r.sample(names, n)
        first = ts[0]
        parts = [first]
        for i, t in enumerate(ts[1:], start=1):
            jt = r.choice(["JOIN", "LEFT JOIN"])
            # the common key: against the first table or the previous one (transitive)
            other = r.choice([first, ts[i - 1]])
            cond = f"{other}.k = {t}.k"
            if r.random() < 0.2:
                cond += f" AND {self.residual(other, t)}"
            parts.append(f"{jt} {t} ON {cond}")
        hint = f"/*+ MULTI_JOIN({', '.join(ts)}) */ "
        q = f"SELECT {hint}{self.projection(ts)} FROM " + " ".join(parts)
        if r.random() < 0.15:
            q += f" WHERE {self.where_one_side(first)}"
        return q + ";"

    def scenario(self):
        r = self.r
        nt = r.choice([2, 2, 3, 3, 3, 4])
        tables = []
        for name in TABLES[:nt]:
            mode = r.choice(["insert", "insert", "upsert", "retract", "upsert", "retract", "upsert-partial-delete"])
            pk = None
            if mode.startswith("upsert"):
                pk = r.choice(["id", "id", "k"])
            tables.append(Table(name, mode, pk))
        nlines = r.randint(8, 16)
        data = []
        while len(data) < nlines:
            t = r.choice(tables)
            data.extend(self.data_step(t))
        names = [t.name for t in tables]
        queries = []
        for _ in range(r.randint(1, 3)):
            choices = [self.q_binary, self.q_semi]
            if nt >= 3:
                choices += [self.q_chain, self.q_chain, self.q_multi, self.q_multi]
            else:
                choices += [self.q_multi]
            queries.append(r.choice(choices)(names))
        out = ["SET 'joinlab.arrival' = 'as-written';", ""]
        for t in tables:
            out.append(t.ddl())
        out.append("")
        out.extend(data)
        out.append("")
        out.extend(queries)
        return "\n".join(out) + "\n"


class Gen2(Gen):
    """Seeds >= 100: the shapes seeds 1-99 never produce. Join keys `k` of mixed types (INT /
    BIGINT / DECIMAL(10, 2)) also in MULTI_JOIN chains and with filters on the key; comma joins
    with the key in WHERE; RIGHT joins inside a MULTI_JOIN-hinted chain (Flink keeps RIGHT as a
    binary join); upsert-partial-delete inputs under outer joins; two-column keys where only one
    column is the primary key; CASE / COALESCE / CAST in ON; a derived table over a join with a
    WHERE (pushdown through it); SEMI / ANTI over an upsert subquery with a filter. Seeds below
    100 write exactly what they wrote before."""

    KTYPES = ["INT", "BIGINT", "DECIMAL(10, 2)"]

    def setup_tables(self, nt):
        r = self.r
        tables = []
        for name in TABLES[:nt]:
            mode = r.choice(["insert", "upsert", "retract", "upsert", "upsert-partial-delete", "upsert-partial-delete"])
            pk = None
            if mode.startswith("upsert"):
                pk = r.choice(["id", "id", "k"])
            t = Table(name, mode, pk)
            t.ktype = r.choice(self.KTYPES)
            tables.append(t)
        return tables

    def key_filter(self, t):
        return self.r.choice([f"{t}.k > 1", f"{t}.k <> 2", f"{t}.k IN (1, 3)", f"{t}.k IS NOT NULL", f"{t}.k = 2"])

    def eq2(self, a, b):
        r = self.r
        x = r.random()
        if x < 0.15:
            return f"COALESCE({a}.k, 0) = COALESCE({b}.k, 0)"
        if x < 0.25:
            return f"CAST({a}.k AS BIGINT) = {b}.k"
        if x < 0.35:
            return f"CAST({a}.k AS DECIMAL(10, 2)) = CAST({b}.k AS DECIMAL(10, 2))"
        if x < 0.45:
            return f"{a}.k = {b}.k AND CASE WHEN {a}.v > 2 THEN 1 ELSE 0 END = CASE WHEN {b}.v > 2 THEN 1 ELSE 0 END"
        if x < 0.55:
            return f"{a}.k = {b}.k AND {a}.id = {b}.id"
        if x < 0.62:
            return f"CASE WHEN {a}.v IS NULL THEN {a}.id ELSE {a}.k END = {b}.k"
        if x < 0.7:
            return f"{a}.k = {b}.k AND COALESCE({a}.v, 0) < COALESCE({b}.v, 9)"
        return self.eq(a, b)

    def q_comma(self, names):
        r = self.r
        n = 3 if len(names) >= 3 and r.random() < 0.5 else 2
        ts = r.sample(names, n)
        conds = [f"{ts[0]}.k = {ts[1]}.k"]
        if r.random() < 0.4:
            conds.append(f"{ts[0]}.id = {ts[1]}.id")
        if n == 3:
            conds.append(f"{r.choice(ts[:2])}.k = {ts[2]}.k")
        if r.random() < 0.5:
            conds.append(self.key_filter(r.choice(ts)))
        if r.random() < 0.3:
            conds.append(self.residual(ts[0], ts[1], allow_or=False))
        r.shuffle(conds)
        q = f"SELECT {self.projection(ts)} FROM {', '.join(ts)} WHERE {' AND '.join(conds)}"
        return q + ";"

    def q_binary2(self, names):
        r = self.r
        a, b = r.sample(names, 2)
        jt = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "LEFT JOIN", "FULL JOIN"])
        cond = self.eq2(a, b)
        q = f"SELECT {self.projection([a, b])} FROM {self.src(a)} {jt} {self.src(b)} ON {cond}"
        if r.random() < 0.35:
            q += f" WHERE {self.key_filter(r.choice([a, b]))}"
        return q + ";"

    def q_derived(self, names):
        """A derived table over a join, filtered outside (pushdown through the derived table)."""
        r = self.r
        a, b = r.sample(names, 2)
        jt = r.choice(["JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"])
        cond = self.eq2(a, b) if r.random() < 0.4 else f"{a}.k = {b}.k"
        inner = f"SELECT {a}.id AS aid, {a}.k AS ak, {a}.v AS av, {b}.id AS bid, {b}.k AS bk, {b}.v AS bv FROM {a} {jt} {b} ON {cond}"
        w = r.choice(
            [
                "t.bv IS NULL", "t.av > 1", "t.ak > 1", "t.bk = 2", "t.aid IS NOT NULL AND t.bv >= 2",
                "t.av IS NULL OR t.bv IS NULL", "COALESCE(t.ak, t.bk) <> 2", "t.av < t.bv",
            ]
        )
        proj = r.choice(["*", "t.aid, t.bv", "t.ak, t.bk, t.av + t.bv AS s", "t.aid, t.bid, COALESCE(t.bv, -1) AS cv"])
        return f"SELECT {proj} FROM ({inner}) t WHERE {w};"

    def q_semi2(self, names, tables):
        r = self.r
        ups = [t.name for t in tables if t.mode.startswith("upsert")]
        b = r.choice(ups) if ups else r.choice(names)
        a = r.choice([n for n in names if n != b])
        kind = r.choice(["IN", "NOT IN", "EXISTS", "NOT EXISTS"])
        f = r.choice([self.where_one_side(b), self.key_filter(b)])
        if kind in ("IN", "NOT IN"):
            col = r.choice(["k", "k", "id"])
            sub = f"SELECT {b}.{col} FROM {b} WHERE {f}"
            if r.random() < 0.3:
                sub = f"SELECT s.{col} FROM (SELECT * FROM {b} WHERE {f}) s"
            cond = f"{a}.k {kind} ({sub})"
        else:
            cond = f"{kind} (SELECT 1 FROM {b} WHERE {b}.k = {a}.k AND {f})"
        q = f"SELECT {self.projection([a])} FROM {a} WHERE {cond}"
        if r.random() < 0.3:
            q += f" AND {self.key_filter(a)}"
        return q + ";"

    def q_multi2(self, names):
        r = self.r
        n = r.randint(3, len(names)) if len(names) >= 3 else 2
        ts = r.sample(names, n)
        first = ts[0]
        parts = [first]
        for i, t in enumerate(ts[1:], start=1):
            jt = r.choice(["JOIN", "LEFT JOIN", "JOIN", "LEFT JOIN", "RIGHT JOIN"])
            other = r.choice([first, ts[i - 1]])
            x = r.random()
            if x < 0.15:
                cond = f"CAST({other}.k AS BIGINT) = {t}.k"
            elif x < 0.3:
                cond = f"{other}.k = {t}.k AND {other}.id = {t}.id"
            else:
                cond = f"{other}.k = {t}.k"
            if r.random() < 0.2:
                cond += f" AND {self.residual(other, t)}"
            parts.append(f"{jt} {t} ON {cond}")
        hint = f"/*+ MULTI_JOIN({', '.join(ts)}) */ "
        q = f"SELECT {hint}{self.projection(ts)} FROM " + " ".join(parts)
        if r.random() < 0.35:
            q += f" WHERE {self.key_filter(r.choice(ts))}"
        return q + ";"

    def scenario(self):
        r = self.r
        nt = r.choice([2, 3, 3, 3, 4])
        tables = self.setup_tables(nt)
        nlines = r.randint(8, 16)
        data = []
        while len(data) < nlines:
            t = r.choice(tables)
            data.extend(self.data_step(t))
        names = [t.name for t in tables]
        queries = []
        for _ in range(r.randint(1, 3)):
            c = r.choice(["comma", "binary", "derived", "semi", "multi", "multi"])
            if c == "comma":
                queries.append(self.q_comma(names))
            elif c == "binary":
                queries.append(self.q_binary2(names))
            elif c == "derived":
                queries.append(self.q_derived(names))
            elif c == "semi":
                queries.append(self.q_semi2(names, tables))
            else:
                queries.append(self.q_multi2(names))
        out = ["SET 'joinlab.arrival' = 'as-written';", ""]
        for t in tables:
            ddl = t.ddl().replace("  k INT", f"  k {t.ktype}")
            out.append(ddl)
        out.append("")
        out.extend(data)
        out.append("")
        out.extend(queries)
        return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    for n in range(args.count):
        rng = random.Random(f"{args.seed}-{n}")
        text = (Gen2 if args.seed >= 100 else Gen)(rng).scenario()
        with open(os.path.join(args.out, f"s{args.seed}_{n:03d}.sql"), "w") as f:
            f.write(f"-- regular_joins.py --seed {args.seed}, scenario {n}\n" + text)


if __name__ == "__main__":
    main()
