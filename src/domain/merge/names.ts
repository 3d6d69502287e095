import { dropInvisible, hasInvisible } from '../invisible.ts';
import { BCC_LABEL_RE } from '../email.ts';
import { getCountries } from 'libphonenumber-js';

/**
 * Names for the merge: folding (diacritics, titles, nicknames, kin words) and the compatibility test
 * the component veto uses. Names alone never merge anything: they can only veto.
 */

// --- names ------------------------------------------------------------------------------------------

/**
 * Titles that say nothing about who someone is. Only words that are never part of a name: dropping a
 * token can turn a full name into a partial one ("Don Smith" -> "Smith"), and a partial name is
 * compatible with every full name that contains it, so the veto would wave through "Don Smith" and
 * "John Smith" on one family landline. Hence no given names here ("Don", "Dona"), and no generation
 * suffixes: "Sr"/"Jr"/"II"/"III" tell a father from a son, and kept as tokens they still fit the bare
 * name ("John Smith Jr" ~ "John Smith") while "Jr" and "Sr" conflict.
 */
const IGNORED_TOKENS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'herr', 'frau', 'mme', 'mlle', 'sra', 'srta', 'engr']);

/**
 * Honorifics written with a given name (`Alhaji Musa`, `Hajia Aisha`, `Bapak Budi`, `Ibu Sri`, `Kuya Jun`,
 * `Ate Joy`, `Rahul Bhai`, `Ahmet Bey`, `Ayşe Hanım`, `Sheikh Abdullah`), by the sex they say (M, F):
 * dropped as titles are, a marker of that sex kept (TITLE_MARK with M or F), so `Bapak Budi` and `Ibu Budi`
 * on the family landline stay two; but the one word after such a title is a given name, so it fits a full
 * name holding it (titledCompatible: `Alhaji Musa` is `Musa Ibrahim`, where `Mr Smith` is no `John
 * Smith`). A probe found each of these a second row of the person's full name on their own mobile, and
 * the number then read as a shared line (an invite or an app user recorded on it filtered neither row).
 * Only words that are no names: not `Pak` (a Korean family name), `Mas`, `Anh`, `Chi`, `Em`, `Abi`, `Didi`, `Ji`, `Sri`.
 */
const GIVEN_NAME_TITLES: ReadonlyMap<string, string> = new Map([
  ...'alhaji sheikh shaikh bapak kuya manong bhai bhaiya bey'.split(' ').map((w) => [w, 'M'] as [string, string]),
  ...'alhaja alhajiya hajia hajiya ibu mbak ate manang hanim abla'.split(' ').map((w) => [w, 'F'] as [string, string]),
]);
for (const w of GIVEN_NAME_TITLES.keys()) IGNORED_TOKENS.add(w);

/**
 * The titles above that say which of a family someone is: "Mrs Smith" and "John Smith" on the family
 * landline are two people, as are "Mr Smith" and "Mrs Smith". Such a title is kept as a marker token
 * (TITLE_MARK and `m` or `f`: first in the folded name) that namesCompatible reads; it is no word of the name.
 */
const TITLE_GENDER = new Map<string, string>([
  ...GIVEN_NAME_TITLES,
  ['mr', 'm'],
  ['sir', 'm'],
  ['herr', 'm'],
  ['mrs', 'f'],
  ['ms', 'f'],
  ['miss', 'f'],
  ['frau', 'f'],
  ['mme', 'f'],
  ['mlle', 'f'],
  ['sra', 'f'],
  ['srta', 'f'],
]);
/** A title marker: SYMBOL (it matches only itself) and \u0002, then m or f. */
const TITLE_MARK = '\u0001\u0002';

/** Whether a folded token is a title marker (no word of the name: display names do not count it). */
export function isTitleMark(t: string): boolean {
  return t.charCodeAt(0) === 1 && t.charCodeAt(1) === 2;
}

/**
 * Honorifics written after a name in Japanese, Korean and Chinese ("山田さん", "山田太郎様", "김민준님",
 * "王先生"), and their romanised forms after a hyphen ("Yamada-san"): dropped as the titles above are, the
 * gendered ones kept as a marker. Only when something is left: "先生" alone is a label ("teacher").
 * Not 君 or 氏: they end Chinese given names ("李君").
 */
const CJK_HONORIFICS: readonly [string, string | null][] = (
  [
    ['さん', null],
    ['さま', null],
    ['様', null],
    ['ちゃん', null],
    ['くん', null],
    ['殿', null],
    ['선생님', null],
    ['님', null],
    ['씨', null],
    ['先生', null], // Mr in Chinese; a teacher or a doctor, of either sex, in Japanese
    ['女士', 'f'],
    ['小姐', 'f'],
    ['太太', 'f'],
  ] as [string, string | null][]
)
  // Compared after foldText's NFD, which spells Hangul syllables out in jamo.
  .map(([suffix, g]) => [suffix.normalize('NFD'), g]);
const ROMAN_HONORIFIC_RE = /-(?:san|sama|chan|kun|dono|sensei|ssi|nim)\b/gi;
const CAPITAL_INITIALS = /\bM[RS]\b(?!\.)/;
const CAPITAL_INITIALS_ALL = /\bM[RS]\b(?!\.)/g;
/**
 * Two initials written together as the first word of a name (JOINED_INITIALS in foldTokens): two
 * consonants ("JP", "TJ", "DJ"), or a vowel then a consonant no syllable ends with ("AJ", "EJ"); never a
 * word that is a family name in capitals (a directory's "LI Wei", "NG", "WU", "AN", "OH", "LE", "MA"): a
 * family name of two letters always holds a vowel ending it, or ends in n, ng, r or h. The name after it
 * starts with a capital and a small letter (a name all in capitals is a directory's SURNAME GIVEN).
 */
const JOINED_INITIALS_RE = /^(?!NG\b)([BCDFGHJKLMNPQRSTVWXZ]|[AEIOU](?=[BCDFGJKLMPQSTVXZ]))([BCDFGHJKLMNPQRSTVWXZ])\s+(?=\p{Lu}\p{Ll})/u;

/**
 * Common given-name short forms, so "Bob Jones" and "Robert Jones" holding the same number agree.
 * Kept short on purpose: it only relaxes the veto, it never merges by itself.
 */
const NICKNAME_GROUPS = [
  'robert bob rob robbie bobby',
  'william bill will billy liam',
  'richard rick dick rich ricky',
  'james jim jimmy jamie',
  'michael mike mick mikey',
  'thomas tom tommy',
  'david dave davey',
  'christopher chris kit',
  'katherine catherine kathryn katharine kate katie kathy cathy kath cath',
  'elizabeth liz beth betty lisa eliza',
  'elizabeth elisabeth',
  'elisabeth lisa',
  'elizabeth lizzie liz',
  'elizabeth bess bessie',
  'elizabeth libby',
  // A probe of the fifty-ninth session: each pair on one mobile was two rows.
  'elizabeth betsy',
  'nikolaos nick',
  'guadalupe lupita',
  'johann hansi',
  'luigi gigi',
  'margaret maggie peggy meg',
  'susan sue suzy',
  'anthony tony',
  'andrew andy drew',
  'joseph josef joe joey sepp',
  'edward ed ted eddie ned',
  'henry hank harry',
  'john jack johnny',
  'nicholas nick nicky',
  'peter pete',
  'samuel sam sammy',
  'stephen steven steve',
  'alexander aleksandr aleksander alex sasha sandy',
  'alexandra alex sasha sandra',
  'matthew matt',
  'patrick pat paddy',
  'patricia pat trish patty patsy',
  'daniel dan danny',
  'gregory greg',
  'lawrence larry',
  'gerald jerry',
  'jennifer jen jenny',
  'rebecca becky becca',
  'abigail abby',
  'jose pepe',
  'francisco paco pancho',
  'alejandro alex alejo',
  'alejandra alex',
  'mikhail misha',
  'dmitry dima',
  'ekaterina katya',
  'johannes hannes hans',
  'wolfgang wolf',
  'giuseppe beppe',
  'benjamin ben benji',
  'jonathan jon',
  'jonathan johnny',
  'timothy tim',
  'victoria vicky tori',
  'deborah debbie deb',
  'barbara barb babs',
  'john jon',
  // Mohd and Muhd: how Malaysia and Singapore write Muhammad short (on identity cards too).
  'muhammad mohammed mohammad mohamed muhammed mohamad mohd muhd',
  'charles chuck charlie chas',
  'sarah sally',
  'sarah sadie',
  'nathan nate',
  'nathaniel nate nat',
  'mary molly',
  'mary polly',
  'mary mae',
  'ann anne annie',
  'augustus gus',
  'albert bert al',
  'herbert herb bert',
  'isaac ike',
  'gwendolyn gwen',
  'gwendolyn wendy',
  'jessica jess jessie',
  'christine chris',
  'christina kristina tina',
  'christina chris',
  'kristina kris',
  'isabel isabelle isabella isa',
  'caroline caro',
  'francine fran',
  'katrina kat',
  'jacqueline jackie jacky',
  'elena lena',
  'helena lena',
  'nikolai nikolay kolya',
  'vladimir volodya vova',
  'ignacio nacho',
  // Pet forms that no shape reads (petForm reads `Franzi`, `Venky`): German, Polish, Spanish. Not the
  // ones that are names of their own or short for several names (a review): `Asia` (Joanna's in Poland),
  // `Nanda`, the Yoruba `Tunde`, `Kunle`, `Mide` (Olakunle, Adekunle; Ayomide, Olamide).
  'ursula uschi',
  'katarzyna kasia',
  'barbara basia',
  'malgorzata gosia',
  'sebastian basti',
  'matthias matze',
  'enrique kike quique',
  'fernando nando',
  // Portuguese and German pet forms a phone saves beside the mail account's full name (a probe: `Guto` on
  // Augusto Lima's mobile, `Hansi` on Johannes Bauer's, were second rows).
  'augusto guto',
  'jose ze',
  'francisco chico',
  'sebastiao tiao',
  'antonio toninho',
  'eduardo dudu',
  'johannes hansi',
  // Portuguese and Spanish diminutives (a probe: `Aninha` on ana.souza@ beside `Ana Souza`, two rows of one
  // mailbox). Not `Anita`, `Paula`, a given name of its own.
  'ana aninha',
  'paulo paulinho',
  'pedro pedrinho',
  'joao joaozinho',
  'luis luisinho',
  'rafael rafinha',
  'juan juanito',
  'carlos carlitos',
  'miguel miguelito',
  // Polish, Dutch and Hebrew short forms (a probe: `Tomek Wiśniewski` beside `Tomasz Wiśniewski` on his
  // mobile, two rows).
  'tomasz tomek',
  'piotr piotrek',
  'wojciech wojtek',
  'krzysztof krzysiek',
  'magdalena magda',
  'agnieszka aga',
  'willem wim',
  'avraham avi',
  // Yoruba names and the short forms everyone uses (a probe: `Seun Adeyemi` beside `Oluwaseun Adeyemi`).
  'oluwaseun seun',
  'oluwatobi tobi',
  'oluwafemi femi',
  // Everyday English short forms a phone saves beside the full name of a mail account ("Josh Lee" on
  // "Joshua Lee"'s mobile was a second row), each in a group of its own with its full name, so that two
  // short forms are never one name through it (Nell and Ellie, sisters, stay two).
  'edward teddy',
  'theodore ted',
  'theodore teddy',
  'gabriel gabe',
  'antonia toni',
  'debra debbie',
  'debra deb',
  'megan meg',
  'virginia ginny',
  'alfred alf',
  'alfred freddie',
  'oliver ollie',
  'olivia ollie',
  'olivia liv',
  'isabel izzy',
  'isabella izzy',
  'joshua josh',
  'benjamin benny',
  'william willy',
  'geoffrey geoff',
  'leonard len',
  'leonard lenny',
  'louis lou',
  'louise lou',
  'vincent vince',
  'walter walt',
  'alexander xander',
  'cynthia cindy',
  'amanda mandy',
  'bernard bernie',
  'francis frank',
  'francis frankie',
  'frances frankie',
  'eugene gene',
  'gerald gerry',
  'geraldine gerry',
  'harold harry',
  'jerome jerry',
  'reginald reggie',
  'eleanor nell',
  'eleanor ellie',
  // Spanish everyday forms: Mari is what María is called in Spain (Mari García / María García López),
  // and a name of its own in Finland and Japan, so it agrees only loosely (UNISEX_SHORT_FORMS).
  'maria mari',
  'mercedes merche',
  'concepcion concha conchi',
  'rosario charo',
  'pilar pili',
  'enrique quique',
  'guadalupe lupe',
  'jesus chucho chuy',
  'guillermo memo',
  'dolores lola',
  'manuel manolo manny',
  'antonio tono',
  // Particles and transliterations that name no one else: the Dutch article of "van den Berg" and "van der
  // Berg" (confused all the time; "vd" writes either), the Arabic article (al-, el-), "son of" (bin, ibn),
  // Ahmed's spellings. Each fits the other: "Ahmad El-Rashid" is "Ahmed Al-Rashid".
  'den der',
  'van vd',
  'al el',
  'bin ibn',
  'ahmed ahmad ahmet',
  // Russian and Ukrainian names in Cyrillic, as phones save them: the everyday short form ("Саша Иванов")
  // beside the full name of the mail account ("Александр Иванов"). Written folded (й as и, ё as е).
  'александр саша шура',
  'александра саша шура',
  'алексеи леша алеша',
  'андреи андрюша',
  'анастасия настя',
  'анна аня',
  'борис боря',
  'валентин валя',
  'валентина валя',
  'валерии валера',
  'василии вася',
  'виктор витя',
  'владимир вова володя',
  'вячеслав слава',
  'ярослав слава',
  'галина галя',
  'геннадии гена',
  'григории гриша',
  'дарья даша',
  'дмитрии дима митя',
  'евгении женя',
  'евгения женя',
  'екатерина катя',
  'елена лена',
  'елизавета лиза',
  'иван ваня',
  'ирина ира',
  'константин костя',
  'ксения ксюша',
  'леонид леня',
  'людмила люда',
  'максим макс',
  'мария маша',
  'михаил миша',
  'надежда надя',
  'наталья наталия наташа',
  'николаи коля',
  'ольга оля',
  'павел паша',
  'петр петя',
  'роман рома',
  'светлана света',
  'сергеи сережа',
  'станислав стас',
  'татьяна таня',
  'федор федя',
  'юлия юля',
  'юрии юра',
  'яков яша',
  'олександр сашко',
  'анатолии толя толик',
  'артем тема',
  'виктория вика',
  'георгии гоша жора',
  'егор егорка',
  'софья софия соня',
  'кирилл кирюша',
  'лев лева',
  'тимофеи тима',
  'тимур тима',
  'любовь люба',
  'валерия лера',
  'маргарита рита',
  'лидия лида',
  'илья илюша',
  'эдуард эдик',
  'аркадии аркаша',
  'виталии виталик',
  'арсении арсюша',
  // One name in Latin as Greeks write it formally (passports, the ELOT romanisation of the church name)
  // and as they are called ("Georgios" on the mail account, "Giorgos" on the phone), and Ukrainian names
  // in their Ukrainian and their Russian forms (Сергій: "Serhiy", Сергей: "Sergey"), which one person's
  // sources mix. Each group is one name of one gender; its first word, whose initial an initial fits
  // (GROUP_INITIALS), is the form most sources write.
  'georgios giorgos yorgos yiorgos',
  'konstantinos kostas',
  'ioannis giannis yannis yiannis',
  'dimitrios dimitris',
  'nikolaos nikos',
  'panagiotis panayiotis panos',
  'evangelos vangelis',
  'athanasios thanasis',
  'vasileios vasilis',
  'spyridon spyros',
  'emmanouil emmanuel manolis',
  'charalampos charalambos babis',
  'michail michalis',
  'eleftherios lefteris',
  'stylianos stelios',
  'theodoros thodoris',
  'anastasios tasos',
  'efstathios stathis',
  'sotirios sotiris',
  'dionysios dionysis',
  'aikaterini katerina',
  'panagiota giota',
  'dmitry dmitri dmitriy dmytro',
  'oleg oleh',
  'evgeny evgeniy yevgeny yevgeniy yevhen',
  'grigory grigoriy hryhoriy hryhorii',
  'galina halyna',
  'pyotr petr petro',
  'pavel pavlo',
  'vasily vasiliy vasyl',
  'bogdan bohdan',
  'denis denys',
  'larisa larysa',
  'igor ihor',
  'aleksey alexey aleksei oleksiy oleksii',
  'anatoly anatoliy anatolii',
  'vitaly vitaliy vitalii',
  'irina iryna',
  'sergey sergei serhiy serhii sergiy',
  'olga olha',
  'tatiana tatyana tetiana',
  'alexander aleksandr oleksandr',
  'vladimir volodymyr',
  'nikolai nikolay mykola',
  'andrey andrei andriy andrii',
  'svetlana svitlana',
  'elena olena',
  'mikhail mykhailo',
  'yuriy yurii yuri yury',
  'ekaterina kateryna',
  // Everyday short forms a probe of generated books found as second rows (a nickname card on the mobile).
  'christian chris',
  'stephanie steph',
  'stephanie steffi',
  'isabella bella',
  'arabella bella',
  'rafael rafa',
  'javier javi',
  'beatriz bia',
  'beatriz bea',
  'katharina kathi',
  'katharina kati',
  'lukas luke',
  'andreas andi',
  'andrea andi',
  'mohammed mo',
  'mohamed mo',
  'muhammad mo',
  'maurice mo',
];
/**
 * Name -> the groups it is in ("jon" is Jonathan's short form and a spelling of John). Every two names of
 * a group fit each other, so two short forms that are names of two people ("Sally", "Sadie"; "Gwen",
 * "Wendy") sit in groups of their own with the full name, not in one.
 */
const NICKNAME: Map<string, number[]> = new Map();
/** Per group, its full name's first letter: an initial fits a short form through its full name ("M." ~ "Peggy"). */
const GROUP_INITIALS: string[] = [];
NICKNAME_GROUPS.forEach((g, i) => {
  for (const n of g.split(' ')) NICKNAME.set(n, [...(NICKNAME.get(n) ?? []), i]);
  GROUP_INITIALS[i] = g[0]!; // the full name's: "M." is Margaret's initial, not Dick's "D." for Richard
});

/**
 * Whether a folded word is a given name or a short form of one that the nickname groups know (`ann`,
 * `james`, `bill`): a person's name, never a brand's or a group's (sender-cards.ts: `Bill Team` is a
 * person, `Marketing Team` a group mailbox). The groups are short, so a word not in them proves nothing.
 */
export function isKnownGivenName(word: string): boolean {
  return NICKNAME.has(word);
}

