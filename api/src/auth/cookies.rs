//! The session cookies: HttpOnly, SameSite=Lax, Path=/, `__Host-` and Secure when the site
//! is https (or loopback, which browsers treat as secure).

use axum_extra::extract::CookieJar;
use axum_extra::extract::cookie::{Cookie, SameSite};
use threshold_store::sessions::SessionTokens;

use crate::app::AppState;

pub const ACCESS_COOKIE: &str = "threshold-access";
pub const REFRESH_COOKIE: &str = "threshold-refresh";

fn build_cookie(
    state: &AppState,
    base: &str,
    value: String,
    max_age_seconds: i64,
) -> Cookie<'static> {
    Cookie::build((state.cookie_name(base), value))
        .path("/")
        .http_only(true)
        .secure(state.secure_cookies())
        .same_site(SameSite::Lax)
        .max_age(::cookie::time::Duration::seconds(max_age_seconds))
        .build()
}

/// Both cookies live as long as the session may; the server decides when each token stops
/// working (a stale access cookie earns a 401, which makes the browser refresh).
pub fn set_session(state: &AppState, jar: CookieJar, tokens: &SessionTokens) -> CookieJar {
    let lifetime = state.session_policy.absolute_timeout.num_seconds();
    jar.add(build_cookie(
        state,
        ACCESS_COOKIE,
        tokens.access.clone(),
        lifetime,
    ))
    .add(build_cookie(
        state,
        REFRESH_COOKIE,
        tokens.refresh.clone(),
        lifetime,
    ))
}

pub fn clear_session(state: &AppState, jar: CookieJar) -> CookieJar {
    jar.add(build_cookie(state, ACCESS_COOKIE, String::new(), 0))
        .add(build_cookie(state, REFRESH_COOKIE, String::new(), 0))
}

pub fn read(state: &AppState, jar: &CookieJar, base: &str) -> Option<String> {
    jar.get(state.cookie_name(base).as_str())
        .map(|c| c.value().to_owned())
        .filter(|v| !v.is_empty())
}
