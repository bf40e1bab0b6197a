//! State TTL bookkeeping shared by the regular and multi-way joins: the keys a join wrote, in
//! processing-time order, so expiring state looks only at keys that may have run out.
//!
//! ```text
//! write k1 @10   write k2 @12   write k1 @15          TTL 5, now 16
//! queue: (10,k1) (12,k2) (15,k1)  → pop_expired: k1 (10+5 ≤ 16), then None (12+5 > 16)
//! ```
//! A key comes out once per write; the join then drops only that key's rows whose own last
//! write is at least TTL old (a later write of the same key keeps its rows).

use std::collections::VecDeque;

#[derive(Debug)]
pub struct WriteQueue<K> {
    writes: VecDeque<(i64, K)>,
}

impl<K> Default for WriteQueue<K> {
    fn default() -> Self {
        WriteQueue { writes: VecDeque::new() }
    }
}

impl<K> WriteQueue<K> {
    /// `key` was written at processing time `now`.
    pub fn push(&mut self, now: i64, key: K) {
        self.writes.push_back((now, key));
    }

    /// The next key written at least `ttl` ms before `now`, oldest write first.
    pub fn pop_expired(&mut self, now: i64, ttl: i64) -> Option<K> {
        let (t, _) = self.writes.front()?;
        if now < t.saturating_add(ttl) {
            return None;
        }
        self.writes.pop_front().map(|(_, k)| k)
    }
}

#[cfg(test)]
mod tests {
    use super::WriteQueue;

    #[test]
    fn keys_come_out_when_their_write_is_ttl_old() {
        let mut q = WriteQueue::default();
        q.push(10, "k1");
        q.push(12, "k2");
        q.push(15, "k1");
        assert_eq!(q.pop_expired(14, 5), None);
        assert_eq!(q.pop_expired(16, 5), Some("k1"));
        assert_eq!(q.pop_expired(16, 5), None);
        assert_eq!(q.pop_expired(20, 5), Some("k2"));
        assert_eq!(q.pop_expired(20, 5), Some("k1"));
        assert_eq!(q.pop_expired(i64::MAX, i64::MAX), None);
    }
}
