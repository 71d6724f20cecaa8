package web

import (
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/labstack/echo/v4"
)

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

// newGatewaySession starts a session (and its run) for an initialize,
// once the agent and profile are known.
//
// version is the protocol version its initialize negotiates.
func (s *Server) newGatewaySession(c echo.Context, key *models.APIKey, agent, profile string, subject *authority.Subject, pick, without []string, version string) (*models.GatewaySession, string, error) {
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
	g := &models.GatewaySession{KeyID: key.ID, Agent: agent, Profile: profile, ProtocolVersion: version, Run: gatewayRunPrefix + hex.EncodeToString(raw[:8])}
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
	st, err := s.gw.states.state(c.Request().Context(), token)
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
