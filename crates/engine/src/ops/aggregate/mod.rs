//! What aggregations share: the accumulators of each aggregate function
//! ([`accumulators`]). The operators are [`super::group_aggregate`] and
//! [`super::window_aggregate`].

pub mod accumulators;
