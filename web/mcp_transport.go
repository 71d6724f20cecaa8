package web

import (
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// The streamable HTTP transport's own rules, checked on every request to
// /mcp/{agent} before its body is read: the Origin header (DNS-rebinding
// protection) and the MCP-Protocol-Version header.

const (
	// protocolVersionHeader is the header's canonical key (a lookup by
	// another spelling allocates its canonical form each time);
	// protocolVersionName is how messages name it, as the protocol does
	protocolVersionHeader = "Mcp-Protocol-Version"
	protocolVersionName   = "MCP-Protocol-Version"
	// rpcUnsupportedVersion is the protocol's error code for a protocol
	// version the server does not speak; its data lists the versions it
	// does, so a client of a newer version falls back to one of them.
	rpcUnsupportedVersion = -32022
	// defaultProtocolVersion is the version the transport's rules say a
	// server assumes when a request names none and nothing else says
	// which (a session whose negotiated version is not known).
	defaultProtocolVersion = "2025-03-26"
)

// checkGatewayHeaders answers a request whose Origin or
// MCP-Protocol-Version the gateway refuses, and reports whether it did.
func (s *Server) checkGatewayHeaders(c echo.Context) (bool, error) {
	h := c.Request().Header
	if origin := h["Origin"]; len(origin) > 0 && !s.originAllowed(origin, c.Request().Host) {
		return true, mcpError(c, http.StatusForbidden, rpcInvalidRequest, fmt.Sprintf("Origin: %s may not call this gateway (a browser page of another site); its operator lists the origins allowed in CONSOLE_ALLOWED_ORIGINS", strconv.Quote(clip(origin[0], 200))))
	}
	if c.Request().Method == http.MethodPost && !jsonContentType(h.Get("Content-Type")) {
		// refused before anything of the session is read or recorded (the
		// SDK refused it too, but only after the step had run)
		return true, mcpError(c, http.StatusUnsupportedMediaType, rpcInvalidRequest, "Content-Type must be 'application/json'")
	}
	if msg := badProtocolVersion(h[protocolVersionHeader]); msg != "" && !sessionlessProbe(h) {
		body, _ := mcpJSON(map[string]any{"jsonrpc": "2.0", "id": nil, "error": map[string]any{
			"code": rpcUnsupportedVersion, "message": msg,
			"data": map[string]any{"supported": gatewayVersions, "requested": clip(h.Get(protocolVersionHeader), 100)},
		}})
		return true, c.Blob(http.StatusBadRequest, echo.MIMEApplicationJSON, body)
	}
	return false, nil
}

// badProtocolVersion names what is wrong with a request's
// MCP-Protocol-Version values ("" when nothing: none, or one the gateway
// speaks, given once).
func badProtocolVersion(values []string) string {
	if len(values) == 0 {
		return ""
	}
	if len(values) > 1 {
		return protocolVersionName + ": give it once (it was given " + strconv.Itoa(len(values)) + " times)"
	}
	if slices.Contains(gatewayVersions, values[0]) {
		return ""
	}
	return fmt.Sprintf("%s: %s is not a protocol version this gateway speaks; it speaks %s (send the version initialize negotiated, or no header)",
		protocolVersionName, strconv.Quote(clip(values[0], 100)), strings.Join(gatewayVersions, ", "))
}

// originAllowed reports whether a request that carries an Origin header
// (a browser's) may call the gateway: its origin is one the operator
// allows (CONSOLE_ALLOWED_ORIGINS), or the console's own as a page of it
// on this machine sees it: the request's Host, when that Host is a
// loopback name or address. A page whose name was rebound to this
// machine sends its own name as the Host, so it is refused unless its
// origin is listed.
func (s *Server) originAllowed(values []string, host string) bool {
	if len(values) != 1 {
		return false
	}
	o, ok := normalOrigin(values[0])
	if !ok {
		return false
	}
	if slices.Contains(s.cfg.AllowedOrigins, o) {
		return true
	}
	u, _ := url.Parse(o)
	return strings.EqualFold(u.Host, stripDefaultPort(u.Scheme, strings.ToLower(host))) && loopbackHost(u.Hostname())
}

// normalOrigin is an origin as the allowed list keeps it: scheme://host
// or scheme://host:port, in lower case, without the scheme's default
// port; false for anything else (a path, a query, user information, a
// scheme other than http or https, "null").
func normalOrigin(s string) (string, bool) {
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.Opaque != "" {
		return "", false
	}
	scheme := strings.ToLower(u.Scheme)
	host := stripDefaultPort(scheme, strings.ToLower(u.Host))
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
			return "", false
		}
	}
	return scheme + "://" + host, true
}

// stripDefaultPort drops :80 from an http host and :443 from an https
// one.
func stripDefaultPort(scheme, host string) string {
	if scheme == "http" {
		return strings.TrimSuffix(host, ":80")
	}
	return strings.TrimSuffix(host, ":443")
}

// loopbackHost reports whether a host name is this machine's by every
// resolver: localhost (and names under it), or a loopback address.
func loopbackHost(name string) bool {
	name = strings.TrimSuffix(strings.ToLower(name), ".")
	if name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && ip.IsLoopback()
}

// ParseAllowedOrigins reads CONSOLE_ALLOWED_ORIGINS: origins separated
// by commas or spaces, each scheme://host[:port] (http or https); an
// error names the entry that is not one.
func ParseAllowedOrigins(s string) ([]string, error) {
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' }) {
		o, ok := normalOrigin(f)
		if !ok {
			return nil, fmt.Errorf("%s is not an origin: write scheme://host or scheme://host:port (http or https, no path)", strconv.Quote(clip(f, 100)))
		}
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	return out, nil
}

// negotiatedVersion is the protocol version an initialize with params
// negotiates, as the SDK's server answers it: the version the client
// asks for when the gateway speaks it, else the gateway's newest.
func negotiatedVersion(params json.RawMessage) string {
	var p struct {
		ProtocolVersion string `json:"protocolVersion"`
	}
	if len(params) > 0 && sdkUnmarshal(params, &p) == nil && slices.Contains(gatewayVersions, p.ProtocolVersion) {
		return p.ProtocolVersion
	}
	return gatewayVersions[0]
}

// sessionVersion is the protocol version a request of session g that
// names none is taken at: the one its initialize negotiated, or the
// transport's default for a session that did not keep it.
func sessionVersion(g *models.GatewaySession) string {
	if g.ProtocolVersion != "" {
		return g.ProtocolVersion
	}
	return defaultProtocolVersion
}

// sessionVersionProblem names a request of session g whose
// MCP-Protocol-Version is not the one the session negotiated ("" when
// it is, or it names none).
func sessionVersionProblem(h http.Header, g *models.GatewaySession) string {
	v := h.Get(protocolVersionHeader)
	if v == "" || g.ProtocolVersion == "" || v == g.ProtocolVersion {
		return ""
	}
	return fmt.Sprintf("%s: this session negotiated %s at initialize, and a request of it names that version or none (it named %s)", protocolVersionName, g.ProtocolVersion, v)
}

// jsonContentType reports whether a Content-Type value is
// application/json, with parameters or none (the SDK reads it with
// mime.ParseMediaType; the plain value most clients send is read without
// it).
func jsonContentType(ct string) bool {
	if ct == "application/json" {
		return true
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
}
