//! What a purchase unlocks: a whole book, or one chapter of it.
use serde::{Deserialize, Serialize};

/// A purchase as stored: a book (`chapterId` null: the whole book) or one chapter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct Purchase {
    #[serde(default)]
    pub book_id: Option<i32>,
    #[serde(default)]
    pub chapter_id: Option<i32>,
}

/// Input of `purchaseCovers`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PurchaseCoversInput {
    /// The listener's purchases (any subset that includes those of this book).
    pub purchases: Vec<Purchase>,
    pub book_id: i32,
    pub chapter_id: i32,
}

/// `purchaseCovers`: whether the purchases unlock this chapter of this book. A purchase of
/// the whole book (its book, no chapter) unlocks every chapter of it; a chapter purchase
/// unlocks that chapter only, never its siblings.
pub fn purchase_covers(input: PurchaseCoversInput) -> bool {
    covers(&input.purchases, input.book_id, input.chapter_id)
}

/// [`purchase_covers`] over borrowed purchases, for callers asking of many chapters.
pub fn covers(purchases: &[Purchase], book_id: i32, chapter_id: i32) -> bool {
    purchases.iter().any(|purchase| match purchase.chapter_id {
        None => purchase.book_id == Some(book_id),
        Some(chapter) => chapter == chapter_id,
    })
}

/// Whether the purchases include the whole book (not only some of its chapters): what a
/// book's page shows as bought.
pub fn covers_book(purchases: &[Purchase], book_id: i32) -> bool {
    purchases
        .iter()
        .any(|purchase| purchase.chapter_id.is_none() && purchase.book_id == Some(book_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covers(purchases: &[(Option<i32>, Option<i32>)], book_id: i32, chapter_id: i32) -> bool {
        purchase_covers(PurchaseCoversInput {
            purchases: purchases
                .iter()
                .map(|&(book_id, chapter_id)| Purchase {
                    book_id,
                    chapter_id,
                })
                .collect(),
            book_id,
            chapter_id,
        })
    }

    #[test]
    fn a_whole_book_unlocks_its_chapters_and_a_chapter_only_itself() {
        assert!(covers(&[(Some(1), None)], 1, 10));
        assert!(!covers(&[(Some(2), None)], 1, 10));
        assert!(covers(&[(Some(1), Some(10))], 1, 10));
        assert!(!covers(&[(Some(1), Some(11))], 1, 10), "a sibling chapter");
        assert!(!covers(&[], 1, 10));
        assert!(!covers(&[(None, None)], 1, 10), "a purchase of nothing");
    }

    #[test]
    fn only_a_whole_book_purchase_buys_the_book() {
        let bought = |purchases: &[(Option<i32>, Option<i32>)]| {
            let purchases: Vec<Purchase> = purchases
                .iter()
                .map(|&(book_id, chapter_id)| Purchase {
                    book_id,
                    chapter_id,
                })
                .collect();
            covers_book(&purchases, 1)
        };
        assert!(bought(&[(Some(1), None)]));
        assert!(!bought(&[(Some(1), Some(10))]), "one chapter of it");
        assert!(!bought(&[(Some(2), None)]), "another book");
        assert!(!bought(&[]));
    }
}
