use crate::kinds::RowKind;
use crate::ops::{render, Ctx, Element, Operator, Record};
use crate::time::{parse_ts_literal, SessionZone, Ts};
use crate::trace::Event;
use crate::types::{DataType, TimeAttr, TypeKind};
use crate::value::Value;

pub struct Run<O: Operator> {
    pub op: O,
    pub zone: SessionZone,
    /// Types of the operator's output row.
    pub types: Vec<DataType>,
    /// The Calc above the operator (SELECT order), if any.
    pub select: Option<Vec<usize>>,
    pub proc_time: i64,
    pub events: Option<Vec<Event>>,
}

impl<O: Operator> Run<O> {
    pub fn new(op: O, zone: &str, types: Vec<DataType>, select: Option<Vec<usize>>) -> Run<O> {
        Run { op, zone: SessionZone::parse(zone).unwrap(), types, select, proc_time: 0, events: None }
    }

    fn text(&self, out: Vec<Element>) -> Vec<String> {
        let mut seen_wm = false;
        let mut rows = Vec::new();
        for e in out {
            match e {
                Element::Record(r) => {
                    assert!(!seen_wm, "a row came out after the watermark");
                    let row = match &self.select {
                        Some(cols) => cols.iter().map(|&c| r.row[c].clone()).collect(),
                        None => r.row.clone(),
                    };
                    let types: Vec<DataType> = match &self.select {
                        Some(cols) => cols.iter().map(|&c| self.types[c].clone()).collect(),
                        None => self.types.clone(),
                    };
                    rows.push(format!("{}[{}]", r.kind.short(), render(&row, &types, &self.zone).join(", ")));
                }
                Element::Watermark(_) => seen_wm = true,
                Element::Idle(_) => {}
            }
        }
        rows
    }

    pub fn feed(&mut self, kind: RowKind, row: Vec<Value>) -> Vec<String> {
        let mut out = Vec::new();
        let (zone, t) = (self.zone.clone(), self.proc_time);
        let mut cx = Ctx::new(&mut out, self.events.as_mut(), 1, &zone, t);
        self.op.on_record(0, Record { kind, row, lineage: vec![1] }, &mut cx).unwrap();
        self.text(out)
    }

    /// A watermark (epoch ms); the rows it fires.
    pub fn wm(&mut self, wm: i64) -> Vec<String> {
        let mut out = Vec::new();
        let zone = self.zone.clone();
        let t = self.proc_time;
        let mut cx = Ctx::new(&mut out, self.events.as_mut(), 1, &zone, t);
        self.op.on_watermark(0, wm, &mut cx).unwrap();
        assert!(matches!(out.last(), Some(Element::Watermark(w)) if *w == wm), "the watermark is forwarded last");
        self.text(out)
    }

    /// One oracle step: a row, then the watermark it advanced (if any).
    pub fn step(&mut self, kind: RowKind, row: Vec<Value>, wm: Option<&str>) -> Vec<String> {
        let mut v = self.feed(kind, row);
        if let Some(w) = wm {
            v.extend(self.wm(ms(w)));
        }
        v
    }

    /// `+I` row, then a watermark written as the oracle prints it (UTC).
    pub fn ins(&mut self, row: Vec<Value>, wm: Option<&str>) -> Vec<String> {
        self.step(RowKind::Insert, row, wm)
    }

    /// The end of input: the +inf watermark.
    pub fn end(&mut self) -> Vec<String> {
        self.wm(i64::MAX)
    }

    /// The processing clock moves to `now`.
    pub fn clock(&mut self, now: i64) -> Vec<String> {
        self.proc_time = now;
        let mut out = Vec::new();
        let zone = self.zone.clone();
        let mut cx = Ctx::new(&mut out, self.events.as_mut(), 1, &zone, now);
        self.op.on_processing_time(now, &mut cx).unwrap();
        self.text(out)
    }
}

/// A chain of one-input operators, each with its output types and the Calc above it (a
/// projection), as the planner would wire them.
/// An operator, its output types, the projection above it.
pub type Stage = (Box<dyn Operator>, Vec<DataType>, Option<Vec<usize>>);

pub struct Pipe {
    pub stages: Vec<Stage>,
    pub zone: SessionZone,
}