/**
 * Short forms that both men and women are called by, or that shorten a man's name and a woman's
 * (folded): "Alex" is Alexander and Alexandra, "Саша" Александр and Александра, "Женя" Евгений and
 * Евгения; "Mari", María's short form in Spain and a name of its own elsewhere; and English short forms
 * that are names of their own or short for more than one name ("Ellie": Eleanor, Elizabeth, Ellen; "Nell",
 * "Harry": Harold, Henry; "Freddie", "Teddy", "Jerry", "Toni", "Liv", "Frank", "Meg", ...: a review found
 * "Eleanor Smith" and her daughter "Ellie Smith", each with a mobile on the landline, one row). Such a short form fits the full name, but cannot say that the card under it is not the son
 * beside his mother ("Alex Kim" and "Alexandra Kim" on the family landline): a match through one agrees
 * only loosely (looselyCompatible), as a generation suffix does.
 */
const UNISEX_SHORT_FORMS = new Set(
  'alex sasha sandy chris kris kit pat sam sammy jamie jackie nicky charlie max fran val jo terry frankie jessie ollie lou gerry mari ellie nell harry freddie teddy ted jerry toni liv frank meg gene mandy cindy izzy andi bella mo rafa javi bia bea steph steffi kathi kati luke саша шура женя валя слава'.split(
    ' ',
  ),
);

/**
 * Set while looselyCompatible compares two names without the readings that agree only loosely: the
 * bracketed word of a name (withNickname) and the short forms of UNISEX_SHORT_FORMS.
 */
let strict = false;

/**
 * Whether two compatible names agree only loosely: only through a word in brackets that the other name
 * has as a name ("Mary (Taylor) Jones" and her daughter "Taylor Jones": a maiden name reads as a
 * nickname; "Xiaoming (Tom) Wang" and "Tom Wang" are one person), only through a short form of a
 * man's name and a woman's ("Alex Kim" and "Alexandra Kim", "Саша"/"Александра"), or only through two
 * neighbouring letters swapped ("Micheal"/"Michael" is a slip, "Clara"/"Carla" two sisters). links.ts
 * (looseNames) keeps two such cards apart when each holds a number of its own beside the shared one.
 */
export function looselyCompatible(a: readonly string[], b: readonly string[]): boolean {
  if (!mayAgreeLoosely(a) && !mayAgreeLoosely(b) && !swappedPair(a, b) && !prefixPair(a, b)) return false;
  strict = true;
  try {
    return !namesCompatible(a, b);
  } finally {
    strict = false;
  }
}

/**
 * Whether two compatible names agree only through a given name of three or four letters that starts the
 * other's (`Ali`/`Alireza`, `Jan`/`Janusz`): a prefix short form, which looselyCompatible reads as loose.
 */
export function prefixOnlyCompatible(a: readonly string[], b: readonly string[]): boolean {
  return prefixPair(a, b) && looselyCompatible(a, b);
}

/** Whether a word of three or four letters of one name starts a longer word of the other (tokensMatch's prefix short forms). */
function prefixPair(a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) {
    for (const y of b) {
      const s = x.length <= y.length ? x : y;
      const l = s === x ? y : x;
      if (s.length >= 3 && s.length <= 4 && l.length >= s.length + 3 && l.startsWith(s)) return true;
    }
  }
  return false;
}

/** Whether a word of one name is a word of the other with two neighbouring letters swapped (swappedLetters). */
function swappedPair(a: readonly string[], b: readonly string[]): boolean {
  for (const x of a) {
    if (x.length < 4) continue;
    for (const y of b) if (y.length === x.length && x !== y && swappedLetters(x, y)) return true;
  }
  return false;
}

/**
 * Whether two names that namesCompatible keeps apart agree through a pet form of the first word of one
 * name, the first word of the other (petForm: `Franzi` and `Franziska Schwarz`, `Venky Agarwal` and
 * `Venkatesh Agarwal`), the other words agreeing as namesCompatible reads them. Weaker than any agreement
 * namesCompatible reads, and read by links.ts (holdersAgree) alone: a shape that also reads a relative's
 * name (`Willi`: Wilhelm, Wilhelmine) must not keep a pasted list of two people, or a relative on the
 * owner's family mailbox, together (a review found both when namesCompatible read it).
 */
export function petCompatible(a: readonly string[], b: readonly string[]): boolean {
  const x = a[0];
  const y = b[0];
  if (x === undefined || y === undefined || !(petForm(y, x) || petForm(x, y))) return false;
  pets = true;
  try {
    return namesCompatible(a, b);
  } finally {
    pets = false;
  }
}

/** Set while petCompatible compares two names: pet forms are read between their first words. */
let pets = false;

/**
 * Endings that make a pet form of the start of a given name: German and Dutch `-i` (`Franzi`, `Wolfi`), English `-y`/`-ie` (`Lachie`, `Venky`), South Indian `-u` (`Raju`, `Subbu`). Not `-a`:
 * it ends most women's names, and `Hanna`, `Nora`, `Priya` would read as pet forms of `Hannelore`,
 * `Norbert`, `Priyanka` (a review).
 */
const PET_ENDINGS = ['ie', 'i', 'y', 'u'];

/**
 * Whether `short` (4 letters or more, shorter than `long`) is a pet form of `long` that no list holds: the
 * start of the name (3 letters or more; a doubled last letter, or a `ck`, read once) with a pet ending
 * (`Franzi` for Franziska, `Venky` for Venkatesh, `Srini` for Srinivas, `Raju` for Rajesh), the start
 * being a short form of the name (prefixShortForm: not `Pauli` for Pauline). Not a word the lists hold
 * (`Harry`, `Danny`, `Vicky`, `Charlie`: the lists say whose they are; `Steffi`, a unisex short form), and
 * not the end of a name (`Anna` in Johanna, `Lena` in Magdalena, `Tina` in Martina are names of their own
 * as often: a review found daughters fused with their mothers; `Nando` is listed instead).
 */
function petForm(long: string, short: string): boolean {
  if (short.length < 4 || long.length <= short.length) return false;
  // The cheap tests first (a book compares many names): a shape, then the lists, then letters a to z only.
  let shape = false;
  for (let k = 0; !shape && k < PET_ENDINGS.length; k++) {
    const e = PET_ENDINGS[k]!;
    if (!short.endsWith(e)) continue;
    let stem = short.slice(0, short.length - e.length);
    if (stem.length >= 4 && (stem[stem.length - 1] === stem[stem.length - 2] || stem.endsWith('ck'))) stem = stem.slice(0, -1);
    shape = stem.length >= 3 && long.startsWith(stem) && prefixShortForm(long, stem);
  }
  return shape && !NICKNAME.has(short) && !UNISEX_SHORT_FORMS.has(short) && LATIN_WORD.test(short) && LATIN_WORD.test(long);
}

function mayAgreeLoosely(a: readonly string[]): boolean {
  for (const t of a) if (isNickMark(t) || UNISEX_SHORT_FORMS.has(t)) return true;
  return twoInitials(a);
}

/**
 * Whether a name holds two initials or more ("J. P. Durand", "JP Durand"). Beside a name of another
 * number of words ("Jacques Durand", "Durand") it agrees only loosely (namesCompatible under `strict`):
 * one of its initials fits no word of the other, which may be the son's or the father's name ("J. P.
 * Durand" and "Jacques Durand", each with a mobile beside the family landline, were one row).
 */
function twoInitials(a: readonly string[]): boolean {
  let n = 0;
  for (const t of a) if (t.length === 1 && /[a-zа-я]/.test(t) && ++n === 2) return true; // not one Han character
  return false;
}

/**
 * What a name adds to a shorter one it starts with that makes another name, not a short form of it: a
 * letter or two ("Eric"/"Erica", "Paul"/"Paula", "Jan"/"Janet", "Leo"/"Leona"), or a feminine ending
 * ("Paul"/"Pauline", "Max"/"Maxine", "José"/"Josefina").
 */
const OTHER_NAME_ENDINGS = ['ine', 'ina', 'ette', 'elle', 'etta', 'ita'];

/** Whether `long` (which starts with `short`) is a longer form of it ("Alex"/"Alexandra", "Sam"/"Samuel"), not another name. */
function prefixShortForm(long: string, short: string): boolean {
  const rest = long.length - short.length;
  if (rest < 3) return false;
  for (const e of OTHER_NAME_ENDINGS) if (long.endsWith(e) && rest <= e.length + 2) return false;
  // A patronymic made of the name (`Иван` / `Иванович`, `Petr` / `Petrovich`) is the father's name, not
  // the person's: `Иван Петрович Сидоров` and his son `Пётр Иванович Сидоров` matched word for word through
  // each other's patronymics, and were one row on the family landline (a probe).
  if (PATRONYMIC_TAIL_RE.test(long.slice(short.length))) return false;
  return true;
}

/** What a Slavic patronymic adds to the father's name (folded, in Cyrillic and in Latin letters). */
const PATRONYMIC_TAIL_RE = /^(?:[оеь]?вич|[оеь]?вна|ич|ична|инична|[oe]?vich|[oe]?vitch|[oe]?vic|[oe]?vna|ich|ichna)$/u;

/**
 * Kinship, partner and trade labels ("Mom", "My Dad", "Oma", "Wife", "Dentist"): they say who someone is
 * to the user, not their name, so "Mom" and "Jane Doe" on one mobile are one person; two different labels
 * ("Mom", "Dad" on a landline) still conflict. Folded to one marker token per relation.
 */
/** Trade and place words, each its own relation label. */
const TRADE_WORDS =
  'boss landlord landlady neighbour neighbor coach teacher tutor doctor dentist vet plumber electrician mechanic babysitter nanny lawyer accountant hairdresser barber cleaner trainer therapist'.split(
    ' ',
  );
const KIN = new Map<string, string>(); // a Map, not an object: "constructor" is no relation
for (const [label, words] of Object.entries({
  mother: 'mom mum mother mama mommy mummy mam ma mamá mamãe maman mutti mutter mamma madre mamusia mami mamita ammi ammu amma maa aiti',
  father: 'dad father papa daddy dada pa papá papai vater vati papà padre tata pai abbu papaji appa pappa papi pop pops',
  stepmother: 'stepmom stepmum stepmother',
  stepfather: 'stepdad stepfather',
  grandmother: 'grandma granny nana nan oma abuela nonna babcia grandmother nani dadi mummo mamie omi abuelita',
  grandfather: 'grandpa granddad grandad opa abuelo nonno dziadek grandfather nanaji dadaji opi abuelito papy',
  partner: 'wife wifey husband hubby honey babe hun love darling spouse partner',
  sister: 'sister sis',
  brother: 'brother bro',
  aunt: 'aunt auntie aunty tante ciocia tia zia',
  uncle: 'uncle onkel wujek tio zio',
  // What someone is to the owner by trade or place: "Dentist" and "Ann Lee" on one number are one person,
  // "Dentist" and "Plumber" two. Each word its own label.
  ...Object.fromEntries(TRADE_WORDS.map((w) => [w, w])),
})) {
  for (const w of words.split(' ')) KIN.set(w.normalize('NFD').replace(/\p{M}+/gu, ''), '~' + label);
}
/**
 * Relation words that only their accents tell from another word or a name, as written (lower-case, NFC)
 * -> a KIN word of the same relation: Portuguese `Vovó` (grandma) and `Vovô` (grandpa) fold to one word,
 * `Mãe` (Mom) to the name `Mae`, `Isä` (Finnish Dad) to the name `Isa`, `Père` to the Catalan `Pere`. A
 * probe: `Mãe` on `ana.souza@` and `Ana Souza` were two rows of one mailbox.
 */
const ACCENTED_KIN = new Map<string, string>([
  ['mãe', 'mom'],
  ['mãezinha', 'mom'],
  ['mamã', 'mom'],
  ['mère', 'mom'],
  ['père', 'dad'],
  ['isä', 'dad'],
  ['vovó', 'grandma'],
  ['avó', 'grandma'],
  ['vó', 'grandma'],
  ['mémé', 'grandma'],
  ['vovô', 'grandpa'],
  ['avô', 'grandpa'],
  ['vô', 'grandpa'],
  ['pépé', 'grandpa'],
]);
const ACCENTED_KIN_RE = new RegExp(`(?<![\\p{L}\\p{M}])(?:${[...ACCENTED_KIN.keys()].join('|')})(?![\\p{L}\\p{M}])`, 'giu');
const ACCENTS_RE = /[ãèéäóô]/i;
const NON_ASCII_RE = /[\u0080-\uffff]/;

/** A name with the relation words of ACCENTED_KIN written as their KIN word (`Vovô` -> `grandpa`), for foldTokens. */
function accentedKinSpelt(name: string): string {
  if (!NON_ASCII_RE.test(name)) return name;
  const nfc = name.normalize('NFC');
  if (!ACCENTS_RE.test(nfc)) return name;
  return nfc.replace(ACCENTED_KIN_RE, (w) => ACCENTED_KIN.get(w.toLowerCase()) ?? w);
}

/** The KIN labels of trades and places ("~dentist"), as against family and partners. */
const TRADE_LABELS = new Set(TRADE_WORDS.map((w) => '~' + w));

/**
 * Relation words dropped when they come before a name ("Grandma Ann", "Aunt Ann Lee"): only words that
 * are never a name themselves. Not "Ma" (a Chinese family name), "Nana", "Nan", "Tia", "Papa", "Babe",
 * "Love", "Honey": "Ma Li" is Ma Li.
 */
const KIN_BEFORE_NAME = new Set(
  'mom mum mommy mummy mother dad daddy father grandma granny grandmother grandpa granddad grandfather oma opa abuela abuelo nonna nonno babcia dziadek aunt auntie aunty tante ciocia uncle onkel wujek sister brother wife husband hubby'.split(
    ' ',
  ),
);

/**
 * Trade words dropped beside a name ("John Plumber", "Ann - dentist"): only those that are no family
 * name. Not "Boss" (Hugo Boss), "Barber", "Coach", "Trainer", "Cleaner".
 */
const TRADE_WITH_NAME = new Set(
  'landlord landlady neighbour neighbor teacher tutor doctor dentist vet plumber electrician mechanic babysitter nanny lawyer accountant hairdresser therapist'.split(
    ' ',
  ),
);

/**
 * Words about the phone or the line, not the person ("Ann (work)", "Ann mobile", "Ann Lee - home"):
 * dropped from a name that has other words, so "Ann (work)" and "Ann Lee" on one number are one person.
 */
const CHANNEL_WORDS = new Set([
  'cell',
  'mobile',
  'mob',
  'iphone',
  'whatsapp',
  'home',
  'work',
  'office',
  'landline',
  'private',
  'personal',
  'business',
  'cel',
  'celular',
  'movil',
  'wa',
  // Carriers a number is saved under when the person has two SIMs (`Tunde MTN`, `Rahul Jio`, `Budi
  // Telkomsel`: a probe found each a second row of the person on that mobile). Not Indonesian `Kantor`
  // (office): a family name (`Jodi Kantor`), which dropped would fit any `Jodi` on a shared line.
  'mtn',
  'glo',
  'airtel',
  'jio',
  'bsnl',
  'safaricom',
  'telkomsel',
  'indosat',
  'etisalat',
  'vodafone',
  // The same line words in German, French, Spanish, Portuguese, Italian, Dutch and Russian (`Mama
  // Festnetz`, `Maman fixe`, `Mamá fijo`, `Мама дом`: a probe found each read as a name, `Festnetz`,
  // which the label `Papa` fits, and the two parents on the landline one row). Not words that are names
  // too (`Dom`, `Maison`, `Vast`).
  ...'festnetz handy zuhause privat dienstlich geschaftlich buro fixe portable domicile perso travail fijo fixo casa trabajo trabalho fisso cellulare lavoro thuis mobiel werk'.split(
    ' ',
  ),
  ...'дом домашний мобильный мобила рабочий сотовый'.split(' ').map((w) => w.normalize('NFD').replace(/\p{M}+/gu, '')),
  // And in Japanese, Chinese and Korean (`田中太郎 携帯`, `王芳 手机`, `김민지 회사`: a probe found the
  // first a second row of `田中 太郎` on his own mobile). Hangul as the fold spells it, in jamo (NFD).
  // Han words of two characters or more, none a name: not `家` nor `宅`. Korean `집` (home) is no
  // syllable of a name: `엄마 집` was read as a name, which the label `아빠` fits, and the two parents on
  // the landline were one row.
  ...'携帯 自宅 会社 仕事 固定 勤務先 手机 手機 公司 办公室 辦公室 座机 座機 家里 家裡 工作 住宅'.split(' '),
  ...'휴대폰 핸드폰 회사 직장 사무실 집'.split(' ').map((w) => w.normalize('NFD')),
]);

/** Words around a relation label that name no one: "My Mom", "Mom Cell", "Dad (work)". */
const KIN_FILLER = new Set([
  'my',
  'mein',
  'meine',
  'ma',
  'mon',
  'mi',
  'mia',
  'mio',
  'moja',
  'moj',
  'minha',
  'meu',
  'mijn',
  'phone',
  'new',
  'old',
  ...CHANNEL_WORDS,
]);

/** Letters that NFD does not decompose. */
const FOLD_EXTRA: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' };

/**
 * The most of a name the merge reads: its first MAX_NAME_CHARS characters, then at most MAX_NAME_WORDS
 * words (the first ones and the last NAME_END_WORDS: a long Spanish, Portuguese or Arabic name ends with
 * the family name), each cut at MAX_WORD_CHARS letters. Real names, with their particles and a note in
 * brackets, are far shorter and read whole. A longer one (a pasted field in the name) made each comparison
 * with it cost its length squared: two cards of 99,000-character names on one number took 30 s to merge,
 * on every read of the book.
 */
const MAX_NAME_CHARS = 1024;
const MAX_NAME_WORDS = 32;
const NAME_END_WORDS = 4;
const MAX_WORD_CHARS = 40;

const TRAILING_CARD_NUMBER_RE = /^\d{1,2}$/;

