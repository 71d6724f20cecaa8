package authority

import (
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority/args"
)

// TypeInvalidArguments is the denial of a call whose arguments break the
// reviewed input schema of the tool version it is allowed: its Error
// lists the problems by JSON pointer.
const TypeInvalidArguments = "invalid_arguments"

// ActFixArguments is the safe next action of invalid arguments: call again
// with arguments that hold.
const ActFixArguments = "fix_arguments"

// CheckArguments checks an allowed call's arguments (raw JSON; nil when
// the call sends none) against the input schema of the contract the
// decision allowed, whose digest is digest. An allow whose arguments break
// the schema becomes an invalid_arguments denial listing the problems; a
// denial, or a call with no arguments, is returned as it is, so a hidden
// or unknown tool's schema is never consulted (nothing about it leaks).
// A nil contract, for an allowed tool, refuses: arguments that cannot be
// checked are not passed.
func CheckArguments(d Decision, digest string, c *catalog.Contract, raw []byte) Decision {
	if !d.Allow || raw == nil {
		return d
	}
	var ps []args.Problem
	if c == nil {
		ps = []args.Problem{{Message: "the tool's reviewed schema is not known"}}
	} else {
		ps = args.Check(digest, c, raw)
	}
	if len(ps) == 0 {
		return d
	}
	noun := "problems"
	if len(ps) == 1 {
		noun = "problem"
	}
	out := deny(TypeInvalidArguments, fmt.Sprintf("arguments: %d %s against the input schema of digest %.12s", len(ps), noun, digest))
	out.Error.Problems = ps
	out.Groups = d.Groups
	return out
}
