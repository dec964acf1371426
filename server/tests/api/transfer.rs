//! Import and export: a dry run lists every bad record, a real run writes all or nothing (a
//! failure half way rolls back), exports stream in the columns the import reads, and the
//! binary's `import` and `export` commands do the same.
use reqwest::Method;
use serde_json::{json, Value};

use crate::{
    console::{create_category, editor, send},
    helpers::{spawn_app, TestApp, TestUser, GOOD_PASSWORD},
    uploads::{upload, wav},
};

/// Sends `body` to the import and waits for its job to finish; answers the finished job.
async fn import(app: &TestApp, user: &TestUser, body: &str, dry_run: bool) -> Value {
    let response = app
        .client
        .post(app.url(&format!("/api/admin/import?dryRun={dry_run}")))
        .bearer_auth(&user.access_token)
        .header("accept-language", "en")
        .header("content-type", "text/csv")
        .body(body.to_owned())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 202);
    let started: Value = response.json().await.unwrap();
    let id = started["data"]["id"].as_str().unwrap().to_owned();
    for _ in 0..200 {
        let (status, job) = send(
            app,
            Method::GET,
            &format!("/api/admin/import/{id}"),
            user,
            None,
        )
        .await;
        assert_eq!(status, 200, "{job}");
        if job["data"]["status"] != "running" {
            return job["data"].clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("the import did not finish");
}

const BOOKS_CSV: &str = "titleZh,titleEn,descriptionZh,author,narrator,category,tags,status,access,priceCny,priceUsd,priceJpy,published
雾港,Fog Harbour,港口的雾。,林岚,周舟,imports,悬疑|港口,finished,free,,,,true
,No Chinese title,简介,某人,,imports,,serialising,free,,,,false
付费书,Paid,简介,某人,,imports,,finished,paid,990,,,yes
坏分类,Bad,简介,某人,,nowhere,,finished,free,,,,maybe
";

#[tokio::test]
async fn a_dry_run_names_every_bad_record_and_a_real_run_writes_all_or_nothing() {
    let app = spawn_app().await;
    let editor = editor(&app, "importer").await;
    create_category(&app, &editor, "imports").await;
    let report = import(&app, &editor, BOOKS_CSV, true).await["report"].clone();
    assert_eq!(report["written"], false);
    let problems: Vec<(String, String)> = report["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["record"].as_str().unwrap().to_owned(),
                e["field"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    for expected in [
        ("row 3", "titleZh"),
        ("row 4", "priceUsd"),
        ("row 4", "priceJpy"),
        ("row 5", "published"),
        ("row 5", "category"),
    ] {
        assert!(
            problems.contains(&(expected.0.to_owned(), expected.1.to_owned())),
            "{expected:?} in {problems:?}"
        );
    }
    // A real run of the same file writes nothing either.
    let job = import(&app, &editor, BOOKS_CSV, false).await;
    assert_eq!(job["report"]["written"], false);
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM books").await, 0);

    let audio =
        upload(&app, &editor, "a.wav", "audio", &wav(0.5), 1 << 20).await["asset"]["id"].clone();
    let file = json!({"books": [
        {"titleZh": "雾港", "descriptionZh": "港口的雾。", "author": "林岚", "category": "imports",
         "status": "finished", "access": "free", "published": true,
         "chapters": [{"titleZh": "第1章", "assetId": audio, "isFree": true}, {"titleZh": "第2章", "assetId": audio}]},
        {"titleZh": "灯下", "descriptionZh": "夜读。", "author": "林岚", "category": "imports",
         "status": "serialising", "access": "vip"}
    ]});
    let dry = import(&app, &editor, &file.to_string(), true).await;
    assert_eq!(
        (
            dry["report"]["books"].clone(),
            dry["report"]["chapters"].clone()
        ),
        (json!(2), json!(2))
    );
    assert_eq!(
        app.sql_count("SELECT COUNT(*) FROM books").await,
        0,
        "a dry run writes nothing"
    );
    let job = import(&app, &editor, &file.to_string(), false).await;
    assert_eq!(job["status"], "done", "{job}");
    assert_eq!(job["report"]["written"], true);
    assert_eq!(
        (job["processed"].clone(), job["total"].clone()),
        (json!(4), json!(4))
    );
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM books").await, 2);
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM chapters").await, 2);
    // Listeners see the published book and its chapters at once, in search too.
    let found: Value = app
        .client
        .get(app.url("/api/search"))
        .query(&[("q", "wugang")])
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        found["data"]["items"][0]["book"]["title"], "雾港",
        "{found}"
    );

    // Chapters CSV appended to an existing book by its title.
    let chapters = format!(
        "book,titleZh,assetId,isFree\n灯下,序,{audio},1\n灯下,第一章,{audio},0\n没有这本书,x,,\n"
    );
    let job = import(&app, &editor, &chapters, false).await;
    assert_eq!(job["report"]["errors"][0]["field"], "book", "{job}");
    let chapters = chapters.lines().take(3).collect::<Vec<_>>().join("\n");
    let job = import(&app, &editor, &chapters, false).await;
    assert_eq!(job["report"]["written"], true, "{job}");
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM chapters").await, 4);
}

#[tokio::test]
async fn a_failure_half_way_rolls_the_whole_import_back() {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|url| !url.is_empty()) {
        eprintln!("skipped on PostgreSQL: the failure is made by a SQLite trigger");
        return;
    }
    let app = spawn_app().await;
    let editor = editor(&app, "rollback").await;
    create_category(&app, &editor, "imports").await;
    // The database refuses one chapter: every book and chapter before it must go too.
    app.sql("CREATE TRIGGER refuse_boom BEFORE INSERT ON chapters WHEN NEW.title = 'BOOM' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        .await;
    let file = json!({"books": [
        {"titleZh": "一", "descriptionZh": "一", "author": "甲", "category": "imports", "status": "finished", "access": "free",
         "chapters": [{"titleZh": "好"}]},
        {"titleZh": "二", "descriptionZh": "二", "author": "乙", "category": "imports", "status": "finished", "access": "free",
         "chapters": [{"titleZh": "好"}, {"titleZh": "BOOM"}]}
    ]});
    let job = import(&app, &editor, &file.to_string(), false).await;
    assert_eq!(job["status"], "failed", "{job}");
    for table in ["books", "chapters", "authors", "audit_log"] {
        assert_eq!(
            app.sql_count(&format!("SELECT COUNT(*) FROM {table}"))
                .await,
            if table == "audit_log" { 1 } else { 0 },
            "{table}"
        );
    }
}

#[tokio::test]
async fn exports_stream_every_row_in_the_columns_the_import_reads() {
    let app = spawn_app().await;
    let editor = editor(&app, "exporter").await;
    create_category(&app, &editor, "imports").await;
    let file = json!({"books": (0..3).map(|n| json!({
        "titleZh": format!("书{n}"), "descriptionZh": "简介", "author": "作者, \"甲\"", "category": "imports",
        "tags": ["一", "二"], "status": "finished", "access": "free",
        "chapters": [{"titleZh": "第1章"}]
    })).collect::<Vec<_>>()});
    assert_eq!(
        import(&app, &editor, &file.to_string(), false).await["report"]["written"],
        true
    );

    let response = app
        .client
        .get(app.url("/api/admin/export/books?format=csv"))
        .bearer_auth(&editor.access_token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["x-total-count"], "3");
    assert!(response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .contains("tingshu-books-"));
    let csv = response.text().await.unwrap();
    assert!(csv.starts_with("id,titleZh,"), "{csv}");
    assert_eq!(csv.lines().count(), 4);
    assert!(csv.contains("一|二"));
    // The export imports back (a dry run: it would make copies).
    let again = import(&app, &editor, &csv, true).await;
    assert_eq!(again["report"]["errorCount"], 0, "{again}");
    assert_eq!(again["report"]["books"], 3);

    let chapters: Value = app
        .client
        .get(app.url("/api/admin/export/chapters?format=json"))
        .bearer_auth(&editor.access_token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(chapters.as_array().unwrap().len(), 3);
    assert_eq!(chapters[0]["titleZh"], "第1章");
    // Users: no secrets; an editor is refused.
    let (status, _) = send(&app, Method::GET, "/api/admin/export/users", &editor, None).await;
    assert_eq!(status, 403);
    let admin = app.signed_up_user("exportadmin").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        admin.id
    ))
    .await;
    let users = app
        .client
        .get(app.url("/api/admin/export/users?format=json"))
        .bearer_auth(&admin.access_token)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        users.contains("exportadmin") && !users.contains("password") && !users.contains("argon2"),
        "{users}"
    );
}

