//! The trace packed for the page: the same values as its JSON (docs/trace.md), written as bytes
//! with every string stored once, so that a run of 10^5–10^6 steps crosses from the wasm to the
//! page's worker as one buffer instead of millions of JavaScript objects, and the worker decodes
//! only the steps it needs (`www/src/engine/unpack.ts`, docs/trace.md "Packed").
//!
//! A value is a tag byte and what follows it:
//!
//! | tag | value |
//! |---|---|
//! | 0 | null (`None`, unit) |
//! | 1 / 2 | false / true |
//! | 3 `n` | the integer `n` (LEB128) |
//! | 4 `n` | the integer `-1 - n` |
//! | 5 | a double, 8 bytes little-endian |
//! | 6 `id` | string `id` of the string table |
//! | 7 `n` `v…` | an array of `n` values |
//! | 8 (`k+1` `v`)… `0` | an object: each field's name is string `k`, then its value; 0 ends it |
//! | 9 `s` `v…` | an object of shape `s` (2 bytes, little-endian): its fields' values, in the order of the shape's names |
//! | 10 `r` | row `r` of the row table: an array of strings (a row's values, a key), stored once |
//! | 11 `l` | lineage `l` of the lineage table: an array of step numbers, stored once |
//!
//! Structs (every object of the trace) are written with shapes: the list of their field names is
//! stored once in the shape table (the fields present: an optional field serde skips makes
//! another shape), so a step's bytes are mostly its values. An array of strings (a row's values,
//! a key, as the trace's events carry them again and again) is stored once in the row table, so
//! the page decodes each row once and its events share it.
//! The [`Packer`] is a `serde::Serializer`, so every type of the trace packs exactly as it
//! serialises to JSON (field names, `rename_all`, the `type` tag of an event, skipped fields), and
//! the contract stays the one `trace/mod.rs` defines. Strings up to [`INTERN_MAX`] bytes are
//! stored once (a row's values, the keys, the field names); longer ones (the steps' sentences)
//! are stored as they come. The string table is written in chunks of at most [`CHUNK_UNITS`]
//! UTF-16 units, each decoded by the page as one string and cut with `substring` (a JavaScript
//! string may not be longer than about 2^29 units).
//!
//! [`PackedScript::bytes`] lays out a whole script: a directory of sections, the header (the
//! [`ScriptTrace`] with each query's `steps` empty), then per query its steps one after the other
//! with the offset of each, then the string table.

use serde::ser::{self, Serialize};

use super::{ScriptTrace, Step};

mod steps;

/// Strings up to this many bytes are stored once; longer ones each time they come.
pub const INTERN_MAX: usize = 96;
/// At most this many UTF-16 units per chunk of the string table.
pub const CHUNK_UNITS: u32 = 1 << 26;
/// The first four bytes of a packed script.
pub const MAGIC: &[u8; 4] = b"JLP1";

#[derive(Debug)]
pub struct PackError(String);

impl std::fmt::Display for PackError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for PackError {}

impl ser::Error for PackError {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        PackError(msg.to_string())
    }
}

/// The string table: UTF-8 bytes in chunks, and per string its UTF-16 end within its chunk.
/// Strings are found again through an open-addressing table of (hash, id) pairs that compares
/// against the table's own bytes, so storing a string allocates nothing of its own.
struct Strings {
    /// At most this many UTF-16 units per chunk ([`CHUNK_UNITS`]; smaller in tests).
    chunk_units: u32,
    bytes: Vec<u8>,
    /// Per string: its end in `bytes`.
    byte_ends: Vec<u32>,
    /// Per string: its end, in UTF-16 units from the start of its chunk.
    ends: Vec<u32>,
    /// The first string of every chunk but the first.
    chunk_starts: Vec<u32>,
    /// Per chunk but the last: its end in `bytes`.
    chunk_bytes: Vec<u32>,
    /// UTF-16 units of the current chunk so far.
    units: u32,
    /// Slots of (hash, id + 1), 0 = empty; a power of two long, at most half full.
    slots: Vec<(u32, u32)>,
    interned: usize,
}

impl Default for Strings {
    fn default() -> Strings {
        Strings {
            chunk_units: CHUNK_UNITS,
            bytes: Vec::new(),
            byte_ends: Vec::new(),
            ends: Vec::new(),
            chunk_starts: Vec::new(),
            chunk_bytes: Vec::new(),
            units: 0,
            slots: vec![(0, 0); 1024],
            interned: 0,
        }
    }
}

const K: u64 = 0x9e37_79b9_7f4a_7c15;

/// A string's hash: its bytes eight at a time, multiplied in (it only picks a slot: equal strings
/// are compared byte for byte).
fn hash_into(mut h: u64, b: &[u8]) -> u64 {
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        let w = u64::from_le_bytes([c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7]]);
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    let rest = chunks.remainder();
    let mut w = 0u64;
    for (i, &x) in rest.iter().enumerate() {
        w |= (x as u64) << (8 * i);
    }
    (h.rotate_left(5) ^ w ^ b.len() as u64).wrapping_mul(K)
}

fn fold(h: u64) -> u32 {
    (h ^ (h >> 29) ^ (h >> 47)) as u32
}

fn hash(s: &str) -> u32 {
    fold(hash_into(0, s.as_bytes()))
}

/// A row's hash: its strings' bytes in order (the same for the hand-packed steps, which hash the
/// row's strings, and the generic path, which hashes the table's copies of them).
fn hash_row<S: AsRef<[u8]>>(r: &[S]) -> u32 {
    let mut h = r.len() as u64;
    for v in r {
        h = hash_into(h, v.as_ref());
    }
    fold(h)
}

