//! Resumable uploads (tus): chunks, a dropped connection resumed, sniffing refusals, limits,
//! concurrent senders, and the S3 path (an object store other than the disk).
use base64::Engine;
use futures_util::future::join_all;
use object_store::ObjectStoreExt;
use reqwest::StatusCode;
use sea_orm::ConnectionTrait;
use serde_json::Value;
use tokio::io::AsyncWriteExt;

use crate::{
    console::editor,
    helpers::{spawn_app, spawn_app_with, TestApp, TestUser},
};

/// A mono 8 kHz 16-bit WAV of `seconds`.
pub fn wav(seconds: f32) -> Vec<u8> {
    let mut cursor = std::io::Cursor::new(Vec::new());
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: 8000,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut writer = hound::WavWriter::new(&mut cursor, spec).unwrap();
    for i in 0..(8000.0 * seconds) as u32 {
        writer
            .write_sample(((i as f32 * 0.07).sin() * 8000.0) as i16)
            .unwrap();
    }
    writer.finalize().unwrap();
    cursor.into_inner()
}

fn b64(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// Opens an upload; answers the status and the JSON.
pub async fn open(
    app: &TestApp,
    user: &TestUser,
    name: &str,
    kind: &str,
    size: usize,
) -> (u16, Value) {
    let response = app
        .client
        .post(app.url("/api/admin/uploads"))
        .bearer_auth(&user.access_token)
        .header("accept-language", "en")
        .header("Tus-Resumable", "1.0.0")
        .header("Upload-Length", size.to_string())
        .header(
            "Upload-Metadata",
            format!("filename {},kind {}", b64(name), b64(kind)),
        )
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    if status == 201 {
        let location = response.headers()["location"].to_str().unwrap().to_owned();
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            location,
            format!(
                "/api/admin/uploads/{}",
                body["data"]["id"].as_str().unwrap()
            )
        );
        return (status, body);
    }
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Sends `bytes` at `offset`; answers the status, the new offset and the JSON of an error.
pub async fn patch(
    app: &TestApp,
    user: &TestUser,
    id: &str,
    offset: usize,
    bytes: Vec<u8>,
) -> (u16, Option<u64>, Value) {
    let response = app
        .client
        .patch(app.url(&format!("/api/admin/uploads/{id}")))
        .bearer_auth(&user.access_token)
        .header("accept-language", "en")
        .header("Tus-Resumable", "1.0.0")
        .header("Content-Type", "application/offset+octet-stream")
        .header("Upload-Offset", offset.to_string())
        .body(bytes)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let offset = response
        .headers()
        .get("upload-offset")
        .map(|value| value.to_str().unwrap().parse().unwrap());
    (status, offset, response.json().await.unwrap_or(Value::Null))
}

async fn head_offset(app: &TestApp, user: &TestUser, id: &str) -> u64 {
    let response = app
        .client
        .head(app.url(&format!("/api/admin/uploads/{id}")))
        .bearer_auth(&user.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["cache-control"], "no-store");
    assert_eq!(response.headers()["tus-resumable"], "1.0.0");
    response.headers()["upload-offset"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap()
}

async fn status_of(app: &TestApp, user: &TestUser, id: &str) -> Value {
    let response = app
        .client
        .get(app.url(&format!("/api/admin/uploads/{id}")))
        .bearer_auth(&user.access_token)
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// Uploads `bytes` whole in chunks of `chunk`; answers the finished upload's JSON.
pub async fn upload(
    app: &TestApp,
    user: &TestUser,
    name: &str,
    kind: &str,
    bytes: &[u8],
    chunk: usize,
) -> Value {
    let (status, body) = open(app, user, name, kind, bytes.len()).await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].as_str().unwrap().to_owned();
    let mut offset = 0;
    for part in bytes.chunks(chunk) {
        let (status, next, error) = patch(app, user, &id, offset, part.to_vec()).await;
        assert_eq!(status, 204, "{error}");
        offset += part.len();
        assert_eq!(next, Some(offset as u64));
    }
    status_of(app, user, &id).await
}

fn part_files(app: &TestApp) -> usize {
    std::fs::read_dir(app.config.data_dir.join("uploads"))
        .map(|entries| entries.count())
        .unwrap_or(0)
}

#[tokio::test]
async fn an_audio_file_sent_in_chunks_is_probed_stored_and_recorded() {
    for store in [None, Some("memory://")] {
        let app = spawn_app_with(|config| config.storage_url = store.map(str::to_owned)).await;
        let editor = editor(&app, "uploader").await;
        let bytes = wav(1.5);
        let done = upload(&app, &editor, "第01章 雨夜.wav", "audio", &bytes, 7000).await;
        assert_eq!(done["status"], "complete", "{done}");
        assert_eq!(done["received"], bytes.len());
        let asset = &done["asset"];
        assert_eq!(asset["mime"], "audio/wav");
        assert_eq!(asset["bytes"], bytes.len());
        assert_eq!(asset["originalName"], "第01章 雨夜.wav");
        let duration = asset["durationSecs"].as_f64().unwrap();
        assert!((duration - 1.5).abs() < 0.01, "{duration}");
        // Stored under a generated name, the same bytes, nothing left in staging.
        let key: String = {
            let id = asset["id"].as_i64().unwrap();
            let row = app
                .db
                .query_one_raw(sea_orm::Statement::from_string(
                    app.db.get_database_backend(),
                    format!("SELECT storage_key FROM assets WHERE id = {id}"),
                ))
                .await
                .unwrap()
                .unwrap();
            row.try_get_by_index(0).unwrap()
        };
        assert!(key.starts_with("audio/") && key.ends_with(".wav"), "{key}");
        assert!(!key.contains("雨夜"));
        let stored = app
            .storage
            .store()
            .get(&object_store::path::Path::parse(&key).unwrap())
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        assert_eq!(stored.as_ref(), bytes.as_slice());
        assert_eq!(part_files(&app), 0);
        assert_eq!(
            app.sql_count("SELECT COUNT(*) FROM audit_log WHERE action = 'asset.create'")
                .await,
            1
        );
        // The same bytes again: the stored file is reused, not stored twice.
        let again = upload(&app, &editor, "copy.wav", "audio", &bytes, 1 << 20).await;
        assert_eq!(again["asset"]["id"], asset["id"]);
        assert_eq!(app.sql_count("SELECT COUNT(*) FROM assets").await, 1);
    }
}

#[tokio::test]
async fn a_dropped_connection_keeps_what_arrived_and_the_upload_resumes() {
    let app = spawn_app().await;
    let editor = editor(&app, "resumer").await;
    let bytes = wav(2.0);
    let (_, body) = open(&app, &editor, "long.wav", "audio", bytes.len()).await;
    let id = body["data"]["id"].as_str().unwrap().to_owned();

    // A raw connection promises the whole file and drops after 10,000 bytes.
    let address = app.address.trim_start_matches("http://").to_owned();
    let mut socket = tokio::net::TcpStream::connect(&address).await.unwrap();
    let head = format!(
        "PATCH /api/admin/uploads/{id} HTTP/1.1\r\nHost: {address}\r\nAuthorization: Bearer {}\r\n\
         Tus-Resumable: 1.0.0\r\nContent-Type: application/offset+octet-stream\r\n\
         Upload-Offset: 0\r\nContent-Length: {}\r\n\r\n",
        editor.access_token,
        bytes.len()
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    socket.write_all(&bytes[..10_000]).await.unwrap();
    socket.flush().await.unwrap();
    drop(socket);

    let mut offset = 0;
    for _ in 0..100 {
        offset = head_offset(&app, &editor, &id).await;
        if offset == 10_000 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(offset, 10_000, "the bytes that arrived are kept");
    assert_eq!(status_of(&app, &editor, &id).await["status"], "receiving");
    // Resuming anywhere else is refused with where to resume, once the dropped request has let
    // go of the upload (until then a request is refused as `upload_busy`, which a client retries).
    let mut refused = patch(&app, &editor, &id, 0, bytes.clone()).await;
    for _ in 0..100 {
        if refused.2["code"] != "upload_busy" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        refused = patch(&app, &editor, &id, 0, bytes.clone()).await;
    }
    let (status, _, error) = refused;
    assert_eq!(status, 409, "{error}");
    assert_eq!(error["code"], "upload_offset_mismatch");
    assert_eq!(error["fields"]["Upload-Offset"], "10000");
    let (status, next, error) = patch(&app, &editor, &id, 10_000, bytes[10_000..].to_vec()).await;
    assert_eq!(status, 204, "{error}");
    assert_eq!(next, Some(bytes.len() as u64));
    let done = status_of(&app, &editor, &id).await;
    assert_eq!(done["status"], "complete");
    let duration = done["asset"]["durationSecs"].as_f64().unwrap();
    assert!((duration - 2.0).abs() < 0.01);
    // A finished upload takes no more bytes.
    let (status, _, error) = patch(&app, &editor, &id, bytes.len(), vec![1]).await;
    assert_eq!(
        (status, error["code"].as_str()),
        (409, Some("upload_closed"))
    );
}

#[tokio::test]
async fn the_bytes_must_be_what_the_upload_is_for_whatever_the_name() {
    let app = spawn_app().await;
    let editor = editor(&app, "sniffer").await;
    let png = {
        let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
        bytes.resize(2000, 0);
        bytes
    };
    let mut fake_mp3 = b"ID3".to_vec();
    fake_mp3.extend(std::iter::repeat_n(0u8, 3000));
    for (name, kind, bytes, found) in [
        ("cover.mp3", "audio", png.clone(), Some("image/png")),
        ("notes.mp3", "audio", b"just some words".repeat(50), None),
        ("tone.png", "image", wav(0.2), Some("audio/x-wav")),
        ("broken.mp3", "audio", fake_mp3, None),
    ] {
        let (status, body) = open(&app, &editor, name, kind, bytes.len()).await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["id"].as_str().unwrap().to_owned();
        let (status, _, error) = patch(&app, &editor, &id, 0, bytes).await;
        assert_eq!(status, 415, "{name}: {error}");
        assert_eq!(error["code"], "unsupported_media_type");
        let field = error["fields"]["file"].as_str().unwrap();
        if let Some(found) = found {
            assert!(field.contains(found), "{name}: {field}");
        }
        let failed = status_of(&app, &editor, &id).await;
        assert_eq!(failed["status"], "failed", "{name}");
        assert!(failed["error"].as_str().unwrap().len() > 10, "{failed}");
        assert!(failed.get("asset").is_none());
    }
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM assets").await, 0);
    assert_eq!(part_files(&app), 0, "refused bytes are not kept");
}

#[tokio::test]
async fn limits_headers_and_owners_are_enforced() {
    let app = spawn_app_with(|config| config.max_image_upload_mb = 1).await;
    let limited = editor(&app, "limited").await;
    let (status, body) = open(&app, &limited, "huge.png", "image", 2 * 1024 * 1024).await;
    assert_eq!(status, 400);
    assert!(
        body["fields"]["size"].as_str().unwrap().contains("1 MB"),
        "{body}"
    );
    let (status, body) = open(&app, &limited, " ", "audio", 10).await;
    assert_eq!(
        (status, body["fields"]["fileName"].is_string()),
        (400, true)
    );
    let (status, body) = open(&app, &limited, "a.wav", "video", 10).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["fields"]["Upload-Metadata"].is_string());

    let (_, body) = open(&app, &limited, "a.wav", "audio", 100).await;
    let id = body["data"]["id"].as_str().unwrap().to_owned();
    // More than declared: 413, nothing appended.
    let (status, _, _) = patch(&app, &limited, &id, 0, vec![0; 101]).await;
    assert_eq!(status, 413);
    assert_eq!(head_offset(&app, &limited, &id).await, 0);
    // The tus body type only.
    let response = app
        .client
        .patch(app.url(&format!("/api/admin/uploads/{id}")))
        .bearer_auth(&limited.access_token)
        .header("Content-Type", "application/json")
        .header("Upload-Offset", "0")
        .body("{}")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);

    // Another editor's upload does not exist for them; a listener is refused outright.
    let other = editor(&app, "other").await;
    let (status, _, _) = patch(&app, &other, &id, 0, vec![0; 10]).await;
    assert_eq!(status, 404);
    let listener = app.signed_up_user("listener").await;
    let (status, _) = open(&app, &listener, "a.wav", "audio", 10).await;
    assert_eq!(status, 403);
    let response = app
        .client
        .get(app.url("/api/admin/uploads/not-a-uuid"))
        .bearer_auth(&limited.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);

    // Cancelling drops the part file.
    let (status, _, _) = patch(&app, &limited, &id, 0, vec![0; 10]).await;
    assert_eq!(status, 204);
    let response = app
        .client
        .delete(app.url(&format!("/api/admin/uploads/{id}")))
        .bearer_auth(&limited.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    assert_eq!(status_of(&app, &limited, &id).await["status"], "cancelled");
    assert_eq!(part_files(&app), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_senders_of_one_chunk_append_it_once() {
    let app = spawn_app().await;
    let editor = editor(&app, "racer").await;
    let bytes = wav(1.0);
    let (_, body) = open(&app, &editor, "race.wav", "audio", bytes.len()).await;
    let id = body["data"]["id"].as_str().unwrap().to_owned();
    let half = bytes.len() / 2;
    let attempts = (0..16).map(|_| patch(&app, &editor, &id, 0, bytes[..half].to_vec()));
    let outcomes = join_all(attempts).await;
    let appended = outcomes
        .iter()
        .filter(|(status, ..)| *status == 204)
        .count();
    assert_eq!(appended, 1, "{outcomes:?}");
    for (status, _, error) in &outcomes {
        assert!(
            *status == 204 || (*status == 409 && error["code"] != "upload_closed"),
            "{status} {error}"
        );
    }
    assert_eq!(head_offset(&app, &editor, &id).await, half as u64);
    let finals = (0..16).map(|_| patch(&app, &editor, &id, half, bytes[half..].to_vec()));
    let outcomes = join_all(finals).await;
    assert_eq!(
        outcomes
            .iter()
            .filter(|(status, ..)| *status == 204)
            .count(),
        1,
        "{outcomes:?}"
    );
    let done = status_of(&app, &editor, &id).await;
    assert_eq!(done["status"], "complete");
    assert_eq!(done["asset"]["bytes"], bytes.len());
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM assets").await, 1);
}
