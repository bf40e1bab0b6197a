//! The steps packed by hand: a run writes one step per data line, and the generic `Serializer`
//! spends most of its time finding each field's name and each string again. Here every struct
//! of a step has its shape (its field names, in the order serde writes them) as a constant, and a
//! row (an array of strings) is looked up in the row table whole, by one hash of its strings, so
//! its strings are looked up only the first time it is seen. The bytes decode to exactly the
//! values serde gives (`tests::hand_packed_steps_read_back_as_their_json` checks every event kind
//! against `serde_json` on the conformance scripts and the gallery); a struct this file does not
//! know goes through the generic `Serializer`.

use serde::Serialize;

use super::{varint, PackError, Packer};
use crate::trace::{
    Event, LookupMatch, OutRow, PtfEntry, PtfTimer, StateSummary, Step, UnnestRow, VersionRef, WindowRef,
};

/// Watermark times as the trace's JSON writes them (`ser_ms`): ±infinity is null.
fn ms_value(v: i64) -> Option<i64> {
    if v.unsigned_abs() > (i64::MAX as u64) / 4 * 3 {
        None
    } else {
        Some(v)
    }
}

impl Packer {
    /// An object of the shape `names` (its values follow, in that order).
    fn obj(&mut self, names: &'static [&'static str]) -> Result<(), PackError> {
        let id = self.shape_of(names)?;
        self.out.push(9);
        self.out.extend_from_slice(&id.to_le_bytes());
        Ok(())
    }

    /// The shape id of a constant list of names (found by its address after the first time).
    fn shape_of(&mut self, names: &'static [&'static str]) -> Result<u16, PackError> {
        let at = names.as_ptr() as usize;
        if self.static_shapes.is_empty() {
            self.static_shapes = vec![(0, 0); 256];
        }
        let slot = ((at >> 3) ^ (at >> 11)) & 255;
        let (a, id) = self.static_shapes[slot];
        if a == at && id > 0 {
            return Ok((id - 1) as u16);
        }
        for k in names {
            let id = self.name(k);
            self.fields.push(id);
        }
        let from = self.fields.len() - names.len();
        let key = &self.fields[from..];
        let id = match self.shape_ids.get(key) {
            Some(&id) => id,
            None => {
                let id = u16::try_from(self.shapes.len()).map_err(|_| PackError("more than 65,536 shapes".into()))?;
                self.shapes.push(key.into());
                self.shape_ids.insert(key.into(), id);
                id
            }
        };
        self.fields.truncate(from);
        self.static_shapes[slot] = (at, id as u32 + 1);
        Ok(id)
    }

    fn u(&mut self, v: usize) {
        self.out.push(3);
        varint(&mut self.out, v as u64);
    }

    fn i(&mut self, v: i64) {
        self.int(v);
    }

    fn opt_i(&mut self, v: Option<i64>) {
        match v {
            Some(v) => self.int(v),
            None => self.out.push(0),
        }
    }

    fn b(&mut self, v: bool) {
        self.out.push(if v { 2 } else { 1 });
    }

    fn s(&mut self, v: &str) {
        self.str(v);
    }

    /// A constant string (an event's type): found by its address.
    fn lit(&mut self, v: &'static str) {
        let id = self.name(v);
        self.out.push(6);
        varint(&mut self.out, id as u64);
    }

    fn opt_s(&mut self, v: &Option<String>) {
        match v {
            Some(v) => self.str(v),
            None => self.out.push(0),
        }
    }

    /// A unit enum as serde names it (`+I`, `window_fired`).
    fn unit<E: Serialize>(&mut self, e: &E) -> Result<(), PackError> {
        e.serialize(&mut *self)
    }

    /// A lineage: a reference to the lineage table (the empty one as itself).
    fn lineage(&mut self, l: &[u32]) {
        if l.is_empty() {
            self.out.extend_from_slice(&[7, 0]);
            return;
        }
        let id = self.lineages.id(l);
        self.out.push(11);
        varint(&mut self.out, id as u64);
    }

    /// An array of strings: a reference to the row table (the empty array as itself, as serde's
    /// path writes it).
    fn row(&mut self, r: &[String]) {
        if r.is_empty() {
            self.out.extend_from_slice(&[7, 0]);
            return;
        }
        let id = self.row_id(r);
        self.out.push(10);
        varint(&mut self.out, id as u64);
    }

    fn rows(&mut self, rs: &[Vec<String>]) {
        self.out.push(7);
        varint(&mut self.out, rs.len() as u64);
        for r in rs {
            self.row(r);
        }
    }

    fn opt_row(&mut self, r: &Option<Vec<String>>) {
        match r {
            Some(r) => self.row(r),
            None => self.out.push(0),
        }
    }

    /// The row table's id of a row: looked up by one hash of its strings; its strings are looked
    /// up in the string table only when the row is new.
    fn row_id(&mut self, r: &[String]) -> u32 {
        let h = super::hash_row(r);
        if let Some(id) = self.rows.find_text(h, r, &self.strings) {
            return id;
        }
        self.row_buf.clear();
        for v in r {
            let id = self.strings.id(v);
            self.row_buf.push(id);
        }
        let ids = std::mem::take(&mut self.row_buf);
        let id = self.rows.insert_text(h, &ids);
        self.row_buf = ids;
        id
    }

    fn window(&mut self, w: &WindowRef) -> Result<(), PackError> {
        self.obj(&["start_ms", "end_ms", "label"])?;
        self.i(w.start_ms);
        self.i(w.end_ms);
        self.s(&w.label);
        Ok(())
    }

    fn opt_window(&mut self, w: &Option<WindowRef>) -> Result<(), PackError> {
        match w {
            Some(w) => self.window(w),
            None => {
                self.out.push(0);
                Ok(())
            }
        }
    }

    fn array<T>(
        &mut self,
        xs: &[T],
        mut f: impl FnMut(&mut Packer, &T) -> Result<(), PackError>,
    ) -> Result<(), PackError> {
        self.out.push(7);
        varint(&mut self.out, xs.len() as u64);
        for x in xs {
            f(self, x)?;
        }
        Ok(())
    }

    fn ptf_timer(&mut self, t: &PtfTimer) -> Result<(), PackError> {
        self.obj(&["name", "time_ms"])?;
        self.opt_s(&t.name);
        self.i(t.time_ms);
        Ok(())
    }

    /// One step, as `Step` serialises.
    pub(super) fn pack_step(&mut self, s: &Step) -> Result<(), PackError> {
        self.obj(&[
            "index",
            "kind",
            "table",
            "line",
            "text",
            "row_kind",
            "values",
            "event_time_ms",
            "proc_time_ms",
            "watermarks",
            "events",
            "output",
            "state",
            "summary",
        ])?;
        self.u(s.index);
        self.unit(&s.kind)?;
        self.opt_s(&s.table);
        self.u(s.line);
        self.s(&s.text);
        match &s.row_kind {
            Some(k) => self.unit(k)?,
            None => self.out.push(0),
        }
        self.row(&s.values);
        self.opt_i(s.event_time_ms);
        self.i(s.proc_time_ms);
        self.row(&s.watermarks);
        self.array(&s.events, |p, e| p.event(e))?;
        self.array(&s.output, |p, o| p.out_row(o))?;
        self.array(&s.state, |p, x| p.state_summary(x))?;
        self.s(&s.summary);
        Ok(())
    }

    fn out_row(&mut self, o: &OutRow) -> Result<(), PackError> {
        self.obj(&["kind", "row", "text", "lineage", "partner", "pair"])?;
        self.unit(&o.kind)?;
        self.row(&o.row);
        self.s(&o.text);
        self.lineage(&o.lineage);
        match o.partner {
            Some(p) => self.u(p),
            None => self.out.push(0),
        }
        match &o.pair {
            Some(p) => self.unit(p)?,
            None => self.out.push(0),
        }
        Ok(())
    }

    fn state_summary(&mut self, x: &StateSummary) -> Result<(), PackError> {
        if !x.groups.is_empty() {
            self.pack(x)?;
            return Ok(());
        }
        self.obj(&["op", "rows", "groups"])?;
        self.u(x.op);
        self.u(x.rows);
        self.out.extend_from_slice(&[7, 0]);
        Ok(())
    }

    fn event(&mut self, e: &Event) -> Result<(), PackError> {
        match e {
            Event::SourceRow { op, table, kind, row, rowtime_ms } => {
                self.obj(&["type", "op", "table", "kind", "row", "rowtime_ms"])?;
                self.lit("source_row");
                self.u(*op);
                self.s(table);
                self.unit(kind)?;
                self.row(row);
                self.opt_i(*rowtime_ms);
            }
            Event::Watermark { op, value_ms, text } => {
                self.obj(&["type", "op", "value_ms", "text"])?;
                self.lit("watermark");
                self.u(*op);
                self.opt_i(ms_value(*value_ms));
                self.s(text);
            }
            Event::InputWatermark { op, input, value_ms, text, held_by } => {
                self.obj(&["type", "op", "input", "value_ms", "text", "held_by"])?;
                self.lit("input_watermark");
                self.u(*op);
                self.u(*input);
                self.opt_i(ms_value(*value_ms));
                self.s(text);
                self.opt_s(held_by);
            }
            Event::WindowAssign { op, windows } => {
                self.obj(&["type", "op", "windows"])?;
                self.lit("window_assign");
                self.u(*op);
                self.array(windows, |p, w| p.window(w))?;
            }
            Event::StateInsert { op, side, key, window, row, lineage, rows_in_state } => {
                self.obj(&["type", "op", "side", "key", "window", "row", "lineage", "rows_in_state"])?;
                self.lit("state_insert");
                self.u(*op);
                self.s(side);
                self.row(key);
                self.opt_window(window)?;
                self.row(row);
                self.lineage(lineage);
                self.u(*rows_in_state);
            }
            Event::StateExpire { op, side, key, window, rows, cause, reason } => {
                self.obj(&["type", "op", "side", "key", "window", "rows", "cause", "reason"])?;
                self.lit("state_expire");
                self.u(*op);
                self.s(side);
                self.row(key);
                self.opt_window(window)?;
                self.u(*rows);
                self.unit(cause)?;
                self.s(reason);
            }
            Event::WindowFire { op, window, key, left_rows, right_rows, watermark_ms } => {
                self.obj(&["type", "op", "window", "key", "left_rows", "right_rows", "watermark_ms"])?;
                self.lit("window_fire");
                self.u(*op);
                self.window(window)?;
                self.row(key);
                self.u(*left_rows);
                self.u(*right_rows);
                self.opt_i(ms_value(*watermark_ms));
            }
            Event::LateDrop { op, side, row, window, watermark_ms, lineage } => {
                self.obj(&["type", "op", "side", "row", "window", "watermark_ms", "lineage"])?;
                self.lit("late_drop");
                self.u(*op);
                self.s(side);
                self.row(row);
                self.window(window)?;
                self.opt_i(ms_value(*watermark_ms));
                self.lineage(lineage);
            }
            Event::IntervalProbe {
                op,
                side,
                key,
                row,
                lineage,
                time_ms,
                from_ms,
                to_ms,
                matched,
                cached,
                expires_ms,
                timer_ms,
            } => {
                self.obj(&[
                    "type",
                    "op",
                    "side",
                    "key",
                    "row",
                    "lineage",
                    "time_ms",
                    "from_ms",
                    "to_ms",
                    "matched",
                    "cached",
                    "expires_ms",
                    "timer_ms",
                ])?;
                self.lit("interval_probe");
                self.u(*op);
                self.s(side);
                self.row(key);
                self.row(row);
                self.lineage(lineage);
                self.i(*time_ms);
                self.i(*from_ms);
                self.i(*to_ms);
                self.u(*matched);
                self.b(*cached);
                self.opt_i(*expires_ms);
                self.opt_i(*timer_ms);
            }
            Event::IntervalCleanup { op, side, key, timer_ms, time_ms, expired_ms, rows, padded, next_timer_ms } => {
                self.obj(&[
                    "type",
                    "op",
                    "side",
                    "key",
                    "timer_ms",
                    "time_ms",
                    "expired_ms",
                    "rows",
                    "padded",
                    "next_timer_ms",
                ])?;
                self.lit("interval_cleanup");
                self.u(*op);
                self.s(side);
                self.row(key);
                self.opt_i(*timer_ms);
                self.opt_i(ms_value(*time_ms));
                self.opt_i(ms_value(*expired_ms));
                self.u(*rows);
                self.rows(padded);
                self.opt_i(*next_timer_ms);
            }
            Event::Aggregated { op, key, window, kind, row, before, after, emitted } => {
                self.obj(&["type", "op", "key", "window", "kind", "row", "before", "after", "emitted"])?;
                self.lit("aggregated");
                self.u(*op);
                self.row(key);
                self.opt_window(window)?;
                self.unit(kind)?;
                self.row(row);
                self.opt_row(before);
                self.opt_row(after);
                self.b(*emitted);
            }
            Event::Unnest { op, kind, row, lineage, size, produced, padded } => {
                self.obj(&["type", "op", "kind", "row", "lineage", "size", "produced", "padded"])?;
                self.lit("unnest");
                self.u(*op);
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
                match size {
                    Some(n) => self.u(*n),
                    None => self.out.push(0),
                }
                self.array(produced, |p, u: &UnnestRow| {
                    p.obj(&["position", "row"])?;
                    p.opt_i(u.position.map(i64::from));
                    p.row(&u.row);
                    Ok(())
                })?;
                self.b(*padded);
            }
            Event::NullTimeDrop { op, row } => {
                self.obj(&["type", "op", "row"])?;
                self.lit("null_time_drop");
                self.u(*op);
                self.row(row);
            }
            Event::Filtered { op, row } => {
                self.obj(&["type", "op", "row"])?;
                self.lit("filtered");
                self.u(*op);
                self.row(row);
            }
            Event::Unchanged { op, key, row } => {
                self.obj(&["type", "op", "key", "row"])?;
                self.lit("unchanged");
                self.u(*op);
                self.row(key);
                self.row(row);
            }
            Event::Emit { op, kind, row, lineage } => {
                self.obj(&["type", "op", "kind", "row", "lineage"])?;
                self.lit("emit");
                self.u(*op);
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
            }
            Event::Output { kind, row, lineage } => {
                self.obj(&["type", "kind", "row", "lineage"])?;
                self.lit("output");
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
            }
            Event::SourceEnd { op, table } => {
                self.obj(&["type", "op", "table"])?;
                self.lit("source_end");
                self.u(*op);
                self.s(table);
            }
            Event::SourceIdle { op, table, idle, at_ms } => {
                self.obj(&["type", "op", "table", "idle", "at_ms"])?;
                self.lit("source_idle");
                self.u(*op);
                self.s(table);
                self.b(*idle);
                self.i(*at_ms);
            }
            Event::PtfCall {
                op,
                key,
                side,
                kind,
                row,
                lineage,
                timer,
                time_ms,
                watermark_ms,
                late,
                state,
                timers,
                emitted,
                why,
            } => {
                self.obj(&[
                    "type",
                    "op",
                    "key",
                    "side",
                    "kind",
                    "row",
                    "lineage",
                    "timer",
                    "time_ms",
                    "watermark_ms",
                    "late",
                    "state",
                    "timers",
                    "emitted",
                    "why",
                ])?;
                self.lit("ptf_call");
                self.u(*op);
                self.row(key);
                self.opt_s(side);
                match kind {
                    Some(k) => self.unit(k)?,
                    None => self.out.push(0),
                }
                self.opt_row(row);
                self.lineage(lineage);
                match timer {
                    Some(t) => self.ptf_timer(t)?,
                    None => self.out.push(0),
                }
                self.opt_i(*time_ms);
                self.opt_i(ms_value(*watermark_ms));
                self.b(*late);
                self.array(state, |p, x: &PtfEntry| {
                    p.obj(&["name", "value"])?;
                    p.s(&x.name);
                    p.s(&x.value);
                    Ok(())
                })?;
                self.array(timers, |p, t| p.ptf_timer(t))?;
                self.u(*emitted);
                self.opt_s(why);
            }
            Event::TemporalWait { op, key, kind, row, lineage, time_ms, watermark_ms, late, waiting } => {
                self.obj(&[
                    "type",
                    "op",
                    "key",
                    "kind",
                    "row",
                    "lineage",
                    "time_ms",
                    "watermark_ms",
                    "late",
                    "waiting",
                ])?;
                self.lit("temporal_wait");
                self.u(*op);
                self.row(key);
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
                self.i(*time_ms);
                self.opt_i(ms_value(*watermark_ms));
                self.b(*late);
                self.u(*waiting);
            }
            Event::TemporalVersion {
                op,
                key,
                kind,
                row,
                lineage,
                time_ms,
                ends,
                replaced,
                dropped,
                late,
                versions,
            } => {
                self.obj(&[
                    "type", "op", "key", "kind", "row", "lineage", "time_ms", "ends", "replaced", "dropped", "late",
                    "versions",
                ])?;
                self.lit("temporal_version");
                self.u(*op);
                self.row(key);
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
                self.i(*time_ms);
                self.b(*ends);
                self.b(*replaced);
                self.b(*dropped);
                self.b(*late);
                self.u(*versions);
            }
            Event::TemporalRelease { op, key, kind, row, lineage, time_ms, watermark_ms, version, outcome, miss } => {
                self.obj(&[
                    "type",
                    "op",
                    "key",
                    "kind",
                    "row",
                    "lineage",
                    "time_ms",
                    "watermark_ms",
                    "version",
                    "outcome",
                    "miss",
                ])?;
                self.lit("temporal_release");
                self.u(*op);
                self.row(key);
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
                self.i(*time_ms);
                self.opt_i(ms_value(*watermark_ms));
                match version {
                    Some(v) => {
                        let v: &VersionRef = v;
                        self.obj(&["time_ms", "kind", "row", "lineage"])?;
                        self.i(v.time_ms);
                        self.unit(&v.kind)?;
                        self.row(&v.row);
                        self.lineage(&v.lineage);
                    }
                    None => self.out.push(0),
                }
                self.unit(outcome)?;
                match miss {
                    Some(m) => self.unit(m)?,
                    None => self.out.push(0),
                }
            }
            Event::Lookup { op, table, kind, row, lineage, key, null_key, found, emitted, padded, function, roles } => {
                // a search function's lookup has its name and roles (serde skips them when absent)
                const PLAIN: &[&str] =
                    &["type", "op", "table", "kind", "row", "lineage", "key", "null_key", "found", "emitted", "padded"];
                const SEARCH: &[&str] = &[
                    "type", "op", "table", "kind", "row", "lineage", "key", "null_key", "found", "emitted", "padded",
                    "function", "roles",
                ];
                const FUNCTION: &[&str] = &[
                    "type", "op", "table", "kind", "row", "lineage", "key", "null_key", "found", "emitted", "padded",
                    "function",
                ];
                const ROLES: &[&str] = &[
                    "type", "op", "table", "kind", "row", "lineage", "key", "null_key", "found", "emitted", "padded",
                    "roles",
                ];
                self.obj(match (function.is_some(), roles.is_some()) {
                    (false, false) => PLAIN,
                    (true, true) => SEARCH,
                    (true, false) => FUNCTION,
                    (false, true) => ROLES,
                })?;
                self.lit("lookup");
                self.u(*op);
                self.s(table);
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
                self.row(key);
                self.b(*null_key);
                self.array(found, |p, m: &LookupMatch| {
                    p.obj(if m.score.is_some() {
                        &["row", "lineage", "joined", "score"]
                    } else {
                        &["row", "lineage", "joined"]
                    })?;
                    p.row(&m.row);
                    p.lineage(&m.lineage);
                    p.b(m.joined);
                    if let Some(x) = &m.score {
                        p.s(x);
                    }
                    Ok(())
                })?;
                self.u(*emitted);
                self.b(*padded);
                for x in [function, roles].into_iter().flatten() {
                    self.s(x);
                }
            }
            Event::LookupStore { op, table, kind, row, lineage, change, rows } => {
                self.obj(&["type", "op", "table", "kind", "row", "lineage", "change", "rows"])?;
                self.lit("lookup_store");
                self.u(*op);
                self.s(table);
                self.unit(kind)?;
                self.row(row);
                self.lineage(lineage);
                self.unit(change)?;
                self.u(*rows);
            }
        }
        Ok(())
    }
}