impl Strings {
    fn bytes_of(&self, id: u32) -> &[u8] {
        let i = id as usize;
        let from = if i == 0 { 0 } else { self.byte_ends[i - 1] as usize };
        &self.bytes[from..self.byte_ends[i] as usize]
    }

    fn id(&mut self, s: &str) -> u32 {
        if s.len() > INTERN_MAX {
            return self.push(s);
        }
        let h = hash(s);
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let (sh, slot) = self.slots[i];
            if slot == 0 {
                let id = self.push(s);
                self.slots[i] = (h, id + 1);
                self.interned += 1;
                if self.interned * 2 > self.slots.len() {
                    self.grow();
                }
                return id;
            }
            if sh == h && self.bytes_of(slot - 1) == s.as_bytes() {
                return slot - 1;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let n = self.slots.len() * 2;
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); n]);
        let mask = self.slots.len() - 1;
        for (h, slot) in old {
            if slot == 0 {
                continue;
            }
            let mut i = h as usize & mask;
            while self.slots[i].1 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (h, slot);
        }
    }

    fn push(&mut self, s: &str) -> u32 {
        let units = if s.is_ascii() { s.len() as u32 } else { utf16_len(s) };
        if self.units > 0 && self.units.saturating_add(units) > self.chunk_units {
            self.chunk_starts.push(self.ends.len() as u32);
            self.chunk_bytes.push(self.bytes.len() as u32);
            self.units = 0;
        }
        self.bytes.extend_from_slice(s.as_bytes());
        self.byte_ends.push(self.bytes.len() as u32);
        self.units = self.units.saturating_add(units);
        self.ends.push(self.units);
        (self.ends.len() - 1) as u32
    }
}

/// How many UTF-16 units `s` is: one per character, two for one past U+FFFF. Counted from the
/// bytes (a character starts at every byte that is not a continuation byte, and one past U+FFFF
/// at a byte of 0xF0 or more) in one pass: a step's sentence with a `×` or a `→` in it would
/// otherwise be walked character by character.
fn utf16_len(s: &str) -> u32 {
    s.bytes().map(|b| ((b & 0xC0) != 0x80) as u32 + (b >= 0xF0) as u32).sum()
}

/// The row table: each distinct array of strings once, as its string ids.
struct Rows {
    ids: Vec<u32>,
    /// Per row: its end in `ids`.
    ends: Vec<u32>,
    /// Slots of (hash, row + 1), 0 = empty; a power of two long, at most half full.
    slots: Vec<(u32, u32)>,
}

impl Default for Rows {
    fn default() -> Rows {
        Rows { ids: Vec::new(), ends: Vec::new(), slots: vec![(0, 0); 1024] }
    }
}

impl Rows {
    fn of(&self, row: u32) -> &[u32] {
        let i = row as usize;
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.ids[from..self.ends[i] as usize]
    }

