package web

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
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
	// listChanged: this request re-issued the session's activation for a
	// new surface (gateway.carry); its answer carries
	// notifications/tools/list_changed
	listChanged bool
	// tellListChanged: the direct path's answer to this call carries
	// notifications/tools/list_changed (gateway.noticeServed)
	tellListChanged bool
	// resultJSON is resultOf (a call's result, the upstream's as bound
	// passed it) as JSON, encoded once: the direct path answers with it
	resultOf   *mcp.CallToolResult
	resultJSON []byte
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

// target is the run a request of the session belongs to.
func (r *gwReq) target() runTarget {
	return runTarget{Agent: r.sess.Agent, Profile: r.sess.Profile, Subject: r.subject, Tools: r.pick, Without: r.without}
}

// toolSetFromQuery reads the conversation's set from the gateway URL:
// tools= (comma-separated; present keeps only those, even none) and
// without= (comma-separated tools dropped).
func toolSetFromQuery(q map[string][]string) (pick, without []string) {
	split := func(vs []string) []string {
		out := []string{}
		for _, v := range vs {
			for _, id := range strings.Split(v, ",") {
				if id = strings.TrimSpace(id); id != "" {
					out = append(out, id)
				}
			}
		}
		return out
	}
	if vs, ok := q["tools"]; ok {
		pick = split(vs)
	}
	if w := split(q["without"]); len(w) > 0 {
		without = w
	}
	return pick, without
}

type gwReqKey struct{}

const (
	sessionHeader = "Mcp-Session-Id"
	// maxMCPBody bounds one request (a call's arguments are bounded
	// tighter by the argument check).
	maxMCPBody = 1 << 20
)

// mcpError answers a request the protocol cannot take with a JSON-RPC
// error and an HTTP status.
func mcpError(c echo.Context, status, code int, msg string) error {
	c.Response().Header().Set(echo.HeaderContentType, echo.MIMEApplicationJSON)
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{"code": code, "message": msg}})
	return c.Blob(status, echo.MIMEApplicationJSON, body)
}

// JSON-RPC error codes the gateway answers itself.
const (
	rpcParseError     = -32700
	rpcInvalidRequest = -32600
	rpcInvalidParams  = -32602
	rpcNoMethod       = -32601
	rpcNoSession      = -32001
)

// subjectHeaders are the headers a subject is read from.
var subjectHeaders = []string{"X-Subject-Id", "X-Subject-Groups"}

// repeatedSubjectHeader is why the subject headers are refused when one
// is sent more than once ("" when none is): two X-Subject-Groups headers
// mean their comma-joined list (RFC 9110), so a proxy appending one would
// widen the subject; refused as a repeated ?profile= is.
func repeatedSubjectHeader(h http.Header) string {
	for _, name := range subjectHeaders {
		if n := len(h.Values(name)); n > 1 {
			return name + ": give it once (it was sent " + strconv.Itoa(n) + " times)"
		}
	}
	return ""
}

// subjectFromHeaders reads X-Subject-Id and X-Subject-Groups (comma
// separated); neither means no subject (the group everyone).
func subjectFromHeaders(h http.Header) *authority.Subject {
	id, groups := strings.TrimSpace(h.Get("X-Subject-Id")), h.Get("X-Subject-Groups")
	if id == "" && strings.TrimSpace(groups) == "" {
		return nil
	}
	s := &authority.Subject{ID: id, Groups: []string{}}
	for _, g := range strings.Split(groups, ",") {
		if g = strings.TrimSpace(g); g != "" {
			s.Groups = append(s.Groups, g)
		}
	}
	return s
}

// subjectHeaderProblem is why the subject the headers give is refused
// ("" when it is not), naming the header that carries the fault.
func subjectHeaderProblem(subject *authority.Subject) string {
	f, msg := subject.Validate()
	switch f {
	case "":
		return ""
	case "subject.id":
		return "X-Subject-Id: " + strings.TrimSpace(strings.TrimPrefix(msg, "subject.id"))
	default:
		return "X-Subject-Groups: " + strings.TrimSpace(strings.TrimPrefix(msg, "subject.groups:"))
	}
}

