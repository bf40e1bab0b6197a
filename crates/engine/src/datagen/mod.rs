//! Mock data streams: Flink's `datagen` connector, kafka-connect-datagen's quickstarts and
//! Avro `arg.properties`, and the always-present examples catalog — deterministic, seeded, and
//! the same byte for byte native and wasm.
//!
//! # Entry points
//!
//! * [`from_flink_options`] — a `CREATE TABLE … WITH ('connector' = 'datagen', …)`: Flink's own
//!   option names and error texts ([`flink`]), plus JoinLab's time options (below). With
//!   `'quickstart' = 'orders'` or `'schema.string' = '{…avro…}'` the columns come from the schema
//!   instead ([`quickstarts`], [`avro`]).
//! * [`from_quickstart`], [`from_avro_schema`] — the same without options.
//! * [`faker::from_options`] — a `CREATE TABLE … WITH ('connector' = 'faker', …)`: Confluent's
//!   faker tables, a DataFaker expression per column ([`faker`]).
//! * [`examples_catalog`] — `examples.marketplace.{orders, customers, products, clicks}`,
//!   `examples.gaming.{player_activity, players, games}`,
//!   `examples.sensors.{temperature_readings, humidity_readings}` ([`examples`]).
//! * [`generate`] / [`GenTable::iter`] — the rows, in arrival order, each with its event time.
//!
//! # Predicting the rows
//!
//! Row `i` (0-based, in arrival order) of a table is a pure function of the session seed, the
//! table's seed, the table's name, the column's name and `i` ([`rng`]): each cell draws from its
//! own SplitMix64 stream, so columns do not disturb each other and adding a column changes no
//! other column. What a cell draws:
//!
//! | generator | value of row `i` |
//! |---|---|
//! | `sequence` (Flink) | `start + i`; the table ends after `end` |
//! | `iteration` (Avro) | `start + step·(i mod period)` |
//! | random integer `[min, max]` | uniform (multiply-shift of a 64-bit draw) |
//! | random FLOAT/DOUBLE `(min, max)` | `u·max + (1−u)·min`, `u` from 53 bits |
//! | DECIMAL / prices | uniform on the `10^-scale` grid |
//! | CHAR/VARCHAR/STRING (Flink) | lowercase hex digits, `length` long |
//! | `regex` | see [`regex_gen`]: branches and class members uniform, counts uniform |
//! | `options` | one of them, uniform |
//! | TIMESTAMP/TIMESTAMP_LTZ (Flink), timestamps without properties (Avro) | the row's event time minus `U[0, max-past]` |
//! | DATE / TIME | the UTC date / time of day of the row's event time |
//! | `null-rate` r | NULL when the cell's first draw `u < r` |
//!
//! The per-type tables are in [`flink`] and [`avro`]; event time and disorder in [`time`].
//!
//! # Options
//!
//! Flink's (`'connector' = 'datagen'`): `rows-per-second` (pace, below), `number-of-rows`
//! (default: unbounded; negative = 0 rows), `scan.parallelism` (accepted; JoinLab runs one
//! source task), and per field `fields.<f>.kind` (`random` | `sequence`), `.min`, `.max`,
//! `.max-past`, `.length`, `.var-len`, `.start`, `.end`, `.null-rate`, nested as
//! `fields.<f>.element.*`, `fields.<f>.key.*`, `fields.<f>.value.*`, `fields.<f>.<field>.*`.
//!
//! kafka-connect-datagen's (only with a schema): `quickstart`, `schema.string`,
//! `schema.keyfield` (reported as [`GenTable::key_field`]), `iterations` (rows; below 1 =
//! unbounded), `max.interval` (each gap uniform in `[0, max.interval)` ms; default 500 when no
//! other pace is given), `random.seed` (= `joinlab.seed`).
//!
//! JoinLab's own, on any datagen table:
//!
//! | option | default | meaning |
//! |---|---|---|
//! | `joinlab.seed` | `0` | the table's seed (the session's seed is mixed in as well) |
//! | `joinlab.start` | `2024-01-01 00:00:00` | clock of the first row (UTC) |
//! | `joinlab.interval` | `1 s` (or `1 s / rows-per-second`) | gap between rows; not with `rows-per-second` |
//! | `joinlab.max-delay` | `0 ms` | bounded out-of-orderness of event times |
//! | `joinlab.late-rate` | `0` | share of rows generated behind the watermark (0..1) |
//! | `joinlab.late-by` | `5 s` | a late row falls up to this much further behind |
//! | `joinlab.idle-every` | `0` (never) | after every N rows the source goes idle … |
//! | `joinlab.idle-for` | `0 ms` | … for this long |
//!
//! Pace: Flink's `rows-per-second` has no clock to pace here, so it sets the *simulated* gap
//! (`1 s / rows-per-second`); without it JoinLab advances one second per row (Flink's default of
//! 10,000 rows/s would put a whole demo inside one window).
//!
//! # Errors
//!
//! Every failure is an [`Error`] value, never a panic. A planning failure (unknown option,
//! unparsable value, unsupported type) carries the text of the exception Flink's factory throws;
//! wrap it with [`source_error`] to get the message Flink's planner prints around it. A failure
//! Flink only hits when the job runs (crossed bounds, NULL into NOT NULL) has
//! [`crate::error::ErrorKind::Runtime`] and Flink's exception class.

