// Word forms the offline stemmer cannot derive: irregular inflections ("made" → "make",
// "mice" → "mouse") and numbers written as words or roman numerals ("two", "twice", "II" → "2").

/** Irregular verb forms and their base form ("made" → "make"). */
const IRREGULAR_VERBS: ReadonlyMap<string, string> = new Map(
  `made:make built:build done:do did:do given:give gave:give taken:take took:take seen:see saw:see
shown:show held:hold found:find led:lead lost:lose kept:keep sent:send spent:spend brought:bring
bought:buy caught:catch taught:teach thought:think told:tell sold:sell paid:pay ran:run won:win
bound:bind broke:break broken:break chose:choose chosen:choose drove:drive driven:drive
drew:draw drawn:draw ate:eat eaten:eat fell:fall fallen:fall froze:freeze frozen:freeze
grew:grow grown:grow hid:hide hidden:hide rose:rise risen:rise shook:shake shaken:shake
spoke:speak spoken:speak stole:steal stolen:steal threw:throw thrown:throw wrote:write
written:write began:begin begun:begin became:become blew:blow blown:blow flew:fly flown:fly
sank:sink sunk:sink struck:strike stuck:stick fed:feed fled:flee met:meet felt:feel meant:mean
heard:hear stood:stand understood:understand went:go gone:go came:come knew:know known:know
got:get gotten:get split:split spread:spread set:set put:put cut:cut shed:shed bred:breed
dealt:deal fought:fight sought:seek swept:sweep wove:weave woven:weave wore:wear worn:wear
tore:tear torn:tear born:bear borne:bear lay:lie lain:lie`
    .split(/\s+/)
    .map((entry) => entry.split(':') as [string, string]),
);

/** Irregular plurals and their singular ("mice" → "mouse"). */
const IRREGULAR_NOUNS: ReadonlyMap<string, string> = new Map(
  `mice:mouse children:child teeth:tooth feet:foot men:man women:woman people:person geese:goose
bacteria:bacterium phenomena:phenomenon criteria:criterion nuclei:nucleus fungi:fungus
stimuli:stimulus larvae:larva vertebrae:vertebra indices:index matrices:matrix vertices:vertex
analyses:analysis hypotheses:hypothesis theses:thesis crises:crisis leaves:leaf lives:life
halves:half wolves:wolf`
    .split(/\s+/)
    .map((entry) => entry.split(':') as [string, string]),
);

/** Number words and the value they name ("two" → "2"). */
const NUMBER_WORDS: ReadonlyMap<string, string> = new Map(
  `zero:0 one:1 two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 ten:10 eleven:11 twelve:12
thirteen:13 fourteen:14 fifteen:15 sixteen:16 seventeen:17 eighteen:18 nineteen:19 twenty:20
thirty:30 forty:40 fifty:50 hundred:100 thousand:1000 million:1000000 billion:1000000000 once:1
twice:2 single:1 double:2 pair:2 dozen:12`
    .split(/\s+/)
    .map((entry) => entry.split(':') as [string, string]),
);

// Roman numerals of two letters or more, as names use them ("Photosystem II", "Louis XIV");
// single letters ("I", "V", "X") are too often something else.
const ROMAN_NUMERALS: ReadonlyMap<string, string> = new Map(
  'ii:2 iii:3 iv:4 vi:6 vii:7 viii:8 ix:9 xi:11 xii:12'
    .split(/\s+/)
    .map((entry) => entry.split(':') as [string, string]),
);

/** Whether the word is an irregular verb form ("made", "bound", "split"). */
export function isIrregularVerbForm(word: string): boolean {
  return IRREGULAR_VERBS.has(word);
}

/** The base form of a lower-case word: irregular forms resolved, others unchanged. */
export function baseForm(word: string): string {
  return IRREGULAR_VERBS.get(word) ?? IRREGULAR_NOUNS.get(word) ?? word;
}

// Ordinals name their number too ("the thirteenth century" is "the 13th century"); "first",
// "second" and "third" stay words ("the first stage", "a second").
const ORDINAL_WORDS: ReadonlyMap<string, string> = new Map(
  `fourth:4 fifth:5 sixth:6 seventh:7 eighth:8 ninth:9 tenth:10 eleventh:11 twelfth:12
thirteenth:13 fourteenth:14 fifteenth:15 sixteenth:16 seventeenth:17 eighteenth:18
nineteenth:19 twentieth:20 thirtieth:30 fortieth:40 fiftieth:50 hundredth:100 thousandth:1000`
    .split(/\s+/)
    .map((entry) => entry.split(':') as [string, string]),
);

/**
 * The number a word names ("two", "twice", "49", "13th", "tenth", "ii" → "2", "2", "49", "13",
 * "10", "2"), or undefined.
 */
export function numberValue(word: string): string | undefined {
  const digits = /^(\d+(?:[.,]\d+)*)(?:st|nd|rd|th)?$/.exec(word);
  if (digits !== null) return digits[1]!.replace(/,/g, '');
  return NUMBER_WORDS.get(word) ?? ORDINAL_WORDS.get(word) ?? ROMAN_NUMERALS.get(word);
}
