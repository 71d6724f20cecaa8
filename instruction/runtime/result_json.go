package runtime

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/agentforge/console/instruction/meter"
)

// AppendJSON appends r encoded exactly as json.Marshal(r) encodes it
// (TestResultJSONMatchesMarshal holds the two to the same bytes), at a
// fraction of the cost for the parts every answer repeats: the header,
// the sections, the totals and levers are written by hand, and the whole
// text is written from its sections' escaped texts (the text is the
// sections' texts in order, so its escaped form is theirs joined) instead
// of being escaped a second time; so are the pinned versions and the
// dropped tools. The rarer parts (skills, warnings) go through
// json.Marshal when there are any.
func (r Result) AppendJSON(b []byte) ([]byte, error) {
	h := r.Header
	b = append(b, '{')
	if h.Agent != "" {
		b = append(b, `"agent":`...)
		b = appendJSONString(b, h.Agent)
		b = append(b, ',')
	}
	if h.Profile != "" {
		b = append(b, `"profile":`...)
		b = appendJSONString(b, h.Profile)
		b = append(b, ',')
	}
	if h.ProfileVersion != 0 {
		b = append(b, `"profile_version":`...)
		b = strconv.AppendInt(b, int64(h.ProfileVersion), 10)
		b = append(b, ',')
	}
	b = append(b, `"encoding":`...)
	b = appendJSONString(b, h.Encoding)
	b = append(b, `,"tier":`...)
	b = appendJSONString(b, h.Tier)
	b = append(b, `,"catalog_form":`...)
	b = appendJSONString(b, h.CatalogForm)
	b = append(b, `,"deferred":`...)
	b = strconv.AppendBool(b, h.Deferred)
	b = append(b, `,"pins":`...)
	b = appendJSONStrings(b, h.Pins)
	b = append(b, `,"roster":`...)
	b = appendJSONStrings(b, h.Roster)
	b = append(b, `,"services":`...)
	b = appendJSONStrings(b, h.Services)
	var err error
	if len(h.Skills) == 0 {
		b = appendEmpty(append(b, `,"skills":`...), h.Skills == nil)
	} else if b, err = appendMarshal(b, `,"skills":`, h.Skills); err != nil {
		return nil, err
	}
	b = append(b, `,"channels":`...)
	b = strconv.AppendInt(b, int64(h.Channels), 10)

	// each section's escaped text, kept as offsets into b, makes the
	// whole text's escaped form; a text that is not valid UTF-8 is escaped
	// whole (an invalid byte sequence split between two sections would
	// not be read as it is read whole)
	type span struct{ from, to int }
	var spansArr [32]span
	spans := spansArr[:0]
	valid := true
	b = append(b, `,"sections":`...)
	if r.Sections == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, s := range r.Sections {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"id":`...)
			b = appendJSONString(b, s.ID)
			b = append(b, `,"group":`...)
			b = appendJSONString(b, s.Group)
			b = append(b, `,"tokens":`...)
			b = strconv.AppendInt(b, int64(s.Tokens), 10)
			b = append(b, `,"reason":`...)
			b = appendJSONString(b, s.Reason)
			b = append(b, `,"text":`...)
			from := len(b)
			var ok bool
			b, ok = appendJSONStringValid(b, s.Text)
			spans = append(spans, span{from + 1, len(b) - 1})
			valid = valid && ok
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	b = append(b, `,"totals":`...)
	b = appendTotals(b, r.Totals)
	b = append(b, `,"levers":`...)
	if r.Levers == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, l := range r.Levers {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"id":`...)
			b = appendJSONString(b, l.ID)
			b = append(b, `,"on":`...)
			b = strconv.AppendBool(b, l.On)
			b = append(b, `,"delta":`...)
			b = appendTotals(b, l.Delta)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	if len(r.Warnings) == 0 {
		b = appendEmpty(append(b, `,"warnings":`...), r.Warnings == nil)
	} else if b, err = appendMarshal(b, `,"warnings":`, r.Warnings); err != nil {
		return nil, err
	}
	b = append(b, `,"text":`...)
	if valid && sectionsMakeText(r.Sections, r.Text) {
		b = append(b, '"')
		for _, sp := range spans {
			b = append(b, b[sp.from:sp.to]...)
		}
		b = append(b, '"')
	} else {
		b = appendJSONString(b, r.Text)
	}
	b = append(b, `,"digest":`...)
	b = appendJSONString(b, r.Digest)
	b = append(b, `,"pinned":`...)
	b = appendPinned(b, r.Pinned)
	b = append(b, `,"dropped":`...)
	b = appendDropped(b, r.Dropped)
	return append(b, '}'), nil
}

