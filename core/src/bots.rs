//! Recognition of search-engine and link-preview bots, for whom the error screen is not rendered (spec §2).

use serde::{Deserialize, Serialize};

/// Input of `isBot`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct IsBotInput {
    #[serde(default)]
    pub user_agent: Option<String>,
}

/// Named crawlers and preview fetchers whose user agents lack a generic word below.
const NAMED: [&str; 14] = [
    "baiduspider",
    "sogou",
    "bytespider",
    "facebookexternalhit",
    "facebookcatalog",
    "whatsapp/",
    "slurp",
    "ia_archiver",
    "embedly",
    "pinterest",
    "vkshare",
    "w3c_validator",
    "quora link preview",
    "bitlybot",
];

/// Generic words used by most crawlers (Googlebot, bingbot, YandexBot, DuckDuckBot,
/// 360Spider, Twitterbot, Slackbot, Discordbot, TelegramBot, LinkedInBot, AhrefsBot, …).
const GENERIC: [&str; 5] = ["bot", "spider", "crawler", "crawl", "preview"];

/// Phone brands and apps whose names contain a generic word.
const FALSE_POSITIVES: [&str; 1] = ["cubot"];

/// `isBot`: case-insensitive match of the user agent against named crawlers and link
/// preview fetchers and the generic words bot / spider / crawler / preview. Headless
/// browsers are not bots here (the e2e suite runs headless Chromium and must see the error
/// screen). A missing or blank user agent is not a bot.
pub fn is_bot(input: IsBotInput) -> bool {
    let Some(ua) = input.user_agent.filter(|ua| !ua.trim().is_empty()) else {
        return false;
    };
    // The words are ASCII: ASCII case folding finds them (and keeps Unicode's case tables
    // out of the browser's module).
    let mut ua = ua.to_ascii_lowercase();
    for brand in FALSE_POSITIVES {
        ua = ua.replace(brand, "");
    }
    NAMED
        .iter()
        .chain(GENERIC.iter())
        .any(|word| ua.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bot(ua: &str) -> bool {
        is_bot(IsBotInput {
            user_agent: Some(ua.to_owned()),
        })
    }

    #[test]
    fn known_bots() {
        for ua in [
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
            "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
            "Mozilla/5.0 (compatible; YandexBot/3.0)",
            "DuckDuckBot/1.0; (+http://duckduckgo.com/duckduckbot.html)",
            "Sogou web spider/4.0(+http://www.sogou.com/docs/help/webmasters.htm#07)",
            "Mozilla/5.0 (compatible; 360Spider)",
            "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "Twitterbot/1.0",
            "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
            "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
            "WhatsApp/2.23.20.0 A",
            "TelegramBot (like TwitterBot)",
            "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
            "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)",
            "Google Web Preview",
            "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5",
        ] {
            assert!(bot(ua), "{ua}");
        }
    }

    #[test]
    fn browsers_are_not_bots() {
        for ua in [
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36",
            "Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0 Mobile Safari/537.36",
            "Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0",
        ] {
            assert!(!bot(ua), "{ua}");
        }
        assert!(!is_bot(IsBotInput { user_agent: None }));
        assert!(!bot(""));
    }
}
