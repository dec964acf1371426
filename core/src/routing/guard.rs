//! Navigation guards: who may open which route, and where the others are sent (spec §6, §8).

use super::redirect::is_local;
use serde::{Deserialize, Serialize};

use super::locale::{locate, Located};
use crate::auth::kinds::Permission;
use crate::i18n::texts::{text, text_with};
use crate::premium::PremiumUser;
use crate::spelling::Spelling;
use crate::Lang;

/// Spec §6: prefixes needing a signed-in user (`/premium` itself excepted, see [`decide_route`]).
pub const LOGIN_PREFIXES: [&str; 8] = [
    "/admin",
    "/bookshelf",
    "/profile",
    "/settings",
    "/favorites",
    "/history",
    "/downloads",
    "/premium",
];
/// Spec §6: admin-only prefix.
pub const ADMIN_PREFIX: &str = "/admin";
/// Spec §6: premium-only prefixes (`/premium` itself excepted).
pub const PREMIUM_PREFIXES: [&str; 2] = ["/premium", "/downloads"];
/// The membership upgrade page: target of premium redirects, so never premium-guarded.
pub const PREMIUM_PAGE: &str = "/premium";
/// The sign-in page: target of login redirects.
pub const LOGIN_PAGE: &str = "/auth/login";

/// A named route guard (spec §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Guard {
    /// Signed in.
    Auth,
    /// Signed out (login and register pages).
    Guest,
    /// Signed in with userType admin.
    Admin,
    /// Same as `Admin` (the spec's pages use both names).
    AdminAuth,
    /// Signed in and holding the route's `permission` (admins hold every permission).
    Permission,
    /// Signed in and premium.
    Premium,
    /// Signed in; the spec does not show role rules, so the server enforces them.
    Role,
    /// Allows everyone: content rules are not shown and free content must stay reachable
    /// without login (spec §1); the server decides per chapter.
    ContentAccess,
}

impl Guard {
    pub fn parse(name: &str) -> Result<Guard, GuardError> {
        Ok(match name {
            "auth" => Guard::Auth,
            "guest" => Guard::Guest,
            "admin" => Guard::Admin,
            "admin-auth" => Guard::AdminAuth,
            "permission" => Guard::Permission,
            "premium" => Guard::Premium,
            "role" => Guard::Role,
            "content-access" => Guard::ContentAccess,
            other => return Err(GuardError::UnknownGuard(other.to_owned())),
        })
    }

    fn needs_login(self) -> bool {
        !matches!(self, Guard::Guest | Guard::ContentAccess)
    }
}

/// Errors of `decideRoute`; the Display text becomes the thrown JS error's message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GuardError {
    #[error("unknown guard: {0}")]
    UnknownGuard(String),
    #[error("permission guard needs a permission name")]
    MissingPermission,
}

/// The signed-in user as the guards see it; a whole `AuthUser` plus its `permissions`
/// and `roles` may be passed (other fields are ignored).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct GuardUser {
    #[serde(default)]
    pub user_type: Option<String>,
    #[serde(default)]
    pub subscription_type: Option<String>,
    #[serde(default)]
    pub subscription_expires_at: Option<f64>,
    #[serde(default)]
    pub permissions: Vec<String>,
    #[serde(default)]
    pub roles: Vec<String>,
}

impl GuardUser {
    fn is_admin(&self) -> bool {
        self.user_type.as_deref() == Some("admin")
    }

    /// Administrators hold every permission; others the ones their roles give.
    pub(crate) fn has_permission(&self, permission: &str) -> bool {
        self.is_admin() || self.permissions.iter().any(|p| p == permission)
    }

    /// Who may enter the console: an administrator, or a user given a role with a console
    /// permission (an editor); each console page then names the permission it needs.
    fn is_console_member(&self) -> bool {
        self.is_admin() || !self.permissions.is_empty()
    }

    fn is_premium(&self, now_ms: f64) -> bool {
        PremiumUser {
            subscription_type: self.subscription_type.clone(),
            subscription_expires_at: self.subscription_expires_at,
        }
        .is_premium(now_ms)
    }
}

/// Input of `decideRoute`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DecideRouteInput {
    /// The target path, with locale prefix, query and hash as navigated to.
    pub path: String,
    /// Null for a guest.
    #[serde(default)]
    pub user: Option<GuardUser>,
    pub now_ms: f64,
    /// The route's named guards (`auth`, `guest`, `admin`, `admin-auth`, `permission`,
    /// `premium`, `role`, `content-access`).
    #[serde(default)]
    pub guards: Vec<String>,
    /// The permission the `permission` guard checks (e.g. `manage:books`).
    #[serde(default)]
    pub permission: Option<String>,
    /// Language of the 403 message.
    pub lang: Lang,
}

