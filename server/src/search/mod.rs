//! Full-text search over the catalogue: a tantivy index of every book, on disk under
//! `<data_dir>/search-index/`.
//!
//! - Chinese text is cut into words by jieba; each Han/kana character is also indexed on
//!   its own (`chars`) so any part of a Chinese name is found as a phrase of characters.
//! - Titles and authors also carry pinyin keys (`xiyouji`, `xi you ji`, `xyj`), so Latin
//!   letters find Chinese names, in full, by syllables, by initials or by a prefix.
//! - Latin terms tolerate typos (one edit from 4 characters, two from 8) when the words as
//!   typed find nothing.
//! - Hits are highlighted with `<mark>…</mark>` (the rest HTML-escaped), and the matching
//!   books are counted per category (facets) over the whole result set.
//!
//! The index is rebuilt from the database at start when missing, when its schema version
//! changed or when it does not hold as many books as the database; catalogue changes call
//! [`SearchIndex::reindex_book`] / [`SearchIndex::remove_book`], bulk changes (the demo
//! seed) [`SearchIndex::rebuild`]; [`refresh_every`] rebuilds it from the database on a
//! schedule, which brings in play counts (the "popular" order) and other servers' changes.
//!
//! A search's results are kept for the index as it is ([`ResultsCache`]): the same search
//! again (a popular query, a page reloaded) is answered without tantivy until the index
//! changes, as its key carries the index's generation, which every commit advances.
pub mod documents;
mod query;
mod schema;
pub mod service;
pub mod text;

#[cfg(test)]
mod tests;

pub use query::escape_html;

use std::{
    path::{Path, PathBuf},
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
    time::Duration,
};

use anyhow::Context;
use sea_orm::DatabaseConnection;
use serde::Serialize;
use tantivy::{
    collector::{Collector, Count, FacetCollector, FacetCounts, TopDocs},
    directory::MmapDirectory,
    query::Query,
    schema::Value,
    DocAddress, Index, IndexReader, IndexWriter, Order, ReloadPolicy, TantivyDocument, Term,
};
use tingshu_core::Lang;

use crate::metrics::CacheStats;
pub use documents::BookDoc;
use schema::Fields;

/// Bump when the schema or the way text is analysed changes: the index is then rebuilt at start.
pub const SCHEMA_VERSION: u32 = 3;

/// The folder of the index inside the data folder.
pub const INDEX_DIR: &str = "search-index";

/// The file, next to tantivy's own, that records which [`SCHEMA_VERSION`] built the index.
const VERSION_FILE: &str = "tingshu-schema-version";

/// Memory the (single-threaded) writer may use before it flushes a segment.
const WRITER_MEMORY: usize = 32_000_000;

/// Books loaded from the database per batch while rebuilding.
const REBUILD_BATCH: u64 = 500;

/// How much kept results may weigh in all (their estimated bytes).
const RESULTS_CACHE_BYTES: u64 = 4 << 20;
/// How long a search's results are kept at most (an index changes far less often).
const RESULTS_TTL: Duration = Duration::from_secs(60);

/// How results are ordered.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum SearchSort {
    /// Best match first.
    #[default]
    Relevance,
    /// Most recently added first.
    Newest,
    /// Most played first (as of the book's last indexing).
    Popular,
}

/// One search: the query text, filters, order and the page wanted.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchRequest {
    pub query: String,
    /// Books in any of these categories (a category and its subcategories); empty means all.
    pub categories: Vec<i32>,
    pub status: Option<String>,
    pub access: Option<String>,
    pub sort: SearchSort,
    pub offset: usize,
    pub limit: usize,
    /// Which title is highlighted: the one the listener reads (falls back to the zh title).
    pub lang: Lang,
    /// The console's searches: unpublished books too (listeners' find published ones only).
    pub include_unpublished: bool,
}

/// Highlighted fragments of a hit: HTML-escaped text with the matches in `<mark>…</mark>`;
/// a field is absent when nothing in it matched.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq, utoipa::ToSchema)]
pub struct Highlights {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// One matching book.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchHit {
    pub book_id: i32,
    pub score: f32,
    pub highlights: Highlights,
}

/// A page of hits, how many books matched in all, and how many per category.
#[derive(Debug, Clone, Default)]
pub struct SearchResults {
    pub hits: Vec<SearchHit>,
    pub total: u64,
    /// (category id, matching books), most books first. Counted over every match with the
    /// query's status/access filters but without its category filter, so a listener sees
    /// what each category would give.
    pub category_counts: Vec<(i32, u64)>,
}

