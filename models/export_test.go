package models

// ScrubReceipts is migration 151's data step, for its test.
var ScrubReceipts = scrubReceipts
