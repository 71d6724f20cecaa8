package instruction

// WithCatalogForm returns the composition with its catalog taught in
// another form, for counting: the sections composing the same input in
// that form would make, the catalog's reasons left out. Only the catalog
// sections depend on the form (the gate, the body and the protocol do
// not), so the forge's compact lever costs the catalog, not a whole
// composition. ok is false for a deferred step's composition, whose form
// also shapes what the step lists.
func (c Composition) WithCatalogForm(form string) (Composition, bool) {
	k, ok := c.catalogStart()
	if !ok {
		return c, false
	}
	n := c
	n.Options.CatalogForm = form
	n.Rules = nil
	n.Sections = append(append(make([]Section, 0, len(c.Sections)+1), c.Sections[:k]...),
		catalogSections(c.entries, c.gate, n.Options, c.approval, false, nil)...)
	return n, true
}

// WithTier returns the composition in another tier, for counting: the
// sections composing the same input in that tier would make, without
// their reasons and rules. Only the sections before the catalog depend on
// the tier, so the catalog's are the base's own (shared: neither may be
// modified). ok is false for a deferred step's composition.
func (c Composition) WithTier(tier string) (Composition, bool) {
	k, ok := c.catalogStart()
	if !ok || !validTier(tier) {
		return c, false
	}
	n := c
	n.Options.Tier = tier
	n.Rules, n.Example = nil, WorkedExample{}
	n.Sections = make([]Section, 0, len(c.Sections)+1)
	composeHead(&n, n.gate, n.entries, tier, false)
	n.Sections = append(n.Sections, c.Sections[k:]...)
	return n, true
}

// TierHeadKey is the key (HeadKey) of the head WithTier(tier) composes,
// without composing it; ok as WithTier's.
func (c Composition) TierHeadKey(tier string) (HeadKey, bool) {
	if _, ok := c.catalogStart(); !ok || !validTier(tier) {
		return HeadKey{}, false
	}
	return headKey(&c, c.gate, c.entries, tier), true
}

// catalogStart is the index of the composition's first catalog section
// (Compose puts the catalog last); ok is false for a deferred step's
// composition or any other layout.
func (c Composition) catalogStart() (int, bool) {
	if c.Options.Deferred {
		return 0, false
	}
	k := len(c.Sections)
	for i, s := range c.Sections {
		if s.Group == GroupCatalog {
			k = i
			break
		}
	}
	for _, s := range c.Sections[k:] {
		if s.Group != GroupCatalog {
			return 0, false
		}
	}
	return k, true
}
