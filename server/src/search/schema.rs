//! The index's fields, its analysers, and a book turned into a tantivy document.
use tantivy::{
    schema::{
        Facet, FacetOptions, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions,
        FAST, INDEXED, STORED, STRING,
    },
    tokenizer::{LowerCaser, SimpleTokenizer, TextAnalyzer, TokenStream},
    Index, TantivyDocument,
};

use super::{
    documents::BookDoc,
    text::{pinyin_keys, CharTokenizer, WordTokenizer},
};

/// Jieba words (search mode) for indexing.
pub const WORDS: &str = "tingshu_words";
/// Jieba words (longest words) for queries.
pub const QUERY_WORDS: &str = "tingshu_query_words";
/// One token per Han/kana character.
pub const CHARS: &str = "tingshu_chars";
/// Whitespace-separated lowercase pinyin keys.
pub const PINYIN: &str = "tingshu_pinyin";

pub const CATEGORY: &str = "category";
pub const CREATED_AT: &str = "created_at";
pub const PLAY_COUNT: &str = "play_count";

/// Handles of every field.
#[derive(Debug, Clone, Copy)]
pub struct Fields {
    pub id: Field,
    pub title_zh: Field,
    pub title_en: Field,
    pub title_ja: Field,
    pub author: Field,
    pub narrator: Field,
    pub description: Field,
    pub tags: Field,
    pub chars: Field,
    pub pinyin: Field,
    pub category: Field,
    pub category_id: Field,
    pub status: Field,
    pub access: Field,
    /// `true` or `false`.
    pub published: Field,
    pub play_count: Field,
    pub created_at: Field,
}

fn text(tokenizer: &str, record: IndexRecordOption, stored: bool) -> TextOptions {
    let options = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default()
            .set_tokenizer(tokenizer)
            .set_index_option(record),
    );
    if stored {
        options.set_stored()
    } else {
        options
    }
}

/// The schema and its fields.
pub fn build() -> (Schema, Fields) {
    let mut builder = Schema::builder();
    let words_stored = text(WORDS, IndexRecordOption::WithFreqs, true);
    let fields = Fields {
        id: builder.add_u64_field("id", INDEXED | STORED | FAST),
        title_zh: builder.add_text_field("title_zh", words_stored.clone()),
        title_en: builder.add_text_field("title_en", words_stored.clone()),
        title_ja: builder.add_text_field("title_ja", words_stored.clone()),
        author: builder.add_text_field("author", words_stored.clone()),
        narrator: builder.add_text_field("narrator", words_stored.clone()),
        description: builder.add_text_field("description", words_stored),
        tags: builder.add_text_field("tags", text(WORDS, IndexRecordOption::WithFreqs, false)),
        chars: builder.add_text_field(
            "chars",
            text(CHARS, IndexRecordOption::WithFreqsAndPositions, false),
        ),
        pinyin: builder.add_text_field("pinyin", text(PINYIN, IndexRecordOption::WithFreqs, false)),
        category: builder.add_facet_field(CATEGORY, FacetOptions::default()),
        category_id: builder.add_u64_field("category_id", INDEXED | FAST),
        status: builder.add_text_field("status", STRING),
        access: builder.add_text_field("access", STRING),
        published: builder.add_text_field("published", STRING),
        play_count: builder.add_i64_field(PLAY_COUNT, FAST),
        created_at: builder.add_i64_field(CREATED_AT, FAST),
    };
    (builder.build(), fields)
}

impl Fields {
    /// The fields of an index built by [`build`].
    pub fn of(schema: &Schema) -> Self {
        let field = |name: &str| {
            schema
                .get_field(name)
                .expect("a field of the search schema")
        };
        Fields {
            id: field("id"),
            title_zh: field("title_zh"),
            title_en: field("title_en"),
            title_ja: field("title_ja"),
            author: field("author"),
            narrator: field("narrator"),
            description: field("description"),
            tags: field("tags"),
            chars: field("chars"),
            pinyin: field("pinyin"),
            category: field(CATEGORY),
            category_id: field("category_id"),
            status: field("status"),
            access: field("access"),
            published: field("published"),
            play_count: field(PLAY_COUNT),
            created_at: field(CREATED_AT),
        }
    }
}

pub fn words_analyzer() -> TextAnalyzer {
    TextAnalyzer::from(WordTokenizer::new(true))
}

pub fn query_words_analyzer() -> TextAnalyzer {
    TextAnalyzer::from(WordTokenizer::new(false))
}

pub fn chars_analyzer() -> TextAnalyzer {
    TextAnalyzer::from(CharTokenizer)
}

/// Registers the analysers the schema names (they are not stored in the index).
pub fn register_tokenizers(index: &Index) {
    let tokenizers = index.tokenizers();
    tokenizers.register(WORDS, words_analyzer());
    tokenizers.register(QUERY_WORDS, query_words_analyzer());
    tokenizers.register(CHARS, chars_analyzer());
    tokenizers.register(
        PINYIN,
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );
}

/// The words jieba finds in `text` (search mode), for the pinyin of each word.
fn words_of(text: &str) -> Vec<String> {
    let mut analyzer = words_analyzer();
    let mut stream = analyzer.token_stream(text);
    let mut words = Vec::new();
    while let Some(token) = stream.next() {
        words.push(token.text.clone());
    }
    words
}

/// A book as a tantivy document.
pub fn document(fields: &Fields, book: &BookDoc) -> TantivyDocument {
    let mut doc = TantivyDocument::new();
    doc.add_u64(fields.id, book.id as u64);
    doc.add_text(fields.title_zh, &book.title);
    if let Some(title) = &book.title_en {
        doc.add_text(fields.title_en, title);
    }
    if let Some(title) = &book.title_ja {
        doc.add_text(fields.title_ja, title);
    }
    doc.add_text(fields.author, &book.author);
    if let Some(narrator) = &book.narrator {
        doc.add_text(fields.narrator, narrator);
    }
    doc.add_text(fields.description, &book.description);
    for tag in &book.tags {
        doc.add_text(fields.tags, tag);
    }
    let names = [
        Some(&book.title),
        book.title_ja.as_ref(),
        Some(&book.author),
        book.narrator.as_ref(),
    ];
    for name in names.into_iter().flatten() {
        doc.add_text(fields.chars, name);
    }
    for name in [&book.title, &book.author] {
        let keys = pinyin_keys(name, &words_of(name));
        if !keys.is_empty() {
            doc.add_text(fields.pinyin, keys.join(" "));
        }
    }
    doc.add_facet(
        fields.category,
        Facet::from(&format!("/{}", book.category_id)),
    );
    doc.add_u64(fields.category_id, book.category_id.max(0) as u64);
    doc.add_text(fields.status, &book.status);
    doc.add_text(fields.access, &book.access);
    doc.add_text(
        fields.published,
        if book.published { "true" } else { "false" },
    );
    doc.add_i64(fields.play_count, book.play_count);
    doc.add_i64(fields.created_at, book.created_at);
    doc
}