/** Name -> comparable tokens: diacritics folded, lower-case, punctuation dropped, titles removed. */
export function foldName(name: string): string[] {
  let read = name.length > MAX_NAME_CHARS ? name.slice(0, MAX_NAME_CHARS) : name;
  // The written-short forms of Maria in the Philippines (`Ma. Cristina Reyes`, `Jose Ma. Garcia`) and of
  // Muhammad in South Asia (`Md. Rahim Uddin`, `Md Rahim`), before another word: the name they shorten (a
  // probe found `Ma. Cristina Reyes` and `Maria Cristina Reyes` two rows on her mobile). Not `Ma` without
  // its dot (a Chinese family name), nor `MD` (initials, or a doctor's letters after a name).
  if (read.includes('Ma.') || read.startsWith('Md')) read = read.replace(MA_DOT_RE, '$1Maria ').replace(MD_RE, 'Muhammad ');
  let out = foldNameTokens(read);
  // A card's number after a name of two words or more (`Ana Paula 2`: a phone's second card of one person)
  // is no word of it (a probe: a veto against `Ana Paula Souza` on the same mobile, two rows). After one
  // word it is (`Ann 2`, `Bob 3` in a list are two people, not two labels).
  if (out.length > 2 && TRAILING_CARD_NUMBER_RE.test(out[out.length - 1]!)) out = out.slice(0, -1);
  if (out.length > MAX_NAME_WORDS) out = [...out.slice(0, MAX_NAME_WORDS - NAME_END_WORDS), ...out.slice(-NAME_END_WORDS)];
  for (let i = 0; i < out.length; i++) if (out[i]!.length > MAX_WORD_CHARS) out[i] = out[i]!.slice(0, MAX_WORD_CHARS);
  if (out.length > 1 && HYPHENATED.test(read)) markHyphenPieces(out, read);
  if (out.length > 0 && out[0]![0] !== '~') {
    markRelation(out, read);
    if (out.length > 1 && mayNameSomeonesRelation(out) && namesSomeonesRelation(read)) SOMEONES.add(out);
    else if (read.includes('の') && namesSomeonesRelationJa(read)) SOMEONES.add(out);
  }
  return out;
}

/**
 * The relation a name gives before the person's own words (`Oma Weber`: ~grandmother), by folded name:
 * foldName drops the word so the name fits the person's own (`Oma Weber` is `Hilde Weber`), and keeps
 * what it says here, so two relations still conflict (`Oma Weber` and `Opa Weber`, each with a mobile of
 * their own on the family landline, were one row under Opa's name, Oma's mobile with him: a probe).
 */
const RELATION = new WeakMap<readonly string[], string>();

/** The first word of a name as written, letters only. */
const FIRST_WORD_RE = /^[^\p{L}]*(\p{L}+)/u;

function markRelation(tokens: string[], name: string): void {
  const m = FIRST_WORD_RE.exec(name);
  if (m === null) return;
  const w = m[1]!.toLowerCase();
  const first = /[^a-z]/.test(w) ? (ACCENTED_KIN.get(w.normalize('NFC')) ?? w.normalize('NFD').replace(/\p{M}+/gu, '')) : w;
  // The word as written (`Brother Joe`, dropped: ['joe']), or as folded (`Папа Коля`: ['papa', 'kolia']).
  const lead = leadingKin(first) !== undefined ? first : leadingKin(tokens[0]!) !== undefined ? tokens[0]! : null;
  if (lead !== null && (tokens[0] !== lead || tokens.length >= 2)) LEADING_KIN.set(tokens, leadingKin(lead)!);
  if (!KIN_BEFORE_NAME.has(first) || RELIGIOUS_TITLES.has(first) || tokens[0] === first) return;
  RELATION.set(tokens, KIN.get(first)!);
  if (!KIN_GIVEN_NAMES.has(first)) SURE_RELATION.add(tokens);
}

/**
 * The relation of a parent, grandparent, sibling, aunt or uncle that a name's first word says when the
 * word is kept as a word of the name (`Papa Joe`, `Vati Dieter`, `Tata Marek`, `Папа Коля`, `Nonno Gino`:
 * a relation word that may be a name, or that KIN_BEFORE_NAME does not drop) or dropped (`Dad Mike`, and
 * the clergy's `Brother Joe`, who is a man whatever else he is), by folded name. Read only
 * for the sex it says (oppositeKin): `Mom` and `Papa Joe` on the family landline, each with a mobile,
 * were one row under his name, the mother written to most gone into it (a probe, in a dozen languages).
 * Whatever the word is, relation or given name, it is a man's or a woman's as the relation is (`Papa`,
 * `Oma`, `Nana`, `Amma`), so it tells a mother from a father either way.
 */
const LEADING_KIN = new WeakMap<readonly string[], string>();

/** Relations that say a woman, and a man. */
const FEMALE_KIN: ReadonlySet<string> = new Set(['~mother', '~stepmother', '~grandmother', '~sister', '~aunt']);
const MALE_KIN: ReadonlySet<string> = new Set(['~father', '~stepfather', '~grandfather', '~brother', '~uncle']);

/**
 * KIN words LEADING_KIN does not read, though their relation says a man or a woman: family names of men
 * and women alike that lead a name written family name first (`Ma Long`, `Pa Vang`, `Nan Wei`, Romania's
 * commonest `Pop Maria`, Yoruba `Dada Funmilayo`), and `Nana`, a grandmother in English, a grandfather in
 * Hindi and a chief's title in Ghana (`Nana Kwame`): a review found each split from its own label. Any
 * other, as a name too, is of the relation's sex (`Padre Pio`, `Tia Carrere`). `Pai` is read: a father in
 * Portuguese (`Mãe` and `Pai João`), though a Taiwanese family name too (`Pai Mei-Ling` beside `Mom` is two
 * rows): a mother lost into the father's row is the worse mistake.
 */
const NOT_LEADING_KIN: ReadonlySet<string> = new Set(['ma', 'pa', 'nan', 'pop', 'dada', 'nana']);

/** The relation a word says when it leads a name (LEADING_KIN), or undefined. KIN is read when called: its words in other scripts are added below. */
function leadingKin(w: string): string | undefined {
  const r = KIN.get(w);
  return r !== undefined && (FEMALE_KIN.has(r) || MALE_KIN.has(r)) && !NOT_LEADING_KIN.has(w) ? r : undefined;
}

/** Whether two relations say a woman and a man (`~mother` and `~father`, `~grandmother` and `~uncle`): never one person. */
function oppositeKin(x: string | undefined, y: string | undefined): boolean {
  return x !== undefined && y !== undefined && ((FEMALE_KIN.has(x) && MALE_KIN.has(y)) || (MALE_KIN.has(x) && FEMALE_KIN.has(y)));
}

/** The relation a folded name says: a label alone (`Mom`), one before the person's words (`Opa Heinz`), or a name's first word (`Papa Joe`). */
function kinSaid(f: readonly string[]): string | undefined {
  if (f.length === 1 && f[0]![0] === '~') return f[0];
  if (SOMEONES.has(f)) return undefined;
  return RELATION.get(f) ?? LEADING_KIN.get(f);
}

/**
 * Whether two names on one mailbox are a man and a woman of the owner's family by the relations they say
 * (`Mom` and `Dad`, `Oma` and `Opa`, `Mum` and `Dad Bill`, `Mama` and `Papa Klaus`): two people who read one
 * family address, kept two rows as two names of one family are (familyPair). A card holding only the
 * address had been a copy of it, its label absorbed: the mother, written to most, gone into `Dad` (a
 * probe). Relations of one sex (`Mom` and `Oma`: the owner's mother is the children's Oma) are not.
 */
export function relativesPair(a: readonly string[] | null, b: readonly string[] | null): boolean {
  return a !== null && b !== null && a.length > 0 && b.length > 0 && oppositeKin(kinSaid(a), kinSaid(b));
}

/**
 * Names whose relation word is no given name too (`Mom Smith`, not `Oma Okafor`: Oma is a given name):
 * such a name is that relation, and another relation's label alone (`Dad`) is no form of it.
 */
const SURE_RELATION = new WeakSet<readonly string[]>();
/** Relation words that are given names too (`Oma`, `Nana`, `Mimi`): the word may be the person's name. */
const KIN_GIVEN_NAMES: ReadonlySet<string> = new Set(['oma', 'opa', 'nana', 'mimi', 'baba', 'papa', 'dada', 'lola', 'lolo', 'tata', 'nene', 'nonna', 'nonno']);

/**
 * Relation words that are also the titles of a religious order or of the clergy (`Father Michael`,
 * `Sister Mary`, `Brother Tom`, `Mother Teresa`): dropped before a name as any relation word is, but
 * saying no relation that could tell two people apart (a review: `Father Michael`, a priest, and `Uncle
 * Michael` are one person in a book that names him both ways).
 */
const RELIGIOUS_TITLES = new Set(['father', 'mother', 'sister', 'brother']);

/** The relation a folded name says before the person's own words (`Oma Weber`), or null (`Mom`, a label, says it as its token). */
export function relationOf(f: readonly string[]): string | null {
  return RELATION.get(f) ?? null;
}

/** The relation of `from` (relationOf, someonesRelation) kept on `to`, a shorter reading of the same name (`Oma Weber (work)` read without its label). */
export function keepRelation(from: readonly string[], to: readonly string[]): void {
  if (to === from) return;
  const r = RELATION.get(from);
  if (r !== undefined) RELATION.set(to, r);
  if (SOMEONES.has(from)) SOMEONES.add(to);
}

/**
 * Folded names that name someone's relation by that someone's name (`John Smith's wife`, `Ann Lee Mom`,
 * `Mom of Ann Lee`, `Mutter von Anna Schmidt`): the card is not the person named in it. Every word of
 * `Ann Lee` is a word of `Ann Lee's mom`, and a shorter name fits a longer one (a middle name), so the two,
 * on the family landline with a mobile each, were one row under the mother's label, Ann's address and
 * mobile in it (a probe). Such a name fits only another that says a relation of someone too (namesCompatible),
 * or a relation label alone (`Mom`).
 */
const SOMEONES = new WeakSet<readonly string[]>();

/** Whether a folded name names someone's relation by their name (SOMEONES: `Ann Lee's mom`). */
export function someonesRelation(f: readonly string[]): boolean {
  return SOMEONES.has(f);
}

/**
 * Relation words that say, after a name without a possessive, whose relation the card is (`Ann Lee Mom`,
 * `Ann Mum`, `John Smith Wife`): KIN_BEFORE_NAME's words, which are never names (read when used, so its
 * Cyrillic words too), and a few more of that kind. Not `Ma`, `Nana`, `Papa`, `Son`, `Love` (`Li Ma`,
 * `Ann Nana`, `Heung-min Son` are names), nor a trade word (`John Plumber` is John: TRADE_WITH_NAME).
 */
const KIN_AFTER_NAME_MORE = new Set('mutter vater mutti vati maman mamusia madre spouse daughter tochter'.split(' '));

/**
 * Words that after a possessive say someone else (`Ann's dentist`, `John Smith's assistant`, `Ann Lee's
 * son`): any KIN word (the 's leaves no doubt: `Ann's Nana`), and the people SOMEONE_ELSE (normalize.ts)
 * reads before an address.
 */
const AFTER_POSSESSIVE = new Set(
  'assistant assistent assistente asistente assistentin secretary secretaria secretaire sekretarin receptionist manager colleague kollege kollegin son daughter kid kids child baby boyfriend girlfriend fiance fiancee friend cousin nephew niece grandson granddaughter stepmom stepdad'.split(
    ' ',
  ),
);

/** Relation words before `von` (OF_WORDS): German ones. */
const GERMAN_BEFORE_VON = new Set('mutter vater mutti vati mama papa oma opa tante onkel'.split(' '));
/** Relation words before `de` (OF_WORDS): French and Spanish ones. */
const ROMANCE_BEFORE_DE = new Set('maman papa mama madre padre abuela abuelo'.split(' '));
/** Words after `de` that begin a family name (`de la Cruz`, `de los Santos`), not a given name. */
const SURNAME_AFTER_DE = new Set('la las los el le l'.split(' '));

/**
 * Relation words before a word for "of" and a name, by that word: `Wife of John Smith`, `Mutter von Anna
 * Schmidt`, `Mama von Lukas`, `Maman de Marie`, `Madre de Juan`. Only where the word cannot start a family
 * name instead: not Dutch `van` (`Oma van Dijk` is Oma, Mrs van Dijk), not Italian `di`, `del`, `della`
 * (`Nonna Di Stefano`), not Portuguese `da`, `dos` (`da Silva`), and `de` only after French and Spanish
 * words and not before `la`, `los`, `las` (`Abuela de la Cruz`, like `Tante de Vries`, is a family name).
 */
const OF_WORDS = new Map<string, (w: string) => boolean>([
  ['of', (w) => KIN_BEFORE_NAME.has(w) || KIN_AFTER_NAME_MORE.has(w) || TRADE_WITH_NAME.has(w) || AFTER_POSSESSIVE.has(w)],
  ['von', (w) => GERMAN_BEFORE_VON.has(w)],
  ['vom', (w) => GERMAN_BEFORE_VON.has(w)],
  ['de', (w) => ROMANCE_BEFORE_DE.has(w)],
  ['d', (w) => ROMANCE_BEFORE_DE.has(w)],
  ['du', (w) => ROMANCE_BEFORE_DE.has(w)],
]);

/** What comes between a name and a note on it (`Ann Lee, Mom`, `Ann Lee - Mom`, `Ann: Mom`): the note says who she is, not whose. */
const NOTE_SEPARATOR_RE = /[,;:|/]|\s[-\u2013\u2014]\s/;

/**
 * Whether a name as written names someone's relation by their name (SOMEONES): a relation word after a
 * possessive (`Ann Lee's mom`, `John Smith’s assistant`), after a name (`Ann Lee Mom`, `Ann Mum cell`:
 * KIN_BEFORE_NAME's words and KIN_AFTER_NAME_MORE), or before `of`, `von`, `de` ... and a name (`Wife of
 * John Smith`, `Mutter von Anna Schmidt`). A relation in brackets says who the person is (`Mike Brown
 * (dad)` beside `Mike Brown (son)`), as one after a comma or a spaced dash does (`Ann Lee, Mom`), and a
 * relation word before a name is dropped as ever (`Aunt Jane Doe`, `Mom Ann Lee` are Jane and Ann).
 */
