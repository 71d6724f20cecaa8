package web

import (
	"errors"
	"fmt"

	"github.com/agentforge/console/models"
)

func errorsIs(err, target error) bool { return errors.Is(err, target) }

func asValidation(err error) (*models.ValidationError, bool) {
	var ve *models.ValidationError
	ok := errors.As(err, &ve)
	return ve, ok
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}
