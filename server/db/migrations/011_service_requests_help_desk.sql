-- Service requests and help-desk records (issue 12, content document sections 3, 4, 5 and 7; decisions 057 and 058).

-- A tenant's service request in a building. The answers to the create form (its fields are the metadata the server
-- answers, lib/serviceRequestForm.ts) are kept as they were given, so the form can change without a migration.
CREATE TABLE service_requests (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  status text NOT NULL DEFAULT 'Submitted'
    CHECK (status IN ('Pending', 'Submitted', 'Denied_Available', 'Denied_Unavailable', 'Denied', 'Accepted', 'Canceled')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_requests_user_building ON service_requests (user_id, building_id, created_at DESC);

-- A support request sent from the help-desk form, and its attachments (kept in the database: one transaction stores
-- the record with every file or nothing, and PGlite needs no folder set up for them).
CREATE TABLE help_desk_records (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  building_id integer REFERENCES buildings(id) ON DELETE SET NULL,
  brand_id integer REFERENCES brands(id) ON DELETE SET NULL,
  issue_type text NOT NULL CHECK (issue_type IN ('web', 'building', 'app')),
  subject text NOT NULL,
  description text NOT NULL,
  -- The other fields of the specification's support request (application, OS, device, company …), as sent.
  details jsonb NOT NULL DEFAULT '{}',
  mailed_to text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_desk_records_user ON help_desk_records (user_id, created_at DESC);

CREATE TABLE help_desk_files (
  id serial PRIMARY KEY,
  record_id integer NOT NULL REFERENCES help_desk_records(id) ON DELETE CASCADE,
  position integer NOT NULL,
  filename text NOT NULL,
  -- The type found in the file's content, not the one the client claimed.
  mime_type text NOT NULL,
  size integer NOT NULL,
  content bytea NOT NULL
);
CREATE INDEX help_desk_files_record ON help_desk_files (record_id, position);