/// Runs `tingshu ARGS` on the app's database off the test's runtime: the server shares that
/// runtime, and a command blocking it could leave the server's queued writes (the access log)
/// holding the database's write lock until the command gives up waiting for it.
async fn run_binary(app: &TestApp, args: &[&str]) -> std::process::Output {
    let data_dir = app.config.data_dir.clone();
    let url = app
        .config
        .database_url
        .as_ref()
        .unwrap()
        .expose()
        .to_owned();
    let args: Vec<String> = args.iter().map(|arg| (*arg).to_owned()).collect();
    tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_tingshu"))
            .args(&args)
            .env("DATA_DIR", data_dir)
            .env("DATABASE_URL", url)
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

#[tokio::test]
async fn the_binary_imports_and_exports_from_the_command_line() {
    let app = spawn_app().await;
    let editor = editor(&app, "cli").await;
    create_category(&app, &editor, "imports").await;
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("books.csv");
    std::fs::write(&input, "titleZh,descriptionZh,author,category,status,access\n命令行,简介,作者,imports,finished,free\n").unwrap();
    let checked = run_binary(&app, &["import", input.to_str().unwrap(), "--dry-run"]).await;
    assert!(
        checked.status.success(),
        "{}",
        String::from_utf8_lossy(&checked.stderr)
    );
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM books").await, 0);
    let imported = run_binary(&app, &["import", input.to_str().unwrap()]).await;
    assert!(
        imported.status.success(),
        "{}",
        String::from_utf8_lossy(&imported.stderr)
    );
    assert!(String::from_utf8_lossy(&imported.stdout).contains("Imported: 1 books"));
    assert_eq!(app.sql_count("SELECT COUNT(*) FROM books").await, 1);
    let output = dir.path().join("out.json");
    let exported = run_binary(
        &app,
        &[
            "export",
            "books",
            "--format",
            "json",
            "--output",
            output.to_str().unwrap(),
        ],
    )
    .await;
    assert!(
        exported.status.success(),
        "{}",
        String::from_utf8_lossy(&exported.stderr)
    );
    let books: Value = serde_json::from_slice(&std::fs::read(&output).unwrap()).unwrap();
    assert_eq!(books[0]["titleZh"], "命令行");
    // A bad file fails with the reasons on standard error.
    std::fs::write(&input, "titleZh,author\n,x\n").unwrap();
    let refused = run_binary(&app, &["import", input.to_str().unwrap()]).await;
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("row 2: titleZh"));
}