// `crate::error::Error` is the crate's error value (Flink's wording, spans, causes); boxing it
// only here would make this module's API differ from the rest of the engine.

pub mod avro;
pub mod examples;
pub mod faker;
pub mod field;
pub mod flink;
pub mod options;
pub mod quickstarts;
pub mod regex_gen;
pub mod rng;
pub mod time;

#[cfg(test)]
mod tests;

use std::sync::Arc;

pub use examples::{examples_catalog, ExampleTable};
pub use field::{FieldGen, Gen};
pub use options::source_error;
pub use time::{Pace, Timing};

use crate::error::{Error, ErrorKind};
use crate::time::{parse_ts_relaxed, Ts};
use crate::types::DataType;
use crate::value::Value;
use options::{could_not_parse, OptionReader};
use rng::Rng;

/// The rows a table yields when it is unbounded and the caller names no limit.
pub const UNBOUNDED_DEFAULT_ROWS: u64 = 1_000;

/// Longest generated string or byte string (a larger `length` is an error, not an exhausted page).
pub const MAX_GENERATED_LENGTH: u32 = 1 << 20;
/// Most elements of a generated ARRAY or MAP.
pub const MAX_COLLECTION_LENGTH: u32 = 1_000;

pub(crate) fn too_long(what: &str, key: &str, n: i64, max: u32) -> Error {
    Error::validation(format!("'{}' asks for {} {}; JoinLab generates at most {} per value.", key, n, what, max))
}

/// JoinLab's option keys (accepted on every datagen table).
pub const JOINLAB_OPTIONS: &[&str] = &[
    "joinlab.seed",
    "joinlab.start",
    "joinlab.interval",
    "joinlab.max-delay",
    "joinlab.late-rate",
    "joinlab.late-by",
    "joinlab.idle-every",
    "joinlab.idle-for",
];

/// A column: name and type.
#[derive(Clone, Debug, PartialEq)]
pub struct ColumnSpec {
    pub name: String,
    pub ty: DataType,
}

impl ColumnSpec {
    pub fn new(name: &str, ty: DataType) -> ColumnSpec {
        ColumnSpec { name: name.to_string(), ty }
    }
}

/// Where a table's generators came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    /// `fields.*` options on declared columns.
    Flink,
    /// A kafka-connect-datagen quickstart.
    Quickstart(String),
    /// An inline Avro schema.
    Avro,
    /// The examples catalog.
    Example,
    /// A faker table (`'connector' = 'faker'`).
    Faker,
}

