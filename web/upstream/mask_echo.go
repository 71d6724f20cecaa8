package upstream

import (
	"bytes"
	"encoding/json"
	"strings"
)

// A connection's secret that a call's arguments hold is left as the
// server wrote it only where the answer echoes the argument that held it;
// every other copy (the server writing its secret unprompted) is masked,
// so a right guess and a wrong one are answered alike: the echo shows
// the guess as sent, the server's own copy "[secret]". A copy is an echo
// (echoOf) when the argument's whole text stands around it (as sent, or
// as JSON writes it), with at least minContext bytes of it on one side,
// or framed as an echo: by JSON's quotes (after the argument's member
// name) or the answer string's own ends; or, for an array element that
// is the secret alone, by its neighbours. Each
// answer string spares at most as many copies as the arguments hold.
// Whether the answer holds a secret, never whether it was sent, decides
// the work done (the arguments are read whenever a secret is masked).
// A server writing a piece of an argument without the rest of it ("no
// such user <secret>" for "try <secret>") cannot be told from one writing
// its secret unprompted: that copy is masked, and each call whose
// arguments hold a connection's secret is recorded for the admins
// (Pool.SecretsSent).

// argText is one string of a call's arguments: a member's value (key its
// name), a member's name, or an array's element (run: the strings around
// it in the array with no other value between, it at idx).
type argText struct {
	v, key string
	keyed  bool
	run    []string
	idx    int
}

// echoHit is an occurrence of a secret's form at [p, q) of an argument.
type echoHit struct {
	t    *argText
	p, q int
}

// argTexts is every string of the JSON value b, with its place (b whole
// when it is not JSON).
func argTexts(b []byte) []*argText {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil {
		return []*argText{{v: string(b)}}
	}
	var out []*argText
	var walk func(v any, t *argText)
	walk = func(v any, t *argText) {
		switch x := v.(type) {
		case string:
			t.v = x
			out = append(out, t)
		case []any:
			for i := 0; i < len(x); {
				var run []string
				for j := i; j < len(x); j++ {
					s, ok := x[j].(string)
					if !ok {
						break
					}
					run = append(run, s)
				}
				for k := range run {
					out = append(out, &argText{v: run[k], run: run, idx: k})
				}
				if i += len(run); i < len(x) {
					walk(x[i], &argText{})
					i++
				}
			}
		case map[string]any:
			for k, e := range x {
				out = append(out, &argText{v: k})
				walk(e, &argText{key: k, keyed: true})
			}
		}
	}
	walk(v, &argText{})
	return out
}

// textEncodings are the ways a server writes an argument it echoes: as
// sent, as JSON writes it inside a string, and as JSON that escapes
// every character beyond ASCII (\u00e9).
var textEncodings = []func(string) string{
	func(s string) string { return s },
	func(s string) string { return string(encodedInString(s)) },
	asciiJSON,
}

// asciiJSON is s as a JSON encoder that keeps to ASCII writes it inside
// a string.
func asciiJSON(s string) string {
	var b strings.Builder
	for _, c := range string(encodedInString(s)) {
		if c < 0x80 {
			b.WriteRune(c)
			continue
		}
		for _, u := range utf16Units(c) {
			b.WriteString(`\u`)
			b.WriteString(hex4(u))
		}
	}
	return b.String()
}

// hex4 is u in four hex digits.
func hex4(u rune) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[u>>12&15], digits[u>>8&15], digits[u>>4&15], digits[u&15]})
}

// echoOf says whether the copy at [i, j) of the answer string a (a
// member's value named akey when akeyed) echoes the argument hit h.
func echoOf(a string, i, j int, akey string, akeyed bool, h echoHit) bool {
	t := h.t
	for _, enc := range textEncodings {
		l, r := enc(t.v[:h.p]), enc(t.v[h.q:])
		if !strings.HasSuffix(a[:i], l) || !strings.HasPrefix(a[j:], r) {
			continue
		}
		if len(l) >= minContext || len(r) >= minContext {
			return true
		}
		before, after := a[:i-len(l)], a[j+len(r):]
		if l == "" && r == "" && (t.idx > 0 && neighbours(before, t.run[:t.idx], enc, true) || t.idx+1 < len(t.run) && neighbours(after, t.run[t.idx+1:], enc, false)) {
			return true
		}
		if leftFrame(before, t, akey, akeyed) && rightFrame(after) {
			return true
		}
	}
	return false
}

// minContext is the fewest bytes of an argument's own text beside a
// secret that tell its echo by themselves: fewer may be the edge of the
// secret's own encoding (a base64 form's last characters) or a word
// any text holds, so the whole argument must be framed as an echo's is.
const minContext = 4

// maxSep is the most bytes of punctuation or space between two array
// elements a server writes ("a, b", `"a", "b"`).
const maxSep = 4

// neighbours says whether every string of ns, each as enc writes it,
// stands in s in order: before its end (left; ns in array order, the
// nearest last) or after its start, at most maxSep bytes of punctuation
// or space apart.
func neighbours(s string, ns []string, enc func(string) string, left bool) bool {
	for k := range ns {
		n := ns[k]
		if left {
			n = ns[len(ns)-1-k]
		}
		n = enc(n)
		found := false
		for sep := 0; sep <= maxSep && sep <= len(s); sep++ {
			if left {
				if sep > 0 && wordByte(s[len(s)-sep]) {
					break
				}
				if strings.HasSuffix(s[:len(s)-sep], n) {
					s, found = s[:len(s)-sep-len(n)], true
					break
				}
				continue
			}
			if sep > 0 && wordByte(s[sep-1]) {
				break
			}
			if strings.HasPrefix(s[sep:], n) {
				s, found = s[sep+len(n):], true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// wordByte is a letter, digit or a byte of a character beyond ASCII.
func wordByte(b byte) bool {
	return b >= 0x80 || b >= '0' && b <= '9' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// leftFrame says whether before (the answer's text before a copy of an
// argument that is the secret alone) ends as it would were the argument
// echoed: the answer string starts there (a member's value of the same
// name, or no member's), or an opening quote does, after the argument's
// member name and a colon or equals sign (a member's value), or after a
// bracket, brace or comma (an element, a member's name).
func leftFrame(before string, t *argText, akey string, akeyed bool) bool {
	if before == "" {
		return t.keyed == akeyed && (!t.keyed || akey == t.key)
	}
	if q := before[len(before)-1]; q != '"' && q != '\'' {
		return false
	}
	rest := strings.TrimRight(before[:len(before)-1], "\\ \t\r\n")
	if !t.keyed {
		return rest == "" || strings.ContainsRune("[{,(", rune(rest[len(rest)-1]))
	}
	if rest == "" || rest[len(rest)-1] != ':' && rest[len(rest)-1] != '=' {
		return false
	}
	rest = strings.TrimRight(rest[:len(rest)-1], " \t\r\n")
	for _, q := range []string{`"`, `'`, `\"`} {
		if strings.HasSuffix(rest, q+t.key+q) {
			return true
		}
	}
	return strings.HasSuffix(rest, t.key) && (len(rest) == len(t.key) || !wordByte(rest[len(rest)-len(t.key)-1]))
}

// rightFrame says whether after (the answer's text after such a copy)
// starts as an echo's would: the string's end or a closing quote.
func rightFrame(after string) bool {
	return after == "" || after[0] == '"' || after[0] == '\'' || strings.HasPrefix(after, `\"`)
}
