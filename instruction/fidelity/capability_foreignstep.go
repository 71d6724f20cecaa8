package fidelity

import (
	"strings"
	"sync"
	"unicode/utf8"
)

// Steps in another language: a later sentence that opens with another
// language's word of sequence ("Затем …", "その後、…", "তারপর …",
// "Daarna …") hands the agent a further step in that language. Which deed
// it asks cannot be read without a grammar of the language, but a step
// after the tool's own work is a deed the tool does not do, as "then …"
// is in English. The lexicon below holds only the words for "then",
// "after that" and "next" of widely written languages (no verbs, services
// or phrases); French, Spanish, Italian, Portuguese and German are read
// through their gloss instead (tokens_foreign.go), which knows their
// verbs. Without the language's verbs, a later sentence that only says
// what may be done ("Затем их можно отфильтровать") is read as a step too.

// foreignSequencers are words of sequence ("then", "after that", "next")
// of languages the gloss does not read, lower-cased, of up to three words.
// The lexicon covers the hundred most spoken languages (total speakers,
// as the published rankings of languages list them), a language's usual
// words for a next step in running instructions, less those that are
// also English words or names a description may open a sentence with
// ("logo", "nato", "dan", "toe", "saka", "tum").
var foreignSequencers = set(
	// Dutch, Afrikaans, Frisian, Swedish, Norwegian, Danish, Icelandic, Finnish, Estonian
	"daarna", "vervolgens", "dêrnei", "sedan", "därefter", "deretter", "derefter", "etterpå", "bagefter", "síðan",
	"því næst", "sitten", "seuraavaksi", "sen jälkeen", "seejärel", "pärast seda",
	// Polish, Czech, Slovak, Russian, Ukrainian, Belarusian
	"następnie", "potem", "później", "po czym", "potom", "poté", "následne", "následně", "затем", "потом", "далее",
	"потім", "далі", "після цього", "после этого", "потым", "пасля гэтага", "затым",
	// Turkish, Azerbaijani, Turkmen, Romanian, Hungarian, Greek
	"ardından", "sonra", "daha sonra", "bundan sonra", "sonrasında", "akabinde", "ondan sonra", "soňra", "ondan soň",
	"apoi", "după aceea", "ezután", "aztán", "majd", "utána", "έπειτα", "στη συνέχεια", "ύστερα",
	"μετά", "κατόπιν",
	// Indonesian, Malay, Javanese, Sundanese, Tagalog, Cebuano, Ilocano, Malagasy, Vietnamese, Hmong
	"kemudian", "selanjutnya", "seterusnya", "setelah itu", "sesudah itu", "selepas itu", "lepas itu", "banjur",
	"sabanjure", "sawise iku", "saterusna", "tuluy", "pagkatapos", "pagkatapos nito", "pagkahuman", "unya",
	"human niana", "kalpasanna", "avy eo", "taorian'izay", "sau đó", "tiếp theo", "tiếp đó", "sau đấy",
	"tom qab ntawd",
	// Swahili, Hausa, Yoruba, Igbo, Zulu, Xhosa, Somali, Oromo, Kinyarwanda, Shona, Chichewa, Lingala
	"baadaye", "halafu", "kisha", "baada ya hapo", "bayan haka", "bayan nan", "sannan", "daga nan", "lẹ́yìn náà",
	"lẹhinna", "lẹ́yìn èyí", "emesịa", "mgbe nke ahụ gasịrị", "emva kwalokho", "ngemuva kwalokho", "emva koko",
	"kadib", "kaddib", "intaa kadib", "sana booda", "hanyuma", "nyuma yaho", "mushure mezvo", "kenako",
	"pambuyo pake", "na sima",
	// Hindi, Marathi, Bengali, Assamese, Odia, Tamil, Telugu, Kannada, Malayalam, Gujarati, Punjabi, Nepali, Sinhala
	"फिर", "इसके बाद", "उसके बाद", "त्यानंतर", "नंतर", "मग", "তারপর", "তারপরে", "এরপর", "এরপরে", "তাৰ পিছত",
	"ତାପରେ", "ତା'ପରେ", "பிறகு", "பின்னர்", "அடுத்து", "அதன் பிறகு", "తర్వాత", "ఆ తర్వాత", "తరువాత", "ನಂತರ",
	"ಆಮೇಲೆ", "ಅನಂತರ", "ಬಳಿಕ", "ಅದರ ನಂತರ", "പിന്നീട്", "തുടർന്ന്", "അതിനുശേഷം", "അതിനു ശേഷം", "പിന്നെ", "પછી",
	"ત્યારબાદ", "ਫਿਰ", "ਇਸ ਤੋਂ ਬਾਅਦ", "ਉਸ ਤੋਂ ਬਾਅਦ", "त्यसपछि", "ඉන්පසු", "ඊට පසු",
	// Urdu, Arabic, Persian, Pashto, Kurdish, Uyghur, Hebrew, Yiddish
	"پھر", "اس کے بعد", "بعد میں", "ثم", "بعد ذلك", "بعدها", "وبعد ذلك", "ومن ثم", "لاحقا", "سپس", "بعد از آن",
	"پس از آن", "آنگاه", "وروسته", "بیا", "پاشان", "دواتر", "paşê", "dûv re", "ئاندىن", "לאחר מכן", "אחר כך",
	"ואז", "אחרי כן", "דערנאָך", "נאָכדעם",
	// Uzbek, Kazakh, Kyrgyz, Tatar, Tajik, Mongolian, Georgian, Armenian
	"keyin", "undan keyin", "so'ngra", "soʻngra", "кейин", "сўнгра", "содан кейін", "одан кейін", "содан соң",
	"андан кийин", "аннары", "аннан соң", "баъд", "сипас", "пас аз он", "дараа нь", "үүний дараа", "შემდეგ",
	"ამის შემდეგ", "შემდგომ", "հետո", "այնուհետև", "այնուհետ", "ապա",
	// Bulgarian, Macedonian, Serbian, Croatian, Bosnian, Slovenian, Lithuanian, Latvian
	"след това", "после", "тогава", "потоа", "после тоа", "zatim", "nakon toga", "затим", "након тога", "zatem",
	"po to", "paskui", "pēc tam",
	// Catalan, Galician, Basque, Welsh, Irish, Scottish Gaelic, Breton, Albanian, Maltese, Latin, Esperanto
	"després", "llavors", "a continuació", "despois", "a continuación", "ondoren", "wedyn", "yna", "ansin",
	"ina dhiaidh sin", "an uairsin", "goude", "pastaj", "më pas", "pas kësaj", "imbagħad", "deinde", "postea",
	"poste", "sekve",
	// Haitian Creole, Quechua, Guarani, Amharic
	"apre sa", "answit", "chaymanta", "chaymantaqa", "upéi", "ከዚያ", "ከዚያም", "በመቀጠል",
)

