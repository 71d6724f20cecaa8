package models

import "gorm.io/gorm"

// nextReview adds to a tool update upd one more review generation
// (Tool.ReviewGen): every write that changes the descriptor a review was
// of, or puts a reviewed version back, makes the review stamp new, so a
// binding or approval that pinned the review before it ends even if the
// descriptor is back byte for byte by the next check.
func nextReview(upd map[string]any) map[string]any {
	upd["review_gen"] = gorm.Expr("review_gen + 1")
	return upd
}
