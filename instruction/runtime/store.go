package runtime

import (
	"context"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// Store is what the runtime reads. *models.Store satisfies it; tests may
// pass a fake.
type Store interface {
	CatalogGeneration(ctx context.Context) (int64, error)
	Tools(ctx context.Context) ([]models.Tool, error)
	AgentBySlug(ctx context.Context, slug string) (*models.Agent, error)
	AgentByID(ctx context.Context, id uint) (*models.Agent, error)
	ProfileBySlug(ctx context.Context, slug string) (*models.Profile, error)
	ProfileByID(ctx context.Context, id uint) (*models.Profile, error)
	ProfileVersionAt(ctx context.Context, profileID uint, n int) (*models.ProfileVersion, error)
	ActiveSkills(ctx context.Context) ([]models.ActiveSkill, error)
	AllGrants(ctx context.Context) ([]authority.Grant, error)
}

var _ Store = (*models.Store)(nil)