// foreignVocatives name the assistant, addressed, in languages other than
// English ("Asystencie, …", "助手，…"): a sentence opened by one and a
// comma or a colon speaks to the agent.
var foreignVocatives = set("assistent", "asistente", "assistente", "asystent", "asystencie", "asistent", "asistentas",
	"avustaja", "asszisztens", "ассистент", "помощник", "асистент", "помічник", "асистенте", "laguntzailea",
	"aðstoðarmaður", "asistan", "yardımcı", "सहायक", "مساعد", "עוזר", "βοηθέ", "βοηθός", "asisten", "katulong",
	"msaidizi", "trợ lý")

// unspacedVocatives name the assistant in languages written without
// spaces.
var unspacedVocatives = []string{"助手", "助理", "アシスタント", "어시스턴트", "비서", "ผู้ช่วย"}

// unspacedSequencers are words of sequence of languages written without
// spaces between words (Chinese, Japanese, Korean as written after one,
// Thai): a prefix of the sentence.
var unspacedSequencers = []string{"然后", "然後", "之后", "之後", "接着", "接著", "接下来", "接下來", "随后", "隨後", "その後",
	"次に", "それから", "続いて", "그 다음", "그다음", "그런 다음", "그 후", "그러고 나서", "다음으로", "หลังจากนั้น", "จากนั้น",
	"ต่อไป", "ထို့နောက်", "បន្ទាប់មក", "ក្រោយមក", "ຈາກນັ້ນ", "ຫຼັງຈາກນັ້ນ", "ຕໍ່ມາ", "ཇེས་སུ"}

// sentenceStop: the rune r ends a sentence in the scripts above.
func sentenceStop(r rune) bool {
	switch r {
	case '.', '!', '?', ';', ':', '\n', '。', '！', '？', '；', '।', '॥', '۔', '؟', '።', '։', '။', '។':
		return true
	}
	return false
}