impl SearchResults {
    /// About how many bytes the results hold (the weight of a kept entry).
    fn weight(&self) -> u32 {
        let hits: usize = self
            .hits
            .iter()
            .map(|hit| {
                let h = &hit.highlights;
                64 + [&h.title, &h.author, &h.description]
                    .iter()
                    .map(|text| text.as_ref().map_or(0, String::len))
                    .sum::<usize>()
            })
            .sum();
        u32::try_from(128 + hits + 16 * self.category_counts.len()).unwrap_or(u32::MAX)
    }
}

/// Results of searches on one generation of the index, the last [`RESULTS_TTL`] at most.
struct ResultsCache {
    kept: moka::sync::Cache<(u64, SearchRequest), Arc<SearchResults>>,
    stats: CacheStats,
}

impl Default for ResultsCache {
    fn default() -> Self {
        Self {
            kept: moka::sync::Cache::builder()
                .max_capacity(RESULTS_CACHE_BYTES)
                .weigher(
                    |(_, request): &(u64, SearchRequest), results: &Arc<SearchResults>| {
                        results.weight().saturating_add(request.query.len() as u32)
                    },
                )
                .time_to_live(RESULTS_TTL)
                .build(),
            stats: CacheStats::default(),
        }
    }
}

/// The search index handle; cheap to clone (shared inside).
#[derive(Clone)]
pub struct SearchIndex {
    inner: Arc<Inner>,
}

struct Inner {
    index: Index,
    reader: IndexReader,
    /// Open only while a write runs: an idle writer holds its indexing arena (tens of MiB).
    writer: Mutex<Option<IndexWriter>>,
    fields: Fields,
    /// Serialises writes (rebuild, reindex, remove) so a rebuild is never interleaved.
    writes: tokio::sync::Mutex<()>,
    /// Where the index lives on disk (None in memory).
    dir: Option<PathBuf>,
    /// Advanced by every commit, after the reader sees it: the key of kept results.
    generation: AtomicU64,
    results: ResultsCache,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("dir", &self.inner.dir)
            .field("books", &self.num_books())
            .finish()
    }
}

impl SearchIndex {
    /// An empty index in memory (tests, tools).
    pub fn in_memory() -> anyhow::Result<Self> {
        let (schema, fields) = schema::build();
        let index = Index::create_in_ram(schema);
        Self::from_index(index, fields, None)
    }

    /// Opens the index in `dir`, (re)creating it when missing or built by another schema
    /// version, and fills it from the database when it was created or does not hold as many
    /// books as the database.
    pub async fn open_or_rebuild(dir: &Path, db: &DatabaseConnection) -> anyhow::Result<Self> {
        let path = dir.to_path_buf();
        let (index, created) = tokio::task::spawn_blocking(move || open_dir(&path))
            .await
            .context("the search index task panicked")??;
        let fields = schema::Fields::of(&index.schema());
        let search = Self::from_index(index, fields, Some(dir.to_path_buf()))?;
        let books_in_db = documents::count_books(db).await?;
        if created || search.num_books() != books_in_db {
            let indexed = search.rebuild(db).await?;
            tracing::info!(books = indexed, dir = %dir.display(), "search index rebuilt");
        }
        Ok(search)
    }

    fn from_index(index: Index, fields: Fields, dir: Option<PathBuf>) -> anyhow::Result<Self> {
        schema::register_tokenizers(&index);
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .context("cannot open the search index reader")?;
        Ok(Self {
            inner: Arc::new(Inner {
                index,
                reader,
                writer: Mutex::new(None),
                fields,
                writes: tokio::sync::Mutex::new(()),
                dir,
                generation: AtomicU64::new(0),
                results: ResultsCache::default(),
            }),
        })
    }

    /// How many books the index holds (as of the last commit).
    pub fn num_books(&self) -> u64 {
        self.inner.reader.searcher().num_docs()
    }

    /// Replaces the whole index with the database's books; answers how many were indexed.
    /// Searches keep seeing the previous index until the new one is committed.
    pub async fn rebuild(&self, db: &DatabaseConnection) -> anyhow::Result<u64> {
        let _writing = self.inner.writes.lock().await;
        self.blocking(|inner| inner.with_writer(|writer| writer.delete_all_documents().map(drop)))
            .await?;
        let mut after = 0;
        let mut count = 0u64;
        let result: anyhow::Result<()> = async {
            loop {
                let batch = documents::load_batch(db, after, REBUILD_BATCH).await?;
                let Some(last) = batch.last() else { break };
                after = last.id;
                count += batch.len() as u64;
                self.blocking(move |inner| inner.add(&batch)).await?;
            }
            Ok(())
        }
        .await;
        match result {
            Ok(()) => {
                self.blocking(Inner::commit).await?;
                Ok(count)
            }
            Err(error) => {
                self.blocking(|inner| {
                    inner.with_writer(|writer| writer.rollback().map(drop))?;
                    inner.close_writer();
                    Ok(())
                })
                .await?;
                Err(error.context("rebuilding the search index"))
            }
        }
    }

