package web

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/authority/args"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// argsAnswer is the part of a decision or a run call about arguments.
type argsAnswer struct {
	Decision string `json:"decision"`
	Status   string `json:"status"`
	Error    *struct {
		Type        string         `json:"type"`
		NextActions []string       `json:"next_actions"`
		Problems    []args.Problem `json:"problems"`
	} `json:"error"`
	HostReason string `json:"host_reason"`
}

// TestArgumentsAreCheckedAtCallTime: /authorize and a run's call check
// the arguments they are sent against the reviewed input schema of the
// exact tool version allowed — invalid_arguments lists the problems by
// JSON pointer — and never store or log them: the marker inside the
// arguments is in neither the SQLite file, its WAL nor the server's log.
// A tool the caller may not use answers the same with or without bad
// arguments, so its schema leaks nothing.
func TestArgumentsAreCheckedAtCallTime(t *testing.T) {
	store, dsn := modelstest.OpenURL(t, modelstest.Dialect{Name: models.DialectSQLite})
	if _, err := store.Bootstrap(context.Background(), adminPassword, runtime.SeedTotals(sharedMeter)); err != nil {
		t.Fatal(err)
	}
	logs := &lockedBuffer{}
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.runtimeKey()
	const marker = "QZXV-argument-marker-7731"
	post := func(path string, body map[string]any) (int, argsAnswer) {
		t.Helper()
		res, out := h.api(http.MethodPost, path, key, body)
		var a argsAnswer
		_ = json.Unmarshal(out, &a)
		return res.StatusCode, a
	}
	bad := json.RawMessage(`{"max_rows": 9000, "note": "` + marker + `"}`)
	good := json.RawMessage(`{"query": "SELECT '` + marker + `'", "max_rows": 10}`)
	// "note" is not declared by sql_query's schema: it carries the marker
	// and is refused as undeclared
	wantProblems := []args.Problem{{Pointer: "/max_rows", Message: "must be at most 5000, got 9000"}, {Pointer: "/note", Message: "is not declared by the reviewed schema"}, {Pointer: "/query", Message: "is required and missing"}}

	// /authorize
	_, a := post("/api/v1/authorize", map[string]any{"agent": "analyst", "tool": "sql_query", "arguments": bad})
	if a.Decision != "deny" || a.Error == nil || a.Error.Type != authority.TypeInvalidArguments || !reflect.DeepEqual(a.Error.Problems, wantProblems) {
		t.Errorf("authorize with bad arguments: %+v %+v", a, a.Error)
	}
	if a.Error != nil && a.Error.NextActions[0] != authority.ActFixArguments {
		t.Errorf("next actions %v", a.Error.NextActions)
	}
	if _, a := post("/api/v1/authorize", map[string]any{"agent": "analyst", "tool": "sql_query", "arguments": good}); a.Decision != "allow" {
		t.Errorf("authorize with good arguments: %+v", a)
	}
	if _, a := post("/api/v1/authorize", map[string]any{"agent": "analyst", "tool": "sql_query", "arguments": nil}); a.Error == nil || a.Error.Type != authority.TypeInvalidArguments || a.Error.Problems[0].Pointer != "" {
		t.Errorf("arguments null: %+v", a)
	}
	// a tool the caller may not use: the same answer, bad arguments or none
	for _, tool := range []string{"exec", "no_such_tool"} {
		with := map[string]any{"agent": "analyst", "profile": "document-analysis", "tool": tool, "arguments": bad}
		without := map[string]any{"agent": "analyst", "profile": "document-analysis", "tool": tool}
		_, x := post("/api/v1/authorize", with)
		_, y := post("/api/v1/authorize", without)
		if !reflect.DeepEqual(x, y) || x.Error == nil || x.Error.Problems != nil {
			t.Errorf("%s: with bad arguments %+v, without %+v", tool, x, y)
		}
	}
	// a binding is not made with arguments
	if code, _ := post("/api/v1/bindings", map[string]any{"agent": "analyst", "tool": "sql_query", "arguments": good}); code != http.StatusBadRequest {
		t.Errorf("binding with arguments: %d", code)
	}

	// a run's call
	call := func(arguments any) argsAnswer {
		body := map[string]any{"agent": "analyst", "tool": "sql_query", "pins": []string{"sql_query"}, "receipts": []any{}}
		if arguments != nil {
			body["arguments"] = arguments
		}
		_, a := post("/api/v1/runs/r1/calls", body)
		return a
	}
	if a := call(bad); a.Status != "denied" || a.Error == nil || a.Error.Type != authority.TypeInvalidArguments || !reflect.DeepEqual(a.Error.Problems, wantProblems) {
		t.Errorf("run call with bad arguments: %+v", a)
	}
	if a := call(good); a.Status != "active" {
		t.Errorf("run call with good arguments: %+v", a)
	}
	if a := call(nil); a.Status != "active" {
		t.Errorf("run call without arguments: %+v", a)
	}

	// nothing of the arguments is kept
	app.Close()
	if err := app.counters.flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(dsn + "*")
	if len(files) < 2 {
		t.Fatalf("database files %v: want the file and its WAL", files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(b, []byte(marker)) {
			t.Errorf("%s holds the arguments", filepath.Base(f))
		}
	}
	if l := []byte(logs.String()); len(l) == 0 || bytes.Contains(l, []byte(marker)) {
		t.Errorf("logs (%d bytes) hold the arguments, or nothing was logged", len(l))
	}
}