function namesSomeonesRelation(name: string): boolean {
  if (!/\s|'|\u2019/.test(name)) return false;
  const bare = name.includes('(') || name.includes('[') ? name.replace(NOTE_RE, ' ') : name;
  const all = foldTokens(bare);
  let t0 = 0;
  while (t0 < all.length && isTitleMark(all[t0]!)) t0++;
  const t = t0 === 0 ? all : all.slice(t0);
  if (t.length < 2) return false;
  // `Mom of Ann Lee`: a relation word, a word for of, a name.
  const of = t.length >= 3 ? OF_WORDS.get(t[1]!) : undefined;
  if (of !== undefined && of(t[0]!)) return !SURNAME_AFTER_DE.has(t[2]!) && namedIn(t, 2, t.length);
  // The last word that is no word about the line (`Ann Lee's mom cell`).
  let k = t.length - 1;
  while (k > 0 && KIN_FILLER.has(t[k]!)) k--;
  if (k < 1) return false;
  const w = t[k]!;
  if (t[k - 1] === 's' && k >= 2 && (KIN.has(w) || AFTER_POSSESSIVE.has(w))) return namedIn(t, 0, k - 1);
  if (!(KIN_BEFORE_NAME.has(w) || KIN_AFTER_NAME_MORE.has(w)) || NOTE_SEPARATOR_RE.test(bare)) return false;
  return namedIn(t, 0, k);
}

/**
 * Whether a folded name holds a word namesSomeonesRelation reads (a relation, `s`, a word for of): most
 * names hold none, and are not folded again for it.
 */
function mayNameSomeonesRelation(f: readonly string[]): boolean {
  for (const t of f) if (t === 's' || KIN.has(t) || AFTER_POSSESSIVE.has(t) || KIN_AFTER_NAME_MORE.has(t) || OF_WORDS.has(t)) return true;
  return false;
}

/** Whether tokens [from, to) hold a word of a name (`Ann Lee` in `Ann Lee Mom`, `Aunt Jane` in `Aunt Jane's husband`; not `Mom Dad`). */
function namedIn(t: readonly string[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const x = t[i]!;
    if (!KIN.has(x) && !KIN_FILLER.has(x) && !OF_WORDS.has(x) && x !== 's') return true;
  }
  return false;
}

/** A key of a folded name for maps of names: its words, and the relation said before them (`Oma Weber` is no `Opa Weber`). */
export function nameKey(f: readonly string[], sep = ' '): string {
  const r = RELATION.get(f);
  return r === undefined ? f.join(sep) : `${r}${sep}${f.join(sep)}`;
}

const MA_DOT_RE = /(^|\s)Ma\.\s*(?=\p{L})/gu;
const MD_RE = /^Md\.?\s+(?=\p{L})/u;

/** A word of letters with a hyphen inside ("Jae-won", "Xiao-Ming", "Jean-Pierre"). */
const HYPHENATED = /\p{L}[-\u2010\u2011]\p{L}/u;

/**
 * The tokens of a folded name that are pieces of a hyphenated word of the name as written (bits by
 * token index): "jae" and "won" of "Park Jae-won". A piece is a syllable of one given name, not a name
 * of its own, so it is no short form of another word: "Park Jae-won" and his sister "Jaehee Park" (each
 * with a mobile on the family landline) read "jae" as a short form of "jaehee" and were one row.
 */
const HYPHEN_PIECES = new WeakMap<readonly string[], number>();

function markHyphenPieces(tokens: string[], name: string): void {
  const pieces = new Set<string>();
  for (const w of name.split(/\s+/)) {
    if (!HYPHENATED.test(w)) continue;
    for (const p of w.split(/[-\u2010\u2011]+/)) for (const t of foldTokens(p)) pieces.add(t);
  }
  let bits = 0;
  for (let i = 0; i < tokens.length && i < 31; i++) if (pieces.has(tokens[i])) bits |= 1 << i;
  if (bits !== 0) HYPHEN_PIECES.set(tokens, bits);
}

/** Set while namesCompatible compares a hyphen piece with a whole word: no prefix short form then. */
let pieceToWord = false;
/** Set while namesCompatible compares the first words of two names: pet forms (petForm) are read there only. */
let firstWords = false;

function foldNameTokens(name: string): string[] {
  // An address or a phone number kept as a card's name (a card made from an e-mail, a number saved
  // unnamed) names nobody: it neither vetoes a merge nor counts as a name's words.
  if (isChannelText(name)) return [];
  const bare = withoutPlaceholders(name);
  if (bare !== name) return bare === '' ? [] : foldNameTokens(bare);
  const couple = coupleAsNickname(name);
  if (couple !== null) return foldNameTokens(couple);
  if (name.includes('(') || name.includes('[')) {
    const bare = withoutNotes(name);
    if (bare !== null) return withNickname(foldName(bare), name);
  }
  const tokens = foldTokens(accentedKinSpelt(name));
  // A name made only of kinship words (and "my", "cell", ...) is a relation label. A relation word before
  // a name ("Grandma Ann", "Aunt Ann Lee") is dropped: the name is the person's.
  let kin: string | null = null;
  let named = false;
  for (const t of tokens) {
    const k = KIN.get(t);
    if (k !== undefined) {
      if (kin !== null && kin !== k) return tokens;
      kin = k;
    } else if (!KIN_FILLER.has(t)) named = true;
  }
  if (kin === null) return withoutChannelWords(tokens);
  if (!named) return [kin];
  if (KIN_BEFORE_NAME.has(tokens[0])) return tokens.filter((t) => !KIN_BEFORE_NAME.has(t));
  // A trade word beside a name says what the person does ("John Plumber", "Ann - dentist"), unless it is
  // someone's ("Ann's dentist": the 's' before it).
  const at = tokens.findIndex((t) => TRADE_WITH_NAME.has(t));
  if (at >= 0 && tokens[at - 1] !== 's') return tokens.filter((t) => !TRADE_WITH_NAME.has(t) && !KIN_FILLER.has(t));
  return tokens;
}

/**
 * A word in brackets between the words of a name is what the person is called: "Xiaoming (Tom) Wang",
 * "Elizabeth (Betsy) Jones", "Robert (Bob) Smith", as the quoted "Jiahui \"Jenny\" Chen" is. Dropped as
 * a note, it vetoed the person's card under that name on their own number ("Tom Wang": two rows of one
 * person, where the card itself says they are one); kept as a word, it would veto "Xiaoming J Wang". So
 * it is an alternative (NICK: after the name's words, with its position), and namesCompatible tries the
 * name without it, with it, and with it for the word before it.
 */
const NICK = '\u0003';

/** Whether a folded token is a nickname alternative (withNickname): no word of the name as written. */
export function isNickMark(t: string): boolean {
  return t.charCodeAt(0) === 3;
}

function withNickname(folded: string[], name: string): string[] {
  if (folded.length < 2 || folded[0][0] === '~' || isTitleMark(folded[0])) return folded;
  const notes = name.match(NOTE_RE);
  if (notes === null || notes.length !== 1) return folded;
  const at = name.indexOf(notes[0]);
  const word = untitledTokens(notes[0]);
  if (word.length !== 1 || word[0].length < 2) return folded;
  const pos = foldTokens(name.slice(0, at)).length;
  if (pos === 0 || pos >= folded.length || foldTokens(name.slice(at + notes[0].length)).length === 0) return folded;
  return [...folded, `${NICK}${pos}${NICK}${word[0]}`];
}

/** A folded name without its nickname alternatives (withNickname): the name as written. */
function bareName(a: readonly string[]): readonly string[] {
  let n = a.length;
  while (n > 0 && isNickMark(a[n - 1])) n--;
  return n === a.length ? a : a.slice(0, n);
}

/** The readings of a name with nickname alternatives (withNickname): without, with, and instead of the word before. */
function nameReadings(a: readonly string[]): (readonly string[])[] {
  if (!isNickMark(a[a.length - 1])) return [a];
  let n = a.length;
  while (n > 0 && isNickMark(a[n - 1])) n--;
  const base = a.slice(0, n);
  const out: (readonly string[])[] = [base];
  for (let i = n; i < a.length; i++) {
    const cut = a[i].indexOf(NICK, 1);
    const pos = Number(a[i].slice(1, cut));
    const word = a[i].slice(cut + 1);
    out.push([...base.slice(0, pos), word, ...base.slice(pos)]);
    out.push([...base.slice(0, pos - 1), word, ...base.slice(pos)]);
  }
  return out;
}

/**
 * What a program writes where a name is missing, and what phones call an unnamed card: "undefined" and
 * "null" from a client joining absent fields ("Ann undefined", "null Lee", "undefined undefined"; only
 * in small letters: "Null" is a family name), "[object Object]", "(null)", "NaN", spreadsheet errors
 * ("#REF!", "#N/A"), unfilled templates ("{{name}}", "%NAME%", "$name"), "N/A", "New Contact", "No
 * Name", "Unknown", a label of the address field ("e-mail", "Email": `e-mail <ann@x.org>` names nobody), the
 * label mail software writes for Bcc recipients ("Undisclosed recipients", email.ts BCC_LABEL_RE), and a
 * name of invisible characters only. They name nobody: as names they vetoed the
 * person's own cards on the same number ("undefined" beside "Ann Lee" on her mobile was a second row).
 */
const PLACEHOLDER_NAME_RE = /^(?:\(null\)|<null>|\[object \w+\]|n\/a|#n\/a|#ref!|#name\?|#value!|\{\{[^{}]*\}\}|%[a-z_ ]+%|\$\{?[a-z_]+\}?|e-?mail:?)$/i;
/**
 * The words phones and mail programs write on a card that has no name, in the languages they ship in
 * ("No name", "Kein Name", "Sans nom", "Неизвестный", "名前なし"), and the name a new card gets before
 * one is typed ("New contact", "Neuer Kontakt", "Contact"). Compared in small letters, with the brackets
 * around them dropped (`(No name)`, `<Kein Name>`, `[Unknown]`: placeholderWords). Trade-off: a person
 * whose whole name is "Contact" or "Unknown" is rare, and their card still merges by its number and
 * address; "Unnamed" and "Unknown" were placeholders already.
 */
const PLACEHOLDER_WORDS = new Set([
  // English
  'no name',
  'noname',
  'unnamed',
  'unknown',
  'unknown contact',
  'new contact',
  'contact',
  'untitled contact',
  // What a call log shows for a caller who hid the number (a probe: `Private Number`, `Withheld`, `No
  // Caller ID` on a call-log card with the number field `Private` were rows ranked above the people; in
  // German, French, Spanish, Italian, Portuguese and Dutch phones' words too).
  'private number',
  'private caller',
  'private',
  'withheld',
  'number withheld',
  'caller id withheld',
  'no caller id',
  'unknown caller',
  'unknown number',
  'anonymous',
  'anonymous caller',
  'blocked',
  'blocked number',
  'restricted',
  'restricted number',
  'unavailable',
  'payphone',
  'rufnummer unterdrückt',
  'nummer unterdrückt',
  'unterdrückte nummer',
  'unterdrückt',
  'anonymer anruf',
  'numéro masqué',
  'appel masqué',
  'numéro privé',
  'número privado',
  'número oculto',
  'número desconocido',
  'número restringido',
  'número confidencial',
  'numero privato',
  'numero anonimo',
  'numero sconosciuto',
  'anonimo',
  'anónimo',
  'anônimo',
  'privénummer',
  'anoniem',
  'onderdrukt nummer',
  'nummer onderdrukt',
  // German
  'kein name',
  'ohne namen',
  'namenlos',
  'unbekannt',
  'neuer kontakt',
  'kontakt',
  // French
  'sans nom',
  'inconnu',
  'inconnue',
  'nouveau contact',
  // Spanish
  'sin nombre',
  'desconocido',
  'desconocida',
  'nuevo contacto',
  'contacto',
  // Italian
  'senza nome',
  'sconosciuto',
  'sconosciuta',
  'nuovo contatto',
  'contatto',
  // Portuguese
  'sem nome',
  'desconhecido',
  'desconhecida',
  'novo contato',
  'novo contacto',
  'contato',
  // Dutch
  'geen naam',
  'onbekend',
  'nieuw contact',
  // Russian, Ukrainian
  'без имени',
  'неизвестный',
  'неизвестно',
  'новый контакт',
  'контакт',
  'без імені',
  'невідомий',
  'новий контакт',
  // Polish
  'bez nazwy',
  'bez imienia',
  'nieznany',
  'nieznana',
  'nowy kontakt',
  // Swedish, Danish, Norwegian
  'inget namn',
  'okänd',
  'okänt',
  'ny kontakt',
  'ukendt',
  'ukjent',
  'intet navn',
  'uten navn',
  // Turkish
  'isimsiz',
  'adsız',
  'bilinmeyen',
  'yeni kişi',
  // Vietnamese, Indonesian
  'không tên',
  'không rõ',
  'liên hệ mới',
  'tanpa nama',
  'tidak dikenal',
  'kontak baru',
  // Japanese, Chinese, Korean
  '名前なし',
  '不明',
  '未命名',
  '无名',
  '無名',
  '未知',
  '新联系人',
  '新聯絡人',
  '이름 없음',
  '이름없음',
  '알 수 없음',
]);
/** Bracket pairs dropped around a placeholder: `(No name)`, `<Kein Name>`, `[Unknown]`, `（不明）`. */
const BRACKETED_RE = /^\s*(?:\((.*)\)|<(.*)>|\[(.*)\]|（(.*)）|【(.*)】)\s*$/su;
/** Whether a name is one of PLACEHOLDER_WORDS, in any case, within brackets or not. Cheap for long names. */
function placeholderWords(name: string): boolean {
  if (name.length > 24) return false;
  let t = name;
  for (let i = 0; i < 2; i++) {
    const m = BRACKETED_RE.exec(t);
    if (m === null) break;
    t = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '';
  }
  // Small letters; the dot a capital İ leaves (`İsimsiz`) dropped; spaces of any kind as one.
  const folded = t
    .toLowerCase()
    .replace(/\u0307/g, '')
    .replace(/[\s\u00a0\u3000]+/gu, ' ')
    .trim();
  return PLACEHOLDER_WORDS.has(folded);
}
/** As written only: "Nan" is a grandmother, "Null" a family name. */
const PLACEHOLDER_CASED_RE = /^(?:undefined|null|NaN|NULL|UNDEFINED)$/;
const PLACEHOLDER_WORD_RE = /(^|\s)(?:undefined|null)(?=\s|$)/g;
const JOINERS_ONLY_RE = /^(?:\s|\u034f|\u200c|\u200d)+$/u;
function withoutPlaceholders(name: string): string {
  const t = hasInvisible(name) ? dropInvisible(name).trim() : name;
  // Joiners (ZWJ, ZWNJ) and the grapheme joiner are kept inside Persian and Indic words, and alone they
  // are nothing: a name of U+2060 and U+200D was shown, and kept by filter_blank_names (a probe).
  if (t === '' || JOINERS_ONLY_RE.test(t) || PLACEHOLDER_CASED_RE.test(t) || PLACEHOLDER_NAME_RE.test(t) || placeholderWords(t) || BCC_LABEL_RE.test(t))
    return '';
  return t.includes('undefined') || t.includes('null') ? t.replace(PLACEHOLDER_WORD_RE, ' ').replace(/\s+/g, ' ').trim() : t;
}

/** Whether a name names nobody: a placeholder a program or a phone writes (withoutPlaceholders). */
export function isPlaceholderName(name: string): boolean {
  return withoutPlaceholders(name) === '';
}

/**
 * Two given names joined by "&" or "and" before one family name ("John & Mary Smith", "Anne und Peter
 * Müller"): a couple's card, usually on the family address. Read as the second name in brackets is
 * (withNickname): it fits either person ("John Smith", "John A. Smith", "Mary Smith"), loosely, and
 * neither fuses with the other. Compared as three words, it vetoed John's own cards: his mobile's card
 * and his work card ("Smith, John A.", on that mobile) were two rows once the couple's card joined his
 * on the family address. Not titles ("Mr & Mrs Smith").
 */
const COUPLE_RE =
  /^\s*(\p{Lu}[\p{L}\p{M}'\u2019-]+)\s*(?:&|\+|\band\b|\bund\b|\bet\b)\s*(\p{Lu}[\p{L}\p{M}'\u2019-]+)\s+(\p{Lu}[\p{L}\p{M}'\u2019 -]*[\p{L}\p{M}])\s*$/u;
function coupleAsNickname(name: string): string | null {
  if (name.length > 80 || !(name.includes('&') || name.includes('+') || / (?:and|und|et) /.test(name))) return null;
  const m = COUPLE_RE.exec(name);
  if (m === null) return null;
  for (const w of [m[1]!, m[2]!]) for (const t of untitledTokens(w)) if (IGNORED_TOKENS.has(t) || KIN.has(t)) return null;
  return `${m[1]} (${m[2]}) ${m[3]}`;
}

/** Generation suffixes, folded, that say a generation wherever they stand in a name (`John Smith Jr`, `Jr John Smith`). */
const GENERATION_WORDS: ReadonlySet<string> = new Set(['jr', 'sr', 'junior', 'senior', 'ii', 'iii', 'iv']);

/**
 * Generation words of Portuguese, Spanish and French (`João Pereira Filho`, `Luís Costa Neto`, `Juan Pérez
 * hijo`, `Dumas fils`): a son's, a grandson's, a nephew's name after his elder's. Each is also a family
 * name (`João Neto`, `Ana Sobrinho`), so it says a generation only as the last word after two words of a
 * name or more. A probe: `João Pereira` and `João Pereira Filho` on the family landline were one row, the
 * son's address under his father's name.
 */
const GENERATION_LAST_WORDS: ReadonlySet<string> = new Set(['filho', 'filha', 'neto', 'neta', 'sobrinho', 'sobrinha', 'hijo', 'hija', 'nieto', 'fils']);

/** A note in brackets: "(ECT)", "[Legal]". */
const NOTE_RE = /\([^()]*\)|\[[^[\]]*\]/g;
/**
 * Words that tell a father from his son, a title its gender, whose relation the person is ("Mike Brown
 * (dad)" and "Mike Brown (son)" on the family landline) or a former name ("Ann Kim (née Lee)", "Anna
 * Schmidt (geb. Meyer)", who is Ann Lee elsewhere): a note of them is no mere note.
 */
const NOTE_KEEP = new Set([
  ...GENERATION_WORDS,
  ...GENERATION_LAST_WORDS,
  ...IGNORED_TOKENS,
  ...[...KIN].filter(([, label]) => !TRADE_LABELS.has(label)).map(([word]) => word),
  'son',
  'daughter',
  'nee',
  'geb',
  'geborene',
  'born',
  'maiden',
  'formerly',
]);

/**
 * The name without its notes in brackets, as directories annotate names with a department, a company or
 * a nickname ("Vince Kaminski (ECT)", "Kay Mann [Legal]", "Robert (Bob) Smith"); null when it has none,
 * when fewer than two words of a name would stay ("Smith (John)" and "Smith (Mary)" are two people), or
 * when a note tells a generation or a title ("John Smith (Jr)", "Smith (Mrs)"). The note said where the
 * person works, not who they are: "Vince Kaminski (ECT)" vetoed "Vince J Kaminski" on his own number.
 */
function withoutNotes(name: string): string | null {
  const notes = name.match(NOTE_RE);
  if (notes === null) return null;
  let context = true;
  for (const n of notes) {
    const tokens = untitledTokens(n);
    for (const t of tokens) if (NOTE_KEEP.has(t)) return null;
    if (placeNotes().has(tokens.join(' '))) continue;
    for (const t of tokens) if (!CONTEXT_WORDS.has(t) && !CHANNEL_WORDS.has(t) && !contextWordsInOtherScripts().has(t)) context = false;
  }
  const bare = name.replace(NOTE_RE, ' ').replace(/\s+/g, ' ').trim();
  const words = foldTokens(bare).length;
  return words >= 2 || (words === 1 && context) ? bare : null;
}

/**
 * Where the owner knows someone from, as a phone's card notes it beside a given name: "Jan (trabajo)",
 * "Anjali (gym)", "Ngozi (school)", "Lena (Kita)", "Marc (voisin)". Such a note names no one, so it is
 * dropped even where a single word of the name stays (a name in the note, "Smith (John)", is kept): kept,
 * "Jan (trabajo)" vetoed "Jan Smit" on his own mobile, and the one person was two rows. Work, sport,
 * school and childcare, neighbours, church and friends, in the languages of the books Kith reads most.
 */
const CONTEXT_WORDS = new Set(
  [
    // work
    'job arbeit trabajo travail boulot bureau lavoro ufficio werk kantoor trabalho escritorio oficina buro praca firma',
    'colleague coworker kollege kollegin collegue colega collega',
    // sport
    'gym fitness yoga pilates crossfit sport sports tennis soccer football futbol fussball running climbing swimming',
    // school and childcare
    'school schule escuela ecole scuola escola colegio college uni university universidad universite kita kiga',
    'kindergarten daycare nursery creche preschool class classmate',
    // neighbours, church, friends
    'neighbour neighbor nachbar nachbarin vecino vecina voisin voisine vicino vicina buurman buurvrouw vizinho vizinha',
    'church kirche iglesia eglise chiesa igreja',
    'friend freund freundin amigo amiga amico amica vriend vriendin',
  ]
    .join(' ')
    .split(' '),
);

/**
 * The same notes in Japanese, Chinese, Korean and Russian (`田中 (会社)`, `민수 (회사)`, `Саша (работа)`),
 * folded as names are (Hangul to its letters), once, on first use.
 */
const CONTEXT_WORDS_OTHER_SCRIPTS =
  '会社 仕事 職場 同僚 学校 大学 ジム 近所 友達 友人 教会 保育園 幼稚園 公司 同事 工作 单位 單位 朋友 邻居 鄰居 教会 教會 健身房 大學 幼儿园 幼兒園 회사 직장 동료 학교 대학 헬스 이웃 친구 교회 работа коллега школа универ спортзал сосед соседка друг подруга церковь садик';
let contextOther: Set<string> | null = null;
function contextWordsInOtherScripts(): Set<string> {
  if (contextOther === null) {
    contextOther = new Set();
    for (const w of CONTEXT_WORDS_OTHER_SCRIPTS.split(' ')) for (const t of untitledTokens(w)) contextOther.add(t);
  }
  return contextOther;
}

/**
 * Countries as a note names them (`Amy (USA)`, `Jan (Polska)`, `Kenji (Japan)`, `Ana (United States)`):
 * where the owner knows someone from, as CONTEXT_WORDS are, so a note of one names no one. Kept, `Amy
 * (USA)` vetoed `Amy Brown` on her own number: two rows of one person (a probe). The names of every
 * country in the languages of CONTEXT_WORDS (Intl.DisplayNames, folded as a note is), and the usual
 * abbreviations; never a word that is a person's name too (the nickname groups', PLACE_NAMES_OF_PEOPLE).
 * Built once, on first use.
 */
let places: Set<string> | null = null;
function placeNotes(): Set<string> {
  if (places !== null) return places;
  places = new Set(['usa', 'us', 'uk', 'uae', 'eu', 'ksa', 'prc', 'roc', 'nz', 'aus', 'can', 'mex', 'ger', 'fra', 'esp', 'ita']);
  for (const lang of PLACE_LANGUAGES) {
    let names: Intl.DisplayNames;
    try {
      names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
    } catch {
      continue; // a Node without that language's data: the others stand
    }
    for (const code of getCountries()) {
      const name = names.of(code);
      if (name === undefined) continue;
      const tokens = untitledTokens(name);
      if (tokens.length === 0 || tokens.some((t) => isKnownGivenName(t) || PLACE_NAMES_OF_PEOPLE.has(t))) continue;
      places.add(tokens.join(' '));
    }
  }
  return places;
}
const PLACE_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'pl'];
/** Countries' names that are people's names too, which the nickname groups do not list (`Mike (Jordan)`). */
const PLACE_NAMES_OF_PEOPLE: ReadonlySet<string> = new Set(['jordan', 'georgia', 'chad', 'india', 'israel', 'france']);

function withoutChannelWords(tokens: string[]): string[] {
  let channel = 0;
  for (const t of tokens) if (CHANNEL_WORDS.has(t)) channel++;
  const kept = channel === 0 || channel === tokens.length ? tokens : tokens.filter((t) => !CHANNEL_WORDS.has(t));
  return withoutNumberNote(kept);
}

/**
 * A note that the number changed, after a name (`Anna Schmidt neue Nummer`, `Tom new number`, `Ana número
 * nuevo`): no words of the name (a probe: shown as `Anna Schmidt neue Nummer`, and a word more than her
 * Gmail card's name). Only at the end, and only with a word of the name left.
 */
function withoutNumberNote(tokens: string[]): string[] {
  const n = tokens.length;
  if (n < 2) return tokens;
  const last = tokens[n - 1]!;
  const before = tokens[n - 2]!;
  if (NUMBER_WORDS.has(last) && NEW_OLD.has(before) && n >= 3) return tokens.slice(0, n - 2);
  if (NEW_OLD.has(last) && NUMBER_WORDS.has(before) && n >= 3) return tokens.slice(0, n - 2);
  if (NUMBER_WORDS.has(last)) return tokens.slice(0, n - 1);
  return tokens;
}
const NUMBER_WORDS: ReadonlySet<string> = new Set(['number', 'nummer', 'numero', 'numer']);

const NEW_OLD: ReadonlySet<string> = new Set([
  'new',
  'old',
  'neue',
  'neu',
  'alte',
  'nueva',
  'nuevo',
  'nouveau',
  'nouvelle',
  'nova',
  'novo',
  'nuovo',
  'vecchio',
  'nieuw',
  'nieuwe',
  'oud',
  'oude',
]);

/** Combining marks, dropped as foldName drops them (`ü` as `u`). */
const MARKS_RE = /\p{M}+/gu;

/**
 * Whether a name as written holds a word about the line (CHANNEL_WORDS, `Nummer`: `Mario WhatsApp`, `Anna
 * neue Nummer`) or ends with an honorific (CJK_HONORIFICS: `김민수님`, `山田さん`; a probe found `김민수님`
 * shown over `김민수`): the same words without it are shown first.
 */
export function hasLineLabel(name: string): boolean {
  for (const w of name.toLowerCase().split(/[^\p{L}]+/u)) {
    if (CHANNEL_WORDS.has(w) || NUMBER_WORDS.has(w)) return true;
    // CHANNEL_WORDS are folded (`büro` as `buro`, `мобильный` without the breve, Hangul in jamo): a word
    // not in ASCII is compared so too (a probe found `김민지 회사` shown over `김민지`).
    if (w.length > 1 && NON_ASCII_RE.test(w) && CHANNEL_WORDS.has(w.normalize('NFD').replace(MARKS_RE, ''))) return true;
  }
  if (name.length > 1 && name.charCodeAt(name.length - 1) >= 0x3000) {
    const end = name.trimEnd().normalize('NFD');
    for (const [suffix] of CJK_HONORIFICS) if (end.length > suffix.length && end.endsWith(suffix)) return true;
  }
  return false;
}

/** An e-mail address ("ann@x.com", "<ann@x.com>") or a phone number ("+1 (415) 555-0123"), alone. */
const ADDRESS_TEXT_RE = /^[<"'\s]*[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+[>"'\s]*$/u;
const NUMBER_TEXT_RE = /^\s*(?:\+|00)?[\d\s().\-/]*$/;

function isChannelText(name: string): boolean {
  if (name.includes('@')) return ADDRESS_TEXT_RE.test(name);
  if (!NUMBER_TEXT_RE.test(name)) return false;
  let digits = 0;
  for (let i = 0; i < name.length; i++) if (name.charCodeAt(i) >= 48 && name.charCodeAt(i) <= 57) digits++;
  return digits >= 7;
}

/**
 * Degrees and professional letters written after a name ("Jane Doe, PhD", "Jane Doe MD", "John Smith,
 * Esq.", "Ann Lee, M.D., Ph.D."): like "Dr." they say what someone is, never who. Kept, they vetoed
 * the person's own cards: "Dr. Jane Doe, PhD" (her mail account) and "Jane Doe MD" (her phone's card) on
 * one mobile were two rows, and so were "Jane A. Doe" and "Jane Doe, MD". Only at the end of a name,
 * after two words or more of it ("Md Rahman": Md is Muhammad in Bangladesh; "Smith MD" may be a
 * directory's initials), and only letters that are no name in any common use (not MA, BA, MS, DO, PA:
 * Ma and Do are family names, Ms a title).
 */
const POST_NOMINAL_RE =
  /(?:\s*,\s*|\s+)(?:ph\.?\s?d|d\.?\s?phil|m\.?\s?d|m\.?\s?b\.?\s?a|c\.?\s?p\.?\s?a|c\.?\s?f\.?\s?a|d\.?\s?d\.?\s?s|d\.?\s?m\.?\s?d|d\.?\s?v\.?\s?m|esq|r\.?\s?n|ll\.?\s?m|m\.?\s?sc|b\.?\s?sc|fcca|frcs|mrcp)\.?[\s,]*$/i;

const POST_NOMINAL_END = /[dasmqnplc.,\s]$/i;

/** `name` without the degrees and professional letters at its end (see POST_NOMINAL_RE). */
export function withoutPostNominals(name: string): string {
  // Cheap gate: every post-nominal ends in one of these letters, or a dot, a comma or a space after it.
  if (!POST_NOMINAL_END.test(name)) return name;
  for (;;) {
    // The pattern is tried on the name's last characters only: no scan of a long field.
    const tail = name.length > 24 ? name.slice(-24) : name;
    const m = POST_NOMINAL_RE.exec(tail);
    if (m === null) return name;
    const rest = name.slice(0, name.length - tail.length + m.index);
    if (untitledTokens(rest).length < 2) return name;
    name = rest;
  }
}

function foldTokens(name: string): string[] {
  if (name.includes('-')) name = name.replace(ROMAN_HONORIFIC_RE, '');
  name = withoutPostNominals(name);
  // "MS Dhoni": two capitals without a dot, in a name not written in capitals, are initials, not a title.
  if (name.includes('M') && CAPITAL_INITIALS.test(name) && name !== name.toUpperCase()) name = name.replace(CAPITAL_INITIALS_ALL, (m) => `${m[0]} ${m[1]}`);
  // "JP Martin", "AJ Smith": two capitals written together before a name written in capitals and small
  // letters are two initials, as "J. P. Martin" ("Jean-Pierre Martin" on his mobile was a second row).
  else if (JOINED_INITIALS_RE.test(name)) name = name.replace(JOINED_INITIALS_RE, '$1 $2 ');
  return titled(untitledTokens(name));
}

/**
 * Tokens with their titles dropped, a gendered title kept as a marker first (TITLE_GENDER). Two titles of
 * different genders ("Mr & Mrs Smith": a couple's card) leave no marker.
 */
function titled(tokens: string[]): string[] {
  let at = -1;
  for (let i = 0; i < tokens.length && at < 0; i++) if (IGNORED_TOKENS.has(tokens[i])) at = i;
  if (at < 0) return tokens;
  let gender: string | null | undefined;
  const out: string[] = [];
  for (const t of tokens) {
    if (!IGNORED_TOKENS.has(t)) {
      out.push(t);
      continue;
    }
    const g = TITLE_GENDER.get(t);
    // Two titles of one sex: the family's (`m`, `f`) over the given name's (`M`, `F`: GIVEN_NAME_TITLES).
    if (g !== undefined)
      gender = gender === undefined || gender === g ? g : gender !== null && gender.toLowerCase() === g.toLowerCase() ? g.toLowerCase() : null;
  }
  if (out.length > 0 && gender !== undefined && gender !== null) out.unshift(TITLE_MARK + gender);
  return out;
}

/** A CJK token with its honorific suffix ("山田さん") cut off: its tokens and the gender the suffix tells. */
function withoutHonorific(tokens: string[]): string[] {
  let gender: string | null = null;
  let changed = false;
  // An honorific written apart after the name (`민수 씨`, `山田 様`): no word of it (a probe found `민수 씨`
  // shown over `김민수`, as a name of more words).
  if (tokens.length > 1) {
    const last = tokens[tokens.length - 1]!;
    for (const [suffix, g] of CJK_HONORIFICS) {
      if (last !== suffix) continue;
      tokens = tokens.slice(0, -1);
      changed = true;
      if (g !== null) gender = g;
      break;
    }
  }
  const out = tokens.map((t) => {
    for (const [suffix, g] of CJK_HONORIFICS) {
      if (t.length > suffix.length && t.endsWith(suffix)) {
        changed = true;
        if (g !== null) gender = g;
        return t.slice(0, -suffix.length);
      }
    }
    return t;
  });
  if (!changed) return tokens;
  if (gender !== null) out.unshift(gender === 'm' ? 'mr' : 'mrs'); // read by titled() as the title it is
  return out;
}

function untitledTokens(name: string): string[] {
  let ascii = true;
  for (let i = 0; i < name.length && ascii; i++) {
    const c = name.charCodeAt(i);
    ascii = c >= 0x20 && c <= 0x7e;
  }
  if (ascii) {
    // ASCII fast path (most names): the Unicode-aware path below costs ~5x more. Tokens are the runs of
    // [a-z0-9], cut by hand: a regex split builds empty strings and an array to filter.
    const s = name.toLowerCase();
    const out: string[] = [];
    let start = -1;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : 0;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        if (start < 0) start = i;
      } else if (start >= 0) {
        out.push(s.slice(start, i));
        start = -1;
      }
    }
    return out;
  }
  const latin = foldLatin(name);
  if (latin !== null) return latin;
  const out: string[] = [];
  for (const t of foldText(name).split(/[^\p{L}\p{M}\p{N}]+/u)) if (t !== '') out.push(t);
  return out.length > 0 ? withoutHonorific(out) : symbolTokens(name);
}

/**
 * The tokens of a name written without a letter or digit: its emoji and other symbols, each word one
 * token (variation selectors dropped: "❤️" is "❤"), marked with SYMBOL so that they only ever match
 * themselves, never as an initial or a short form. Phones store such names ("👨", "👩", "❤️"), and two
 * of them are two names: read as no name, they fused the two people of a shared landline.
 */
function symbolTokens(name: string): string[] {
  const out: string[] = [];
  for (const t of name.replace(/[\ufe0e\ufe0f]/g, '').split(/[\s\p{P}]+/u)) if (t !== '') out.push(SYMBOL + t);
  return out;
}

/** First character of a symbol token (symbolTokens): no letter folds to it. */
const SYMBOL = '\u0001';

/** Unicode folding: diacritics dropped, lower-case, letters NFD leaves alone spelled out. */
function foldText(s: string): string {
  const folded = s
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe00-\ufe0f\ufe20-\ufe2f]+/g, '') // combining marks and variation selectors (\p{M} is slower)
    .toLowerCase()
    .replace(/[ßæœøłđðþı]/g, (c) => FOLD_EXTRA[c] ?? c);
  if (KATAKANA_RE.test(folded)) return folded.replace(KATAKANA_ALL, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));
  return HEBREW_ARABIC_RE.test(folded) ? foldHebrewArabic(folded) : folded;
}

