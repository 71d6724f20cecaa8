package web

import (
	"strings"

	"github.com/agentforge/console/models"
	"github.com/labstack/echo/v4"
)

// secretParams are route parameters that carry a secret (a binding
// handle): the request log never shows their values.
var secretParams = map[string]bool{"handle": true}

// secretPrefixes start the console's secrets (binding handles, API keys):
// a path segment starting with one, in any letter case, is redacted
// wherever it appears, matched route or not.
var secretPrefixes = []string{models.BindingPrefix, models.APIKeyPrefix}

// maxLoggedPath bounds the path a request line carries.
const maxLoggedPath = 256

// logPath is the request's path as the request log may show it: secret
// route parameters and secret-looking segments redacted, then bounded.
func logPath(c echo.Context) string {
	p := c.Request().URL.Path
	secret := map[string]bool{}
	for _, n := range c.ParamNames() {
		if secretParams[n] {
			if v := c.Param(n); v != "" {
				secret[v] = true
			}
		}
	}
	segs := strings.Split(p, "/")
	for i, sg := range segs {
		if secret[sg] {
			segs[i] = "(redacted)"
			continue
		}
		for _, pre := range secretPrefixes {
			if len(sg) > len(pre) && strings.EqualFold(sg[:len(pre)], pre) {
				segs[i] = strings.ToLower(pre) + "(redacted)"
				break
			}
		}
	}
	return clipEcho(strings.Join(segs, "/"), maxLoggedPath)
}
