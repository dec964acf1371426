//! The packaging: `compose.yaml` sets only variables of the configuration reference and lays
//! out two instances, PostgreSQL, an S3-compatible store and a proxy; the proxy's nginx
//! configuration is valid; the Dockerfile builds from nothing and runs the one binary as a
//! user; `tingshu healthcheck` answers for the server it describes.
use std::{collections::BTreeMap, path::PathBuf, process::Command};

use serde_yaml_ng::Value;
use tingshu_server::reference;

use crate::helpers::spawn_app;

fn repository_file(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(name)
}

fn compose() -> Value {
    let text = std::fs::read_to_string(repository_file("compose.yaml")).expect("compose.yaml");
    let mut compose: Value = serde_yaml_ng::from_str(&text).expect("compose.yaml is YAML");
    compose.apply_merge().expect("its merge keys resolve");
    compose
}

/// A service's environment as names and values.
fn environment(service: &Value) -> BTreeMap<String, String> {
    let Some(Value::Mapping(pairs)) = service.get("environment") else {
        return BTreeMap::new();
    };
    pairs
        .iter()
        .map(|(name, value)| {
            let value = match value {
                Value::String(text) => text.clone(),
                other => serde_yaml_ng::to_string(other).unwrap().trim().to_owned(),
            };
            (name.as_str().unwrap().to_owned(), value)
        })
        .collect()
}

#[test]
fn compose_runs_two_instances_on_postgres_and_s3_behind_a_proxy_with_known_variables() {
    let compose = compose();
    let services = compose["services"].as_mapping().expect("services");
    let names: Vec<&str> = services.keys().filter_map(Value::as_str).collect();
    for expected in ["proxy", "tingshu-1", "tingshu-2", "postgres", "s3"] {
        assert!(names.contains(&expected), "no {expected} in {names:?}");
    }
    let known = reference::variables();
    let first = environment(&compose["services"]["tingshu-1"]);
    let second = environment(&compose["services"]["tingshu-2"]);
    assert_eq!(first, second, "both instances are configured alike");
    for name in first.keys() {
        assert!(
            known.contains(name),
            "compose.yaml sets {name}, which the configuration reference does not know"
        );
    }
    assert!(first["DATABASE_URL"].starts_with("postgres://"));
    assert!(first["STORAGE_URL"].starts_with("s3://"));
    assert!(
        first["JWT_SECRET"].chars().count() >= 32,
        "a valid shared secret"
    );
    assert!(!first["TRUSTED_PROXIES"].is_empty(), "the proxy is trusted");
    for instance in ["tingshu-1", "tingshu-2"] {
        assert_eq!(compose["services"][instance]["image"], "tingshu:latest");
    }
    let proxy_volumes = serde_yaml_ng::to_string(&compose["services"]["proxy"]["volumes"]).unwrap();
    assert!(proxy_volumes.contains("./deploy/nginx.conf:/etc/nginx/nginx.conf"));
}

#[test]
fn the_proxys_configuration_is_valid_nginx() {
    let Some(nginx) = crate::helpers::nginx() else {
        eprintln!("nginx is not installed: deploy/nginx.conf not checked");
        return;
    };
    let folder = tempfile::tempdir().unwrap();
    // The instances' names resolve only inside compose's network.
    let text = std::fs::read_to_string(repository_file("deploy/nginx.conf"))
        .unwrap()
        .replace("tingshu-1:", "127.0.0.1:")
        .replace("tingshu-2:", "127.0.0.2:");
    let config = folder.path().join("nginx.conf");
    std::fs::write(&config, text).unwrap();
    let output = Command::new(nginx)
        .arg("-t")
        .arg("-p")
        .arg(folder.path())
        .arg("-c")
        .arg(&config)
        .arg("-g")
        .arg(format!(
            "pid {0}/nginx.pid; error_log {0}/error.log;",
            folder.path().display()
        ))
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn the_image_is_built_from_nothing_and_runs_the_binary_as_a_user_with_a_health_check() {
    let dockerfile = std::fs::read_to_string(repository_file("Dockerfile")).expect("Dockerfile");
    let instructions: Vec<&str> = dockerfile
        .lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .collect();
    let from: Vec<&&str> = instructions
        .iter()
        .filter(|line| line.starts_with("FROM "))
        .collect();
    assert_eq!(from, [&"FROM scratch"], "no base image to pull");
    let user = instructions
        .iter()
        .find_map(|line| line.strip_prefix("USER "))
        .expect("a USER");
    let uid: u32 = user
        .split(':')
        .next()
        .unwrap()
        .parse()
        .expect("a numeric user");
    assert_ne!(uid, 0, "not root");
    assert!(dockerfile.contains("CMD [\"/tingshu\", \"healthcheck\"]"));
    assert!(instructions.contains(&"ENTRYPOINT [\"/tingshu\"]"));
}

#[tokio::test]
async fn healthcheck_passes_for_a_ready_server_and_fails_for_none() {
    let app = spawn_app().await;
    let mut config = app.config.clone();
    config.port = app.address.rsplit(':').next().unwrap().parse().unwrap();
    tingshu_server::cli::healthcheck(&config)
        .await
        .expect("the running server is ready");
    config.host = "0.0.0.0".parse().unwrap();
    tingshu_server::cli::healthcheck(&config)
        .await
        .expect("an unspecified host is asked on the loopback address");
    // A port nothing listens on: bound, then closed again.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    config.port = closed.local_addr().unwrap().port();
    drop(closed);
    let error = tingshu_server::cli::healthcheck(&config)
        .await
        .expect_err("nothing answers");
    assert!(error.to_string().contains("cannot ask"), "{error:#}");
}
