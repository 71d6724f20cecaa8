package models

import (
	"context"
	"fmt"
)

// ProfileBySlug finds a profile.
func (s *Store) ProfileBySlug(ctx context.Context, slug string) (*Profile, error) {
	var p Profile
	if err := s.with(ctx).Where("slug = ?", slug).First(&p).Error; err != nil {
		return nil, fmt.Errorf("models: profile %q: %w", slug, notFound(err))
	}
	return &p, nil
}

// ProfileByID finds a profile by id.
func (s *Store) ProfileByID(ctx context.Context, id uint) (*Profile, error) {
	var p Profile
	if err := s.with(ctx).First(&p, id).Error; err != nil {
		return nil, fmt.Errorf("models: profile %d: %w", id, notFound(err))
	}
	return &p, nil
}

// Profiles lists profiles by name.
func (s *Store) Profiles(ctx context.Context) ([]Profile, error) {
	var ps []Profile
	err := s.with(ctx).Order("name").Find(&ps).Error
	return ps, err
}

// ProfileVersionAt loads one version.
func (s *Store) ProfileVersionAt(ctx context.Context, profileID uint, n int) (*ProfileVersion, error) {
	var v ProfileVersion
	if err := s.with(ctx).Where("profile_id = ? AND version = ?", profileID, n).First(&v).Error; err != nil {
		return nil, fmt.Errorf("models: profile version %d: %w", n, notFound(err))
	}
	return &v, nil
}

// ProfileVersions lists a profile's versions, newest first.
func (s *Store) ProfileVersions(ctx context.Context, profileID uint) ([]ProfileVersion, error) {
	var vs []ProfileVersion
	err := s.with(ctx).Where("profile_id = ?", profileID).Order("version DESC").Find(&vs).Error
	return vs, err
}

// Content returns what a version holds.
func (v ProfileVersion) Content() ProfileContent {
	return ProfileContent{Tools: v.Tools(), Tier: v.Tier, CatalogForm: v.CatalogForm, Deferred: v.Deferred, Pins: v.Pins(), Message: v.Message,
		SearchBudget: v.SearchBudget, CallBudget: v.CallBudget}
}
