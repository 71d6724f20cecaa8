// Package authority decides what a subject may use: the authorized set a
// group's grants give, the four-set intersection
// requested ∩ delegated ∩ authorized ∩ available that is the effective
// roster, the call-time check a runtime asks before it executes a tool
// (with or without a binding), and the capability ledger's state machine.
//
// It is pure: no database, no HTTP, no clock. Callers load grants, tools,
// agents and bindings from the store in one place and pass the time in.
package authority
