//! The demo catalogue's English and Japanese texts: people's names and bios, tags, and each
//! book's subtitle and description, keyed by the Chinese text they translate.

/// A person (author or narrator): zh name, en name, ja name, then the bio in zh, en, ja.
pub type Person = [&'static str; 6];

pub const PEOPLE: [Person; 8] = [
    ["林听澜", "Lin Tinglan", "林聴瀾",
     "擅长在奇幻设定里写普通人的勇气，作品多以星空与海为背景。",
     "Writes ordinary people's courage into fantastic worlds, most often under stars or at sea.",
     "星空や海を舞台に、ファンタジーの中で普通の人々の勇気を描く作家。"],
    ["周砚秋", "Zhou Yanqiu", "周硯秋",
     "前古籍修复师，推理小说里处处是老物件的细节。",
     "A former restorer of old books; her mysteries are full of the details of old objects.",
     "元古籍修復師。そのミステリーには古い品々の細部があふれている。"],
    ["叶小满", "Ye Xiaoman", "葉小満",
     "写城市里的小店和深夜的人，被读者称为“治愈系”作家。",
     "Writes about small shops and late-night people in the city; readers call her stories healing.",
     "街の小さな店と深夜の人々を描き、読者から「癒やし系」と呼ばれる作家。"],
    ["顾北辰", "Gu Beichen", "顧北辰",
     "历史系出身，擅长把史料里一句话的小人物写成一部书。",
     "Trained as a historian, he turns people who fill one line of the records into whole books.",
     "歴史学出身。史料に一行だけ残る人物を一冊の物語に仕立てる。"],
    ["沈未晞", "Shen Weixi", "沈未晞",
     "悬疑与奇幻之间的写作者，故事总在午夜开始。",
     "Writes between mystery and fantasy; her stories always begin at midnight.",
     "ミステリーとファンタジーの間を書く作家。物語はいつも真夜中に始まる。"],
    ["苏晚", "Su Wan", "蘇晩",
     "声音温柔清澈，擅长女性视角与治愈故事。",
     "A gentle, clear voice, at her best in women's stories and healing tales.",
     "やわらかく澄んだ声で、女性の視点や癒やしの物語を得意とする。"],
    ["陈默", "Chen Mo", "陳黙",
     "低沉的男声，推理与历史题材的常驻演播。",
     "A low male voice, the regular reader of mysteries and histories.",
     "低く落ち着いた男性の声。ミステリーと歴史物の常連の朗読者。"],
    ["许知远", "Xu Zhiyuan", "許知遠",
     "多角色演播，一个人能演一整艘飞船的船员。",
     "Voices whole casts alone: one man can be an entire starship's crew.",
     "一人で多くの役を演じ分け、宇宙船の乗組員全員を声で演じられる。"],
];

/// A tag: zh, en, ja.
pub const TAGS: [[&str; 3]; 16] = [
    ["治愈", "Healing", "癒やし"],
    ["冒险", "Adventure", "冒険"],
    ["推理", "Detective", "推理"],
    ["古董", "Antiques", "骨董"],
    ["短篇", "Short stories", "短編"],
    ["历史", "History", "歴史"],
    ["探案", "Investigation", "事件捜査"],
    ["科幻", "Science fiction", "SF"],
    ["书信", "Letters", "書簡"],
    ["美食", "Food", "グルメ"],
    ["战争", "War", "戦争"],
    ["奇幻", "Fantasy", "ファンタジー"],
    ["都市", "City", "都会"],
    ["悬疑", "Suspense", "サスペンス"],
    ["爱情", "Romance", "恋愛"],
    ["家族", "Family saga", "家族"],
];

/// A book's translated texts, keyed by its zh title: subtitle (en, ja) and description (en, ja).
pub struct BookTexts {
    pub title: &'static str,
    pub subtitle: Option<(&'static str, &'static str)>,
    pub description: (&'static str, &'static str),
}

pub const BOOKS: [BookTexts; 12] = [
    BookTexts {
        title: "云端灯塔",
        subtitle: Some(("The Keeper's Last Winter", "灯台守の最後の冬")),
        description: (
            "<p>Above a sea of clouds that never clears floats a lighthouse that shines only at night.</p><p>Young A-Ying inherits her grandfather's post as its keeper and finds a forgotten star chart sealed inside the wick. To bring a lost airship home she must read it before the winter solstice.</p>",
            "<p>晴れることのない雲海の上に、夜にだけ灯る灯台が浮かんでいる。</p><p>祖父から灯台守を継いだ少女・阿蛍は、灯芯に封じられた忘れられた星図を見つける。迷った飛行船を家へ帰すため、冬至までにそれを読み解かなければならない。</p>",
        ),
    },
    BookTexts {
        title: "青铜钥匙",
        subtitle: None,
        description: (
            "<p>A bronze key unearthed in an old house south of the Yangtze opens seven different doors in the city.</p><p>With every door she opens, restorer Shen Zhiwei learns one more secret, and one more person wants her silenced.</p>",
            "<p>江南の古い屋敷から出土した青銅の鍵は、街の七つの異なる扉を開けることができる。</p><p>骨董修復師の沈知微は扉を開けるたびに秘密をひとつ知り、彼女の口を封じたい者もひとり増えていく。</p>",
        ),
    },
    BookTexts {
        title: "深夜便利店",
        subtitle: Some(("Twelve Customers at Two in the Morning", "午前二時の十二人の客")),
        description: (
            "<p>The corner store on the old street opens only late at night.</p><p>A programmer working overtime, a sleepless taxi driver, a student who just failed the entrance exam… every customer walks in with a story and leaves with a little warmth.</p>",
            "<p>古い通りの角にあるコンビニは、深夜にしか開いていない。</p><p>残業中のプログラマー、眠れないタクシー運転手、受験に落ちたばかりの高校生……客はみな物語を抱えて入ってきて、少しのぬくもりを持って帰っていく。</p>",
        ),
    },
    BookTexts {
        title: "长安夜行录",
        subtitle: None,
        description: (
            "<p>In the Tianbao years, after Chang'an's curfew, constable Pei Yan chases a strange disappearance between the ward walls.</p><p>The clues lead to a foreign merchant's spice shop in the West Market, and to a storm long brewing deep inside the palace.</p>",
            "<p>天宝年間、長安の夜間外出禁止令の後、不良帥の裴硯は坊の壁の間で奇妙な失踪事件を追う。</p><p>手がかりは西市の胡商の香料店へ、そして宮城の奥で長く渦巻いてきた嵐へとつながっていく。</p>",
        ),
    },
    BookTexts {
        title: "星海拾荒者",
        subtitle: Some(("Season One", "シーズン1")),
        description: (
            "<p>A hundred years after the war, the wrecks of abandoned starships drift all over the Orion Arm.</p><p>The crew of the salvage ship Sparrow live off the relics of the old age, until they haul in a hibernation pod that is still breathing.</p>",
            "<p>戦争が終わって百年、オリオン腕には見捨てられた宇宙船の残骸が漂っている。</p><p>回収船「スズメ号」の乗組員は旧時代の遺物を拾って暮らしていたが、ある日、まだ息をしている冬眠カプセルを引き上げてしまう。</p>",
        ),
    },
    BookTexts {
        title: "雾港来信",
        subtitle: None,
        description: (
            "<p>On the first rainy day of every month, a letter without a postmark arrives at 17 Lighthouse Street.</p><p>Old Wen, a retired postman, sets out to find the sender, and in the paper's watermark reads the name of a ship that sank thirty years ago.</p>",
            "<p>毎月最初の雨の日、灯台通り十七番地に消印のない手紙が届く。</p><p>退職した郵便配達員の温さんは差出人を探し始め、便箋の透かしに三十年前に沈んだ船の名前を見つける。</p>",
        ),
    },
    BookTexts {
        title: "山海食记",
        subtitle: Some(("The Twenty-Four Solar Terms in a Bowl of Noodles", "一杯の麺に二十四節気")),
        description: (
            "<p>A-He, a cook who quit the city and came home, writes a cookbook by the solar terms in the little noodle shop his grandmother left him.</p><p>Spring bamboo shoots, plum rains, autumn crabs, winter brews: every dish is tied to the worries of someone in the small town.</p>",
            "<p>仕事を辞めて故郷に戻った料理人の阿禾は、祖母が遺した小さな麺屋で、節気ごとのレシピ帳を書き始める。</p><p>春の筍、梅雨、秋の蟹、冬の酒——どの料理も、町の誰かの心配事とつながっている。</p>",
        ),
    },
    BookTexts {
        title: "铁骑与琵琶",
        subtitle: None,
        description: (
            "<p>With the frontier in danger, the pipa player A-Ruo joins a caravan beyond the pass to find her missing brother.</p><p>Her music can calm warhorses, and it makes a young general doubt, for the first time, whom he serves.</p>",
            "<p>辺境に危機が迫る中、琵琶弾きの阿箬は行方不明の兄を探すため、隊商とともに塞外へ向かう。</p><p>彼女の琴の音は軍馬を静め、若い将軍に初めて自らの忠誠の行方を疑わせる。</p>",
        ),
    },
    BookTexts {
        title: "时间当铺",
        subtitle: Some(("Pawn an Hour, Redeem a Wish", "一時間を質に入れ、願いをひとつ")),
        description: (
            "<p>In an old lane south of the city there is a pawnshop that takes no gold or silver, only time.</p><p>Some pawn their childhood for wealth, some their memories for courage. Xiao An, the new apprentice, finds that the owner himself owes a stretch of time he can never redeem.</p>",
            "<p>街の南の古い路地に、金銀ではなく時間だけを預かる質屋がある。</p><p>子ども時代を質に入れて富を得る者、記憶を質に入れて勇気を得る者。新しい見習いの小安は、店主自身も取り戻せない時間を借りていることに気づく。</p>",
        ),
    },
    BookTexts {
        title: "第七站台",
        subtitle: None,
        description: (
            "<p>No metro map has ever shown a Platform Seven, yet every night at 11:40 an empty train stops there.</p><p>Night dispatcher Xu Ming decides to get on and see.</p>",
            "<p>地下鉄の路線図に第七ホームが載ったことは一度もない。それなのに毎晩十一時四十分、そこに空の電車が停まる。</p><p>夜勤の運行指令員・許鳴は、乗ってみることにした。</p>",
        ),
    },
    BookTexts {
        title: "晴天咖啡馆",
        subtitle: Some(("Open Only When the Sun Is Out", "晴れた日だけ開く店")),
        description: (
            "<p>In a small seaside town there is a café that opens only on sunny days.</p><p>Its owner, A-Qing, writes every customer a postcard and sends it to the place they most want to go but never have.</p>",
            "<p>海辺の小さな町に、晴れた日にだけ営業するカフェがある。</p><p>店主の阿晴は客ひとりひとりに絵はがきを書き、その人が一番行きたいのにまだ行けていない場所へ送る。</p>",
        ),
    },
    BookTexts {
        title: "大运河上的灯",
        subtitle: None,
        description: (
            "<p>From Hangzhou to Tongzhou, a grain barge carries three generations north.</p><p>Qiu Niang, the boatman's daughter, records the joys and sorrows of the journey with river lanterns, and how a family rose and sank on the waves of its time.</p>",
            "<p>杭州から通州へ、一艘の漕運船が三代の運命を乗せて北上する。</p><p>船頭の娘・秋娘は河灯を一つずつ流して道中の悲喜を記し、一族が時代の波間にどう浮き沈みしたかを書き留める。</p>",
        ),
    },
];

/// The translation of one of the lists above whose first column is `zh`.
pub fn find<const N: usize, T: Copy + PartialEq>(table: &[[T; N]], zh: T) -> Option<[T; N]> {
    table.iter().find(|row| row[0] == zh).copied()
}
