package args

import (
	"fmt"
	"regexp"
	"sort"
	"time"

	"github.com/dlclark/regexp2"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Bounds on the matching of patterns Go's regular expressions cannot run
// (lookaround), which run on a backtracking engine whose time can grow
// exponentially with the value.
const (
	// PatternBudget is the time all such matches of one check may take
	// together; a value left unchecked when it is spent is a problem.
	PatternBudget = 50 * time.Millisecond
	// MaxPatternValue is the longest value, in bytes, matched against
	// such a pattern; a longer one is a problem.
	MaxPatternValue = 4096
)

// Why a value was not matched.
const (
	skipTime = iota + 1
	skipSize
)

// budget is one check's account of its backtracking matches. A compiled
// schema that holds such a pattern is bound to one budget and used by one
// check at a time (see lease).
type budget struct {
	used time.Duration
	// gaveUp: some value was not matched, so the verdict is not known
	gaveUp bool
	// skipped names the values not matched (at most MaxProblems)
	skipped map[string]int
}

func (b *budget) reset() {
	b.used, b.gaveUp = 0, false
	clear(b.skipped)
}

func (b *budget) skip(s string, why int) {
	b.gaveUp = true
	if len(b.skipped) < MaxProblems {
		b.skipped[s] = why
	}
}

// engine compiles a pattern on Go's linear-time engine when it can, else
// as ECMAScript bound to b; ecma reports that it did the latter.
func engine(b *budget, ecma *bool) func(string) (jsonschema.Regexp, error) {
	return func(s string) (jsonschema.Regexp, error) {
		if re, err := regexp.Compile(s); err == nil {
			return re, nil
		}
		re, err := regexp2.Compile(s, regexp2.ECMAScript)
		if err != nil {
			return nil, err
		}
		*ecma = true
		return &ecmaRegexp{re: re, b: b}, nil
	}
}

// ecmaRegexp matches on the backtracking engine within its check's budget.
// A value it does not match (too long, or the budget spent) answers false
// and is recorded: the check then fails, whatever the schema made of the
// false (under "not" it would pass).
type ecmaRegexp struct {
	re *regexp2.Regexp
	b  *budget
}

func (e *ecmaRegexp) MatchString(s string) bool {
	b := e.b
	switch {
	case len(s) > MaxPatternValue:
		b.skip(s, skipSize)
		return false
	case b.used >= PatternBudget:
		b.skip(s, skipTime)
		return false
	}
	e.re.MatchTimeout = PatternBudget - b.used
	start := time.Now()
	ok, err := e.re.MatchString(s)
	b.used += time.Since(start)
	if err != nil {
		b.used = PatternBudget
		b.skip(s, skipTime)
		return false
	}
	return ok
}

func (e *ecmaRegexp) String() string { return e.re.String() }

// unchecked lists, at their pointers, the values of v a check gave up
// matching (in document order, at most MaxProblems); a member's name is
// named by the member's pointer.
func (b *budget) unchecked(v any) []Problem {
	var out []Problem
	add := func(at, s string) {
		why, ok := b.skipped[s]
		if !ok || len(out) >= MaxProblems {
			return
		}
		msg := fmt.Sprintf("could not be checked against its pattern in time: the pattern checks of one call may take %s in all", PatternBudget)
		if why == skipSize {
			msg = fmt.Sprintf("is %d bytes long; a value checked against a lookaround pattern may be at most %d", len(s), MaxPatternValue)
		}
		out = append(out, Problem{Pointer: clip(at), Message: msg})
	}
	var walk func(at string, v any)
	walk = func(at string, v any) {
		switch v := v.(type) {
		case string:
			add(at, v)
		case []any:
			for i, x := range v {
				walk(fmt.Sprintf("%s/%d", at, i), x)
			}
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				at := at + pointer([]string{k})
				add(at, k)
				walk(at, v[k])
			}
		}
	}
	walk("", v)
	if len(out) == 0 {
		out = []Problem{{Message: "could not be checked against the schema's patterns in time"}}
	}
	return out
}
