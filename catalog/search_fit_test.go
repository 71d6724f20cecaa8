package catalog

import (
	"fmt"
	"slices"
	"testing"
)

func fitTool(id, title, purpose string, params ...string) Contract {
	c := Contract{ID: id, Title: title, Purpose: purpose}
	for _, p := range params {
		c.Params = append(c.Params, Param{Name: p, Type: "string"})
	}
	return c
}

var fitRoster = []Contract{
	fitTool("k8s.kubectl_apply", "Apply", "Apply a configuration to a resource by file name or stdin.", "manifest"),
	fitTool("web_screenshot", "Take a screenshot", "Capture an image of a web page.", "url"),
	fitTool("browser.file_upload", "Upload files", "Upload one or multiple files to the page.", "paths"),
	fitTool("issues.add_label", "Add label", "Add a label to an issue.", "label"),
	{ID: "helper", Title: "Helper", Purpose: "A code-only helper that uploads files.", CodeOnly: true},
}

// "Nothing fits": a task whose words no tool carries shares no weight
// with any tool; a task a tool's text covers shares more than the
// threshold with it; an unknown or code-only tool shares nothing.
func TestFitMatchedAndThreshold(t *testing.T) {
	f := NewFit(fitRoster)
	if f.Len() != len(fitRoster)-1 {
		t.Fatalf("Len %d, want %d (code-only helpers are left out)", f.Len(), len(fitRoster)-1)
	}
	for _, id := range []string{"nobody", "helper"} {
		if m := f.Matched("upload files", id); m != 0 {
			t.Errorf("%s matched %.2f", id, m)
		}
	}
	if m := f.Matched("what is the capital of Australia", "browser.file_upload"); m != 0 {
		t.Errorf("a task no tool serves matched %.2f", m)
	}
	if a, b := f.Matched("upload the files to the page", "browser.file_upload"), f.Matched("upload", "browser.file_upload"); a <= b || b <= 0 || a < f.Threshold() {
		t.Errorf("matched %.2f for three shared words, %.2f for one (threshold %.2f)", a, b, f.Threshold())
	}
	// a word said twice counts once; camelCase and stop words are split
	// and dropped
	if a, b := f.Matched("upload upload", "browser.file_upload"), f.Matched("upload", "browser.file_upload"); a != b {
		t.Errorf("a repeated word counted again: %.2f, %.2f", a, b)
	}
	if got, want := fitTerms("Please getFileContents of the repos", nil), []string{"get", "file", "content", "repo"}; !slices.Equal(got, want) {
		t.Errorf("terms %v, want %v", got, want)
	}
	var big []Contract
	for i := range 800 {
		big = append(big, fitTool(fmt.Sprintf("svc.tool_%d", i), "Tool", "Does a thing."))
	}
	if th := NewFit(big).Threshold(); th < 1 || th > 1.1 {
		t.Errorf("threshold %.2f on 800 tools, want about 1.05", th)
	}
}

// A hit the search finds through its word relations fits by them: "compute
// a total" shares no word with "Gives back the sum of two numbers", but the
// search relates compute and total to sum, so the tool fits at the
// search's discount; a task no tool serves still fits none.
func TestFitCountsSearchRelatives(t *testing.T) {
	roster := []Contract{fitTool("calc.get-sum", "Get Sum", "Gives back the sum of two numbers.", "a", "b")}
	for i := range 40 {
		roster = append(roster, fitTool(fmt.Sprintf("svc.tool_%d", i), "Tool", "Does a thing."))
	}
	f := NewFit(roster)
	if ids := NewIndex(roster).SearchIDs("compute a total", 1); len(ids) == 0 || ids[0] != "calc.get-sum" {
		t.Fatalf("search's top hit %v, want calc.get-sum", ids)
	}
	m := f.Matched("compute a total", "calc.get-sum")
	if m < f.Threshold() {
		t.Errorf("a tool found by relation matched %.2f, under the threshold %.2f", m, f.Threshold())
	}
	if own := f.Matched("sum", "calc.get-sum"); m >= 2*own {
		t.Errorf("two relatives matched %.2f, not discounted against the word itself (%.2f)", m, own)
	}
	for _, c := range roster {
		if m := f.Matched("tell me a joke", c.ID); m >= f.Threshold() {
			t.Errorf("a no-tool task fits %s (%.2f)", c.ID, m)
		}
	}
}

// The fit reads words as the search does: a task in a script written
// without spaces ("画像を生成して") shares its neighbouring-character pairs
// with a tool whose text says the same thing in other endings
// ("画像を生成します"), so the search's top hit for it fits; whole runs of
// such text never matched unless identical.
func TestFitSplitsLikeTheSearch(t *testing.T) {
	roster := []Contract{fitTool("img.generate", "画像生成", "プロンプトから画像を生成します。", "prompt")}
	for i := range 40 {
		roster = append(roster, fitTool(fmt.Sprintf("svc.tool_%d", i), "Tool", "Does a thing."))
	}
	task := "猫の画像を生成して"
	if ids := NewIndex(roster).SearchIDs(task, 1); len(ids) == 0 || ids[0] != "img.generate" {
		t.Fatalf("search's top hit %v, want img.generate", ids)
	}
	f := NewFit(roster)
	if m := f.Matched(task, "img.generate"); m < f.Threshold() {
		t.Errorf("the search's top hit matched %.2f, under the threshold %.2f", m, f.Threshold())
	}
	if got, want := fitTerms("画像を生成", nil), splitWords("画像を生成"); !slices.Equal(got, want) {
		t.Errorf("terms %v, want the search's words %v", got, want)
	}
}
