package models

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// User is a person who signs in.
type User struct {
	ID           uint   `gorm:"primaryKey"`
	Username     string `gorm:"size:64;uniqueIndex;not null"`
	PasswordHash string `gorm:"not null"`
	Roles        string `gorm:"size:128;not null"`
	Disabled     bool   `gorm:"not null;default:false"`
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// RoleList returns the user's roles.
func (u User) RoleList() []Role {
	rs, _ := ParseRoles(u.Roles)
	return rs
}

// Has reports whether the user holds the role.
func (u User) Has(r Role) bool {
	for _, k := range u.RoleList() {
		if k == r {
			return true
		}
	}
	return false
}

// NewUserInput is what creating a user needs.
type NewUserInput struct {
	Username string
	Password string
	Roles    []Role
}

// Validate returns field errors.
func (in NewUserInput) Validate() map[string]string {
	errs := map[string]string{}
	if !usernamePattern().MatchString(in.Username) {
		errs["username"] = fmt.Sprintf("use 2-%d lower-case letters, digits, dots, dashes or underscores", MaxUsername)
	}
	if msg := PasswordProblem(in.Password); msg != "" {
		errs["password"] = msg
	}
	if len(in.Roles) == 0 {
		errs["roles"] = "choose at least one role"
	}
	return errs
}

// CreateUser stores a new user and audits it.
func (s *Store) CreateUser(ctx context.Context, actor string, in NewUserInput) (*User, error) {
	return s.createUser(ctx, actor, in, nil)
}

// createUser is CreateUser with the password's hash, when hashed is not
// nil, taken from hashed (hashAsync of in.Password) instead of computed.
func (s *Store) createUser(ctx context.Context, actor string, in NewUserInput, hashed <-chan hashResult) (*User, error) {
	if errs := in.Validate(); len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	var hash string
	var err error
	if hashed != nil {
		h := <-hashed
		hash, err = h.hash, h.err
	} else {
		hash, err = HashPassword(in.Password)
	}
	if err != nil {
		return nil, err
	}
	u := &User{Username: in.Username, PasswordHash: hash, Roles: JoinRoles(in.Roles)}
	err = s.Tx(ctx, func(tx *Store) error {
		if err := tx.with(ctx).Create(u).Error; err != nil {
			if errors.Is(notFound(err), ErrConflict) {
				return &ValidationError{Fields: map[string]string{"username": "is taken"}}
			}
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "user.create", Subject: "user:" + u.Username, After: u.Roles})
	})
	if err != nil {
		return nil, fmt.Errorf("models: create user: %w", err)
	}
	return u, nil
}

// UserByName finds a user by username.
func (s *Store) UserByName(ctx context.Context, name string) (*User, error) {
	var u User
	if err := s.with(ctx).Where("username = ?", name).First(&u).Error; err != nil {
		return nil, fmt.Errorf("models: user %q: %w", name, notFound(err))
	}
	return &u, nil
}

// UserByID finds a user by id.
func (s *Store) UserByID(ctx context.Context, id uint) (*User, error) {
	var u User
	if err := s.with(ctx).First(&u, id).Error; err != nil {
		return nil, fmt.Errorf("models: user %d: %w", id, notFound(err))
	}
	return &u, nil
}

// Users lists every user by name.
func (s *Store) Users(ctx context.Context) ([]User, error) {
	var us []User
	err := s.with(ctx).Order("username").Find(&us).Error
	return us, err
}

// CountUsers counts users.
func (s *Store) CountUsers(ctx context.Context) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&User{}).Count(&n).Error
	return n, err
}

// Authenticate checks a username and password. It spends the same time on
// an unknown user as on a wrong password; ErrBusy means the hashing bound
// was reached (nothing was checked).
func (s *Store) Authenticate(ctx context.Context, name, password string) (*User, error) {
	if len(password) > MaxPasswordLength {
		return nil, ErrBadCredentials
	}
	u, err := s.UserByName(ctx, strings.TrimSpace(name))
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, err
	}
	if err == nil && u.PasswordHash == pendingPassword && s.pending != nil {
		// the first start's admin: its hash is being stored right now
		if err := s.waitPending(ctx); err != nil {
			return nil, err
		}
		if u, err = s.UserByName(ctx, u.Username); err != nil && !errors.Is(err, ErrNotFound) {
			return nil, err
		}
	}
	// an unknown user and an account without a password (noPassword) are
	// checked against the dummy hash: each costs what a wrong password does
	phc, usable := dummyHash(), false
	if err == nil && isPHC(u.PasswordHash) {
		phc, usable = u.PasswordHash, true
	}
	ok, herr := CheckPassword(phc, password)
	switch {
	case herr != nil:
		return nil, herr
	case err != nil || !usable || !ok || u.Disabled:
		return nil, ErrBadCredentials
	}
	return u, nil
}

