//! The examples catalog: read-only tables that are always there, shaped like Confluent Cloud's
//! `examples.marketplace` tables, the gaming quickstarts and the PTF sensor-fusion tutorial.
//!
//! Every table starts at 2024-01-01 00:00:00 UTC, in order (no disorder), and has Confluent's
//! hidden `$rowtime TIMESTAMP_LTZ(3)` = the row's event time (the catalog adds that column).
//!
//! | table | columns | key, mode | rows (default) | pace |
//! |---|---|---|---|---|
//! | `examples.marketplace.orders` | `order_id STRING` (UUID), `customer_id INT` (3000–3249), `product_id STRING` ('1000'–'1499'), `price DOUBLE` (10.00–100.00) | —, append | 5,000 | 100 ms |
//! | `examples.marketplace.customers` | `customer_id INT` (3000–3199, row `i` → `3000 + i mod 200`), `name`, `address`, `postcode`, `city`, `email STRING` | `customer_id`, upsert | 200 | 100 ms |
//! | `examples.marketplace.products` | `product_id STRING` ('1000'–'1399', row `i` → `1000 + i mod 400`), `name`, `brand`, `vendor`, `department STRING` | `product_id`, upsert | 400 | 100 ms |
//! | `examples.marketplace.clicks` | `click_id STRING` (UUID), `user_id INT` (3000–3249), `url STRING` (`https://www.acme.com/product/[a-z]{5}`), `user_agent STRING`, `view_time INT` (10–119) | —, append | 5,000 | 100 ms |
//! | `examples.gaming.player_activity` | `player_id INT` (1000–4999), `game_room_id INT` (1000–4999), `points INT` (10–499), `coordinates STRING` (`[NN,NN]`) — the `gaming_player_activity` quickstart | —, append | 20,000 | 100 ms |
//! | `examples.gaming.players` | `player_id INT` (1000, 1001, …), `player_name STRING`, `ip STRING` — the `gaming_players` quickstart | `player_id`, upsert | 3,500 | 100 ms |
//! | `examples.gaming.games` | `id INT` (1000, 1001, …), `room_name STRING`, `created_date TIMESTAMP_LTZ(3)` — the `gaming_games` quickstart | `id`, upsert | 3,500 | 100 ms |
//! | `examples.sensors.temperature_readings` | `machine_id STRING` (M1–M4 in turn), `temperature DOUBLE`, `event_time TIMESTAMP(3)`, `WATERMARK FOR event_time AS event_time` | —, append | 1,000 | 5 s |
//! | `examples.sensors.humidity_readings` | `sensor_id STRING` (M1–M4 in turn), `humidity DOUBLE`, `event_time TIMESTAMP(3)` (2 s after the matching temperature), same watermark | —, append | 1,000 | 5 s |
//!
//! Joins are meant to show both matches and misses: one order in five names a customer
//! (3200–3249) or a product ('1400'–'1499') that does not exist, so outer joins show NULLs;
//! likewise one click in five, and one player activity in eight (players end at 4499). Orders
//! and clicks cover ~8 minutes, so a key (250 customers, 20 orders each) appears in several
//! 1-minute windows; player activity covers ~33 minutes (6–7 five-minute windows). The sensor
//! machines differ on purpose: M1 runs hot (76–84 °C) and humid (82–92 %), M2 is cool (56–66,
//! 70–82), M3 is borderline (70–80, 78–88), M4 is cool and dry (60–70, 55–70); one reading
//! every 5 s gives each machine 15 readings per 5-minute window.
//!
//! Departures from Confluent Cloud, for meaningful joins in a small demo: Confluent's
//! `customers`/`products` draw random keys forever and `clicks.user_id` ranges 3000–4999;
//! here dimension keys cycle once through a fixed set and clicks use the customers' range.

use std::sync::Arc;

use super::field::{FieldGen, Gen};
use super::regex_gen::{escape_literal, RegexGen};
use super::time::{Pace, Timing};
use super::{quickstarts, ColumnSpec, GenTable, Origin};
use crate::types::{DataType, TimeAttr, TypeKind, MAX_LENGTH};
use crate::value::Value;

/// One table of the examples catalog.
#[derive(Clone, Debug)]
pub struct ExampleTable {
    /// Always `examples`.
    pub catalog: &'static str,
    pub database: &'static str,
    pub name: &'static str,
    /// Columns, generators, row count and timing; its `name` is the full path (the seed's name).
    pub table: GenTable,
    pub primary_key: Vec<&'static str>,
    /// `append` or `upsert` (Confluent's `changelog.mode`).
    pub changelog_mode: &'static str,
    /// `WATERMARK FOR <column> AS <expression>`; `None`: Confluent's default on `$rowtime`.
    pub watermark: Option<(&'static str, &'static str)>,
    pub default_rows: u64,
    pub description: &'static str,
}

