package eval

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"

	"github.com/agentforge/console/catalog"
)

// Case kinds (the selection rules).
const (
	KindOrdinary    = "ordinary"
	KindRare        = "rare"
	KindMisleading  = "misleading"
	KindTwoProfiles = "two_profiles"
	KindNoTool      = "no_tool"
)

// Kinds lists every valid kind.
var Kinds = []string{KindOrdinary, KindRare, KindMisleading, KindTwoProfiles, KindNoTool}

// Limits on a suite, so a file or a form cannot make an evaluation
// unbounded.
const (
	MaxCases     = 500
	MaxTaskBytes = catalog.MaxQueryBytes
	MaxExpect    = 8
	DefaultK     = 5
)

// Case is one selection case: a task as a user would put it and the tools
// it needs. An expect entry may name alternatives as "a|b" (either does
// the job) and a skill as "skill:SLUG"; an empty expect means no tool
// should be needed.
type Case struct {
	Task       string   `json:"task" yaml:"task"`
	Expect     []string `json:"expect" yaml:"expect"`
	Kind       string   `json:"kind,omitempty" yaml:"kind,omitempty"`
	Misleading bool     `json:"misleading,omitempty" yaml:"misleading,omitempty"`
	// HeldOut marks a case kept out of any tuning of the search; reports
	// give its figures separately.
	HeldOut bool `json:"held_out,omitempty" yaml:"held_out,omitempty"`
}

// IsMisleading reports whether the case's wording carries a misleading
// keyword, so its top hit is judged.
func (c Case) IsMisleading() bool { return c.Misleading || c.Kind == KindMisleading }

// Alternatives splits an expect entry into the tool ids that satisfy it.
func Alternatives(expect string) []string { return strings.Split(expect, "|") }

// Suite is a case file: k, optional roster fields, and the cases.
type Suite struct {
	K        int      `json:"k,omitempty" yaml:"k,omitempty"`
	Agent    string   `json:"agent,omitempty" yaml:"agent,omitempty"`
	Profile  string   `json:"profile,omitempty" yaml:"profile,omitempty"`
	Tools    []string `json:"tools,omitempty" yaml:"tools,omitempty"`
	Services []string `json:"services,omitempty" yaml:"services,omitempty"`
	Deferred bool     `json:"deferred,omitempty" yaml:"deferred,omitempty"`
	Pins     []string `json:"pins,omitempty" yaml:"pins,omitempty"`
	Cases    []Case   `json:"cases" yaml:"cases"`
}

// Sets reports whether the file gave a roster field (agent, profile,
// tools, services, deferred, pins), so an error about it can name the file.
func (s Suite) Sets(field string) bool {
	switch field {
	case "agent":
		return s.Agent != ""
	case "profile":
		return s.Profile != ""
	case "tools":
		return len(s.Tools) > 0
	case "services":
		return len(s.Services) > 0
	case "deferred":
		return s.Deferred
	case "pins":
		return len(s.Pins) > 0
	}
	return false
}

// FieldError names the field of a suite or case that is wrong.
type FieldError struct {
	Field   string
	Message string
}

// Error renders "field: message".
func (e *FieldError) Error() string { return e.Field + ": " + e.Message }

// ParseSuite reads a suite from JSON or YAML (JSON is read as YAML),
// refusing unknown fields, and validates it.
func ParseSuite(data []byte) (Suite, error) {
	var s Suite
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // a byte-order mark Windows editors write
	if len(bytes.TrimSpace(data)) == 0 {
		return s, &FieldError{"cases", "the file is empty"}
	}
	if _, err := catalog.ReadDocument(context.Background(), data, SuiteLimits); err != nil {
		return s, documentError(err)
	}
	if err := yaml.UnmarshalWithOptions(data, &s, yaml.Strict()); err != nil {
		return s, decodeError(data, err)
	}
	if s.K == 0 && !statesK(data) {
		s.K = DefaultK
	}
	return s, s.Validate()
}

// MaxSuiteBytes bounds a case file.
const MaxSuiteBytes = 512 << 10

// SuiteLimits bound the reading of a case file before it is decoded: 500
// cases of a task and eight expectations each hold about 10,000 values.
var SuiteLimits = catalog.DocumentLimits{Bytes: MaxSuiteBytes, Depth: 16, Values: 50_000, Marks: 100_000, Text: 64 << 10}

