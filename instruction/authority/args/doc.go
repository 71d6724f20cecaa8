// Package args checks a tool call's arguments against the input schema
// of the exact tool version a reviewer classified (seed 000: "validate
// arguments against the bound schema").
//
// The reviewed schema is the contract's Params and Input, the form the
// digest covers and the instruction renders; Schema turns it back into
// JSON Schema (draft 2020-12) and a maintained validator
// (github.com/santhosh-tekuri/jsonschema/v6) checks the arguments, so every
// rule the model was shown is the rule a call is held to. A member the
// reviewer never saw is refused as well, where the schema declares an
// object's properties and nothing at that level lets in others (see
// undeclared.go). A Checker
// compiles each digest's schema once and keeps a bounded number of them.
//
// It is pure: no database, no HTTP. The API's checks and the MCP gateway
// call the same Checker.
package args
