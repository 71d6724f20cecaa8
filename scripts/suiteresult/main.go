// Command suiteresult reads the event stream of `go test -json` (the
// test suite's run in CI) in two ways:
//
//	suiteresult print              prints go test's usual summary of the
//	                               stream on standard input as it arrives:
//	                               a line per package, and the whole output
//	                               of every failed test, package and build,
//	                               and at the end the slowest tests
//	suiteresult check FILE PKG RE  says whether the top-level tests of
//	                               package PKG (./web, ./models, ...) that
//	                               RE matches, as go test's -run matches
//	                               them, all passed in the run FILE holds
//
// check lets scripts/proof.sh count a check the suite already ran instead
// of running its tests a second time. It fails when a matched test failed
// or none passed (a pattern that matches nothing proves nothing), and
// prints the tests' figure lines (a log line whose text starts with a
// digit) as the proof's own runs print them.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json's TestEvent).
type event struct {
	Action     string
	Package    string
	ImportPath string
	Test       string
	Elapsed    float64
	Output     string
}

func main() {
	switch {
	case len(os.Args) == 2 && os.Args[1] == "print":
		if !printStream(os.Stdin, os.Stdout) {
			os.Exit(1)
		}
	case len(os.Args) == 5 && os.Args[1] == "check":
		os.Exit(checkFile(os.Args[2], os.Args[3], os.Args[4], os.Stdout))
	default:
		fmt.Fprintln(os.Stderr, "usage: suiteresult print < go-test.json | suiteresult check FILE PKG REGEXP")
		os.Exit(2)
	}
}

// printStream writes what go test without -json would print for the
// stream: each package's result line, and the output of whatever failed.
// It reports whether nothing failed.
func printStream(r io.Reader, w io.Writer) bool {
	held := map[string][]string{} // output by package, then test
	var tests []event             // the top-level tests' results
	ok := true
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			fmt.Fprintln(w, sc.Text()) // go's own message, not an event
			continue
		}
		switch {
		case e.Action == "build-output":
			held["build "+e.ImportPath] = append(held["build "+e.ImportPath], e.Output)
		case e.Action == "build-fail":
			ok = false
			fmt.Fprint(w, strings.Join(held["build "+e.ImportPath], ""))
		case e.Action == "output":
			held[e.Package+" "+e.Test] = append(held[e.Package+" "+e.Test], e.Output)
		case e.Action == "fail" && e.Test != "":
			ok = false
			fmt.Fprint(w, strings.Join(held[e.Package+" "+e.Test], ""))
			tests = append(tests, e)
		case e.Action == "pass" && e.Test != "" && !strings.Contains(e.Test, "/"):
			tests = append(tests, e)
		case e.Test == "" && (e.Action == "pass" || e.Action == "fail" || e.Action == "skip"):
			said := ""
			if e.Action == "fail" {
				ok = false
				said = strings.Join(held[e.Package+" "], "")
				fmt.Fprint(w, said)
			}
			for k := range held {
				if strings.HasPrefix(k, e.Package+" ") {
					delete(held, k)
				}
			}
			switch e.Action {
			case "pass":
				fmt.Fprintf(w, "ok  \t%s\t%.3fs\n", e.Package, e.Elapsed)
			case "skip":
				fmt.Fprintf(w, "?   \t%s\t[no test files]\n", e.Package)
			default:
				if !strings.Contains(said, "FAIL\t"+e.Package) { // the test binary's own line
					fmt.Fprintf(w, "FAIL\t%s\t%.3fs\n", e.Package, e.Elapsed)
				}
			}
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(w, "reading the test stream:", err)
		return false
	}
	// where the time went (a parallel test's time overlaps others')
	sort.SliceStable(tests, func(i, j int) bool { return tests[i].Elapsed > tests[j].Elapsed })
	if len(tests) > slowest {
		tests = tests[:slowest]
	}
	if len(tests) > 0 {
		fmt.Fprintln(w, "the slowest tests:")
	}
	for _, e := range tests {
		fmt.Fprintf(w, "%8.1f s  %s %s\n", e.Elapsed, e.Package, e.Test)
	}
	return ok
}

// slowest is how many of the slowest tests the summary lists.
const slowest = 25

// figureLine is a test's log line that carries a figure, as proof.sh
// reads them from a verbose run.
var figureLine = regexp.MustCompile(`^\s+[a-z_]+_test\.go:[0-9]+: ([0-9].*)$`)

// checkFile is the check command; its result is the exit status.
func checkFile(path, pkg, pattern string, w io.Writer) int {
	re, err := regexp.Compile(pattern)
	if err != nil {
		fmt.Fprintf(w, "the pattern %q: %v\n", pattern, err)
		return 2
	}
	f, err := os.Open(path)
	if err != nil {
		fmt.Fprintln(w, err)
		return 1
	}
	defer f.Close()
	r := check(f, importSuffix(pkg), re)
	fmt.Fprintln(w, r.summary())
	if r.failed > 0 || r.passed == 0 {
		return 1
	}
	return 0
}

// importSuffix turns ./web into /web, the end of its import path.
func importSuffix(pkg string) string { return "/" + strings.TrimPrefix(pkg, "./") }

// result is what the run says of the matched tests.
type result struct {
	passed, failed, skipped int
	names                   []string // the failed and skipped ones
	figures                 []string
}

func (r result) summary() string {
	s := fmt.Sprintf("%d passed, %d failed, %d skipped in the suite's run", r.passed, r.failed, r.skipped)
	if len(r.names) > 0 {
		sort.Strings(r.names)
		s += " (" + strings.Join(r.names, ", ") + ")"
	}
	if len(r.figures) > 0 {
		s += "; " + strings.Join(r.figures, ";")
	}
	return s
}

// check reads the matched top-level tests' results and figure lines.
func check(r io.Reader, suffix string, re *regexp.Regexp) result {
	var res result
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil || !strings.HasSuffix(e.Package, suffix) || e.Test == "" {
			continue
		}
		top, _, _ := strings.Cut(e.Test, "/")
		if !re.MatchString(top) {
			continue
		}
		if e.Action == "output" {
			if m := figureLine.FindStringSubmatch(strings.TrimRight(e.Output, "\n")); m != nil {
				res.figures = append(res.figures, m[1])
			}
			continue
		}
		if e.Test != top {
			continue
		}
		switch e.Action {
		case "pass":
			res.passed++
		case "fail":
			res.failed++
			res.names = append(res.names, e.Test+" failed")
		case "skip":
			res.skipped++
			res.names = append(res.names, e.Test+" skipped")
		}
	}
	return res
}
