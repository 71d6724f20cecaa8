package web

import (
	"errors"
	"slices"
	"strings"

	"github.com/agentforge/console/models"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

func asValidation(err error) (*models.ValidationError, bool) {
	var ve *models.ValidationError
	ok := errors.As(err, &ve)
	return ve, ok
}

// fieldMessages is a validation error's messages, each after its field's
// name, in field order.
func fieldMessages(ve *models.ValidationError) string {
	names := make([]string, 0, len(ve.Fields))
	for k := range ve.Fields {
		names = append(names, k)
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + ": " + ve.Fields[k]
	}
	return strings.Join(parts, "; ")
}
