package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// shapeKeys reads a README shape such as {a, b?, c:[{d, e}]} into its
// keys by path ("" top level, "cases" inside cases, …); a key ending in ?
// is optional.
func shapeKeys(shape string) (must, may map[string][]string) {
	must, may = map[string][]string{}, map[string][]string{}
	var path []string
	key := ""
	flush := func() {
		k := strings.TrimSpace(key)
		key = ""
		if k == "" {
			return
		}
		p := strings.Join(path, ".")
		if opt, ok := strings.CutSuffix(k, "?"); ok {
			may[p] = append(may[p], opt)
		} else {
			must[p] = append(must[p], k)
		}
	}
	for _, r := range shape {
		switch r {
		case '{':
			if k := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(key), ":")); k != "" {
				path = append(path, k) // the key that opens a nested object
				p := strings.Join(path[:len(path)-1], ".")
				must[p] = append(must[p], k)
			} else if len(path) > 0 || len(must) > 0 {
				path = append(path, "?")
			}
			key = ""
		case '}':
			flush()
			if len(path) > 0 {
				path = path[:len(path)-1]
			}
		case ',':
			flush()
		case '[', ']', ':':
			if r == ':' {
				key += ":"
			}
		default:
			key += string(r)
		}
	}
	return must, may
}

// TestEvalJSONIsExactlyTheREADMEShape: `console eval --json` prints
// exactly the keys the README's shape lists — the keys among them,
// nothing unlisted, every listed key unless marked optional.
func TestEvalJSONIsExactlyTheREADMEShape(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(b)), " ")
	m := regexp.MustCompile("exactly \\(`\\?` when only present if set\\): `(\\{[^`]*\\})`").FindStringSubmatch(text)
	if m == nil {
		t.Fatal("the README's eval section lacks its exact JSON shape")
	}
	must, may := shapeKeys(m[1])
	for _, k := range []string{"task", "expect", "found", "rank", "first_step", "top1", "hits"} {
		if !contains(must["cases"], k) {
			t.Errorf("the README shape lacks the issue's case key %s: %v", k, must["cases"])
		}
	}
	dir := t.TempDir()
	db, file := filepath.Join(dir, "e.db"), filepath.Join(dir, "cases.yaml")
	mustMigrate(t, db) // read commands create no database
	os.WriteFile(file, []byte(evalSuite+"  - {task: \"prepare the quarterly business review\", expect: [\"skill:quarterly-report\"], held_out: true, misleading: true}\n  - {task: \"save the cleaned table for later\", expect: [save_table]}\n  - {task: \"pull the text out of the contract PDF, then chart the totals\", expect: [extract_text, render_chart], kind: two_profiles}\n"), 0o600)
	out, err := runCLI(t, db, "eval", file, "--agent", "analyst", "--tools", "exec,render_chart,save_table,read_spreadsheet", "--deferred", "--second-profile", "document-analysis", "--json")
	if err != nil {
		t.Fatal(err, out)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &top); err != nil {
		t.Fatal(err)
	}
	check := func(path string, objs []map[string]json.RawMessage) {
		seen := map[string]bool{}
		for _, o := range objs {
			for k := range o {
				seen[k] = true
				if !contains(must[path], k) && !contains(may[path], k) {
					t.Errorf("%s: key %q is not in the README's shape", path, k)
				}
			}
			for _, k := range must[path] {
				if _, ok := o[k]; !ok {
					t.Errorf("%s: the output lacks %q", path, k)
				}
			}
		}
		for _, k := range may[path] {
			if !seen[k] {
				t.Errorf("%s: optional key %q never appears (the test's cases should set it)", path, k)
			}
		}
	}
	check("", []map[string]json.RawMessage{top})
	var cases []map[string]json.RawMessage
	json.Unmarshal(top["cases"], &cases)
	check("cases", cases)
	var tools []map[string]json.RawMessage
	for _, c := range cases {
		var ts []map[string]json.RawMessage
		json.Unmarshal(c["tools"], &ts)
		tools = append(tools, ts...)
	}
	check("cases.tools", tools)
	var share map[string]json.RawMessage
	json.Unmarshal(top["builtin_share"], &share)
	check("builtin_share", []map[string]json.RawMessage{share})
	keys := func(m map[string][]string) []string {
		var out []string
		for k := range m {
			out = append(out, k)
		}
		sort.Strings(out)
		return out
	}
	if got := strings.Join(keys(must), ","); got != ",builtin_share,cases,cases.tools" {
		t.Errorf("the README shape's objects: %q", got)
	}
}

func contains(xs []string, x string) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}
