package web

import (
	"testing"
	"time"
)

// TestConnCacheForgetBeatsALateReload: a reload that read the connections
// before a sync committed, and stores its snapshot after the sync's
// forget, is never served (it was, for up to connCacheTTL, when forget
// only cleared the pointer).
func TestConnCacheForgetBeatsALateReload(t *testing.T) {
	var cc connCache
	late := &connSnapshot{at: time.Now(), gen: cc.gen.Load()} // the reload's read began
	cc.forget()                                               // a sync commits
	cc.cur.Store(late)                                        // the reload stores its snapshot
	if cc.fresh(cc.cur.Load()) {
		t.Fatal("a snapshot read before the latest forget is served")
	}
	now := &connSnapshot{at: time.Now(), gen: cc.gen.Load()}
	if !cc.fresh(now) {
		t.Fatal("a snapshot read after the latest forget is not served")
	}
	if cc.fresh(&connSnapshot{at: time.Now().Add(-connCacheTTL), gen: cc.gen.Load()}) {
		t.Fatal("a snapshot past connCacheTTL is served")
	}
}
