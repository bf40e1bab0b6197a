//! The Calcite side of a process table function call (Flink 2.3, oracle scenarios
//! `ptf/errors_*`): each argument bound as written (a table, a DESCRIPTOR or a scalar), then
//! matched to the signature's parameters as Calcite does — positional in order, named by their
//! case-sensitive names (an unknown name is ignored), a partitioned table checked at the
//! position where it is written — with Calcite's errors: "No match found for function
//! signature" (no argument, too many, a wrong family), "DEFAULT is only allowed for optional
//! parameters" (a missing one), "Param 'X' not found …; did you mean 'x'?". An unknown function
//! is Calcite's "No match found" with the arguments as written.

use sqlparser::ast::{Expr as SqlExpr, FunctionArg, FunctionArgExpr, ObjectName};

use super::ptf_args::{family, no_match, record_type, row_summary, signature_text};
use crate::catalog::ptf::{ScalarArg, Signature};
use crate::error::{Error, Pos, Result};
use crate::expr::bind::{bind_scalar, calcite_error, Scope};
use crate::sql::dialect::TABLE_ARG;
use crate::sql::{list_args, span_of};
use crate::types::{DataType, TypeKind};

use super::{Binder, Bound};

fn unsupported(what: impl Into<String>, span: (Pos, Pos)) -> Error {
    Error::unsupported(what).at(span.0, span.1)
}

/// `TABLE t [PARTITION BY …]`: the table's name and the arguments after it.
pub(super) fn table_arg(e: &SqlExpr) -> Option<&[FunctionArg]> {
    match e {
        SqlExpr::Function(f) if f.name.to_string() == TABLE_ARG => Some(list_args(f)),
        _ => None,
    }
}

fn is_descriptor(e: &SqlExpr) -> bool {
    matches!(e, SqlExpr::Function(f) if f.name.to_string().eq_ignore_ascii_case("DESCRIPTOR"))
}

/// A bound argument, as Calcite's and Flink's messages need it.
pub(super) enum Arg<'e> {
    /// `TABLE t …`: the table's visible columns and its binding.
    Table { cols: Vec<(String, DataType)>, bound: Box<Bound>, args: &'e [FunctionArg] },
    /// `DESCRIPTOR(…)`.
    Descriptor,
    /// A scalar expression and its type.
    Scalar(DataType),
}

impl Arg<'_> {
    pub(super) fn family(&self) -> String {
        match self {
            Arg::Table { cols, .. } => format!("<{}>", record_type(cols)),
            Arg::Descriptor => "<COLUMN_LIST>".into(),
            Arg::Scalar(t) => format!("<{}>", family(t)),
        }
    }
    pub(super) fn summary(&self) -> String {
        match self {
            Arg::Table { cols, .. } => row_summary(cols),
            Arg::Descriptor => "DESCRIPTOR NOT NULL".into(),
            Arg::Scalar(t) => t.summary(),
        }
    }
}

/// A call's arguments as written and their signature slots.
pub(super) struct PtfCall<'e> {
    /// Each argument: its name (if named), its binding, its text.
    pub args: Vec<(Option<String>, Arg<'e>, &'e SqlExpr)>,
    /// For each signature parameter (tables, scalars, on_time, uid): the argument given.
    pub slots: Vec<Option<usize>>,
    /// The argument types in signature order, as "Invalid function call" prints them.
    pub arg_types: Vec<String>,
}

