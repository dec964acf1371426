//! Search quality over a small in-memory catalogue.
use tingshu_core::Lang;

use super::*;

const FANTASY: i32 = 1;
const HISTORY: i32 = 2;
const SCIFI: i32 = 3;

fn book(id: i32, title: &str, en: &str, author: &str, category_id: i32) -> BookDoc {
    BookDoc {
        id,
        published: true,
        title: title.to_owned(),
        title_en: Some(en.to_owned()),
        title_ja: None,
        author: author.to_owned(),
        narrator: None,
        description: String::new(),
        tags: Vec::new(),
        category_id,
        status: "finished".to_owned(),
        access: "free".to_owned(),
        play_count: 0,
        created_at: i64::from(id) * 1000,
    }
}

fn catalogue() -> Vec<BookDoc> {
    vec![
        BookDoc {
            description: "一只石猴护送师父西行取经，一路降妖除魔。The monkey & the monk <go> west."
                .to_owned(),
            tags: vec!["神话".to_owned(), "冒险".to_owned()],
            narrator: Some("李明".to_owned()),
            title_ja: Some("西遊記".to_owned()),
            play_count: 500,
            ..book(1, "西游记", "Journey to the West", "吴承恩", FANTASY)
        },
        BookDoc {
            description: "东汉末年，群雄逐鹿，魏蜀吴三分天下。".to_owned(),
            status: "serialising".to_owned(),
            access: "vip".to_owned(),
            play_count: 900,
            ..book(
                2,
                "三国演义",
                "Romance of the Three Kingdoms",
                "罗贯中",
                HISTORY,
            )
        },
        BookDoc {
            description: "A quiet history of three kingdoms told by their cooks.".to_owned(),
            access: "paid".to_owned(),
            play_count: 100,
            ..book(
                3,
                "三国厨房",
                "Kitchens of Three Kingdoms",
                "Ada Lane",
                HISTORY,
            )
        },
        BookDoc {
            description: "星际旅行的故事。A journey among the stars.".to_owned(),
            play_count: 50,
            ..book(4, "星海远航", "Voyage Across the Star Sea", "林海", SCIFI)
        },
        book(5, "红楼梦", "Dream of the Red Chamber", "曹雪芹", FANTASY),
    ]
}

async fn index() -> SearchIndex {
    let index = SearchIndex::in_memory().unwrap();
    index.replace_all(catalogue()).await.unwrap();
    index
}

fn request(query: &str) -> SearchRequest {
    SearchRequest {
        query: query.to_owned(),
        categories: Vec::new(),
        status: None,
        access: None,
        sort: SearchSort::Relevance,
        offset: 0,
        limit: 20,
        lang: Lang::Zh,
        include_unpublished: false,
    }
}

async fn ids(index: &SearchIndex, query: &str) -> Vec<i32> {
    ids_for(index, request(query)).await
}

async fn ids_for(index: &SearchIndex, request: SearchRequest) -> Vec<i32> {
    index
        .search(request)
        .await
        .unwrap()
        .hits
        .iter()
        .map(|hit| hit.book_id)
        .collect()
}

#[tokio::test]
async fn chinese_words_find_their_books() {
    let index = index().await;
    assert_eq!(ids(&index, "西游").await, vec![1]);
    assert_eq!(ids(&index, "西游记").await, vec![1]);
    let mut sanguo = ids(&index, "三国").await;
    sanguo.sort_unstable();
    assert_eq!(sanguo, vec![2, 3]);
    assert_eq!(ids(&index, "三国演义").await, vec![2]);
    // A run of characters that jieba does not cut out on its own.
    assert_eq!(ids(&index, "游记").await, vec![1]);
    assert_eq!(ids(&index, "吴承恩").await, vec![1]);
    assert_eq!(ids(&index, "取经").await, vec![1], "description words");
    assert_eq!(ids(&index, "神话").await, vec![1], "tags");
    assert_eq!(ids(&index, "李明").await, vec![1], "narrator");
    assert_eq!(ids(&index, "西遊記").await, vec![1], "the ja title");
}

#[tokio::test]
async fn pinyin_full_spaced_initials_and_prefix_find_chinese_titles() {
    let index = index().await;
    assert_eq!(ids(&index, "xiyouji").await, vec![1]);
    assert_eq!(ids(&index, "XiYouJi").await, vec![1]);
    assert_eq!(ids(&index, "xi you ji").await, vec![1]);
    assert_eq!(ids(&index, "xyj").await, vec![1]);
    assert_eq!(ids(&index, "xiyou").await, vec![1], "a word's pinyin");
    assert_eq!(ids(&index, "xiyo").await, vec![1], "a prefix while typing");
    assert_eq!(ids(&index, "sgyy").await, vec![2]);
    assert_eq!(ids(&index, "hongloumeng").await, vec![5]);
    assert_eq!(
        ids(&index, "wuchengen").await,
        vec![1],
        "the author's pinyin"
    );
    assert_eq!(ids(&index, "xiyuoji").await, vec![1], "a typo in pinyin");
}

