package meter

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/pkoukk/tiktoken-go"
	tiktoken_loader "github.com/pkoukk/tiktoken-go-loader"
)

// The meter's counter is checked against tiktoken-go, the reference it
// replaces: same ranks, same count for every text.

var reference = sync.OnceValue(func() map[string]*tiktoken.Tiktoken {
	tiktoken.SetBpeLoader(tiktoken_loader.NewOfflineLoader())
	encs := map[string]*tiktoken.Tiktoken{}
	for _, e := range Encodings {
		tk, err := tiktoken.GetEncoding(e)
		if err != nil {
			panic(err)
		}
		encs[e] = tk
	}
	return encs
})

// TestRankTableHoldsTiktokensRanks: every token of the reference's ranks
// has its rank in the table, the table holds no other, and bytes that are
// no token (each token with a byte appended) are not found.
func TestRankTableHoldsTiktokensRanks(t *testing.T) {
	for _, enc := range Encodings {
		ranks, err := tiktoken_loader.NewOfflineLoader().LoadTiktokenBpe(enc + ".tiktoken")
		if err != nil {
			t.Fatal(err)
		}
		b, err := newTokenizers().get(enc)
		if err != nil {
			t.Fatal(err)
		}
		if b.ranks.len() != len(ranks) {
			t.Fatalf("%s: %d ranks, want %d", enc, b.ranks.len(), len(ranks))
		}
		for tok, want := range ranks {
			if got, ok := b.ranks.rank([]byte(tok)); !ok || got != want {
				t.Fatalf("%s: rank(%q) = %d, %v; want %d", enc, tok, got, ok, want)
			}
			longer := tok + "\xff"
			want, in := ranks[longer]
			if r, ok := b.ranks.rank([]byte(longer)); ok != in || r != want {
				t.Fatalf("%s: rank(%q) = %d, %v; want %d, %v", enc, longer, r, ok, want, in)
			}
		}
		if _, ok := b.ranks.rank(nil); ok {
			t.Fatalf("%s: the empty string has a rank", enc)
		}
	}
}

// TestRankTableHasNoPointerPerToken: the table is a few slices of plain
// numbers and bytes, so a garbage collection marks a handful of objects
// for it, not one per token.
func TestRankTableHasNoPointerPerToken(t *testing.T) {
	typ := reflect.TypeFor[rankTable]()
	for i := range typ.NumField() {
		f := typ.Field(i)
		if f.Type.Kind() == reflect.Slice {
			if k := f.Type.Elem().Kind(); k != reflect.Uint8 && k != reflect.Uint32 {
				t.Errorf("rankTable.%s holds %s: one object per element for the collector to mark", f.Name, f.Type)
			}
			continue
		}
		if f.Type.Kind() == reflect.Map || f.Type.Kind() == reflect.Pointer || f.Type.Kind() == reflect.String {
			t.Errorf("rankTable.%s is a %s", f.Name, f.Type)
		}
	}
}

// hardTexts are texts that stress the split pattern and the merges:
// scripts without spaces, combining marks, emoji, invalid UTF-8, digit
// runs, every kind of whitespace, contractions in both cases, long pieces
// that are no token (past the counter's 64-byte stack buffers), and the
// special tokens, which count as ordinary text.
var hardTexts = []string{
	"",
	"a",
	" ",
	"hello world",
	"Hello, World! It's 2026; we'll see. THEY'LL SEE. She'S here, I'M fine, YOU'RE late, we'VE gone, he'D go.",
	"12345678901234567890 3.14159 1,000,000 ١٢٣٤ ①②③ ½",
	"  leading and trailing  \t\n\r\n\n  \r \u00a0\u2003x\u3000y\u200b",
	"line one\nline two\r\nline three\rfour\n\n\n    indented\n\t\ttabbed\n",
	"日本語のテキストと漢字、ひらがな、カタカナ。中文文本没有空格。한국어 텍스트",
	"Ελληνικά κείμενα, русский текст, עברית, العربية, हिन्दी, ไทย",
	"e\u0301te\u0301 cafe\u0301 n\u0303 a\u0308\u0304 Z\u0351\u0352\u0353algo",
	"emoji 👩‍👩‍👧‍👦 🇺🇸 👍🏽 ❤️ 🤖🤖🤖 ✨",
	"invalid \xff\xfe utf-8 \xc3\x28 \xe2\x82 \xf0\x9f\x98 end\xff",
	"<|endoftext|> <|fim_prefix|><|fim_middle|><|fim_suffix|> <|endofprompt|>",
	"supercalifragilisticexpialidocious antidisestablishmentarianism pneumonoultramicroscopicsilicovolcanoconiosis",
	strings.Repeat("z", 300),
	strings.Repeat("qx", 200),
	strings.Repeat("🙂", 40),
	strings.Repeat("!@#$%^&*()", 20) + "\r\n/" + strings.Repeat("/", 70),
	strings.Repeat(" ", 100) + "x",
	strings.Repeat("\n", 80),
	`{"name":"read_file","input_schema":{"type":"object","properties":{"path":{"type":"string"}},"required":["path"]}}`,
	"func main() {\n\tfmt.Println(\"hi\") // comment\n\tx := map[string]int{\"a\": 1}\n}\n",
	"http://example.test/a/b/c?d=e&f=g#h ~/path/to/file.go C:\\Windows\\System32",
	"AbCdEfGhIjKlMnOpQrStUvWxYz ABCdef abcDEF ÀÉÎÕÜ àéîõü ǅǈǋ ᾈᾉ",
}

// fixtureTexts are the repository's instruction and catalog fixtures:
// each file whole and each of its lines.
func fixtureTexts(t testing.TB) []string {
	var texts []string
	for _, glob := range []string{"../testdata/*.txt", "../../catalog/testdata/*.json", "../../catalog/testdata/*.yaml", "../../README.md", "../../docs/*.md"} {
		files, err := filepath.Glob(glob)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			texts = append(texts, string(b))
			for _, line := range bytes.Split(b, []byte("\n")) {
				texts = append(texts, string(line))
			}
		}
	}
	if len(texts) < 100 {
		t.Fatalf("only %d fixture texts: the fixtures moved", len(texts))
	}
	return texts
}

// TestCountsMatchTiktoken: the meter counts every fixture and every hard
// text exactly as tiktoken-go's EncodeOrdinary does, in both encodings.
func TestCountsMatchTiktoken(t *testing.T) {
	texts := append(fixtureTexts(t), hardTexts...)
	tk := newTokenizers()
	for _, enc := range Encodings {
		b, err := tk.get(enc)
		if err != nil {
			t.Fatal(err)
		}
		ref := reference()[enc]
		for _, text := range texts {
			if got, want := b.count(text), len(ref.EncodeOrdinary(text)); got != want {
				t.Errorf("%s: %d tokens, tiktoken-go %d, for %.80q", enc, got, want, text)
			}
		}
	}
}

// FuzzCountMatchesTiktoken: any text, in both encodings, the same count
// as tiktoken-go.
func FuzzCountMatchesTiktoken(f *testing.F) {
	for _, s := range hardTexts {
		f.Add(s)
	}
	tk := newTokenizers()
	f.Fuzz(func(t *testing.T, text string) {
		for _, enc := range Encodings {
			b, err := tk.get(enc)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := b.count(text), len(reference()[enc].EncodeOrdinary(text)); got != want {
				t.Fatalf("%s: %d tokens, tiktoken-go %d, for %q", enc, got, want, text)
			}
		}
	})
}
