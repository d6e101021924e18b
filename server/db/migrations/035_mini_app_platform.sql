-- The mini-app platform (issue 23): a registration names the exact origins that may talk to the bridge, the scopes it
-- is granted and its frame's attributes; each has a uuid, the address its tokens and storage are kept under.
ALTER TABLE mini_apps ADD COLUMN uuid text;
UPDATE mini_apps SET uuid = '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e01' WHERE base_url = '/mfe-visitors/';
UPDATE mini_apps SET uuid = '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e02' WHERE base_url = '/mfe-survey/';
UPDATE mini_apps SET uuid = gen_random_uuid()::text WHERE uuid IS NULL;
ALTER TABLE mini_apps ALTER COLUMN uuid SET NOT NULL;
ALTER TABLE mini_apps ADD CONSTRAINT mini_apps_uuid_key UNIQUE (uuid);
ALTER TABLE mini_apps ADD COLUMN origins text[] NOT NULL DEFAULT '{}';
ALTER TABLE mini_apps ADD COLUMN scopes text[] NOT NULL DEFAULT '{}';
ALTER TABLE mini_apps ADD COLUMN frame_allow text NOT NULL DEFAULT '';
ALTER TABLE mini_apps ADD COLUMN frame_sandbox text NOT NULL DEFAULT 'allow-scripts allow-forms allow-same-origin allow-popups';
-- The demo ones get their grants (the seed's DEMO_MINI_APPS); their origin is set at every start (server/stores/miniApps.ts).
UPDATE mini_apps SET scopes = '{user,buildings,token,storage,visits}' WHERE uuid = '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e01';
UPDATE mini_apps SET scopes = '{user,token}' WHERE uuid = '6f1d3c2a-5b7e-4c1a-9e0d-0a1b2c3d4e02';

-- A mini-app's storage (the bridge's setStorage/getStorage): per person, building and mini-app.
CREATE TABLE mini_app_storage (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  app_id integer NOT NULL REFERENCES mini_apps(id) ON DELETE CASCADE,
  key text NOT NULL,
  value text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, building_id, app_id, key)
);

-- Visitor passes: a host invites a guest to a building for a time window of one day. The pass is a short reference
-- (pass_ref, what the QR code and the typed code carry with its check characters); state is expected, arrived, left
-- or cancelled; a pass is revoked when its guest leaves or the visit is cancelled or moved (a new reference).
CREATE TABLE visits (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  host_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  app_id integer REFERENCES mini_apps(id) ON DELETE SET NULL,
  guest_name text NOT NULL,
  guest_email text NOT NULL,
  visit_date date NOT NULL,
  starts_at timestamptz NOT NULL,
  ends_at timestamptz NOT NULL,
  note text,
  state text NOT NULL DEFAULT 'expected' CHECK (state IN ('expected', 'arrived', 'left', 'cancelled')),
  pass_ref text NOT NULL UNIQUE,
  pass_revoked_at timestamptz,
  arrived_at timestamptz,
  left_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visits_host ON visits (host_user_id, building_id, starts_at);