/**
 * Katakana, which spells the same sounds as hiragana ("ヤマダ タロウ", "やまだ たろう": one name, as a phone
 * and a LINE account write it): folded to hiragana (the blocks are 0x60 apart).
 */
const KATAKANA_RE = /[\u30a1-\u30f6]/;
const KATAKANA_ALL = /[\u30a1-\u30f6]/g;

const HEBREW_ARABIC_RE = /[\u0590-\u06ff]/;

/** Arabic letters written two ways by different keyboards and spellings (after NFD), to one. */
const ARABIC_LETTERS: Record<string, string> = { ى: 'ي', ی: 'ي', ک: 'ك', ة: 'ه', ە: 'ه', ۀ: 'ه' };

/**
 * Hebrew and Arabic as their readers compare them: vowel points and cantillation (Hebrew niqqud,
 * Arabic harakat, the hamza and madda NFD splits off "أ", "إ", "آ", "ؤ", "ئ"), the tatweel that only
 * stretches a word, and the letters that Arabic and Persian keyboards or spellings write two ways
 * ("كريم"/"کریم", "فاطمة"/"فاطمه", "مصطفى"/"مصطفي"). "مُحَمَّد" and "محمد", "דָּוִד" and "דוד" are one name.
 */
function foldHebrewArabic(s: string): string {
  return s
    .replace(/[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06ed]+/g, '')
    .replace(/[ىیکةەۀ]/g, (c) => ARABIC_LETTERS[c] ?? c);
}

/**
 * foldText of each character of U+0000..U+024F and U+1E00..U+1EFF (ASCII, Western and Central European,
 * Vietnamese), computed once: its letters, or ' ' for a separator. undefined where the character's fold
 * is anything else (empty, or letters mixed with leftover marks): such a name takes the full path.
 * Folding one character at a time is exact for these: none of them is a combining mark, so the NFD of
 * a string of them is the concatenation of their NFDs, and their lower-case mappings are context-free.
 */
const LATIN_FOLD: (string | undefined)[] = [];
const VIET_FOLD: (string | undefined)[] = [];
for (const [table, from, to] of [
  [LATIN_FOLD, 0, 0x250],
  [VIET_FOLD, 0x1e00, 0x1f00],
] as const) {
  for (let c = from; c < to; c++) {
    const f = foldText(String.fromCharCode(c));
    table.push(/^[\p{L}\p{N}]+$/u.test(f) ? f : /^[^\p{L}\p{N}]+$/u.test(f) ? ' ' : undefined);
  }
}

/** foldTokens for a name made of the characters above, in one pass (the Unicode path costs ~5x more); null for any other name. */
function foldLatin(name: string): string[] | null {
  const out: string[] = [];
  let token = '';
  for (let i = 0; i <= name.length; i++) {
    let f = ' ';
    if (i < name.length) {
      const c = name.charCodeAt(i);
      const t = c < 0x250 ? LATIN_FOLD[c] : c >= 0x1e00 && c < 0x1f00 ? VIET_FOLD[c - 0x1e00] : undefined;
      if (t === undefined) return null;
      f = t;
    }
    if (f !== ' ') token += f;
    else if (token !== '') {
      out.push(token);
      token = '';
    }
  }
  return out;
}

function tokensMatch(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.charCodeAt(0) === 1 || b.charCodeAt(0) === 1) return false; // a symbol matches only itself
  if (oneSpelling(a, b)) return true;
  if (a.length === 1 || b.length === 1) {
    // An initial: "J." ~ "John", and through a short form's full names, "M." ~ "Peggy" (Margaret).
    if (a[0] === b[0]) return true;
    const init = a.length === 1 ? a : b;
    const groups = NICKNAME.get(init === a ? b : a);
    return groups !== undefined && groups.some((g) => GROUP_INITIALS[g]!.includes(init));
  }
  if (strict && (UNISEX_SHORT_FORMS.has(a) || UNISEX_SHORT_FORMS.has(b))) return false;
  const na = NICKNAME.get(a);
  const nb = na === undefined ? undefined : NICKNAME.get(b);
  if (nb !== undefined && na!.some((g) => nb.includes(g))) return true;
  const s = a.length <= b.length ? a : b;
  const l = s === a ? b : a;
  // Short forms written as a prefix ("Jon"/"Jonathan", "Alex"/"Alexandra"), at least 3 letters; not
  // another name that starts so ("Eric"/"Erica", "Paul"/"Pauline").
  // Under `strict` (looselyCompatible) not: the shorter is as often another person of the family, a
  // parent, a child or a sibling, in cultures of compound given names (`Ali`/`Alireza`, `Ayşe`/`Ayşegül`,
  // `Jan`/`Janusz`, `Karl`/`Karlheinz`, `Zhang Wei`/`Zhang Weiming`, `Emma`/`Emmanuel`: a probe found each
  // pair, with a mobile each on the family landline, one row). The nickname groups' short forms above
  // (`Jon`/`Jonathan`) still agree firmly.
  if (s.length >= 3 && s.length <= 4 && !pieceToWord && !strict && l.startsWith(s) && prefixShortForm(l, s)) return true;
  // A family name written before the given name without a space ("山田" / "山田太郎"): Han and kana, and a
  // given name of two characters or more after it ("李明" and "李明华" are two full names). Not Hangul,
  // which foldText spells out in jamo: a syllable is a prefix of itself with a final consonant.
  if (s.length >= 2 && l.length >= s.length + 2 && (scriptBit(s) & HAN_KANA) !== 0 && l.startsWith(s)) return true;
  // A given name alone beside the full name written without a space ("小明" / "王小明", "민수" / "김민수",
  // "太郎" / "山田太郎"): what family, friends and a phone call someone. See givenAfterFamily.
  if (l.length > s.length && l.endsWith(s) && givenAfterFamily(l, s)) return true;
  if (s.length < 4) return false;
  // A pet form (`Franzi`/`Franziska`, `Venky`/`Venkatesh`), when petCompatible asks.
  if (pets && firstWords && !strict && !pieceToWord && petForm(l, s)) return true;
  // A swap agrees only loosely (looselyCompatible): it also reads two names as one ("Clara"/"Carla",
  // "Nina"/"Inna", "Elise"/"Elsie"), so two cards that each have a number of their own stay two.
  if (l.length === s.length ? !strict && swappedLetters(a, b) : l.length === s.length + 1 && (doubledLetter(l, s) || umlautSpelling(l, s))) return true;
  return oneNameRomanised(a, b);
}

/**
 * Two writings of one word that no rule above reads: "St" and "Saint" ("Ann St. John" / "Ann Saint
 * John", "Ste"/"Sainte"), and Serbian and Croatian đ, which folds to "d" but is written "dj" without
 * the letter ("Đorđe Petrović" / "Djordje Petrovic", "Đoković" / "Djokovic"): one person's cards from a
 * phone and a mail account were two rows.
 */
function oneSpelling(a: string, b: string): boolean {
  if (a.length <= 6 && b.length <= 6) {
    const sa = SAINT.get(a);
    if (sa !== undefined && sa === SAINT.get(b)) return true;
  }
  if (a.length < 5 || b.length < 5 || (!a.includes('dj') && !b.includes('dj'))) return false;
  // Not short names, where "dj" and "d" are two ("Nadja" and "Nada").
  const x = a.replace(DJ_RE, 'd');
  return x.length >= 5 && x === b.replace(DJ_RE, 'd');
}
const SAINT = new Map([
  ['st', 'st'],
  ['saint', 'st'],
  ['ste', 'ste'],
  ['sainte', 'ste'],
]);
const DJ_RE = /dj/g;