impl ExampleTable {
    /// `examples.marketplace.orders`.
    pub fn path(&self) -> String {
        format!("{}.{}.{}", self.catalog, self.database, self.name)
    }
}

fn string_nn() -> DataType {
    DataType::not_null(TypeKind::VarChar { length: MAX_LENGTH })
}
fn int_nn() -> DataType {
    DataType::not_null(TypeKind::Int)
}
fn double_nn() -> DataType {
    DataType::not_null(TypeKind::Double)
}

fn regex(p: &str) -> Gen {
    // the patterns below are fixed and tested; an error would be a bug caught by the tests
    match RegexGen::parse(p) {
        Ok(g) => Gen::Regex(Arc::new(g)),
        Err(_) => Gen::Null,
    }
}

fn one_of(words: &[&str]) -> String {
    format!("({})", words.iter().map(|w| escape_literal(w)).collect::<Vec<_>>().join("|"))
}

fn pick(words: &[&str]) -> Gen {
    Gen::Pick(Arc::new(words.iter().map(|w| Value::str(w)).collect()))
}

const FIRST_NAMES: &[&str] = &[
    "Alice", "Amir", "Ana", "Ben", "Carla", "Chen", "Dana", "Diego", "Elena", "Emeka", "Farah", "Felix", "Grace",
    "Hana", "Hugo", "Ines", "Ivan", "Jonas", "Kai", "Lara", "Leo", "Maya", "Mateo", "Nadia", "Noah", "Olga", "Omar",
    "Priya", "Quinn", "Rosa", "Sami", "Sofia", "Tariq", "Uma", "Victor", "Wen", "Yara", "Yusuf", "Zoe", "Zane",
];
const LAST_NAMES: &[&str] = &[
    "Adams", "Baker", "Novak", "Costa", "Dubois", "Evans", "Fischer", "Garcia", "Hansen", "Ito", "Jensen", "Kowalski",
    "Larsen", "Moreau", "Nguyen", "Okafor", "Petrov", "Quinn", "Rossi", "Schmidt", "Tanaka", "Umar", "Varga", "Weber",
    "Xu", "Yilmaz", "Zimmer", "Silva", "Murphy", "Lopez",
];
const STREETS: &[&str] = &[
    "Maple", "Oak", "Cedar", "Elm", "Pine", "Willow", "Birch", "Harbor", "Lake", "Hill", "Mill", "Park", "River",
    "Spring", "Sunset", "Station",
];
const STREET_KINDS: &[&str] = &["Street", "Avenue", "Road", "Lane", "Way", "Drive", "Court", "Place"];
const CITIES: &[&str] = &[
    "Springfield",
    "Riverton",
    "Lakeside",
    "Fairview",
    "Greenville",
    "Kingston",
    "Madison",
    "Franklin",
    "Clinton",
    "Georgetown",
    "Salem",
    "Ashland",
    "Burlington",
    "Oxford",
    "Milton",
    "Dover",
    "Hudson",
    "Newport",
    "Arlington",
    "Bristol",
];
const MAIL_DOMAINS: &[&str] = &["example.com", "mail.test", "inbox.test", "post.example", "acme.test"];
const ADJECTIVES: &[&str] = &[
    "Ergonomic",
    "Rustic",
    "Sleek",
    "Durable",
    "Lightweight",
    "Practical",
    "Gorgeous",
    "Incredible",
    "Small",
    "Heavy Duty",
    "Intelligent",
    "Fantastic",
    "Awesome",
    "Mediocre",
    "Enormous",
    "Synergistic",
];
const MATERIALS: &[&str] = &[
    "Steel", "Wooden", "Concrete", "Plastic", "Cotton", "Granite", "Rubber", "Leather", "Silk", "Wool", "Linen",
    "Marble", "Iron", "Bronze", "Copper", "Aluminum", "Paper", "Glass",
];
const PRODUCTS: &[&str] = &[
    "Chair", "Car", "Computer", "Gloves", "Pants", "Shirt", "Table", "Shoes", "Hat", "Plate", "Knife", "Bottle",
    "Coat", "Lamp", "Keyboard", "Bag", "Bench", "Clock", "Watch", "Wallet",
];
const BRANDS: &[&str] = &[
    "Acme",
    "Globex",
    "Initech",
    "Umbrella",
    "Hooli",
    "Stark",
    "Wayne",
    "Wonka",
    "Soylent",
    "Tyrell",
    "Cyberdyne",
    "Aperture",
    "Vandelay",
    "Gringotts",
    "Monarch",
    "Oscorp",
];
const VENDORS: &[&str] =
    &["Amazon", "Walmart", "Target", "eBay", "Etsy", "Costco", "Best Buy", "Home Depot", "IKEA", "Zalando"];
