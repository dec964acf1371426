//! Verified search-engine crawlers (DESIGN §7): a crawler is verified when its user agent
//! names it AND it comes from an address range its operator publishes. Verified crawlers see
//! the catalogue without challenges, under their own rate limit, so the books stay indexable;
//! a user agent naming one from anywhere else is a forgery.
use std::{net::IpAddr, path::Path};

use anyhow::Context;
use ipnet::IpNet;
use serde::Deserialize;

/// One crawler: its name, the word its user agent carries, and its operator's ranges.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Crawler {
    pub name: String,
    /// Found in the user agent, ignoring case (`Googlebot`).
    pub user_agent: String,
    pub ranges: Vec<IpNet>,
}

/// What a request is, as crawlers go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The crawler at this index of the list, from its own ranges.
    Verified(usize),
    /// A crawler's user agent from an address outside its ranges.
    Forged,
    /// No crawler's user agent.
    Other,
}

/// The list of crawlers.
#[derive(Debug, Clone)]
pub struct Crawlers(Vec<Crawler>);

/// The built-in list: the ranges Google (googlebot.json), Microsoft (bingbot.json) and Apple
/// (Applebot: 17.0.0.0/8) publish for their crawlers, as of 2026. `VERIFIED_CRAWLERS_FILE`
/// replaces it (Baidu and others that publish no ranges can be added there by operators).
const BUILT_IN: &str = r#"[
  {"name": "Googlebot", "userAgent": "Googlebot",
   "ranges": ["66.249.64.0/19", "2001:4860:4801::/48"]},
  {"name": "Bingbot", "userAgent": "bingbot",
   "ranges": ["157.55.39.0/24", "207.46.13.0/24", "40.77.167.0/24", "40.77.177.0/24",
              "40.77.178.0/23", "40.77.188.0/22", "40.77.202.0/24", "13.66.139.0/24",
              "13.66.144.0/24", "52.167.144.0/24", "65.55.210.0/24", "199.30.24.0/23"]},
  {"name": "Applebot", "userAgent": "Applebot", "ranges": ["17.0.0.0/8"]}
]"#;

fn contains_ignoring_case(text: &str, word: &str) -> bool {
    let (text, word) = (text.as_bytes(), word.as_bytes());
    !word.is_empty()
        && text
            .windows(word.len())
            .any(|w| w.eq_ignore_ascii_case(word))
}

impl Crawlers {
    pub fn built_in() -> Self {
        Self(serde_json::from_str(BUILT_IN).expect("the built-in crawler list parses"))
    }

    /// The list in `path` (JSON, as [`BUILT_IN`]).
    pub fn load(path: &Path) -> anyhow::Result<Self> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the crawler list {}", path.display()))?;
        let list = serde_json::from_str(&text)
            .with_context(|| format!("the crawler list {} is not valid", path.display()))?;
        Ok(Self(list))
    }

    pub fn name(&self, index: usize) -> &str {
        &self.0[index].name
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether a request with `user_agent` from `address` is a verified crawler, a forged
    /// one, or neither.
    pub fn judge(&self, user_agent: Option<&str>, address: IpAddr) -> Verdict {
        let Some(user_agent) = user_agent else {
            return Verdict::Other;
        };
        let mut named = false;
        for (index, crawler) in self.0.iter().enumerate() {
            if contains_ignoring_case(user_agent, &crawler.user_agent) {
                if crawler.ranges.iter().any(|range| range.contains(&address)) {
                    return Verdict::Verified(index);
                }
                named = true;
            }
        }
        if named {
            Verdict::Forged
        } else {
            Verdict::Other
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOGLEBOT: &str =
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

    #[test]
    fn a_crawler_is_verified_by_its_agent_and_its_ranges_together() {
        let crawlers = Crawlers::built_in();
        let google: IpAddr = "66.249.66.1".parse().unwrap();
        let elsewhere: IpAddr = "203.0.113.9".parse().unwrap();
        assert_eq!(
            crawlers.judge(Some(GOOGLEBOT), google),
            Verdict::Verified(0)
        );
        assert_eq!(crawlers.name(0), "Googlebot");
        assert_eq!(crawlers.judge(Some(GOOGLEBOT), elsewhere), Verdict::Forged);
        assert_eq!(
            crawlers.judge(Some("Mozilla/5.0 Chrome/120"), google),
            Verdict::Other
        );
        assert_eq!(crawlers.judge(None, google), Verdict::Other);
        let bing: IpAddr = "157.55.39.12".parse().unwrap();
        assert_eq!(
            crawlers.judge(Some("Mozilla/5.0 (compatible; BINGBOT/2.0)"), bing),
            Verdict::Verified(1),
            "the word is matched ignoring case"
        );
    }

    #[test]
    fn an_operator_list_replaces_the_built_in_one() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("crawlers.json");
        std::fs::write(
            &path,
            r#"[{"name": "Baiduspider", "userAgent": "Baiduspider", "ranges": ["180.76.15.0/24"]}]"#,
        )
        .unwrap();
        let crawlers = Crawlers::load(&path).unwrap();
        assert_eq!(crawlers.len(), 1);
        let baidu: IpAddr = "180.76.15.3".parse().unwrap();
        assert_eq!(
            crawlers.judge(Some("Baiduspider/2.0"), baidu),
            Verdict::Verified(0)
        );
        assert_eq!(crawlers.judge(Some(GOOGLEBOT), baidu), Verdict::Other);
        std::fs::write(
            &path,
            r#"[{"name": "x", "userAgent": "x", "ranges": ["nope"]}]"#,
        )
        .unwrap();
        assert!(Crawlers::load(&path).is_err());
    }
}
