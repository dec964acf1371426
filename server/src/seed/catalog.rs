//! The demo catalogue: 12 original audio novels in 4 categories, free, VIP and paid, one
//! limited-free campaign, and chapters whose audio is synthesised here (WAV tone melodies,
//! shared between chapters; assets deduplicated by sha256). Seeded only while no demo book
//! exists; rows it did not create are never changed (categories and tags are reused by
//! name, not rewritten).
use crate::{
    covers::{self, CoverSize},
    storage::Storage,
};

use anyhow::Context;
use sea_orm::{ActiveModelTrait, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};
use sha2::{Digest, Sha256};

use super::translations::{self, PEOPLE, TAGS};
use crate::db::Db;
use crate::entities::{
    asset, author, book, book_tag, category, chapter, narrator, promotion, promotion_book, tag,
};

/// The number of demo books.
pub const DEMO_BOOKS: usize = 12;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;
const SAMPLE_RATE: u32 = 16_000;

struct DemoCategory {
    slug: &'static str,
    zh: &'static str,
    en: &'static str,
    ja: &'static str,
}

const CATEGORIES: [DemoCategory; 4] = [
    DemoCategory {
        slug: "fantasy",
        zh: "玄幻奇幻",
        en: "Fantasy",
        ja: "ファンタジー",
    },
    DemoCategory {
        slug: "mystery",
        zh: "悬疑推理",
        en: "Mystery",
        ja: "ミステリー",
    },
    DemoCategory {
        slug: "urban",
        zh: "都市生活",
        en: "City Life",
        ja: "都市生活",
    },
    DemoCategory {
        slug: "history",
        zh: "历史传奇",
        en: "History",
        ja: "歴史",
    },
];

struct DemoBook {
    title: &'static str,
    en: &'static str,
    ja: &'static str,
    subtitle: Option<&'static str>,
    author: &'static str,
    narrator: &'static str,
    category: &'static str,
    status: &'static str,
    access: &'static str,
    /// (CNY fen, USD cents, JPY yen) for vip and paid books.
    price: Option<(i64, i64, i64)>,
    chapters: i32,
    plays: i64,
    rating: f64,
    tags: &'static [&'static str],
    description: &'static str,
    in_campaign: bool,
}

