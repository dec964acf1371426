//! Covers: an uploaded image made into the standard sizes when it becomes a book's cover and
//! shown to listeners; demo books have generated covers. Only a book's cover is served, no
//! listener's request decodes an image more than once at a time, and an image that does not
//! decode, or has too many pixels, is refused at upload (or answers 404 when stored another way).
use std::io::{Cursor, Write};

use futures_util::future::join_all;
use reqwest::Method;
use serde_json::{json, Value};
use tingshu_server::covers::{key, CoverSize};

use crate::{
    catalog::demo_app,
    console::{create_book, create_category, editor, send},
    helpers::{spawn_app, TestApp, TestUser},
    uploads::{open, patch, upload, wav},
};

/// A PNG of `width` × `height`.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let image = image::RgbImage::from_fn(width, height, |x, y| {
        image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
    });
    let mut out = Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image)
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

#[tokio::test]
async fn an_uploaded_image_becomes_the_cover_in_every_size() {
    let app = spawn_app().await;
    let editor = editor(&app, "designer").await;
    let category = create_category(&app, &editor, "covers").await;
    let book = create_book(&app, &editor, category, "封面书").await;
    let id = book["id"].as_i64().unwrap();
    let image = upload(
        &app,
        &editor,
        "cover.png",
        "image",
        &png(1200, 900),
        1 << 20,
    )
    .await;
    assert_eq!(image["asset"]["mime"], "image/png", "{image}");
    let audio = upload(&app, &editor, "a.wav", "audio", &wav(0.2), 1 << 20).await;

    let path = format!("/api/admin/books/{id}/cover");
    let (status, body) = send(
        &app,
        Method::PUT,
        &path,
        &editor,
        Some(&json!({"assetId": audio["asset"]["id"]})),
    )
    .await;
    assert_eq!((status, body["fields"]["assetId"].is_string()), (400, true));
    let (status, body) = send(
        &app,
        Method::PUT,
        &path,
        &editor,
        Some(&json!({"assetId": image["asset"]["id"]})),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let cover_url = body["data"]["coverUrl"].as_str().unwrap().to_owned();
    assert!(cover_url.ends_with("/large"), "{cover_url}");
    // Its sizes were made as it was set: stored before anyone asks for them.
    let asset_id = image["asset"]["id"].as_i64().unwrap() as i32;
    for size in CoverSize::ALL {
        assert!(
            app.storage.exists(&key(asset_id, size)).await.unwrap(),
            "{size:?}"
        );
    }
    assert_eq!(app.state.covers.decodes(), 1);
    for (size, pixels) in [
        ("large", (600, 800)),
        ("card", (420, 560)),
        ("medium", (300, 400)),
        ("small", (150, 200)),
    ] {
        let url = cover_url.replace("/large", &format!("/{size}"));
        let response = app.get(&url).await;
        assert_eq!(response.status(), 200, "{url}");
        assert_eq!(response.headers()["content-type"], "image/jpeg");
        assert!(response.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable"));
        let decoded = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        assert_eq!((decoded.width(), decoded.height()), pixels, "{size}");
    }
    assert_eq!(app.get("/api/covers/1/huge").await.status(), 404);
    assert_eq!(app.get("/api/covers/999/large").await.status(), 404);
    // Listeners see it once the book is published.
    send(
        &app,
        Method::POST,
        "/api/admin/books/bulk",
        &editor,
        Some(&json!({"action": "publish", "ids": [id]})),
    )
    .await;
    let detail = book_detail(&app, id).await;
    assert_eq!(detail["data"]["coverUrl"], cover_url.as_str());
    // The srcset names every size by its width, each an address that answers that width.
    let srcset = detail["data"]["coverSrcset"].as_str().expect("a srcset");
    let candidates: Vec<(&str, &str)> = srcset
        .split(", ")
        .map(|candidate| candidate.split_once(' ').expect("address and width"))
        .collect();
    assert_eq!(candidates.len(), 4, "{srcset}");
    for (url, width) in candidates {
        let response = app.get(url).await;
        assert_eq!(response.status(), 200, "{url}");
        let decoded = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
        assert_eq!(format!("{}w", decoded.width()), width, "{url}");
    }
    // And no cover again.
    let (_, body) = send(
        &app,
        Method::PUT,
        &path,
        &editor,
        Some(&json!({"assetId": null})),
    )
    .await;
    assert!(body["data"]["coverUrl"].is_null(), "{body}");
    let detail = book_detail(&app, id).await;
    assert!(detail["data"]["coverUrl"].is_null(), "{detail}");
    assert!(detail["data"]["coverSrcset"].is_null(), "{detail}");
    // No longer any book's cover: not served, although its sizes are still stored.
    assert_eq!(app.get(&cover_url).await.status(), 404);
    // Listeners' requests decoded nothing.
    assert_eq!(app.state.covers.decodes(), 1);
}

/// A new book of `editor`'s titled `title`; answers its id.
async fn new_book(app: &TestApp, editor: &TestUser, title: &str) -> i64 {
    let category = create_category(app, editor, &format!("c-{}", title.len())).await;
    create_book(app, editor, category, title).await["id"]
        .as_i64()
        .unwrap()
}

/// Makes image `asset_id` the cover of book `book`; answers the status and the JSON.
async fn set_cover(app: &TestApp, editor: &TestUser, book: i64, asset_id: i64) -> (u16, Value) {
    send(
        app,
        Method::PUT,
        &format!("/api/admin/books/{book}/cover"),
        editor,
        Some(&json!({ "assetId": asset_id })),
    )
    .await
}

#[tokio::test]
async fn a_size_added_later_is_made_for_a_stored_cover_on_its_first_request() {
    let app = spawn_app().await;
    let editor = editor(&app, "designer").await;
    let book = new_book(&app, &editor, "后加尺寸").await;
    let image = upload(&app, &editor, "c.png", "image", &png(640, 480), 1 << 20).await;
    let asset_id = image["asset"]["id"].as_i64().unwrap() as i32;
    let (status, body) = set_cover(&app, &editor, book, asset_id.into()).await;
    assert_eq!(status, 200, "{body}");
    // A store from before `card` existed: the other sizes only.
    app.storage
        .delete(&key(asset_id, CoverSize::Card))
        .await
        .unwrap();
    let small = key(asset_id, CoverSize::Small);
    let small_before = app.storage.read(&small).await.unwrap();

    let response = app.get(&format!("/api/covers/{asset_id}/card")).await;
    assert_eq!(response.status(), 200);
    let decoded = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (420, 560));
    assert!(app
        .storage
        .exists(&key(asset_id, CoverSize::Card))
        .await
        .unwrap());
    // The sizes already stored are left as they were.
    assert_eq!(app.storage.read(&small).await.unwrap(), small_before);
}

/// A PNG of `side` × `side` pixels of one colour, written row by row (never whole in memory):
/// a few hundred KB that would decode to `side`² × 3 bytes.
fn solid_png(side: u32) -> Vec<u8> {
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend((data.len() as u32).to_be_bytes());
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(data);
        out.extend(kind);
        out.extend(data);
        out.extend(crc.sum().to_be_bytes());
    }
    let mut header = side.to_be_bytes().to_vec();
    header.extend(side.to_be_bytes());
    // 8 bits, RGB, deflate, no filter method, not interlaced.
    header.extend([8, 2, 0, 0, 0]);
    let mut pixels = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    let mut row = vec![0u8; 1 + side as usize * 3];
    for pixel in row[1..].chunks_exact_mut(3) {
        pixel.copy_from_slice(&[200, 40, 90]);
    }
    for _ in 0..side {
        pixels.write_all(&row).unwrap();
    }
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &pixels.finish().unwrap());
    chunk(&mut png, b"IEND", &[]);
    png
}

