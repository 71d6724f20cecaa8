package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web"
)

// Lower bounds of serve's durations and sizes: a positive
// value below them starts a console that cannot work (a 1ns session idle
// expires every session before its next request; a 1-byte schema
// ceiling fits no tool).
const (
	minGatewaySessionIdle = time.Minute
	minRunSchemaBytes     = 4 << 10
	minRunQueryBytes      = 64
)

// settingName is how the user gave a serve setting: the flag when it was
// on the command line, else the environment variable when it is set.
func settingName(fs *flag.FlagSet, flagName, env string) string {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == flagName })
	if !given && os.Getenv(env) != "" {
		return env
	}
	return "--" + flagName
}

// checkServeBounds refuses a duration or size outside its bounds, naming
// the flag or variable, before serve opens the database.
func checkServeBounds(fs *flag.FlagSet, idle, upTimeout time.Duration, runs *deferred.Ceilings) error {
	bad := func(flagName, env, format string, a ...any) error {
		return &exitError{2, fmt.Errorf("%s: "+format, append([]any{settingName(fs, flagName, env)}, a...)...)}
	}
	switch {
	case idle < minGatewaySessionIdle:
		return bad("gateway-session-idle", "CONSOLE_GATEWAY_SESSION_IDLE", "%s is below %s (default %s)", idle, minGatewaySessionIdle, web.DefaultGatewaySessionIdle)
	case upTimeout < models.MinConnectionTimeout || upTimeout > models.MaxConnectionTimeout:
		return bad("upstream-timeout", "CONSOLE_UPSTREAM_TIMEOUT", "%s is not from %s to 1h, as 30s", upTimeout, models.MinConnectionTimeout)
	case runs.QueryBytes < minRunQueryBytes || runs.QueryBytes > catalog.MaxQueryBytes:
		return bad("run-query-bytes", "CONSOLE_RUN_QUERY_BYTES", "%d is not from %d to %d", runs.QueryBytes, minRunQueryBytes, catalog.MaxQueryBytes)
	case runs.Results > catalog.MaxSearchLimit:
		return bad("run-results", "CONSOLE_RUN_RESULTS", "%d is over %d", runs.Results, catalog.MaxSearchLimit)
	case runs.SchemaBytes < minRunSchemaBytes:
		return bad("run-schema-bytes", "CONSOLE_RUN_SCHEMA_BYTES", "%d is below %d bytes (default %d)", runs.SchemaBytes, minRunSchemaBytes, deferred.DefaultCeilings().SchemaBytes)
	}
	return nil
}
