package loadgen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// Session is one MCP session over streamable HTTP as a load run drives
// it: plain JSON-RPC POSTs, each answer read whole and checked to be its
// request's result (not an error, not a tool error), without an SDK
// client's per-message machinery (a decoder with a zeroed buffer and a
// goroutine hand-off per message), whose CPU would be taken from the
// server measured.
type Session struct {
	// ctx ends the session's requests (a signal to the load generator)
	ctx    context.Context
	hc     *http.Client
	url    string
	header http.Header
	id     atomic.Int64
}

// Span is what the generator knows of one request: its JSON-RPC id,
// when it was sent and when its answer was read.
type Span struct {
	ID         int64
	Sent, Read time.Time
}

// answer is what the generator reads of an answer.
type answer struct {
	ID     json.RawMessage `json:"id"`
	Result *struct {
		IsError bool `json:"isError"`
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
		Tools []json.RawMessage `json:"tools"`
	} `json:"result"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Start initializes a session at url asking for protocol version
// (bearer: the runtime key, "" for none) and sends
// notifications/initialized; ctx ends its requests.
func Start(ctx context.Context, hc *http.Client, url, bearer, version string) (*Session, error) {
	s := &Session{ctx: ctx, hc: hc, url: url, header: http.Header{}}
	s.header.Set("Content-Type", "application/json")
	s.header.Set("Accept", "application/json, text/event-stream")
	if bearer != "" {
		s.header.Set("Authorization", "Bearer "+bearer)
	}
	init := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"console-loadtest","version":"1"}}}`, version)
	res, data, err := s.post(init)
	if err != nil {
		return nil, fmt.Errorf("initialize at %s: %w", url, err)
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("initialize at %s: HTTP %d: %s", url, res.StatusCode, Clip(data))
	}
	sid := res.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return nil, fmt.Errorf("initialize at %s: no Mcp-Session-Id", url)
	}
	s.header.Set("Mcp-Session-Id", sid)
	s.header.Set("Mcp-Protocol-Version", version)
	if res, data, err = s.post([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)); err != nil || res.StatusCode/100 != 2 {
		return nil, fmt.Errorf("notifications/initialized at %s: %v %s", url, err, Clip(data))
	}
	return s, nil
}

// Join sends the requests of a session another client established (its
// Mcp-Session-Id and Mcp-Protocol-Version among header, with the
// bearer) to url; ctx ends them.
func Join(ctx context.Context, hc *http.Client, url string, header http.Header) *Session {
	h := header.Clone()
	h.Set("Content-Type", "application/json")
	h.Set("Accept", "application/json, text/event-stream")
	return &Session{ctx: ctx, hc: hc, url: url, header: h}
}

// closeWait bounds the DELETE that ends a session.
const closeWait = 5 * time.Second

// Close ends the session (DELETE), as a client that is done does; also
// when the session's context has ended (a run stopped by a signal still
// ends its sessions), then waiting at most closeWait for the answer.
func (s *Session) Close() {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(s.ctx), closeWait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodDelete, s.url, nil)
	if err != nil {
		return
	}
	req.Header = s.header
	if res, err := s.hc.Do(req); err == nil {
		_, _ = io.Copy(io.Discard, res.Body)
		_ = res.Body.Close()
	}
}

// Call sends tools/call of tool with args (a JSON object).
func (s *Session) Call(tool, args string) error { return s.CallSpan(tool, args, nil) }

// CallSpan is Call, telling span (when not nil) the request's id and
// when it was sent and its answer read.
func (s *Session) CallSpan(tool, args string, span *Span) error {
	id := s.id.Add(1)
	body := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args)
	if span != nil {
		span.ID, span.Sent = id, time.Now()
		defer func() { span.Read = time.Now() }()
	}
	a, err := s.send(id, body)
	if err != nil {
		return err
	}
	if a.Result.IsError {
		text := ""
		for _, p := range a.Result.Content {
			text += p.Text
		}
		return fmt.Errorf("tool error: %s", Clip([]byte(text)))
	}
	return nil
}

// List sends tools/list and wants at least one tool back.
func (s *Session) List() error {
	id := s.id.Add(1)
	a, err := s.send(id, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, id))
	if err == nil && len(a.Result.Tools) == 0 {
		err = errors.New("tools/list: no tools")
	}
	return err
}

// post sends one message and reads the answer whole.
func (s *Session) post(body []byte) (*http.Response, []byte, error) {
	req, err := http.NewRequestWithContext(s.ctx, http.MethodPost, s.url, bytes.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	req.Header = s.header // read only: a round trip does not change it
	res, err := s.hc.Do(req)
	if err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(res.Body)
	_ = res.Body.Close()
	return res, data, err
}

// send posts request id and reads its response: a JSON body, or the
// event of an event stream that answers it (a notification may come
// first).
func (s *Session) send(id int64, body []byte) (*answer, error) {
	res, data, err := s.post(body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d: %s", res.StatusCode, Clip(data))
	}
	msgs := [][]byte{data}
	if res.Header.Get("Content-Type") == "text/event-stream" {
		msgs = msgs[:0]
		for _, line := range bytes.Split(data, []byte("\n")) {
			if d, ok := bytes.CutPrefix(line, []byte("data: ")); ok {
				msgs = append(msgs, d)
			}
		}
	}
	want := strconv.FormatInt(id, 10)
	for _, m := range msgs {
		var a answer
		if err := json.Unmarshal(m, &a); err != nil {
			return nil, fmt.Errorf("an answer that is not JSON-RPC: %w", err)
		}
		if string(a.ID) != want {
			continue
		}
		if a.Error != nil {
			return nil, fmt.Errorf("JSON-RPC error: %s", a.Error.Message)
		}
		if a.Result == nil {
			return nil, errors.New("a response without a result")
		}
		return &a, nil
	}
	return nil, fmt.Errorf("no response to request %s in %s", want, Clip(data))
}