// mcpGateway serves /mcp/{agent}.
func (s *Server) mcpGateway(c echo.Context) error {
	key, _ := c.Get(keyAPIKey).(*models.APIKey)
	agent, profile := c.Param("agent"), c.QueryParam("profile")
	if msg := checkGatewayQuery(c.QueryParams()); msg != "" {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, msg)
	}
	if err := checkSlugs(agent, profile); err != nil {
		return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, fmt.Sprintf("agent and profile are slugs of at most %d bytes", maxSlug))
	}
	if msg := repeatedSubjectHeader(c.Request().Header); msg != "" {
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
	body, err := io.ReadAll(io.LimitReader(c.Request().Body, maxMCPBody+1))
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
		code := rpcParseError
		if errors.Is(err, errBadRPCID) || errors.Is(err, errBadEnvelope) {
			code = rpcInvalidRequest
		}
		return mcpError(c, http.StatusBadRequest, code, err.Error())
	}
	method, id := msg.method(), msg.ID
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
	r := &gwReq{key: key, subject: subject}
	if token == "" {
		if method != "initialize" {
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, "Mcp-Session-Id is required: send initialize first")
		}
		r.pick, r.without = toolSetFromQuery(c.QueryParams())
		if err := checkToolSet(r.pick, r.without); err != nil {
			return mcpError(c, http.StatusBadRequest, rpcInvalidRequest, apiMessage(err))
		}
		if r.sess, token, err = s.newGatewaySession(c, key, agent, profile, subject, r.pick, r.without); err != nil || r.sess == nil {
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
	if token != "" && !r.listChanged && (method == "tools/list" || method == "tools/call" && tool != instruction.SearchToolID) {
		if done, err := s.gw.serveDirect(c, r, msg, body); done {
			return err
		}
	}
	req := c.Request().WithContext(context.WithValue(c.Request().Context(), gwReqKey{}, r))
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

// rpcErrorFor answers request id with a JSON-RPC error (HTTP 200, as
// the SDK answers a request it cannot serve).
func rpcErrorFor(c echo.Context, id json.RawMessage, code int, msg string) error {
	b, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": msg}})
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// gatewayMethods are the methods the gateway serves; any other request
// is answered method-not-found before the protocol handler sees it.
var gatewayMethods = map[string]bool{
	"initialize": true, "notifications/initialized": true, "notifications/cancelled": true, "ping": true,
	"tools/list": true, "tools/call": true, "resources/list": true, "resources/read": true, "resources/templates/list": true,
	"logging/setLevel": true, "notifications/roots/list_changed": true, "notifications/progress": true,
}

// rpcMessage is a single JSON-RPC message as the SDK's decoder reads it
// (batches are not part of the protocol versions the gateway speaks):
// read once, it routes the request and the direct path answers from it.
type rpcMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	Method  *string         `json:"method"`
	ID      json.RawMessage `json:"id"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// method is the message's method, "" when it names none.
func (m *rpcMessage) method() string {
	if m.Method == nil {
		return ""
	}
	return *m.Method
}

// rpcMethod reads a message and the tool its params name (a tools/call's
// params.name) as the SDK does, field names matching exactly
// (sdkUnmarshal), so the route it picks and the handler that answers
// agree on which tool a message names. A "null" id is no id.
func rpcMethod(body []byte) (*rpcMessage, string, error) {
	t := bytes.TrimSpace(body)
	if len(t) > 0 && t[0] == '[' {
		return nil, "", errors.New("batches are not accepted: send one JSON-RPC message per request")
	}
	var m rpcMessage
	var p struct {
		Name json.RawMessage `json:"name"`
	}
	err := sdkUnmarshal(t, &m)
	if err == nil && len(m.Params) > 0 {
		err = sdkUnmarshal(m.Params, &p)
	}
	if err != nil {
		return nil, "", errors.New(checkEnvelope(t))
	}
	if m.JSONRPC != "2.0" {
		return nil, "", errors.New(`the body is not a JSON-RPC 2.0 message ("jsonrpc": "2.0")`)
	}
	if err := envelopeKeys(t); err != nil {
		return nil, "", err
	}
	if string(m.ID) == "null" {
		m.ID = nil
	}
	if err := checkRPCID(m.ID); err != nil {
		return nil, "", err
	}
	var name string
	_ = sdkUnmarshal(p.Name, &name) // a name of another type is the protocol handler's to refuse
	return &m, name, nil
}

// errBadRPCID marks an id the gateway refuses (JSON-RPC -32600).
var errBadRPCID = errors.New("id")

// maxExactID is the largest integer every JSON reader (a float64) holds
// exactly, 2^53-1.
const maxExactID = 1<<53 - 1

// checkRPCID refuses an id the answer could not echo byte for byte:
// the SDK reads a number id as a float64 and writes it back
// as an integer, so 1.5 came back 1, 6.0 and 1e2 as 6 and 100, -0 as 0
// and 9007199254740993 as 9007199254740992. A number id is an integer
// written plainly, at most 2^53-1 either side of 0; a string is any
// string; nothing else is an id.
func checkRPCID(id json.RawMessage) error {
	if len(id) == 0 || id[0] == '"' {
		return nil
	}
	if id[0] != '-' && (id[0] < '0' || id[0] > '9') {
		return fmt.Errorf("%w must be a string or a number", errBadRPCID)
	}
	n, err := strconv.ParseInt(string(id), 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != string(id) || n > maxExactID || n < -maxExactID {
		return fmt.Errorf("%w: a number id must be an integer written without a fraction or exponent, from -%d to %d (it was %s); send it as a string to keep it exactly", errBadRPCID, maxExactID, maxExactID, clip(string(id), 40))
	}
	return nil
}

// newGatewaySession starts a session (and its run) for an initialize,
// once the agent and profile are known.
func (s *Server) newGatewaySession(c echo.Context, key *models.APIKey, agent, profile string, subject *authority.Subject, pick, without []string) (*models.GatewaySession, string, error) {
	ctx := c.Request().Context()
	if capped, err := s.sessionCapReached(c, key, agent); capped {
		return nil, "", err
	}
	if _, err := s.runBaseFor(ctx, runTarget{Agent: agent, Profile: profile, Subject: subject, Tools: pick, Without: without}); err != nil {
		var he *echo.HTTPError
		if errors.As(err, &he) {
			if _, ok := he.Message.(apiErrorBody); ok {
				return nil, "", mcpError(c, he.Code, rpcInvalidParams, apiMessage(err))
			}
		}
		return nil, "", err
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, "", err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	g := &models.GatewaySession{KeyID: key.ID, Agent: agent, Profile: profile, Run: gatewayRunPrefix + hex.EncodeToString(raw[:8])}
	// the subject is kept as its keyed digest: each request sends it
	// again (sameSession)
	var err error
	if g.SubjectDigest, err = s.store.SessionSubjectDigest(ctx, subject); err != nil {
		return nil, "", err
	}
	g.PickTools, g.PickWithout = encodeSet(pick), encodeSet(without)
	// the cap again, counted with the insert: replicas racing past the
	// early check above never pass it together
	err = s.store.CreateGatewaySessionWithin(ctx, token, g, s.idleRule().Cutoff(time.Now()), s.gatewayCap())
	if errors.Is(err, models.ErrSessionCap) {
		return nil, "", s.sessionCapAnswer(c, agent)
	}
	if err != nil {
		return nil, "", err
	}
	return g, token, nil
}

// refuseSession answers a request of a session whose stored state cannot
// be read: 404 with the field named, which tells a client to start a new
// session; nothing of the session is served.
func (s *Server) refuseSession(c echo.Context, g *models.GatewaySession, err error) error {
	s.log.Warn("gateway session refused: stored state unreadable", "run", g.Run, "err", err)
	return mcpError(c, http.StatusNotFound, rpcNoSession, err.Error())
}

// gatewaySession reads the session a request names, with the
// generations, in one query. A session of another key, another agent, a
// closed or an unknown one are answered alike: 404, which tells a client
// to start a new session (the state's Session is nil then).
func (s *Server) gatewaySession(c echo.Context, key *models.APIKey, agent, token string, busy time.Duration) (models.GatewayState, error) {
	if token == "" {
		return models.GatewayState{}, mcpError(c, http.StatusBadRequest, rpcInvalidRequest, "Mcp-Session-Id is required")
	}
	if len(token) > 128 {
		return models.GatewayState{}, mcpError(c, http.StatusNotFound, rpcNoSession, "no such session: initialize a new one")
	}
	st, err := s.store.GatewayStateByToken(c.Request().Context(), token)
	if err != nil {
		return models.GatewayState{}, err
	}
	if g := st.Session; g == nil || g.KeyID != key.ID || g.Agent != agent || g.Closed {
		return models.GatewayState{}, mcpError(c, http.StatusNotFound, rpcNoSession, "no such session: initialize a new one")
	}
	if expired, err := s.expiredSession(c, st.Session, time.Now(), busy); expired {
		return models.GatewayState{}, err
	}
	return st, nil
}

// apiMessage is the message of an API error (apiErr), or the error's text.
func apiMessage(err error) string {
	var he *echo.HTTPError
	if errors.As(err, &he) {
		if b, ok := he.Message.(apiErrorBody); ok {
			// the field the message is about, unless it starts with it
			if b.Field != "" && !strings.HasPrefix(b.Message, b.Field) {
				return b.Field + ": " + b.Message
			}
			return b.Message
		}
	}
	return err.Error()
}

// checkGatewayQuery names a gateway URL parameter given in a way that
// has no one meaning ("" when none): profile more than once, or a
// tools or without list with an empty name between its commas.
func checkGatewayQuery(q map[string][]string) string {
	if len(q["profile"]) > 1 {
		return "profile: give it once (it was given " + strconv.Itoa(len(q["profile"])) + " times)"
	}
	for _, name := range []string{"tools", "without"} {
		for _, v := range q[name] {
			if v == "" {
				continue // tools= keeps no tool
			}
			for _, id := range strings.Split(v, ",") {
				if strings.TrimSpace(id) == "" {
					return name + ": an empty tool name between commas (" + strconv.Quote(clip(v, 100)) + ")"
				}
			}
		}
	}
	return ""
}
