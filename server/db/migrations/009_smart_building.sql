-- Smart suites (issue 12, content document sections 3, 4 and 7): a building's floors and their suites, with the state
-- of each suite's equipment kept here so a change survives a reload. Temperatures are kept in °F (the specification's
-- limits are 65 to 75 °F); a suite shows them in its own unit. A null lighting means the suite has no lighting
-- control (the API answers `false`, as the specification's boolean lighting says).
CREATE TABLE smart_floors (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  nav_name text NOT NULL,
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX smart_floors_building ON smart_floors (building_id, position);

CREATE TABLE smart_suites (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  floor_id integer NOT NULL REFERENCES smart_floors(id) ON DELETE CASCADE,
  nav_name text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  temp_f numeric(4, 1) NOT NULL DEFAULT 71 CHECK (temp_f BETWEEN 65 AND 75),
  temp_unit text NOT NULL DEFAULT 'F' CHECK (temp_unit IN ('F', 'C')),
  temp_equipment_name text NOT NULL,
  lighting smallint CHECK (lighting BETWEEN 0 AND 100),
  equipment_available boolean NOT NULL DEFAULT true,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX smart_suites_floor ON smart_suites (floor_id, position);
