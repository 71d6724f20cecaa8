package main

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

	"github.com/agentforge/console/web/upstream/leanserver"
)

// mcpSession is one MCP session over streamable HTTP as the gateway load
// run drives it: plain JSON-RPC POSTs, each answer read whole and
// checked to be its request's result (not an error, not a tool error).
// It does what a load generator does and no more, so its CPU is not taken
// from the console it measures.
type mcpSession struct {
	// ctx ends the session's requests (a signal to the load generator)
	ctx    context.Context
	hc     *http.Client
	url    string
	header http.Header
	id     atomic.Int64
}

// mcpAnswer is what the generator reads of an answer.
type mcpAnswer struct {
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

// openMCPSession initializes a session at url (bearer: the runtime key,
// "" for none) and sends notifications/initialized.
func openMCPSession(hc *http.Client, url, bearer string) (*mcpSession, error) {
	return openMCPSessionCtx(context.Background(), hc, url, bearer)
}

// openMCPSessionCtx is openMCPSession whose requests ctx ends.
func openMCPSessionCtx(ctx context.Context, hc *http.Client, url, bearer string) (*mcpSession, error) {
	s := &mcpSession{ctx: ctx, hc: hc, url: url, header: http.Header{}}
	s.header.Set("Content-Type", "application/json")
	s.header.Set("Accept", "application/json, text/event-stream")
	if bearer != "" {
		s.header.Set("Authorization", "Bearer "+bearer)
	}
	init := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":%q,"capabilities":{},"clientInfo":{"name":"console-loadtest","version":"1"}}}`, leanserver.Version)
	res, data, err := s.post(init)
	if err != nil {
		return nil, fmt.Errorf("initialize at %s: %w", url, err)
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("initialize at %s: HTTP %d: %s", url, res.StatusCode, clipText(data))
	}
	sid := res.Header.Get("Mcp-Session-Id")
	if sid == "" {
		return nil, fmt.Errorf("initialize at %s: no Mcp-Session-Id", url)
	}
	s.header.Set("Mcp-Session-Id", sid)
	s.header.Set("Mcp-Protocol-Version", leanserver.Version)
	if res, data, err = s.post([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)); err != nil || res.StatusCode/100 != 2 {
		return nil, fmt.Errorf("notifications/initialized at %s: %v %s", url, err, clipText(data))
	}
	return s, nil
}

// close ends the session (DELETE), as a client that is done does.
func (s *mcpSession) close() {
	req, err := http.NewRequest(http.MethodDelete, s.url, nil)
	if err != nil {
		return
	}
	req.Header = s.header
	if res, err := s.hc.Do(req); err == nil {
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
}

// call sends tools/call of tool with args (a JSON object).
func (s *mcpSession) call(tool, args string) error {
	id := s.id.Add(1)
	a, err := s.send(id, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args))
	if err != nil {
		return err
	}
	if a.Result.IsError {
		text := ""
		for _, p := range a.Result.Content {
			text += p.Text
		}
		return fmt.Errorf("tool error: %s", clipText([]byte(text)))
	}
	return nil
}

// list sends tools/list and wants at least one tool back.
func (s *mcpSession) list() error {
	id := s.id.Add(1)
	a, err := s.send(id, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%d,"method":"tools/list","params":{}}`, id))
	if err == nil && len(a.Result.Tools) == 0 {
		err = errors.New("tools/list: no tools")
	}
	return err
}

// post sends one message and reads the answer whole.
func (s *mcpSession) post(body []byte) (*http.Response, []byte, error) {
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
	res.Body.Close()
	return res, data, err
}

// send posts request id and reads its response: a JSON body, or the
// event of an event stream that answers it (a notification may come
// first).
func (s *mcpSession) send(id int64, body []byte) (*mcpAnswer, error) {
	res, data, err := s.post(body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("HTTP %d: %s", res.StatusCode, clipText(data))
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
		var a mcpAnswer
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
	return nil, fmt.Errorf("no response to request %s in %s", want, clipText(data))
}

// clipText is b cut to 200 bytes for an error message.
func clipText(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}