const DEPARTMENTS: &[&str] = &[
    "Books",
    "Movies",
    "Music",
    "Games",
    "Electronics",
    "Computers",
    "Home",
    "Garden",
    "Tools",
    "Grocery",
    "Health",
    "Beauty",
    "Toys",
    "Kids",
    "Baby",
    "Clothing",
    "Shoes",
    "Jewelry",
    "Sports",
    "Outdoors",
    "Automotive",
    "Industrial",
];
const USER_AGENTS: &[&str] = &[
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15",
    "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
    "Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)",
];

const EVERY_100_MS: Pace = Pace::Every(100_000_000);
const EVERY_5_S: Pace = Pace::Every(5_000_000_000);

fn col(name: &str, ty: DataType, gen: Gen) -> (ColumnSpec, FieldGen) {
    (ColumnSpec::new(name, ty.clone()), FieldGen::new(ty, gen))
}

#[allow(clippy::too_many_arguments)]
fn table(
    database: &'static str,
    name: &'static str,
    cols: Vec<(ColumnSpec, FieldGen)>,
    default_rows: u64,
    pace: Pace,
    start_offset_ms: i64,
    primary_key: Vec<&'static str>,
    watermark: Option<(&'static str, &'static str)>,
    description: &'static str,
    rows: Option<u64>,
    session_seed: u64,
) -> ExampleTable {
    let (columns, generators): (Vec<ColumnSpec>, Vec<FieldGen>) = cols.into_iter().unzip();
    let path = format!("examples.{}.{}", database, name);
    let mut t = GenTable::new(&path, columns, generators);
    t.rows = Some(rows.unwrap_or(default_rows));
    t.timing = Timing { pace, start_ms: t.timing.start_ms + start_offset_ms, ..Timing::default() };
    t.session_seed = session_seed;
    t.origin = Origin::Example;
    t.key_field = primary_key.first().map(|k| k.to_string());
    let changelog_mode = if primary_key.is_empty() { "append" } else { "upsert" };
    ExampleTable {
        catalog: "examples",
        database,
        name,
        table: t,
        primary_key,
        changelog_mode,
        watermark,
        default_rows,
        description,
    }
}

/// A quickstart's columns and generators (NOT NULL as Confluent maps Avro).
fn quickstart_cols(name: &str) -> Vec<(ColumnSpec, FieldGen)> {
    match quickstarts::find(name).map(|q| super::avro::parse(q.schema)) {
        Some(Ok(a)) => a.columns.into_iter().zip(a.generators).collect(),
        // embedded and tested: cannot fail
        _ => Vec::new(),
    }
}

