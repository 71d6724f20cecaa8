package models

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// listCases are stored lists the fast path takes and lists it must leave
// to json.Unmarshal (escapes, non-ASCII text, null, malformed JSON).
var listCases = []string{
	`[]`, ` [ ] `, `["exec"]`, `["exec","load_table","github.create_issue"]`, " [ \"a\" ,\n\t\"b\"\r] ",
	`[""]`, `["a",""]`, `["<b>&"]`, `["\u003cb\u003e"]`, `["a\"b"]`, `["a\\b"]`, `["é"]`, "[\"\xff\"]",
	"[\"a\tb\"]", `null`, ``, ` `, `[`, `]`, `["a"`, `["a",]`, `[,"a"]`, `["a""b"]`, `["a"] x`, `["a"]]`,
	`[1]`, `["a",1]`, `[null]`, `{"a":1}`, `"a"`, `[["a"]]`, `["a"` + strings.Repeat(`,"tool"`, 150) + `]`,
}

// TestDecodeListIsUnmarshal: decodeList gives what json.Unmarshal gives
// for every case, nil and empty lists told apart.
func TestDecodeListIsUnmarshal(t *testing.T) {
	for _, s := range listCases {
		checkDecodeList(t, s)
	}
}

// FuzzDecodeList: the same on any input.
func FuzzDecodeList(f *testing.F) {
	for _, s := range listCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkDecodeList(t, s) })
}

func checkDecodeList(t *testing.T, s string) {
	t.Helper()
	var want []string
	_ = json.Unmarshal([]byte(s), &want)
	if got := decodeList(s); !reflect.DeepEqual(got, want) {
		t.Fatalf("decodeList(%q) = %#v, json.Unmarshal gives %#v", s, got, want)
	}
}

// BenchmarkDecodeList: a stored list of 151 tool ids (the load runs'
// dev-helper) through decodeList and through json.Unmarshal, in one run.
func BenchmarkDecodeList(b *testing.B) {
	ids := make([]string, 151)
	for i := range ids {
		ids[i] = "github.list_pull_request_review_comments_" + strings.Repeat("x", i%7)
	}
	s := encodeList(ids)
	b.Run("decodeList", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			_ = decodeList(s)
		}
	})
	b.Run("json.Unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			var out []string
			_ = json.Unmarshal([]byte(s), &out)
		}
	})
}
