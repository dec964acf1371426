//! Rules of the console's people pages: a membership an administrator grants or takes away.
pub mod membership_change;