/// Every table of the examples catalog. `rows` replaces each table's default row count.
pub fn examples_catalog(rows: Option<u64>, session_seed: u64) -> Vec<ExampleTable> {
    let full_name = format!("{} {}", one_of(FIRST_NAMES), one_of(LAST_NAMES));
    let lower = |words: &[&str]| -> String {
        let l: Vec<String> = words.iter().map(|w| w.to_ascii_lowercase()).collect();
        one_of(&l.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let email = format!("{}\\.{}[0-9]{{0,2}}@{}", lower(FIRST_NAMES), lower(LAST_NAMES), one_of(MAIL_DOMAINS));
    let address = format!("[1-9][0-9]{{0,3}} {} {}", one_of(STREETS), one_of(STREET_KINDS));
    let product_name = format!("{} {} {}", one_of(ADJECTIVES), one_of(MATERIALS), one_of(PRODUCTS));
    let machines = || Gen::Cycle(Arc::new(["M1", "M2", "M3", "M4"].iter().map(|m| Value::str(m)).collect()));
    let per_machine = |ranges: [(i64, i64); 4]| {
        Gen::CycleGen(
            ranges
                .iter()
                .map(|&(lo, hi)| {
                    FieldGen::new(DataType::nullable(TypeKind::Double), Gen::Grid { min: lo, max: hi, scale: 1 })
                })
                .collect(),
        )
    };
    let ts3 = DataType::nullable(TypeKind::Timestamp { precision: 3, attr: TimeAttr::None });
    let sensor_wm = Some(("event_time", "event_time"));
    vec![
        table(
            "marketplace",
            "orders",
            vec![
                col("order_id", string_nn(), Gen::Uuid),
                col("customer_id", int_nn(), Gen::Int { min: 3000, max: 3249 }),
                col("product_id", string_nn(), Gen::Int { min: 1000, max: 1499 }),
                col("price", double_nn(), Gen::Grid { min: 1000, max: 10000, scale: 2 }),
            ],
            5_000,
            EVERY_100_MS,
            0,
            vec![],
            None,
            "Orders of the marketplace; one in five names a customer or product that does not exist.",
            rows,
            session_seed,
        ),
        table(
            "marketplace",
            "customers",
            vec![
                col("customer_id", int_nn(), Gen::Iter { start: 3000, step: 1, period: Some(200) }),
                col("name", string_nn(), regex(&full_name)),
                col("address", string_nn(), regex(&address)),
                col("postcode", string_nn(), regex("[0-9]{5}")),
                col("city", string_nn(), pick(CITIES)),
                col("email", string_nn(), regex(&email)),
            ],
            200,
            EVERY_100_MS,
            0,
            vec!["customer_id"],
            None,
            "Customers 3000-3199, each once per 200 rows (later rows update them).",
            rows,
            session_seed,
        ),
        table(
            "marketplace",
            "products",
            vec![
                col("product_id", string_nn(), Gen::Iter { start: 1000, step: 1, period: Some(400) }),
                col("name", string_nn(), regex(&product_name)),
                col("brand", string_nn(), pick(BRANDS)),
                col("vendor", string_nn(), pick(VENDORS)),
                col("department", string_nn(), pick(DEPARTMENTS)),
            ],
            400,
            EVERY_100_MS,
            0,
            vec!["product_id"],
            None,
            "Products '1000'-'1399', each once per 400 rows (later rows update them).",
            rows,
            session_seed,
        ),
        table(
            "marketplace",
            "clicks",
            vec![
                col("click_id", string_nn(), Gen::Uuid),
                col("user_id", int_nn(), Gen::Int { min: 3000, max: 3249 }),
                col("url", string_nn(), regex("https://www[.]acme[.]com/product/[a-z]{5}")),
                col("user_agent", string_nn(), pick(USER_AGENTS)),
                col("view_time", int_nn(), Gen::Int { min: 10, max: 119 }),
            ],
            5_000,
            EVERY_100_MS,
            0,
            vec![],
            None,
            "Page views; user_id matches customer_id (3200-3249 have no customer).",
            rows,
            session_seed,
        ),
        table(
            "gaming",
            "player_activity",
            quickstart_cols("gaming_player_activity"),
            20_000,
            EVERY_100_MS,
            0,
            vec![],
            None,
            "The gaming_player_activity quickstart: players and game rooms 1000-4999.",
            rows,
            session_seed,
        ),
        table(
            "gaming",
            "players",
            quickstart_cols("gaming_players"),
            3_500,
            EVERY_100_MS,
            0,
            vec!["player_id"],
            None,
            "The gaming_players quickstart: players 1000-4499.",
            rows,
            session_seed,
        ),
        table(
            "gaming",
            "games",
            quickstart_cols("gaming_games"),
            3_500,
            EVERY_100_MS,
            0,
            vec!["id"],
            None,
            "The gaming_games quickstart: game rooms 1000-4499.",
            rows,
            session_seed,
        ),
        table(
            "sensors",
            "temperature_readings",
            vec![
                col("machine_id", DataType::string(), machines()),
                col(
                    "temperature",
                    DataType::nullable(TypeKind::Double),
                    per_machine([(760, 840), (560, 660), (700, 800), (600, 700)]),
                ),
                col("event_time", ts3.clone(), Gen::PastTime { max_past_ms: 0 }),
            ],
            1_000,
            EVERY_5_S,
            0,
            vec![],
            sensor_wm,
            "Temperature per machine M1-M4 every 5 s (the PTF sensor-fusion tutorial's shape).",
            rows,
            session_seed,
        ),
        table(
            "sensors",
            "humidity_readings",
            vec![
                col("sensor_id", DataType::string(), machines()),
                col(
                    "humidity",
                    DataType::nullable(TypeKind::Double),
                    per_machine([(820, 920), (700, 820), (780, 880), (550, 700)]),
                ),
                col("event_time", ts3, Gen::PastTime { max_past_ms: 0 }),
            ],
            1_000,
            EVERY_5_S,
            2_000,
            vec![],
            sensor_wm,
            "Humidity per sensor M1-M4 every 5 s, 2 s after the temperature readings.",
            rows,
            session_seed,
        ),
    ]
}
