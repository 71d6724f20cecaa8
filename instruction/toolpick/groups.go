package toolpick

import (
	"slices"
	"strings"
)

// Native is the group of tools without a service prefix.
const Native = "native"

// Group is one service's ids in a picker.
type Group struct {
	Service string
	IDs     []string
}

// Service is the service an id belongs to: the part before its first
// dot, or Native.
func Service(id string) string {
	if i := strings.IndexByte(id, '.'); i > 0 {
		return id[:i]
	}
	return Native
}

// Services is the set of services the known ids belong to (ids without a
// service prefix belong to none): the one list every check of a typed service name
// (grants, agents, profiles) reads.
func Services(known map[string]bool) map[string]bool {
	out := map[string]bool{}
	for id, ok := range known {
		if ns, _, dotted := strings.Cut(id, "."); ok && dotted && ns != "" {
			out[ns] = true
		}
	}
	return out
}

// Groups is ids grouped by service, services and ids in name order
// (native first), keeping only ids that match every word of query, case
// ignored: a word that names one of the ids' services matches that
// service's tools (typing "memory" lists the memory service's, not the
// built-in memory_read beside them); any other word matches the ids that
// contain it. An empty query keeps every id.
func Groups(ids []string, query string) []Group {
	words := strings.Fields(strings.ToLower(query))
	services := map[string]bool{}
	for _, id := range ids {
		if s := Service(id); s != Native {
			services[strings.ToLower(s)] = true
		}
	}
	by := map[string][]string{}
	for _, id := range ids {
		if matches(strings.ToLower(id), words, services) {
			s := Service(id)
			by[s] = append(by[s], id)
		}
	}
	out := make([]Group, 0, len(by))
	for s, list := range by {
		slices.Sort(list)
		out = append(out, Group{Service: s, IDs: slices.Compact(list)})
	}
	slices.SortFunc(out, func(a, b Group) int {
		if (a.Service == Native) != (b.Service == Native) {
			if a.Service == Native {
				return -1
			}
			return 1
		}
		return strings.Compare(a.Service, b.Service)
	})
	return out
}

// matches reports whether id (lower-cased) matches every word: a service
// name (with its dot or without) by its service, any other word as a part
// of it.
func matches(id string, words []string, services map[string]bool) bool {
	for _, w := range words {
		if svc := strings.TrimSuffix(w, "."); services[svc] {
			if !strings.HasPrefix(id, svc+".") {
				return false
			}
			continue
		}
		if !strings.Contains(id, w) {
			return false
		}
	}
	return true
}