#[tokio::test]
async fn english_titles_match_with_typos() {
    let index = index().await;
    assert_eq!(ids(&index, "journey west").await, vec![1]);
    assert_eq!(ids(&index, "Journey to the West").await, vec![1]);
    let jurney = ids(&index, "jurney").await;
    assert_eq!(jurney[0], 1, "a typo finds Journey: {jurney:?}");
    assert!(
        jurney.contains(&4),
        "and the description's journey: {jurney:?}"
    );
    assert_eq!(ids(&index, "kingdosm").await.len(), 2, "a transposition");
    assert_eq!(ids(&index, "rommance").await, vec![2], "a doubled letter");
    assert_eq!(ids(&index, "dream red chamber").await, vec![5]);
    assert_eq!(ids(&index, "ada lane").await, vec![3], "Latin author names");
    assert!(
        ids(&index, "xyz").await.is_empty(),
        "short words get no typo budget"
    );
    assert_eq!(ids(&index, "journ").await, vec![1], "a title prefix");
}

#[tokio::test]
async fn typos_only_widen_a_search_that_finds_nothing_as_typed() {
    let index = SearchIndex::in_memory().unwrap();
    index
        .replace_all(vec![
            book(1, "沙丘", "Dune", "Frank", SCIFI),
            book(2, "丹", "Dane", "Frank", SCIFI),
        ])
        .await
        .unwrap();
    assert_eq!(
        ids(&index, "dune").await,
        vec![1],
        "an exact word is enough"
    );
    let mut near = ids(&index, "dxne").await;
    near.sort_unstable();
    assert_eq!(near, vec![1, 2], "nothing as typed: both are one edit away");
}

#[tokio::test]
async fn mixed_chinese_and_english_queries() {
    let index = index().await;
    assert_eq!(ids(&index, "三国 romance").await, vec![2]);
    assert_eq!(ids(&index, "三国romance").await, vec![2]);
    assert_eq!(ids(&index, "三国 kitchens").await, vec![3]);
    // No book has both words: the words are then tried one by one, best first.
    let either = ids(&index, "红楼梦 journey").await;
    assert!(either.contains(&5) && either.contains(&1), "{either:?}");
}

#[tokio::test]
async fn highlights_mark_matches_and_escape_the_rest() {
    let index = index().await;
    let results = index.search(request("西游")).await.unwrap();
    let hit = &results.hits[0];
    assert_eq!(hit.highlights.title.as_deref(), Some("<mark>西游</mark>记"));
    assert!(hit.highlights.author.is_none());

    let mut english = request("monkey");
    english.lang = Lang::En;
    let results = index.search(english).await.unwrap();
    let description = results.hits[0].highlights.description.clone().unwrap();
    assert!(description.contains("<mark>monkey</mark>"), "{description}");
    assert!(description.contains("&amp;"), "{description}");
    assert!(description.contains("&lt;go&gt;"), "{description}");
    assert!(!description.contains("<go>"), "{description}");

    let mut typo = request("jurney");
    typo.lang = Lang::En;
    let results = index.search(typo).await.unwrap();
    assert_eq!(
        results.hits[0].highlights.title.as_deref(),
        Some("<mark>Journey</mark> to the West")
    );

    let results = index.search(request("xyj")).await.unwrap();
    assert_eq!(
        results.hits[0].highlights.title.as_deref(),
        Some("<mark>西游记</mark>"),
        "pinyin marks the whole name"
    );
    let results = index.search(request("吴承恩")).await.unwrap();
    assert_eq!(
        results.hits[0].highlights.author.as_deref(),
        Some("<mark>吴承恩</mark>")
    );
}

#[tokio::test]
async fn facets_count_every_match_per_category() {
    let index = index().await;
    let mut both = request("kingdoms");
    both.limit = 1;
    let results = index.search(both.clone()).await.unwrap();
    assert_eq!(results.total, 2);
    assert_eq!(results.hits.len(), 1, "one page");
    assert_eq!(results.category_counts, vec![(HISTORY, 2)]);

    let results = index.search(request("journey")).await.unwrap();
    assert_eq!(results.category_counts, vec![(FANTASY, 1), (SCIFI, 1)]);

    // Filtering by a category keeps the other categories' counts.
    let mut scifi = request("journey");
    scifi.categories = vec![SCIFI];
    let results = index.search(scifi).await.unwrap();
    assert_eq!(results.total, 1);
    assert_eq!(results.hits[0].book_id, 4);
    assert_eq!(results.category_counts, vec![(FANTASY, 1), (SCIFI, 1)]);
}

