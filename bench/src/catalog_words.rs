//! The vocabulary of the generated catalogue, shared by `catalog-seed` (titles, names,
//! tags) and `catalog` (the search queries), so searches look for words that really exist.

/// A title word: Chinese, its pinyin syllables (space-separated, without tones), English,
/// Japanese.
pub struct Word {
    pub zh: &'static str,
    pub pinyin: &'static str,
    pub en: &'static str,
    pub ja: &'static str,
}

const fn w(zh: &'static str, pinyin: &'static str, en: &'static str, ja: &'static str) -> Word {
    Word { zh, pinyin, en, ja }
}

/// The first half of a title (an adjective or a place).
pub const HEADS: [Word; 40] = [
    w("青铜", "qing tong", "Bronze", "青銅"),
    w("云端", "yun duan", "Cloudtop", "雲の上"),
    w("深夜", "shen ye", "Midnight", "深夜"),
    w("长安", "chang an", "Chang'an", "長安"),
    w("星海", "xing hai", "Star Sea", "星海"),
    w("雾港", "wu gang", "Foggy Harbour", "霧の港"),
    w("山海", "shan hai", "Mountain and Sea", "山海"),
    w("铁骑", "tie qi", "Iron Cavalry", "鉄騎"),
    w("时间", "shi jian", "Time", "時間"),
    w("晴天", "qing tian", "Sunny", "晴れの日"),
    w("运河", "yun he", "Canal", "運河"),
    w("江南", "jiang nan", "Jiangnan", "江南"),
    w("北境", "bei jing", "Northern", "北境"),
    w("西域", "xi yu", "Western", "西域"),
    w("南海", "nan hai", "South Sea", "南海"),
    w("昆仑", "kun lun", "Kunlun", "崑崙"),
    w("蓬莱", "peng lai", "Penglai", "蓬莱"),
    w("紫禁", "zi jin", "Forbidden", "紫禁"),
    w("边城", "bian cheng", "Border Town", "辺境の町"),
    w("古镇", "gu zhen", "Old Town", "古い町"),
    w("月光", "yue guang", "Moonlight", "月光"),
    w("风雪", "feng xue", "Snowstorm", "吹雪"),
    w("烟雨", "yan yu", "Misty Rain", "霧雨"),
    w("黄金", "huang jin", "Golden", "黄金"),
    w("白银", "bai yin", "Silver", "白銀"),
    w("赤焰", "chi yan", "Crimson Flame", "赤い炎"),
    w("玄武", "xuan wu", "Black Tortoise", "玄武"),
    w("朱雀", "zhu que", "Vermilion Bird", "朱雀"),
    w("青龙", "qing long", "Azure Dragon", "青龍"),
    w("白虎", "bai hu", "White Tiger", "白虎"),
    w("秘密", "mi mi", "Secret", "秘密"),
    w("无尽", "wu jin", "Endless", "無限"),
    w("末日", "mo ri", "Last Day", "終末"),
    w("星际", "xing ji", "Interstellar", "星間"),
    w("机械", "ji xie", "Clockwork", "機械"),
    w("灵魂", "ling hun", "Soul", "魂"),
    w("梦境", "meng jing", "Dream", "夢"),
    w("天涯", "tian ya", "Far Horizon", "天涯"),
    w("少年", "shao nian", "Young", "少年"),
    w("沉默", "chen mo", "Silent", "沈黙"),
];

