//! sea-orm entities, one module per table; only repository modules use them.
pub mod feedback;
