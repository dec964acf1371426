//! From the listener's text to a tantivy query, and the highlighting of what matched.
use std::collections::{BTreeMap, BTreeSet};

use tantivy::{
    query::{
        BooleanQuery, BoostQuery, ConstScoreQuery, DisjunctionMaxQuery, FuzzyTermQuery, Occur,
        PhraseQuery, Query, TermQuery,
    },
    schema::{Facet, Field, IndexRecordOption, Value},
    snippet::SnippetGenerator,
    tokenizer::{TextAnalyzer, TokenStream},
    Index, TantivyDocument, Term,
};
use tingshu_core::Lang;

use super::{
    schema::{self, Fields},
    text::{edit_distance, is_cjk, pinyin_keys, typo_budget},
    SearchRequest,
};

/// English words too common to require (dropped when the query has other words).
const STOPWORDS: &[&str] = &[
    "a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with",
];

/// Longest description fragment shown with a hit (characters).
const DESCRIPTION_CHARS: usize = 120;
/// Titles and names are shown whole up to this length.
const NAME_CHARS: usize = 200;

/// One word of the query.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Word {
    /// Lowercased.
    pub text: String,
    /// Contains Han or kana characters.
    pub cjk: bool,
    /// Only ASCII letters and digits: may be pinyin, may have typos.
    pub latin: bool,
}

/// The words of a query, in order, without duplicates.
#[derive(Debug, Clone)]
pub struct Plan {
    words: Vec<Word>,
}

impl Plan {
    pub fn parse(index: &Index, text: &str) -> Self {
        let analyzer = index
            .tokenizers()
            .get(schema::QUERY_WORDS)
            .unwrap_or_else(schema::query_words_analyzer);
        Self::cut(analyzer, text)
    }

    /// The query's words as [`Plan::parse`] cuts them, with the built-in query analyzer.
    pub fn without_index(text: &str) -> Self {
        Self::cut(schema::query_words_analyzer(), text)
    }

    /// The words joined by single spaces: the query as search reads it.
    pub fn normalized(&self) -> String {
        let words: Vec<&str> = self.words.iter().map(|word| word.text.as_str()).collect();
        words.join(" ")
    }

