package models

import "strings"

// ValidationError carries field errors; nothing was written.
type ValidationError struct {
	Fields map[string]string
}

// First returns the alphabetically first field and its message.
func (e *ValidationError) First() (field, msg string) {
	for k, v := range e.Fields {
		if field == "" || k < field {
			field, msg = k, v
		}
	}
	return field, msg
}

// Error lists the fields.
func (e *ValidationError) Error() string {
	var parts []string
	for k, v := range e.Fields {
		parts = append(parts, k+": "+v)
	}
	return "invalid input: " + strings.Join(parts, "; ")
}
