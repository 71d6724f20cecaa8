package models

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"golang.org/x/crypto/argon2"
)

// Argon2id parameters: OWASP's minimum of m=19 MiB, t=2, p=1.
const (
	argonMemoryKiB = 19 * 1024
	argonTime      = 2
	argonThreads   = 1
	argonKeyLen    = 32
	argonSaltLen   = 16
)

// MinPasswordLength is the shortest password accepted.
const MinPasswordLength = 10

// MaxPasswordLength is the longest password accepted, wherever a password
// is set or checked (sign-in refuses longer ones without hashing).
const MaxPasswordLength = 1024

// Hashing bounds: at most MaxConcurrentHashes argon2id computations (19 MiB
// each) run at once; a caller waits at most hashWait for a slot and then
// gets ErrBusy, so a flood of sign-ins costs a bounded amount of memory
// and is shed (503) instead of queueing without end.
const (
	MaxConcurrentHashes = 4
	hashWait            = 3 * time.Second
)

var hashSlots = make(chan struct{}, MaxConcurrentHashes)

func acquireHash() error {
	select {
	case hashSlots <- struct{}{}:
		return nil
	default:
	}
	t := time.NewTimer(hashWait)
	defer t.Stop()
	select {
	case hashSlots <- struct{}{}:
		return nil
	case <-t.C:
		return ErrBusy
	}
}

func releaseHash() { <-hashSlots }

// HashPassword hashes with argon2id and returns a PHC string.
func HashPassword(pw string) (string, error) {
	if err := acquireHash(); err != nil {
		return "", err
	}
	defer releaseHash()
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", err
	}
	key := argon2.IDKey([]byte(pw), salt, argonTime, argonMemoryKiB, argonThreads, argonKeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, argonMemoryKiB, argonTime, argonThreads, b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// hashResult is HashPassword's answer delivered on a channel.
type hashResult struct {
	hash string
	err  error
}

// hashAsync runs HashPassword(pw) in its own goroutine; the channel
// (buffered, so an answer nobody reads is not leaked) delivers its result.
func hashAsync(pw string) <-chan hashResult {
	c := make(chan hashResult, 1)
	go func() {
		h, err := HashPassword(pw)
		c <- hashResult{h, err}
	}()
	return c
}

// noPassword is the stored hash of an account without a password: it is
// no argon2id PHC string, so no password matches it (Authenticate spends a
// hash on it all the same, as on an unknown user).
const noPassword = "!"

// noPasswordHash delivers noPassword as createUser's hash.
func noPasswordHash() <-chan hashResult {
	c := make(chan hashResult, 1)
	c <- hashResult{hash: noPassword}
	return c
}

// pendingHash delivers pendingPassword as createUser's hash.
func pendingHash() <-chan hashResult {
	c := make(chan hashResult, 1)
	c <- hashResult{hash: pendingPassword}
	return c
}

// isPHC reports whether h is an argon2id PHC string (not noPassword).
func isPHC(h string) bool { return strings.HasPrefix(h, "$argon2id$") }

// CheckPassword verifies pw against a PHC string in constant time. It
// returns ErrBusy when no hashing slot frees up in time.
func CheckPassword(phc, pw string) (bool, error) {
	if err := acquireHash(); err != nil {
		return false, err
	}
	defer releaseHash()
	return checkPassword(phc, pw), nil
}

func checkPassword(phc, pw string) bool {
	parts := strings.Split(phc, "$")
	if len(parts) != 6 || parts[1] != "argon2id" {
		return false
	}
	var m, t uint32
	var p uint8
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil {
		return false
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	want, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(want) == 0 {
		return false
	}
	got := argon2.IDKey([]byte(pw), salt, t, m, p, uint32(len(want)))
	return subtle.ConstantTimeCompare(got, want) == 1
}

// dummyHash makes a failed lookup cost as much as a failed password check.
// It is made on first use, not at package init: an argon2id hash at init
// delayed every start (and every CLI command) by tens of milliseconds.
var dummyHash = sync.OnceValue(func() string {
	h, err := HashPassword("timing equalizer")
	if err != nil {
		panic(err)
	}
	return h
})

// RandomToken returns n random bytes, base64url-encoded.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the OS random source failing is not recoverable
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

// ErrBusy means too many password checks are running; try again shortly.
var ErrBusy = errors.New("models: too many password checks at once")

// PasswordProblem is the one password rule, applied wherever a password
// is set (a form checks it with its other fields; "" is none): at least MinPasswordLength characters and at most
// MaxPasswordLength bytes (the most sign-in accepts).
func PasswordProblem(pw string) string {
	switch {
	case len(pw) < MinPasswordLength:
		return fmt.Sprintf("must be at least %d characters", MinPasswordLength)
	case len(pw) > MaxPasswordLength:
		return fmt.Sprintf("must be at most %d bytes", MaxPasswordLength)
	}
	return ""
}