// ErrBadCredentials is a failed sign-in, whatever the reason.
var ErrBadCredentials = errors.New("models: bad credentials")

// ErrLastAdmin refuses a change that would leave no enabled admin.
var ErrLastAdmin = &ValidationError{Fields: map[string]string{"roles": "the console needs at least one enabled admin; make someone else admin first"}}

// keepAnAdmin, inside a user change's transaction and after its write,
// refuses the change if the user was an enabled admin (wasAdmin) and no
// enabled admin remains. On Postgres an advisory lock serializes such
// changes, so two admins removing each other at once cannot both succeed
// (SQLite transactions are serial).
func (s *Store) keepAnAdmin(ctx context.Context, wasAdmin bool) error {
	if !wasAdmin {
		return nil
	}
	if s.dialect == DialectPostgres {
		if err := s.with(ctx).Exec("SELECT pg_advisory_xact_lock(7004)").Error; err != nil {
			return err
		}
	}
	var us []User
	if err := s.with(ctx).Where("disabled = ?", false).Find(&us).Error; err != nil {
		return err
	}
	for _, u := range us {
		if u.Has(RoleAdmin) {
			return nil
		}
	}
	return ErrLastAdmin
}

// SetRoles replaces a user's roles, revokes their other sessions and
// audits the change, in one transaction; roles without KeyCreatorRole
// also revoke every live API key the user created (each audited
// apikey.revoke with the reason).
func (s *Store) SetRoles(ctx context.Context, actor string, id uint, roles []Role) error {
	if len(roles) == 0 {
		return &ValidationError{Fields: map[string]string{"roles": "choose at least one role"}}
	}
	return s.Tx(ctx, func(tx *Store) error {
		u, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		before := u.Roles
		wasAdmin := u.Has(RoleAdmin) && !u.Disabled
		if err := tx.with(ctx).Model(u).Update("roles", JoinRoles(roles)).Error; err != nil {
			return err
		}
		if err := tx.keepAnAdmin(ctx, wasAdmin); err != nil {
			return err
		}
		if err := tx.with(ctx).Where("user_id = ?", id).Delete(&Session{}).Error; err != nil {
			return err
		}
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "user.roles", Subject: "user:" + u.Username, Before: before, After: JoinRoles(roles)}); err != nil {
			return err
		}
		if slices.Contains(roles, KeyCreatorRole) {
			return nil
		}
		// a key carries no more authority than its creator now has: gone
		// for good, so a later promotion revives none
		_, err = tx.revokeKeysOf(ctx, actor, u.Username, "its creator is no longer an admin (roles "+JoinRoles(roles)+")")
		return err
	})
}

// SetDisabled disables or enables a user; disabling ends their sessions.
func (s *Store) SetDisabled(ctx context.Context, actor string, id uint, disabled bool) error {
	return s.Tx(ctx, func(tx *Store) error {
		u, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		wasAdmin := u.Has(RoleAdmin) && !u.Disabled
		if err := tx.with(ctx).Model(u).Update("disabled", disabled).Error; err != nil {
			return err
		}
		if err := tx.keepAnAdmin(ctx, wasAdmin); err != nil {
			return err
		}
		if disabled {
			if err := tx.with(ctx).Where("user_id = ?", id).Delete(&Session{}).Error; err != nil {
				return err
			}
		}
		action := "user.enable"
		if disabled {
			action = "user.disable"
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: action, Subject: "user:" + u.Username})
	})
}

// SetPassword replaces a user's password and ends their sessions.
func (s *Store) SetPassword(ctx context.Context, actor string, id uint, password string) error {
	if msg := PasswordProblem(password); msg != "" {
		return &ValidationError{Fields: map[string]string{"password": msg}}
	}
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.Tx(ctx, func(tx *Store) error {
		u, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.with(ctx).Model(u).Update("password_hash", hash).Error; err != nil {
			return err
		}
		if err := tx.with(ctx).Where("user_id = ?", id).Delete(&Session{}).Error; err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "user.password", Subject: "user:" + u.Username})
	})
}
