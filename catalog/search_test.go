package catalog_test

import (
	"testing"

	"github.com/agentforge/console/catalog"
)

func TestSearchRanksAndIsDeterministic(t *testing.T) {
	roster := append(loadBuiltin(t), loadGitHub(t)...)
	hits := catalog.Search("create a pull request", roster, 5)
	if len(hits) == 0 || hits[0].ID != "github.create_pull_request" {
		t.Fatalf("top hit = %+v, want github.create_pull_request", hits)
	}
	again := catalog.Search("create a pull request", roster, 5)
	for i := range hits {
		if hits[i] != again[i] {
			t.Fatal("search is not deterministic")
		}
	}
	if got := len(catalog.Search("file", roster, 1000)); got > catalog.MaxSearchLimit {
		t.Errorf("limit not bounded: %d", got)
	}
	if hits := catalog.Search("   ", roster, 5); hits != nil {
		t.Errorf("empty query returned %v", hits)
	}
	for _, h := range catalog.Search("spreadsheet", roster, 5) {
		if h.Description == "" {
			t.Errorf("hit %s lacks its description", h.ID)
		}
	}
}
