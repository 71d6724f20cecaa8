package args

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"sort"
	"strconv"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/agentforge/console/catalog"
)

// Bounds on the work one check does.
const (
	// MaxBytes is the largest arguments document checked; a larger one
	// is one problem at the root.
	MaxBytes = 256 << 10
	// MaxDepth is the deepest nesting of arrays and objects checked.
	MaxDepth = 64
	// MaxProblems is the most problems one check lists.
	MaxProblems = 20
	// maxMessage bounds one problem's message in bytes.
	maxMessage = 300
	// DefaultCacheSize is how many compiled schemas a Checker from
	// NewChecker(0) keeps.
	DefaultCacheSize = 4096
)

// Problem is one way a call's arguments break the reviewed schema: where
// (a JSON pointer into the arguments, "" for the whole document) and what.
type Problem struct {
	Pointer string `json:"pointer"`
	Message string `json:"message"`
}

var shared = NewChecker(0)

// Check checks raw arguments against the input schema of the contract
// whose digest is digest, with a Checker shared by the process. See
// (*Checker).Check.
func Check(digest string, c *catalog.Contract, raw []byte) []Problem {
	return shared.Check(digest, c, raw)
}

// Check checks raw (a JSON document: the call's arguments) against the
// input schema of contract c, whose digest is digest (the cache key: a
// digest names one contract). It returns nil when the arguments hold,
// else the problems, ordered by pointer, at most MaxProblems. Arguments
// over MaxBytes or nested deeper than MaxDepth, and a document that is not
// JSON, are one problem at the root; a key an object holds more than once
// is a problem at its pointer (the schema is not consulted then: which
// value the arguments mean is not known). Nothing of raw is kept.
func (k *Checker) Check(digest string, c *catalog.Contract, raw []byte) []Problem {
	ps := k.check(digest, c, raw)
	for i := range ps {
		// a pointer names the call's own member names: a bounded prefix
		ps[i].Pointer = clip(ps[i].Pointer)
	}
	return ps
}

func (k *Checker) check(digest string, c *catalog.Contract, raw []byte) []Problem {
	if len(raw) > MaxBytes {
		return []Problem{{Message: fmt.Sprintf("the arguments are %d bytes; at most %d are accepted", len(raw), MaxBytes)}}
	}
	if d := depth(raw); d > MaxDepth {
		return []Problem{{Message: fmt.Sprintf("the arguments nest deeper than %d levels", MaxDepth)}}
	}
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return []Problem{{Message: "the arguments are not a JSON document"}}
	}
	// a key held twice means two things: the decoder above kept its last
	// value, a server may read its first
	if ps := duplicates(raw); len(ps) > 0 {
		return ps
	}
	l, err := k.lease(digest, c)
	if err != nil {
		return []Problem{{Message: "the tool's reviewed schema cannot be checked: " + clip(err.Error())}}
	}
	defer l.release()
	// a member the reviewer never saw is refused even where the schema
	// does not close its object: a server may honour it
	extra := undeclared(l.levels, v)
	// numbers are checked as sent and as a server reads them (float.go)
	inexact, bad := false, []Problem(nil)
	numbers(v, nil, &inexact, &bad)
	ps, err := l.validate(v)
	if err == nil && inexact && len(bad) == 0 {
		var read []Problem
		if read, err = l.validate(asRead(v)); err == nil {
			ps = append(ps, onlyRead(ps, read)...)
		}
	}
	if l.budget != nil && l.budget.gaveUp {
		// a value not matched answered false, which the schema may have
		// read either way: the verdict is not known
		return l.budget.unchecked(v)
	}
	if err != nil {
		return []Problem{{Message: clip(err.Error())}}
	}
	// a number no float holds is named first at its pointer
	return sorted(append(append(bad, ps...), extra...))
}

// sorted orders problems by pointer (stable), keeping at most
// MaxProblems; nil when there are none.
func sorted(ps []Problem) []Problem {
	if len(ps) == 0 {
		return nil
	}
	sort.SliceStable(ps, func(i, j int) bool { return ps[i].Pointer < ps[j].Pointer })
	if len(ps) > MaxProblems {
		ps = ps[:MaxProblems]
	}
	return ps
}

var printer = message.NewPrinter(language.English)

// problems lists the leaves of a validation error: each a rule one value
// broke, named by its instance pointer. Of an anyOf or oneOf only the
// best-matching branch's problems are listed (branchLeaves).
func problems(ve *jsonschema.ValidationError) []Problem {
	var out []Problem
	seen := map[Problem]bool{}
	for _, p := range leaves(ve) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Pointer < out[j].Pointer })
	if len(out) > MaxProblems {
		out = out[:MaxProblems]
	}
	return out
}