/**
 * Whether two words in Latin are two romanisations of one Russian name ("Dmitri", "Dmitry", "Dmitriy";
 * "Yulia", "Julia"; "Sergei", "Sergey"): one person's cards from two sources, a passport's spelling and
 * a mail account's. Only for the full names in Cyrillic of NICKNAME_GROUPS and EQUIVALENTS, when both
 * words spell one of them exactly (ROMANISED, letter by letter; й, folded to и, dropped only at the end)
 * and agree in every letter romanisations do not disagree on (skeleton): "Maria" and "Marina", "Ivan"
 * and "Ian", "Anna" and "Ana" stay two names.
 */
function oneNameRomanised(a: string, b: string): boolean {
  if (!LATIN_WORD.test(a) || !LATIN_WORD.test(b)) return false;
  const x = a.replace(/x/g, 'ks');
  const y = b.replace(/x/g, 'ks');
  if (skeleton(x) !== skeleton(y)) return false;
  for (const c of russianFullNames()) if (spells(x, 0, c, 0) && spells(y, 0, c, 0)) return true;
  return false;
}

const LATIN_WORD = /^[a-z]+$/;
let RUSSIAN_FULL_NAMES: string[] | null = null;

/**
 * Common Russian and Ukrainian given names that have no short form in NICKNAME_GROUPS (or whose short
 * forms are not listed), folded as foldText folds them (й and ё as и and е): their romanisations are one
 * name too ("Zoya"/"Zoia", "Maya"/"Maiya", "Oksana"/"Oxana", "Olesya"/"Olesia", "Hleb"/"Gleb"). Read
 * only by oneNameRomanised, where both words must spell the same one of them exactly. Not a name one of
 * whose spellings is a Western name of the other sex: Эмиль (a final ь written "y" is "Emily"), Елисей
 * (a final й dropped is "Elise"): a review found Emil and Emily, on the family landline, one row.
 */
const RUSSIAN_NAMES_ALONE = (
  'зоя маия вера нина инна алла жанна яна ульяна полина алина алена кристина карина оксана марина вероника диана ' +
  'олеся эльвира василиса ангелина милана варвара анжелика лариса раиса тамара зинаида снежана злата олена ' +
  'денис никита антон олег игорь вадим руслан глеб семен филипп даниил богдан ростислав святослав всеволод ' +
  'захар тарас назар демьян марат ефим платон мирон игнат прохор савва артур рустам ренат'
).split(' ');

/** The full names in Cyrillic that oneNameRomanised reads: the first of each NICKNAME_GROUPS group, the keys of EQUIVALENTS, and RUSSIAN_NAMES_ALONE. */
function russianFullNames(): string[] {
  if (RUSSIAN_FULL_NAMES !== null) return RUSSIAN_FULL_NAMES;
  const out = new Set<string>(RUSSIAN_NAMES_ALONE);
  for (const g of NICKNAME_GROUPS) {
    const head = g.slice(0, g.indexOf(' '));
    if (scriptBit(head) === 1 << 2) out.add(head);
  }
  for (const k of EQUIVALENTS.keys()) if (scriptBit(k) === 1 << 2) out.add(k);
  return (RUSSIAN_FULL_NAMES = [...out]);
}

/** Whether latin[j..] spells cyr[i..] exactly, letter by letter through ROMANISED (an и written as nothing only at the end). */
function spells(latin: string, j: number, cyr: string, i: number): boolean {
  if (i === cyr.length) return j === latin.length;
  const alts = ROMANISED[cyr[i]];
  if (alts === undefined) return false;
  for (const alt of alts) {
    if (alt === '' ? cyr[i] === 'и' && i < cyr.length - 1 : !latin.startsWith(alt, j)) continue;
    if (spells(latin, j + alt.length, cyr, i + 1)) return true;
  }
  return false;
}

/**
 * Whether `long` is a family name followed by the given name `short`, both written in Han or Hangul
 * without a space: a given name of two characters (syllables) or more, after one to three Han
 * characters (王, 欧阳, 佐々木 is 3 with its mark) or one or two Hangul syllables (김, 남궁). Hangul is
 * compared in jamo (foldText's NFD): a syllable starts at a leading consonant (U+1100..U+1112), so the
 * given name starts where a syllable does and ends where the full name ends. "李明" is no given name of
 * "李明华" (the family name comes first); "민서" is no given name of "김민석" (it does not end there).
 */
function givenAfterFamily(long: string, short: string): boolean {
  const cut = long.length - short.length;
  const c = long.charCodeAt(0);
  if (c >= 0x1100 && c < 0x1113) {
    // Hangul in jamo: count syllables by their leading consonants.
    const lead = (t: string, from: number, to: number) => {
      let n = 0;
      for (let i = from; i < to; i++) {
        const x = t.charCodeAt(i);
        if (x >= 0x1100 && x < 0x1113) n++;
        else if (x < 0x1100 || x >= 0x1200) return -1; // not all Hangul
      }
      return n;
    };
    const family = lead(long, 0, cut);
    const given = lead(short, 0, short.length);
    const sc = short.charCodeAt(0);
    return sc >= 0x1100 && sc < 0x1113 && family >= 1 && family <= 2 && given >= 2;
  }
  if (cut > 3 || short.length < 2) return false;
  for (let i = 0; i < cut; i++) if (!isHanChar(long.charCodeAt(i)) && long.charCodeAt(i) !== 0x3005) return false; // 々 repeats a character
  if (!isHanChar(long.charCodeAt(cut - 1))) return false;
  for (let i = 0; i < short.length; i++) {
    const x = short.charCodeAt(i);
    if (!isHanChar(x) && !(x >= 0x3040 && x < 0x3100)) return false; // a given name in Han or kana
  }
  return true;
}

function isHanChar(c: number): boolean {
  return (c >= 0x3400 && c < 0xa000) || (c >= 0xf900 && c < 0xfb00);
}

/**
 * One spelling slip of the kind that does not make another name: two neighbouring letters swapped
 * ("Micheal"/"Michael"). The last two only when both are consonants ("Jonh"/"John"): a vowel there is
 * where given names change ("Christian"/"Christina"). Tokens of at least 4 letters (shorter ones are too
 * close to other names to tell).
 */
function swappedLetters(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i + 2 > a.length || a.charCodeAt(i) !== b.charCodeAt(i + 1) || a.charCodeAt(i + 1) !== b.charCodeAt(i)) return false;
  if (i + 2 === a.length) return !VOWELS.includes(a[i]) && !VOWELS.includes(a[i + 1]);
  return a.slice(i + 2) === b.slice(i + 2);
}

const VOWELS = 'aeiouy';

/**
 * Whether one name is the other with some neighbouring words joined ("mc donald"/"mcdonald"), the other
 * words fitting as words do ("mohamed alfarsi"/"mohammed al farsi"), in order,
 * or with the family name moved from one end to the other as well: "Kim Min-su" and "Minsu Kim", "Wang,
 * Xiao-Ming" and "Xiaoming Wang" (a hyphenated given name, romanised from Korean or Chinese, folds to two
 * words, and the order of the names differs between a phone and a mail account).
 */
function joinedWords(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === b.length) return joinedBothWays(a, b);
  const few = a.length < b.length ? a : b;
  const many = few === a ? b : a;
  if (joinedInOrder(few, many)) return true;
  if (few.length < 2) return joinedBothWays(a, b);
  return joinedInOrder([...few.slice(1), few[0]], many) || joinedInOrder([few[few.length - 1], ...few.slice(0, -1)], many) || joinedBothWays(a, b);
}

/**
 * Whether two names are the same letters in order with words joined in each of them (`Abdulrahman
 * Al-Qahtani` and `Abdul Rahman Alqahtani`: a probe found two rows on one mobile, where either join alone
 * was one): every run of words of one is one word of the other. Not the same letters split elsewhere
 * (`Ann Alee` and `Anna Lee` are two words on each side: two names).
 */
function joinedBothWays(a: readonly string[], b: readonly string[]): boolean {
  let i = 0;
  let j = 0;
  let joins = 0;
  while (i < a.length && j < b.length) {
    let wa = a[i++]!;
    let wb = b[j++]!;
    let na = 1;
    let nb = 1;
    while (wa !== wb) {
      if (wa.length < wb.length && wb.startsWith(wa) && i < a.length) {
        wa += a[i++];
        na++;
      } else if (wb.length < wa.length && wa.startsWith(wb) && j < b.length) {
        wb += b[j++];
        nb++;
      } else return false;
    }
    if (na > 1 && nb > 1) return false;
    if (na > 1 || nb > 1) joins++;
  }
  return i === a.length && j === b.length && joins > 0;
}

function joinedInOrder(few: readonly string[], many: readonly string[]): boolean {
  let j = 0;
  for (const t of few) {
    const start = j;
    let w = '';
    while (j < many.length && w.length < t.length) w += many[j++];
    if (w === t) continue;
    // A word not joined fits as words do (tokensMatch): "Mohamed Alfarsi" and "Mohammed Al Farsi", one
    // name with a letter doubled and a particle written apart, were two rows on one mobile.
    if (start < many.length && tokensMatch(t, many[start])) j = start + 1;
    else return false;
  }
  return j === many.length;
}

/** Whether `long` is `short` with one letter written twice ("Jennifer"/"Jenifer", "Phillip"/"Philip"). */
function doubledLetter(long: string, short: string): boolean {
  let i = 0;
  while (i < short.length && long.charCodeAt(i) === short.charCodeAt(i)) i++;
  return i > 0 && long.charCodeAt(i) === long.charCodeAt(i - 1) && long.slice(i + 1) === short.slice(i);
}

/**
 * Whether `long` is `short` with umlauts written out: "mueller" ~ "muller" (the fold of "Müller"),
 * "schroeder" ~ "schroder", "soeren" ~ "soren" (ø folds to o). That is, `long` is `short` with an 'e'
 * inserted after some a, o or u; nothing else may differ.
 */
function umlautSpelling(long: string, short: string): boolean {
  let j = 0;
  for (let i = 0; i < long.length; i++) {
    const c = long.charCodeAt(i);
    if (j < short.length && c === short.charCodeAt(j)) j++;
    else if (c !== 101 /* e */ || i === 0 || 'aou'.indexOf(long[i - 1]) < 0) return false;
  }
  return j === short.length;
}

/** Whether two folded names are the same words in the same order. */
export function sameWords(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length || RELATION.get(a) !== RELATION.get(b)) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/**
 * Two names can belong to one person when every token of the shorter name matches a distinct token of
 * the longer one (order-free: "Smith, John" ~ "John Smith"; "J Smith" ~ "John Smith"; "John" ~ "John
 * Smith"). An empty name is compatible with everything.
 */
export function namesCompatible(a: readonly string[], b: readonly string[]): boolean {
  if (a.length === 0 || b.length === 0) return true;
  // Two relations before names are two people (`Oma Weber`, `Opa Weber`); a relation label alone fits
  // any name as before (`Mom` is `Oma Okafor`, whose given name is Oma), another label alone not.
  const relA = RELATION.get(a);
  if (relA !== undefined) {
    const relB = RELATION.get(b);
    if (relB !== undefined && relA !== relB) return false;
  }
  const ka = a[0][0] === '~';
  const kb = b[0][0] === '~';
  if (ka || kb) {
    if (ka && kb) return a[0] === b[0]; // a relation label fits any name, not another relation
    // A relation before a name is that relation: `Mom Smith` is no `Dad` (a probe: on the family
    // landline, Dad, starred and written to fifty times, vanished into her row).
    const label = ka ? a : b;
    const named = ka ? b : a;
    const rel = SURE_RELATION.has(named) && !SOMEONES.has(named) ? RELATION.get(named) : undefined;
    // Whatever the word before the name is, relation or given name, it is a man's or a woman's: `Mom` is
    // no `Papa Joe`, `Opa` no `Oma Hilde` (LEADING_KIN).
    if (rel === undefined && label.length === 1 && oppositeKin(label[0], kinSaid(named))) return false;
    return rel === undefined || label.length !== 1 || label[0] === rel;
  }
  // Someone's relation named by their name (`Ann Lee's mom`) is not that someone (`Ann Lee`), nor anyone
  // named without a relation: the words of one name inside the other say nothing there.
  if (SOMEONES.has(a) !== SOMEONES.has(b)) return false;
  if (a === b) return true; // the fold cache hands out one array per distinct name
  if (isNickMark(a[a.length - 1]) || isNickMark(b[b.length - 1])) {
    // The readings of one name against the other as written, never one bracketed word against the
    // other's: "Jun (David) Chen" and "Wei (David) Chen" both read "David Chen", and are two people.
    // Under `strict` (looselyCompatible), the names as written only.
    const ra = bareName(a);
    const rb = bareName(b);
    if (strict) return namesCompatible(ra, rb);
    for (const x of nameReadings(a)) if (namesCompatible(x, rb)) return true;
    for (const y of nameReadings(b)) if (namesCompatible(ra, y)) return true;
    return false;
  }
  const ta = isTitleMark(a[0]);
  const tb = isTitleMark(b[0]);
  if (ta || tb) return titledCompatible(a, b, ta, tb);
  if (strict && a.length !== b.length && (twoInitials(a) || twoInitials(b))) return false;
  const small = a.length <= b.length ? a : b;
  const large = small === a ? b : a;
  // Bit mask of used tokens of the longer name (names have far fewer than 31 tokens; beyond, no reuse check).
  let used = 0;
  let pending = 0;
  // Exact matches first so that a loose match cannot steal a token an exact one needs.
  for (let s = 0; s < small.length; s++) {
    let hit = -1;
    for (let j = 0; j < large.length; j++) {
      if ((used & (1 << j)) === 0 && large[j] === small[s]) {
        hit = j;
        break;
      }
    }
    MATCHED_AT[s] = hit;
    if (hit >= 0) used |= 1 << hit;
    else pending |= 1 << s;
  }
  let unmatched = 0;
  const piecesS = HYPHEN_PIECES.get(small) ?? 0;
  const piecesL = HYPHEN_PIECES.get(large) ?? 0;
  for (let s = 0; pending !== 0 && s < small.length; s++) {
    if ((pending & (1 << s)) === 0) continue;
    let hit = -1;
    const pieceS = ((piecesS >> s) & 1) === 1;
    for (let j = 0; j < large.length; j++) {
      if ((used & (1 << j)) !== 0) continue;
      pieceToWord = pieceS !== (((piecesL >> j) & 1) === 1);
      firstWords = s === 0 && j === 0;
      const match = tokensMatch(small[s], large[j]);
      pieceToWord = false;
      firstWords = false;
      if (match) {
        hit = j;
        break;
      }
    }
    MATCHED_AT[s] = hit;
    if (hit < 0) unmatched |= 1 << s;
    else used |= 1 << hit;
  }
  if (unmatched === 0) {
    if (small.length >= 3 && small.length === large.length && !inCyclicOrder(small.length) && !repeatsWord(large)) return false;
    return pending === 0 || small.length !== 1 || large.length < 2 || !joinedCjkApart(small[0], large);
  }
  // A token without a match: two people, unless the names are written in different scripts (and are
  // not, read through the romanisations, two different names: romanisedApart), or are one name with its
  // words joined or split ("Mc Donald"/"McDonald", "Mary Ann"/"Maryann"), or one name whose words are
  // in two scripts (crossScript).
  if (!comparableScripts(a, b)) return !romanisedApart(small, large);
  return joinedWords(a, b) || crossScript(small, large, unmatched, used);
}

/**
 * The word of the longer name each word of the shorter one matched (namesCompatible), by position: read
 * by inCyclicOrder right after. Names have far fewer than 32 words (beyond, namesCompatible's bit masks
 * give up too).
 */
const MATCHED_AT = new Int8Array(32);

/**
 * Whether the words of a name of three words or more matched the other name's, of as many words and none
 * twice (repeatsWord), in the same order, read
 * round from any word (MATCHED_AT): the family name moved from one end to the other is one name (`Smith,
 * John Paul` / `John Paul Smith`, `Сидоров Иван Петрович` / `Иван Петрович Сидоров`), two given names or
 * initials swapped are two people (`John Paul Smith` / `Paul John Smith`; `Сидоров И.П.` / `Сидоров
 * П.И.`, Ivan Petrovich and his son Pyotr Ivanovich, were one row on the family landline).
 */
function inCyclicOrder(n: number): boolean {
  let descents = 0;
  for (let s = 1; s < n; s++) if (MATCHED_AT[s] < MATCHED_AT[s - 1]) descents++;
  return descents === 0 || (descents === 1 && MATCHED_AT[n - 1] < MATCHED_AT[0]);
}

/** Whether a name has a word twice (`de la … de la …`): which of the two a word matched says nothing of order. */
function repeatsWord(words: readonly string[]): boolean {
  for (let i = 1; i < words.length; i++) for (let j = 0; j < i; j++) if (words[i] === words[j]) return true;
  return false;
}

/**
 * Whether a full name written as one word in Han, kana or Hangul (`山田花子`, `王芳`, `김민지`), which matched a
 * word of a name written with a space (`山田 太郎`, `王 伟`, `김 민수`) through a rule for one word (the
 * family name before a given name, an initial, a short form), is another name than the spaced one
 * written without its space (`山田太郎`), read in order or with the family name moved to the other end.
 * The family name alone agreed and the given names were left unread: a brother and his sister on the
 * family landline were one row, and she, pinned and written to thirty times, vanished into his.
 */
function joinedCjkApart(one: string, words: readonly string[]): boolean {
  if (!cjkWord(one)) return false;
  for (const w of words) if (!cjkWord(w)) return false;
  const joined = words.join('');
  if (tokensMatch(one, joined)) return false;
  const last = words[words.length - 1];
  return !tokensMatch(one, last + words.slice(0, -1).join('')) && !tokensMatch(one, words.slice(1).join('') + words[0]);
}

/** Whether a folded word is written in Han, kana or Hangul (jamo after the fold) alone. */
function cjkWord(w: string): boolean {
  for (let i = 0; i < w.length; i++) {
    const c = w.charCodeAt(i);
    if (!(isHanChar(c) || c === 0x3005 || (c >= 0x3040 && c < 0x3100) || (c >= 0x31f0 && c < 0x3200) || (c >= 0x1100 && c < 0x1200))) return false;
  }
  return true;
}

