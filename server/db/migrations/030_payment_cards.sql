-- Payment cards (issue 12, content document sections 3, 5, 7 and 8; decisions 120 to 122). The vault keeps what a
-- stored card may be shown and used by: an opaque token, the brand, the last four digits, the expiry, the names and
-- the country. Never the number, never the security code, not even a hash of the number (sixteen digits with a known
-- brand prefix and last four are quickly guessed from a hash).
CREATE TABLE payment_cards (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  payment_token text NOT NULL UNIQUE,
  card_brand text NOT NULL,
  card_last_four text NOT NULL CHECK (card_last_four ~ '^[0-9]{4}$'),
  exp_month integer NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year integer NOT NULL CHECK (exp_year BETWEEN 2000 AND 2100),
  first_name text NOT NULL,
  last_name text NOT NULL,
  country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_cards_user ON payment_cards (user_id, created_at);

-- A card-frame session: the one-time permission the signed-in app asks for just before the card frame posts a card
-- to the vault (the frame has no bearer of its own). Only a hash of it is kept; it lives minutes, is spent by the
-- card it stores, and is burnt after a few refused attempts.
CREATE TABLE payment_card_sessions (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  failures integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_card_sessions_user ON payment_card_sessions (user_id, created_at);
