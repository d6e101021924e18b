-- Building content (categories, contents, event posts, offers, posts), RSVPs and claims, utility buttons, amenities
-- and the company directory. Texts shown to people are kept per language in *_translations tables.

-- A content category: v1 groups (spotlight, discover) and v2 category types (AudienceContent, SecondaryContent).
CREATE TABLE content_categories (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  category_group text NOT NULL CHECK (category_group IN ('spotlight', 'discover')),
  category_type text NOT NULL DEFAULT 'AudienceContent' CHECK (category_type IN ('AudienceContent', 'SecondaryContent')),
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE content_category_translations (
  category_id integer NOT NULL REFERENCES content_categories(id) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (category_id, language)
);

CREATE TABLE contents (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  category_id integer REFERENCES content_categories(id) ON DELETE SET NULL,
  type text NOT NULL CHECK (type IN ('event_post', 'offer', 'post', 'article', 'announcement')),
  image_url text,
  display_start_at timestamptz,
  display_end_at timestamptz,
  display_calendar_icon boolean NOT NULL DEFAULT false,
  promoted boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  host_company_name text,
  formatted_address text,
  virtual_url text,
  cta_type text CHECK (cta_type IN ('EXTERNAL_URL', 'DEEP_LINK', 'NATIVE_LINK', 'INTERNAL_LINK', 'MICRO_FRONTEND', 'CLAIM')),
  cta_url text,
  cta_display_start_at timestamptz,
  cta_display_end_at timestamptz,
  attachable_amenity_uuid uuid,
  attachable_company_uuid uuid,
  attachable_content_uuid uuid,
  attachable_survey_type text,
  attachable_service_uuid uuid,
  attachable_service_provider_uuid uuid,
  attach_secondary_content boolean NOT NULL DEFAULT false,
  tags text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX contents_building ON contents (building_id, category_id);

CREATE TABLE content_translations (
  content_id integer NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  language text NOT NULL,
  title text NOT NULL,
  subtitle text,
  description_title text,
  description text,
  rich_description text,
  message text,
  image_alt_text text,
  host_custom_text text,
  directions text,
  virtual_text text,
  virtual_directions text,
  cta_label text,
  cta_label_at_capacity text,
  PRIMARY KEY (content_id, language)
);

-- An event post's schedule, price and capacity (null capacity: unlimited). A cta_url sends the RSVP elsewhere.
CREATE TABLE event_details (
  content_id integer PRIMARY KEY REFERENCES contents(id) ON DELETE CASCADE,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  timezone text NOT NULL,
  price numeric(10, 2),
  currency_type text,
  capacity integer CHECK (capacity IS NULL OR capacity >= 0),
  is_virtual boolean NOT NULL DEFAULT false,
  cta_url text,
  street_number text,
  route text,
  locality text,
  administrative_area_1 text,
  postal_code text,
  latitude double precision,
  longitude double precision,
  place_id text
);

-- An offer's limits and who may claim it: everyone, or the people of one company.
CREATE TABLE offers (
  content_id integer PRIMARY KEY REFERENCES contents(id) ON DELETE CASCADE,
  max_claims_per_user integer NOT NULL DEFAULT 1 CHECK (max_claims_per_user >= 1),
  max_claims_total integer CHECK (max_claims_total IS NULL OR max_claims_total >= 0),
  eligibility text NOT NULL DEFAULT 'everyone' CHECK (eligibility IN ('everyone', 'company')),
  eligible_company_id integer REFERENCES companies(id) ON DELETE SET NULL
);

CREATE TABLE rsvps (
  id serial PRIMARY KEY,
  content_id integer NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (content_id, user_id)
);

CREATE TABLE claims (
  id serial PRIMARY KEY,
  content_id integer NOT NULL REFERENCES contents(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (content_id, user_id)
);

CREATE TABLE utility_buttons (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('NATIVE', 'MICROFRONTEND', 'WEBVIEW', 'NATIVELINK')),
  utility_name text,
  name text NOT NULL,
  text text NOT NULL,
  url text,
  route text,
  web_image text,
  "order" integer NOT NULL DEFAULT 0,
  company_types text,
  sign_in_required boolean NOT NULL DEFAULT false,
  mobile_only boolean NOT NULL DEFAULT false,
  excluded boolean NOT NULL DEFAULT false
);

CREATE TABLE amenity_categories (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  building_id integer NOT NULL REFERENCES buildings(id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE amenity_category_translations (
  category_id integer NOT NULL REFERENCES amenity_categories(id) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  PRIMARY KEY (category_id, language)
);

CREATE TABLE amenities (
  id serial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  category_id integer NOT NULL REFERENCES amenity_categories(id) ON DELETE CASCADE,
  image_url text,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE amenity_translations (
  amenity_id integer NOT NULL REFERENCES amenities(id) ON DELETE CASCADE,
  language text NOT NULL,
  name text NOT NULL,
  description text,
  image_alt_text text,
  PRIMARY KEY (amenity_id, language)
);

-- The company directory: a company listed in one building, or in every building of its portfolio.
-- Companies without a company_type (tenants' employers, portfolio owners) are not listed.
ALTER TABLE companies ADD COLUMN building_id integer REFERENCES buildings(id) ON DELETE CASCADE;
ALTER TABLE companies ADD COLUMN company_type text;
ALTER TABLE companies ADD COLUMN logo_url text;
ALTER TABLE companies ADD COLUMN url text;
ALTER TABLE companies ADD COLUMN description text;
ALTER TABLE companies ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX companies_directory ON companies (building_id, company_type);
