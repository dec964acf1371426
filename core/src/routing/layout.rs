//! Which layout frames a page (spec §2, "Layouts"): the default one; the simple one for the offline
//! page and the payment results; the console's for `/admin`; none for the sign-in and registration
//! pages (and the password reset, framed like them). The app's route table and the page shell the
//! server sends (whose first paint is the layout's frame) both follow it.

use serde::{Deserialize, Serialize};

use super::locale::locate;

/// The layouts of spec §2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "lowercase")]
pub enum PageLayout {
    Default,
    Simple,
    Admin,
    None,
}

/// Input of `pageLayout`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct PageLayoutInput {
    /// A path as in the address bar (a language prefix, a query and a hash are allowed), or a
    /// route pattern (`/books/:id`).
    pub path: String,
}

/// The pages of the simple layout (exactly these paths).
const SIMPLE: [&str; 3] = ["/offline", "/payment/success", "/payment/failed"];
/// The pages without a layout (exactly these paths).
const NONE: [&str; 5] = [
    "/auth/login",
    "/auth/register",
    "/auth/login-new",
    "/auth/register-new",
    "/reset-password",
];

/// `pageLayout`: the layout of the page at `path`, after removing any language prefix, query and
/// hash: `admin` at and under `/admin`, `simple` and `none` for their listed pages, `default`
/// for every other page (an unknown one too: its 404 screen is drawn in the default layout).
pub fn page_layout(input: PageLayoutInput) -> PageLayout {
    let located = locate(&input.path);
    let path = located.pathname.trim_end_matches('/');
    if located.matches("/admin") {
        PageLayout::Admin
    } else if SIMPLE.contains(&path) {
        PageLayout::Simple
    } else if NONE.contains(&path) {
        PageLayout::None
    } else {
        PageLayout::Default
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(path: &str) -> PageLayout {
        page_layout(PageLayoutInput { path: path.into() })
    }

    #[test]
    fn each_listed_page_has_its_layout_under_every_prefix() {
        for prefix in ["", "/en", "/ja"] {
            assert_eq!(
                layout(&format!("{prefix}/admin/books/3/edit")),
                PageLayout::Admin
            );
            assert_eq!(layout(&format!("{prefix}/offline")), PageLayout::Simple);
            assert_eq!(
                layout(&format!("{prefix}/payment/failed?order=1")),
                PageLayout::Simple
            );
            assert_eq!(layout(&format!("{prefix}/auth/login/")), PageLayout::None);
            assert_eq!(
                layout(&format!("{prefix}/reset-password#t")),
                PageLayout::None
            );
            assert_eq!(layout(&format!("{prefix}/books/3")), PageLayout::Default);
        }
    }

    #[test]
    fn only_the_listed_paths_leave_the_default_layout() {
        assert_eq!(layout("/"), PageLayout::Default);
        assert_eq!(layout("/en"), PageLayout::Default);
        assert_eq!(layout("/administrator"), PageLayout::Default);
        assert_eq!(layout("/offline/later"), PageLayout::Default);
        assert_eq!(layout("/auth"), PageLayout::Default);
        assert_eq!(layout("/payment"), PageLayout::Default);
    }
}
