package fidelity

import (
	"sort"
	"strings"

	"github.com/agentforge/console/catalog"
)

// productsOf finds, for each service of two or more tools, the other
// services named as a word in the title or purpose of at least half of
// its tools: a service whose tools keep saying "Notion" serves Notion,
// whatever its connection is called.
func productsOf(known []catalog.Contract, namespaces map[string]bool) map[string]map[string]bool {
	tools := map[string]int{}
	uses := map[string]map[string]int{}
	for _, k := range known {
		ns := strings.ToLower(k.Namespace())
		if ns == "" {
			continue
		}
		tools[ns]++
		seen := map[string]bool{}
		for _, w := range strings.FieldsFunc(strings.ToLower(k.Title+" "+k.Purpose), func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_')
		}) {
			if (namespaces[w] || len(productWords[w]) > 0) && w != ns && !seen[w] {
				seen[w] = true
				if uses[ns] == nil {
					uses[ns] = map[string]int{}
				}
				uses[ns][w]++
			}
		}
	}
	out := map[string]map[string]bool{}
	for ns, named := range uses {
		for other, n := range named {
			if tools[ns] >= 2 && 2*n >= tools[ns] {
				if out[ns] == nil {
					out[ns] = map[string]bool{}
				}
				out[ns][other] = true
			}
		}
	}
	return out
}

// sortMentions orders mentions by position.
func sortMentions(ms []mention) []mention {
	sort.SliceStable(ms, func(a, b int) bool { return ms[a].start < ms[b].start })
	return ms
}