/// The second half of a title (a noun).
pub const NOUNS: [Word; 40] = [
    w("灯塔", "deng ta", "Lighthouse", "灯台"),
    w("钥匙", "yao shi", "Key", "鍵"),
    w("便利店", "bian li dian", "Corner Store", "コンビニ"),
    w("拾荒者", "shi huang zhe", "Scavenger", "廃品回収者"),
    w("来信", "lai xin", "Letters", "手紙"),
    w("食记", "shi ji", "Kitchen", "食紀行"),
    w("琵琶", "pi pa", "Pipa", "琵琶"),
    w("当铺", "dang pu", "Pawnshop", "質屋"),
    w("站台", "zhan tai", "Platform", "ホーム"),
    w("咖啡馆", "ka fei guan", "Cafe", "カフェ"),
    w("剑客", "jian ke", "Swordsman", "剣客"),
    w("侦探", "zhen tan", "Detective", "探偵"),
    w("医生", "yi sheng", "Doctor", "医師"),
    w("王朝", "wang chao", "Dynasty", "王朝"),
    w("帝国", "di guo", "Empire", "帝国"),
    w("城堡", "cheng bao", "Castle", "城"),
    w("花园", "hua yuan", "Garden", "庭園"),
    w("列车", "lie che", "Train", "列車"),
    w("书店", "shu dian", "Bookshop", "書店"),
    w("旅人", "lv ren", "Traveller", "旅人"),
    w("猎人", "lie ren", "Hunter", "狩人"),
    w("商人", "shang ren", "Merchant", "商人"),
    w("将军", "jiang jun", "General", "将軍"),
    w("公主", "gong zhu", "Princess", "姫"),
    w("刺客", "ci ke", "Assassin", "刺客"),
    w("信使", "xin shi", "Messenger", "使者"),
    w("画师", "hua shi", "Painter", "絵師"),
    w("守夜人", "shou ye ren", "Night Watchman", "夜警"),
    w("图书馆", "tu shu guan", "Library", "図書館"),
    w("迷宫", "mi gong", "Labyrinth", "迷宮"),
    w("岛屿", "dao yu", "Island", "島"),
    w("森林", "sen lin", "Forest", "森"),
    w("沙漠", "sha mo", "Desert", "砂漠"),
    w("江湖", "jiang hu", "Jianghu", "江湖"),
    w("宗门", "zong men", "Sect", "宗門"),
    w("学院", "xue yuan", "Academy", "学院"),
    w("酒馆", "jiu guan", "Tavern", "酒場"),
    w("码头", "ma tou", "Wharf", "埠頭"),
    w("钟楼", "zhong lou", "Clock Tower", "時計塔"),
    w("战争", "zhan zheng", "War", "戦争"),
];

/// How a title ends: (zh suffix, English pattern with `{}` for "the <head> <noun>", ja suffix).
pub const SUFFIXES: [(&str, &str, &str); 10] = [
    ("", "The {}", ""),
    ("传", "The Tale of {}", "伝"),
    ("记", "Chronicles of {}", "記"),
    ("录", "Records of {}", "録"),
    ("传奇", "The Legend of {}", "伝説"),
    ("之谜", "The Mystery of {}", "の謎"),
    ("往事", "Old Stories of {}", "物語"),
    ("夜话", "Night Tales of {}", "夜話"),
    ("风云", "Storms over {}", "風雲"),
    ("手记", "Notebook of {}", "手記"),
];

/// Family names of authors and narrators.
pub const SURNAMES: [&str; 30] = [
    "林", "周", "叶", "顾", "沈", "苏", "陈", "许", "王", "李", "张", "刘", "杨", "赵", "黄", "吴",
    "徐", "孙", "胡", "朱", "高", "何", "郭", "马", "罗", "梁", "宋", "郑", "谢", "韩",
];

/// Given-name characters of authors and narrators (two are drawn).
pub const GIVEN: [&str; 40] = [
    "听", "澜", "砚", "秋", "小", "满", "北", "辰", "未", "晞", "晚", "默", "知", "远", "清", "风",
    "明", "月", "雨", "山", "海", "云", "星", "川", "言", "墨", "书", "南", "安", "宁", "舟", "白",
    "青", "然", "一", "凡", "子", "玉", "竹", "溪",
];

/// Tag names.
pub const TAGS: [&str; 48] = [
    "治愈", "冒险", "推理", "古董", "短篇", "历史", "探案", "科幻", "书信", "美食", "战争", "奇幻",
    "都市", "悬疑", "爱情", "家族", "武侠", "仙侠", "宫廷", "职场", "校园", "青春", "恐怖", "灵异",
    "末世", "机甲", "星际", "穿越", "重生", "权谋", "商战", "刑侦", "法医", "医疗", "体育", "电竞",
    "音乐", "美术", "旅行", "亲情", "友情", "成长", "励志", "喜剧", "悲剧", "神话", "童话", "经典",
];

