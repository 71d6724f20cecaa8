package catalog

// Repetitions that meet: the cost bound on recursive schemas.

// maxRepetitions bounds the repetitions one schema may hold: a real tree
// has a handful, and the overlap check below compares them pairwise.
const maxRepetitions = 256

// repetition is one Ref of a walk: the steps from the root to it and the
// depth of the schema it repeats.
type repetition struct {
	steps  []schemaStep
	target int
	at     string
}

// checkOverlaps refuses a schema where two repetitions can apply to the
// same value: checking a value repeats every repetition that applies to
// it at each level of the tree, so two of them cost 2^depth (a validator
// does not remember what it checked: `oneOf: [same as t, same as t]`
// pins a core on one deep call). Two repetitions are apart when the
// schemas they repeat both contain the place where their paths part, and
// they part on steps that reach different parts of a value (two named
// properties, two positions of a tuple, an object's part and an array's);
// every other parting (two parts of an allOf, options, a property and
// the pattern that also matches it, the items and contains) can meet.
func (c *checker) checkOverlaps(reps []repetition) {
	if len(reps) > maxRepetitions {
		c.add(reps[maxRepetitions].at, "$ref", "the schema repeats enclosing schemas more than %d times; a contract holds at most that many repetitions", maxRepetitions)
		return
	}
	for j := 1; j < len(reps); j++ {
		for i := 0; i < j; i++ {
			a, b := reps[i], reps[j]
			d := 0
			for d < len(a.steps) && d < len(b.steps) && sameStep(a.steps[d], b.steps[d]) {
				d++
			}
			if d == len(a.steps) || d == len(b.steps) || a.target > d || b.target > d || apart(a.steps[d], b.steps[d]) ||
				differentKinds(a.steps[d:], b.steps[d:]) {
				continue
			}
			c.add(b.at, "$ref", "this repetition and the one at %s can apply to the same value, so checking it would take 2^depth steps; "+
				"repeat an enclosing schema at most once for any one part of a value", a.at)
			return
		}
	}
}

// differentKinds reports whether two paths from the schema where they part
// first go down into a value through keywords that apply to different
// kinds of value (an array's items, an object's members, a string's
// content): one value is only one kind, so the two repetitions never both
// apply to it. This is how zod and pydantic write "any JSON value": an
// array option whose items repeat it and an object option whose members
// do.
func differentKinds(a, b []schemaStep) bool {
	ka, kb := valueKind(a), valueKind(b)
	return ka != "" && kb != "" && ka != kb
}

// valueKind is the kind of value the first step of path that goes down
// into the value applies to, or "" when none does.
func valueKind(path []schemaStep) string {
	for _, s := range path {
		if s.descends {
			return partKinds[valuePart(s.keyword)]
		}
	}
	return ""
}

// partKinds is the kind of value each part of a value belongs to.
var partKinds = map[string]string{"member": "object", "name": "object", "item": "array", "content": "string"}

// valuePart is the part of a value a keyword's schemas apply to: an
// object's members or names, an array's items, a string's content, or ""
// for the value itself.
func valuePart(keyword string) string {
	switch keyword {
	case "properties", "patternProperties", "additionalProperties", "unevaluatedProperties":
		return "member"
	case "prefixItems", "items", "contains", "unevaluatedItems":
		return "item"
	case "propertyNames":
		return "name"
	case "contentSchema":
		return "content"
	}
	return ""
}

// sameStep reports whether two steps lead to the same child.
func sameStep(a, b schemaStep) bool {
	return a.keyword == b.keyword && a.token == b.token && a.index == b.index
}

// apart reports whether two different steps from one schema always reach
// different parts of a value.
func apart(a, b schemaStep) bool {
	pa, pb := valuePart(a.keyword), valuePart(b.keyword)
	switch {
	case pa == "" || pb == "":
		return false
	case pa != pb:
		return true
	case a.keyword == "properties" && b.keyword == "properties", a.keyword == "prefixItems" && b.keyword == "prefixItems":
		return true // different members or positions: sameStep said they differ
	}
	return false
}
