-- Indexes for the feed's statements (decision 044), found by test/server/feedPlans.test.ts on a portfolio of 404
-- buildings: without them a building's categories and utility buttons are read from the whole table.

-- A building's categories in the editors' order (the categories call, the v1 groups, the feed's group filter).
CREATE INDEX content_categories_building ON content_categories (building_id, position);

-- A building's utility buttons in order.
CREATE INDEX utility_buttons_building ON utility_buttons (building_id, "order");
