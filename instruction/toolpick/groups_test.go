package toolpick

import (
	"slices"
	"testing"
)

// TestGroupsFilter: the picker's filter keeps the ids matching every
// word of the query; a word naming a service keeps that service's tools
// only, so typing "memory" no longer lists the built-in memory_read (nor
// a service whose name merely contains it) beside the memory service's.
func TestGroupsFilter(t *testing.T) {
	ids := []string{"memory_read", "memory_write", "memory.create_entities", "memory.read_graph", "shortmemory.get", "web_search", "github.search_code"}
	cases := []struct {
		name, query string
		want        []string
	}{
		{"empty keeps all", "", []string{"memory_read", "memory_write", "web_search", "github.search_code", "memory.create_entities", "memory.read_graph", "shortmemory.get"}},
		{"a service name", "memory", []string{"memory.create_entities", "memory.read_graph"}},
		{"a service name, any case", "Memory", []string{"memory.create_entities", "memory.read_graph"}},
		{"a service name and a part", "memory read", []string{"memory.read_graph"}},
		{"a part of a built-in's id", "memory_", []string{"memory_read", "memory_write"}},
		{"a part of ids", "search", []string{"web_search", "github.search_code"}},
		{"the service with its dot", "memory.", []string{"memory.create_entities", "memory.read_graph"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, g := range Groups(ids, tc.query) {
				got = append(got, g.IDs...)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("Groups(%q) = %q, want %q", tc.query, got, tc.want)
			}
		})
	}
}
