//! The catalogue: categories, book lists and details, chapters with the caller's access,
//! limited-free books and recommendations. Rules (chapter access) come from the core;
//! storage from `repository`; a page of books is assembled with one query per related kind.
pub mod counts;
pub mod pages;
pub mod repository;
pub mod text;
pub mod view;

use std::collections::{HashMap, HashSet};

use sea_orm::{ConnectionTrait, DbErr};
use tingshu_core::{
    catalog::{
        access::{chapter_access, BookAccess, ChapterAccess, ChapterAccessInput},
        purchase::{self, Purchase},
        query::{BOOK_ACCESS, BOOK_STATUSES},
    },
    payments::order::Price,
    premium::PremiumUser,
    Lang,
};

use self::{
    counts::CatalogCounts,
    repository::TagMatch,
    view::{
        AudioLink, BookDetail, BookMe, CategoryNode, ChapterDetail, ChapterProgress,
        ChapterSummary, Names, Reason, ReasonKind, Recommendation,
    },
};
use crate::{
    books::{self, view::BookSummary},
    db::spelled::spelled,
    entities::{book, category, chapter, user},
    error::{ApiError, ApiResult, Missing},
    library,
    paging::{choice_param, Page, Paging},
    tracking::{self, preferences::Preferred},
};

/// Book lists: at most 50 per page, 20 by default.
pub const BOOKS_MAX_PAGE_SIZE: u64 = 50;
pub const BOOKS_DEFAULT_PAGE_SIZE: u64 = 20;
/// Chapter lists: at most 200 per page, 100 by default.
pub const CHAPTERS_MAX_PAGE_SIZE: u64 = 200;
pub const CHAPTERS_DEFAULT_PAGE_SIZE: u64 = 100;
/// How many recommendations are given.
pub const RECOMMENDATIONS: usize = 12;
/// How many recommendations one explicit preference gives at most.
pub const PREFERRED_SHARE: u64 = 6;

/// Book list order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BookSort {
    Newest,
    /// Most played first.
    #[default]
    Popular,
    /// Highest rated first.
    Rating,
    /// Most recently updated first.
    Updated,
}

impl BookSort {
    /// The spellings of `?sort=`, in the order of the variants.
    pub const NAMES: [&'static str; 4] = ["newest", "popular", "rating", "updated"];

    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "newest" => Some(Self::Newest),
            "popular" => Some(Self::Popular),
            "rating" => Some(Self::Rating),
            "updated" => Some(Self::Updated),
            _ => None,
        }
    }
}

/// The raw `GET /api/books` query, as strings, before validation.
#[derive(Debug, Clone, Default, serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct BookListParams {
    /// From 1.
    #[param(value_type = Option<u32>, minimum = 1)]
    pub page: Option<String>,
    /// From 1 to 50; 20 when absent.
    #[param(value_type = Option<u32>, minimum = 1, maximum = 50)]
    pub page_size: Option<String>,
    /// A category slug: the category and its subcategories.
    pub category: Option<String>,
    /// A tag name.
    pub tag: Option<String>,
    /// `serialising` or `finished`.
    pub status: Option<String>,
    /// `free`, `vip` or `paid`.
    pub access: Option<String>,
    /// `newest`, `popular` (the default), `rating` or `updated`.
    pub sort: Option<String>,
}

/// A validated book list request.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BookListQuery {
    pub category: Option<String>,
    pub tag: Option<String>,
    pub status: Option<String>,
    pub access: Option<String>,
    pub sort: BookSort,
    pub paging: Paging,
}

fn non_empty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

impl BookListQuery {
    /// Checks every parameter; a 400 names the first bad one and its rule in `lang`.
    pub fn parse(params: BookListParams, lang: Lang) -> Result<Self, ApiError> {
        let paging = Paging::parse_in(
            lang,
            params.page.as_deref(),
            params.page_size.as_deref(),
            BOOKS_DEFAULT_PAGE_SIZE,
            BOOKS_MAX_PAGE_SIZE,
        )?;
        let status = choice_param(lang, "status", params.status.as_deref(), &BOOK_STATUSES)?;
        let access = choice_param(lang, "access", params.access.as_deref(), &BOOK_ACCESS)?;
        let sort = choice_param(lang, "sort", params.sort.as_deref(), &BookSort::NAMES)?
            .and_then(|sort| BookSort::parse(&sort))
            .unwrap_or_default();
        Ok(Self {
            category: non_empty(&params.category).map(str::to_owned),
            tag: non_empty(&params.tag).map(str::to_owned),
            status,
            access,
            sort,
            paging,
        })
    }
}

