package deferred

import (
	"slices"
	"strings"
	"sync"

	"github.com/agentforge/console/catalog"
)

// A surface's search: what it ranks (the searchable tools), the index
// built for it on first use, and the checks of a query and a limit.

// lazyIndex is the search index of a surface's searchable tools and the
// fit that judges its hits, built on the first search (a step never
// needs them).
type lazyIndex struct {
	once sync.Once
	ix   *catalog.Index
	fit  *catalog.Fit
}

func (l *lazyIndex) get(cs []catalog.Contract) (*catalog.Index, *catalog.Fit) {
	l.once.Do(func() { l.ix, l.fit = catalog.NewIndex(cs), catalog.NewFit(cs) })
	return l.ix, l.fit
}

// DefaultSearchLimit is how many hits a search without a limit activates:
// the gateway's search_tools, the runtime API's search and the forge's
// simulator alike.
const DefaultSearchLimit = 5

// Search ranks the searchable tools against the query with the catalog's
// one ranking function. A query or limit over its ceiling is a
// *InputError; an empty query is an error naming the field.
func (s *Surface) Search(query string, limit int, c Ceilings) ([]catalog.Hit, error) {
	return s.SearchSkipping(query, limit, c, nil)
}

// SearchSkipping is Search that never returns a tool of skip (a run's own
// pins, which every step shows): it ranks over the surface's one index
// and leaves them out — no index is built per set of pins. It answers
// only hits that fit the query (catalog.Answer), so it may answer fewer
// than limit, or none: nothing fits. The index gives at most
// catalog.MaxSearchLimit hits, so a limit near that can come back shorter
// when pins rank among them.
func (s *Surface) SearchSkipping(query string, limit int, c Ceilings, skip []string) ([]catalog.Hit, error) {
	if strings.TrimSpace(query) == "" {
		return nil, &InputError{Field: "query", Message: "query is empty"}
	}
	if len(query) > c.QueryBytes {
		return nil, overCeiling("query", len(query), c.QueryBytes, "the query's size in bytes")
	}
	if limit == 0 {
		limit = min(DefaultSearchLimit, c.Results)
	}
	if limit < 0 {
		return nil, &InputError{Field: "limit", Message: "limit must be positive"}
	}
	if limit > c.Results {
		return nil, overCeiling("limit", limit, c.Results, "the number of results asked for")
	}
	ix, fit := s.searchIx.get(s.searchable)
	var skipped func(string) bool
	if len(skip) > 0 {
		skipped = func(id string) bool { return slices.Contains(skip, id) }
	}
	return catalog.Answer(ix, fit, query, limit, skipped), nil
}