// foreignStepMentions finds the later sentences of a text that open with
// another language's word of sequence: each is a step of class "action:"
// and the step's first words.
func foreignStepMentions(text string) []mention {
	var out []mention
	// (a sentence after a stop: never the text's first, which says what
	// the tool does)
	for p := 0; p < len(text); {
		r, n := rune(text[p]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[p:])
		}
		p += n
		if !sentenceStop(r) {
			continue
		}
		if r == '.' && p < len(text) && text[p] != ' ' && text[p] != '\n' {
			continue // "v1.2", "e.g": no sentence's end
		}
		start := p
		for start < len(text) && (text[start] == ' ' || text[start] == '\t' || text[start] == '\n') {
			start++
		}
		w, ok := foreignSequencerAt(text[start:], r != ':' && r != ';')
		if !ok {
			continue
		}
		end := start + len(w)
		for end < len(text) {
			r, n := utf8.DecodeRuneInString(text[end:])
			if sentenceStop(r) && !(r == '.' && end+1 < len(text) && text[end+1] != ' ' && text[end+1] != '\n') {
				break
			}
			end += n
		}
		body := strings.TrimLeft(text[start+len(w):end], " ,、，:")
		if strings.TrimSpace(body) != "" {
			out = append(out, mention{kind: KindCapability, class: "action:" + firstRunes(body, 24), signal: text[start:end], start: start, end: end})
		}
	}
	return out
}

// foreignSequencerAt: s opens with a word of sequence of another language,
// not quoted and not itself spoken of ("Potem means afterwards"), or, when
// the sentence before ended with a full stop (addressed; not a label's
// colon, which may open a list of values: "Roles: Assistent, Manager"),
// with the assistant's name in another language and a comma or a colon;
// w is that word (and its comma) as written.
func foreignSequencerAt(s string, addressed bool) (string, bool) {
	if s == "" {
		return "", false
	}
	if s[0] >= utf8.RuneSelf {
		for _, u := range unspacedSequencers {
			if strings.HasPrefix(s, u) {
				return u, true
			}
		}
	}
	if s[0] >= utf8.RuneSelf && addressed {
		for _, u := range unspacedVocatives {
			if rest, ok := strings.CutPrefix(s, u); ok {
				if sep := vocativeSeparator(rest); sep > 0 {
					return s[:len(u)+sep], true
				}
			}
		}
	}
	e1 := wordEnd(s, 0)
	if e1 == 0 || e1 > 40 || !sequencerHeads()[strings.ToLower(s[:e1])] {
		return "", false // (the table of heads keeps ToLower off most sentences' first words)
	}
	for _, e := range []int{wordEnd(s, e1+1), e1} {
		if addressed && e > 0 && e < len(s) && foreignVocatives[strings.ToLower(s[:e])] {
			if sep := vocativeSeparator(s[e:]); sep > 0 && len(strings.Fields(s[e+sep:])) >= 2 {
				return s[:e+sep], true
			}
		}
	}
	e2 := wordEnd(s, e1+1)
	for _, e := range []int{wordEnd(s, e2+1), e2, e1} {
		if e > len(s) || e <= 0 || !foreignSequencers[strings.ToLower(s[:e])] {
			continue
		}
		from := e
		for from < len(s) && (s[from] == ' ' || s[from] == ',') {
			from++
		}
		if next := wordEnd(s, from); next == from || englishGloss[strings.ToLower(s[from:next])] {
			return "", false
		}
		return s[:e], true
	}
	return "", false
}

// vocativeSeparator is the length of the comma or colon that opens s
// after a name addressed ("Asystencie, …", "助手，…"), or 0.
func vocativeSeparator(s string) int {
	for _, sep := range []string{",", ":", "，", "：", "、"} {
		if strings.HasPrefix(s, sep) {
			return len(sep)
		}
	}
	return 0
}

// wordEnd is the end of the word of s that starts at from (a space, a
// comma or the end of s ends it); from when s has none there.
func wordEnd(s string, from int) int {
	if from >= len(s) {
		return from
	}
	for i, r := range s[from:] {
		if r == ' ' || r == ',' || r == '、' || r == '，' || r == '\n' || sentenceStop(r) {
			return from + i
		}
	}
	return len(s)
}

// sequencerHeads are the first words of foreignSequencers, lower-cased.
var sequencerHeads = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for w := range foreignSequencers {
		head, _, _ := strings.Cut(w, " ")
		m[head] = true
	}
	for w := range foreignVocatives {
		head, _, _ := strings.Cut(w, " ")
		m[head] = true
	}
	return m
})

// englishGloss: English words that say a word is spoken of, not used
// ("Sonra is Turkish for later").
var englishGloss = set("is", "means", "meaning", "stands", "translates")

// firstRunes is s's first n runes, trimmed.
func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return strings.TrimSpace(s[:i])
		}
		n--
	}
	return strings.TrimSpace(s)
}