/// The characters that make a spreadsheet cell a formula when they come first (OWASP).
const FORMULA_FIRST: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// Every cell of a CSV file, header included.
fn cells(csv: &str) -> Vec<String> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(csv.as_bytes());
    reader
        .records()
        .flat_map(|record| {
            record
                .unwrap()
                .iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect()
}

/// The cells of `csv` that a spreadsheet would run as a formula.
fn formulas(csv: &str) -> Vec<String> {
    cells(csv)
        .into_iter()
        .filter(|cell| cell.starts_with(FORMULA_FIRST))
        .collect()
}

#[tokio::test]
async fn no_exported_cell_starts_a_formula_and_the_export_imports_back_as_it_was() {
    let app = spawn_app().await;
    let editor = editor(&app, "hostile").await;
    create_category(&app, &editor, "imports").await;
    let titles = [
        "=HYPERLINK(\"http://x\")",
        "+1",
        "-2",
        "@SUM(1)",
        "'quoted",
        "'=x",
    ];
    let file = json!({"books": titles.iter().map(|title| json!({
        "titleZh": title, "descriptionZh": "=1+1", "author": "-作者", "narrator": "@播音",
        "category": "imports", "tags": ["=标签", "二"], "status": "finished", "access": "free",
        "chapters": [{"titleZh": "=1+1"}, {"titleZh": "-第2章"}]
    })).collect::<Vec<_>>()});
    let job = import(&app, &editor, &file.to_string(), false).await;
    assert_eq!(job["report"]["written"], true, "{job}");
    // Leading tabs and carriage returns cannot come through the forms (they trim): stored directly.
    app.sql("UPDATE books SET subtitle_en = '\t=1+1', description_en = '\r=1+1'")
        .await;
    app.sql("UPDATE chapters SET title_ja = '\t@x'").await;
    let hostile = app
        .register("=cmd|x!A0@x.test", "-admin", GOOD_PASSWORD)
        .await;
    assert_eq!(hostile.status(), 200, "the e-mail rule allows it");
    assert_eq!(
        app.register("+1@x.test", "_plus", GOOD_PASSWORD)
            .await
            .status(),
        200
    );
    let admin = app.signed_up_user("exportadmin").await;
    app.sql(&format!(
        "UPDATE users SET user_type = 'admin' WHERE id = {}",
        admin.id
    ))
    .await;

    let export = |kind: &'static str| {
        let app = &app;
        let token = admin.access_token.clone();
        async move {
            let response = app
                .client
                .get(app.url(&format!("/api/admin/export/{kind}?format=csv")))
                .bearer_auth(token)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 200, "{kind}");
            response.text().await.unwrap()
        }
    };
    let books = export("books").await;
    let chapters = export("chapters").await;
    let users = export("users").await;
    for (kind, csv, neutralised) in [
        (
            "books",
            &books,
            &[
                "'=HYPERLINK(\"http://x\")",
                "'+1",
                "'-2",
                "'@SUM(1)",
                "''quoted",
                "''=x",
                "'-作者",
                "'@播音",
                "'=标签|二",
                "'\t=1+1",
                "'\r=1+1",
            ][..],
        ),
        (
            "chapters",
            &chapters,
            &["'=1+1", "'-第2章", "'\t@x", "'-2"][..],
        ),
        (
            "users",
            &users,
            &["'=cmd|x!A0@x.test", "'-admin", "'+1@x.test"][..],
        ),
    ] {
        assert_eq!(formulas(csv), Vec::<String>::new(), "{kind}: {csv}");
        let all = cells(csv);
        for cell in neutralised {
            assert!(
                all.iter().any(|c| c == cell),
                "{kind}: no {cell:?} in {csv}"
            );
        }
    }

    // `tingshu export` writes the same cells.
    let output = run_binary(&app, &["export", "users"]).await;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let from_cli = String::from_utf8(output.stdout).unwrap();
    assert_eq!(formulas(&from_cli), Vec::<String>::new(), "{from_cli}");
    assert!(cells(&from_cli).contains(&"'=cmd|x!A0@x.test".to_owned()));

    // Imported again, the books and chapters come back with the values they were made from.
    let count = |table: &str, column: &str, value: &str| {
        let app = &app;
        let sql = format!(
            "SELECT COUNT(*) FROM {table} WHERE {column} = '{}'",
            value.replace('\'', "''")
        );
        async move { app.sql_count(&sql).await }
    };
    let again = import(&app, &editor, &books, false).await;
    assert_eq!(again["report"]["written"], true, "{again}");
    for title in titles {
        assert_eq!(count("books", "title", title).await, 2, "{title}");
    }
    assert_eq!(count("books", "description", "=1+1").await, 12);
    assert_eq!(count("authors", "name", "-作者").await, 1);
    assert_eq!(count("tags", "name", "=标签").await, 1);
    let again = import(&app, &editor, &chapters, false).await;
    assert_eq!(again["report"]["written"], true, "{again}");
    assert_eq!(count("chapters", "title", "=1+1").await, 12);
    assert_eq!(count("chapters", "title", "-第2章").await, 12);
}
