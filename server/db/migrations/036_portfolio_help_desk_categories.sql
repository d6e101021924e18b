-- Per-portfolio help-desk categories (content document, section 5: "Nature options: web, building or app (one portfolio
-- uses categories instead)"; decision 186): a portfolio with categories takes one of
-- them as a support request's issue_type instead of a nature; NULL keeps the natures. The demo's Harbor Estates is that
-- portfolio (set by the seed on a new database; here for a demo database seeded before this migration).
ALTER TABLE portfolios ADD COLUMN help_desk_categories text[];
UPDATE portfolios SET help_desk_categories = ARRAY['maintenance', 'cleaning', 'security', 'access', 'other']
  WHERE name = 'Harbor Estates' AND brand_id = (SELECT id FROM brands WHERE identifier = 'harbor');
-- A record's issue_type is a nature or one of the categories (contracts/helpDesk.ts); which one a building takes is
-- checked by the route against the building's portfolio.
ALTER TABLE help_desk_records DROP CONSTRAINT IF EXISTS help_desk_records_issue_type_check;
ALTER TABLE help_desk_records ADD CONSTRAINT help_desk_records_issue_type_check
  CHECK (issue_type IN ('web', 'building', 'app', 'maintenance', 'cleaning', 'security', 'access', 'other'));