const BOOKS: [DemoBook; DEMO_BOOKS] = [
    DemoBook {
        title: "云端灯塔", en: "The Lighthouse Above the Clouds", ja: "雲の上の灯台",
        subtitle: Some("守灯人的最后一个冬天"), author: "林听澜", narrator: "苏晚",
        category: "fantasy", status: "finished", access: "free", price: None, chapters: 6,
        plays: 18_420, rating: 4.7, tags: &["治愈", "冒险"], in_campaign: false,
        description: "<p>在终年不散的云海之上，漂浮着一座只在夜里亮起的灯塔。</p><p>少女阿萤继承了祖父的守灯人之职，却发现灯芯里封着一段被遗忘的星图。为了让迷途的飞船回家，她必须在冬至之前读懂它。</p>",
    },
    DemoBook {
        title: "青铜钥匙", en: "The Bronze Key", ja: "青銅の鍵",
        subtitle: None, author: "周砚秋", narrator: "陈默",
        category: "mystery", status: "finished", access: "vip", price: Some((1990, 299, 450)), chapters: 8,
        plays: 25_310, rating: 4.8, tags: &["推理", "古董"], in_campaign: false,
        description: "<p>一把出土于江南老宅的青铜钥匙，能打开城里七扇不同的门。</p><p>古董修复师沈知微每打开一扇门，就多知道一个秘密，也多一个人想让她闭嘴。</p>",
    },
    DemoBook {
        title: "深夜便利店", en: "The Midnight Corner Store", ja: "真夜中のコンビニ",
        subtitle: Some("凌晨两点的十二位客人"), author: "叶小满", narrator: "苏晚",
        category: "urban", status: "serialising", access: "free", price: None, chapters: 5,
        plays: 31_050, rating: 4.5, tags: &["治愈", "短篇"], in_campaign: false,
        description: "<p>老街拐角的便利店只在深夜营业。</p><p>加班的程序员、失眠的出租车司机、刚落榜的高三学生……每位客人都带着一个故事走进来，又带着一点温暖离开。</p>",
    },
    DemoBook {
        title: "长安夜行录", en: "Night Walks in Chang'an", ja: "長安夜行録",
        subtitle: None, author: "顾北辰", narrator: "陈默",
        category: "history", status: "finished", access: "paid", price: Some((2990, 499, 700)), chapters: 7,
        plays: 12_870, rating: 4.6, tags: &["历史", "探案"], in_campaign: true,
        description: "<p>天宝年间，长安城宵禁之后，不良帅裴砚在坊墙之间追查一桩离奇的失踪案。</p><p>线索指向西市一家胡商的香料铺，也指向宫城深处一场酝酿已久的风暴。</p>",
    },
    DemoBook {
        title: "星海拾荒者", en: "Scavengers of the Star Sea", ja: "星海の廃品回収者",
        subtitle: Some("第一季"), author: "林听澜", narrator: "许知远",
        category: "fantasy", status: "serialising", access: "vip", price: Some((1590, 249, 380)), chapters: 6,
        plays: 22_640, rating: 4.4, tags: &["科幻", "冒险"], in_campaign: false,
        description: "<p>战争结束一百年后，废弃的星舰残骸漂满了猎户臂。</p><p>拾荒船“麻雀号”的船员们靠打捞旧时代的遗物为生，直到他们捞起了一个仍在呼吸的冬眠舱。</p>",
    },
    DemoBook {
        title: "雾港来信", en: "Letters from the Foggy Harbour", ja: "霧の港からの手紙",
        subtitle: None, author: "周砚秋", narrator: "苏晚",
        category: "mystery", status: "finished", access: "free", price: None, chapters: 4,
        plays: 9_880, rating: 4.3, tags: &["推理", "书信"], in_campaign: false,
        description: "<p>每个月的第一个雨天，灯塔街十七号都会收到一封没有邮戳的信。</p><p>退休邮差老温决定找出寄信人，却在信纸的水印里读到了三十年前一艘沉船的名字。</p>",
    },
    DemoBook {
        title: "山海食记", en: "A Cook's Journey Through Mountains and Seas", ja: "山海食紀行",
        subtitle: Some("一碗面里的二十四节气"), author: "叶小满", narrator: "许知远",
        category: "urban", status: "serialising", access: "vip", price: Some((990, 149, 230)), chapters: 5,
        plays: 15_420, rating: 4.6, tags: &["美食", "治愈"], in_campaign: true,
        description: "<p>辞职回乡的厨师阿禾，在外婆留下的小面馆里，按节气写下一本菜谱。</p><p>春笋、梅雨、秋蟹、冬酿——每一道菜，都连着小镇上一个人的心事。</p>",
    },
    DemoBook {
        title: "铁骑与琵琶", en: "Iron Cavalry and the Pipa", ja: "鉄騎と琵琶",
        subtitle: None, author: "顾北辰", narrator: "陈默",
        category: "history", status: "serialising", access: "vip", price: Some((1290, 199, 300)), chapters: 6,
        plays: 8_120, rating: 4.2, tags: &["历史", "战争"], in_campaign: false,
        description: "<p>边关告急，琵琶女阿箬随商队出塞，只为寻找失踪的兄长。</p><p>她的琴声能让战马安静下来，也让一位年轻的将军第一次怀疑自己效忠的对象。</p>",
    },
    DemoBook {
        title: "时间当铺", en: "The Pawnshop of Time", ja: "時間の質屋",
        subtitle: Some("典当一小时，换回一个愿望"), author: "沈未晞", narrator: "许知远",
        category: "fantasy", status: "finished", access: "paid", price: Some((2490, 399, 580)), chapters: 8,
        plays: 27_900, rating: 4.9, tags: &["奇幻", "都市"], in_campaign: false,
        description: "<p>城南旧巷有一家当铺，不收金银，只收时间。</p><p>有人典当了童年换来财富，有人典当了记忆换来勇气。新来的学徒小安发现，掌柜自己也欠着一段无法赎回的时光。</p>",
    },
    DemoBook {
        title: "第七站台", en: "Platform Seven", ja: "第七ホーム",
        subtitle: None, author: "沈未晞", narrator: "苏晚",
        category: "mystery", status: "serialising", access: "free", price: None, chapters: 3,
        plays: 6_430, rating: 4.1, tags: &["悬疑", "短篇"], in_campaign: false,
        description: "<p>地铁线路图上从来没有第七站台，可每晚十一点四十分，都有一列空车在那里停靠。</p><p>夜班调度员许鸣决定上车看一看。</p>",
    },
    DemoBook {
        title: "晴天咖啡馆", en: "Sunny Day Café", ja: "晴れの日カフェ",
        subtitle: Some("只在晴天开门"), author: "叶小满", narrator: "许知远",
        category: "urban", status: "finished", access: "free", price: None, chapters: 4,
        plays: 11_260, rating: 4.4, tags: &["治愈", "爱情"], in_campaign: false,
        description: "<p>海边小城有一家只在晴天营业的咖啡馆。</p><p>店主阿晴会为每位客人写一张明信片，寄往他们最想去却还没去成的地方。</p>",
    },
    DemoBook {
        title: "大运河上的灯", en: "Lanterns on the Grand Canal", ja: "大運河の灯",
        subtitle: None, author: "顾北辰", narrator: "陈默",
        category: "history", status: "finished", access: "paid", price: Some((1990, 299, 450)), chapters: 6,
        plays: 10_540, rating: 4.5, tags: &["历史", "家族"], in_campaign: false,
        description: "<p>从杭州到通州，一条漕船载着三代人的命运北上。</p><p>船家女儿秋娘用一盏盏河灯记下沿途的悲欢，也记下了一个家族如何在时代的浪里浮沉。</p>",
    },
];

