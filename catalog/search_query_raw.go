package catalog

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// rawWords splits a task into words, keeping quoted text and named files
// apart: a quoted passage's words are content; a file reference
// ("docs/notes.md") becomes its base name (content), its extension, and
// the word "file".
func rawWords(q string) []rawWord {
	var out []rawWord
	plain := func(s string) {
		for _, f := range strings.Fields(s) {
			p := byte(0)
			trimmed := strings.TrimRight(f, ",;.!?:)]}\"'”’»")
			if rest := f[len(trimmed):]; rest != "" {
				switch rest[0] {
				case ',', ';', '.', '!', '?', ':':
					p = rest[0]
				}
			}
			if trimmed == "" {
				if p != 0 && len(out) > 0 && out[len(out)-1].punct == 0 {
					out[len(out)-1].punct = p
				}
				continue
			}
			if dashes[trimmed] {
				// a dash between words sets a clause apart, as a
				// semicolon does ("since Monday — who committed what")
				if len(out) > 0 && out[len(out)-1].punct == 0 {
					out[len(out)-1].punct = ';'
				}
				continue
			}
			switch {
			case channelName(trimmed):
				// "post it in #ops": a channel's name
				out = append(out, rawWord{text: trimmed[1:], content: true}, rawWord{text: "channel", punct: p})
			case keyShape().MatchString(trimmed):
				// "assign WEB-142 to Ana": a key names a thing, as a
				// quoted name does; its letters ask for nothing
				out = append(out, rawWord{text: trimmed, content: true, punct: p})
			case isIdentifier(trimmed):
				// "where we call parseInvoice": a name in code
				out = append(out, rawWord{text: trimmed, content: true}, rawWord{text: "code", punct: p})
			default:
				out = append(out, rawWord{text: trimmed, punct: p})
			}
		}
	}
	for len(q) > 0 {
		start, end, inner := nextQuote(q)
		if start < 0 {
			plainFiles(q, plain, &out)
			break
		}
		plainFiles(q[:start], plain, &out)
		for _, f := range strings.Fields(inner) {
			out = append(out, rawWord{text: f, content: true})
		}
		q = q[end:]
	}
	return out
}

// plainFiles feeds unquoted text to plain, turning each reference into
// its words: a file ("docs/notes.md") becomes its base name (content), its
// extension and the word "file"; a folder ("old/") its name (content) and
// the word "folder"; a web address its words (content) and the word
// "url"; an owner/name pair ("acme/web") its words (content) and a marker
// of the word "repository" (see qterm.marker). What a reference's words
// say is a name, never a request: "acme/web" asks for no web tool.
func plainFiles(s string, plain func(string), out *[]rawWord) {
	at := 0
	for _, m := range reference().FindAllStringSubmatchIndex(s, -1) {
		ref := s[m[0]:m[1]]
		switch {
		case m[2] >= 0: // a web address
			plain(s[at:m[0]])
			for _, w := range urlWords(ref) {
				*out = append(*out, rawWord{text: w, content: true})
			}
			*out = append(*out, rawWord{text: "url", ref: true})
		case m[4] >= 0: // a file
			plain(s[at:m[0]])
			if i := strings.LastIndexByte(ref, '/'); i >= 0 {
				ref = ref[i+1:]
			}
			dot := strings.LastIndexByte(ref, '.')
			*out = append(*out,
				rawWord{text: ref[:dot], content: true, file: true},
				rawWord{text: ref[dot+1:], file: true},
				rawWord{text: "file", file: true})
		case m[6] >= 0: // a folder, before a space, punctuation or the end
			plain(s[at:m[0]])
			ref = strings.TrimSuffix(s[m[6]:m[7]], "/")
			if i := strings.LastIndexByte(ref, '/'); i >= 0 {
				ref = ref[i+1:]
			}
			*out = append(*out, rawWord{text: ref, content: true}, rawWord{text: "folder"})
			at = m[7] // the character after the slash is the text's again
			continue
		case m[0] > 0 && (s[m[0]-1] == '/' || s[m[0]-1] == '~'):
			// a path from the root or home ("/var/app", "~/code/api")
			// is a folder, never an owner/name pair
			plain(s[at : m[0]-1])
			name := ref[strings.LastIndexByte(ref, '/')+1:]
			*out = append(*out, rawWord{text: name, content: true}, rawWord{text: "folder"})
		default: // owner/name
			owner, name, _ := strings.Cut(ref, "/")
			if english.IsStopWord(strings.ToLower(owner)) || english.IsStopWord(strings.ToLower(name)) {
				continue // "and/or"
			}
			plain(s[at:m[0]])
			for _, w := range splitWords(ref) {
				*out = append(*out, rawWord{text: w, content: true})
			}
			*out = append(*out, rawWord{text: "repository", marker: true})
		}
		at = m[1]
	}
	plain(s[at:])
}

