-- Page views and events the app records.
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  event text NOT NULL,
  properties jsonb NOT NULL DEFAULT '{}',
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  client_time timestamptz,
  received_at timestamptz NOT NULL DEFAULT now()
);