/**
 * Whether the words of `small` left unmatched (bits of `unmatched`) are each a transliteration of a word
 * of `large` not used yet (bits of `used`): a word in Latin beside one in Cyrillic or Greek that
 * transliterates it. A name typed half in one script ("Ivan Петров", a
 * keyboard switched mid-name) is "Иван Петров" and "Ivan Petrov" on one mobile: the words of one script
 * still compare (Петров and Петрова are two), and at least one word must have matched as written, so
 * "Ivan Петров" and "Мария Ivanova" stay two, and so do "Ivan Smith" and "Ирина Smith" (transliterates).
 */
function crossScript(small: readonly string[], large: readonly string[], unmatched: number, used: number): boolean {
  if (used === 0) return false;
  for (let s = 0; s < small.length; s++) {
    if ((unmatched & (1 << s)) === 0) continue;
    let hit = -1;
    for (let j = 0; j < large.length && hit < 0; j++) if ((used & (1 << j)) === 0 && transliterates(small[s], large[j])) hit = j;
    if (hit < 0) return false;
    used |= 1 << hit;
  }
  return true;
}

/**
 * Cyrillic and Greek letters (folded: no accents, й as и, ё as е) in Latin, as the common romanisations
 * write them (BGN/PCGN, ELOT, passports); skeleton() then drops what those romanisations disagree on.
 */
const TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/**
 * A word's consonants as transliterations agree on them: x is ks, w is v, c and q are k, ph is f, h
 * (kh, zh, sh, ch, th) and the vowels dropped; a final a kept (Петрова is not Петров, Ivana not Ivan).
 * "Дмитрий" and "Dmitry" are both dmtr, "Александр" and "Alexander" lksndr, "Γιώργος" and "Giorgos" grgs.
 */
function skeleton(latin: string): string {
  // A few thousand distinct words in a big book, compared many times each (second-rows.ts, the merge's
  // name checks): remembered, up to a bound.
  let v = SKELETONS.get(latin);
  if (v === undefined) {
    if (SKELETONS.size >= MAX_SKELETONS) SKELETONS.clear();
    SKELETONS.set(latin, (v = skeletonOf(latin)));
  }
  return v;
}
const SKELETONS = new Map<string, string>();
const MAX_SKELETONS = 20_000;

function skeletonOf(latin: string): string {
  const s = latin
    .replace(/ph/g, 'f')
    .replace(/x/g, 'ks')
    .replace(/w/g, 'v')
    .replace(/[cq]/g, 'k')
    .replace(/[aeiouyhj]+/g, '');
  return latin.endsWith('a') ? s + 'a' : s;
}

/**
 * Whether a folded name is the owner's full name written another way (merge.ts, Contact.ownName): the same
 * words in any order, each as written, with a German umlaut spelt out (`Juergen Mueller` for `Jürgen
 * Müller`), or transliterated between Latin and Cyrillic or Greek to the same skeleton (`Иван Петров`
 * for `Ivan Petrov`; not `Петрова`, his wife, one letter more). No initial added (`Maria L. Garcia`, written
 * to forty times, is the owner Maria Garcia's mother: a review), no nickname and no short form (`Bob Smith`
 * may be the owner Robert's father).
 */
export function ownNameWritten(owner: readonly string[], card: readonly string[]): boolean {
  if (owner.length < 2 || card.length !== owner.length) return false;
  // The card's words taken so far as bits (runs for every named contact of every merge: no array); a
  // name of more words than a bit set holds is read with the array.
  if (card.length > 30) return ownNameWrittenLong(owner, card);
  let used = 0;
  for (let i = 0; i < owner.length; i++) {
    const w = owner[i]!;
    let hit = -1;
    for (let j = 0; j < card.length && hit < 0; j++) if ((used & (1 << j)) === 0 && sameWordWritten(w, card[j]!)) hit = j;
    if (hit < 0) return false;
    used |= 1 << hit;
  }
  return true;
}

/** ownNameWritten for a name of more than 30 words. */
function ownNameWrittenLong(owner: readonly string[], card: readonly string[]): boolean {
  const used: boolean[] = card.map(() => false);
  for (const w of owner) {
    let hit = -1;
    for (let j = 0; j < card.length && hit < 0; j++) if (!used[j] && sameWordWritten(w, card[j]!)) hit = j;
    if (hit < 0) return false;
    used[hit] = true;
  }
  return true;
}

/** One folded word written another way: as it is, its umlauts spelt out (`mueller`/`muller`), or transliterated to the same skeleton. */
function sameWordWritten(a: string, b: string): boolean {
  if (a === b) return true;
  // Spelling umlauts out never changes a word's first letter (the `e` it drops follows a letter): words
  // of different first letters are two words, without the two replaces.
  if (scriptBit(a) === 1 && scriptBit(b) === 1)
    return a.length !== b.length && a.charCodeAt(0) === b.charCodeAt(0) && a.replace(UMLAUT_SPELT, '$1$2') === b.replace(UMLAUT_SPELT, '$1$2');
  return transliteratesExactly(a, b);
}
/** An umlaut spelt out (`ue`, `oe`, `ae`), not the `ae` of `-ael` (`Michael` is not the Polish `Michal`, nor `Rafael` `Rafał`). */
const UMLAUT_SPELT = /([ou])e|(a)e(?!l)/g;

/**
 * Whether two folded words, one in Latin and one in Cyrillic or Greek, can be one word transliterated:
 * the same skeleton, or one letter apart when it has four or more ("Yorgos"/"Γιώργος", "Tchaikovsky").
 */
function transliterates(a: string, b: string): boolean {
  const [x, y] = transliteration(a, b);
  if (x === y) return x !== '';
  return Math.max(x.length, y.length) >= 4 && oneEditApart(x, y);
}

/** transliterates without its one-letter slack: the same skeleton (`Petrov` is not `Петрова`). */
function transliteratesExactly(a: string, b: string): boolean {
  const [x, y] = transliteration(a, b);
  return x === y && x !== '';
}

/** What transliteration gives two words that are no Latin word and a Cyrillic or Greek one: skeletons that never agree. */
const NO_SKELETONS: readonly [string, string] = ['', '\u0000'];

/** The skeletons of a Latin word and a Cyrillic or Greek one (the latter romanised), or NO_SKELETONS. */
function transliteration(a: string, b: string): readonly [string, string] {
  const la = scriptBit(a) === 1;
  const lb = scriptBit(b) === 1;
  if (la === lb) return NO_SKELETONS;
  const latin = la ? a : b;
  const other = la ? b : a;
  if (latin.length < 2 || other.length < 2) return NO_SKELETONS; // an initial is no word to transliterate
  let romanised = '';
  for (const c of other) {
    const t = TO_LATIN[c];
    if (t === undefined) return NO_SKELETONS; // not Cyrillic or Greek
    romanised += t;
  }
  return [skeleton(latin), skeleton(romanised)];
}

/**
 * How Cyrillic and Greek letters (folded: no accents, й as и, ё as е) are written in Latin by the
 * romanisations people meet: BGN/PCGN and passports (Dmitriy, Yulia), ISO 9 and scholarly (č, š, ž, ŝ
 * folded to c, s, z, s), Ukrainian (г as h: Serhiy, Olha; и as y: Mykola), German (w, sch, tsch,
 * schtsch: Wladimir, Schtschukin), French (ch, tch, chtch, ou, gu: Chtchoukine, Serguei), Polish (w,
 * sz, cz, szcz, ie: Siergiej), and for Greek ELOT and the older spellings (Yorgos, Yannis, μπ as b, ντ
 * as d, γγ as ng). Generous on purpose: a spelling this misses makes a name look like another one, and
 * that vetoes (romanisedApart).
 */
const ROMANISED: Record<string, readonly string[]> = {
  а: ['a'],
  б: ['b'],
  в: ['v', 'w', 'f', 'ff', 'u'],
  г: ['g', 'h', 'gh', 'gu'],
  д: ['d'],
  е: ['e', 'ye', 'je', 'ie', 'yo', 'io', 'jo', 'o'],
  ж: ['zh', 'j', 'z', 'g', 'sh', 'sch', 'zs', 'dj'],
  з: ['z', 's'],
  и: ['i', 'y', 'j', 'ee', ''],
  к: ['k', 'c', 'ck', 'q'],
  л: ['l', 'll'],
  м: ['m', 'mm'],
  н: ['n', 'nn'],
  о: ['o'],
  п: ['p'],
  р: ['r', 'rr'],
  с: ['s', 'ss', 'c', 'z'],
  т: ['t', 'tt', 'th'],
  у: ['u', 'ou', 'oo', 'w'],
  ф: ['f', 'ph', 'ff', 'v'],
  х: ['kh', 'h', 'ch', 'x', 'j', 'g'],
  ц: ['ts', 'tz', 'c', 'z', 'tc', 'cz', 'tsch'],
  ч: ['ch', 'tch', 'tsch', 'cz', 'c', 'tsj', 'cs', 'ci'],
  ш: ['sh', 'sch', 'ch', 'sz', 's'],
  щ: ['shch', 'sch', 'schtsch', 'chtch', 'shtch', 'szcz', 'sht', 'sc', 's', 'shh'],
  ъ: ['', 'ie', 'y', 'a'], // a: Bulgarian
  ы: ['y', 'i', 'ui'],
  ь: ['', 'i', 'y', 'j'],
  э: ['e'],
  ю: ['yu', 'iu', 'ju', 'u', 'ou', 'iou', 'jou', 'you'],
  я: ['ya', 'ia', 'ja', 'a', 'ea'],
  і: ['i', 'y'],
  ї: ['yi', 'i', 'ji'],
  є: ['ye', 'ie', 'je', 'e'],
  ґ: ['g'],
  α: ['a'],
  β: ['v', 'b'],
  γ: ['g', 'y', 'gh', 'j', 'n'],
  δ: ['d', 'dh', 'th'],
  ε: ['e'],
  ζ: ['z'],
  η: ['i', 'e', 'ee'],
  θ: ['th', 't'],
  ι: ['i', 'y', 'j', ''],
  κ: ['k', 'c', 'ck', 'g'],
  λ: ['l', 'll'],
  μ: ['m', 'b'],
  ν: ['n', ''],
  ξ: ['ks'],
  ο: ['o'],
  π: ['p', 'b', ''],
  ρ: ['r', 'rr'],
  σ: ['s', 'ss'],
  ς: ['s'],
  τ: ['t', 'd'],
  υ: ['y', 'i', 'u', 'v', 'f'],
  φ: ['f', 'ph'],
  χ: ['ch', 'h', 'kh', 'x'],
  ψ: ['ps'],
  ω: ['o'],
};

/** Letters whose spelling romanisations disagree on most (vowels, h, the soft and hard signs): half a slip. */
const SOFT_LATIN = 'aeiouyh';
const SOFT_OTHER = 'аеиоуыэюяьъіїєαεηιουω';

/**
 * Names in another language than a romanisation of them: what a mail account or a card abroad often
 * says (Евгений: Eugene; Иван: John). Folded Cyrillic and Greek, then the Latin names they fit.
 */
const EQUIVALENTS = new Map<string, readonly string[]>(
  Object.entries({
    евгении: ['eugene', 'gene'],
    евгения: ['eugenia', 'jane', 'jenny'],
    иван: ['john', 'jean', 'johann', 'juan'],
    ιωαννης: ['john', 'jean'],
    γιαννης: ['john'],
    георгии: ['george', 'georges'],
    юрии: ['george'],
    γιωργος: ['george'],
    γεωργιος: ['george'],
    федор: ['theodore', 'theodor', 'ted'],
    θεοδωρος: ['theodore'],
    петр: ['peter', 'pierre', 'pietro'],
    павел: ['paul', 'pablo', 'paolo'],
    елена: ['helen'],
    ελενη: ['helen'],
    мария: ['mary', 'marie'],
    яков: ['jacob', 'jakob', 'james'],
    иосиф: ['joseph'],
    осип: ['joseph'],
    степан: ['stephen', 'steven'],
    лев: ['leo', 'leon'],
    николаи: ['nicholas'],
    алексеи: ['alexis', 'alex'],
    андреи: ['andrew'],
    василии: ['basil'],
    матвеи: ['matthew'],
    анна: ['anne', 'ann', 'hannah'],
    елизавета: ['elizabeth'],
    софья: ['sophie'],
    наталья: ['natalie'],
    екатерина: ['catherine', 'katherine', 'kate'],
    ксения: ['xenia'],
  }),
);

/**
 * Kinship words in Cyrillic and Greek (folded): a name with one is a relation label, not a name to
 * romanise ("Мама" and "Olga Petrova" on one mobile are one person).
 */
const OTHER_SCRIPT_KIN = new Set(
  'мама мамочка мать папа папочка отец батя бабушка баба бабуля дедушка деда дед жена муж сестра сестренка брат братик сын дочь дочка тетя дядя мамо тато бабуся μαμα μπαμπας γιαγια παππους'.split(
    ' ',
  ),
);

/**
 * Whether two names in different scripts, one all Latin and one all Cyrillic or all Greek, are clearly
 * two different names: a word of one (of the shorter, or of either when they have as many) that is no
 * romanisation of any word of the other (`Мария` beside `Ivan Petrov`, `Мария Петрова` beside `Ivan
 * Petrov`). Such names veto as two names of one script do. When unsure, no veto: a word of fewer than
 * three letters, a word that is close to one of the other name (romanisedFits), a kinship word, a script
 * romanised here does not cover (Serbian ђ, Belarusian ў ...), a name with words of two scripts.
 */
function romanisedApart(small: readonly string[], large: readonly string[]): boolean {
  const ss = wholeScript(small);
  const ls = wholeScript(large);
  if (ss === 0 || ls === 0 || ss === ls || (ss !== 1 && ls !== 1)) return false; // one Latin, one Cyrillic or Greek
  const other = ss === 1 ? large : small;
  for (const t of other) if (OTHER_SCRIPT_KIN.has(t)) return false;
  if (wordApart(small, large)) return true;
  return small.length === large.length && wordApart(large, small);
}

/** The script of a whole name for romanisedApart: Latin (1), Greek or Cyrillic (scriptBit), or 0 for any other or a mix. */
function wholeScript(name: readonly string[]): number {
  const b = scriptBit(name[0]);
  if (b !== 1 && b !== 1 << 1 && b !== 1 << 2) return 0;
  for (const t of name) if (scriptBit(t) !== b) return 0;
  return b;
}

/** Whether the folded word at `i` of a name says a generation (GENERATION_WORDS, GENERATION_LAST_WORDS). */
export function generationAt(name: readonly string[], i: number): boolean {
  const w = name[i]!;
  return GENERATION_WORDS.has(w) || (i >= 2 && i === name.length - 1 && GENERATION_LAST_WORDS.has(w));
}

/** The generation a folded name says, one word for each (`jr` for `Junior`), or null. */
function generationOf(name: readonly string[]): string | null {
  for (let i = 0; i < name.length; i++) {
    if (!generationAt(name, i)) continue;
    return GENERATION_OF.get(name[i]!) ?? name[i]!;
  }
  return null;
}

/** Generation words that say one generation (a son named after his father: `Jr`, `II`, `Filho`, `hijo`, `fils`). */
const GENERATION_OF = new Map<string, string>([
  ['junior', 'jr'],
  ['ii', 'jr'],
  ['filho', 'jr'],
  ['filha', 'jr'],
  ['hijo', 'jr'],
  ['hija', 'jr'],
  ['fils', 'jr'],
  ['senior', 'sr'],
  ['neta', 'neto'],
  ['nieto', 'neto'],
  ['sobrinha', 'sobrinho'],
]);

/**
 * Whether two names say two generations (`Mark Ellis Sr.` and `Mark Ellis Jr.`, `John Smith II` and `John
 * Smith III`): a father and his son, two people even on one family mailbox where nothing else tells them
 * apart (a probe: the two, each with the mailbox alone, were one row under the son's name).
 */
export function generationsPair(a: readonly string[] | null, b: readonly string[] | null): boolean {
  if (a === null || b === null) return false;
  const x = generationOf(a);
  const y = generationOf(b);
  return x !== null && y !== null && x !== y;
}

/** Whether a folded name says a generation (`John Smith Jr`, `João Pereira Filho`). */
export function hasGeneration(name: readonly string[]): boolean {
  for (let i = 0; i < name.length; i++) if (generationAt(name, i)) return true;
  return false;
}

/** Whether a word of `few` of three letters or more fits no word of `many` (romanisedFits). */
function wordApart(few: readonly string[], many: readonly string[]): boolean {
  for (let i = 0; i < few.length; i++) {
    const w = few[i]!;
    if (w.length < 3 || generationAt(few, i)) continue;
    let fits = false;
    for (let j = 0; j < many.length && !fits; j++) fits = romanisedFits(w, many[j]);
    if (!fits) return true;
  }
  return false;
}

/**
 * Whether a Latin word and a Cyrillic or Greek one may be one name: either through the short forms of
 * NICKNAME_GROUPS (Саша / Alexander, Sasha / Александр), the names of EQUIVALENTS, or romanisedCost.
 * A word with a letter romanisation does not cover, or a Latin word with other characters than a-z, fits.
 */
function romanisedFits(a: string, b: string): boolean {
  const latin = scriptBit(a) === 1 ? a : b;
  const other = latin === a ? b : a;
  if (!/^[a-z]+$/.test(latin) || latin.length < 2 || other.length < 2) return true; // an initial, a number: no comparison
  for (const c of other) if (ROMANISED[c] === undefined) return true;
  const others = [other, ...nicknamesOf(other)];
  const latins = [latin, ...nicknamesOf(latin)];
  for (const o of others) {
    const eq = EQUIVALENTS.get(o);
    for (const l of latins) {
      if (eq?.includes(l)) return true;
      if (scriptBit(o) === 1 || scriptBit(l) !== 1) continue; // a group member in the same script
      if (romanisedClose(l.replace(/x/g, 'ks'), o)) return true;
    }
  }
  return false;
}

/** The other names of a word's NICKNAME_GROUPS ("саша" -> "александр", "шура", "александра"). */
function nicknamesOf(w: string): string[] {
  const groups = NICKNAME.get(w);
  if (groups === undefined) return [];
  const out: string[] = [];
  for (const g of groups) for (const n of NICKNAME_GROUPS[g].split(' ')) if (n !== w && !out.includes(n)) out.push(n);
  return out;
}

/**
 * Whether Latin `latin` is close to some romanisation of `other` (ROMANISED, letter by letter): an edit
 * distance in which a slip of a vowel or h costs half (Павел / Paul 0.5, Ирина / Iryna 0), under 2 for a
 * word of up to six letters and a third of its letters beyond (Мария / Ivan 4, Иван / Igor 2.5, Анна /
 * Anton 2); or a Latin short form of three letters or more found whole inside it (Kate in Екатерина,
 * Nick in Νίκος).
 */
function romanisedClose(latin: string, other: string): boolean {
  const { full, sub, n, m, w } = romanisedDistances(latin, other);
  if (full[n * w + m] < Math.max(2, m / 3, n / 3)) return true;
  if (m < 3) return false;
  for (let i = 0; i <= n; i++) if (sub[i * w + m] === 0) return true;
  return false;
}

