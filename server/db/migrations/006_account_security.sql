-- Accounts that cannot be taken over (decision 033): guessing limits, sign-ups that only the mailbox owner can
-- finish, and the mini-apps that may receive a person's token.

-- Failed tries per subject (an address, an account and code purpose, a mailbox): a few free, then a lock that grows.
CREATE TABLE auth_throttle (
  kind text NOT NULL,
  subject text NOT NULL,
  failures integer NOT NULL DEFAULT 0,
  last_at timestamptz NOT NULL,
  locked_until timestamptz,
  PRIMARY KEY (kind, subject)
);

-- What a sign-up asked for (names, building, consent). Applied when the mailed code is entered, with the password
-- given then, so a sign-up somebody else started for an address never decides that account's password or names.
CREATE TABLE signup_requests (
  user_id integer PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  first_name text NOT NULL,
  last_name text NOT NULL,
  building_id integer REFERENCES buildings(id) ON DELETE SET NULL,
  email_accepted boolean NOT NULL DEFAULT false,
  user_type_id integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A password set before the mailbox was proven is not one the owner chose.
UPDATE users SET password_hash = NULL WHERE NOT confirmed;

-- Mini-apps and surveys that receive the person's parameters (their token among them): a link gets them only when it
-- starts with one of these. A base URL without a host is on the app's own origin.
CREATE TABLE mini_apps (
  id serial PRIMARY KEY,
  name text NOT NULL,
  base_url text NOT NULL UNIQUE
);
