package models

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
)

// ErrNoSealKey means a secret has to be stored or read but the store was
// given no sealing key (CONSOLE_SECRETS_KEY or its key file).
var ErrNoSealKey = errors.New("no secrets key is configured (CONSOLE_SECRETS_KEY)")

// SetSealKey sets the key that seals connection secrets (AES-256-GCM):
// configuration, never the database, so a dump of the database alone
// reveals no secret. Every replica and CLI run must use the same key.
func (s *Store) SetSealKey(key []byte) {
	if key == nil {
		s.sealKey = nil
		return
	}
	sum := sha256.Sum256(key)
	s.sealKey = sum[:]
}

// seal encrypts plain bound to what (the row it belongs to): a sealed
// value copied to another row does not open.
func (s *Store) seal(plain []byte, what string) (string, error) {
	aead, err := s.aead()
	if err != nil {
		return "", err
	}
	nonce := make([]byte, aead.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", err
	}
	return "v1:" + base64.RawStdEncoding.EncodeToString(aead.Seal(nonce, nonce, plain, []byte(what))), nil
}

// unseal opens what seal made for the same what.
func (s *Store) unseal(sealed, what string) ([]byte, error) {
	if sealed == "" {
		return nil, nil
	}
	aead, err := s.aead()
	if err != nil {
		return nil, err
	}
	if len(sealed) < 3 || sealed[:3] != "v1:" {
		return nil, fmt.Errorf("sealed value of %s: unknown format", what)
	}
	raw, err := base64.RawStdEncoding.DecodeString(sealed[3:])
	if err != nil || len(raw) < aead.NonceSize() {
		return nil, fmt.Errorf("sealed value of %s: unreadable", what)
	}
	plain, err := aead.Open(nil, raw[:aead.NonceSize()], raw[aead.NonceSize():], []byte(what))
	if err != nil {
		return nil, fmt.Errorf("sealed value of %s does not open with the configured secrets key", what)
	}
	return plain, nil
}

func (s *Store) aead() (cipher.AEAD, error) {
	if s.sealKey == nil {
		return nil, ErrNoSealKey
	}
	b, err := aes.NewCipher(s.sealKey)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(b)
}

// SealedUnopened names the connections whose sealed secrets do not open
// with the store's secrets key: every sealed one when it has none. A start
// refuses those (a restored backup without its key, or another key) before
// serving, instead of a sync failing later.
func (s *Store) SealedUnopened(ctx context.Context) ([]string, error) {
	var rows []Connection
	if err := s.db.WithContext(ctx).Select("name", "sealed").Where("sealed <> ''").Order("name").Find(&rows).Error; err != nil {
		return nil, err
	}
	var names []string
	for _, c := range rows {
		if _, err := s.unseal(c.Sealed, "connection:"+c.Name); err != nil {
			names = append(names, c.Name)
		}
	}
	return names, nil
}