/** Whether Latin `latin` is, letter by letter, one of the romanisations of `other` (ROMANISED): no slip at all. */
function romanisedExactly(latin: string, other: string): boolean {
  const { full, n, m, w } = romanisedDistances(latin.replace(/x/g, 'ks'), other);
  return full[n * w + m] === 0;
}

/** The edit distances of romanisedClose: `full` for the whole words, `sub` for a short form found inside `other`. */
function romanisedDistances(latin: string, other: string) {
  const n = other.length;
  const m = latin.length;
  const w = m + 1;
  // d[i * w + j]: cost of writing other's first i letters as latin's first j; row 0 and column 0 free
  // for the short form found inside (sub), measured separately from the whole word (full).
  const full = new Float64Array((n + 1) * w).fill(Infinity);
  const sub = new Float64Array((n + 1) * w).fill(Infinity);
  for (let i = 0; i <= n; i++) sub[i * w] = 0;
  full[0] = 0;
  for (const d of [full, sub]) {
    for (let i = 0; i <= n; i++) {
      const alts = i < n ? ROMANISED[other[i]] : undefined;
      const softOther = i < n && SOFT_OTHER.includes(other[i]);
      for (let j = 0; j <= m; j++) {
        const c = d[i * w + j];
        if (c === Infinity) continue;
        const softLatin = j < m && SOFT_LATIN.includes(latin[j]);
        if (j < m) d[i * w + j + 1] = Math.min(d[i * w + j + 1], c + (softLatin ? 0.5 : 1));
        if (alts === undefined) continue;
        const next = (i + 1) * w;
        d[next + j] = Math.min(d[next + j], c + (softOther ? 0.5 : 1));
        if (j < m) d[next + j + 1] = Math.min(d[next + j + 1], c + (softOther && softLatin && latin[j] !== 'h' ? 0.5 : 1));
        for (const alt of alts) if (latin.startsWith(alt, j)) d[next + j + alt.length] = Math.min(d[next + j + alt.length], c);
      }
    }
  }
  return { full, sub, n, m, w };
}

/** Whether two strings are one substitution, insertion or deletion apart. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * namesCompatible where a title marker leads one name or both (TITLE_GENDER): titles of two genders
 * never fit ("Mr Smith" / "Mrs Smith"), and a title with one word ("Mrs Smith") names someone by the
 * family name and the title alone: it fits the bare "Smith" and names with the same title, not a name
 * with more words and no title ("John Smith", or "Mary Smith": the title tells nothing of the given
 * name). Two people of a family kept apart at the price of showing "Mrs Smith" beside "Mary Smith"
 * when they are one: a duplicate can be seen and fixed, a person merged away cannot.
 */
function titledCompatible(a: readonly string[], b: readonly string[], ta: boolean, tb: boolean): boolean {
  if (ta && tb && a[0]!.toLowerCase() !== b[0]!.toLowerCase()) return false;
  const ra = ta ? a.slice(1) : a;
  const rb = tb ? b.slice(1) : b;
  // "王先生" (Mr Wang) and "王小明": a name of one token that is more than the titled word is a name too.
  // Not after a given name's title (`Alhaji Musa`: GIVEN_NAME_TITLES, marked in capitals), whose word is the given name.
  const familyA = ta && a[0] !== a[0]!.toUpperCase();
  const familyB = tb && b[0] !== b[0]!.toUpperCase();
  if (ta !== tb && (ta ? familyA && ra.length === 1 && (rb.length > 1 || rb[0] !== ra[0]) : familyB && rb.length === 1 && (ra.length > 1 || ra[0] !== rb[0])))
    return false;
  // The given name's word fits a longer name as its first word only: `Alhaji Musa` is `Musa Ibrahim`, not
  // `Aisha Musa`, his daughter by a Hausa name, on the family landline.
  if (ta !== tb) {
    const one = ta ? ra : rb;
    const other = ta ? rb : ra;
    if (one.length === 1 && other.length > 1) return namesCompatible(one, other.slice(0, 1));
  }
  return namesCompatible(ra, rb);
}

/**
 * The writing system of a folded token, as a bit: Latin (and digits), Greek, Cyrillic, Armenian, Hebrew,
 * Arabic, the Indic scripts, Thai, Georgian, Hangul, Han with kana, symbols (symbolTokens), other.
 */
function scriptBit(token: string): number {
  const c = token.charCodeAt(0);
  if (c < 0x250) return c === 1 ? 1 << 11 : 1;
  if ((c >= 0x370 && c < 0x400) || (c >= 0x1f00 && c < 0x2000)) return 1 << 1;
  if (c >= 0x400 && c < 0x530) return 1 << 2;
  if (c >= 0x530 && c < 0x590) return 1 << 3;
  if (c >= 0x590 && c < 0x600) return 1 << 4;
  if ((c >= 0x600 && c < 0x800) || (c >= 0xfb50 && c < 0xfe00) || (c >= 0xfe70 && c < 0xff00)) return 1 << 5;
  if (c >= 0x900 && c < 0xe00) return 1 << 6;
  if (c >= 0xe00 && c < 0xe80) return 1 << 7;
  if (c >= 0x10a0 && c < 0x1100) return 1 << 8;
  if ((c >= 0x1100 && c < 0x1200) || (c >= 0x3130 && c < 0x3190) || (c >= 0xac00 && c < 0xd7b0)) return 1 << 9;
  if ((c >= 0x3040 && c < 0x3100) || (c >= 0x31f0 && c < 0x3200)) return KANA;
  if ((c >= 0x3400 && c < 0xa000) || (c >= 0xf900 && c < 0xfb00)) return HAN;
  return 1 << 12;
}

/**
 * The scripts of a whole token, for comparableScripts: as scriptBit, except that a token in Han and kana
 * both ("山田さくら", "佐藤まり") has both bits, so it is compared with names in either.
 */
function tokenScripts(token: string): number {
  const b = scriptBit(token);
  if ((b & HAN_KANA) === 0) return b;
  let m = 0;
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if ((c >= 0x3040 && c < 0x3100) || (c >= 0x31f0 && c < 0x3200)) m |= KANA;
    else if (isHanChar(c)) m |= HAN;
  }
  return m || b;
}

/**
 * Whether two names can be told apart by their letters: they share a script, or one of them is made of
 * symbols. "Иван Петров" and "Ivan Petrov", "山田 太郎" and "Taro Yamada" on one address are one person
 * written twice (a phone in one script, a mail account in the other); no letter of one can contradict
 * the other, and transliteration has too many spellings (Дмитрий: Dmitry, Dmitri, Dmitriy) to compare
 * them letter by letter. Names only veto a merge: without a comparison there is no veto (but see
 * romanisedApart, for Latin beside Cyrillic or Greek, and scriptsUncompared).
 */
/**
 * Han and kana (scriptBit), each a script of its own for comparableScripts: a name in kana spells how
 * a name sounds ("やまだ たろう", "ヤマダ タロウ"), one in Han what it means ("山田 太郎"), and no letter of the
 * one can contradict the other without a dictionary of readings, as with Latin and Cyrillic. A name in
 * both ("山田 さくら") is compared with names in either, and so is one word alone in kana.
 */
const HAN = 1 << 10;
const KANA = 1 << 13;
/** Han with kana: scripts that write a family name and a given name as one word. */
const HAN_KANA = HAN | KANA;

/**
 * Whether two names (folded) are written in scripts that neither compare letter by letter nor romanise
 * into each other word for word: Han, kana (a name of two words or more beside one in Han), Hangul,
 * Arabic, Hebrew, Thai ... beside another script, and Latin beside Cyrillic or Greek unless each Latin
 * word is a romanisation of a word of the other letter by letter (`Ivan Petrov` / `Иван Петров`; not
 * `Olga Petrova` / `Олег Петров`, which romanisedApart's generous fit lets through). Their letters
 * cannot tell one person from two: links.ts reads them as names that agree only loosely, as a generation
 * suffix beside the bare name, and keeps two cards apart that each hold a number of their own beside
 * the shared one (the father and the daughter on the family landline: `山田 太郎`, `やまだ はなこ`).
 */
export function scriptsUncompared(a: readonly string[], b: readonly string[]): boolean {
  const ra = a.filter((t) => !isTitleMark(t) && !isNickMark(t));
  const rb = b.filter((t) => !isTitleMark(t) && !isNickMark(t));
  if (ra.length === 0 || rb.length === 0 || ra[0][0] === '~' || rb[0][0] === '~' || comparableScripts(ra, rb)) return false;
  const sa = wholeScript(ra);
  const sb = wholeScript(rb);
  // Latin beside Cyrillic or Greek: romanisedApart vetoes names that clearly differ, but its fit is
  // generous (a slip of a letter or two, short forms: `Олег` fits `Olga`, `Александр` fits `Alexandra`),
  // so only names that are each other's romanisation letter by letter, word for word, agree firmly.
  if (sa !== 0 && sb !== 0 && sa !== sb && (sa === 1 || sb === 1)) return !romanisedWordForWord(sa === 1 ? ra : rb, sa === 1 ? rb : ra);
  return true;
}

/** As many words, and each Latin word (two letters or more) one of the romanisations of a word of the other (romanisedExactly). */
function romanisedWordForWord(latin: readonly string[], other: readonly string[]): boolean {
  if (latin.length !== other.length) return false;
  for (const l of latin) {
    if (l.length < 2 || !/^[a-z]+$/.test(l)) return false;
    let found = false;
    for (let j = 0; j < other.length && !found; j++) found = romanisedExactly(l, other[j]);
    if (!found) return false;
  }
  return true;
}

function comparableScripts(a: readonly string[], b: readonly string[]): boolean {
  let ma = 0;
  let mb = 0;
  for (const t of a) ma |= tokenScripts(t);
  for (const t of b) mb |= tokenScripts(t);
  // One word in kana alone is mostly a given name (a child's, written in hiragana; a nickname), not the
  // reading of a full name: compared with names in Han as before, so "はなこ" beside "山田 太郎" on the
  // family landline stays his daughter.
  if (ma === KANA && a.length === 1) ma = HAN_KANA;
  if (mb === KANA && b.length === 1) mb = HAN_KANA;
  const symbols = 1 << 11;
  return (ma & mb) !== 0 || ((ma | mb) & symbols) !== 0;
}

/**
 * Whether an address's local part (a key's: lower-case, a tag and a provider's dots already dropped, or
 * not) spells the folded name: read left to right, it is the name's words, each whole or as its initial,
 * each at most once, two of them or more and one whole word of three letters or more (`daniel.scott`,
 * `danielscott`, `thomas.y`, `d.scott`, `scott.daniel84`, `helenelefevre` for Hélène Lefèvre). Separators
 * and trailing digits are ignored. `lee.family` and `thelees` spell no one's name. 3: spelt with whole
 * words only, the name's first and last among them; 2: with whole words only, not both of those
 * (`garcia.lopez` for Ana García López); 1: with an initial; 0: not spelt.
 */
export function localSpellsName(local: string, folded: readonly string[]): 0 | 1 | 2 | 3 {
  const plus = local.indexOf('+');
  const letters = (plus > 0 ? local.slice(0, plus) : local)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[._-]+/g, '')
    .replace(/\d+$/, '');
  if (letters.length < 3 || !/^[a-z]+$/.test(letters)) return 0;
  const words = folded.filter((w) => /^[a-z]+$/.test(w));
  if (words.length < 2) return 0;
  const used = new Array<boolean>(words.length).fill(false);
  const last = words.length - 1;
  // The best spelling from `at` on (3, 2, 1 as above; 0 none).
  const walk = (at: number, parts: number, whole: boolean, initial: boolean): 0 | 1 | 2 | 3 => {
    if (at === letters.length) return parts < 2 || !whole ? 0 : initial ? 1 : used[0] && used[last] ? 3 : 2;
    let best: 0 | 1 | 2 | 3 = 0;
    for (let w = 0; w < words.length && best < 3; w++) {
      if (used[w]) continue;
      const word = words[w]!;
      used[w] = true;
      if (word.length >= 2 && letters.startsWith(word, at))
        best = Math.max(best, walk(at + word.length, parts + 1, whole || word.length >= 3, initial)) as 0 | 1 | 2 | 3;
      if (best < 1 && letters.charCodeAt(at) === word.charCodeAt(0)) best = Math.max(best, walk(at + 1, parts + 1, whole, true)) as 0 | 1 | 2 | 3;
      used[w] = false;
    }
    return best;
  };
  return walk(0, 0, false, false);
}

/**
 * An organisation's or a desk's name, not a person's: a legal form anywhere (`Acme Inc`, `Müller GmbH`),
 * or a desk's word first (`Sales Team`, `Büro Berlin`, `Uni Wien`) or last (`Google Workspace`, `Acme
 * Support`). Not `Sales` last, nor words that are names too (`Sá`, `Co`, `Hr`): `Maria Sales`, `Rui Sá`,
 * `Kim Co` are people (a review).
 */
export function organisationName(found: readonly string[]): boolean {
  if (found.some((t) => LEGAL_FORMS.has(t))) return true;
  return DESK_WORDS.has(found[0]!) || (found.length > 1 && DESK_WORDS.has(found[found.length - 1]!) && found[found.length - 1] !== 'sales');
}

/** Legal forms of companies (folded): never a word of a person's name. */
const LEGAL_FORMS: ReadonlySet<string> = new Set('inc ltd llc llp gmbh corp corporation plc pty srl sarl bv kk ohg ggmbh'.split(' '));

/** Words of a desk's or an institution's name (folded), first or last in it (organisationName). */
const DESK_WORDS: ReadonlySet<string> = new Set(
  'sales team support desk office buro buero uni university universitat workspace group dept department helpdesk services billing accounts'.split(' '),
);

/** Whether two folded names are the same words, in any order ("Owner, Pat" and "Pat Owner"). */
export function sameWordsAnyOrder(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  // The same words as often each (of equal lengths, that is the same words in all): no copy of `b` to
  // strike words from, as this runs on every card kept (merge.ts ownFullName).
  for (let i = 0; i < a.length; i++) {
    const t = a[i];
    let inA = 0;
    let inB = 0;
    for (let j = 0; j < a.length; j++) {
      if (a[j] === t) inA++;
      if (b[j] === t) inB++;
    }
    if (inA !== inB) return false;
  }
  return true;
}

/**
 * Kinship and partner labels in other scripts: `Мама`, `妈妈`, `お母さん`, `엄마`, `أمي`, `אמא` say who
 * someone is to the owner as `Mom` does (a probe: `Мама` on the owner's family address, with her own
 * mobile, starred and written to, was left out as the owner's own card). Only words that are no name, and
 * no single Han character but the Japanese `母` and `父` that phones save alone. Each word is keyed as
 * foldTokens folds it (Hangul, kana and their honorifics fold in ways NFD alone does not), so this runs
 * once the module's constants are set; a note of one is no mere note (NOTE_KEEP), as a Latin one is not.
 */
for (const [label, words] of Object.entries({
  mother: 'мама мамочка мамуля мать мамо μαμα μητερα 妈妈 媽媽 母亲 母親 お母 おかあ 母 まま 엄마 어머니 어머님 ماما امي אמא मम्मी माँ मां',
  father: 'папа папочка папуля отец батя тато μπαμπας πατερας 爸爸 父亲 父親 お父 おとう 父 ぱぱ 아빠 아버지 아버님 بابا ابي אבא पापा',
  grandmother: 'бабушка бабуля бабуся баба γιαγια 奶奶 外婆 姥姥 おばあ 祖母 할머니 جدتي تيتا סבתא दादी नानी',
  grandfather: 'дедушка дед деда дідусь παππους 爷爷 爺爺 外公 姥爷 おじい 祖父 할아버지 جدي סבא दादा',
  partner: 'жена муж 老婆 老公 여보 남편 아내 زوجي زوجتي אשתי בעלי',
  sister: 'сестра сестренка 姐姐 妹妹 언니 누나 여동생 اختي אחותי',
  brother: 'брат братик 哥哥 弟弟 오빠 남동생 اخي אחי',
  aunt: 'тетя 阿姨 姑姑 이모 고모 خالتي عمتي',
  uncle: 'дядя 叔叔 舅舅 삼촌 خالي عمي',
})) {
  for (const w of words.split(' ')) {
    const t = foldTokens(w);
    if (t.length !== 1) throw new Error(`names.ts: the kinship word ${w} folds to ${t.length} tokens`);
    KIN.set(t[0]!, '~' + label);
    NOTE_KEEP.add(t[0]!);
  }
}
/**
 * Korean relation words after a name say whose relation the card is (`민수 엄마`: Minsu's mom, as phones in
 * Korea save a child's friend's parents), as KIN_AFTER_NAME_MORE's words do (a probe: `민수 엄마` and `김민수`,
 * each with a mobile on the family landline, were one row under the mother's label).
 */
for (const w of '엄마 어머니 어머님 아빠 아버지 아버님 할머니 할아버지 남편 아내 언니 누나 오빠 여동생 남동생 이모 고모 삼촌'.split(' ')) {
  KIN_AFTER_NAME_MORE.add(foldTokens(w)[0]!);
}
/**
 * The words after a Japanese possessive `の` that say someone else (`田中さんの奥さん`: Mr Tanaka's wife,
 * `太郎のお母さん`: Taro's mother), folded as foldTokens folds them (the honorific dropped): any KIN word,
 * and the words for wife, husband, daughter and son. A probe found both one row with `田中 太郎`.
 */
const JA_SOMEONES = new Set(['奥さん', '奥様', '旦那', 'ご主人', '主人', '嫁', '娘', '息子', '彼女', '彼氏'].map((w) => foldTokens(w)[0]!));

/** Whether a name says, with a Japanese `の`, a relation of someone named before it (JA_SOMEONES). */
function namesSomeonesRelationJa(name: string): boolean {
  const at = name.lastIndexOf('の');
  if (at < 1 || at === name.length - 1) return false;
  const after = foldTokens(name.slice(at + 1));
  const before = foldTokens(name.slice(0, at));
  return after.length === 1 && before.length > 0 && (KIN.has(after[0]!) || JA_SOMEONES.has(after[0]!));
}

/**
 * Cyrillic relation words written before a name (`Тётя Валя`, `Бабушка Галя`), as KIN_BEFORE_NAME. Not
 * `мама` or `папа`: before a name they say whose parent (`Мама Саши`, `Мама Алекс`: Sasha's, Alex's mum;
 * a review found Alex's mum joined with Alex on the family landline).
 */
for (const w of 'тетя дядя бабушка баба дедушка дед деда'.split(' ')) KIN_BEFORE_NAME.add(w);