/// A tone melody: (frequency Hz, beats) pairs played at `bpm`, repeated to `seconds`.
struct Melody {
    name: &'static str,
    notes: &'static [(f32, f32)],
    bpm: f32,
    seconds: f32,
}

const MELODIES: [Melody; 3] = [
    Melody {
        name: "melody-dawn",
        notes: &[
            (523.25, 1.0),
            (587.33, 1.0),
            (659.25, 1.0),
            (783.99, 2.0),
            (659.25, 1.0),
            (587.33, 2.0),
        ],
        bpm: 96.0,
        seconds: 24.0,
    },
    Melody {
        name: "melody-river",
        notes: &[
            (392.0, 1.5),
            (440.0, 0.5),
            (523.25, 2.0),
            (440.0, 1.0),
            (392.0, 1.0),
            (329.63, 2.0),
        ],
        bpm: 80.0,
        seconds: 30.0,
    },
    Melody {
        name: "melody-night",
        notes: &[
            (329.63, 1.0),
            (392.0, 1.0),
            (493.88, 2.0),
            (440.0, 1.0),
            (392.0, 1.0),
            (293.66, 2.0),
        ],
        bpm: 72.0,
        seconds: 36.0,
    },
];

/// The melody as a 16 kHz mono 16-bit WAV file in memory.
fn render(melody: &Melody) -> anyhow::Result<Vec<u8>> {
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: SAMPLE_RATE,
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    let mut cursor = std::io::Cursor::new(Vec::new());
    {
        let mut writer = hound::WavWriter::new(&mut cursor, spec)?;
        let total = (melody.seconds * SAMPLE_RATE as f32) as usize;
        let beat = 60.0 / melody.bpm * SAMPLE_RATE as f32;
        let mut written = 0;
        'song: loop {
            for (freq, beats) in melody.notes {
                let len = (beat * beats) as usize;
                for i in 0..len {
                    if written == total {
                        break 'song;
                    }
                    let t = i as f32 / SAMPLE_RATE as f32;
                    // Short attack and release so notes do not click.
                    let envelope =
                        (i as f32 / 400.0).min(1.0) * ((len - i) as f32 / 1600.0).min(1.0);
                    let tone = (2.0 * std::f32::consts::PI * freq * t).sin() * 0.8
                        + (4.0 * std::f32::consts::PI * freq * t).sin() * 0.2;
                    writer.write_sample((tone * envelope * 0.35 * i16::MAX as f32) as i16)?;
                    written += 1;
                }
            }
        }
        writer.finalize()?;
    }
    Ok(cursor.into_inner())
}

