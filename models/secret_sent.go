package models

import "context"

// SecretSenders is the audit actors (runtime keys) of the secret.sent
// events whose subject ends in suffix, each once, oldest first: the keys
// whose calls sent one of the console's own secrets to a connection (the
// gateway's subject names the connection and ends in the secret's
// fingerprint, never the secret). None: no caller ever sent it.
func (s *Store) SecretSenders(ctx context.Context, suffix string) ([]string, error) {
	var actors []string
	err := s.with(ctx).Model(&AuditEvent{}).Where("action = ? AND subject LIKE ?"+likeEscape, "secret.sent", "%"+likeLiteral(suffix)).
		Group("actor").Order("MIN(id)").Pluck("actor", &actors).Error
	return actors, err
}
