package catalog

import "slices"

// keepTop inserts c into top, best first, keeping at most limit entries
// (top has room for limit+1): the best few without sorting every tool a
// task touched.
func keepTop(top []scored, c scored, limit int) []scored {
	if len(top) == limit && !c.before(top[limit-1]) {
		return top
	}
	// the first place c is before (a binary search, written out: this
	// runs for every tool a task touches)
	i, j := 0, len(top)
	for i < j {
		m := int(uint(i+j) >> 1)
		if c.before(top[m]) {
			j = m
		} else {
			i = m + 1
		}
	}
	top = append(top, scored{})
	copy(top[i+1:], top[i:])
	top[i] = c
	if len(top) > limit {
		top = top[:limit]
	}
	return top
}

// before orders hits: higher score first, then roster order.
func (a scored) before(b scored) bool {
	if a.score != b.score {
		return a.score > b.score
	}
	return a.doc < b.doc
}

// cohere lifts, below the first place, the tools of the leading tool's
// service that answer the task's object (or every one, when the task
// names no object) by serviceCoherence: a task the best tool's service
// answers is about that service's domain, and its siblings that meet the
// task's object are likelier answers than tools elsewhere that met a
// generic word of it. A tool of no service has no siblings and lifts
// none.
func (ix *Index) cohere(top []scored, objects []int32, hasObject bool) {
	if serviceCoherence == 0 || len(top) < 3 {
		return
	}
	ns := ix.lowerNS[top[0].doc]
	if ns == "" {
		return
	}
	for i := 1; i < len(top); i++ {
		if d := top[i].doc; ix.lowerNS[d] == ns && (!hasObject || objects[d] > 0) {
			top[i].score *= 1 + serviceCoherence
		}
	}
	slices.SortStableFunc(top[1:], func(a, b scored) int {
		if a.before(b) {
			return -1
		}
		if b.before(a) {
			return 1
		}
		return 0
	})
}
