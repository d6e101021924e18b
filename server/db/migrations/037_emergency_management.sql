-- Emergency management (issue 24; decision 192): a building's emergency contacts and procedures,
-- each written in one of the building's languages (a row per language, as an operator writes them).
CREATE TABLE emergency_contacts (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  language text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  name text NOT NULL,
  phone text NOT NULL,
  hours text
);
CREATE INDEX emergency_contacts_building ON emergency_contacts (building_id, language, position);

CREATE TABLE emergency_procedures (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL DEFAULT gen_random_uuid() UNIQUE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  language text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  title text NOT NULL,
  steps text[] NOT NULL
);
CREATE INDEX emergency_procedures_building ON emergency_procedures (building_id, language, position);