    fn cut(mut analyzer: TextAnalyzer, text: &str) -> Self {
        let mut stream = analyzer.token_stream(text);
        let mut words: Vec<Word> = Vec::new();
        while let Some(token) = stream.next() {
            let text = token.text.clone();
            if words.iter().any(|word| word.text == text) {
                continue;
            }
            words.push(Word {
                cjk: text.chars().any(is_cjk),
                latin: text.chars().all(|c| c.is_ascii_alphanumeric()),
                text,
            });
        }
        if words
            .iter()
            .any(|word| !STOPWORDS.contains(&word.text.as_str()))
        {
            words.retain(|word| !STOPWORDS.contains(&word.text.as_str()));
        }
        Self { words }
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    /// Whether some word is long enough to be matched within a typo budget.
    pub fn has_typo_budget(&self) -> bool {
        self.words.iter().any(|word| {
            !word.cjk && word.text.chars().all(char::is_alphanumeric) && typo_budget(&word.text) > 0
        })
    }

    /// Every word must match (`all_words`) or at least one; Latin words within their typo
    /// budget when `typos`.
    pub fn query(&self, fields: &Fields, all_words: bool, typos: bool) -> Box<dyn Query> {
        let occur = if all_words {
            Occur::Must
        } else {
            Occur::Should
        };
        let clauses = self
            .words
            .iter()
            .map(|word| (occur, word_query(fields, word, typos)))
            .collect();
        Box::new(BooleanQuery::new(clauses))
    }
}

fn boosted(query: impl Query + 'static, boost: f32) -> Box<dyn Query> {
    Box::new(BoostQuery::new(Box::new(query), boost))
}

fn term(field: Field, text: &str) -> TermQuery {
    TermQuery::new(
        Term::from_field_text(field, text),
        IndexRecordOption::WithFreqs,
    )
}

/// Where one word may match, the best place counting most; with `typos`, also words a few
/// edits away.
fn word_query(fields: &Fields, word: &Word, typos: bool) -> Box<dyn Query> {
    let text = word.text.as_str();
    let mut ways: Vec<Box<dyn Query>> = vec![
        boosted(term(fields.title_zh, text), 3.0),
        boosted(term(fields.title_en, text), 3.0),
        boosted(term(fields.title_ja, text), 3.0),
        boosted(term(fields.author, text), 2.0),
        boosted(term(fields.narrator, text), 1.5),
        boosted(term(fields.tags, text), 1.5),
        Box::new(term(fields.description, text)),
    ];
    if word.cjk {
        // Any run of characters inside a title or name (游记 in 西游记).
        let chars: Vec<Term> = text
            .chars()
            .filter(|c| c.is_alphanumeric())
            .map(|c| Term::from_field_text(fields.chars, &c.to_lowercase().to_string()))
            .collect();
        match chars.len() {
            0 => {}
            1 => ways.push(boosted(
                TermQuery::new(chars[0].clone(), IndexRecordOption::WithFreqs),
                1.0,
            )),
            _ => ways.push(boosted(PhraseQuery::new(chars), 2.0)),
        }
    }
    if word.latin {
        let pinyin = Term::from_field_text(fields.pinyin, text);
        ways.push(boosted(
            TermQuery::new(pinyin.clone(), IndexRecordOption::WithFreqs),
            2.5,
        ));
        if text.len() >= 2 {
            // Typing in progress: `xiyo` finds xiyouji.
            ways.push(boosted(
                FuzzyTermQuery::new_prefix(pinyin.clone(), 0, true),
                1.0,
            ));
        }
    }
    if !word.cjk && text.chars().all(char::is_alphanumeric) {
        let latin_fields = [
            fields.title_en,
            fields.title_ja,
            fields.author,
            fields.narrator,
            fields.tags,
        ];
        if text.chars().count() >= 3 {
            for field in latin_fields {
                let prefix = Term::from_field_text(field, text);
                ways.push(boosted(FuzzyTermQuery::new_prefix(prefix, 0, true), 0.8));
            }
        }
        let budget = typo_budget(text);
        if typos && budget > 0 {
            for field in latin_fields.into_iter().chain([fields.pinyin]) {
                let near = Term::from_field_text(field, text);
                ways.push(boosted(FuzzyTermQuery::new(near, budget, true), 0.6));
            }
            let near = Term::from_field_text(fields.description, text);
            ways.push(boosted(FuzzyTermQuery::new(near, budget, true), 0.3));
        }
    }
    Box::new(DisjunctionMaxQuery::with_tie_breaker(ways, 0.1))
}

/// The text query with the request's filters; `with_category` false leaves the category
/// out (for the category facet counts).
pub fn filtered(
    fields: &Fields,
    text: Box<dyn Query>,
    request: &SearchRequest,
    with_category: bool,
) -> Box<dyn Query> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, text)];
    let exact = |field: Field, value: &str| -> Box<dyn Query> {
        Box::new(ConstScoreQuery::new(
            Box::new(TermQuery::new(
                Term::from_field_text(field, value),
                IndexRecordOption::Basic,
            )),
            0.0,
        ))
    };
    if !request.include_unpublished {
        clauses.push((Occur::Must, exact(fields.published, "true")));
    }
    if let Some(status) = &request.status {
        clauses.push((Occur::Must, exact(fields.status, status)));
    }
    if let Some(access) = &request.access {
        clauses.push((Occur::Must, exact(fields.access, access)));
    }
    if with_category && !request.categories.is_empty() {
        let any: Vec<(Occur, Box<dyn Query>)> = request
            .categories
            .iter()
            .map(|id| {
                let facet = Facet::from(&format!("/{id}"));
                let query: Box<dyn Query> = Box::new(TermQuery::new(
                    Term::from_facet(fields.category, &facet),
                    IndexRecordOption::Basic,
                ));
                (Occur::Should, query)
            })
            .collect();
        clauses.push((
            Occur::Must,
            Box::new(ConstScoreQuery::new(Box::new(BooleanQuery::new(any)), 0.0)),
        ));
    }
    if clauses.len() == 1 {
        return clauses.remove(0).1;
    }
    Box::new(BooleanQuery::new(clauses))
}

/// Marks what matched in a hit's title (in the listener's language), author and description.
pub struct Highlighter<'a> {
    words: &'a [Word],
    fields: &'a Fields,
    analyzer: TextAnalyzer,
    title_field: Field,
}