/// The page a listener is sent on to from one they cannot use yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify))]
#[serde(rename_all = "camelCase")]
pub enum Detour {
    /// The sign-in page.
    SignIn,
    /// The membership page, saying a membership is needed.
    Premium,
}

/// Input of `detourPath`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct DetourPathInput {
    /// The page the listener is on (locale prefix, query and hash as shown), to come back to.
    pub path: String,
    pub to: Detour,
}

/// `detourPath`: the sign-in or membership page's address for a listener on `path`, exactly
/// as `decideRoute` sends a guarded page there: under the path's locale prefix, with
/// `redirect=<path>` (`/en/books/3` → `/en/auth/login?redirect=%2Fen%2Fbooks%2F3`) and, for
/// membership, `reason=premium_required`. For links a page offers itself ("sign in to rate").
pub fn detour_path(input: DetourPathInput) -> String {
    let located = locate(&input.path);
    match input.to {
        Detour::SignIn => target(&located, LOGIN_PAGE, &[]),
        Detour::Premium => target(&located, PREMIUM_PAGE, &[("reason", "premium_required")]),
    }
}

/// Output of `decideRoute`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum RouteDecision {
    Allow,
    /// Go to the login page, coming back to the original path afterwards.
    Login {
        to: String,
    },
    /// Show the error screen with this status.
    #[serde(rename_all = "camelCase")]
    Forbidden {
        status_code: u16,
        status_message: String,
    },
    /// Go to the membership upgrade page with `reason=premium_required`.
    Premium {
        to: String,
    },
    /// A signed-in user on a guest-only page.
    Home {
        to: String,
    },
}

/// `decideRoute`: the spec §6 prefix rules plus the route's named guards, in this order:
///
/// 1. Any unknown guard name is an error (`unknown guard: {name}`), as is a `permission`
///    guard without `permission`.
/// 2. `guest` guard while signed in → `home`: to the page's `redirect` query parameter
///    when it is a local path (starts with one `/`), else to the localized `/`.
/// 3. Needs login (login prefixes, or any guard but `guest` / `content-access`) while
///    signed out → `login`: `/auth/login?redirect=<original path, encodeURIComponent>`.
/// 4. Admin-only (`/admin…`, `admin`, `admin-auth`) and the user is neither an administrator
///    (userType admin) nor holds any permission (an editor's role) → `forbidden` 403
///    "需要管理员权限" (in `lang`).
/// 5. `permission` guard and the user lacks it (admins have all) → `forbidden` 403.
/// 6. Premium-only (`/premium/…`, `/downloads…`, `premium` guard) and not premium →
///    `premium`: `/premium?redirect=<…>&reason=premium_required`.
/// 7. Otherwise `allow`.
///
/// The path's own locale prefix is stripped before matching, and redirect targets keep
/// it (`/en/bookshelf` → `/en/auth/login?redirect=%2Fen%2Fbookshelf`). `/premium` exactly
/// is neither login- nor premium-guarded, even when listed: spec §2 lists it as a public
/// page and it is the target of premium redirects (guarding it would loop; spec §6 admits
/// the contradiction).
pub fn decide_route(input: DecideRouteInput) -> Result<RouteDecision, GuardError> {
    let guards = input
        .guards
        .iter()
        .map(|g| Guard::parse(g))
        .collect::<Result<Vec<_>, _>>()?;
    let has = |guard: Guard| guards.contains(&guard);
    let permission = match (has(Guard::Permission), input.permission.as_deref()) {
        (true, None) => return Err(GuardError::MissingPermission),
        (true, Some(p)) => Some(p),
        (false, _) => None,
    };

    let located = locate(&input.path);
    let is_premium_page = located.matches_exactly(PREMIUM_PAGE);
    let matches_any = |routes: &[&str]| routes.iter().any(|r| located.matches(r));

    let Some(user) = &input.user else {
        let needs_login = (matches_any(&LOGIN_PREFIXES) || guards.iter().any(|g| g.needs_login()))
            && !is_premium_page;
        return Ok(if needs_login {
            RouteDecision::Login {
                to: target(&located, LOGIN_PAGE, &[]),
            }
        } else {
            RouteDecision::Allow
        });
    };

    if has(Guard::Guest) {
        let to = query_param(&located.suffix, "redirect")
            .filter(|r| is_local(r))
            .unwrap_or_else(|| {
                Located {
                    pathname: "/".into(),
                    suffix: String::new(),
                    ..located.clone()
                }
                .canonical()
            });
        return Ok(RouteDecision::Home { to });
    }
    if (located.matches(ADMIN_PREFIX) || has(Guard::Admin) || has(Guard::AdminAuth))
        && !user.is_console_member()
    {
        return Ok(forbidden(
            text(input.lang, "guard.adminRequired").to_owned(),
        ));
    }
    if let Some(p) = permission.filter(|p| !user.has_permission(p)) {
        // Named in words; a code the product does not know is shown as it is.
        let named = Permission::parse(p).map_or(p, |known| known.name(input.lang));
        return Ok(forbidden(text_with(
            input.lang,
            "guard.permissionRequired",
            &[("permission", named)],
        )));
    }
    let needs_premium = (matches_any(&PREMIUM_PREFIXES) || has(Guard::Premium)) && !is_premium_page;
    if needs_premium && !user.is_premium(input.now_ms) {
        return Ok(RouteDecision::Premium {
            to: target(&located, PREMIUM_PAGE, &[("reason", "premium_required")]),
        });
    }
    Ok(RouteDecision::Allow)
}

