package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestReadmeMetricsExamples runs the README's two metrics examples,
// exactly as written, with real curl against a running console: on the
// main address with an API key, and on a separate metrics address
// without one; each prints the count its comment shows.
func TestReadmeMetricsExamples(t *testing.T) {
	needTools(t, "the README's metrics examples", "curl", "bash")
	t.Run("main address, API key", func(t *testing.T) {
		_, base, key := serveWithKey(t, "readme-metrics")
		runReadmeCount(t, readmeBlock(t, "localhost:8080/metrics"), "localhost:8080", strings.TrimPrefix(base, "http://"), "KEY="+key)
	})
	t.Run("separate address, no key", func(t *testing.T) {
		dir := t.TempDir()
		startServe(t, dir, "--metrics-addr", "127.0.0.1:0")
		addr := waitFor(t, filepath.Join(dir, "serve.out"), regexp.MustCompile(`Metrics on http://(\S+)/metrics`))
		runReadmeCount(t, readmeBlock(t, "127.0.0.1:9464/metrics"), "127.0.0.1:9464", addr)
	})
}

// runReadmeCount runs a README block with its address replaced and
// compares what it prints with the number its last comment begins with.
func runReadmeCount(t *testing.T, block, from, to string, env ...string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(block), "\n")
	last := lines[len(lines)-1]
	i := strings.LastIndex(last, "# ")
	ok := i >= 0
	comment := last[i+2:]
	want, _, _ := strings.Cut(comment, ":")
	if !ok || want == "" {
		t.Fatalf("the example shows no answer:\n%s", block)
	}
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", strings.ReplaceAll(block, from, to))
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != want {
		t.Errorf("printed %q, the README says %q", got, want)
	}
}

// waitFor returns the first submatch of re in the file, waiting for it
// to be written.
func waitFor(t *testing.T, file string, re *regexp.Regexp) string {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(file)
		if m := re.FindSubmatch(b); m != nil {
			return string(m[1])
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("%s never matched %s", file, re)
	return ""
}
