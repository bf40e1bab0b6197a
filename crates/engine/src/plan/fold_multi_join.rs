//! Folding chains of binary joins into multi-way joins (Flink's `FlinkJoinToMultiJoinRule`,
//! SEMANTICS.md §7), when a query block says `/*+ MULTI_JOIN(t1, t2, …) */` or
//! `table.optimizer.multi-join.enabled` is on.
//!
//! A chain is a left-deep run of INNER / LEFT joins. Its inputs are grouped from the bottom
//! while each new input joins on the group's common key (directly or through equalities
//! already in the group); an input that does not closes the group, which becomes input 0 of
//! the next group. Every group of two or more inputs is one MultiJoin. With the hint, only the
//! inputs it names take part (a join whose new input is not named stays binary). Because a
//! multi-way join's output is the concatenation of its inputs, column numbers stay the same
//! however the chain is grouped.
//!
//! Runs per query block (hints are per block), after the block's filters were pushed down
//! (`plan::block_passes`).

use super::explain::join_description;
use super::rel::{input_spec, MultiJoinNode, Node, RegularJoinNode, Rel};
use crate::expr::{Expr, Op};
use crate::kinds::{InputSpec, JoinKind};
use crate::types::{DataType, TypeKind};

/// Which inputs may be folded.
pub enum Allow<'a> {
    All,
    Named(&'a [String]),
}

impl Allow<'_> {
    fn allows(&self, name: &Option<String>) -> bool {
        match self {
            Allow::All => true,
            Allow::Named(list) => name.as_ref().map(|n| list.iter().any(|x| x == n)).unwrap_or(false),
        }
    }
}

/// Rewrites every eligible chain in the tree; `notes` gets a line for each chain that had to
/// be split for want of a common key.
pub fn fold(rel: Rel, allow: &Allow, notes: &mut Vec<String>) -> Rel {
    match &rel.node {
        Node::RegularJoin(j) if eligible(j, allow) => fold_chain(rel, allow, notes),
        _ => map_children(rel, allow, notes),
    }
}

const SPLIT_NOTE: &str = "this multi-way join chain has no common join key, so it runs as several multi-way joins; \
Flink 2.3 plans such a chain wrongly when the SELECT list leaves columns out (a table drops out of the plan and \
columns shift); JoinLab runs the joins as written (tests/divergences/multi_join_no_common_key_pruned.sql)";

fn eligible(j: &RegularJoinNode, allow: &Allow) -> bool {
    matches!(j.kind, JoinKind::Inner | JoinKind::Left) && allow.allows(&j.names[1])
}

fn map_children(mut rel: Rel, allow: &Allow, notes: &mut Vec<String>) -> Rel {
    rel.node = match rel.node {
        Node::Calc { input, filter, project } => {
            Node::Calc { input: Box::new(fold(*input, allow, notes)), filter, project }
        }
        Node::ChangelogNormalize { input, key, ttl_enabled, condition } => {
            Node::ChangelogNormalize { input: Box::new(fold(*input, allow, notes)), key, ttl_enabled, condition }
        }
        Node::RegularJoin(mut j) => {
            j.left = fold(j.left, allow, notes);
            j.right = fold(j.right, allow, notes);
            Node::RegularJoin(j)
        }
        // nothing below a window operator is a regular join; an interval join is no link of a
        // chain (its inputs were folded by their own blocks), nor a multi-way join's inputs
        // an aggregation's input was folded by its own block
        node @ (Node::Scan { .. }
        | Node::Values { .. }
        | Node::GroupAggregate(_)
        | Node::Expand { .. }
        | Node::Correlate(_)
        | Node::Ptf(_)
        | Node::Over(_)
        | Node::WindowAggregate(_)
        | Node::Union { .. }
        | Node::Rank(_)
        | Node::WindowTvf { .. }
        | Node::WindowJoin(_)
        | Node::IntervalJoin(_)
        | Node::TemporalJoin(_)
        | Node::LookupJoin(_)
        | Node::Search(_)
        | Node::MultiJoin(_)) => node,
    };
    rel
}

struct Group {
    inputs: Vec<Rel>,
    kinds: Vec<JoinKind>,
    conditions: Vec<Option<Expr>>,
    key_cols: Vec<usize>,
    offsets: Vec<usize>,
    ttls: Vec<i64>,
    names: Vec<Option<String>>,
    /// Columns (of the concatenation) equal to the common key.
    class: Vec<usize>,
    /// The relation the group ends with, as the binary plan had it (fields).
    top: Option<Rel>,
}

impl Group {
    fn start(input: Rel, ttl: i64, name: Option<String>) -> Group {
        Group {
            names: vec![name],
            inputs: vec![input],
            kinds: vec![JoinKind::Inner],
            conditions: vec![None],
            key_cols: vec![0],
            offsets: vec![0],
            ttls: vec![ttl],
            class: Vec::new(),
            top: None,
        }
    }

    fn width(&self) -> usize {
        self.offsets.last().copied().unwrap_or(0) + self.inputs.last().map(|r| r.fields.len()).unwrap_or(0)
    }