/// The resolved filter the repository applies.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct BookFilter {
    pub category_ids: Option<Vec<i32>>,
    pub tag_id: Option<i32>,
    pub status: Option<String>,
    pub access: Option<String>,
}

/// The ids of the category with `slug` and of its subcategories (none when no category has
/// that slug).
pub fn category_and_subcategories(all: &[category::Model], slug: &str) -> Vec<i32> {
    let named: Vec<i32> = all
        .iter()
        .filter(|c| c.slug == slug)
        .map(|c| c.id)
        .collect();
    all.iter()
        .filter(|c| c.slug == slug || c.parent_id.is_some_and(|p| named.contains(&p)))
        .map(|c| c.id)
        .collect()
}

fn category_name(lang: Lang, c: &category::Model) -> String {
    books::localized(lang, &c.name_zh, Some(&c.name_en), Some(&c.name_ja))
}

/// `GET /api/categories`: the category tree in display order, each with its book count.
#[tracing::instrument(skip(db, counts))]
pub async fn categories(
    db: &impl ConnectionTrait,
    counts: &CatalogCounts,
    lang: Lang,
) -> ApiResult<Vec<CategoryNode>> {
    let all = counts.categories(db).await?;
    let category_ids: Vec<i32> = all.iter().map(|c| c.id).collect();
    let covers = counts.covers_per_category(db, &category_ids).await?;
    let counts = counts.per_category(db).await?;
    let mut children: HashMap<Option<i32>, Vec<&category::Model>> = HashMap::new();
    let ids: HashSet<i32> = all.iter().map(|c| c.id).collect();
    for c in all.iter() {
        // A parent that no longer exists puts the category at the top.
        let parent = c.parent_id.filter(|p| ids.contains(p) && *p != c.id);
        children.entry(parent).or_default().push(c);
    }
    fn build(
        parent: Option<i32>,
        children: &HashMap<Option<i32>, Vec<&category::Model>>,
        counts: &HashMap<i32, u64>,
        covers: &HashMap<i32, Vec<String>>,
        lang: Lang,
        depth: usize,
    ) -> Vec<CategoryNode> {
        let Some(list) = children.get(&parent).filter(|_| depth < 8) else {
            return Vec::new();
        };
        list.iter()
            .map(|c| CategoryNode {
                id: c.id,
                slug: c.slug.clone(),
                name: category_name(lang, c),
                names: Names {
                    zh: c.name_zh.clone(),
                    en: c.name_en.clone(),
                    ja: c.name_ja.clone(),
                },
                parent_id: c.parent_id,
                book_count: counts.get(&c.id).copied().unwrap_or(0),
                cover_urls: covers.get(&c.id).map_or_else(Vec::new, |urls| {
                    urls.iter()
                        .map(|url| crate::covers::sized(url, crate::covers::CoverSize::Small))
                        .collect()
                }),
                children: build(Some(c.id), children, counts, covers, lang, depth + 1),
            })
            .collect()
    }
    Ok(build(None, &children, &counts, &covers, lang, 0))
}