    /// The row of these strings, if the table has it.
    fn find_text(&self, h: u32, r: &[String], strings: &Strings) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let (sh, slot) = self.slots[i];
            if slot == 0 {
                return None;
            }
            if sh == h {
                let ids = self.of(slot - 1);
                if ids.len() == r.len() && ids.iter().zip(r).all(|(&id, v)| strings.bytes_of(id) == v.as_bytes()) {
                    return Some(slot - 1);
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// The row of these string ids (the generic path: a sequence of strings it wrote).
    fn id(&mut self, ids: &[u32], strings: &Strings) -> u32 {
        let texts: Vec<&[u8]> = ids.iter().map(|&id| strings.bytes_of(id)).collect();
        let h = hash_row(&texts);
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let (sh, slot) = self.slots[i];
            if slot == 0 {
                return self.insert_text(h, ids);
            }
            if sh == h && self.of(slot - 1) == ids {
                return slot - 1;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds a row (not in the table) of these string ids, whose strings hash to `h`.
    fn insert_text(&mut self, h: u32, ids: &[u32]) -> u32 {
        self.ids.extend_from_slice(ids);
        self.ends.push(self.ids.len() as u32);
        let row = (self.ends.len() - 1) as u32;
        if (self.ends.len() + 1) * 2 > self.slots.len() {
            let n = self.slots.len() * 2;
            let old = std::mem::replace(&mut self.slots, vec![(0, 0); n]);
            let mask = n - 1;
            for (h, slot) in old.into_iter().filter(|x| x.1 != 0) {
                let mut j = h as usize & mask;
                while self.slots[j].1 != 0 {
                    j = (j + 1) & mask;
                }
                self.slots[j] = (h, slot);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        while self.slots[i].1 != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = (h, row + 1);
        row
    }
}

/// A table of lists of numbers (the steps' lineages), each distinct list once.
struct Lists {
    items: Vec<u32>,
    /// Per list: its end in `items`.
    ends: Vec<u32>,
    /// Slots of (hash, list + 1), 0 = empty; a power of two long, at most half full.
    slots: Vec<(u32, u32)>,
}

impl Default for Lists {
    fn default() -> Lists {
        Lists { items: Vec::new(), ends: Vec::new(), slots: vec![(0, 0); 1024] }
    }
}

impl Lists {
    fn of(&self, list: u32) -> &[u32] {
        let i = list as usize;
        let from = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.items[from..self.ends[i] as usize]
    }

    fn id(&mut self, xs: &[u32]) -> u32 {
        let mut h64 = xs.len() as u64;
        for &x in xs {
            h64 = (h64.rotate_left(5) ^ x as u64).wrapping_mul(K);
        }
        let h = fold(h64);
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            let (sh, slot) = self.slots[i];
            if slot == 0 {
                break;
            }
            if sh == h && self.of(slot - 1) == xs {
                return slot - 1;
            }
            i = (i + 1) & mask;
        }
        self.items.extend_from_slice(xs);
        self.ends.push(self.items.len() as u32);
        let list = (self.ends.len() - 1) as u32;
        self.slots[i] = (h, list + 1);
        if self.ends.len() * 2 > self.slots.len() {
            let n = self.slots.len() * 2;
            let old = std::mem::replace(&mut self.slots, vec![(0, 0); n]);
            for (h, slot) in old.into_iter().filter(|x| x.1 != 0) {
                let mut j = h as usize & (n - 1);
                while self.slots[j].1 != 0 {
                    j = (j + 1) & (n - 1);
                }
                self.slots[j] = (h, slot);
            }
        }
        list
    }
}

/// Writes values (see the module doc) into `out`, their strings into a table shared by all.
#[derive(Default)]
pub struct Packer {
    out: Vec<u8>,
    strings: Strings,
    /// The string ids of the static names serde hands over (field and variant names), by
    /// address: a direct-mapped cache of (address, length, id).
    names: Vec<(usize, usize, u32)>,
    /// The shapes: each one's field names (string ids), and the shape of each list of names.
    shapes: Vec<Box<[u32]>>,
    shape_ids: rustc_hash::FxHashMap<Box<[u32]>, u16>,
    /// The field names of the structs being written, innermost last; `frames` where each starts
    /// (and where its shape id goes in `out`).
    fields: Vec<u32>,
    frames: Vec<(usize, usize)>,
    rows: Rows,
    lineages: Lists,
    /// Where each sequence being written starts (its tag), innermost last.
    seqs: Vec<usize>,
    /// The string ids of the sequence being ended (reused).
    row_buf: Vec<u32>,
    /// The shape ids of the hand-packed structs' constant name lists, by address (steps.rs): a
    /// direct-mapped cache of (address, id + 1).
    static_shapes: Vec<(usize, u32)>,
}

fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

impl Packer {
    /// Packs `v` at the end of the buffer; returns where it starts.
    pub fn pack<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<usize, PackError> {
        let at = self.out.len();
        v.serialize(&mut *self)?;
        Ok(at)
    }

    /// Takes the values packed so far (the string table stays).
    pub fn take(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.out)
    }

    fn str(&mut self, s: &str) {
        let id = self.strings.id(s);
        self.out.push(6);
        varint(&mut self.out, id as u64);
    }

    fn key(&mut self, k: &str) {
        let id = self.strings.id(k);
        varint(&mut self.out, id as u64 + 1);
    }

    /// A static name's string id (looked up by address: the same few names come over and over).
    fn name(&mut self, k: &'static str) -> u32 {
        let (at, len) = (k.as_ptr() as usize, k.len());
        if self.names.is_empty() {
            self.names = vec![(0, 0, 0); 512];
        }
        let i = ((at >> 2) ^ (at >> 11) ^ len) & 511;
        let (a, l, id) = self.names[i];
        if a == at && l == len {
            return id;
        }
        let id = self.strings.id(k);
        self.names[i] = (at, len, id);
        id
    }

    /// A sequence written from `at` on: when it is a non-empty array of strings, it becomes a
    /// reference to the row table (tag 10).
    fn seq_end(&mut self, at: usize) {
        let b = &self.out[at..];
        let mut p = 1;
        let mut n = 0u64;
        let mut shift = 0;
        loop {
            let x = b[p];
            p += 1;
            n |= ((x & 0x7f) as u64) << shift;
            shift += 7;
            if x < 0x80 {
                break;
            }
        }
        if n == 0 {
            return;
        }
        self.row_buf.clear();
        while p < b.len() {
            if b[p] != 6 {
                return;
            }
            p += 1;
            let (mut id, mut shift) = (0u32, 0);
            loop {
                let x = b[p];
                p += 1;
                id |= ((x & 0x7f) as u32) << shift;
                shift += 7;
                if x < 0x80 {
                    break;
                }
            }
            self.row_buf.push(id);
        }
        let row = self.rows.id(&self.row_buf, &self.strings);
        self.out.truncate(at);
        self.out.push(10);
        varint(&mut self.out, row as u64);
    }

    fn struct_start(&mut self) {
        self.out.push(9);
        self.frames.push((self.out.len(), self.fields.len()));
        self.out.extend_from_slice(&[0, 0]);
    }

    fn struct_field(&mut self, k: &'static str) {
        let id = self.name(k);
        self.fields.push(id);
    }

    fn struct_end(&mut self) -> Result<(), PackError> {
        let (at, from) = self.frames.pop().ok_or_else(|| PackError("a struct ended twice".into()))?;
        let names = &self.fields[from..];
        let id = match self.shape_ids.get(names) {
            Some(&id) => id,
            None => {
                let id = u16::try_from(self.shapes.len()).map_err(|_| PackError("more than 65,536 shapes".into()))?;
                self.shapes.push(names.into());
                self.shape_ids.insert(names.into(), id);
                id
            }
        };
        self.fields.truncate(from);
        self.out[at..at + 2].copy_from_slice(&id.to_le_bytes());
        Ok(())
    }

    fn int(&mut self, v: i64) {
        if v >= 0 {
            self.out.push(3);
            varint(&mut self.out, v as u64);
        } else {
            self.out.push(4);
            varint(&mut self.out, (-1 - v) as u64);
        }
    }
}

/// One query's steps, packed as they are made.
#[derive(Default)]
pub struct PackedSteps {
    bytes: Vec<u8>,
    /// The query's `start` and `end` steps (an array of two values, each a step or null).
    bounds: Vec<u8>,
    /// Where each step starts in `bytes`.
    offsets: Vec<u32>,
}

/// A whole script's trace, packed: build it with [`PackedScript::step`] for each step of each
/// query as the run makes it, then [`PackedScript::bytes`] with the trace's header.
#[derive(Default)]
pub struct PackedScript {
    packer: Packer,
    queries: Vec<PackedSteps>,
}

impl PackedScript {
    pub fn new() -> PackedScript {
        PackedScript::default()
    }

    /// Query `query` has been run (its sections exist even when it made no step).
    pub fn query_ends(&mut self, query: usize) {
        while self.queries.len() <= query {
            self.queries.push(PackedSteps::default());
        }
    }

    /// Packs step `step` of query `query` (0-based; steps come in order).
    pub fn step(&mut self, query: usize, step: &Step) -> Result<(), PackError> {
        while self.queries.len() <= query {
            self.queries.push(PackedSteps::default());
        }
        let q = &mut self.queries[query];
        let out = std::mem::take(&mut q.bytes);
        self.packer.out = out;
        let at = self.packer.out.len();
        self.packer.pack_step(step)?;
        let at = u32::try_from(at).map_err(|_| PackError("the trace is too large to pack (4 GB)".into()))?;
        let q = &mut self.queries[query];
        q.offsets.push(at);
        q.bytes = self.packer.take();
        Ok(())
    }

    /// The packed script: `header` is the trace; its queries' `steps` are packed as the steps
    /// packed with [`PackedScript::step`] before them were, and their `start` and `end` steps
    /// apart from the header (so that every step of the page's trace goes through the hand-packed
    /// path, steps.rs). Layout, every number a u32 little-endian and every section starting at a
    /// multiple of 4:
    ///
    /// `JLP1`, the section count S, then S pairs (offset, length) in bytes from the start:
    /// section 0 the header value (each query's `steps` empty and its `start` and `end` null);
    /// section 1 the string table's per-string ends (u32 each); section 2 its chunk starts (the
    /// first string id of each chunk but the first); section 3 the UTF-8 bytes of every chunk, one
    /// after the other, and section 4 their byte ends (u32 each, one per chunk); section 5 the
    /// shapes, each its number of names then their string ids (u32 each); section 6 the rows'
    /// string ids and section 7 each row's end there (u32 each); the lineages likewise, section 8
    /// their step numbers and section 9 each one's end there; then per query three sections:
    /// its steps' bytes, their offsets (u32 each, one per step), and its `start` and `end` (an
    /// array of the two values, each a step or null).
    pub fn bytes(mut self, mut header: ScriptTrace) -> Result<Vec<u8>, PackError> {
        for (qi, q) in header.queries.iter_mut().enumerate() {
            self.query_ends(qi);
            for s in std::mem::take(&mut q.steps) {
                self.step(qi, &s)?;
            }
            let (start, end) = (q.start.take(), q.end.take());
            self.packer.out = Vec::new();
            self.packer.out.extend_from_slice(&[7, 2]);
            for s in [&start, &end] {
                match s {
                    Some(s) => self.packer.pack_step(s)?,
                    None => self.packer.out.push(0),
                }
            }
            self.queries[qi].bounds = self.packer.take();
        }
        self.packer.out = Vec::new();
        self.packer.pack(&Header::of(&header))?;
        let head = self.packer.take();
        self.finish(head)
    }

    /// A whole trace packed at once.
    pub fn from_trace(trace: ScriptTrace) -> Result<Vec<u8>, PackError> {
        PackedScript::new().bytes(trace)
    }

    fn finish(self, head: Vec<u8>) -> Result<Vec<u8>, PackError> {
        let s = &self.packer.strings;
        let mut chunk_ends = s.chunk_bytes.clone();
        chunk_ends.push(s.bytes.len() as u32);
        let u32s = |v: &[u32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let mut sections: Vec<&[u8]> = vec![&head];
        let (ends, starts, chunks) = (u32s(&s.ends), u32s(&s.chunk_starts), u32s(&chunk_ends));
        let shapes: Vec<u32> =
            self.packer.shapes.iter().flat_map(|x| std::iter::once(x.len() as u32).chain(x.iter().copied())).collect();
        let shapes = u32s(&shapes);
        let (row_ids, row_ends) = (u32s(&self.packer.rows.ids), u32s(&self.packer.rows.ends));
        let (lin_items, lin_ends) = (u32s(&self.packer.lineages.items), u32s(&self.packer.lineages.ends));
        sections.extend([
            &ends[..],
            &starts[..],
            &s.bytes[..],
            &chunks[..],
            &shapes[..],
            &row_ids[..],
            &row_ends[..],
            &lin_items[..],
            &lin_ends[..],
        ]);
        let offsets: Vec<Vec<u8>> = self.queries.iter().map(|q| u32s(&q.offsets)).collect();
        for (q, o) in self.queries.iter().zip(&offsets) {
            sections.push(&q.bytes);
            sections.push(o);
            sections.push(&q.bounds);
        }
        let pad = |n: usize| (n + 3) & !3;
        let dir = 8 + 8 * sections.len();
        let total = sections.iter().fold(pad(dir), |a, x| a + pad(x.len()));
        if total > u32::MAX as usize {
            return Err(PackError("the trace is too large to pack (4 GB)".into()));
        }
        let mut out = Vec::with_capacity(total);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(sections.len() as u32).to_le_bytes());
        let mut at = pad(dir);
        for x in &sections {
            out.extend_from_slice(&(at as u32).to_le_bytes());
            out.extend_from_slice(&(x.len() as u32).to_le_bytes());
            at += pad(x.len());
        }
        out.resize(pad(dir), 0);
        for x in &sections {
            out.extend_from_slice(x);
            out.resize(pad(out.len()), 0);
        }
        Ok(out)
    }
}

/// The header as packed: the trace's fields in serde's order, each query's steps an empty
/// array and its `start` and `end` null (they are packed apart, by hand: a `Step` never goes
/// through the generic serializer, whose code for it would be in the page's wasm for nothing).
#[derive(serde::Serialize)]
struct Header<'a> {
    version: u32,
    dialect: crate::kinds::Dialect,
    notes: &'a [String],
    tables: &'a [super::TableInfo],
    statements: &'a [super::StatementOutput],
    queries: Vec<QueryHeader<'a>>,
    harness_error: &'a Option<super::ErrorInfo>,
}

#[derive(serde::Serialize)]
struct QueryHeader<'a> {
    index: usize,
    sql: &'a str,
    line: usize,
    zone: &'a str,
    notes: &'a [String],
    schema: &'a [super::FieldInfo],
    plan: &'a str,
    operators: &'a [super::OperatorInfo],
    end_mode: crate::kinds::EndMode,
    start: Option<()>,
    steps: [u8; 0],
    end: Option<()>,
    materialized_unbounded: &'a Option<Vec<String>>,
    materialized_bounded: &'a Option<Vec<String>>,
    error: &'a Option<super::ErrorInfo>,
    runtime_error: &'a Option<super::ErrorInfo>,
    failed_step: Option<usize>,
    late_rows: &'a [(usize, u64)],
}

impl<'a> Header<'a> {
    fn of(t: &'a ScriptTrace) -> Header<'a> {
        Header {
            version: t.version,
            dialect: t.dialect,
            notes: &t.notes,
            tables: &t.tables,
            statements: &t.statements,
            queries: t
                .queries
                .iter()
                .map(|q| QueryHeader {
                    index: q.index,
                    sql: &q.sql,
                    line: q.line,
                    zone: &q.zone,
                    notes: &q.notes,
                    schema: &q.schema,
                    plan: &q.plan,
                    operators: &q.operators,
                    end_mode: q.end_mode,
                    start: None,
                    steps: [],
                    end: None,
                    materialized_unbounded: &q.materialized_unbounded,
                    materialized_bounded: &q.materialized_bounded,
                    error: &q.error,
                    runtime_error: &q.runtime_error,
                    failed_step: q.failed_step,
                    late_rows: &q.late_rows,
                })
                .collect(),
            harness_error: &t.harness_error,
        }
    }
}

/// Packs one value alone (a `stateAt` answer): the same layout, with no query.
pub fn pack_value<T: Serialize + ?Sized>(v: &T) -> Result<Vec<u8>, PackError> {
    let mut p = PackedScript::new();
    p.packer.pack(v)?;
    let head = p.packer.take();
    p.finish(head)
}

macro_rules! forward_int {
    ($($f:ident: $t:ty),*) => {
        $(fn $f(self, v: $t) -> Result<(), PackError> {
            self.int(v as i64);
            Ok(())
        })*
    };
}

impl<'a> ser::Serializer for &'a mut Packer {
    type Ok = ();
    type Error = PackError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Variant<'a>;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Variant<'a>;

    fn serialize_bool(self, v: bool) -> Result<(), PackError> {
        self.out.push(if v { 2 } else { 1 });
        Ok(())
    }

    forward_int!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64,
        serialize_u8: u8, serialize_u16: u16, serialize_u32: u32);

    fn serialize_u64(self, v: u64) -> Result<(), PackError> {
        self.out.push(3);
        varint(&mut self.out, v);
        Ok(())
    }

    fn serialize_f32(self, v: f32) -> Result<(), PackError> {
        self.serialize_f64(v as f64)
    }

    fn serialize_f64(self, v: f64) -> Result<(), PackError> {
        self.out.push(5);
        self.out.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }

    fn serialize_char(self, v: char) -> Result<(), PackError> {
        self.str(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }

    fn serialize_str(self, v: &str) -> Result<(), PackError> {
        self.str(v);
        Ok(())
    }

    fn serialize_bytes(self, v: &[u8]) -> Result<(), PackError> {
        self.out.push(7);
        varint(&mut self.out, v.len() as u64);
        for b in v {
            self.int(*b as i64);
        }
        Ok(())
    }

    fn serialize_none(self) -> Result<(), PackError> {
        self.out.push(0);
        Ok(())
    }

    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), PackError> {
        v.serialize(self)
    }

    fn serialize_unit(self) -> Result<(), PackError> {
        self.out.push(0);
        Ok(())
    }

    fn serialize_unit_struct(self, _: &'static str) -> Result<(), PackError> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), PackError> {
        let id = self.name(variant);
        self.out.push(6);
        varint(&mut self.out, id as u64);
        Ok(())
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<(), PackError> {
        v.serialize(self)
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        v: &T,
    ) -> Result<(), PackError> {
        self.out.push(8);
        self.key(variant);
        v.serialize(&mut *self)?;
        self.out.push(0);
        Ok(())
    }

    fn serialize_seq(self, len: Option<usize>) -> Result<Self, PackError> {
        let n = len.ok_or_else(|| PackError("a sequence without a length".into()))?;
        self.seqs.push(self.out.len());
        self.out.push(7);
        varint(&mut self.out, n as u64);
        Ok(self)
    }

    fn serialize_tuple(self, len: usize) -> Result<Self, PackError> {
        self.out.push(7);
        varint(&mut self.out, len as u64);
        Ok(self)
    }

    fn serialize_tuple_struct(self, _: &'static str, len: usize) -> Result<Self, PackError> {
        self.serialize_tuple(len)
    }

    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Variant<'a>, PackError> {
        self.out.push(8);
        self.key(variant);
        self.out.push(7);
        varint(&mut self.out, len as u64);
        Ok(Variant(self))
    }

    fn serialize_map(self, _: Option<usize>) -> Result<Self, PackError> {
        self.out.push(8);
        Ok(self)
    }

    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, PackError> {
        self.struct_start();
        Ok(self)
    }

    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Variant<'a>, PackError> {
        self.out.push(8);
        self.key(variant);
        self.out.push(8);
        Ok(Variant(self))
    }
}

impl ser::SerializeSeq for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), PackError> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        let at = self.seqs.pop().ok_or_else(|| PackError("a sequence ended twice".into()))?;
        self.seq_end(at);
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), PackError> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), PackError> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        Ok(())
    }
}