/// A generated table: its columns, one generator per column, how many rows, and when they happen.
#[derive(Clone, Debug)]
pub struct GenTable {
    /// The name mixed into the seed (the table's name as created).
    pub name: String,
    pub columns: Vec<ColumnSpec>,
    pub generators: Vec<FieldGen>,
    /// `None`: unbounded.
    pub rows: Option<u64>,
    pub timing: Timing,
    /// The table's seed (`joinlab.seed`).
    pub seed: u64,
    /// The session's seed.
    pub session_seed: u64,
    pub origin: Origin,
    /// kafka-connect-datagen's key field (`schema.keyfield`, or the quickstart's).
    pub key_field: Option<String>,
    /// Whole-row options (Avro `options` on the record): one is picked per row.
    pub row_options: Option<Arc<Vec<Vec<Value>>>>,
}

/// One generated row.
#[derive(Clone, Debug, PartialEq)]
pub struct GeneratedRow {
    /// Arrival position (0-based): rows arrive in this order.
    pub index: u64,
    pub values: Vec<Value>,
    /// Event time (an instant; a TIMESTAMP column shows it in UTC).
    pub event_time: Ts,
    /// The simulated source clock when the row was produced (≥ the event time).
    pub clock: Ts,
    /// Generated behind the watermark (`joinlab.late-rate`).
    pub late: bool,
}

impl GeneratedRow {
    pub fn event_time_ms(&self) -> i64 {
        self.event_time.millis
    }
}

impl GenTable {
    /// A table with default timing, unbounded, seeds 0.
    pub fn new(name: &str, columns: Vec<ColumnSpec>, generators: Vec<FieldGen>) -> GenTable {
        GenTable {
            name: name.to_string(),
            columns,
            generators,
            rows: None,
            timing: Timing::default(),
            seed: 0,
            session_seed: 0,
            origin: Origin::Flink,
            key_field: None,
            row_options: None,
        }
    }

    /// All rows (`rows`, or [`UNBOUNDED_DEFAULT_ROWS`] when unbounded).
    pub fn iter(&self) -> RowIter<'_> {
        RowIter::new(self, self.rows.unwrap_or(UNBOUNDED_DEFAULT_ROWS))
    }

    /// The rows a limited scan sees: at most `n`.
    pub fn take(&self, n: u64) -> RowIter<'_> {
        RowIter::new(self, self.rows.map_or(n, |r| r.min(n)))
    }

    /// The table reduced to the declared columns, matched by name; types must agree (nullability
    /// may differ). Values do not change: each column keeps its own random stream.
    pub fn select(&self, declared: &[ColumnSpec]) -> Result<GenTable, Error> {
        let mut cols = Vec::with_capacity(declared.len());
        let mut gens = Vec::with_capacity(declared.len());
        for d in declared {
            let Some(i) = self.columns.iter().position(|c| c.name == d.name) else {
                return Err(Error::validation(format!(
                    "Column '{}' is not in the schema of the datagen table '{}'. Its columns are: {}.",
                    d.name,
                    self.name,
                    self.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ")
                )));
            };
            let have = &self.columns[i].ty;
            if have.without_time_attr().with_nullable(true) != d.ty.without_time_attr().with_nullable(true) {
                return Err(Error::validation(format!(
                    "Column '{}' is declared {} but the schema of the datagen table '{}' gives it type {}.",
                    d.name,
                    d.ty.summary(),
                    self.name,
                    have.summary()
                )));
            }
            let Some(g) = self.generators.get(i) else {
                return Err(Error::validation(format!(
                    "The datagen table '{}' has no generator for column '{}'.",
                    self.name, d.name
                )));
            };
            cols.push(d.clone());
            gens.push(FieldGen { ty: d.ty.clone(), ..g.clone() });
        }
        Ok(GenTable { columns: cols, generators: gens, ..self.clone() })
    }

    fn table_key(&self) -> u64 {
        rng::table_key(self.session_seed, self.seed, &self.name)
    }
}

/// The rows of `t`, at most `n` (and at most the table's own row count).
pub fn generate(t: &GenTable, n: u64) -> RowIter<'_> {
    t.take(n)
}

