package catalog

import (
	"sort"
	"strings"
	"unicode"
)

// Hit is one deferred-search result: an exact tool name and its
// description, never its schema.
type Hit struct {
	ID          string `json:"name"`
	Title       string `json:"title"`
	Description string `json:"description"`
	Score       int    `json:"score"`
}

// MaxSearchLimit bounds how many hits one search returns.
const MaxSearchLimit = 25

// MaxQueryBytes bounds the query text a search reads.
const MaxQueryBytes = 512

// Search ranks the roster's tools against the query, lexically over name,
// title and purpose: a query word in the tool's name scores 4, in its title
// 2, in its purpose 1. Ties keep roster order, so the result is
// deterministic. It is the one ranking function behind the forge's search
// preview and the API.
func Search(query string, roster []Contract, limit int) []Hit {
	if len(query) > MaxQueryBytes {
		query = query[:MaxQueryBytes]
	}
	if limit <= 0 || limit > MaxSearchLimit {
		limit = MaxSearchLimit
	}
	terms := words(query)
	if len(terms) == 0 {
		return nil
	}
	type scored struct {
		hit Hit
		pos int
	}
	var found []scored
	for i, c := range roster {
		name, title, purpose := wordSet(c.ID), wordSet(c.Title), wordSet(c.Purpose)
		score := 0
		for _, t := range terms {
			switch {
			case name[t]:
				score += 4
			case title[t]:
				score += 2
			case purpose[t]:
				score++
			}
		}
		if score > 0 {
			found = append(found, scored{Hit{ID: c.ID, Title: c.Title, Description: strings.TrimSpace(c.Purpose), Score: score}, i})
		}
	}
	sort.SliceStable(found, func(a, b int) bool {
		if found[a].hit.Score != found[b].hit.Score {
			return found[a].hit.Score > found[b].hit.Score
		}
		return found[a].pos < found[b].pos
	})
	if len(found) > limit {
		found = found[:limit]
	}
	out := make([]Hit, len(found))
	for i, f := range found {
		out[i] = f.hit
	}
	return out
}

// words splits text into lower-case words at anything that is not a letter
// or digit (so "create_issue" gives "create" and "issue"), dropping
// one-letter words and a trailing plural "s".
func words(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, w := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			w = w[:len(w)-1]
		}
		if len(w) < 2 || seen[w] {
			continue
		}
		seen[w] = true
		out = append(out, w)
	}
	return out
}

func wordSet(s string) map[string]bool {
	m := map[string]bool{}
	for _, w := range words(s) {
		m[w] = true
	}
	return m
}

// Index is a roster prepared for repeated searches.
type Index struct{ roster []Contract }

// NewIndex prepares the roster for searching.
func NewIndex(roster []Contract) *Index { return &Index{roster} }

// Search ranks the index's tools against the query.
func (ix *Index) Search(query string, limit int) []Hit { return Search(query, ix.roster, limit) }