    /// Indexes a book again from the database (after it was created or changed); a book
    /// that no longer exists is removed.
    pub async fn reindex_book(&self, db: &DatabaseConnection, book_id: i32) -> anyhow::Result<()> {
        let _writing = self.inner.writes.lock().await;
        let doc = documents::load_one(db, book_id).await?;
        self.blocking(move |inner| {
            inner.delete(book_id)?;
            if let Some(doc) = doc {
                inner.add(std::slice::from_ref(&doc))?;
            }
            inner.commit()
        })
        .await
    }

    /// Removes a book from the index (after it was deleted).
    pub async fn remove_book(&self, book_id: i32) -> anyhow::Result<()> {
        let _writing = self.inner.writes.lock().await;
        self.blocking(move |inner| {
            inner.delete(book_id)?;
            inner.commit()
        })
        .await
    }

    /// Replaces the index with these books (tests and tools that have no database).
    pub async fn replace_all(&self, docs: Vec<BookDoc>) -> anyhow::Result<()> {
        let _writing = self.inner.writes.lock().await;
        self.blocking(move |inner| {
            inner.with_writer(|writer| writer.delete_all_documents().map(drop))?;
            inner.add(&docs)?;
            inner.commit()
        })
        .await
    }

    /// Runs a search; `limit` 0 answers only the counts. The same search on the same
    /// generation of the index is answered from the kept results.
    pub async fn search(&self, request: SearchRequest) -> anyhow::Result<SearchResults> {
        let cache = &self.inner.results;
        let key = (self.inner.generation.load(Ordering::Acquire), request);
        cache.stats.looked_up();
        if let Some(kept) = cache.kept.get(&key) {
            return Ok(SearchResults::clone(&kept));
        }
        cache.stats.missed();
        let request = key.1.clone();
        let results = self.blocking(move |inner| inner.search(&request)).await?;
        cache.kept.insert(key, Arc::new(results.clone()));
        Ok(results)
    }

    /// Lookups and misses of the kept results.
    pub fn results_stats(&self) -> &CacheStats {
        &self.inner.results.stats
    }

    /// The ids of the `limit` books (published or not) that best match `query`, matched as a
    /// listener's search is (words, pinyin, initials, typos), without highlights: the
    /// console's search.
    pub async fn matching_ids(&self, query: String, limit: usize) -> anyhow::Result<Vec<i32>> {
        self.blocking(move |inner| inner.matching_ids(&query, limit))
            .await
    }

    /// Runs `work` on the blocking pool (tantivy's calls block on files and threads).
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Inner) -> anyhow::Result<T> + Send + 'static,
    ) -> anyhow::Result<T> {
        let inner = self.inner.clone();
        tokio::task::spawn_blocking(move || work(&inner))
            .await
            .context("the search index task panicked")?
    }
}

/// A query as search reads it: its words (jieba-cut, lower-cased, without punctuation,
/// repeats or stop-words) joined by single spaces; search analytics count queries by it.
pub fn normalize_query(text: &str) -> String {
    query::Plan::without_index(text).normalized()
}

/// The ways a query is tried, until one finds something: `(all_terms, typos)`. Every word
/// must match as typed (or as the start of a word); then within its typo budget; then any
/// word may (best matches first). Typo matching is the costly part of a query (a Levenshtein
/// automaton per field), so it only runs when the words as typed find nothing.
fn stages(plan: &query::Plan) -> impl Iterator<Item = (bool, bool)> {
    [
        (true, false, true),
        (true, true, plan.has_typo_budget()),
        (false, true, plan.len() > 1),
    ]
    .into_iter()
    .filter(|(_, _, applies)| *applies)
    .map(|(all_terms, typos, _)| (all_terms, typos))
}

/// Counts matching books per category (facet `/<category id>`).
fn category_facets() -> FacetCollector {
    let mut facets = FacetCollector::for_field(schema::CATEGORY);
    facets.add_facet("/");
    facets
}