impl<'a> Highlighter<'a> {
    pub fn new(index: &Index, fields: &'a Fields, plan: &'a Plan, lang: Lang) -> Self {
        let analyzer = index
            .tokenizers()
            .get(schema::WORDS)
            .unwrap_or_else(schema::words_analyzer);
        let title_field = match lang {
            Lang::Zh => fields.title_zh,
            Lang::En => fields.title_en,
            Lang::Ja => fields.title_ja,
        };
        Self {
            words: &plan.words,
            fields,
            analyzer,
            title_field,
        }
    }

    pub fn highlight(&self, doc: &TantivyDocument) -> super::Highlights {
        let stored = |field: Field| -> Option<String> {
            doc.get_first(field)
                .and_then(|value| value.as_str().map(str::to_owned))
        };
        // The title the listener reads: in their language, else the zh title.
        let (title_field, title) = match stored(self.title_field) {
            Some(title) if !title.is_empty() => (self.title_field, title),
            _ => (
                self.fields.title_zh,
                stored(self.fields.title_zh).unwrap_or_default(),
            ),
        };
        let author = stored(self.fields.author).unwrap_or_default();
        let description = stored(self.fields.description).unwrap_or_default();
        super::Highlights {
            title: self.mark(title_field, &title, NAME_CHARS, true),
            author: self.mark(self.fields.author, &author, NAME_CHARS, true),
            description: self.mark(
                self.fields.description,
                &description,
                DESCRIPTION_CHARS,
                false,
            ),
        }
    }

    /// The highlighted fragment of `text`, or None when nothing in it matched.
    fn mark(&self, field: Field, text: &str, max_chars: usize, name: bool) -> Option<String> {
        if text.is_empty() {
            return None;
        }
        let terms = self.matching_tokens(text);
        if !terms.is_empty() {
            let terms: BTreeMap<String, f32> = terms.into_iter().map(|t| (t, 1.0)).collect();
            let generator = SnippetGenerator::new(terms, self.analyzer.clone(), field, max_chars);
            let mut snippet = generator.snippet(text);
            if !snippet.is_empty() {
                snippet.set_snippet_prefix_postfix("<mark>", "</mark>");
                return Some(snippet.to_html());
            }
        }
        if name && self.matches_by_pinyin_or_chars(text) {
            // Found through its pinyin or a run of its characters: the whole name matched.
            let whole: String = text.chars().take(max_chars).collect();
            return Some(format!("<mark>{}</mark>", escape_html(&whole)));
        }
        None
    }

    /// The tokens of `text` a query word matches exactly, as a prefix or within its typo budget.
    fn matching_tokens(&self, text: &str) -> BTreeSet<String> {
        let mut analyzer = self.analyzer.clone();
        let mut stream = analyzer.token_stream(text);
        let mut found = BTreeSet::new();
        while let Some(token) = stream.next() {
            let candidate = token.text.as_str();
            let hit = self.words.iter().any(|word| {
                let query = word.text.as_str();
                if candidate == query {
                    return true;
                }
                if word.cjk {
                    return false;
                }
                let typos = usize::from(typo_budget(query));
                (query.chars().count() >= 3 && candidate.starts_with(query))
                    || (typos > 0 && edit_distance(query, candidate, typos) <= typos)
            });
            if hit {
                found.insert(candidate.to_owned());
            }
        }
        found
    }

    /// A Chinese name a Latin word spells in pinyin (or initials), or a CJK word that is a
    /// run of its characters.
    fn matches_by_pinyin_or_chars(&self, text: &str) -> bool {
        let mut keys: Option<Vec<String>> = None;
        self.words.iter().any(|word| {
            if word.cjk {
                return text.to_lowercase().contains(&word.text);
            }
            if !word.latin {
                return false;
            }
            let keys = keys.get_or_insert_with(|| {
                pinyin_keys(text, &[])
                    .iter()
                    .flat_map(|key| {
                        let mut all = vec![key.clone()];
                        all.extend(key.split(' ').map(str::to_owned));
                        all
                    })
                    .collect()
            });
            keys.iter().any(|key| {
                key == &word.text || (word.text.len() >= 2 && key.starts_with(&word.text))
            })
        })
    }
}

/// Escapes text for HTML (`&`, `<`, `>`, `"`, `'`).
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}
