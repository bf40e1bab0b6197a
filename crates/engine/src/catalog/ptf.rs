//! The built-in process table functions as the planner sees them: their names (what `CREATE
//! FUNCTION` binds) and signatures (SQL argument names, scalar types, output columns). Their
//! behaviour is in `ops::ptf`, one file per function.

use crate::types::{DataType, TimeAttr, TypeKind};

/// The built-in process table functions `CREATE FUNCTION` can bind (by the function's name or
/// the simple name of its class). Only those with an implementation run; the others are known
/// names that answer "not supported yet" when called.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PtfKind {
    SensorFusionPtf,
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
            PtfKind::SensorFusionPtf => "SensorFusionPtf",
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

    pub fn names() -> Vec<&'static str> {
        ALL.iter().map(|k| k.name()).collect()
    }

    /// The signature, for the built-ins implemented (`ops::ptf`); None for the others.
    pub fn signature(self) -> Option<&'static Signature> {
        match self {
            PtfKind::SensorFusionPtf => Some(&SENSOR_FUSION),
            PtfKind::GreetingPtf => Some(&GREETING),
            PtfKind::SensorFusionWatermarkPtf => Some(&SENSOR_FUSION_WATERMARK),
            PtfKind::CheckoutPtf => Some(&CHECKOUT),
            _ => None,
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

/// `SensorFusionPtf` (the tutorial's class; the oracle's declares the same ROW).
pub static SENSOR_FUSION: Signature = Signature {
    tables: &["temperature_reading", "humidity_reading"],
    scalars: &[
        ("windowInterval", ScalarArg::Interval),
        ("temperatureThreshold", ScalarArg::Double),
        ("humidityThreshold", ScalarArg::Double),
    ],
    on_time: OnTime::Required,
    output_kind: OutputKind::Row,
    updating: false,
    output: sensor_fusion_output,
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

/// `SensorFusionWatermarkPtf` (the oracle's class: same arguments and output as `SensorFusionPtf`;
/// oracle `i5`, `i6`).
pub static SENSOR_FUSION_WATERMARK: Signature = Signature {
    tables: &["temperature_reading", "humidity_reading"],
    scalars: &[
        ("windowInterval", ScalarArg::Interval),
        ("temperatureThreshold", ScalarArg::Double),
        ("humidityThreshold", ScalarArg::Double),
    ],
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