/// The rows of several tables in one arrival order: by clock (when the simulated source produced
/// the row), ties to the table listed first, then by index. `limit` caps each table as
/// [`GenTable::take`] does. Yields `(position in tables, row)`.
pub fn interleave<'a>(tables: &[&'a GenTable], limit: u64) -> Interleave<'a> {
    Interleave { heads: tables.iter().map(|t| t.take(limit).peekable()).collect() }
}

/// See [`interleave`].
pub struct Interleave<'a> {
    heads: Vec<std::iter::Peekable<RowIter<'a>>>,
}

impl Iterator for Interleave<'_> {
    type Item = (usize, GeneratedRow);

    fn next(&mut self) -> Option<(usize, GeneratedRow)> {
        let mut best: Option<(usize, Ts)> = None;
        for (k, h) in self.heads.iter_mut().enumerate() {
            if let Some(r) = h.peek() {
                let earlier = match best {
                    None => true,
                    Some((_, c)) => r.clock < c,
                };
                if earlier {
                    best = Some((k, r.clock));
                }
            }
        }
        let (k, _) = best?;
        self.heads[k].next().map(|r| (k, r))
    }
}

/// Rows in arrival order.
pub struct RowIter<'a> {
    table: &'a GenTable,
    keys: Vec<u64>,
    row_key: u64,
    clock: time::Clock,
    next: u64,
    end: u64,
    buf: String,
}

impl<'a> RowIter<'a> {
    fn new(table: &'a GenTable, end: u64) -> RowIter<'a> {
        let tk = table.table_key();
        RowIter {
            table,
            keys: table.columns.iter().map(|c| rng::column_key(tk, &c.name)).collect(),
            row_key: rng::column_key(tk, "$row"),
            clock: time::Clock::new(&table.timing, rng::column_key(tk, "$time")),
            next: 0,
            end,
            buf: String::new(),
        }
    }
}

impl Iterator for RowIter<'_> {
    type Item = GeneratedRow;