/// Sends `bytes` as one image upload; answers its id, and the status and JSON of the request
/// that sent them.
async fn upload_image(
    app: &TestApp,
    editor: &TestUser,
    name: &str,
    bytes: Vec<u8>,
) -> (String, u16, Value) {
    let (status, body) = open(app, editor, name, "image", bytes.len()).await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["id"].as_str().unwrap().to_owned();
    let (status, _, error) = patch(app, editor, &id, 0, bytes).await;
    (id, status, error)
}

#[tokio::test]
async fn an_image_of_too_many_pixels_or_that_does_not_decode_is_refused_at_upload() {
    let app = spawn_app().await;
    let editor = editor(&app, "designer").await;
    // The report's picture: 11500 × 11500, a few hundred KB, 397 MB once decoded.
    let huge = solid_png(11_500);
    assert!(huge.len() < 1 << 20, "{}", huge.len());
    assert!(image::ImageReader::new(Cursor::new(&huge))
        .with_guessed_format()
        .unwrap()
        .into_dimensions()
        .is_ok_and(|sides| sides == (11_500, 11_500)));
    let (huge_id, status, error) = upload_image(&app, &editor, "huge.png", huge).await;
    assert_eq!(status, 415, "{error}");
    assert_eq!(error["code"], "unsupported_media_type");
    assert_eq!(
        error["message"],
        "The image has more pixels than the server accepts."
    );
    assert_eq!(
        error["fields"]["file"],
        "At most 40 megapixels; this image is 11500 × 11500."
    );
    // A file that starts as a PNG and does not go on as one.
    let mut broken = png(300, 400);
    broken.truncate(broken.len() / 2);
    let (broken_id, status, error) = upload_image(&app, &editor, "broken.png", broken).await;
    assert_eq!(status, 415, "{error}");
    assert_eq!(
        error["fields"]["file"],
        "The file looks like an image but cannot be decoded."
    );
    // Neither was kept; the uploads say why, in the asker's language.
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM assets").await, 0);
    for (id, why) in [
        (huge_id, "画像の画素数が上限を超えています。"),
        (broken_id, "画像ファイルのようですが、デコードできません。"),
    ] {
        let failed: Value = app
            .client
            .get(app.url(&format!("/api/admin/uploads/{id}")))
            .bearer_auth(&editor.access_token)
            .header("accept-language", "ja")
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(failed["data"]["status"], "failed", "{failed}");
        assert_eq!(failed["data"]["error"], why, "{failed}");
    }
    // A picture within the limit is taken.
    let done = upload(&app, &editor, "fine.png", "image", &png(1200, 900), 1 << 20).await;
    assert_eq!(done["status"], "complete", "{done}");
}

