//! Uploads on a small disk (a tmpfs): part files keep their floor of free space, so abandoned
//! uploads never take the database's writes down; removing a part file never waits for the
//! database; and when something else fills the disk, the site frees itself of idle uploads.
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::{
    console::editor,
    disk::{app_on, free_bytes, test_disk},
    helpers::{TestApp, GOOD_PASSWORD},
    uploads::{open, patch},
};

const MIB: usize = 1 << 20;

/// The bytes of upload `id`'s part file (0 when it is gone).
fn part_len(app: &TestApp, id: &str) -> u64 {
    std::fs::metadata(app.config.data_dir.join(format!("uploads/{id}.part")))
        .map_or(0, |meta| meta.len())
}

/// Polls `/readyz` until it answers `status`, for at most `within`; answers whether it did.
async fn ready_becomes(app: &TestApp, status: u16, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    loop {
        if app.get("/readyz").await.status().as_u16() == status {
            return true;
        }
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_uploads_never_take_the_site_down_and_a_full_disk_frees_itself() {
    let Some(disk) = test_disk(100) else {
        return;
    };
    // A reserve of 8 MiB for the database: part files leave 16 MiB free.
    let app = app_on(&disk, 8).await;
    let editor = editor(&app, "uploader").await;

    // 25 MiB uploads are opened while what they await fits above the floor, then refused (507)
    // before a byte is sent: the open uploads' promised bytes count against the disk.
    let mut opened = Vec::new();
    let mut refused = None;
    for n in 0..5 {
        let (status, body) = open(&app, &editor, &format!("part{n}.wav"), "audio", 25 * MIB).await;
        match status {
            201 => opened.push(body["data"]["id"].as_str().unwrap().to_owned()),
            _ => {
                refused = Some((status, body));
                break;
            }
        }
    }
    let (status, body) = refused.expect("every 25 MiB upload was accepted on a 100 MiB disk");
    assert_eq!(status, 507, "{body}");
    assert!(
        opened.len() >= 2,
        "only {} uploads were opened",
        opened.len()
    );

    // Each is sent 24 MiB and abandoned: they all fit, and the site keeps taking writes.
    for id in &opened {
        for offset in (0..24 * MIB).step_by(MIB) {
            let (status, next, error) = patch(&app, &editor, id, offset, vec![1u8; MIB]).await;
            assert_eq!(status, 204, "{error}");
            assert_eq!(next, Some((offset + MIB) as u64));
        }
    }
    assert!(
        free_bytes(&disk.path()) >= 16 << 20,
        "the part files went below their floor"
    );
    assert_eq!(app.get("/readyz").await.status(), 200);
    let registration = app
        .register("kept@example.com", "kept", GOOD_PASSWORD)
        .await;
    assert_eq!(registration.status(), 200);
    let feedback = app
        .post_feedback(
            &json!({"category": "suggestion", "message": "still writing"}),
            "en",
        )
        .await;
    assert_eq!(feedback.status(), 200);

    // Something else eats the disk down to just above the floor: a chunk that would go below
    // it is refused (507) and the part file stays as it was.
    disk.fill((16 << 20) + (3 * MIB / 4) as u64);
    let id = &opened[0];
    let before = part_len(&app, id);
    let (status, _, error) = patch(&app, &editor, id, before as usize, vec![2u8; MIB / 2]).await;
    assert_eq!(
        status, 204,
        "a chunk that fits above the floor is taken: {error}"
    );
    let before = part_len(&app, id);
    let (status, _, error) = patch(&app, &editor, id, before as usize, vec![2u8; MIB / 2]).await;
    assert_eq!(status, 507, "{error}");
    assert_eq!(
        part_len(&app, id),
        before,
        "a refused chunk left bytes behind"
    );
    assert_eq!(
        app.get("/readyz").await.status(),
        200,
        "uploads reached the database's reserve"
    );

    // Then below the database's reserve: writes stop (503), and the editor's cancel, which
    // needs no write to free the space, brings them back.
    let filler = disk.fill(4 << 20);
    assert_eq!(app.get("/readyz").await.status(), 503);
    let response = app
        .client
        .delete(app.url(&format!("/api/admin/uploads/{}", opened[0])))
        .bearer_auth(&editor.access_token)
        .header("Tus-Resumable", "1.0.0")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 204, "the cancel needed a database write");
    assert_eq!(part_len(&app, &opened[0]), 0);
    assert!(ready_becomes(&app, 200, Duration::from_secs(5)).await);
    let registration = app
        .register("back@example.com", "back", GOOD_PASSWORD)
        .await;
    assert_eq!(registration.status(), 200);

    // Filled again with the other uploads idle: nobody acts, and the site frees itself within
    // a minute (uploads idle for 30 s are dropped while the disk is below the floor).
    std::fs::remove_file(&filler).unwrap();
    let _filler = disk.fill(4 << 20);
    assert_eq!(app.get("/readyz").await.status(), 503);
    assert!(
        ready_becomes(&app, 200, Duration::from_secs(60)).await,
        "the site stayed below its reserve with idle uploads on the disk"
    );
    let registration = app
        .register("alone@example.com", "alone", GOOD_PASSWORD)
        .await;
    assert_eq!(registration.status(), 200);
    for id in &opened[1..] {
        assert_eq!(
            part_len(&app, id),
            0,
            "idle upload {id} still holds its part file"
        );
        let status: Value = app
            .get_as(&format!("/api/admin/uploads/{id}"), &editor.access_token)
            .await
            .json()
            .await
            .unwrap();
        assert_eq!(status["data"]["status"], "failed", "{status}");
        assert!(
            status["data"]["error"]
                .as_str()
                .is_some_and(|why| !why.is_empty()),
            "{status}"
        );
    }
}
