-- The notification centre (issue 26; decision NEXT-notification-centre): what happened to a person in a building, and
-- which kinds of it they want to hear of (in the app and by mail).

-- One row per thing that happened to a person. The app writes the words in the person's language from `kind` and
-- `params` (names, a status), so nothing here is in one language; `link` is the app path of what it is about.
-- Unseen, then seen (the list was shown), then read (opened, or all marked read).
CREATE TABLE notifications (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('booking_requested', 'booking_approved', 'booking_denied', 'booking_cancelled',
    'service_request_status', 'visitor_arrived', 'announcement')),
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  link text CHECK (link IS NULL OR (link LIKE '/%' AND length(link) <= 500)),
  created_at timestamptz NOT NULL DEFAULT now(),
  seen_at timestamptz,
  read_at timestamptz,
  CHECK (read_at IS NULL OR seen_at IS NOT NULL)
);
CREATE INDEX notifications_person_building ON notifications (user_id, building_id, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id, building_id) WHERE read_at IS NULL;

-- A kind a person turned off (no row: on). Off means no notification and no mail of that kind.
CREATE TABLE notification_preferences (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('booking_requested', 'booking_approved', 'booking_denied', 'booking_cancelled',
    'service_request_status', 'visitor_arrived', 'announcement')),
  enabled boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);