#[tokio::test]
async fn only_an_image_that_is_a_books_cover_is_served() {
    let app = spawn_app().await;
    let editor = editor(&app, "designer").await;
    let image = upload(&app, &editor, "a.png", "image", &png(640, 480), 1 << 20).await;
    let asset_id = image["asset"]["id"].as_i64().unwrap();
    let audio = upload(&app, &editor, "a.wav", "audio", &wav(0.2), 1 << 20).await;
    let audio_id = audio["asset"]["id"].as_i64().unwrap();
    // Uploaded, no book's cover: nothing is made, nothing served, whatever the size.
    for size in ["large", "card", "medium", "small"] {
        for id in [asset_id, audio_id] {
            let response = app.get(&format!("/api/covers/{id}/{size}")).await;
            assert_eq!(response.status(), 404, "{id} {size}");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["code"], "not_found", "{body}");
        }
    }
    // Even with its sizes in the store (made by hand here).
    app.state.covers.make_sizes(asset_id as i32).await.unwrap();
    assert_eq!(
        app.get(&format!("/api/covers/{asset_id}/large"))
            .await
            .status(),
        404
    );
    let decodes = app.state.covers.decodes();
    // Once it is a book's cover, it is.
    let book = new_book(&app, &editor, "封面").await;
    let (status, body) = set_cover(&app, &editor, book, asset_id).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        app.get(&format!("/api/covers/{asset_id}/large"))
            .await
            .status(),
        200
    );
    assert_eq!(app.state.covers.decodes(), decodes, "its sizes were stored");
}

#[tokio::test]
async fn concurrent_requests_for_a_missing_size_share_one_decode() {
    let app = spawn_app().await;
    let editor = editor(&app, "designer").await;
    let book = new_book(&app, &editor, "并发").await;
    let image = upload(&app, &editor, "big.png", "image", &png(2400, 1800), 1 << 20).await;
    let asset_id = image["asset"]["id"].as_i64().unwrap() as i32;
    let (status, body) = set_cover(&app, &editor, book, asset_id.into()).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(app.state.covers.decodes(), 1);
    // A cover whose sizes are gone from the store (set before sizes were made at once).
    for size in CoverSize::ALL {
        app.storage.delete(&key(asset_id, size)).await.unwrap();
    }
    let sizes = ["large", "card", "medium", "small"];
    let answers = join_all((0..8).map(|i| {
        let url = format!("/api/covers/{asset_id}/{}", sizes[i % 4]);
        let app = &app;
        async move {
            let response = app.get(&url).await;
            let status = response.status().as_u16();
            let bytes = response.bytes().await.unwrap();
            (i, status, bytes)
        }
    }))
    .await;
    for (i, status, bytes) in answers {
        assert_eq!(status, 200, "{}", sizes[i % 4]);
        let decoded = image::load_from_memory(&bytes).unwrap();
        assert_eq!(
            (decoded.width(), decoded.height()),
            CoverSize::parse(sizes[i % 4]).unwrap().pixels()
        );
    }
    assert_eq!(
        app.state.covers.decodes(),
        2,
        "one decode for the eight requests"
    );
    for size in CoverSize::ALL {
        assert!(app.storage.exists(&key(asset_id, size)).await.unwrap());
    }
}

