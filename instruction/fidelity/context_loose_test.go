package fidelity_test

import "testing"

// TestOperationNamesStandingAlone: a snake_case deed in a later sentence
// names a tool whatever words stand around it — subject, complement,
// a step of its own, a macro's value — and stays none where the words
// around it make it a field, a value, a comparison or a denied deed.
func TestOperationNamesStandingAlone(t *testing.T) {
	wantFindings(t, "report",
		"Returns the state of a permit. When it reads 'signed', countersign_permit comes next.",
		"Returns damaged pallets. Crushed ones need reorder_pallet.",
		"Returns the crossword. schedule_crossword once the setter signs off.",
		"Returns recalled lots.\n\n#define FOLLOW_UP quarantine_lot",
		"Returns overdue rent. evict_tenant handles anything past ninety days.",
	)
	wantNoFindings(t, "report",
		"Returns audit entries. Each entry has an action such as add_member or remove_member.",
		"Returns the order. The `create_time` field is in UTC.",
		"Returns search results. Different from search_archive_docs, which returns snippets.",
		"Returns the ledger. No reopen_period is needed here.",
		"Returns webhooks. The send_invoice event fires after payment.",
	)
}

// TestOperationNamesAsValues: a snake_case deed written as a value — in
// quotes, in a parenthesized or comma list, after "as", set against the
// tool by a comparison, a field's term or state, or done by someone else —
// names no tool to call.
func TestOperationNamesAsValues(t *testing.T) {
	wantNoFindings(t, "report",
		"Returns events. More efficient than repeated archive_event calls.",
		"Returns a garment's status. Values: received, cleaning, pressed, ready_for_pickup.",
		"Returns scripts. The repository holds (backup.sh, rotate_logs.sh) and more.",
		"Returns a quote. The unit cost is already computed by the shop as price_per_unit.",
		"Returns shapes. Arrows snap to shapes; bind_shapes is done automatically by the editor.",
		"Archives an applicant. When send_notice is true, the system emails the applicant.",
		"Returns the job state. Safe to poll while waiting for `render_video` to finish.",
		"Returns a page. Keep each quote short, as in a read_page_contents result.",
		"Updates a record. To merge, call it with method 'merge_custom_fields' instead.",
	)
}