// documentError names the field (or the file) a refused document is
// refused at.
func documentError(err error) *FieldError {
	var de *catalog.DocumentError
	if !errors.As(err, &de) {
		return &FieldError{"file", err.Error()}
	}
	if de.Path == "" || strings.HasPrefix(de.Path, "line ") {
		return &FieldError{"file", oneLine(de.Error())}
	}
	return &FieldError{de.Path, oneLine(de.Message)}
}

// statesK reports whether a file gives k a value (k: 0 is a k given, to
// be refused; no k or k: null takes the default).
func statesK(data []byte) bool {
	var k struct {
		K *int `yaml:"k"`
	}
	return yaml.Unmarshal(data, &k) == nil && k.K != nil
}

var toolRef = regexp.MustCompile(`^(` + catalog.ToolIDPattern + `|skill:[a-z0-9][a-z0-9-]*)$`)

// SkillPrefix marks an expectation of a skill rather than a tool
// ("skill:quarterly-report"): the task needs the skill's procedure.
const SkillPrefix = "skill:"

// Validate checks k and every case, naming the first field at fault.
func (s Suite) Validate() error {
	if s.K < 1 || s.K > catalog.MaxSearchLimit {
		return &FieldError{"k", fmt.Sprintf("must be 1 to %d", catalog.MaxSearchLimit)}
	}
	if len(s.Cases) == 0 {
		return &FieldError{"cases", "at least one case is needed"}
	}
	if len(s.Cases) > MaxCases {
		return &FieldError{"cases", fmt.Sprintf("at most %d cases", MaxCases)}
	}
	seen := make(map[string]int, len(s.Cases))
	for i, c := range s.Cases {
		if err := c.Validate(); err != nil {
			fe := err.(*FieldError)
			return &FieldError{fmt.Sprintf("cases[%d].%s", i, fe.Field), fe.Message}
		}
		task := strings.TrimSpace(c.Task)
		if j, ok := seen[task]; ok {
			return &FieldError{fmt.Sprintf("cases[%d].task", i), fmt.Sprintf("repeats cases[%d]: a case given twice counts twice in every total", j)}
		}
		seen[task] = i
	}
	return nil
}

// Validate checks one case: a task within bounds, a known kind, tool ids
// of the catalog's shape, and an empty expect exactly for no-tool cases.
func (c Case) Validate() error {
	if strings.TrimSpace(c.Task) == "" {
		return &FieldError{"task", "is required"}
	}
	if len(c.Task) > MaxTaskBytes {
		return &FieldError{"task", fmt.Sprintf("is over %d bytes", MaxTaskBytes)}
	}
	if strings.ContainsRune(c.Task, 0) {
		return &FieldError{"task", "contains a NUL character"}
	}
	if msg := catalog.HiddenText(c.Task); msg != "" {
		return &FieldError{"task", strings.Replace(msg, "the model reads", "the evaluation searches for", 1)}
	}
	if c.Kind != "" && !validKind(c.Kind) {
		return &FieldError{"kind", fmt.Sprintf("%q is not one of %s", c.Kind, strings.Join(Kinds, ", "))}
	}
	if c.Expect == nil {
		return &FieldError{"expect", "is required: the tools the task needs, or [] when no tool should be needed"}
	}
	if len(c.Expect) > MaxExpect {
		return &FieldError{"expect", fmt.Sprintf("at most %d tools", MaxExpect)}
	}
	for j, e := range c.Expect {
		for i := range j {
			if c.Expect[i] == e {
				return &FieldError{fmt.Sprintf("expect[%d]", j), fmt.Sprintf("repeats expect[%d] (%s)", i, e)}
			}
		}
		for _, id := range Alternatives(e) {
			if !toolRef.MatchString(id) {
				return &FieldError{fmt.Sprintf("expect[%d]", j), fmt.Sprintf("%q is not a tool id or skill:SLUG", e)}
			}
		}
	}
	if c.Misleading && len(c.Expect) == 0 {
		return &FieldError{"misleading", "a misleading case's top hit is judged against expect: name the tool the task needs"}
	}
	if c.Kind == KindNoTool && len(c.Expect) > 0 {
		return &FieldError{"expect", "a no_tool case expects no tool"}
	}
	if c.Kind != KindNoTool && c.Kind != "" && len(c.Expect) == 0 {
		return &FieldError{"expect", "name at least one tool, or use kind no_tool"}
	}
	return nil
}

func validKind(k string) bool {
	for _, v := range Kinds {
		if v == k {
			return true
		}
	}
	return false
}

func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return strings.TrimSpace(s[:i])
	}
	return s
}
