package eval

import (
	"errors"
	"strings"
	"testing"
)

// TestParseSuiteNamesTheFieldOfEveryDecodeError: a file whose value has
// the wrong type or an unknown key is refused naming the field's path
// (cases[0].expect), in words a user reads — never a Go type or struct
// name — in JSON and YAML alike.
func TestParseSuiteNamesTheFieldOfEveryDecodeError(t *testing.T) {
	for _, tc := range []struct{ file, field, says string }{
		{`{"cases":[{"task":"x","expect":"render_chart"}]}`, "cases[0].expect", "a list"},
		{"cases:\n  - task: x\n    expect: render_chart\n", "cases[0].expect", "a list"},
		{"k: five\ncases:\n  - {task: x, expect: [render_chart]}\n", "k", "a whole number"},
		{"cases:\n  - {task: x, expect: [render_chart]}\n  - {task: y, expect: [render_chart], held_out: 3}\n", "cases[1].held_out", "true or false"},
		{"cases:\n  - {task: [a, b], expect: [render_chart]}\n", "cases[0].task", "text"},
		{"cases:\n  - {task: x, expect: [[render_chart]]}\n", "cases[0].expect[0]", "text"},
		{"cases:\n  - task: x\n    expekt: [a]\n", "cases[0].expekt", "unknown field"},
		{"cases: {task: x}\n", "cases", "a list"},
		{"- {task: x}\n", "file", "a mapping"},
		{"cases:\n  - {task: x, expect: [render_chart]}\ncases:\n  - {task: y, expect: [render_chart]}\n", "cases", "more than once"},
		{"k: 99999999999999999999999\ncases:\n  - {task: x, expect: [render_chart]}\n", "k", "a whole number"},
	} {
		_, err := ParseSuite([]byte(tc.file))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Message, tc.says) {
			t.Errorf("%q: %v, want field %s saying %q", tc.file, err, tc.field, tc.says)
			continue
		}
		if strings.Contains(fe.Message, "Go ") || strings.Contains(fe.Message, "struct") || strings.Contains(fe.Message, "Suite.") {
			t.Errorf("%q: the message speaks Go: %q", tc.file, fe.Message)
		}
	}
}

// TestSuiteRefusesWhatAReviewerCannotSeeOrCountsTwice: a task holding text
// a reviewer cannot see (a direction override, a zero-width or control
// character, NUL), a task given twice, and a tool expected twice in one
// case are refused naming the field; a repeated case would count twice in
// every total.
func TestSuiteRefusesWhatAReviewerCannotSeeOrCountsTwice(t *testing.T) {
	for _, tc := range []struct{ file, field, says string }{
		{"cases:\n  - {task: \"plot \u202erevenue\", expect: [render_chart]}\n", "cases[0].task", "U+202E"},
		{"cases:\n  - {task: \"plot\u200b revenue\", expect: [render_chart]}\n", "cases[0].task", "U+200B"},
		{`{"cases":[{"task":"plot\u0000 revenue","expect":["render_chart"]}]}`, "cases[0].task", "NUL"},
		{`{"cases":[{"task":"plot\u001b[31m revenue","expect":["render_chart"]}]}`, "cases[0].task", "U+001B"},
		{"cases:\n  - {task: plot revenue, expect: [render_chart]}\n  - {task: \" plot revenue \", expect: [exec]}\n", "cases[1].task", "cases[0]"},
		{"cases:\n  - {task: plot revenue, expect: [render_chart, exec, render_chart]}\n", "cases[0].expect[2]", "expect[0]"},
	} {
		_, err := ParseSuite([]byte(tc.file))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Message, tc.says) {
			t.Errorf("%q: %v, want field %s saying %q", tc.file, err, tc.field, tc.says)
		}
	}
	if _, err := ParseSuite([]byte("cases:\n  - {task: \"plot the 👩‍💻 revenue, naïve café\", expect: [render_chart]}\n  - {task: plot revenue, expect: [render_chart]}\n")); err != nil {
		t.Errorf("visible text and distinct tasks: %v", err)
	}
}

// TestSuiteReadsWhatEditorsWrite: a UTF-8 byte-order mark (Windows
// editors write one) is no part of the first key; a case without expect is
// refused — it silently counted as a no-tool case — while expect: [] stays
// the way to say no tool is needed.
func TestSuiteReadsWhatEditorsWrite(t *testing.T) {
	for _, file := range []string{
		"\ufeffk: 5\r\ncases:\r\n  - {task: make a bar chart, expect: [render_chart]}\r\n",
		"\ufeff{\"cases\":[{\"task\":\"make a bar chart\",\"expect\":[\"render_chart\"]}]}",
	} {
		if s, err := ParseSuite([]byte(file)); err != nil || len(s.Cases) != 1 {
			t.Errorf("%q: %v", file, err)
		}
	}
	for _, file := range []string{"cases:\n  - {task: make a bar chart}\n", `{"cases":[{"task":"make a bar chart"}]}`, "cases:\n  - {task: make a bar chart, expect: null}\n"} {
		_, err := ParseSuite([]byte(file))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "cases[0].expect" || !strings.Contains(fe.Message, "[]") {
			t.Errorf("%q: %v, want cases[0].expect naming []", file, err)
		}
	}
	for _, file := range []string{"cases:\n  - {task: write me a haiku, expect: []}\n", `{"cases":[{"task":"write me a haiku","expect":[],"kind":"no_tool"}]}`} {
		if _, err := ParseSuite([]byte(file)); err != nil {
			t.Errorf("%q: %v", file, err)
		}
	}
}

// TestMisleadingNeedsAnExpectedTool: a case marked misleading whose top
// hit cannot be judged (no expected tool) is refused naming misleading; it
// was dropped from the top-1 total without a word.
func TestMisleadingNeedsAnExpectedTool(t *testing.T) {
	_, err := ParseSuite([]byte("cases:\n  - {task: delete the word schedule from this draft, expect: [], misleading: true}\n"))
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != "cases[0].misleading" {
		t.Errorf("%v, want cases[0].misleading", err)
	}
}

// TestAGivenKIsTakenAsGiven: a k the file states is checked as stated —
// 0 or a negative k is refused naming k, in JSON and YAML — and only a
// file that says nothing of k (or k: null) gets the default.
func TestAGivenKIsTakenAsGiven(t *testing.T) {
	for _, file := range []string{
		"k: 0\ncases:\n  - {task: x, expect: [render_chart]}\n",
		`{"k": 0, "cases": [{"task": "x", "expect": ["render_chart"]}]}`,
		"k: -3\ncases:\n  - {task: x, expect: [render_chart]}\n",
	} {
		_, err := ParseSuite([]byte(file))
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Field != "k" {
			t.Errorf("%q: %v, want an error naming k", file, err)
		}
	}
	for _, file := range []string{
		"cases:\n  - {task: x, expect: [render_chart]}\n",
		"k: null\ncases:\n  - {task: x, expect: [render_chart]}\n",
		"k: 3\ncases:\n  - {task: x, expect: [render_chart]}\n",
	} {
		s, err := ParseSuite([]byte(file))
		want := DefaultK
		if strings.HasPrefix(file, "k: 3") {
			want = 3
		}
		if err != nil || s.K != want {
			t.Errorf("%q: k %d, %v; want k %d", file, s.K, err, want)
		}
	}
}
