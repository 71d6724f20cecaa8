package web

import (
	"bytes"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRequestsWithoutAUserLogNoUser: a request made by no one (no
// session, no key: the sign-in page, a refused API call, a gateway call
// without a key) is logged without a user attribute, never user="";
// one made with a key names it.
func TestRequestsWithoutAUserLogNoUser(t *testing.T) {
	var logs lockedBuffer
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, adminPassword, nil)
	app := New(store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	srv := httptest.NewServer(app.Handler())
	defer srv.Close()
	h := &harness{t: t, srv: srv, store: store, app: app}
	key := h.runtimeKey()
	for _, r := range []struct{ method, path, key string }{
		{http.MethodGet, "/login", ""},
		{http.MethodPost, "/api/v1/compose", ""},
		{http.MethodPost, "/mcp/analyst", ""},
		{http.MethodPost, "/api/v1/compose", key},
	} {
		req, _ := http.NewRequest(r.method, srv.URL+r.path, strings.NewReader(`{"agent":"analyst"}`))
		req.Header.Set("Content-Type", "application/json")
		if r.key != "" {
			req.Header.Set("Authorization", "Bearer "+r.key)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
	}
	// a request's line is written after its answer is sent: wait for the
	// four lines rather than read the log as the last answer arrives
	var out string
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		out = logs.String()
		if strings.Count(out, "msg=request") >= 4 || time.Now().After(deadline) {
			break
		}
	}
	named := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.Contains(line, `=""`) || strings.Contains(line, "=<nil>") {
			t.Errorf("an empty attribute is logged: %s", line)
		}
		if strings.Contains(line, "msg=request") && strings.Contains(line, `user="apikey:`) {
			named++
		}
	}
	if named != 1 {
		t.Errorf("%d request lines name the key, want 1:\n%s", named, out)
	}
}

// TestEmptyAttributesAreOmitted: the console's log handler omits every
// attribute with nothing to say — an empty string, a nil value or error,
// a Stringer that says nothing — whether given with the record or with
// the logger (With), in a group or not; zero and false are values.
func TestEmptyAttributesAreOmitted(t *testing.T) {
	var b bytes.Buffer
	var nilErr error
	log := slog.New(OmitEmptyAttrs(slog.NewTextHandler(&b, nil))).With("conn", "", "agent", "analyst")
	log.WithGroup("g").Info("x", "user", "", "err", nilErr, "none", nil, "n", 0, "ok", false, "why", errors.New("late"), "s", stringer(""))
	got := b.String()
	for _, absent := range []string{"conn=", "user=", "err=", "none=", "s="} {
		if strings.Contains(got, absent) {
			t.Errorf("%q logged: %s", absent, got)
		}
	}
	for _, present := range []string{"agent=analyst", "g.n=0", "g.ok=false", "g.why=late"} {
		if !strings.Contains(got, present) {
			t.Errorf("%q not logged: %s", present, got)
		}
	}
}

// stringer is a fmt.Stringer saying s.
type stringer string

func (s stringer) String() string { return string(s) }
