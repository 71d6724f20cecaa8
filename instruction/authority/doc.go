// Package authority decides what a subject may use: the authorized set a
// group's grants give (the effective roster
// requested ∩ delegated ∩ authorized ∩ available is instruction.Resolve,
// the one function every caller uses), the call-time check a runtime asks before it executes a tool
// (with or without a binding), and the capability ledger's state machine.
//
// It is pure: no database, no HTTP, no clock. Callers load grants, tools,
// agents and bindings from the store in one place and pass the time in.
package authority
