//! A property that needs no Flink oracle (the idea of Feldera's `reference_left_join`): for
//! random small inputs and every kind of regular join, after EVERY step the materialised
//! changelog of the streaming join equals a naive batch join of the input rows seen so far.
//!
//! * Inputs: tables `(id INT, k INT, v BIGINT, s STRING)` that are insert-only, retract
//!   (`+I`, `-D` and `-U`/`+U` of rows that exist — the pair may be split by other tables'
//!   lines, now and then a `-U` comes alone —, duplicates), upsert on `id` or on the join key
//!   `k` (`+I`/`+U` of new and existing keys, `-D` of existing keys, also with other values
//!   than the stored row, and of unknown keys), and `upsert-partial-delete` (the `-D` carries
//!   only the key). 0–10 data lines per table, join keys 1..=1–3 and NULL, interleaved at random.
//! * Queries: INNER / LEFT / RIGHT / FULL on `=`, `IS NOT DISTINCT FROM` and a two-column key,
//!   with no residual, a residual over both sides and one-sided ON conjuncts, and WHERE filters
//!   above the join; IN, EXISTS, NOT IN (three-valued: a NULL in the subquery), NOT EXISTS,
//!   uncorrelated and correlated; three-way chains of any two join kinds, binary and (INNER /
//!   LEFT) with `/*+ MULTI_JOIN(A, B, C) */`.
//! * The reference keeps each table's current rows (a multiset; the latest row per key for an
//!   upsert table), joins them by nested loops in SQL's semantics after each step, and compares
//!   the sorted result with the engine's changelog applied so far (`+I`/`+U` add a copy,
//!   `-U`/`-D` take one away; taking away an absent row fails at once). Flink's emission order
//!   is not part of the property.
//!
//! Reproduce a failure: `REFJOIN_SEED=<seed> cargo test -p joinlab-engine --test reference_join
//! -- <test>` runs that one case (the failure message prints the command and a minimised
//! script). `REFJOIN_CASES=N` changes the number of random cases per test (a longer soak).

use std::collections::BTreeMap;
use std::fmt::Write as _;

use joinlab_engine::kinds::RowKind;
use joinlab_engine::trace::{QueryTrace, Step};
use joinlab_engine::{run_script, Dialect, RunConfig};

// ---------------------------------------------------------------------------------------------
// randomness: SplitMix64, seeded

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// `lo..=hi`
    fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())]
    }
}

/// The seed of case `i` of a test family.
fn case_seed(family: u64, i: usize) -> u64 {
    let mut r = Rng(family.wrapping_mul(0x1000_0000_01B3) ^ (i as u64).wrapping_mul(0x9E37_79B9));
    r.next()
}

// ---------------------------------------------------------------------------------------------
// values, rows, tables

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum V {
    Null,
    I(i64),
    S(&'static str),
}

impl V {
    /// As the engine renders it in `OutRow::row` (and as a data line writes it).
    fn render(&self) -> String {
        match self {
            V::Null => "NULL".to_string(),
            V::I(n) => n.to_string(),
            V::S(s) => s.to_string(),
        }
    }
    fn int(&self) -> Option<i64> {
        match self {
            V::I(n) => Some(*n),
            _ => None,
        }
    }
}

type Row = Vec<V>;

/// Column positions of every table: `(id INT, k INT, v BIGINT, s STRING)`.
const ID: usize = 0;
const K: usize = 1;
const VV: usize = 2;
const S: usize = 3;
const W: usize = 4;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Mode {
    Insert,
    Retract,
    /// Primary key column (`ID` or `K`); `partial`: 'upsert-partial-delete'.
    Upsert {
        pk: usize,
        partial: bool,
    },
}

const MODES: [Mode; 6] = [
    Mode::Insert,
    Mode::Retract,
    Mode::Upsert { pk: ID, partial: false },
    Mode::Upsert { pk: K, partial: false },
    Mode::Upsert { pk: ID, partial: true },
    Mode::Upsert { pk: K, partial: true },
];

impl Mode {
    fn label(&self) -> &'static str {
        match self {
            Mode::Insert => "insert",
            Mode::Retract => "retract",
            Mode::Upsert { pk: ID, partial: false } => "upsert(id)",
            Mode::Upsert { pk: _, partial: false } => "upsert(k)",
            Mode::Upsert { pk: ID, partial: true } => "upsert-partial-delete(id)",
            Mode::Upsert { pk: _, partial: true } => "upsert-partial-delete(k)",
        }
    }
}

const NAMES: [&str; 3] = ["A", "B", "C"];

#[derive(Clone, Debug)]
struct Ev {
    table: usize,
    kind: RowKind,
    row: Row,
}

#[derive(Clone, Debug)]
struct Case {
    modes: Vec<Mode>,
    events: Vec<Ev>,
}

