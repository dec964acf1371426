//! The browser's anti-crawler detections (spec §7, §9): what each detector's measurement means.
//! The browser measures (window sizes, a timed `debugger` pause, script addresses, function
//! sources) and reports to `POST /api/anti-crawler/report` when a rule here says so.

use serde::{Deserialize, Serialize};

/// Spec §9: a gap between the window's outer and inner size above this many CSS pixels means
/// the developer tools are docked beside or below the page.
pub const DEVTOOLS_GAP_PX: f64 = 160.0;
/// Spec §9: a `debugger` statement that took longer than this many milliseconds was paused on.
pub const DEBUGGER_PAUSE_MS: f64 = 100.0;
/// Address schemes of browser extensions' own files (Chromium, Firefox, Safari, old Edge).
const EXTENSION_SCHEMES: [&str; 4] = [
    "chrome-extension:",
    "moz-extension:",
    "safari-web-extension:",
    "ms-browser-extension:",
];

/// Input of `devtoolsOpen`: the window's sizes (`outerWidth`, `innerWidth`, …), in CSS pixels.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DevtoolsOpenInput {
    pub outer_width: f64,
    pub inner_width: f64,
    pub outer_height: f64,
    pub inner_height: f64,
}

/// `devtoolsOpen`: true when the outer size exceeds the inner one by more than 160 px in
/// either direction (exactly 160 is not enough: the browser's own bars stay well below it).
pub fn devtools_open(input: DevtoolsOpenInput) -> bool {
    input.outer_width - input.inner_width > DEVTOOLS_GAP_PX
        || input.outer_height - input.inner_height > DEVTOOLS_GAP_PX
}

/// Input of `debuggerPaused`: how long a `debugger` statement took, in milliseconds.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DebuggerPausedInput {
    pub elapsed_ms: f64,
}

/// `debuggerPaused`: true when the statement took more than 100 ms (someone stopped there).
pub fn debugger_paused(input: DebuggerPausedInput) -> bool {
    input.elapsed_ms > DEBUGGER_PAUSE_MS
}

/// Input of `extensionSources`: addresses found in the page (scripts, styles, images, frames).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct ExtensionSourcesInput {
    pub urls: Vec<String>,
}

/// `extensionSources`: the addresses that are a browser extension's own files (scheme compared
/// without regard to case), in the order given; empty when the page holds none.
pub fn extension_sources(input: ExtensionSourcesInput) -> Vec<String> {
    input
        .urls
        .into_iter()
        .filter(|url| {
            let url = url.trim_start().to_ascii_lowercase();
            EXTENSION_SCHEMES
                .iter()
                .any(|scheme| url.starts_with(scheme))
        })
        .collect()
}

/// One browser function as the page sees it: its name and `Function.prototype.toString` of it.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct FunctionSource {
    pub name: String,
    pub source: String,
}

/// Input of `hookedFunctions`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct HookedFunctionsInput {
    pub functions: Vec<FunctionSource>,
}

/// Whether `source` is how a browser prints one of its own functions:
/// `function name() { [native code] }`, whitespace aside.
fn is_native(source: &str) -> bool {
    let compact: String = source.split_whitespace().collect();
    compact.starts_with("function") && compact.ends_with("{[nativecode]}")
}

/// `hookedFunctions`: the names of the functions that are no longer the browser's own (their
/// source is script, so something replaced them to watch or change what the page does).
pub fn hooked_functions(input: HookedFunctionsInput) -> Vec<String> {
    input
        .functions
        .into_iter()
        .filter(|function| !is_native(&function.source))
        .map(|function| function.name)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn devtools(outer: (f64, f64), inner: (f64, f64)) -> bool {
        devtools_open(DevtoolsOpenInput {
            outer_width: outer.0,
            outer_height: outer.1,
            inner_width: inner.0,
            inner_height: inner.1,
        })
    }

    #[test]
    fn devtools_are_open_beyond_a_160_px_gap_either_way() {
        assert!(!devtools((1280.0, 800.0), (1280.0, 720.0)));
        assert!(!devtools((1280.0, 800.0), (1120.0, 640.0)), "exactly 160");
        assert!(devtools((1280.0, 800.0), (1119.0, 720.0)), "docked right");
        assert!(devtools((1280.0, 800.0), (1280.0, 639.5)), "docked below");
        assert!(!devtools((0.0, 0.0), (1280.0, 720.0)), "no outer size");
    }

    #[test]
    fn a_debugger_paused_beyond_100_ms() {
        let paused = |elapsed_ms| debugger_paused(DebuggerPausedInput { elapsed_ms });
        assert!(!paused(0.1));
        assert!(!paused(100.0));
        assert!(paused(100.5));
        assert!(paused(30_000.0));
    }

    #[test]
    fn extension_files_are_told_by_their_scheme() {
        let urls = [
            "chrome-extension://abcdef/content.js",
            "https://tingshu.example/assets/shell.js",
            "MOZ-EXTENSION://1234/inject.css",
            "/assets/app.js",
            "safari-web-extension://x/y.js",
            "https://evil.example/chrome-extension://fake",
        ];
        let found = extension_sources(ExtensionSourcesInput {
            urls: urls.iter().map(|url| url.to_string()).collect(),
        });
        assert_eq!(
            found,
            [urls[0], urls[2], urls[4]].map(String::from).to_vec()
        );
    }

    #[test]
    fn functions_printed_as_script_are_hooked() {
        let function = |name: &str, source: &str| FunctionSource {
            name: name.into(),
            source: source.into(),
        };
        let hooked = hooked_functions(HookedFunctionsInput {
            functions: vec![
                function("fetch", "function fetch() { [native code] }"),
                function("open", "function open() {\n    [native code]\n}"),
                function(
                    "send",
                    "function send(body) { log(body); return real(body); }",
                ),
                function("setTimeout", "(...args) => spy(...args)"),
                function("toString", "function toString() { [native code] } // fake"),
            ],
        });
        assert_eq!(hooked, ["send", "setTimeout", "toString"]);
    }
}