// AnswerSize is a capacity for r's encoding that it rarely outgrows: the
// text twice (whole and in sections), an eighth more for its escapes,
// room for the sections, levers and roster, and the parts json.Marshal
// writes at the end: each pinned tool and skill (an id and a 64-digit
// digest each, about 120 bytes a tool), each warning and each dropped
// tool (their texts twice, for escapes). An answer that outgrows its
// buffer is copied into an array of twice the size, which the response
// cache then keeps.
func AnswerSize(r Result) int {
	n := 2*len(r.Text) + len(r.Text)/8 + 1024 + 64*len(r.Sections) + 96*len(r.Levers) + 32*len(r.Roster)
	for _, p := range r.Pinned.Tools {
		n += 48 + len(p.ID) + len(p.Version) + len(p.Digest)
	}
	for _, p := range r.Pinned.Skills {
		n += 64 + len(p.Slug) + len(p.Digest)
	}
	for _, w := range r.Warnings {
		n += 160 + 2*(len(w.Kind)+len(w.Tool)+len(w.Signal)+len(w.Section)+len(w.Excerpt)+len(w.Class)+len(w.Suggestion))
	}
	for _, d := range r.Dropped {
		n += 48 + 2*(len(d.ID)+len(d.Set)+len(d.Reason))
	}
	return n
}

// sectionsMakeText reports whether text is the sections' texts in order
// (meter's describe builds it so; anything else is escaped on its own).
func sectionsMakeText(sections []meter.SectionView, text string) bool {
	at := 0
	for _, s := range sections {
		if len(text)-at < len(s.Text) || text[at:at+len(s.Text)] != s.Text {
			return false
		}
		at += len(s.Text)
	}
	return at == len(text)
}

// appendMarshal appends the key and json.Marshal(v).
func appendMarshal(b []byte, key string, v any) ([]byte, error) {
	j, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(append(b, key...), j...), nil
}

func appendTotals(b []byte, t meter.Totals) []byte {
	b = append(b, `{"body":`...)
	b = strconv.AppendInt(b, int64(t.Body), 10)
	b = append(b, `,"protocol":`...)
	b = strconv.AppendInt(b, int64(t.Protocol), 10)
	b = append(b, `,"catalog":`...)
	b = strconv.AppendInt(b, int64(t.Catalog), 10)
	b = append(b, `,"total":`...)
	b = strconv.AppendInt(b, int64(t.Total), 10)
	return append(b, '}')
}

func appendJSONStrings(b []byte, ss []string) []byte {
	if ss == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, s)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// plainByte marks the bytes encoding/json copies as they are (with HTML
// escaping on): ASCII from space up but `"`, `\`, <, > and &.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// appendJSONString appends s as encoding/json writes a string (HTML
// escaping on, as json.Marshal has it): quotes, backslash escapes for
// `"`, `\` and \b \f \n \r \t, \u00XX for the other control bytes and
// for <, > and &, \ufffd for each byte of invalid UTF-8, and \u2028,
// \u2029 escaped. TestAppendJSONStringMatchesMarshal compares them.
func appendJSONString(b []byte, s string) []byte {
	b, _ = appendJSONStringValid(b, s)
	return b
}

// appendJSONStringValid is appendJSONString that also reports whether s
// is valid UTF-8.
func appendJSONStringValid(b []byte, s string) ([]byte, bool) {
	valid := true
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if plainByte[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			valid = false
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"'), valid
}