/// `GET /api/books`: one page of books, filtered and sorted. An unknown category or tag
/// matches no book. The total comes from `counts` (see [`counts`] for how stale it may be).
#[tracing::instrument(skip(db, counts))]
pub async fn list_books(
    db: &impl ConnectionTrait,
    counts: &CatalogCounts,
    lang: Lang,
    query: BookListQuery,
    now_ms: i64,
) -> ApiResult<Page<BookSummary>> {
    let empty = Page::new(Vec::new(), 0, query.paging);
    let mut filter = BookFilter {
        status: query.status,
        access: query.access,
        ..Default::default()
    };
    if let Some(slug) = &query.category {
        let ids = category_and_subcategories(&counts.categories(db).await?, slug);
        if ids.is_empty() {
            return Ok(empty);
        }
        filter.category_ids = Some(ids);
    }
    if let Some(name) = &query.tag {
        let Some(found) = repository::find_tag_by_name(db, name).await? else {
            return Ok(empty);
        };
        filter.tag_id = Some(found.id);
    }
    let paging = query.paging;
    let total = counts.list_total(db, &filter).await?;
    if paging.offset() >= total {
        return Ok(Page::new(Vec::new(), total, paging));
    }
    let tag_match = match filter.tag_id {
        None => TagMatch::Walk,
        Some(_) => {
            let all = counts.list_total(db, &BookFilter::default()).await?;
            TagMatch::cheaper(paging.offset() + paging.page_size, all, total)
        }
    };
    let rows = repository::list_page(db, &filter, query.sort, paging, tag_match, now_ms).await?;
    let items = rows
        .into_iter()
        .map(|row| books::summary(lang, row))
        .collect::<Result<_, _>>()?;
    Ok(Page::new(items, total, paging))
}

/// `GET /api/books/{id}`: the summary, the plain-text description and the caller's state.
#[tracing::instrument(skip(db, listener))]
pub async fn book_detail(
    db: &impl ConnectionTrait,
    lang: Lang,
    id: i32,
    listener: Option<&user::Model>,
    now_ms: i64,
) -> ApiResult<BookDetail> {
    let row = books::repository::detail_row(db, id, now_ms)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(id)))?;
    let (description, description_lang) = books::localized_text(
        lang,
        &row.description,
        row.description_en.as_deref(),
        row.description_ja.as_deref(),
    );
    let description = text::plain_text(&description);
    let me = match listener {
        Some(user) => {
            let state = library::repository::book_state(db, user.id, id).await?;
            Some(BookMe {
                on_bookshelf: state.on_bookshelf,
                favorite: state.favorite,
                last_chapter_id: state.history.as_ref().map(|h| h.chapter_id),
                last_position_secs: state.history.as_ref().map(|h| h.position_secs),
            })
        }
        None => None,
    };
    let access = AccessContext::with_campaign(
        db,
        id,
        &row.summary.access,
        &[],
        listener,
        now_ms,
        row.summary.free_until,
    )
    .await?;
    let summary = books::summary(lang, row.summary)?;
    let viewer_access = access.of_book(id);
    Ok(BookDetail {
        book: summary,
        description,
        description_lang,
        me,
        viewer_access,
    })
}

/// What decides access to a book's chapters for one caller.
struct AccessContext {
    book_access: BookAccess,
    campaign_ends_at: Option<i64>,
    user: Option<PremiumUser>,
    /// The listener's purchases of this book or its chapters.
    purchases: Vec<Purchase>,
    now_ms: i64,
}

impl AccessContext {
    /// The context of the book `book_id` with this stored `access`, whose running campaign's
    /// end is already known (a book's summary carries it as `freeUntil`): only a listener's
    /// purchases are read.
    async fn with_campaign(
        db: &impl ConnectionTrait,
        book_id: i32,
        access: &str,
        chapter_ids: &[i32],
        listener: Option<&user::Model>,
        now_ms: i64,
        campaign_ends_at: Option<i64>,
    ) -> Result<Self, DbErr> {
        let purchases = match listener {
            Some(user) => repository::purchases(db, user.id, book_id, chapter_ids).await?,
            None => Vec::new(),
        };
        let book_access = spelled(&format!("book {book_id}"), "access", access)?;
        Ok(Self {
            book_access,
            campaign_ends_at,
            user: listener.map(user::Model::premium),
            purchases,
            now_ms,
        })
    }

    /// The access to the book's chapters that are not free on their own: a whole-book
    /// purchase counts, a single chapter's does not.
    fn of_book(&self, book_id: i32) -> ChapterAccess {
        chapter_access(ChapterAccessInput {
            book_access: self.book_access,
            chapter_is_free: false,
            campaign_ends_at: self.campaign_ends_at.map(|ms| ms as f64),
            now_ms: self.now_ms as f64,
            user: self.user.clone(),
            purchased: purchase::covers_book(&self.purchases, book_id),
        })
    }