impl Pipe {
    pub fn new(zone: &str) -> Pipe {
        Pipe { stages: Vec::new(), zone: SessionZone::parse(zone).unwrap() }
    }

    pub fn then(mut self, op: impl Operator + 'static, types: Vec<DataType>, select: Option<Vec<usize>>) -> Pipe {
        self.stages.push((Box::new(op), types, select));
        self
    }

    fn run(&mut self, input: Vec<Element>) -> Vec<String> {
        let zone = self.zone.clone();
        let mut elems = input;
        for (op, _, select) in self.stages.iter_mut() {
            let mut out = Vec::new();
            for e in elems {
                let mut cx = Ctx::new(&mut out, None, 1, &zone, 0);
                match e {
                    Element::Record(r) => op.on_record(0, r, &mut cx).unwrap(),
                    Element::Watermark(w) => op.on_watermark(0, w, &mut cx).unwrap(),
                    Element::Idle(b) => op.on_idle(0, b, &mut cx).unwrap(),
                }
            }
            elems = out
                .into_iter()
                .map(|e| match (e, select.as_ref()) {
                    (Element::Record(mut r), Some(cols)) => {
                        r.row = cols.iter().map(|&c| r.row[c].clone()).collect();
                        Element::Record(r)
                    }
                    (e, _) => e,
                })
                .collect();
        }
        let (_, types, select) = self.stages.last().unwrap();
        let types: Vec<DataType> = match select {
            Some(cols) => cols.iter().map(|&c| types[c].clone()).collect(),
            None => types.clone(),
        };
        let mut seen_wm = false;
        let mut rows = Vec::new();
        for e in elems {
            match e {
                Element::Record(r) => {
                    assert!(!seen_wm, "a row came out after the watermark");
                    rows.push(format!("{}[{}]", r.kind.short(), render(&r.row, &types, &zone).join(", ")));
                }
                Element::Watermark(_) => seen_wm = true,
                Element::Idle(_) => {}
            }
        }
        rows
    }

    /// One oracle step: a `+I` row, then the watermark it advanced (if any).
    pub fn ins(&mut self, row: Vec<Value>, wm: Option<&str>) -> Vec<String> {
        let mut input = vec![Element::Record(Record { kind: RowKind::Insert, row, lineage: vec![] })];
        if let Some(w) = wm {
            input.push(Element::Watermark(ms(w)));
        }
        self.run(input)
    }

    pub fn end(&mut self) -> Vec<String> {
        self.run(vec![Element::Watermark(i64::MAX)])
    }

    pub fn late_rows(&self, stage: usize) -> Option<u64> {
        self.stages[stage].0.late_rows()
    }
}

/// Epoch ms of `YYYY-MM-DD hh:mm:ss[.fff]` read as UTC.
pub fn ms(s: &str) -> i64 {
    parse_ts_literal(s).unwrap().millis
}

pub fn ts(s: &str) -> Value {
    Value::Timestamp(Ts::from_millis(ms(s)))
}

/// `CAST('…' AS TIMESTAMP_LTZ(3))` in the session zone.
pub fn ltz(zone: &str, s: &str) -> Value {
    let z = SessionZone::parse(zone).unwrap();
    Value::TimestampLtz(Ts::from_millis(z.local_to_instant(ms(s))))
}

pub fn s(v: &str) -> Value {
    Value::str(v)
}

pub fn int(v: i32) -> Value {
    Value::Int(v)
}

pub fn string() -> DataType {
    DataType::string()
}

pub fn int_t() -> DataType {
    DataType::nullable(TypeKind::Int)
}

pub fn bigint_nn() -> DataType {
    DataType::not_null(TypeKind::BigInt)
}

pub fn ts_t() -> DataType {
    DataType::nullable(TypeKind::Timestamp { precision: 3, attr: TimeAttr::Rowtime })
}

pub fn ts_nn() -> DataType {
    DataType::not_null(TypeKind::Timestamp { precision: 3, attr: TimeAttr::None })
}

pub fn ltz_t() -> DataType {
    DataType::nullable(TypeKind::TimestampLtz { precision: 3, attr: TimeAttr::Rowtime })
}

pub fn none() -> Vec<String> {
    Vec::new()
}

/// A step's rows as a multiset (rows of one timer time come in timer-heap order in Flink).
pub fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}
