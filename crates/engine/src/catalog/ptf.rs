//! The built-in process table functions as the planner sees them: their names (what `CREATE
//! FUNCTION` binds) and signatures (SQL argument names, scalar types, output columns). Their
//! behaviour is in `ops::ptf`, one file per function.

use crate::types::{DataType, TimeAttr, TypeKind};

/// The built-in process table functions `CREATE FUNCTION` can bind (by the function's name or
/// the simple name of its class). Only those with an implementation run; the others are known
/// names that answer "not supported yet" when called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PtfKind {
    /// The oracle's `oracle.udf.SensorFusionPtf` (a ROW output; an empty list's median is NaN,
    /// so a window with readings of one table only still emits FALSE).
    SensorFusionPtf,
    /// The tutorial's own class (`io.confluent.developer.SensorFusionPtf`, and the built-in when
    /// no CREATE FUNCTION names another class): a POJO output, and a window emits only when both
    /// lists have readings (WAVE2-RESEARCH.md §5.4, read from the tutorial's source).
    SensorFusionPtfTutorial,
    SensorFusionWatermarkPtf,
    IncrementalOutputWindow,
    Median,
    GreetingPtf,
    ScorePtf,
    CheckoutPtf,
}

const ALL: [PtfKind; 7] = [
    PtfKind::SensorFusionPtf,
    PtfKind::SensorFusionWatermarkPtf,
    PtfKind::IncrementalOutputWindow,
    PtfKind::Median,
    PtfKind::GreetingPtf,
    PtfKind::ScorePtf,
    PtfKind::CheckoutPtf,
];

impl PtfKind {
    pub fn name(self) -> &'static str {
        match self {
            PtfKind::SensorFusionPtf | PtfKind::SensorFusionPtfTutorial => "SensorFusionPtf",
            PtfKind::SensorFusionWatermarkPtf => "SensorFusionWatermarkPtf",
            PtfKind::IncrementalOutputWindow => "IncrementalOutputWindow",
            PtfKind::Median => "Median",
            PtfKind::GreetingPtf => "GreetingPtf",
            PtfKind::ScorePtf => "ScorePtf",
            PtfKind::CheckoutPtf => "CheckoutPtf",
        }
    }

    pub fn by_name(n: &str) -> Option<PtfKind> {
        ALL.iter().copied().find(|k| k.name().eq_ignore_ascii_case(n))
    }

    /// The built-in `CREATE FUNCTION name AS 'class'` binds: by the function's name, else by the
    /// class's simple name; `SensorFusionPtf` is the tutorial's class unless the class is the
    /// oracle's (`oracle.udf.…`).
    pub fn for_class(name: &str, class: &str) -> Option<PtfKind> {
        let simple = class.rsplit('.').next().unwrap_or(class);
        let k = PtfKind::by_name(name).or_else(|| PtfKind::by_name(simple))?;
        Some(match k {
            PtfKind::SensorFusionPtf if !class.starts_with("oracle.udf.") => PtfKind::SensorFusionPtfTutorial,
            k => k,
        })
    }

    /// A built-in called by name without CREATE FUNCTION (the Confluent dialect):
    /// `SensorFusionPtf` is the tutorial's class.
    pub fn builtin(name: &str) -> Option<PtfKind> {
        PtfKind::for_class(name, "")
    }

    pub fn names() -> Vec<&'static str> {
        ALL.iter().map(|k| k.name()).collect()
    }

    /// The signature, for the built-ins implemented (`ops::ptf`); None for the others.
    pub fn signature(self) -> Option<&'static Signature> {
        match self {
            PtfKind::SensorFusionPtf => Some(&SENSOR_FUSION),
            PtfKind::SensorFusionPtfTutorial => Some(&SENSOR_FUSION_TUTORIAL),
            PtfKind::GreetingPtf => Some(&GREETING),
            PtfKind::Median => Some(&MEDIAN),
            PtfKind::IncrementalOutputWindow => Some(&INCREMENTAL_OUTPUT_WINDOW),
            PtfKind::ScorePtf => Some(&SCORE),
            PtfKind::SensorFusionWatermarkPtf => Some(&SENSOR_FUSION_WATERMARK),
            PtfKind::CheckoutPtf => Some(&CHECKOUT),
        }
    }
}

