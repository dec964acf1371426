//! The rule table in `src/lib.rs` is what other developers read to find a rule, so it is held
//! to the truth: every rule it names is exported to JavaScript by `wasm/` as the function it
//! names (unless marked server only) and has vectors in `vectors/rules.json`; nothing is
//! exported or has vectors without being in it.
use std::{collections::BTreeMap, path::Path};

/// One row of the table: the function (`format::duration::format_duration`) and whether the
/// rule stays on the server.
struct Row {
    function: String,
    server_only: bool,
}

fn read(relative: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The table's rows by rule name: `//! | formatDuration | [`format::duration::format_duration`] |`.
fn table() -> BTreeMap<String, Row> {
    let mut rows = BTreeMap::new();
    for line in read("src/lib.rs").lines() {
        let Some(row) = line.strip_prefix("//! | ") else {
            continue;
        };
        let cells: Vec<&str> = row.split(" | ").collect();
        let (Some(rule), Some(function)) = (cells.first(), cells.get(1)) else {
            continue;
        };
        let Some(function) = function
            .split_once("[`")
            .and_then(|(_, rest)| rest.split_once("`]"))
            .map(|(path, _)| path.to_owned())
        else {
            continue; // the header and its rule
        };
        let server_only = row.contains("server only");
        let duplicate = rows.insert(
            (*rule).to_owned(),
            Row {
                function,
                server_only,
            },
        );
        assert!(duplicate.is_none(), "{rule} is in the table twice");
    }
    rows
}

/// The rules `wasm/src/lib.rs` exports and the core function each calls:
/// `formatDuration(…) -> "string" = ok(format::duration::format_duration);`.
fn exports() -> BTreeMap<String, String> {
    let mut exports = BTreeMap::new();
    for line in read("../wasm/src/lib.rs").lines() {
        let line = line.trim();
        let Some((name, _)) = line.split_once('(') else {
            continue;
        };
        if !name.chars().all(|c| c.is_ascii_alphanumeric()) || !line.ends_with(';') {
            continue;
        }
        let Some((_, call)) = line.rsplit_once(" = ") else {
            continue;
        };
        let function = call
            .trim_end_matches(';')
            .trim_start_matches("ok(")
            .trim_end_matches(')');
        exports.insert(name.to_owned(), function.to_owned());
    }
    exports
}

fn vector_rules() -> std::collections::BTreeSet<String> {
    let vectors: Vec<serde_json::Value> =
        serde_json::from_str(&read("vectors/rules.json")).expect("the vectors are JSON");
    vectors
        .iter()
        .map(|vector| {
            vector["rule"]
                .as_str()
                .expect("each vector names its rule")
                .to_owned()
        })
        .collect()
}

#[test]
fn the_rule_table_names_every_exported_rule_as_the_function_it_calls() {
    let table = table();
    let exports = exports();
    assert!(exports.len() >= 90, "only {} exports read", exports.len());
    for (rule, function) in &exports {
        let row = table
            .get(rule)
            .unwrap_or_else(|| panic!("{rule} is exported but not in the table of src/lib.rs"));
        assert_eq!(
            &row.function, function,
            "{rule}: the table names another function"
        );
        assert!(
            !row.server_only,
            "{rule} is exported but marked server only"
        );
    }
    for (rule, row) in &table {
        assert!(
            row.server_only || exports.contains_key(rule),
            "{rule} is in the table but not exported by wasm/"
        );
    }
}

#[test]
fn every_rule_in_the_table_has_vectors_and_every_vector_a_rule_in_it() {
    let table = table();
    let vectors = vector_rules();
    for rule in table.keys() {
        assert!(vectors.contains(rule), "{rule} has no vectors");
    }
    for rule in &vectors {
        assert!(
            table.contains_key(rule),
            "the vectors test {rule}, which the table lacks"
        );
    }
}