impl ser::SerializeMap for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), PackError> {
        k.serialize(KeyName(self))
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), PackError> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        self.out.push(0);
        Ok(())
    }
}

impl ser::SerializeStruct for &mut Packer {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, k: &'static str, v: &T) -> Result<(), PackError> {
        self.struct_field(k);
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), PackError> {
        self.struct_end()
    }
}

/// The inside of an enum variant that is not a unit: `{variant: […]}` or `{variant: {…}}`.
pub struct Variant<'a>(&'a mut Packer);

impl ser::SerializeTupleVariant for Variant<'_> {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), PackError> {
        v.serialize(&mut *self.0)
    }
    fn end(self) -> Result<(), PackError> {
        self.0.out.push(0);
        Ok(())
    }
}

impl ser::SerializeStructVariant for Variant<'_> {
    type Ok = ();
    type Error = PackError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, k: &'static str, v: &T) -> Result<(), PackError> {
        self.0.key(k);
        v.serialize(&mut *self.0)
    }
    fn end(self) -> Result<(), PackError> {
        self.0.out.push(0);
        self.0.out.push(0);
        Ok(())
    }
}

/// A map's key: a string (or a number, written as its text, as JSON does).
struct KeyName<'a>(&'a mut Packer);

impl ser::Serializer for KeyName<'_> {
    type Ok = ();
    type Error = PackError;
    type SerializeSeq = ser::Impossible<(), PackError>;
    type SerializeTuple = ser::Impossible<(), PackError>;
    type SerializeTupleStruct = ser::Impossible<(), PackError>;
    type SerializeTupleVariant = ser::Impossible<(), PackError>;
    type SerializeMap = ser::Impossible<(), PackError>;
    type SerializeStruct = ser::Impossible<(), PackError>;
    type SerializeStructVariant = ser::Impossible<(), PackError>;

    fn serialize_str(self, v: &str) -> Result<(), PackError> {
        self.0.key(v);
        Ok(())
    }
    fn serialize_bool(self, v: bool) -> Result<(), PackError> {
        self.serialize_str(if v { "true" } else { "false" })
    }
    fn serialize_i64(self, v: i64) -> Result<(), PackError> {
        self.serialize_str(&v.to_string())
    }
    fn serialize_u64(self, v: u64) -> Result<(), PackError> {
        self.serialize_str(&v.to_string())
    }
    fn serialize_i8(self, v: i8) -> Result<(), PackError> {
        self.serialize_i64(v as i64)
    }
    fn serialize_i16(self, v: i16) -> Result<(), PackError> {
        self.serialize_i64(v as i64)
    }
    fn serialize_i32(self, v: i32) -> Result<(), PackError> {
        self.serialize_i64(v as i64)
    }
    fn serialize_u8(self, v: u8) -> Result<(), PackError> {
        self.serialize_u64(v as u64)
    }
    fn serialize_u16(self, v: u16) -> Result<(), PackError> {
        self.serialize_u64(v as u64)
    }
    fn serialize_u32(self, v: u32) -> Result<(), PackError> {
        self.serialize_u64(v as u64)
    }
    fn serialize_f32(self, _: f32) -> Result<(), PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_f64(self, _: f64) -> Result<(), PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_char(self, v: char) -> Result<(), PackError> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_bytes(self, _: &[u8]) -> Result<(), PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_none(self) -> Result<(), PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), PackError> {
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), PackError> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result<(), PackError> {
        self.serialize_str(variant)
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<(), PackError> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeTupleStruct, PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct, PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, PackError> {
        Err(PackError("a map key that is not a string".into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Map, Value as Json};

    #[test]
    fn utf16_len_counts_as_encode_utf16() {
        for s in
            ["", "abc", "+I ×1", "a → b", "…", "\u{1f600}x\u{10ffff}", "\u{7f}\u{80}\u{7ff}\u{800}\u{ffff}\u{10000}"]
        {
            assert_eq!(utf16_len(s) as usize, s.encode_utf16().count(), "{s:?}");
        }
    }

    /// The test's own reader of the layout (the page's is www/src/engine/unpack.ts).
    struct Reader<'a> {
        buf: &'a [u8],
        strings: Vec<String>,
        shapes: Vec<Vec<usize>>,
        rows: Vec<Vec<usize>>,
        lineages: Vec<Vec<usize>>,
    }

    fn u32_at(b: &[u8], at: usize) -> usize {
        u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]) as usize
    }

    fn sections(b: &[u8]) -> Vec<&[u8]> {
        assert_eq!(&b[..4], MAGIC);
        let n = u32_at(b, 4);
        (0..n).map(|i| &b[u32_at(b, 8 + 8 * i)..u32_at(b, 8 + 8 * i) + u32_at(b, 12 + 8 * i)]).collect()
    }

    fn u32s(b: &[u8]) -> Vec<usize> {
        (0..b.len() / 4).map(|i| u32_at(b, 4 * i)).collect()
    }

    impl<'a> Reader<'a> {
        fn new(buf: &'a [u8]) -> Reader<'a> {
            let s = sections(buf);
            let ends = u32s(s[1]);
            let starts = u32s(s[2]);
            let chunk_ends = u32s(s[4]);
            let mut strings = Vec::new();
            let mut chunk = 0;
            let mut from = 0;
            for (id, &end) in ends.iter().enumerate() {
                if starts.get(chunk).is_some_and(|&c| c == id) {
                    chunk += 1;
                    from = 0;
                }
                let lo = if chunk == 0 { 0 } else { chunk_ends[chunk - 1] };
                let text: Vec<u16> =
                    std::str::from_utf8(&s[3][lo..chunk_ends[chunk]]).unwrap().encode_utf16().collect();
                strings.push(String::from_utf16(&text[from..end]).unwrap());
                from = end;
            }
            let raw = u32s(s[5]);
            let mut shapes = Vec::new();
            let mut i = 0;
            while i < raw.len() {
                shapes.push(raw[i + 1..i + 1 + raw[i]].to_vec());
                i += 1 + raw[i];
            }
            let (ids, ends) = (u32s(s[6]), u32s(s[7]));
            let rows = (0..ends.len()).map(|i| ids[if i == 0 { 0 } else { ends[i - 1] }..ends[i]].to_vec()).collect();
            let (items, ends) = (u32s(s[8]), u32s(s[9]));
            let lineages =
                (0..ends.len()).map(|i| items[if i == 0 { 0 } else { ends[i - 1] }..ends[i]].to_vec()).collect();
            Reader { buf, strings, shapes, rows, lineages }
        }

        fn value(&self, b: &[u8], at: &mut usize) -> Json {
            let tag = b[*at];
            *at += 1;
            let var = |at: &mut usize| {
                let (mut v, mut shift) = (0u64, 0);
                loop {
                    let x = b[*at];
                    *at += 1;
                    v |= ((x & 0x7f) as u64) << shift;
                    shift += 7;
                    if x < 0x80 {
                        return v;
                    }
                }
            };
            match tag {
                0 => Json::Null,
                1 => json!(false),
                2 => json!(true),
                3 => json!(var(at)),
                4 => json!(-1 - var(at) as i64),
                5 => {
                    let v = f64::from_le_bytes(b[*at..*at + 8].try_into().unwrap());
                    *at += 8;
                    json!(v)
                }
                6 => json!(self.strings[var(at) as usize]),
                7 => {
                    let n = var(at);
                    Json::Array((0..n).map(|_| self.value(b, at)).collect())
                }
                8 => {
                    let mut m = Map::new();
                    loop {
                        let k = var(at);
                        if k == 0 {
                            return Json::Object(m);
                        }
                        let v = self.value(b, at);
                        m.insert(self.strings[k as usize - 1].clone(), v);
                    }
                }
                9 => {
                    let shape = &self.shapes[u16::from_le_bytes([b[*at], b[*at + 1]]) as usize];
                    *at += 2;
                    let mut m = Map::new();
                    for &k in shape {
                        let v = self.value(b, at);
                        m.insert(self.strings[k].clone(), v);
                    }
                    Json::Object(m)
                }
                10 => Json::Array(self.rows[var(at) as usize].iter().map(|&k| json!(self.strings[k])).collect()),
                11 => Json::Array(self.lineages[var(at) as usize].iter().map(|&x| json!(x)).collect()),
                t => panic!("tag {t}"),
            }
        }

        /// The whole trace back, its steps in their queries.
        fn trace(&self) -> Json {
            let s = sections(self.buf);
            let mut t = self.value(s[0], &mut 0);
            let queries = t["queries"].as_array_mut().unwrap();
            for (qi, q) in queries.iter_mut().enumerate() {
                let (bytes, offsets) = (s[10 + 3 * qi], u32s(s[11 + 3 * qi]));
                q["steps"] = Json::Array(offsets.iter().map(|&o| self.value(bytes, &mut { o })).collect());
                let bounds = self.value(s[12 + 3 * qi], &mut 0);
                q["start"] = bounds[0].clone();
                q["end"] = bounds[1].clone();
            }
            t
        }
    }

    fn script(text: &str) -> ScriptTrace {
        crate::exec::run_script(text, &crate::RunConfig { dialect: crate::Dialect::Flink, trace: true })
    }

    const JOIN: &str = "SET 'table.local-time-zone' = 'UTC';
CREATE TABLE L (k INT, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts - INTERVAL '1' SECOND);
CREATE TABLE R (k INT, s STRING, ts TIMESTAMP(3), WATERMARK FOR ts AS ts);
@L 1 | héllo 😀 | 2024-01-01 00:00:01
@R 1 | x | 2024-01-01 00:00:02
@L 2 | 'a, b' | 2024-01-01 00:00:03
@R -3 | NULL | 2024-01-01 00:00:09
SELECT L.k, L.s, R.s FROM L LEFT JOIN R ON L.k = R.k AND L.ts BETWEEN R.ts - INTERVAL '2' SECOND AND R.ts;
SELECT L.k, COUNT(*) AS n FROM L GROUP BY L.k;
SELECT * FROM L WHERE k > 100;
";

    #[test]
    fn a_packed_trace_reads_back_as_its_json() {
        let t = script(JOIN);
        let want = serde_json::to_value(&t).unwrap();
        assert!(want["queries"][0]["steps"].as_array().unwrap().len() == 4);
        let bytes = PackedScript::from_trace(t).unwrap();
        assert_eq!(Reader::new(&bytes).trace(), want);
    }

    fn scripts(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                scripts(&p, out);
            } else if p.extension().is_some_and(|x| x == "sql") {
                out.push(p);
            }
        }
    }

    /// Scripts that between them have every kind of event (tests/model/every_event_scripts.txt,
    /// which the page's reader test reads too; the full corpus: `every_script_…`).
    fn every_event() -> Vec<&'static str> {
        include_str!("../../../../../tests/model/every_event_scripts.txt")
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect()
    }

    /// Runs `files` (conformance scripts in the flink dialect, the others in the page's confluent
    /// one): the hand-packed steps (steps.rs) must read back as serde's JSON of them; returns the
    /// kinds of event they had.
    fn check_hand_packed(files: &[std::path::PathBuf]) -> std::collections::BTreeSet<String> {
        let mut kinds = std::collections::BTreeSet::new();
        for f in files {
            let text = std::fs::read_to_string(f).unwrap();
            let conformance = f.components().any(|c| c.as_os_str() == "conformance");
            let dialect = if conformance { crate::Dialect::Flink } else { crate::Dialect::Confluent };
            let t = crate::exec::run_script(&text, &crate::RunConfig { dialect, trace: true });
            let want = serde_json::to_value(&t).unwrap();
            for q in want["queries"].as_array().unwrap() {
                for st in q["steps"].as_array().unwrap().iter().chain(q.get("end")) {
                    for e in st["events"].as_array().into_iter().flatten() {
                        kinds.insert(e["type"].as_str().unwrap().to_string());
                    }
                }
            }
            let bytes = PackedScript::from_trace(t).unwrap();
            assert!(Reader::new(&bytes).trace() == want, "{} ({:?})", f.display(), dialect);
        }
        kinds
    }

    const ALL_EVENTS: [&str; 25] = [
        "source_row",
        "watermark",
        "input_watermark",
        "window_assign",
        "state_insert",
        "state_expire",
        "window_fire",
        "late_drop",
        "interval_probe",
        "interval_cleanup",
        "aggregated",
        "unnest",
        "null_time_drop",
        "filtered",
        "unchanged",
        "emit",
        "output",
        "source_end",
        "source_idle",
        "ptf_call",
        "temporal_wait",
        "temporal_version",
        "temporal_release",
        "lookup",
        "lookup_store",
    ];

    fn root() -> std::path::PathBuf {
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
    }

    #[test]
    fn hand_packed_steps_read_back_as_their_json() {
        let files: Vec<_> = every_event().iter().map(|f| root().join(f)).collect();
        let kinds = check_hand_packed(&files);
        let missing: Vec<_> = ALL_EVENTS.iter().filter(|k| !kinds.contains(**k)).collect();
        assert!(missing.is_empty(), "no script of every_event_scripts.txt has {:?}", missing);
    }

    /// The same over every conformance script, gallery example and mock-data script (two minutes
    /// in a debug build: `cargo test -p joinlab-engine --lib every_script -- --ignored`).
    #[test]
    #[ignore]
    fn every_script_hand_packed_reads_back_as_its_json() {
        let mut files = Vec::new();
        for d in ["tests/conformance", "www/examples", "tests/mock"] {
            scripts(&root().join(d), &mut files);
        }
        files.sort();
        assert!(files.len() > 300, "{} scripts", files.len());
        let kinds = check_hand_packed(&files);
        assert!(ALL_EVENTS.iter().all(|k| kinds.contains(*k)));
    }

    #[test]
    fn the_streamed_run_packs_the_same_trace() {
        let cfg = crate::RunConfig { dialect: crate::Dialect::Flink, trace: true };
        let p = crate::exec::prepare(JOIN, &cfg).map_err(|e| e.2.message).unwrap();
        let streamed = p.packed_trace_with(crate::runtime::Sentences::All, &mut |_| {}).unwrap();
        assert_eq!(Reader::new(&streamed).trace(), serde_json::to_value(script(JOIN)).unwrap());
    }

    #[test]
    fn strings_are_stored_once_and_chunked_by_utf16_units() {
        let mut p = PackedScript::new();
        p.packer.strings.chunk_units = 7;
        let v = json!({"a": ["abc", "abc", "😀😀", "défg", "abc", "x".repeat(INTERN_MAX + 1), "x".repeat(INTERN_MAX + 1)], "n": [-1, 0, 300, i64::MIN, u64::MAX], "f": 1.5, "e": null, "t": true});
        p.packer.pack(&v).unwrap();
        let head = p.packer.take();
        // "abc" once; the two long strings twice; keys interned
        assert_eq!(p.packer.strings.ends.len(), 5 + 5);
        // the table of strings grows (and finds every string again)
        for i in 0u32..5000 {
            assert_eq!(p.packer.strings.id(&format!("s{i}")), 10 + i);
        }
        for i in 0u32..5000 {
            assert_eq!(p.packer.strings.id(&format!("s{i}")), 10 + i);
        }
        assert!(p.packer.strings.chunk_starts.len() >= 3);
        let bytes = p.finish(head).unwrap();
        let r = Reader::new(&bytes);
        assert_eq!(r.value(sections(&bytes)[0], &mut 0), v);
    }
}