/// A scalar argument's type in a signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScalarArg {
    /// `INTERVAL` (a Java `Duration`): milliseconds.
    Interval,
    /// `DOUBLE` (primitive `double` or `Double`).
    Double,
    /// `INT` (primitive `int` or `Integer`).
    Int,
}

/// What a PTF's table arguments say of time (`on_time`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnTime {
    /// `ArgumentTrait.REQUIRE_ON_TIME`: a call without `on_time` is an error.
    Required,
    /// A call may give `on_time` (the output then ends with `rowtime`) or not.
    Optional,
    /// A `ChangelogFunction` (updating input or output): Flink rejects `on_time`.
    Rejected,
}

/// The function's output type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputKind {
    /// A `ROW<…>` (or POJO) type: its fields are output columns.
    Row,
    /// A scalar type (`ProcessTableFunction<String>`): one column Calcite names `EXPR$0`.
    Scalar,
}

/// What the planner needs to know of a PTF: its SQL argument names and output columns.
pub struct Signature {
    /// Set-semantic table arguments, in declaration order.
    pub tables: &'static [&'static str],
    /// Scalar arguments after them, in declaration order.
    pub scalars: &'static [(&'static str, ScalarArg)],
    /// Whether `on_time` is required, optional or rejected.
    pub on_time: OnTime,
    /// Row or scalar output (a scalar's one column is named `EXPR$0`).
    pub output_kind: OutputKind,
    /// A `ChangelogFunction` emitting updates (-U/+U/-D) as well as inserts.
    pub updating: bool,
    /// The function's output columns (before `rowtime`), in Flink's order (a POJO's: see
    /// `../shared/oracle/README.md`, alphabetical without an all-fields constructor).
    pub output: fn() -> Vec<(&'static str, DataType)>,
}

fn sensor_fusion_output() -> Vec<(&'static str, DataType)> {
    let ts = DataType::nullable(TypeKind::Timestamp { precision: 3, attr: TimeAttr::None });
    vec![("windowStart", ts.clone()), ("windowEnd", ts), ("needsMaintenance", DataType::boolean())]
}

/// The sensor-fusion PTFs' table arguments (both `SET_SEMANTIC_TABLE, REQUIRE_ON_TIME`).
const SENSOR_TABLES: &[&str] = &["temperature_reading", "humidity_reading"];
/// The sensor-fusion PTFs' scalar arguments (`Duration windowInterval, double …Threshold`).
const SENSOR_SCALARS: &[(&str, ScalarArg)] = &[
    ("windowInterval", ScalarArg::Interval),
    ("temperatureThreshold", ScalarArg::Double),
    ("humidityThreshold", ScalarArg::Double),
];

/// `SensorFusionPtf` (the tutorial's class; the oracle's declares the same ROW).
pub static SENSOR_FUSION: Signature = Signature {
    tables: SENSOR_TABLES,
    scalars: SENSOR_SCALARS,
    on_time: OnTime::Required,
    output_kind: OutputKind::Row,
    updating: false,
    output: sensor_fusion_output,
};

/// The tutorial's POJO (`windowStart LocalDateTime, windowEnd LocalDateTime, needsMaintenance
/// boolean`, WAVE2-RESEARCH.md §5.4) as Flink types it (`../shared/oracle/README.md`, the POJO rule
/// seen in oracle `i8`): fields in alphabetical order (the tutorial shows no all-fields
/// constructor), `LocalDateTime` → `TIMESTAMP(9)`, a primitive → NOT NULL. Derived by hand: the
/// oracle cannot load the tutorial's class.
fn sensor_fusion_pojo_output() -> Vec<(&'static str, DataType)> {
    let ts = DataType::nullable(TypeKind::Timestamp { precision: 9, attr: TimeAttr::None });
    vec![("needsMaintenance", DataType::not_null(TypeKind::Boolean)), ("windowEnd", ts.clone()), ("windowStart", ts)]
}

