//! Text handling of the search index: the two tokenizers (jieba words, single characters),
//! pinyin keys of Chinese names, edit distance for typo-tolerant highlighting.
use std::{io::BufReader, sync::LazyLock};

use flate2::bufread::GzDecoder;
use jieba_rs::{Jieba, TokenizeMode};
use pinyin::ToPinyin;
use tantivy::tokenizer::{Token, TokenStream, Tokenizer};

/// The segmentation dictionary (see `dictionary/make.sh` for which words and why).
const DICTIONARY: &[u8] = include_bytes!("dictionary/words.txt.gz");

/// Jieba with [`DICTIONARY`], loaded on the first use (a few MiB resident: BENCHMARKS.md).
static JIEBA: LazyLock<Jieba> = LazyLock::new(|| {
    let mut words = BufReader::new(GzDecoder::new(DICTIONARY));
    Jieba::with_dict(&mut words).expect("the built-in segmentation dictionary is well formed")
});

/// Jieba words, lowercased, without whitespace and punctuation tokens.
///
/// `search_mode` (indexing) also emits the shorter dictionary words inside long words
/// (三国演义 → 三国, 演义, 三国演义) so a query for a part finds the whole; queries are cut
/// without it, into the longest words.
#[derive(Clone)]
pub struct WordTokenizer {
    mode: TokenizeMode,
}

impl WordTokenizer {
    pub fn new(search_mode: bool) -> Self {
        let mode = if search_mode {
            TokenizeMode::Search
        } else {
            TokenizeMode::Default
        };
        Self { mode }
    }
}

/// Tokens computed up front (the texts indexed are short: titles, names, descriptions).
pub struct VecTokenStream {
    tokens: Vec<Token>,
    /// One past the current token; 0 before the first `advance`.
    next: usize,
}

impl TokenStream for VecTokenStream {
    fn advance(&mut self) -> bool {
        if self.next < self.tokens.len() {
            self.next += 1;
            true
        } else {
            false
        }
    }

    fn token(&self) -> &Token {
        &self.tokens[self.next - 1]
    }

    fn token_mut(&mut self) -> &mut Token {
        &mut self.tokens[self.next - 1]
    }
}

/// Whether a token carries a word (letters, digits, ideographs) rather than spaces or punctuation.
fn is_word(text: &str) -> bool {
    text.chars().any(char::is_alphanumeric)
}

impl Tokenizer for WordTokenizer {
    type TokenStream<'a> = VecTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> VecTokenStream {
        // Positions count characters, so the words of search mode that overlap a longer
        // one share its positions (a phrase query still matches across them).
        let tokens = JIEBA
            .tokenize(text, self.mode, true)
            .into_iter()
            .filter(|word| is_word(word.word) && word.word.len() <= 100)
            .map(|word| Token {
                offset_from: word.byte_start,
                offset_to: word.byte_end,
                position: word.start,
                text: word.word.to_lowercase(),
                position_length: (word.end - word.start).max(1),
            })
            .collect();
        VecTokenStream { tokens, next: 0 }
    }
}

/// Every Han/kana character as its own token (positions in order), Latin words whole; the
/// `chars` field uses it so a phrase of characters finds any part of a Chinese name.
#[derive(Clone, Default)]
pub struct CharTokenizer;

/// Han ideographs, kana and the other scripts written without spaces between words.
pub fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF      // hiragana, katakana
        | 0x3400..=0x4DBF    // CJK extension A
        | 0x4E00..=0x9FFF    // CJK unified ideographs
        | 0xF900..=0xFAFF    // compatibility ideographs
        | 0x20000..=0x2FA1F  // extensions B–F, supplement
    )
}

impl Tokenizer for CharTokenizer {
    type TokenStream<'a> = VecTokenStream;

    fn token_stream<'a>(&'a mut self, text: &'a str) -> VecTokenStream {
        let mut tokens = Vec::new();
        let mut word_start: Option<usize> = None;
        let push = |tokens: &mut Vec<Token>, from: usize, to: usize| {
            let position = tokens.len();
            tokens.push(Token {
                offset_from: from,
                offset_to: to,
                position,
                text: text[from..to].to_lowercase(),
                position_length: 1,
            });
        };
        for (at, c) in text.char_indices() {
            if is_cjk(c) {
                if let Some(start) = word_start.take() {
                    push(&mut tokens, start, at);
                }
                push(&mut tokens, at, at + c.len_utf8());
            } else if c.is_alphanumeric() {
                word_start.get_or_insert(at);
            } else if let Some(start) = word_start.take() {
                push(&mut tokens, start, at);
            }
        }
        if let Some(start) = word_start {
            push(&mut tokens, start, text.len());
        }
        VecTokenStream { tokens, next: 0 }
    }
}

