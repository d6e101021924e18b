-- Bookable resources and the booking flow (issue 26; decision NEXT-booking-resources-and-availability). A resource
-- of migration 010 gets what a person needs to choose it (kind, capacity, equipment, floor and zone, a description,
-- the amenity it is) and the rules of its bookings: opening hours per weekday in the building's time zone
-- (buildings.timezone), a slot grid (null: any whole minute), the shortest and longest booking, a buffer kept free
-- after each booking, how many days ahead it can be booked, and the questions it asks (answered into form_responses).
ALTER TABLE resources ADD COLUMN kind text NOT NULL DEFAULT 'room' CHECK (kind IN ('room', 'desk', 'amenity'));
ALTER TABLE resources ADD COLUMN description text;
ALTER TABLE resources ADD COLUMN capacity integer CHECK (capacity IS NULL OR capacity BETWEEN 1 AND 100000);
ALTER TABLE resources ADD COLUMN equipment text[] NOT NULL DEFAULT '{}';
ALTER TABLE resources ADD COLUMN floor text;
ALTER TABLE resources ADD COLUMN zone text;
-- [{"day": "monday", "open": "08:00", "close": "18:00"}, ...]: local wall-clock times, several windows a day allowed.
ALTER TABLE resources ADD COLUMN opening_hours jsonb NOT NULL DEFAULT '[{"day":"monday","open":"08:00","close":"18:00"},{"day":"tuesday","open":"08:00","close":"18:00"},{"day":"wednesday","open":"08:00","close":"18:00"},{"day":"thursday","open":"08:00","close":"18:00"},{"day":"friday","open":"08:00","close":"18:00"}]';
ALTER TABLE resources ADD COLUMN slot_minutes integer DEFAULT 30 CHECK (slot_minutes IS NULL OR slot_minutes BETWEEN 5 AND 1440);
ALTER TABLE resources ADD COLUMN min_minutes integer NOT NULL DEFAULT 30 CHECK (min_minutes >= 1);
ALTER TABLE resources ADD COLUMN max_minutes integer NOT NULL DEFAULT 240 CHECK (max_minutes <= 10080);
ALTER TABLE resources ADD COLUMN buffer_minutes integer NOT NULL DEFAULT 0 CHECK (buffer_minutes BETWEEN 0 AND 1440);
ALTER TABLE resources ADD COLUMN horizon_days integer NOT NULL DEFAULT 30 CHECK (horizon_days BETWEEN 0 AND 366);
-- [{"id": "projector", "label": "Will you need the projector?", "type": "yes_no" | "text" | "number", "required": true,
--   "max_length"?: 500, "min"?: 1, "max"?: 8}, ...]
ALTER TABLE resources ADD COLUMN questions jsonb NOT NULL DEFAULT '[]';
ALTER TABLE resources ADD COLUMN amenity_id integer REFERENCES amenities(id) ON DELETE SET NULL;
ALTER TABLE resources ADD CONSTRAINT resources_durations CHECK (min_minutes <= max_minutes);
CREATE INDEX resources_amenity ON resources (amenity_id) WHERE amenity_id IS NOT NULL;

-- A booking holds its resource from its start to its end plus the buffer the resource had when it was made.
ALTER TABLE resource_bookings ADD COLUMN blocked_until timestamptz;
UPDATE resource_bookings SET blocked_until = end_at;
ALTER TABLE resource_bookings ALTER COLUMN blocked_until SET NOT NULL;
ALTER TABLE resource_bookings ADD CONSTRAINT resource_bookings_blocked_after_end CHECK (blocked_until >= end_at);

-- A retried create (the same Idempotency-Key of the same person) answers the booking it made instead of a second one.
ALTER TABLE resource_bookings ADD COLUMN idempotency_key text;
CREATE UNIQUE INDEX resource_bookings_idempotency ON resource_bookings (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX resource_bookings_resource ON resource_bookings (resource_id, start_at);

-- Demo data seeded before this gave several people the same times on one resource. Of bookings that overlap, the
-- first made keeps the time and the later ones are marked denied (unavailable), as the manager would have.
UPDATE resource_bookings b SET status = 'denied_unavailable', updated_at = now()
 WHERE b.status IN ('pending', 'pending_payment', 'confirmed', 'accepted')
   AND EXISTS (SELECT 1 FROM resource_bookings o
                WHERE o.resource_id = b.resource_id AND o.id < b.id AND o.status IN ('pending', 'pending_payment', 'confirmed', 'accepted')
                  AND o.start_at < b.blocked_until AND b.start_at < o.blocked_until);

-- No two bookings that hold a resource overlap, buffers included: the database refuses the second of two that race,
-- whichever server instance or connection made them. The resource id as a one-value range lets the core GiST range
-- operators do the job of btree_gist's equality (no extension, the same on PGlite and on a Postgres server).
ALTER TABLE resource_bookings ADD CONSTRAINT resource_bookings_no_overlap EXCLUDE USING gist (
  int4range(resource_id, resource_id, '[]') WITH &&,
  tstzrange(start_at, blocked_until) WITH &&
) WHERE (status IN ('pending', 'pending_payment', 'confirmed', 'accepted'));