/// `SensorFusionPtf` as the tutorial's own class: same arguments, a POJO output.
pub static SENSOR_FUSION_TUTORIAL: Signature = Signature {
    tables: SENSOR_TABLES,
    scalars: SENSOR_SCALARS,
    on_time: OnTime::Required,
    output_kind: OutputKind::Row,
    updating: false,
    output: sensor_fusion_pojo_output,
};

fn greeting_output() -> Vec<(&'static str, DataType)> {
    vec![("EXPR$0", DataType::string())]
}

/// `GreetingPtf` (Flink docs "Greeting with Memory"; oracle `i10`).
pub static GREETING: Signature = Signature {
    tables: &["input"],
    scalars: &[],
    on_time: OnTime::Optional,
    output_kind: OutputKind::Scalar,
    updating: false,
    output: greeting_output,
};

fn median_output() -> Vec<(&'static str, DataType)> {
    vec![("temperature", DataType::nullable(TypeKind::Double)), ("median", DataType::nullable(TypeKind::Double))]
}

/// `Median` (Confluent's Median PTF tutorial; oracle `i9`): no Context, no `on_time`, a positional
/// or named `numTrailing INT`.
pub static MEDIAN: Signature = Signature {
    tables: &["input"],
    scalars: &[("numTrailing", ScalarArg::Int)],
    on_time: OnTime::Optional,
    output_kind: OutputKind::Row,
    updating: false,
    output: median_output,
};

fn incremental_output_window_output() -> Vec<(&'static str, DataType)> {
    let ts = DataType::nullable(TypeKind::Timestamp { precision: 9, attr: TimeAttr::None });
    // a POJO without an all-fields constructor: its fields in alphabetical order, `LocalDateTime`
    // → TIMESTAMP(9), primitives NOT NULL (oracle `i8`)
    vec![
        ("avgPrice", DataType::not_null(TypeKind::Double)),
        ("isFinal", DataType::not_null(TypeKind::Boolean)),
        ("numTrades", DataType::not_null(TypeKind::Int)),
        ("ticker", DataType::string()),
        ("windowEnd", ts.clone()),
        ("windowStart", ts),
    ]
}

/// `IncrementalOutputWindow` (Confluent's incremental-windowing tutorial; oracle `i7`, `i8`).
pub static INCREMENTAL_OUTPUT_WINDOW: Signature = Signature {
    tables: &["input"],
    scalars: &[("windowInterval", ScalarArg::Interval)],
    on_time: OnTime::Required,
    output_kind: OutputKind::Row,
    updating: false,
    output: incremental_output_window_output,
};

fn score_output() -> Vec<(&'static str, DataType)> {
    vec![("sum", DataType::nullable(TypeKind::Int))]
}

/// `ScorePtf` (Flink docs "Custom Aggregation"; oracle `i11`): a `ChangelogFunction` with
/// `ChangelogMode.all()`, so `on_time` is rejected.
pub static SCORE: Signature = Signature {
    tables: &["input"],
    scalars: &[],
    on_time: OnTime::Rejected,
    output_kind: OutputKind::Row,
    updating: true,
    output: score_output,
};

/// `SensorFusionWatermarkPtf` (the oracle's class: same arguments and output as `SensorFusionPtf`;
/// oracle `i5`, `i6`).
pub static SENSOR_FUSION_WATERMARK: Signature = Signature {
    tables: SENSOR_TABLES,
    scalars: SENSOR_SCALARS,
    on_time: OnTime::Required,
    output_kind: OutputKind::Row,
    updating: false,
    output: sensor_fusion_output,
};

fn checkout_output() -> Vec<(&'static str, DataType)> {
    let items = DataType::nullable(TypeKind::Map {
        key: Box::new(DataType::nullable(TypeKind::BigInt)),
        value: Box::new(DataType::nullable(TypeKind::Int)),
    });
    vec![("checkout_type", DataType::string()), ("items", items)]
}

/// `CheckoutPtf` (Flink docs "Shopping Cart"; oracle `i12`, `i13`).
pub static CHECKOUT: Signature = Signature {
    tables: &["events"],
    scalars: &[("reminderInterval", ScalarArg::Interval), ("timeoutInterval", ScalarArg::Interval)],
    on_time: OnTime::Required,
    output_kind: OutputKind::Row,
    updating: false,
    output: checkout_output,
};