/// Runs `top` and a count over `query`, and the category facets in the same pass when
/// `with_facets`.
fn collect<C: Collector>(
    searcher: &tantivy::Searcher,
    query: &dyn Query,
    top: C,
    with_facets: bool,
) -> tantivy::Result<(C::Fruit, usize, Option<FacetCounts>)> {
    if with_facets {
        let (top, count, facets) = searcher.search(query, &(top, Count, category_facets()))?;
        Ok((top, count, Some(facets)))
    } else {
        let (top, count) = searcher.search(query, &(top, Count))?;
        Ok((top, count, None))
    }
}

/// Opens or creates the index in `dir`; `true` when it was (re)created empty.
fn open_dir(dir: &Path) -> anyhow::Result<(Index, bool)> {
    let version_file = dir.join(VERSION_FILE);
    let recorded = std::fs::read_to_string(&version_file)
        .ok()
        .and_then(|text| text.trim().parse::<u32>().ok());
    if recorded == Some(SCHEMA_VERSION) && dir.join("meta.json").exists() {
        match Index::open_in_dir(dir) {
            Ok(index) if index.schema() == schema::build().0 => return Ok((index, false)),
            Ok(_) => {
                tracing::warn!(dir = %dir.display(), "search index schema differs; rebuilding")
            }
            Err(error) => {
                tracing::warn!(%error, dir = %dir.display(), "search index unreadable; rebuilding")
            }
        }
    } else if dir.exists() {
        tracing::info!(dir = %dir.display(), ?recorded, "search index missing or outdated; rebuilding");
    }
    if dir.exists() {
        std::fs::remove_dir_all(dir)
            .with_context(|| format!("cannot remove the old search index {}", dir.display()))?;
    }
    std::fs::create_dir_all(dir)
        .with_context(|| format!("cannot create the search index folder {}", dir.display()))?;
    let directory = MmapDirectory::open(dir)
        .with_context(|| format!("cannot open the search index folder {}", dir.display()))?;
    let index = Index::create(directory, schema::build().0, Default::default())
        .context("cannot create the search index")?;
    std::fs::write(&version_file, SCHEMA_VERSION.to_string())
        .with_context(|| format!("cannot write {}", version_file.display()))?;
    Ok((index, true))
}

impl Inner {
    /// Runs `work` with the writer, opening it first when no write is under way.
    fn with_writer<T>(
        &self,
        work: impl FnOnce(&mut IndexWriter) -> tantivy::Result<T>,
    ) -> anyhow::Result<T> {
        let mut slot = self
            .writer
            .lock()
            .map_err(|_| anyhow::anyhow!("the search index writer is poisoned"))?;
        let writer = match slot.as_mut() {
            Some(writer) => writer,
            None => slot.insert(
                self.index
                    .writer_with_num_threads(1, WRITER_MEMORY)
                    .context("cannot open the search index writer")?,
            ),
        };
        Ok(work(writer)?)
    }

    /// Closes the writer once a write is committed or rolled back (merges under way are
    /// left for the next write), giving its memory back.
    fn close_writer(&self) {
        if let Ok(mut slot) = self.writer.lock() {
            slot.take();
        }
    }

    fn add(&self, docs: &[BookDoc]) -> anyhow::Result<()> {
        self.with_writer(|writer| {
            for doc in docs {
                writer.add_document(schema::document(&self.fields, doc))?;
            }
            Ok(())
        })
    }

    fn delete(&self, book_id: i32) -> anyhow::Result<()> {
        self.with_writer(|writer| {
            writer.delete_term(Term::from_field_u64(self.fields.id, book_id as u64));
            Ok(())
        })
    }

    fn commit(&self) -> anyhow::Result<()> {
        self.with_writer(|writer| writer.commit().map(drop))
            .context("cannot commit the search index")?;
        self.close_writer();
        self.reader
            .reload()
            .context("cannot reload the search index")?;
        // Results kept for the generation before are never looked up again.
        self.generation.fetch_add(1, Ordering::Release);
        Ok(())
    }

    fn search(&self, request: &SearchRequest) -> anyhow::Result<SearchResults> {
        let plan = query::Plan::parse(&self.index, &request.query);
        if plan.is_empty() {
            return Ok(SearchResults::default());
        }
        let searcher = self.reader.searcher();
        let mut results = SearchResults::default();
        for (all_terms, typos) in stages(&plan) {
            results = self.run(&searcher, &plan, request, all_terms, typos)?;
            if results.total > 0 {
                break;
            }
        }
        Ok(results)
    }