fn forbidden(status_message: String) -> RouteDecision {
    RouteDecision::Forbidden {
        status_code: 403,
        status_message,
    }
}

/// `page` under the path's locale prefix with `redirect=<the original path>` and `extra`
/// (the original path in its canonical form: a `/zh` or unsupported prefix is dropped).
fn target(from: &Located, page: &str, extra: &[(&str, &str)]) -> String {
    let page = Located {
        pathname: page.to_owned(),
        suffix: String::new(),
        ..from.clone()
    }
    .canonical();
    let mut query = format!("redirect={}", encode_component(&from.canonical()));
    for (key, value) in extra {
        query.push_str(&format!("&{key}={}", encode_component(value)));
    }
    format!("{page}?{query}")
}

impl Located {
    fn matches_exactly(&self, route: &str) -> bool {
        self.pathname.trim_end_matches('/') == route
    }
}

/// The first value of `name` in a `?query#hash` suffix, percent-decoded (`+` is a space,
/// as in URLSearchParams); `None` when absent or not valid UTF-8.
fn query_param(suffix: &str, name: &str) -> Option<String> {
    let query = suffix.strip_prefix('?')?;
    let query = query.split('#').next().unwrap_or_default();
    query
        .split('&')
        .filter_map(|pair| pair.split_once('=').or(Some((pair, ""))))
        .find(|(key, _)| *key == name)
        .and_then(|(_, value)| decode_component(value))
}

