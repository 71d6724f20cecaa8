package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

const stream = `{"Action":"start","Package":"m/web"}
{"Action":"run","Package":"m/web","Test":"TestBrowserA"}
{"Action":"output","Package":"m/web","Test":"TestBrowserA","Output":"    browser_test.go:12: 117 tools imported in 3 s\n"}
{"Action":"output","Package":"m/web","Test":"TestBrowserA/sub","Output":"    browser_test.go:40: not a figure\n"}
{"Action":"pass","Package":"m/web","Test":"TestBrowserA/sub","Elapsed":0.1}
{"Action":"pass","Package":"m/web","Test":"TestBrowserA","Elapsed":3}
{"Action":"output","Package":"m/web","Test":"TestBrowserB","Output":"    browser_test.go:50: it broke\n"}
{"Action":"fail","Package":"m/web","Test":"TestBrowserB","Elapsed":1}
{"Action":"skip","Package":"m/web","Test":"TestBrowserC","Elapsed":0}
{"Action":"pass","Package":"m/web","Test":"TestOther","Elapsed":1}
{"Action":"pass","Package":"m/web/upstream","Test":"TestBrowserA","Elapsed":1}
{"Action":"fail","Package":"m/web","Elapsed":9}
{"Action":"pass","Package":"m/models","Elapsed":2}
`

// TestCheckCountsTheMatchedTopLevelTests: a check counts only the named
// package's top-level tests its pattern matches, names what failed or
// was skipped, carries their figure lines, and fails when one failed or
// none passed.
func TestCheckCountsTheMatchedTopLevelTests(t *testing.T) {
	r := check(strings.NewReader(stream), importSuffix("./web"), regexp.MustCompile("TestBrowser"))
	if r.passed != 1 || r.failed != 1 || r.skipped != 1 {
		t.Errorf("passed %d, failed %d, skipped %d; want 1, 1, 1", r.passed, r.failed, r.skipped)
	}
	if got := r.summary(); !strings.Contains(got, "TestBrowserB failed, TestBrowserC skipped") || !strings.HasSuffix(got, "; 117 tools imported in 3 s") {
		t.Errorf("summary %q", got)
	}
	if r := check(strings.NewReader(stream), importSuffix("./web"), regexp.MustCompile("TestOther|TestBrowserA")); r.passed != 2 || r.failed != 0 {
		t.Errorf("an alternation: %+v", r)
	}
	if r := check(strings.NewReader(stream), importSuffix("./web"), regexp.MustCompile("TestNothing")); r.passed != 0 {
		t.Errorf("a pattern matching nothing passed %d", r.passed)
	}
}

// TestPrintShowsWhatFailed: the printed summary has a line per package
// and the output of the failed test, not of the ones that passed, and
// says the stream failed.
func TestPrintShowsWhatFailed(t *testing.T) {
	var out bytes.Buffer
	if printStream(strings.NewReader(stream), &out) {
		t.Error("a stream with a failed test printed as passing")
	}
	got := out.String()
	for _, want := range []string{"it broke", "FAIL\tm/web\t9.000s", "ok  \tm/models\t2.000s"} {
		if !strings.Contains(got, want) {
			t.Errorf("the summary lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "117 tools") {
		t.Errorf("the summary shows a passed test's output:\n%s", got)
	}
	out.Reset()
	if !printStream(strings.NewReader(`{"Action":"pass","Package":"m/models","Elapsed":2}`+"\n"), &out) {
		t.Errorf("a passing stream printed as failing: %s", out.String())
	}
}