impl<'c> Binder<'c> {
    /// Binds one argument as written: a table, a descriptor or a scalar.
    fn bind_ptf_arg<'e>(&mut self, e: &'e SqlExpr) -> Result<Arg<'e>> {
        if let Some(targs) = table_arg(e) {
            let ids = match targs.first() {
                Some(FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::CompoundIdentifier(ids)))) => ids.clone(),
                _ => return Err(unsupported("a table argument that is not TABLE <name>", span_of(e))),
            };
            let bound = self.bind_named_table(&ObjectName::from(ids), &None)?;
            let cols = bound.scope.iter().filter(|f| !f.hidden).map(|f| (f.name.clone(), f.ty.clone())).collect();
            return Ok(Arg::Table { cols, bound: Box::new(bound), args: &targs[1..] });
        }
        if is_descriptor(e) {
            return Ok(Arg::Descriptor);
        }
        let b = bind_scalar(e, &Scope::new(Vec::new()), self.zone)?;
        Ok(Arg::Scalar(b.ty().clone()))
    }

    /// A call of a name no function has: Calcite's "No match found for function signature".
    pub(super) fn unknown_table_function(
        &mut self,
        fname: &str,
        args: &[FunctionArg],
        span: (Pos, Pos),
    ) -> Result<Bound> {
        let mut fams = Vec::new();
        for a in args {
            match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => fams.push(self.bind_ptf_arg(e)?.family()),
                FunctionArg::Named { name, arg: FunctionArgExpr::Expr(e), .. } => {
                    fams.push(format!("{} => {}", name.value, self.bind_ptf_arg(e)?.family()))
                }
                _ => return Err(unsupported(format!("`*` as an argument of the table function {}", fname), span)),
            }
        }
        Err(no_match(span, fname, &fams, None))
    }

    /// Binds the arguments and matches them to the signature, with Calcite's checks.
    pub(super) fn bind_ptf_call<'e>(
        &mut self,
        sig: &Signature,
        called: &str,
        reg: &str,
        args: &'e [FunctionArg],
        span: (Pos, Pos),
    ) -> Result<PtfCall<'e>> {
        let sig_text = signature_text(called, sig);
        let mut names: Vec<String> = sig.tables.iter().map(|s| s.to_string()).collect();
        names.extend(sig.scalars.iter().map(|(n, _)| n.to_string()));
        names.push("on_time".into());
        names.push("uid".into());
        let (n_tables, n_scalars) = (sig.tables.len(), sig.scalars.len());
        let on_time_slot = n_tables + n_scalars;
        let named = args.iter().filter(|a| matches!(a, FunctionArg::Named { .. })).count();
        if named > 0 && named < args.len() {
            return Err(unsupported(
                format!(
                    "positional and named arguments mixed in one call of {} (Flink 2.3 fails on it with a ClassCastException or an IndexOutOfBoundsException)",
                    reg
                ),
                span,
            ));
        }
        // every argument as written, then its signature slot (an unknown name is ignored)
        let mut bound: Vec<(Option<String>, Arg, &SqlExpr)> = Vec::new();
        for a in args {
            match a {
                FunctionArg::Unnamed(FunctionArgExpr::Expr(e)) => {
                    let b = self.bind_ptf_arg(e)?;
                    bound.push((None, b, e));
                }
                FunctionArg::Named { name, arg: FunctionArgExpr::Expr(e), .. } => {
                    let b = self.bind_ptf_arg(e)?;
                    bound.push((Some(name.value.clone()), b, e));
                }
                _ => return Err(unsupported(format!("this argument form of {}", reg), span)),
            }
        }
        if bound.is_empty() || (named == 0 && bound.len() > names.len()) {
            let fams: Vec<String> = bound.iter().map(|(_, a, _)| a.family()).collect();
            return Err(no_match(span, called, &fams, Some(&sig_text)));
        }
        // Calcite checks a partitioned table where it is written against the parameter at that
        // position (named arguments in another order than the signature's fail so)
        for (k, (_, a, _)) in bound.iter().enumerate() {
            let partitioned = matches!(a, Arg::Table { args, .. } if args.iter().any(|x| matches!(x,
                FunctionArg::Unnamed(FunctionArgExpr::Expr(SqlExpr::Function(f))) if f.name.to_string() == "__partition_by")));
            if partitioned && k >= n_tables {
                return Err(calcite_error(
                    span,
                    &format!(
                        "Only tables with set semantics may be partitioned. Invalid PARTITION BY clause in the {}-th operand of table function '{}'",
                        k, called
                    ),
                ));
            }
        }
        let mut slots: Vec<Option<usize>> = vec![None; names.len()];
        for (k, (name, _, _)) in bound.iter().enumerate() {
            match name {
                None => slots[k] = Some(k),
                Some(n) => {
                    if let Some(p) = names.iter().find(|x| *x != n && x.eq_ignore_ascii_case(n)) {
                        let at = args.iter().find_map(|a| match a {
                            FunctionArg::Named { name, .. } if name.value == *n => Some(crate::sql::ident_span(name)),
                            _ => None,
                        });
                        return Err(calcite_error(
                            at.unwrap_or(span),
                            &format!("Param '{}' not found in function '{}'; did you mean '{}'?", n, called, p),
                        ));
                    }
                    let Some(i) = names.iter().position(|x| x == n) else {
                        if matches!(bound[k].1, Arg::Table { .. }) {
                            return Err(unsupported(
                                format!(
                                    "a table for the unknown argument '{}' of {} (Flink 2.3 fails on it with a NullPointerException)",
                                    n, reg
                                ),
                                span,
                            ));
                        }
                        continue;
                    };
                    {
                        if slots[i].is_some() {
                            return Err(unsupported(format!("the argument '{}' of {} given twice", n, reg), span));
                        }
                        slots[i] = Some(k);
                    }
                }
            }
        }
        if slots[..on_time_slot].iter().any(|s| s.is_none()) {
            return Err(calcite_error(span, "DEFAULT is only allowed for optional parameters"));
        }
        // Calcite's operand families, slot by slot
        let fits = |i: usize, a: &Arg| -> bool {
            if i < n_tables {
                return !matches!(a, Arg::Descriptor);
            }
            match (a, i - n_tables) {
                (Arg::Scalar(t), j) if j < n_scalars => match sig.scalars[j].1 {
                    ScalarArg::Interval => matches!(t.kind, TypeKind::IntervalDayTime),
                    ScalarArg::Double | ScalarArg::Int => t.kind.is_numeric() || matches!(t.kind, TypeKind::Null),
                },
                (Arg::Descriptor, j) => j == n_scalars,
                (Arg::Scalar(t), j) => {
                    j == n_scalars + 1 && (t.kind.is_character() || matches!(t.kind, TypeKind::Null))
                }
                _ => false,
            }
        };
        if slots.iter().enumerate().any(|(i, s)| s.is_some_and(|k| !fits(i, &bound[k].1))) {
            let fams: Vec<String> = slots
                .iter()
                .enumerate()
                .map(|(i, s)| match s {
                    Some(k) => bound[*k].1.family(),
                    None if i == on_time_slot => "<COLUMN_LIST>".into(),
                    None => "<CHARACTER>".into(),
                })
                .collect();
            return Err(no_match(span, called, &fams, Some(&sig_text)));
        }
        let arg_types: Vec<String> = slots
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                Some(k) => bound[*k].1.summary(),
                None if i == on_time_slot => "DESCRIPTOR".into(),
                None => "STRING".into(),
            })
            .collect();
        Ok(PtfCall { args: bound, slots, arg_types })
    }
}