    /// The key pair through which the new input joins the group, if any.
    fn link(&self, j: &RegularJoinNode) -> Option<(usize, usize)> {
        let pairs = j
            .left_keys
            .iter()
            .zip(&j.right_keys)
            .zip(&j.null_safe)
            .filter(|(_, safe)| !**safe)
            .map(|(p, _)| (*p.0, *p.1));
        let pairs: Vec<(usize, usize)> = pairs.collect();
        if self.inputs.len() == 1 {
            return pairs.first().copied();
        }
        pairs.into_iter().find(|(l, _)| self.class.contains(l))
    }

    fn add(&mut self, level: &Rel, j: &RegularJoinNode, link: (usize, usize)) {
        let nl = self.width();
        if self.inputs.len() == 1 {
            self.key_cols[0] = link.0;
            self.class.push(link.0);
        }
        self.class.push(nl + link.1);
        self.offsets.push(nl);
        self.key_cols.push(link.1);
        self.kinds.push(j.kind);
        self.conditions.push(level_condition(j));
        self.ttls.push(j.right_ttl);
        self.names.push(j.names[1].clone());
        self.inputs.push(j.right.clone());
        self.top = Some(level.clone());
    }

    /// The group as one relation: its single input, or a MultiJoin.
    fn close(mut self) -> Rel {
        let top = match self.top.take() {
            Some(top) if self.inputs.len() > 1 => top,
            // one input: a group starts with its first input, `top` comes with the second
            _ => return self.inputs.pop().unwrap_or_else(Rel::placeholder),
        };
        let specs: Vec<InputSpec> = self.inputs.iter().zip(&self.key_cols).map(|(r, &k)| input_spec(r, &[k])).collect();
        let insert_only =
            self.inputs.iter().all(|r| r.insert_only) && self.kinds.iter().skip(1).all(|k| *k == JoinKind::Inner);
        let node = MultiJoinNode {
            inputs: self.inputs,
            kinds: self.kinds,
            conditions: self.conditions,
            key_cols: self.key_cols,
            offsets: self.offsets,
            specs,
            ttls: self.ttls,
            names: self.names,
        };
        let mut rel = Rel {
            node: Node::MultiJoin(Box::new(node)),
            fields: top.fields,
            insert_only,
            update_producer: None,
            window: None,
            unique_keys: Vec::new(),
        };
        rel.update_producer = Some(super::explain::multi_join_text(&rel, false));
        rel
    }
}

/// A level's whole condition over the concatenated row: key equalities, then the rest.
fn level_condition(j: &RegularJoinNode) -> Option<Expr> {
    let nl = j.left.fields.len();
    let mut conj = Vec::new();
    for ((&l, &r), &safe) in j.left_keys.iter().zip(&j.right_keys).zip(&j.null_safe) {
        let (lt, rt): (DataType, DataType) = (j.left.fields[l].ty.clone(), j.right.fields[r].ty.clone());
        let nullable = !safe && (lt.nullable || rt.nullable);
        let op = if safe { Op::IsNotDistinctFrom } else { Op::Eq };
        conj.push(Expr::call(
            op,
            vec![Expr::input(l, lt), Expr::input(nl + r, rt)],
            DataType::new(TypeKind::Boolean, nullable),
        ));
    }
    if let Some(r) = &j.residual {
        conj.push(r.clone());
    }
    Expr::and_all(conj)
}

/// Folds the chain whose top join is `rel`.
fn fold_chain(rel: Rel, allow: &Allow, notes: &mut Vec<String>) -> Rel {
    // the chain, bottom level first
    let mut levels: Vec<Rel> = Vec::new();
    let mut cur = rel;
    loop {
        let next = match &cur.node {
            Node::RegularJoin(j) if eligible(j, allow) => Some(j.left.clone()),
            _ => None,
        };
        match next {
            Some(left) => {
                levels.push(cur);
                cur = left;
            }
            None => break,
        }
    }
    levels.reverse();
    let bottom = &levels[0];
    let Node::RegularJoin(bj) = &bottom.node else { return map_children(cur, allow, notes) };
    let leaf_ok = allow.allows(&bj.names[0]);
    let leaf = fold(cur, allow, notes);
    let mut group = Group::start(leaf, bj.left_ttl, bj.names[0].clone());
    let mut first = true;
    for level in &levels {
        let Node::RegularJoin(j) = &level.node else { continue };
        let link = if first && !leaf_ok { None } else { group.link(j) };
        first = false;
        match link {
            Some(l) => group.add(level, j, l),
            None => {
                // the new input does not share the group's key: close the group
                if group.inputs.len() > 1 && !notes.iter().any(|n| n == SPLIT_NOTE) {
                    notes.push(SPLIT_NOTE.to_string());
                }
                let closed = group.close();
                let fresh = Group::start(closed, j.left_ttl, None);
                match fresh.link(j) {
                    Some(l) => {
                        group = fresh;
                        group.add(level, j, l);
                    }
                    None => {
                        // no equality at all: this level stays a binary join (Flink folds
                        // it into a multi-way join with no common key, which takes an IS NOT
                        // DISTINCT FROM over different types)
                        let left = fresh.close();
                        let mut jn = (**j).clone();
                        jn.incompatible_keys = false;
                        jn.left_spec = input_spec(&left, &jn.left_keys);
                        jn.left = left;
                        jn.right = fold(jn.right, allow, notes);
                        let mut r = level.clone();
                        r.node = Node::RegularJoin(Box::new(jn));
                        r.update_producer = Some(join_description(&r, false));
                        group = Group::start(r, 0, None);
                    }
                }
            }
        }
    }
    group.close()
}
