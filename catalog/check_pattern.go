package catalog

import (
	"time"

	"github.com/dlclark/regexp2"
)

// JSON Schema reads a pattern as an ECMAScript regular expression. Go's
// package regexp reads most of them; one it cannot (a lookahead, a
// backreference: zod's iso.duration, Postman's "no value twice" lists) is
// still a valid pattern, read here by an ECMAScript engine, as the
// argument checker reads it at call time (instruction/authority/args).

// patternTimeout bounds one match of a default against such a pattern:
// backtracking engines can take exponential time on a hostile pattern.
const patternTimeout = 100 * time.Millisecond

// compileECMA compiles a pattern as ECMAScript.
func compileECMA(pattern string) (*regexp2.Regexp, error) {
	re, err := regexp2.Compile(pattern, regexp2.ECMAScript)
	if err != nil {
		return nil, err
	}
	re.MatchTimeout = patternTimeout
	return re, nil
}

// ecmaPattern checks a pattern Go cannot compile: it must be ECMAScript,
// and a string default must match it.
func (c *checker) ecmaPattern(path string, p Param) {
	re, err := compileECMA(p.Pattern)
	if err != nil {
		c.add(path, "pattern", "is not a regular expression (ECMAScript, as JSON Schema reads a pattern): %v", err)
		return
	}
	s, isStr := p.Default.(string)
	if !isStr {
		return
	}
	switch ok, err := re.MatchString(s); {
	case err != nil:
		c.add(path, "default", "%s could not be checked against the pattern in %s", jsonValue(s), patternTimeout)
	case !ok:
		c.add(path, "default", "%s does not match the pattern", jsonValue(s))
	}
}

// validPattern reports whether a pattern compiles, in Go's syntax or as
// ECMAScript.
func validPattern(pattern string) error {
	if _, err := regexp2.Compile(pattern, regexp2.ECMAScript); err != nil {
		return err
	}
	return nil
}
