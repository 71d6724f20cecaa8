package authority

import (
	"strings"
	"testing"
)

// TestSubjectValidate: a subject id is 1-200 bytes of printable UTF-8 —
// no control characters (ESC, newline, DEL, C1) and no bidi controls
// (U+202E…) that could disguise it in a log or a page; groups are group
// names. Messages never echo more than a bounded excerpt.
func TestSubjectValidate(t *testing.T) {
	long := strings.Repeat("g", 10000)
	for _, c := range []struct {
		s     Subject
		field string
	}{
		{Subject{ID: "carol", Groups: []string{"contractors"}}, ""},
		{Subject{ID: "Carol Ødegård <carol@example.com>"}, ""},
		{Subject{ID: ""}, "subject.id"}, // every route's rule: a subject names who it is
		{Subject{Groups: []string{"contractors"}}, "subject.id"},
		{Subject{ID: strings.Repeat("x", 201)}, "subject.id"},
		{Subject{ID: "carol\x1b[31m"}, "subject.id"},
		{Subject{ID: "carol\nadmin"}, "subject.id"},
		{Subject{ID: "caro\u202el"}, "subject.id"},
		{Subject{ID: "caro\u2066l"}, "subject.id"},
		{Subject{ID: "carol\x7f"}, "subject.id"},
		{Subject{ID: "carol\u0085"}, "subject.id"},
		{Subject{ID: "carol\xff"}, "subject.id"},
		// invisible format characters make two ids look alike
		{Subject{ID: "car\u200bol"}, "subject.id"},
		{Subject{ID: "carol\u200d"}, "subject.id"},
		{Subject{ID: "\ufeffcarol"}, "subject.id"},
		{Subject{ID: "car\u2060ol"}, "subject.id"},
		{Subject{ID: "car\u00adol"}, "subject.id"},
		{Subject{ID: "u1", Groups: []string{"Bad Group"}}, "subject.groups"},
		{Subject{ID: "u1", Groups: []string{long}}, "subject.groups"},
		{Subject{ID: "u1", Groups: []string{"a\u202eb"}}, "subject.groups"},
		{Subject{ID: "u1", Groups: make([]string, 101)}, "subject.groups"},
	} {
		f, msg := c.s.Validate()
		if f != c.field {
			t.Errorf("%q %q: field %q (%s), want %q", c.s.ID, c.s.Groups, f, msg, c.field)
		}
		if len(msg) > 200 {
			t.Errorf("%q: a %d-byte message echoes the input", c.s.ID, len(msg))
		}
	}
}

// TestSubjectWithoutIDSaysItIsMissing: groups
// with no id are told the id is missing, never "must be 1-200 bytes".
func TestSubjectWithoutIDSaysItIsMissing(t *testing.T) {
	f, msg := (&Subject{Groups: []string{"contractors"}}).Validate()
	if f != "subject.id" || !strings.Contains(msg, "missing") || strings.Contains(msg, "bytes") {
		t.Errorf("groups without an id: %q %q", f, msg)
	}
}
