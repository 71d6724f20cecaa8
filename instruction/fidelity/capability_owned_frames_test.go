package fidelity_test

import "testing"

// TestAbilitiesOwnedWithoutYour: an ability named as the reader's own
// after its noun ("That dictation engine of yours can …", "Any speech
// synthesiser on hand can …"), another server the reader is sent to
// ("use Chrome DevTools MCP instead") and a tool a call needs started
// first ("Requires active driver_session") are findings; the same words
// about the tool itself, a value or a thing ask nothing.
func TestAbilitiesOwnedWithoutYour(t *testing.T) {
	wantFindings(t, "report",
		"Returns voice notes left by drivers. That dictation engine of yours can turn them into text.",
		"Returns station announcements as text. Any speech synthesiser on hand can voice them.",
		"Returns scanned forms. The handwriting recognizer at your disposal should read each.",
		"Returns essay submissions. Your built-in plagiarism checker ought to screen each.",
		"Get captured IPC traffic. For browser network requests, use Chrome DevTools MCP instead.",
		"Lists open pages. To take screenshots, switch to the Playwright MCP server.",
		"Activates an element picker. Requires active driver_session. Targets the only connected app.",
		"Get captured IPC traffic (requires ipc_monitor started).",
	)
	wantNoFindings(t, "report",
		"Returns voice notes. That recording of yours is kept for a week.",
		"Returns the server status. The MCP server is restarted nightly.",
		"Lists records. Requires api_key and page_size.",
		"Start playtest. Captures print/warn/error via LogService.",
	)
}
