-- Brands, portfolios, buildings, domains, users and everything sign-in needs.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE brands (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  config_uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  identifier text NOT NULL UNIQUE,
  name text NOT NULL,
  primary_color text NOT NULL,
  secondary_color text NOT NULL,
  logo_url text,
  language text NOT NULL DEFAULT 'en',
  help_desk_email text NOT NULL,
  is_avatar_visible boolean NOT NULL DEFAULT true,
  is_default boolean NOT NULL DEFAULT false
);

CREATE TABLE brand_hosts (
  host text PRIMARY KEY,
  brand_id integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE
);

CREATE TABLE portfolios (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL,
  logo_url text,
  brand_id integer NOT NULL REFERENCES brands(id)
);

CREATE TABLE companies (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL,
  portfolio_id integer REFERENCES portfolios(id)
);

CREATE TABLE buildings (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  asset_uuid uuid NOT NULL DEFAULT gen_random_uuid(),
  name text NOT NULL,
  image_url text,
  address_1 text NOT NULL,
  timezone text NOT NULL,
  locale text NOT NULL DEFAULT 'en-US',
  portfolio_id integer NOT NULL REFERENCES portfolios(id),
  portfolio_company_id integer REFERENCES companies(id),
  secondary_content_name text,
  is_guest boolean NOT NULL DEFAULT false
);

CREATE TABLE building_languages (
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  priority integer NOT NULL,
  PRIMARY KEY (building_id, code)
);

CREATE TABLE building_themes (
  building_id integer PRIMARY KEY REFERENCES buildings(id) ON DELETE CASCADE,
  primary_color text NOT NULL,
  secondary_color text NOT NULL,
  primary_font_color text NOT NULL,
  font text NOT NULL,
  home_header_image_url text,
  building_logo_url text,
  display_portfolio_logo boolean NOT NULL DEFAULT false
);

-- A work email domain, how it signs in, and the buildings it belongs to.
CREATE TABLE email_domains (
  domain text PRIMARY KEY,
  sso_mode text NOT NULL DEFAULT 'none' CHECK (sso_mode IN ('none', 'required', 'optional')),
  company_id integer REFERENCES companies(id)
);

CREATE TABLE domain_buildings (
  domain text NOT NULL REFERENCES email_domains(domain) ON DELETE CASCADE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  PRIMARY KEY (domain, building_id)
);

CREATE TABLE sso_providers (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  domain text NOT NULL REFERENCES email_domains(domain) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('oidc', 'saml')),
  name text NOT NULL,
  issuer text,
  client_id text,
  client_secret text,
  single_signon_service text
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  password_hash text,
  avatar_url text,
  default_building_id integer REFERENCES buildings(id) ON DELETE SET NULL,
  company_id integer REFERENCES companies(id),
  locale text NOT NULL DEFAULT 'en-US',
  confirmed boolean NOT NULL DEFAULT false,
  email_accepted boolean NOT NULL DEFAULT false,
  terms_accepted boolean NOT NULL DEFAULT false,
  admin boolean NOT NULL DEFAULT false,
  hqo boolean NOT NULL DEFAULT false,
  signup_app_brand text,
  deactivated boolean NOT NULL DEFAULT false,
  created_by text NOT NULL DEFAULT 'user' CHECK (created_by IN ('user', 'sso', 'scim', 'upload', 'acs')),
  user_type_id integer NOT NULL DEFAULT 1,
  token_version integer NOT NULL DEFAULT 3,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  PRIMARY KEY (user_id, name)
);

CREATE TABLE user_buildings (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, building_id)
);

CREATE TABLE user_permissions (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  permission text NOT NULL,
  PRIMARY KEY (user_id, building_id, permission)
);

CREATE TABLE password_history (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One family per sign-in; each refresh rotates the token inside the family.
CREATE TABLE token_families (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_reason text
);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id uuid NOT NULL REFERENCES token_families(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE verification_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('signup', 'reset')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  consumed_at timestamptz,
  replaced_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX verification_codes_user ON verification_codes (user_id, purpose);

CREATE TABLE sso_transactions (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  domain text NOT NULL,
  email text,
  provider_id integer REFERENCES sso_providers(id) ON DELETE CASCADE,
  nonce text,
  code_verifier text,
  redirect_uri text,
  verified_email text,
  verified_first_name text,
  verified_last_name text,
  subject text,
  created_at timestamptz NOT NULL,
  completed_at timestamptz
);

CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE dev_mail (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX dev_mail_to ON dev_mail (to_address, id);

CREATE TABLE farms (
  uuid uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  description text NOT NULL,
  url text NOT NULL
);
