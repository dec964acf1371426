//! Languages and the embedded text catalogue (`locales/{zh,en,ja}/core.json`).

pub mod lang;
pub mod texts;
