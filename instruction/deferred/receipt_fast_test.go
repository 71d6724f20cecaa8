package deferred

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestDecodeMintedAgreesWithEncodingJSON: the fast decoder takes every
// receipt as minted (plain ASCII), and whatever it accepts, among minted
// receipts and tens of thousands of mutations of them, encoding/json's
// strict decoder accepts too, with the same result.
func TestDecodeMintedAgreesWithEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 5))
	key := []byte("0123456789abcdef0123456789abcdef")
	common := []string{"a", "z", "_", ".", "0", "9", "-", ":"}
	rare := []string{" ", "<", "&", "\"", "\\", "é", "\u2028", "\x01", "/"}
	word := func(n int) string {
		var b strings.Builder
		for range 1 + rng.IntN(n) {
			if rng.IntN(40) == 0 {
				b.WriteString(rare[rng.IntN(len(rare))])
			} else {
				b.WriteString(common[rng.IntN(len(common))])
			}
		}
		return b.String()
	}
	plain := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
				return false
			}
		}
		return true
	}
	fast, accepted := 0, 0
	for i := range 3000 {
		kind := KindSearch
		if i%5 == 0 {
			kind = KindSearchRequired
		}
		names := make([]string, rng.IntN(5))
		for j := range names {
			names[j] = "t" + word(12)
		}
		run := "r" + word(20)
		r := Mint(key, kind, run, strings.Repeat("ab", 32), rng.IntN(1<<31), names)
		raw, _ := json.Marshal(r)
		allPlain := plain(run)
		for _, n := range names {
			allPlain = allPlain && plain(n)
		}
		if _, ok := decodeMinted(raw); allPlain && !ok {
			t.Fatalf("a minted plain receipt takes the slow path: %s", raw)
		}
		variants := [][]byte{raw}
		for range 20 {
			v := append([]byte(nil), raw...)
			switch pos := rng.IntN(len(v)); rng.IntN(6) {
			case 0:
				v[pos] = byte(rng.IntN(256))
			case 1:
				v = append(v[:pos], v[pos+1:]...)
			case 2:
				v = append(v[:pos], append([]byte{" \t\n,:{}[]\"0-1e.\\"[rng.IntN(16)]}, v[pos:]...)...)
			case 3:
				v = []byte(strings.Replace(string(v), `"names"`, `"Names"`, 1))
			case 4:
				v = append(v, ' ')
			case 5:
				v = []byte(strings.Replace(string(v), `"step":`, `"step":0`, 1))
			}
			variants = append(variants, v)
		}
		for _, v := range variants {
			got, ok := decodeMinted(v)
			if !ok {
				continue
			}
			fast++
			want, err := decodeStrict(v)
			if err != nil {
				t.Fatalf("fast accepted what encoding/json refuses (%v): %q", err, v)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("fast and encoding/json disagree on %q:\n%+v\n%+v", v, got, want)
			}
			if _, err := Parse(v, 8); err == nil {
				accepted++
			}
		}
	}
	if fast < 3000 || accepted < 1000 {
		t.Fatalf("the fast path decoded %d inputs, Parse accepted %d: too few to mean anything", fast, accepted)
	}
	t.Logf("fast path decoded %d inputs; Parse accepted %d", fast, accepted)
}

// BenchmarkParseReceipt: a minted receipt through Parse (the fast path)
// against encoding/json's strict decoder, in one run.
func BenchmarkParseReceipt(b *testing.B) {
	r := Mint([]byte("a different key of thirty-two bytes"), KindSearch, "load-7f3a-1234", strings.Repeat("ab", 32), 2, []string{"github.create_issue", "github.list_issues", "read_file", "github.get_issue"})
	raw, _ := json.Marshal(r)
	b.Run("minted", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := Parse(raw, 8); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := decodeStrict(raw); err != nil {
				b.Fatal(err)
			}
		}
	})
	key := []byte("0123456789abcdef0123456789abcdef")
	b.Run("verify-pooled-mac", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if r.authentic(key) {
				b.Fatal("another key's receipt verified")
			}
		}
	})
	b.Run("verify-fresh-mac", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			h := hmac.New(sha256.New, key)
			h.Write(appendMessage(nil, r.Kind, r.Run, r.Surface, r.Step, r.Names))
			if hmac.Equal([]byte(base64.RawURLEncoding.EncodeToString(h.Sum(nil))), []byte(r.MAC)) {
				b.Fatal("another key's receipt verified")
			}
		}
	})
}

// TestReceiptMACIsStable: the MAC covers the same canonical message as
// ever (receipts minted before an upgrade still verify), and a MAC that
// only decodes to the right bytes leniently (other trailing bits) is not
// the server's.
func TestReceiptMACIsStable(t *testing.T) {
	key := []byte("0123456789abcdef0123456789abcdef")
	h := hmac.New(sha256.New, key)
	h.Write([]byte("14:afc-receipt/v10:2:r11:s1:21:21:a2:bc"))
	want := base64.RawURLEncoding.EncodeToString(h.Sum(nil))
	r := Mint(key, KindSearch, "r1", "s", 2, []string{"a", "bc"})
	if r.MAC != want {
		t.Fatalf("MAC %s, want %s", r.MAC, want)
	}
	other := Mint([]byte("another key, also thirty-two byte"), KindSearch, "r1", "s", 2, []string{"a", "bc"})
	if !r.authentic(key) || other.authentic(key) || !other.authentic([]byte("another key, also thirty-two byte")) {
		t.Fatal("a receipt verifies only under its own key")
	}
	last := strings.IndexByte(base64URL, r.MAC[42])
	for d := 1; d < 4; d++ {
		// the last character carries 4 bits and 2 that must be zero
		v := r
		v.MAC = r.MAC[:42] + string(base64URL[last^d])
		if v.authentic(key) {
			t.Fatalf("MAC %s (trailing bits set) passed for %s", v.MAC, r.MAC)
		}
	}
}

const base64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// TestValidRunIsThePattern: the hand-written run id check accepts exactly
// what runPattern (the OpenAPI document's pattern) accepts.
func TestValidRunIsThePattern(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	chars := "aZ09._:-/ é\x00"
	for i := range 20000 {
		n := rng.IntN(140)
		if i%4 == 0 {
			n = 126 + rng.IntN(5)
		}
		var b strings.Builder
		for range n {
			if rng.IntN(30) == 0 {
				b.WriteByte(chars[rng.IntN(len(chars))])
			} else {
				b.WriteByte(chars[rng.IntN(8)])
			}
		}
		s := b.String()
		if ValidRun(s) != runPattern.MatchString(s) {
			t.Fatalf("%q: ValidRun %v, pattern %v", s, ValidRun(s), runPattern.MatchString(s))
		}
	}
}

// runPattern is the run id's pattern as the OpenAPI document states it.
var runPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)
