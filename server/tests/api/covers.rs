//! Covers: an uploaded image made into the standard sizes and shown to listeners; demo books
//! have generated covers.
use std::io::Cursor;

use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    catalog::demo_app,
    console::{create_book, create_category, editor, send},
    helpers::{spawn_app, TestApp},
    uploads::{upload, wav},
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
}

#[tokio::test]
async fn a_size_added_later_is_made_for_a_stored_cover_on_its_first_request() {
    let app = spawn_app().await;
    let editor = editor(&app, "designer").await;
    let image = upload(&app, &editor, "c.png", "image", &png(640, 480), 1 << 20).await;
    let asset_id = image["asset"]["id"].as_i64().unwrap() as i32;
    tingshu_server::covers::ensure_sizes(&app.storage, asset_id, png(640, 480))
        .await
        .unwrap();
    // A store from before `card` existed: the other sizes only.
    use tingshu_server::covers::{key, CoverSize};
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
    // Sizes are made when first asked for.
    let small = urls[0].replace("/large", "/small");
    let response = app.get(&small).await;
    let status = response.status();
    assert_eq!(status, 200, "{small}: {}", response.text().await.unwrap());
    let decoded = image::load_from_memory(&app.get(&small).await.bytes().await.unwrap()).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (150, 200));
}

/// `GET /api/books/{id}` as JSON.
async fn book_detail(app: &TestApp, id: i64) -> Value {
    app.get(&format!("/api/books/{id}"))
        .await
        .json()
        .await
        .unwrap()
}