    fn of(&self, chapter: &chapter::Model) -> ChapterAccess {
        chapter_access(ChapterAccessInput {
            book_access: self.book_access,
            chapter_is_free: chapter.is_free,
            campaign_ends_at: self.campaign_ends_at.map(|ms| ms as f64),
            now_ms: self.now_ms as f64,
            user: self.user.clone(),
            purchased: purchase::covers(&self.purchases, chapter.book_id, chapter.id),
        })
    }
}

fn chapter_summary(
    lang: Lang,
    chapter: &chapter::Model,
    access: ChapterAccess,
    progress: Option<ChapterProgress>,
) -> ChapterSummary {
    let (title, title_lang) = books::localized_text(
        lang,
        &chapter.title,
        chapter.title_en.as_deref(),
        chapter.title_ja.as_deref(),
    );
    ChapterSummary {
        id: chapter.id,
        index: chapter.idx,
        title,
        title_lang,
        duration_secs: chapter.duration_secs,
        is_free: chapter.is_free,
        price: chapter_price(chapter, &access),
        access,
        progress,
    }
}

/// A chapter's own price, when it can be bought alone: not free, not open to the caller,
/// and priced in some currency.
fn chapter_price(chapter: &chapter::Model, access: &ChapterAccess) -> Option<Price> {
    let price = Price {
        cny: chapter.price_cny.filter(|p| *p > 0),
        usd: chapter.price_usd.filter(|p| *p > 0),
        jpy: chapter.price_jpy.filter(|p| *p > 0),
    };
    let priced = price.cny.is_some() || price.usd.is_some() || price.jpy.is_some();
    (!chapter.is_free && !access.allowed && priced).then_some(price)
}

/// `GET /api/books/{id}/chapters`: a page of the book's chapters with access and progress.
#[tracing::instrument(skip(db, listener))]
pub async fn chapters(
    db: &impl ConnectionTrait,
    lang: Lang,
    book_id: i32,
    paging: Paging,
    listener: Option<&user::Model>,
    now_ms: i64,
) -> ApiResult<Page<ChapterSummary>> {
    let (book_access, campaign_ends_at) = repository::book_access(db, book_id, now_ms)
        .await?
        .ok_or(ApiError::NotFound(Missing::Book(book_id)))?;
    let (rows, total) = repository::chapters_page(db, book_id, paging).await?;
    let ids: Vec<i32> = rows.iter().map(|c| c.id).collect();
    let access = AccessContext::with_campaign(
        db,
        book_id,
        &book_access,
        &ids,
        listener,
        now_ms,
        campaign_ends_at,
    )
    .await?;
    let mut progress = match listener {
        Some(user) => library::repository::progress_for_chapters(db, user.id, &ids).await?,
        None => HashMap::new(),
    };
    let items = rows
        .iter()
        .map(|c| {
            let p = progress.remove(&c.id).map(|p| ChapterProgress {
                position_secs: p.position_secs,
                completed: p.completed,
            });
            chapter_summary(lang, c, access.of(c), p)
        })
        .collect();
    Ok(Page::new(items, total, paging))
}

/// Where a chapter's audio is: (url, expiry of a signed url). Given the chapter, the
/// listener's id and whether the url must be signed (access other than free or campaign).
pub trait AudioLinker {
    fn link(
        &self,
        chapter_id: i32,
        user_id: Option<i32>,
        needs_signature: bool,
    ) -> (String, Option<i64>);
}

impl<F> AudioLinker for F
where
    F: Fn(i32, Option<i32>, bool) -> (String, Option<i64>),
{
    fn link(
        &self,
        chapter_id: i32,
        user_id: Option<i32>,
        needs_signature: bool,
    ) -> (String, Option<i64>) {
        self(chapter_id, user_id, needs_signature)
    }
}

