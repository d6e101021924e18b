-- Resource bookings and the transaction history (issue 12, content document sections 3, 4, 7 and 9; decisions 054
-- and 055). A resource is something bookable (a room, a desk, an amenity) of an owner; today the only owner type is
-- 'building'. Its manager is mailed when a booking request is pending: the resource's manager_email, else the
-- building's.
ALTER TABLE buildings ADD COLUMN manager_email text;

CREATE TABLE resources (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  owner_type text NOT NULL DEFAULT 'building' CHECK (owner_type IN ('building')),
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  name text NOT NULL,
  image_url text,
  manager_email text,
  requires_approval boolean NOT NULL DEFAULT true,
  cancellation_window_end_minutes integer NOT NULL DEFAULT 60 CHECK (cancellation_window_end_minutes >= 0),
  cancellation_description text,
  price numeric(10, 2) NOT NULL DEFAULT 0 CHECK (price >= 0),
  currency_type text NOT NULL DEFAULT 'USD'
);
CREATE INDEX resources_building ON resources (building_id);

-- A booking keeps its status in the specification's first vocabulary (nine values); the receipt's vocabulary (five
-- values) is derived from it when answering (decision 054). The cancellation window and description are copied from
-- the resource when the booking is made, so a later change of the resource's rules does not change a booking's terms.
CREATE TABLE resource_bookings (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  resource_id integer NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('pending', 'pending_payment', 'confirmed', 'cancelled_user', 'cancelled_vendor',
    'denied_unavailable', 'denied_available', 'accepted', 'cancelled')),
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL CHECK (end_at > start_at),
  form_responses jsonb NOT NULL DEFAULT '[]',
  cancellation_window_end_minutes integer NOT NULL CHECK (cancellation_window_end_minutes >= 0),
  cancellation_description text,
  total_price numeric(10, 2) NOT NULL DEFAULT 0,
  currency_type text NOT NULL DEFAULT 'USD',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX resource_bookings_user ON resource_bookings (user_id, start_at);

-- Booked services (a cleaning, a car wash) as the history shows them; demo data only, no call makes them. Prices are
-- in cents, as the specification's history divides them by 100.
CREATE TABLE service_bookings (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  provider_name text NOT NULL,
  logo_url text,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  currency_type text NOT NULL DEFAULT 'USD',
  status text NOT NULL CHECK (status IN ('Pending', 'Submitted', 'Accepted', 'Denied', 'Denied_Available', 'Denied_Unavailable', 'Canceled')),
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL CHECK (end_at > start_at),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX service_bookings_user ON service_bookings (user_id, start_at);
