package args

import (
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
)

// branchLeaves words an anyOf or oneOf no branch of which held: the
// problems of the branch that matches best — one whose type fits the
// value, with the fewest problems, the first of equals — so a branch the
// value was never meant for does not report "got array, want string"
// next to the real problem. When no branch's type fits, one problem
// names every type the branches want.
func branchLeaves(e *jsonschema.ValidationError) []Problem {
	var best []Problem
	bestMiss, found := false, false
	var got string
	var wants []string
	for _, c := range e.Causes {
		ps := leaves(c)
		t, miss := typeMiss(c, pointer(e.InstanceLocation))
		if miss {
			got = t.Got
			for _, w := range t.Want {
				if !contains(wants, w) {
					wants = append(wants, w)
				}
			}
		}
		if !found || (bestMiss && !miss) || (bestMiss == miss && len(ps) < len(best)) {
			best, bestMiss, found = ps, miss, true
		}
	}
	if bestMiss && len(wants) > 1 {
		return []Problem{{Pointer: pointer(e.InstanceLocation), Message: "got " + got + ", want " + strings.Join(wants, " or ")}}
	}
	return best
}

// typeMiss reports a branch whose own type does not fit the value at
// (a type error at that instance location; a branch of one problem
// comes as that problem), with that error.
func typeMiss(c *jsonschema.ValidationError, at string) (*kind.Type, bool) {
	if t, ok := c.ErrorKind.(*kind.Type); ok && pointer(c.InstanceLocation) == at {
		return t, true
	}
	for _, cc := range c.Causes {
		if t, ok := cc.ErrorKind.(*kind.Type); ok && pointer(cc.InstanceLocation) == at {
			return t, true
		}
	}
	return nil, false
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}