/// Stores the melodies as `demo/<name>.wav` and answers their asset ids, reusing an asset
/// with the same sha256.
async fn melody_assets(
    db: &impl ConnectionTrait,
    storage: &Storage,
    now_ms: i64,
) -> anyhow::Result<Vec<(i32, f64)>> {
    let mut assets = Vec::new();
    for melody in &MELODIES {
        let bytes = render(melody)?;
        let sha256 = hex::encode(Sha256::digest(&bytes));
        let storage_key = format!("demo/{}.wav", melody.name);
        if let Some(existing) = asset::Entity::find()
            .filter(asset::Column::Sha256.eq(&sha256))
            .one(db)
            .await?
        {
            assets.push((existing.id, existing.duration_secs));
            continue;
        }
        let size = bytes.len() as i64;
        storage
            .put_bytes(&storage_key, bytes)
            .await
            .with_context(|| format!("cannot store {storage_key}"))?;
        let row = asset::ActiveModel {
            storage_key: Set(storage_key),
            mime: Set("audio/wav".to_owned()),
            bytes: Set(size),
            sha256: Set(sha256),
            duration_secs: Set(f64::from(melody.seconds)),
            created_at: Set(now_ms),
            ..Default::default()
        }
        .insert(db)
        .await?;
        assets.push((row.id, row.duration_secs));
    }
    Ok(assets)
}

/// Stores the generated cover of demo book `n`; answers its asset id (an asset with the same
/// bytes is reused) and the cover, to make its sizes from once the catalogue is written.
async fn demo_cover(
    db: &impl ConnectionTrait,
    storage: &Storage,
    n: u32,
    now_ms: i64,
) -> anyhow::Result<(i32, Vec<u8>)> {
    let jpeg = tokio::task::spawn_blocking(move || covers::demo::cover(n)).await??;
    let sha256 = hex::encode(Sha256::digest(&jpeg));
    let found = asset::Entity::find()
        .filter(asset::Column::Sha256.eq(&sha256))
        .one(db)
        .await?;
    let id = match found {
        Some(existing) => existing.id,
        None => {
            let storage_key = format!("demo/cover-{n}.jpg");
            storage
                .put_bytes(&storage_key, jpeg.clone())
                .await
                .with_context(|| format!("cannot store {storage_key}"))?;
            asset::ActiveModel {
                storage_key: Set(storage_key),
                mime: Set("image/jpeg".to_owned()),
                bytes: Set(jpeg.len() as i64),
                sha256: Set(sha256),
                duration_secs: Set(0.0),
                created_at: Set(now_ms),
                kind: Set("image".to_owned()),
                ..Default::default()
            }
            .insert(db)
            .await?
            .id
        }
    };
    Ok((id, jpeg))
}

async fn category_id(
    db: &impl ConnectionTrait,
    c: &DemoCategory,
    order: i32,
    now_ms: i64,
) -> anyhow::Result<i32> {
    if let Some(found) = category::Entity::find()
        .filter(category::Column::Slug.eq(c.slug))
        .one(db)
        .await?
    {
        return Ok(found.id);
    }
    Ok(category::ActiveModel {
        slug: Set(c.slug.to_owned()),
        name_zh: Set(c.zh.to_owned()),
        name_en: Set(c.en.to_owned()),
        name_ja: Set(c.ja.to_owned()),
        parent_id: Set(None),
        sort_order: Set(order),
        created_at: Set(now_ms),
        ..Default::default()
    }
    .insert(db)
    .await?
    .id)
}

async fn tag_id(db: &impl ConnectionTrait, name: &str) -> anyhow::Result<i32> {
    if let Some(found) = tag::Entity::find()
        .filter(tag::Column::Name.eq(name))
        .one(db)
        .await?
    {
        return Ok(found.id);
    }
    let names = translations::find(&TAGS, name);
    Ok(tag::ActiveModel {
        name: Set(name.to_owned()),
        name_en: Set(names.map(|n| n[1].to_owned())),
        name_ja: Set(names.map(|n| n[2].to_owned())),
        ..Default::default()
    }
    .insert(db)
    .await?
    .id)
}