fn decode_component(value: &str) -> Option<String> {
    let bytes = value.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).ok()?;
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// JavaScript's `encodeURIComponent`.
fn encode_component(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: f64 = 1_800_000_000_000.0;

    fn member(user_type: &str, subscription: &str) -> GuardUser {
        GuardUser {
            user_type: Some(user_type.to_owned()),
            subscription_type: Some(subscription.to_owned()),
            ..GuardUser::default()
        }
    }

    fn decide(path: &str, user: Option<GuardUser>, guards: &[&str]) -> RouteDecision {
        decide_route(DecideRouteInput {
            path: path.to_owned(),
            user,
            now_ms: NOW,
            guards: guards.iter().map(|g| g.to_string()).collect(),
            permission: None,
            lang: Lang::Zh,
        })
        .unwrap()
    }

    fn login(to: &str) -> RouteDecision {
        RouteDecision::Login { to: to.to_owned() }
    }

    #[test]
    fn guests_go_to_login_on_protected_prefixes() {
        assert_eq!(
            decide("/admin", None, &[]),
            login("/auth/login?redirect=%2Fadmin")
        );
        assert_eq!(
            decide("/bookshelf", None, &[]),
            login("/auth/login?redirect=%2Fbookshelf")
        );
        assert_eq!(
            decide("/en/profile/purchases?tab=2", None, &[]),
            login("/en/auth/login?redirect=%2Fen%2Fprofile%2Fpurchases%3Ftab%3D2")
        );
        assert_eq!(
            decide("/premium/downloads", None, &[]),
            login("/auth/login?redirect=%2Fpremium%2Fdownloads")
        );
        for path in [
            "/settings",
            "/favorites",
            "/history",
            "/downloads",
            "/admin/books/1/edit",
        ] {
            assert!(
                matches!(decide(path, None, &[]), RouteDecision::Login { .. }),
                "{path}"
            );
        }
    }

    #[test]
    fn guests_may_browse_public_pages() {
        for path in [
            "/",
            "/books/1",
            "/premium",
            "/en/premium",
            "/bookshelves",
            "/auth/login",
            "/subscription",
        ] {
            assert_eq!(decide(path, None, &[]), RouteDecision::Allow, "{path}");
        }
        assert_eq!(
            decide("/auth/login", None, &["guest"]),
            RouteDecision::Allow
        );
        assert_eq!(
            decide("/books/1/chapters/2", None, &["content-access"]),
            RouteDecision::Allow
        );
    }

    #[test]
    fn named_guards_need_login() {
        for guard in ["auth", "admin", "admin-auth", "premium", "role"] {
            assert!(
                matches!(
                    decide("/user/play-history", None, &[guard]),
                    RouteDecision::Login { .. }
                ),
                "{guard}"
            );
        }
    }

    #[test]
    fn non_admins_get_403() {
        let forbidden = RouteDecision::Forbidden {
            status_code: 403,
            status_message: "需要管理员权限".into(),
        };
        assert_eq!(
            decide("/admin", Some(member("user", "premium")), &[]),
            forbidden
        );
        assert_eq!(
            decide("/en/admin/users", Some(member("user", "free")), &[]),
            forbidden
        );
        assert_eq!(
            decide("/x", Some(member("user", "free")), &["admin-auth"]),
            forbidden
        );
        assert_eq!(
            decide(
                "/admin/files",
                Some(member("admin", "free")),
                &["auth", "admin"]
            ),
            RouteDecision::Allow
        );
        let en = decide_route(DecideRouteInput {
            path: "/admin".into(),
            user: Some(member("user", "free")),
            now_ms: NOW,
            guards: vec![],
            permission: None,
            lang: Lang::En,
        });
        assert_eq!(
            en,
            Ok(RouteDecision::Forbidden {
                status_code: 403,
                status_message: "Admin access required".into()
            })
        );
    }

    #[test]
    fn permission_guard() {
        let run = |user: GuardUser, permission: Option<&str>| {
            decide_route(DecideRouteInput {
                path: "/admin/files".into(),
                user: Some(user),
                now_ms: NOW,
                guards: vec!["permission".into()],
                permission: permission.map(str::to_owned),
                lang: Lang::Zh,
            })
        };
        assert_eq!(
            run(member("admin", "free"), Some("manage:books")),
            Ok(RouteDecision::Allow)
        );
        let editor = GuardUser {
            permissions: vec!["manage:books".into()],
            ..member("user", "free")
        };
        // An editor is a console member: in on the pages of their permissions, out on others.
        assert_eq!(
            run(editor.clone(), Some("manage:books")),
            Ok(RouteDecision::Allow)
        );
        assert_eq!(
            run(editor.clone(), Some("manage:system")),
            Ok(RouteDecision::Forbidden {
                status_code: 403,
                status_message: "需要权限：管理系统与存储".into(),
            })
        );
        assert_eq!(
            run(editor, Some("manage:galaxies")),
            Ok(RouteDecision::Forbidden {
                status_code: 403,
                status_message: "需要权限：manage:galaxies".into(),
            })
        );
        assert_eq!(
            run(member("admin", "free"), None),
            Err(GuardError::MissingPermission)
        );

        let outside = |user: GuardUser| {
            decide_route(DecideRouteInput {
                path: "/reports".into(),
                user: Some(user),
                now_ms: NOW,
                guards: vec!["permission".into()],
                permission: Some("manage:system".into()),
                lang: Lang::Zh,
            })
        };
        let holder = GuardUser {
            permissions: vec!["manage:system".into()],
            ..member("user", "free")
        };
        assert_eq!(outside(holder), Ok(RouteDecision::Allow));
        assert_eq!(
            outside(member("user", "free")),
            Ok(RouteDecision::Forbidden {
                status_code: 403,
                status_message: "需要权限：管理系统与存储".into()
            })
        );
    }

    #[test]
    fn premium_pages_redirect_non_members() {
        let to = |p: &str| RouteDecision::Premium { to: p.to_owned() };
        assert_eq!(
            decide("/premium/downloads", Some(member("user", "free")), &[]),
            to("/premium?redirect=%2Fpremium%2Fdownloads&reason=premium_required")
        );
        assert_eq!(
            decide("/ja/downloads", Some(member("user", "free")), &["auth"]),
            to("/ja/premium?redirect=%2Fja%2Fdownloads&reason=premium_required")
        );
        let expired = GuardUser {
            subscription_expires_at: Some(NOW),
            ..member("user", "premium")
        };
        assert!(matches!(
            decide("/downloads", Some(expired), &[]),
            RouteDecision::Premium { .. }
        ));
        assert_eq!(
            decide("/premium/downloads", Some(member("user", "premium")), &[]),
            RouteDecision::Allow
        );
        // The upgrade page itself never loops.
        assert_eq!(
            decide("/premium", Some(member("user", "free")), &["premium"]),
            RouteDecision::Allow
        );
        assert_eq!(
            decide("/premium/", Some(member("user", "free")), &[]),
            RouteDecision::Allow
        );
        // Admins are not premium by role.
        assert!(matches!(
            decide("/downloads", Some(member("admin", "free")), &[]),
            RouteDecision::Premium { .. }
        ));
    }

    #[test]
    fn guest_pages_send_signed_in_users_home() {
        let home = |p: &str| RouteDecision::Home { to: p.to_owned() };
        let user = || Some(member("user", "free"));
        assert_eq!(decide("/auth/login", user(), &["guest"]), home("/"));
        assert_eq!(decide("/en/auth/register", user(), &["guest"]), home("/en"));
        assert_eq!(
            decide(
                "/auth/login?redirect=%2Fbookshelf%3Fa%3D1",
                user(),
                &["guest"]
            ),
            home("/bookshelf?a=1")
        );
        assert_eq!(
            decide("/auth/login?redirect=%2F%2Fevil.com", user(), &["guest"]),
            home("/")
        );
        assert_eq!(
            decide(
                "/auth/login?redirect=https%3A%2F%2Fevil.com",
                user(),
                &["guest"]
            ),
            home("/")
        );
    }

    #[test]
    fn unknown_guard_is_an_error() {
        let out = decide_route(DecideRouteInput {
            path: "/".into(),
            user: None,
            now_ms: NOW,
            guards: vec!["auth".into(), "vip".into()],
            permission: None,
            lang: Lang::Zh,
        });
        assert_eq!(out, Err(GuardError::UnknownGuard("vip".into())));
        assert_eq!(out.unwrap_err().to_string(), "unknown guard: vip");
    }

    #[test]
    fn a_detour_is_where_the_guard_would_send_the_same_page() {
        let detour = |path: &str, to| {
            detour_path(DetourPathInput {
                path: path.into(),
                to,
            })
        };
        assert_eq!(
            detour("/en/books/3", Detour::SignIn),
            "/en/auth/login?redirect=%2Fen%2Fbooks%2F3"
        );
        assert_eq!(
            detour("/books/3/chapters/9?t=1", Detour::SignIn),
            "/auth/login?redirect=%2Fbooks%2F3%2Fchapters%2F9%3Ft%3D1"
        );
        assert_eq!(
            detour("/ja/downloads", Detour::Premium),
            "/ja/premium?redirect=%2Fja%2Fdownloads&reason=premium_required"
        );
        // The same address decideRoute sends a signed-out listener on a guarded page to.
        let guarded = decide_route(DecideRouteInput {
            path: "/en/bookshelf".into(),
            user: None,
            guards: vec!["auth".into()],
            permission: None,
            lang: Lang::En,
            now_ms: 0.0,
        })
        .unwrap();
        assert_eq!(
            guarded,
            RouteDecision::Login {
                to: detour("/en/bookshelf", Detour::SignIn)
            }
        );
    }

    #[test]
    fn encodes_like_encode_uri_component() {
        assert_eq!(encode_component("/a b?c=d&e#f"), "%2Fa%20b%3Fc%3Dd%26e%23f");
        assert_eq!(encode_component("書-_.!~*'()"), "%E6%9B%B8-_.!~*'()");
        assert_eq!(decode_component("%E6%9B%B8+x"), Some("書 x".into()));
        assert_eq!(decode_component("%E6%9B"), None);
        assert_eq!(decode_component("%zz"), None);
        assert_eq!(decode_component("100%"), Some("100%".into()));
    }

    #[test]
    fn decision_json_shape() {
        let out = serde_json::to_value(RouteDecision::Forbidden {
            status_code: 403,
            status_message: "x".into(),
        })
        .unwrap();
        assert_eq!(
            out,
            serde_json::json!({"kind": "forbidden", "statusCode": 403, "statusMessage": "x"})
        );
        assert_eq!(
            serde_json::to_value(RouteDecision::Allow).unwrap(),
            serde_json::json!({"kind": "allow"})
        );
    }
}
