package upstream

import (
	"context"
	"io"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// scripted is a connection that reads msgs in order, then io.EOF.
type scripted struct {
	mcp.Connection
	msgs []jsonrpc.Message
}

func (s *scripted) Read(context.Context) (jsonrpc.Message, error) {
	if len(s.msgs) == 0 {
		return nil, io.EOF
	}
	m := s.msgs[0]
	s.msgs = s.msgs[1:]
	return m, nil
}

// TestListChangedAfterABurstIsNotLost: a server
// that sends a burst of log notifications, then
// notifications/tools/list_changed, then its answer, still has its tool
// list read again before the next call: the list_changed reaches the
// handler, or (dropped past the limit) marks the listing stale before the
// answer is read.
func TestListChangedAfterABurstIsNotLost(t *testing.T) {
	var msgs []jsonrpc.Message
	for range 2 * notifyBurst {
		msgs = append(msgs, &jsonrpc.Request{Method: "notifications/message"})
	}
	msgs = append(msgs, &jsonrpc.Request{Method: "notifications/tools/list_changed"})
	id, _ := jsonrpc.MakeID(float64(7))
	msgs = append(msgs, &jsonrpc.Response{ID: id})
	var dropped atomic.Int64
	stale := 0
	conn := limitNotifications(&scripted{msgs: msgs}, &dropped, nil, "burst", func() { stale++ })
	delivered := false
	for {
		m, err := conn.Read(context.Background())
		if err != nil {
			break
		}
		if r, ok := m.(*jsonrpc.Request); ok && r.Method == "notifications/tools/list_changed" {
			delivered = true
		}
		if _, ok := m.(*jsonrpc.Response); ok && !delivered && stale == 0 {
			t.Fatal("the answer was read with the list_changed before it neither delivered nor marking the listing stale")
		}
	}
	if dropped.Load() == 0 {
		t.Error("the burst of log notifications was not limited")
	}
}

// TestDirectStreamListChangedMarksStale: a
// list_changed an HTTP server sends within a direct call's event stream
// marks the listing stale, as the SDK's handler would.
func TestDirectStreamListChangedMarksStale(t *testing.T) {
	stale := 0
	d := &directSession{stale: func() { stale++ }}
	body := "event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{}}\n\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/tools/list_changed\"}\n\n" +
		"event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{\"content\":[]}}\n\n"
	if _, err := d.stream(context.Background(), strings.NewReader(body), 3); err != nil {
		t.Fatal(err)
	}
	if stale != 1 {
		t.Errorf("list_changed in the call's stream marked the listing stale %d times, want 1", stale)
	}
}
