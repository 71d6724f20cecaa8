package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestAWriteAsFirstRequestStartsTheDeferredWork: a sign-in that is a
// start's first request waits on the admin's hash, which waits for the
// first answer; so a request that is not a read lets the deferred work
// begin before it is served, while a first read still goes first.
func TestAWriteAsFirstRequestStartsTheDeferredWork(t *testing.T) {
	for _, c := range []struct {
		method string
		begun  bool
	}{{http.MethodPost, true}, {http.MethodGet, false}, {http.MethodHead, false}} {
		f := newFirstAnswer()
		var begun bool
		h := f.wrap(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
			select {
			case <-f.done:
				begun = true
			default:
			}
		}))
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(c.method, "/login", nil))
		if begun != c.begun {
			t.Errorf("%s as the first request: deferred work begun while it was served = %v, want %v", c.method, begun, c.begun)
		}
		select {
		case <-f.done:
		default:
			t.Errorf("%s: the first answer was not signalled after it", c.method)
		}
	}
}