impl Case {
    fn script(&self, queries: &[Query]) -> String {
        let mut s = String::new();
        for (t, m) in self.modes.iter().enumerate() {
            let cols = "id INT, k INT, v BIGINT, s STRING";
            match m {
                Mode::Insert => writeln!(s, "CREATE TABLE {} ({});", NAMES[t], cols),
                Mode::Retract => {
                    writeln!(s, "CREATE TABLE {} ({}) WITH ('changelog-mode' = 'retract');", NAMES[t], cols)
                }
                Mode::Upsert { pk, partial } => writeln!(
                    s,
                    "CREATE TABLE {} ({}, PRIMARY KEY ({}) NOT ENFORCED) WITH ('changelog-mode' = '{}');",
                    NAMES[t],
                    cols,
                    if *pk == ID { "id" } else { "k" },
                    if *partial { "upsert-partial-delete" } else { "upsert" }
                ),
            }
            .unwrap();
        }
        for e in &self.events {
            let vals: Vec<String> = e.row.iter().map(V::render).collect();
            writeln!(s, "@{} {} {}", NAMES[e.table], e.kind.short(), vals.join(" | ")).unwrap();
        }
        for q in queries {
            writeln!(s, "\n{};", q.sql()).unwrap();
        }
        s
    }

    /// Every table's rows after each step (`[0]`: before the first); Err when the changelog
    /// is not one a source could send (a retraction of an absent row, a NULL primary key).
    fn states(&self) -> Result<Vec<State>, String> {
        let mut st = State { rows: vec![Vec::new(); self.modes.len()] };
        let mut all = vec![st.clone()];
        for (i, e) in self.events.iter().enumerate() {
            st.apply(self.modes[e.table], e).map_err(|m| format!("step {}: {}", i + 1, m))?;
            all.push(st.clone());
        }
        Ok(all)
    }
}

#[derive(Clone, Debug)]
struct State {
    rows: Vec<Vec<Row>>,
}