/// Top-level categories: (slug, zh, en, ja); the first four are the demo catalogue's.
pub const CATEGORIES: [(&str, &str, &str, &str); 8] = [
    ("fantasy", "玄幻奇幻", "Fantasy", "ファンタジー"),
    ("mystery", "悬疑推理", "Mystery", "ミステリー"),
    ("urban", "都市生活", "City Life", "都市生活"),
    ("history", "历史传奇", "History", "歴史"),
    ("scifi", "科幻未来", "Science Fiction", "SF"),
    ("wuxia", "武侠仙侠", "Wuxia", "武侠"),
    ("romance", "言情浪漫", "Romance", "恋愛"),
    ("classics", "经典名著", "Classics", "名作"),
];

/// Subcategories of each top-level category: (slug suffix, zh, en, ja).
pub const SUBCATEGORIES: [(&str, &str, &str, &str); 3] = [
    ("classic", "经典", "Classic", "クラシック"),
    ("new", "新作", "New", "新作"),
    ("short", "短篇", "Short", "短編"),
];

/// Sentences of book descriptions.
pub const SENTENCES: [&str; 12] = [
    "在终年不散的云海之上，漂浮着一座只在夜里亮起的灯塔。",
    "一把出土于江南老宅的青铜钥匙，能打开城里七扇不同的门。",
    "老街拐角的便利店只在深夜营业，每位客人都带着一个故事走进来。",
    "宵禁之后，不良帅在坊墙之间追查一桩离奇的失踪案。",
    "战争结束一百年后，废弃的星舰残骸漂满了猎户臂。",
    "每个月的第一个雨天，灯塔街十七号都会收到一封没有邮戳的信。",
    "辞职回乡的厨师，在外婆留下的小面馆里按节气写下一本菜谱。",
    "边关告急，琵琶女随商队出塞，只为寻找失踪的兄长。",
    "城南旧巷有一家当铺，不收金银，只收时间。",
    "地铁线路图上从来没有第七站台，可每晚都有一列空车在那里停靠。",
    "海边小城有一家只在晴天营业的咖啡馆。",
    "从杭州到通州，一条漕船载着三代人的命运北上。",
];

impl Word {
    /// The pinyin in one piece: `dengta`.
    pub fn pinyin_joined(&self) -> String {
        self.pinyin.replace(' ', "")
    }

    /// The initials of the syllables: `dt`.
    pub fn initials(&self) -> String {
        self.pinyin
            .split(' ')
            .filter_map(|syllable| syllable.chars().next())
            .collect()
    }
}

/// The zh, en and ja titles of a head, noun and suffix.
pub fn titles(head: &Word, noun: &Word, suffix: usize) -> (String, String, String) {
    let (zh_suffix, en_pattern, ja_suffix) = SUFFIXES[suffix % SUFFIXES.len()];
    let zh = format!("{}{}{zh_suffix}", head.zh, noun.zh);
    let en = en_pattern.replace("{}", &format!("the {} {}", head.en, noun.en));
    // "The the Bronze Key" → "The Bronze Key".
    let en = en.replacen("The the ", "The ", 1);
    let ja = format!("{}の{}{ja_suffix}", head.ja, noun.ja);
    (zh, en, ja)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_combine_the_three_languages() {
        assert_eq!(
            titles(&HEADS[0], &NOUNS[0], 4),
            (
                "青铜灯塔传奇".to_owned(),
                "The Legend of the Bronze Lighthouse".to_owned(),
                "青銅の灯台伝説".to_owned()
            )
        );
        assert_eq!(titles(&HEADS[0], &NOUNS[1], 0).1, "The Bronze Key");
        assert_eq!(
            (NOUNS[0].pinyin_joined(), NOUNS[0].initials()),
            ("dengta".to_owned(), "dt".to_owned())
        );
    }

    #[test]
    fn words_are_distinct_and_pinyin_is_plain_ascii() {
        let mut seen = std::collections::HashSet::new();
        for word in HEADS.iter().chain(NOUNS.iter()) {
            assert!(seen.insert(word.zh), "{}", word.zh);
            assert!(
                word.pinyin
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b == b' '),
                "{}",
                word.pinyin
            );
            // One syllable per character.
            assert_eq!(
                word.initials().len(),
                word.zh.chars().count(),
                "{}",
                word.zh
            );
        }
        let tags: std::collections::HashSet<_> = TAGS.iter().collect();
        assert_eq!(tags.len(), TAGS.len());
    }
}
