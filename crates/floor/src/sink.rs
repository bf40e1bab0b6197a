//! The floor's sink: counts the rows a workload emits and sums their third column (the
//! partner's or version's value), as the Flink harness's counting sink does.

#[derive(Default, Clone, Copy, Debug)]
pub struct Sink {
    pub inserts: u64,
    pub deletes: u64,
    pub sum_col3: i64,
}

impl Sink {
    /// `+I(k, a, b)`; a padded row passes `None` for b.
    #[inline]
    pub fn insert(&mut self, _k: i64, _a: i64, b: Option<i64>) {
        self.inserts += 1;
        self.sum_col3 = self.sum_col3.wrapping_add(b.unwrap_or(0));
    }
    /// `-D(k, a, NULL)`: a padded row retracted.
    #[inline]
    pub fn delete(&mut self, _k: i64, _a: i64) {
        self.deletes += 1;
    }
    /// The rows left in the result: inserts minus retractions.
    pub fn net(&self) -> u64 {
        self.inserts - self.deletes
    }
}