/// `GET /api/chapters/{id}`: the chapter, its book, neighbours, and the audio link when allowed.
#[tracing::instrument(skip(db, listener, audio))]
pub async fn chapter_detail(
    db: &impl ConnectionTrait,
    lang: Lang,
    id: i32,
    listener: Option<&user::Model>,
    now_ms: i64,
    audio: &impl AudioLinker,
) -> ApiResult<ChapterDetail> {
    let chapter = books::repository::find_chapter(db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound(Missing::Chapter(id)))?;
    let book_row = books::repository::summary_rows(db, &[chapter.book_id], now_ms)
        .await?
        .pop()
        .ok_or_else(|| ApiError::NotFound(Missing::Chapter(id)))?;
    let access = AccessContext::with_campaign(
        db,
        book_row.id,
        &book_row.access,
        &[chapter.id],
        listener,
        now_ms,
        book_row.free_until,
    )
    .await?
    .of(&chapter);
    let progress = match listener {
        Some(user) => library::repository::progress_for_chapters(db, user.id, &[chapter.id])
            .await?
            .remove(&chapter.id)
            .map(|p| ChapterProgress {
                position_secs: p.position_secs,
                completed: p.completed,
            }),
        None => None,
    };
    let (prev_id, next_id) = repository::neighbours(db, chapter.book_id, chapter.idx).await?;
    let audio = (access.allowed && chapter.asset_id.is_some()).then(|| {
        use tingshu_core::catalog::access::ChapterAccessKind as K;
        let needs_signature = !matches!(access.kind, K::Free | K::Campaign);
        let (url, expires_at) = audio.link(chapter.id, listener.map(|u| u.id), needs_signature);
        AudioLink { url, expires_at }
    });
    let book_summary = books::summary(lang, book_row)?;
    Ok(ChapterDetail {
        chapter: chapter_summary(lang, &chapter, access, progress),
        book_id: chapter.book_id,
        book: book_summary,
        prev_id,
        next_id,
        audio,
    })
}

/// `GET /api/limited-free`: books free now through a campaign, ending soonest first.
#[tracing::instrument(skip(db))]
pub async fn limited_free(
    db: &impl ConnectionTrait,
    lang: Lang,
    paging: Paging,
    now_ms: i64,
) -> ApiResult<Page<BookSummary>> {
    let (rows, total) = repository::limited_free_page(db, now_ms, paging).await?;
    let ids: Vec<i32> = rows.iter().map(|(id, _)| *id).collect();
    let items = books::summaries(db, lang, &ids, now_ms).await?;
    Ok(Page::new(items, total, paging))
}

