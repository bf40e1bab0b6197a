//! The script's own data in arrival order: its INSERT rows (ordered by `joinlab.arrival`), or
//! its `@` lines as written (rows and `@watermark` markers; `@watermark *` stands for every
//! table of the script, not the examples catalog). A script gives one or the other.

use std::sync::Arc;

use crate::catalog::Catalog;
use crate::data::{self, ArrivalInfo, Event, EventKind, InsertedRow};
use crate::error::{Error, Result};
use crate::kinds::Arrival;
use crate::script::{Item, ItemKind};
use crate::session::Settings;

use super::at_line;

pub(super) fn script_events(
    catalog: &Catalog,
    inserted: Vec<InsertedRow>,
    first_insert_line: Option<usize>,
    data_items: &[(Item, Arc<Settings>)],
    arrival_policy: Option<Arrival>,
) -> Result<(Vec<Event>, ArrivalInfo)> {
    if !inserted.is_empty() {
        if let Some((d, _)) = data_items.first() {
            return Err(Error::harness(format!(
                "the script gives data both as INSERT statements (line {}) and as @ lines (line {}); use one or the other",
                first_insert_line.unwrap_or(0),
                d.line
            )));
        }
        return Ok(data::arrange_inserts(catalog, inserted, arrival_policy));
    }
    let mut events = Vec::with_capacity(data_items.len());
    // the last table named and its physical columns: found once for a run of its lines
    let mut last: Option<(&str, usize, Vec<usize>)> = None;
    for (it, settings) in data_items {
        match &it.kind {
            ItemKind::Row { table, kind, values } => {
                if last.as_ref().is_none_or(|(name, _, _)| name != table) {
                    let Some(ti) = catalog.find_loose(table) else {
                        return Err(at_line(Error::harness(format!("unknown table in data line: {}", table)), it.line));
                    };
                    last = Some((table.as_str(), ti, catalog.tables[ti].physical()));
                }
                let Some((_, ti, phys)) = &last else { continue };
                let ti = *ti;
                let row = data::data_line_row(catalog, ti, phys, values, it.line, &it.raw, settings.zone())
                    .map_err(|e| at_line(e, it.line))?;
                events.push(Event {
                    table: ti,
                    kind: EventKind::Row { kind: *kind, values: row },
                    line: it.line,
                    rowtime: None,
                });
            }
            ItemKind::Watermark { table, time } => {
                let targets: Vec<usize> = if table == "*" {
                    // the script's tables: the examples catalog is no source of this script
                    (0..catalog.tables.len()).filter(|&i| !catalog.tables[i].read_only).collect()
                } else {
                    match catalog.find_loose(table) {
                        Some(ti) => vec![ti],
                        None => {
                            return Err(at_line(
                                Error::harness(format!("unknown table in data line: {}", table)),
                                it.line,
                            ))
                        }
                    }
                };
                for ti in targets {
                    let millis = match time {
                        Some(t) => Some(data::watermark_millis(catalog, ti, t, settings.zone(), it.line)?),
                        None => None,
                    };
                    events.push(Event {
                        table: ti,
                        kind: EventKind::Watermark { millis, text: time.clone() },
                        line: it.line,
                        rowtime: None,
                    });
                }
            }
            ItemKind::Sql(_) => {}
        }
    }
    let mut notes = vec!["# note: arrival as-written".to_string()];
    if arrival_policy == Some(Arrival::ByTime) && !data_items.is_empty() {
        notes.push("# note: 'joinlab.arrival' = 'by-time' ignored: @ data lines always arrive as written".into());
    }
    Ok((events, ArrivalInfo { order: Arrival::AsWritten, notes }))
}
