package web

import (
	"net/http"
	"slices"
	"testing"
)

// TestSharedSecurityHeaderValues: the shared header values are stored
// under canonical keys (what Header.Get looks up) and no response can
// write into them: an Add or a Set on one response leaves the next
// response's values as they were.
func TestSharedSecurityHeaderValues(t *testing.T) {
	all := append(securityHeaderValues[:], strictTransportSecurity)
	for _, kv := range all {
		if http.CanonicalHeaderKey(kv.key) != kv.key {
			t.Errorf("%q is not canonical", kv.key)
		}
		if len(kv.value) != 1 || cap(kv.value) != 1 {
			t.Errorf("%s: %d values, capacity %d; want one, capacity one", kv.key, len(kv.value), cap(kv.value))
		}
	}
	want := make([][]string, len(all))
	for i, kv := range all {
		want[i] = slices.Clone(kv.value)
	}
	h := http.Header{}
	for _, kv := range all {
		h[kv.key] = kv.value
		h.Add(kv.key, "changed")
	}
	h.Set("X-Frame-Options", "SAMEORIGIN")
	for i, kv := range all {
		if !slices.Equal(kv.value, want[i]) {
			t.Errorf("%s became %q", kv.key, kv.value)
		}
	}
	if got := h.Values("Content-Security-Policy"); len(got) != 2 || got[0] != contentSecurityPolicy {
		t.Errorf("the response's own header: %q", got)
	}
}

// BenchmarkSecurityHeaders: the headers set with Header.Set and shared, in
// one run.
func BenchmarkSecurityHeaders(b *testing.B) {
	b.Run("shared", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			h := make(http.Header, 8)
			for _, kv := range securityHeaderValues {
				h[kv.key] = kv.value
			}
		}
	})
	b.Run("Set", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			h := make(http.Header, 8)
			for _, kv := range securityHeaderValues {
				h.Set(kv.key, kv.value[0])
			}
		}
	})
}
