//! Every common audio format is accepted (Ogg Opus and WebM Opus here, written by the `ogg`
//! and `webm-iterable` crates: no binary fixtures), a type the upload refuses is refused when
//! it opens, before any byte, and a file's title tag is kept for its chapter's title.
use base64::Engine;
use serde_json::Value;
use webm_iterable::{
    matroska_spec::{Master, MatroskaSpec},
    WebmWriter,
};

use crate::{
    console::editor,
    helpers::{spawn_app, TestApp, TestUser},
    uploads::patch,
};

const TITLE: &str = "第一章 雨夜";
/// Opus codes 20 ms frames at 48 kHz: 100 of them make two seconds.
const FRAMES: u64 = 100;
const FRAME_SAMPLES: u64 = 960;
const PRE_SKIP: u16 = 312;
/// A mono SILK 20 ms frame's table-of-contents byte with no frame data: the smallest Opus
/// packet, decoded as silence.
const SILENT_PACKET: [u8; 1] = [1 << 3];

fn opus_head() -> Vec<u8> {
    let mut head = b"OpusHead".to_vec();
    head.push(1); // version
    head.push(1); // channels
    head.extend_from_slice(&PRE_SKIP.to_le_bytes());
    head.extend_from_slice(&48_000u32.to_le_bytes());
    head.extend_from_slice(&0i16.to_le_bytes()); // output gain
    head.push(0); // channel mapping family
    head
}

fn opus_tags(title: &str) -> Vec<u8> {
    let vendor = b"tingshu tests";
    let comment = format!("TITLE={title}");
    let mut tags = b"OpusTags".to_vec();
    tags.extend_from_slice(&(vendor.len() as u32).to_le_bytes());
    tags.extend_from_slice(vendor);
    tags.extend_from_slice(&1u32.to_le_bytes());
    tags.extend_from_slice(&(comment.len() as u32).to_le_bytes());
    tags.extend_from_slice(comment.as_bytes());
    tags
}

/// Two seconds of Ogg Opus titled `title`.
pub fn ogg_opus(title: &str) -> Vec<u8> {
    use ogg::writing::{PacketWriteEndInfo, PacketWriter};
    let mut bytes = Vec::new();
    {
        let mut writer = PacketWriter::new(&mut bytes);
        let serial = 0x7453;
        writer
            .write_packet(opus_head(), serial, PacketWriteEndInfo::EndPage, 0)
            .unwrap();
        writer
            .write_packet(opus_tags(title), serial, PacketWriteEndInfo::EndPage, 0)
            .unwrap();
        for frame in 1..=FRAMES {
            let end = if frame == FRAMES {
                PacketWriteEndInfo::EndStream
            } else {
                PacketWriteEndInfo::NormalPacket
            };
            let granule = u64::from(PRE_SKIP) + frame * FRAME_SAMPLES;
            writer
                .write_packet(SILENT_PACKET.to_vec(), serial, end, granule)
                .unwrap();
        }
    }
    bytes
}

/// Two seconds of WebM Opus, its track titled `title` in its tags; without `stated_length`
/// its header states no duration, as a browser's recorder writes it.
pub fn webm_opus(title: &str, stated_length: bool) -> Vec<u8> {
    use MatroskaSpec as M;
    let mut info = vec![
        M::TimestampScale(1_000_000),
        M::MuxingApp("tingshu tests".into()),
        M::WritingApp("tingshu tests".into()),
    ];
    if stated_length {
        info.push(M::Duration((FRAMES * 20) as f64));
    }
    let mut tags = vec![
        M::Ebml(Master::Full(vec![
            M::EbmlVersion(1),
            M::EbmlReadVersion(1),
            M::EbmlMaxIdLength(4),
            M::EbmlMaxSizeLength(8),
            M::DocType("webm".into()),
            M::DocTypeVersion(4),
            M::DocTypeReadVersion(2),
        ])),
        M::Segment(Master::Start),
        M::Info(Master::Full(info)),
        M::Tracks(Master::Full(vec![M::TrackEntry(Master::Full(vec![
            M::TrackNumber(1),
            M::TrackUID(1),
            M::TrackType(2),
            M::CodecID("A_OPUS".into()),
            M::CodecPrivate(opus_head()),
            M::Audio(Master::Full(vec![
                M::SamplingFrequency(48_000.0),
                M::Channels(1),
            ])),
        ]))])),
        M::Tags(Master::Full(vec![M::Tag(Master::Full(vec![
            M::Targets(Master::Full(vec![M::TargetTypeValue(30)])),
            M::SimpleTag(Master::Full(vec![
                M::TagName("TITLE".into()),
                M::TagString(title.into()),
            ])),
        ]))])),
        M::Cluster(Master::Start),
        M::Timestamp(0),
    ];
    for frame in 0..FRAMES {
        // Track 1, the frame's time from the cluster's in ms, a key frame, then the packet.
        let mut block = vec![0x81];
        block.extend_from_slice(&((frame * 20) as i16).to_be_bytes());
        block.push(0x80);
        block.extend_from_slice(&SILENT_PACKET);
        tags.push(M::SimpleBlock(block));
    }
    tags.push(M::Cluster(Master::End));
    tags.push(M::Segment(Master::End));
    let mut bytes = Vec::new();
    {
        let mut writer = WebmWriter::new(&mut bytes);
        for tag in &tags {
            writer.write(tag).unwrap();
        }
    }
    bytes
}

fn b64(text: &str) -> String {
    base64::engine::general_purpose::STANDARD.encode(text)
}