// leaves lists the broken rules under e, in order.
func leaves(e *jsonschema.ValidationError) []Problem {
	if len(e.Causes) == 0 {
		return leaf(e)
	}
	switch e.ErrorKind.(type) {
	case *kind.AnyOf, *kind.OneOf:
		return branchLeaves(e)
	}
	var out []Problem
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// leaf words one broken rule. A missing or an unexpected property is
// named by its own pointer, one problem each, so a runtime can point at it.
func leaf(e *jsonschema.ValidationError) []Problem {
	at := pointer(e.InstanceLocation)
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		out := make([]Problem, len(k.Missing))
		for i, m := range k.Missing {
			out[i] = Problem{Pointer: at + pointer([]string{m}), Message: "is required and missing"}
		}
		return out
	case *kind.AdditionalProperties:
		out := make([]Problem, len(k.Properties))
		for i, m := range k.Properties {
			out[i] = Problem{Pointer: at + pointer([]string{m}), Message: "is not a property the schema allows"}
		}
		return out
	}
	if m := bound(e.ErrorKind); m != "" {
		return []Problem{{Pointer: at, Message: m}}
	}
	return []Problem{{Pointer: at, Message: clip(e.ErrorKind.LocalizedString(printer))}}
}

// bound words a broken numeric or size bound with its numbers as JSON
// writes them (the library's printer groups digits: "9,000").
func bound(k jsonschema.ErrorKind) string {
	switch k := k.(type) {
	case *kind.Minimum:
		return fmt.Sprintf("must be at least %s, got %s", num(k.Want), num(k.Got))
	case *kind.Maximum:
		return fmt.Sprintf("must be at most %s, got %s", num(k.Want), num(k.Got))
	case *kind.ExclusiveMinimum:
		return fmt.Sprintf("must be greater than %s, got %s", num(k.Want), num(k.Got))
	case *kind.ExclusiveMaximum:
		return fmt.Sprintf("must be less than %s, got %s", num(k.Want), num(k.Got))
	case *kind.MultipleOf:
		return fmt.Sprintf("must be a multiple of %s, got %s", num(k.Want), num(k.Got))
	case *kind.MinLength:
		return fmt.Sprintf("must be at least %d characters long, got %d", k.Want, k.Got)
	case *kind.MaxLength:
		return fmt.Sprintf("must be at most %d characters long, got %d", k.Want, k.Got)
	case *kind.MinItems:
		return fmt.Sprintf("must have at least %d items, got %d", k.Want, k.Got)
	case *kind.MaxItems:
		return fmt.Sprintf("must have at most %d items, got %d", k.Want, k.Got)
	case *kind.MinProperties:
		return fmt.Sprintf("must have at least %d properties, got %d", k.Want, k.Got)
	case *kind.MaxProperties:
		return fmt.Sprintf("must have at most %d properties, got %d", k.Want, k.Got)
	}
	return ""
}

func num(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() && r.Num().BitLen() <= 64 {
		return r.Num().String()
	}
	if f, exact := r.Float64(); exact || (f != 0 && !math.IsInf(f, 0)) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	// beyond float64 (a call may write 1e100000): its leading digits and
	// exponent, never every digit
	return new(big.Float).SetRat(r).Text('g', 17)
}

// pointer is the RFC 6901 JSON pointer of a list of reference tokens.
func pointer(tokens []string) string {
	var b bytes.Buffer
	for _, t := range tokens {
		b.WriteByte('/')
		for i := 0; i < len(t); i++ {
			switch t[i] {
			case '~':
				b.WriteString("~0")
			case '/':
				b.WriteString("~1")
			default:
				b.WriteByte(t[i])
			}
		}
	}
	return b.String()
}

func clip(s string) string {
	if len(s) <= maxMessage {
		return s
	}
	cut := maxMessage
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + "…"
}

// depth is the deepest nesting of arrays and objects in a JSON text,
// counted without decoding it (brackets inside strings do not count).
func depth(raw []byte) int {
	d, deepest := 0, 0
	in, esc := false, false
	for _, c := range raw {
		switch {
		case in:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				in = false
			}
		case c == '"':
			in = true
		case c == '[' || c == '{':
			if d++; d > deepest {
				deepest = d
			}
		case c == ']' || c == '}':
			d--
		}
	}
	return deepest
}