#[tokio::test]
async fn filters_and_sorts() {
    let index = index().await;
    let mut vip = request("三国");
    vip.access = Some("vip".to_owned());
    assert_eq!(ids_for(&index, vip).await, vec![2]);
    let mut finished = request("三国");
    finished.status = Some("finished".to_owned());
    assert_eq!(ids_for(&index, finished).await, vec![3]);
    let mut nothing = request("三国");
    nothing.categories = vec![SCIFI];
    assert!(ids_for(&index, nothing).await.is_empty());
    let mut two = request("三国");
    two.categories = vec![SCIFI, HISTORY];
    assert_eq!(ids_for(&index, two).await.len(), 2);

    let mut newest = request("journey");
    newest.sort = SearchSort::Newest;
    assert_eq!(ids_for(&index, newest).await, vec![4, 1]);
    let mut popular = request("journey");
    popular.sort = SearchSort::Popular;
    assert_eq!(ids_for(&index, popular).await, vec![1, 4]);

    let first_two = ids(&index, "三国").await;
    let mut second_page = request("三国");
    second_page.limit = 1;
    second_page.offset = 1;
    let results = index.search(second_page).await.unwrap();
    assert_eq!(results.total, 2);
    assert_eq!(results.hits.len(), 1);
    assert_eq!(results.hits[0].book_id, first_two[1]);
}

#[tokio::test]
async fn queries_without_words_find_nothing() {
    let index = index().await;
    assert!(ids(&index, "！？。 ,,").await.is_empty());
    assert!(ids(&index, "zzzzzzzzzzzz").await.is_empty());
}

#[tokio::test]
async fn replacing_and_removing_books_updates_results() {
    let index = index().await;
    assert_eq!(index.num_books(), 5);
    index.remove_book(1).await.unwrap();
    assert!(ids(&index, "xiyouji").await.is_empty());
    assert_eq!(index.num_books(), 4);
    index
        .replace_all(vec![book(
            9,
            "聊斋志异",
            "Strange Tales",
            "蒲松龄",
            HISTORY,
        )])
        .await
        .unwrap();
    assert_eq!(index.num_books(), 1);
    assert_eq!(ids(&index, "lzzy").await, vec![9]);
}

#[tokio::test]
async fn an_index_on_disk_is_reused_and_rebuilt_when_its_version_changes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(INDEX_DIR);
    let (index, created) = open_dir(&path).unwrap();
    assert!(created);
    let fields = schema::Fields::of(&index.schema());
    let search = SearchIndex::from_index(index, fields, Some(path.clone())).unwrap();
    search.replace_all(catalogue()).await.unwrap();
    drop(search);

    let (index, created) = open_dir(&path).unwrap();
    assert!(!created, "same version: reused");
    assert_eq!(index.reader().unwrap().searcher().num_docs(), 5);
    drop(index);

    std::fs::write(path.join(VERSION_FILE), "0").unwrap();
    let (index, created) = open_dir(&path).unwrap();
    assert!(created, "another version: rebuilt empty");
    assert_eq!(index.reader().unwrap().searcher().num_docs(), 0);
}

#[tokio::test]
async fn a_search_again_is_answered_from_the_kept_results_until_the_index_changes() {
    let index = index().await;
    let misses = |index: &SearchIndex| index.results_stats().reading().misses;
    assert_eq!(ids(&index, "西游").await, vec![1]);
    assert_eq!(misses(&index), 1);
    assert_eq!(ids(&index, "西游").await, vec![1]);
    assert_eq!(misses(&index), 1, "the same search again is kept");
    assert_eq!(index.results_stats().reading().hits, 1);
    // Another page or filter is another search.
    let mut second_page = request("西游");
    second_page.offset = 20;
    assert!(ids_for(&index, second_page).await.is_empty());
    assert_eq!(misses(&index), 2);

    // A change to the index is seen at once: the kept results belong to the old index.
    index
        .replace_all(vec![book(9, "西游新记", "New West", "某人", FANTASY)])
        .await
        .unwrap();
    assert_eq!(ids(&index, "西游").await, vec![9]);
    assert_eq!(misses(&index), 3);
    index.remove_book(9).await.unwrap();
    assert!(ids(&index, "西游").await.is_empty());
}
