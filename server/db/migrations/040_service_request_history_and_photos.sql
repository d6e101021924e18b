-- Service requests' status history and photos (issue 26; decisions NEXT-service-request-photos and
-- NEXT-service-request-submit).

-- Each status a request has had: the one it was filed with, then every change, with when and by whom. "By whom" is
-- the person who filed it (they may cancel it) or the building's team, with the name of the vendor or staff member
-- who made the change when one was given, and the note they left for the tenant.
CREATE TABLE service_request_status_history (
  id serial PRIMARY KEY,
  request_id integer NOT NULL REFERENCES service_requests(id) ON DELETE CASCADE,
  status text NOT NULL
    CHECK (status IN ('Pending', 'Submitted', 'Denied_Available', 'Denied_Unavailable', 'Denied', 'Accepted', 'Canceled')),
  changed_at timestamptz NOT NULL,
  changed_by text NOT NULL CHECK (changed_by IN ('requester', 'building_team')),
  by_name text CHECK (by_name IS NULL OR length(by_name) BETWEEN 1 AND 120),
  note text CHECK (note IS NULL OR length(note) BETWEEN 1 AND 1000)
);
CREATE INDEX service_request_status_history_request ON service_request_status_history (request_id, changed_at, id);

-- The requests stored before: their filing, then their present status when it is another (a cancel is the tenant's,
-- any other change the building team's, at the request's last update).
INSERT INTO service_request_status_history (request_id, status, changed_at, changed_by)
  SELECT id, 'Submitted', created_at, 'requester' FROM service_requests;
INSERT INTO service_request_status_history (request_id, status, changed_at, changed_by)
  SELECT id, status, updated_at, CASE WHEN status = 'Canceled' THEN 'requester' ELSE 'building_team' END
    FROM service_requests WHERE status <> 'Submitted';

-- The photos attached to a request when it was filed. As the help desk's files (migration 034): the bytes are a file
-- in the attachment folder named by `storage_key`; the type is the one found in the content, never the client's.
CREATE TABLE service_request_photos (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  request_id integer NOT NULL REFERENCES service_requests(id) ON DELETE CASCADE,
  position integer NOT NULL,
  filename text NOT NULL,
  mime_type text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif')),
  size integer NOT NULL CHECK (size > 0),
  storage_key text NOT NULL UNIQUE,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  UNIQUE (request_id, position)
);
