//! A book's domain values as the API and the database spell them.
use serde::{Deserialize, Serialize};

use crate::spelling::Spelling;

/// Whether a book is still being published.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub enum BookStatus {
    /// New chapters are still coming.
    Serialising,
    /// Every chapter is out.
    Finished,
}

impl Spelling for BookStatus {
    const ALL: &'static [Self] = &[Self::Serialising, Self::Finished];

    fn as_str(self) -> &'static str {
        match self {
            Self::Serialising => "serialising",
            Self::Finished => "finished",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_status_reads_back_its_spelling_and_serialises_as_it() {
        crate::spelling::tests::round_trips::<BookStatus>();
        assert_eq!(BookStatus::parse("Finished"), None);
    }
}