impl State {
    fn apply(&mut self, mode: Mode, e: &Ev) -> Result<(), String> {
        let rows = &mut self.rows[e.table];
        match mode {
            Mode::Insert | Mode::Retract => {
                if mode == Mode::Insert && e.kind != RowKind::Insert {
                    return Err(format!("{} on an insert-only table", e.kind.short()));
                }
                if e.kind.is_accumulate() {
                    rows.push(e.row.clone());
                } else {
                    let at = rows.iter().position(|r| *r == e.row).ok_or("retraction of an absent row")?;
                    rows.remove(at);
                }
            }
            Mode::Upsert { pk, .. } => {
                if e.row[pk] == V::Null {
                    return Err("NULL primary key".into());
                }
                let at = rows.iter().position(|r| r[pk] == e.row[pk]);
                match (e.kind.is_accumulate(), at) {
                    (true, Some(i)) => rows[i] = e.row.clone(),
                    (true, None) => rows.push(e.row.clone()),
                    (false, Some(i)) => {
                        rows.remove(i);
                    }
                    (false, None) => {} // an unknown key: nothing to delete
                }
            }
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// random inputs

struct Domain {
    keys: usize,
}

fn random_row(rng: &mut Rng, d: &Domain, mode: Mode) -> Row {
    let key_not_null = matches!(mode, Mode::Upsert { pk: K, .. });
    let id = V::I(rng.range(1, 5) as i64);
    let k = if !key_not_null && rng.chance(20) { V::Null } else { V::I(rng.range(1, d.keys) as i64) };
    let v = if rng.chance(15) { V::Null } else { V::I(rng.range(1, 4) as i64) };
    let s = if rng.chance(20) { V::Null } else { V::S(rng.pick(&["x", "y"])) };
    vec![id, k, v, s]
}

/// A row with the same primary key as `old` and fresh other columns.
fn same_key_row(rng: &mut Rng, d: &Domain, mode: Mode, pk: usize, old: &Row) -> Row {
    let mut r = random_row(rng, d, mode);
    r[pk] = old[pk].clone();
    r
}

fn delete_of(mode: Mode, row: &Row) -> Row {
    match mode {
        Mode::Upsert { pk, partial: true } => (0..W).map(|c| if c == pk { row[c].clone() } else { V::Null }).collect(),
        _ => row.clone(),
    }
}

fn random_case(seed: u64, tables: usize) -> Case {
    let mut rng = Rng(seed);
    let modes: Vec<Mode> = (0..tables).map(|_| rng.pick(&MODES)).collect();
    let d = Domain { keys: rng.range(1, 3) };
    let mut budget: Vec<usize> = (0..tables).map(|_| rng.range(0, max_lines())).collect();
    let mut pending: Vec<Option<Row>> = vec![None; tables];
    let mut st = State { rows: vec![Vec::new(); tables] };
    let mut events = Vec::new();
    loop {
        let ready: Vec<usize> = (0..tables).filter(|&t| budget[t] > 0 || pending[t].is_some()).collect();
        if ready.is_empty() {
            break;
        }
        let t = rng.pick(&ready);
        let mode = modes[t];
        budget[t] = budget[t].saturating_sub(1);
        let rows = &st.rows[t];
        let ev = |kind, row| Ev { table: t, kind, row };
        let e = if let Some(row) = pending[t].take() {
            ev(RowKind::UpdateAfter, row)
        } else {
            match mode {
                Mode::Insert => {
                    if !rows.is_empty() && rng.chance(20) {
                        ev(RowKind::Insert, rows[rng.below(rows.len())].clone())
                    } else {
                        ev(RowKind::Insert, random_row(&mut rng, &d, mode))
                    }
                }
                Mode::Retract => {
                    let roll = rng.below(100);
                    if rows.is_empty() || roll < 55 {
                        if !rows.is_empty() && rng.chance(25) {
                            ev(RowKind::Insert, rows[rng.below(rows.len())].clone())
                        } else {
                            ev(RowKind::Insert, random_row(&mut rng, &d, mode))
                        }
                    } else if roll < 77 {
                        ev(RowKind::Delete, rows[rng.below(rows.len())].clone())
                    } else {
                        let old = rows[rng.below(rows.len())].clone();
                        // the new row: often the same key (and id) with other values, or anything
                        let new = if rng.chance(50) {
                            same_key_row(&mut rng, &d, mode, K, &old)
                        } else {
                            random_row(&mut rng, &d, mode)
                        };
                        let new = if rng.chance(50) {
                            let mut n = new;
                            n[ID] = old[ID].clone();
                            n
                        } else {
                            new
                        };
                        // now and then a -U without its +U (it retracts all the same)
                        if rng.chance(90) {
                            pending[t] = Some(new);
                        }
                        ev(RowKind::UpdateBefore, old)
                    }
                }
                Mode::Upsert { pk, .. } => {
                    let roll = rng.below(100);
                    if rows.is_empty() || roll < 45 {
                        // a random row: a new key, or an existing one (an update)
                        let kind = if rng.chance(15) { RowKind::UpdateAfter } else { RowKind::Insert };
                        ev(kind, random_row(&mut rng, &d, mode))
                    } else if roll < 72 {
                        let old = rows[rng.below(rows.len())].clone();
                        let kind = if rng.chance(70) { RowKind::UpdateAfter } else { RowKind::Insert };
                        ev(kind, same_key_row(&mut rng, &d, mode, pk, &old))
                    } else if roll < 94 {
                        let old = rows[rng.below(rows.len())].clone();
                        // an upsert -D deletes the key whatever its other columns say
                        let del = if rng.chance(25) { same_key_row(&mut rng, &d, mode, pk, &old) } else { old };
                        ev(RowKind::Delete, delete_of(mode, &del))
                    } else {
                        // a delete of a key that is not there
                        let r = random_row(&mut rng, &d, mode);
                        if rows.iter().any(|x| x[pk] == r[pk]) {
                            ev(RowKind::Insert, r)
                        } else {
                            ev(RowKind::Delete, delete_of(mode, &r))
                        }
                    }
                }
            }
        };
        st.apply(mode, &e).expect("the generator writes valid changelogs");
        events.push(e);
    }
    Case { modes, events }
}

// ---------------------------------------------------------------------------------------------
// queries and the batch reference

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Inner,
    Left,
    Right,
    Full,
}

const KINDS: [Kind; 4] = [Kind::Inner, Kind::Left, Kind::Right, Kind::Full];

impl Kind {
    fn sql(&self) -> &'static str {
        match self {
            Kind::Inner => "JOIN",
            Kind::Left => "LEFT JOIN",
            Kind::Right => "RIGHT JOIN",
            Kind::Full => "FULL JOIN",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Keys {
    /// `A.k = B.k`
    Eq,
    /// `A.k IS NOT DISTINCT FROM B.k`
    NotDistinct,
    /// `A.k = B.k AND A.s IS NOT DISTINCT FROM B.s`
    Two,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Residual {
    None,
    /// Over both sides: `A.v < B.v` (a join), `B.v > A.v` (a subquery).
    Both,
    /// One-sided: `B.v > 1 AND A.v <> 2` (a join), `B.v > 1` (a subquery).
    OneSided,
}

const RESIDUALS: [Residual; 3] = [Residual::None, Residual::Both, Residual::OneSided];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Sub {
    In,
    Exists,
    NotIn,
    NotExists,
}

/// A WHERE above a binary join.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Filter {
    None,
    /// `WHERE A.k > 1`: a key filter, copied to the other input where Flink copies it.
    Key,
    /// `WHERE B.v > 1`: rejects B's NULL padding (a LEFT join becomes an INNER one).
    NullRejecting,
    /// `WHERE A.s IS NULL OR B.s = 'x'`: over both sides, stays above the join.
    Both,
}

const FILTERS: [Filter; 4] = [Filter::None, Filter::Key, Filter::NullRejecting, Filter::Both];

const SUBS: [Sub; 4] = [Sub::In, Sub::Exists, Sub::NotIn, Sub::NotExists];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Query {
    Binary {
        kind: Kind,
        keys: Keys,
        res: Residual,
        filter: Filter,
    },
    Sub {
        sub: Sub,
        res: Residual,
    },
    /// `A k1 B ON A.k = B.k k2 C ON (A|B).k = C.k [AND B.v < C.v]`, with the MULTI_JOIN hint
    /// or not.
    Chain {
        k1: Kind,
        k2: Kind,
        c_on_b: bool,
        res: bool,
        hint: bool,
    },
}

fn cols(t: &str) -> String {
    format!("{t}.id, {t}.k, {t}.v, {t}.s")
}

/// SQL's `=`: TRUE only for two equal non-NULL values.
fn eq(a: &V, b: &V) -> bool {
    *a != V::Null && *b != V::Null && a == b
}

/// `a < b` is TRUE.
fn lt(a: &V, b: &V) -> bool {
    matches!((a.int(), b.int()), (Some(x), Some(y)) if x < y)
}

fn gt_one(a: &V) -> bool {
    matches!(a.int(), Some(x) if x > 1)
}

fn ne_two(a: &V) -> bool {
    matches!(a.int(), Some(x) if x != 2)
}

fn padded(left: Option<&Row>, lw: usize, right: Option<&Row>, rw: usize) -> Row {
    let mut r = left.cloned().unwrap_or_else(|| vec![V::Null; lw]);
    r.extend(right.cloned().unwrap_or_else(|| vec![V::Null; rw]));
    r
}

/// A nested-loop join in SQL's semantics; `on` is TRUE (not FALSE, not UNKNOWN) for a match.
fn join(l: &[Row], lw: usize, r: &[Row], rw: usize, kind: Kind, on: &dyn Fn(&Row, &Row) -> bool) -> Vec<Row> {
    let mut out = Vec::new();
    let mut r_matched = vec![false; r.len()];
    for a in l {
        let mut matched = false;
        for (j, b) in r.iter().enumerate() {
            if on(a, b) {
                matched = true;
                r_matched[j] = true;
                out.push(padded(Some(a), lw, Some(b), rw));
            }
        }
        if !matched && matches!(kind, Kind::Left | Kind::Full) {
            out.push(padded(Some(a), lw, None, rw));
        }
    }
    if matches!(kind, Kind::Right | Kind::Full) {
        for (j, b) in r.iter().enumerate() {
            if !r_matched[j] {
                out.push(padded(None, lw, Some(b), rw));
            }
        }
    }
    out
}

impl Query {
    fn tables(&self) -> usize {
        match self {
            Query::Chain { .. } => 3,
            _ => 2,
        }
    }

    /// What the summary counts inputs by.
    fn group(&self) -> String {
        match *self {
            Query::Binary { kind, .. } => format!("{kind:?}"),
            Query::Sub { sub, .. } => format!("{sub:?}"),
            Query::Chain { hint: true, .. } => "MULTI_JOIN chain".into(),
            Query::Chain { hint: false, .. } => "binary chain".into(),
        }
    }

    fn sql(&self) -> String {
        match *self {
            Query::Binary { kind, keys, res, filter } => {
                let on = match keys {
                    Keys::Eq => "A.k = B.k",
                    Keys::NotDistinct => "A.k IS NOT DISTINCT FROM B.k",
                    Keys::Two => "A.k = B.k AND A.s IS NOT DISTINCT FROM B.s",
                };
                let res = match res {
                    Residual::None => "",
                    Residual::Both => " AND A.v < B.v",
                    Residual::OneSided => " AND B.v > 1 AND A.v <> 2",
                };
                let filter = match filter {
                    Filter::None => "",
                    Filter::Key => " WHERE A.k > 1",
                    Filter::NullRejecting => " WHERE B.v > 1",
                    Filter::Both => " WHERE A.s IS NULL OR B.s = 'x'",
                };
                format!("SELECT {}, {} FROM A {} B ON {}{}{}", cols("A"), cols("B"), kind.sql(), on, res, filter)
            }
            Query::Sub { sub, res } => {
                let (uncorrelated, correlated) = match res {
                    Residual::None => ("", ""),
                    Residual::Both => (" WHERE B.v > A.v", " AND B.v > A.v"),
                    Residual::OneSided => (" WHERE B.v > 1", " AND B.v > 1"),
                };
                let cond = match sub {
                    Sub::In => format!("A.k IN (SELECT B.k FROM B{uncorrelated})"),
                    Sub::NotIn => format!("A.k NOT IN (SELECT B.k FROM B{uncorrelated})"),
                    Sub::Exists => format!("EXISTS (SELECT 1 FROM B WHERE B.k = A.k{correlated})"),
                    Sub::NotExists => format!("NOT EXISTS (SELECT 1 FROM B WHERE B.k = A.k{correlated})"),
                };
                format!("SELECT {} FROM A WHERE {}", cols("A"), cond)
            }
            Query::Chain { k1, k2, c_on_b, res, hint } => format!(
                "SELECT {}{}, {}, {} FROM A {} B ON A.k = B.k {} C ON {}.k = C.k{}",
                if hint { "/*+ MULTI_JOIN(A, B, C) */ " } else { "" },
                cols("A"),
                cols("B"),
                cols("C"),
                k1.sql(),
                k2.sql(),
                if c_on_b { "B" } else { "A" },
                if res { " AND B.v < C.v" } else { "" }
            ),
        }
    }

    /// The batch result over the tables' current rows.
    fn eval(&self, st: &State) -> Vec<Row> {
        let (a, b) = (&st.rows[0], &st.rows[1]);
        match *self {
            Query::Binary { kind, keys, res, filter } => {
                let on = |x: &Row, y: &Row| {
                    let k = match keys {
                        Keys::Eq => eq(&x[K], &y[K]),
                        Keys::NotDistinct => x[K] == y[K],
                        Keys::Two => eq(&x[K], &y[K]) && x[S] == y[S],
                    };
                    k && match res {
                        Residual::None => true,
                        Residual::Both => lt(&x[VV], &y[VV]),
                        Residual::OneSided => gt_one(&y[VV]) && ne_two(&x[VV]),
                    }
                };
                let keep = |r: &Row| match filter {
                    Filter::None => true,
                    Filter::Key => gt_one(&r[K]),
                    Filter::NullRejecting => gt_one(&r[W + VV]),
                    Filter::Both => r[S] == V::Null || r[W + S] == V::S("x"),
                };
                join(a, W, b, W, kind, &on).into_iter().filter(keep).collect()
            }
            Query::Sub { sub, res } => {
                // the subquery's own WHERE (B.v > A.v / B.v > 1), TRUE
                let passes = |x: &Row, y: &Row| match res {
                    Residual::None => true,
                    Residual::Both => lt(&x[VV], &y[VV]),
                    Residual::OneSided => gt_one(&y[VV]),
                };
                let keep = |x: &Row| match sub {
                    Sub::In | Sub::Exists => b.iter().any(|y| eq(&x[K], &y[K]) && passes(x, y)),
                    Sub::NotExists => !b.iter().any(|y| eq(&x[K], &y[K]) && passes(x, y)),
                    // `x.k NOT IN (set)` is TRUE only when `x.k <> y.k` is TRUE for every member
                    // (an empty set: TRUE; a NULL on either side makes it UNKNOWN)
                    Sub::NotIn => {
                        b.iter().filter(|y| passes(x, y)).all(|y| x[K] != V::Null && y[K] != V::Null && x[K] != y[K])
                    }
                };
                a.iter().filter(|x| keep(x)).cloned().collect()
            }
            Query::Chain { k1, k2, c_on_b, res, .. } => {
                let ab = join(a, W, b, W, k1, &|x, y| eq(&x[K], &y[K]));
                let at = if c_on_b { W + K } else { K };
                join(&ab, 2 * W, &st.rows[2], W, k2, &|x, y| eq(&x[at], &y[K]) && (!res || lt(&x[W + VV], &y[VV])))
            }
        }
    }
}

fn binary_queries() -> Vec<Query> {
    // the kind varies fastest: any 4 consecutive queries are the four kinds; the WHERE
    // filters go with `A.k = B.k` only
    let mut v = Vec::new();
    for filter in FILTERS {
        for keys in [Keys::Eq, Keys::NotDistinct, Keys::Two] {
            if filter != Filter::None && keys != Keys::Eq {
                continue;
            }
            for res in RESIDUALS {
                for kind in KINDS {
                    v.push(Query::Binary { kind, keys, res, filter });
                }
            }
        }
    }
    v
}

fn sub_queries() -> Vec<Query> {
    // any 4 consecutive queries are the four forms
    RESIDUALS.iter().flat_map(|&res| SUBS.iter().map(move |&sub| Query::Sub { sub, res })).collect()
}

fn chain_queries() -> Vec<Query> {
    let mut v = Vec::new();
    for k1 in KINDS {
        for k2 in KINDS {
            for c_on_b in [false, true] {
                for res in [false, true] {
                    v.push(Query::Chain { k1, k2, c_on_b, res, hint: false });
                    // the hint groups INNER / LEFT chains into one MultiJoin
                    if matches!(k1, Kind::Inner | Kind::Left) && matches!(k2, Kind::Inner | Kind::Left) {
                        v.push(Query::Chain { k1, k2, c_on_b, res, hint: true });
                    }
                }
            }
        }
    }
    v
}

// ---------------------------------------------------------------------------------------------
// running the engine and comparing

#[derive(Debug)]
struct Failure {
    /// Index into the queries checked (None: the script failed as a whole).
    query: Option<usize>,
    /// 1-based step (the end of input is the step after the last data line).
    step: usize,
    what: String,
}

fn sorted(rows: Vec<Row>) -> Vec<Vec<String>> {
    let mut v: Vec<Vec<String>> = rows.iter().map(|r| r.iter().map(V::render).collect()).collect();
    v.sort();
    v
}

fn flatten(m: &BTreeMap<Vec<String>, usize>) -> Vec<Vec<String>> {
    m.iter().flat_map(|(r, &n)| (0..n).map(move |_| r.clone())).collect()
}

fn show(rows: &[Vec<String>]) -> String {
    if rows.is_empty() {
        return "    (empty)\n".to_string();
    }
    rows.iter().map(|r| format!("    [{}]\n", r.join(", "))).collect()
}

/// `a` minus `b`, as multisets of sorted rows.
fn minus(a: &[Vec<String>], b: &[Vec<String>]) -> Vec<Vec<String>> {
    let mut left: BTreeMap<&Vec<String>, usize> = BTreeMap::new();
    for r in b {
        *left.entry(r).or_default() += 1;
    }
    a.iter()
        .filter(|r| match left.get_mut(r) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        })
        .cloned()
        .collect()
}

fn step_header(step: &Step) -> String {
    let out: Vec<&str> = step.output.iter().map(|r| r.text.as_str()).collect();
    format!("step {} ({}); the sink received: [{}]", step.index, step.text, out.join(", "))
}

/// Applies one step's output to `mat` and compares with `expected`.
fn check_step(mat: &mut BTreeMap<Vec<String>, usize>, step: &Step, expected: Vec<Row>) -> Result<(), Failure> {
    let fail = |what: String| Failure { query: None, step: step.index, what };
    for r in &step.output {
        if r.kind.is_accumulate() {
            *mat.entry(r.row.clone()).or_default() += 1;
        } else {
            match mat.get_mut(&r.row) {
                Some(n) => {
                    *n -= 1;
                    if *n == 0 {
                        mat.remove(&r.row);
                    }
                }
                None => {
                    return Err(fail(format!(
                        "{}\n  {} retracts a row the result does not hold; the result before it:\n{}",
                        step_header(step),
                        r.text,
                        show(&flatten(mat))
                    )))
                }
            }
        }
    }
    let expected = sorted(expected);
    let actual = flatten(mat);
    if expected != actual {
        return Err(fail(format!(
            "{}\n  expected (batch join of the rows so far):\n{}  actual (changelog applied):\n{}  missing:\n{}  extra:\n{}",
            step_header(step),
            show(&expected),
            show(&actual),
            show(&minus(&expected, &actual)),
            show(&minus(&actual, &expected)),
        )));
    }
    Ok(())
}

fn check_query(q: &Query, qt: &QueryTrace, states: &[State]) -> Result<(), Failure> {
    let fail = |step: usize, what: String| Failure { query: None, step, what };
    if let Some(e) = &qt.error {
        return Err(fail(0, format!("the query failed to plan:\n{}", e.text)));
    }
    if let Some(e) = &qt.runtime_error {
        return Err(fail(qt.failed_step.unwrap_or(0), format!("runtime error:\n{}", e.text)));
    }
    if matches!(q, Query::Chain { hint: true, .. })
        && !qt.operators.iter().any(|o| o.kind == joinlab_engine::kinds::OpKind::MultiJoin)
    {
        return Err(fail(0, format!("the hint planned no MultiJoin:\n{}", qt.plan)));
    }
    let n = states.len() - 1;
    if qt.steps.len() != n {
        return Err(fail(0, format!("{} steps for {} data lines", qt.steps.len(), n)));
    }
    let mut mat = BTreeMap::new();
    for (i, step) in qt.steps.iter().enumerate() {
        if step.index != i + 1 {
            return Err(fail(i + 1, format!("step {} is numbered {}", i + 1, step.index)));
        }
        check_step(&mut mat, step, q.eval(&states[i + 1]))?;
    }
    let end = qt.end.as_ref().ok_or_else(|| fail(n + 1, "no end-of-input step".into()))?;
    check_step(&mut mat, end, q.eval(&states[n]))?;
    // the engine's own materialisation agrees with ours
    let mut theirs = qt.materialized_unbounded.clone().unwrap_or_default();
    theirs.sort();
    let mut ours: Vec<String> = flatten(&mat).iter().map(|r| format!("[{}]", r.join(", "))).collect();
    ours.sort();
    if theirs != ours {
        return Err(fail(
            n + 1,
            format!("materialized_unbounded {:?} differs from the changelog applied {:?}", theirs, ours),
        ));
    }
    Ok(())
}

fn run(script: &str) -> joinlab_engine::trace::ScriptTrace {
    run_script(script, &RunConfig { dialect: Dialect::Flink, trace: true })
}

fn check(case: &Case, queries: &[Query]) -> Result<(), Failure> {
    let states = case.states().map_err(|m| Failure { query: None, step: 0, what: format!("invalid input: {m}") })?;
    let t = run(&case.script(queries));
    if let Some(e) = &t.harness_error {
        return Err(Failure { query: None, step: 0, what: format!("harness error:\n{}", e.text) });
    }
    if t.queries.len() != queries.len() {
        return Err(Failure {
            query: None,
            step: 0,
            what: format!("{} queries ran of {}", t.queries.len(), queries.len()),
        });
    }
    for (qi, (q, qt)) in queries.iter().zip(&t.queries).enumerate() {
        check_query(q, qt, &states).map_err(|f| Failure { query: Some(qi), ..f })?;
    }
    Ok(())
}

/// Drops data lines (one at a time, while the input stays a valid changelog) as long as the
/// query still fails.
fn shrink(case: &Case, q: Query) -> Option<(Case, Failure)> {
    let mut cur = case.clone();
    let mut fail = check(&cur, &[q]).err()?;
    loop {
        let mut changed = false;
        let mut i = cur.events.len();
        while i > 0 {
            i -= 1;
            let mut cand = cur.clone();
            cand.events.remove(i);
            if cand.states().is_err() {
                continue;
            }
            if let Err(f) = check(&cand, &[q]) {
                cur = cand;
                fail = f;
                changed = true;
            }
        }
        if !changed {
            return Some((cur, fail));
        }
    }
}

fn report(test: &str, seed: Option<u64>, case: &Case, queries: &[Query], f: Failure) -> String {
    let mut msg = String::new();
    let rerun = match seed {
        Some(s) => format!("REFJOIN_SEED={s:#x} cargo test -p joinlab-engine --test reference_join -- {test}"),
        None => format!("cargo test -p joinlab-engine --test reference_join -- {test}"),
    };
    writeln!(msg, "\n==== reference_join: {test} failed; rerun: {rerun}").unwrap();
    let modes: Vec<&str> = case.modes.iter().map(Mode::label).collect();
    writeln!(msg, "tables: {}", modes.join(", ")).unwrap();
    match f.query {
        Some(qi) => {
            let q = queries[qi];
            writeln!(msg, "query: {}\n  at step {}: {}\n", q.sql(), f.step, f.what).unwrap();
            if let Some((small, sf)) = shrink(case, q) {
                writeln!(
                    msg,
                    "minimised ({} of {} data lines), fails at step {}: {}\n---- script\n{}----",
                    small.events.len(),
                    case.events.len(),
                    sf.step,
                    sf.what,
                    small.script(&[q])
                )
                .unwrap();
            } else {
                writeln!(msg, "(does not fail on its own)\n---- script\n{}----", case.script(queries)).unwrap();
            }
        }
        None => writeln!(msg, "{}\n---- script\n{}----", f.what, case.script(queries)).unwrap(),
    }
    msg
}

// ---------------------------------------------------------------------------------------------
// the tests

fn env_seed() -> Option<u64> {
    let s = std::env::var("REFJOIN_SEED").ok()?;
    let s = s.trim();
    Some(match s.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).expect("REFJOIN_SEED: hex"),
        None => s.parse().expect("REFJOIN_SEED: a number"),
    })
}

/// Data lines per table: 0..=REFJOIN_MAX_LINES (10).
fn max_lines() -> usize {
    std::env::var("REFJOIN_MAX_LINES").ok().and_then(|s| s.parse().ok()).unwrap_or(10)
}

fn env_cases(default: usize) -> usize {
    std::env::var("REFJOIN_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

/// Runs `cases` random cases of a family: each case is one random input and `per_case`
/// queries from `all` (a window moving by `per_case` each case, so every query runs on
/// `cases * per_case / all.len()` inputs). Prints how often each query and input mode ran.
fn property(test: &str, family: u64, cases: usize, all: &[Query], per_case: usize) {
    let tables = all[0].tables();
    let seeds: Vec<(usize, u64)> = match env_seed() {
        Some(s) => vec![(0, s)],
        None => (0..env_cases(cases)).map(|i| (i, case_seed(family, i))).collect(),
    };
    let mut query_runs: BTreeMap<Query, usize> = BTreeMap::new();
    let mut mode_runs: BTreeMap<Mode, usize> = BTreeMap::new();
    let mut group_cases: BTreeMap<String, usize> = BTreeMap::new();
    let mut steps = 0;
    for (_, seed) in seeds.iter().copied() {
        let case = random_case(seed, tables);
        // the queries of this case follow from the seed alone, so REFJOIN_SEED reruns them
        let start = (seed as usize) % all.len();
        let queries: Vec<Query> = (0..per_case.min(all.len())).map(|j| all[(start + j) % all.len()]).collect();
        if let Err(f) = check(&case, &queries) {
            panic!("{}", report(test, Some(seed), &case, &queries, f));
        }
        for q in &queries {
            *query_runs.entry(*q).or_default() += 1;
        }
        let groups: std::collections::BTreeSet<String> = queries.iter().map(Query::group).collect();
        for g in groups {
            *group_cases.entry(g).or_default() += 1;
        }
        for m in &case.modes {
            *mode_runs.entry(*m).or_default() += 1;
        }
        steps += case.events.len();
    }
    let min = query_runs.values().min().copied().unwrap_or(0);
    eprintln!(
        "{test}: {} cases, {} steps, {} query runs; each of {} queries ran on >= {} inputs; inputs per kind: {:?}; tables per mode: {:?}",
        seeds.len(),
        steps,
        query_runs.values().sum::<usize>(),
        query_runs.len(),
        min,
        group_cases.iter().map(|(g, n)| format!("{g}={n}")).collect::<Vec<_>>(),
        mode_runs.iter().map(|(m, n)| format!("{}={}", m.label(), n)).collect::<Vec<_>>()
    );
    if env_seed().is_none() && env_cases(cases) >= cases {
        assert_eq!(query_runs.len(), all.len(), "every query ran");
        assert_eq!(mode_runs.len(), MODES.len(), "every input mode ran");
    }
}

/// INNER / LEFT / RIGHT / FULL × {`=`, IS NOT DISTINCT FROM, two columns} × residuals, and
/// with `=` also × WHERE filters above the join.
#[test]
fn binary_joins_match_a_batch_join_after_every_step() {
    property("binary_joins_match_a_batch_join_after_every_step", 0xB1, 400, &binary_queries(), 8);
}

/// IN / EXISTS / NOT IN / NOT EXISTS, uncorrelated and correlated.
#[test]
fn semi_and_anti_joins_match_a_batch_join_after_every_step() {
    property("semi_and_anti_joins_match_a_batch_join_after_every_step", 0x5E, 400, &sub_queries(), 4);
}

/// Three-way chains of any two kinds, binary and as one MULTI_JOIN.
#[test]
fn three_way_chains_match_a_batch_join_after_every_step() {
    property("three_way_chains_match_a_batch_join_after_every_step", 0xC3, 360, &chain_queries(), 6);
}

fn ev(table: usize, kind: &str, row: &[V]) -> Ev {
    Ev { table, kind: RowKind::parse(kind).expect("a row kind"), row: row.to_vec() }
}

use V::{Null as N, I, S as Str};

fn fixed(test: &str, case: Case) {
    let all: Vec<Query> = if case.modes.len() == 3 {
        chain_queries()
    } else {
        binary_queries().into_iter().chain(sub_queries()).collect()
    };
    if let Err(f) = check(&case, &all) {
        panic!("{}", report(test, None, &case, &all, f));
    }
}

/// NULL keys on both sides (`=` never matches them, IS NOT DISTINCT FROM does), a NULL in
/// NOT IN's subquery that is then deleted, retract duplicates removed one copy at a time.
#[test]
fn fixed_null_keys_and_duplicates() {
    let a = |kind, id, k: V, v: V, s: V| ev(0, kind, &[I(id), k, v, s]);
    let b = |kind, id, k: V, v: V, s: V| ev(1, kind, &[I(id), k, v, s]);
    fixed(
        "fixed_null_keys_and_duplicates",
        Case {
            modes: vec![Mode::Retract, Mode::Retract],
            events: vec![
                a("+I", 1, N, I(1), Str("x")),
                a("+I", 2, I(1), I(1), N),
                b("+I", 10, N, I(3), Str("x")),
                b("+I", 11, I(1), I(2), N),
                b("+I", 11, I(1), I(2), N),
                a("+I", 2, I(1), I(1), N),
                b("-D", 11, I(1), I(2), N),
                b("-D", 10, N, I(3), Str("x")),
                a("-U", 2, I(1), I(1), N),
                a("+U", 2, I(2), I(3), Str("y")),
                b("-D", 11, I(1), I(2), N),
                b("+I", 12, I(2), I(4), Str("y")),
            ],
        },
    );
}

/// Upsert inputs: updates that move a row to another key, a partial delete, deletes of
/// unknown keys, a re-insert after a delete.
#[test]
fn fixed_upsert_updates_and_deletes() {
    let a = |kind, id, k: V, v: V, s: V| ev(0, kind, &[I(id), k, v, s]);
    let b = |kind, id: V, k, v: V, s: V| ev(1, kind, &[id, I(k), v, s]);
    fixed(
        "fixed_upsert_updates_and_deletes",
        Case {
            modes: vec![Mode::Upsert { pk: ID, partial: false }, Mode::Upsert { pk: K, partial: true }],
            events: vec![
                a("+I", 1, I(1), I(1), Str("x")),
                b("+I", I(5), 1, I(2), Str("x")),
                a("+U", 1, I(2), I(1), Str("x")),
                a("+I", 2, I(1), N, N),
                b("-D", N, 3, N, N),
                b("+U", I(6), 2, I(3), Str("y")),
                a("+I", 2, N, I(2), N),
                b("-D", N, 1, N, N),
                a("-D", 3, I(1), N, N),
                b("+I", I(5), 1, I(4), N),
                a("-D", 1, I(2), I(1), Str("x")),
            ],
        },
    );
}

/// A three-way chain over an insert-only, a retract and an upsert table.
#[test]
fn fixed_three_way_chain() {
    let t = |table, kind, id, k: V| ev(table, kind, &[I(id), k, I(1), Str("x")]);
    fixed(
        "fixed_three_way_chain",
        Case {
            modes: vec![Mode::Insert, Mode::Retract, Mode::Upsert { pk: ID, partial: false }],
            events: vec![
                t(0, "+I", 1, I(1)),
                t(2, "+I", 7, I(1)),
                t(1, "+I", 4, I(1)),
                t(0, "+I", 2, N),
                t(2, "+U", 7, I(2)),
                t(1, "+I", 5, I(2)),
                t(0, "+I", 3, I(2)),
                t(1, "-D", 4, I(1)),
                t(2, "+I", 8, I(1)),
                t(1, "+I", 4, I(1)),
                t(2, "-D", 7, I(2)),
            ],
        },
    );
}
