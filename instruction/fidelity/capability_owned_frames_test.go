package fidelity_test

import "testing"

// TestAbilitiesOwnedWithoutYour: an ability named as the reader's own
// after its noun ("That voice typing engine of yours can …", "Any voice
// generator on hand can …"), another server the reader is sent to
// ("use Chrome DevTools MCP instead") and a tool a call needs started
// first ("Requires active driver_session") are findings; the same words
// about the tool itself, a value or a thing ask nothing.
func TestAbilitiesOwnedWithoutYour(t *testing.T) {
	wantFindings(t, "report",
		"Returns voice memos from couriers. That voice typing engine of yours can write them out.",
		"Returns platform notices as text. Any voice generator on hand can read them out.",
		"Returns scanned forms. The handwriting recognizer at your disposal should read each.",
		"Returns coursework uploads. The plagiarism checker built into you ought to vet every one.",
		"Read the logged IPC messages. For page network calls, use Chrome DevTools MCP instead.",
		"Lists open pages. To take screenshots, switch to the Playwright MCP server.",
		"Turns on an element picker. Requires active driver_session. Acts on the only connected app.",
		"Read the logged IPC messages (needs ipc_monitor running).",
	)
	wantNoFindings(t, "report",
		"Returns voice notes. That recording of yours is kept for a week.",
		"Returns the server status. The MCP server is restarted nightly.",
		"Lists records. Requires api_key and page_size.",
		"Begin a playtest. Records print/warn/error through LogService.",
	)
}
