package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// The gateway's HTTP side (the gateway rules): /mcp/{agent} speaks MCP over
// streamable HTTP for a runtime key. The official SDK's handler serves
// the protocol in its stateless mode, except the hot methods of an
// established session (tools/call and tools/list), which the direct path
// (mcp_direct.go) answers as the SDK would, without its per-message
// machinery. The session (one MCP session is one run) is the console's
// own, kept in the database under the hash of the Mcp-Session-Id the
// client holds, so any replica serves any request and a restart loses
// nothing.

// gwReq is what the gateway's handlers know of one HTTP request.
type gwReq struct {
	key     *models.APIKey
	sess    *models.GatewaySession
	subject *authority.Subject
	// catGen and cfgGen are the generations read with the session, after
	// the request arrived (zero before a session exists: read them then)
	catGen, cfgGen int64
	// pick and without are the conversation's set (nil: none), fixed at
	// initialize.
	pick, without []string
	// groups are the session's receipts grouped by step, decoded with
	// the session (see load)
	groups [][]json.RawMessage
	// shown is every tool the session was shown, sorted (decoded with
	// the session; gateway.recordListed keeps it and the stored one in
	// step)
	shown []string
	// st is the request's step, reconstructed once (gateway.step)
	st *gwStep
	// listChanged: this request found the session's tool list moved
	// since it was last given or told of it (gateway.noticeMoves): its
	// answer carries notifications/tools/list_changed
	listChanged bool
	// carried: this request re-issued the session's activation for a new
	// surface (gateway.carry)
	carried bool
	// tellListChanged: the direct path's answer to this call carries
	// notifications/tools/list_changed (gateway.noticeServed)
	tellListChanged bool
	// resultJSON is resultOf (a call's result, the upstream's as bound
	// passed it) as JSON, encoded once: the direct path answers with it
	resultOf   *mcp.CallToolResult
	resultJSON []byte
	// clock times the request's stretches (nil: untimed; mcp_phase.go)
	clock *phaseClock
}

// load decodes the session's stored state into the request, once per
// read of the session; a field that cannot be read is a
// *SessionStateError and the request must be refused.
func (r *gwReq) load() error {
	st, err := decodeSessionState(r.sess)
	if err != nil {
		return err
	}
	r.pick, r.without, r.groups, r.shown = st.pick, st.without, st.groups, st.shown
	return nil
}

type gwReqKey struct{}

const (
	sessionHeader = "Mcp-Session-Id"
	// maxMCPBody bounds one request (a call's arguments are bounded
	// tighter by the argument check).
	maxMCPBody = 1 << 20
	// maxPresizedBody is the largest declared length readMCPBody
	// reserves before the bytes arrive.
	maxPresizedBody = 4 << 10
)

// readMCPBody reads a request's body, at most maxMCPBody+1 bytes (one
// more says it is too large): a body that declares a length of at most
// maxPresizedBody is read into one buffer of that length (most do: one
// allocation of the body's size instead of a doubling from 512 bytes);
// any other grows with the bytes that arrive, so a declared length no
// body follows reserves nothing.
func readMCPBody(r *http.Request) ([]byte, error) {
	lr := io.LimitReader(r.Body, maxMCPBody+1)
	n := r.ContentLength
	if n < 0 || n > maxPresizedBody {
		return io.ReadAll(lr)
	}
	buf := make([]byte, 0, n+1)
	for {
		m, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
		if len(buf) == cap(buf) {
			// longer than declared: the rest as any other body
			rest, err := io.ReadAll(lr)
			return append(buf, rest...), err
		}
	}
}

