-- Who may change a suite (issue 22, item 6; decision 144): a suite of a company is changed only by that company's
-- people; a suite of no company is the building's, shared, and any member of the building may change it. Everyone in
-- the building may see every suite.
ALTER TABLE smart_suites ADD COLUMN company_id integer REFERENCES companies(id) ON DELETE SET NULL;
