// Package deferred decides deferred runs (the deferred-run rules, seed 003): the
// finite surface a run may reach and its key, search receipts (versioned,
// bound to run, surface, step and the exact names, authenticated with a
// server-held HMAC key), their verification with a reason for every
// rejection, the reconstruction of a step's active set from the receipts a
// runtime sends back, and the classification of a tool call.
//
// It is pure: no database, no HTTP, no clock. Activation state lives only
// in receipts, so the same receipts give the same active set on any replica
// and after any restart, and a new run inherits nothing.
package deferred
