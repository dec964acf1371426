//! Avatar placeholder initials, at most two characters (spec §5).

use serde::{Deserialize, Serialize};

/// Input of `avatarInitials`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(tsify::Tsify), tsify(missing_as_null))]
#[serde(rename_all = "camelCase")]
pub struct AvatarInitialsInput {
    /// A display name, username or email address.
    #[serde(default)]
    pub name: Option<String>,
}

/// `avatarInitials`: one or two characters, never empty.
///
/// - An email uses its local part, split at `.`, `_`, `-` and `+` ("john.smith@x.com" → "JS").
/// - A name starting with a CJK character (Han, kana, Hangul) shows its last two
///   characters, whitespace ignored — the given name, as Chinese apps do ("张三丰" → "三丰").
/// - Otherwise the first letters of the first two whitespace-separated words, uppercased
///   ("john smith" → "JS", "alice" → "A"); a letter whose uppercase is two letters (ß) stays.
/// - Empty or blank → "?".
///
/// Characters are Unicode scalar values, so a surrogate pair is never split (an emoji counts
/// as one); a multi-scalar grapheme (flag, combining accent) may be cut.
pub fn avatar_initials(input: AvatarInitialsInput) -> String {
    let raw = input.name.as_deref().unwrap_or_default().trim();
    let (name, is_email) = match raw.split_once('@') {
        Some((local, _)) => (local, true),
        None => (raw, false),
    };
    let compact: Vec<char> = name.chars().filter(|c| !c.is_whitespace()).collect();
    let initials: String = match compact.first() {
        None => String::new(),
        Some(first) if is_cjk(*first) => {
            compact[compact.len().saturating_sub(2)..].iter().collect()
        }
        Some(_) => name
            .split(|c: char| c.is_whitespace() || (is_email && matches!(c, '.' | '_' | '-' | '+')))
            .filter_map(|word| word.chars().next())
            .take(2)
            .map(upper)
            .collect(),
    };
    if initials.is_empty() {
        "?".to_owned()
    } else {
        initials
    }
}

/// The uppercase letter, or the letter itself when its uppercase is longer than one
/// character (ß → SS would turn one initial into two).
fn upper(c: char) -> char {
    let mut up = c.to_uppercase();
    match (up.next(), up.next()) {
        (Some(single), None) => single,
        _ => c,
    }
}

fn is_cjk(c: char) -> bool {
    matches!(c,
        '\u{3040}'..='\u{30FF}'   // Hiragana, Katakana
        | '\u{3400}'..='\u{4DBF}' // CJK Extension A
        | '\u{4E00}'..='\u{9FFF}' // CJK Unified Ideographs
        | '\u{AC00}'..='\u{D7AF}' // Hangul syllables
        | '\u{F900}'..='\u{FAFF}' // CJK Compatibility Ideographs
        | '\u{20000}'..='\u{2FA1F}' // CJK Extensions B–F and supplement
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn initials(name: Option<&str>) -> String {
        avatar_initials(AvatarInitialsInput {
            name: name.map(str::to_owned),
        })
    }

    #[test]
    fn latin_names() {
        assert_eq!(initials(Some("john smith")), "JS");
        assert_eq!(initials(Some("alice")), "A");
        assert_eq!(initials(Some("  Mary   Jane  Watson ")), "MJ");
        assert_eq!(initials(Some("jean-luc picard")), "JP");
    }

    #[test]
    fn cjk_names_show_given_name() {
        assert_eq!(initials(Some("张三丰")), "三丰");
        assert_eq!(initials(Some("李雷")), "李雷");
        assert_eq!(initials(Some("王")), "王");
        assert_eq!(initials(Some("山田 太郎")), "太郎");
        assert_eq!(initials(Some("𠀋𠀌𠀍")), "𠀌𠀍");
    }

    #[test]
    fn emails_use_local_part() {
        assert_eq!(initials(Some("john.smith@example.com")), "JS");
        assert_eq!(initials(Some("alice@example.com")), "A");
        assert_eq!(initials(Some("@example.com")), "?");
        assert_eq!(initials(Some("小明@example.com")), "小明");
    }

    #[test]
    fn empty_is_question_mark() {
        assert_eq!(initials(None), "?");
        assert_eq!(initials(Some("")), "?");
        assert_eq!(initials(Some("   ")), "?");
    }

    #[test]
    fn never_splits_surrogates() {
        assert_eq!(initials(Some("😀 smile")), "😀S");
        assert_eq!(initials(Some("ßig")), "ß");
        assert_eq!(initials(Some("émile zola")), "ÉZ");
    }

    proptest! {
        #[test]
        fn one_or_two_chars(name in any::<String>()) {
            let out = initials(Some(&name));
            let n = out.chars().count();
            prop_assert!((1..=2).contains(&n), "{name:?} -> {out:?}");
        }
    }
}
