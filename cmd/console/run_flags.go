package main

import (
	"flag"

	"github.com/agentforge/console/instruction/deferred"
)

// runCeilingFlags registers the deferred-run ceilings as flags with
// environment defaults; the returned value is filled by fs.Parse.
func runCeilingFlags(fs *flag.FlagSet) *deferred.Ceilings {
	d := deferred.DefaultCeilings()
	c := &deferred.Ceilings{}
	fs.IntVar(&c.QueryBytes, "run-query-bytes", envInt("CONSOLE_RUN_QUERY_BYTES", d.QueryBytes), "largest deferred-run search query in bytes (CONSOLE_RUN_QUERY_BYTES)")
	fs.IntVar(&c.Results, "run-results", envInt("CONSOLE_RUN_RESULTS", d.Results), "most hits one search returns (CONSOLE_RUN_RESULTS)")
	fs.IntVar(&c.Active, "run-active", envInt("CONSOLE_RUN_ACTIVE", d.Active), "most active tools in one step (CONSOLE_RUN_ACTIVE)")
	fs.IntVar(&c.SchemaBytes, "run-schema-bytes", envInt("CONSOLE_RUN_SCHEMA_BYTES", d.SchemaBytes), "largest canonical schema bytes of one step's active tools (CONSOLE_RUN_SCHEMA_BYTES)")
	fs.IntVar(&c.Receipts, "run-receipts", envInt("CONSOLE_RUN_RECEIPTS", d.Receipts), "most receipts one request may send back (CONSOLE_RUN_RECEIPTS)")
	return c
}
