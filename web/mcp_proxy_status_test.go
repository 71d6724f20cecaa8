package web

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// statusProxy is a reverse proxy in front of up that, once armed with a
// status, lets the next tools/call reach the server (it runs) and then
// answers that status with a proxy's plain-text body, as Envoy answers
// 503 "reset before headers" when its backend's connection breaks after
// the request was sent. Its URL is the MCP endpoint through the proxy.
func statusProxy(t *testing.T, up *upstreamtest.Server) (endpoint string, arm *atomic.Int64) {
	t.Helper()
	target, err := url.Parse(up.URL)
	if err != nil {
		t.Fatal(err)
	}
	arm = new(atomic.Int64)
	rp := httputil.NewSingleHostReverseProxy(target)
	rp.ModifyResponse = func(res *http.Response) error {
		if res.Request.Header.Get("X-Test-Call") == "" {
			return nil
		}
		status := int(arm.Swap(0))
		if status == 0 {
			return nil
		}
		_, _ = io.Copy(io.Discard, res.Body) // the server finished the call
		_ = res.Body.Close()
		body := "upstream connect error or disconnect/reset before headers. reset reason: connection termination"
		res.StatusCode, res.Status = status, fmt.Sprintf("%d %s", status, http.StatusText(status))
		res.Body, res.ContentLength = io.NopCloser(strings.NewReader(body)), int64(len(body))
		res.Header = http.Header{"Content-Type": {"text/plain"}}
		return nil
	}
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if bytes.Contains(b, []byte(`"tools/call"`)) {
			r.Header.Set("X-Test-Call", "1")
		}
		r.Body, r.ContentLength = io.NopCloser(bytes.NewReader(b)), int64(len(b))
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(proxy.Close)
	return proxy.URL + target.Path, arm
}

// TestGatewayProxyStatusAfterRunIsUncertain: a status a proxy gives
// after the server got (and ran) the call — 503 reset before headers,
// 403 (a WAF's response-phase rule), 500, 502, 504, 408, 409 — proves nothing about whether it ran: a
// keyed destructive call is uncertain_side_effect, its key keeps that
// outcome (the retry with the key gets it again and the server runs the
// call once, never twice).
func TestGatewayProxyStatusAfterRunIsUncertain(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	endpoint, arm := statusProxy(t, up)
	f := h.gatewayFixture("demo", endpoint, false)
	cs, _ := f.connect(t, nil)
	for i, status := range []int{503, 403, 500, 502, 504, 408, 409} {
		meta := map[string]any{"idempotency_key": fmt.Sprintf("pay-invoice-%d", status)}
		args := map[string]any{"key": fmt.Sprint(status), "fact": "f"}
		arm.Store(int64(status))
		first, isErr := call(t, cs, "demo.remember", args, meta)
		for deadline := time.Now().Add(15 * time.Second); strings.Contains(first, "not reachable now") && time.Now().Before(deadline); {
			// the last status ended the session: it is started again after
			// the connection's backoff (nothing reaches the server meanwhile)
			time.Sleep(100 * time.Millisecond)
			first, isErr = call(t, cs, "demo.remember", args, meta)
		}
		if !isErr || errType(first) != typeUncertainEffect || strings.Contains(first, "nothing was run") {
			t.Errorf("HTTP %d after the server ran the call: %s, want %s", status, first, typeUncertainEffect)
		}
		second, _ := call(t, cs, "demo.remember", args, meta)
		if second != first {
			t.Errorf("HTTP %d, the retry with the key: %s, want the recorded %s", status, second, first)
		}
		if n := up.Calls("remember"); n != int64(i+1) {
			t.Errorf("HTTP %d: the server ran remember %d times in all, want %d (once per key)", status, n, i+1)
		}
	}
}

// TestGatewayProxyStatusKeepsApprovalSpent: a single-use approval and
// the call budget that a call spent stay spent when a proxy answers 503
// after the server got it (it may have run); the retry with the same
// approval is asked for a new one.
func TestGatewayProxyStatusKeepsApprovalSpent(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	endpoint, arm := statusProxy(t, up)
	_, cs := approvalOnlyEcho(t, h, endpoint)
	withCallBudget(t, h, 5)
	args := map[string]any{"text": "hi"}
	text, _ := call(t, cs, "demo.echo", args, nil)
	ref := approveOnce(t, h, text)
	arm.Store(http.StatusServiceUnavailable)
	text, isErr := call(t, cs, "demo.echo", args, map[string]any{"approval": ref})
	if !isErr || strings.Contains(text, "nothing was run") || up.Calls("echo") != 1 {
		t.Fatalf("HTTP 503 after the server ran echo: %s (echo ran %d times)", text, up.Calls("echo"))
	}
	if n := charged(t, h, cs); n != 1 || unused(t, h, ref) {
		t.Errorf("a call that may have run: %d calls charged, approval unused %v (want 1, false)", n, unused(t, h, ref))
	}
	if again, _ := call(t, cs, "demo.echo", args, map[string]any{"approval": ref}); up.Calls("echo") != 1 {
		t.Errorf("the spent approval ran echo again: %s", again)
	}
}
