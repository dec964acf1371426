//! Uploads across instances (PostgreSQL and an S3 store): every request's bytes are also kept in the store as
//! one piece, `uploads/<id>/<start>-<end>`, and the row's `received` moves on only when that
//! piece is there, by an update that expects the offset the request began at (so of two
//! instances appending at once, one wins). An instance whose part file is behind fills it from
//! the pieces before it appends; the pieces go when the upload ends.
use std::path::Path;

use sea_orm::{sea_query::Expr, ColumnTrait, EntityTrait, QueryFilter};

use super::{storage_error, view::UploadStatus, Uploads};
use crate::{
    entities::upload,
    error::{ApiError, ApiResult},
};

/// Where the pieces of uploads in progress are kept in the store (never a file's key).
pub const PREFIX: &str = "uploads";

fn piece_key(id: &str, start: u64, end: u64) -> String {
    format!("{PREFIX}/{id}/{start:020}-{end:020}")
}

/// The piece's byte range, read back from its key.
fn piece_range(key: &str) -> Option<(u64, u64)> {
    let name = key.rsplit('/').next()?;
    let (start, end) = name.split_once('-')?;
    Some((start.parse().ok()?, end.parse().ok()?))
}

/// Keeps bytes `start..end` of the part file in the store.
pub(super) async fn keep_piece(
    uploads: &Uploads,
    part: &Path,
    id: &str,
    start: u64,
    end: u64,
) -> anyhow::Result<()> {
    uploads
        .storage
        .put_file_range(part, start, end - start, &piece_key(id, start, end))
        .await
}

/// Moves the upload's received count from `from` to `to`; false when another request moved
/// it first (or the upload ended).
pub(super) async fn acknowledge(
    uploads: &Uploads,
    id: &str,
    from: u64,
    to: u64,
) -> ApiResult<bool> {
    let txn = uploads.db.begin_write().await?;
    let moved = upload::Entity::update_many()
        .col_expr(upload::Column::Received, Expr::value(to as i64))
        .col_expr(upload::Column::UpdatedAt, Expr::value(super::now_ms()))
        .filter(upload::Column::Id.eq(id))
        .filter(upload::Column::Received.eq(from as i64))
        .filter(upload::Column::Status.eq(UploadStatus::Receiving.as_str()))
        .exec(&txn)
        .await?;
    txn.commit().await?;
    Ok(moved.rows_affected == 1)
}

/// Makes the part file hold exactly the `received` bytes: cut back when it holds more (bytes no
/// instance acknowledged), filled from the pieces when it holds less (received elsewhere), as
/// long as the staging disk keeps its floor (507 otherwise); 503 when the store cannot give them.
pub(super) async fn catch_up(
    uploads: &Uploads,
    part: &Path,
    id: &str,
    received: u64,
) -> ApiResult<()> {
    let mut file = tokio::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(part)
        .await
        .map_err(|error| storage_error(error, "cannot open the part file"))?;
    let held = file
        .metadata()
        .await
        .map_err(|error| storage_error(error, "cannot read the part file"))?
        .len();
    if held >= received {
        return file
            .set_len(received)
            .await
            .map_err(|error| storage_error(error, "cannot cut the part file back"));
    }
    if !uploads.room_for(received - held) {
        return Err(ApiError::InsufficientStorage);
    }
    fill(uploads, &mut file, id, held, received)
        .await
        .map_err(|error| {
            tracing::warn!(upload = %id, error = %format!("{error:#}"), "upload not resumed");
            ApiError::Unavailable
        })
}

/// Appends bytes `from..to` of the upload, from its pieces in the store, to `file`.
async fn fill(
    uploads: &Uploads,
    file: &mut tokio::fs::File,
    id: &str,
    from: u64,
    to: u64,
) -> anyhow::Result<()> {
    let pieces: Vec<(u64, u64, String)> = uploads
        .storage
        .keys_under(&format!("{PREFIX}/{id}"))
        .await?
        .into_iter()
        .filter_map(|key| piece_range(&key).map(|(start, end)| (start, end, key)))
        .collect();
    let Some(chain) = chain(&pieces, from, to) else {
        anyhow::bail!("the upload's bytes {from}..{to} are in no stored pieces");
    };
    for key in chain {
        uploads.storage.append_to_file(key, file).await?;
    }
    Ok(())
}

/// The pieces that hold bytes `from..to` one after the other. A request that lost its race
/// leaves a piece no chain needs, so each offset's pieces are tried in turn, longest first.
fn chain(pieces: &[(u64, u64, String)], from: u64, to: u64) -> Option<Vec<&str>> {
    if from == to {
        return Some(Vec::new());
    }
    let mut next: Vec<&(u64, u64, String)> = pieces
        .iter()
        .filter(|(start, end, _)| *start == from && *end <= to && *end > from)
        .collect();
    next.sort_by_key(|piece| std::cmp::Reverse(piece.1));
    next.into_iter().find_map(|(_, end, key)| {
        let mut rest = chain(pieces, *end, to)?;
        rest.insert(0, key.as_str());
        Some(rest)
    })
}

/// Removes the upload's pieces (it is complete, cancelled or dropped).
pub(super) async fn forget_pieces(uploads: &Uploads, id: &str) {
    let removed = async {
        for key in uploads
            .storage
            .keys_under(&format!("{PREFIX}/{id}"))
            .await?
        {
            uploads.storage.delete(&key).await?;
        }
        anyhow::Ok(())
    };
    if let Err(error) = removed.await {
        tracing::warn!(upload = %id, %error, "an upload's stored pieces not all removed");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pieces_range_is_read_back_from_its_key() {
        let key = piece_key("0b6c", 1_048_576, 2_097_152);
        assert_eq!(
            key,
            "uploads/0b6c/00000000000001048576-00000000000002097152"
        );
        assert_eq!(piece_range(&key), Some((1_048_576, 2_097_152)));
        assert_eq!(piece_range("uploads/0b6c/readme"), None);
    }

    #[test]
    fn the_chain_skips_the_pieces_of_requests_that_lost() {
        let pieces: Vec<(u64, u64, String)> = [(0, 100), (0, 150), (100, 200), (200, 260)]
            .into_iter()
            .map(|(start, end)| (start, end, format!("{start}-{end}")))
            .collect();
        assert_eq!(chain(&pieces, 0, 200), Some(vec!["0-100", "100-200"]));
        assert_eq!(chain(&pieces, 100, 260), Some(vec!["100-200", "200-260"]));
        assert_eq!(chain(&pieces, 0, 150), Some(vec!["0-150"]));
        assert_eq!(chain(&pieces, 0, 250), None, "no piece ends at 250");
        assert_eq!(chain(&pieces, 7, 7), Some(vec![]));
    }
}