/// Opens an audio upload declaring `name` and, when given, the browser's media type.
async fn open_declared(
    app: &TestApp,
    user: &TestUser,
    name: &str,
    file_type: Option<&str>,
    size: usize,
    lang: &str,
) -> (u16, Value) {
    let mut metadata = format!("filename {},kind {}", b64(name), b64("audio"));
    if let Some(file_type) = file_type {
        metadata.push_str(&format!(",filetype {}", b64(file_type)));
    }
    let response = app
        .client
        .post(app.url("/api/admin/uploads"))
        .bearer_auth(&user.access_token)
        .header("accept-language", lang)
        .header("Tus-Resumable", "1.0.0")
        .header("Upload-Length", size.to_string())
        .header("Upload-Metadata", metadata)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Sends `bytes` as `name` (declared `file_type`) in one request; answers the stored upload.
async fn upload_declared(
    app: &TestApp,
    user: &TestUser,
    name: &str,
    file_type: &str,
    bytes: Vec<u8>,
) -> Value {
    let (status, body) = open_declared(app, user, name, Some(file_type), bytes.len(), "en").await;
    assert_eq!(status, 201, "{name}: {body}");
    let id = body["data"]["id"].as_str().unwrap().to_owned();
    let (status, _, error) = patch(app, user, &id, 0, bytes).await;
    assert_eq!(status, 204, "{name}: {error}");
    let response = app
        .client
        .get(app.url(&format!("/api/admin/uploads/{id}")))
        .bearer_auth(&user.access_token)
        .send()
        .await
        .unwrap();
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// A free book (id 1) for the chapters below.
async fn free_book(app: &TestApp) {
    app.sql("INSERT INTO categories (id, slug, name_zh, name_en, name_ja, created_at) VALUES (1, 'c', '类', 'C', 'C', 0)")
        .await;
    app.sql("INSERT INTO authors (id, name) VALUES (1, '作者')")
        .await;
    app.sql("INSERT INTO books (id, title, author_id, description, category_id, access, created_at, updated_at) VALUES (1, '免费书', 1, '', 1, 'free', 0, 0)")
        .await;
}

/// The free book's chapter `chapter_id`, playing the asset `asset_id`.
async fn free_chapter(app: &TestApp, chapter_id: i64, asset_id: i64) {
    app.sql(&format!(
        "INSERT INTO chapters (id, book_id, idx, title, asset_id, is_free, created_at) VALUES ({chapter_id}, 1, {chapter_id}, 't', {asset_id}, false, 0)"
    ))
    .await;
}

#[tokio::test]
async fn ogg_opus_and_webm_opus_are_stored_with_their_length_title_and_playable_type() {
    let app = spawn_app().await;
    let editor = editor(&app, "opus").await;
    free_book(&app).await;
    for (chapter, name, declared, bytes, served) in [
        (1, "ch2.opus", "audio/ogg", ogg_opus(TITLE), "audio/ogg"),
        (
            2,
            "ch3.webm",
            "video/webm",
            webm_opus(TITLE, true),
            "audio/webm",
        ),
        (
            3,
            "recorded.weba",
            "audio/webm",
            webm_opus(TITLE, false),
            "audio/webm",
        ),
    ] {
        let stored = upload_declared(&app, &editor, name, declared, bytes).await;
        assert_eq!(stored["status"], "complete", "{name}: {stored}");
        let asset = &stored["asset"];
        assert_eq!(asset["mime"], served, "{name}");
        let seconds = asset["durationSecs"].as_f64().unwrap();
        assert!((seconds - 2.0).abs() < 0.05, "{name}: {seconds}");
        assert_eq!(asset["tags"]["title"], TITLE, "{name}: {asset}");

        free_chapter(&app, chapter, asset["id"].as_i64().unwrap()).await;
        let response = app
            .client
            .get(app.url(&format!("/api/chapters/{chapter}/audio")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{name}");
        assert_eq!(response.headers()["content-type"], served, "{name}");
    }
}

#[tokio::test]
async fn a_refused_type_is_refused_when_the_upload_opens_before_any_byte() {
    let app = spawn_app().await;
    let editor = editor(&app, "gatekeeper").await;
    for (name, declared, found) in [
        ("notes.txt", Some("text/plain"), ".txt"),
        ("film.mp4", None, ".mp4"),
        ("recording", Some("video/mp4"), "video/mp4"),
        ("ch1.mp3", Some("image/png"), "image/png"),
    ] {
        let (status, body) = open_declared(&app, &editor, name, declared, 5_000_000, "en").await;
        assert_eq!(status, 415, "{name}: {body}");
        assert_eq!(body["code"], "unsupported_media_type");
        assert!(body["message"].as_str().unwrap().contains(found), "{body}");
        let accepted = body["fields"]["file"].as_str().unwrap();
        assert!(
            accepted.contains("opus") && accepted.contains("webm"),
            "{accepted}"
        );
    }
    let (status, body) = open_declared(&app, &editor, "notes.txt", None, 10, "zh").await;
    assert_eq!(status, 415);
    assert!(
        body["message"].as_str().unwrap().contains("不接受"),
        "{body}"
    );
    // Nothing was opened: no row, no part file waits for bytes.
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM uploads").await, 0);
    let parts = std::fs::read_dir(app.config.data_dir.join("uploads"))
        .map(|entries| entries.count())
        .unwrap_or(0);
    assert_eq!(parts, 0);
    // A name and type of an accepted format open as before.
    for (name, declared) in [("ch2.opus", Some("audio/ogg")), ("ep.01", None)] {
        let (status, body) = open_declared(&app, &editor, name, declared, 10, "en").await;
        assert_eq!(status, 201, "{name}: {body}");
    }
}