/// The pinyin keys of a Chinese name, all lowercase without tones: the whole name joined
/// (`xiyouji`), each word of it joined (`xiyou`), the syllables one by one (`xi you ji`) and
/// the initials (`xyj`). Non-Chinese characters are kept as they are (lowercased). Empty
/// when the name has no Chinese character.
pub fn pinyin_keys(name: &str, words: &[String]) -> Vec<String> {
    if !name.chars().any(|c| c.to_pinyin().is_some()) {
        return Vec::new();
    }
    let (joined, syllables, initials) = spell(name);
    let mut keys = vec![joined, syllables.join(" "), initials];
    for word in words {
        let (joined, _, initials) = spell(word);
        if word.chars().count() > 1 && word.chars().any(|c| c.to_pinyin().is_some()) {
            keys.push(joined);
            keys.push(initials);
        }
    }
    keys.retain(|key| !key.trim().is_empty());
    keys.dedup();
    keys
}

/// (joined syllables, each syllable, initials) of a text; other letters and digits pass
/// through, a run of them counting as one syllable.
fn spell(text: &str) -> (String, Vec<String>, String) {
    let mut joined = String::new();
    let mut syllables: Vec<String> = Vec::new();
    let mut initials = String::new();
    let mut in_latin_run = false;
    for c in text.chars() {
        if let Some(p) = c.to_pinyin() {
            joined.push_str(p.plain());
            syllables.push(p.plain().to_owned());
            initials.push_str(p.first_letter());
            in_latin_run = false;
        } else if c.is_alphanumeric() {
            let lower: String = c.to_lowercase().collect();
            joined.push_str(&lower);
            match syllables.last_mut() {
                Some(last) if in_latin_run => last.push_str(&lower),
                _ => {
                    initials.push_str(&lower);
                    syllables.push(lower);
                }
            }
            in_latin_run = true;
        } else {
            in_latin_run = false;
        }
    }
    (joined, syllables, initials)
}

/// Levenshtein distance, counting an adjacent transposition as one edit (as the fuzzy
/// queries do), capped: anything above `max` answers `max + 1`.
pub fn edit_distance(a: &str, b: &str, max: usize) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    if a.len().abs_diff(b.len()) > max {
        return max + 1;
    }
    let width = b.len() + 1;
    let mut rows = vec![vec![0usize; width]; a.len() + 1];
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        rows[i][0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = best;
        }
    }
    rows[a.len()][b.len()].min(max + 1)
}

/// How many typos a Latin query term tolerates: 1 from 4 characters, 2 from 8, else none.
pub fn typo_budget(term: &str) -> u8 {
    match term.chars().count() {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(mut tokenizer: impl Tokenizer, text: &str) -> Vec<String> {
        let mut stream = tokenizer.token_stream(text);
        let mut out = Vec::new();
        while stream.advance() {
            out.push(stream.token().text.clone());
        }
        out
    }

    #[test]
    fn jieba_cuts_chinese_words_and_drops_punctuation() {
        let tokens = words(WordTokenizer::new(true), "西游记：Journey to the West");
        assert!(tokens.contains(&"西游".to_owned()), "{tokens:?}");
        assert!(tokens.contains(&"journey".to_owned()), "{tokens:?}");
        assert!(!tokens.iter().any(|t| t.trim().is_empty() || t == "："));
        let query = words(WordTokenizer::new(false), "三国演义");
        assert_eq!(query, vec!["三国演义"]);
    }

    #[test]
    fn characters_are_single_tokens_and_latin_words_stay_whole() {
        assert_eq!(
            words(CharTokenizer, "西游记 Monkey King"),
            vec!["西", "游", "记", "monkey", "king"]
        );
    }

    #[test]
    fn pinyin_keys_hold_full_spaced_and_initials() {
        let keys = pinyin_keys("西游记", &["西游".to_owned(), "西游记".to_owned()]);
        assert!(keys.contains(&"xiyouji".to_owned()), "{keys:?}");
        assert!(keys.contains(&"xi you ji".to_owned()), "{keys:?}");
        assert!(keys.contains(&"xyj".to_owned()), "{keys:?}");
        assert!(keys.contains(&"xiyou".to_owned()), "{keys:?}");
        assert!(pinyin_keys("Dune", &[]).is_empty());
    }

    #[test]
    fn edit_distance_counts_transpositions_once() {
        assert_eq!(edit_distance("jurney", "journey", 2), 1);
        assert_eq!(edit_distance("journye", "journey", 2), 1);
        assert_eq!(edit_distance("kingdom", "kingdoms", 2), 1);
        assert_eq!(edit_distance("abc", "xyzxyz", 2), 3);
        assert_eq!(typo_budget("dune"), 1);
        assert_eq!(typo_budget("kingdoms"), 2);
        assert_eq!(typo_budget("sea"), 0);
    }
}