// mcpError answers a request the protocol cannot take with a JSON-RPC
// error and an HTTP status.
func mcpError(c echo.Context, status, code int, msg string) error {
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	body, _ := mcpJSON(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
	return c.Blob(status, echo.MIMEApplicationJSON, body)
}

// mcpGateway serves /mcp/{agent}.
func (s *Server) mcpGateway(c echo.Context) error {
	clock := s.gw.clock()
	key, _ := c.Get(keyAPIKey).(*models.APIKey)
	agent, profile := c.Param("agent"), c.QueryParam("profile")
	if done, err := s.checkGatewayHeaders(c); done {
		return err
	}
	if msg := checkGatewayQuery(c.QueryParams()); msg != "" {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, msg)
	}
	if err := checkSlugs(agent, profile); err != nil {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, fmt.Sprintf("agent and profile are slugs of at most %d bytes", maxSlug))
	}
	if msg := repeatedHeader(c.Request().Header, gatewayOnceHeaders); msg != "" {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, msg)
	}
	subject := subjectFromHeaders(c.Request().Header)
	if subject != nil && subject.ID == "" {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, "X-Subject-Id is missing: X-Subject-Groups names the groups of a subject, and a subject must name who it is")
	}
	if msg := subjectHeaderProblem(subject); msg != "" {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, msg)
	}
	token := c.Request().Header.Get(sessionHeader)
	switch c.Request().Method {
	case http.MethodDelete:
		st, err := s.gatewaySession(c, key, agent, token, 0)
		if err != nil || st.Session == nil {
			return err
		}
		// ending a session is a request of it like any other: its
		// subject, profile and set
		if msg, err := s.sameSession(c, st.Session, profile, subject); err != nil || msg != "" {
			if err != nil {
				return err
			}
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, msg)
		}
		if err := s.store.CloseGatewaySession(c.Request().Context(), st.Session.ID); err != nil {
			return err
		}
		return c.NoContent(http.StatusNoContent)
	case http.MethodPost:
	default:
		c.Response().Header().Set("Allow", "POST, DELETE")
		return mcpError(c, http.StatusMethodNotAllowed, rpcInvalidRequest, "this gateway answers POST (and DELETE to end a session); it keeps no standalone stream")
	}
	body, err := readMCPBody(c.Request())
	if err != nil {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, "the request body could not be read")
	}
	if len(body) > maxMCPBody {
		return mcpError(c, http.StatusRequestEntityTooLarge, rpcInvalidRequest, fmt.Sprintf("the request is larger than %d bytes", maxMCPBody))
	}
	// nesting is bounded before anything decodes the body
	if err := scanMCPBody(body); err != nil {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, err.Error())
	}
	msg, tool, err := rpcMethod(body)
	if err != nil {
		return mcpError(c, http.StatusBadRequest, rpcCodeOf(err), err.Error())
	}
	method, id := msg.method(), msg.ID
	c.Set(keyRPC, rpcLog{method: clip(method, 100), tool: clip(tool, 100)})
	if msg.Method == nil && (msg.Result != nil || msg.Error != nil) {
		// a response: the gateway asks its clients nothing, so it answers
		// none, and takes it as the transport says (202, no body)
		if len(id) == 0 {
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, "a JSON-RPC response names the id of the request it answers")
		}
		return c.NoContent(http.StatusAccepted)
	}
	if !gatewayMethods[method] {
		if len(id) == 0 { // a notification nobody handles
			return c.NoContent(http.StatusAccepted)
		}
		return rpcErrorFor(c, id, rpcNoMethod, fmt.Sprintf("method %s is not one the gateway serves", strconv.Quote(clip(method, 100))))
	}
	if problem := checkParams(method, msg.Params); problem != "" {
		if len(id) == 0 {
			return mcpError(c, http.StatusBadRequest, rpcInvalidParams, problem)
		}
		return rpcErrorFor(c, id, rpcInvalidParams, problem)
	}
	clock.lap(phaseParse)
	r := &gwReq{key: key, subject: subject, clock: clock}
	if token == "" {
		if method != "initialize" {
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, "Mcp-Session-Id is required: send initialize first")
		}
		if problem := initializeProblem(msg.Params); problem != "" {
			if len(id) == 0 {
				return mcpError(c, http.StatusBadRequest, rpcInvalidParams, problem)
			}
			return rpcErrorFor(c, id, rpcInvalidParams, problem)
		}
		r.pick, r.without = toolSetFromQuery(c.QueryParams())
		if err := checkToolSet(r.pick, r.without); err != nil {
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, apiMessage(err))
		}
		if r.sess, token, err = s.newGatewaySession(c, key, agent, profile, subject, r.pick, r.without, negotiatedVersion(msg.Params)); err != nil || r.sess == nil {
			return err
		}
		c.Response().Header().Set(sessionHeader, token)
	} else {
		if method == "initialize" {
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, "Mcp-Session-Id is not allowed on initialize: initialize starts a new session (send it without the header)")
		}
		busy := time.Duration(0)
		if method == "tools/call" {
			// a call may run until its connection's timeout: the session
			// is in use until then, so it cannot expire mid-call
			busy = s.gw.callBusy(c.Request().Context(), tool)
		}
		st, err := s.gatewaySession(c, key, agent, token, busy)
		if err != nil || st.Session == nil {
			return err
		}
		r.sess, r.catGen, r.cfgGen = st.Session, st.CatalogGen, st.ConfigGen
		if msg, err := s.sameSession(c, r.sess, profile, subject); err != nil || msg != "" {
			if err != nil {
				return err
			}
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, msg)
		}
		if err := s.gw.loadState(r); err != nil {
			return s.refuseSession(c, r.sess, err)
		}
	}
	clock.lap(phaseSession)
	if token != "" && method == "tools/call" && tool != instruction.SearchToolID {
		// a call on a surface that moved since the session's last
		// activation re-issues it first (gateway.carry), and then answers
		// on an event stream that carries list_changed before the result
		// (an error here is the call's own: the call path meets it again);
		// so does a call that finds the session's tool list moved since
		// it was last given or told of it (gateway.noticeMoves)
		if _, err := s.gw.step(c.Request().Context(), r); err == nil {
			if err := s.gw.noticeMoves(c.Request().Context(), r); err != nil {
				return err
			}
		}
	}
	clock.lap(phaseStep)
	if token != "" && !r.listChanged && (method == "tools/list" || method == "tools/call" && tool != instruction.SearchToolID) {
		if done, err := s.gw.serveDirect(c, r, msg, body); done {
			clock.lap(phaseAnswer)
			s.gw.report(clock, token, method, id)
			return err
		}
	}
	req := c.Request().WithContext(context.WithValue(c.Request().Context(), gwReqKey{}, r))
	if req.Header.Get(protocolVersionHeader) == "" {
		// the SDK takes a request without the header at the version the
		// session negotiated, as the transport says
		req.Header = req.Header.Clone()
		req.Header.Set(protocolVersionHeader, sessionVersion(r.sess))
	}
	req.Body = io.NopCloser(bytes.NewReader(body))
	req.ContentLength = int64(len(body))
	// a search answers on an event stream, which carries its
	// notifications/tools/list_changed before the result; every other
	// request gets its one response as plain JSON (no stream framing)
	h := s.gw.json
	if method == "tools/call" && (tool == instruction.SearchToolID || r.listChanged) {
		h = s.gw.stream
	}
	w := &rpcErrorWriter{ResponseWriter: c.Response()}
	h.ServeHTTP(w, req)
	w.finish()
	return nil
}
