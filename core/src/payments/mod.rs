//! Orders and payments: the order state machine, what a paid membership grants and what its
//! refund takes back, prices by currency and the signature of payment notifications.
pub mod membership;
pub mod order;
pub mod webhook;
