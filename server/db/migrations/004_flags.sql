-- Feature flags set by an operator. No row means the specification's default (machines/flags/flagDefaults.ts), so
-- nothing is seeded. A building's override beats the global value, which beats the default.

CREATE TABLE flag_values (
  flag text PRIMARY KEY,
  value boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE flag_building_overrides (
  flag text NOT NULL,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  value boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (flag, building_id)
);

-- Every change, newest last: the highest version is the flags' version, which clients compare to know they are
-- stale, and which other server instances on the same Postgres poll to hear of changes made elsewhere.
CREATE TABLE flag_changes (
  version serial PRIMARY KEY,
  flag text NOT NULL,
  building_uuid uuid,
  value boolean,
  source text NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
