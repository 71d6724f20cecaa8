package web

import (
	"errors"

	"github.com/agentforge/console/models"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

func asValidation(err error) (*models.ValidationError, bool) {
	var ve *models.ValidationError
	ok := errors.As(err, &ve)
	return ve, ok
}