    fn matching_ids(&self, text: &str, limit: usize) -> anyhow::Result<Vec<i32>> {
        let plan = query::Plan::parse(&self.index, text);
        if plan.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let request = SearchRequest {
            query: text.to_owned(),
            categories: Vec::new(),
            status: None,
            access: None,
            sort: SearchSort::Relevance,
            offset: 0,
            limit,
            lang: Lang::Zh,
            include_unpublished: true,
        };
        let searcher = self.reader.searcher();
        for (all_terms, typos) in stages(&plan) {
            let text = plan.query(&self.fields, all_terms, typos);
            let filtered = query::filtered(&self.fields, text, &request, false);
            let hits = searcher.search(&*filtered, &TopDocs::with_limit(limit).order_by_score())?;
            if hits.is_empty() {
                continue;
            }
            // The ids from the `id` fast field: no stored document is read.
            let mut columns = std::collections::HashMap::new();
            let mut ids = Vec::with_capacity(hits.len());
            for (_, address) in hits {
                let column = match columns.entry(address.segment_ord) {
                    std::collections::hash_map::Entry::Occupied(found) => found.into_mut(),
                    std::collections::hash_map::Entry::Vacant(slot) => slot.insert(
                        searcher
                            .segment_reader(address.segment_ord)
                            .fast_fields()
                            .u64("id")?,
                    ),
                };
                if let Some(id) = column
                    .first(address.doc_id)
                    .and_then(|id| i32::try_from(id).ok())
                {
                    ids.push(id);
                }
            }
            return Ok(ids);
        }
        Ok(Vec::new())
    }

    fn run(
        &self,
        searcher: &tantivy::Searcher,
        plan: &query::Plan,
        request: &SearchRequest,
        all_terms: bool,
        typos: bool,
    ) -> anyhow::Result<SearchResults> {
        let fields = &self.fields;
        let text = plan.query(fields, all_terms, typos);
        let filtered = query::filtered(fields, text.box_clone(), request, true);
        let limit = request.limit.max(1);
        let page = TopDocs::with_limit(limit).and_offset(request.offset);
        // Without a category filter the facets count exactly the page's matches: one pass
        // over them collects the page, the total and the facets.
        let one_pass = request.categories.is_empty();
        let (hits, total, counts): (Vec<(f32, DocAddress)>, usize, _) = match request.sort {
            SearchSort::Relevance => {
                collect(searcher, &*filtered, page.order_by_score(), one_pass)?
            }
            SearchSort::Newest => {
                let (hits, total, counts) = collect(
                    searcher,
                    &*filtered,
                    page.order_by_fast_field::<i64>(schema::CREATED_AT, Order::Desc),
                    one_pass,
                )?;
                let hits = hits.into_iter().map(|(_, at)| (0.0, at)).collect();
                (hits, total, counts)
            }
            SearchSort::Popular => {
                let (hits, total, counts) = collect(
                    searcher,
                    &*filtered,
                    page.order_by_fast_field::<i64>(schema::PLAY_COUNT, Order::Desc),
                    one_pass,
                )?;
                let hits = hits.into_iter().map(|(_, at)| (0.0, at)).collect();
                (hits, total, counts)
            }
        };
        let total = total as u64;
        let counts = match counts {
            Some(counts) => counts,
            None => {
                let facet_query = query::filtered(fields, text, request, false);
                searcher.search(&*facet_query, &category_facets())?
            }
        };
        let mut category_counts: Vec<(i32, u64)> = counts
            .get("/")
            .filter_map(|(facet, count)| {
                let id = facet.to_path().last()?.parse::<i32>().ok()?;
                Some((id, count))
            })
            .collect();
        category_counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let hits = if request.limit == 0 {
            Vec::new()
        } else {
            let mut out = Vec::with_capacity(hits.len());
            let highlighter = query::Highlighter::new(&self.index, fields, plan, request.lang);
            for (score, address) in hits {
                let doc: TantivyDocument = searcher.doc(address)?;
                let Some(id) = doc
                    .get_first(fields.id)
                    .and_then(|value| value.as_u64())
                    .and_then(|id| i32::try_from(id).ok())
                else {
                    continue;
                };
                out.push(SearchHit {
                    book_id: id,
                    score,
                    highlights: highlighter.highlight(&doc),
                });
            }
            out
        };
        Ok(SearchResults {
            hits,
            total,
            category_counts,
        })
    }
}

/// Rebuilds `index` from the database every `period`, in the background for as long as the
/// runtime runs (the first time one `period` after the call).
pub fn refresh_every(
    index: SearchIndex,
    db: DatabaseConnection,
    period: std::time::Duration,
) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + period, period);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match index.rebuild(&db).await {
                Ok(books) => tracing::debug!(books, "search index refreshed"),
                Err(error) => tracing::warn!("cannot refresh the search index: {error:#}"),
            }
        }
    })
}