#[tokio::test]
async fn a_cover_that_does_not_decode_answers_404_and_is_not_decoded_again_and_again() {
    let app = spawn_app().await;
    let editor = editor(&app, "designer").await;
    let book = new_book(&app, &editor, "坏封面").await;
    // Stored another way than an upload (an older version, a restored backup): a PNG's start,
    // then garbage; and a picture announcing 11500 × 11500.
    let mut corrupt = png(300, 400);
    corrupt.truncate(100);
    corrupt.extend(b"garbage".repeat(50));
    let mut ids = Vec::new();
    for (name, bytes) in [("corrupt", corrupt), ("huge", solid_png(11_500))] {
        let storage_key = format!("image/{name}.png");
        app.storage.put_bytes(&storage_key, bytes).await.unwrap();
        app.sql(&format!(
            "INSERT INTO assets (storage_key, mime, bytes, sha256, duration_secs, created_at, kind) \
             VALUES ('{storage_key}', 'image/png', 10, '{name}', 0, 0, 'image')"
        ))
        .await;
        ids.push(
            app.sql_count("SELECT CAST(MAX(id) AS BIGINT) FROM assets")
                .await,
        );
    }
    let decodes = app.state.covers.decodes();
    for (n, &id) in ids.iter().enumerate() {
        app.sql(&format!(
            "UPDATE books SET cover_asset_id = {id} WHERE id = {book}"
        ))
        .await;
        let statuses = join_all((0..8).map(|_| async {
            app.get(&format!("/api/covers/{id}/large"))
                .await
                .status()
                .as_u16()
        }))
        .await;
        assert_eq!(statuses, [404; 8], "{id}");
        // Asked again later: still 404, without decoding again.
        assert_eq!(
            app.get(&format!("/api/covers/{id}/small")).await.status(),
            404
        );
        assert_eq!(
            app.state.covers.decodes(),
            decodes + n as u64 + 1,
            "one decode for all the requests of image {id}"
        );
    }
    // Making the sizes (what setting a cover does) skips no image it failed on, and still
    // merges the calls made while one decode runs.
    let made = join_all((0..8).map(|_| app.state.covers.make_sizes(ids[0] as i32))).await;
    assert!(made
        .iter()
        .all(|result| matches!(result, Err(tingshu_server::covers::SizesError::Refused(_)))));
    assert_eq!(app.state.covers.decodes(), decodes + 3);
    // An editor setting one as a cover is told, field by field.
    for id in ids {
        let (status, body) = set_cover(&app, &editor, book, id).await;
        assert_eq!(
            (status, body["fields"]["assetId"].is_string()),
            (400, true),
            "{body}"
        );
    }
    assert_eq!(app.state.covers.decodes(), decodes + 5);
}

#[tokio::test]
async fn every_demo_book_has_its_own_generated_cover() {
    let app = demo_app().await;
    let page: Value = app
        .get("/api/books?pageSize=50")
        .await
        .json()
        .await
        .unwrap();
    let urls: Vec<String> = page["data"]["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|book| book["coverUrl"].as_str().expect("a cover").to_owned())
        .collect();
    let mut distinct = urls.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), urls.len());
    // Sizes were made as the demo was seeded: listeners' requests decode nothing.
    let asset_id: i32 = urls[0]
        .trim_start_matches("/api/covers/")
        .trim_end_matches("/large")
        .parse()
        .unwrap();
    for size in CoverSize::ALL {
        assert!(app.storage.exists(&key(asset_id, size)).await.unwrap());
    }
    let small = urls[0].replace("/large", "/small");
    let response = app.get(&small).await;
    let status = response.status();
    assert_eq!(status, 200, "{small}: {}", response.text().await.unwrap());
    let decoded = image::load_from_memory(&app.get(&small).await.bytes().await.unwrap()).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (150, 200));
    assert_eq!(app.state.covers.decodes(), 0);
}

/// `GET /api/books/{id}` as JSON.
async fn book_detail(app: &TestApp, id: i64) -> Value {
    app.get(&format!("/api/books/{id}"))
        .await
        .json()
        .await
        .unwrap()
}

#[tokio::test]
async fn whether_an_image_is_a_cover_is_answered_from_an_index() {
    use sea_orm::{ConnectionTrait, DbBackend, Statement};
    let app = crate::helpers::spawn_app().await;
    if app.db.get_database_backend() != DbBackend::Sqlite {
        return;
    }
    // The query `Covers::is_cover` sends on every cover request.
    let plan: Vec<String> = app
        .db
        .query_all_raw(Statement::from_string(
            DbBackend::Sqlite,
            "EXPLAIN QUERY PLAN SELECT id FROM books WHERE cover_asset_id = 1 LIMIT 1",
        ))
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get::<String>("", "detail").unwrap())
        .collect();
    assert!(
        plan.iter()
            .any(|step| step.contains("idx_books_cover_asset")),
        "{plan:?}"
    );
}
