//! EXPLAIN: the operator tree in the style of Flink's "Optimized Execution Plan" (same operator
//! names where the concept is the same: TableSourceScan, Calc, WindowTableFunction,
//! Exchange, WindowJoin).

use super::rel::{Node, Rel};
use crate::catalog::Catalog;

fn window_text(spec: &crate::time::window::WindowSpec) -> String {
    use crate::time::window::{explain_duration as d, WindowSpec};
    match *spec {
        WindowSpec::Tumble { size, offset } => {
            let off = if offset != 0 { format!(", offset=[{}]", d(offset)) } else { String::new() };
            format!("TUMBLE(win_start=[window_start], win_end=[window_end], size=[{}]{})", d(size), off)
        }
        WindowSpec::Hop { slide, size, offset } => {
            let off = if offset != 0 { format!(", offset=[{}]", d(offset)) } else { String::new() };
            format!("HOP(win_start=[window_start], win_end=[window_end], size=[{}], slide=[{}]{})", d(size), d(slide), off)
        }
        WindowSpec::Cumulate { step, max_size, offset } => {
            let off = if offset != 0 { format!(", offset=[{}]", d(offset)) } else { String::new() };
            format!(
                "CUMULATE(win_start=[window_start], win_end=[window_end], max_size=[{}], step=[{}]{})",
                d(max_size),
                d(step),
                off
            )
        }
    }
}

fn line(rel: &Rel, catalog: &Catalog) -> String {
    match &rel.node {
        Node::Scan { table, name, .. } => {
            let t = &catalog.tables[*table];
            let fields: Vec<String> = t.physical().iter().map(|&i| t.columns[i].name.clone()).collect();
            let wm = match &t.watermark {
                Some(w) => format!(", watermark=[{}], watermarkEmitStrategy=[on-periodic]", w.text),
                None => String::new(),
            };
            let cl = if t.changelog.is_insert_only() { String::new() } else { format!(", changelogMode=[{:?}]", t.changelog) };
            format!(
                "TableSourceScan(table=[[default_catalog, default_database, {}{}]], fields=[{}]{})",
                name,
                wm,
                fields.join(", "),
                cl
            )
        }
        Node::Calc { input, filter, project } => {
            let mut names = input.names();
            crate::plan::bind::uniquify(&mut names);
            let sel: Vec<String> = project
                .iter()
                .zip(&rel.fields)
                .map(|(e, f)| {
                    let t = e.explain(&names);
                    if t == f.name {
                        t
                    } else {
                        format!("{} AS {}", t, f.name)
                    }
                })
                .collect();
            match filter {
                Some(c) => format!("Calc(select=[{}], where=[{}])", sel.join(", "), c.explain(&names)),
                None => format!("Calc(select=[{}])", sel.join(", ")),
            }
        }
        Node::WindowTvf { input, spec, time_col, .. } => {
            let col = input.fields.get(*time_col).map(|f| f.name.clone()).unwrap_or_default();
            format!("WindowTableFunction(window=[{}])", spec.explain(&col))
        }
        Node::WindowJoin(j) => {
            let mut names = j.left.names();
            names.extend(j.right.names());
            crate::plan::bind::uniquify(&mut names);
            let nl = j.left.fields.len();
            let mut conds: Vec<String> = j
                .left_keys
                .iter()
                .zip(&j.right_keys)
                .zip(&j.null_safe)
                .map(|((l, r), s)| {
                    if *s {
                        format!("IS NOT DISTINCT FROM({}, {})", names[*l], names[nl + *r])
                    } else {
                        format!("({} = {})", names[*l], names[nl + *r])
                    }
                })
                .collect();
            if let Some(r) = &j.residual {
                conds.push(r.explain(&names));
            }
            let select: Vec<String> = if j.kind.projects_right() { names.clone() } else { names[..nl].to_vec() };
            format!(
                "WindowJoin(leftWindow=[{}], rightWindow=[{}], joinType=[{}], where=[{}], select=[{}])",
                window_text(&j.left_window.spec),
                window_text(&j.right_window.spec),
                j.kind.flink_name(),
                if conds.is_empty() { "true".to_string() } else { conds.join(" AND ") },
                select.join(", ")
            )
        }
    }
}

fn children(rel: &Rel) -> Vec<(Option<String>, &Rel)> {
    match &rel.node {
        Node::Scan { .. } => vec![],
        Node::Calc { input, .. } | Node::WindowTvf { input, .. } => vec![(None, input)],
        Node::WindowJoin(j) => {
            let keys = |side: &Rel, cols: &[usize]| {
                let n: Vec<String> = cols.iter().map(|&c| side.fields[c].name.clone()).collect();
                if n.is_empty() {
                    "single".to_string()
                } else {
                    format!("hash[{}]", n.join(", "))
                }
            };
            vec![
                (Some(format!("Exchange(distribution=[{}])", keys(&j.left, &j.left_keys))), &j.left),
                (Some(format!("Exchange(distribution=[{}])", keys(&j.right, &j.right_keys))), &j.right),
            ]
        }
    }
}

fn render(rel: &Rel, catalog: &Catalog, prefix: &str, out: &mut String) {
    out.push_str(&line(rel, catalog));
    out.push('\n');
    let kids = children(rel);
    let n = kids.len();
    for (i, (exchange, child)) in kids.into_iter().enumerate() {
        let last = i + 1 == n;
        let (branch, cont) = if last { ("+- ", "   ") } else { (":- ", ":  ") };
        out.push_str(prefix);
        out.push_str(branch);
        let child_prefix = format!("{}{}", prefix, cont);
        match exchange {
            Some(ex) => {
                out.push_str(&ex);
                out.push('\n');
                out.push_str(&child_prefix);
                out.push_str("+- ");
                render(child, catalog, &format!("{}   ", child_prefix), out);
            }
            None => render(child, catalog, &child_prefix, out),
        }
    }
}

/// The plan text of a query.
pub fn explain(rel: &Rel, catalog: &Catalog) -> String {
    let mut s = String::from("== Optimized Execution Plan ==\n");
    render(rel, catalog, "", &mut s);
    s
}