/// `GET /api/recommendations`: for a listener, first the books of the categories, authors and
/// narrators they explicitly prefer (heaviest preference first, at most
/// [`PREFERRED_SHARE`] books each), then books sharing an author, narrator or category
/// with what they listened to or favourited (those books themselves left out), most played
/// first; topped up with popular books. Guests get popular books.
#[tracing::instrument(skip(db, listener))]
pub async fn recommendations(
    db: &impl ConnectionTrait,
    lang: Lang,
    listener: Option<&user::Model>,
    now_ms: i64,
) -> ApiResult<Vec<Recommendation>> {
    let known: Vec<i32> = match listener {
        Some(user) => library::repository::known_book_ids(db, user.id, 50).await?,
        None => Vec::new(),
    };
    let seeds = repository::books_by_ids(db, &known).await?;
    let mut picked: Vec<(book::Model, ReasonKind, i32)> = Vec::new();
    let mut taken: HashSet<i32> = known.iter().copied().collect();
    let limit = RECOMMENDATIONS as u64;
    let preferred = match listener {
        Some(user) => tracking::preferences::preferred(db, user.id).await?,
        None => Vec::new(),
    };
    for preference in preferred {
        if picked.len() >= RECOMMENDATIONS {
            break;
        }
        let (kind, column, value) = match preference {
            Preferred::Category(id) => (ReasonKind::Category, book::Column::CategoryId, id),
            Preferred::Author(id) => (ReasonKind::Author, book::Column::AuthorId, id),
            Preferred::Narrator(id) => (ReasonKind::Narrator, book::Column::NarratorId, id),
        };
        let exclude: Vec<i32> = taken.iter().copied().collect();
        let room = PREFERRED_SHARE.min((RECOMMENDATIONS - picked.len()) as u64);
        for b in repository::books_related(db, column, &[value], &exclude, room).await? {
            taken.insert(b.id);
            picked.push((b, kind, value));
        }
    }
    let by = [
        (ReasonKind::Author, book::Column::AuthorId),
        (ReasonKind::Narrator, book::Column::NarratorId),
        (ReasonKind::Category, book::Column::CategoryId),
    ];
    for (kind, column) in by {
        if picked.len() >= RECOMMENDATIONS {
            break;
        }
        let values: Vec<i32> = {
            let mut seen = HashSet::new();
            seeds
                .iter()
                .filter_map(|b| match kind {
                    ReasonKind::Author => Some(b.author_id),
                    ReasonKind::Narrator => b.narrator_id,
                    _ => Some(b.category_id),
                })
                .filter(|v| seen.insert(*v))
                .collect()
        };
        let exclude: Vec<i32> = taken.iter().copied().collect();
        for b in repository::books_related(db, column, &values, &exclude, limit).await? {
            if picked.len() >= RECOMMENDATIONS {
                break;
            }
            let source = match kind {
                ReasonKind::Author => b.author_id,
                ReasonKind::Narrator => b.narrator_id.unwrap_or_default(),
                _ => b.category_id,
            };
            taken.insert(b.id);
            picked.push((b, kind, source));
        }
    }
    if picked.len() < RECOMMENDATIONS {
        let exclude: Vec<i32> = taken.iter().copied().collect();
        let room = (RECOMMENDATIONS - picked.len()) as u64;
        for b in repository::popular_books(db, &exclude, room).await? {
            picked.push((b, ReasonKind::Popular, 0));
        }
    }
    let ids: Vec<i32> = picked.iter().map(|(b, _, _)| b.id).collect();
    // Matched by id: a book deleted since it was picked has no summary.
    let mut by_id: HashMap<i32, BookSummary> = books::summaries(db, lang, &ids, now_ms)
        .await?
        .into_iter()
        .map(|summary| (summary.id, summary))
        .collect();
    Ok(picked
        .into_iter()
        .filter_map(|(b, kind, _)| by_id.remove(&b.id).map(|summary| (summary, kind)))
        .map(|(summary, kind)| {
            let name = match kind {
                ReasonKind::Author => Some(summary.author.name.clone()),
                ReasonKind::Narrator => summary.narrator.as_ref().map(|n| n.name.clone()),
                ReasonKind::Category => Some(summary.category.name.clone()),
                ReasonKind::Popular => None,
            };
            Recommendation {
                book: summary,
                reason: Reason { kind, name },
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> BookListParams {
        let mut p = BookListParams::default();
        for (k, v) in pairs {
            let v = Some((*v).to_owned());
            match *k {
                "page" => p.page = v,
                "pageSize" => p.page_size = v,
                "category" => p.category = v,
                "tag" => p.tag = v,
                "status" => p.status = v,
                "access" => p.access = v,
                "sort" => p.sort = v,
                _ => unreachable!(),
            }
        }
        p
    }

    fn field_of(error: ApiError) -> String {
        match error {
            ApiError::Validation { fields, .. } => fields.into_keys().next().unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_book_query_defaults_to_popular_page_one_of_twenty() {
        let q = BookListQuery::parse(BookListParams::default(), Lang::En).unwrap();
        assert_eq!(q.sort, BookSort::Popular);
        assert_eq!((q.paging.page, q.paging.page_size), (1, 20));
        let q = BookListQuery::parse(
            params(&[("sort", "rating"), ("access", "vip"), ("category", " ")]),
            Lang::En,
        )
        .unwrap();
        assert_eq!(
            (q.sort, q.access.as_deref(), q.category),
            (BookSort::Rating, Some("vip"), None)
        );
    }

    #[test]
    fn bad_book_query_values_name_their_parameter() {
        for (key, value) in [
            ("sort", "cheapest"),
            ("status", "paused"),
            ("access", "gratis"),
            ("pageSize", "51"),
            ("page", "0"),
        ] {
            let error = BookListQuery::parse(params(&[(key, value)]), Lang::Ja).unwrap_err();
            assert_eq!(field_of(error), key);
        }
    }

    #[test]
    fn titles_fall_back_to_chinese() {
        assert_eq!(
            books::localized(Lang::En, "三体", Some("Three"), None),
            "Three"
        );
        assert_eq!(
            books::localized(Lang::Ja, "三体", Some("Three"), None),
            "三体"
        );
        assert_eq!(books::localized(Lang::En, "三体", Some("  "), None), "三体");
        assert_eq!(
            books::localized(Lang::Zh, "三体", Some("Three"), Some("三体J")),
            "三体"
        );
    }
}