    fn next(&mut self) -> Option<GeneratedRow> {
        if self.next >= self.end {
            return None;
        }
        let i = self.next;
        self.next += 1;
        let rt = self.clock.advance();
        let event = time::ts_from_nanos(rt.event_ns);
        let row_option = self.table.row_options.as_ref().and_then(|opts| {
            let k = Rng::cell(self.row_key, i).below(opts.len() as u64) as usize;
            opts.get(k).map(|v| v.as_slice())
        });
        let mut cell = field::Cell { row: i, event, row_option, buf: std::mem::take(&mut self.buf) };
        let values = self
            .table
            .generators
            .iter()
            .zip(&self.keys)
            .map(|(g, &k)| g.value(&mut Rng::cell(k, i), &mut cell))
            .collect();
        self.buf = cell.buf;
        Some(GeneratedRow {
            index: i,
            values,
            event_time: event,
            clock: time::ts_from_nanos(rt.clock_ns),
            late: rt.late,
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.end - self.next).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

/// A `CREATE TABLE` with `'connector' = 'datagen'`: the table's physical columns and its
/// options (minus any the caller consumes itself, such as `changelog.mode`).
///
/// With `quickstart` or `schema.string` the columns come from the schema (declared columns, if
/// any, select from it by name); otherwise `fields.*` options drive the declared columns.
pub fn from_flink_options(
    table: &str,
    columns: &[ColumnSpec],
    options: &[(String, String)],
    session_seed: u64,
) -> Result<GenTable, Error> {
    let mut r = OptionReader::new(options);
    r.declare("connector");
    if r.has("quickstart") || r.has("schema.string") {
        return from_schema_options(table, columns, r, session_seed);
    }
    let rps = rows_per_second(&mut r)?;
    let number = r.long("number-of-rows")?;
    r.int("scan.parallelism")?;
    let mut generators = Vec::with_capacity(columns.len());
    let mut deferred: Option<Error> = None;
    for c in columns {
        match flink::column(&mut r, &c.name, &c.ty) {
            Ok(g) => generators.push(g),
            // Flink fails these only when the job runs: planning errors (below) come first.
            Err(e) if e.kind == ErrorKind::Runtime => {
                deferred.get_or_insert(e);
                generators.push(FieldGen::new(c.ty.clone(), Gen::Null));
            }
            Err(e) => return Err(e),
        }
    }
    let default_pace = match rps {
        Some(n) => Pace::PerSecond(n),
        None => Pace::Every(time::DEFAULT_INTERVAL_NS),
    };
    let (timing, seed) = joinlab_options(&mut r, default_pace, rps.is_some(), None)?;
    r.check_unconsumed("datagen")?;
    if let Some(e) = deferred {
        return Err(e);
    }
    let mut rows = number.map(|n| n.max(0) as u64);
    for g in &generators {
        if let Some(len) = g.sequence_len() {
            rows = Some(rows.map_or(len, |r| r.min(len)));
        }
    }
    Ok(GenTable {
        rows,
        timing,
        seed,
        session_seed,
        origin: Origin::Flink,
        ..GenTable::new(table, columns.to_vec(), generators)
    })
}

fn rows_per_second(r: &mut OptionReader) -> Result<Option<u64>, Error> {
    match r.long("rows-per-second")? {
        Some(n) if n <= 0 => Err(Error::validation(format!(
            "'rows-per-second' must be positive, not {}: JoinLab paces generated rows by it.",
            n
        ))),
        Some(n) => Ok(Some(n as u64)),
        None => Ok(None),
    }
}

/// JoinLab's time and seed options (`seed_alias`: kafka-connect-datagen's `random.seed`).
fn joinlab_options(
    r: &mut OptionReader,
    default_pace: Pace,
    pace_given: bool,
    seed_alias: Option<&str>,
) -> Result<(Timing, u64), Error> {
    let seed_parse = |v: &str| -> Result<u64, String> {
        v.parse::<u64>()
            .or_else(|_| v.parse::<i64>().map(|x| x as u64))
            .map_err(|_| format!("{}: For input string: \"{}\"", options::NUMBER_FORMAT, v))
    };
    let mut seed = r.parsed("joinlab.seed", seed_parse)?;
    if let Some(alias) = seed_alias {
        if let Some(s) = r.parsed(alias, seed_parse)? {
            seed.get_or_insert(s);
        }
    }
    let start = match r.string("joinlab.start") {
        None => time::DEFAULT_START_MS,
        Some(v) => parse_ts_relaxed(v).map(|t| t.millis).ok_or_else(|| {
            could_not_parse(
                "joinlab.start",
                v,
                format!("{}: expected a timestamp such as '2024-01-01 00:00:00'", options::ILLEGAL_ARGUMENT),
            )
        })?,
    };
    let interval = r.duration_ms("joinlab.interval")?;
    if let Some(ms) = interval.filter(|ms| *ms < 0) {
        return Err(Error::validation(format!("'joinlab.interval' must not be negative, not {} ms.", ms)));
    }
    if interval.is_some() && pace_given {
        return Err(Error::validation(
            "'joinlab.interval' and 'rows-per-second' (or 'max.interval') both set the pace of generated rows: keep one.",
        ));
    }
    let non_negative = |key: &str, v: Option<i64>| -> Result<i64, Error> {
        match v {
            Some(x) if x < 0 => Err(Error::validation(format!("'{}' must not be negative, not {}.", key, x))),
            Some(x) => Ok(x),
            None => Ok(0),
        }
    };
    let max_delay = non_negative("joinlab.max-delay", r.duration_ms("joinlab.max-delay")?)?;
    let late_rate = r.double("joinlab.late-rate")?.unwrap_or(0.0);
    if !(0.0..=1.0).contains(&late_rate) {
        return Err(Error::validation(format!("'joinlab.late-rate' must be between 0 and 1, not {}.", late_rate)));
    }
    let late_by = r.duration_ms("joinlab.late-by")?.unwrap_or(time::DEFAULT_LATE_BY_MS).max(0);
    let idle_every = non_negative("joinlab.idle-every", r.long("joinlab.idle-every")?)? as u64;
    let idle_ms = non_negative("joinlab.idle-for", r.duration_ms("joinlab.idle-for")?)?;
    let pace = match interval {
        Some(ms) => Pace::Every(ms.saturating_mul(1_000_000)),
        None => default_pace,
    };
    Ok((
        Timing { start_ms: start, pace, max_delay_ms: max_delay, late_rate, late_by_ms: late_by, idle_every, idle_ms },
        seed.unwrap_or(0),
    ))
}

/// `quickstart` / `schema.string` tables (kafka-connect-datagen's option names).
fn from_schema_options(
    table: &str,
    columns: &[ColumnSpec],
    mut r: OptionReader,
    session_seed: u64,
) -> Result<GenTable, Error> {
    let quickstart = r.string("quickstart");
    let schema = r.string("schema.string");
    let key_field = r.string("schema.keyfield").filter(|s| !s.is_empty()).map(str::to_string);
    let iterations = r.int("iterations")?;
    let number = r.long("number-of-rows")?;
    let max_interval = r.long("max.interval")?;
    let rps = rows_per_second(&mut r)?;
    if max_interval.is_some() && rps.is_some() {
        return Err(Error::validation(
            "'max.interval' and 'rows-per-second' both set the pace of generated rows: keep one.",
        ));
    }
    let default_pace = match (rps, max_interval) {
        (Some(n), _) => Pace::PerSecond(n),
        (None, Some(ms)) => Pace::RandomUpTo(ms.max(0)),
        (None, None) => Pace::RandomUpTo(500),
    };
    let (timing, seed) =
        joinlab_options(&mut r, default_pace, rps.is_some() || max_interval.is_some(), Some("random.seed"))?;
    r.check_unconsumed("datagen")?;
    let mut t = match (quickstart, schema) {
        (Some(_), Some(_)) => {
            return Err(Error::validation(
                "Options 'quickstart' and 'schema.string' cannot both be set: a datagen table has one schema.",
            ))
        }
        (Some(q), None) => from_quickstart(table, q, session_seed)?,
        (None, Some(s)) => from_avro_schema(table, s, session_seed)?,
        (None, None) => return Err(Error::validation("A datagen schema needs 'quickstart' or 'schema.string'.")),
    };
    if !columns.is_empty() {
        t = t.select(columns)?;
    }
    // Flink's `number-of-rows` (negative: none), else kafka-connect-datagen's `iterations` (< 1: unbounded)
    t.rows = match (number, iterations) {
        (Some(n), _) => Some(n.max(0) as u64),
        (None, Some(n)) if n >= 1 => Some(n as u64),
        _ => None,
    };
    t.timing = timing;
    t.seed = seed;
    if key_field.is_some() {
        t.key_field = key_field;
    }
    Ok(t)
}

/// A kafka-connect-datagen quickstart as a table (unbounded, paced as kafka-connect-datagen's
/// default `max.interval` of 500 ms).
pub fn from_quickstart(table: &str, quickstart: &str, session_seed: u64) -> Result<GenTable, Error> {
    let Some(q) = quickstarts::find(quickstart) else {
        return Err(Error::validation(format!(
            "Unknown datagen quickstart '{}'. Known quickstarts: {}.",
            quickstart,
            quickstarts::names().join(", ")
        )));
    };
    let mut t = from_avro_schema(table, q.schema, session_seed)?;
    t.origin = Origin::Quickstart(q.name.to_string());
    t.key_field = Some(q.key_field.to_string());
    Ok(t)
}

/// An Avro record schema with `arg.properties` as a table (unbounded, paced as
/// kafka-connect-datagen's default `max.interval` of 500 ms).
pub fn from_avro_schema(table: &str, json: &str, session_seed: u64) -> Result<GenTable, Error> {
    let a = avro::parse(json)?;
    Ok(GenTable {
        session_seed,
        origin: Origin::Avro,
        timing: Timing { pace: Pace::RandomUpTo(500), ..Timing::default() },
        row_options: a.row_options.map(Arc::new),
        ..GenTable::new(table, a.columns, a.generators)
    })
}