/// Seeds the demo catalogue unless a demo book exists already (idempotent).
pub async fn demo_catalog(db: &Db, storage: &Storage) -> anyhow::Result<()> {
    let seeded = book::Entity::find()
        .filter(book::Column::IsDemo.eq(true))
        .one(db)
        .await?
        .is_some();
    if seeded {
        return Ok(());
    }
    let now = crate::clock::now_ms();
    let txn = db
        .begin_write()
        .await
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    let assets = melody_assets(&txn, storage, now).await?;
    let mut categories = std::collections::HashMap::new();
    for (order, c) in CATEGORIES.iter().enumerate() {
        categories.insert(c.slug, category_id(&txn, c, order as i32, now).await?);
    }
    let mut authors = std::collections::HashMap::new();
    let mut narrators = std::collections::HashMap::new();
    let mut cover_images = Vec::new();
    let campaign = promotion::ActiveModel {
        name: Set("秋夜听书 · 限时免费".to_owned()),
        starts_at: Set(now - DAY_MS),
        ends_at: Set(now + 7 * DAY_MS),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    for (i, b) in BOOKS.iter().enumerate() {
        let author_id = match authors.get(b.author) {
            Some(id) => *id,
            None => {
                let [_, name_en, name_ja, bio, bio_en, bio_ja] =
                    translations::find(&PEOPLE, b.author)
                        .map(|p| p.map(Some))
                        .unwrap_or_default();
                let id = author::ActiveModel {
                    name: Set(b.author.to_owned()),
                    name_en: Set(name_en.map(str::to_owned)),
                    name_ja: Set(name_ja.map(str::to_owned)),
                    bio: Set(bio.map(str::to_owned)),
                    bio_en: Set(bio_en.map(str::to_owned)),
                    bio_ja: Set(bio_ja.map(str::to_owned)),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id;
                authors.insert(b.author, id);
                id
            }
        };
        let narrator_id = match narrators.get(b.narrator) {
            Some(id) => *id,
            None => {
                let [_, name_en, name_ja, bio, bio_en, bio_ja] =
                    translations::find(&PEOPLE, b.narrator)
                        .map(|p| p.map(Some))
                        .unwrap_or_default();
                let id = narrator::ActiveModel {
                    name: Set(b.narrator.to_owned()),
                    name_en: Set(name_en.map(str::to_owned)),
                    name_ja: Set(name_ja.map(str::to_owned)),
                    bio: Set(bio.map(str::to_owned)),
                    bio_en: Set(bio_en.map(str::to_owned)),
                    bio_ja: Set(bio_ja.map(str::to_owned)),
                    ..Default::default()
                }
                .insert(&txn)
                .await?
                .id;
                narrators.insert(b.narrator, id);
                id
            }
        };
        let i = i as i64;
        let durations: Vec<(i32, f64)> = (0..b.chapters)
            .map(|c| assets[(i as usize + c as usize) % assets.len()])
            .collect();
        let total: f64 = durations.iter().map(|(_, d)| d).sum();
        let (cover, jpeg) = demo_cover(&txn, storage, i as u32, now).await?;
        cover_images.push((cover, jpeg));
        let texts = translations::BOOKS.iter().find(|t| t.title == b.title);
        let row = book::ActiveModel {
            title: Set(b.title.to_owned()),
            title_en: Set(Some(b.en.to_owned())),
            title_ja: Set(Some(b.ja.to_owned())),
            subtitle: Set(b.subtitle.map(str::to_owned)),
            subtitle_en: Set(texts.and_then(|t| t.subtitle).map(|s| s.0.to_owned())),
            subtitle_ja: Set(texts.and_then(|t| t.subtitle).map(|s| s.1.to_owned())),
            author_id: Set(author_id),
            narrator_id: Set(Some(narrator_id)),
            description: Set(b.description.to_owned()),
            description_en: Set(texts.map(|t| t.description.0.to_owned())),
            description_ja: Set(texts.map(|t| t.description.1.to_owned())),
            cover_url: Set(Some(covers::url(cover, CoverSize::Large))),
            cover_asset_id: Set(Some(cover)),
            category_id: Set(categories[b.category]),
            language: Set("zh".to_owned()),
            status: Set(b.status.to_owned()),
            access: Set(b.access.to_owned()),
            price_cny: Set(b.price.map(|p| p.0)),
            price_usd: Set(b.price.map(|p| p.1)),
            price_jpy: Set(b.price.map(|p| p.2)),
            chapter_count: Set(b.chapters),
            total_duration_secs: Set(total.round() as i64),
            play_count: Set(b.plays),
            favorite_count: Set(b.plays / 20),
            rating_avg: Set(b.rating),
            rating_count: Set((b.plays / 40) as i32),
            is_demo: Set(true),
            // Distinct times so "newest" and "updated" orders differ and are stable.
            created_at: Set(now - (30 - i) * DAY_MS),
            updated_at: Set(now - ((i * 7) % 12) * DAY_MS / 2),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
        for name in b.tags {
            book_tag::ActiveModel {
                book_id: Set(row.id),
                tag_id: Set(tag_id(&txn, name).await?),
            }
            .insert(&txn)
            .await?;
        }
        for (idx, (asset_id, duration)) in durations.iter().enumerate() {
            let number = idx as i32 + 1;
            chapter::ActiveModel {
                book_id: Set(row.id),
                idx: Set(number),
                title: Set(format!("第{number}章")),
                title_en: Set(Some(format!("Chapter {number}"))),
                title_ja: Set(Some(format!("第{number}話"))),
                duration_secs: Set(*duration),
                asset_id: Set(Some(*asset_id)),
                // The first two chapters of VIP and paid books are free samples.
                is_free: Set(b.access == "free" || number <= 2),
                price_cny: Set(None),
                published: Set(true),
                created_at: Set(now - (30 - i) * DAY_MS + i64::from(number) * 60_000),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        if b.in_campaign {
            promotion_book::ActiveModel {
                promotion_id: Set(campaign.id),
                book_id: Set(row.id),
            }
            .insert(&txn)
            .await?;
        }
    }
    txn.commit()
        .await
        .map_err(|error| anyhow::anyhow!("{error}"))?;
    // The covers' sizes, made now as for any cover being set (so no listener's request decodes
    // them), as many at once as the process decodes; any stored under these ids before (a
    // data folder kept while the database was reset) are replaced.
    futures_util::future::try_join_all(cover_images.into_iter().map(|(id, jpeg)| async move {
        covers::replace_sizes(storage, id, jpeg)
            .await
            .with_context(|| format!("cannot make the sizes of demo cover {id}"))
    }))
    .await?;
    tracing::info!(books = DEMO_BOOKS, "demo mode: seeded the demo catalogue");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn melodies_are_distinct_16khz_mono_wavs_of_20_to_40_seconds() {
        let mut hashes = std::collections::HashSet::new();
        for melody in &MELODIES {
            let bytes = render(melody).unwrap();
            let reader = hound::WavReader::new(std::io::Cursor::new(&bytes)).unwrap();
            let spec = reader.spec();
            assert_eq!(
                (spec.sample_rate, spec.channels, spec.bits_per_sample),
                (16_000, 1, 16)
            );
            let secs = reader.duration() as f32 / 16_000.0;
            assert!((20.0..=40.0).contains(&secs), "{secs}");
            assert!(hashes.insert(hex::encode(Sha256::digest(&bytes))));
        }
    }

    #[test]
    fn every_demo_book_author_narrator_and_tag_is_translated() {
        for book in &BOOKS {
            let texts = translations::BOOKS.iter().find(|t| t.title == book.title);
            let texts = texts.unwrap_or_else(|| panic!("{} has no translation", book.title));
            assert_eq!(
                texts.subtitle.is_some(),
                book.subtitle.is_some(),
                "{}",
                book.title
            );
            assert!(
                translations::find(&PEOPLE, book.author).is_some(),
                "{}",
                book.author
            );
            assert!(
                translations::find(&PEOPLE, book.narrator).is_some(),
                "{}",
                book.narrator
            );
            for tag in book.tags {
                assert!(translations::find(&TAGS, *tag).is_some(), "{tag}");
            }
        }
    }

    #[test]
    fn the_demo_books_cover_every_access_and_one_campaign() {
        for access in ["free", "vip", "paid"] {
            assert!(BOOKS.iter().any(|b| b.access == access));
        }
        assert!(BOOKS.iter().all(|b| (3..=8).contains(&b.chapters)));
        assert!(BOOKS
            .iter()
            .all(|b| (b.access == "free") == b.price.is_none()));
        assert!(BOOKS.iter().any(|b| b.in_campaign));
        assert!(BOOKS
            .iter()
            .all(|b| CATEGORIES.iter().any(|c| c.slug == b.category)));
    }
}