// dashes are the dashes written between words: an em dash, an en dash,
// and a hyphen or two with spaces around them.
var dashes = map[string]bool{"—": true, "–": true, "-": true, "--": true, "―": true}

// channelName reports whether a word names a chat channel as chat
// services write one, a "#" before a name that starts with a letter
// ("#ops", "#dev-team"); "#212" numbers an issue.
func channelName(w string) bool {
	if len(w) < 3 || w[0] != '#' {
		return false
	}
	r, _ := utf8.DecodeRuneInString(w[1:])
	return unicode.IsLetter(r)
}

// keyShape is a key of upper-case letters, a dash and a number
// ("WEB-142", "PAY-45", "ENG-10"): the shape of a ticket's or a record's
// key in most trackers.
var keyShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Z][A-Z0-9]*-[0-9]+$`) })

// isIdentifier reports whether a word is a name from code: lower camelCase
// ("parseInvoice"; "GitHub" is a brand) or an underscore between letters
// ("parse_invoice").
func isIdentifier(w string) bool {
	rs := []rune(w)
	lowerCamel := len(rs) > 0 && unicode.IsLower(rs[0])
	for i := 1; i+1 < len(rs); i++ {
		if lowerCamel && unicode.IsLower(rs[i-1]) && unicode.IsUpper(rs[i]) && unicode.IsLower(rs[i+1]) {
			return true
		}
		if rs[i] == '_' && unicode.IsLetter(rs[i-1]) && unicode.IsLetter(rs[i+1]) {
			return true
		}
	}
	return false
}

// urlWords are the words of a web address that name something: its host
// without "www" and the top-level domain, and its path; the scheme says
// nothing.
func urlWords(u string) []string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	host, path, _ := strings.Cut(u, "/")
	labels := strings.Split(host, ".")
	if len(labels) > 1 {
		labels = labels[:len(labels)-1]
	}
	if len(labels) > 0 && strings.EqualFold(labels[0], "www") {
		labels = labels[1:]
	}
	return append(splitWords(strings.Join(labels, " ")), splitWords(path)...)
}

// quotePairs are the quote marks a task may put around text it means
// literally.
var quotePairs = map[rune]rune{'"': '"', '“': '”', '‘': '’', '\'': '\'', '`': '`', '«': '»'}

// nextQuote finds the first quoted passage: an opening mark at the start
// or after a space or bracket, and its closing mark followed by anything
// but a letter or digit (so the apostrophes of "it's" and "repo's" never
// open or close one). It returns the passage's byte range, quotes
// included, and its inside; start is -1 when there is none.
func nextQuote(q string) (start, end int, inner string) {
	prev := ' '
	for i, r := range q {
		closing, ok := quotePairs[r]
		if ok && (unicode.IsSpace(prev) || prev == '(' || prev == '[' || i == 0) {
			rest := q[i+utf8.RuneLen(r):]
			for j, c := range rest {
				if c != closing {
					continue
				}
				after, _ := utf8.DecodeRuneInString(rest[j+utf8.RuneLen(c):])
				if unicode.IsLetter(after) || unicode.IsDigit(after) {
					continue
				}
				if j == 0 {
					break
				}
				return i, i + utf8.RuneLen(r) + j + utf8.RuneLen(c), rest[:j]
			}
		}
		prev = r
	}
	return -1, -1, ""
}
