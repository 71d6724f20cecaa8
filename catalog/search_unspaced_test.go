package catalog

import (
	"slices"
	"testing"
)

// Chinese and Japanese are written without spaces between words: a run
// of their characters is read as its neighbouring pairs, so a task and a
// description that share a word share a term (a run read whole matched
// only a description holding the very same run).
func TestUnspacedScriptsSplitIntoPairs(t *testing.T) {
	for s, want := range map[string][]string{
		"有哪些汤的菜谱":        {"有哪", "哪些", "些汤", "汤的", "的菜", "菜谱"},
		"汤":              {"汤"},
		"recipe 菜谱 list": {"recipe", "菜谱", "list"},
		"ステップ":           {"ステ", "テッ", "ップ"},
		"Grüße":          {"grüße"},
	} {
		if got := splitWords(s); !slices.Equal(got, want) {
			t.Errorf("splitWords(%q) = %q, want %q", s, got, want)
		}
	}
	tool := func(id, purpose string) Contract {
		return Contract{ID: id, Title: id, Purpose: purpose, Class: ClassWorkspace, Effects: EffectsReadOnly, Version: "1"}
	}
	ix := NewIndex([]Contract{
		tool("by_category", "根据分类查询菜谱，可选值：水产、早餐、荤菜、汤"),
		tool("what_to_eat", "不知道吃什么？根据人数直接推荐适合的菜品组合"),
	})
	wantTops(t, ix, map[string]string{
		"有哪些汤的菜谱？":   "by_category",
		"今天吃什么？推荐一下": "what_to_eat",
	})
}
