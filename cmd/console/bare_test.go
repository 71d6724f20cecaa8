package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBareServesTheFileToEveryRequest: console bare answers any POST with
// the file's bytes and Content-Type, refuses a non-loopback address and a
// missing file, and stops with its context.
func TestBareServesTheFileToEveryRequest(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "answer.json")
	want := []byte(`{"text":"hello","digest":"x"}`)
	if err := os.WriteFile(file, want, 0o600); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	out, _ := os.Create(filepath.Join(dir, "out"))
	defer out.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"bare", "--addr", addr, "--body", file}, out, out) }()
	var res *http.Response
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if res, err = http.Post("http://"+addr+"/api/v1/compose", "application/json", strings.NewReader(`{"agent":"analyst"}`)); err == nil {
			break
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !bytes.Equal(got, want) || res.Header.Get("Content-Type") != "application/json" || res.StatusCode != 200 {
		t.Errorf("got %d %q %s", res.StatusCode, res.Header.Get("Content-Type"), got)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("bare ended with %v", err)
	}
	for _, args := range [][]string{
		{"bare", "--addr", "0.0.0.0:0", "--body", file},
		{"bare", "--addr", "127.0.0.1:0"},
		{"bare", "--addr", "127.0.0.1:0", "--body", filepath.Join(dir, "missing")},
	} {
		err := run(context.Background(), args, out, out)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 {
			t.Errorf("%v: got %v, want exit 2", args, err)
		}
	}
}
